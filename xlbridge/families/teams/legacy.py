"""Teams workbooks written before the match sheets showed the IMPs each side won (issue 20):
how to tell them, and the input layout they have, so that ``rebuild`` (and ``swiss next``)
can read their entries.

Layout 1 (before): each board's ``Home IMPs`` and ``Away IMPs`` signed, the match total a net,
no ``Margin`` row, no ``OK 1``/``OK 2`` columns, the Standings by team number. Layout 2 (now):
the IMPs won, the gross total, a ``Margin`` row, the OK columns, the Standings in rank order.
The rebuild engine compares a workbook with the one xlbridge writes for its settings, input
cell by input cell and label by label; :func:`as_layout_1` turns today's workbook into the
earlier one for that comparison only (it is never written: rebuilding writes layout 2).

>>> LAYOUT
2
"""

from __future__ import annotations

from copy import copy
from typing import Any

from openpyxl import Workbook

from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.plan import TeamsPlan

__all__ = ["LAYOUT", "as_layout_1", "layout_of"]

LAYOUT = 2
_HEADER_ROW = 5  # build.HEADER_ROW
_FIRST_ROW = 6  # build.FIRST_ROW
_STANDINGS_FIRST = 5  # standings.STANDINGS_FIRST
_TYPED_LINE = "3. A number typed into NS Score replaces the computed score (Checks lists it)."


def layout_of(book: Any) -> int:
    """2 when the first match sheet has the ``OK 1`` column, else 1 (written before it)."""
    ws = book["Match 1"] if "Match 1" in book.sheetnames else None
    if ws is None or ws[f"{T.OK_COLS[1]}{_HEADER_ROW}"].value == "OK 1":
        return LAYOUT
    return 1


def _lock(cell: Any) -> None:
    p = copy(cell.protection)
    p.locked = True
    cell.protection = p


def as_layout_1(wb: Workbook, plan: TeamsPlan) -> Workbook:
    """``wb`` (layout 2, for ``plan``) with the input cells and labels of layout 1: the OK
    cells locked, the Margin rows taken out, the Standings' team numbers by number, and the
    Session and Checks texts of then."""
    for m in plan.matches:
        ws = wb[f"Match {m.number}"]
        for r in range(_FIRST_ROW, _FIRST_ROW + len(m.boards)):
            for col in T.OK_COLS.values():
                _lock(ws[f"{col}{r}"])
        for r in range(_FIRST_ROW + len(m.boards), ws.max_row + 1):
            if ws.cell(row=r, column=1).value == "Margin":
                ws.delete_rows(r)
                break
    session = wb["Session"]
    for r in range(1, session.max_row + 1):
        cell = session.cell(row=r, column=1)
        if isinstance(cell.value, str) and cell.value.startswith("3. A number typed into NS"):
            cell.value = _TYPED_LINE
    if "Standings" in wb.sheetnames:
        ws = wb["Standings"]
        for i, t in enumerate(plan.teams):
            ws.cell(row=_STANDINGS_FIRST + i, column=1, value=t)
    wb["Checks"]["A3"] = "Problem"
    return wb
