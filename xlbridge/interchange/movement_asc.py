"""Movement files in the ``.ASC`` format (version 1.0), the movement-file standard published by
pjms.nl for Dutch scoring programs (the NBB's schema library uses it):
http://www.pjms.nl/movementfile_standard.html (Dutch: http://pjms.nl/schemafile_standaard.html).

The layout, as that page gives it:

- The first line is the header, five numbers: contestants (pairs or players), tables, rounds,
  board groups, and ``Individual`` (0 for pairs, 1 for individuals). No comment before it.
- Then one line per round holding, table 1 first, one set per table: ``NS-pair EW-pair group``
  for pairs (``N S E W group`` for individuals).
- Contestants are numbered from 1; board groups are capitals from ``A`` or numbers from 1, one
  style per file.
- ``0 0 0`` marks an unused table (more tables than needed keeps boards stationary).
- ``#`` starts a comment to the end of the line; empty lines are comments.
- Any number of separators may stand between items. The page's list of separators was not
  legible in the copy read; this reader takes blanks, tabs and ``- , ; :`` (the page's example
  writes ``1- 2 A``), as an independent reader of the format does.

A board group is a set of boards; the file does not say how many, so the reader is told
(``boards_per_group``): group ``g`` holds boards ``(g-1)*k+1 .. g*k``. Pair numbers become the
labels; a contestant who has no seat in a round sits out. A 0 for one pair of a used table is an
empty seat. An individual movement's table seats four players (no 0).

>>> m = parse_movement_asc("4 2 2 2 0\\n1-2 A 3-4 B\\n1-3 B 4-2 A  # round 2\\n", 3, "club.asc")
>>> (m.tables, m.rounds, m.boards_per_round, m.round_entries(2)[1].boards)
(2, 2, 3, (1, 2, 3))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from xlbridge.errors import InputFileError, XlbridgeError
from xlbridge.limits import (
    BOARD_NUMBER,
    BOARDS_PER_ROUND,
    PAIR_NUMBER,
    ROUNDS,
    SESSION_BOARDS,
    TABLES,
    Range,
    check_count,
    check_session_plays,
)
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.numerals import whole_number

__all__ = [
    "file_boards",
    "file_idle",
    "file_lines",
    "file_number",
    "file_text",
    "parse_movement_asc",
]

_SEPARATORS = re.compile(r"[\s,;:-]+")
# A dash where a number starts (after a blank or at the line's start) and before a digit is a
# minus sign, not a separator: "-1 -2" are no pairs 1 and 2 ("1- 2" and "1-2" are).
_MINUS = re.compile(r"(?:^|(?<=[\s,;:]))-\d+")


def _items(line: str, where: str = "movement file") -> list[str]:
    """The items of a line, its comment dropped; a negative number is refused.

    >>> _items("1- 2 A  3-4 B # round 1")
    ['1', '2', 'A', '3', '4', 'B']
    >>> _items("-1 -2 A", "club.asc line 2")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: club.asc line 2: '-1' is a negative number; pairs, ...
    """
    text = line.split("#", 1)[0]
    minus = _MINUS.search(text)
    if minus:
        raise InputFileError(
            f"{where}: {minus[0][:12]!r} is a negative number; pairs, players, tables, rounds"
            " and groups are numbered from 1 (0 0 0 for an unused table)"
        )
    return [t for t in _SEPARATORS.split(text) if t]


def parse_movement_asc(text: str, boards_per_group: int, name: str = "movement file") -> Movement:
    """The pairs movement in ``.ASC`` ``text`` (see the module docstring), each board group
    ``boards_per_group`` boards; ``name`` starts each error, ``FILE line N: ...``.

    >>> parse_movement_asc("4 2 1 2 0\\n1-2 A 3-4\\n", 2, "club.asc")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: club.asc line 2: 5 items; 2 tables need 6 (NS EW group each)
    """
    k = check_count(boards_per_group, "boards per group", BOARDS_PER_ROUND, InputFileError)
    lines = text.splitlines()
    header = _items(lines[0], f"{name} line 1") if lines else []
    if len(header) != 5:
        raise InputFileError(f"{name} line 1: the header is five numbers: contestants, "
                             "tables, rounds, board groups, individual (0 or 1)")  # fmt: skip
    where = f"{name} line 1"
    pairs = file_number(header[0], f"{where}: contestants", PAIR_NUMBER)
    tables = file_number(header[1], f"{where}: tables", TABLES)
    rounds = file_number(header[2], f"{where}: rounds", ROUNDS)
    groups = file_number(header[3], f"{where}: board groups", (1, SESSION_BOARDS[1] // k))
    if header[4] not in ("0", "1"):
        raise InputFileError(f"{where}: the fifth number is 0 (pairs) or 1 (individuals)")
    individual = header[4] == "1"
    width = 5 if individual else 3  # N S E W group, or NS EW group
    who = "player" if individual else "pair"
    entries: list[Entry] = []
    sit_outs: list[tuple[int, int]] = []
    style: str | None = None
    rnd = 0
    for no, line in enumerate(lines[1:], start=2):
        where = f"{name} line {no}"
        items = _items(line, where)
        if not items:
            continue
        rnd += 1
        if rnd > rounds:
            raise InputFileError(f"{where}: more round lines than the header's {rounds}")
        if len(items) != width * tables:
            each = "N S E W group" if individual else "NS EW group"
            raise InputFileError(f"{where}: {len(items)} items; {tables} tables need "
                                 f"{width * tables} ({each} each)")  # fmt: skip
        seated: set[int] = set()
        for t in range(tables):
            *who_t, g_t = items[width * t : width * t + width]
            at = f"{where}, table {t + 1}"
            seats = ("N", "S", "E", "W") if individual else ("NS", "EW")
            sat = [file_number(x, f"{at}: {seat} {who}", (0, pairs))
                   for x, seat in zip(who_t, seats, strict=True)]  # fmt: skip
            if g_t == "0":
                if any(sat):
                    zeros = " ".join(["0"] * width)
                    raise InputFileError(f"{at}: board group 0 is for an unused table ({zeros})")
                continue
            kind = "letter" if g_t.isalpha() else "number"
            style = style or kind
            if kind != style:
                raise InputFileError(f"{at}: board group {g_t!r}: groups are all capitals "
                                     "or all numbers")  # fmt: skip
            if kind == "letter":
                if len(g_t) != 1 or not ("A" <= g_t <= "Z"):
                    raise InputFileError(f"{at}: board group {g_t[:20]!r} is not a capital A-Z")
                group = ord(g_t) - ord("A") + 1
                if group > groups:
                    raise InputFileError(f"{at}: board group {g_t} is past the header's "
                                         f"{groups} groups")  # fmt: skip
            else:
                group = file_number(g_t, f"{at}: board group", (1, groups))
            if not any(sat):
                raise InputFileError(f"{at}: board group {g_t} but no {who}")
            boards = tuple(range((group - 1) * k + 1, group * k + 1))
            check_session_plays((len(entries) + 1) * k, at, InputFileError)
            if individual:
                if not all(sat):
                    raise InputFileError(f"{at}: a table seats four players (no 0)")
                again = seated & set(sat)
                if again or len(set(sat)) < 4:
                    twice = min(again) if again else next(x for x in sat if sat.count(x) > 1)
                    raise InputFileError(f"{at}: player {twice} twice in the round")
                n, s_, e, w = sat
                entries.append(Entry(rnd, t + 1, n, e, boards, players=(n, e, s_, w), set=group))
            else:
                ns, ew = sat
                entries.append(Entry(rnd, t + 1, ns or None, ew or None, boards, set=group))
            seated |= set(sat)
        sit_outs += [(rnd, p) for p in range(1, pairs + 1) if p not in seated]
    if rnd != rounds:
        raise InputFileError(f"{name}: {rnd} round lines; the header says {rounds}")
    return file_idle(Movement(
        kind="custom",
        tables=tables,
        rounds=rounds,
        boards_per_round=k,
        pairs=tuple(Pair(p, str(p)) for p in range(1, pairs + 1)),
        entries=tuple(entries),
        sit_outs=tuple(sit_outs),
        individual=individual,
    ), name)  # fmt: skip


def file_idle(m: Movement, name: str) -> Movement:
    """``m``, read from the file ``name``, if it seats every pair (player) it names in some
    round: a file of 999 pairs and one table names 997 that never play, no movement (issue 30).

    >>> parse_movement_asc("3 1 1 1 0\\n1-2 A\\n", 2, "club.asc")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: club.asc: pair 3 never plays: a movement seats each of its ...
    """
    playing: set[int] = set()
    for e in m.entries:
        playing.update(p for p in (e.ns, e.ew, *(e.players or ())) if p is not None)
    idle = [p for p in m.pair_ids if p not in playing]
    if idle:
        who = "player" if m.individual else "pair"
        more = len(idle) - 5
        names = ", ".join(m.label(p) for p in idle[:5]) + (f" and {more} more" if more > 0 else "")
        verb = f"{who} {names} never plays" if len(idle) == 1 else (
            f"{len(idle)} {who}s never play ({names})")  # fmt: skip
        raise InputFileError(
            f"{name}: {verb}: a movement seats each of its {who}s in some round"
        )
    return m


def file_number(text: str, what: str, limits: Range) -> int:
    """A whole number of a movement file (ASCII digits, at most 6) within ``limits``: the one
    whole-number rule (:func:`xlbridge.numerals.whole_number`) for text read from a file.

    >>> file_number("7", "table", (1, 100)), file_number("0", "pair", (0, 4))
    (7, 0)
    >>> file_number("8", "table", (1, 7))
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: table 8 is out of range: 1-7
    """
    return whole_number(text, what, limits=limits, error=InputFileError, digits=6, numbers=False)


def file_boards(text: str, what: str) -> tuple[int, ...]:
    """The boards a movement file's cell lists, in its order: numbers separated by spaces or
    commas, ``1-3`` for a run.

    >>> file_boards("4 5, 1-3", "boards")
    (4, 5, 1, 2, 3)
    """
    out: list[int] = []
    for part in text.replace(",", " ").split():
        lo, dash, hi = part.partition("-")
        first = file_number(lo, what, BOARD_NUMBER)
        last = file_number(hi, what, BOARD_NUMBER) if dash else first
        if last < first or last - first >= BOARDS_PER_ROUND[1]:
            raise InputFileError(f"{what} {part!r} is not a run of boards")
        out += range(first, last + 1)
        if len(out) > BOARDS_PER_ROUND[1]:
            raise InputFileError(f"{what}: more than {BOARDS_PER_ROUND[1]} boards")
    return tuple(out)


def file_text(text: str, what: str, limit: int) -> str:
    """A label or note of a movement file, at most ``limit`` characters; the apostrophe the
    CSV writer puts before text a spreadsheet would take as a formula is taken off.

    >>> file_text("'=A1", "a label", 100)
    '=A1'
    """
    if text.startswith("'") and text[1:2] in ("=", "+", "-", "@"):
        text = text[1:]
    if len(text) > limit:
        raise InputFileError(f"{what} is {len(text)} characters long; the limit is {limit}")
    return text


def file_lines(
    rows: Iterable[tuple[int, list[str]]],
    header: tuple[str, ...],
    name: str,
    take: Callable[[dict[str, str], int], None],
) -> None:
    """Give ``take`` each line of a CSV movement file after its header, as a cell of each
    column (stripped) and the line's number; a line of the wrong width, or one ``take``
    refuses, is one error ``NAME line N: ...``.

    >>> file_lines([(2, ["1", " 2"])], ("a", "b"), "club.csv", lambda c, n: print(n, c))
    2 {'a': '1', 'b': '2'}
    """
    for line, fields in rows:
        if len(fields) != len(header):
            raise InputFileError(
                f"{name} line {line}: {len(fields)} fields; the header has {len(header)}"
            )
        cell = {h: f.strip() for h, f in zip(header, fields, strict=True)}
        try:
            take(cell, line)
        except XlbridgeError as exc:
            raise InputFileError(f"{name} line {line}: {exc}") from None
