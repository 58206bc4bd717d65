"""A social workbook's Calcutta sheet read back: the prices, split and charity typed, each
entry's place from the back score and its owner's share worked out again by
:func:`xlbridge.scoring.calcutta.calcutta_shares` (seed 002, "Calcuttas").

>>> _places([14.0, -2.0, 14.0])
[1, 3, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlbridge.errors import XlbridgeError
from xlbridge.results.read_family import Expect, num, text_of
from xlbridge.scoring.calcutta import calcutta_shares

if TYPE_CHECKING:
    from xlbridge.workbook.cells import Sheet

__all__ = ["CALCUTTA", "CalcuttaShare", "read_calcutta"]

CALCUTTA = "Calcutta"
_FIRST = 12  # the first entry row (``social_back.CALCUTTA_FIRST``)
_SPLIT_ROWS = range(5, 20)  # places in D, fractions in E, from row 5 while D holds a place


@dataclass(frozen=True, slots=True)
class CalcuttaShare:
    """An entry of the Calcutta: its owner and price, its place, the owner's share."""

    entry: str
    owner: str
    price: float
    place: int | None
    share: float


def _places(values: Sequence[float]) -> list[int]:
    """Place from the standings: 1 + the entries with more (ties share the place)."""
    return [1 + sum(1 for o in values if round(o, 6) > round(v, 6)) for v in values]


def read_calcutta(
    ws: Sheet, entries: Sequence[str], standings: Sequence[float], played: bool
) -> tuple[tuple[CalcuttaShare, ...], list[Expect], list[str]]:
    """The Calcutta of ``entries`` whose standings (net totals or VPs) are ``standings``;
    places count once anything has been played."""
    prices = [num(ws.cell(_FIRST + i, 4).value) or 0.0 for i in range(len(entries))]
    owners = [
        text_of(ws.cell(_FIRST + i, 3).value, f"Calcutta!C{_FIRST + i}")
        for i in range(len(entries))
    ]
    split = []
    for r in _SPLIT_ROWS:
        if num(ws.cell(r, 4).value) is None:
            break
        split.append(num(ws.cell(r, 5).value) or 0.0)
    charity = num(ws["B5"].value) or 0.0
    places: list[int | None] = list(_places(standings)) if played else [None] * len(entries)
    problems: list[str] = []
    try:
        shares = list(calcutta_shares(prices, places, split, charity))
    except XlbridgeError as exc:
        problems.append(f"Calcutta: {str(exc).splitlines()[0][:160]}")
        shares = []
    pool = sum(prices)
    expects = [Expect(CALCUTTA, "B4", pool), Expect(CALCUTTA, "B6", pool * (1 - charity))]
    out = []
    for i, entry in enumerate(entries):
        r = _FIRST + i
        expects.append(Expect(CALCUTTA, f"E{r}", standings[i] if played else None))
        expects.append(Expect(CALCUTTA, f"F{r}", places[i]))
        if shares:
            expects.append(Expect(CALCUTTA, f"G{r}", shares[i] if played else None))
        out.append(
            CalcuttaShare(
                entry, owners[i], prices[i], places[i], shares[i] if shares and played else 0.0
            )
        )
    return tuple(out), expects, problems
