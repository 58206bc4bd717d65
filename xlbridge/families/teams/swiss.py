"""The next round of Swiss teams (``swiss next``): check the entered workbook, take the
standings from the family's reader (:func:`~xlbridge.families.teams.reader.read_teams`, which
scores every match), pair the next round with the rules layer, and say how: the rebuild change
``next_round`` that the one rebuild engine makes the new workbook with (every entry carried).

Only the cells that place the matches are checked here (each match's round and teams, each
board's number, the Session settings), each refused in one line naming its sheet and cell. The
user's file is never written.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from xlbridge.errors import WorkbookError
from xlbridge.families.teams.build import FIRST_ROW
from xlbridge.families.teams.reader import read_teams
from xlbridge.limits import BOARD_NUMBER, MATCH_BOARDS, ROUNDS, TABLES
from xlbridge.movements.teams import swiss_teams_pairing
from xlbridge.rebuild.slots import NextRound, RebuildChange
from xlbridge.scoring.team_match import standings_order
from xlbridge.workbook.cells import Book
from xlbridge.workbook.session import SessionSettings, read_settings

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.families.teams.model import TeamMatch

__all__ = ["next_round"]


def _whole(value: Any, where: str, what: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` typed as a number, else one line naming the cell
    (``where``: "Sheet, cell B2"): text, a formula, a fraction, 1e308 or a blank are refused.

    >>> _whole(3.0, "Match 1, cell I1", "the round", 1, 4)
    3
    >>> _whole("=1+0", "Match 1, cell I1", "the round", 1, 4)
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Match 1, cell I1: the round is '=1+0'; it must be a whole ...
    """
    ok = (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and float(value).is_integer()
        and lo <= value <= hi
    )
    if not ok:
        shown = "blank" if value is None else repr(value)[:40]
        raise WorkbookError(f"{where}: {what} is {shown}; it must be a whole number {lo}-{hi}")
    return int(value)


def _setting(session: SessionSettings, label: str, lo: int, hi: int) -> int:
    if label not in session:
        raise WorkbookError(
            f"Session sheet: no {label!r} line; is this a Swiss teams workbook written by"
            " xlbridge new?"
        )
    return _whole(session[label], f"Session sheet, cell {session.cell(label)}", repr(label), lo, hi)


def _match_number(name: str) -> int | None:
    """The number of a match sheet ("Match 12"); None for any other sheet ("Match notes")."""
    m = re.fullmatch(r"Match ([1-9][0-9]{0,3})", name)
    return int(m.group(1)) if m else None


def _rounds(
    wb: Workbook, teams: int, boards: int, planned: int
) -> dict[int, list[tuple[int, int]]]:
    """The rounds paired so far (round -> its matches, home v away), each match sheet's round,
    teams and board numbers checked to be the ones ``new`` or ``swiss next`` wrote."""
    numbered = {n: k for n in wb.sheetnames if (k := _match_number(n)) is not None}
    per_round = teams // 2
    have = sorted(numbered.values())
    if not have or have != list(range(1, len(have) + 1)) or len(have) % per_round:
        gap = next((n for n in range(1, len(have) + 2) if n not in numbered.values()), 1)
        raise WorkbookError(
            f"the workbook has no 'Match {gap}' sheet: each round of {teams} teams needs"
            f" {per_round} Match sheets, numbered from 1"
        )
    rounds: dict[int, list[tuple[int, int]]] = {}
    for name in sorted(numbered, key=numbered.__getitem__):
        ws = wb[name]
        rnd = _whole(ws["I1"].value, f"{name}, cell I1", "the round", 1, planned)
        home = _whole(ws["B2"].value, f"{name}, cell B2", "the home team", 1, teams)
        away = _whole(ws["H2"].value, f"{name}, cell H2", "the away team", 1, teams)
        due = (numbered[name] - 1) // per_round + 1
        if rnd != due:
            raise WorkbookError(
                f"{name}, cell I1: the round is {rnd}, but {name} is in round {due}"
                f" ({per_round} matches a round)"
            )
        if home == away:
            raise WorkbookError(f"{name}, cells B2 and H2: team {home} cannot play itself")
        met = {t for pair in rounds.get(rnd, []) for t in pair} & {home, away}
        if met:
            raise WorkbookError(
                f"{name}, cells B2 and H2: team {min(met)} already plays in round {rnd}"
            )
        rounds.setdefault(rnd, []).append((home, away))
        for r in range(FIRST_ROW, FIRST_ROW + boards):
            _whole(ws[f"A{r}"].value, f"{name}, cell A{r}", "the board", *BOARD_NUMBER)
    return rounds


def _finished(match: TeamMatch) -> None:
    """Refuse, in one line naming the match and board, a board without its result."""
    name = f"Match {match.number}"
    for b in match.boards:
        where = f"{name}, board {b.board}"
        if b.adjusted:
            if b.home is None:
                raise WorkbookError(f"{where}: {b.problem}")
            continue
        rooms = ((1, b.room1), (2, b.room2))
        for k, room in rooms:
            if room.score is None and room.problem:
                raise WorkbookError(f"{where}, room {k}: {room.problem}")
        for k, room in rooms:
            if room.score is None:
                raise WorkbookError(
                    f"{where}: no result in room {k}; finish the round before pairing the next"
                )


def next_round(book: Workbook) -> NextRound:
    """The next round of the Swiss teams workbook ``book`` (opened with its formulas): the
    standings of the rounds entered, the pairing, and the rebuild change that writes it."""
    if "Session" not in book.sheetnames:
        raise WorkbookError("the workbook has no Session sheet; it was not written by xlbridge")
    session = read_settings(book)
    if session.get("Team scoring") == "bam":  # the pairing ranks by VPs from IMPs
        raise WorkbookError(
            "swiss next pairs Swiss teams scored by IMPs; this workbook is scored"
            " board-a-match, which it cannot rank yet"
        )
    teams = _setting(session, "Teams", max(2, TABLES[0]), TABLES[1])
    boards = _setting(session, "Boards a match", *MATCH_BOARDS)
    planned = _setting(session, "Rounds planned", 1, min(ROUNDS[1], teams - 1))
    rounds = _rounds(book, teams, boards, planned)
    pages = Book(book)
    scored = read_teams(pages, pages)  # its comparison with stored values is not wanted here
    for match in scored.matches:
        _finished(match)
    done = len(rounds)
    if done >= planned:
        raise WorkbookError(f"all {planned} planned rounds are already paired")
    table = {s.team: s for s in scored.standings}
    ids = list(range(1, teams + 1))
    vps = [table[t].total if t in table else 0.0 for t in ids]
    imps = [(table[t].net or 0.0) if t in table else 0.0 for t in ids]
    order = standings_order(ids, vps, imps)
    played = [p for rnd in rounds.values() for p in rnd]
    pairing = tuple(swiss_teams_pairing(order, played, planned - done))
    return NextRound(done + 1, pairing, RebuildChange(options={"next_round": pairing}))
