"""What a rebuild or an import could not carry, listed and never dropped: the ``Not carried``
sheet, what an earlier rebuild listed there, the sheets a user added, and an entry put back
into its new cell exactly as it was typed.

>>> family_article("individual"), family_article("teams")
('an individual', 'a teams')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment

from xlbridge.errors import WorkbookError
from xlbridge.limits import CELL_TEXT
from xlbridge.movements.registry import FamilyName
from xlbridge.scoring.contract import check_possible_score
from xlbridge.text import put_text
from xlbridge.workbook.cells import EXCEL_COLUMNS, EXCEL_ROWS, stored_cells
from xlbridge.workbook.styles import fit_landscape

__all__ = [
    "EARLIER",
    "NOT_CARRIED",
    "NotCarried",
    "added_sheets",
    "earlier_not_carried",
    "family_article",
    "put_entry",
    "write_not_carried",
]

EARLIER = "earlier rebuild: "


NOT_CARRIED = "Not carried"
EXCEL_MAX = 9.99999999999999e307  # the largest number a spreadsheet cell holds (Excel's limit)


@dataclass(frozen=True, slots=True)
class NotCarried:
    """One entry that has no place in the new workbook, and why."""

    what: str  # "result", "name", "expected"
    where: str
    entered: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.entered} ({self.reason})"


def put_entry(
    cell: Any, value: Any, what: str, *, score_board: int | None = None,
    max_chars: int = CELL_TEXT,
) -> None:  # fmt: skip
    """Write an entered value as it was typed: text stays text (never a formula), numbers stay
    numbers; text of more than ``max_chars`` characters is refused. A number no spreadsheet
    holds (``inf``, ``nan``, ``1e308``) is refused
    (:class:`~xlbridge.errors.WorkbookError`), and so is, in the NS Score of board
    ``score_board``, a score no contract can make there (Law 77).

    >>> from openpyxl import Workbook
    >>> c = Workbook().active["A1"]
    >>> put_entry(c, 420, "NS Score", score_board=1); c.value
    420
    >>> put_entry(c, 421, "NS Score", score_board=1)
    Traceback (most recent call last):
    ...
    xlbridge.errors.ResultError: NS Score 421 is no score a contract can make at vulnerability ...
    >>> put_entry(c, float("inf"), "Made")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Made inf is not a number a spreadsheet holds
    """
    if isinstance(value, str):
        put_text(cell, value, what, max_chars=max_chars)
        return
    if isinstance(value, int | float) and not isinstance(value, bool):
        if not -EXCEL_MAX <= value <= EXCEL_MAX:  # also inf and nan
            raise WorkbookError(f"{what} {str(value)[:24]} is not a number a spreadsheet holds")
        if score_board is not None:
            check_possible_score(value, score_board, what)
    cell.value = value


def earlier_not_carried(book: Any) -> tuple[NotCarried, ...]:
    """What an earlier rebuild listed on the workbook's ``Not carried`` sheet, so a second
    rebuild lists it again rather than dropping it (its reason marked ``earlier rebuild:``)."""
    if NOT_CARRIED not in book.sheetnames:
        return ()
    out: list[NotCarried] = []
    rows: dict[int, list[str]] = {}
    # the cells stored only: iter_rows would build every cell up to the sheet's last row
    for c in stored_cells(book[NOT_CARRIED], max_row=EXCEL_ROWS, max_col=4):
        if c.row >= 4 and c.value is not None:
            rows.setdefault(c.row, ["", "", "", ""])[c.column - 1] = str(c.value)
    for _r, cells in sorted(rows.items()):
        if not any(cells):
            continue
        what, where, entered, why = cells
        why = why if why.startswith(EARLIER) else EARLIER + why
        out.append(NotCarried(what, where, entered, why))
    return tuple(out)


def added_sheets(book: Any, ours: Callable[[str], bool]) -> tuple[NotCarried, ...]:
    """Every non-empty cell of a sheet the user added to the workbook (one for which ``ours``
    is false): the new workbook has no such sheet, so each is listed rather than lost."""
    out: list[NotCarried] = []
    for title in book.sheetnames:
        if title == NOT_CARRIED or ours(title):
            continue
        for c in stored_cells(book[title], max_row=EXCEL_ROWS, max_col=EXCEL_COLUMNS):
            if c.value is not None and str(c.value).strip():
                at, why = f"'{title}'!{c.coordinate}", "a sheet xlbridge does not write"
                out.append(NotCarried("other sheet", at, str(c.value), why))
    return tuple(out)


def write_not_carried(wb: Workbook, items: tuple[NotCarried, ...], title: str = NOT_CARRIED) -> Any:
    """A sheet listing every entry that was not carried (all as text), after ``Session``."""
    ws = wb.create_sheet(title, 1)
    ws["A1"] = f"{title}: entries of the old workbook with no place in this one"
    ws["A2"] = (
        f"{len(items)} entr{'y' if len(items) == 1 else 'ies'} listed; type them again where"
        " they belong, or keep this list with the session's papers."
        if items
        else "Every entry was carried over."
    )
    for j, head in enumerate(("What", "Where", "Entered", "Why"), start=1):
        ws.cell(row=3, column=j, value=head)
    for i, item in enumerate(items, start=4):
        for j, text in enumerate((item.what, item.where, item.entered, item.reason), start=1):
            put_text(ws.cell(row=i, column=j), text[:1000], "not carried")
    for col, width in zip("ABCD", (11, 64, 22, 68), strict=True):
        ws.column_dimensions[col].width = width
    for row in ws.iter_rows(min_row=4, min_col=2, max_col=4):
        for cell in row:  # a long place or reason wraps in its column, never under the next
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.print_title_rows = "3:3"
    fit_landscape(ws)
    return ws


def family_article(family: FamilyName) -> str:
    """``a social``, ``an individual``: for one-line refusals.

    >>> family_article("individual"), family_article("teams")
    ('an individual', 'a teams')
    """
    return f"{'an' if family[:1] in 'aeiou' else 'a'} {family}"
