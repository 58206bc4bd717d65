"""The hidden ``Lists`` sheet: the contract drop-down, the IMP scale and the adjusted scores.

Every number comes from the rules layer: IMP bounds from ``xlbridge.scoring.imps.IMP_BOUNDS``,
adjusted percentages from ``Adjusted.parse``, adjusted IMPs (IMP games, Law 86A) from
``xlbridge.scoring.imp_pairs.adjusted_imps``, contracts from ``Contract``.
"""

from __future__ import annotations

from functools import cache

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import XlbridgeError
from xlbridge.scoring.imp_pairs import adjusted_imps
from xlbridge.scoring.imps import IMP_BOUNDS
from xlbridge.scoring.matchpoints import Adjusted
from xlbridge.types import Contract, Doubling, Strain

__all__ = ["ADJ_IMP_FIRST_COL", "SCORES_COL", "adjusted_rows", "adjusted_texts",
           "imp_adjusted_rows", "write_contracts_and_imps"]  # fmt: skip

ADJ_IMP_FIRST_COL = 8  # H: text, then NS and EW IMPs (IMP games only)
SCORES_COL = 12  # L: every score size Law 77 gives (score entry only; formulas.SCORES_LIST)


@cache
def _adjusted_texts() -> tuple[str, ...]:
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
    return tuple(out)


def adjusted_texts() -> list[str]:
    """The adjusted-score texts the workbook understands (each parsed by ``Adjusted.parse``;
    worked out once per process)."""
    return list(_adjusted_texts())


@cache
def adjusted_rows() -> tuple[tuple[str, float, float], ...]:
    rows = []
    for text in _adjusted_texts():
        a = Adjusted.parse(text)
        rows.append((text.upper(), a.ns_pct, a.ew_pct))
    return tuple(rows)


@cache
def imp_adjusted_rows() -> tuple[tuple[str, int, int], ...]:
    """(text, NS IMPs, EW IMPs) of every adjusted-score text that has an IMP equivalent
    (``adjusted_imps``: A+ +3, A 0, A- -3, Law 86A); the others are not scored in IMP games.

    >>> imp_adjusted_rows()[:3]
    (('A', 0, 0), ('A+', 3, 3), ('A-', -3, -3))
    """
    rows = []
    for text in _adjusted_texts():
        try:
            ns, ew = adjusted_imps(text)
        except XlbridgeError:
            continue
        rows.append((text.upper(), ns, ew))
    return tuple(rows)


def write_contracts_and_imps(ws: Worksheet) -> None:
    """Column A: every contract text (the Contract drop-down, ``Lists!$A$1:$A$106``); column
    B: 0 then the IMP scale's bounds. The pairs, individuals and teams Lists sheets share it.

    >>> from openpyxl import Workbook
    >>> ws = Workbook().active
    >>> write_contracts_and_imps(ws)
    >>> ws["A1"].value, ws["A106"].value, ws["B1"].value, ws["B2"].value
    ('1C', 'PASS', 0, 20)
    """
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
