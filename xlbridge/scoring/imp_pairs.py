"""IMP pairs (Butler, cross-IMPs), board-a-match and total points on one board (rules.md §6).

>>> butler_datum([420, 420, 450, 170, -50])
340
>>> butler([420, 420, 450, 170, -50])
[2, 2, 3, -5, -9]
>>> cross_imps([420, 420, 450, 170, -50])[2], cross_imps([450, 420, 420, 170, -50], "results")[0]
(5.0, 4.0)
>>> board_a_match(30), board_a_match(0), board_a_match(-10)
(1.0, 0.5, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from xlbridge.errors import ScaleError, TravellerError
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import Adjusted

__all__ = [
    "ADJUSTED_IMPS",
    "CROSS_IMP_DIVISORS",
    "DATUM_ROUNDING",
    "adjusted_imps",
    "board_a_match",
    "butler",
    "butler_datum",
    "cross_imps",
    "default_trim",
    "total_points",
]

CROSS_IMP_DIVISORS: tuple[str, ...] = ("comparisons", "results", "total")
DATUM_ROUNDING: tuple[str, ...] = ("half-up", "half-even")


def _scores(scores: Sequence[float]) -> list[float]:
    out = []
    for i, s in enumerate(scores):
        if isinstance(s, bool) or not isinstance(s, int | float) or not math.isfinite(s):
            raise TravellerError(f"row {i + 1}: score {s!r} is not a number")
        out.append(s)
    return out


def default_trim(results: int) -> int:
    """How many scores the Butler datum drops from each end by default.

    None when there are 3 results or fewer; otherwise ⌈(n − 10)/15⌉ + 1: one from each end up
    to 10 results, two up to 25, three up to 40, ... (bridge-scorer's rule, rules.md §6; it
    reproduces the worked example, which drops the top and bottom of five). ACBLscore drops
    5% from each end instead: pass ``trim`` to choose.

    >>> [default_trim(n) for n in (2, 3, 4, 10, 11, 25, 26)]
    [0, 0, 1, 1, 2, 2, 3]
    """
    if results <= 3:
        return 0
    return -((10 - results) // 15) + 1


def _round_to_ten(x: Fraction, rounding: str) -> int:
    if rounding == "half-up":
        return 10 * math.floor(x / 10 + Fraction(1, 2))
    if rounding == "half-even":
        return 10 * round(x / 10)
    raise ScaleError(f"datum rounding {rounding!r} is not one of {', '.join(DATUM_ROUNDING)}")


def butler_datum(
    scores: Sequence[float], trim: int | None = None, rounding: str = "half-up"
) -> int:
    """The Butler datum: mean NS score after dropping ``trim`` highest and ``trim`` lowest.

    ``trim=None`` uses :func:`default_trim`. The mean is rounded to the nearest 10; an exact 5
    goes up (``"half-up"``, bridge-scorer: 425 → 430, −425 → −420) or to the even ten
    (``"half-even"``, ACBLscore: 425 → 420, 435 → 440).

    >>> butler_datum([425, 425]), butler_datum([425, 425], rounding="half-even")
    (430, 420)
    >>> butler_datum([420, 420, 450, 170, -50], trim=0)
    280
    """
    values = sorted(_scores(scores))
    n = len(values)
    if n == 0:
        raise TravellerError("a Butler datum needs at least one score")
    k = default_trim(n) if trim is None else trim
    if isinstance(k, bool) or not isinstance(k, int) or k < 0 or 2 * k >= n:
        raise TravellerError(
            f"trim {k!r} leaves no scores: {n} results, so trim must be 0 to {(n - 1) // 2}"
        )
    kept = values[k : n - k]
    mean = sum((Fraction(v) for v in kept), Fraction(0)) / len(kept)
    return _round_to_ten(mean, rounding)


def butler(
    scores: Sequence[float],
    trim: int | None = None,
    datum: float | None = None,
    rounding: str = "half-up",
) -> list[int]:
    """NS IMPs of each score against the datum (EW IMPs are the negatives).

    ``datum``: a fixed datum used as given, instead of the trimmed mean of ``scores``.

    >>> butler([620, 170, 650], datum=400)
    [6, -6, 6]
    """
    values = _scores(scores)
    if datum is None:
        if not values:
            return []
        d: float = butler_datum(values, trim, rounding)
    else:
        d = _scores([datum])[0]
    return [imps(s - d) for s in values]


def cross_imps(scores: Sequence[float], divisor: str = "comparisons") -> list[float]:
    """NS cross-IMPs: each score IMPed against every other score on the board, summed.

    ``divisor``: ``"comparisons"`` (n − 1, the default: ACBLscore "Average IMPs",
    bridge-scorer, BBO), ``"results"`` (n, seed 002) or ``"total"`` (no division, ACBLscore
    "Total IMPs"). A lone result scores 0.

    >>> cross_imps([450, 420, 420, 170, -50], "total")
    [20.0, 15.0, 15.0, -13.0, -37.0]
    """
    if divisor not in CROSS_IMP_DIVISORS:
        raise ScaleError(
            f"cross-IMP divisor {divisor!r} is not one of {', '.join(CROSS_IMP_DIVISORS)}"
        )
    values = _scores(scores)
    n = len(values)
    by = {"comparisons": n - 1, "results": n, "total": 1}[divisor]
    totals = [sum(imps(s - t) for t in values) for s in values]
    return [t / by if by else 0.0 for t in totals]


# Law 86A: average plus / average / average minus at IMPs are +3 / 0 / −3 (rules.md §5).
ADJUSTED_IMPS: dict[float, int] = {60.0: 3, 50.0: 0, 40.0: -3}


def adjusted_imps(adjusted: Adjusted | str) -> tuple[int, int]:
    """(NS, EW) IMPs for an artificial adjusted score at IMP pairs: A+ 3, A 0, A- −3 (Law 86A).

    Each side's IMPs are on the same basis as one result's Butler IMPs or average cross-IMPs
    (ACBLscore multiplies by n − 1 for total cross-IMPs).

    >>> adjusted_imps("A+/A-"), adjusted_imps("A")
    ((3, -3), (0, 0))
    """
    adj = Adjusted.parse(adjusted)
    out = []
    for pct in (adj.ns_pct, adj.ew_pct):
        if pct not in ADJUSTED_IMPS:
            raise TravellerError(
                f"adjusted score {str(adj)!r} has no IMP equivalent; use A, A+ or A- (60/50/40%)"
            )
        out.append(ADJUSTED_IMPS[pct])
    return out[0], out[1]


def board_a_match(net: float) -> float:
    """Board-a-match: a team scores 1, ½ or 0 on a board by the sign of its net score (seed 002).

    >>> board_a_match(10)
    1.0
    """
    value = _scores([net])[0]
    return 1.0 if value > 0 else 0.5 if value == 0 else 0.0


def total_points(scores: Sequence[float]) -> list[float]:
    """Total-point scoring: each NS score counts as it stands (EW's is its negative).

    >>> total_points([420, -50])
    [420.0, -50.0]
    """
    return [float(s) for s in _scores(scores)]
