"""Team-of-four schedules (seed 002, "Duplicate games for teams-of-four").

A :class:`TeamSchedule` places teams (and their pairs) at tables, stage by stage: a round may
have stages (the halves of a match, or the two matches of a round in Marvin's game), and each
:class:`TeamTable` names the North-South and East-West team and pair and the boards played.

* :func:`head_to_head`: two teams in two rooms, in halves; one team's pairs change tables at
  half time so each pair meets both opposing pairs.
* :func:`round_robin_three`: three teams at three tables, seed 002's set-up (rules.md §0: table 3
  holds boards 13-18, not "8-18").
* :func:`round_robin_four`: four teams, three matches each.
* :func:`board_a_match`: an informal board-a-match round robin (up to 8 teams), each match's two
  tables relaying its boards.
* :func:`knockout_bracket`, :func:`knockout_next`: seeded brackets with byes for the top seeds.
* :func:`swiss_teams_pairing`: Swiss pairing by record, never a rematch.
* :func:`marvin`: Marvin's six-pair team game, reproduced from seed 002 for 8- and 6-board
  matches, and built the same way for 4-board matches.

:meth:`TeamSchedule.to_movement` turns a schedule into a pairs :class:`Movement` (pair ids, one
movement round per stage) for the workbook engine.

>>> s = head_to_head(boards=24)
>>> [(t.table, t.ns_pair, t.ew_pair, t.boards[:2]) for t in s.stage(1, 2)]
[(1, 1, 4, (13, 14)), (2, 3, 2, (19, 20))]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from xlbridge.errors import MovementError
from xlbridge.limits import MATCH_BOARDS, SEGMENTS, check_count
from xlbridge.movements.home import swiss_pairing
from xlbridge.movements.individual import relay_order
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.registry import KindInfo

__all__ = [
    "MARVIN_TEAMS",
    "TeamSchedule",
    "TeamTable",
    "board_a_match",
    "head_to_head",
    "knockout",
    "knockout_bracket",
    "knockout_next",
    "marvin",
    "round_robin_four",
    "round_robin_three",
    "swiss_teams",
    "swiss_teams_pairing",
]


@dataclass(frozen=True, slots=True)
class TeamTable:
    """One table in one stage: the teams (and pairs) seated North-South and East-West."""

    round: int
    stage: int
    table: int
    ns_team: int
    ew_team: int
    boards: tuple[int, ...]
    ns_pair: int | None = None
    ew_pair: int | None = None


@dataclass(frozen=True, slots=True)
class TeamSchedule:
    """A team event's seating: every table of every stage, plus boards on the bye-stand.

    ``teams`` gives each team id its label; ``pairs`` each pair id its label.
    ``redealt`` says the boards are shuffled again each round (Marvin's game uses 16 boards for
    40 deals), so the same board number in another round is a new deal.
    """

    kind: str
    teams: tuple[Pair, ...]
    pairs: tuple[Pair, ...]
    tables: tuple[TeamTable, ...]
    bye_stand: tuple[tuple[int, tuple[int, ...]], ...] = ()
    notes: tuple[str, ...] = ()
    redealt: bool = False

    @property
    def rounds(self) -> int:
        """How many rounds."""
        return max(t.round for t in self.tables)

    def stage(self, rnd: int, stage: int) -> list[TeamTable]:
        """The tables of one stage, by table number."""
        return sorted(
            (t for t in self.tables if (t.round, t.stage) == (rnd, stage)), key=lambda t: t.table
        )

    def matches(self) -> dict[tuple[int, int, int], tuple[int, ...]]:
        """Boards each match plays: ``(round, team, team)`` (teams in order) to boards.

        A board belongs to a match when both teams play it against each other, once each way.
        """
        seen: dict[tuple[int, int, int, int], list[int]] = defaultdict(list)
        for t in self.tables:
            for b in t.boards:
                seen[(t.round, b, min(t.ns_team, t.ew_team), max(t.ns_team, t.ew_team))].append(
                    t.ns_team
                )
        out: dict[tuple[int, int, int], list[int]] = defaultdict(list)
        for (rnd, b, lo, hi), ns in seen.items():
            if sorted(ns) == [lo, hi]:
                out[(rnd, lo, hi)].append(b)
        return {k: tuple(sorted(v)) for k, v in sorted(out.items())}

    def check(self) -> None:
        """Raise :class:`MovementError` if a board is not played both ways within its match,
        a pair sits twice in one stage or plays a board twice in a round.

        >>> round_robin_three().check()
        """
        plays: dict[tuple[int, int, int, int], list[int]] = defaultdict(list)
        for t in self.tables:
            if t.ns_team == t.ew_team:
                raise MovementError(f"{self.kind}: round {t.round}: team {t.ns_team} plays itself")
            for b in t.boards:
                plays[(t.round, b, min(t.ns_team, t.ew_team), max(t.ns_team, t.ew_team))].append(
                    t.ns_team
                )
        for (rnd, b, lo, hi), ns in plays.items():
            if sorted(ns) != [lo, hi]:
                raise MovementError(
                    f"{self.kind}: round {rnd}, board {b}: teams {lo} and {hi} do not play it "
                    f"once each way (North-South: {ns})"
                )
        seated: set[tuple[int, int, int]] = set()
        boards: set[tuple[int, int, int]] = set()
        for t in self.tables:
            for p in (t.ns_pair, t.ew_pair):
                if p is None:
                    continue
                if (t.round, t.stage, p) in seated:
                    raise MovementError(
                        f"{self.kind}: round {t.round}, stage {t.stage}: pair {p} sits twice"
                    )
                seated.add((t.round, t.stage, p))
                for b in t.boards:
                    if (t.round, b, p) in boards:
                        raise MovementError(
                            f"{self.kind}: round {t.round}: pair {p} plays board {b} twice"
                        )
                    boards.add((t.round, b, p))

    def to_movement(self) -> Movement:
        """The schedule as a pairs movement: one movement round per stage, pair ids as here.

        Where boards are dealt again each round, board b of round r becomes deal
        ``(r-1)·B + b`` (B = the highest board number), so every deal has its own number.

        >>> m = marvin(8).to_movement()
        >>> m.rounds, len(m.boards)
        (10, 60)
        """
        stages = sorted({(t.round, t.stage) for t in self.tables})
        number = {rs: i for i, rs in enumerate(stages, start=1)}
        top = max(b for t in self.tables for b in t.boards)
        entries = []
        for t in self.tables:
            if t.ns_pair is None or t.ew_pair is None:
                raise MovementError(f"{self.kind}: pairs are not named; no pairs movement")
            shift = (t.round - 1) * top if self.redealt else 0
            entries.append(
                Entry(
                    round=number[(t.round, t.stage)],
                    table=t.table,
                    ns=t.ns_pair,
                    ew=t.ew_pair,
                    boards=tuple(b + shift for b in t.boards),
                )
            )
        per_round = {len(t.boards) for t in self.tables}
        return Movement(
            kind=self.kind,
            tables=max(t.table for t in self.tables),
            rounds=len(stages),
            boards_per_round=max(per_round),
            pairs=self.pairs,
            entries=tuple(sorted(entries, key=lambda e: (e.round, e.table))),
            notes=self.notes,
        )


def _team_pairs(teams: int) -> tuple[tuple[Pair, ...], tuple[Pair, ...]]:
    """Team k has pairs 2k-1 (its North-South pair) and 2k (its East-West pair)."""
    return (
        tuple(Pair(k, f"Team {k}") for k in range(1, teams + 1)),
        tuple(
            Pair(2 * k - 1 + i, f"Team {k} {d}")
            for k in range(1, teams + 1)
            for i, d in enumerate(("NS", "EW"))
        ),
    )


def _boards(first: int, count: int) -> tuple[int, ...]:
    return tuple(range(first, first + count))


def _match(
    rnd: int, stage: int, table: int, home: int, away: int, boards: tuple[int, ...]
) -> list[TeamTable]:
    """A two-table match: home NS at ``table``, away NS at ``table + 1``, boards relayed."""
    return [
        TeamTable(rnd, stage, table, home, away, relay_order(boards, 1, 2), 2 * home - 1, 2 * away),
        TeamTable(
            rnd, stage, table + 1, away, home, relay_order(boards, 2, 2), 2 * away - 1, 2 * home
        ),
    ]


def head_to_head(boards: int = 24, halves: int = 2) -> TeamSchedule:
    """Two teams, two rooms, ``boards`` split into ``halves`` (seed 002, IMP head-to-head).

    Team 1's pairs stay (pair 1 North-South at table 1, pair 2 East-West at table 2); team 2's
    pairs (3, 4) change tables every half, so each pair meets both opposing pairs. Both tables
    play every board of a half, exchanging them.

    >>> [(t.table, t.ns_pair, t.ew_pair) for t in head_to_head(16).stage(1, 1)]
    [(1, 1, 3), (2, 4, 2)]
    """
    check_count(boards, "head-to-head: boards", MATCH_BOARDS)  # before any work
    check_count(halves, "head-to-head: halves", SEGMENTS)
    if halves < 1 or boards < 2 * halves or boards % halves:
        raise MovementError(
            f"head-to-head: {boards} boards in {halves} halves; use a multiple of the halves "
            "with at least 2 boards a half"
        )
    k = boards // halves
    tables = []
    for h in range(halves):
        first = h * k + 1
        swap = h % 2 == 1
        ew1, ns2 = (4, 3) if swap else (3, 4)
        tables.append(TeamTable(1, h + 1, 1, 1, 2, relay_order(_boards(first, k), 1, 2), 1, ew1))
        tables.append(TeamTable(1, h + 1, 2, 2, 1, relay_order(_boards(first, k), 2, 2), ns2, 2))
    teams, pairs = _team_pairs(2)
    return TeamSchedule(
        kind="head-to-head",
        teams=teams,
        pairs=pairs,
        tables=tuple(tables),
        notes=("Teammates compare scores after each half; team 2's pairs change tables.",),
    )


def round_robin_three(boards_per_round: int = 6, halves: int = 2) -> TeamSchedule:
    """Three teams at three tables (seed 002; rules.md §0 corrects table 3 to boards 13-18).

    Team k's North-South pair stays at table k; its East-West pair plays at the other two
    tables, carrying the boards it played home to its North-South teammates in between. Each
    half is two rounds; each team meets each other team on ``boards_per_round`` boards a half.

    >>> s = round_robin_three()
    >>> [(t.table, t.ns_team, t.ew_team, t.boards[0], t.boards[-1]) for t in s.stage(1, 1)]
    [(1, 1, 3, 1, 6), (2, 2, 1, 7, 12), (3, 3, 2, 13, 18)]
    """
    if not 1 <= boards_per_round <= 13:
        raise MovementError(f"round-robin-3: {boards_per_round} boards a round; use 5-7")
    k = boards_per_round
    out = []
    for h in range(halves):
        base = 3 * k * h
        for stage in (1, 2):
            for table in (1, 2, 3):
                ew_team = (table - 1 - stage) % 3 + 1
                s = (table - 1 + stage - 1) % 3
                out.append(
                    TeamTable(
                        h + 1,
                        stage,
                        table,
                        table,
                        ew_team,
                        _boards(base + s * k + 1, k),
                        2 * table - 1,
                        2 * ew_team,
                    )
                )
    teams, pairs = _team_pairs(3)
    return TeamSchedule(
        kind="round-robin-3",
        teams=teams,
        pairs=pairs,
        tables=tuple(out),
        notes=(
            "East-West carry the boards they played to their own North-South pair's table, "
            "then go to the table where they have not yet played.",
            "Teammates compare after every two rounds (one half).",
        ),
    )


def _circle(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds for teams 1..n (n even) by the circle method, team n fixed."""
    rounds = []
    others = list(range(1, n))
    for r in range(n - 1):
        row = [(n, others[r % (n - 1)])] if r % 2 == 0 else [(others[r % (n - 1)], n)]
        for i in range(1, n // 2):
            a = others[(r + i) % (n - 1)]
            b = others[(r - i) % (n - 1)]
            row.append((a, b))
        rounds.append(sorted((min(p), max(p)) for p in row))
    return rounds


def round_robin_four(boards_per_match: int = 8) -> TeamSchedule:
    """Four teams, each playing the other three (seed 002: 8 boards a match, 24 in all).

    Each round has two matches at tables 1-2 and 3-4; each match plays its own boards at both
    of its tables.

    >>> [(t.round, t.table, t.ns_team, t.ew_team) for t in round_robin_four().stage(1, 1)]
    [(1, 1, 1, 4), (1, 2, 4, 1), (1, 3, 2, 3), (1, 4, 3, 2)]
    """
    if boards_per_match < 2:
        raise MovementError(f"round-robin-4: {boards_per_match} boards a match; at least 2")
    return _round_robin("round-robin-4", 4, boards_per_match)


def _round_robin(kind: str, n: int, k: int) -> TeamSchedule:
    even = n + n % 2
    out: list[TeamTable] = []
    set_no = 0
    for r, row in enumerate(_circle(even), start=1):
        table = 1
        for a, b in row:
            if b > n:  # the phantom team of an odd field: a bye
                continue
            out += _match(r, 1, table, a, b, _boards(set_no * k + 1, k))
            set_no += 1
            table += 2
    teams, pairs = _team_pairs(n)
    return TeamSchedule(kind=kind, teams=teams, pairs=pairs, tables=tuple(out))


def board_a_match(teams: int, boards_per_match: int = 4) -> TeamSchedule:
    """An informal board-a-match round robin for 3-8 teams (seed 002).

    Each match's two tables relay its boards; with an odd number of teams one team sits out
    each round.

    >>> s = board_a_match(5, 3)
    >>> s.rounds, len(s.matches())
    (5, 10)
    """
    if not 3 <= teams <= 8:
        raise MovementError(
            f"board-a-match: {teams} teams; the informal round robin is for 3-8 teams"
        )
    if boards_per_match < 1:
        raise MovementError(f"board-a-match: {boards_per_match} boards a match; at least 1")
    s = _round_robin("board-a-match", teams, boards_per_match)
    return TeamSchedule(
        kind=s.kind,
        teams=s.teams,
        pairs=s.pairs,
        tables=s.tables,
        notes=("Each board: 1 matchpoint for a win, 1/2 for a tie, 0 for a loss.",),
    )


def _seed_order(size: int) -> list[int]:
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def knockout_bracket(
    teams: int, draw: Sequence[int] | None = None
) -> tuple[tuple[int | None, int | None], ...]:
    """First-round matches of a knockout, in bracket order; ``None`` is a bye.

    Seeded (default): seeds 1 and 2 can meet only in the final, and when the field is not a
    power of two the top seeds get the byes (seed 002). ``draw`` lists the teams in drawn order
    instead of seed order (a random draw).

    >>> knockout_bracket(6)
    ((1, None), (4, 5), (2, None), (3, 6))
    >>> knockout_bracket(4, draw=[3, 1, 4, 2])
    ((3, 2), (1, 4))
    """
    if teams < 2:
        raise MovementError(f"knockout: {teams} teams; a knockout needs at least 2")
    entrants = list(range(1, teams + 1)) if draw is None else list(draw)
    if sorted(entrants) != list(range(1, teams + 1)):
        raise MovementError(f"knockout: draw {list(entrants)} is not teams 1-{teams}")
    size = 1
    while size < teams:
        size *= 2
    slots: list[int | None] = [entrants[s - 1] if s <= teams else None for s in _seed_order(size)]
    return tuple((slots[i], slots[i + 1]) for i in range(0, size, 2))


def knockout_next(
    matches: Sequence[tuple[int | None, int | None]], winners: Mapping[int, int]
) -> tuple[tuple[int | None, int | None], ...]:
    """The next round: winners of neighbouring matches meet.

    ``winners`` maps a match's position (0-based) to its winning team; a team with a bye goes
    through without an entry.

    >>> first = knockout_bracket(6)
    >>> knockout_next(first, {1: 5, 3: 3})
    ((1, 5), (2, 3))
    """
    if len(matches) < 2 or len(matches) % 2:
        raise MovementError(f"knockout: {len(matches)} matches cannot be paired for a next round")
    through: list[int] = []
    for i, (a, b) in enumerate(matches):
        if a is None or b is None:
            team = a if b is None else b
            if team is None:
                raise MovementError(f"knockout: match {i + 1} has no teams")
            through.append(team)
            continue
        w = winners.get(i)
        if w not in (a, b):
            raise MovementError(f"knockout: match {i + 1} ({a} v {b}) needs a winner, not {w!r}")
        through.append(w)
    return tuple((through[i], through[i + 1]) for i in range(0, len(through), 2))


def swiss_teams_pairing(
    standings: Sequence[int],
    played: Sequence[tuple[int, int]] = (),
    rounds_left: int = 1,
) -> tuple[tuple[int, int], ...]:
    """Swiss teams: highest meets next highest not yet met (seed 002); as Swiss pairs.

    ``standings`` lists the teams best first (round 1: the draw; then by wins or VPs).

    >>> swiss_teams_pairing([4, 2, 1, 3], played=[(4, 2), (1, 3)])
    ((4, 1), (2, 3))
    """
    return swiss_pairing(standings, played, rounds_left)


#: Seed 002, Marvin's team game: per round, the teams (team no., NS pair, EW pair) in table
#: order of their North-South pair.
MARVIN_TEAMS: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((1, 1, 2), (2, 3, 4), (3, 6, 5)),
    ((4, 1, 3), (5, 4, 6), (6, 5, 2)),
    ((7, 1, 4), (8, 5, 3), (9, 2, 6)),
    ((10, 1, 5), (11, 2, 4), (12, 6, 3)),
    ((13, 1, 6), (14, 3, 2), (15, 4, 5)),
)


def marvin(match_boards: int = 8) -> TeamSchedule:
    """Marvin's team game: six pairs, fifteen teams, five rounds of two matches (seed 002).

    ``match_boards`` (8, 6 or 4) is the boards a pair plays in a round; the boards come in
    four sets of ``match_boards // 2`` (16, 12 or 8 boards, dealt again each round). Each team's
    North-South pair sits at its table; its East-West pair starts one table higher and moves
    up one for the second match while the boards go down one. Table 3 takes its next set from
    the bye-stand near it.

    >>> s = marvin(8)
    >>> [(t.table, t.ns_pair, t.boards[0], t.ew_pair) for t in s.stage(1, 1)]
    [(1, 1, 1, 5), (2, 3, 5, 2), (3, 6, 9, 4)]
    >>> s.bye_stand[0]
    (1, (13, 14, 15, 16))
    """
    if match_boards not in (4, 6, 8):
        raise MovementError(f"marvin: {match_boards}-board matches; use 8, 6 or 4")
    k = match_boards // 2
    out = []
    bye = []
    for r, teams in enumerate(MARVIN_TEAMS, start=1):
        for stage in (1, 2):
            for table in (1, 2, 3):
                _, ns_pair, _ = teams[table - 1]
                home = teams[table - 1][0]
                visitor = teams[(table - 1 - stage) % 3]  # EW of the team `stage` tables below
                s = (r - 1 + (table - 1 + stage - 1) % 3) % 4
                out.append(
                    TeamTable(
                        r,
                        stage,
                        table,
                        home,
                        visitor[0],
                        _boards(s * k + 1, k),
                        ns_pair,
                        visitor[2],
                    )
                )
        if r < len(MARVIN_TEAMS):
            bye.append((r, _boards(((r + 2) % 4) * k + 1, k)))
    return TeamSchedule(
        kind=f"marvin-{match_boards}",
        teams=tuple(
            Pair(t[0], f"Team {t[0]} (pairs {t[1]}/{t[2]})") for rnd in MARVIN_TEAMS for t in rnd
        ),
        pairs=tuple(Pair(p, str(p)) for p in range(1, 7)),
        tables=tuple(out),
        bye_stand=tuple(bye),
        notes=(
            "Pair 1 stays North-South at table 1.",
            "East-West pairs start one table above their North-South teammates and move up one; "
            "boards pass down one (table 3 is below table 1).",
            f"Boards {4 * k - k + 1}-{4 * k} rest on a bye-stand near table 3 in round 1; table 3 "
            "exchanges boards with it at the start of each later round.",
            "Boards are shuffled and dealt again at the start of each round.",
        ),
        redealt=True,
    )


def knockout(teams: int, boards: int = 16, draw: Sequence[int] | None = None) -> TeamSchedule:
    """The first round of a knockout (seed 002): :func:`knockout_bracket`'s matches, each at
    two tables of its own playing ``boards`` boards; teams with a bye sit out.

    >>> s = knockout(6, 8)
    >>> [(t.table, t.ns_team, t.ew_team) for t in s.tables]
    [(1, 4, 5), (2, 5, 4), (3, 3, 6), (4, 6, 3)]
    """
    if boards < 1:
        raise MovementError(f"knockout: {boards} boards a match; at least 1")
    check_count(boards, "knockout: boards", MATCH_BOARDS)  # before any work
    out: list[TeamTable] = []
    table = 1
    for a, b in knockout_bracket(teams, draw):
        if a is not None and b is not None:
            out += _match(1, 1, table, a, b, _boards(1, boards))
            table += 2
    names, pairs = _team_pairs(teams)
    return TeamSchedule(
        kind="knockout",
        teams=names,
        pairs=pairs,
        tables=tuple(out),
        notes=("Each match plays its own copy of the boards; winners meet in the next round.",),
    )


def swiss_teams(
    teams: int, boards: int = 7, pairing: Sequence[tuple[int, int]] | None = None
) -> TeamSchedule:
    """One round of Swiss teams (seed 002): round 1 by draw (1 v 2, 3 v 4, ...) unless
    ``pairing`` is given; each match at two tables of its own.

    >>> [(t.table, t.ns_team, t.ew_team) for t in swiss_teams(4, 6).tables][:2]
    [(1, 1, 2), (2, 2, 1)]
    """
    if teams < 4 or teams % 2:
        raise MovementError(
            f"swiss-teams: {teams} teams; use an even number, at least 4 (Party Bridge advises "
            "avoiding an odd number)"
        )
    if boards < 1:
        raise MovementError(f"swiss-teams: {boards} boards a match; at least 1")
    draw = list(pairing) if pairing is not None else [(k, k + 1) for k in range(1, teams + 1, 2)]
    out: list[TeamTable] = []
    for i, (a, b) in enumerate(draw):
        out += _match(1, 1, 2 * i + 1, a, b, _boards(1, boards))
    names, pairs = _team_pairs(teams)
    return TeamSchedule(kind="swiss-teams", teams=names, pairs=pairs, tables=tuple(out))


def _need(kind: str, tables: int, need: int) -> None:
    if tables != need:
        raise MovementError(f"{kind}: {tables} tables; this schedule is for {need} tables")


def _h2h_kind(tables: int, boards_per_round: int = 12) -> Movement:
    _need("head-to-head", tables, 2)
    return head_to_head(2 * boards_per_round).to_movement()


def _rr3_kind(tables: int, boards_per_round: int = 6) -> Movement:
    _need("round-robin-3", tables, 3)
    return round_robin_three(boards_per_round).to_movement()


def _rr4_kind(tables: int, boards_per_round: int = 8) -> Movement:
    _need("round-robin-4", tables, 4)
    return round_robin_four(boards_per_round).to_movement()


def _bam_kind(tables: int, boards_per_round: int = 4) -> Movement:
    return board_a_match(tables, boards_per_round).to_movement()


def _ko_kind(tables: int, boards_per_round: int = 16) -> Movement:
    return knockout(tables, boards_per_round).to_movement()


def _swiss_kind(tables: int, boards_per_round: int = 7) -> Movement:
    return swiss_teams(tables, boards_per_round).to_movement()


def _marvin_kind(boards: int) -> Callable[..., Movement]:
    def build(tables: int) -> Movement:
        _need(f"marvin-{boards}", tables, 3)
        return marvin(boards).to_movement()

    return build


KINDS: dict[str, KindInfo] = {
    "head-to-head": KindInfo(
        "head-to-head", "Two teams, two rooms, in halves (boards per half)", "2", _h2h_kind
    ),
    "round-robin-3": KindInfo(
        "round-robin-3",
        "Three teams round robin, boards 1-6/7-12/13-18 (Party Bridge)",
        "3",
        _rr3_kind,
    ),
    "round-robin-4": KindInfo(
        "round-robin-4", "Four teams round robin, 8-board matches (Party Bridge)", "4", _rr4_kind
    ),
    "board-a-match": KindInfo(
        "board-a-match",
        "Board-a-match round robin: as many teams as tables (3-8; odd: one sits out)",
        "3-8",
        _bam_kind,
    ),
    "knockout": KindInfo(
        "knockout",
        "Knockout teams: seeded bracket, byes for the top seeds (teams = tables)",
        "2-32",
        _ko_kind,
    ),
    "swiss-teams": KindInfo(
        "swiss-teams",
        "Swiss teams: round 1 by draw, later rounds by record (teams = tables)",
        ",".join(str(t) for t in range(4, 41, 2)),
        _swiss_kind,
    ),
    **{
        f"marvin-{b}": KindInfo(
            f"marvin-{b}",
            f"Marvin's six-pair team game, {b}-board matches (Party Bridge)",
            "3",
            _marvin_kind(b),
        )
        for b in (8, 6, 4)
    },
}
