#!/usr/bin/env bash
# Installs everything the tests need (Python packages, LibreOffice when missing) and runs
# ruff, mypy --strict and the whole pytest suite, LibreOffice recalculation tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh test
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
if ! command -v soffice >/dev/null 2>&1; then
  echo "LibreOffice not found; installing libreoffice-calc-nogui" >&2
  { as_root apt-get update -qq && as_root apt-get install -y -qq --no-install-recommends \
      libreoffice-calc-nogui >/dev/null; } || echo "could not install LibreOffice" >&2
fi
if [ -n "${CI:-}" ]; then
  # In CI the recalculation tests must run: a missing LibreOffice fails the run.
  command -v soffice >/dev/null 2>&1 || { echo "LibreOffice is required when CI is set" >&2; exit 1; }
  export XLBRIDGE_REQUIRE_LIBREOFFICE=1
fi
echo "== ruff"
.venv/bin/ruff check xlbridge tests bench examples
echo "== mypy --strict xlbridge"
.venv/bin/mypy --strict xlbridge
echo "== pytest"
.venv/bin/python -m pytest "$@"
