"""The WBF IMP scale (Law 78B; rules.md §3).

>>> imps(420), imps(-1000), imps(10)
(9, -14, 0)
"""

from __future__ import annotations

from bisect import bisect_right

__all__ = ["IMP_BOUNDS", "imps", "imps_between"]

# Lower bound of each IMP step: a difference of at least IMP_BOUNDS[k] is worth k + 1 IMPs.
IMP_BOUNDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(points: float) -> int:
    """IMPs for a points difference, signed like ``points``.

    A difference between two rows (a Butler datum need not be a multiple of 10) takes the
    lower row.

    >>> imps(19), imps(20), imps(-4000)
    (0, 1, -24)
    """
    n = bisect_right(IMP_BOUNDS, abs(points))
    return n if points >= 0 else -n


def imps_between(score: float, other: float) -> int:
    """IMPs won by ``score`` against ``other``: ``imps(score - other)``.

    >>> imps_between(620, 170)
    10
    """
    return imps(score - other)
