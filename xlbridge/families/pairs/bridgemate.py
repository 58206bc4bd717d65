"""A pairs workbook as a Bridgemate session (:class:`~xlbridge.interchange.bws_write.BwsSession`):
the movement as the travellers lay it out (every kind, a club's own movement file included),
the pairs' names and federation numbers from the Names sheet, the deals from the Hand Records
sheet; the file itself is written by :mod:`xlbridge.interchange.bws_write`.

Pairs are numbered as their labels: a Mitchell's ``NS 3`` and ``EW 3`` are North-South pair 3
and East-West pair 3 of a two-winner section (Winners 2), a Howell's ``3`` is pair 3 of a
one-winner section. A table left empty in a round (a sit-out, or the phantom's opponents) is
written with 0 for the pair that is not there.

>>> pair_number("NS 3"), pair_number("7"), pair_number("EW 6 (rover)"), pair_number("B-EW 2")
(('', 'NS', 3), ('', '', 7), ('', 'EW', 6), ('B', 'EW', 2))
>>> pair_number("Aces")
Traceback (most recent call last):
...
xlbridge.errors.MovementError: pair label 'Aces' has no number for the Bridgemate devices
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from xlbridge.errors import MovementError, WorkbookError, XlbridgeError
from xlbridge.families.duplicate.names import read_names
from xlbridge.families.pairs.entries import Entered, read_entered
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
from xlbridge.movements.field import FIELD_KIND
from xlbridge.workbook.cells import Book, typed_text
from xlbridge.workbook.hand_records import read_hand_records

__all__ = ["numbers_from_bws", "pair_number", "session_of"]

# "NS 3", "EW 3", "3"; a section's "A-NS 3"; the rover's "EW 6 (rover)"
_LABEL = re.compile(r"(?:([A-Z])-)?(?:(NS|EW) )?([0-9]{1,4})(?: \(rover\))?")


def pair_number(label: str) -> tuple[str, str, int]:
    """A pair label's section letter (``""`` unsectioned), direction (``NS``, ``EW``, or
    ``""`` for a one-winner movement) and number."""
    m = _LABEL.fullmatch(label.strip())
    if m is None:
        raise MovementError(
            f"pair label {label[:20]!r} has no number for the Bridgemate devices"
        )
    return m.group(1) or "", m.group(2) or "", int(m.group(3))


def _names(book: Book) -> dict[str, tuple[tuple[str, str], ...]]:
    """Pair label -> its two players' (name, federation number), as typed on the Names sheet."""
    if "Names" not in book.sheetnames:
        return {}
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for e in read_names(book).entries:
        e.checked()
        names, numbers = [*e.names, "", ""], [*e.numbers, "", ""]
        out[e.label] = ((names[0], numbers[0]), (names[1], numbers[1]))
    return out


def _sit_outs(
    opened: Any, e: Entered
) -> list[tuple[int, int, str | None, str | None, tuple[int, ...]]]:
    """(round, table, NS label, EW label, boards) of the movement's half-empty tables, where
    the movement can be built again from the Session sheet (a club's own file cannot: its
    sit-outs are not written)."""
    from xlbridge.families.pairs.rebuild import ADAPTER
    from xlbridge.families.pairs.settings import movement_of

    try:
        m = movement_of(ADAPTER.settings_of(e, opened))
    except XlbridgeError:
        return []
    return [(e.round, e.table, None if e.ns is None else m.label(e.ns),
             None if e.ew is None else m.label(e.ew), e.boards)
            for e in m.entries if (e.ns is None) != (e.ew is None)]  # fmt: skip


def _section_rounds(
    letter: str, sid: int, seats: dict[tuple[int, int], tuple[str, str]],
    boards: dict[tuple[int, int], list[int]],
) -> tuple[list[BwsRound], bool]:  # fmt: skip
    """One section's RoundData rows and whether it has two winners (NS and EW fields)."""
    where = f"section {letter} " if letter else ""
    directions = {pair_number(x)[1] for pair in seats.values() for x in pair}
    two_winners = bool(directions - {""})
    if two_winners and directions != {"NS", "EW"}:
        raise MovementError(f"{where}pair labels mix numbers and NS/EW numbers; Bridgemate"
                            " numbers a section's pairs one way")  # fmt: skip
    rounds: list[BwsRound] = []
    for (rnd, table), (ns, ew) in sorted(seats.items()):
        if two_winners and (pair_number(ns)[1], pair_number(ew)[1]) != ("NS", "EW"):
            raise MovementError(
                f"{where}round {rnd} table {table}: {ns} sits North-South against {ew} (an"
                " arrow switch): Bridgemate's two-winner pairs keep their direction; write the"
                " workbook without --arrow-switch"
            )
        low, high, custom = board_span(boards[(rnd, table)], f"{where}round {rnd} table {table}")
        rounds.append(BwsRound(sid, table, rnd, pair_number(ns)[2], pair_number(ew)[2], low,
                               high, custom))  # fmt: skip
    return rounds, two_winners


def session_of(opened: Any, path: str) -> BwsSession:
    """The Bridgemate session of the pairs workbook ``opened`` (through the gate), ``path``
    its file; a sectioned workbook's sections (labels ``A-NS 1``) are the file's sections."""
    name = Path(path).name
    e = read_entered(name, opened)
    seats: dict[str, dict[tuple[int, int], tuple[str, str]]] = defaultdict(dict)
    boards: dict[str, dict[tuple[int, int], list[int]]] = defaultdict(lambda: defaultdict(list))
    for board, rnd, table, ns, ew in e.layout:
        if rnd is None or table is None:
            raise WorkbookError(f"{name}: board {board}'s traveller has no Round and Table")
        letter = pair_number(ns)[0]
        if pair_number(ew)[0] != letter:
            raise MovementError(f"board {board}: {ns} plays {ew}, of another section")
        key = (rnd, table)
        at = seats[letter]
        if at.setdefault(key, (ns, ew)) != (ns, ew):
            raise MovementError(
                f"round {rnd} table {table}: {ns} v {ew} on board {board}, {at[key][0]} v"
                f" {at[key][1]} on others (an arrow switch): Bridgemate's RoundData has one"
                " North-South pair a round; write the workbook without --arrow-switch"
            )
        boards[letter][key].append(board)
    letters = sorted(seats)
    sid = {letter: i for i, letter in enumerate(letters, start=1)}
    scoring = scoring_type(e.settings.scoring)  # the Section's ScoringType (bws_limits)
    rounds: list[BwsRound] = []
    sections: list[BwsSection] = []
    for letter in letters:
        got, two_winners = _section_rounds(letter, sid[letter], seats[letter], boards[letter])
        rounds += got
        tables = max(r.table for r in got)
        sections.append(BwsSection(sid[letter], letter or "A", tables, 2 if two_winners else 1,
                                   scoring))  # fmt: skip
    if e.kind.lower() != FIELD_KIND:
        for rnd, table, alone_ns, alone_ew, played in _sit_outs(opened, e):
            if (rnd, table) in seats[""] or not played:
                continue
            low, high, custom = board_span(played, f"round {rnd} table {table}")
            ns_no = 0 if alone_ns is None else pair_number(alone_ns)[2]
            ew_no = 0 if alone_ew is None else pair_number(alone_ew)[2]
            rounds.append(BwsRound(1, table, rnd, ns_no, ew_no, low, high, custom))
    seat_rows, members = _players(Book(opened), seats, sid)
    deals = read_hand_records(opened)
    return BwsSession(
        event=typed_text(e.settings.event, "Session!A1", free_text=True),
        date=session_date(e.settings.date),
        sections=tuple(sections), rounds=tuple(rounds), seats=tuple(seat_rows),
        members=tuple(BwsMember(n, who) for n, who in sorted(members.items())),
        hands=tuple(bws_hand(i, b, d) for i in sid.values() for b, d in sorted(deals.items())),
    )  # fmt: skip


def _players(
    book: Book, seats: dict[str, dict[tuple[int, int], tuple[str, str]]], sid: dict[str, int]
) -> tuple[list[BwsSeat], dict[str, str]]:
    """PlayerNumbers (each named player where his pair sits first) and PlayerNames (federation
    number -> name) from the Names sheet."""
    first: dict[str, tuple[int, int, int, str]] = {}  # label -> section, round, table, side
    for letter, at in seats.items():
        for (rnd, table), (ns, ew) in sorted(at.items()):
            first.setdefault(ns, (sid[letter], rnd, table, "NS"))
            first.setdefault(ew, (sid[letter], rnd, table, "EW"))
    seat_rows: list[BwsSeat] = []
    members: dict[str, str] = {}
    for label, players in _names(book).items():
        for who, number in players:
            if number and who:
                members.setdefault(number, who)
        where = first.get(label)
        if where is None or not any(who or number for who, number in players):
            continue
        section, rnd, table, side = where
        for (who, number), direction in zip(players, side, strict=True):  # N S, or E W
            if who or number:
                seat_rows.append(BwsSeat(section, table, direction, number, who, rnd))
    return seat_rows, members


def numbers_from_bws(
    job: Any, at: dict[tuple[str, int, int], tuple[str, str]], *, sectioned: bool = False
) -> tuple[int, list[str]]:
    """``import --from FILE.bws``: the numbers the players typed at the tables (PlayerNumbers)
    onto the Names sheet; ``at`` is (section, round, table) -> (NS label, EW label), the
    travellers' (section "" unless ``sectioned``: then every section's players, each at its
    own section's table). Player 1 of a pair sits North or East, player 2 South or West."""
    from xlbridge.families.duplicate.seated import put_numbers
    from xlbridge.interchange.scorer_files import SeatedPlayer, read_bws_players

    if Path(job.source).suffix.lower() != ".bws":
        return 0, []
    players, bad = read_bws_players(job.source, Path(job.source).name, all_sections=sectioned)

    def seat_of(p: SeatedPlayer) -> tuple[str, int] | str:
        pair = at.get((p.section if sectioned else "", p.round, p.table))
        if pair is None:
            where = f"section {p.section[:10]} " if sectioned else ""
            return f"no play at {where}table {p.table} in round {p.round}"
        return pair[0 if p.direction in "NS" else 1], 0 if p.direction in "NE" else 1

    written, problems = put_numbers(job.wb, players, seat_of, 2, force=job.force)
    return written, [*bad, *problems]
