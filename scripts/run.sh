#!/usr/bin/env bash
# The main job: installs xlbridge into .venv and writes a sample session workbook (a seven-table
# Mitchell, 3 boards a round, seed 000's game), then says where it is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh deals   # the core and the deals extra (endplay): every command works
mkdir -p out
.venv/bin/xlbridge new mitchell --tables 7 --boards-per-round 3 --event "Sample club pairs" \
  --force -o out/sample-session.xlsx
echo "Wrote $(pwd)/out/sample-session.xlsx: open it in Excel, LibreOffice or Google Sheets."
echo "Run more commands with .venv/bin/xlbridge --help. To type plain 'xlbridge' (as the README"
echo "does), paste this line into your shell first:"
echo "  source $(pwd)/.venv/bin/activate"
