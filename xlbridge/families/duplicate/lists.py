"""The duplicate form's hidden ``Lists`` sheet: the contract drop-down and IMP scale every
IMP-scored game shares (:mod:`xlbridge.workbook.lists`), the adjusted scores, and with score
entry every score size Law 77 gives.

>>> from openpyxl import Workbook
>>> from xlbridge.families.duplicate.context import Context, Options
>>> from xlbridge.movements.howell import howell
>>> ws = write_lists(Context.create(Workbook(), howell(3), Options(scoring="butler")))
>>> ws.title, ws.sheet_state, ws["A1"].value is not None, ws["H1"].value is not None
('Lists', 'hidden', True, True)
"""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import LISTS, Context
from xlbridge.scoring.contract import score_sizes
from xlbridge.workbook.lists import (
    ADJ_IMP_FIRST_COL,
    SCORES_COL,
    adjusted_rows,
    imp_adjusted_rows,
    write_contracts_and_imps,
)

__all__ = ["write_lists"]


def write_lists(ctx: Context) -> Worksheet:
    """Write the hidden ``Lists`` sheet."""
    ws: Worksheet = ctx.wb.create_sheet(LISTS)
    write_contracts_and_imps(ws)
    for i, (text, ns_pct, ew_pct) in enumerate(adjusted_rows(), start=1):
        ws.cell(row=i, column=4, value=text)
        ws.cell(row=i, column=5, value=ns_pct)
        ws.cell(row=i, column=6, value=ew_pct)
    if ctx.options.scoring != "mp":
        for i, (text, ns, ew) in enumerate(imp_adjusted_rows(), start=1):
            ws.cell(row=i, column=ADJ_IMP_FIRST_COL, value=text)
            ws.cell(row=i, column=ADJ_IMP_FIRST_COL + 1, value=ns)
            ws.cell(row=i, column=ADJ_IMP_FIRST_COL + 2, value=ew)
    if ctx.options.result_entry == "score":  # F.SCORES_LIST, the typed scores' check
        for i, points in enumerate(score_sizes(), start=1):
            ws.cell(row=i, column=SCORES_COL, value=points)
    ws.sheet_state = "hidden"
    ws.protection.sheet = True
    return ws
