"""USEBIO 1.2 XML, the results format the English Bridge Union publishes and reads.

Layout (USEBIO 1.2 as EBU files carry it): ``<USEBIO Version="1.2">`` with a ``CLUB`` block and
one ``EVENT EVENT_TYPE="PAIRS"`` holding ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``,
``BUTLER_IMPS``, ``CROSS_IMPS``), ``EVENT_DESCRIPTION``, ``DATE`` (dd/mm/yyyy when the date
is known), ``WINNER_TYPE`` (2 for a two-winner game, else 1), then ``SESSION``/``SECTION`` with
``PARTICIPANTS`` (one ``PAIR`` each: ``PAIR_NUMBER``, ``DIRECTION``, ``TOTAL_SCORE``,
``PERCENTAGE``, ``PLACE``, ``PLAYER``/``PLAYER_NAME``; Mitchell labels ``NS 3`` become pair
number 3 with ``DIRECTION`` NS) and one ``BOARD`` per board
(``BOARD_NUMBER`` and a ``TRAVELLER_LINE`` per result: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``,
``CONTRACT``, ``PLAYED_BY``, ``TRICKS``, ``SCORE``, and ``NS_MATCH_POINTS``/``EW_MATCH_POINTS``
or ``NS_IMPS``/``EW_IMPS``). The file is ISO-8859-1 with the USEBIO DTD named in its DOCTYPE,
as published files are; characters outside Latin-1 become character references.

What the federation needs besides (:class:`UsebioOptions`): ``CLUB_ID_NUMBER`` after
``CLUB_NAME``; the event's charge code as ``P2P_CHARGE_RATE`` after ``SECTION_COUNT`` (USEBIO
1.2's element for the EBU's charge; usebio.org's USEBIO 1.3 page names it "the EBU's
P2P_CHARGE_RATE element", superseded in 1.3 by ``EBU_CHARGE_CODE``); in each ``PAIR`` the
``BOARDS_PLAYED`` after ``DIRECTION``, a ``HANDICAP`` after ``PLACE`` when the pair's players
have handicaps and the ranking a pair handicap, and in each ``PLAYER`` the
``NATIONAL_ID_NUMBER`` (the member number) after ``PLAYER_NAME``. A player without a member
number is named in an XML comment in that ``PLAYER`` and by :func:`missing_numbers` (the CLI
prints one line each on standard error), never left out silently. With hand records the file
ends in a ``HANDSET`` after ``EVENT``: a ``BOARD`` per board (``BOARD_NUMBER``, then a ``HAND``
per seat: ``DIRECTION`` East/North/South/West, ``CLUBS``, ``DIAMONDS``, ``HEARTS``,
``SPADES``). Element names and places are those of USEBIO 1.2 files club scorers publish
(Compscore3's files among abftech/cobalt's test files; scorer-to-usebio's converted files,
duaneg/scorer-to-usebio, for ``BOARDS_PLAYED`` and ``HANDICAP`` in ``PAIR``): the USEBIO DTD
itself (published on usebio.org) was not at hand, and those producers order a ``PAIR``'s
elements differently, so no order is claimed beyond theirs.

:func:`read_usebio` reads such a file back (through the gate's XML parser: no entities).
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass

from xlbridge.errors import DealError, WorkbookError
from xlbridge.interchange.deals import HandRecord
from xlbridge.interchange.gate import parse_xml
from xlbridge.limits import NAME_TEXT
from xlbridge.numerals import shown_text
from xlbridge.results.html import from_north
from xlbridge.results.problems import banner
from xlbridge.results.session import SessionResults, Standing
from xlbridge.results.tables import ranking_groups
from xlbridge.text import clean_text
from xlbridge.types import Seat, Vulnerability

__all__ = [
    "DOCTYPE",
    "UsebioEvent",
    "UsebioLine",
    "UsebioOptions",
    "UsebioPair",
    "missing_numbers",
    "pair_number",
    "read_usebio",
    "read_usebio_event",
    "write_usebio",
]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
_METHOD = {"mp": "MATCH_POINTS", "butler": "BUTLER_IMPS", "ximp": "CROSS_IMPS"}


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


@dataclass(frozen=True, slots=True)
class UsebioPair:
    """A ``PAIR`` read back: ``numbers`` each ``PLAYER``'s ``NATIONAL_ID_NUMBER`` ("" where
    the file has none), ``played`` its ``BOARDS_PLAYED``."""

    number: str
    direction: str
    total: float | None
    percentage: float | None
    place: str
    names: tuple[str, ...]
    numbers: tuple[str, ...] = ()
    played: int | None = None
    handicap: float | None = None


@dataclass(frozen=True, slots=True)
class UsebioLine:
    """A ``TRAVELLER_LINE`` read back."""

    board: int
    ns: str
    ew: str
    contract: str
    declarer: str
    tricks: int | None
    score: float | None
    ns_points: float | None
    ew_points: float | None


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    """The rest of a USEBIO file read back: the event type, the club, the charge code, the
    event's board count, an individual event's players (``number`` the ``PLAYER_NUMBER``, one
    name and member number each) and the ``HANDSET`` as PBN deals from North by board."""

    event_type: str
    club: str
    club_id: str
    charge_code: str
    boards_played: int | None
    players: tuple[UsebioPair, ...]
    deals: Mapping[int, str]


# Numbers as this format shows them (:func:`xlbridge.numerals.shown_text`).
_num = functools.partial(shown_text, fixed=True)
# HANDSET: the seats as USEBIO files name them, in the order club scorers write them.
_HAND_ORDER = ((Seat.E, "East"), (Seat.N, "North"), (Seat.S, "South"), (Seat.W, "West"))
_SUITS = ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")
_NO_TRAVELLERS = (
    "individual event: no traveller lines (how USEBIO numbers the four players of an"
    " individual's traveller line was not found); the ranking and the hand records are complete"
)


def pair_number(label: str) -> str:
    """A pair label as USEBIO numbers pairs: ``NS 3`` → ``3`` (the direction is given apart).

    >>> pair_number("NS 3"), pair_number("12")
    ('3', '12')
    """
    m = re.fullmatch(r"(?:NS|EW) ([0-9]+)", label)
    return m.group(1) if m else label


def _date(text: str) -> str:
    m = re.fullmatch(r"(\d{4})[-.](\d{2})[-.](\d{2})", text.strip())
    return f"{m.group(3)}/{m.group(2)}/{m.group(1)}" if m else text


def _comment(text: str) -> str:
    """Text safe in an XML comment (no ``--``, not ending in ``-``), padded with spaces.

    >>> _comment("NS Score --5")
    ' NS Score - -5 '
    """
    while "--" in text:
        text = text.replace("--", "- -")
    return f" {text} "


def _players(s: Standing, individual: bool) -> list[tuple[str, str]]:
    """The contestant's players as (name, member number), "" where the Names sheet has none:
    a pair's two, an individual's one."""
    numbers = s.pair.numbers
    names = (s.pair.name1,) if individual else (s.pair.name1, s.pair.name2)
    return [
        (name, clean_text(numbers[i] if i < len(numbers) else "", "member number",
                          max_chars=NAME_TEXT).strip())
        for i, name in enumerate(names)
    ]  # fmt: skip


def _no_number(s: Standing, i: int, name: str, individual: bool) -> str:
    shown = name or "no name"
    if individual:
        who = f"player {s.label} ({shown})"
    else:
        who = f"pair {s.label}: player {i + 1} ({shown})"
    return f"{who} has no member number; NATIONAL_ID_NUMBER left out"


def missing_numbers(res: SessionResults) -> tuple[str, ...]:
    """One line a player whose member number (``NATIONAL_ID_NUMBER``) the file cannot carry
    because the workbook's Names sheet has none, in ranking order.

    >>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
    >>> from xlbridge.families.duplicate.score import score_session
    >>> row = ResultRow(board=1, row=6, round=1, table=1, ns="1", ew="2", contract="4S",
    ...                 declarer="N", tricks=10)
    >>> res = score_session(SessionInput(event="Club", date="", kind="howell", scoring="mp",
    ...     scale="acbl", pairs=(PairInfo(1, "1", "Ann", "Bo", numbers=("123", "")),
    ...     PairInfo(2, "2", "Cy", "Di", numbers=("124", "125"))), rows=(row,), expected={1: 1}))
    >>> missing_numbers(res)
    ('pair 1: player 2 (Bo) has no member number; NATIONAL_ID_NUMBER left out',)
    """
    individual = res.input.family == "individual"
    lines = tuple(
        _no_number(s, i, name, individual)
        for _, group in ranking_groups(res)
        for s in group
        for i, (name, number) in enumerate(_players(s, individual))
        if not number
    )
    return lines


def _pair_handicap(s: Standing) -> float | None:
    """The pair's handicap when the ranking is handicapped (:mod:`xlbridge.scoring.handicap`)
    and its players have handicaps; None otherwise."""
    if not any(h is not None for h in s.pair.handicaps):
        return None
    return s.handicap


def _handset(root: ET.Element, res: SessionResults, deals: Mapping[int, str]) -> None:
    """``HANDSET`` with each board of the session whose deal is a complete deal."""
    boards: list[tuple[int, HandRecord]] = []
    for b in res.boards:
        north = from_north(deals.get(b.board, ""))
        if north is None:
            continue
        try:
            vul = Vulnerability.from_board(b.board)
            boards.append((b.board, HandRecord(b.board, Seat.dealer_of(b.board), vul, north)))
        except DealError:
            continue  # not a complete deal: no hand record for that board
    if not boards:
        return
    hs = ET.SubElement(root, "HANDSET")
    for n, record in boards:
        be = ET.SubElement(hs, "BOARD")
        ET.SubElement(be, "BOARD_NUMBER").text = str(n)
        hands = record.hands()
        for seat, name in _HAND_ORDER:
            spades, hearts, diamonds, clubs = hands[seat]
            he = ET.SubElement(be, "HAND")
            ET.SubElement(he, "DIRECTION").text = name
            for tag, cards in zip(_SUITS, (clubs, diamonds, hearts, spades), strict=True):
                ET.SubElement(he, tag).text = cards


def write_usebio(
    res: SessionResults,
    club: str = "",
    *,
    options: UsebioOptions | None = None,
    deals: Mapping[int, str] | None = None,
) -> bytes:
    """The session as USEBIO 1.2 XML bytes (pairs and individual events); ``options`` the
    club's id and the charge code (``club`` its name, as ``options.club``), ``deals`` the hand
    records by board (PBN deal strings) for the ``HANDSET``. While the Checks sheet lists open
    problems the file opens with a ``PROVISIONAL`` comment and each traveller line with a
    problem holds a ``provisional:`` comment (USEBIO 1.2 has no element for either).

    An individual event (``EVENT_TYPE="INDIVIDUAL"``) lists one ``PLAYER`` a player in
    ``PARTICIPANTS`` (``PLAYER_NUMBER``, ``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``,
    ``BOARDS_PLAYED``, ``TOTAL_SCORE``, ``PERCENTAGE``, ``PLACE``: the elements USEBIO
    importers read for individual participants) and no traveller lines: how USEBIO names the
    four players of an individual's traveller line was not found, so the file says so in a
    comment rather than guess."""
    family = res.input.family
    if family not in ("pairs", "individual"):
        raise WorkbookError(
            f"USEBIO output is written for pairs and individual events; this is a {family} event"
        )
    if res.input.sections:
        raise WorkbookError(
            "USEBIO output of several sections scored across the field is not written yet "
            "(USEBIO places pairs section by section): use --format csv, json or html"
        )
    individual = family == "individual"
    opts = options or UsebioOptions()
    club = clean_text(club or opts.club, "club", max_chars=NAME_TEXT)  # XML 1.0: no controls
    club_id = clean_text(opts.club_id, "club id", max_chars=NAME_TEXT).strip()
    charge = clean_text(opts.charge_code, "charge code", max_chars=NAME_TEXT).strip()
    root = ET.Element("USEBIO", Version="1.2")
    if res.open_problems:  # USEBIO 1.2 has no element for it: a comment, valid under the DTD
        root.append(ET.Comment(_comment(banner(res.open_problems))))
    c = ET.SubElement(root, "CLUB")
    ET.SubElement(c, "CLUB_NAME").text = club
    if club_id:
        ET.SubElement(c, "CLUB_ID_NUMBER").text = club_id
    ev = ET.SubElement(root, "EVENT", EVENT_TYPE="INDIVIDUAL" if individual else "PAIRS")
    imp = res.input.scoring != "mp"
    for tag, text in (
        ("BOARD_SCORING_METHOD", _METHOD[res.input.scoring]),
        ("EVENT_DESCRIPTION", res.event),
        ("DATE", _date(res.input.date)),
        ("SESSION_COUNT", "1"),
        ("SECTION_COUNT", "1"),
        ("P2P_CHARGE_RATE", charge),
        ("PAIRS", "" if individual else str(len(res.standings))),
        ("BOARDS_PLAYED", str(len(res.boards))),
        ("WINNER_TYPE", "2" if res.two_winner else "1"),
    ):
        if text or tag not in ("P2P_CHARGE_RATE", "PAIRS"):
            ET.SubElement(ev, tag).text = text
    section = ET.SubElement(ET.SubElement(ev, "SESSION", SESSION_ID="1"), "SECTION",
                            SECTION_ID="A")  # fmt: skip
    parts = ET.SubElement(section, "PARTICIPANTS")
    for _, group in ranking_groups(res):
        for s in group:
            (_individual if individual else _pair)(parts, s)
    if individual:
        section.append(ET.Comment(_comment(_NO_TRAVELLERS)))
    for b in () if individual else res.boards:
        be = ET.SubElement(section, "BOARD")
        ET.SubElement(be, "BOARD_NUMBER").text = str(b.board)
        for r in b.rows:
            if r.score_ns is None and not r.result.adjusted:
                continue  # not played
            line = ET.SubElement(be, "TRAVELLER_LINE")
            x = r.result
            if mark := res.row_problem(b.board, x.row):
                line.append(ET.Comment(_comment(f"provisional: {mark}")))
            for tag, text in (
                ("NS_PAIR_NUMBER", pair_number(x.ns)),
                ("EW_PAIR_NUMBER", pair_number(x.ew)),
                ("CONTRACT", x.contract if not x.adjusted else ""),
                ("PLAYED_BY", x.declarer),
                ("TRICKS", "" if x.tricks is None else str(x.tricks)),
                ("SCORE", _num(r.score_ns) if not x.adjusted else ""),
                ("NS_IMPS" if imp else "NS_MATCH_POINTS", _num(r.mp_ns)),
                ("EW_IMPS" if imp else "EW_MATCH_POINTS", _num(r.mp_ew)),
            ):
                ET.SubElement(line, tag).text = text
    if deals:
        _handset(root, res, deals)
    ET.indent(root)
    body: bytes = ET.tostring(root, encoding="iso-8859-1", xml_declaration=False)
    return (
        b'<?xml version="1.0" encoding="iso-8859-1"?>\n' + DOCTYPE.encode() + b"\n" + body + b"\n"
    )


def _pair(parts: ET.Element, s: Standing) -> None:
    p = ET.SubElement(parts, "PAIR")
    ET.SubElement(p, "PAIR_NUMBER").text = pair_number(s.label)
    if s.dir:
        ET.SubElement(p, "DIRECTION").text = s.dir
    ET.SubElement(p, "BOARDS_PLAYED").text = str(s.played)
    ET.SubElement(p, "TOTAL_SCORE").text = _num(s.total)
    if s.pct is not None:
        ET.SubElement(p, "PERCENTAGE").text = _num(s.pct)
    ET.SubElement(p, "PLACE").text = s.rank
    if (handicap := _pair_handicap(s)) is not None:
        ET.SubElement(p, "HANDICAP").text = _num(handicap)
    for i, (name, number) in enumerate(_players(s, False)):
        pe = ET.SubElement(p, "PLAYER")
        ET.SubElement(pe, "PLAYER_NAME").text = name
        if number:
            ET.SubElement(pe, "NATIONAL_ID_NUMBER").text = number
        else:
            pe.append(ET.Comment(_comment(_no_number(s, i, name, False))))


def _individual(parts: ET.Element, s: Standing) -> None:
    ((name, number),) = _players(s, True)
    p = ET.SubElement(parts, "PLAYER")
    ET.SubElement(p, "PLAYER_NUMBER").text = s.label
    ET.SubElement(p, "PLAYER_NAME").text = name
    if number:
        ET.SubElement(p, "NATIONAL_ID_NUMBER").text = number
    else:
        p.append(ET.Comment(_comment(_no_number(s, 0, name, True))))
    ET.SubElement(p, "BOARDS_PLAYED").text = str(s.played)
    ET.SubElement(p, "TOTAL_SCORE").text = _num(s.total)
    if s.pct is not None:
        ET.SubElement(p, "PERCENTAGE").text = _num(s.pct)
    ET.SubElement(p, "PLACE").text = s.rank


def _f(text: str | None) -> float | None:
    return float(text) if text else None


def _i(text: str | None) -> int | None:
    return int(text) if text else None


def read_usebio(data: bytes) -> tuple[list[UsebioPair], list[UsebioLine]]:
    """The pairs and traveller lines of a USEBIO file (entities refused)."""
    root = parse_xml(data, "USEBIO file", allow_doctype=True)
    pairs = [
        UsebioPair(
            p.findtext("PAIR_NUMBER", ""), p.findtext("DIRECTION", ""),
            _f(p.findtext("TOTAL_SCORE")), _f(p.findtext("PERCENTAGE")),
            p.findtext("PLACE", ""),
            tuple(x.findtext("PLAYER_NAME", "") for x in p.findall("PLAYER")),
            tuple(x.findtext("NATIONAL_ID_NUMBER", "") for x in p.findall("PLAYER")),
            _i(p.findtext("BOARDS_PLAYED")), _f(p.findtext("HANDICAP")),
        )
        for p in root.iter("PAIR")
    ]  # fmt: skip
    lines = []
    for b in root.iter("BOARD"):
        if b.find("TRAVELLER_LINE") is None:
            continue  # a HANDSET board
        n = int(b.findtext("BOARD_NUMBER", "0"))
        for t in b.findall("TRAVELLER_LINE"):
            tricks = t.findtext("TRICKS", "")
            lines.append(
                UsebioLine(
                    n, t.findtext("NS_PAIR_NUMBER", ""), t.findtext("EW_PAIR_NUMBER", ""),
                    t.findtext("CONTRACT", ""), t.findtext("PLAYED_BY", ""),
                    int(tricks) if tricks else None, _f(t.findtext("SCORE")),
                    _f(t.findtext("NS_MATCH_POINTS") or t.findtext("NS_IMPS")),
                    _f(t.findtext("EW_MATCH_POINTS") or t.findtext("EW_IMPS")),
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
            ".".join(seats[name].findtext(suit, "") if name in seats else ""
                     for suit in reversed(_SUITS))
            for name in ("North", "East", "South", "West")
        ]  # fmt: skip
        deals[int(b.findtext("BOARD_NUMBER", "0"))] = "N:" + " ".join(hands)
    players = tuple(
        UsebioPair(
            p.findtext("PLAYER_NUMBER", ""), "", _f(p.findtext("TOTAL_SCORE")),
            _f(p.findtext("PERCENTAGE")), p.findtext("PLACE", ""),
            (p.findtext("PLAYER_NAME", ""),), (p.findtext("NATIONAL_ID_NUMBER", ""),),
            _i(p.findtext("BOARDS_PLAYED")),
        )
        for parts in root.iter("PARTICIPANTS") for p in parts.findall("PLAYER")
    )  # fmt: skip
    event = root.find("EVENT")
    return UsebioEvent(
        "" if event is None else event.get("EVENT_TYPE", ""),
        root.findtext("CLUB/CLUB_NAME", ""), root.findtext("CLUB/CLUB_ID_NUMBER", ""),
        root.findtext("EVENT/P2P_CHARGE_RATE", ""), _i(root.findtext("EVENT/BOARDS_PLAYED")),
        players, deals,
    )  # fmt: skip
