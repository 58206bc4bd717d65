"""``xlbridge addin install|status|demo`` and the engine behind them (xlbridge/excel/).

CI runs on Linux, where Excel does not: install and status must say so in one line, exit 2.
The Windows steps are checked with the platform given as "win32" and the Excel/COM work
replaced by recording fakes; the demo workbook is written and read back for real.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import openpyxl
import pytest

from xlbridge.cli import main
from xlbridge.errors import WorkbookError
from xlbridge.excel import install as engine

# Found, not imported, at collection: importing xlwings (and so xlbridge.excel.udf and .demo)
# costs ~1.2 CPU-s (pandas, matplotlib) in every process that collects this module; the tests
# that need them import them through the `demo` and `functions` fixtures.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("xlwings") is None, reason="could not import 'xlwings'"
)

ON_WINDOWS = sys.platform.startswith("win")


@pytest.fixture(scope="module")
def demo() -> ModuleType:
    """``xlbridge.excel.demo`` (which imports xlwings), imported by the first test that needs it."""
    return importlib.import_module("xlbridge.excel.demo")


@pytest.fixture(scope="module")
def functions() -> list[str]:
    """The ``BRIDGE_*`` functions ``xlbridge.excel.udf`` exports (it imports xlwings)."""
    udf = importlib.import_module("xlbridge.excel.udf")
    return [name for name in udf.__all__ if name.startswith("BRIDGE_")]


# ---- no Excel here ------------------------------------------------------------------------


@pytest.mark.skipif(ON_WINDOWS, reason="checks the message where Excel does not run")
@pytest.mark.parametrize("action", ["install", "status"])
def test_no_excel_says_so_in_one_line(action: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["addin", action]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"xlbridge addin: error: Excel does not run on {sys.platform};")
    assert "xlwings Lite" in err


def test_mac_points_to_xlwings_lite() -> None:
    reason = engine.excel_unavailable_reason("darwin")
    assert reason is not None and "Windows only" in reason and "xlwings Lite" in reason
    assert engine.excel_unavailable_reason("win32") is None
    with pytest.raises(engine.ExcelUnavailable):
        engine.status(platform="darwin")


def test_help_has_examples_and_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    for action in ("install", "status", "demo"):
        with pytest.raises(SystemExit) as done:
            main(["addin", action, "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert f"Example: xlbridge addin {action}" in out
        assert "exit status: 0" in out
    assert main(["addin"]) == 2  # no action: the help, and a usage error status


# ---- xlwings.conf -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "modules"),
    [
        ("", "xlbridge.udf"),
        ('"UDF MODULES","mine"\n', "mine;xlbridge.udf"),
        ('"udf modules","mine;xlbridge.udf"\n', "mine;xlbridge.udf"),
        ('"INTERPRETER_WIN","C:/py.exe"\n\n"UDF Modules","a;b;"\n', "a;b;xlbridge.udf"),
    ],
)
def test_conf_gets_udf_modules(tmp_path: Path, before: str, modules: str) -> None:
    # xlwings' VBA reads the key "UDF MODULES" (any case) from ~/.xlwings/xlwings.conf
    conf = engine.conf_path(tmp_path)
    conf.parent.mkdir()
    conf.write_text(before, encoding="utf-8")
    engine._configure(conf, "C:/Python311/python.exe")
    settings = engine.read_conf(conf.read_text(encoding="utf-8"))
    assert settings["UDF MODULES"] == modules
    # an interpreter already set is kept; a missing one becomes this Python
    want = "C:/py.exe" if "INTERPRETER_WIN" in before else "C:/Python311/python.exe"
    assert settings["INTERPRETER_WIN"] == want
    assert list(tmp_path.joinpath(".xlwings").iterdir()) == [conf]  # no temporary files left


# ---- install and status, the Windows steps ------------------------------------------------


class FakeWindows:
    """Records the commands install() runs; builds a fake xlbridge.xlam."""

    def __init__(self, startup: Path, fail_build: bool = False) -> None:
        self.startup = startup
        self.fail_build = fail_build
        self.commands: list[list[str]] = []
        self.built: list[tuple[Path, Path]] = []

    def run(self, command: Sequence[str]) -> int:
        self.commands.append(list(command))
        source = Path(command[-1]) if "--file" in command else Path("xlwings.xlam")
        self.startup.mkdir(parents=True, exist_ok=True)
        (self.startup / source.name).write_bytes(b"add-in")
        return 0

    def build(self, standalone: Path, target: Path) -> None:
        if self.fail_build:
            raise RuntimeError("Programmatic access to Visual Basic Project is not trusted")
        book = openpyxl.load_workbook(standalone, keep_vba=True)
        assert book["xlwings.conf"]["A6"].value == "UDF Modules"
        assert book["xlwings.conf"]["B6"].value == "xlbridge.udf"
        self.built.append((standalone, target))
        target.write_bytes(b"xlam")


def _win_status(tmp_path: Path) -> engine.AddinStatus:
    return engine.status("win32", {"APPDATA": str(tmp_path / "AppData")}, tmp_path)


def test_install_steps_on_windows(tmp_path: Path) -> None:
    startup = tmp_path / "AppData" / "Microsoft" / "Excel" / "XLSTART"
    fake = FakeWindows(startup)
    before = _win_status(tmp_path)
    assert not before.ready and not before.xlwings_addin and before.udf_modules is None
    done = engine.install("win32", tmp_path, fake.run, fake.build, "C:/py/python.exe")
    assert fake.commands[0] == ["C:/py/python.exe", "-m", "xlwings.cli", "addin", "install"]
    assert fake.commands[1][:6] == [
        "C:/py/python.exe", "-m", "xlwings.cli", "addin", "install", "--file",
    ]  # fmt: skip
    assert Path(fake.commands[1][6]).name == "xlbridge.xlam"
    assert len(fake.built) == 1
    assert len(done) == 3 and "any workbook" in done[-1]
    after = _win_status(tmp_path)
    assert after.ready and after.xlwings_addin and after.functions_addin
    assert after.udf_modules == "xlbridge.udf"
    assert after.interpreter == "C:/py/python.exe"
    assert after.startup == startup
    text = "\n".join(after.lines())
    assert "xlbridge.xlam): installed" in text and "UDF MODULES = xlbridge.udf" in text


def test_install_says_what_to_do_when_excel_refuses(tmp_path: Path) -> None:
    fake = FakeWindows(tmp_path / "XLSTART", fail_build=True)
    with pytest.raises(WorkbookError, match="Trust access to the VBA project object model"):
        engine.install("win32", tmp_path, fake.run, fake.build, "python.exe")
    # the xlwings add-in and the settings are in place; the fallback is Import Functions
    assert engine.read_conf(engine.conf_path(tmp_path).read_text())["UDF MODULES"] == (
        "xlbridge.udf"
    )


@pytest.mark.parametrize("ready", [False, True])
def test_status_exit_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    ready: bool,
) -> None:  # fmt: skip
    if ready:
        fake = FakeWindows(tmp_path / "AppData" / "Microsoft" / "Excel" / "XLSTART")
        engine.install("win32", tmp_path, fake.run, fake.build, "python.exe")
    monkeypatch.setattr("xlbridge.cli.addin.status", lambda: _win_status(tmp_path))
    assert main(["addin", "status"]) == (0 if ready else 1)
    out = capsys.readouterr().out
    assert ("ready: =BRIDGE_SCORE" in out) is ready
    assert "Excel start-up folder:" in out


# ---- demo ---------------------------------------------------------------------------------


def _formulas(path: Path) -> list[str]:
    sheet = openpyxl.load_workbook(path)["Demo"]
    out: list[str] = []
    for row in sheet.iter_rows():
        for cell in row:
            value: Any = cell.value
            text = getattr(value, "text", value)  # ArrayFormula keeps its text in .text
            if isinstance(text, str) and text.startswith("="):
                out.append(text)
    return out


def test_demo_xlsm_standalone_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], functions: list[str]
) -> None:
    out = tmp_path / "demo.xlsm"
    assert main(["addin", "demo", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    names = zipfile.ZipFile(out).namelist()
    assert "xl/vbaProject.bin" in names  # xlwings' code travels inside the file
    book = openpyxl.load_workbook(out, keep_vba=True)
    assert book.sheetnames == ["Demo", "Read me", "xlwings.conf"]
    conf = book["xlwings.conf"]
    settings = {}
    for key, value in conf.iter_rows(max_col=2, values_only=True):
        if key is None:
            break  # xlwings reads from A1 down to the first blank
        settings[str(key).upper()] = value
    assert settings["UDF MODULES"] == "xlbridge.udf"
    formulas = " ".join(_formulas(out))
    for name in functions:
        assert f"{name}(" in formulas, name
    assert list(tmp_path.iterdir()) == [out]  # written atomically: no temporary file left


def test_demo_values_are_xlbridge_values(tmp_path: Path, demo: ModuleType) -> None:
    out = demo.write_demo(tmp_path / "demo.xlsx")
    sheet = openpyxl.load_workbook(out)["Demo"]
    said = {sheet.cell(r, 3).value: sheet.cell(r, 4).value for r in range(3, 60)}
    assert said['=BRIDGE_SCORE("4S","N",10,"None")'] == 420  # Law 77
    assert said['=BRIDGE_SCORE("3NTX","E","-2",7)'] == 500  # rules.md §1: X NV 2 down
    assert said["=BRIDGE_IMP(420)"] == 9  # WBF scale, rules.md §3
    assert said["=BRIDGE_VUL(7)"] == "All" and said["=BRIDGE_DEALER(7)"] == "S"  # rules.md §7
    assert said['=BRIDGE_NEUBERG(18,10,11,"ebu")'] == pytest.approx(19.9)  # rules.md §5
    # seed 002 Figure 2-2: East's 2S+1 on deal 4 is 60 + 30 + the 4th-deal premium 100
    assert said['=BRIDGE_CHICAGO("2S","E",9,4)'] == -190
    # ... and North's 3NT on deal 3, dealt by West: non-vulnerable game, 100 + 300
    assert said['=BRIDGE_CHICAGO("3NT","N",9,3,"E")'] == 400
    assert said["=INDEX(BRIDGE_WL(2),1,1)"] == 0.75  # seed 002: a 1-2 IMP win scores 3/4
    assert said["=BRIDGE_BAM(420,420)"] == 0.5  # seed 002: a tie on a board, 1/2
    # the traveller (seed 000 board 1): Python's matchpoints 3½ 1 6 0 5 2 3½
    first = demo.TRAVELLER_ROW
    assert [sheet.cell(r, 14).value for r in range(first, first + 7)] == [3.5, 1, 6, 0, 5, 2, 3.5]
    array = sheet[f"G{first}"].value
    assert array.ref == f"G{first}:G{first + 6}"
    assert array.text.startswith(f"=BRIDGE_SCORE(B{first}:B{first + 6},")
    # seed 002 Figure 2-2: each deal's NS points, which sum to +1380 (+14)
    chukker = [sheet.cell(r, 13).value for r in range(demo.CHUKKER_ROW, demo.CHUKKER_ROW + 5)]
    assert chukker == [-220, 1390, 400, -190, 1380]
    assert sheet[f"F{demo.CHUKKER_ROW}"].value.text.startswith("=BRIDGE_CHICAGO(")
    # seed 002 Figure 1-2: THEY win by 690, -7 for WE (North-South)
    rubber = {sheet.cell(r, 1).value: sheet.cell(r, 4).value for r in range(demo.RUBBER_ROW, 60)}
    assert rubber["Net"] == -690 and rubber["Hundreds"] == -7
    assert "xl/vbaProject.bin" not in zipfile.ZipFile(out).namelist()


def test_demo_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo.xlsx"
    out.write_bytes(b"precious")
    assert main(["addin", "demo", "-o", str(out)]) == 2
    assert "already exists; use --force" in capsys.readouterr().err
    assert out.read_bytes() == b"precious"
    assert main(["addin", "demo", "-o", str(out), "--force"]) == 0
    assert zipfile.is_zipfile(out)


@pytest.mark.parametrize(
    ("name", "message"),
    [("demo.csv", "must end in .xlsm"), ("missing/demo.xlsx", "does not exist")],
)
def test_demo_bad_output(tmp_path: Path, name: str, message: str, demo: ModuleType) -> None:
    with pytest.raises(WorkbookError, match=message):
        demo.write_demo(tmp_path / name)


@pytest.mark.libreoffice
def test_demo_opens_in_libreoffice(tmp_path: Path, demo: ModuleType) -> None:
    from tests.support.values_view import recalculated_views

    out = demo.write_demo(tmp_path / "demo.xlsx")
    sheet = recalculated_views([out], tmp_path / "lo")[out.stem]["Demo"]  # no xlsx copy
    # LibreOffice has no BRIDGE_* functions; the file opens and its plain values survive
    assert sheet["D3"].value == 420
    assert sheet[f"B{demo.TRAVELLER_ROW}"].value == "3D"
    assert sheet[f"M{demo.CHUKKER_ROW + 1}"].value == 1390  # seed 002 Figure 2-2, deal 2
