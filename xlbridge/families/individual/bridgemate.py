"""An individual workbook as a Bridgemate session
(:class:`~xlbridge.interchange.bws_write.BwsSession`): each round and table's four players
from the travellers (RoundData's NSPair is North's player, EWPair East's, and the individual
columns South and West, as the developer's guide and TabScore lay them), the players' names and
federation numbers from the Names sheet, the deals from the Hand Records sheet. One section,
one winner.

>>> seats_of((3, 4, 1, 2))
{'N': 3, 'S': 4, 'E': 1, 'W': 2}
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from xlbridge.errors import MovementError, WorkbookError
from xlbridge.families.duplicate.names import read_names
from xlbridge.families.duplicate.settings import read
from xlbridge.families.duplicate.travellers import read_travellers
from xlbridge.interchange.bws_write import (
    BwsMember,
    BwsRound,
    BwsSeat,
    BwsSection,
    BwsSession,
    board_span,
    bws_hand,
    scoring_type,
    session_date,
)
from xlbridge.workbook.cells import Book
from xlbridge.workbook.hand_records import read_hand_records

__all__ = ["seats_of", "session_of"]


def seats_of(players: tuple[int | None, ...]) -> dict[str, int | None]:
    """A traveller row's players (North, South, East, West) by seat letter."""
    return dict(zip("NSEW", players, strict=True))


def _names(book: Book) -> dict[int, tuple[str, str]]:
    """Player number -> (name, federation number), as typed on the Names sheet."""
    if "Names" not in book.sheetnames:
        return {}
    out: dict[int, tuple[str, str]] = {}
    for e in read_names(book).entries:
        e.checked()
        if e.number is not None:
            out[e.number] = ([*e.names, ""][0], [*e.numbers, ""][0])
    return out


Seating = tuple[int | None, ...]


def _bridgemate_rounds(
    plays: dict[tuple[int, int], dict[int, Seating]],
) -> dict[tuple[int, int], tuple[Seating, tuple[int, ...]]]:
    """(Bridgemate round, table) -> the four players and their boards. A round whose players
    change seats from board to board (a Rainbow: North partners each of the others in turn)
    becomes a Bridgemate round a board, in board order, since RoundData seats the players once
    a round; the rounds after it are numbered on.

    >>> _bridgemate_rounds({(1, 1): {1: (1, 2, 3, 4), 2: (1, 3, 4, 2)},
    ...                     (2, 1): {3: (1, 2, 3, 4), 4: (1, 2, 3, 4)}})
    {(1, 1): ((1, 2, 3, 4), (1,)), (2, 1): ((1, 3, 4, 2), (2,)), (3, 1): ((1, 2, 3, 4), (3, 4))}
    """
    out: dict[tuple[int, int], tuple[Seating, tuple[int, ...]]] = {}
    number = 0
    for rnd in sorted({r for r, _t in plays}):
        tables = {t: by_board for (r, t), by_board in plays.items() if r == rnd}
        split = any(len(set(b.values())) > 1 for b in tables.values())
        if not split:
            for table, by_board in tables.items():
                out[(number + 1, table)] = (next(iter(by_board.values())), tuple(sorted(by_board)))
            number += 1
            continue
        counts = {len(b) for b in tables.values()}
        if len(counts) != 1:
            raise MovementError(f"round {rnd}: the players change seats between boards, and the"
                                " tables play different numbers of boards; Bridgemate cannot"
                                " seat that round")  # fmt: skip
        for table, by_board in tables.items():
            for i, board in enumerate(sorted(by_board)):
                out[(number + 1 + i, table)] = (by_board[board], (board,))
        number += counts.pop()
    return out


def session_of(opened: Any, path: str) -> BwsSession:
    """The Bridgemate session of the individual workbook ``opened`` (through the gate),
    ``path`` its file."""
    name = Path(path).name
    plays: dict[tuple[int, int], dict[int, tuple[int | None, ...]]] = defaultdict(dict)
    book = Book(opened)
    for t in read_travellers(book):
        t.require("N", "S", "E", "W")
        for row in t.rows:
            rnd, table = row.round, row.table
            if rnd is None or table is None:
                raise WorkbookError(f"{name}: board {t.board}'s rows have no Round and Table")
            plays[(rnd, table)][t.board] = row.players()
    if not plays:
        raise WorkbookError(f"{name}: no 'Board N' traveller sheets")
    seats = _bridgemate_rounds(plays)
    rounds = []
    for (rnd, table), (players, played) in sorted(seats.items()):
        at = seats_of(players)
        low, high, custom = board_span(played, f"round {rnd} table {table}")
        rounds.append(BwsRound(1, table, rnd, at["N"] or 0, at["E"] or 0, low, high, custom,
                               south=at["S"] or 0, west=at["W"] or 0))  # fmt: skip
    names = _names(book)
    first: dict[int, tuple[int, int, str]] = {}
    for (rnd, table), (players, _played) in sorted(seats.items()):
        for seat, player in seats_of(players).items():
            if player is not None:
                first.setdefault(player, (rnd, table, seat))
    seated = []
    for player, (who, number) in sorted(names.items()):
        if player in first and (who or number):
            rnd, table, seat = first[player]
            seated.append(BwsSeat(1, table, seat, number, who, rnd))
    members = {number: who for who, number in names.values() if who and number}
    settings = read(book)  # the duplicate form's codec, as pairs read it
    deals = read_hand_records(opened)
    tables = max(r.table for r in rounds)
    return BwsSession(
        event=settings.event,
        date=session_date(settings.date),
        sections=(BwsSection(1, "A", tables, 1, scoring_type("mp")),), rounds=tuple(rounds),
        seats=tuple(sorted(seated, key=lambda s: (s.round, s.table, "NESW".index(s.direction)))),
        members=tuple(BwsMember(n, who) for n, who in sorted(members.items())),
        hands=tuple(bws_hand(1, b, d) for b, d in sorted(deals.items())), individual=True,
    )  # fmt: skip

