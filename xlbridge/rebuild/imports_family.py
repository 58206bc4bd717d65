"""``xlbridge import`` for individuals and teams: place an electronic scorer's rows on the
workbook's input cells (the pairs travellers are :mod:`xlbridge.rebuild.imports`).

*Individuals* (Rainbow, two- and three-table individuals, six couples): a row names the four
players (``ImportRow.players``: North, South, East, West; numbers, or names typed on the Names
sheet). It fills the traveller row of its board where those four players sit in those seats;
without players, the row's round and table place it (an xlbridge ``1-11`` / ``16-6`` pair of
players as ``ns`` and ``ew`` reads too, as ``xlbridge results`` writes it).

*Teams* (head-to-head, round robins, board-a-match, knockout, Swiss teams, Marvin's game): a
row names the team sitting North-South and the team sitting East-West at its table (Marvin's
six-pair game: the two pairs, as its table cards name them). It fills the match sheet row of
its board, in room 1 when the match's home team sits North-South and room 2 when the away team
does (the match sheets' own rule). An adjusted score goes to the board's Adjusted cell, turned
round to Home/Away.

Rows that do not fit are reported by line and board; nothing typed is replaced without
``force``.

>>> _number("Team 3", "Team"), _number(" 12 ", "Team"), _number("Aces", "Team")
(3, 12, None)
>>> _home_away("A+/A-", 2), _home_away("60/40", 1)
('A-/A+', '60/40')
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.interchange.gate import load_workbook
from xlbridge.movements.teams import MARVIN_TEAMS
from xlbridge.rebuild.imports import _Traveller, _write, cells_for
from xlbridge.rebuild.sources import ImportRow
from xlbridge.results import readers as R
from xlbridge.scoring.team_match import board_imps
from xlbridge.workbook import formulas_teams as T
from xlbridge.workbook.formulas_individual import IndividualCols

__all__ = ["Filled", "fill_individual", "fill_teams"]

_SEATS = ("N", "S", "E", "W")
_MATCH_SHEET = re.compile(r"Match ([0-9]{1,4})")
_FIRST_ROW = 6  # the first board row of a match sheet
_MAX_NAMES = 2000


@dataclass(frozen=True, slots=True)
class Filled:
    """What one family's import placed: rows filled, rows already there, rows refused."""

    filled: int
    same: int
    problems: tuple[str, ...]


def _number(text: str, word: str) -> int | None:
    """A number as a scorer gives it: ``3``, or ``Team 3`` (``word`` then the number)."""
    m = re.fullmatch(rf"\s*(?:{word}\s*)?([0-9]{{1,4}})\s*", text, re.ASCII | re.IGNORECASE)
    return int(m.group(1)) if m else None


def _names(wb: Any, columns: Sequence[int]) -> tuple[dict[str, set[int]], set[int]]:
    """Names typed on the Names sheet (lower case) → the numbers they belong to; and every
    number the sheet lists (players, teams, Marvin's pairs)."""
    out: dict[str, set[int]] = defaultdict(set)
    numbers: set[int] = set()
    if "Names" not in wb.sheetnames:
        return out, numbers
    ws = wb["Names"]
    for r in range(4, 4 + _MAX_NAMES):
        number = R._whole_or_none(ws.cell(row=r, column=1).value)
        if number is None:
            break
        numbers.add(number)
        for c in columns:
            cell = ws.cell(row=r, column=c)
            if cell.data_type != "f" and isinstance(cell.value, str) and cell.value.strip():
                out[" ".join(cell.value.split()).lower()].add(number)
    return out, numbers


def _resolve(text: str, word: str, names: dict[str, set[int]], known: set[int]) -> int | str:
    """The number of a player, pair or team given by number or by name; else why not."""
    n = _number(text, word)
    if n is None:
        found = names.get(" ".join(text.split()).lower(), set())
        if len(found) > 1:
            return f"the name {text[:30]!r} is on the Names sheet more than once"
        n = next(iter(found), None)
    if n is None or n not in known:
        return f"{word.lower()} {text[:30]!r} is not in this session"
    return n


def _fix(problems: list[str], where: str, exc: XlbridgeError) -> None:
    problems.append(f"{where}: {str(exc).splitlines()[0][:120]}")


# --------------------------------------------------------------------------------------------
# Individuals


@dataclass
class _Board:
    ws: Any
    cols: dict[str, int]
    rows: list[tuple[int, tuple[int | None, ...], int | None, int | None]]  # row, NSEW, rd, tb


def _individual_board(ws: Any) -> _Board:
    sheet = R.Sheet(ws)
    head, col = R._headers(sheet, "Contract")
    for seat in _SEATS:
        if seat not in col:
            raise WorkbookError(f"sheet {ws.title!r}: no {seat!r} column in row {head}")
    rows = []
    for r in range(head + 1, head + 1 + 1000):
        seated = tuple(R._whole_or_none(sheet.cell(r, col[s]).value) for s in _SEATS)
        if all(p is None for p in seated):
            break
        rnd = R._whole_or_none(sheet.cell(r, col["Round"]).value) if "Round" in col else None
        tab = R._whole_or_none(sheet.cell(r, col["Table"]).value) if "Table" in col else None
        rows.append((r, seated, rnd, tab))
    return _Board(ws, col, rows)


def _seated_text(players: Sequence[int | None]) -> str:
    return " ".join(f"{s} {p}" for s, p in zip(_SEATS, players, strict=True))


def _players_of(row: ImportRow) -> tuple[str, ...]:
    if len(row.players) == 4 and any(row.players):
        return row.players
    ns, ew = row.ns.split("-"), row.ew.split("-")
    if len(ns) == 2 and len(ew) == 2:  # xlbridge's own "1-11" (N-S) and "16-6" (E-W)
        return (ns[0], ns[1], ew[0], ew[1])
    return ()


def _place_individual(
    row: ImportRow, board: _Board, names: dict[str, set[int]], known: set[int]
) -> int | str:
    given = _players_of(row)
    if given:
        seated: list[int] = []
        for text, seat in zip(given, ("North", "South", "East", "West"), strict=True):
            got = _resolve(text, "Player", names, known)
            if isinstance(got, str):
                return f"{got} ({seat})"
            seated.append(got)
        for r, players, _rd, _tb in board.rows:
            if list(players) == seated:
                return r
        why = f"{_seated_text(seated)} do not play this board in those seats"
        for _r, players, _rd, _tb in board.rows:
            if sorted(p or 0 for p in players) == sorted(seated):
                return f"{why} (they sit {_seated_text(players)})"
        return why
    if row.round is not None and row.table is not None:
        for r, _players, rd, tb in board.rows:
            if rd == row.round and tb == row.table:
                return r
        return f"the board is not played at table {row.table} in round {row.round}"
    return "no players (or round and table) to place the result"


def fill_individual(
    wb: Any, book: R.Book, rows: Sequence[ImportRow], force: bool, path: Any = None
) -> Filled:
    """Place ``rows`` on an individuals workbook's travellers (``path`` is not needed)."""
    settings = R._session_values(book)
    entry = str(settings.get("Result entry") or "made-down")
    ic = IndividualCols.build(entry, "mp")
    boards: dict[int, _Board] = {}
    known: set[int] = set()
    for name in wb.sheetnames:
        m = R._BOARD_SHEET.fullmatch(name)
        if m:
            b = _individual_board(wb[name])
            boards[int(m.group(1))] = b
            known.update(p for _r, players, _rd, _tb in b.rows for p in players if p is not None)
    names, listed = _names(wb, (2,))
    known |= listed
    problems: list[str] = []
    filled = same = 0
    done: dict[tuple[int, int], str] = {}
    for row in rows:
        where = f"{row.where}: board {row.board}"
        board = boards.get(row.board or 0)
        if board is None:
            problems.append(f"{where}: the board is not played in this session")
            continue
        try:
            cells = cells_for(row, entry)
        except XlbridgeError as exc:
            _fix(problems, where, exc)
            continue
        target = _place_individual(row, board, names, known)
        if isinstance(target, str):
            problems.append(f"{where}: {target}")
            continue
        key = (row.board or 0, target)
        if key in done:
            problems.append(f"{where}: a second result for that play (first: {done[key]})")
            continue
        done[key] = row.where
        status = _write(_Traveller(board.ws, board.cols, []), target, cells, force, ic.base)
        if status == "same":
            same += 1
        elif status == "filled":
            filled += 1
        else:
            problems.append(f"{where}: {status.replace('the traveller', 'the Board sheet')}")
    return Filled(filled, same, tuple(problems))


# --------------------------------------------------------------------------------------------
# Teams


@dataclass(frozen=True, slots=True)
class _Match:
    title: str
    round: int
    home: int | None
    away: int | None
    boards: dict[int, int]  # board → sheet row


def _team_of(cell: Any, cached: Any, title: str, ref: str) -> int | None:
    if cell.data_type == "f":  # a later knockout round: the winner, once the workbook is saved
        value = cached()[title][ref].value
        return R._whole_or_none(value)
    return R._whole_or_none(cell.value)


def _matches(wb: Any, cached: Any) -> list[_Match]:
    out = []
    for name in wb.sheetnames:
        if not _MATCH_SHEET.fullmatch(name):
            continue
        ws = wb[name]
        n = R._whole_or_none(ws["H3"].value)
        if n is None or not 1 <= n <= 200:
            raise WorkbookError(f"sheet {name!r}: H3 does not hold the number of boards")
        boards: dict[int, int] = {}
        for r in range(_FIRST_ROW, _FIRST_ROW + n):
            b = R._whole_or_none(ws[f"A{r}"].value)
            if b is None:
                raise WorkbookError(f"sheet {name!r}: A{r} does not hold a board number")
            boards[b] = r
        home = _team_of(ws["B2"], cached, name, "B2")
        away = _team_of(ws["H2"], cached, name, "H2")
        out.append(_Match(name, R._whole_or_none(ws["I1"].value) or 1, home, away, boards))
    if not out:
        raise WorkbookError("the workbook has no 'Match N' sheets")
    return out


def _home_away(adjusted: str, room: int) -> str:
    """A table's adjusted score (NS/EW) as the match sheet takes it (Home/Away)."""
    if room == 2 and "/" in adjusted:
        ns, ew = adjusted.split("/", 1)
        return f"{ew}/{ns}"
    return adjusted


def _seats(match: _Match, marvin: dict[int, tuple[int, int]]) -> dict[tuple[int, int], int]:
    """(NS, EW) → room of one match: team numbers, or Marvin's pairs."""
    h, a = match.home, match.away
    if h is None or a is None:
        return {}
    if marvin:
        (hns, hew), (ans, aew) = marvin.get(h, (0, 0)), marvin.get(a, (0, 0))
        return {(hns, aew): 1, (ans, hew): 2}
    return {(h, a): 1, (a, h): 2}


def fill_teams(
    wb: Any, book: R.Book, rows: Sequence[ImportRow], force: bool, path: Any = None
) -> Filled:
    """Place ``rows`` on a teams workbook's match sheets (``path``: the workbook, read again
    for its stored values when a later knockout match's teams are formulas)."""
    settings = R._session_values(book)
    kind = str(settings.get("Kind") or "")
    bam = str(settings.get("Team scoring") or "").strip() == "bam"
    store: list[Any] = []

    def cached() -> Any:
        if not store:
            if path is None:
                raise WorkbookError("a knockout's later teams need the workbook's stored values")
            p = os.fspath(path)
            store.append(load_workbook(p, data_only=True, read_only=True, what="workbook"))
        return store[0]

    marvin: dict[int, tuple[int, int]] = {}
    if kind.startswith("marvin"):
        marvin = {t: (ns, ew) for rnd in MARVIN_TEAMS for t, ns, ew in rnd}
    word = "Pair" if marvin else "Team"
    matches = _matches(wb, cached)
    names, known = _names(wb, (2, 3) if marvin else (2,))
    known |= {t for m in matches for t in (m.home, m.away) if t is not None and not marvin}
    problems: list[str] = []
    filled = same = 0
    done: dict[tuple[str, int, int], str] = {}
    sides = ("NS", "EW")
    planned = R._whole_or_none(settings.get("Rounds planned")) or 0
    unpaired = (
        " (a Swiss round not paired yet? run xlbridge swiss next first)"
        if kind == "swiss-teams" and max((m.round for m in matches), default=0) < planned
        else ""
    )
    for row in rows:
        where = f"{row.where}: board {row.board}"
        b = row.board or 0
        with_board = [m for m in matches if b in m.boards]
        if not with_board:
            problems.append(f"{where}: the board is not played in this session{unpaired}")
            continue
        try:
            cells = cells_for(row, "made-down")
        except XlbridgeError as exc:
            _fix(problems, where, exc)
            continue
        if not (row.ns and row.ew):
            problems.append(f"{where}: no {word.lower()} numbers (ns and ew) to place the result")
            continue
        ids: list[int] = []
        for text, side in zip((row.ns, row.ew), sides, strict=True):
            got = _resolve(text, word, names, known)
            if isinstance(got, str):
                problems.append(f"{where}: {got} ({side})")
                break
            ids.append(got)
        if len(ids) != 2:
            continue
        ns, ew = ids
        fits = [(m, _seats(m, marvin)[(ns, ew)]) for m in with_board
                if (ns, ew) in _seats(m, marvin)]  # fmt: skip
        if len(fits) > 1 and row.round is not None:  # met more than once: the round says
            in_round = [(m, room) for m, room in fits if m.round == row.round]
            if not in_round:
                problems.append(
                    f"{where}: NS {ns} and EW {ew} play this board in "
                    + ", ".join(f"{m.title} (round {m.round})" for m, _ in fits)
                    + f", not in round {row.round}"
                )
                continue
            fits = in_round
        if not fits:
            unknown = [m.title for m in with_board if m.home is None or m.away is None]
            problems.append(
                f"{where}: NS {word.lower()} {ns} and EW {word.lower()} {ew} do not play this"
                " board against each other"
                + (f" (the teams of {', '.join(unknown[:3])} are not known yet: score the"
                   " earlier matches, then open and save the workbook)" if unknown else unpaired)
            )  # fmt: skip
            continue
        if len(fits) > 1:
            problems.append(
                f"{where}: NS {ns} and EW {ew} play this board in "
                f"{', '.join(m.title for m, _ in fits)}; give a round column"
            )
            continue
        match, room = fits[0]
        if "Adjusted" in cells:
            if bam:
                problems.append(f"{where}: a board-a-match sheet takes no adjusted score")
                continue
            text = _home_away(cells["Adjusted"], room)
            try:
                board_imps(None, None, text)
            except XlbridgeError as exc:
                _fix(problems, where, exc)
                continue
            cells = {"Adjusted": text}
        r = match.boards[b]
        key = (match.title, r, room)
        if key in done:
            problems.append(f"{where}: a second result for that room (first: {done[key]})")
            continue
        done[key] = row.where
        c = T.room_cols(room)
        letters = {"Contract": c.contract, "By": c.by, "Made": c.made, "Down": c.down,
                   "NS Score": c.ns_score}  # fmt: skip
        if not bam:
            letters["Adjusted"] = T.ADJ_COL
        cols = {k: _col(v) for k, v in letters.items() if v}
        status = _write(_Traveller(wb[match.title], cols, []), r, cells, force, c)
        if status == "same":
            same += 1
        elif status == "filled":
            filled += 1
        else:
            problems.append(f"{where}: {match.title} room {room}: {status}")
    return Filled(filled, same, tuple(problems))


def _col(letter: str) -> int:
    from openpyxl.utils.cell import column_index_from_string

    return column_index_from_string(letter)
