"""Start-up (issue 15): a command imports xlwings, pandas or openpyxl only when it needs them.

Every command used to import xlwings (which pulls in pandas and matplotlib) and openpyxl before
doing anything, about 0.3-0.8 s. Each command here runs in a fresh interpreter, and the test
asserts which heavy modules it left in ``sys.modules``: an import check, not a timing (the
times are in ``bench/bench_startup.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("xlwings", "pandas", "openpyxl", "numpy", "matplotlib")

RUN = """
import json, sys
from xlbridge.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as done:  # --help
    status = done.code
heavy = sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))
print(json.dumps({"status": status, "heavy": heavy}), file=sys.stderr)
"""


def _heavy_after(*argv: str) -> tuple[int, list[str]]:
    code = f"HEAVY = {HEAVY!r}\n{RUN}"
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, check=False
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["status"], report["heavy"]


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "4S", "N", "10", "--vul", "None"),
        ("imps", "420"),
        ("vp", "14", "--boards", "16"),
        ("score", "--help"),
    ],
    ids=lambda a: " ".join(a),
)
def test_scoring_commands_import_nothing_heavy(argv: tuple[str, ...]) -> None:
    status, heavy = _heavy_after(*argv)
    assert status == 0
    assert heavy == []


@pytest.mark.skipif(sys.platform.startswith("win"), reason="Windows has Excel: status works")
@pytest.mark.parametrize("action", ["status", "install", "--help"])
def test_addin_commands_that_need_no_excel_import_nothing_heavy(action: str) -> None:
    # off Windows, install and status say "no Excel here" in one line: nothing to import for it
    status, heavy = _heavy_after("addin", action)
    assert status in (0, 2)
    assert heavy == []


def test_the_functions_module_imports_nothing_heavy_but_xlwings() -> None:
    # xlbridge.excel.udf registers with xlwings when it is installed, and needs nothing else
    code = (
        "import sys, json\n"
        "import xlbridge.excel.udf, xlbridge.excel.install, xlbridge.cli.addin\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules}"
        f" & {set(HEAVY) - {'xlwings'}!r})))\n"
        "import xlbridge.excel\n"
    )
    blocked = "import sys; sys.modules['xlwings'] = None\n"
    done = subprocess.run(
        [sys.executable, "-c", blocked + code], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
