"""Session totals: factoring, percentages, ranks, and how many places to rank.

>>> factored_total(60, 24, 26)
65.0
>>> percentage(74.5, 126)
59.12698412698413
>>> ranks([61.5, 54.5, 74.5, 56.5, 71, 58, 65])
['4', '7', '1', '6', '2', '5', '3']
>>> ranks([70, 65, 65, 60])
['1', '2=', '2=', '4']
>>> places_to_rank(8)
4
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from xlbridge.errors import SessionError

__all__ = ["factored_total", "percentage", "places_in_ranking", "places_to_rank", "ranks"]


def _number(value: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SessionError(f"{what} {value!r} is not a number")
    return value


def factored_total(total: float, boards_played: int, boards_max: int) -> float:
    """Factor a total up to the boards most pairs played: ``total × max / played`` (seed 001).

    >>> factored_total(50, 26, 26)
    50.0
    """
    _number(total, "total")
    for what, n in (("boards played", boards_played), ("most boards played", boards_max)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise SessionError(f"{what} {n!r} is not a whole number of boards (1 or more)")
    if boards_played > boards_max:
        raise SessionError(
            f"boards played {boards_played} is more than the most boards played {boards_max}"
        )
    return total * boards_max / boards_played


def percentage(total: float, possible: float) -> float:
    """A total as a percentage of the most it could have been. Not rounded.

    >>> percentage(63, 126)
    50.0
    """
    _number(total, "total")
    if _number(possible, "possible total") <= 0:
        raise SessionError(f"possible total {possible!r} must be more than 0")
    return 100 * total / possible


def ranks(values: Sequence[float], higher_is_better: bool = True) -> list[str]:
    """Rank each value: ``"1"``, ``"2="``, ``"2="``, ``"4"`` (ties share a rank shown with ``=``).

    Values within 1e-9 of each other tie (factored totals carry float noise).

    >>> ranks([10, 20, 20], higher_is_better=False)
    ['1', '2=', '2=']
    """
    keys = [
        Fraction(round(_number(v, f"value {i + 1}"), 9)) * (-1 if higher_is_better else 1)
        for i, v in enumerate(values)
    ]
    ordered = sorted(keys)
    first: dict[Fraction, int] = {}
    count: dict[Fraction, int] = {}
    for pos, k in enumerate(ordered, start=1):
        first.setdefault(k, pos)
        count[k] = count.get(k, 0) + 1
    return [f"{first[k]}{'=' if count[k] > 1 else ''}" for k in keys]


def places_to_rank(tables: float) -> int:
    """How many places to rank in each direction: 40% of the tables, rounded up (seed 000).

    >>> places_to_rank(7), places_to_rank(7.5), places_to_rank(3)
    (3, 3, 2)
    """
    t = _number(tables, "tables")
    if t <= 0:
        raise SessionError(f"tables {tables!r} must be more than 0")
    return math.ceil(Fraction(t) * 2 / 5)


def places_in_ranking(tables: float, one_field: bool) -> int:
    """How many places to rank in one ranking: in a two-winner game each direction's 40% of
    the tables (:func:`places_to_rank`); in one field (a Howell) 40% of its pairs, twice the
    tables, since a club game "awards masterpoints to approximately 40% of the contestants"
    (ACBL Handbook, Masterpoint Award Regulations, section three).

    >>> places_in_ranking(5, one_field=False), places_in_ranking(5, one_field=True)
    (2, 4)
    >>> places_in_ranking(4.5, one_field=True)  # nine pairs: 3.6, rounded up
    4
    """
    return places_to_rank(_number(tables, "tables") * 2 if one_field else tables)
