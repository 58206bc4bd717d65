"""The typed result of a teams workbook read back, and its outputs (text, CSV, JSON, HTML).

Made by :func:`xlbridge.families.teams.reader.read_teams`; every value was worked out again by the
rules layer (:mod:`xlbridge.scoring.team_match`).

>>> r = Room("4S", "N", 10, None, 420)
>>> TeamBoard(1, 6, 1, r, Room("4S", "S", 9, None, -50), "", 10, 0).home
10
>>> score_line(45, 32), score_line(20, 20.0), score_line(3.5, 0)
('45–32', '20–20', '3.5–0')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import WorkbookError
from xlbridge.results.pages import render_page
from xlbridge.results.problems import (
    Problem,
    banner,
    no_results,
    problem_lines,
    problems_json,
    status_of,
)
from xlbridge.results.read_family import (
    cell_text,
    column_texts,
    disagreement_lines,
    refuse,
    shown,
    table_text,
    to_csv,
    unscored_lines,
)
from xlbridge.results.session import Disagreement
from xlbridge.scoring.choices import OutputFormat, TeamsScoring

__all__ = [
    "BOARD_COLUMNS",
    "STANDING_COLUMNS",
    "Prize",
    "Room",
    "TeamBoard",
    "TeamMatch",
    "TeamStanding",
    "TeamsResults",
    "render_html",
    "score_line",
]

STANDING_COLUMNS = ("rank", "team", "name", "players", "played", "net", "total", "status")
BOARD_COLUMNS = (
    "match",
    "home",
    "away",
    "board",
    "contract_1",
    "declarer_1",
    "tricks_1",
    "score_1",
    "contract_2",
    "declarer_2",
    "tricks_2",
    "score_2",
    "adjusted",
    "home_points",
    "away_points",
    "status",
    "problem",
)


def score_line(home: float | None, away: float | None) -> str:
    """A match score or result as published: the two sides' numbers joined by an en dash
    ("45–32", never "20–-20"); "" when either is missing."""
    if home is None or away is None:
        return ""
    return f"{cell_text(home)}–{cell_text(away)}"


@dataclass(frozen=True, slots=True)
class Room:
    """One room's result on a board: as typed, and North-South's score (None: not scorable);
    ``accepted``: the director typed OK beside a score typed over the formula."""

    contract: str
    declarer: str
    tricks: int | None
    typed: float | None
    score: float | None
    problem: str = ""
    accepted: bool = False


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """A board of a match: both rooms, an adjusted score, the IMPs Home and Away won on it
    (``team_match.imps_won``; board-a-match: their points)."""

    board: int
    row: int
    segment: int
    room1: Room
    room2: Room
    adjusted: str
    home: float | None
    away: float | None
    problem: str = ""


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match scored: teams, boards, the match score ``h``–``a`` (IMPs won with the carry-over,
    or board-a-match points), VPs or win/loss, winner; ``mh`` and ``ma``: each side's margin
    (net IMPs, which score the VPs and break ties; board-a-match: its points)."""

    number: int
    round: int
    group: int
    home: int | None
    away: int | None
    carry: float
    boards: tuple[TeamBoard, ...]
    done: bool
    h: float
    a: float
    hv: float | None
    av: float | None
    winner: int | None
    mh: float = 0.0
    ma: float = 0.0


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's line of the standings: ``total`` is VPs, wins or points (the ranked value)."""

    team: int
    name: str
    players: str
    played: int
    groups: tuple[float | None, ...]
    net: float | None
    total: float
    rank: str

    @property
    def player_names(self) -> tuple[str, ...]:
        """The team's players as its Names sheet lists them (comma or semicolon apart).

        >>> TeamStanding(1, "", "Ann; Bo, Cy", 0, (), None, 0.0, "1").player_names
        ('Ann', 'Bo', 'Cy')
        """
        return tuple(n.strip() for n in re.split(r"[,;]", self.players) if n.strip())


@dataclass(frozen=True, slots=True)
class Prize:
    """Marvin's game: a pair's wins (or VPs) and points over its five teams, and its prize."""

    pair: int
    names: str
    wins: float
    points: float
    prize: str


@dataclass(frozen=True, slots=True)
class TeamsResults:
    """A teams workbook scored again in Python."""

    event: str
    date: str
    kind: str
    scoring: TeamsScoring
    result: str  # vp, win-loss, points, wins (Marvin board-a-match) or knockout
    net_label: str
    result_label: str
    group_labels: tuple[str, ...]
    matches: tuple[TeamMatch, ...]
    standings: tuple[TeamStanding, ...]
    names: tuple[tuple[int, str], ...]
    prizes: tuple[Prize, ...]
    champion: int | None
    disagreements: tuple[Disagreement, ...]
    recalculated: bool
    problems: tuple[str, ...]  # what could not be scored, as the reader found it
    checks: tuple[Problem, ...] = ()  # the Checks sheet's lines, by its rules (teams.checks)
    masterpoint_scale: str = ""  # the Session sheet's "Masterpoints" line ("" none)
    # Awarded (xlbridge.families.teams.awards): (team, award to each player), and the scale.
    masterpoints: tuple[tuple[int, int], ...] = ()
    awarded_scale: str = ""

    @property
    def family(self) -> str:
        return "teams"

    @property
    def open_problems(self) -> tuple[Problem, ...]:
        """The problems the Checks sheet lists, by sheet, board and row: the results are
        provisional while any is (``NO_RESULTS`` while no room has a result or score)."""
        entered = any(
            r.score is not None or r.contract or b.adjusted
            for m in self.matches for b in m.boards for r in (b.room1, b.room2)
        )  # fmt: skip
        return no_results(self.checks, entered)

    def board_problem(self, match: int, board: int) -> str:
        """The Checks sheet's line for a board of a match ("" when it has none).

        >>> p = Problem("Match 2", 5, 5, "Match 2, board 5: room 1: contract missing")
        >>> r = TeamsResults("", "", "head-to-head", "imps", "vp", "IMPs", "VP", (), (), (), (),
        ...                  (), None, (), True, (), checks=(p,))
        >>> r.board_problem(2, 5), r.board_problem(1, 5)
        ('Match 2, board 5: room 1: contract missing', '')
        """
        sheet = f"Match {match}"
        return next((p.problem for p in self.checks if (p.sheet, p.board) == (sheet, board)), "")

    def award_of(self, team: int) -> int | None:
        """The award to each player of ``team``; None when none were worked out."""
        return dict(self.masterpoints).get(team, 0) if self.awarded_scale else None

    def name_of(self, team: int | None) -> str:
        """A team's display name (``Team 3`` when none is typed)."""
        return "" if team is None else dict(self.names).get(team, f"Team {team}")

    def to_json(self) -> dict[str, Any]:
        """The ``xlbridge results`` JSON object: ``entries`` are the teams (``total``: VPs,
        wins or points; when awarded, ``masterpoints``: the award to each of its players, its
        named players or the four who sit in its two rooms), ``matches`` every match with its
        boards."""

        def room(x: Room) -> dict[str, Any]:
            return {
                "contract": x.contract,
                "declarer": x.declarer,
                "tricks": x.tricks,
                "score_ns": shown(x.score),
            }

        return {
            "event": self.event,
            "date": self.date,
            "kind": self.kind,
            "family": "teams",
            "scoring": self.scoring,
            "result": self.result,
            "entries": [
                {
                    "id": s.team,
                    "label": str(s.team),
                    "names": s.name,
                    "players": s.players,
                    "played": s.played,
                    "net": shown(s.net),
                    "total": shown(s.total),
                    "rank": s.rank,
                    **(
                        {"masterpoints": [self.award_of(s.team)] * max(len(s.player_names), 4)}
                        if self.awarded_scale
                        else {}
                    ),
                }
                for s in self._ordered()
            ],
            "matches": [
                {
                    "match": m.number,
                    "round": m.round,
                    "home": m.home,
                    "away": m.away,
                    "carry_over": shown(m.carry),
                    "complete": m.done,
                    "home_total": shown(m.h),
                    "away_total": shown(m.a),
                    "home_margin": shown(m.mh),
                    "away_margin": shown(m.ma),
                    "home_result": shown(m.hv),
                    "away_result": shown(m.av),
                    "winner": m.winner,
                    "boards": [
                        {
                            "board": b.board,
                            "room1": room(b.room1),
                            "room2": room(b.room2),
                            "adjusted": b.adjusted,
                            "home": shown(b.home),
                            "away": shown(b.away),
                            "provisional": bool(self.board_problem(m.number, b.board)),
                        }
                        for b in m.boards
                    ],
                }
                for m in self.matches
            ],
            "prizes": [
                {
                    "pair": p.pair,
                    "names": p.names,
                    "wins": shown(p.wins),
                    "points": shown(p.points),
                    "prize": p.prize,
                }
                for p in self.prizes
            ],
            "champion": self.champion,
            "disagreements": [
                {"sheet": d.sheet, "cell": d.cell, "workbook": d.workbook, "python": d.python}
                for d in self.disagreements
            ],
            **problems_json(self.open_problems),
        }

    def _ordered(self) -> list[TeamStanding]:
        def key(s: TeamStanding) -> tuple[int, int]:
            digits = s.rank.rstrip("=")
            return (int(digits) if digits.isdigit() else 10**6, s.team)

        return sorted(self.standings, key=key)

    def standings_rows(self) -> list[dict[str, Any]]:
        """One dict a team, in rank order."""
        return [
            {
                "rank": s.rank,
                "team": s.team,
                "name": s.name,
                "players": s.players,
                "played": s.played,
                "net": shown(s.net),
                "total": shown(s.total),
                **({"masterpoints": self.award_of(s.team)} if self.awarded_scale else {}),
                "status": status_of(self.open_problems),
            }
            for s in self._ordered()
        ]

    def board_rows(self) -> list[dict[str, Any]]:
        """One dict a board of every match."""
        out = []
        for m in self.matches:
            for b in m.boards:
                row: dict[str, Any] = {
                    "match": m.number,
                    "home": m.home,
                    "away": m.away,
                    "board": b.board,
                    "adjusted": b.adjusted,
                    "home_points": shown(b.home),
                    "away_points": shown(b.away),
                    "status": status_of(self.open_problems),
                    "problem": self.board_problem(m.number, b.board),
                }
                for i, x in ((1, b.room1), (2, b.room2)):
                    row.update(
                        {
                            f"contract_{i}": x.contract,
                            f"declarer_{i}": x.declarer,
                            f"tricks_{i}": x.tricks,
                            f"score_{i}": shown(x.score),
                        }
                    )
                out.append(row)
        return out

    def to_text(self) -> str:
        """Standings (or the knockout's matches and champion), then the formula check."""
        lines = [f"{self.event}  {self.date}".rstrip(), f"{self.kind}, {self._method()}", ""]
        if self.result == "knockout":
            head = ["Round", "Match", "Home", "Away", "Home IMPs", "Away IMPs", "Winner"]
            rows: list[list[Any]] = [head] + [
                [
                    m.round,
                    m.number,
                    self.name_of(m.home),
                    self.name_of(m.away),
                    m.h if m.done else "",
                    m.a if m.done else "",
                    self.name_of(m.winner),
                ]
                for m in self.matches
            ]
            lines.append(table_text(rows, left=(2, 3, 6)))
            if self.champion is not None:
                lines += ["", f"Champion: {self.name_of(self.champion)}"]
        else:
            head = ["Rank", "Team", "Name", "Played"]
            head += [self.net_label] if self.net_label else []
            head += [self.result_label] + (["MPs"] if self.awarded_scale else [])
            rows = [head]
            for s in self._ordered():
                line: list[Any] = [s.rank, s.team, s.name, s.played]
                line += [s.net] if self.net_label else []
                line += [s.total] + ([self.award_of(s.team)] if self.awarded_scale else [])
                rows.append(line)
            lines.append(table_text(rows, left=(2,)))
            lines += ["", "Matches", self._matches_text()]
        if self.prizes:
            lines += ["", "Prizes (Marvin's game)"]
            rows = [["Pair", "Names", "Wins" if self.result != "vp" else "VP", "Points", "Prize"]]
            rows += [[p.pair, p.names, p.wins, p.points, p.prize] for p in self.prizes]
            lines.append(table_text(rows, left=(1, 4)))
        if self.open_problems:
            lines.insert(0, banner(self.open_problems))
        lines += disagreement_lines(self.disagreements, self.recalculated)
        lines += unscored_lines(self.problems, "board(s)")
        lines += problem_lines(self.open_problems)
        return "\n".join(lines)

    def _matches_text(self) -> str:
        """Every match: its teams, the match score (IMPs each side won, or points) and result."""
        unit = "Points" if self.scoring == "bam" else "IMPs"
        result = self.result != "points"
        head = ["Match", "Round", "Home", "Away", unit] + ([self.result_label] if result else [])
        rows: list[list[Any]] = [head]
        for m in self.matches:
            line = [m.number, m.round, self.name_of(m.home), self.name_of(m.away)]
            line.append(score_line(m.h, m.a) + ("" if m.done else " (not complete)"))
            rows.append(line + ([score_line(m.hv, m.av)] if result else []))
        return table_text(rows, left=(2, 3, 4))

    def _method(self) -> str:
        return {
            "vp": "IMPs, victory points",
            "win-loss": "IMPs, win/loss",
            "points": "board-a-match points",
            "wins": "board-a-match, matches won",
            "knockout": "IMPs, knockout",
        }[self.result]

    def render(self, fmt: OutputFormat, table: str = "standings") -> str:
        """The ``xlbridge results`` output ``fmt``; CSV ``table`` is ``standings`` or
        ``results`` (every board of every match)."""
        if fmt == "text":
            return self.to_text()
        if fmt == "json":
            return json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        if fmt == "csv":
            if table == "standings":
                if self.result == "knockout":
                    rows = [
                        {
                            "match": m.number,
                            "round": m.round,
                            "home": m.home,
                            "away": m.away,
                            "home_imps": shown(m.h) if m.done else None,
                            "away_imps": shown(m.a) if m.done else None,
                            "winner": m.winner,
                            "status": status_of(self.open_problems),
                        }
                        for m in self.matches
                    ]
                    cols = ("round", "match", "home", "away", "home_imps", "away_imps", "winner",
                            "status")  # fmt: skip
                    return to_csv(cols, rows)
                heads: tuple[str, ...] = STANDING_COLUMNS
                if self.awarded_scale:  # each player's award, before the status
                    heads = (*heads[:-1], "masterpoints", heads[-1])
                return to_csv(heads, self.standings_rows())
            if table == "results":
                return to_csv(BOARD_COLUMNS, self.board_rows())
            raise WorkbookError(
                f"--table {table} is for pairs sessions; a teams workbook has standings or results"
            )
        if fmt == "html":
            return render_html(self)
        raise refuse(fmt, "teams", self.kind)


def render_html(res: TeamsResults) -> str:
    """The teams results page: standings (or the bracket), prizes, every match with its boards."""
    ordered = res._ordered()
    # The same decimals down each column of the page (xlbridge.results.figures).
    totals = column_texts([s.total for s in ordered])
    nets = column_texts([s.net for s in ordered])
    width = max((len(s.groups) for s in ordered), default=0)
    group_cols = [column_texts([s.groups[j] if j < len(s.groups) else None for s in ordered])
                  for j in range(width)]  # fmt: skip
    standings = [
        {
            "rank": s.rank,
            "team": s.team,
            "name": s.name,
            "players": s.players,
            "played": s.played,
            "groups": [group_cols[j][i] for j in range(len(s.groups))],
            "net": nets[i],
            "total": totals[i],
            "masterpoints": res.award_of(s.team),
        }
        for i, s in enumerate(ordered)
    ]
    h_col, a_col = (column_texts([getattr(m, k) for m in res.matches]) for k in ("h", "a"))
    hv_col, av_col = (column_texts([getattr(m, k) for m in res.matches]) for k in ("hv", "av"))
    matches = []
    for k, m in enumerate(res.matches):
        home_col = column_texts([b.home for b in m.boards])
        away_col = column_texts([b.away for b in m.boards])
        boards = [
            {
                "board": b.board,
                "c1": b.room1.contract,
                "by1": b.room1.declarer,
                "t1": cell_text(b.room1.tricks),
                "s1": cell_text(b.room1.score),
                "c2": b.room2.contract,
                "by2": b.room2.declarer,
                "t2": cell_text(b.room2.tricks),
                "s2": cell_text(b.room2.score),
                "adjusted": b.adjusted,
                "home": home_col[j],
                "away": away_col[j],
                "problem": res.board_problem(m.number, b.board),
            }
            for j, b in enumerate(m.boards)
        ]
        matches.append(
            {
                "number": m.number,
                "round": m.round,
                "home": res.name_of(m.home),
                "away": res.name_of(m.away),
                "carry": cell_text(m.carry) if m.carry else "",
                "h": h_col[k],
                "a": a_col[k],
                "score": score_line(m.h, m.a),
                "result": score_line(m.hv, m.av),
                # Shown only where an adjusted score that does not balance makes the margins
                # differ from the difference of the IMPs won.
                "margin": ""
                if res.scoring == "bam" or (m.mh == m.h - m.a and m.ma == m.a - m.h)
                else f"{cell_text(m.mh)} and {cell_text(m.ma)}",
                "hv": hv_col[k],
                "av": av_col[k],
                "done": m.done,
                "winner": res.name_of(m.winner),
                "boards": boards,
            }
        )
    prizes = [
        {
            "pair": p.pair,
            "names": p.names,
            "wins": cell_text(p.wins),
            "points": cell_text(p.points),
            "prize": p.prize,
        }
        for p in res.prizes
    ]
    unit = "Points" if res.scoring == "bam" else "IMPs"
    return render_page(
        "results_teams.html.j2",
        problems=[p.line() for p in res.open_problems],
        event=res.event,
        date=res.date,
        kind=res.kind,
        method=res._method(),
        knockout=res.result == "knockout",
        standings=standings,
        groups=list(res.group_labels),
        net_label=res.net_label,
        result_label=res.result_label,
        matches=matches,
        prizes=prizes,
        unit=unit,
        champion=res.name_of(res.champion),
        has_result=res.result not in ("knockout",),
        awarded=bool(res.awarded_scale),
        recalculated=res.recalculated,
        disagreements=res.disagreements,
    )
