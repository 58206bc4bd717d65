"""The values of a recalculated workbook, sheet by sheet: what ``openpyxl.load_workbook(path,
data_only=True)`` reads from the copy LibreOffice saves, without that copy
(:func:`xlbridge.workbook.recalc.recalculate_values` makes them).

A value is an int (an integral number), a float, a bool, a str (text, or an error's Excel text
such as ``"#N/A"``), a date or time where openpyxl reads one, or None (an empty cell, or empty
text). A sheet holds its rows from A1 to its last value; a cell past them is None.

>>> book = BookValues((SheetValues("Recap", ((None, "Pair"), (1, 52.5, True))),))
>>> book.sheetnames
('Recap',)
>>> sheet = book["Recap"]
>>> sheet["B2"], sheet.cell(2, 3), sheet["Z99"], sheet.max_row, sheet.max_column
(52.5, True, None, 2, 3)
>>> list(sheet.iter_rows(min_row=2, max_col=2))
[(1, 52.5)]
>>> book_from_json('{"sheets": [["S", [[1, null], [null]]]]}')["S"].rows
((1,),)
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from xlbridge.errors import WorkbookError

__all__ = ["BookValues", "CellValue", "SheetValues", "book_from_json", "book_from_workbook"]

CellValue = (
    int | float | bool | str | datetime.datetime | datetime.date | datetime.time
    | datetime.timedelta | None
)  # fmt: skip


def _trimmed(rows: Any) -> tuple[tuple[CellValue, ...], ...]:
    """Rows without trailing empty cells, and without trailing empty rows."""
    out = [tuple(row)[: _width(tuple(row))] for row in rows]
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _width(row: tuple[CellValue, ...]) -> int:
    n = len(row)
    while n and row[n - 1] is None:
        n -= 1
    return n


@dataclass(frozen=True, slots=True)
class SheetValues:
    """One sheet's values: ``rows[r][c]`` is the cell at row ``r + 1``, column ``c + 1``
    (rows stop at their last value, so a shorter row is padded with None when read)."""

    title: str
    rows: tuple[tuple[CellValue, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", _trimmed(self.rows))

    @property
    def max_row(self) -> int:
        """The last row with a value (0 for an empty sheet)."""
        return len(self.rows)

    @property
    def max_column(self) -> int:
        """The last column with a value, over every row (0 for an empty sheet)."""
        return max((len(row) for row in self.rows), default=0)

    def cell(self, row: int, column: int) -> CellValue:
        """The value at ``row``, ``column`` (both from 1); None past the last value."""
        if row < 1 or column < 1:
            raise WorkbookError(f"{self.title}: no cell at row {row}, column {column}")
        if row > len(self.rows):
            return None
        line = self.rows[row - 1]
        return line[column - 1] if column <= len(line) else None

    def __getitem__(self, coordinate: str) -> CellValue:
        """The value of the cell ``coordinate`` (``"C5"``)."""
        try:
            letters, row = coordinate_from_string(coordinate)
        except ValueError:
            raise WorkbookError(f"{self.title}: {coordinate!r} is not a cell") from None
        return self.cell(row, column_index_from_string(letters))

    def iter_rows(
        self,
        min_row: int = 1,
        max_row: int | None = None,
        min_col: int = 1,
        max_col: int | None = None,
    ) -> Iterator[tuple[CellValue, ...]]:
        """Each row's values from ``min_col`` to ``max_col`` (by default the sheet's
        :attr:`max_row` and :attr:`max_column`), as ``iter_rows(values_only=True)`` does."""
        last_row = self.max_row if max_row is None else max_row
        last_col = self.max_column if max_col is None else max_col
        for r in range(min_row, last_row + 1):
            yield tuple(self.cell(r, c) for c in range(min_col, last_col + 1))


@dataclass(frozen=True, slots=True)
class BookValues:
    """A workbook's sheets' values, in the workbook's order."""

    sheets: tuple[SheetValues, ...]

    @property
    def sheetnames(self) -> tuple[str, ...]:
        """The sheet names, in order."""
        return tuple(s.title for s in self.sheets)

    def __getitem__(self, title: str) -> SheetValues:
        """The sheet named ``title``."""
        for sheet in self.sheets:
            if sheet.title == title:
                return sheet
        raise KeyError(f"Worksheet {title} does not exist.")

    def __contains__(self, title: object) -> bool:
        return title in self.sheetnames


def book_from_json(text: str) -> BookValues:
    """The values the converter wrote (``{"sheets": [[title, rows], ...]}``)."""
    try:
        got = json.loads(text)
        sheets = tuple(SheetValues(title, tuple(map(tuple, rows))) for title, rows in got["sheets"])
    except (ValueError, KeyError, TypeError) as exc:
        raise WorkbookError(f"the recalculated values cannot be read ({exc})") from None
    return BookValues(sheets)


def book_from_workbook(wb: Any) -> BookValues:
    """The values of a workbook openpyxl opened (with ``data_only=True`` for cached values)."""
    return BookValues(
        tuple(SheetValues(ws.title, tuple(ws.iter_rows(values_only=True))) for ws in wb.worksheets)
    )
