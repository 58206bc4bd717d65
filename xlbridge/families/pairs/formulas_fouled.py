"""Formulas of a fouled board's traveller (Law 87): each row's ``Group`` (1 = the board as
dealt, 2 = the fouled form) limits its comparisons to its own group, and the group's
matchpoints are Neuberg-factored to the full field. They mirror
:func:`xlbridge.scoring.fouled.score_fouled_board`; only :data:`formulas.ALLOWED_FUNCTIONS`.

>>> from xlbridge.workbook.formulas import BoardRange, TravellerCols, functions_in
>>> c, b = TravellerCols.build("made-down", "mp"), BoardRange("Board 5", 6, 12)
>>> sorted(functions_in(group_ns_mp(c, b, 6, 1, "O", "$F$2", "$B$3")))
['COUNTIFS', 'IF', 'ISNUMBER']
"""

from __future__ import annotations

from xlbridge.workbook.formulas import BoardRange, TravellerCols

__all__ = ["group_ew_mp", "group_mp_raw", "group_ns_mp", "group_results"]


def group_results(c: TravellerCols, b: BoardRange, r: int, grp: str) -> str:
    """n of the row's group: its real results (``score_fouled_board``: the group's rows that
    are not ``None`` and not adjusted), as an expression."""
    return f"COUNTIFS({b.col(c.real)},1,{b.col(grp)},${grp}{r})"


def group_mp_raw(c: TravellerCols, b: BoardRange, r: int, per: int, grp: str) -> str:
    """NS matchpoints among the real results of the row's group (``score_fouled_board``:
    ``matchpoints`` within each group; beat = per, tie = per / 2)."""
    x, rng, g, me = f"${c.ns_score}{r}", b.col(c.cmp), b.col(grp), f"${grp}{r}"
    return (
        f'=IF(${c.real}{r}=0,"",{per}*(COUNTIFS({rng},"<"&{x},{g},{me})'
        f"+(COUNTIFS({rng},{x},{g},{me})-1)/2))"
    )


def group_ns_mp(
    c: TravellerCols, b: BoardRange, r: int, per: int, grp: str, field: str, top: str
) -> str:
    """NS MP of a fouled board's row (``score_fouled_board``): the adjusted % of the full top,
    or the group's matchpoints Neuberg-factored to the full field (``neuberg``)."""
    m, n, u = f"${c.mp_raw}{r}", group_results(c, b, r, grp), per / 2
    return (
        f"=IF(ISNUMBER(${c.adj_ns}{r}),${c.adj_ns}{r}*{top}/100,"
        f'IF(${c.real}{r}=0,"",IF({n}<{field},(({m}+{u})*{field}-{u}*{n})/{n},{m})))'
    )


def group_ew_mp(
    c: TravellerCols, b: BoardRange, r: int, per: int, grp: str, field: str, top: str
) -> str:
    """EW MP of a fouled board's row (``score_fouled_board``): the group's top minus the NS
    matchpoints, Neuberg-factored; or the adjusted %."""
    n, u = group_results(c, b, r, grp), per / 2
    m = f"({per}*({n}-1)-${c.mp_raw}{r})"
    return (
        f"=IF(ISNUMBER(${c.adj_ew}{r}),${c.adj_ew}{r}*{top}/100,"
        f'IF(${c.real}{r}=0,"",IF({n}<{field},(({m}+{u})*{field}-{u}*{n})/{n},{m})))'
    )
