"""Both views of a workbook's sheet from one parse: each cell's formula and its stored value.

``results`` reads a filled workbook twice over: as written (a formula cell's formula) and as
last calculated (the value a spreadsheet program stored beside the formula). openpyxl gives
one or the other per load, so each sheet was parsed twice. :func:`sheet_views` parses a sheet
of a workbook opened read-only through the gate (:func:`xlbridge.interchange.gate.load_workbook`,
which has bounded its parts) once, and gives both: what openpyxl gives with ``data_only`` False
and with it True, cell for cell (a cell without a formula is read once; it is the same in both).
A view that openpyxl could not read (a number that is none, say) holds openpyxl's exception, to
be raised where that view is asked for, as openpyxl would have raised it there.

>>> import io, openpyxl
>>> from openpyxl import Workbook
>>> wb = Workbook()
>>> wb.active["A1"], wb.active["B1"] = 3, "=A1*2"
>>> buf = io.BytesIO()
>>> wb.save(buf)
>>> views = sheet_views(openpyxl.load_workbook(buf, read_only=True).active, 10, 10)
>>> views.formulas
((1, 1, 3, 'n'), (1, 2, '=A1*2', 'f'))
>>> views.cached  # never calculated: no stored value
((1, 1, 3, 'n'), (1, 2, None, 'n'))
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

from openpyxl.worksheet._reader import FORMULA_TAG, ROW_TAG, WorkSheetParser
from openpyxl.xml.functions import iterparse

__all__ = ["SheetViews", "StoredCell", "sheet_views"]

StoredCell = tuple[int, int, Any, str]
"""A stored cell as read: row, column, value, openpyxl's data type (``f`` formula, ``s`` text,
``n`` number, ``b``, ``d``, ``e``)."""


@dataclass(frozen=True, slots=True)
class SheetViews:
    """A sheet's stored cells with their formulas and with their stored values, in the order
    of the file; either is the exception openpyxl raised reading it."""

    formulas: tuple[StoredCell, ...] | Exception
    cached: tuple[StoredCell, ...] | Exception


class _BothParser(WorkSheetParser):
    """openpyxl's sheet parser reading each cell as both views (only the rows)."""

    def __init__(self, src: Any, ws: Any, max_row: int, max_col: int) -> None:
        book = ws.parent
        super().__init__(
            src, ws._shared_strings, data_only=False, epoch=book.epoch,
            date_formats=book._date_formats, timedelta_formats=book._timedelta_formats,
        )  # fmt: skip
        self.max_row, self.max_col = max_row, max_col
        self.views: tuple[list[StoredCell], list[StoredCell]] = ([], [])
        self.failed: list[Exception | None] = [None, None]

    def _view(self, element: Any, data_only: bool, at: int) -> dict[str, Any] | Exception:
        self.data_only, self.col_counter = data_only, at
        try:
            got: dict[str, Any] = super().parse_cell(element)
            return got
        except Exception as exc:  # raised again where this view is read
            return exc

    def parse_cell(self, element: Any) -> dict[str, Any]:
        at = self.col_counter
        formulas = self._view(element, False, at)
        both = element.find(FORMULA_TAG) is None  # the same without a formula
        cached = formulas if both else self._view(element, True, at)
        for i, got in enumerate((formulas, cached)):
            if self.failed[i] is not None:
                continue
            if isinstance(got, Exception):
                self.failed[i] = got
            elif self.row_counter <= self.max_row and got["column"] <= self.max_col:
                self.views[i].append((got["row"], got["column"], got["value"], got["data_type"]))
        for got in (formulas, cached):
            if not isinstance(got, Exception):
                self.col_counter = got["column"]
                return got
        assert isinstance(formulas, Exception)
        raise formulas  # both views fail on this cell: nothing later is read either

    def read(self) -> None:
        for _event, element in iterparse(self.source):
            if element.tag == ROW_TAG:
                self.parse_row(element)  # its cells go to the views, row number and all
                element.clear()


def sheet_views(ws: Any, max_row: int, max_col: int) -> SheetViews:
    """Both views of a read-only worksheet's stored cells within ``max_row`` rows and
    ``max_col`` columns, from one parse of its part. (Example: the module's.)"""
    failed: list[Exception | None] = [None, None]
    views: tuple[list[StoredCell], list[StoredCell]] = ([], [])
    try:
        with warnings.catch_warnings():  # what openpyxl drops matters only to a copy
            warnings.simplefilter("ignore")
            with ws._get_source() as src:
                parser = _BothParser(src, ws, max_row, max_col)
                failed, views = parser.failed, parser.views
                parser.read()
    except Exception as exc:  # raised again where each view is read
        failed = [failed[0] or exc, failed[1] or exc]
    f, c = failed
    return SheetViews(f or tuple(views[0]), c or tuple(views[1]))
