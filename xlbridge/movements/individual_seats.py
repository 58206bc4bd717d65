"""Who sits where on each board of an individual movement, and each player's guide card.

An individual entry's ``players`` are the player ids in seats (N, E, S, W). In the Rainbow the
partnerships change within a round (:func:`~xlbridge.movements.individual.rainbow_seating`);
in the other individual movements the seats hold for the whole round. :func:`seats_on` gives
the seats for one board whatever the movement, :func:`board_seats` every table's seats on a
board in playing order (the rows of its traveller), :func:`hands` an entry's boards grouped by
seating, and :func:`guide` one player's card: round, table, seat, partner, opponents, boards.

>>> from xlbridge.movements.individual import rainbow
>>> m = rainbow(5)
>>> [s for _, s in board_seats(m, 1)][:2]
[(1, 16, 11, 6), (5, 18, 14, 7)]
>>> guide(m, 16)[0]
GuideLine(round=1, table=1, seat='E', partner=6, opponents=(1, 11), boards=(1,))
"""

from __future__ import annotations

from dataclasses import dataclass

from xlbridge.errors import MovementError
from xlbridge.movements.individual import rainbow_seating
from xlbridge.movements.model import Entry, Movement

__all__ = [
    "SEAT_ORDER",
    "GuideLine",
    "Seats",
    "board_seats",
    "guide",
    "hands",
    "home_directions",
    "seats_on",
]

Seats = tuple[int, int, int, int]
#: The order of ``Entry.players`` and of every ``Seats`` tuple.
SEAT_ORDER = ("N", "E", "S", "W")


def seats_on(movement: Movement, entry: Entry, board: int) -> Seats:
    """The player ids in seats (N, E, S, W) at ``entry``'s table for ``board``.

    >>> from xlbridge.movements.individual import two_table_individual
    >>> m = two_table_individual()
    >>> seats_on(m, m.entries[0], 1)
    (8, 7, 1, 3)
    """
    if not movement.individual or entry.players is None:
        raise MovementError(f"{movement.kind}: not an individual movement (no seats per player)")
    if board not in entry.boards:
        raise MovementError(
            f"{movement.kind}: board {board} is not played at table {entry.table} "
            f"in round {entry.round}"
        )
    if movement.kind == "rainbow":
        return rainbow_seating(entry, board)
    return entry.players


def board_seats(movement: Movement, board: int) -> list[tuple[Entry, Seats]]:
    """Every play of ``board`` in playing order (round, then table), with the seats."""
    return [(e, seats_on(movement, e, board)) for e in movement.plays(board)]


def hands(movement: Movement, entry: Entry) -> list[tuple[Seats, tuple[int, ...]]]:
    """An entry's boards grouped by seating, in playing order: [(seats, boards), ...].

    >>> from xlbridge.movements.individual import rainbow
    >>> hands(rainbow(5, 6), rainbow(5, 6).entries[0])[1]
    ((1, 11, 6, 16), (3, 4))
    """
    out: list[tuple[Seats, tuple[int, ...]]] = []
    for b in entry.boards:
        s = seats_on(movement, entry, b)
        if out and out[-1][0] == s:
            out[-1] = (s, (*out[-1][1], b))
        else:
            out.append((s, (b,)))
    return out


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One line of a player's guide card: where they sit for some boards of a round."""

    round: int
    table: int
    seat: str
    partner: int
    opponents: tuple[int, int]
    boards: tuple[int, ...]


def guide(movement: Movement, player: int) -> tuple[GuideLine, ...]:
    """The guide card of ``player``: one line per round and seating, in playing order.

    Partner: N with S, E with W. Opponents: the other side, in seat order (N before S,
    E before W).

    >>> from xlbridge.movements.individual import six_couples
    >>> guide(six_couples(), 1)[0]
    GuideLine(round=1, table=1, seat='N', partner=8, opponents=(2, 7), boards=(1, 2, 3, 4))
    """
    if player not in movement.pair_ids:
        raise MovementError(f"{movement.kind}: no player {player}")
    out: list[GuideLine] = []
    for e in sorted(movement.entries, key=lambda x: (x.round, x.table)):
        if e.players is None or player not in e.players:
            continue
        for seats, boards in hands(movement, e):
            i = seats.index(player)
            partner = seats[(i + 2) % 4]
            opp = (seats[1], seats[3]) if i % 2 == 0 else (seats[0], seats[2])
            out.append(GuideLine(e.round, e.table, SEAT_ORDER[i], partner, opp, boards))
    return tuple(out)


def home_directions(movement: Movement) -> dict[int, str]:
    """Each player's own compass direction, when every player keeps one all session.

    The Rainbow's players always return to their own direction (seed 002: "the moving players
    revert to their original compass direction"; North t, West t+T, South t+2T, East t+3T), so
    they are ranked by direction too ("four winners"); in the other individual movements
    players change direction, and this is empty.

    >>> from xlbridge.movements.individual import rainbow, two_table_individual
    >>> d = home_directions(rainbow(5))
    >>> d[1], d[6], d[11], d[16]
    ('N', 'W', 'S', 'E')
    >>> home_directions(two_table_individual())
    {}
    """
    seen: dict[int, set[str]] = {p: set() for p in movement.pair_ids}
    for e in movement.entries:
        for seat, p in zip(SEAT_ORDER, e.players or (), strict=False):
            seen.setdefault(p, set()).add(seat)
    if not seen or any(len(s) != 1 for s in seen.values()):
        return {}
    return {p: next(iter(s)) for p, s in seen.items()}
