"""The Session sheet's label/value lines that every family writes and reads (event, kind,
settings); the duplicate form's own lines and instructions live in
:mod:`xlbridge.families.duplicate.session_sheet`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.movements.registry import FAMILIES, FamilyName
from xlbridge.numerals import whole_number
from xlbridge.text import put_text
from xlbridge.workbook.cells import Sheet, stored_cells
from xlbridge.workbook.styles import Styler

__all__ = [
    "SESSION",
    "SessionSettings",
    "family_of_workbook",
    "kind_of_workbook",
    "read_settings",
    "write_settings",
]


def write_settings(
    ws: Worksheet,
    st: Styler,
    rows: Sequence[tuple[str, Any]],
    first: int = 3,
    value_style: Callable[[str], str] | None = None,
) -> None:
    """One labelled setting a row from row ``first``: the label in A, the value in B (text as
    text, "=..." included; a number as a number), styled ``value_style(label)`` when given.
    Every family's Session sheet writes its settings with it; :func:`read_settings` reads them.

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> ws = wb.create_sheet("Session")
    >>> write_settings(ws, Styler(wb), [("Date", "=1+1"), ("Tables", 5)])
    >>> ws["B3"].value, ws["B3"].data_type, ws["B4"].value
    ('=1+1', 's', 5)
    """
    for i, (label, value) in enumerate(rows, start=first):
        st(ws.cell(row=i, column=1, value=label), "xlb Label")
        cell = ws.cell(row=i, column=2)
        if isinstance(value, str):
            put_text(cell, value, label.lower())
        else:
            cell.value = value
        if value_style is not None:
            st(cell, value_style(label))


# --- the settings rows, read back -----------------------------------------------------------

SESSION = "Session"
FIRST_SETTING = 3  # the row of the first label/value line (A1 the event, row 2 blank)
MAX_SETTINGS = 40  # label/value lines read before the blank row that must end them
MAX_LINES = 60  # column-A lines read after that blank row (the instructions)


@dataclass(frozen=True, slots=True)
class SessionSettings(Mapping[str, Any]):
    """A Session sheet as :func:`write_settings` writes it: the event (A1) and the label ->
    value lines from row 3 (column A -> B, the first of a repeated label wins), read by
    :func:`read_settings`; a mapping of label -> value, with typed getters that name the cell.
    ``lines``: column A's texts after the blank row ending the settings (the instructions),
    kept only for workbooks that recorded a setting nowhere else.

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> ws = wb.create_sheet("Session")
    >>> ws["A1"] = "Club"
    >>> write_settings(ws, Styler(wb), [("Date", "=1+1"), ("Tables", 5), ("Kind", "rubber")])
    >>> ws["A7"] = "1. Type the names."
    >>> s = read_settings(wb)
    >>> s.event, dict(s), s.lines, s.cell("Kind")
    ('Club', {'Date': '=1+1', 'Tables': 5, 'Kind': 'rubber'}, ('1. Type the names.',), 'B5')
    >>> s.whole("Tables", (1, 100)), s.text("Date"), s.text("Players")
    (5, '=1+1', '')
    >>> s.whole("Kind")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet, cell B5: Kind 'rubber' is not a whole number
    >>> for r in range(3, 60):
    ...     ws[f"A{r}"] = f"Line {r}"
    >>> read_settings(ws)
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet: more than 40 settings lines from row 3 (a ...
    """

    event: Any
    entries: Mapping[str, Any]  # label -> value, in row order
    rows: Mapping[str, int]  # label -> its row
    lines: tuple[str, ...] = ()

    def __getitem__(self, label: str) -> Any:
        return self.entries[label]

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def cell(self, label: str) -> str:
        """The cell holding ``label``'s value (``B7``); ``""`` for a label the sheet lacks."""
        row = self.rows.get(label)
        return "" if row is None else f"B{row}"

    @property
    def kind(self) -> str:
        """The kind the workbook is, trimmed and in lower case: the ``Movement`` line's (pairs
        and individual workbooks), else the ``Kind`` line's (teams and social); ``""`` if none.
        Every reader takes the kind from here, so a kind on either line reads the same."""
        for label in ("Movement", "Kind"):
            value = self.entries.get(label)
            if isinstance(value, str) and value.strip():
                return value.strip().lower()
        return ""

    def text(self, label: str) -> str:
        """``label``'s value as text; ``""`` when blank or missing."""
        value = self.entries.get(label)
        return "" if value is None else str(value)

    def whole(self, label: str, limits: tuple[int, int] | None = None, *, text: bool = True) -> int:
        """``label``'s value as a whole number (within ``limits``), else one line naming the
        Session sheet's cell (:func:`xlbridge.numerals.whole_number`)."""
        if label not in self.entries:
            raise WorkbookError(
                f"Session sheet: no {label!r} line; was the workbook written by xlbridge new?"
            )
        return whole_number(
            self.entries[label],
            f"Session sheet, cell {self.cell(label)}: {label}",
            limits=limits,
            error=WorkbookError,
            text=text,
        )


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def read_settings(source: Any) -> SessionSettings:
    """The Session sheet's :class:`SessionSettings`, read exactly as :func:`write_settings`
    writes them: from the first labelled row after A1 (row 3) to the next row whose label
    (column A) is blank, at most ``MAX_SETTINGS`` lines. ``source``: a workbook (openpyxl,
    read-only or not, or the kit's :class:`~xlbridge.workbook.cells.Book`) or its Session
    sheet (a worksheet or :class:`~xlbridge.workbook.cells.Sheet`); a writable sheet gets no
    cell it did not have."""
    if hasattr(source, "sheetnames"):
        if SESSION not in source.sheetnames:
            raise WorkbookError(
                "the workbook has no Session sheet; was it written by xlbridge new?"
            )
        source = source[SESSION]
    last = FIRST_SETTING + 2 * MAX_SETTINGS + MAX_LINES
    if isinstance(source, Sheet):
        got = {(r, k): source.cell(r, k).value for r in range(1, last + 1) for k in (1, 2)}
    else:
        got = {
            (c.row, c.column): c.value
            for c in stored_cells(source, max_row=last, max_col=2)
            if getattr(c, "row", None) is not None
        }
    values: dict[str, Any] = {}
    rows: dict[str, int] = {}
    start = 2  # the first labelled row after A1 (row 3 as write_settings writes them)
    while start < FIRST_SETTING + MAX_SETTINGS and _blank(got.get((start, 1))):
        start += 1
    end = start
    while not _blank(got.get((end, 1))):
        if end == start + MAX_SETTINGS:
            raise WorkbookError(
                f"Session sheet: more than {MAX_SETTINGS} settings lines from row {start}"
                " (a blank row ends them); was the workbook written by xlbridge new?"
            )
        label = got[(end, 1)]
        if isinstance(label, str) and label.strip() not in values:
            values[label.strip()] = got.get((end, 2))
            rows[label.strip()] = end
        end += 1
    lines = tuple(
        str(v).strip() for r in range(end + 1, last + 1) if not _blank(v := got.get((r, 1)))
    )
    return SessionSettings(got.get((1, 1)), MappingProxyType(values), MappingProxyType(rows), lines)


def kind_of_workbook(book: Any) -> str:
    """The kind a workbook's Session sheet names (its ``Movement`` line, ``Kind`` on teams and
    social workbooks): the one place that asks which kind a workbook is (``results``,
    ``rebuild``, ``import``, ``swiss next``).

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> write_settings(wb.create_sheet("Session"), Styler(wb), [("Kind", "rubber")])
    >>> kind_of_workbook(wb)
    'rubber'
    """
    kind = read_settings(book).kind
    if not kind:
        raise WorkbookError(
            "Session sheet: no 'Movement' or 'Kind' line naming the kind; was the workbook"
            " written by xlbridge new?"
        )
    return kind


def family_of_workbook(book: Any) -> tuple[str, FamilyName]:
    """(kind, family) from the Session sheet (:func:`kind_of_workbook`); a kind xlbridge does
    not know reads as pairs."""
    kind = kind_of_workbook(book)
    return kind, FAMILIES.get(kind, "pairs")
