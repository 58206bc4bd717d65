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
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import accumulate, repeat
from operator import add

from xlbridge.errors import ScaleError, TravellerError
from xlbridge.scoring.choices import (
    DATUM_ROUNDINGS,
    PAIRS_SCORINGS,
    DatumRounding,
    ImpMethod,
    PairsScoring,
)
from xlbridge.scoring.choices import IMP_METHODS as _IMP_METHODS
from xlbridge.scoring.imps import IMP_BOUNDS, imps
from xlbridge.scoring.matchpoints import Adjusted

__all__ = [
    "ADJUSTED_IMPS",
    "BOARD_METHODS",
    "CROSS_IMP_DIVISORS",
    "DATUM_ROUNDING",
    "IMP_METHODS",
    "adjusted_imps",
    "board_a_match",
    "butler",
    "butler_datum",
    "cross_imps",
    "default_trim",
    "score_imp_board",
    "total_points",
]

CROSS_IMP_DIVISORS: tuple[str, ...] = ("comparisons", "results", "total")
IMP_METHODS: tuple[ImpMethod, ...] = _IMP_METHODS
#: How one board is scored across the field: matchpoints, or IMPs (Butler, cross-IMPs).
BOARD_METHODS: tuple[PairsScoring, ...] = PAIRS_SCORINGS
DATUM_ROUNDING: tuple[DatumRounding, ...] = DATUM_ROUNDINGS


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
    if rounding == "half-away":
        away = 10 * math.floor(abs(x) / 10 + Fraction(1, 2))
        return away if x >= 0 else -away
    if rounding == "half-up":
        return 10 * math.floor(x / 10 + Fraction(1, 2))
    if rounding == "half-even":
        return 10 * round(x / 10)
    raise ScaleError(f"datum rounding {rounding!r} is not one of {', '.join(DATUM_ROUNDING)}")


def butler_datum(
    scores: Sequence[float], trim: int | None = None, rounding: str = "half-away"
) -> int:
    """The Butler datum: mean NS score after dropping ``trim`` highest and ``trim`` lowest.

    ``trim=None`` uses :func:`default_trim`. The mean is rounded to the nearest 10 (rules.md
    §6); an exact 5 goes away from zero (``"half-away"``, the default, as the German
    federation's Butler rankings: 425 → 430, −425 → −430), to the even ten (``"half-even"``,
    ACBLscore: 425 → 420, 435 → 440) or up (``"half-up"``, Bridge Scorer: −425 → −420). Only
    the first two give the same datum whichever direction sits North-South.

    >>> butler_datum([425, 425]), butler_datum([-425], rounding="half-away")
    (430, -430)
    >>> butler_datum([425], rounding="half-even"), butler_datum([-425], rounding="half-up")
    (420, -420)
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
    # Exact, and each distinct score made a Fraction once: 100,000 scores in milliseconds.
    mean = sum((Fraction(v) * c for v, c in Counter(kept).items()), Fraction(0)) / len(kept)
    return _round_to_ten(mean, rounding)


def butler(
    scores: Sequence[float],
    trim: int | None = None,
    datum: float | None = None,
    rounding: str = "half-away",
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
    totals = _cross_imp_totals(values)
    return [t / by if by else 0.0 for t in totals]


def _cross_imp_totals(values: list[float]) -> list[int]:
    """Each score's sum of ``imps(s - t)`` over every score ``t``, without comparing all pairs.

    ``imps(d)`` counts the IMP bounds ``b`` with ``b <= |d|``, signed, so the sum over ``t`` is
    the sum over bounds ``b`` of #{t <= s - b} - #{t >= s + b}, read from prefix counts of the
    scores: O(n log n) instead of n². Comparing ``t`` with ``s - b`` equals comparing ``s - t``
    with ``b`` where subtraction is exact (whole numbers below 2**52). Other boards, which no
    traveller holds, are summed pair by pair up to ``_PAIRWISE_UPTO`` scores; beyond that they
    are counted exactly too (as exact fractions scaled to whole numbers), which can differ from
    the pairwise float sum only where ``s - t`` rounds onto an IMP bound.
    """
    counts = Counter(values)  # 420 and 420.0 are one key
    exact = all(isinstance(v, int) or (v.is_integer() and abs(v) < 2**52) for v in counts)
    if len(counts) <= _PAIRWISE or (not exact and len(values) <= _PAIRWISE_UPTO):
        return [sum(imps(s - t) for t in values) for s in values]
    if exact:
        scale = 1
        as_int = {int(v): v for v in counts}
    else:  # floats are binary fractions: one power of two makes every score whole
        scale = max(Fraction(v).denominator for v in counts)
        as_int = {int(Fraction(v) * scale): v for v in counts}
    distinct = sorted(as_int)
    at_most, below = _prefix_counts(
        distinct, [counts[as_int[v]] for v in distinct], IMP_BOUNDS[-1] * scale
    )
    total = [-len(values) * len(IMP_BOUNDS)] * len(distinct)
    for b in IMP_BOUNDS:
        # t <= s - b adds an IMP; t >= s + b takes one: n - #{t < s + b}, the -n already in.
        total = list(map(add, total, map(add, at_most(-b * scale), below(b * scale))))
    by_score = dict(zip(map(as_int.__getitem__, distinct), total, strict=True))
    return list(map(by_score.__getitem__, values))


_Counts = Callable[[int], Iterable[int]]


def _prefix_counts(distinct: list[int], counts: list[int], reach: int) -> tuple[_Counts, _Counts]:
    """For an offset ``k``: #{t <= s + k} and #{t < s + k} for each ``s`` in ``distinct``.

    ``distinct``: sorted whole scores; ``counts``: how often each occurs; ``reach``: the
    largest offset asked for. The loops run in C (map), so 100,000 distinct scores still take
    seconds, not hours.
    """
    lo, hi = distinct[0] - reach - 1, distinct[-1] + reach
    if hi - lo <= _DENSE_SPAN and len(distinct) >= _DENSE_FROM:
        # A real board's scores lie within a few thousand points: a running count per point.
        per_point = [0] * (hi - lo + 1)
        for v, c in zip(distinct, counts, strict=True):
            per_point[v - lo] = c
        upto = list(accumulate(per_point)).__getitem__  # upto(x - lo): scores <= x

        def at_most(k: int) -> Iterable[int]:
            return map(upto, map(add, distinct, repeat(k - lo)))

        def below(k: int) -> Iterable[int]:
            return map(upto, map(add, distinct, repeat(k - lo - 1)))

        return at_most, below
    before = list(accumulate(counts, initial=0)).__getitem__  # before(i): scores below i-th

    def at_most_far(k: int) -> Iterable[int]:
        return map(before, map(bisect_right, repeat(distinct), map(add, distinct, repeat(k))))

    def below_far(k: int) -> Iterable[int]:
        return map(before, map(bisect_left, repeat(distinct), map(add, distinct, repeat(k))))

    return at_most_far, below_far


# Up to this many distinct scores (a club board), comparing pairs is quicker than counting.
_PAIRWISE = 24
# Scores that are not whole numbers are compared pair by pair up to this many (a second).
_PAIRWISE_UPTO = 1000
# From this many distinct scores, and up to this many points between the lowest and highest,
# counts come from a list with an entry per point rather than from bisection.
_DENSE_FROM = 1000
_DENSE_SPAN = 1 << 18


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


def score_imp_board(
    rows: Sequence[float | Adjusted | None],
    method: ImpMethod = "butler",
    *,
    trim: int | None = None,
    datum: float | None = None,
    rounding: str = "half-away",
    divisor: str = "comparisons",
) -> list[tuple[float | None, float | None]]:
    """One board's (NS IMPs, EW IMPs) per row at IMP pairs: ``"butler"`` or ``"ximp"``.

    ``rows``: an NS score, an :class:`Adjusted` score, or ``None`` (not played: ``(None,
    None)``). The real results alone make the Butler datum or are cross-IMPed among themselves;
    an adjusted row leaves the datum and the comparisons and takes :func:`adjusted_imps` (Law
    86A: A+ +3, A 0, A- −3; ``A+/A-`` gives NS +3, EW −3), on the basis of one result's Butler
    IMPs or average cross-IMPs: ×(n − 1) for total cross-IMPs, ×(n − 1)/n for cross-IMPs ÷
    results, n the rows played (ACBLscore, rules.md §5). EW's IMPs on a real result are minus
    NS's. ``trim``, ``datum`` and ``rounding`` are :func:`butler`'s, ``divisor``
    :func:`cross_imps`'s.

    >>> A = Adjusted.parse
    >>> score_imp_board([420, 420, 450, A("A+/A-"), 170, -50, A("A"), None])
    [(2, -2), (2, -2), (3, -3), (3, -3), (-5, 5), (-9, 9), (0, 0), (None, None)]
    >>> score_imp_board([450, 420, 420, 170, -50, A("A+")], "ximp")[::5]
    [(5.0, -5.0), (3, 3)]
    """
    if method not in IMP_METHODS:
        raise ScaleError(f"IMP method {method!r} is not one of {', '.join(IMP_METHODS)}")
    if divisor not in CROSS_IMP_DIVISORS:
        raise ScaleError(
            f"cross-IMP divisor {divisor!r} is not one of {', '.join(CROSS_IMP_DIVISORS)}"
        )
    real: list[int] = []
    adjusted: list[tuple[int, tuple[int, int]]] = []
    for i, row in enumerate(rows):
        if row is None:
            continue
        if isinstance(row, Adjusted):
            try:
                adjusted.append((i, adjusted_imps(row)))
            except TravellerError as exc:
                raise TravellerError(f"row {i + 1}: {exc}") from None
            continue
        if isinstance(row, bool) or not isinstance(row, int | float) or not math.isfinite(row):
            raise TravellerError(f"row {i + 1}: score {row!r} is not a number")
        real.append(i)
    values = [float(rows[i]) for i in real]  # type: ignore[arg-type]
    out: list[tuple[float | None, float | None]] = [(None, None)] * len(rows)
    ns_imps: Sequence[float] = (
        butler(values, trim, datum, rounding) if method == "butler" else cross_imps(values, divisor)
    )
    for i, v in zip(real, ns_imps, strict=True):
        out[i] = (v, -v if v else abs(v))  # no "-0" for a zero
    played = len(real) + len(adjusted)
    factor: float = 1
    if method == "ximp" and divisor != "comparisons":
        factor = played - 1 if divisor == "total" else (played - 1) / played
    for i, (ns, ew) in adjusted:
        out[i] = (ns * factor, ew * factor)
    return out


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
