"""What ``xlbridge import`` could not import, at the foot of the Checks sheet: open problems
until the director has dealt with each one (typed the right result on its traveller, then OK
beside the line), counted in the sheet's summary line and by ``xlbridge results``.

The section is written by :func:`write_import_lines` (replacing the lines of an earlier
import, which would otherwise stay there stale) and read back in Python by
:func:`open_import_lines`: a line is open while its OK cell is empty, the rule of the hidden
count formula beside it (:func:`open_formula`).

>>> from xlbridge.workbook.styles import open_template, Styler
>>> from xlbridge.workbook.checks import write_checks
>>> class Ctx:
...     wb = open_template(None)
...     style = Styler(wb)
...     checks_sources = ["'Board 1'!$AU$3"]
>>> ws = write_checks(Ctx())
>>> write_import_lines(Ctx.wb, "r.csv", ["r.csv line 3: board 1: pair '9' (NS) is not in it"])
>>> ws["Z2"].value
'=$Z$4+SUM($Z$7:$Z$7)'
>>> [ws["A6"].value, ws["B6"].value, ws["Z7"].value]
['Import from r.csv: rows not imported', 'OK', '=IF(TRIM($B7)="",1,0)']
>>> ws["A7"].value
"r.csv line 3: board 1: pair '9' (NS) is not in it"
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import TextError
from xlbridge.limits import CELL_TEXT
from xlbridge.text import put_text
from xlbridge.workbook import formulas as F
from xlbridge.workbook.cells import Book
from xlbridge.workbook.checks import FIRST, TOTAL
from xlbridge.workbook.styles import Styler

__all__ = [
    "HEAD",
    "ImportSection",
    "carry_import_section",
    "import_section",
    "open_formula",
    "open_import_lines",
    "write_import_lines",
]

CHECKS = "Checks"
HEAD = "Import from "  # the section's header line starts so (older workbooks' too)
_HEAD_END = ": rows not imported"
_OK_HINT = "OK: type it beside a line once its result is on the traveller"
_COUNT = 26  # column Z: the hidden running counts of the Checks sheet


def open_formula(r: int) -> str:
    """1 while the import line in row ``r`` is open (its OK cell, column B, empty), else 0."""
    return f'=IF(TRIM($B{r})="",1,0)'


def _list_end(ws: Any) -> int:
    """The last row of the Checks sheet's own list (its formulas from row ``FIRST``)."""
    r = FIRST
    while ws.cell(row=r + 1, column=_COUNT).data_type == "f":
        r += 1
    return r


def _section_start(ws: Any, after: int) -> int | None:
    for r in range(after + 1, ws.max_row + 1):
        v = ws.cell(row=r, column=1).value
        if isinstance(v, str) and v.startswith(HEAD):
            return r
    return None


def write_import_lines(wb: Any, source: str, problems: Sequence[str]) -> None:
    """Replace the Checks sheet's import section by ``problems`` (none: no section), each an
    open problem until OK is typed beside it; the summary line (A2) counts them."""
    _write_section(wb, f"{HEAD}{source}{_HEAD_END}", problems, ())


def _write_section(wb: Any, head: str, problems: Sequence[str], oks: Sequence[Any]) -> None:
    """The section under the header line ``head``, ``oks[i]`` typed beside ``problems[i]``."""
    if CHECKS not in wb.sheetnames:
        return
    ws = wb[CHECKS]
    last = _list_end(ws)
    old = _section_start(ws, last)
    if old is not None:  # an earlier import's lines: stale now
        ws.delete_rows(old, ws.max_row - old + 1)
    count = f"$Z${last}"
    if problems:
        st = Styler(wb)
        head_row, first = last + 2, last + 3
        end = first + len(problems) - 1
        cell = ws.cell(row=head_row, column=1)
        st(cell, "xlb Label")
        put_text(cell, head, "checks")
        st(ws.cell(row=head_row, column=2, value="OK"), "xlb Header")
        st(ws.cell(row=head_row, column=3, value=_OK_HINT), "xlb Label")
        for r, line in enumerate(problems, start=first):
            put_text(ws.cell(row=r, column=1), line[:1000], "checks", max_chars=CELL_TEXT)
            ok = ws.cell(row=r, column=2)
            st(ok, "xlb Input")  # unlocked: the director types OK
            _put_ok(ok, oks[r - first] if r - first < len(oks) else None)
            ws.cell(row=r, column=_COUNT, value=open_formula(r))
        count = f"{count}+SUM($Z${first}:$Z${end})"
    ws[TOTAL.replace("$", "")] = f"={count}"
    ws["A2"] = F.problems_summary(TOTAL)


def _put_ok(cell: Any, value: Any) -> None:
    """What the director typed beside an import line, as typed, text as text (text that cannot
    be a cell's is not carried: ``rebuild`` lists it)."""
    if value is None:
        return
    if not isinstance(value, str):
        cell.value = value
        return
    try:
        put_text(cell, value, "OK", max_chars=CELL_TEXT)
    except TextError:
        return


@dataclass(frozen=True, slots=True)
class ImportSection:
    """The import section of a workbook's Checks sheet as it stands: its header line, each
    line and what the director typed beside it (None for nothing)."""

    head: str
    lines: tuple[str, ...]
    oks: tuple[Any, ...]


def import_section(wb: Any) -> ImportSection | None:
    """The import section of a writable workbook's Checks sheet (None without one), to be
    written into a rebuilt workbook by :func:`carry_import_section`."""
    if CHECKS not in wb.sheetnames:
        return None
    ws = wb[CHECKS]
    start = _section_start(ws, _list_end(ws))
    if start is None:
        return None
    lines, oks = [], []
    for r in range(start + 1, ws.max_row + 1):
        text = ws.cell(row=r, column=1).value
        if text is None or text == "":
            break
        lines.append(str(text))
        ok = ws.cell(row=r, column=2)
        oks.append(ok.value if ok.data_type != "f" else None)  # a formula: listed, not carried
    return ImportSection(str(ws.cell(row=start, column=1).value), tuple(lines), tuple(oks))


def carry_import_section(section: ImportSection | None, wb: Any) -> None:
    """Write ``section`` (:func:`import_section` of the old workbook) at the foot of ``wb``'s
    Checks sheet: the same lines, each still open or marked as the director marked it."""
    if section is not None and section.lines:
        _write_section(wb, section.head, section.lines, section.oks)


def open_import_lines(book: Book) -> tuple[str, ...]:
    """The import lines of a workbook's Checks sheet still open (no OK beside them), as
    :func:`open_formula` counts them."""
    if CHECKS not in book.sheetnames:
        return ()
    ws = book[CHECKS]
    r = FIRST
    while ws.cell(r + 1, _COUNT).data_type == "f":
        r += 1
    start = None
    for k in range(r + 1, r + 4):  # the section starts one row below the list
        v = ws.cell(k, 1).value
        if isinstance(v, str) and v.startswith(HEAD):
            start = k
            break
    if start is None:
        return ()
    out = []
    for k in range(start + 1, ws.last_row + 1):  # every line the sheet holds
        text = ws.cell(k, 1).value
        if text is None or text == "":
            break
        ok = ws.cell(k, 2).value
        if ok is None or not str(ok).strip(" "):  # TRIM trims spaces
            out.append(str(text))
    return tuple(out)
