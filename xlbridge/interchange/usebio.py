"""Reading a USEBIO file (the EBU's XML results format) through the safe-reading gate: its
pairs or players, its traveller lines, its event, and (:func:`read_usebio_file`) all of it as
one record for ``xlbridge check``. Both layouts the EBU's examples use are read: contestants
and boards in ``SESSION``/``SECTION`` (PairsScorer) or directly in ``EVENT`` (Pianola, the
USEBIO 1.1 individual); points under any of the examples' names (``NS_MATCH_POINTS``,
``NS_CROSS_IMP_POINTS``, ``NS_BUTLER_POINTS``).

>>> f = loads_usebio(b"<USEBIO Version='1.2'><EVENT EVENT_TYPE='PAIRS'>"
...     b"<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><PARTICIPANTS><PAIR>"
...     b"<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS></EVENT></USEBIO>")
>>> f.method, [p.number for p in f.pairs]
('MATCH_POINTS', ['1'])
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass

from xlbridge.errors import InputFileError
from xlbridge.interchange.gate import MAX_TEXT_BYTES, parse_xml, read_bytes

__all__ = [
    "UsebioEvent",
    "UsebioFile",
    "UsebioLine",
    "UsebioMatchRead",
    "UsebioPair",
    "UsebioRoom",
    "UsebioTeamEntry",
    "UsebioTeamsFile",
    "loads_usebio",
    "loads_usebio_teams",
    "read_usebio",
    "read_usebio_event",
    "read_usebio_file",
]

_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


@dataclass(frozen=True, slots=True)
class UsebioPair:
    """A ``PAIR`` read back: ``numbers`` each ``PLAYER``'s ``NATIONAL_ID_NUMBER`` ("" where
    the file has none), ``played`` its ``BOARDS_PLAYED``, ``masterpoints`` its
    ``MASTER_POINTS_AWARDED``."""

    number: str
    direction: str
    total: float | None
    percentage: float | None
    place: str
    names: tuple[str, ...]
    numbers: tuple[str, ...] = ()
    played: int | None = None
    handicap: float | None = None
    masterpoints: float | None = None
    section: str = ""


@dataclass(frozen=True, slots=True)
class UsebioLine:
    """A ``TRAVELLER_LINE`` read back (an individual's: ``ns``/``ew`` the North and East
    players, ``seats`` all four)."""

    board: int
    ns: str
    ew: str
    contract: str
    declarer: str
    tricks: int | None
    score: float | None
    ns_points: float | None
    ew_points: float | None
    seats: tuple[str, ...] = ()
    section: str = ""


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    """The rest of a USEBIO file read back: the event type, the club, the charge code, the
    event's board count, an individual event's players (``number`` the ``PLAYER_NUMBER``, one
    name and member number each), the ``HANDSET`` as PBN deals from North by board, the
    scoring method, the date, the masterpoint scale and flag."""

    event_type: str
    club: str
    club_id: str
    charge_code: str
    boards_played: int | None
    players: tuple[UsebioPair, ...]
    deals: Mapping[int, str]
    method: str = ""
    date: str = ""
    scale: str = ""
    awarded: str = ""


def _f(text: str | None) -> float | None:
    return float(text) if text else None


def _i(text: str | None) -> int | None:
    return int(text) if text else None


_POINTS = ("MATCH_POINTS", "CROSS_IMP_POINTS", "BUTLER_POINTS", "IMPS")


def _points(t: ET.Element, side: str) -> float | None:
    for tag in _POINTS:
        if (text := t.findtext(f"{side}_{tag}")) is not None:
            return _f(text)
    return None


def _mps(p: ET.Element) -> float | None:
    return _f(p.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED"))


def read_usebio(data: bytes) -> tuple[list[UsebioPair], list[UsebioLine]]:
    """The pairs and traveller lines of a USEBIO file (entities refused)."""
    root = parse_xml(data, "USEBIO file", allow_doctype=True)
    # Each SECTION's pairs and boards carry its id ("" in a file without sections).
    holders = [(x.get("SECTION_ID", ""), x) for x in root.iter("SECTION")] or [("", root)]
    pairs = [
        UsebioPair(
            p.findtext("PAIR_NUMBER", ""), p.findtext("DIRECTION", ""),
            _f(p.findtext("TOTAL_SCORE")), _f(p.findtext("PERCENTAGE")),
            p.findtext("PLACE", ""),
            tuple(x.findtext("PLAYER_NAME", "") for x in p.findall("PLAYER")),
            tuple(x.findtext("NATIONAL_ID_NUMBER", "") for x in p.findall("PLAYER")),
            _i(p.findtext("BOARDS_PLAYED")), _f(p.findtext("HANDICAP")), _mps(p), sid,
        )
        for sid, holder in holders for p in holder.iter("PAIR")
    ]  # fmt: skip
    lines = []
    boards = [(sid, b) for sid, holder in holders for b in holder.iter("BOARD")]
    for sid, b in boards:
        if b.find("TRAVELLER_LINE") is None:
            continue  # a HANDSET board
        n = int(b.findtext("BOARD_NUMBER", "0"))
        for t in b.findall("TRAVELLER_LINE"):
            tricks = t.findtext("TRICKS", "")
            seats = tuple(t.findtext(f"{s}_PLAYER_NUMBER", "") for s in "NSEW")
            individual = any(seats)
            lines.append(
                UsebioLine(
                    n, seats[0] if individual else t.findtext("NS_PAIR_NUMBER", ""),
                    seats[2] if individual else t.findtext("EW_PAIR_NUMBER", ""),
                    t.findtext("CONTRACT", ""), t.findtext("PLAYED_BY", ""),
                    int(tricks) if tricks else None, _f(t.findtext("SCORE")),
                    _points(t, "NS"), _points(t, "EW"), seats if individual else (), sid,
                )
            )  # fmt: skip
    return pairs, lines


def read_usebio_event(data: bytes) -> UsebioEvent:
    """The event type, club, charge code, board count, an individual event's players and the
    hand records of a USEBIO file."""
    root = parse_xml(data, "USEBIO file", allow_doctype=True)
    deals: dict[int, str] = {}
    for b in root.findall("HANDSET/BOARD"):
        seats = {h.findtext("DIRECTION", ""): h for h in b.findall("HAND")}
        hands = [
            ".".join(seats[name].findtext(suit, "").replace("-", "") if name in seats else ""
                     for suit in _SUITS)
            for name in ("North", "East", "South", "West")
        ]  # fmt: skip
        deals[int(b.findtext("BOARD_NUMBER", "0"))] = "N:" + " ".join(hands)
    players = tuple(
        UsebioPair(
            p.findtext("PLAYER_NUMBER", ""), "", _f(p.findtext("TOTAL_SCORE")),
            _f(p.findtext("PERCENTAGE")), p.findtext("PLACE", ""),
            (p.findtext("PLAYER_NAME", ""),), (p.findtext("NATIONAL_ID_NUMBER", ""),),
            _i(p.findtext("BOARDS_PLAYED")), None, _mps(p),
        )
        for parts in root.iter("PARTICIPANTS") for p in parts.findall("PLAYER")
    )  # fmt: skip
    event = root.find("EVENT")
    return UsebioEvent(
        "" if event is None else event.get("EVENT_TYPE", ""),
        root.findtext("CLUB/CLUB_NAME", ""), root.findtext("CLUB/CLUB_ID_NUMBER", ""),
        root.findtext("EVENT/P2P_CHARGE_RATE", ""), _i(root.findtext("EVENT/BOARDS_PLAYED")),
        players, deals, root.findtext("EVENT/BOARD_SCORING_METHOD", ""),
        root.findtext("EVENT/DATE", ""), root.findtext("EVENT/MASTER_POINT_SCALE", ""),
        root.findtext("EVENT/MPS_AWARDED_FLAG", ""),
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class UsebioFile:
    """A whole USEBIO file for ``xlbridge check``: the event's type, scoring method, winner
    type, board count, masterpoint scale, its pairs (an individual's players as one-player
    entries), its traveller lines, and whether it is a teams file (``MATCH``), which is read
    no further."""

    event_type: str
    method: str
    winner_type: str
    boards_played: int | None
    scale: str
    pairs: tuple[UsebioPair, ...]
    lines: tuple[UsebioLine, ...]
    teams: bool = False
    sections: int = 1


def _number(text: str | None, what: str) -> float | None:
    try:
        return _f(text)
    except ValueError:
        raise InputFileError(f"USEBIO file: {what} {text!r} is not a number") from None


def loads_usebio(data: bytes) -> UsebioFile:
    """A USEBIO file's bytes read as one :class:`UsebioFile` (one line refused otherwise)."""
    root = parse_xml(data, "USEBIO file", allow_doctype=True)
    if root.tag != "USEBIO":
        raise InputFileError(f"USEBIO file: the root element is {root.tag[:40]!r}, not USEBIO")
    event = root.find("EVENT")
    if event is None:
        raise InputFileError("USEBIO file: no EVENT")
    try:
        pairs, lines = read_usebio(data)
        ev = read_usebio_event(data)
    except ValueError as exc:
        raise InputFileError(f"USEBIO file: a number cannot be read ({exc})") from None
    teams = event.find(".//MATCH") is not None
    sections = len(event.findall(".//SECTION")) or 1
    return UsebioFile(
        event.get("EVENT_TYPE", ""), ev.method, event.findtext("WINNER_TYPE", ""),
        ev.boards_played, ev.scale, tuple(pairs) + ev.players, tuple(lines), teams, sections,
    )  # fmt: skip


def read_usebio_file(path: str | os.PathLike[str]) -> UsebioFile:
    """The USEBIO file at ``path``, read through the gate (size bounded, no entities)."""
    return loads_usebio(read_bytes(path, max_bytes=MAX_TEXT_BYTES, what="USEBIO file"))


@dataclass(frozen=True, slots=True)
class UsebioTeamEntry:
    """A ``TEAM`` of a teams file read back: number, total, matches won or drawn, place,
    award."""

    number: str
    total: float | None
    wins_or_draws: int | None
    place: str
    masterpoints: float | None


@dataclass(frozen=True, slots=True)
class UsebioRoom:
    """A room's ``TRAVELLER_LINE`` of a match board: the first team's direction there."""

    direction: str
    contract: str
    declarer: str
    tricks: int | None
    score: float | None


@dataclass(frozen=True, slots=True)
class UsebioMatchRead:
    """A ``MATCH`` read back: round, teams, scores and each board (number, the first team's
    IMPs, both teams' points, the rooms)."""

    round: str
    team: str
    opposing: str
    team_score: float | None
    opposing_score: float | None
    boards: tuple[tuple[int, float | None, float | None, float | None,
                        tuple[UsebioRoom, ...]], ...]  # fmt: skip


@dataclass(frozen=True, slots=True)
class UsebioTeamsFile:
    """A teams file for ``xlbridge check``: methods, board count, scale, teams, matches."""

    board_method: str
    match_method: str
    boards_played: int | None
    scale: str
    teams: tuple[UsebioTeamEntry, ...]
    matches: tuple[UsebioMatchRead, ...]


def loads_usebio_teams(data: bytes) -> UsebioTeamsFile:
    """A teams USEBIO file's teams and matches (one line refused when it holds none).

    >>> f = loads_usebio_teams(b"<USEBIO><EVENT EVENT_TYPE='TEAMS'><BOARD_SCORING_METHOD>IMPS"
    ...     b"</BOARD_SCORING_METHOD><SESSION><MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2"
    ...     b"</OPPOSING_TEAM></MATCH></SESSION></EVENT></USEBIO>")
    >>> f.board_method, [m.opposing for m in f.matches]
    ('IMPS', ['2'])
    """
    root = parse_xml(data, "USEBIO file", allow_doctype=True)
    event = root.find("EVENT")
    if event is None or event.find(".//MATCH") is None:
        raise InputFileError("USEBIO file: no teams MATCH")
    try:
        teams = tuple(
            UsebioTeamEntry(t.get("TEAM_ID", ""), _f(t.findtext("TOTAL_SCORE")),
                            _i(t.findtext("WINS_OR_DRAWS")), t.findtext("PLACE", ""),
                            _mps(t))
            for t in event.iter("TEAM") if t.get("TEAM_ID") is not None
        )  # fmt: skip
        matches = []
        for m in event.iter("MATCH"):
            boards = []
            for b in m.findall("BOARD"):
                rooms = tuple(
                    UsebioRoom(t.findtext("DIRECTION", ""), t.findtext("CONTRACT", ""),
                               t.findtext("PLAYED_BY", ""), _i(t.findtext("TRICKS")),
                               _f(t.findtext("SCORE")))
                    for t in b.findall("TRAVELLER_LINE")
                )  # fmt: skip
                boards.append((int(b.findtext("BOARD_NUMBER", "0")), _f(b.findtext("IMPS")),
                               _f(b.findtext("TEAM_POINTS")),
                               _f(b.findtext("OPPOSING_TEAM_POINTS")), rooms))  # fmt: skip
            matches.append(UsebioMatchRead(
                m.findtext("ROUND_NUMBER", ""), m.findtext("TEAM", ""),
                m.findtext("OPPOSING_TEAM", ""), _f(m.findtext("TEAM_SCORE")),
                _f(m.findtext("OPPOSING_TEAM_SCORE")), tuple(boards)))  # fmt: skip
    except ValueError as exc:
        raise InputFileError(f"USEBIO file: a number cannot be read ({exc})") from None
    return UsebioTeamsFile(
        event.findtext("BOARD_SCORING_METHOD", ""), event.findtext("MATCH_SCORING_METHOD", ""),
        _i(event.findtext("BOARDS_PLAYED")), event.findtext("MASTER_POINT_SCALE", ""),
        teams, tuple(matches),
    )  # fmt: skip
