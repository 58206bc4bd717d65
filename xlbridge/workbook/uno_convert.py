"""A resident LibreOffice, fed batches of workbooks to recalculate or print (the converter).

Run as a script by a Python that has LibreOffice's ``uno`` module (Debian's ``python3-uno``
gives it to ``/usr/bin/python3``), never imported with it: it uses the standard library and
``uno`` only, not xlbridge. :mod:`xlbridge.workbook.recalc` starts it once per process and
talks to it; a caller uses ``recalculate`` and ``print_pdf`` there, not this module.

``python3 uno_convert.py SOFFICE PROFILE`` starts ``SOFFICE --headless --invisible --accept=pipe``
with the profile folder ``PROFILE`` (the caller writes its ``registrymodifications.xcu``, which
says "always recalculate on load"), connects, then answers one JSON line on stdout for each
JSON line on stdin, until stdin ends (then it stops the office and removes the profile)::

    {"files": ["/a/one.xlsx"], "outdir": "/out", "filter": "Calc MS Excel 2007 XML",
     "ext": "xlsx"}
    {"written": ["/out/one.xlsx"], "failed": []}

Each file is loaded hidden and read-only, recalculated (``calculateAll``), stored in ``outdir``
under its own stem with ``ext`` by the export filter ``filter`` (the one ``--convert-to``
uses), and closed. The pseudo-filter ``"values"`` (with ``"ext": "values.json"``) writes, instead
of a spreadsheet, every sheet's values as JSON (:meth:`Office.values`)::

    {"sheets": [["Recap", [["Pair", 1, 52.5, true, "#N/A", null], ...]], ...]}

one list per row from A1 to the end of the sheet's used area, each value what openpyxl reads
(``data_only=True``) from the xlsx LibreOffice would have written: an int for an integral
number, a float, a bool, text, an error's Excel text, null for an empty cell; or
``{"unreadable": WHY}`` when a cell cannot be told so (a date: read the xlsx then).

A file that fails is listed in ``failed`` with LibreOffice's message, and
the rest go on; if the office dies, it is started again once per request. A line
``{"error": ...}`` says the office could not be started or reached.

>>> target("/in/seven.xlsx", "/out", "pdf")
'/out/seven.pdf'
>>> request_error({"files": ["a.xlsx"], "outdir": "/o", "filter": "calc_pdf_Export"})
'a request needs files, outdir, filter and ext'
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path, PurePath
from typing import Any

#: How long the office may take to accept a connection after it is started.
START_SECONDS = 120.0

#: The pseudo-filter of a request for values (see the module's docstring).
VALUES = "values"

#: The CSV export that gives every sheet's types (see :meth:`Office.values`): comma, quote,
#: UTF-8, from line 1, quote all text, raw values (not as shown), no formulas, every sheet to
#: its own file ``STEM-SHEETNAME.csv``.
CSV_FILTER = "Text - txt - csv (StarCalc)"
CSV_OPTIONS = "44,34,76,1,,0,true,true,false,false,false,-1"

#: Integral numbers below this are written by LibreOffice's xlsx export without a decimal
#: point or exponent, so openpyxl reads them as int (1E+017 and up have an exponent).
INT_LIMIT = 1e17

#: The text LibreOffice's xlsx export writes for an error cell, by the error it shows (its own
#: ``Err:NNN`` errors have no Excel name; the export writes the nearest Excel error).
EXCEL_ERRORS = {e: e for e in ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!",
                               "#N/A")}  # fmt: skip
EXCEL_ERRORS.update({"Err:502": "#VALUE!", "Err:522": "#VALUE!"})


class Unreadable(Exception):
    """A cell whose value openpyxl would read from the xlsx export by more than the CSV and
    the data array tell (a date: by its number format), or an error this module cannot name."""


def target(path: str, outdir: str, ext: str) -> str:
    """The file a converted ``path`` is written to: its stem with ``ext``, in ``outdir``."""
    return str(PurePath(outdir) / f"{PurePath(path).stem}.{ext}")


def request_error(request: Any) -> str | None:
    """What is wrong with a request, or None when it is well formed."""
    keys = ("files", "outdir", "filter", "ext")
    if not isinstance(request, dict) or any(k not in request for k in keys):
        return "a request needs files, outdir, filter and ext"
    if not isinstance(request["files"], list) or not all(
        isinstance(f, str) for f in request["files"]
    ):
        return "files must be a list of paths"
    return None


class Office:
    """One LibreOffice process and the UNO connection to its desktop."""

    def __init__(self, soffice: str, profile: str) -> None:
        self.soffice = soffice
        self.profile = profile
        self.proc: subprocess.Popen[bytes] | None = None
        self.desktop: Any = None

    def start(self) -> None:
        import uno  # type: ignore[import-not-found]  # the Python that runs this file has it

        pipe = f"xlbridge-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.proc = subprocess.Popen(
            [self.soffice, f"-env:UserInstallation={Path(self.profile).as_uri()}",
             "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
             "--nolockcheck", f"--accept=pipe,name={pipe};urp;"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local
        )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                # the office is still starting, or it died: wait for it, or give up
                if self.proc.poll() is not None:
                    raise RuntimeError(f"LibreOffice exited ({self.proc.returncode})") from None
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"LibreOffice did not start in {START_SECONDS:.0f} s"
                    ) from None
                time.sleep(0.1)
        self.desktop = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", ctx
        )

    def alive(self) -> bool:
        """Whether the office runs and answers (a broken bridge raises on any call)."""
        if self.proc is None or self.proc.poll() is not None or self.desktop is None:
            return False
        try:
            self.desktop.getCurrentComponent()
        except Exception:
            return False
        return True

    def stop(self) -> None:
        if self.desktop is not None:
            with contextlib.suppress(Exception):  # a dead office cannot say goodbye
                self.desktop.terminate()
            self.desktop = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def convert(self, path: str, out: str, filter_name: str) -> None:
        """Load ``path`` hidden, recalculate it, store it to ``out`` with ``filter_name``."""
        import uno

        doc = self.desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(path), "_blank", 0, _props(Hidden=True, ReadOnly=True)
        )
        if doc is None:
            raise RuntimeError("LibreOffice could not open it")
        try:
            if not hasattr(doc, "calculateAll"):
                raise RuntimeError("LibreOffice did not open it as a spreadsheet")
            doc.calculateAll()
            doc.storeToURL(
                uno.systemPathToFileUrl(out), _props(FilterName=filter_name, Overwrite=True)
            )
        finally:
            doc.close(True)

    def values(self, path: str, out: str) -> None:
        """Load ``path`` hidden, recalculate it, write its values as JSON to ``out``.

        ``getDataArray`` gives each value's type (a number as float, text as str, an empty
        cell as ``""``, an error as None); a CSV export of every sheet gives each number as
        the xlsx export writes it (15 significant digits), tells a boolean (``TRUE``) and
        gives an error's text. A percentage keeps its ``%`` there, rounded as a percentage:
        those cells are set to the General format and exported once more.
        """
        import uno

        folder = tempfile.mkdtemp(prefix="xlbridge-values-", dir=str(PurePath(out).parent))
        doc = None
        try:
            # a copy, opened for editing (a read-only document keeps its formats), so the
            # caller's file is not touched (not even by a lock file beside it)
            copy = str(PurePath(folder) / f"book{PurePath(path).suffix}")
            shutil.copyfile(path, copy)
            doc = self.desktop.loadComponentFromURL(
                uno.systemPathToFileUrl(copy), "_blank", 0, _props(Hidden=True)
            )
            if doc is None:
                raise RuntimeError("LibreOffice could not open it")
            if not hasattr(doc, "calculateAll"):
                raise RuntimeError("LibreOffice did not open it as a spreadsheet")
            doc.calculateAll()
            sheets = [doc.Sheets.getByIndex(i) for i in range(doc.Sheets.Count)]
            names = [sheet.Name for sheet in sheets]
            data = [_used_data(sheet) for sheet in sheets]
            shown = _csv(doc, folder, "first", names)
            percent = False
            for sheet, values, lines in zip(sheets, data, shown, strict=True):
                cells = _percentages(values, lines)
                if cells and sheet.isProtected():
                    sheet.unprotect("")  # raises for a password: the file fails
                for r, c in cells:
                    sheet.getCellByPosition(c, r).NumberFormat = 0  # General
                    percent = True
            if percent:
                shown = _csv(doc, folder, "again", names)
            try:
                got: dict[str, Any] = {"sheets": [
                    [name, _sheet_values(name, values, lines)]
                    for name, values, lines in zip(names, data, shown, strict=True)]}  # fmt: skip
            except Unreadable as exc:
                got = {"unreadable": str(exc)}
            text = json.dumps(got, ensure_ascii=False, allow_nan=False)
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)
        finally:
            if doc is not None:
                doc.close(True)
            shutil.rmtree(folder, ignore_errors=True)


def _used_data(sheet: Any) -> Any:
    """A sheet's ``getDataArray`` from A1 to the end of its used area."""
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    end = cursor.getRangeAddress()
    return sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow).getDataArray()


def _csv(doc: Any, folder: str, stem: str, names: list[str]) -> list[list[list[str]]]:
    """Every sheet's CSV export (``folder/STEM-SHEET.csv``), read: rows of fields."""
    import uno

    doc.storeToURL(
        uno.systemPathToFileUrl(str(PurePath(folder) / f"{stem}.csv")),
        _props(FilterName=CSV_FILTER, FilterOptions=CSV_OPTIONS, Overwrite=True),
    )
    out = []
    for name in names:
        with open(PurePath(folder) / f"{stem}-{name}.csv", encoding="utf-8", newline="") as f:
            out.append(list(csv.reader(f)))
    return out


def _shown(lines: list[list[str]], r: int, c: int) -> str:
    line = lines[r] if r < len(lines) else []
    return line[c] if c < len(line) else ""


def _percentages(data: Any, lines: list[list[str]]) -> list[tuple[int, int]]:
    """The numbers a CSV shows as percentages (row, column from 0)."""
    return [(r, c) for r, row in enumerate(data) for c, v in enumerate(row)
            if isinstance(v, float) and _shown(lines, r, c).endswith("%")]  # fmt: skip


def _sheet_values(name: str, data: Any, lines: list[list[str]]) -> list[list[Any]]:
    """One sheet's values, row by row, from A1 to the end of its used area."""
    rows = [[_value(v, _shown(lines, r, c), name, r, c) for c, v in enumerate(row)]
            for r, row in enumerate(data)]  # fmt: skip
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    return rows


def _value(value: Any, shown: str, sheet: str, row: int, col: int) -> Any:
    """What openpyxl reads for a cell LibreOffice holds as ``value`` (from ``getDataArray``)
    and exports to CSV as ``shown``.

    The xlsx export writes a number to 15 significant digits, as the CSV does (so the number
    is the CSV's), without exponent below 1e17 (an int for openpyxl when integral); empty
    text as nothing (None); its own errors ``Err:NNN`` as Excel's nearest error.

    >>> [_value(5.0, "5", "S", 0, 0), _value(0.30000000000000004, "0.3", "S", 0, 0)]
    [5, 0.3]
    >>> [_value(1.0, "TRUE", "S", 0, 0), _value("TRUE", "TRUE", "S", 0, 0)]
    [True, 'TRUE']
    >>> _value("", "", "S", 0, 0) is None
    True
    >>> [_value(None, "#N/A", "S", 0, 0), _value(None, "Err:502", "S", 0, 0)]
    ['#N/A', '#VALUE!']
    """
    if isinstance(value, float):
        if shown in ("TRUE", "FALSE"):
            return shown == "TRUE"
        try:
            number = float(shown)
        except ValueError:  # a date or a time: openpyxl reads it by its format
            raise Unreadable(
                f"{sheet}!R{row + 1}C{col + 1} shows {shown!r}, not a number (a date?)"
            ) from None
        return int(number) if number.is_integer() and abs(number) < INT_LIMIT else number
    if isinstance(value, str):
        return value or None
    if shown in EXCEL_ERRORS:
        return EXCEL_ERRORS[shown]
    raise Unreadable(f"{sheet}!R{row + 1}C{col + 1} holds {shown!r}, which has no xlsx value")


def _props(**values: Any) -> tuple[Any, ...]:
    from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]

    out = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name, prop.Value = name, value
        out.append(prop)
    return tuple(out)


def _message(exc: BaseException) -> str:
    text = getattr(exc, "Message", "") or str(exc)
    return f"{type(exc).__name__}: {text}".strip().splitlines()[0][:300]


def answer(office: Office, request: dict[str, Any]) -> dict[str, Any]:
    """Convert every file of a request; the files written and those that failed."""
    written: list[str] = []
    failed: list[list[str]] = []
    restarts = 1
    for path in request["files"]:
        out = target(path, request["outdir"], request["ext"])
        while True:
            try:
                if not office.alive():
                    raise RuntimeError("LibreOffice is not running")
                if request["filter"] == VALUES:
                    office.values(path, out)
                else:
                    office.convert(path, out, request["filter"])
                written.append(out)
                break
            except Exception as exc:
                if restarts == 0 or office.alive():
                    failed.append([path, _message(exc)])
                    break
                restarts -= 1  # the office died (under this file, or before it): once more
                office.stop()
                try:
                    office.start()
                except Exception as again:
                    failed.append([path, _message(again)])
                    break
    return {"written": written, "failed": failed}


def main(argv: list[str]) -> int:
    """Serve requests from stdin until it ends (see the module's docstring)."""
    soffice, profile = argv[1], argv[2]
    office = Office(soffice, profile)
    try:
        office.start()
    except Exception as exc:
        print(json.dumps({"error": _message(exc)}), flush=True)
        office.stop()
        return 1
    print(json.dumps({"ready": True}), flush=True)
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
            except json.JSONDecodeError as exc:
                print(json.dumps({"error": f"not JSON: {exc}"}), flush=True)
                continue
            problem = request_error(request)
            reply = {"error": problem} if problem else answer(office, request)
            print(json.dumps(reply), flush=True)
    finally:
        office.stop()
        # the profile is this converter's alone (its caller may be gone without cleaning up)
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
