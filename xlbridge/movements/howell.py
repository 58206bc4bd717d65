"""Howell movements: every pair meets every other pair (one winner).

A complete Howell for T tables has 2T pairs, 2T-1 rounds and 2T-1 board sets; each pair meets
every other pair once and plays every set once (rules.md §8).

* 2 tables: the two tables relay one set a round (3 rounds, each set played twice).
* 3 tables: the NBB ``N022_Howell_6`` movement exactly as rules.md §8 prints it; set E is relayed
  by all three tables in round 5.
* 4 tables: the NBB ``N025_Howell_tafelkaart_8`` movement exactly as rules.md §8 prints it
  (perfectly balanced: every s_ij is 3).
* 5 tables and up: a cyclic construction with no shared boards. Pair 2T sits North-South at
  table 1 throughout; pairs 1..2T-1 and the board sets both advance one step (mod 2T-1) each
  round. Round 1 is a "starter": table t holds pairs 1+x_t and 1+y_t with set 1+o_t, chosen so
  that the differences y_t-x_t are ±1..±(T-1) once each (every pair meets every other pair once),
  the o_t are distinct (no set at two tables in a round) and the values o_t-x_t, o_t-y_t are
  distinct (every pair plays every set once). :func:`starter` finds one by a fixed depth-first
  search, so a movement is always the same for the same size. Then some tables are turned
  round (North-South and East-West exchanged) to even out Manning's competition measure s_ij
  (6 tables: perfect, every s_ij = 5 a board).

A ¾ Howell (:func:`three_quarter_howell`) plays the first ⌈¾(2T-1)⌉ rounds of the complete
Howell (6 tables: 9 rounds, as EXE runs it): pairs meet ⌈¾(2T-1)⌉ of their 2T-1 opponents and
never replay a board, but the sets are not all played the same number of times, so the scorer
factors (Neuberg) the boards played less often.

>>> m = howell(4, boards_per_round=3)
>>> (m.rounds, len(m.boards), [(e.ns, e.ew, e.set) for e in m.round_entries(1)])
(7, 21, [(8, 1, 1), (6, 3, 4), (7, 2, 6), (4, 5, 7)])
"""

from __future__ import annotations

import math
from functools import cache

from xlbridge.errors import MovementError
from xlbridge.movements.balance import balance
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.registry import KindInfo

__all__ = [
    "HOWELL_FOUR_TABLES",
    "HOWELL_MAX_TABLES",
    "HOWELL_THREE_TABLES",
    "default_boards_per_round",
    "howell",
    "starter",
    "three_quarter_howell",
    "three_quarter_rounds",
]

#: The largest complete Howell generated (2T-1 = 31 rounds is already far beyond one session).
HOWELL_MAX_TABLES = 16

#: rules.md §8, NBB ``N022_Howell_6.txt``: per round, per table (NS pair, EW pair, set letter).
HOWELL_THREE_TABLES: tuple[tuple[tuple[int, int, str], ...], ...] = (
    ((1, 2, "A"), (3, 4, "B"), (5, 6, "C")),
    ((1, 3, "C"), (5, 2, "D"), (4, 6, "A")),
    ((1, 4, "D"), (2, 6, "B"), (3, 5, "A")),
    ((1, 5, "B"), (4, 2, "C"), (6, 3, "D")),
    ((1, 6, "E"), (2, 3, "E"), (4, 5, "E")),
)

#: rules.md §8, NBB ``N025_Howell_tafelkaart_8.txt``: per round, per table (NS, EW, set letter).
HOWELL_FOUR_TABLES: tuple[tuple[tuple[int, int, str], ...], ...] = (
    ((8, 1, "A"), (6, 3, "D"), (7, 2, "F"), (4, 5, "G")),
    ((8, 2, "B"), (7, 4, "E"), (1, 3, "G"), (5, 6, "A")),
    ((8, 3, "C"), (1, 5, "F"), (2, 4, "A"), (6, 7, "B")),
    ((8, 4, "D"), (2, 6, "G"), (3, 5, "B"), (7, 1, "C")),
    ((8, 5, "E"), (3, 7, "A"), (4, 6, "C"), (1, 2, "D")),
    ((8, 6, "F"), (4, 1, "B"), (5, 7, "D"), (2, 3, "E")),
    ((8, 7, "G"), (5, 2, "C"), (6, 1, "E"), (3, 4, "F")),
)

# Two tables (4 pairs, 3 rounds): pair 4 sits North-South at table 1; each round both tables
# relay the round's set (as ACBLscore's H0203 does).
_HOWELL_TWO_TABLES: tuple[tuple[tuple[int, int, str], ...], ...] = (
    ((4, 1, "A"), (2, 3, "A")),
    ((4, 2, "B"), (3, 1, "B")),
    ((4, 3, "C"), (1, 2, "C")),
)


def default_boards_per_round(tables: int) -> int:
    """Boards a round for a session of about 21-28 boards.

    >>> [default_boards_per_round(t) for t in (2, 3, 4, 5, 7)]
    [7, 4, 3, 3, 2]
    """
    rounds = 2 * tables - 1
    if tables == 2:
        return 7
    return max(1, min(4, 27 // rounds))


@cache
def starter(tables: int) -> tuple[tuple[int, int, int], ...]:
    """The round-1 pattern of the cyclic Howell for ``tables`` (5 or more).

    One (x, y, o) per table, table 1 first: the table holds pairs 1+x (North-South) and 1+y
    (East-West) with set 1+o, all mod 2T-1, where pair "0" is pair 2T-1. Table 1 is (stationary,
    0, 0): pair 2T against pair 1 with set 1 (x = -1 marks the stationary pair).

    >>> starter(5)[0]
    (-1, 0, 0)
    >>> len(starter(13))
    13
    """
    if tables < 2:
        raise MovementError(f"howell: {tables} tables; a Howell needs at least 2")
    m = 2 * tables - 1
    sets_seen = {0}  # o - x over the pairs: sets a pair plays
    pairs_seen = {0}  # x: pairs seated in round 1
    offsets = {0}
    found: list[tuple[int, int, int]] = []

    def place(k: int) -> bool:
        # k is the difference still to place, largest first: it constrains the most.
        if k == 0:
            return True
        for u in range(m):
            v = (u + k) % m
            if u in sets_seen or v in sets_seen:
                continue
            for o in range(m):
                x, y = (o - u) % m, (o - v) % m
                if o in offsets or x in pairs_seen or y in pairs_seen:
                    continue
                sets_seen.update((u, v))
                pairs_seen.update((x, y))
                offsets.add(o)
                found.append((x, y, o))
                if place(k - 1):
                    return True
                found.pop()
                offsets.discard(o)
                pairs_seen.difference_update((x, y))
                sets_seen.difference_update((u, v))
        return False

    if not place(tables - 1):  # pragma: no cover - the search succeeds for 2..HOWELL_MAX_TABLES
        raise MovementError(f"howell: no cyclic starter for {tables} tables")
    return ((-1, 0, 0), *found)


def _check_size(kind: str, tables: int, lowest: int, highest: int) -> None:
    if not lowest <= tables <= highest:
        raise MovementError(f"{kind}: {tables} tables; this movement is for {lowest}-{highest}")


def _letters(
    table: tuple[tuple[tuple[int, int, str], ...], ...],
) -> list[list[tuple[int, int, int]]]:
    return [[(ns, ew, ord(s) - ord("A") + 1) for ns, ew, s in rnd] for rnd in table]


def _grid(tables: int) -> list[list[tuple[int, int, int]]]:
    """Per round, per table: (NS pair, EW pair, set number) of the complete Howell."""
    if tables == 2:
        return _letters(_HOWELL_TWO_TABLES)
    if tables == 3:
        return _letters(HOWELL_THREE_TABLES)
    if tables == 4:
        return _letters(HOWELL_FOUR_TABLES)
    return _cyclic_grid(tables, _orientation(tables))


def _cyclic_grid(tables: int, flipped: frozenset[int]) -> list[list[tuple[int, int, int]]]:
    m = 2 * tables - 1
    stationary = 2 * tables
    grid = []
    for r in range(m):
        row = []
        for t, (x, y, o) in enumerate(starter(tables), start=1):
            ns = stationary if x < 0 else (r + x) % m + 1
            ew = (r + y) % m + 1
            row.append((ew, ns, (r + o) % m + 1) if t in flipped else (ns, ew, (r + o) % m + 1))
        grid.append(row)
    return grid


def _grid_movement(tables: int, grid: list[list[tuple[int, int, int]]]) -> Movement:
    entries = tuple(
        Entry(round=r, table=t, ns=ns, ew=ew, boards=(s,), set=s)
        for r, row in enumerate(grid, start=1)
        for t, (ns, ew, s) in enumerate(row, start=1)
    )
    return Movement(
        kind="howell",
        tables=tables,
        rounds=len(grid),
        boards_per_round=1,
        pairs=tuple(Pair(i, str(i)) for i in range(1, 2 * tables + 1)),
        entries=entries,
    )


@cache
def _orientation(tables: int) -> frozenset[int]:
    """Tables whose two pairs change direction, chosen to even out Manning's s_ij.

    Turning a table round swaps same-direction and opposite-direction comparisons (Manning's
    b and c) without changing who meets whom or who plays which set. A fixed greedy search
    (flip one table at a time while the standard deviation of s_ij falls) finds a choice; for 6
    tables it makes the movement perfect.
    """
    flipped: frozenset[int] = frozenset()
    best = balance(_grid_movement(tables, _cyclic_grid(tables, flipped))).sd
    improved = True
    while improved:
        improved = False
        for t in range(2, tables + 1):
            trial = flipped ^ {t}
            sd = balance(_grid_movement(tables, _cyclic_grid(tables, trial))).sd
            if sd < best - 1e-9:
                best, flipped, improved = sd, trial, True
    return flipped


def howell(tables: int, boards_per_round: int | None = None, rounds: int | None = None) -> Movement:
    """The complete Howell for ``tables`` (2 to :data:`HOWELL_MAX_TABLES`), or its first ``rounds``.

    Pair ids are 1..2T and their labels are the numbers. Set s holds boards
    (s-1)·k+1 .. s·k for k boards a round; ``Entry.set`` names the set.

    >>> m = howell(3, boards_per_round=4)
    >>> [e.boards for e in m.round_entries(5)]
    [(17, 18, 19, 20), (17, 18, 19, 20), (17, 18, 19, 20)]
    >>> howell(7).rounds, len(howell(7).boards)
    (13, 26)
    """
    _check_size("howell", tables, 2, HOWELL_MAX_TABLES)
    complete = 2 * tables - 1
    k = default_boards_per_round(tables) if boards_per_round is None else boards_per_round
    if k < 1:
        raise MovementError(f"howell: {k} boards a round; at least 1 is needed")
    n_rounds = complete if rounds is None else rounds
    if not 1 <= n_rounds <= complete:
        raise MovementError(
            f"howell: {n_rounds} rounds for {tables} tables; a Howell has 1-{complete} rounds"
        )
    entries = []
    for r, row in enumerate(_grid(tables)[:n_rounds], start=1):
        for t, (ns, ew, s) in enumerate(row, start=1):
            boards = tuple(range((s - 1) * k + 1, s * k + 1))
            entries.append(Entry(round=r, table=t, ns=ns, ew=ew, boards=boards, set=s))
    notes = [f"Pair {2 * tables} sits North-South at table 1 throughout."]
    if tables <= 3:
        notes.append("Tables sharing a set relay its boards during the round.")
    if n_rounds < complete:
        notes.append(f"Shortened to {n_rounds} of {complete} rounds.")
    return Movement(
        kind="howell" if n_rounds == complete else "howell-short",
        tables=tables,
        rounds=n_rounds,
        boards_per_round=k,
        pairs=tuple(Pair(i, str(i)) for i in range(1, 2 * tables + 1)),
        entries=tuple(entries),
        notes=tuple(notes),
    )


def three_quarter_rounds(tables: int) -> int:
    """Rounds of the ¾ Howell: ⌈¾(2T-1)⌉.

    >>> [three_quarter_rounds(t) for t in (6, 8, 9, 10, 11, 12)]
    [9, 12, 13, 15, 16, 18]
    """
    return math.ceil(3 * (2 * tables - 1) / 4)


def three_quarter_howell(tables: int, boards_per_round: int | None = None) -> Movement:
    """A ¾ Howell for 6-12 tables: the first ⌈¾(2T-1)⌉ rounds of :func:`howell`.

    >>> m = three_quarter_howell(8)
    >>> (m.kind, m.rounds, m.boards_per_round)
    ('howell-3/4', 12, 2)
    """
    _check_size("howell-3/4", tables, 6, 12)
    rounds = three_quarter_rounds(tables)
    k = 2 if boards_per_round is None else boards_per_round
    m = howell(tables, boards_per_round=k, rounds=rounds)
    return Movement(
        kind="howell-3/4",
        tables=m.tables,
        rounds=m.rounds,
        boards_per_round=m.boards_per_round,
        pairs=m.pairs,
        entries=m.entries,
        notes=(
            *m.notes[:1],
            f"¾ Howell: {rounds} of {2 * tables - 1} rounds; boards played fewer times are "
            "factored.",
        ),
    )


def _three_quarter_kind(
    tables: int, boards_per_round: int | None = None, rounds: int | None = None
) -> Movement:
    if rounds is not None and rounds != three_quarter_rounds(tables):
        return howell(tables, boards_per_round, rounds)
    return three_quarter_howell(tables, boards_per_round)


KINDS: dict[str, KindInfo] = {
    "howell": KindInfo(
        "howell",
        "Complete Howell: every pair meets every other once (2-3 tables relay)",
        f"2-{HOWELL_MAX_TABLES}",
        howell,
    ),
    "howell-3/4": KindInfo(
        "howell-3/4",
        "3/4 Howell: the first ceil(3(2T-1)/4) rounds of the complete Howell",
        "6-12",
        _three_quarter_kind,
    ),
}
