"""Formula text of handicapped and stratified results, beside the rules they mirror:
:mod:`xlbridge.scoring.handicap` and :mod:`xlbridge.scoring.strata`.

>>> pair_handicap(["Names!$F$4", "Names!$G$4"])
'=(N(Names!$F$4)+N(Names!$G$4))/2'
>>> stratum_number(["Names!$H$4", "Names!$I$4"], Strata.parse("1000,300,0"))
'=IF(COUNT(Names!$H$4,Names!$I$4)<2,3,IF(MAX(Names!$H$4,Names!$I$4)>=1000,1,\
IF(MAX(Names!$H$4,Names!$I$4)>=300,2,3)))'
>>> stratum_number(["Names!$H$4", "Names!$I$4"], Strata.parse("1000,300,0", unknown="highest"))[:40]
'=IF(COUNT(Names!$H$4,Names!$I$4)<2,1,IF('
"""

from __future__ import annotations

from collections.abc import Sequence

from xlbridge.scoring.strata import LETTERS, Strata
from xlbridge.workbook.formulas_recap import tied_rank

__all__ = [
    "handicapped_key",
    "handicapped_pct",
    "pair_handicap",
    "stratum_letter",
    "stratum_number",
    "stratum_rank",
]


def pair_handicap(cells: Sequence[str]) -> str:
    """``handicap.pair_handicap``: the mean of the players' handicaps, a blank counting 0."""
    total = "+".join(f"N({c})" for c in cells)
    return f"=({total})/{len(cells)}" if len(cells) > 1 else f"={total}"


def handicapped_pct(pct: str, handicap: str) -> str:
    """``handicap.handicapped_pct``: the percentage (a fraction) plus the handicap (points)."""
    return f'=IF(ISNUMBER({pct}),{pct}+{handicap}/100,"")'


def handicapped_key(hpct: str) -> str:
    """The handicapped percentage in points rounded to 9 decimals, as ``session.ranks``."""
    return f'=IF(ISNUMBER({hpct}),ROUND({hpct}*100,9),"")'


def stratum_number(cells: Sequence[str], strata: Strata) -> str:
    """``Strata.stratum`` as a number (1 for A): the lowest (or, ``unknown="highest"``, the top)
    one when a player's masterpoints are not there, else the first whose threshold the higher
    (or average) reaches."""
    joined = ",".join(cells)
    value = f"{'MAX' if strata.by == 'higher' else 'AVERAGE'}({joined})"
    body = str(len(strata.bounds))
    for i in range(len(strata.bounds) - 1, 0, -1):
        body = f"IF({value}>={strata.bounds[i - 1][1]:.10g},{i},{body})"
    # The innermost test is the top stratum's threshold: built from the bottom up.
    unknown = 1 if strata.unknown == "highest" else len(strata.bounds)
    return f"=IF(COUNT({joined})<{len(cells)},{unknown},{body})"


def stratum_letter(number: str) -> str:
    """The stratum's letter (A to D) from its number."""
    return f'=MID("{LETTERS}",{number},1)'


def stratum_rank(
    k: int, number: str, numbers: str, key: str, keys: str, dir_cell: str | None, dirs: str | None
) -> str:
    """``strata.stratum_ranks``: the rank in stratum ``k`` (1 for A) among the pairs in it or
    below it (within the direction in two-winner games); blank for a pair above it."""
    where = f'{numbers},">={k}"' + (f",{dirs},{dir_cell}" if dirs and dir_cell else "")
    higher = f'COUNTIFS({where},{keys},">"&{key})'
    same = f"COUNTIFS({where},{keys},{key})"
    return f'=IF(AND(ISNUMBER({key}),{number}>={k}),{tied_rank(higher, same)},"")'
