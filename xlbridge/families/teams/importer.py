"""``xlbridge import`` for teams (head-to-head, round robins, board-a-match, knockout, Swiss
teams, Marvin's game): a row names the team sitting North-South and the team sitting East-West
at its table (Marvin's six-pair game: the two pairs, as its table cards name them). It fills
the match sheet row of its board, in room 1 when the match's home team sits North-South and
room 2 when the away team does (the match sheets' own rule). An adjusted score goes to the
board's Adjusted cell, turned round to Home/Away. Rows that do not fit are reported by line and
board; nothing typed is replaced without ``force`` (the engine is
:mod:`xlbridge.rebuild.importing`).

>>> _home_away("A+/A-", 2), _home_away("60/40", 1)
('A-/A+', '60/40')
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.teams import formulas as T
from xlbridge.interchange.gate import load_workbook
from xlbridge.movements.teams import MARVIN_TEAMS
from xlbridge.rebuild.importing import (
    Filled,
    ImportTarget,
    Plays,
    Traveller,
    cells_for,
    names_index,
    note_problem,
    resolve_name,
    write_row,
)
from xlbridge.scoring.team_match import board_imps
from xlbridge.workbook.cells import whole_or_none
from xlbridge.workbook.session import read_settings

__all__ = ["fill_teams"]


_MATCH_SHEET = re.compile(r"Match ([0-9]{1,4})")


_FIRST_ROW = 6  # the first board row of a match sheet


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
        return whole_or_none(value)
    return whole_or_none(cell.value)


def _matches(wb: Any, cached: Any) -> list[_Match]:
    out = []
    for name in wb.sheetnames:
        if not _MATCH_SHEET.fullmatch(name):
            continue
        ws = wb[name]
        n = whole_or_none(ws["H3"].value)
        if n is None or not 1 <= n <= 200:
            raise WorkbookError(f"sheet {name!r}: H3 does not hold the number of boards")
        boards: dict[int, int] = {}
        for r in range(_FIRST_ROW, _FIRST_ROW + n):
            b = whole_or_none(ws[f"A{r}"].value)
            if b is None:
                raise WorkbookError(f"sheet {name!r}: A{r} does not hold a board number")
            boards[b] = r
        home = _team_of(ws["B2"], cached, name, "B2")
        away = _team_of(ws["H2"], cached, name, "H2")
        out.append(_Match(name, whole_or_none(ws["I1"].value) or 1, home, away, boards))
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


def fill_teams(job: ImportTarget) -> Filled:
    """Place the scorer's rows on a teams workbook's match sheets (the workbook is read again
    for its stored values when a later knockout match's teams are formulas)."""
    wb, book, rows, force, path = (
        job.wb, job.book, job.rows, job.force, job.workbook
    )  # fmt: skip
    settings = read_settings(book)
    kind = settings.kind
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
    names, known = names_index(wb, (2, 3) if marvin else (2,))
    known |= {t for m in matches for t in (m.home, m.away) if t is not None and not marvin}
    problems: list[str] = []
    plays = Plays()
    sides = ("NS", "EW")
    planned = whole_or_none(settings.get("Rounds planned")) or 0
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
            note_problem(problems, where, exc)
            continue
        if not (row.ns and row.ew):
            problems.append(f"{where}: no {word.lower()} numbers (ns and ew) to place the result")
            continue
        ids: list[int] = []
        for text, side in zip((row.ns, row.ew), sides, strict=True):
            got = resolve_name(text, word, names, known)
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
                note_problem(problems, where, exc)
                continue
            cells = {"Adjusted": text}
        r = match.boards[b]
        c = T.room_cols(room)
        letters = {"Contract": c.contract, "By": c.by, "Made": c.made, "Down": c.down,
                   "NS Score": c.ns_score}  # fmt: skip
        if not bam:
            letters["Adjusted"] = T.ADJ_COL
        cols = {k: _col(v) for k, v in letters.items() if v}

        def write(m: Any = match, rm: int = room, r: int = r, c: Any = c,
                  cols: dict[str, int] = cols, cells: dict[str, Any] = cells) -> str:  # fmt: skip
            status = write_row(Traveller(wb[m.title], cols, []), r, cells, force, c)
            return status if status in ("same", "filled") else f"{m.title} room {rm}: {status}"

        plays.add((match.title, r, room), where, cells, write)
    filled, same = plays.write(problems)
    return Filled(filled, same, tuple(problems))


def _col(letter: str) -> int:
    from openpyxl.utils.cell import column_index_from_string

    return column_index_from_string(letter)
