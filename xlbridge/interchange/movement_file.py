"""A club's own movement as a CSV file: the layout ``xlbridge movement KIND --format csv``
writes, read back by ``xlbridge movement --from FILE`` and ``xlbridge new --movement-file FILE``.

The header is exactly ``round,table,ns,ew,ns_label,ew_label,boards,switched`` (any order of
the eight names). Each later line is one of:

- a table: ``round``, ``table``, the ``ns`` and ``ew`` pair numbers (empty: an empty seat),
  their labels on the cards (optional; default the number), the ``boards`` played (numbers
  separated by spaces or commas, ``1-3`` for a run) and the ``switched`` boards, on which the two
  pairs change seats (arrow-switching);
- a sit-out: ``round``, empty ``table``, the pair in ``ns``, its label, ``ew_label`` = ``sits out``;
- a bye-stand: ``round``, empty ``table``, ``ew_label`` = ``bye-stand``, the resting ``boards``;
- the movement's name: empty ``round`` and ``table``, ``ns_label`` = the name,
  ``ew_label`` = ``kind`` (default ``custom``);
- the number of tables: empty ``round`` and ``table``, ``ns_label`` = the number,
  ``ew_label`` = ``tables`` (default: the tables the rows use; a half table's last table may
  have no row);
- a director's note: empty ``round`` and ``table``, ``ns_label`` = the text,
  ``ew_label`` = ``note``.

The rest of the size comes from the rows: rounds = the last round, boards per
round = the most boards one table plays in a round. Every number is range-checked
(:mod:`xlbridge.limits`); a bad line is one error ``FILE line N: ...``. An individual movement's
players by seat have their own header (:mod:`xlbridge.interchange.movement_seats`). Several
sections playing the same boards add a first column ``section`` (a letter A-Z): each section's
lines are read as a file of their own, and the sections are joined as ``new --sections`` joins
them (:func:`read_sections_file`).

>>> text = "round,table,ns,ew,ns_label,ew_label,boards,switched\\n1,1,1,2,,,1 2,\\n"
>>> m = parse_movement_csv(text, "club.csv")
>>> (m.kind, m.tables, m.rounds, m.boards_per_round, m.label(2))
('custom', 1, 1, 2, '2')
>>> print(movement_csv(m), end="")
round,table,ns,ew,ns_label,ew_label,boards,switched
1,1,1,2,1,2,1 2,
,,,,1,tables,,
,,,,custom,kind,,
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from xlbridge.errors import InputFileError, XlbridgeError
from xlbridge.interchange.csvio import read_rows, write_csv
from xlbridge.interchange.movement_asc import (
    file_boards,
    file_idle,
    file_lines,
    file_number,
    file_text,
    parse_movement_asc,
)
from xlbridge.interchange.movement_seats import (
    SEAT_COLUMNS,
    is_seats_header,
    parse_seats_csv,
    seats_csv,
)
from xlbridge.limits import (
    NAME_TEXT,
    PAIR_NUMBER,
    ROUNDS,
    SESSION_BOARDS,
    TABLES,
    check_session_plays,
)
from xlbridge.movements.barometer import BASES as BAROMETER_KINDS
from xlbridge.movements.field import Field, SectionSpec, join_movements
from xlbridge.movements.model import Entry, Movement, Pair

__all__ = [
    "COLUMNS",
    "MAX_MOVEMENT_BYTES",
    "file_number",
    "movement_csv",
    "movement_of_results",
    "parse_movement_csv",
    "read_movement_file",
    "read_sections_file",
    "recorded_kind",
]

SECTION = "section"
COLUMNS: tuple[str, ...] = (
    "round",
    "table",
    "ns",
    "ew",
    "ns_label",
    "ew_label",
    "boards",
    "switched",
)
SECTION_COLUMNS: tuple[str, ...] = (SECTION, *COLUMNS)
_SPEC_KIND = re.compile(r"[a-z0-9-]{1,40}")  # a section's kind on the Session sheet
MAX_MOVEMENT_BYTES = 1024 * 1024  # 100 tables x 100 rounds is about 300 KB of CSV
SITS_OUT, BYE_STAND, KIND, NOTE, TABLES_ROW = "sits out", "bye-stand", "kind", "note", "tables"
CUSTOM = "custom"
NOTE_CHARS = 1000  # a director's note (a generated one is at most about 250)
_KIND_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 /_.-]{0,39}")
_SECTION_WORDS = ("section", "sections")
_INDIVIDUAL_WORDS = ("players", "north", "south", "east", "west", "n", "e", "s", "w")


def movement_csv(m: Movement) -> str:
    """The CSV form of ``m`` (``xlbridge movement --format csv``): the table rows, then the
    sit-outs, bye-stands, notes, the number of tables and the kind, every field safe to open
    in a spreadsheet.

    >>> m = Movement(kind="example", tables=1, rounds=1, boards_per_round=2,
    ...     pairs=(Pair(1, "NS 1"), Pair(2, "EW 1")),
    ...     entries=(Entry(round=1, table=1, ns=1, ew=2, boards=(1, 2)),))
    >>> print(movement_csv(m), end="")
    round,table,ns,ew,ns_label,ew_label,boards,switched
    1,1,1,2,NS 1,EW 1,1 2,
    ,,,,1,tables,,
    ,,,,example,kind,,
    """
    if m.individual:
        return seats_csv(m)
    rows: list[list[object]] = []
    for e in sorted(m.entries, key=lambda e: (e.round, e.table)):
        rows.append(
            [
                e.round,
                e.table,
                "" if e.ns is None else e.ns,
                "" if e.ew is None else e.ew,
                "" if e.ns is None else m.label(e.ns),
                "" if e.ew is None else m.label(e.ew),
                " ".join(map(str, e.boards)),
                " ".join(map(str, e.switched)),
            ]
        )
    rows += [[r, "", p, "", m.label(p), SITS_OUT, "", ""] for r, p in m.sit_outs]
    rows += [[r, "", "", "", "", BYE_STAND, " ".join(map(str, bs)), ""] for r, bs in m.bye_stand]
    rows += [["", "", "", "", n, NOTE, "", ""] for n in m.notes]
    rows.append(["", "", "", "", m.tables, TABLES_ROW, "", ""])
    rows.append(["", "", "", "", m.kind, KIND, "", ""])
    return write_csv(COLUMNS, rows) + "\n"


def read_movement_file(
    path: str | os.PathLike[str], boards_per_group: int | None = None
) -> Movement:
    """The movement in the file ``path``, read through the safe-reading gate (at most
    ``MAX_MOVEMENT_BYTES``): the CSV above, or a ``.asc`` file of the pjms.nl standard
    (:mod:`xlbridge.interchange.movement_asc`), whose board groups hold ``boards_per_group``
    boards each (a CSV file names its boards, and takes none).

    >>> read_movement_file("/no/such/movement.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: movement file '/no/such/movement.csv' does not exist
    """
    from dataclasses import replace

    from xlbridge.interchange.gate import read_text
    from xlbridge.movements.registry import KINDS

    base = os.path.basename(os.fspath(path))
    stem, ext = os.path.splitext(base)
    if ext.lower() == ".pbn":
        if boards_per_group is not None:
            raise InputFileError(
                f"{base}: a PBN file's results name their boards; --boards-per-round is for an "
                ".asc file's board groups"
            )
        return movement_of_results(path)
    text = read_text(path, max_bytes=MAX_MOVEMENT_BYTES, what="movement file")
    if ext.lower() != ".asc":
        if boards_per_group is not None:
            raise InputFileError(f"{base}: a CSV movement file names its boards; --boards-per-"
                                 "round is for an .asc file's board groups")  # fmt: skip
        return parse_movement_csv(text, base)
    if boards_per_group is None:
        raise InputFileError(f"{base}: an .asc movement names board groups, not boards: give "
                             "the boards in a group with --boards-per-round")  # fmt: skip
    m = parse_movement_asc(text, boards_per_group, base)
    own = _KIND_NAME.fullmatch(stem) and stem.lower() not in KINDS
    return replace(m, kind=stem) if own else m


def movement_of_results(path: str | os.PathLike[str]) -> Movement:
    """The movement a PBN file's results were played in (:mod:`xlbridge.movements.derive`):
    each board's ``ScoreTable`` rows, or one game per result, with the pairs as the file names
    them (``PairId_NS``/``PairId_EW``, or one name in both players' tags). A result the file
    cannot give is refused in one line, as is a file whose results fit no movement.

    >>> movement_of_results("/no/such/session.pbn")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: PBN '/no/such/session.pbn' does not exist
    """
    from dataclasses import replace

    from xlbridge.interchange.scorer_files import read_results
    from xlbridge.movements.derive import Play, derive_movement

    base = os.path.basename(os.fspath(path))
    rows, bad = read_results(path)
    if bad:
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        raise InputFileError(f"{bad[0]}{more}: the movement is worked out from every result")
    plays = [Play(r.board or 0, r.ns, r.ew, r.round, r.table, r.where) for r in rows]
    try:
        m = derive_movement(plays, base)
    except XlbridgeError as exc:
        raise InputFileError(str(exc)) from None
    stem = os.path.splitext(base)[0]
    return replace(m, kind=stem) if _KIND_NAME.fullmatch(stem) else m


@dataclass
class _Draft:
    """What the rows have said so far, with the line each fact came from."""

    name: str
    kind: str | None = None
    tables: int | None = None
    labels: dict[int, tuple[str, int]] = field(default_factory=dict)
    entries: dict[tuple[int, int], tuple[Entry, int]] = field(default_factory=dict)
    sit_outs: dict[tuple[int, int], int] = field(default_factory=dict)
    bye_stand: dict[int, tuple[tuple[int, ...], int]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    plays: int = 0  # boards played at the tables so far, bounded as the lines are read


def parse_movement_csv(text: str, name: str = "movement file") -> Movement:
    """The movement in CSV ``text`` (see the module docstring); ``name`` starts each error.

    >>> parse_movement_csv("round,table,ns,ew,ns_label,ew_label,boards,switched\\n"
    ...                    "1,1,1,2,,,1 2,\\n1,1,3,4,,,3 4,\\n", "club.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: club.csv line 3: round 1 table 1 is already on line 2
    """
    # Labels and notes are free text ("4½ tables"); numbers are checked as ASCII by _number.
    rows = read_rows(text, what=name, max_chars=NOTE_CHARS, free_text=True)
    first = next(rows, None)
    if first is not None and is_seats_header(first[1]):
        m = parse_seats_csv(text, name)
        _check_family(name, m.kind, individual=True)
        return m
    header = _header(first, name)
    if SECTION in header:
        return _sections(rows, header, name).movement
    d = _Draft(name)
    file_lines(rows, header, name, lambda cell, line: _row(d, cell, line))
    return _movement(d)


def read_sections_file(path: str | os.PathLike[str]) -> Field:
    """The sections of a movement file with a ``section`` column (each section's own lines,
    as a file of its own, under the letter A-Z in ``section``), joined for one workbook that
    scores every board across the field (:mod:`xlbridge.movements.field`).

    >>> read_sections_file("/no/such/sections.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: movement file '/no/such/sections.csv' does not exist
    """
    from xlbridge.interchange.gate import read_text

    text = read_text(path, max_bytes=MAX_MOVEMENT_BYTES, what="movement file")
    name = os.path.basename(os.fspath(path))
    rows = read_rows(text, what=name, max_chars=NOTE_CHARS, free_text=True)
    header = _header(next(rows, None), name)
    if SECTION not in header:
        raise InputFileError(f"{name}: no section column (one section: no sections to join)")
    return _sections(rows, header, name)


def _sections(rows: Iterator[tuple[int, list[str]]], header: tuple[str, ...], name: str) -> Field:
    drafts: dict[str, _Draft] = {}

    def take(cell: dict[str, str], line: int) -> None:
        letter = cell[SECTION].upper()
        if len(letter) != 1 or not "A" <= letter <= "Z":
            raise InputFileError(f"section {cell[SECTION][:10]!r} is not a letter A-Z")
        _row(drafts.setdefault(letter, _Draft(f"{name} section {letter}")), cell, line)

    file_lines(rows, header, name, take)
    if len(drafts) < 2:
        raise InputFileError(f"{name}: one section; a file of one section has no section column")
    built = [(letter, _movement(d)) for letter, d in drafts.items()]
    specs = tuple(
        SectionSpec(letter, m.kind.lower() if _SPEC_KIND.fullmatch(m.kind.lower()) else CUSTOM,
                    m.tables)
        for letter, m in built
    )  # fmt: skip
    try:
        return join_movements(built, specs)
    except XlbridgeError as exc:
        raise InputFileError(f"{name}: {exc}") from None


def _header(first: tuple[int, list[str]] | None, name: str) -> tuple[str, ...]:
    if first is None:
        raise InputFileError(f"{name} is empty; its first line is the header {','.join(COLUMNS)}")
    line, fields = first
    got = tuple(f.strip().lower() for f in fields)
    if sorted(got) == sorted(SECTION_COLUMNS):
        return got
    if any(g in _SECTION_WORDS for g in got):
        raise InputFileError(
            f"{name} line {line}: a movement of several sections has the header "
            f"{','.join(SECTION_COLUMNS)}"
        )
    if any(g in _INDIVIDUAL_WORDS for g in got):
        raise InputFileError(
            f"{name} line {line}: an individual movement's header is exactly "
            f"{','.join(SEAT_COLUMNS)}"
        )
    if sorted(got) != sorted(COLUMNS):
        raise InputFileError(f"{name} line {line}: the header must be {','.join(COLUMNS)}")
    return got


def _text(text: str, what: str, limit: int = NAME_TEXT) -> str:
    return file_text(text, what, limit)


def _pair(d: _Draft, cell: dict[str, str], side: str, line: int) -> int | None:
    if not cell[side]:
        if cell[f"{side}_label"]:
            raise InputFileError(f"{side}_label {cell[f'{side}_label']!r} without an {side} pair")
        return None
    pair = file_number(cell[side], f"{side} pair", PAIR_NUMBER)
    _label(d, pair, cell[f"{side}_label"], line)
    return pair


def _label(d: _Draft, pair: int, text: str, line: int) -> None:
    label = _text(text, "a pair label") or str(pair)
    known = d.labels.get(pair)
    if known is None:
        d.labels[pair] = (label, line)
    elif text and known[0] != label:
        raise InputFileError(
            f"pair {pair} is labelled {label!r} here but {known[0]!r} on line {known[1]}"
        )


def _row(d: _Draft, cell: dict[str, str], line: int) -> None:
    what = cell["ew_label"].lower() if not cell["table"] else ""
    if not cell["round"]:
        if cell["table"] or what not in (KIND, NOTE, TABLES_ROW):
            raise InputFileError("no round (only the kind, tables and note lines have none)")
        if what == NOTE:
            d.notes.append(_text(cell["ns_label"], "a note", NOTE_CHARS))
            return
        if what == TABLES_ROW:
            if d.tables is not None:
                raise InputFileError("a second tables line")
            d.tables = file_number(cell["ns_label"], "tables", TABLES)
            return
        if d.kind is not None:
            raise InputFileError("a second kind line")
        if not _KIND_NAME.fullmatch(cell["ns_label"]):
            raise InputFileError(
                f"kind {cell['ns_label'][:40]!r}: write letters, digits, '-' or '/' (at most 40)"
            )
        d.kind = cell["ns_label"]
        return
    rnd = file_number(cell["round"], "round", ROUNDS)
    if what == SITS_OUT:
        pair = _pair(d, cell, "ns", line)
        if pair is None or cell["ew"] or cell["boards"]:
            raise InputFileError("a sit-out line names one pair in ns, and no ew pair or boards")
        if (rnd, pair) in d.sit_outs:
            raise InputFileError(
                f"pair {pair} already sits out in round {rnd} (line {d.sit_outs[(rnd, pair)]})"
            )
        d.sit_outs[(rnd, pair)] = line
        return
    if what == BYE_STAND:
        if cell["ns"] or cell["ew"] or cell["ns_label"] or cell["switched"]:
            raise InputFileError("a bye-stand line gives only its round and boards")
        if rnd in d.bye_stand:
            raise InputFileError(
                f"round {rnd} already has a bye-stand line (line {d.bye_stand[rnd][1]})"
            )
        d.bye_stand[rnd] = (file_boards(cell["boards"], "bye-stand boards"), line)
        return
    if not cell["table"]:
        raise InputFileError(
            "no table (only sit-out and bye-stand lines have none: write "
            f"{SITS_OUT!r} or {BYE_STAND!r} in ew_label)"
        )
    table = file_number(cell["table"], "table", TABLES)
    if (rnd, table) in d.entries:
        raise InputFileError(
            f"round {rnd} table {table} is already on line {d.entries[(rnd, table)][1]}"
        )
    ns, ew = _pair(d, cell, "ns", line), _pair(d, cell, "ew", line)
    if ns is None and ew is None:
        raise InputFileError(f"round {rnd} table {table}: no pair")
    boards = file_boards(cell["boards"], "boards")
    if not boards:
        raise InputFileError(f"round {rnd} table {table}: no boards")
    switched = file_boards(cell["switched"], "switched boards")
    d.plays += len(boards)
    check_session_plays(d.plays, f"round {rnd} table {table}", InputFileError)
    d.entries[(rnd, table)] = (Entry(rnd, table, ns, ew, boards, switched), line)


def _movement(d: _Draft) -> Movement:
    if not d.entries:
        raise InputFileError(f"{d.name}: no table lines (round,table,ns,ew,...,boards)")
    entries = [e for e, _line in d.entries.values()]
    kind = d.kind or CUSTOM
    boards = {b for e in entries for b in e.boards}
    if len(boards) > SESSION_BOARDS[1]:
        raise InputFileError(f"{d.name}: {len(boards)} boards; at most {SESSION_BOARDS[1]}")
    _check_family(d.name, kind)
    used = {e.table for e in entries}
    if d.tables is not None and d.tables < max(len(used), max(used)):
        raise InputFileError(f"{d.name}: tables {d.tables}, but table {max(used)} plays")
    m = Movement(
        kind=kind,
        tables=len(used) if d.tables is None else d.tables,
        rounds=max([e.round for e in entries] + [r for r, _p in d.sit_outs] + list(d.bye_stand)),
        boards_per_round=max(len(e.boards) for e in entries),
        pairs=tuple(Pair(p, d.labels[p][0]) for p in sorted(d.labels)),
        entries=tuple(entries),
        sit_outs=tuple(d.sit_outs),
        bye_stand=tuple((r, bs) for r, (bs, _line) in d.bye_stand.items()),
        notes=tuple(d.notes),
        # A file naming a barometer kind is held to its rule B (recorded_kind keeps it only if
        # the file is exactly that kind).
        barometer=kind.lower() in BAROMETER_KINDS,
    )
    return file_idle(m, d.name)


def _check_family(name: str, kind: str, *, individual: bool = False) -> None:
    """A kind of another game family would be mis-read: refused in one line. Pairs files hold
    pairs kinds, players-by-seat files individual kinds (or their own names)."""
    from xlbridge.movements.registry import KINDS, family_of

    key = kind.lower()
    if key not in KINDS:
        return
    fam = family_of(key)
    want = "individual" if individual else "pairs"
    if fam == want:
        return
    if fam == "individual":
        raise InputFileError(
            f"{name}: {kind} is an individual movement: write its players by seat (header "
            f"{','.join(SEAT_COLUMNS)})"
        )
    if individual:
        raise InputFileError(f"{name}: {kind} is a {fam} game, not an individual movement")
    raise InputFileError(
        f"{name}: {kind} is a {fam} game; only pairs and individual movements are read from a "
        "movement file"
    )


def recorded_kind(m: Movement) -> Movement:
    """``m`` with the kind a workbook records for it: a built-in kind's name only where ``m`` is
    exactly what that kind builds at its size (so ``rebuild`` can build it again); ``custom``
    for a changed built-in; else the file's own name (``rebuild`` refuses those in one line).

    >>> from xlbridge.movements.mitchell import mitchell
    >>> recorded_kind(parse_movement_csv(movement_csv(mitchell(5, 2)))).kind
    'mitchell'
    >>> row = "1,1,1,6,NS 1,EW 1,1 2,"
    >>> text = movement_csv(mitchell(5, 2)).replace(row, row + "2")  # switch board 2
    >>> recorded_kind(parse_movement_csv(text)).kind
    'custom'
    >>> from xlbridge.movements.registry import get_kind
    >>> m = get_kind("barometer-howell").build(tables=2, boards_per_round=2)
    >>> recorded_kind(parse_movement_csv(movement_csv(m))).barometer
    True
    """
    from dataclasses import replace

    from xlbridge.movements.options import MovementArgs, build_movement
    from xlbridge.movements.registry import KINDS

    key = m.kind.lower()
    if key not in KINDS:
        return m
    info = KINDS[key]
    t, k = m.tables, m.boards_per_round
    for args in (
        MovementArgs(tables=t, boards_per_round=k, rounds=m.rounds),
        MovementArgs(tables=t, boards_per_round=k),
    ):
        try:
            built = build_movement(info, args)
        except XlbridgeError:
            continue
        if built.to_dict() == m.to_dict() and built.notes == m.notes:
            return replace(m, kind=info.name)
    return replace(m, kind=CUSTOM, barometer=False)
