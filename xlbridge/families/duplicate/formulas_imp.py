"""Formula text for adjusted scores in IMP-pairs games (Butler, cross-IMPs): Law 86A.

Each function mirrors :func:`xlbridge.scoring.imp_pairs.score_imp_board`: an adjusted row
takes ``adjusted_imps`` (A+ +3, A 0, A- -3 IMPs, each side its own, ``A+/A-`` as NS/EW) and
leaves the datum and the comparisons, which :func:`xlbridge.workbook.formulas.is_real` already
keeps to the real results. The table of adjusted IMPs is written on the hidden Lists sheet by
the generator from ``adjusted_imps`` itself (:func:`xlbridge.workbook.lists.imp_adjusted_rows`).

>>> from xlbridge.workbook.formulas import TravellerCols
>>> c = TravellerCols.build("made-down", "butler")
>>> ns_imp(c, 6, '=IF($AL6=0,"",1)')
'=IF(ISNUMBER($AN6),$AN6,IF($AL6=0,"",1))'
"""

from __future__ import annotations

from xlbridge.workbook.formulas import TravellerCols

__all__ = ["adjusted_imp", "ew_imp", "ns_imp"]


def adjusted_imp(c: TravellerCols, r: int, table: str, column: int) -> str:
    """NS (``column`` 2) or EW (3) IMPs of the row's adjusted score: ``imp_pairs.adjusted_imps``
    (Law 86A), looked up in ``table``; "" when the row has none or the text has no IMP
    equivalent (Checks reports it).

    >>> adjusted_imp(TravellerCols.build("tricks", "ximp"), 7, "Lists!$H$1:$J$60", 2)[:42]
    '=IF(TRIM($J7)="","",IFERROR(VLOOKUP(UPPER('
    """
    a = f"${c.adjusted}{r}"
    return (
        f'=IF(TRIM({a})="","",IFERROR(VLOOKUP(UPPER(SUBSTITUTE({a}," ","")),{table},'
        f'{column},FALSE),""))'
    )


def ns_imp(c: TravellerCols, r: int, real_imps: str) -> str:
    """NS IMPs of a row: its adjusted IMPs when it has an adjusted score, else ``real_imps``
    (the Butler or cross-IMP formula of a real result): ``imp_pairs.score_imp_board``."""
    adj = f"${c.adj_ns}{r}"
    return f"=IF(ISNUMBER({adj}),{adj},{real_imps.removeprefix('=')})"


def ew_imp(c: TravellerCols, r: int) -> str:
    """EW IMPs of a row: its adjusted IMPs (which need not balance NS's, e.g. A+ to both), else
    minus the NS IMPs: ``imp_pairs.score_imp_board``.

    >>> ew_imp(TravellerCols.build("made-down", "butler"), 6)
    '=IF(ISNUMBER($AO6),$AO6,IF(ISNUMBER($I6),-$I6,""))'
    """
    adj, ns = f"${c.adj_ew}{r}", f"${c.ns_mp}{r}"
    return f'=IF(ISNUMBER({adj}),{adj},IF(ISNUMBER({ns}),-{ns},""))'
