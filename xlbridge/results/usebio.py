"""USEBIO 1.2 XML, the results format the English Bridge Union publishes and reads: a
family-neutral document (:class:`UsebioDocument`) and its writer, laid out as the EBU's own
example file of each kind lays it out (``../shared/usebio-examples/``, see ``SOURCE.txt``).

Each kind of event follows one example element for element (names, order, enumerations):

- matchpoint pairs (:data:`MP_PAIRS`): PairsScorer 7.2.93's file: ``EVENT`` holds
  ``BOARD_SCORING_METHOD`` ``MATCH_POINTS``, ``PROGRAM_NAME``, ``PROGRAM_VERSION``,
  ``EVENT_DESCRIPTION``, ``DATE`` (dd/mm/yyyy), ``MASTER_POINT_SCALE``, ``SESSION_COUNT``,
  ``SECTION_COUNT``, ``PAIRS``, ``BOARDS_PLAYED``, ``WINNER_TYPE``, ``EW_PAIRS`` (two-winner),
  ``P2P_CHARGE_RATE``, ``MPS_AWARDED_FLAG``, then ``SESSION``/``SECTION`` with ``PARTICIPANTS``
  (``PAIR``: ``PAIR_NUMBER``, ``DIRECTION``, ``PERCENTAGE``, ``PLACE``, ``MASTER_POINTS``,
  ``PLAYER RATEABLE="Y"``) and the ``BOARD``s (``TRAVELLER_LINE``: ``NS_PAIR_NUMBER``,
  ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``TRICKS``, ``SCORE``, ``NS_MATCH_POINTS``,
  ``EW_MATCH_POINTS``);
- cross-IMP pairs (:data:`CROSS_IMP_PAIRS`): Pianola 1.0's file: ``PARTICIPANTS`` and ``BOARD``
  directly in ``EVENT`` with ``EVENT_TYPE="CROSS_IMP"``, ``PAIR`` with ``TOTAL_SCORE``, lines
  with ``NS_CROSS_IMP_POINTS``/``EW_CROSS_IMP_POINTS``;
- Butler pairs (:data:`BUTLER_PAIRS`): no example; the PairsScorer layout with the elements
  real Butler files carry (``BOARD_SCORING_METHOD`` ``BUTLER_PAIRS``, ``TOTAL_SCORE`` in
  ``PAIR`` where Pianola has it, ``BOARD_AVERAGE`` after ``BOARD_NUMBER``,
  ``NS_BUTLER_POINTS``/``EW_BUTLER_POINTS``);
- teams (:data:`TEAMS_IMPS`, :data:`TEAMS_PAB`): TeamsScorer's IMPs into VPs and
  EBUScoreTeams' point-a-board: ``SESSION`` with ``PARTICIPANTS`` (a ``TEAM`` each:
  ``TOTAL_SCORE``, ``WINS_OR_DRAWS``, ``PLACE``, its ``PAIR``s) and a ``MATCH`` each
  (``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``, the boards' range, both scores, each
  ``BOARD`` with ``IMPS`` or both teams' points and the two rooms' lines by ``DIRECTION``);
- individuals (:data:`INDIVIDUAL`): the USEBIO 1.1 example: ``PARTICIPANTS`` and ``BOARD`` in
  ``EVENT`` with ``EVENT_TYPE="INDIVIDUAL"``, one ``PLAYER`` a player (``PLAYER_NUMBER``,
  ``MASTER_POINTS``, ``PLACE``, ``PERCENTAGE``, ``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``) and
  lines numbering the four players (``N_PLAYER_NUMBER``, ``S_``, ``E_``, ``W_``); the contract
  (which that example leaves out) stands before ``SCORE`` as in every pairs line.

Several sections (:class:`UsebioSection`) are a ``SECTION`` each in ``SESSION``, places the
field's, as real multi-section files have them (duaneg/scorer-to-usebio's converted NZ files);
cross-IMP sections keep Pianola's elements there, with PairsScorer's ``SECTION_COUNT`` after
``SESSION_COUNT``. An individual in several sections is refused (its example has no SECTION).

A knockout (:data:`TEAMS_KO`) is TeamsScorer's layout with the values USEBIO 1.2 readers
enumerate for it: ``EVENT_TYPE="KO"`` and ``MATCH_SCORING_METHOD`` ``IMPS`` (matches won on
IMPs, no VPs: no ``SCORING_METHOD``), each ``MATCH``'s scores the IMPs each team won (a
carry-over included and said in a comment), each ``TEAM`` its matches won or drawn and its
place (the finalists'), no ``TOTAL_SCORE``. Sources: marcshearer/ImportUsebio's
``Score Data.swift`` (``EventType``: KO, LADDER, MP_PAIRS, BUTLER_PAIRS, INDIVIDUAL,
SWISS_PAIRS, SWISS_TEAMS, TEAMS_OF_FOUR, CROSS_IMPS, AGGREGATE, ..., PAIRS, TEAMS,
HEAD_TO_HEAD; ``ScoringMethod``: VPS, IMPS, MATCH_POINTS, PERCENTAGE, CROSS_IMPS, AGGREGATE,
read from both scoring-method elements). The specification and DTD themselves (usebio.org) were
not at hand: no value is written that those sources do not show.

Where the examples disagree: contracts are written as PairsScorer, TeamsScorer and
EBUScoreTeams write them (``3Hx``, ``4Sxx``, ``3NT``; Pianola alone writes ``4HX``); a passed
board as Pianola's (``PASS``, ``PLAYED_BY`` ``N``, ``TRICKS`` 0, ``SCORE`` 0);
``MASTER_POINT_TYPE`` ``BLACK`` (three files; the 1.1 individual writes ``Black``); the file is
``Version="1.2"`` for every kind. The ``HANDSET`` (after ``EVENT``) holds a ``BOARD`` a deal:
``BOARD_NUMBER``, then a ``HAND`` for North, East, South, West, each ``DIRECTION``, ``SPADES``,
``HEARTS``, ``DIAMONDS``, ``CLUBS``, a void as ``-`` (PairsScorer's). Left out as the product
has no value for them: ``CONTACT``, ``LEAD``, the player's ``CLUB_ID_NUMBER``, the dealing
machine's ``HANDSET`` settings. Added where the product has a value the examples do not show:
``CLUB_ID_NUMBER`` is the examples'; a ``HANDICAP`` after ``PLACE`` in a handicapped ranking
(duaneg/scorer-to-usebio's converted files); XML comments (valid under the DTD) for a
provisional session or line and for a player without a member number.

:func:`read_usebio` and :func:`read_usebio_event` (:mod:`xlbridge.interchange.usebio`) read such
a file back (through the gate's XML parser: no entities).

>>> doc = UsebioDocument(layout=MP_PAIRS, description="Tuesday", date="24/11/2026",
...     entries=(UsebioEntry("1", direction="NS", percentage="55.00", place="1",
...                          players=(UsebioPlayer("Ann"), UsebioPlayer("Bo"))),))
>>> b"<PAIR_NUMBER>1</PAIR_NUMBER>" in write_document(doc)
True
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from xlbridge.errors import DealError, WorkbookError
from xlbridge.interchange.deals import HandRecord
from xlbridge.interchange.usebio import (
    UsebioEvent,
    UsebioLine,
    UsebioPair,
    read_usebio,
    read_usebio_event,
)
from xlbridge.limits import NAME_TEXT
from xlbridge.text import clean_text
from xlbridge.types import Seat, Vulnerability

__all__ = [
    "BUTLER_PAIRS",
    "CROSS_IMP_PAIRS",
    "DOCTYPE",
    "INDIVIDUAL",
    "LAYOUTS",
    "MP_PAIRS",
    "PROGRAM_NAME",
    "TEAMS_IMPS",
    "TEAMS_KO",
    "TEAMS_PAB",
    "UsebioBoard",
    "UsebioDocument",
    "UsebioEntry",
    "UsebioEvent",
    "UsebioLayout",
    "UsebioLine",
    "UsebioMatch",
    "UsebioMatchBoard",
    "UsebioOptions",
    "UsebioPair",
    "UsebioPlayer",
    "UsebioRow",
    "UsebioSection",
    "UsebioTeam",
    "UsebioTeamLine",
    "comment_text",
    "pair_number",
    "read_usebio",
    "read_usebio_event",
    "usebio_contract",
    "usebio_date",
    "write_document",
]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
PROGRAM_NAME = "xlbridge"
#: MASTER_POINT_TYPE of a club (black point) award, as three of the examples write it.
BLACK = "BLACK"


@dataclass(frozen=True, slots=True)
class UsebioLayout:
    """How one kind of event is laid out, copied from the EBU's example of that kind.

    ``event``: the ``EVENT`` elements before the contestants, in order; ``flat``:
    ``PARTICIPANTS`` and ``BOARD`` stand directly in ``EVENT`` (else in ``SESSION``/
    ``SECTION``); ``event_type``: the ``EVENT_TYPE`` attribute of ``PARTICIPANTS`` and ``BOARD``
    ("" none); ``entry``: a contestant's elements in order (``PLAYER`` the players);
    ``line``: a traveller line's elements in order; ``board``: a board's own elements;
    ``points``: the tag of a line's points after ``NS_``/``EW_``; ``example``: the file
    followed."""

    name: str
    method: str
    event: tuple[str, ...]
    flat: bool
    event_type: str
    entry: tuple[str, ...]
    line: tuple[str, ...]
    board: tuple[str, ...]
    points: str
    rateable: bool
    example: str


_PAIR_LINE = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS", "SCORE")
MP_PAIRS = UsebioLayout(
    "mp-pairs", "MATCH_POINTS",
    ("BOARD_SCORING_METHOD", "PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_DESCRIPTION", "DATE",
     "MASTER_POINT_SCALE", "SESSION_COUNT", "SECTION_COUNT", "PAIRS", "BOARDS_PLAYED",
     "WINNER_TYPE", "EW_PAIRS", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG"),
    False, "",
    ("PAIR_NUMBER", "DIRECTION", "PERCENTAGE", "PLACE", "HANDICAP", "MASTER_POINTS", "PLAYER"),
    (*_PAIR_LINE, "NS_MATCH_POINTS", "EW_MATCH_POINTS"), ("BOARD_NUMBER",), "MATCH_POINTS",
    True, "ebu-example-mp-pairs-PairsScorer.xml",
)  # fmt: skip
CROSS_IMP_PAIRS = UsebioLayout(
    "cross-imp-pairs", "CROSS_IMPS",
    ("BOARD_SCORING_METHOD", "PROGRAM_NAME", "PROGRAM_VERSION", "WINNER_TYPE", "PAIRS",
     "EVENT_DESCRIPTION", "DATE", "MASTER_POINT_SCALE", "SESSION_COUNT", "P2P_CHARGE_RATE",
     "MPS_AWARDED_FLAG"),
    True, "CROSS_IMP",
    ("PAIR_NUMBER", "DIRECTION", "TOTAL_SCORE", "PLACE", "MASTER_POINTS", "PLAYER"),
    (*_PAIR_LINE, "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"), ("BOARD_NUMBER",),
    "CROSS_IMP_POINTS", True, "ebu-example-cross-imp-pairs-Pianola.xml",
)  # fmt: skip
BUTLER_PAIRS = UsebioLayout(
    "butler-pairs", "BUTLER_PAIRS", MP_PAIRS.event, False, "",
    ("PAIR_NUMBER", "DIRECTION", "TOTAL_SCORE", "PLACE", "HANDICAP", "MASTER_POINTS", "PLAYER"),
    (*_PAIR_LINE, "NS_BUTLER_POINTS", "EW_BUTLER_POINTS"), ("BOARD_NUMBER", "BOARD_AVERAGE"),
    "BUTLER_POINTS", True, "ebu-example-mp-pairs-PairsScorer.xml",
)  # fmt: skip
INDIVIDUAL = UsebioLayout(
    "individual", "",
    ("PROGRAM_NAME", "PROGRAM_VERSION", "DATE", "EVENT_DESCRIPTION", "MASTER_POINT_SCALE",
     "SESSION_COUNT", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG"),
    True, "INDIVIDUAL",
    ("PLAYER_NUMBER", "MASTER_POINTS", "PLACE", "PERCENTAGE", "PLAYER"),
    ("N_PLAYER_NUMBER", "S_PLAYER_NUMBER", "E_PLAYER_NUMBER", "W_PLAYER_NUMBER", "CONTRACT",
     "PLAYED_BY", "TRICKS", "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS"), ("BOARD_NUMBER",),
    "MATCH_POINTS", False, "ebu-example-individual-v1_1.xml",
)  # fmt: skip
_TEAM_EVENT = ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "PROGRAM_NAME",
               "PROGRAM_VERSION", "EVENT_DESCRIPTION", "DATE", "MASTER_POINT_SCALE",
               "SESSION_COUNT", "SECTION_COUNT")  # fmt: skip
_TEAM_LINE = ("DIRECTION", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS",
              "SCORE")  # fmt: skip
TEAMS_IMPS = UsebioLayout(
    "teams-imps-vps", "IMPS",
    (*_TEAM_EVENT, "SCORING_METHOD", "BOARDS_PLAYED", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG"),
    False, "", ("TOTAL_SCORE", "WINS_OR_DRAWS", "PLACE", "PAIR", "MASTER_POINTS"),
    _TEAM_LINE, ("BOARD_NUMBER", "IMPS"), "", True,
    "ebu-example-teams-imps-vps-TeamsScorer.xml",
)  # fmt: skip
TEAMS_KO = UsebioLayout(
    "teams-knockout", "IMPS",
    (*_TEAM_EVENT, "BOARDS_PLAYED", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG"),
    False, "", ("WINS_OR_DRAWS", "PLACE", "PAIR"),
    _TEAM_LINE, ("BOARD_NUMBER", "IMPS"), "", True,
    "ebu-example-teams-imps-vps-TeamsScorer.xml",
)  # fmt: skip
TEAMS_PAB = UsebioLayout(
    "teams-point-a-board", "PAB",
    (*_TEAM_EVENT, "BOARDS_PLAYED", "P2P_CHARGE_RATE", "MPS_AWARDED_FLAG"),
    False, "", ("TOTAL_SCORE", "WINS_OR_DRAWS", "PLACE", "MASTER_POINTS", "PAIR"),
    _TEAM_LINE, ("BOARD_NUMBER", "TEAM_POINTS", "OPPOSING_TEAM_POINTS"), "", True,
    "ebu-example-teams-point-a-board-EBUScoreTeams.xml",
)  # fmt: skip
#: MATCH_SCORING_METHOD (and TeamsScorer's SCORING_METHOD) of each teams layout.
# A knockout's matches are won on IMPs, no VPs: MATCH_SCORING_METHOD IMPS (USEBIO readers'
# enumeration: marcshearer/ImportUsebio's ScoringMethod VPS, IMPS, MATCH_POINTS, ...).
_MATCH_METHOD = {"teams-imps-vps": ("VPS", "VP"), "teams-point-a-board": ("PAB", ""),
                 "teams-knockout": ("IMPS", "")}  # fmt: skip
#: EVENT_TYPE of each teams layout: the examples' TEAMS; a knockout USEBIO's KO (the
#: enumeration ImportUsebio reads, KO a teams event in the EBU's results viewer's reader).
_EVENT_TYPE = {"teams-imps-vps": "TEAMS", "teams-point-a-board": "TEAMS", "teams-knockout": "KO"}
LAYOUTS = {x.name: x for x in (MP_PAIRS, CROSS_IMP_PAIRS, BUTLER_PAIRS, INDIVIDUAL, TEAMS_IMPS,
                               TEAMS_PAB, TEAMS_KO)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class UsebioOptions:
    """What the federation's file carries besides the results: the club's name and its
    federation id number, and the event's charge code ("" where not given).

    >>> UsebioOptions(club="Lakeside BC", club_id="1234").charge_code
    ''
    """

    club: str = ""
    club_id: str = ""
    charge_code: str = ""
    # PROGRAM_VERSION: the face passes xlbridge.__version__ (a kit cannot import it); ""
    # falls back to the installed package's version.
    program_version: str = ""
    # A teams workbook's masterpoint scale (``ebu-club``; "" none): pairs and individuals
    # carry theirs on the results (xlbridge.results.awards).
    masterpoint_scale: str = ""


@dataclass(frozen=True, slots=True)
class UsebioPlayer:
    """A ``PLAYER`` of a contestant: the name, the member number (``NATIONAL_ID_NUMBER``;
    "" with ``note`` saying why, written as a comment where the number would be)."""

    name: str
    national_id: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class UsebioEntry:
    """A contestant in ``PARTICIPANTS``: a ``PAIR`` (an individual's ``PLAYER``), each figure
    as the file shows it ("" left out); ``masterpoints`` the award to each of its players."""

    number: str
    direction: str = ""
    total: str = ""
    percentage: str = ""
    place: str = ""
    handicap: str = ""
    masterpoints: int | None = None
    players: tuple[UsebioPlayer, ...] = ()


@dataclass(frozen=True, slots=True)
class UsebioRow:
    """A ``TRAVELLER_LINE``: ``ns``/``ew`` the pair numbers, ``seats`` an individual's four
    players (North, South, East, West), ``note`` a comment opening the line ("" none)."""

    ns: str = ""
    ew: str = ""
    seats: tuple[str, str, str, str] | None = None
    contract: str = ""
    played_by: str = ""
    tricks: str = ""
    score: str = ""
    ns_points: str = ""
    ew_points: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class UsebioBoard:
    """A ``BOARD`` with its traveller lines; ``average`` Butler's ``BOARD_AVERAGE``."""

    number: int
    rows: tuple[UsebioRow, ...]
    average: str = ""


@dataclass(frozen=True, slots=True)
class UsebioTeam:
    """A ``TEAM`` of a teams event: its number and name, ``total`` (VPs or points),
    ``wins_or_draws``, ``place``, the award to each player, and its players, written two a
    ``PAIR`` numbered as TeamsScorer numbers them (team, then its two players: ``1-1-2``)."""

    number: int
    name: str
    total: str
    wins_or_draws: str
    place: str
    masterpoints: int | None = None
    players: tuple[UsebioPlayer, ...] = ()


@dataclass(frozen=True, slots=True)
class UsebioTeamLine:
    """A room's ``TRAVELLER_LINE`` of a match: ``direction`` the one the match's first team
    sat in that room; ``note`` a comment opening the line ("" none)."""

    direction: str
    contract: str = ""
    played_by: str = ""
    tricks: str = ""
    score: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class UsebioMatchBoard:
    """A board of a match: the first team's signed ``imps`` (IMPs) or both teams' points
    (point-a-board), and the two rooms' lines."""

    number: int
    lines: tuple[UsebioTeamLine, ...]
    imps: str = ""
    team_points: str = ""
    opposing_points: str = ""


@dataclass(frozen=True, slots=True)
class UsebioMatch:
    """A ``MATCH``: the round, the two teams, the boards' range, each team's score (VPs,
    points or a knockout's IMPs) and the boards; ``note`` a comment opening it ("" none)."""

    round: int
    team: int
    opposing: int
    start: int
    end: int
    team_score: str
    opposing_score: str
    boards: tuple[UsebioMatchBoard, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class UsebioSection:
    """A ``SECTION`` of a session of several: its id (the section's letter), its contestants
    and its boards' lines."""

    id: str
    entries: tuple[UsebioEntry, ...]
    boards: tuple[UsebioBoard, ...]


@dataclass(frozen=True, slots=True)
class UsebioDocument:
    """One event as the federation's file holds it, written by :func:`write_document`.

    ``date`` is dd/mm/yyyy (:func:`usebio_date`), ``pairs``/``ew_pairs``/``boards_played`` the
    counts ("" left out), ``scale`` the ``MASTER_POINT_SCALE`` ("" none), ``awarded`` whether
    masterpoints were awarded (``MPS_AWARDED_FLAG``), ``notes`` comments opening the file,
    ``section_note`` one after the contestants, ``deals`` PBN deals by board for the
    ``HANDSET``."""

    layout: UsebioLayout
    description: str = ""
    date: str = ""
    club: str = ""
    club_id: str = ""
    charge_code: str = ""
    version: str = ""
    pairs: str = ""
    ew_pairs: str = ""
    boards_played: str = ""
    winner_type: str = ""
    scale: str = ""
    awarded: bool = False
    section: str = "A"
    entries: tuple[UsebioEntry, ...] = ()
    boards: tuple[UsebioBoard, ...] = ()
    notes: tuple[str, ...] = ()
    deals: Mapping[int, str] | None = None
    teams: tuple[UsebioTeam, ...] = ()
    matches: tuple[UsebioMatch, ...] = ()
    # Several sections (the nested layouts only): each its own SECTION; entries and boards
    # are then those of every section.
    sections: tuple[UsebioSection, ...] = ()


def pair_number(label: str) -> str:
    """A pair label as USEBIO numbers pairs: ``NS 3`` → ``3`` (the direction is given apart).

    >>> pair_number("NS 3"), pair_number("12")
    ('3', '12')
    """
    m = re.fullmatch(r"(?:NS|EW) ([0-9]+)", label)
    return m.group(1) if m else label


_DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%Y.%m.%d", "%a %d %b %Y", "%A %d %B %Y", "%d %b %Y",
                 "%d %B %Y", "%a %d %B %Y", "%A %d %b %Y")  # fmt: skip


def usebio_date(value: object) -> str:
    """A session date as the examples write it, dd/mm/yyyy: from a date (the register's), an
    ISO or dd/mm/yyyy text, or a written-out English date; "" for none. Text that is no date
    is refused in one line rather than copied (the federation reads the day from it).

    >>> usebio_date("2026-11-24"), usebio_date("24/11/2026"), usebio_date("Thu 20 Nov 2025")
    ('24/11/2026', '24/11/2026', '20/11/2025')
    >>> usebio_date(dt.date(2015, 10, 22)), usebio_date("")
    ('22/10/2015', '')
    """
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    text = " ".join(str(value or "").replace(",", " ").split())
    if not text:
        return ""
    head = text.split(" ")[0] if re.fullmatch(r"\d{4}-\d{2}-\d{2}[ T][0-9:.]+", text) else text
    for form in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(head, form).strftime("%d/%m/%Y")
        except ValueError:
            continue
    raise WorkbookError(
        f"USEBIO needs the session's date as a date (dd/mm/yyyy); {text[:40]!r} is not one:"
        " give the Session sheet a date such as 2026-11-24"
    )


def usebio_contract(contract: str) -> str:
    """A contract as the EBU's scorers write it: ``3NT``, ``4Hx``, ``6Sxx``, ``PASS``; text
    that is no contract is kept as typed.

    >>> usebio_contract("4SX"), usebio_contract("3n"), usebio_contract("pass")
    ('4Sx', '3NT', 'PASS')
    """
    from xlbridge.errors import ContractError
    from xlbridge.types import Contract

    try:
        c = Contract.parse(contract)
    except ContractError:
        return contract
    if c.is_pass:
        return "PASS"
    return f"{c.level}{c.strain}{str(c.doubling).lower()}"


def comment_text(text: str) -> str:
    """Text safe in an XML comment (no ``--``, not ending in ``-``), padded with spaces.

    >>> comment_text("NS Score --5")
    ' NS Score - -5 '
    """
    while "--" in text:
        text = text.replace("--", "- -")
    return f" {text} "


def _text(value: str, what: str) -> str:
    """User text as the XML can hold it (no control characters), one line refused."""
    return clean_text(value, what, max_chars=NAME_TEXT).strip()


# HANDSET: the seats as the examples list them, each hand spades to clubs.
_HAND_ORDER = ((Seat.N, "North"), (Seat.E, "East"), (Seat.S, "South"), (Seat.W, "West"))
_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _handset(root: ET.Element, boards: tuple[int, ...], deals: Mapping[int, str]) -> None:
    """``HANDSET`` with each board of the event whose deal is a complete deal."""
    from xlbridge.results.html import from_north

    records: list[tuple[int, HandRecord]] = []
    for n in boards:
        north = from_north(deals.get(n, ""))
        if north is None:
            continue
        try:
            records.append((n, HandRecord(n, Seat.dealer_of(n), Vulnerability.from_board(n),
                                          north)))  # fmt: skip
        except DealError:
            continue  # not a complete deal: no hand record for that board
    if not records:
        return
    hs = ET.SubElement(root, "HANDSET")
    for n, record in records:
        be = ET.SubElement(hs, "BOARD")
        ET.SubElement(be, "BOARD_NUMBER").text = str(n)
        hands = record.hands()
        for seat, name in _HAND_ORDER:
            he = ET.SubElement(be, "HAND")
            ET.SubElement(he, "DIRECTION").text = name
            for tag, cards in zip(_SUITS, hands[seat], strict=True):
                ET.SubElement(he, tag).text = cards or "-"


def _program_version() -> str:
    """This program's version as its installed package records it ("" when not installed)."""
    from importlib import metadata

    try:
        return metadata.version("xlbridge")
    except metadata.PackageNotFoundError:
        return ""


def _event_values(doc: UsebioDocument) -> dict[str, str]:
    return {
        "BOARD_SCORING_METHOD": doc.layout.method,
        "PROGRAM_NAME": PROGRAM_NAME,
        "PROGRAM_VERSION": doc.version or _program_version(),
        "EVENT_DESCRIPTION": doc.description,
        "DATE": doc.date,
        "MASTER_POINT_SCALE": doc.scale,
        "SESSION_COUNT": "1",
        "SECTION_COUNT": str(len(doc.sections) or 1),
        "PAIRS": doc.pairs,
        "BOARDS_PLAYED": doc.boards_played,
        "WINNER_TYPE": doc.winner_type,
        "EW_PAIRS": doc.ew_pairs,
        "P2P_CHARGE_RATE": _text(doc.charge_code, "charge code"),
        "MPS_AWARDED_FLAG": "Y" if doc.awarded else "N",
        "MATCH_SCORING_METHOD": _MATCH_METHOD.get(doc.layout.name, ("", ""))[0],
        "SCORING_METHOD": _MATCH_METHOD.get(doc.layout.name, ("", ""))[1],
    }


def _player(parent: ET.Element, player: UsebioPlayer, *, rateable: bool) -> None:
    """A ``PLAYER RATEABLE="Y"`` in ``parent`` (an individual's elements in ``parent``
    itself): the name, then the member number or a comment saying why there is none."""
    pe = ET.SubElement(parent, "PLAYER", RATEABLE="Y") if rateable else parent
    ET.SubElement(pe, "PLAYER_NAME").text = player.name
    if player.national_id:
        ET.SubElement(pe, "NATIONAL_ID_NUMBER").text = player.national_id
    elif player.note:
        pe.append(ET.Comment(comment_text(player.note)))


def _children(
    parent: ET.Element, tags: Sequence[str], values: Mapping[str, str],
    special: Mapping[str, Callable[[], None]] | None = None,
) -> None:  # fmt: skip
    """Each of ``tags`` in ``parent``, in order: a ``special`` one by its own writer, any
    other as an element holding its value, left out when it has none ("")."""
    for tag in tags:
        if special is not None and tag in special:
            special[tag]()
        elif values[tag]:
            ET.SubElement(parent, tag).text = values[tag]


def _line(parent: ET.Element, layout: UsebioLayout, note: str, values: Mapping[str, str]) -> None:
    """A ``TRAVELLER_LINE``: ``note`` as a comment opening it ("" none), then the layout's
    line elements (a pairs', an individual's or a teams' line)."""
    line = ET.SubElement(parent, "TRAVELLER_LINE")
    if note:
        line.append(ET.Comment(comment_text(note)))
    _children(line, layout.line, values)


def _entry(parent: ET.Element, layout: UsebioLayout, e: UsebioEntry) -> None:
    individual = layout is INDIVIDUAL
    p = ET.SubElement(parent, "PLAYER" if individual else "PAIR")
    values = {
        "PAIR_NUMBER": e.number, "PLAYER_NUMBER": e.number, "DIRECTION": e.direction,
        "TOTAL_SCORE": e.total, "PERCENTAGE": e.percentage, "PLACE": e.place,
        "HANDICAP": e.handicap,
    }  # fmt: skip

    def players() -> None:
        for player in e.players:
            _player(p, player, rateable=not individual)

    own = {"MASTER_POINTS": lambda: _masterpoints(p, e.masterpoints), "PLAYER": players}
    _children(p, layout.entry, values, own)


def _row(parent: ET.Element, layout: UsebioLayout, r: UsebioRow) -> None:
    seats = r.seats or ("", "", "", "")
    _line(parent, layout, r.note, {
        "NS_PAIR_NUMBER": r.ns, "EW_PAIR_NUMBER": r.ew, "N_PLAYER_NUMBER": seats[0],
        "S_PLAYER_NUMBER": seats[1], "E_PLAYER_NUMBER": seats[2], "W_PLAYER_NUMBER": seats[3],
        "CONTRACT": r.contract, "PLAYED_BY": r.played_by, "TRICKS": r.tricks, "SCORE": r.score,
        f"NS_{layout.points}": r.ns_points, f"EW_{layout.points}": r.ew_points,
    })  # fmt: skip


def write_document(doc: UsebioDocument) -> bytes:
    """The document as USEBIO 1.2 XML bytes: ISO-8859-1 with the USEBIO DTD named in its
    DOCTYPE, as the examples are; characters outside Latin-1 become character references."""
    layout = doc.layout
    root = ET.Element("USEBIO", Version="1.2")
    for note in doc.notes:
        root.append(ET.Comment(comment_text(note)))
    c = ET.SubElement(root, "CLUB")
    ET.SubElement(c, "CLUB_NAME").text = _text(doc.club, "club")
    if club_id := _text(doc.club_id, "club id"):
        ET.SubElement(c, "CLUB_ID_NUMBER").text = club_id
    event_type = {INDIVIDUAL.name: "INDIVIDUAL", **_EVENT_TYPE}.get(layout.name, "PAIRS")
    ev = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    values = _event_values(doc)

    def session_count() -> None:
        _children(ev, ("SESSION_COUNT",), values)
        if "SECTION_COUNT" not in layout.event and len(doc.sections) > 1:
            ET.SubElement(ev, "SECTION_COUNT").text = values["SECTION_COUNT"]  # PairsScorer's

    _children(ev, layout.event, values, {"SESSION_COUNT": session_count})
    if layout.name in _EVENT_TYPE:
        _teams(ET.SubElement(ev, "SESSION", SESSION_ID="1"), doc)
        return _bytes(root, doc)
    kind = {"EVENT_TYPE": layout.event_type} if layout.event_type else {}
    sections = doc.sections or (UsebioSection(doc.section, doc.entries, doc.boards),)
    if layout is INDIVIDUAL and len(sections) > 1:
        raise WorkbookError(
            "USEBIO output of an individual in several sections is not written: the EBU's"
            " individual example has no SECTION; use --format csv, json or html"
        )
    # Several sections of cross-IMPs: Pianola's elements in PairsScorer's SESSION/SECTION
    # (every real multi-section file nests its sections; Pianola's example has one).
    flat = layout.flat and len(sections) == 1
    session = ev if flat else ET.SubElement(ev, "SESSION", SESSION_ID="1")
    for sec in sections:
        holder = ev if flat else ET.SubElement(session, "SECTION", SECTION_ID=sec.id)
        parts = ET.SubElement(holder, "PARTICIPANTS", kind)
        for e in sec.entries:
            _entry(parts, layout, e)
        for b in sec.boards:
            be = ET.SubElement(holder, "BOARD", kind)
            ET.SubElement(be, "BOARD_NUMBER").text = str(b.number)
            if "BOARD_AVERAGE" in layout.board and b.average:
                ET.SubElement(be, "BOARD_AVERAGE").text = b.average
            for r in b.rows:
                _row(be, layout, r)
    return _bytes(root, doc)


def _masterpoints(parent: ET.Element, award: int | None) -> None:
    if award is not None and award > 0:
        mp = ET.SubElement(parent, "MASTER_POINTS")
        ET.SubElement(mp, "MASTER_POINTS_AWARDED").text = str(award)
        ET.SubElement(mp, "MASTER_POINT_TYPE").text = BLACK


def _team(parts: ET.Element, layout: UsebioLayout, t: UsebioTeam) -> None:
    te = ET.SubElement(parts, "TEAM", TEAM_ID=str(t.number), TEAM_NAME=_text(t.name, "team name"))
    values = {"TOTAL_SCORE": t.total, "WINS_OR_DRAWS": t.wins_or_draws, "PLACE": t.place}

    def pairs() -> None:
        for k in range(0, len(t.players), 2):
            two = t.players[k : k + 2]
            pe = ET.SubElement(te, "PAIR")
            numbers = "-".join(str(k + i + 1) for i in range(len(two)))
            ET.SubElement(pe, "PAIR_NUMBER").text = f"{t.number}-{numbers}"
            for player in two:
                _player(pe, player, rateable=True)

    own = {"MASTER_POINTS": lambda: _masterpoints(te, t.masterpoints), "PAIR": pairs}
    _children(te, layout.entry, values, own)


def _teams(session: ET.Element, doc: UsebioDocument) -> None:
    """``PARTICIPANTS`` with a ``TEAM`` a team, then a ``MATCH`` a match (TeamsScorer's and
    EBUScoreTeams' layout)."""
    layout = doc.layout
    parts = ET.SubElement(session, "PARTICIPANTS")
    for t in doc.teams:
        _team(parts, layout, t)
    for m in doc.matches:
        me = ET.SubElement(session, "MATCH")
        if m.note:
            me.append(ET.Comment(comment_text(m.note)))
        heads = {"ROUND_NUMBER": m.round, "TEAM": m.team, "OPPOSING_TEAM": m.opposing,
                 "START_BOARD_NUMBER": m.start, "END_BOARD_NUMBER": m.end,
                 "TEAM_SCORE": m.team_score, "OPPOSING_TEAM_SCORE": m.opposing_score}  # fmt: skip
        _children(me, tuple(heads), {tag: str(v) for tag, v in heads.items()})
        for b in m.boards:
            be = ET.SubElement(me, "BOARD")
            board = {"BOARD_NUMBER": str(b.number), "IMPS": b.imps, "TEAM_POINTS": b.team_points,
                     "OPPOSING_TEAM_POINTS": b.opposing_points}  # fmt: skip
            _children(be, layout.board, board)
            for line in b.lines:
                got = {"DIRECTION": line.direction, "NS_PAIR_NUMBER": "", "EW_PAIR_NUMBER": "",
                       "CONTRACT": line.contract, "PLAYED_BY": line.played_by,
                       "TRICKS": line.tricks, "SCORE": line.score}  # fmt: skip
                _line(be, layout, line.note, got)


def _bytes(root: ET.Element, doc: UsebioDocument) -> bytes:
    boards = tuple(b.number for b in doc.boards) or tuple(
        sorted({b.number for m in doc.matches for b in m.boards})
    )
    if doc.deals:
        _handset(root, boards, doc.deals)
    ET.indent(root)
    body: bytes = ET.tostring(root, encoding="iso-8859-1", xml_declaration=False)
    return (
        b'<?xml version="1.0" encoding="iso-8859-1"?>\n' + DOCTYPE.encode() + b"\n" + body + b"\n"
    )
