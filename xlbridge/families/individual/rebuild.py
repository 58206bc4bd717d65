"""Rebuild adapter for individual games (``rainbow``, ``individual-2``, ``individual-3``,
``six-couples``): their settings, read back from the Session sheet, and the meaning of every
input cell (:class:`~xlbridge.rebuild.slots.Slot`), for :mod:`xlbridge.rebuild.family`.

An individual workbook's input cells are the player names (``Names``), each traveller's
Expected count, and each traveller row: the four players' numbers (pre-filled, typed over when
someone sat elsewhere), Contract, By, Made and Down (or Tricks), NS Score (typed over) and
Adjusted. A row means one play of one board by four players in their seats, so its key is the
board, the four players as the movement seats them, and the column heading: a result carried to
another movement lands where the same four players meet on that board in the same seats.

>>> s = Settings("rainbow", tables=5, rounds=5, boards_per_round=3)
>>> ADAPTER.describe(s)
'rainbow, 5 tables, 5 rounds, 15 boards, 20 players'
>>> wb = ADAPTER.build(s, None)
>>> slots = ADAPTER.slots(wb, s)
>>> [x.what for x in slots if x.sheet == "Board 1"][:2]
['Board 1: Expected', 'Board 1, N 1 S 11 E 16 W 6: N']
>>> slots[0].key, slots[0].where
(('player', 1, 'Name'), "'Names'!B4")
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST
from xlbridge.families.duplicate.names import PLAYER_HEADERS
from xlbridge.families.individual.settings import Settings, read
from xlbridge.movements.individual_seats import Seats, board_seats
from xlbridge.movements.model import Movement
from xlbridge.movements.options import MovementOptions, option_specs
from xlbridge.movements.registry import FamilyName, family_of, get_kind
from xlbridge.rebuild.slots import Key, RebuildChange, Slot
from xlbridge.workbook.cells import unlocked_cells
from xlbridge.workbook.formulas import EXPECTED_CELL, FIRST_ROW, HEADER_ROW
from xlbridge.workbook.hand_records import add_hand_records, analysed

__all__ = ["ADAPTER", "IndividualAdapter", "Settings", "seats_text"]

_FAMILY: FamilyName = "individual"
_EXPECTED = EXPECTED_CELL.replace("$", "")
_SEAT_LETTERS = "NESW"  # the order of a Seats tuple
_SHOWN_ORDER = (0, 2, 1, 3)  # N, S, E, W: the NS partnership first, as on a traveller


def seats_text(seats: Seats, who: Mapping[int, int | str] | None = None) -> str:
    """The four players of a play as a traveller shows them: N, S, E, W (each player by
    ``who[player]`` when given).

    >>> seats_text((1, 16, 11, 6)), seats_text((1, 16, 11, 6), {1: 1, 16: 22, 11: 15, 6: 8})
    ('N 1 S 11 E 16 W 6', 'N 1 S 15 E 22 W 8')
    """
    return " ".join(
        f"{_SEAT_LETTERS[i]} {seats[i] if who is None else who[seats[i]]}" for i in _SHOWN_ORDER
    )


@lru_cache(maxsize=32)
def _movement(
    kind: str, tables: int, boards_per_round: int | None, rounds: int | None,
    options: MovementOptions | None = None,
) -> Movement:  # fmt: skip
    """The movement ``new`` builds for these options (the CLI's own builder, so the rebuilt
    workbook is the one ``new`` writes; a size the kind cannot make is its own error)."""
    from xlbridge.movements.options import MovementArgs, build_movement

    ns = MovementArgs(
        tables=tables, boards_per_round=boards_per_round, rounds=rounds,
        **dict((options or MovementOptions()).given()),
    )
    return build_movement(get_kind(kind), ns)


class IndividualAdapter:
    """The :class:`~xlbridge.rebuild.slots.FamilyAdapter` of individual games."""

    family: FamilyName = _FAMILY

    def settings(self, book: Workbook) -> Settings:
        """Kind, size, event, date, scale, result entry, handicaps, strata, masterpoints and
        deals: the family's one reading of the Session sheet
        (:func:`~xlbridge.families.individual.settings.read`)."""
        return read(book)

    def change(self, old: Settings, args: RebuildChange) -> Settings:
        """``old`` with the kind, tables, rounds and boards per round asked for. Rounds not
        given stay when the kind and tables stay, else become the new movement's own; a kind
        played at one size only (``individual-2``) takes that size when tables are not given.

        >>> old = Settings("rainbow", 5, 5, 3)
        >>> ADAPTER.change(old, RebuildChange(tables=7)).rounds
        7
        >>> ADAPTER.change(old, RebuildChange(tables=6))
        Traceback (most recent call last):
        ...
        xlbridge.errors.MovementError: rainbow: 6 tables is not supported (supported: 5,7,...)
        """
        given = getattr(args, "kind", None)
        kind = get_kind(given).name if given else old.kind
        if family_of(kind) != _FAMILY:
            raise WorkbookError(f"{kind} is not an individual game; rebuild keeps the game family")
        info = get_kind(kind)
        tables = getattr(args, "tables", None)
        if tables is None:
            tables = old.tables
            if kind != old.kind and not info.supports(tables) and info.tables.isdigit():
                tables = int(info.tables)
        bpr = getattr(args, "boards_per_round", None) or old.boards_per_round
        rounds = getattr(args, "rounds", None)
        if rounds is None and kind == old.kind and tables == old.tables:
            rounds = old.rounds
        # The pairs-movement options rebuild takes, passed on: the movement refuses them in
        # its own words (MovementOptions declares them).
        given = {k: args.options.get(k) for k, _spec in option_specs(rebuild=True)}
        m = _movement(kind, tables, bpr, rounds, MovementOptions.of(given))
        return dataclasses.replace(
            old,
            kind=kind,
            tables=m.tables,
            rounds=m.rounds,
            boards_per_round=m.boards_per_round,
            renumbered_from=old.tables if kind == old.kind and m.tables != old.tables else 0,
        )

    def build(self, settings: Settings, template: str | Path | None) -> Workbook:
        """The workbook ``xlbridge new`` writes for ``settings`` (without names), in memory:
        handicapped and stratified results and the masterpoint scale included."""
        from xlbridge.families.duplicate.context import Options
        from xlbridge.families.individual.build import build_individual_workbook

        options = Options(
            event=settings.event,
            date=settings.date,
            scale=settings.scale,
            result_entry=settings.result_entry,
            handicapped=settings.handicapped,
            strata=settings.strata,
            masterpoints=settings.masterpoints,
        )
        m = _movement_of(settings)
        wb = build_individual_workbook(m, options, template)
        records = [r for r in analysed(settings.deals) if r.board in m.boards]
        if records:
            add_hand_records(wb, records, options.event)
        return wb

    def slots(self, wb: Workbook, settings: Settings) -> Sequence[Slot]:
        """A slot for every unlocked cell: ``("player", P, "Name")``, ``("board", B,
        "Expected", default count)`` and ``("board", B, "N 1 S 11 E 16 W 6", heading)``; after
        a change of Rainbow size the seat cells' keys end in ``"renumbered"``."""
        m = _movement_of(settings)
        who = _identities(m, settings)
        out: list[Slot] = []
        for ws in wb.worksheets:
            cells = [(c.row, c.column) for c in unlocked_cells(ws)]
            if not cells:
                continue
            if ws.title == NAMES:
                out.extend(_name_slot(ws, r, c, m, who) for r, c in cells)
            elif ws.title.startswith("Board "):
                board = _board_of(ws, m)
                plays = [seats for _e, seats in board_seats(m, board)]
                renumbered = settings.renumbered_from != 0
                out.extend(_board_slot(ws, r, c, board, plays, who, renumbered) for r, c in cells)
            else:
                raise WorkbookError(
                    f"internal: sheet {ws.title!r} has input cells the individual rebuild"
                    f" does not know (row {cells[0][0]}, column {cells[0][1]})"
                )
        return out

    def describe(self, settings: Settings) -> str:
        """``rainbow, 7 tables, 7 rounds, 21 boards, 28 players``."""
        m = _movement_of(settings)
        return (
            f"{m.kind}, {m.tables} tables, {m.rounds} rounds, {len(m.boards)} boards,"
            f" {len(m.pairs)} players"
        )


def _movement_of(s: Settings) -> Movement:
    return _movement(s.kind, s.tables, s.boards_per_round, s.rounds)


def _unknown(ws: Worksheet, row: int, col: int) -> WorkbookError:
    where = ws.cell(row=row, column=col).coordinate
    return WorkbookError(f"internal: input cell '{ws.title}'!{where} has no meaning known to"
                         " the individual rebuild")  # fmt: skip


def _starts(m: Movement) -> dict[int, tuple[int, int]]:
    """Player -> starting seat: (table, index in the round-1 seats N, E, S, W)."""
    return {
        p: (e.table, i)
        for e in m.round_entries(1)
        if e.players is not None
        for i, p in enumerate(e.players)
    }


def _identities(m: Movement, s: Settings) -> dict[int, int | str]:
    """Player number -> the player's name in keys: the number itself, or after a change of
    table count the old number of the same starting seat (``"new P"`` for a seat the old
    movement did not have)."""
    if not s.renumbered_from:
        return {p.id: p.id for p in m.pairs}
    old = {seat: p for p, seat in _starts(_movement(s.kind, s.renumbered_from, None, 1)).items()}
    start = _starts(m)
    out: dict[int, int | str] = {}
    for p in m.pairs:
        was = old.get(start[p.id]) if p.id in start else None
        out[p.id] = f"new {p.id}" if was is None else was
    return out


def _name_slot(ws: Worksheet, row: int, col: int, m: Movement, who: dict[int, int | str]) -> Slot:
    i = row - NAMES_FIRST
    player = ws.cell(row=row, column=1).value
    head = ws.cell(row=NAMES_FIRST - 1, column=col).value  # Name, Number, Handicap, ...
    if head not in PLAYER_HEADERS[1:] or not 0 <= i < len(m.pairs) or player != m.pairs[i].id:
        raise _unknown(ws, row, col)
    where = ws.cell(row=row, column=col).coordinate
    return Slot(
        ("player", who[m.pairs[i].id], str(head)), ws.title, where, f"Player {player}: {head}"
    )


def _board_of(ws: Worksheet, m: Movement) -> int:
    board = ws["B1"].value
    if not isinstance(board, int) or board not in m.boards or ws.title != f"Board {board}":
        raise WorkbookError(f"internal: sheet {ws.title!r} is not a traveller of this movement")
    return board


def _board_slot(
    ws: Worksheet,
    row: int,
    col: int,
    board: int,
    plays: list[Seats],
    who: dict[int, int | str],
    renumbered: bool,
) -> Slot:
    where = ws.cell(row=row, column=col).coordinate
    if where == _EXPECTED:
        # A count typed over the session's own (the most results any board has) means the
        # same only where the new session expects as many: keyed by that default.
        default = ws[_EXPECTED].value
        if not isinstance(default, int):
            raise _unknown(ws, row, col)
        expected: Key = ("board", board, "Expected", default)
        return Slot(expected, ws.title, where, f"Board {board}: Expected")
    heading = ws.cell(row=HEADER_ROW, column=col).value
    i = row - FIRST_ROW
    if not 0 <= i < len(plays) or not isinstance(heading, str) or not heading:
        raise _unknown(ws, row, col)
    seats = plays[i]
    named = seats_text(seats, who)
    key: Key = ("board", board, named, heading)
    if renumbered and heading in _SEAT_LETTERS:
        # A player number typed into a seat is in the old numbering: carried, it would name
        # someone else, so it has no slot of the same key (listed, not carried).
        key = (*key, "renumbered")
    what = f"Board {board}, {seats_text(seats)}: {heading}"
    return Slot(key, ws.title, where, what, score_board=board if heading == "NS Score" else None)


ADAPTER = IndividualAdapter()
