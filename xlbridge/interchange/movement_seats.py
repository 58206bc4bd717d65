"""A club's own individual movement as a CSV file: each table's four players by seat, the form
``xlbridge movement KIND --format csv`` writes for an individual kind (the Rainbow, the 2- and
3-table individuals) and ``movement --from`` / ``new --movement-file`` read back.

The header is exactly ``round,table,north,east,south,west,north_label,east_label,south_label,
west_label,boards`` (any order). Each later line is one of:

- a table: ``round``, ``table``, the four players' numbers, their labels on the cards
  (optional; default the number) and the ``boards`` played, in the order played;
- a sit-out: ``round``, empty ``table``, the player in ``north``, its label, ``east_label`` =
  ``sits out``;
- the kind, the number of tables, a director's note: empty ``round`` and ``table``,
  ``north_label`` = the name, number or text, ``east_label`` = ``kind``, ``tables`` or ``note``.

Every number is range-checked; a bad line is one error ``FILE line N: ...``.

>>> text = ("round,table,north,east,south,west,north_label,east_label,south_label,west_label,"
...         "boards\\n1,1,1,2,3,4,,,,,1 2\\n")
>>> m = parse_seats_csv(text, "club.csv")
>>> (m.individual, m.tables, m.rounds, m.entries[0].players)
(True, 1, 1, (1, 2, 3, 4))
>>> print(seats_csv(m), end="")
round,table,north,east,south,west,north_label,east_label,south_label,west_label,boards
1,1,1,2,3,4,1,2,3,4,1 2
,,,,,,1,tables,,,
,,,,,,custom,kind,,,
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from xlbridge.errors import InputFileError
from xlbridge.interchange.csvio import read_rows, write_csv
from xlbridge.interchange.movement_asc import (
    file_boards,
    file_idle,
    file_lines,
    file_number,
    file_text,
)
from xlbridge.limits import NAME_TEXT, PAIR_NUMBER, ROUNDS, TABLES, check_session_plays
from xlbridge.movements.model import Entry, Movement, Pair

__all__ = ["SEATS", "SEAT_COLUMNS", "is_seats_header", "parse_seats_csv", "seats_csv"]

SEATS = ("north", "east", "south", "west")
SEAT_COLUMNS: tuple[str, ...] = (
    "round",
    "table",
    *SEATS,
    *(f"{s}_label" for s in SEATS),
    "boards",
)
SITS_OUT, KIND, NOTE, TABLES_ROW, CUSTOM = "sits out", "kind", "note", "tables", "custom"
NOTE_CHARS = 1000
_KIND_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 /_.-]{0,39}")


def is_seats_header(fields: list[str]) -> bool:
    """Whether a movement file's header is the players-by-seat one."""
    return sorted(f.strip().lower() for f in fields) == sorted(SEAT_COLUMNS)


def seats_csv(m: Movement) -> str:
    """The CSV form of the individual movement ``m``: its tables, sit-outs, notes, tables and
    kind, every field safe to open in a spreadsheet."""
    rows: list[list[object]] = []
    for e in sorted(m.entries, key=lambda e: (e.round, e.table)):
        players = e.players if e.players is not None else (e.ns, e.ew, None, None)
        rows.append([
            e.round, e.table,
            *("" if p is None else p for p in players),
            *("" if p is None else m.label(p) for p in players),
            " ".join(map(str, e.boards)),
        ])  # fmt: skip
    blank = [""] * 4
    rows += [[r, "", p, "", "", "", m.label(p), SITS_OUT, "", "", ""] for r, p in m.sit_outs]
    rows += [["", "", *blank, n, NOTE, "", "", ""] for n in m.notes]
    rows.append(["", "", *blank, m.tables, TABLES_ROW, "", "", ""])
    rows.append(["", "", *blank, m.kind, KIND, "", "", ""])
    return write_csv(SEAT_COLUMNS, rows) + "\n"


@dataclass
class _Draft:
    name: str
    kind: str | None = None
    tables: int | None = None
    labels: dict[int, tuple[str, int]] = field(default_factory=dict)
    entries: dict[tuple[int, int], tuple[Entry, int]] = field(default_factory=dict)
    seated: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, player) -> line
    sit_outs: dict[tuple[int, int], int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    plays: int = 0  # boards played at the tables so far, bounded as the lines are read


def parse_seats_csv(text: str, name: str = "movement file") -> Movement:
    """The individual movement in CSV ``text`` (see the module docstring).

    >>> parse_seats_csv("round,table,north,east,south,west,north_label,east_label,south_label,"
    ...                 "west_label,boards\\n1,1,1,2,3,1,,,,,1\\n", "club.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: club.csv line 2: player 1 twice in round 1 (line 2)
    """
    rows = read_rows(text, what=name, max_chars=NOTE_CHARS, free_text=True)
    first = next(rows, None)
    if first is None or not is_seats_header(first[1]):
        raise InputFileError(f"{name}: the header must be {','.join(SEAT_COLUMNS)}")
    header = tuple(f.strip().lower() for f in first[1])
    d = _Draft(name)
    file_lines(rows, header, name, lambda cell, line: _row(d, cell, line))
    return _movement(d)


def _player(d: _Draft, cell: dict[str, str], seat: str, line: int) -> int:
    if not cell[seat]:
        raise InputFileError(f"no {seat} player (a table seats four players)")
    player = file_number(cell[seat], f"{seat} player", PAIR_NUMBER)
    label = file_text(cell[f"{seat}_label"], "a player label", NAME_TEXT) or str(player)
    known = d.labels.get(player)
    if known is None:
        d.labels[player] = (label, line)
    elif cell[f"{seat}_label"] and known[0] != label:
        raise InputFileError(
            f"player {player} is labelled {label!r} here but {known[0]!r} on line {known[1]}"
        )
    return player


def _keyword(d: _Draft, cell: dict[str, str], what: str) -> None:
    value = cell["north_label"]
    if cell["table"] or what not in (KIND, NOTE, TABLES_ROW):
        raise InputFileError("no round (only the kind, tables and note lines have none)")
    if what == NOTE:
        d.notes.append(file_text(value, "a note", NOTE_CHARS))
    elif what == TABLES_ROW:
        if d.tables is not None:
            raise InputFileError("a second tables line")
        d.tables = file_number(value, "tables", TABLES)
    else:
        if d.kind is not None:
            raise InputFileError("a second kind line")
        if not _KIND_NAME.fullmatch(value):
            raise InputFileError(
                f"kind {value[:40]!r}: write letters, digits, '-' or '/' (at most 40)"
            )
        d.kind = value


def _row(d: _Draft, cell: dict[str, str], line: int) -> None:
    what = cell["east_label"].lower() if not cell["table"] else ""
    if not cell["round"]:
        _keyword(d, cell, what)
        return
    rnd = file_number(cell["round"], "round", ROUNDS)
    if what == SITS_OUT:
        player = _player(d, cell, "north", line)
        if any(cell[s] for s in SEATS[1:]) or cell["boards"]:
            raise InputFileError("a sit-out line names one player in north, and no boards")
        if (rnd, player) in d.sit_outs:
            raise InputFileError(f"player {player} already sits out in round {rnd}")
        d.sit_outs[(rnd, player)] = line
        return
    if not cell["table"]:
        raise InputFileError(
            f"no table (only sit-out lines have none: write {SITS_OUT!r} in east_label)"
        )
    table = file_number(cell["table"], "table", TABLES)
    if (rnd, table) in d.entries:
        raise InputFileError(
            f"round {rnd} table {table} is already on line {d.entries[(rnd, table)][1]}"
        )
    n, e, s, w = (_player(d, cell, seat, line) for seat in SEATS)
    for player in (n, e, s, w):
        if (rnd, player) in d.seated:
            raise InputFileError(
                f"player {player} twice in round {rnd} (line {d.seated[(rnd, player)]})"
            )
        d.seated[(rnd, player)] = line
    boards = file_boards(cell["boards"], "boards")
    if not boards:
        raise InputFileError(f"round {rnd} table {table}: no boards")
    d.plays += len(boards)
    check_session_plays(d.plays, f"round {rnd} table {table}", InputFileError)
    d.entries[(rnd, table)] = (Entry(rnd, table, n, e, boards, players=(n, e, s, w)), line)


def _movement(d: _Draft) -> Movement:
    if not d.entries:
        raise InputFileError(f"{d.name}: no table lines (round,table,north,east,...,boards)")
    for (rnd, player), line in d.sit_outs.items():
        if (rnd, player) in d.seated:
            raise InputFileError(
                f"{d.name} line {line}: player {player} sits out in round {rnd} but plays on "
                f"line {d.seated[(rnd, player)]}"
            )
    entries = [e for e, _line in d.entries.values()]
    used = {e.table for e in entries}
    if d.tables is not None and d.tables < max(used):
        raise InputFileError(f"{d.name}: tables {d.tables}, but table {max(used)} plays")
    m = Movement(
        kind=d.kind or CUSTOM,
        tables=max(used) if d.tables is None else d.tables,
        rounds=max([e.round for e in entries] + [r for r, _p in d.sit_outs]),
        boards_per_round=max(len(e.boards) for e in entries),
        pairs=tuple(Pair(p, d.labels[p][0]) for p in sorted(d.labels)),
        entries=tuple(entries),
        sit_outs=tuple(d.sit_outs),
        notes=tuple(d.notes),
        individual=True,
    )
    return file_idle(m, d.name)
