"""Victory points for a match margin, and win/loss scoring (rules.md §4, §6).

Scales (``VP_SCALES``):

- ``wbf``: WBF 2013 continuous 20-VP scale, 2 decimals, with the concavity rule (each extra IMP
  is worth no more than the one before). The default.
- ``wbf-raw``: the same formula rounded to 2 decimals only.
- ``wbf-discrete``: WBF 2013 discrete scale, whole VPs.
- ``acbl20``, ``acbl30``: ACBL Swiss team scales for 6-8 and 9-11 boards.
- ``seed-imp``: the IMP table in seed 002 (the ACBL 20-VP scale for 6-8 boards; any boards).
- ``chicago-swiss``, ``chicago-marathon``: seed 002's tables of Chicago net points (the margin
  is in points, not IMPs; any boards), with the seed's 14-8 and 15-7 typos read as 14-6 and
  15-5 (rules.md §0).

``vp()`` returns the VPs of the side whose margin is given first; a negative margin is a loss.
The table scales take the row whose lower bound the margin reaches, so a fractional margin of
1.5 IMPs on a scale whose rows are ``0-1`` and ``2-5`` takes the ``0-1`` row.

>>> vp(5, 8)
(12.05, 7.95)
>>> vp(-5, 8)
(7.95, 12.05)
>>> vp(14, 16), vp(14, 16, "wbf-raw")
((13.75, 6.25), (13.74, 6.26))
>>> vp(12, 7, "acbl20")
(15.0, 5.0)
>>> vp(600, 4, "chicago-swiss")
(15.0, 5.0)
>>> win_loss(2), win_loss(2, three_quarter=False), win_loss(-7)
((0.75, 0.25), (1.0, 0.0), (0.0, 1.0))
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache

from xlbridge.errors import ScaleError
from xlbridge.limits import MATCH_BOARDS, check_count
from xlbridge.scoring.choices import VP_SCALE_NAMES, VPScaleName

__all__ = [
    "TEAM_SCALES",
    "VP_SCALES",
    "blitz",
    "vp",
    "wbf_discrete_bounds",
    "wbf_table",
    "win_loss",
]

VP_SCALES: tuple[VPScaleName, ...] = VP_SCALE_NAMES
#: Scales that are in IMPs (the Chicago scales are in Chicago points; not for team matches).
TEAM_SCALES: tuple[VPScaleName, ...] = tuple(s for s in VP_SCALES if not s.startswith("chicago"))

_TAU3 = math.sqrt(5) - 2  # τ³ with τ = (√5 − 1)/2

# Table scales: (lower bounds of the margin, VPs of the winner for each row), total VPs.
# rules.md §4 (BH): ACBL 20-VP and 30-VP scales by number of boards.
_ACBL20: dict[tuple[int, int], tuple[int, ...]] = {
    (6, 8): (0, 1, 3, 5, 8, 11, 14, 17, 20, 24, 28),
    (9, 11): (0, 1, 3, 6, 10, 14, 18, 22, 26, 31, 36),
}
_ACBL30: dict[tuple[int, int], tuple[int, ...]] = {
    (6, 8): (0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28),
    (9, 11): (0, 1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36),
}
_ACBL30_VPS = (15, *range(18, 31))
# Seed 002 (M. L. French, Party Bridge), chapters 4, 5 and 11.
_SEED_IMP = (0, 1, 3, 5, 8, 11, 14, 17, 20, 24, 28)
_CHICAGO_SWISS = (0, 50, 150, 250, 350, 550, 750, 950, 1250, 1550)
_CHICAGO_MARATHON = (0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2500)


def _scale(scale: str) -> str:
    key = str(scale).strip().lower().replace("_", "-").replace(" ", "")
    key = {"wbf2013": "wbf", "acbl": "acbl20", "acbl-20": "acbl20", "acbl-30": "acbl30"}.get(
        key, key
    )
    if key not in VP_SCALES:
        raise ScaleError(f"VP scale {scale!r} is not one of {', '.join(VP_SCALES)}")
    return key


def _boards(boards: int) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScaleError(f"boards {boards!r} is not a whole number of boards (1 or more)")
    # The WBF table has 15·√N entries: bounded before it is built (xlbridge.limits).
    return check_count(boards, "boards", MATCH_BOARDS, ScaleError)


def _margin(margin: float) -> float:
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not math.isfinite(margin):
        raise ScaleError(f"margin {margin!r} is not a number")
    return float(margin)


def blitz(boards: int) -> float:
    """The WBF 2013 blitz margin, 15·√N IMPs (not rounded), where the winner reaches 20 VPs.

    >>> blitz(16)
    60.0
    """
    return 15 * math.sqrt(_boards(boards))


def _wbf_exact(margin: float, boards: int) -> float:
    """VPs of the winner by the WBF 2013 formula, not rounded (``margin`` >= 0)."""
    b = blitz(boards)
    value: float = 10 + 10 * (1 - _TAU3 ** (margin / b)) / (1 - _TAU3)
    return min(20.0, value)


def _hundredths(x: float) -> int:
    # Round half up in hundredths; the small epsilon keeps exact .xx5 values from float noise.
    return math.floor(x * 100 + 0.5 + 1e-9)


@lru_cache(maxsize=256)
def _wbf_cents(boards: int, concave: bool) -> tuple[int, ...]:
    top = math.ceil(blitz(boards))
    cents = [_hundredths(_wbf_exact(m, boards)) for m in range(top + 2)]
    if concave:
        # Concavity rule: while some increment is larger than the one before, add 0.01 at the
        # first margin where that happens (rules.md §4; the whole table, margins 0 to ⌈B⌉ + 1).
        # Raising cents[m] only changes the increments next to m, so the scan resumes at m - 1
        # instead of starting again (same result, linear rather than quadratic).
        m = 1
        while m < len(cents) - 1:
            if cents[m + 1] - cents[m] > cents[m] - cents[m - 1]:
                cents[m] += 1
                m = max(1, m - 1)
            else:
                m += 1
    return tuple(cents)


def wbf_table(boards: int, concave: bool = True) -> list[float]:
    """The WBF 2013 continuous scale as a table: winner's VPs for margins 0, 1, ... ⌈B⌉.

    >>> wbf_table(8)[:3]
    [10.0, 10.44, 10.86]
    >>> len(wbf_table(16)), wbf_table(16)[-1]
    (61, 20.0)
    """
    cents = _wbf_cents(_boards(boards), concave)
    return [c / 100 for c in cents[:-1]]


@lru_cache(maxsize=256)
def wbf_discrete_bounds(boards: int) -> tuple[int, ...]:
    """Lowest margin (IMPs) for each of 11..20 VPs on the WBF 2013 discrete scale.

    Each VP step starts where the continuous scale passes the half VP below it, then the ranges
    are widened so that none is narrower than the one below it (the 10-VP range, −a..a, counts
    2a + 1 margins), as in MS's algorithm (rules.md §4).

    >>> wbf_discrete_bounds(20)
    (2, 6, 10, 15, 20, 26, 32, 40, 49, 61)
    """
    b = blitz(_boards(boards))
    # Highest margin still worth fewer than k + 0.5 VPs, k = 10..19, from the inverse formula.
    tops = []
    for k in range(10, 20):
        x = (k + 0.5 - 10) / 10 * (1 - _TAU3)
        tops.append(math.floor(b * math.log(1 - x) / math.log(_TAU3) + 1e-9))
    ends = [-tops[0], *tops]
    while True:
        if ends[2] - ends[1] < 2 * ends[1] + 1:
            ends[1] -= 1
            continue
        for i in range(2, len(ends)):
            if ends[i] - ends[i - 1] < ends[i - 1] - ends[i - 2]:
                ends[i - 1] -= 1
                break
        else:
            break
    return tuple(e + 1 for e in ends[1:])


def _lookup(bounds: Sequence[float], margin: float) -> int:
    return bisect_right(bounds, margin) - 1


def _acbl_row(
    table: dict[tuple[int, int], tuple[int, ...]], boards: int, scale: str
) -> Sequence[int]:
    for (lo, hi), bounds in table.items():
        if lo <= boards <= hi:
            return bounds
    raise ScaleError(f"the {scale} VP scale covers matches of 6-11 boards, not {boards}")


def vp(margin_imps: float, boards: int, scale: str = "wbf") -> tuple[float, float]:
    """VPs for a match won by ``margin_imps`` over ``boards`` boards: (this side, opponents).

    For the Chicago scales the margin is net Chicago points.

    >>> vp(0, 20), vp(1, 20), vp(2, 20), vp(68, 20), vp(100, 20)
    ((10.0, 10.0), (10.28, 9.72), (10.55, 9.45), (20.0, 0.0), (20.0, 0.0))
    >>> vp(8, 16, "wbf-discrete"), vp(0, 8, "acbl30"), vp(28, 7, "seed-imp")
    ((12.0, 8.0), (15.0, 15.0), (20.0, 0.0))
    """
    key = _scale(scale)
    m = _margin(margin_imps)
    n = _boards(boards)
    a = abs(m)
    total = 30.0 if key == "acbl30" else 20.0
    win: float
    if key in ("wbf", "wbf-raw"):
        if a.is_integer():
            cents = _wbf_cents(n, key == "wbf")
            win = cents[min(int(a), len(cents) - 2)] / 100
        else:
            win = _hundredths(_wbf_exact(a, n)) / 100
    elif key == "wbf-discrete":
        win = 10.0 + _lookup((0, *wbf_discrete_bounds(n)), a)
    elif key == "acbl20":
        win = 10.0 + _lookup(_acbl_row(_ACBL20, n, key), a)
    elif key == "acbl30":
        win = float(_ACBL30_VPS[_lookup(_acbl_row(_ACBL30, n, key), a)])
    elif key == "seed-imp":
        win = 10.0 + _lookup(_SEED_IMP, a)
    elif key == "chicago-swiss":
        win = 10.0 + _lookup(_CHICAGO_SWISS, a)
    else:
        win = 10.0 + _lookup(_CHICAGO_MARATHON, a)
    lose = round(total - win, 2)
    return (win, lose) if m >= 0 else (lose, win)


def win_loss(margin_imps: float, three_quarter: bool = True) -> tuple[float, float]:
    """Win/loss scoring of a match: 1 / ½ / 0, or ¾ / ¼ for a win by 1-2 IMPs (seed 002).

    >>> win_loss(0), win_loss(1), win_loss(3), win_loss(-1.5)
    ((0.5, 0.5), (0.75, 0.25), (1.0, 0.0), (0.25, 0.75))
    """
    m = _margin(margin_imps)
    if m == 0:
        return (0.5, 0.5)
    win = 0.75 if three_quarter and abs(m) <= 2 else 1.0
    return (win, 1 - win) if m > 0 else (1 - win, win)
