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

:func:`read_usebio` reads such a file back (through the gate's XML parser: no entities).
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from xlbridge.errors import WorkbookError
from xlbridge.interchange.gate import parse_xml
from xlbridge.limits import NAME_TEXT
from xlbridge.numerals import shown_text
from xlbridge.results.problems import banner
from xlbridge.results.session import SessionResults
from xlbridge.results.tables import ranking_groups
from xlbridge.workbook.text import clean_text

__all__ = ["DOCTYPE", "UsebioLine", "UsebioPair", "pair_number", "read_usebio", "write_usebio"]

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
_METHOD = {"mp": "MATCH_POINTS", "butler": "BUTLER_IMPS", "ximp": "CROSS_IMPS"}


@dataclass(frozen=True, slots=True)
class UsebioPair:
    """A ``PAIR`` read back."""

    number: str
    direction: str
    total: float | None
    percentage: float | None
    place: str
    names: tuple[str, ...]


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


# Numbers as this format shows them (:func:`xlbridge.numerals.shown_text`).
_num = functools.partial(shown_text, fixed=True)


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


def write_usebio(res: SessionResults, club: str = "") -> bytes:
    """The session as USEBIO 1.2 XML bytes (pairs events). While the Checks sheet lists open
    problems the file opens with a ``PROVISIONAL`` comment and each traveller line with a
    problem holds a ``provisional:`` comment (USEBIO 1.2 has no element for either)."""
    if res.input.family != "pairs":
        raise WorkbookError(
            f"USEBIO output is written for pairs events; this is an {res.input.family} event"
        )
    club = clean_text(club, "club", max_chars=NAME_TEXT)  # XML 1.0 holds no control character
    root = ET.Element("USEBIO", Version="1.2")
    if res.open_problems:  # USEBIO 1.2 has no element for it: a comment, valid under the DTD
        root.append(ET.Comment(_comment(banner(res.open_problems))))
    c = ET.SubElement(root, "CLUB")
    ET.SubElement(c, "CLUB_NAME").text = club
    ev = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    imp = res.input.scoring != "mp"
    for tag, text in (
        ("BOARD_SCORING_METHOD", _METHOD[res.input.scoring]),
        ("EVENT_DESCRIPTION", res.event),
        ("DATE", _date(res.input.date)),
        ("SESSION_COUNT", "1"),
        ("SECTION_COUNT", "1"),
        ("PAIRS", str(len(res.standings))),
        ("BOARDS_PLAYED", str(len(res.boards))),
        ("WINNER_TYPE", "2" if res.two_winner else "1"),
    ):
        ET.SubElement(ev, tag).text = text
    section = ET.SubElement(ET.SubElement(ev, "SESSION", SESSION_ID="1"), "SECTION",
                            SECTION_ID="A")  # fmt: skip
    parts = ET.SubElement(section, "PARTICIPANTS")
    for _, group in ranking_groups(res):
        for s in group:
            p = ET.SubElement(parts, "PAIR")
            ET.SubElement(p, "PAIR_NUMBER").text = pair_number(s.label)
            if s.dir:
                ET.SubElement(p, "DIRECTION").text = s.dir
            ET.SubElement(p, "TOTAL_SCORE").text = _num(s.total)
            if s.pct is not None:
                ET.SubElement(p, "PERCENTAGE").text = _num(s.pct)
            ET.SubElement(p, "PLACE").text = s.rank
            for name in (s.pair.name1, s.pair.name2):
                ET.SubElement(ET.SubElement(p, "PLAYER"), "PLAYER_NAME").text = name
    for b in res.boards:
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
    ET.indent(root)
    body: bytes = ET.tostring(root, encoding="iso-8859-1", xml_declaration=False)
    return (
        b'<?xml version="1.0" encoding="iso-8859-1"?>\n' + DOCTYPE.encode() + b"\n" + body + b"\n"
    )


def _f(text: str | None) -> float | None:
    return float(text) if text else None


def read_usebio(data: bytes) -> tuple[list[UsebioPair], list[UsebioLine]]:
    """The pairs and traveller lines of a USEBIO file (entities refused)."""
    root = parse_xml(data, "USEBIO file", allow_doctype=True)
    pairs = [
        UsebioPair(
            p.findtext("PAIR_NUMBER", ""), p.findtext("DIRECTION", ""),
            _f(p.findtext("TOTAL_SCORE")), _f(p.findtext("PERCENTAGE")),
            p.findtext("PLACE", ""),
            tuple(x.findtext("PLAYER_NAME", "") for x in p.findall("PLAYER")),
        )
        for p in root.iter("PAIR")
    ]  # fmt: skip
    lines = []
    for b in root.iter("BOARD"):
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
