"""Team-of-four schedules (seed 002, "Duplicate games for teams-of-four")."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from xlbridge.errors import MovementError
from xlbridge.movements.teams import (
    MARVIN_TEAMS,
    TeamSchedule,
    TeamTable,
    board_a_match,
    head_to_head,
    knockout_bracket,
    knockout_next,
    marvin,
    round_robin_four,
    round_robin_three,
    swiss_teams_pairing,
)
from xlbridge.movements.validate import check

# Seed 002, Marvin's team game, "Round n (8-board matches)": per round, the table lines
# "Table t  Pair p NS  Boards a-b  vs Pair q EW" in the printed order (first match, then second
# match at each table), and the bye-stand line.
SEED_MARVIN_8 = {
    1: ("1 1 1-4 5; 1 1 5-8 4; 2 3 5-8 2; 2 3 9-12 5; 3 6 9-12 4; 3 6 1-4 2", "13-16"),
    2: ("1 1 5-8 2; 1 1 9-12 6; 2 4 9-12 3; 2 4 13-16 2; 3 5 13-16 6; 3 5 5-8 3", "1-4"),
    3: ("1 1 9-12 6; 1 1 13-16 3; 2 5 13-16 4; 2 5 1-4 6; 3 2 1-4 3; 3 2 9-12 4", "5-8"),
    4: ("1 1 13-16 3; 1 1 1-4 4; 2 2 1-4 5; 2 2 5-8 3; 3 6 5-8 4; 3 6 13-16 5", "9-12"),
    5: ("1 1 1-4 5; 1 1 5-8 2; 2 3 5-8 6; 2 3 9-12 5; 3 4 9-12 2; 3 4 1-4 6", None),
}
# Seed 002, "Round n (6-board matches)". The scan's errors, corrected from the same page:
# round 2's table lines repeat the 8-board boards (its team lines and bye-stand 1-3 give
# 4-6, 7-9, 10-12); round 4's 6-board page is headed "8-board" and prints 9-12 for 10-12
# (bye-stand 7-9); round 3's "vs Team 8" line lost its "10-12".
SEED_MARVIN_6 = {
    1: ("1 1 1-3 5; 1 1 4-6 4; 2 3 4-6 2; 2 3 7-9 5; 3 6 7-9 4; 3 6 1-3 2", "10-12"),
    2: ("1 1 4-6 2; 1 1 7-9 6; 2 4 7-9 3; 2 4 10-12 2; 3 5 10-12 6; 3 5 4-6 3", "1-3"),
    3: ("1 1 7-9 6; 1 1 10-12 3; 2 5 10-12 4; 2 5 1-3 6; 3 2 1-3 3; 3 2 7-9 4", "4-6"),
    4: ("1 1 10-12 3; 1 1 1-3 4; 2 2 1-3 5; 2 2 4-6 3; 3 6 4-6 4; 3 6 10-12 5", "7-9"),
    5: ("1 1 1-3 5; 1 1 4-6 2; 2 3 4-6 6; 2 3 7-9 5; 3 4 7-9 2; 3 4 1-3 6", None),
}
# Seed 002, "Pair Numbers and Team Members": Team n - Pairs NS/EW, per round.
SEED_MARVIN_TEAMS = """
1 1/2 2 3/4 3 6/5
4 1/3 5 4/6 6 5/2
7 1/4 8 5/3 9 2/6
10 1/5 11 2/4 12 6/3
13 1/6 14 3/2 15 4/5
"""


def _span(text: str) -> tuple[int, ...]:
    a, b = map(int, text.split("-"))
    return tuple(range(a, b + 1))


def _seed_lines(text: str) -> list[tuple[int, int, tuple[int, ...], int]]:
    out = []
    for item in text.split(";"):
        t, ns, boards, ew = item.split()
        out.append((int(t), int(ns), _span(boards), int(ew)))
    return out


def _printed(s: TeamSchedule, rnd: int) -> list[tuple[int, int, tuple[int, ...], int]]:
    rows = [t for t in s.tables if t.round == rnd]
    rows.sort(key=lambda t: (t.table, t.stage))
    return [(t.table, t.ns_pair or 0, tuple(sorted(t.boards)), t.ew_pair or 0) for t in rows]


def test_marvin_teams_are_seed() -> None:
    """Seed 002: the fifteen teams and their NS/EW pairs, round by round."""
    rows = [line.split() for line in SEED_MARVIN_TEAMS.strip().splitlines()]
    seed = tuple(
        tuple((int(r[i]), *map(int, r[i + 1].split("/"))) for i in (0, 2, 4)) for r in rows
    )
    assert seed == MARVIN_TEAMS


@pytest.mark.parametrize(("boards", "seed"), [(8, SEED_MARVIN_8), (6, SEED_MARVIN_6)])
def test_marvin_reproduces_seed(boards: int, seed: dict[int, tuple[str, str | None]]) -> None:
    """Seed 002: every table line and bye-stand of the 8- and 6-board schedules."""
    s = marvin(boards)
    byes = dict(s.bye_stand)
    for rnd, (lines, bye) in seed.items():
        assert _printed(s, rnd) == _seed_lines(lines), rnd
        assert byes.get(rnd) == (None if bye is None else _span(bye))


@pytest.mark.parametrize("boards", [8, 6, 4])
def test_marvin_properties(boards: int) -> None:
    """Seed 002: six pairs form fifteen teams, each pair on five; every team plays two
    matches of boards/2 (15 matches); pair 1 stays NS at table 1, the others play NS twice
    and EW three times; 40, 30 or 20 boards a pair in all.

    The seed also says "each pair meets every other pair twice"; in its own schedule that holds
    for pair 1 only (pair 2 meets pairs 3 and 4 three times, 5 and 6 once), so only pair 1 is
    checked."""
    s = marvin(boards)
    s.check()
    teams = [frozenset(t[1:]) for rnd in MARVIN_TEAMS for t in rnd]
    assert sorted(map(sorted, teams)) == sorted(map(sorted, map(set, combinations(range(1, 7), 2))))
    matches = s.matches()
    assert len(matches) == 15 and {len(b) for b in matches.values()} == {boards // 2}
    assert Counter(t for _, a, b in matches for t in (a, b)) == Counter(
        {t: 2 for t in range(1, 16)}
    )
    ns = Counter(t.ns_pair for t in s.tables if t.stage == 1)
    ew = Counter(t.ew_pair for t in s.tables if t.stage == 1)
    assert ns[1] == 5 and all((ns[p], ew[p]) == (2, 3) for p in range(2, 7))
    per_pair = Counter(p for t in s.tables for p in (t.ns_pair, t.ew_pair) for _ in t.boards)
    assert set(per_pair.values()) == {5 * boards}
    met = Counter(t.ew_pair for t in s.tables if t.ns_pair == 1)
    assert met == Counter({p: 2 for p in range(2, 7)})
    m = s.to_movement()
    assert check(m).valid and len(m.boards) == 5 * 3 * boards // 2


def test_head_to_head() -> None:
    """Seed 002: two rooms in halves; one team's pairs switch tables so each pair plays both
    opposing pairs; every board is played once each way."""
    s = head_to_head(boards=24)
    s.check()
    opponents = Counter(frozenset((t.ns_pair, t.ew_pair)) for t in s.tables)
    assert opponents == Counter({frozenset((a, b)): 1 for a in (1, 2) for b in (3, 4)})
    assert s.matches() == {(1, 1, 2): tuple(range(1, 25))}
    with pytest.raises(MovementError, match="25 boards"):
        head_to_head(25)


def test_round_robin_three_is_seed() -> None:
    """Seed 002 (corrected by rules.md §0): boards 1-6 on table 1, 7-12 on table 2, 13-18 on
    table 3; EW pairs play at the two tables not of their NS teammates; six deals against each
    team a half, 12 in the session."""
    s = round_robin_three()
    s.check()
    first = s.stage(1, 1)
    assert [(t.table, t.boards) for t in first] == [
        (1, tuple(range(1, 7))),
        (2, tuple(range(7, 13))),
        (3, tuple(range(13, 19))),
    ]
    for t in s.tables:
        assert t.ns_team == t.table and t.ew_team != t.table
    # East-West carry the boards they played to their own NS pair's table
    for t in s.stage(1, 1):
        home = next(x for x in s.stage(1, 2) if x.table == t.ew_team)
        assert home.boards == t.boards
    per_match: Counter[tuple[int, int]] = Counter()
    for (_, a, b), boards in s.matches().items():
        per_match[(a, b)] += len(boards)
    assert per_match == Counter({(1, 2): 12, (1, 3): 12, (2, 3): 12})


@pytest.mark.parametrize(("k", "total"), [(5, 20), (6, 24), (7, 28)])
def test_round_robin_three_lengths(k: int, total: int) -> None:
    """Seed 002: five to seven boards a round, 20 to 28 boards in all."""
    s = round_robin_three(k)
    played = Counter(t.ns_pair for t in s.tables for _ in t.boards)
    assert set(played.values()) == {total}


def test_round_robin_four() -> None:
    """Seed 002: four teams, separate matches against the other three; 8-board matches make
    24 boards in all."""
    s = round_robin_four()
    s.check()
    assert {(a, b) for _, a, b in s.matches()} == set(combinations(range(1, 5), 2))
    played = Counter(t.ns_team for t in s.tables for _ in t.boards)
    assert set(played.values()) == {24}


@pytest.mark.parametrize("teams", range(3, 9))
def test_board_a_match(teams: int) -> None:
    """Seed 002: round robin; each match's two tables relay its boards."""
    s = board_a_match(teams, 3)
    s.check()
    assert {(a, b) for _, a, b in s.matches()} == set(combinations(range(1, teams + 1), 2))
    assert check(s.to_movement()).valid
    with pytest.raises(MovementError, match="9 teams"):
        board_a_match(9)


@pytest.mark.parametrize(
    ("teams", "byes"), [(2, []), (5, [1, 2, 3]), (6, [1, 2]), (7, [1]), (8, [])]
)
def test_knockout_byes_to_top_seeds(teams: int, byes: list[int]) -> None:
    """Seed 002: when the field is not a power of two the top seeds get first-round byes."""
    first = knockout_bracket(teams)
    got = sorted(t for a, b in first if a is None or b is None for t in (a, b) if t is not None)
    assert got == byes
    assert sorted(p for m in first for p in m if p is not None) == list(range(1, teams + 1))


@pytest.mark.parametrize("teams", range(2, 17))
def test_knockout_top_seeds_meet_in_final(teams: int) -> None:
    """Seed 002: strong teams at opposite ends of the bracket, so if the better seed always
    wins, seeds 1 and 2 meet in the final."""
    matches = knockout_bracket(teams)
    while len(matches) > 1:
        winners = {
            i: min(a, b) for i, (a, b) in enumerate(matches) if a is not None and b is not None
        }
        matches = knockout_next(matches, winners)
    assert matches == ((1, 2),)


def test_knockout_errors() -> None:
    with pytest.raises(MovementError, match="needs a winner"):
        knockout_next(knockout_bracket(4), {0: 1})
    with pytest.raises(MovementError, match="draw"):
        knockout_bracket(4, draw=[1, 2, 3, 3])


def test_swiss_teams() -> None:
    """Seed 002: highest meets next highest, no second match between two teams."""
    assert swiss_teams_pairing([1, 2, 3, 4]) == ((1, 2), (3, 4))
    assert swiss_teams_pairing([1, 2, 3, 4], [(1, 2), (3, 4)]) == ((1, 3), (2, 4))


def test_check_catches_one_way_boards() -> None:
    bad = TeamSchedule(
        "bad",
        teams=(),
        pairs=(),
        tables=(TeamTable(1, 1, 1, 1, 2, (1, 2), 1, 4), TeamTable(1, 1, 2, 1, 2, (1, 2), 3, 2)),
    )
    with pytest.raises(MovementError, match="board 1"):
        bad.check()
