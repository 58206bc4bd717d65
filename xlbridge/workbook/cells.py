"""A filled workbook's cells, read once through the gate and looked up by coordinates: the one
cell-reading kit every family's reader uses, and the coercions of what a user typed.

>>> whole(" 12 "), whole(3.0), whole_or_none("x"), typed_text(7.0, "A1")
(12, 3, None, '7')
>>> BOARD_SHEET.fullmatch("Board 12").group(1)
'12'
"""

from __future__ import annotations

import datetime
import re
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge import numerals
from xlbridge.errors import WorkbookError
from xlbridge.interchange.csvio import check_field
from xlbridge.interchange.onepass import StoredCell, sheet_views
from xlbridge.limits import SESSION_BOARDS

__all__ = [
    "BOARD_SHEET",
    "EXCEL_COLUMNS",
    "EXCEL_ROWS",
    "Book",
    "Cell",
    "Sheet",
    "cell_map",
    "date_text",
    "headers",
    "stored_cells",
    "typed_text",
    "unlocked_cells",
    "whole",
    "whole_or_none",
]

EXCEL_ROWS = 1_048_576  # a sheet's rows and columns in Excel 2007 and later
EXCEL_COLUMNS = 16_384
_MAX_COLS = 200  # columns read on a sheet (the traveller's helpers end at column AT)
# Rows read on a sheet: all of them. The gate has bounded the cells (and rows) a sheet stores
# (``SHEET_CELLS``), so what a user or an import wrote far down a sheet is never dropped.
_MAX_SHEET_ROWS = EXCEL_ROWS

BOARD_SHEET = re.compile(r"Board ([0-9]{1,4})")


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell as read: value, openpyxl data type (``f`` formula, ``s`` text, ``n`` number)."""

    value: Any
    data_type: str
    coordinate: str


def cell_map(ws: Any) -> Mapping[tuple[int, int], Any]:
    """A writable worksheet's existing cells by (row, column), read-only: only the cells that
    exist (``iter_rows`` would create every empty cell of the sheet's range)."""
    # openpyxl keeps them in this dict and has no public way to reach the existing ones.
    return MappingProxyType(ws._cells)


def unlocked_cells(ws: Any) -> list[Any]:
    """A writable worksheet's unlocked (input) cells, in row order: only the cells that exist
    (a cell never written has the default style, which is locked).

    >>> from openpyxl import Workbook
    >>> from openpyxl.styles import Protection
    >>> ws = Workbook().active
    >>> ws["B2"], ws["A1"] = 7, "Board"
    >>> ws["C3"].protection = ws["B2"].protection = Protection(locked=False)
    >>> [c.coordinate for c in unlocked_cells(ws)]
    ['B2', 'C3']
    """
    # Each cell's protection looked up by its index: ``c.protection`` builds a copy of it for
    # every cell (most of the time of a sheet's thousands of cells).
    protections = ws.parent._protections
    unlocked = {i for i, p in enumerate(protections) if p.locked is False}
    cells = cell_map(ws)
    return [
        cells[k] for k in sorted(cells)
        if (cells[k]._style.protectionId if cells[k]._style else 0) in unlocked
    ]  # fmt: skip


def stored_cells(ws: Any, *, max_row: int, max_col: int) -> Iterator[Any]:
    """The cells a worksheet holds within ``max_row`` rows and ``max_col`` columns: of a
    writable worksheet only those that exist (in row order), of a read-only one only those its
    part stores, as they are read. The work is that of the cells stored (which the gate bounds),
    never of the sheet's declared size or of the empty cells between stored ones."""
    if isinstance(ws, Worksheet):  # writable (a read-only sheet is another class)
        cells = cell_map(ws)
        for r, k in sorted(cells):
            if r <= max_row and k <= max_col:
                yield cells[(r, k)]
        return
    # openpyxl's iter_rows pads every row up to the sheet's declared size (<dimension
    # ref="A1:A1048576">) and every gap with empty cells; its row parser, which iter_rows
    # wraps, yields only the stored ones.
    from openpyxl.cell.read_only import ReadOnlyCell
    from openpyxl.worksheet._reader import WorkSheetParser

    book = ws.parent
    with ws._get_source() as src:
        parser = WorkSheetParser(
            src, ws._shared_strings, data_only=book.data_only, epoch=book.epoch,
            date_formats=book._date_formats, timedelta_formats=book._timedelta_formats,
        )  # fmt: skip
        for r, row in parser.parse():
            if r <= max_row:  # no break: a file may store its rows out of order
                yield from (ReadOnlyCell(ws, **c) for c in row if c["column"] <= max_col)


class Sheet:
    """A worksheet read once, row by row, into memory (every row the gate let through, up to
    ``_MAX_COLS`` columns); cells are then looked up by coordinates in constant time."""

    def __init__(self, ws: Any, stored: tuple[StoredCell, ...] | Exception | None = None) -> None:
        # ``stored``: the sheet's cells already read (:func:`~xlbridge.interchange.onepass.
        # sheet_views`), or the exception reading them raised
        self.title: str = ws.title
        self._cells: dict[tuple[int, int], Cell] = {}
        self._last = 0
        try:
            if isinstance(stored, Exception):
                raise stored
            if stored is None:
                with warnings.catch_warnings():  # a read-only sheet is parsed here; what openpyxl
                    warnings.simplefilter("ignore")  # drops (x14 extensions) matters only to a copy
                    cells = [
                        (c.row, c.column, c.value, c.data_type)
                        for c in stored_cells(ws, max_row=_MAX_SHEET_ROWS, max_col=_MAX_COLS)
                    ]
            for r, k, value, data_type in cells if stored is None else stored:
                if value is not None:  # EmptyCell (no row) has value None
                    self._cells[(r, k)] = Cell(value, data_type, f"{get_column_letter(k)}{r}")
            self._last = max((r for r, _ in self._cells), default=0)
        except ValueError as exc:  # openpyxl reading a number such as "inf" or "1,5"
            raise WorkbookError(
                f"sheet {self.title[:40]!r}: a cell holds a number that is none"
                f" ({str(exc).splitlines()[0][:80]})"
            ) from None

    @property
    def last_row(self) -> int:
        """The last row holding a value (0 for an empty sheet): where a scan down it can stop."""
        return self._last

    def cell(self, row: int, column: int) -> Cell:
        got = self._cells.get((row, column))
        return got or Cell(None, "n", f"{get_column_letter(column)}{row}")

    def __getitem__(self, ref: str) -> Cell:
        col, row = coordinate_from_string(ref)
        return self.cell(row, column_index_from_string(col))


class Book:
    """A workbook opened read-only through the gate; sheets are read when first asked for."""

    def __init__(self, wb: Workbook) -> None:
        self._wb = wb
        self.sheetnames: list[str] = list(wb.sheetnames)
        boards = sum(1 for n in self.sheetnames if BOARD_SHEET.fullmatch(n))
        if boards > SESSION_BOARDS[1]:  # each is read: bounded as writing bounds them
            raise WorkbookError(
                f"the workbook has {boards} Board sheets; a session workbook holds at most"
                f" {SESSION_BOARDS[1]}"
            )
        self._sheets: dict[str, Sheet] = {}
        self._twin: Book | None = None  # the other view of :meth:`views`
        self._cached = False  # this is the view of the stored values
        self._read: dict[str, tuple[StoredCell, ...] | Exception] = {}  # by the twin, for this

    def __getitem__(self, name: str) -> Sheet:
        if name not in self._sheets:
            ws = self._wb[name]
            if self._twin is None:
                self._sheets[name] = Sheet(ws)
            else:  # read once for both views
                stored = self._read.pop(name, None)
                if stored is None:
                    views = sheet_views(ws, _MAX_SHEET_ROWS, _MAX_COLS)
                    mine, other = (
                        (views.cached, views.formulas) if self._cached
                        else (views.formulas, views.cached)
                    )  # fmt: skip
                    stored, self._twin._read[name] = mine, other
                self._sheets[name] = Sheet(ws, stored)
        return self._sheets[name]

    @staticmethod
    def views(wb: Workbook) -> tuple[Book, Book]:
        """The formulas and the stored values of a workbook opened read-only with its formulas
        (as if opened twice, ``data_only`` False and True), each sheet parsed once for both
        when either first asks for it."""
        formulas, cached = Book(wb), Book(wb)
        formulas._twin, cached._twin, cached._cached = cached, formulas, True
        return formulas, cached


def typed_text(value: Any, what: str, free_text: bool = False) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return check_field(str(value).strip(), what=what, free_text=free_text)


def whole(value: Any) -> int | None:
    """:func:`xlbridge.numerals.whole_or_none` with up to 3 digits as text; None for a blank
    (None or "") or a bool, ValueError for anything else that is not a whole number."""
    if isinstance(value, bool) or value is None or value == "":
        return None
    n = numerals.whole_or_none(value, digits=3)
    if n is None:
        raise ValueError(value)
    return n


def headers(ws: Sheet, want: str) -> tuple[int, dict[str, int]]:
    for r in range(1, 11):
        labels: dict[str, int] = {}
        for c in range(1, _MAX_COLS + 1):  # a Recap's own columns follow up to 200 boards
            v = ws.cell(row=r, column=c).value
            if isinstance(v, str) and v.strip():
                labels.setdefault(v.strip(), c)
        if want in labels:
            return r, labels
    raise WorkbookError(f"sheet {ws.title!r}: no header row with {want!r}")


def date_text(value: Any) -> str:
    """The Session date as text: a date typed as a date becomes ``YYYY-MM-DD``."""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.strftime("%Y-%m-%d")
    return typed_text(value, what="Session date")


def whole_or_none(v: Any) -> int | None:
    """:func:`whole`, with None for anything that is not a whole number."""
    return numerals.whole_or_none(v, digits=3)
