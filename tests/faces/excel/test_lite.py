"""xlwings Lite: ``xlbridge addin lite`` writes the functions, and they compute in Pyodide.

Every case below runs twice: in classic xlwings' convention (an empty cell is None, numbers are
floats; the functions of xlbridge.excel.udf called directly) and in Lite's (an empty cell is 0,
whole numbers are ints, a left-out argument is None and takes the Python default; the main.py
that ``addin lite`` writes, under a stand-in for Lite's decorators). Both must give the same
published value. The stand-in is needed because xlwings cannot be installed offline in Pyodide;
it does what xlwings.pro.udfs_officejs does with ``func``/``arg`` and with a call, in little.

The Pyodide test loads exactly the folder ``addin lite`` wrote into Pyodide (the npm package
``pyodide`` under Node, offline, nothing else installed) and runs every case there.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.shared import REPO, needs_program, needs_tool, run_cli
from xlbridge.excel import lite, udf

BLANK = "<blank>"  # an empty cell: None in classic xlwings, 0 in xlwings Lite
OMIT = "<omitted>"  # an argument left out of the formula


def col(*values: Any) -> list[list[Any]]:
    return [[v] for v in values]


# Seed 002, Figure 2-2 (a chukker, East dealing first) and Figure 1-2 (a rubber), rules.md §2.
CHUKKER = [col("3S", "6D", "3NT", "2S"), col("E", "S", "N", "E"), col(10, 13, 9, 9)]
RUBBER = [col("2S", "6D", "2HXX", "3NT"), col("N", "E", "S", "W"), col(9, 12, 8, 9)]

CASES: list[tuple[str, list[Any], Any]] = [
    # Law 77 (rules.md §1): 4S making 10 tricks, not vulnerable, 420; passed out, 0
    ("BRIDGE_SCORE", ["4S", "N", 10, "None"], 420),
    ("BRIDGE_SCORE", ["PASS", BLANK, BLANK, 1], 0),
    # a traveller: a blank row stays blank, never a passed-out board's 0
    ("BRIDGE_SCORE", [col("4S", BLANK, "PASS"), col("N", BLANK, BLANK), col(10, BLANK, BLANK), 1],
     col(420, "", 0)),
    ("BRIDGE_SCORE", [BLANK, BLANK, BLANK, BLANK], ""),
    ("BRIDGE_SCORE", [BLANK, BLANK, BLANK, 1], ""),
    # a result not yet entered is not 0 tricks; 0 tricks is the text 0: down 10, 500 (Law 77)
    ("BRIDGE_SCORE", ["4S", "N", BLANK, "None"], "BRIDGE_SCORE: result missing for 4S by N"),
    ("BRIDGE_SCORE", ["4S", "N", "0", "None"], -500),
    # ACBL matchpoints, 1 a score beaten, 1/2 a tie (rules.md §3); ="" is a board not played
    ("BRIDGE_MP", [420, col(420, 450, 170)], 1),
    ("BRIDGE_MP", [420, col(420, 450, 170), BLANK], 1),
    ("BRIDGE_MPS", [col(420, 450, "", 420, -50)], col(1.5, 3, "", 1.5, 0)),
    ("BRIDGE_MPS", [col(420, 450, 170), "ebu"], col(2, 4, 0)),
    ("BRIDGE_PCT", [420, col(420, 450, 170)], 50),
    # WBF IMP scale (rules.md §4): 420 is 9 IMPs, 450 (620-170) is 10
    ("BRIDGE_IMP", [420], 9),
    ("BRIDGE_IMP", [620, 170], 10),
    ("BRIDGE_IMP", [col(620, -50), col(170, 100)], col(10, -4)),
    # cross-IMPs, Butler against the datum (README's table, rules.md §4)
    ("BRIDGE_XIMP", [col(450, 420, 420, 170, -50)], col(5, 3.75, 3.75, -3.25, -9.25)),
    ("BRIDGE_XIMP", [col(450, 420, 420, 170, -50), BLANK], col(5, 3.75, 3.75, -3.25, -9.25)),
    ("BRIDGE_BUTLER", [col(420, 420, 450, 170, -50)], col(2, 2, 3, -5, -9)),
    ("BRIDGE_DATUM", [col(420, 420, 450, 170, -50)], 340),
    # WBF 2013 continuous VP scale (rules.md §5): 14 IMPs in 16 boards
    ("BRIDGE_VP", [14, 16], [[13.75, 6.25]]),
    ("BRIDGE_VP", [14, 16, BLANK], [[13.75, 6.25]]),
    # board 7: both vulnerable, South deals (rules.md §7); a blank board is blank
    ("BRIDGE_VUL", [7], "All"),
    ("BRIDGE_VUL", [col(1, BLANK, 7)], col("None", "", "All")),
    ("BRIDGE_DEALER", [7], "S"),
    ("BRIDGE_DEALER", [BLANK], ""),
    # Neuberg (rules.md §3): 18 of 10 results on the EBU scale, factored to 11 results
    ("BRIDGE_NEUBERG", [18, 10, 11, "ebu"], 19.9),
    # Chicago: deal 4 with East dealing first, 2S by E making 9: -190 (seed 002, Figure 2-2)
    ("BRIDGE_CHICAGO", ["2S", "E", 9, 4], -190),
    ("BRIDGE_CHICAGO", [*CHUKKER, OMIT, "E", OMIT, col(100, BLANK, BLANK, BLANK)],
     col(-220, 1390, 400, -190)),
    ("BRIDGE_CHICAGO", [col("3S", BLANK, "6D", "3NT", "2S"), col("E", BLANK, "S", "N", "E"),
                        col(10, BLANK, 13, 9, 9), OMIT, "E", BLANK,
                        col(100, BLANK, BLANK, BLANK, BLANK)],
     col(-220, "", 1390, 400, -190)),
    # Rubber: THEY win by 690, -7 in hundreds (seed 002, Figure 1-2)
    ("BRIDGE_RUBBER", [*RUBBER, col(BLANK, BLANK, 100, BLANK)], -690),
    ("BRIDGE_RUBBER", [*RUBBER, col(BLANK, BLANK, 100, BLANK), BLANK, "up"], -7),
    # win/loss with the 3/4 rule (seed 002 chapter 5, rules.md §6); a blank flag is the default
    ("BRIDGE_WL", [2], [[0.75, 0.25]]),
    ("BRIDGE_WL", [2, BLANK], [[0.75, 0.25]]),
    ("BRIDGE_WL", [2, False], [[1, 0]]),
    ("BRIDGE_WL", [-7], [[0, 1]]),
    # board-a-match (seed 002 chapter 14, rules.md §6)
    ("BRIDGE_BAM", [420, 400], 1),
    ("BRIDGE_BAM", [420, 420], 0.5),
    ("BRIDGE_BAM", [-50, 100], 0),
    # EBU club masterpoints (rules.md §9a): 11 pairs a direction, 22 boards; an empty row (0)
    ("BRIDGE_MP_AWARD", [col(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), 22],
     col(40, 30, 20, 10, 0, 0, 0, 0, 0, 0, 0)),
    ("BRIDGE_MP_AWARD", [col(1, 2, BLANK, "3=", "3="), 22, BLANK], col(20, 10, "", 0, 0)),
]  # fmt: skip


# A stand-in for xlwings Lite's decorators and its call (xlwings.pro.udfs_officejs): arg()
# refuses a name the function does not have; a call gives a left-out argument (None) the
# Python default, reads a 1x1 range as its cell, and gives an ndim=2 argument a list of lists.
STUB = '''
import inspect


def func(f=None, **options):
    def inner(f):
        if not hasattr(f, "__xlfunc__"):
            names = inspect.signature(f).parameters
            f.__xlfunc__ = {"name": f.__name__, "args": {n: {} for n in names}, "options": {}}
        f.__xlfunc__["options"].update(options)
        return f

    return inner if f is None else inner(f)


def arg(name, convert=None, **options):
    def inner(f):
        func(f)
        if name not in f.__xlfunc__["args"]:
            raise Exception(f"Invalid argument name '{name}'.")
        f.__xlfunc__["args"][name].update(options)
        return f

    return inner


def ret(convert=None, **options):
    return func


def call(f, *cells):
    params = list(inspect.signature(f).parameters.values())
    cells = list(cells) + [None] * (len(params) - len(cells))
    args = []
    for p, cell in zip(params, cells):
        if isinstance(cell, list) and len(cell) == 1 and isinstance(cell[0], list):
            if len(cell[0]) == 1:
                cell = cell[0][0]
        if cell is None:
            args.append(p.default)
        elif f.__xlfunc__["args"][p.name].get("ndim") == 2 and not isinstance(cell, list):
            args.append([[cell]])
        else:
            args.append(cell)
    return f(*args)
'''

RUN = '''
import json
import sys

sys.path[:0] = ["/work/stub", "/work/lite/personal", "/work/lite"]
import xlwings
import main
from xlbridge.excel import udf

cases = json.load(open("/work/cases.json"))
out = [xlwings.call(getattr(main, name), *args) for name, args in cases]
mods = [m for m in sys.modules if m == "xlbridge" or m.startswith("xlbridge.")]
result = json.dumps({
    "platform": sys.platform,
    "out": out,
    "registered": sorted(n for n in dir(main) if hasattr(getattr(main, n), "__xlfunc__")),
    "in_udf": sorted(n for n in dir(udf) if hasattr(getattr(udf, n), "__xlfunc__")),
    "files": sorted(sys.modules[m].__file__.removeprefix("/work/lite/personal/") for m in mods),
    "outside": sorted({m.split(".")[0] for m in sys.modules} - set(sys.stdlib_module_names)
                      - {"xlbridge", "xlwings", "main", "__main__", "_pyodide", "pyodide",
                         "_pyodide_core", "pyodide_js", "js"}),
})
'''


def _as(value: Any, convention: str) -> Any:
    """A case's cell in one convention: classic (None, floats) or Lite (0, ints)."""
    if isinstance(value, list):
        return [_as(v, convention) for v in value]
    if value == BLANK:
        return None if convention == "classic" else 0
    if value == OMIT:
        return None
    if convention == "classic" and type(value) is int:
        return float(value)
    return value


def _classic(name: str, args: list[Any]) -> Any:
    f = getattr(udf, name)
    params = list(inspect.signature(f).parameters.values())
    pairs = zip(params, args, strict=False)  # arguments left off the end take their defaults
    given = [p.default if a == OMIT else _as(a, "classic") for p, a in pairs]
    return f(*given)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lite") / "bridge-lite"
    code, printed, err = run_cli("addin", "lite", "-o", str(out))
    assert code == 0, err
    assert "no package to install" in printed
    return out


@pytest.fixture(scope="module")
def lite_main(folder: Path) -> Iterator[types.ModuleType]:
    """The written main.py in this Python, under the stand-in for Lite's decorators."""
    stub = types.ModuleType("xlwings")
    exec(STUB, stub.__dict__)
    saved = sys.modules.get("xlwings")
    sys.modules["xlwings"] = stub
    try:
        module = types.ModuleType("lite_main")
        exec(compile((folder / "main.py").read_text(), str(folder / "main.py"), "exec"),
             module.__dict__)
        yield module
    finally:
        sys.modules.pop("xlwings")
        if saved is not None:
            sys.modules["xlwings"] = saved


@pytest.mark.parametrize(("name", "args", "want"), CASES)
def test_classic_convention(name: str, args: list[Any], want: Any) -> None:
    assert _classic(name, args) == want


@pytest.mark.parametrize(("name", "args", "want"), CASES)
def test_lite_convention(
    lite_main: types.ModuleType, name: str, args: list[Any], want: Any
) -> None:
    call = lite_main.__dict__["_udf"]  # the one body: main.py calls xlbridge.excel.udf
    assert call is udf
    stub = sys.modules.get("xlwings")
    assert stub is not None
    assert stub.call(getattr(lite_main, name), *_as(args, "lite")) == want  # type: ignore[attr-defined]


def test_lite_zero_in_a_score_column_is_a_score(lite_main: types.ModuleType) -> None:
    # Lite cannot tell an empty score cell from a 0 (a passed-out board): 0 is a score, as the
    # README says; ="" (text "") is the board not played, in both conventions
    stub = sys.modules["xlwings"]
    mps = stub.call(lite_main.BRIDGE_MPS, col(420, 450, 0))  # type: ignore[attr-defined]
    assert mps == col(1, 2, 0)
    assert _classic("BRIDGE_MPS", [col(420, 450, BLANK)]) == col(0, 1)  # a trailing blank drops


def test_every_function_is_registered_with_lites_decorators(lite_main: types.ModuleType) -> None:
    found = {n: f for n, f in vars(lite_main).items() if hasattr(f, "__xlfunc__")}
    assert sorted(found) == sorted(udf.__all__)
    for name, f in found.items():
        body = getattr(udf, name)
        assert f.__doc__ == udf.tooltip(name)  # the tooltip, as classic xlwings shows it
        assert "\n" not in f.__doc__ and f"={name}(" in f.__doc__
        # each function's docstring says how it reads Lite's empty cells
        assert body.__doc__.endswith("\n\n" + udf.lite_note(udf.LITE_BLANKS[name]))
        for arg in udf.LITE_BLANKS[name]:
            assert f" {arg} " in body.__doc__.replace(",", " ")
        # the same arguments and defaults (a left-out argument takes the default in both)
        mine, theirs = inspect.signature(f).parameters, inspect.signature(body).parameters
        assert [(p.name, p.default) for p in mine.values()] == [
            (p.name, p.default) for p in theirs.values()
        ]
        for arg, options in f.__xlfunc__["args"].items():
            assert options == udf.ARGUMENTS[name].get(arg, {})
            assert options.get("doc")  # every argument is described
        assert set(udf.LITE_BLANKS[name]) <= set(f.__xlfunc__["args"])
    assert {n for n, blanks in udf.LITE_BLANKS.items() if blanks} >= {"BRIDGE_SCORE",
                                                                       "BRIDGE_CHICAGO",
                                                                       "BRIDGE_RUBBER"}


def test_written_modules_are_the_installed_ones(folder: Path) -> None:
    written = sorted(
        str(p.relative_to(folder / lite.PERSONAL).as_posix())
        for p in (folder / lite.PERSONAL).rglob("*.py")
    )
    assert written == list(lite.module_files())
    source = Path(udf.__file__).resolve().parent.parent
    for rel in written:
        assert (folder / lite.PERSONAL / rel).read_bytes() == (source.parent / rel).read_bytes()
    assert sorted(p.name for p in folder.iterdir()) == ["README.txt", "main.py", "personal"]
    steps = (folder / lite.README).read_text()
    for needed in ("Office 2021", "Microsoft 365", "Excel on the web", "Import/Export", "Restart",
                   "requirements.txt", "'0"):
        assert needed in steps


def test_refuses_a_folder_in_use_without_force(tmp_path: Path) -> None:
    out = tmp_path / "lite"
    out.mkdir()
    (out / "main.py").write_text("mine")
    code, _, err = run_cli("addin", "lite", "-o", str(out))
    assert code == 2 and "is not empty; use --force" in err
    assert (out / "main.py").read_text() == "mine"
    code, _, err = run_cli("addin", "lite", "-o", str(out), "--force")
    assert code == 0, err
    assert (out / "main.py").read_text() == lite.main_py()
    (tmp_path / "file").write_text("x")
    code, _, err = run_cli("addin", "lite", "-o", str(tmp_path / "file"), "--force")
    assert code == 2 and "is a file, not a folder" in err


def test_help_has_an_example() -> None:
    code, printed, _ = run_cli("addin", "lite", "--help")
    assert code == 0
    assert "Example: xlbridge addin lite -o" in printed
    assert "Office 2021" in printed


# ---- Pyodide -------------------------------------------------------------------------------

PYODIDE = "0.27.7"  # Python 3.12 in Pyodide: the oldest Python xlbridge runs on that Lite has had
PYODIDE_CACHE = REPO / ".cache" / f"pyodide-{PYODIDE}"


def _pyodide() -> tuple[str, Path]:
    """Node and the npm package pyodide (installed once into .cache/, ~14 MB), or skip/fail."""
    node = needs_program("node", "Node.js (node)")
    package = PYODIDE_CACHE / "node_modules" / "pyodide"
    if not (package / "pyodide.mjs").is_file():
        npm = needs_program("npm")
        PYODIDE_CACHE.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix",
             str(PYODIDE_CACHE), f"pyodide@{PYODIDE}"],
            capture_output=True, text=True, check=False, timeout=600,
        )  # fmt: skip
        if done.returncode != 0 or not (package / "pyodide.mjs").is_file():
            needs_tool(None, f"pyodide@{PYODIDE} from npm ({done.stderr.strip()[-300:]})")
    return node, package


def test_the_written_folder_runs_in_pyodide(folder: Path, tmp_path: Path) -> None:
    node, package = _pyodide()
    work = tmp_path / "work"
    (work / "stub").mkdir(parents=True)
    (work / "stub" / "xlwings.py").write_text(STUB)
    (work / "run.py").write_text(RUN)
    (work / "cases.json").write_text(json.dumps([[n, _as(a, "lite")] for n, a, _ in CASES]))
    # exactly what addin lite wrote, nothing else
    subprocess.run(["cp", "-r", str(folder), str(work / "lite")], check=True)
    done = subprocess.run(
        [node, str(Path(__file__).with_name("lite_pyodide.mjs")), str(package), str(work)],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["platform"] == "emscripten"
    for (name, args, want), out in zip(CASES, got["out"], strict=True):
        assert out == want, (name, args)
    assert got["registered"] == sorted(udf.__all__)
    assert got["in_udf"] == []  # registered once, by main.py: the bodies stay plain in Lite
    assert got["files"] == list(lite.module_files())  # every module written is used
    assert got["outside"] == []  # the standard library only
