"""Figures written with the same decimals down a column of a results page, so that a page never
shows ``53.7``, ``65`` and ``45`` side by side: each figure rounded by the one display rounding
(:func:`xlbridge.numerals.shown`), then written with as many decimals (0 to 2) as the column's
most precise figure needs; percentages always with two.

>>> texts([65, 53.7, 45.25]), texts([6, 3.5, 0]), texts([420, -50]), texts([50], places=2)
(['65.00', '53.70', '45.25'], ['6.0', '3.5', '0.0'], ['420', '-50'], ['50.00'])
"""

from __future__ import annotations

from collections.abc import Iterable

from xlbridge.numerals import shown

__all__ = ["PERCENT_PLACES", "decimals", "fixed", "texts"]

PERCENT_PLACES = 2  # a percentage always shows two decimals (59.52, 50.00)


def decimals(values: Iterable[float | int | None]) -> int:
    """The fewest decimals (0-2) that write every figure of ``values`` as :func:`shown`
    rounds it; None (no figure) is left out.

    >>> decimals([1, 2.0, None]), decimals([1, 2.5]), decimals([1 / 3, 2.5])
    (0, 1, 2)
    """
    most = 0
    for v in values:
        if v is None or isinstance(v, bool):
            continue
        r = shown(float(v))
        if r.is_integer():
            continue
        most = max(most, 1 if round(r, 1) == r else 2)
    return most


def fixed(x: float | int | None, places: int, blank: str = "") -> str:
    """``x`` rounded by :func:`shown` and written with ``places`` decimals (None: ``blank``).

    >>> fixed(3.5, 2), fixed(-0.001, 1), fixed(None, 1, "-"), fixed(7, 0)
    ('3.50', '0.0', '-', '7')
    """
    if x is None:
        return blank
    return f"{shown(float(x)) + 0.0:.{places}f}"


def texts(
    values: Iterable[float | int | None], places: int | None = None, blank: str = ""
) -> list[str]:
    """Every figure of a column written alike: ``places`` decimals, or (None) as many as the
    column needs (:func:`decimals`)."""
    column = list(values)
    n = decimals(column) if places is None else places
    return [fixed(v, n, blank) for v in column]
