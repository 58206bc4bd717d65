"""A fouled board (Law 87): the board was not played in the same form at every table, so the
results fall into groups that are compared only among themselves.

Each group is matchpointed on its own and then factored up to the full top by Neuberg's formula
(rules.md §5 "Neuberg": M' = (M + u)·N/n − u, the form the WBF and ACBL adopted in 1991 for
boards with fewer results; EBU practice, rules.md §5 "Interplay"); the full field N is every
result on the board, whichever group it is in. Artificial adjusted scores get their percentage
of the full top, as on any board. The small-group tables of that 1991 ruling (a group of 3 that
is not the largest gets 70/60/50%, ...; rules.md §5, secondary source) are not applied.

>>> [(round(a, 2), round(b, 2)) for a, b in score_fouled_board([420, 450, 170, 200], [0, 0, 1, 1])]
[(0.5, 2.5), (2.5, 0.5), (0.5, 2.5), (2.5, 0.5)]
"""

from __future__ import annotations

from collections.abc import Sequence

from xlbridge.errors import TravellerError
from xlbridge.scoring.matchpoints import MPScale, Row, score_board

__all__ = ["parse_fouled", "score_fouled_board"]


def score_fouled_board(
    rows: Sequence[Row],
    groups: Sequence[int],
    scale: str | MPScale = "acbl",
    expected: int | None = None,
) -> list[tuple[float | None, float | None]]:
    """(NS mp, EW mp) per row of a fouled board; ``groups[i]`` names the form of the board row
    ``i`` played (any whole numbers: rows with the same number are compared together).

    ``expected`` is the full field (default: every row that is not ``None``). With one group
    this is :func:`~xlbridge.scoring.matchpoints.score_board`.

    >>> score_fouled_board([420, 420, 170], [0, 0, 0]) == score_board([420, 420, 170])
    True
    """
    if len(groups) != len(rows):
        raise TravellerError(f"{len(groups)} group numbers for {len(rows)} rows")
    full = sum(r is not None for r in rows) if expected is None else expected
    out: list[tuple[float | None, float | None]] = [(None, None)] * len(rows)
    for g in sorted(set(groups)):
        part = [r if groups[i] == g else None for i, r in enumerate(rows)]
        scored = score_board(part, scale, expected=full)
        for i, pair in enumerate(scored):
            if groups[i] == g:
                out[i] = pair
    return out


def parse_fouled(text: str) -> tuple[int, frozenset[int]]:
    """``5:1-3`` or ``5:1,4,6-7``: board 5 was fouled at those tables.

    >>> parse_fouled("5:1-3")
    (5, frozenset({1, 2, 3}))
    """
    board_text, _, tables_text = text.partition(":")
    bad = TravellerError(f"fouled board {text[:20]!r}: write BOARD:TABLES, e.g. 5:1-3")
    if not board_text.strip().isdigit() or not tables_text.strip() or len(text) > 200:
        raise bad
    tables: set[int] = set()
    for part in tables_text.split(","):
        lo, _, hi = part.strip().partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()) or len(lo) > 3 or len(hi) > 3:
            raise bad
        a, b = int(lo), int(hi or lo)
        if a < 1 or b < a:
            raise bad
        tables.update(range(a, b + 1))
    return int(board_text), frozenset(tables)
