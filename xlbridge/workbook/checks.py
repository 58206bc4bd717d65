"""The Checks sheet: every problem in the entered results, one line each with board and row.

A hidden column gathers each traveller row's problem text (and each board's balance); a
running count numbers the non-empty ones, and the visible list picks the k-th with INDEX/MATCH.
The sheet's total of open problems, which the Results and Barometer sheets read, is one cell:

>>> f"Checks!{TOTAL}"
'Checks!$Z$2'
"""

from __future__ import annotations

from typing import Any, Protocol

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbook import formulas as F
from xlbridge.workbook.styles import Styler, fit_landscape

__all__ = ["FIRST", "TOTAL", "write_checks", "write_provisional_line"]

FIRST = 4
# The count of every open problem the sheet lists (its own list, then the lines of an import:
# xlbridge.workbook.import_lines), which the summary line and the Barometer's status read.
TOTAL = "$Z$2"
PRINTED = 24  # problem lines on the one printed (landscape) page
_WARN = Font(size=14, bold=True, color="C00000")


class ChecksContext(Protocol):
    """What the Checks sheet needs of a family's build context (pairs, individuals, teams)."""

    wb: Workbook
    style: Styler
    checks_sources: list[str]


def write_provisional_line(ws: Any, ref: str = "A3") -> None:
    """Write a printed Results page's PROVISIONAL line in ``ref``, in red: by formula, the
    number of open problems the Checks sheet counts (:data:`TOTAL`), "" when there are none.

    >>> from openpyxl import Workbook
    >>> ws = Workbook().active
    >>> write_provisional_line(ws)
    >>> ws["A3"].value[:40]
    '=IF(Checks!$Z$2>0,"PROVISIONAL: "&Checks'
    """
    ws[ref] = F.provisional_line(f"Checks!{TOTAL}")
    ws[ref].font = _WARN


def write_checks(ctx: ChecksContext) -> Worksheet:
    """Write the ``Checks`` sheet from the sources the travellers (or match sheets)
    registered."""
    ws: Worksheet = ctx.wb.create_sheet("Checks")
    st = ctx.style
    src = ctx.checks_sources
    last = FIRST + len(src) - 1
    msgs = f"$Y${FIRST}:$Y${last}"
    counts = f"$Z${FIRST}:$Z${last}"
    ws["A1"] = "Checks: problems in the entered results"
    st(ws["A1"], "xlb Title")
    ws[TOTAL.replace("$", "")] = f"=$Z${last}"
    ws["A2"] = F.problems_summary(TOTAL)
    st(ws["A2"], "xlb Label")
    printed = min(len(src), PRINTED)
    ws["A3"] = (
        "Problem"
        if printed == len(src)
        else f"Problem (the first {printed} print; fix them and the next move up)"
    )
    st(ws["A3"], "xlb Header")
    put = ws.cell
    for i, ref in enumerate(src):
        r = FIRST + i
        put(row=r, column=25, value=f'=IF({ref}="","",{ref})')  # Y
        put(row=r, column=26, value=F.running_count(f"$Y{r}", None if i == 0 else f"$Z{r - 1}"))
        put(row=r, column=1, value=F.nth_problem(i + 1, msgs, counts))
    ws.column_dimensions["A"].width = 110
    ws.column_dimensions.group("Y", "Z", hidden=True)
    ws.freeze_panes = f"A{FIRST}"
    # One page: the list fills from the top, so the rows below the problems are blank.
    ws.print_area = f"A1:A{FIRST + printed - 1}"
    fit_landscape(ws)
    ws.print_title_rows = "3:3"
    ws.protection.sheet = True
    return ws
