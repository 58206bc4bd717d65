"""Results from an electronic scorer, read into :class:`ImportRow` (one per played board):
CSV (through the gate), PBN with results (the one PBN tokenizer, game by game) and Bridgemate
``.bws`` files (Access databases, read with Debian's ``mdbtools``).

A row keeps the line it came from so that every row that does not fit is reported by line and
board. Nothing here knows the workbook; :mod:`xlbridge.families.pairs.importer` places the rows.

``ns`` and ``ew`` are the pair numbers (team numbers at a team match, Bridgemate's PairNS and
PairEW); an individual's row names its four players in ``players`` (North, South, East, West):
CSV columns ``north,south,east,west``, a PBN game's North, South, East and West tags, or a
Bridgemate individual's ReceivedData, which has South and West columns beside PairNS (the North
player) and PairEW (the East player).

>>> rows, bad = read_csv_results("board,ns,ew,contract,declarer,result\\n1,1,2,4S,N,=\\n", "x.csv")
>>> rows[0].board, rows[0].ns, rows[0].contract, rows[0].result, bad
(1, '1', '4S', '=', [])
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from xlbridge.errors import InputFileError, XlbridgeError
from xlbridge.interchange.csvio import read_rows, result_rows
from xlbridge.interchange.gate import MAX_TEXT_BYTES, read_bytes, read_text
from xlbridge.interchange.pbn import Tag, parse_games, split_row
from xlbridge.numerals import whole_or_none
from xlbridge.types import Contract

__all__ = [
    "BWS_TABLE",
    "MAX_BWS_BYTES",
    "ImportRow",
    "SeatedPlayer",
    "read_bws_players",
    "read_bws_results",
    "read_csv_results",
    "read_pbn_results",
    "read_results",
]

MAX_BWS_BYTES = 50 * 1024 * 1024  # a season of Bridgemate data is a few MB
MDB_TIMEOUT = 30  # seconds for one mdbtools run
BWS_TABLE = "ReceivedData"
_ACCESS_MAGIC = (b"\x00\x01\x00\x00Standard Jet DB", b"\x00\x01\x00\x00Standard ACE DB")


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One result as the scorer exported it (text, checked when placed)."""

    where: str  # "scores.csv line 4"
    board: int | None
    ns: str = ""
    ew: str = ""
    round: int | None = None
    table: int | None = None
    contract: str = ""
    declarer: str = ""
    result: str = ""
    score: str = ""
    adjusted: str = ""
    players: tuple[str, ...] = ()  # individuals: North, South, East, West (numbers or names)
    section: str = ""  # the section's letter (CSV section column, PBN Section, Bridgemate's)


# Board, round and table numbers in a scorer's file: up to 4 ASCII digits.
_int = functools.partial(whole_or_none, digits=4, numbers=False)

_SEATS = ("north", "south", "east", "west")


def _import_needs(cols: set[str]) -> str | None:
    if "board" not in cols or not ({"contract", "score", "adjusted"} & cols):
        return "needs board and contract (or score or adjusted) columns"
    return None


def read_csv_results(text: str, name: str) -> tuple[list[ImportRow], list[str]]:
    """Rows of a results CSV, read by the one results-CSV reader
    (:func:`xlbridge.interchange.csvio.result_rows`, which ``xlbridge traveller`` uses too):
    header ``board,ns,ew,contract,declarer,result`` (or the traveller forms ``...,score`` and
    an ``adjusted`` column; ``round`` and ``table`` may place a row). The ``results --format
    csv --table results`` columns (``tricks``, ``score_ns``) read too. An individual's rows
    name the players: ``board,north,south,east,west,contract,...``. A ``section`` column
    gives each row's section letter (a sectioned workbook, ``new --sections``)."""
    rows: list[ImportRow] = []
    bad: list[str] = []
    example = "board,ns,ew,contract,declarer,result"
    for line, cell in result_rows(text, name, needs=_import_needs, example=example):
        get = cell.get
        board = _int(get("board", ""))
        where = f"{name} line {line}"
        if board is None or board < 1:
            bad.append(f"{where}: board {get('board', '')[:10]!r} is not a board number")
            continue
        players = tuple(get(k, "") for k in _SEATS) if set(_SEATS) & set(cell) else ()
        rows.append(ImportRow(
            where, board, get("ns", ""), get("ew", ""), _int(get("round", "")),
            _int(get("table", "")), get("contract", ""), get("declarer", ""), get("result", ""),
            get("score", ""), get("adjusted", ""), players, get("section", "").strip().upper(),
        ))  # fmt: skip
    return rows, bad


def read_pbn_results(
    text: str, name: str, *, all_sections: bool = False
) -> tuple[list[ImportRow], list[str]]:
    """Rows of a PBN file with results, game by game from the one PBN tokenizer
    (:func:`xlbridge.interchange.pbn.parse_games`; no endplay): each game's ``ScoreTable``
    rows (PairId_NS, PairId_EW, Contract, Declarer, Result, optional Table, Round, Score_NS),
    or, without one, the game's own Contract, Declarer and Result tags placed by its Table and
    Round tags (and, for an individual, by its North, South, East and West tags: the players).
    A game without a Board tag (an event header) is skipped. A row's section is its
    ScoreTable's Section column, else the game's Section tag; rows of any section but the
    first are refused (a workbook of one section) unless ``all_sections``."""
    rows: list[ImportRow] = []
    bad: list[str] = []
    for game in parse_games(text, name=name):
        board_tag = game.tag("Board")
        if board_tag is None:
            continue  # a header game without a board
        where = f"{name} line {game.line}"
        board = _int(board_tag.value)
        if board is None or board < 1:
            bad.append(f"{where}: board {board_tag.value[:10]!r} is not a board number")
            continue
        table = game.tag("ScoreTable")
        in_section = game.value("Section").strip().upper()
        if table is not None and table.section:
            rows += [r if r.section else replace(r, section=in_section)
                     for r in _score_table_rows(table, board, name, bad)]  # fmt: skip
            continue
        contract_text = game.value("Contract").strip()
        if not contract_text or contract_text == "?":
            bad.append(f"{where}: board {board}: no Contract tag and no ScoreTable")
            continue
        try:
            c = Contract.parse(contract_text)
        except XlbridgeError as exc:
            bad.append(f"{where}: board {board}: {exc}")
            continue
        declarer, result = "", ""
        if not c.is_pass:
            result = game.value("Result").strip()
            if not (result.isascii() and result.isdigit() and int(result) <= 13):
                bad.append(f"{where}: board {board}: {c} has no Result (tricks taken)")
                continue
            declarer, result = game.value("Declarer").strip(), str(int(result))
        seated = tuple(game.value(t).strip() for t in ("North", "South", "East", "West"))
        north, south, east, west = seated
        rows.append(ImportRow(
            where, board, game.value("PairId_NS") or _one_name(north, south),
            game.value("PairId_EW") or _one_name(east, west),
            _int(game.value("Round")), _int(game.value("Table")),
            str(c), declarer, result, players=seated if any(seated) else (),
            section=in_section,
        ))  # fmt: skip
    sections = {r.section for r in rows}
    if not all_sections and len(sections) > 1:  # the first, as a Bridgemate file's: one section
        first = min(sections, key=lambda x: (len(x), x))
        bad += [f"{r.where}: board {r.board}: section {r.section}: the workbook is one section"
                for r in rows if r.section != first]  # fmt: skip
        rows = [r for r in rows if r.section == first]
    return _pair_numbers(rows), bad


def _one_name(a: str, b: str) -> str:
    """A pair a file names once, in both players' tags (``[North "Para-1"]``, ``[South
    "Para-1"]``, as programs that publish pair numbers only write it); "" for two players."""
    return a if a and a == b else ""


# "Para-1", "Pair 7", "Paar12": one word and a pair number (up to PAIR_NUMBER's 3 digits).
_NUMBERED = re.compile(r"([^\W\d_]+)[ -]?(\d{1,3})")


def _pair_numbers(rows: list[ImportRow]) -> list[ImportRow]:
    """Rows whose pairs the file names as one word and a number, the same word for every pair
    ("Para-1" ... "Para-26"), with the pair numbers in their place; other rows as they are."""
    names = {x for r in rows if not r.players or r.ns == r.players[0]
             for x in (r.ns, r.ew) if x}  # fmt: skip
    found = {n: _NUMBERED.fullmatch(n) for n in names}
    words = {m.group(1) for m in found.values() if m}
    if not names or not all(found.values()) or len(words) != 1:
        return rows
    number = {n: str(int(m.group(2))) for n, m in found.items() if m}
    if len(set(number.values())) != len(number):
        return rows
    return [replace(r, ns=number.get(r.ns, r.ns), ew=number.get(r.ew, r.ew)) for r in rows]


def _score_table_rows(table: Tag, board: int, name: str, bad: list[str]) -> list[ImportRow]:
    """A game's ``ScoreTable`` rows (PBN 2.1 §5.2: values may be quoted strings, "NS 1")."""
    rows: list[ImportRow] = []
    heads = table.columns()
    for line_no, text in table.section:
        try:
            values = split_row(text, where=f"{name} line {line_no}: board {board}")
        except InputFileError as exc:
            bad.append(str(exc))
            continue
        if len(values) != len(heads):
            bad.append(f"{name} line {line_no}: board {board}: {len(values)} values for"
                       f" {len(heads)} ScoreTable columns")  # fmt: skip
            continue
        v = {h: ("" if x == "-" else x) for h, x in zip(heads, values, strict=True)}
        score = v.get("Score_NS", "")
        if not score and v.get("Score_EW"):
            score = "-" + v["Score_EW"]
        contract = v.get("Contract", "")
        rows.append(ImportRow(
            f"{name} line {line_no}", board, v.get("PairId_NS", ""),
            v.get("PairId_EW", ""), _int(v.get("Round", "")), _int(v.get("Table", "")),
            contract, v.get("Declarer", ""), v.get("Result", ""),
            score if not contract else "", section=v.get("Section", "").strip().upper(),
        ))  # fmt: skip
    return rows


def _mdb(tool: str, *args: str) -> str:
    exe = shutil.which(tool)
    if exe is None:
        raise InputFileError(
            f"reading a Bridgemate .bws file needs mdbtools ({tool}); install it, e.g."
            " apt-get install mdbtools"
        )
    try:
        done = subprocess.run([exe, *args], capture_output=True, timeout=MDB_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        msg = f"{tool} took longer than {MDB_TIMEOUT} s; the file is refused"
        raise InputFileError(msg) from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise InputFileError(f"{tool} could not read the file: {(lines or ['?'])[0][:120]}")
    return done.stdout.decode("utf-8", "replace")


def _bws_contract(text: str) -> str:
    """Bridgemate writes ``4 S x``, ``3 NT``, ``PASS``: spaces dropped, the rest as written."""
    return re.sub(r"\s+", "", text)


def read_bws_results(
    path: str | os.PathLike[str], name: str, *, all_sections: bool = False
) -> tuple[list[ImportRow], list[str]]:
    """Rows of a Bridgemate ``.bws`` file's ``ReceivedData`` table (erased rows skipped; a row
    received again for the same table, round and board replaces the earlier one, in the order
    of the ID column when there is one; a row with no contract but a remark, such as TabScore's
    ``Not played``, is reported with the remark). The file is size-checked and copied through
    the gate, and mdbtools reads the copy.

    Rows of any section but the first (the lowest number, wherever its rows are stored) are
    refused, since a pairs workbook is one section, unless ``all_sections`` (a team match: its
    rooms may be sections of their own). An individual
    event's ReceivedData has ``South`` and ``West`` columns: PairNS is then the North player and
    PairEW the East player (as TabScore, an open Bridgemate replacement, writes them)."""
    data = read_bytes(path, max_bytes=MAX_BWS_BYTES, what="Bridgemate file")
    if not data.startswith(_ACCESS_MAGIC):
        raise InputFileError(f"Bridgemate file {name} is not an Access database (.bws)")
    with tempfile.TemporaryDirectory(prefix="xlbridge-bws-") as tmp:
        copy = Path(tmp) / "data.bws"
        copy.write_bytes(data)
        tables = _mdb("mdb-tables", "-1", str(copy)).split()
        if BWS_TABLE not in tables:
            raise InputFileError(f"Bridgemate file {name} has no {BWS_TABLE} table")
        text = _mdb("mdb-export", str(copy), BWS_TABLE)
        letters = _section_letters(copy, tables, name)
    bad: list[str] = []
    cols: dict[str, int] = {}
    received: list[tuple[int | None, tuple[str, str, str, int], str, ImportRow | str]] = []
    sections: set[str] = set()
    what = f"{name} ({BWS_TABLE})"
    for line, fields in read_rows(text, what=what):
        if not cols:
            cols = {f.strip().lower(): i for i, f in enumerate(fields)}
            for need in ("table", "round", "board", "pairns", "pairew", "contract", "result"):
                if need not in cols:
                    raise InputFileError(f"{what}: no {need} column")
            continue

        def get(key: str, fields: list[str] = fields, cols: dict[str, int] = cols) -> str:
            i = cols.get(key)
            return fields[i].strip() if i is not None and i < len(fields) else ""

        where = f"{name} {BWS_TABLE} line {line}"
        if get("erased").lower() in ("1", "-1", "true", "yes"):
            continue
        board = _int(get("board"))
        if board is None or board < 1:
            bad.append(f"{where}: board {get('board')[:10]!r} is not a board number")
            continue
        section = get("section")
        sections.add(section)
        key = (section, get("table"), get("round"), board)
        row = ImportRow(
            where, board, get("pairns"), get("pairew"), _int(get("round")), _int(get("table")),
            _bws_contract(get("contract")), get("ns/ew"), get("result"),
            section=letters.get(section, section),
        )  # fmt: skip
        if "south" in cols and "west" in cols:  # an individual: the four players, no pairs
            seated = (get("pairns"), get("south"), get("pairew"), get("west"))
            row = replace(row, ns="", ew="", players=seated)
        remarks = get("remarks")
        if row.contract or not remarks:
            received.append((_bws_id(get("id")), key, where, row))
        else:  # TabScore writes a board not played as no contract, Remarks "Not played"
            said = "not played" if remarks.lower() == "not played" else "no contract"
            received.append((_bws_id(get("id")), key, where, f"{where}: board {board}: {said}"
                             f" (Remarks: {remarks[:50]})"))  # fmt: skip
    if not all_sections and len(sections) > 1:  # the first section, wherever its rows are
        first = min(sections, key=lambda x: (len(x), x))
        bad += [f"{w}: board {k[3]}: section {k[0]}: the workbook is one section"
                for _i, k, w, _r in received if k[0] != first]  # fmt: skip
        received = [r for r in received if r[1][0] == first]
    if received and all(i is not None for i, _k, _w, _r in received):
        received.sort(key=lambda x: x[0] or 0)  # the order received (stable for equal IDs)
    latest: dict[tuple[str, str, str, int], ImportRow | str] = {}
    for _i, key, _w, got in received:
        latest[key] = got  # received again: the later entry stands
    rows = [r for r in latest.values() if isinstance(r, ImportRow)]
    bad += [r for r in latest.values() if isinstance(r, str)]
    return rows, bad


@dataclass(frozen=True, slots=True)
class SeatedPlayer:
    """A Bridgemate ``PlayerNumbers`` row: the federation number (and the name BCS found for
    it) a player typed at a table and round, sitting in ``direction`` (N, E, S or W)."""

    where: str  # "club.bws PlayerNumbers line 3"
    section: str
    table: int
    round: int
    direction: str
    number: str
    name: str


def read_bws_players(
    path: str | os.PathLike[str], name: str, *, all_sections: bool = False
) -> tuple[list[SeatedPlayer], list[str]]:
    """The numbers the players typed at the tables (a Bridgemate file's ``PlayerNumbers``; none
    when the file has no such table), of the first section only (as
    :func:`read_bws_results`), and the lines refused. Read as :func:`read_bws_results` reads;
    a seat (round, table, direction) given again: the later row stands (the number the
    scoring program wrote, then the one the player typed). With ``all_sections`` every
    section's players are kept, each with its section's letter (the Section table's)."""
    data = read_bytes(path, max_bytes=MAX_BWS_BYTES, what="Bridgemate file")
    if not data.startswith(_ACCESS_MAGIC):
        raise InputFileError(f"Bridgemate file {name} is not an Access database (.bws)")
    with tempfile.TemporaryDirectory(prefix="xlbridge-bws-") as tmp:
        copy = Path(tmp) / "data.bws"
        copy.write_bytes(data)
        tables = _mdb("mdb-tables", "-1", str(copy)).split()
        if "PlayerNumbers" not in tables:
            return [], []
        text = _mdb("mdb-export", str(copy), "PlayerNumbers")
        letters = _section_letters(copy, tables, name) if all_sections else {}
    out: list[SeatedPlayer] = []
    bad: list[str] = []
    cols: dict[str, int] = {}
    for line, fields in read_rows(text, what=f"{name} (PlayerNumbers)"):
        if not cols:
            cols = {f.strip().lower(): i for i, f in enumerate(fields)}
            continue

        def get(key: str, fields: list[str] = fields, cols: dict[str, int] = cols) -> str:
            i = cols.get(key)
            return fields[i].strip() if i is not None and i < len(fields) else ""

        where = f"{name} PlayerNumbers line {line}"
        number = get("number")
        if not number or number == "0":
            continue  # a seat whose player typed no number
        table, rnd = _int(get("table")), _int(get("round"))
        direction = get("direction").upper()
        if table is None or direction not in ("N", "E", "S", "W"):
            bad.append(f"{where}: table {get('table')[:10]!r} {direction[:5]!r} is not a seat")
            continue
        out.append(SeatedPlayer(where, get("section"), table, rnd or 1, direction,
                                number[:40], get("name")[:100]))  # fmt: skip
    if all_sections:
        out = [replace(p, section=letters.get(p.section, p.section)) for p in out]
        latest_of = {(p.section, p.round, p.table, p.direction): p for p in out}
        return list(latest_of.values()), bad
    sections = {p.section for p in out}
    if len(sections) > 1:
        first = min(sections, key=lambda x: (len(x), x))
        bad += [f"{p.where}: section {p.section}: the workbook is one section"
                for p in out if p.section != first]  # fmt: skip
        out = [p for p in out if p.section == first]
    latest = {(p.round, p.table, p.direction): p for p in out}  # typed again: the later stands
    return list(latest.values()), bad


def _section_letters(copy: Path, tables: list[str], name: str) -> dict[str, str]:
    """The Section table's ID -> Letter (ReceivedData and PlayerNumbers name a section by its
    ID); {} when the file has no Section table."""
    if "Section" not in tables:
        return {}
    out: dict[str, str] = {}
    cols: dict[str, int] = {}
    for _line, fields in read_rows(_mdb("mdb-export", str(copy), "Section"),
                                   what=f"{name} (Section)"):  # fmt: skip
        if not cols:
            cols = {f.strip().lower(): i for i, f in enumerate(fields)}
            if "id" not in cols or "letter" not in cols:
                return {}
            continue
        at = max(cols["id"], cols["letter"])
        if at < len(fields) and fields[cols["letter"]].strip():
            out[fields[cols["id"]].strip()] = fields[cols["letter"]].strip().upper()[:1]
    return out


def _bws_id(text: str) -> int | None:
    """ReceivedData's ID (an AutoNumber: the order rows were received, which the order
    mdb-export prints them in need not be once Access has reused a deleted row's space)."""
    return whole_or_none(text, digits=10, numbers=False)


def read_results(
    path: str | os.PathLike[str], *, all_sections: bool = False
) -> tuple[list[ImportRow], list[str]]:
    """The rows of a results file by its suffix (.csv, .pbn, .bws) and the lines refused
    (``all_sections``: every section's rows, for a team match or a sectioned workbook; see
    :func:`read_bws_results`)."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".csv":
        return read_csv_results(read_text(p, max_bytes=MAX_TEXT_BYTES, what="CSV"), p.name)
    if suffix == ".pbn":
        text = read_text(p, max_bytes=MAX_TEXT_BYTES, what="PBN")
        return read_pbn_results(text, p.name, all_sections=all_sections)
    if suffix == ".bws":
        return read_bws_results(p, p.name, all_sections=all_sections)
    raise InputFileError(f"results file {p.name!r}: give a .csv, .pbn or .bws file")
