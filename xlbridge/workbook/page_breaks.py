"""Page breaks that keep each table of a printed sheet on one page (the Results sheet's
sections: a table split by the page's end leaves its last pairs alone on the next page).

The sheet prints portrait, one page wide (:func:`~xlbridge.workbook.styles.fit_portrait`), so
the scale follows from the printed columns' widths; a page's height is the smallest printable
height of A4 and US Letter with openpyxl's default margins, shrunk by a safety margin, so the
breaks hold on either paper.

>>> rows_per_page = int(page_height_points([8, 9, 44, 11, 11]) // 20)
>>> rows_per_page
29
>>> table_breaks([(1, 12), (14, 26), (28, 40)], page_height_points([8, 9, 44, 11, 11]),
...              lambda r: 20.0)
[27]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["page_height_points", "table_breaks"]

# Printable area, points: A4 is the narrower (8.27 in), Letter the shorter (11 in); openpyxl's
# default margins are 0.75 in left and right, 1 in top and bottom.
_WIDTH = (8.27 - 1.5) * 72
_HEIGHT = (11 - 2) * 72
_SAFETY = 0.92  # header/footer lines and the engines' rounding of row heights


def page_height_points(widths: Sequence[float]) -> float:
    """The height of one printed page, in the sheet's own points (before scaling), of a
    portrait sheet fitted to one page wide whose printed columns have ``widths`` (characters,
    as ``column_dimensions`` holds them).

    >>> round(page_height_points([10]))
    596
    >>> round(page_height_points([200]))
    1289
    """
    # A column of width w is w * 7 + 5 pixels at 96 dpi (the default font's digit is 7 px).
    total = sum(w * 7 + 5 for w in widths) * 0.75
    scale = min(1.0, _WIDTH / total) if total else 1.0
    return _HEIGHT * _SAFETY / scale


def table_breaks(
    tables: Sequence[tuple[int, int]], page: float, height: Callable[[int], float]
) -> list[int]:
    """The rows after which to break the page so that no table (``(first row, last row)``, in
    order, with nothing printed between them but blank rows) is split, given a page's height
    and each row's height in points. A table taller than a page starts a page and is split.

    >>> table_breaks([(1, 20), (22, 40)], 500.0, lambda r: 20.0)
    [21]
    >>> table_breaks([(1, 5), (7, 10)], 500.0, lambda r: 20.0)
    []
    """
    breaks: list[int] = []
    used = 0.0
    row = 1  # the first row not yet placed on a page
    for first, last in tables:
        gap = sum(height(r) for r in range(row, first))
        size = sum(height(r) for r in range(first, last + 1))
        if used > 0 and used + gap + size > page:
            breaks.append(first - 1)
            used = 0.0
        else:
            used += gap
        used += size
        while used > page:  # a table longer than a page: the engine breaks it where it must
            used -= page
        row = last + 1
    return breaks
