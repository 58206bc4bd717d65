"""The hidden ``Lists`` sheet: the contract drop-down, the IMP scale and the adjusted scores.

Every number comes from the rules layer: IMP bounds from ``xlbridge.scoring.imps.IMP_BOUNDS``,
adjusted percentages from ``Adjusted.parse``, contracts from ``Contract``.
"""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import XlbridgeError
from xlbridge.scoring.imps import IMP_BOUNDS
from xlbridge.scoring.matchpoints import Adjusted
from xlbridge.types import Contract, Doubling, Strain
from xlbridge.workbook.context import LISTS, Context

__all__ = ["adjusted_texts", "write_lists"]


def adjusted_texts() -> list[str]:
    """The adjusted-score texts the workbook understands (each parsed by ``Adjusted.parse``)."""
    named = ["A", "A+", "A-"]
    texts = named + [f"{a}/{b}" for a in named for b in named]
    texts += [f"{a}/{b}" for a in range(0, 101, 5) for b in range(0, 101, 5)]
    out = []
    for t in texts:
        try:
            Adjusted.parse(t)
        except XlbridgeError:
            continue
        out.append(t)
    return out


def write_lists(ctx: Context) -> Worksheet:
    """Write the hidden ``Lists`` sheet."""
    ws: Worksheet = ctx.wb.create_sheet(LISTS)
    contracts = [
        str(Contract(level, strain, dbl))
        for level in range(1, 8)
        for strain in Strain
        for dbl in Doubling
    ] + ["PASS"]
    for i, text in enumerate(contracts, start=1):
        ws.cell(row=i, column=1, value=text)
    for i, bound in enumerate((0, *IMP_BOUNDS), start=1):
        ws.cell(row=i, column=2, value=bound)
    for i, text in enumerate(adjusted_texts(), start=1):
        a = Adjusted.parse(text)
        ws.cell(row=i, column=4, value=text.upper())
        ws.cell(row=i, column=5, value=a.ns_pct)
        ws.cell(row=i, column=6, value=a.ew_pct)
    ws.sheet_state = "hidden"
    ws.protection.sheet = True
    return ws
