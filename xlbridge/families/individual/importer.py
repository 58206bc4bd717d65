"""``xlbridge import`` for individuals: place an electronic scorer's rows on the travellers
(the engine is :mod:`xlbridge.rebuild.importing`).

*Individuals* (Rainbow, two- and three-table individuals, six couples): a row names the four
players (``ImportRow.players``: North, South, East, West; numbers, or names typed on the Names
sheet). It fills the traveller row of its board where those four players sit in those seats;
without players, the row's round and table place it (an xlbridge ``1-11`` / ``16-6`` pair of
players as ``ns`` and ``ew`` reads too, as ``xlbridge results`` writes it).

Rows that do not fit are reported by line and board; nothing typed is replaced without
``force``.

>>> _seated_text((1, 2, None, 4))
'N 1 S 2 E None W 4'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import XlbridgeError
from xlbridge.families.duplicate.names import read_names
from xlbridge.families.duplicate.settings import read
from xlbridge.families.duplicate.travellers import TravellerSheet, read_travellers
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.interchange.scorer_files import ImportRow
from xlbridge.rebuild.importing import (
    Filled,
    ImportTarget,
    Plays,
    Traveller,
    cells_for,
    note_problem,
    resolve_name,
    write_row,
)
from xlbridge.workbook.cells import Book

__all__ = ["fill_individual"]

_SEATS = ("N", "S", "E", "W")


# Individuals


@dataclass
class _Board:
    ws: Any
    cols: dict[str, int]
    rows: list[tuple[int, tuple[int | None, ...], int | None, int | None]]  # row, NSEW, rd, tb


def _individual_board(t: TravellerSheet, ws: Any) -> _Board:
    t.require(*_SEATS)
    return _Board(ws, dict(t.columns), [(x.row, x.players(), x.round, x.table) for x in t.rows])


def _names_index(book: Book) -> tuple[dict[str, set[int]], set[int]]:
    """Names typed on the Names sheet (lower case, spaces folded) -> the players they name;
    and every player number the sheet lists."""
    out: dict[str, set[int]] = defaultdict(set)
    numbers: set[int] = set()
    if "Names" not in book.sheetnames:
        return out, numbers
    for e in read_names(book).entries:
        if e.number is None:
            break
        numbers.add(e.number)
        for name in e.names:
            if name:
                out[" ".join(name.split()).lower()].add(e.number)
    return out, numbers


def _seated_text(players: Sequence[int | None]) -> str:
    return " ".join(f"{s} {p}" for s, p in zip(_SEATS, players, strict=True))


def _players_of(row: ImportRow) -> tuple[str, ...]:
    if len(row.players) == 4 and any(row.players):
        return row.players
    ns, ew = row.ns.split("-"), row.ew.split("-")
    if len(ns) == 2 and len(ew) == 2:  # xlbridge's own "1-11" (N-S) and "16-6" (E-W)
        return (ns[0], ns[1], ew[0], ew[1])
    return ()


def _place_individual(
    row: ImportRow, board: _Board, names: dict[str, set[int]], known: set[int]
) -> int | str:
    given = _players_of(row)
    if given:
        seated: list[int] = []
        for text, seat in zip(given, ("North", "South", "East", "West"), strict=True):
            got = resolve_name(text, "Player", names, known)
            if isinstance(got, str):
                return f"{got} ({seat})"
            seated.append(got)
        for r, players, _rd, _tb in board.rows:
            if list(players) == seated:
                return r
        why = f"{_seated_text(seated)} do not play this board in those seats"
        for _r, players, _rd, _tb in board.rows:
            if sorted(p or 0 for p in players) == sorted(seated):
                return f"{why} (they sit {_seated_text(players)})"
        return why
    if row.round is not None and row.table is not None:
        for r, _players, rd, tb in board.rows:
            if rd == row.round and tb == row.table:
                return r
        return f"the board is not played at table {row.table} in round {row.round}"
    return "no players (or round and table) to place the result"


def fill_individual(job: ImportTarget) -> Filled:
    """Place the scorer's rows on an individuals workbook's travellers."""
    wb, book, rows, force = job.wb, job.book, job.rows, job.force
    entry = read(book).result_entry
    ic = IndividualCols.build(entry, "mp")
    boards: dict[int, _Board] = {}
    known: set[int] = set()
    for t in read_travellers(book):
        b = _individual_board(t, wb[t.title])
        boards[t.board] = b
        known.update(p for _r, players, _rd, _tb in b.rows for p in players if p is not None)
    names, listed = _names_index(book)
    known |= listed
    problems: list[str] = []
    plays = Plays()
    for row in rows:
        where = f"{row.where}: board {row.board}"
        board = boards.get(row.board or 0)
        if board is None:
            problems.append(f"{where}: the board is not played in this session")
            continue
        try:
            cells = cells_for(row, entry)
        except XlbridgeError as exc:
            note_problem(problems, where, exc)
            continue
        target = _place_individual(row, board, names, known)
        if isinstance(target, str):
            problems.append(f"{where}: {target}")
            continue
        def write(b: _Board = board, r: int = target, c: dict[str, Any] = cells) -> str:
            status = write_row(Traveller(b.ws, b.cols, []), r, c, force, ic.base)
            return status.replace("the traveller", "the Board sheet")

        plays.add((row.board or 0, target), where, cells, write)
    filled, same = plays.write(problems)
    from xlbridge.families.individual.bws_numbers import numbers_from_bws

    at: dict[tuple[int, int], set[tuple[int | None, ...]]] = {}
    for b in boards.values():
        for _r, players, rd, tb in b.rows:
            if rd is not None and tb is not None:
                at.setdefault((rd, tb), set()).add(players)
    numbers, more = numbers_from_bws(job, at)
    return Filled(filled, same, (*problems, *more), numbers)


# Teams
