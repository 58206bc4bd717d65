"""Individual movements (seed 002 "Duplicate games for individuals"; rules.md §8 Rainbow)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from xlbridge.errors import MovementError
from xlbridge.movements.individual import (
    rainbow,
    rainbow_seating,
    six_couples,
    three_table_individual,
    two_table_individual,
)
from xlbridge.movements.model import Movement
from xlbridge.movements.validate import check


def partnerships(m: Movement) -> Counter[frozenset[int]]:
    """Partnerships over every board (the Rainbow changes partners within a round)."""
    out: Counter[frozenset[int]] = Counter()
    for e in m.entries:
        for b in e.boards:
            n, east, s, w = rainbow_seating(e, b) if m.kind == "rainbow" else e.players  # type: ignore[misc]
            out[frozenset((n, s))] += 1
            out[frozenset((east, w))] += 1
    return out


def per_round(m: Movement, counter: Counter[frozenset[int]]) -> Counter[frozenset[int]]:
    return Counter({k: v // m.boards_per_round for k, v in counter.items()})


def oppositions(m: Movement) -> Counter[frozenset[int]]:
    out: Counter[frozenset[int]] = Counter()
    for e in m.entries:
        assert e.players is not None
        n, east, s, w = e.players
        for a in (n, s):
            for b in (east, w):
                out[frozenset((a, b))] += 1
    return out


def boards_once(m: Movement) -> None:
    for p in (q.id for q in m.pairs):
        played = [b for e in m.entries if e.players and p in e.players for b in e.boards]
        assert len(played) == len(set(played)), p


# --- Rainbow (rules.md §8; seed 002 "The Rainbow Movement") ---------------------------------


@pytest.mark.parametrize("tables", [5, 7, 11, 13])
def test_rainbow_numbers_and_moves(tables: int) -> None:
    """rules.md §8: N = t, W = t+T, S = t+2T, E = t+3T; North stays, South +1, East +2,
    West -2, boards -1; T rounds of 3 boards."""
    m = rainbow(tables)
    assert (m.rounds, len(m.boards), m.individual) == (tables, 3 * tables, True)
    for e in m.round_entries(1):
        t = e.table
        assert e.players == (t, t + 3 * tables, t + 2 * tables, t + tables)
    where = {(e.round, p): e.table for e in m.entries for p in e.players or ()}
    sets = {(e.round, e.table): e.set for e in m.entries}
    for r in range(1, tables):
        for e in m.round_entries(r):
            n, east, s, w = e.players or (0, 0, 0, 0)
            up = [(e.table - 1 + k) % tables + 1 for k in (-2, -1, 0, 1, 2)]
            assert where[(r + 1, n)] == e.table
            assert where[(r + 1, s)] == up[3]
            assert where[(r + 1, east)] == up[4]
            assert where[(r + 1, w)] == up[0]
            assert sets[(r + 1, up[1])] == e.set  # boards go down one


@pytest.mark.parametrize("tables", [5, 7, 11, 13])
def test_rainbow_meets_and_partners_once(tables: int) -> None:
    """Seed 002: no two players meet at a table more than once, nobody meets a board twice,
    and each player partners every player of another compass direction once."""
    m = rainbow(tables)
    direction = {p.id: (p.id - 1) // tables for p in m.pairs}
    together: Counter[frozenset[int]] = Counter()
    for e in m.entries:
        for c in combinations(e.players or (), 2):
            together[frozenset(c)] += 1
    different = {
        frozenset(c) for c in combinations(direction, 2) if direction[c[0]] != direction[c[1]]
    }
    assert set(together) == different and set(together.values()) == {1}
    # 3 boards a round: one board with each partner
    assert partnerships(m) == Counter({k: 1 for k in different})
    boards_once(m)
    assert check(m).valid


def test_rainbow_partner_order() -> None:
    """Seed 002: "South first, East last"; the partner sits South, then back to own seats."""
    e = rainbow(7, boards_per_round=6).entries[0]
    seats = [rainbow_seating(e, b) for b in e.boards]
    assert [s[2] for s in seats] == [15, 15, 8, 8, 22, 22]  # S, then W, then E partner North
    with pytest.raises(MovementError, match="board 99"):
        rainbow_seating(e, 99)


@pytest.mark.parametrize("tables", [4, 6, 9, 3])
def test_rainbow_needs_tables_prime_to_six(tables: int) -> None:
    with pytest.raises(MovementError, match=f"{tables} tables"):
        rainbow(tables)


# --- two and three tables (seed 002) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "players", "rounds"),
    [(two_table_individual, 8, 7), (three_table_individual, 12, 11)],
)
def test_small_individuals(build: object, players: int, rounds: int) -> None:
    """Seed 002: everyone partners everyone once (7 rounds for 8, 11 for 12); the highest
    number stays at table 1; the others take the seat of the next-lower number (the top moving
    number follows 1). Every two players are opponents twice."""
    m = build()  # type: ignore[operator]
    assert isinstance(m, Movement)
    assert m.rounds == rounds
    ids = range(1, players + 1)
    all_pairs = {frozenset(c) for c in combinations(ids, 2)}
    assert per_round(m, partnerships(m)) == Counter({k: 1 for k in all_pairs})
    assert oppositions(m) == Counter({k: 2 for k in all_pairs})
    assert m.round_entries(1)[0].players[0] == players  # type: ignore[index]
    for r in range(1, rounds):
        before = [e.players for e in m.round_entries(r)]
        after = [e.players for e in m.round_entries(r + 1)]
        for seats_b, seats_a in zip(before, after, strict=True):
            for pb, pa in zip(seats_b or (), seats_a or (), strict=True):
                assert pa == (pb if pb == players else pb % (players - 1) + 1)
    boards_once(m)
    assert check(m).valid


@pytest.mark.parametrize(("k", "boards"), [(2, 14), (3, 21), (4, 28)])
def test_two_table_boards(k: int, boards: int) -> None:
    """Seed 002: seven rounds totalling 14, 21 or 28 boards."""
    assert len(two_table_individual(k).boards) == boards


def test_three_table_boards_pass_down() -> None:
    """Seed 002: 11 rounds, 33 boards; boards pass to the next-lower table (1 to 3)."""
    m = three_table_individual()
    assert len(m.boards) == 33
    t1, t2, t3 = m.round_entries(1)
    assert (t1.boards, t2.boards, t3.boards) == ((1, 2, 3), (2, 3, 1), (3, 1, 2))


def test_six_couples_start() -> None:
    """Seed 002: 7, 1, 2, 8 West-North-East-South at table 1; 12, 4, 5, 9 at table 2;
    10, 3, 6, 11 at table 3."""
    wnes = [(7, 1, 2, 8), (12, 4, 5, 9), (10, 3, 6, 11)]
    got = [
        (p[3], p[0], p[1], p[2])
        for p in (e.players or (0, 0, 0, 0) for e in six_couples().round_entries(1))
    ]
    assert got == wnes


def test_six_couples_properties() -> None:
    """Seed 002: hosts 1 and 7 stay put; each guest couple (k, k+6) sits together only at
    the host table; after five rounds every guest has partnered every guest of the other sex
    (everyone but their own partner); 4 deals a round make 20."""
    m = six_couples()
    assert (m.rounds, len(m.boards)) == (5, 20)
    for r in range(1, 6):
        host = m.round_entries(r)[0].players
        assert host is not None and (host[0], host[3]) == (1, 7)
    couples = {frozenset((k, k + 6)) for k in range(2, 7)}
    for e in m.entries:
        together = {c for c in couples if c <= set(e.players or ())}
        assert not together or e.table == 1
    at_host = [c for e in m.entries if e.table == 1 for c in couples if c <= set(e.players or ())]
    assert sorted(map(sorted, at_host)) == sorted(map(sorted, couples))
    men, women = range(1, 7), range(7, 13)
    expected = {frozenset((a, b)) for a in men for b in women if b != a + 6}
    assert per_round(m, partnerships(m)) == Counter({k: 1 for k in expected})
    assert check(m).valid


@pytest.mark.parametrize(
    "call",
    [
        lambda: two_table_individual(rounds=8),
        lambda: three_table_individual(boards_per_round=0),
        lambda: six_couples(rounds=6),
        lambda: rainbow(5, boards_per_round=4),
    ],
)
def test_bad_requests(call: object) -> None:
    with pytest.raises(MovementError):
        call()  # type: ignore[operator]
