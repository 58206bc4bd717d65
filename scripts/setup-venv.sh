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
# uv (from PyPI, into .venv) installs the same packages in seconds where pip takes about 40 s.
# It compiles no bytecode here (pip compiled every module it installed, about 20 CPU-s): Python
# writes it for the modules a process imports, the first time (scripts/test.sh makes sure it
# may). Where uv cannot be had or fails, pip installs as before.
if .venv/bin/python -m pip install -q --disable-pip-version-check "uv>=0.4,<1" >/dev/null 2>&1 \
   && .venv/bin/python -m uv pip install -q --python .venv/bin/python -e ".${extras}"; then
  exit 0
fi
echo "uv could not install; installing with pip" >&2
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras}"
