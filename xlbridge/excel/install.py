"""Install the xlwings add-in and say what is installed (``xlbridge addin install|status``).

Classic xlwings runs Python functions in desktop Excel on Windows only, so ``install`` and
``status`` need Windows; on any other system they raise :class:`ExcelUnavailable` with one line
that says so. Nothing here imports xlwings or openpyxl until a step needs them, so ``status``
and the command line start fast.

What ``install`` does on Windows:

1. ``python -m xlwings.cli addin install``: the xlwings add-in (ribbon, runtime) in XLSTART.
2. ``~/.xlwings/xlwings.conf``: ``"UDF MODULES","xlbridge.udf"`` (merged with any modules
   already listed) and ``"INTERPRETER_WIN"`` (this Python) when not set.
3. ``xlbridge.xlam``: xlwings' standalone workbook with ``BRIDGE_*`` imported into it
   (``xlwings.import_udfs``) and saved as an add-in in XLSTART, so the functions answer in any
   workbook. This needs Excel's "Trust access to the VBA project object model"; without it
   step 3 fails and the xlwings ribbon's "Import Functions" does the same per workbook.

The functions themselves are :mod:`xlbridge.excel.udf`; the demo workbook is
:mod:`xlbridge.excel.demo`.

>>> with_setting('"INTERPRETER_WIN","C:/py.exe"\\n', "UDF MODULES", "xlbridge.udf")
'"INTERPRETER_WIN","C:/py.exe"\\n"UDF MODULES","xlbridge.udf"\\n'
>>> udf_modules_with("mine;xlbridge.udf", "xlbridge.udf"), udf_modules_with("mine", "xlbridge.udf")
('mine;xlbridge.udf', 'mine;xlbridge.udf')
"""

from __future__ import annotations

import csv
import importlib
import importlib.util
import io
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError, XlbridgeError, install_line

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

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
]

UDF_MODULE = "xlbridge.udf"
"""The module xlwings.conf names. It stays ``xlbridge.udf`` (a thin re-export of
:mod:`xlbridge.excel.udf`) so that settings written before the add-in moved keep working, and a
second name never registers every function twice."""
CONF_KEY = "UDF MODULES"  # the key xlwings' VBA reads (GetConfig("UDF MODULES"))
INTERPRETER_KEY = "INTERPRETER_WIN"
FUNCTIONS_ADDIN = "xlbridge.xlam"
XLWINGS_ADDIN = "xlwings.xlam"
STANDALONE_TEMPLATE = "quickstart_standalone.xlsm"
ADDIN_EXTRA = "addin"  # the extra of pyproject.toml that installs xlwings
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
    lite = "for Mac and Excel on the web use xlwings Lite: xlbridge addin lite -o FOLDER"
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
    # The installed distribution's version: importing xlwings itself costs ~0.6 s (pandas).
    try:
        return metadata.version("xlwings")
    except metadata.PackageNotFoundError:
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
            f"xlwings: {self.xlwings or f'not installed ({install_line(ADDIN_EXTRA)})'}",
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
        raise WorkbookError(f"xlwings is not installed: {install_line(ADDIN_EXTRA)}")
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


# ---- the standalone workbook ------------------------------------------------


def _standalone_template() -> Path:
    # Found, not imported: the template is a data file beside xlwings' __init__.py.
    try:
        spec = importlib.util.find_spec("xlwings")
    except (ImportError, ValueError):
        spec = None
    if spec is None or spec.origin is None:
        raise WorkbookError(
            f"an .xlsm demo needs xlwings' standalone template: {install_line(ADDIN_EXTRA)},"
            " or write an .xlsx demo"
        )
    path = Path(spec.origin).parent / STANDALONE_TEMPLATE
    if not path.is_file():
        raise WorkbookError(f"xlwings {_xlwings_version()} does not ship {STANDALONE_TEMPLATE}")
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
    from xlbridge.interchange.gate import load_workbook

    book = load_workbook(_standalone_template(), keep_vba=True, what="xlwings standalone workbook")
    conf_name = next((n for n in book.sheetnames if n.lstrip("_").lower() == "xlwings.conf"), None)
    sheet = book[conf_name] if conf_name else book.create_sheet("xlwings.conf")
    sheet.title = "xlwings.conf"  # without the leading underscore the sheet is active
    _set_conf_row(sheet, "UDF Modules", UDF_MODULE)
    if interpreter:
        _set_conf_row(sheet, "Interpreter_Win", interpreter)
    return book
