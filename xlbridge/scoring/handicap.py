"""Handicapped pairs (matchpoints): a pair's handicap from its players', the handicapped
percentage, and the ranking on it.

Source: BridgeWebs Help & Guide, 11.6.2 "Calculating handicap for a pair"
(https://www.bridgewebs.com/guideus/page270.html): "The handicap for the pair in an event is
calculated by adding their handicaps together and dividing by 2" (2 and -5 give -1.5; 2 and 3
give 2.5; 2 and -3 give -0.5). A player's handicap is 50 less the player's average percentage
(good players' negative), and it is added to the pair's percentage: Perth Bridge Club's
"Handicap System applied by Bridgewebs" (https://www.bridgewebs.com/perth/page6.html): players
of -5.2 and +1.9 make a pair of -1.65, whose 57.6% is 55.95% handicapped. An individual's
handicap is the player's own.

A player with no handicap on the Names sheet counts 0 (scratch): BridgeWebs lets a club choose
that default (its own is -5 for a non-member), so a club that wants another types it in.

>>> pair_handicap([-5.2, 1.9])
-1.65
>>> handicapped_pct(57.6, pair_handicap([-5.2, 1.9]))
55.95
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["handicapped_pct", "pair_handicap"]


def pair_handicap(handicaps: Sequence[float | None]) -> float:
    """The mean of the players' handicaps (a missing one counts 0), rounded to 9 decimals as
    the ranking compares them; an individual's own. BridgeWebs 11.6.2's examples:

    >>> pair_handicap([2, -5]), pair_handicap([2, 3]), pair_handicap([2, -3]), pair_handicap([])
    (-1.5, 2.5, -0.5, 0.0)
    >>> pair_handicap([None, 4]), pair_handicap([-3])
    (2.0, -3.0)
    """
    if not handicaps:
        return 0.0
    return round(sum(h or 0.0 for h in handicaps) / len(handicaps), 9) + 0.0


def handicapped_pct(pct: float | None, handicap: float) -> float | None:
    """The percentage plus the pair's handicap (percentage points); None when no percentage.

    >>> handicapped_pct(45.0, 5.0), handicapped_pct(None, 1.0)
    (50.0, None)
    """
    return None if pct is None else round(pct + handicap, 9)
