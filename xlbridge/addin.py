"""The xlwings add-in: install it, say what is installed, write a demo workbook.

Engine layer behind ``xlbridge addin install|status|demo``. Classic xlwings runs Python
functions in desktop Excel on Windows only, so ``install`` and ``status`` need Windows; on any
other system they raise :class:`ExcelUnavailable` with one line that says so. ``write_demo``
works everywhere.

What ``install`` does on Windows:

1. ``python -m xlwings.cli addin install``: the xlwings add-in (ribbon, runtime) in XLSTART.
2. ``~/.xlwings/xlwings.conf``: ``"UDF MODULES","xlbridge.udf"`` (merged with any modules
   already listed) and ``"INTERPRETER_WIN"`` (this Python) when not set.
3. ``xlbridge.xlam``: xlwings' standalone workbook with ``BRIDGE_*`` imported into it
   (``xlwings.import_udfs``) and saved as an add-in in XLSTART, so the functions answer in any
   workbook. This needs Excel's "Trust access to the VBA project object model"; without it
   step 3 fails and the xlwings ribbon's "Import Functions" does the same per workbook.

>>> with_setting('"INTERPRETER_WIN","C:/py.exe"\\n', "UDF MODULES", "xlbridge.udf")
'"INTERPRETER_WIN","C:/py.exe"\\n"UDF MODULES","xlbridge.udf"\\n'
>>> udf_modules_with("mine;xlbridge.udf", "xlbridge.udf"), udf_modules_with("mine", "xlbridge.udf")
('mine;xlbridge.udf', 'mine;xlbridge.udf')
"""

from __future__ import annotations

import csv
import importlib
import io
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge import udf
from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.fileio import write_atomically

__all__ = [
    "CONF_KEY",
    "FUNCTIONS_ADDIN",
    "UDF_MODULE",
    "AddinStatus",
    "ExcelUnavailable",
    "conf_path",
    "excel_unavailable_reason",
    "install",
    "prepare_standalone",
    "read_conf",
    "status",
    "udf_modules_with",
    "with_setting",
    "write_demo",
]

UDF_MODULE = "xlbridge.udf"
CONF_KEY = "UDF MODULES"  # the key xlwings' VBA reads (GetConfig("UDF MODULES"))
INTERPRETER_KEY = "INTERPRETER_WIN"
FUNCTIONS_ADDIN = "xlbridge.xlam"
XLWINGS_ADDIN = "xlwings.xlam"
STANDALONE_TEMPLATE = "quickstart_standalone.xlsm"
XL_OPENXML_ADDIN = 55  # Excel's XlFileFormat for .xlam

Runner = Callable[[Sequence[str]], int]


class ExcelUnavailable(XlbridgeError):
    """The add-in needs desktop Excel on Windows, and this system has none."""


def excel_unavailable_reason(platform: str = sys.platform) -> str | None:
    """Why the classic add-in cannot work here, or None on Windows.

    >>> excel_unavailable_reason("win32") is None
    True
    >>> excel_unavailable_reason("linux").startswith("Excel does not run on linux")
    True
    """
    if platform.startswith("win"):
        return None
    lite = "for Mac and Excel on the web use xlwings Lite (README: Functions in Excel)"
    if platform == "darwin":
        return f"xlwings runs Python functions in Excel on Windows only; {lite}"
    return f"Excel does not run on {platform}; the add-in needs Excel on Windows; {lite}"


def _require_windows(platform: str) -> None:
    reason = excel_unavailable_reason(platform)
    if reason is not None:
        raise ExcelUnavailable(reason)


# ---- xlwings.conf -------------------------------------------------------------------------


def conf_path(home: Path | None = None) -> Path:
    """The user's xlwings settings file, ``~/.xlwings/xlwings.conf``."""
    return (Path.home() if home is None else home) / ".xlwings" / "xlwings.conf"


def read_conf(text: str) -> dict[str, str]:
    """Settings from xlwings.conf text (lines ``"KEY","value"``), keys upper-cased.

    >>> read_conf('"UDF Modules","xlbridge.udf"\\n"INTERPRETER_WIN","py"\\n')
    {'UDF MODULES': 'xlbridge.udf', 'INTERPRETER_WIN': 'py'}
    """
    out: dict[str, str] = {}
    for row in csv.reader(io.StringIO(text)):
        if len(row) >= 2 and row[0].strip():
            out[row[0].strip().upper()] = row[1]
    return out


def with_setting(text: str, key: str, value: str) -> str:
    """xlwings.conf text with ``key`` set to ``value``; other lines kept, blank lines dropped."""
    lines = [
        line
        for line in text.splitlines()
        if line.strip() and line.split(",")[0].strip().strip('"').upper() != key.upper()
    ]
    lines.append(f'"{key}","{value}"')
    return "".join(line + "\n" for line in lines)


def udf_modules_with(current: str | None, module: str) -> str:
    """A ``;``-separated UDF module list that includes ``module``."""
    names = [n.strip() for n in (current or "").split(";") if n.strip()]
    if module not in names:
        names.append(module)
    return ";".join(names)


def _configure(path: Path, interpreter: str) -> None:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    settings = read_conf(text)
    text = with_setting(text, CONF_KEY, udf_modules_with(settings.get(CONF_KEY), UDF_MODULE))
    if not settings.get(INTERPRETER_KEY):
        text = with_setting(text, INTERPRETER_KEY, interpreter)
    path.parent.mkdir(parents=True, exist_ok=True)
    _atomic_write_text(path, text)


def _atomic_write_text(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ---- status -------------------------------------------------------------------------------


def startup_dir(env: Mapping[str, str]) -> Path | None:
    """Excel's per-user XLSTART folder (add-ins there load with Excel), from ``%APPDATA%``."""
    appdata = env.get("APPDATA")
    return Path(appdata) / "Microsoft" / "Excel" / "XLSTART" if appdata else None


def _xlwings_version() -> str | None:
    try:
        return str(importlib.import_module("xlwings").__version__)
    except ImportError:
        return None


@dataclass(frozen=True)
class AddinStatus:
    """What is installed, and where."""

    xlwings: str | None
    startup: Path | None
    xlwings_addin: bool
    functions_addin: bool
    conf: Path
    udf_modules: str | None
    interpreter: str | None

    @property
    def ready(self) -> bool:
        """The functions answer in any workbook: xlbridge.xlam is in XLSTART."""
        return self.functions_addin and self.xlwings is not None

    def lines(self) -> list[str]:
        """A short report, one fact a line."""
        where = str(self.startup) if self.startup else "unknown (APPDATA is not set)"

        def yes(flag: bool) -> str:
            return "installed" if flag else "not installed"

        return [
            f"xlwings: {self.xlwings or 'not installed (pip install xlbridge[addin])'}",
            f"Excel start-up folder: {where}",
            f"xlwings add-in ({XLWINGS_ADDIN}): {yes(self.xlwings_addin)}",
            f"BRIDGE_* functions add-in ({FUNCTIONS_ADDIN}): {yes(self.functions_addin)}",
            f"settings: {self.conf}"
            + ("" if self.conf.exists() else " (missing)")
            + f"; UDF MODULES = {self.udf_modules or '(not set)'}"
            + f"; INTERPRETER_WIN = {self.interpreter or '(not set)'}",
            'ready: =BRIDGE_SCORE("4S","N",10,"None") works in any workbook'
            if self.ready
            else "not ready: run  xlbridge addin install",
        ]


def status(
    platform: str = sys.platform,
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> AddinStatus:
    """Look at what is installed (Windows only; reads files, does not start Excel)."""
    _require_windows(platform)
    environ = os.environ if env is None else env
    start = startup_dir(environ)
    conf = conf_path(home)
    settings = read_conf(conf.read_text(encoding="utf-8")) if conf.exists() else {}
    return AddinStatus(
        xlwings=_xlwings_version(),
        startup=start,
        xlwings_addin=bool(start and (start / XLWINGS_ADDIN).is_file()),
        functions_addin=bool(start and (start / FUNCTIONS_ADDIN).is_file()),
        conf=conf,
        udf_modules=settings.get(CONF_KEY),
        interpreter=settings.get(INTERPRETER_KEY),
    )


# ---- install ------------------------------------------------------------------------------


def _run(command: Sequence[str]) -> int:
    return subprocess.run(list(command), check=False).returncode


def _build_functions_addin(standalone: Path, target: Path) -> None:
    """Import the BRIDGE_* wrappers into the prepared workbook in a hidden Excel; save as .xlam.

    Windows with Excel only (COM); Excel must trust access to the VBA project object model.
    """
    xw = importlib.import_module("xlwings")
    with xw.App(visible=False, add_book=False) as app:
        book = app.books.open(str(standalone))
        try:
            xw.import_udfs(UDF_MODULE, book.api)
            book.api.SaveAs(str(target), FileFormat=XL_OPENXML_ADDIN)
        finally:
            book.close()


def install(
    platform: str = sys.platform,
    home: Path | None = None,
    run: Runner = _run,
    build: Callable[[Path, Path], None] = _build_functions_addin,
    python: str = sys.executable,
) -> list[str]:
    """Install the xlwings add-in, point it at xlbridge.udf, and install xlbridge.xlam.

    Returns what was done, a line per step. Raises :class:`ExcelUnavailable` off Windows and
    :class:`WorkbookError` when a step fails (with what to do instead).
    """
    _require_windows(platform)
    if _xlwings_version() is None:
        raise WorkbookError("xlwings is not installed: pip install xlbridge[addin]")
    done: list[str] = []
    if run([python, "-m", "xlwings.cli", "addin", "install"]) != 0:
        raise WorkbookError("'xlwings addin install' failed; quit Excel and try again")
    done.append("installed the xlwings add-in")
    conf = conf_path(home)
    _configure(conf, python)
    done.append(f'set "{CONF_KEY}" to include {UDF_MODULE} in {conf}')
    with tempfile.TemporaryDirectory() as tmp:
        standalone = Path(tmp) / "xlbridge.xlsm"
        prepare_standalone(python).save(standalone)
        addin = Path(tmp) / FUNCTIONS_ADDIN
        try:
            build(standalone, addin)
        except Exception as exc:  # COM errors have no common base class worth naming
            raise WorkbookError(
                f"could not build {FUNCTIONS_ADDIN} ({exc}); in Excel turn on File > Options >"
                " Trust Center > Macro Settings > 'Trust access to the VBA project object model'"
                " and run this again, or use the xlwings tab > Import Functions in a workbook"
            ) from exc
        if run([python, "-m", "xlwings.cli", "addin", "install", "--file", str(addin)]) != 0:
            raise WorkbookError(f"installing {FUNCTIONS_ADDIN} failed; quit Excel and try again")
    done.append(f"installed {FUNCTIONS_ADDIN}: the BRIDGE_* functions work in any workbook")
    return done


# ---- the standalone workbook and the demo ------------------------------------------------


def _standalone_template() -> Path:
    try:
        xw = importlib.import_module("xlwings")
    except ImportError:
        raise WorkbookError(
            "an .xlsm demo needs xlwings' standalone template: pip install xlbridge[addin],"
            " or write an .xlsx demo"
        ) from None
    path = Path(str(xw.__file__)).parent / STANDALONE_TEMPLATE
    if not path.is_file():
        raise WorkbookError(f"xlwings {xw.__version__} does not ship {STANDALONE_TEMPLATE}")
    return path


def _set_conf_row(sheet: Worksheet, key: str, value: str) -> None:
    for row in range(1, sheet.max_row + 1):
        cell = sheet.cell(row, 1).value
        if isinstance(cell, str) and cell.strip().upper() == key.upper():
            sheet.cell(row, 2).value = value
            return
        if cell is None:  # xlwings reads settings from A1 down to the first blank cell
            sheet.insert_rows(row)
            sheet.cell(row, 1).value = key
            sheet.cell(row, 2).value = value
            return
    sheet.cell(sheet.max_row + 1, 1).value = key
    sheet.cell(sheet.max_row, 2).value = value


def prepare_standalone(interpreter: str | None = None) -> Workbook:
    """xlwings' standalone workbook (its VBA inside) with its settings sheet switched on and
    pointing at xlbridge.udf; ``interpreter`` sets Interpreter_Win."""
    book = load_workbook(_standalone_template(), keep_vba=True)
    conf_name = next((n for n in book.sheetnames if n.lstrip("_").lower() == "xlwings.conf"), None)
    sheet = book[conf_name] if conf_name else book.create_sheet("xlwings.conf")
    sheet.title = "xlwings.conf"  # without the leading underscore the sheet is active
    _set_conf_row(sheet, "UDF Modules", UDF_MODULE)
    if interpreter:
        _set_conf_row(sheet, "Interpreter_Win", interpreter)
    return book


# Seed 000, board 1 (nobody vulnerable): NS pair, contract, declarer, tricks taken.
_TRAVELLER: list[tuple[int, str, str, int]] = [
    (1, "3D", "N", 10),
    (2, "4S", "S", 9),
    (3, "4S", "S", 11),
    (4, "3H", "E", 9),
    (5, "3S", "S", 10),
    (6, "4H", "E", 8),
    (7, "4D", "N", 10),
]

_HEAD = Font(bold=True)

_README = [
    "xlbridge add-in demo",
    "",
    "Every BRIDGE_* function of xlbridge's Excel add-in, on the Demo sheet. Column C holds the",
    "live formula; column D what xlbridge computed in Python when this file was written.",
    "Until the functions are registered, column C shows #NAME?.",
    "",
    "Windows (classic xlwings):",
    "  1. In a command prompt: pip install xlbridge[addin]   then   xlbridge addin install",
    "  2. Open this file and enable macros; press Ctrl+Alt+F9 to recalculate.",
    "  In the .xlsm demo the xlwings code is inside the file (xlwings' standalone layout):",
    "  without the add-in, run the macro ImportPythonUDFs once (Alt+F8), which needs",
    "  File > Options > Trust Center > Macro Settings > Trust access to the VBA project.",
    "  The sheet xlwings.conf holds its settings: UDF Modules = xlbridge.udf and",
    "  Interpreter_Win = the python.exe that has xlbridge installed.",
    "",
    "Mac and Excel on the web: xlwings Lite. Add xlbridge to requirements.txt and put",
    "  from xlbridge.udf import *",
    "in main.py; the same functions appear, named BRIDGE_*.",
    "",
    "Blank inputs give blank cells; bad inputs give a short message in the cell.",
]


def _examples(score_ref: str, one_ref: str) -> list[tuple[str, str, Any]]:
    """(function, formula, Python's value) for the one-cell examples."""
    scores = [[udf.BRIDGE_SCORE(c, d, float(t), 1.0)] for _, c, d, t in _TRAVELLER]
    first = scores[2][0]
    vps = udf.BRIDGE_VP(14.0, 16.0)
    score, imp, vul, dealer = udf.BRIDGE_SCORE, udf.BRIDGE_IMP, udf.BRIDGE_VUL, udf.BRIDGE_DEALER
    return [
        ("BRIDGE_SCORE", '=BRIDGE_SCORE("4S","N",10,"None")', score("4S", "N", 10.0, "None")),
        ("BRIDGE_SCORE", '=BRIDGE_SCORE("3NTX","E","-2",7)', score("3NTX", "E", "-2", 7.0)),
        ("BRIDGE_IMP", "=BRIDGE_IMP(420)", imp(420.0)),
        ("BRIDGE_IMP", "=BRIDGE_IMP(620,170)", imp(620.0, 170.0)),
        ("BRIDGE_VP", "=INDEX(BRIDGE_VP(14,16),1,1)", vps[0][0]),
        ("BRIDGE_VP", "=INDEX(BRIDGE_VP(14,16),1,2)", vps[0][1]),
        ("BRIDGE_VUL", "=BRIDGE_VUL(7)", vul(7.0)),
        ("BRIDGE_DEALER", "=BRIDGE_DEALER(7)", dealer(7.0)),
        ("BRIDGE_NEUBERG", '=BRIDGE_NEUBERG(18,10,11,"ebu")',
         udf.BRIDGE_NEUBERG(18.0, 10.0, 11.0, "ebu")),
        ("BRIDGE_MP", f"=BRIDGE_MP({one_ref},{score_ref})", udf.BRIDGE_MP(first, scores)),
        ("BRIDGE_PCT", f"=BRIDGE_PCT({one_ref},{score_ref})", udf.BRIDGE_PCT(first, scores)),
        ("BRIDGE_DATUM", f"=BRIDGE_DATUM({score_ref})", udf.BRIDGE_DATUM(scores)),
        ("BRIDGE_SCORE", '=BRIDGE_SCORE("8S","N",10,"None")', score("8S", "N", 10.0, "None")),
    ]  # fmt: skip


def _demo_sheet(sheet: Worksheet) -> None:
    sheet["A1"] = "xlbridge functions: every BRIDGE_* function (see the Read me sheet)"
    sheet["A1"].font = Font(bold=True, size=14)
    # The traveller block (seed 000, board 1) sits below the examples; its formulas spill down.
    first = 20
    last = first + len(_TRAVELLER) - 1
    score_ref = f"G{first}:G{last}"
    for col, title in enumerate(["Function", "Formula", "Excel says", "xlbridge says"], 1):
        sheet.cell(2, col, title).font = _HEAD
    for row, (name, formula, value) in enumerate(_examples(score_ref, f"G{first + 2}"), 3):
        sheet.cell(row, 1, name)
        sheet.cell(row, 2, formula.lstrip("="))
        sheet.cell(row, 3, formula)
        sheet.cell(row, 4, value)
    head = first - 1
    sheet.cell(head - 1, 1, "Seed 000, board 1 (columns G-K are one formula each, over the rows)")
    sheet.cell(head - 1, 1).font = _HEAD
    titles = ["NS", "Contract", "By", "Tricks", "Board", "Vul", "NS score", "NS MP",
              "Cross-IMPs", "Butler", "Dealer", "", "Python: score", "MP", "Cross-IMPs",
              "Butler"]  # fmt: skip
    for col, title in enumerate(titles, 1):
        sheet.cell(head, col, title).font = _HEAD
    cells = [[c, d, float(t)] for _, c, d, t in _TRAVELLER]
    for i, (pair, contract, by, tricks) in enumerate(_TRAVELLER):
        r = first + i
        sheet.cell(r, 1, pair)
        sheet.cell(r, 2, contract)
        sheet.cell(r, 3, by)
        sheet.cell(r, 4, tricks)
        sheet.cell(r, 5, 1)
    spills = {
        "F": f"=BRIDGE_VUL(E{first}:E{last})",
        "G": f"=BRIDGE_SCORE(B{first}:B{last},C{first}:C{last},D{first}:D{last},E{first})",
        "H": f"=BRIDGE_MPS({score_ref})",
        "I": f"=BRIDGE_XIMP({score_ref})",
        "J": f"=BRIDGE_BUTLER({score_ref})",
        "K": f"=BRIDGE_DEALER(E{first}:E{last})",
    }
    for letter, formula in spills.items():
        sheet[f"{letter}{first}"] = ArrayFormula(f"{letter}{first}:{letter}{last}", formula)
    scores = udf.BRIDGE_SCORE([[c] for c, _, _ in cells], [[d] for _, d, _ in cells],
                              [[t] for _, _, t in cells], 1.0)  # fmt: skip
    python_cols = [scores, udf.BRIDGE_MPS(scores), udf.BRIDGE_XIMP(scores),
                   udf.BRIDGE_BUTLER(scores)]  # fmt: skip
    for offset, values in enumerate(python_cols):
        for i, (v,) in enumerate(values):
            sheet.cell(first + i, 13 + offset, v)
    sheet.cell(last + 2, 1, "Column G's formula, as typed:")
    sheet.cell(last + 2, 2, spills["G"].lstrip("="))
    for letter, width in {"A": 16, "B": 40, "C": 14, "D": 30}.items():
        sheet.column_dimensions[letter].width = width


def build_demo(standalone: bool) -> Workbook:
    """The demo workbook: a Demo sheet using every function and a Read me sheet."""
    book = prepare_standalone() if standalone else Workbook()
    if standalone:
        demo = book.create_sheet("Demo", 0)
        for name in list(book.sheetnames):
            if name not in ("Demo", "xlwings.conf"):
                del book[name]
    else:
        demo = book.active
        assert demo is not None  # a new Workbook always has one sheet
        demo.title = "Demo"
    _demo_sheet(demo)
    readme = book.create_sheet("Read me", 1)
    for row, line in enumerate(_README, 1):
        readme.cell(row, 1, line)
    readme["A1"].font = Font(bold=True, size=14)
    readme.column_dimensions["A"].width = 100
    book.active = 0
    return book


def write_demo(path: Path | str, force: bool = False) -> Path:
    """Write the demo workbook: ``.xlsm`` in xlwings' standalone layout, or a plain ``.xlsx``.

    Refuses to replace a file unless ``force``; writes a temporary file beside it and renames
    it, so a failure never leaves half a workbook.
    """
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in (".xlsm", ".xlsx"):
        raise WorkbookError(f"output {str(out)!r} must end in .xlsm (standalone) or .xlsx")
    if out.exists() and not force:
        raise WorkbookError(f"{str(out)!r} already exists; use --force to replace it")
    book = build_demo(standalone=suffix == ".xlsm")
    return write_atomically(out, book.save, force=force)
