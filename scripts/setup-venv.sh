#!/usr/bin/env bash
# Creates .venv (installing Debian's python3-venv first when it is missing and we can) and
# installs xlbridge into it with the extras given as arguments, e.g. `setup-venv.sh test`.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
if [ ! -x .venv/bin/python ]; then
  if ! "$PY" -m venv .venv >/dev/null 2>&1; then
    rm -rf .venv
    echo "python3 -m venv failed; installing Debian's python3-venv" >&2
    as_root apt-get update -qq && as_root apt-get install -y -qq python3-venv >/dev/null
    "$PY" -m venv .venv
  fi
fi
extras=""
if [ $# -gt 0 ]; then extras="[$(IFS=,; echo "$*")]"; fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras}"
