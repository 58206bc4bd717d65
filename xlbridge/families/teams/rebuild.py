"""Rebuild adapter for team games (head-to-head, round robins, board-a-match, knockout, Swiss
teams, Marvin's game): settings from the Session sheet (and the Swiss pairings already drawn),
the workbook ``new`` (or ``swiss next``) writes for them, and a meaning for every input cell.

Keys name teams, never sheets or rows: a match by its two teams as home and away (a later
knockout round by where its teams come from, ``winner of 4 v 5``), a board by its number
(and its round where the boards are dealt afresh each round: knockout, Swiss, Marvin), a room
by the team sitting North-South. Marvin's teams are named by their pairs (``Pairs 6/5``, seed
002's team list), never confused with the team of that number in another kind. Names belong
to a team (a Marvin pair) number.

>>> s = Settings("round-robin-4", tables=4, boards=8)
>>> ADAPTER.describe(s)
'round-robin-4, 4 teams, 6 matches of 8 boards, IMPs and VPs (wbf)'
>>> slots = ADAPTER.slots(ADAPTER.build(s, None), s)
>>> [x.key for x in slots if x.where == "'Match 1'!B6"]
[('match', 1, 4, 'board', 1, 'NS', 1, 'Contract')]
>>> [x.what for x in slots if x.where == "'Match 1'!G6"]
['Match 1 v 4, board 1, team 4 North-South: Contract']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from xlbridge.errors import WorkbookError
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.build import FIRST_ROW, build_teams_workbook
from xlbridge.families.teams.context import NAMES, NAMES_FIRST
from xlbridge.families.teams.legacy import LAYOUT, as_layout_1, layout_of
from xlbridge.families.teams.plan import PlannedMatch, TeamsPlan
from xlbridge.families.teams.settings import (
    BOARDS_MEAN,
    SEGMENTED,
    Settings,
    first_round,
    plan_of,
    read,
)
from xlbridge.families.teams.standings import marvin_label
from xlbridge.limits import NAME_TEXT, PLAYERS_TEXT
from xlbridge.movements.registry import FamilyName, family_of, get_kind
from xlbridge.numerals import whole_or_none
from xlbridge.rebuild.slots import Key, RebuildChange, Slot
from xlbridge.scoring.choices import TeamsScoring

__all__ = ["ADAPTER", "Settings", "TeamsAdapter", "plan_of"]

_FIXED_TABLES = {"head-to-head": 2, "round-robin-3": 3, "round-robin-4": 4}
_ROOM_INPUTS = ("Contract", "By", "Made", "Down", "NS Score", "OK")


# --- reading a workbook -------------------------------------------------------------------


def _check_matches(book: Workbook, plan: TeamsPlan) -> None:
    """Each match sheet must hold the teams and boards the schedule gives it: a workbook of
    another schedule would have its entries carried to the wrong teams."""
    for m in plan.matches:
        name = f"Match {m.number}"
        if name not in book.sheetnames:
            raise WorkbookError(f"the workbook has no sheet {name!r}; {plan.kind} has one")
        ws = book[name]
        if m.home is not None and m.away is not None:
            got = (whole_or_none(ws["B2"].value), whole_or_none(ws["H2"].value))
            if got != (m.home, m.away):
                raise WorkbookError(
                    f"{name!r} has teams {got[0]} v {got[1]} where the {plan.kind} schedule"
                    f" has {m.home} v {m.away}; rebuild needs the workbook as xlbridge wrote it"
                )
        boards = tuple(
            whole_or_none(ws.cell(row=FIRST_ROW + i, column=1).value) for i in range(len(m.boards))
        )
        if boards != m.boards:
            raise WorkbookError(
                f"{name!r} has boards {boards[0]}-{boards[-1]} where the {plan.kind} schedule"
                f" has {m.boards[0]}-{m.boards[-1]}; rebuild needs the workbook as xlbridge"
                " wrote it"
            )


# --- keys ---------------------------------------------------------------------------------


def _side(plan: TeamsPlan, feed: tuple[str, int]) -> int | str:
    kind, n = feed
    if kind == "team":
        return n
    a, b = _sides(plan, plan.matches[n - 1])
    return f"winner of {_inner(a)} v {_inner(b)}"


def _inner(side: int | str) -> str:
    return f"({side})" if isinstance(side, str) and side.startswith("winner") else str(side)


def _team(side: int | str) -> str:
    """A side in words: ``team 3``, ``Pairs 6/5`` (Marvin), ``the winner of 4 v 5``."""
    if isinstance(side, int):
        return f"team {side}"
    return f"the {side}" if side.startswith("winner") else side


def _sides(plan: TeamsPlan, m: PlannedMatch) -> tuple[int | str, int | str]:
    """Home and away: team numbers, Marvin's teams by their pairs (a Marvin team is not the
    team of that number in another kind), or where a later knockout round's teams come from."""
    if m.home is not None and m.away is not None:
        if plan.marvin:
            return marvin_label(m.home), marvin_label(m.away)
        return m.home, m.away
    assert m.feeds is not None
    return _side(plan, m.feeds[0]), _side(plan, m.feeds[1])


def _redealt(kind: str) -> bool:
    """Kinds whose rounds each deal boards 1, 2, ... afresh: a board is a board of its round."""
    return kind in ("knockout", "swiss-teams") or kind.startswith("marvin-")


def _match_key(plan: TeamsPlan, m: PlannedMatch) -> tuple[Key, str]:
    home, away = _sides(plan, m)
    key: Key = ("match", home, away)
    what = f"Match {_inner(home)} v {_inner(away)}"
    if _redealt(plan.kind) and m.round > 1:
        key += ("round", m.round)
        what += f" (round {m.round})"
    return key, what


class TeamsAdapter:
    """The teams family's :class:`xlbridge.rebuild.slots.FamilyAdapter`."""

    family: FamilyName = "teams"
    #: ``next_round``: the pairing of the next Swiss round (``swiss next``), added to the rounds
    #: drawn with nothing else changed.
    options = ("next_round",)

    def settings(self, book: Workbook) -> Settings:
        """The family's one settings value (:func:`~xlbridge.families.teams.settings.read`),
        each match sheet checked to hold the teams and boards its schedule gives it."""
        out = replace(read(book), layout=layout_of(book))
        _check_matches(book, plan_of(out))
        return out

    def change(self, old: Settings, args: RebuildChange) -> Settings:
        """The settings after ``--kind``, ``--tables``, ``--rounds``, ``--boards-per-round``.

        A new kind keeps the boards when ``--boards-per-round`` means the same for both kinds
        (else the new kind's default), takes its fixed number of teams, and board-a-match
        scoring follows the kind when it was the old kind's default (a knockout is won on IMPs).
        Swiss teams keep the rounds paired; the number of teams changes only while round 1
        alone is paired. A kind without a carry-over refuses one (:meth:`build` says so).
        The option ``next_round`` (``swiss next``) pairs one more Swiss round and nothing else.
        The new workbook has today's layout (:mod:`~xlbridge.families.teams.legacy`).
        """
        return replace(self._change(old, args), layout=LAYOUT)

    def _change(self, old: Settings, args: RebuildChange) -> Settings:
        pairing = (getattr(args, "options", None) or {}).get("next_round")
        if pairing:
            return _next_round(old, args, pairing)
        kind = get_kind(getattr(args, "kind", None) or old.kind).name
        if family_of(kind) != "teams":
            raise WorkbookError(f"{kind} is not a team game; rebuild keeps the game family")
        tables_arg = getattr(args, "tables", None)
        boards_arg = getattr(args, "boards_per_round", None)
        rounds_arg = getattr(args, "rounds", None)
        same = kind == old.kind
        tables = tables_arg or (old.tables if same else _FIXED_TABLES.get(kind, old.tables))
        if kind.startswith("marvin-") and not same and tables_arg is None:
            tables = 3
        if boards_arg is not None and kind.startswith("marvin-"):
            raise WorkbookError(f"{kind}: the match length is in the kind's name")
        boards = boards_arg
        if boards is None and BOARDS_MEAN.get(kind) == BOARDS_MEAN.get(old.kind):
            boards = old.boards
        scoring = old.scoring
        if not same and old.scoring == _default_scoring(old.kind):
            scoring = _default_scoring(kind)
        new = replace(old, kind=kind, tables=tables, boards=boards, scoring=scoring)
        if kind == "knockout":  # won on IMPs: no VPs, win/loss or board-a-match to keep
            new = replace(new, scoring="imps", win_loss=False)
        if kind == "swiss-teams":
            new = _swiss_change(old, new, same, rounds_arg)
        else:
            if rounds_arg is not None:
                raise WorkbookError(
                    f"{kind}: its schedule fixes the rounds; --rounds is for swiss-teams"
                )
            new = replace(new, rounds=1, drawn=())
        plan_of(new)  # refuses what the schedule cannot play, in its own words
        return new

    def build(self, settings: Settings, template: str | Path | None) -> Workbook:
        """The workbook ``new`` (or ``swiss next``) writes for ``settings``, in memory (as
        written before issue 20 for ``layout`` 1, to read such a workbook's entries)."""
        plan = plan_of(settings)
        wb = build_teams_workbook(plan, settings.options(), template)
        return as_layout_1(wb, plan) if settings.layout == 1 else wb

    def slots(self, wb: Workbook, settings: Settings) -> Sequence[Slot]:
        """A slot for every input cell: names, each room's entries and OK, Adjusted, carry-over
        and a knockout's winner of a tie (checked to be unlocked cells of ``wb``: the names, the
        match-level cells and each match's first board row)."""
        plan = plan_of(settings)
        out: list[Slot] = []
        marvin = plan.marvin
        ids = range(1, 7) if marvin else plan.teams
        heads = ("Player 1", "Player 2") if marvin else ("Team name", "Players")
        who = "pair" if marvin else "team"
        for i, t in enumerate(ids):
            for col, head in zip("BC", heads, strict=True):
                cell = f"{col}{NAMES_FIRST + i}"
                most = PLAYERS_TEXT if head == "Players" else NAME_TEXT  # as new allows
                what = f"{who.title()} {t}: {head}"
                out.append(Slot((who, t, head), NAMES, cell, what, max_chars=most))
        bam = settings.scoring == "bam"
        carries = not bam and plan.kind in SEGMENTED
        for m in plan.matches:
            sheet = f"Match {m.number}"
            key, what = _match_key(plan, m)
            home, away = _sides(plan, m)
            if carries:
                out.append(Slot((*key, "Carry-over"), sheet, "B3", f"{what}: Carry-over"))
            for i, board in enumerate(m.boards):
                r = FIRST_ROW + i
                for room, ns in ((1, home), (2, away)):
                    c = T.room_cols(room)
                    cols = (c.contract, c.by, c.made, c.down, c.ns_score, T.OK_COLS[room])
                    for head, letter in zip(_ROOM_INPUTS, cols, strict=True):
                        if head == "OK" and settings.layout == 1:
                            continue  # written before the OK columns
                        out.append(
                            Slot(
                                (*key, "board", board, "NS", ns, head),
                                sheet,
                                f"{letter}{r}",
                                f"{what}, board {board}, {_team(ns)} North-South: {head}",
                                score_board=board if head == "NS Score" else None,
                            )
                        )
                if not bam:
                    out.append(
                        Slot(
                            (*key, "board", board, "Adjusted"),
                            sheet,
                            f"{T.ADJ_COL}{r}",
                            f"{what}, board {board}: Adjusted",
                        )
                    )
            if plan.kind == "knockout":
                row = _label_row(wb, sheet, "Winner if tied", FIRST_ROW + len(m.boards))
                out.append(
                    Slot((*key, "Winner if tied"), sheet, f"C{row}", f"{what}: Winner if tied")
                )
        # Every board row is written alike: its first row stands for the others (cheap).
        rows = {str(r) for r in range(FIRST_ROW + 1, FIRST_ROW + plan.match_boards)}
        _check_inputs(wb, [x for x in out if x.cell.lstrip("ABCDEFGHIJKLMNOPQRS") not in rows])
        return out

    def describe(self, settings: Settings) -> str:
        """One line: kind, teams, matches and scoring."""
        plan = plan_of(settings)
        teams = "6 pairs in 15 teams" if plan.marvin else f"{len(plan.teams)} teams"
        n = len(plan.matches)
        line = (
            f"{settings.kind}, {teams}, {n} match{'' if n == 1 else 'es'} of"
            f" {plan.match_boards} boards"
        )
        if settings.kind in SEGMENTED and settings.segments > 1:
            line += f" in {settings.segments} segments"
        if settings.kind == "swiss-teams":
            line += f", {len(settings.drawn) or 1} of {settings.rounds} rounds paired"
        if settings.scoring == "bam":
            return line + ", board-a-match"
        if settings.kind == "knockout":
            return line + ", IMPs"
        if settings.win_loss:
            return line + ", IMPs and win/loss"
        return line + f", IMPs and VPs ({settings.scale})"


def _default_scoring(kind: str) -> TeamsScoring:
    return "bam" if kind == "board-a-match" else "imps"


def _next_round(old: Settings, args: RebuildChange, pairing: Any) -> Settings:
    """The settings with ``pairing`` drawn as the next Swiss round, nothing else changed.

    >>> s = Settings("swiss-teams", tables=4, boards=2, rounds=3)
    >>> _next_round(s, RebuildChange(), ((3, 1), (2, 4))).drawn
    (((1, 2), (3, 4)), ((3, 1), (2, 4)))
    """
    if old.kind != "swiss-teams":
        raise WorkbookError(f"{old.kind} has no next round to pair; swiss next pairs swiss-teams")
    changed = (getattr(args, k, None) for k in ("tables", "rounds", "boards_per_round"))
    if getattr(args, "kind", None) not in (None, old.kind) or any(x is not None for x in changed):
        raise WorkbookError("swiss next pairs the next round and changes nothing else")
    drawn = old.drawn or (first_round(old.tables),)
    if len(drawn) >= old.rounds:
        raise WorkbookError(f"all {old.rounds} planned rounds are already paired")
    new = replace(old, drawn=(*drawn, tuple((int(a), int(b)) for a, b in pairing)))
    plan_of(new)  # refuses a pairing the schedule cannot play
    return new


def _swiss_change(old: Settings, new: Settings, same: bool, rounds: int | None) -> Settings:
    teams = new.tables
    if not same:
        planned = rounds or min(6, teams - 1)
        return replace(new, rounds=planned, drawn=(first_round(teams),))
    drawn = old.drawn or (first_round(old.tables),)
    if teams != old.tables:
        if len(drawn) > 1:
            raise WorkbookError(
                f"swiss-teams: {len(drawn)} rounds are already paired; the number of teams"
                " can change only while round 1 alone is paired"
            )
        drawn = (first_round(teams),)
    planned = rounds or old.rounds
    if rounds is None and planned > teams - 1:
        planned = teams - 1
    return replace(new, rounds=planned, drawn=drawn[:planned])


def _label_row(wb: Workbook, sheet: str, label: str, start: int) -> int:
    ws = wb[sheet]
    for r in range(start, ws.max_row + 1):
        if ws.cell(row=r, column=1).value == label:
            return r
    raise WorkbookError(f"internal: {sheet!r} has no {label!r} row")


def _check_inputs(wb: Workbook, slots: Sequence[Slot]) -> None:
    """Every slot must be an input cell (the engine checks that every input cell has a slot): a
    layout change of the writer shows here, never as an entry put into a formula cell."""
    for x in slots:
        if wb[x.sheet][x.cell].protection.locked is not False:
            raise WorkbookError(f"internal: the teams adapter's {x.where} is not an input cell")


ADAPTER = TeamsAdapter()
