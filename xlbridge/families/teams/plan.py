"""What a teams workbook holds: its matches (teams, boards, segments), standings columns and
options, built from the rules layer's team schedules.

>>> from xlbridge.movements.teams import round_robin_four
>>> plan = plan_schedule(round_robin_four(8))
>>> [(m.number, m.home, m.away, m.boards[:2]) for m in plan.matches][:2]
[(1, 1, 4, (1, 2)), (2, 2, 3, (9, 10))]
>>> plan_knockout(6, 8, 2).bracket[0]
(('team', 1), ('match', 1), ('team', 2), ('match', 2))
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from xlbridge.errors import ScaleError, WorkbookError
from xlbridge.movements import teams as sched
from xlbridge.movements.registry import KindInfo
from xlbridge.movements.teams import MARVIN_TEAMS, TeamSchedule, knockout_bracket
from xlbridge.scoring.choices import TEAMS_SCORINGS, TeamsScoring, VPScaleName
from xlbridge.scoring.vp import TEAM_SCALES, vp
from xlbridge.workbook.masterpoints import check_scale

__all__ = [
    "NewOptions",
    "PlanArgs",
    "PlannedMatch",
    "TeamsOptions",
    "TeamsPlan",
    "build_plan",
    "options_of",
    "parse_team_scale",
    "parse_team_scoring",
    "plan_knockout",
    "plan_schedule",
    "plan_swiss",
    "vp_table",
]

Slot = tuple[str, int]  # ("team", t) or ("match", k): where a knockout team comes from


@dataclass(frozen=True, slots=True)
class TeamsOptions:
    """Settings of a teams workbook.

    ``scoring``: ``imps`` or ``bam`` (board-a-match). With IMPs, matches score VPs on
    ``scale`` unless ``win_loss`` (1 / ½ / 0, ¾-¼ for a win by 1-2 IMPs when
    ``three_quarter``). ``carry_over``: IMPs the home team starts with (knockout, head-to-head).
    ``names``: team (or Marvin pair) number → names, written as text.
    """

    event: str = "Club teams"
    date: str = ""
    scoring: TeamsScoring = "imps"
    scale: VPScaleName = "wbf"
    win_loss: bool = False
    three_quarter: bool = True
    carry_over: float = 0
    names: Mapping[int, Sequence[str]] = field(default_factory=dict)
    # The masterpoint scale (new --masterpoints): the Session sheet's line, the Standings'
    # awards; "" none.
    masterpoints: str = ""

    def __post_init__(self) -> None:
        if self.scoring not in ("imps", "bam"):
            raise WorkbookError(f"team scoring {self.scoring!r} is not imps or bam")
        check_scale(self.masterpoints)
        if not math.isfinite(self.carry_over):
            raise WorkbookError(f"carry-over {self.carry_over!r} is not a number of IMPs")
        if self.scale not in TEAM_SCALES:
            raise ScaleError(
                f"VP scale {self.scale!r} is not an IMP scale; use one of {', '.join(TEAM_SCALES)}"
            )

    @property
    def vps(self) -> bool:
        """True when matches score victory points."""
        return self.scoring == "imps" and not self.win_loss


@dataclass(frozen=True, slots=True)
class PlannedMatch:
    """One match: its sheet number, round, standings column, teams and boards in sheet order.

    ``home``/``away`` are None in later knockout rounds, where ``feeds`` says which match's
    winner (or which team with a bye) plays.
    """

    number: int
    round: int
    group: int
    home: int | None
    away: int | None
    boards: tuple[int, ...]
    segments: tuple[int, ...]
    feeds: tuple[Slot, Slot] | None = None


@dataclass(frozen=True, slots=True)
class TeamsPlan:
    """Every match of a team event, the standings columns and what the kind adds."""

    kind: str
    teams: tuple[int, ...]
    matches: tuple[PlannedMatch, ...]
    groups: tuple[str, ...]
    match_boards: int
    rounds_planned: int = 1
    bracket: tuple[tuple[Slot, ...], ...] = ()
    marvin: bool = False
    notes: tuple[str, ...] = ()

    def marvin_pairs(self) -> dict[int, tuple[int, ...]]:
        """Marvin's game: each pair's five teams (seed 002's team list)."""
        out: dict[int, list[int]] = defaultdict(list)
        for rnd in MARVIN_TEAMS:
            for team, ns, ew in rnd:
                out[ns].append(team)
                out[ew].append(team)
        return {p: tuple(t) for p, t in sorted(out.items())}


def plan_schedule(schedule: TeamSchedule) -> TeamsPlan:
    """The matches of a schedule: teams meeting in several halves form one match with a segment
    per half (head-to-head, three-team round robin); Marvin's teams meet once per round.

    A board's segment is the stage where both rooms have played it.
    """
    done: dict[tuple[int, int, int, int], tuple[int, int]] = {}
    for t in schedule.tables:
        lo, hi = min(t.ns_team, t.ew_team), max(t.ns_team, t.ew_team)
        for b in t.boards:
            key = (t.round, b, lo, hi) if schedule.redealt else (0, b, lo, hi)
            done[key] = max(done.get(key, (0, 0)), (t.round, t.stage))
    grouped: dict[tuple[int, ...], list[tuple[tuple[int, int], int]]] = defaultdict(list)
    first_round: dict[tuple[int, ...], int] = {}
    for (rnd, lo, hi), boards in schedule.matches().items():
        mkey = (rnd, lo, hi) if schedule.redealt else (lo, hi)
        first_round[mkey] = min(first_round.get(mkey, rnd), rnd)
        for b in boards:
            key = (rnd, b, lo, hi) if schedule.redealt else (0, b, lo, hi)
            grouped[mkey].append((done[key], b))
    order = sorted(grouped, key=lambda k: (first_round[k], k))
    matches = []
    for i, key_ in enumerate(order, start=1):
        items = sorted(grouped[key_])
        stages = sorted({s for s, _ in items})
        lo, hi = key_[-2], key_[-1]
        rnd = first_round[key_]
        matches.append(
            PlannedMatch(
                number=i,
                round=rnd,
                group=rnd if schedule.redealt else i,
                home=lo,
                away=hi,
                boards=tuple(b for _, b in items),
                segments=tuple(stages.index(s) + 1 for s, _ in items),
            )
        )
    lengths = {len(m.boards) for m in matches}
    teams = tuple(t.id for t in schedule.teams)
    groups = (
        tuple(f"Round {r}" for r in range(1, schedule.rounds + 1))
        if schedule.redealt
        else tuple(f"{m.home} v {m.away}" for m in matches)
    )
    return TeamsPlan(
        kind=schedule.kind,
        teams=teams,
        matches=tuple(matches),
        groups=groups,
        match_boards=max(lengths),
        marvin=schedule.kind.startswith("marvin"),
        notes=schedule.notes,
    )


def _segments(boards: int, segments: int) -> tuple[int, ...]:
    if segments < 1 or boards % segments:
        raise WorkbookError(f"{boards} boards do not split into {segments} equal segments")
    size = boards // segments
    return tuple((b - 1) // size + 1 for b in range(1, boards + 1))


def plan_knockout(teams: int, boards: int, segments: int = 1) -> TeamsPlan:
    """A knockout: round 1 from ``knockout_bracket`` (byes to the top seeds), then each round's
    matches between the winners of neighbouring matches, up to the final."""
    first = knockout_bracket(teams)
    segs = _segments(boards, segments)
    matches: list[PlannedMatch] = []
    slots: list[Slot] = []
    for a, b in first:
        if a is None or b is None:
            t = a if b is None else b
            assert t is not None
            slots.append(("team", t))
        else:
            n = len(matches) + 1
            matches.append(PlannedMatch(n, 1, 1, a, b, tuple(range(1, boards + 1)), segs))
            slots.append(("match", n))
    bracket = [tuple(slots)]
    rnd = 1
    while len(slots) > 1:
        rnd += 1
        nxt: list[Slot] = []
        for i in range(0, len(slots), 2):
            n = len(matches) + 1
            matches.append(
                PlannedMatch(
                    n,
                    rnd,
                    rnd,
                    None,
                    None,
                    tuple(range(1, boards + 1)),
                    segs,
                    feeds=(slots[i], slots[i + 1]),
                )
            )
            nxt.append(("match", n))
        slots = nxt
        bracket.append(tuple(slots))
    return TeamsPlan(
        kind="knockout",
        teams=tuple(range(1, teams + 1)),
        matches=tuple(matches),
        groups=tuple(f"Round {r}" for r in range(1, rnd + 1)),
        match_boards=boards,
        bracket=tuple(bracket),
        notes=(
            "Top seeds have byes when the field is not a power of two (Party Bridge).",
            "A tied match needs a winner typed in its Winner cell (after extra boards).",
        ),
    )


def plan_swiss(
    teams: int, boards: int, rounds: Sequence[Sequence[tuple[int, int]]], planned: int
) -> TeamsPlan:
    """Swiss teams: the rounds paired so far, each match on its own sheet."""
    if not 1 <= planned <= teams - 1:
        raise WorkbookError(
            f"swiss-teams: {planned} rounds for {teams} teams; "
            f"at most {teams - 1} without a rematch"
        )
    matches: list[PlannedMatch] = []
    for r, pairing in enumerate(rounds, start=1):
        for a, b in pairing:
            n = len(matches) + 1
            matches.append(PlannedMatch(n, r, r, a, b, tuple(range(1, boards + 1)), (1,) * boards))
    return TeamsPlan(
        kind="swiss-teams",
        teams=tuple(range(1, teams + 1)),
        matches=tuple(matches),
        groups=tuple(f"Round {r}" for r in range(1, len(rounds) + 1)),
        match_boards=boards,
        rounds_planned=planned,
        notes=(
            "Round 1 by draw; then the highest team meets the next highest not yet met "
            "(Party Bridge). Run: xlbridge swiss next THIS.xlsx -o NEXT.xlsx",
        ),
    )


def parse_team_scoring(text: str) -> TeamsScoring:
    """``text`` as a team scoring, refused as :class:`TeamsOptions` refuses it.

    >>> parse_team_scoring("bam")
    'bam'
    """
    if text not in TEAMS_SCORINGS:
        raise WorkbookError(f"team scoring {text!r} is not imps or bam")
    return text


def parse_team_scale(text: str) -> VPScaleName:
    """``text`` as a team match's VP scale, refused as :class:`TeamsOptions` refuses it.

    >>> parse_team_scale("acbl30")
    'acbl30'
    """
    if text not in TEAM_SCALES:
        raise ScaleError(
            f"VP scale {text!r} is not an IMP scale; use one of {', '.join(TEAM_SCALES)}"
        )
    return text


def vp_table(boards: int, scale: str) -> list[tuple[int, float]]:
    """(lowest margin, winner's VPs) rows of ``scale`` for ``boards``-board matches, from
    ``xlbridge.scoring.vp.vp`` itself (a row wherever the VPs change).

    >>> vp_table(8, "seed-imp")[:3]
    [(0, 10.0), (1, 11.0), (3, 12.0)]
    """
    rows: list[tuple[int, float]] = []
    top = 30.0 if scale == "acbl30" else 20.0
    m = 0
    while True:
        win = vp(m, boards, scale)[0]
        if not rows or win != rows[-1][1]:
            rows.append((m, win))
        if win >= top:
            return rows
        m += 1
        if m > 10_000:
            raise ScaleError(f"VP scale {scale} never reaches {top} VPs")


@dataclass(frozen=True, slots=True)
class PlanArgs:
    """The options :func:`build_plan` reads, as the library gives them (the command line gives
    its namespace): ``--tables``, ``--boards-per-round``, ``--rounds``, ``--segments``."""

    tables: int
    boards_per_round: int | None = None
    rounds: int | None = None
    segments: int = 2


def build_plan(args: Any, info: KindInfo) -> TeamsPlan:
    """The matches of the kind, from the rules layer's schedules, for ``new``'s arguments
    (``tables``, ``boards_per_round``, ``rounds``, ``segments``; any object with them):
    ``xlbridge new`` and ``xlbridge rebuild`` plan team games through here."""
    kind, tables, bpr = info.name, args.tables, args.boards_per_round
    segments = getattr(args, "segments", 2)
    if kind == "head-to-head":
        if tables != 2:
            raise WorkbookError(f"head-to-head: {tables} tables; it is played at 2 tables")
        return plan_schedule(sched.head_to_head((bpr or 12) * segments, segments))
    if kind == "knockout":
        return plan_knockout(tables, (bpr or 8) * segments, segments)
    if kind == "swiss-teams":
        sched.swiss_teams(tables, bpr or 7)  # checks the field
        first = [(k, k + 1) for k in range(1, tables + 1, 2)]
        return plan_swiss(tables, bpr or 7, [first], args.rounds or min(6, tables - 1))
    kw = {"tables": tables}
    if bpr is not None and not kind.startswith("marvin"):
        kw["boards_per_round"] = bpr
    info.build(**kw)  # checks the table count and boards as the movement would
    if kind == "round-robin-3":
        return plan_schedule(sched.round_robin_three(bpr or 6))
    if kind == "round-robin-4":
        return plan_schedule(sched.round_robin_four(bpr or 8))
    if kind == "board-a-match":
        return plan_schedule(sched.board_a_match(tables, bpr or 4))
    if kind.startswith("marvin-"):
        return plan_schedule(sched.marvin(int(kind.split("-")[1])))
    raise WorkbookError(f"{kind}: no teams workbook for this kind")


@dataclass(frozen=True, slots=True)
class NewOptions:
    """``new``'s options of team games as the library gives them, with ``new``'s defaults:
    segments of a head-to-head or knockout, ``imps`` or ``bam`` (None: bam for board-a-match,
    else imps), the VP scale, win/loss scoring (``no_three_quarter``: a win by 1-2 IMPs is a full
    win) and the home team's carry-over.

    >>> NewOptions().vp_scale, NewOptions().segments
    ('wbf', 2)
    """

    segments: int = 2
    team_scoring: str | None = None
    vp_scale: VPScaleName = "wbf"
    win_loss: bool = False
    no_three_quarter: bool = False
    carry_over: float = 0
    masterpoints: str = ""


def options_of(kind: str, event: str | None, date: str, o: NewOptions) -> TeamsOptions:
    """The teams workbook's settings for ``new``'s options (``event`` None: ``Club teams``).

    >>> options_of("board-a-match", None, "", NewOptions()).scoring
    'bam'
    """
    bam = o.team_scoring == "bam" or (o.team_scoring is None and kind == "board-a-match")
    return TeamsOptions(
        event="Club teams" if event is None else event, date=date,
        scoring="bam" if bam else "imps", scale=o.vp_scale, win_loss=o.win_loss,
        three_quarter=not o.no_three_quarter, carry_over=o.carry_over or 0,
        masterpoints=o.masterpoints,
    )  # fmt: skip
