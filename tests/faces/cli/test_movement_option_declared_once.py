"""A pairs-movement option is declared in one place (issue 29: "a new pairs movement kind that
adds an option"): one field of :class:`~xlbridge.movements.options.MovementOptions` and a
keyword of the kind's generator, and nothing else.

The test does what a maintainer would: a copy of the package gets exactly those two edits (a
field ``fake_seating`` in ``movements/options.py``; ``mitchell`` taking it, in
``movements/mitchell.py``), and one fresh interpreter on the copy shows the option in
``movement --help``, ``new --help`` and ``rebuild --help``, on the Session sheet's ``Movement
options`` line of the workbook ``new`` writes, read back from it, replaced by ``rebuild``,
passed to the generator, and refused by name by a kind and a family that do not take it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import xlbridge

FIELD = '''
    fake_seating: str | None = _option(
        None, metavar="WORD", help="a fake option, added by a test"
    )  # fmt: skip
'''

# The kind's generator takes it (its module's own edit): "boom" is refused, so the test sees
# the value reach the generator.
GENERATOR = '''

_plain_mitchell = mitchell


def mitchell(  # type: ignore[no-redef]
    tables: int, boards_per_round: int = 2, rounds: int | None = None, even: str = "relay",
    arrow_switch: ArrowSwitch = "none", half_table: bool = False, fake_seating: str | None = None,
) -> Movement:
    if fake_seating == "boom":
        raise MovementError("mitchell: fake seating boom")
    return _plain_mitchell(tables, boards_per_round, rounds, even, arrow_switch, half_table)
'''

SCRIPT = r'''
import contextlib, io, json, sys
from xlbridge.cli import main
from xlbridge.families.duplicate.settings import read
from xlbridge.interchange.gate import load_workbook

def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as done:
            code = done.code
    return code, out.getvalue(), err.getvalue()

def session(path):
    s = read(load_workbook(path))
    ws = load_workbook(path)["Session"]
    line = next(r[1] for r in ws.iter_rows(values_only=True) if r[0] == "Movement options")
    return line, s.movement_options.fake_seating

got = {cmd + " --help": run(cmd, "--help")[1] for cmd in ("movement", "new", "rebuild")}
got["new"] = run("new", "mitchell", "--tables", "3", "--fake-seating", "north", "-o", "a.xlsx")
got["session"] = session("a.xlsx")
got["rebuild"] = run("rebuild", "a.xlsx", "--fake-seating", "south", "-o", "b.xlsx")
got["rebuilt"] = session("b.xlsx")
got["kept"] = run("rebuild", "b.xlsx", "--tables", "4", "-o", "c.xlsx")
got["kept_session"] = session("c.xlsx")
got["boom"] = run("movement", "mitchell", "--tables", "3", "--fake-seating", "boom")
got["howell"] = run("movement", "howell", "--tables", "3", "--fake-seating", "north")
run("new", "rainbow", "--tables", "5", "-o", "r.xlsx")
got["individual"] = run("rebuild", "r.xlsx", "--fake-seating", "north", "-o", "r2.xlsx")
print(json.dumps(got))
'''


def _copy_with_the_option(root: Path) -> Path:
    """The package copied under ``root`` with the option's two edits, and only those."""
    package = Path(xlbridge.__file__).parent
    copy = root / "xlbridge"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    options = copy / "movements" / "options.py"
    text = options.read_text(encoding="utf-8")
    anchor = "\n    @classmethod\n    def of("
    assert text.count(anchor) == 1
    options.write_text(text.replace(anchor, FIELD + anchor), encoding="utf-8")
    generator = copy / "movements" / "mitchell.py"
    generator.write_text(generator.read_text(encoding="utf-8") + GENERATOR, encoding="utf-8")
    return root


def test_an_option_added_to_the_declaration_reaches_every_face(tmp_path: Path) -> None:
    root = _copy_with_the_option(tmp_path / "tree")
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=work, env=env, capture_output=True,
                          text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    for command in ("movement", "new", "rebuild"):
        shown = got[f"{command} --help"]
        assert "--fake-seating WORD" in shown and "a fake option, added by a test" in shown
    assert got["new"][0] == 0, got["new"]
    assert got["session"] == ["--fake-seating north", "north"]
    assert got["rebuild"][0] == 0, got["rebuild"]
    assert got["rebuilt"] == ["--fake-seating south", "south"]
    # Not given: kept from the old workbook's Session sheet, as every recorded option is.
    assert got["kept"][0] == 0 and "kept from the old workbook" in got["kept"][1]
    assert got["kept_session"] == ["--fake-seating south", "south"]
    assert got["boom"][0] != 0 and "mitchell: fake seating boom" in got["boom"][2]
    assert got["howell"][0] != 0
    assert "howell: option --fake-seating does not apply to this kind" in got["howell"][2]
    assert got["individual"][0] != 0
    assert "--fake-seating is for pairs movements" in got["individual"][2]


def test_the_package_itself_has_no_such_option() -> None:
    """The edits above were made to a copy only."""
    from xlbridge.movements.options import option_specs

    assert "fake_seating" not in dict(option_specs())
