"""Events of several sessions: how each pair's session results make its event total.

Four ways, named by :data:`EventTotal`:

- ``sum``: the sum of the session percentages (matchpoints) or IMP totals. The ACBL's Side Game
  Series ranks a player overall on "the sum of the percentage scores" of their sessions (ACBL
  Tech File EVENTS.033, Side Game Series, "Overall score and ranking"; that event takes the two
  best sessions, this sum takes every session played).
- ``average``: the mean of the session percentages (IMP totals) of the sessions played.
- ``matchpoints``: the sum of the session matchpoint totals, every board of the event counted
  alike, so a session weighs as many boards as it has (a two-session final of 26 and 24
  boards: 26 to 24, where the sum of percentages weighs them 1 to 1). Matchpoints add only on
  one top a board; sessions with other tops are refused. The event percentage is the session
  percentages weighted by their boards (the matchpoints over the most the boards could give):
  ``weighted_percentage([(60.0, 26), (50.0, 24)])`` is 55.2, where their mean is 55.
- ``carry``: a qualifying stage carried forward into a final, the EBU's formula (EBU White Book
  §172, "EBU Carry-forward Score Formula"): ``C = S × FT / (2 × QT)``, C the carry-forward in
  matchpoints, S the qualifying score in matchpoints, FT and QT the matchpoint top on a board in
  the final and in the qualifying stage. The final's matchpoints plus C rank the final; with
  two sessions of equal length the final weighs twice the qualifier. The ``share`` (percent)
  is the White Book's one half (50) unless a competition's conditions say otherwise.

>>> carry_forward(312, 12, 12)
156.0
>>> carry_forward(312, 12, 24)
78.0
>>> combine([55.0, 61.5], "sum"), combine([55.0, None, 61.5], "average")
(116.5, 58.25)
>>> weighted_percentage([(60.0, 26), (50.0, 24)])
55.2
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal, get_args

from xlbridge.errors import SessionError

__all__ = [
    "CARRY_SHARE",
    "EVENT_SESSIONS",
    "EVENT_TOTALS",
    "EventTotal",
    "carry_forward",
    "combine",
    "weighted_percentage",
]

EventTotal = Literal["sum", "average", "carry", "matchpoints"]
EVENT_TOTALS: tuple[EventTotal, ...] = get_args(EventTotal)
CARRY_SHARE = 50.0  # percent: the White Book's C = S × FT / (2 × QT)
EVENT_SESSIONS = (2, 100)  # sessions in one event: a season of weekly heats stays inside


def _finite(x: float, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise SessionError(f"{what} {x!r} is not a number")
    return x


def carry_forward(
    score: float, final_top: float, qualifying_top: float, share: float = CARRY_SHARE
) -> float:
    """The matchpoints a qualifying ``score`` carries into the final: ``score × final_top /
    qualifying_top × share / 100`` (EBU White Book §172 with ``share`` 50).

    >>> carry_forward(100, 10, 12, share=100)
    83.33333333333333
    >>> carry_forward(100, 10, 0)
    Traceback (most recent call last):
    ...
    xlbridge.errors.SessionError: qualifying top 0 must be more than 0
    """
    _finite(score, "qualifying score")
    for what, top in (("final top", final_top), ("qualifying top", qualifying_top)):
        if _finite(top, what) <= 0:
            raise SessionError(f"{what} {top!r} must be more than 0")
    if not 0 <= _finite(share, "carry-forward share") <= 100:
        raise SessionError(f"carry-forward share {share!r} must be 0 to 100 (percent)")
    return score * final_top * share / (qualifying_top * 100)


def combine(values: Sequence[float | None], how: Literal["sum", "average"]) -> float | None:
    """The sum or the mean of the sessions a pair played (None: a session missed); None when
    it played none.

    >>> combine([None, None], "sum") is None
    True
    """
    played = [_finite(v, "session score") for v in values if v is not None]
    if not played:
        return None
    total = math.fsum(played)
    return total if how == "sum" else total / len(played)


def weighted_percentage(parts: Sequence[tuple[float, float]]) -> float | None:
    """The percentage of ``parts`` (percentage, boards) together: each percentage weighted by
    its boards, as the matchpoints of every board over the most they could be (one top a
    board); None when there are no boards.

    >>> weighted_percentage([(50.0, 8), (75.0, 24)]), weighted_percentage([])
    (68.75, None)
    """
    boards = math.fsum(_finite(n, "boards") for _p, n in parts)
    if boards <= 0:
        return None
    return math.fsum(_finite(p, "session percentage") * n for p, n in parts) / boards
