"""The teams family's settings: one typed, frozen :class:`Settings`, the Session sheet rows
``new`` writes for a plan and its options (:func:`session_rows`), and :func:`read`, which reads
them back once, by label, through the kit's codec
(:func:`xlbridge.workbook.session.read_settings`), with the Swiss rounds already paired.

The rebuild adapter, the results reader and ``swiss next`` all read a teams workbook's settings
here; each refusal is one line naming the Session sheet's (or a match sheet's) cell.

>>> s = Settings("knockout", 6, 8, segments=2)
>>> s.match_boards, s.options().vps
(16, True)
>>> [row for row in session_rows(plan_of(s), s.options())][1:5]
[('Kind', 'knockout'), ('Teams', 6), ('Matches', 5), ('Boards a match', 16)]
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xlbridge.errors import WorkbookError
from xlbridge.families.teams.plan import (
    PlanArgs,
    TeamsOptions,
    TeamsPlan,
    build_plan,
    parse_team_scale,
    parse_team_scoring,
    plan_swiss,
)
from xlbridge.limits import BOARD_NUMBER, MATCH_BOARDS, ROUNDS, TABLES
from xlbridge.movements import teams as sched
from xlbridge.movements.registry import family_of, get_kind
from xlbridge.scoring.choices import TeamsScoring, VPScaleName
from xlbridge.workbook.masterpoints import masterpoints_rows, scale_of_settings
from xlbridge.workbook.session import SessionSettings, read_settings

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.workbook.cells import Book

__all__ = [
    "Pairing",
    "Settings",
    "first_round",
    "match_number",
    "plan_of",
    "read",
    "session_rows",
    "whole",
]

Pairing = tuple[tuple[int, int], ...]

#: What ``--boards-per-round`` counts for each kind (``new``'s meaning); Marvin's is fixed.
BOARDS_MEAN = {
    "head-to-head": "half",
    "knockout": "half",
    "round-robin-3": "round",
    "round-robin-4": "match",
    "board-a-match": "match",
    "swiss-teams": "match",
}
SEGMENTED = ("head-to-head", "knockout")
_FIRST_ROW = 6  # a match sheet's first board row (build.FIRST_ROW)
_MAX_MATCHES = 100_000


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything ``new`` was told, as it would be told again.

    ``tables``: ``--tables`` (the teams; 3 for Marvin's six pairs). ``boards``:
    ``--boards-per-round`` in the kind's meaning (a half, a round or a match; ``None`` for
    Marvin). ``segments``: halves of a head-to-head or knockout match. ``rounds``: Swiss rounds
    planned. ``drawn``: the Swiss rounds paired so far (round 1 is the draw 1 v 2, 3 v 4, ...).
    """

    kind: str
    tables: int
    boards: int | None = None
    segments: int = 2
    scoring: TeamsScoring = "imps"
    scale: VPScaleName = "wbf"
    win_loss: bool = False
    three_quarter: bool = True
    carry_over: float = 0
    rounds: int = 1
    drawn: tuple[Pairing, ...] = ()
    event: str = "Club teams"
    date: str = ""
    layout: int = 2  # the match sheets' layout (families.teams.legacy); 1: written before
    masterpoints: str = ""  # new --masterpoints: the Session sheet's "Masterpoints" line

    def options(self) -> TeamsOptions:
        """The workbook options (team names are entries, not settings)."""
        return TeamsOptions(
            event=self.event,
            date=self.date,
            scoring=self.scoring,
            scale=self.scale,
            win_loss=self.win_loss,
            three_quarter=self.three_quarter,
            carry_over=self.carry_over,
            masterpoints=self.masterpoints,
        )

    @property
    def match_boards(self) -> int:
        """Boards in one match (the Session sheet's ``Boards a match``)."""
        return plan_of(self).match_boards


def first_round(teams: int) -> Pairing:
    """Swiss round 1: the draw 1 v 2, 3 v 4, ...

    >>> first_round(4)
    ((1, 2), (3, 4))
    """
    return tuple((k, k + 1) for k in range(1, teams, 2))


def plan_of(s: Settings) -> TeamsPlan:
    """The matches of the settings, exactly as ``new`` (or ``swiss next``) plans them.

    >>> plan_of(Settings("head-to-head", 2, 6, segments=3)).match_boards
    18
    """
    if s.kind == "swiss-teams":
        boards = s.boards or 7
        sched.swiss_teams(s.tables, boards)  # checks the field as new does
        drawn = s.drawn or (first_round(s.tables),)
        return plan_swiss(s.tables, boards, [list(r) for r in drawn], s.rounds)
    args = PlanArgs(tables=s.tables, boards_per_round=s.boards, rounds=None, segments=s.segments)
    return build_plan(args, get_kind(s.kind))


# --- writing ------------------------------------------------------------------------------


def session_rows(plan: TeamsPlan, opt: TeamsOptions) -> list[tuple[str, Any]]:
    """The Session sheet's label/value rows ``new`` writes for ``plan`` and ``opt`` (what
    :func:`read` reads back)."""
    scoring = (
        "board-a-match (1, 1/2, 0 a board)"
        if opt.scoring == "bam"
        else "IMPs; the winner goes through"
        if plan.kind == "knockout"
        else "IMPs, win/loss" + (" with the 3/4 rule" if opt.three_quarter else "")
        if opt.win_loss
        else f"IMPs, victory points ({opt.scale})"
    )
    return [
        ("Date", opt.date),
        ("Kind", plan.kind),
        ("Teams", len(plan.teams)),
        ("Matches", len(plan.matches)),
        ("Boards a match", plan.match_boards),
        ("Scoring", scoring),
        ("Team scoring", opt.scoring),
        ("VP scale", opt.scale),
        ("Win/loss", "yes" if opt.win_loss else "no"),
        ("Three-quarter rule", "yes" if opt.three_quarter else "no"),
        ("Carry-over", opt.carry_over),
        ("Rounds planned", plan.rounds_planned),
        ("Segments", max((max(m.segments) for m in plan.matches), default=1)),
        *masterpoints_rows(opt.masterpoints),
    ]


# --- reading ------------------------------------------------------------------------------


def whole(value: Any, where: str, what: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` typed as a number, else one line naming the cell
    (``where``: "Sheet, cell B2"): text, a formula, a fraction, 1e308 or a blank are refused.

    >>> whole(3.0, "Match 1, cell I1", "the round", 1, 4)
    3
    >>> whole("=1+0", "Match 1, cell I1", "the round", 1, 4)
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


def _count(s: SessionSettings, label: str, lo: int, hi: int) -> int:
    if label not in s:
        raise WorkbookError(
            f"Session sheet: no {label!r} line; is this a teams workbook written by xlbridge new?"
        )
    return whole(s[label], f"Session sheet, cell {s.cell(label)}", repr(label), lo, hi)


def _yes(s: SessionSettings, label: str) -> bool:
    v = s.get(label)
    if v not in ("yes", "no"):
        raise WorkbookError(
            f"Session sheet, cell {s.cell(label)}: {label!r} is {v!r}, not yes or no"
        )
    return bool(v == "yes")


def _date(v: Any) -> str:
    return str(v.strftime("%Y-%m-%d")) if hasattr(v, "strftime") else "" if v is None else str(v)


def match_number(name: str) -> int | None:
    """The number of a match sheet ("Match 12"); None for any other sheet ("Match notes")."""
    m = re.fullmatch(r"Match ([1-9][0-9]{0,3})", name)
    return int(m.group(1)) if m else None


def _drawn(book: Workbook | Book, teams: int, boards: int, planned: int) -> tuple[Pairing, ...]:
    """The Swiss rounds paired so far, each match sheet's round, teams and board numbers
    checked to be the ones ``new`` or ``swiss next`` wrote."""
    numbered = {n: k for n in book.sheetnames if (k := match_number(n)) is not None}
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
        ws = book[name]
        rnd = whole(ws["I1"].value, f"{name}, cell I1", "the round", 1, planned)
        home = whole(ws["B2"].value, f"{name}, cell B2", "the home team", 1, teams)
        away = whole(ws["H2"].value, f"{name}, cell H2", "the away team", 1, teams)
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
        for r in range(_FIRST_ROW, _FIRST_ROW + boards):
            whole(ws[f"A{r}"].value, f"{name}, cell A{r}", "the board", *BOARD_NUMBER)
    return tuple(tuple(rounds[r]) for r in sorted(rounds))


def read(book: Workbook | Book) -> Settings:
    """The settings of a teams workbook (openpyxl, or the kit's
    :class:`~xlbridge.workbook.cells.Book`): its Session sheet, read once through the codec,
    and a Swiss workbook's rounds paired so far (its match sheets), checked to be a schedule
    the kind plans."""
    s = read_settings(book)
    kind = s.kind
    if family_of(kind) != "teams":
        raise WorkbookError(f"the Session sheet's kind {kind!r} is not a team game")
    teams = _count(s, "Teams", max(2, TABLES[0]), TABLES[1])
    boards_a_match = _count(s, "Boards a match", *MATCH_BOARDS)
    planned = _count(s, "Rounds planned", 1, min(ROUNDS[1], teams - 1))
    matches = _count(s, "Matches", 1, _MAX_MATCHES)
    segments = _count(s, "Segments", 1, boards_a_match) if kind in SEGMENTED else 2
    mean = BOARDS_MEAN.get(kind)
    boards: int | None = None
    if mean == "half":
        boards = boards_a_match // segments
    elif mean == "round":
        boards = boards_a_match // 2
    elif mean == "match":
        boards = boards_a_match
    carry = s.get("Carry-over") or 0
    if isinstance(carry, bool) or not isinstance(carry, int | float) or not math.isfinite(carry):
        raise WorkbookError(
            f"Session sheet, cell {s.cell('Carry-over')}: 'Carry-over' is {carry!r}, not IMPs"
        )
    out = Settings(
        kind=kind,
        tables=3 if kind.startswith("marvin-") else teams,
        boards=boards,
        segments=segments,
        scoring=parse_team_scoring(s.text("Team scoring")),
        scale=parse_team_scale(s.text("VP scale")),
        win_loss=_yes(s, "Win/loss"),
        three_quarter=_yes(s, "Three-quarter rule"),
        carry_over=float(carry) if not float(carry).is_integer() else int(carry),
        rounds=planned,
        drawn=_drawn(book, teams, boards_a_match, planned) if kind == "swiss-teams" else (),
        event="" if s.event is None else str(s.event),
        date=_date(s.get("Date")),
        masterpoints=scale_of_settings(s),
    )
    plan = plan_of(out)
    if (len(plan.matches), plan.match_boards) != (matches, boards_a_match):
        raise WorkbookError(
            f"the Session sheet's {matches} matches of {boards_a_match} boards are not what"
            f" {kind} plans for its settings ({len(plan.matches)} of {plan.match_boards})"
        )
    return out
