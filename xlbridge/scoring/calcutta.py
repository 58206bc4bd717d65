"""Calcutta: the pool of the prices paid for the entries, and each owner's share (seed 002).

Every entry (a player or a pair) is auctioned; the prices make the pool. A pre-announced part
may go to a charity; the rest is divided by the announced split (seed 002: "60% for first
place, 30% for second, and 10% for third"). Entries tied for a place share the split of the
places they cover equally.

>>> calcutta_shares([50, 30, 20, 0], [1, 2, 3, 4])
(60.0, 30.0, 10.0, 0.0)
>>> calcutta_shares([50, 30, 20], [1, 1, 3], charity=0.5)
(22.5, 22.5, 5.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xlbridge.errors import ScoreSheetError

__all__ = ["SEED_SPLIT", "calcutta_shares"]

#: Seed 002, "Calcuttas": the example split of the pool.
SEED_SPLIT: tuple[float, ...] = (0.6, 0.3, 0.1)


def calcutta_shares(
    prices: Sequence[float],
    places: Sequence[int | None],
    split: Sequence[float] = SEED_SPLIT,
    charity: float = 0.0,
) -> tuple[float, ...]:
    """Each entry's share of the pool, in cents, in entry order (an unplaced entry, ``None``,
    gets 0).

    ``split`` gives the fraction for places 1, 2, ...; it must add up to 1. ``charity`` is the
    fraction of the pool given away first (0 to 1).
    """
    if len(prices) != len(places):
        raise ScoreSheetError(f"calcutta: {len(prices)} prices for {len(places)} places")
    for p in prices:
        if isinstance(p, bool) or not isinstance(p, int | float) or p < 0 or math.isnan(p):
            raise ScoreSheetError(f"calcutta: price {p!r} is not an amount of 0 or more")
    if any(s < 0 for s in split) or abs(sum(split) - 1) > 1e-9:
        raise ScoreSheetError(f"calcutta: split {list(split)} does not add up to 100%")
    if not 0 <= charity <= 1:
        raise ScoreSheetError(f"calcutta: charity share {charity!r} is not between 0 and 1")
    for place in places:
        if place is not None and (
            isinstance(place, bool) or not isinstance(place, int) or place < 1
        ):
            raise ScoreSheetError(f"calcutta: place {place!r} is not 1 or more")
    prizes = sum(prices) * (1 - charity)
    out = []
    for place in places:
        if place is None:
            out.append(0.0)
            continue
        tied = sum(1 for q in places if q == place)
        covered = sum(split[place - 1 : place - 1 + tied])
        out.append(_cents(prizes * covered / tied))
    return tuple(out)


def _cents(amount: float) -> float:
    """Rounded to cents, halves up (as the sheet's ROUND does for amounts of 0 or more)."""
    return math.floor(amount * 100 + 0.5 + 1e-9) / 100
