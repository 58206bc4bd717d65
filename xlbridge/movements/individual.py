"""Individual movements: four players a table, partners change every round (seed 002).

Individual movements set ``Movement.individual``; ``pairs`` lists the players (id = player
number) and every entry carries ``players = (N, E, S, W)``, the player ids in the seats for the
entry's boards. ``ns`` and ``ew`` are the ids of the North and the East player. Where the
partnerships change within a round (the Rainbow) the entry holds the players' own seats and
:func:`rainbow_seating` gives the seats for each board.

* :func:`rainbow`: Jacoby and Barclay's Rainbow for T tables, T not divisible by 2 or 3
  (5, 7, 11, 13, ...). North stationary, South +1 table, East +2, West -2, boards -1; player
  numbers N = t, W = t+T, S = t+2T, E = t+3T; T rounds (rules.md §8, seed 002).
* :func:`two_table_individual`, :func:`three_table_individual`: 8 players in 7 rounds or 12 in 11;
  the highest number stays North at table 1 and everyone else takes the seat of the next-lower
  number after each round (seed 002). Seed 002's seating figures 3-1 and 3-2 were lost in
  extraction; the starting seats here are chosen so that every two players are partners once
  and opponents twice.
* :func:`six_couples`: the five-round game for six couples, exactly as seed 002 sets it up.

>>> m = rainbow(5)
>>> m.rounds, len(m.boards), m.round_entries(1)[0].players
(5, 15, (1, 16, 11, 6))
"""

from __future__ import annotations

from collections.abc import Sequence
from math import gcd

from xlbridge.errors import MovementError
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.registry import KindInfo

__all__ = [
    "SIX_COUPLES_START",
    "THREE_TABLE_START",
    "TWO_TABLE_START",
    "rainbow",
    "rainbow_seating",
    "relay_order",
    "six_couples",
    "three_table_individual",
    "two_table_individual",
]

Seats = tuple[int, int, int, int]

#: Starting seats (N, E, S, W) of the two-table individual; player 8 is stationary.
TWO_TABLE_START: tuple[Seats, ...] = ((8, 7, 1, 3), (2, 5, 4, 6))
#: Starting seats (N, E, S, W) of the three-table individual; player 12 is stationary.
THREE_TABLE_START: tuple[Seats, ...] = ((12, 11, 1, 4), (2, 3, 8, 6), (5, 9, 7, 10))
#: Seed 002: "Start numbers 7, 1, 2, and 8 as West-North-East-South at Table 1; put 12, 4, 5,
#: and 9 in the same directions at Table 2; and 10, 3, 6, and 11 similarly at Table 3",
#: here as (N, E, S, W).
SIX_COUPLES_START: tuple[Seats, ...] = ((1, 2, 8, 7), (4, 5, 9, 12), (3, 6, 11, 10))


def relay_order(boards: Sequence[int], table: int, tables: int) -> tuple[int, ...]:
    """The order one table plays a set that ``tables`` tables share in a round.

    Table t starts at the t-th part of the set and passes each board to the next-lower table
    (table 1 to the highest), seed 002.

    >>> [relay_order((1, 2, 3), t, 3) for t in (1, 2, 3)]
    [(1, 2, 3), (2, 3, 1), (3, 1, 2)]
    """
    start = (table - 1) * len(boards) // tables
    return tuple(boards[start:]) + tuple(boards[:start])


def _set(s: int, k: int) -> tuple[int, ...]:
    return tuple(range((s - 1) * k + 1, s * k + 1))


def _rounds(kind: str, rounds: int | None, full: int) -> int:
    n = full if rounds is None else rounds
    if not 1 <= n <= full:
        raise MovementError(f"{kind}: {n} rounds; this movement has 1-{full}")
    return n


def rainbow(
    tables: int, boards_per_round: int | None = None, rounds: int | None = None
) -> Movement:
    """The Rainbow individual for ``tables`` (at least 5, not divisible by 2 or 3).

    One entry per table and round, ``players`` in their own seats; each round North partners
    South, then West, then East (seed 002: "South first, East last"), ``boards_per_round // 3``
    boards each (see :func:`rainbow_seating`).

    >>> [e.players for e in rainbow(5).round_entries(2)][:2]
    [(1, 19, 15, 8), (2, 20, 11, 9)]
    """
    t_count = tables
    if t_count < 5 or gcd(t_count, 6) != 1:
        raise MovementError(
            f"rainbow: {t_count} tables; the Rainbow needs 5 or more tables, "
            "a number not divisible by 2 or 3 (5, 7, 11, 13, ...)"
        )
    k = 3 if boards_per_round is None else boards_per_round
    if k < 3 or k % 3:
        raise MovementError(f"rainbow: {k} boards a round; use a multiple of 3 (3 or 6)")
    n_rounds = _rounds("rainbow", rounds, t_count)
    entries = []
    for r in range(n_rounds):
        for t in range(1, t_count + 1):
            north = t
            south = (t - 1 - r) % t_count + 1 + 2 * t_count
            east = (t - 1 - 2 * r) % t_count + 1 + 3 * t_count
            west = (t - 1 + 2 * r) % t_count + 1 + t_count
            s_no = (t - 1 + r) % t_count + 1
            entries.append(
                Entry(
                    round=r + 1,
                    table=t,
                    ns=north,
                    ew=east,
                    boards=_set(s_no, k),
                    players=(north, east, south, west),
                    set=s_no,
                )
            )
    pairs = tuple(
        Pair(t + offset * t_count, f"{t + offset * t_count} {d}")
        for offset, d in enumerate("NWSE")
        for t in range(1, t_count + 1)
    )
    return Movement(
        kind="rainbow",
        tables=t_count,
        rounds=n_rounds,
        boards_per_round=k,
        pairs=tuple(sorted(pairs, key=lambda p: p.id)),
        entries=tuple(entries),
        notes=(
            "North stays; South moves up one table, East up two, West down two; "
            "boards go down one (table 1 to the highest).",
            "North partners South, then West, then East; the partner sits South.",
        ),
        individual=True,
    )


def rainbow_seating(entry: Entry, board: int) -> Seats:
    """The seats (N, E, S, W) for one board of a Rainbow entry.

    The first third of the round's boards North partners South, the second West, the last
    East; the partner sits South and the other two rotate (West→South→East→West). Moving
    players go back to their own seats when they change tables.

    >>> e = rainbow(5).entries[0]
    >>> [rainbow_seating(e, b) for b in e.boards]
    [(1, 16, 11, 6), (1, 11, 6, 16), (1, 6, 16, 11)]
    """
    if entry.players is None or board not in entry.boards:
        raise MovementError(f"rainbow: board {board} is not played by this entry")
    north, east, south, west = entry.players
    hand = entry.boards.index(board) * 3 // len(entry.boards)
    if hand == 0:
        return (north, east, south, west)
    if hand == 1:
        return (north, south, west, east)
    return (north, west, east, south)


def _cyclic_individual(
    kind: str,
    start: tuple[Seats, ...],
    boards_per_round: int,
    rounds: int | None,
    notes: tuple[str, ...],
) -> Movement:
    tables = len(start)
    players = 4 * tables
    cycle = players - 1
    n_rounds = _rounds(kind, rounds, cycle)
    if boards_per_round < 1:
        raise MovementError(f"{kind}: {boards_per_round} boards a round; at least 1 is needed")
    entries = []
    for r in range(n_rounds):
        boards = _set(r + 1, boards_per_round)
        for t, seats in enumerate(start, start=1):
            now = tuple(p if p == players else (p - 1 + r) % cycle + 1 for p in seats)
            assert len(now) == 4
            entries.append(
                Entry(
                    round=r + 1,
                    table=t,
                    ns=now[0],
                    ew=now[1],
                    boards=relay_order(boards, t, tables),
                    players=(now[0], now[1], now[2], now[3]),
                    set=r + 1,
                )
            )
    return Movement(
        kind=kind,
        tables=tables,
        rounds=n_rounds,
        boards_per_round=boards_per_round,
        pairs=tuple(Pair(i, str(i)) for i in range(1, players + 1)),
        entries=tuple(entries),
        notes=notes,
        individual=True,
    )


def two_table_individual(boards_per_round: int = 3, rounds: int | None = None) -> Movement:
    """The eight-player individual: 7 rounds, the two tables share each round's set.

    Seed 002: 14, 21 or 28 boards (2, 3 or 4 a round); player 8 stays North at table 1,
    everyone else moves to the seat of the next-lower number (7 is "below" 1).

    >>> m = two_table_individual()
    >>> [e.players for e in m.round_entries(2)]
    [(8, 1, 2, 4), (3, 6, 5, 7)]
    """
    return _cyclic_individual(
        "individual-2",
        TWO_TABLE_START,
        boards_per_round,
        rounds,
        (
            "Player 8 stays North at table 1; everyone else takes the seat of the next-lower "
            "number (7 follows 1).",
            "The two tables exchange the round's boards.",
        ),
    )


def three_table_individual(boards_per_round: int = 3, rounds: int | None = None) -> Movement:
    """The twelve-player individual: 11 rounds of 3 boards (33 boards), seed 002.

    >>> m = three_table_individual()
    >>> m.rounds, len(m.boards), m.round_entries(1)[1].boards
    (11, 33, (2, 3, 1))
    """
    return _cyclic_individual(
        "individual-3",
        THREE_TABLE_START,
        boards_per_round,
        rounds,
        (
            "Player 12 stays North at table 1; everyone else takes the seat of the next-lower "
            "number (11 follows 1).",
            "Each round's boards pass to the next-lower table (table 1 to table 3).",
        ),
    )


def six_couples(boards_per_round: int = 4, rounds: int | None = None) -> Movement:
    """Seed 002's five-round game for six couples (men 1-6, their partners 7-12).

    The hosts 1 and 7 stay at table 1; every other player takes the seat of the next-lower
    number of the same sex (6 is "below" 2, 12 is "below" 8). The three tables share each
    round's set. Each guest couple sits together only at the host table.

    >>> m = six_couples()
    >>> [e.players for e in m.round_entries(2)]
    [(1, 3, 9, 7), (5, 6, 10, 8), (4, 2, 12, 11)]
    """
    n_rounds = _rounds("six-couples", rounds, 5)
    if boards_per_round < 1:
        raise MovementError(f"six-couples: {boards_per_round} boards a round; at least 1")
    entries = []
    for r in range(n_rounds):
        boards = _set(r + 1, boards_per_round)
        for t, seats in enumerate(SIX_COUPLES_START, start=1):
            now = tuple(
                p if p in (1, 7) else (p - (2 if p < 7 else 8) + r) % 5 + (2 if p < 7 else 8)
                for p in seats
            )
            entries.append(
                Entry(
                    round=r + 1,
                    table=t,
                    ns=now[0],
                    ew=now[1],
                    boards=relay_order(boards, t, 3),
                    players=(now[0], now[1], now[2], now[3]),
                    set=r + 1,
                )
            )
    return Movement(
        kind="six-couples",
        tables=3,
        rounds=n_rounds,
        boards_per_round=boards_per_round,
        pairs=tuple(Pair(i, str(i)) for i in range(1, 13)),
        entries=tuple(entries),
        notes=(
            "Hosts 1 and 7 stay at table 1; others take the seat of the next-lower number of "
            "the same sex (6 follows 2, 12 follows 8).",
            "Each round's boards pass to the next-lower table (table 1 to table 3).",
        ),
        individual=True,
    )


def _fixed(kind: str, tables: int, need: int) -> None:
    if tables != need:
        raise MovementError(f"{kind}: {tables} tables; this movement is for {need} tables")


def _two_kind(tables: int, boards_per_round: int = 3, rounds: int | None = None) -> Movement:
    _fixed("individual-2", tables, 2)
    return two_table_individual(boards_per_round, rounds)


def _three_kind(tables: int, boards_per_round: int = 3, rounds: int | None = None) -> Movement:
    _fixed("individual-3", tables, 3)
    return three_table_individual(boards_per_round, rounds)


def _six_kind(tables: int, boards_per_round: int = 4, rounds: int | None = None) -> Movement:
    _fixed("six-couples", tables, 3)
    return six_couples(boards_per_round, rounds)


KINDS: dict[str, KindInfo] = {
    "rainbow": KindInfo(
        "rainbow",
        "Rainbow individual: North stays, South +1, East +2, West -2, boards -1",
        ",".join(str(t) for t in range(5, 30) if gcd(t, 6) == 1),
        rainbow,
    ),
    "individual-2": KindInfo(
        "individual-2", "Two-table individual: 8 players, 7 rounds (Party Bridge)", "2", _two_kind
    ),
    "individual-3": KindInfo(
        "individual-3",
        "Three-table individual: 12 players, 11 rounds (Party Bridge)",
        "3",
        _three_kind,
    ),
    "six-couples": KindInfo(
        "six-couples",
        "Six couples, five rounds; hosts stay at table 1 (Party Bridge)",
        "3",
        _six_kind,
    ),
}
