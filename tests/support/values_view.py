"""Read a recalculated workbook's values (:func:`xlbridge.workbook.recalc.recalculate_values`)
the way the tests read ``openpyxl.load_workbook(copy, data_only=True)``: ``wb[sheet]``,
``ws["C5"].value``, ``ws.cell(row=5, column=3).value``, ``ws[5]`` (a row of cells),
``ws.iter_rows(..., values_only=True)``, ``wb.sheetnames``; so a test that only reads values
needs no xlsx copy (LibreOffice's save and openpyxl's load of it are most of its time).

A row is as wide as the sheet's widest row of values (openpyxl's also counts styled empty
cells); cells past it read None, as in openpyxl.

>>> from xlbridge.workbook.book_values import BookValues, SheetValues
>>> wb = BookView(BookValues((SheetValues("Recap", (("Pair", None), (1, 52.5))),)))
>>> ws = wb["Recap"]
>>> ws["B2"].value, ws.cell(row=2, column=1).value, [c.value for c in ws[1]], ws["Q9"].value
(52.5, 1, ['Pair', None], None)
>>> list(ws.iter_rows(min_row=2, values_only=True)), wb.sheetnames
([(1, 52.5)], ['Recap'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl.utils.cell import get_column_letter

from xlbridge.workbook.book_values import BookValues, CellValue, SheetValues
from xlbridge.workbook.recalc import recalculate_values

__all__ = ["BookView", "CellView", "SheetView", "recalculated_views"]


@dataclass(frozen=True, slots=True)
class CellView:
    """One cell's value, where it is."""

    value: CellValue
    row: int
    column: int

    @property
    def coordinate(self) -> str:
        return f"{get_column_letter(self.column)}{self.row}"


class SheetView:
    """A sheet's values, read as openpyxl's worksheet reads them."""

    def __init__(self, sheet: SheetValues) -> None:
        self.values = sheet
        self.title = sheet.title

    @property
    def max_row(self) -> int:
        return max(self.values.max_row, 1)

    @property
    def max_column(self) -> int:
        return max(self.values.max_column, 1)

    def cell(self, row: int, column: int) -> CellView:
        return CellView(self.values.cell(row, column), row, column)

    def __getitem__(self, key: str | int) -> Any:
        if isinstance(key, int):
            return tuple(self.cell(key, c) for c in range(1, self.max_column + 1))
        if ":" in key:
            raise NotImplementedError("ranges: read them with iter_rows")
        value = self.values[key]
        row, column = _where(key)
        return CellView(value, row, column)

    def iter_rows(
        self,
        min_row: int | None = None,
        max_row: int | None = None,
        min_col: int | None = None,
        max_col: int | None = None,
        values_only: bool = False,
    ) -> Iterator[tuple[Any, ...]]:
        first_row, first_col = min_row or 1, min_col or 1
        last_row, last_col = max_row or self.max_row, max_col or self.max_column
        for r in range(first_row, last_row + 1):
            if values_only:
                yield tuple(self.values.cell(r, c) for c in range(first_col, last_col + 1))
            else:
                yield tuple(self.cell(r, c) for c in range(first_col, last_col + 1))


    def __iter__(self) -> Iterator[tuple[CellView, ...]]:
        """Every row's cells, as ``for row in ws`` gives them."""
        return self.iter_rows()


def _where(coordinate: str) -> tuple[int, int]:
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    letters, row = coordinate_from_string(coordinate)
    return row, column_index_from_string(letters)


class BookView:
    """A workbook's values, read as openpyxl's workbook reads them."""

    def __init__(self, book: BookValues) -> None:
        self.book = book
        self.worksheets = [SheetView(s) for s in book.sheets]
        self.sheetnames = [s.title for s in book.sheets]

    def __getitem__(self, title: str) -> SheetView:
        return self.worksheets[self.book.sheets.index(self.book[title])]  # KeyError as openpyxl

    def __contains__(self, title: object) -> bool:
        return title in self.book


def recalculated_views(paths: Sequence[Path], outdir: Path) -> dict[str, BookView]:
    """Recalculate ``paths`` in LibreOffice; each workbook's values by its file's stem."""
    books = recalculate_values(paths, outdir)
    return {Path(p).stem: BookView(b) for p, b in zip(paths, books, strict=True)}
