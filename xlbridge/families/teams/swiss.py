"""The next round of Swiss teams (``swiss next``): check the entered workbook, take the
standings from the family's reader (:func:`~xlbridge.families.teams.reader.read_teams`, which
scores every match), pair the next round with the rules layer, and say how: the rebuild change
``next_round`` that the one rebuild engine makes the new workbook with (every entry carried).

The cells that place the matches (the Session settings, each match's round and teams, each
board's number) are read and checked by the family's settings
(:func:`~xlbridge.families.teams.settings.read`), each refused in one line naming its sheet and
cell. The user's file is never written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.families.teams.reader import read_teams
from xlbridge.families.teams.settings import read
from xlbridge.movements.teams import swiss_teams_pairing
from xlbridge.rebuild.slots import NextRound, RebuildChange
from xlbridge.scoring.team_match import standings_order
from xlbridge.workbook.cells import Book

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.families.teams.model import TeamMatch

__all__ = ["next_round"]


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
    standings of the rounds entered, the pairing, and the rebuild change that writes it.

    >>> from xlbridge.families.teams.build import build_teams_workbook
    >>> from xlbridge.families.teams.settings import Settings, plan_of
    >>> s = Settings("swiss-teams", 4, 2, rounds=3)
    >>> next_round(build_teams_workbook(plan_of(s), s.options(), None))
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Match 1, board 1: no result in room 1; finish the round ...
    """
    if "Session" not in book.sheetnames:
        raise WorkbookError("the workbook has no Session sheet; it was not written by xlbridge")
    settings = read(book)  # the Session sheet and the rounds paired, each cell checked
    if settings.scoring == "bam":  # the pairing ranks by VPs from IMPs
        raise WorkbookError(
            "swiss next pairs Swiss teams scored by IMPs; this workbook is scored"
            " board-a-match, which it cannot rank yet"
        )
    teams, planned = settings.tables, settings.rounds
    rounds = dict(enumerate(settings.drawn, start=1))
    pages = Book(book)
    # its comparison with stored values is not wanted here
    scored = read_teams(pages, pages, settings)
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
