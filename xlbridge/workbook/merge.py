"""Merging cells as openpyxl's ``merge_cells`` does, each distinct style change worked out once.

openpyxl's ``Worksheet.merge_cells`` makes a ``MergedCell`` for every covered cell, then gives
each cell on an edge the top-left cell's border there and every cell the top-left cell's
protection, one assignment a cell. Each assignment looks its style up in the workbook's list by
hashing the style object, which is slow (a third of a teams workbook's build went there). The
outcome of an assignment depends only on the cell's style before it, so :func:`merge_cells` does
it once for each distinct (change, style before) and gives the other cells the same style ids:
the same cells with the same styles, so the same file, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from typing import Any

from openpyxl.cell.cell import MergedCell
from openpyxl.styles.borders import Border
from openpyxl.styles.cell_style import StyleArray
from openpyxl.worksheet.merge import MergedCellRange
from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["merge_cells"]

_EDGES = ("top", "left", "right", "bottom")  # openpyxl's order: a corner's borders add up so


def merge_cells(ws: Worksheet, ref: str) -> None:
    """``ws.merge_cells(ref)``: the same merged range, cells and styles.

    >>> from openpyxl import Workbook
    >>> from openpyxl.styles import Border, Side
    >>> ws = Workbook().active
    >>> ws["A1"].border = Border(top=Side(style="thin"), left=Side(style="thin"))
    >>> merge_cells(ws, "A1:C2")
    >>> str(ws.merged_cells), type(ws["C2"]).__name__, ws["C1"].border.top.style
    ('A1:C2', 'MergedCell', 'thin')
    >>> ws["B2"].border.top.style, ws["A2"].border.left.style
    (None, 'thin')
    """
    mcr = MergedCellRange(ws, ref)
    ws.merged_cells.add(mcr)
    stored: dict[tuple[int, int], Any] = ws._cells
    cells = mcr.cells
    next(cells)  # the top-left cell stays
    for row, col in cells:
        stored[row, col] = MergedCell(ws, row, col)
    start = mcr.start_cell
    done: dict[tuple[str, tuple[int, ...]], StyleArray] = {}

    def change(what: str, coords: Any, apply: Callable[[Any], None]) -> None:
        for coord in coords:
            cell: Any = stored.get(coord)
            if cell is None:
                cell = MergedCell(ws, row=coord[0], column=coord[1])
                stored[coord] = cell
            key = (what, tuple(cell._style or ()))  # None: no style yet
            after = done.get(key)
            if after is None:
                apply(cell)
                done[key] = StyleArray(cell._style)
            else:
                cell._style = StyleArray(after)

    for name in _EDGES:
        side = getattr(start.border, name)
        if side and side.style is None:
            continue  # no border on that edge: nothing to give
        border = Border(**{name: side})

        def add_border(cell: Any, border: Border = border) -> None:
            cell.border += border

        change(name, getattr(mcr, name), add_border)
    if start.protection is not None:
        protection = copy(start.protection)

        def protect(cell: Any) -> None:
            cell.protection = protection

        change("protection", mcr.cells, protect)
