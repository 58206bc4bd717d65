"""Howell movements (rules.md §8; seed 001 "Howell movements"; seed 002 duplicate pairs)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import MovementError
from xlbridge.movements import howell as howell_mod
from xlbridge.movements.balance import balance
from xlbridge.movements.howell import (
    HOWELL_MAX_TABLES,
    howell,
    starter,
    three_quarter_howell,
    three_quarter_rounds,
)
from xlbridge.movements.model import Movement
from xlbridge.movements.validate import check


def meetings(m: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((e.ns, e.ew)) for e in m.entries if e.ns and e.ew)


def sets_played(m: Movement) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {p.id: [] for p in m.pairs}
    for e in m.entries:
        for p in (e.ns, e.ew):
            if p is not None and e.set is not None:
                out[p].append(e.set)
    return out


def assert_complete_howell(m: Movement) -> None:
    """Independent check of rules.md §8 "Complete Howell"."""
    t = m.tables
    ids = [p.id for p in m.pairs]
    assert len(ids) == 2 * t
    assert m.rounds == 2 * t - 1
    # every pair meets every other pair exactly once
    assert meetings(m) == Counter({frozenset(c): 1 for c in combinations(ids, 2)})
    # every pair plays every set exactly once
    for pair, sets in sets_played(m).items():
        assert sorted(sets) == list(range(1, 2 * t)), pair
    # no pair plays a board twice, and every pair plays once a round
    for pair in ids:
        boards = [b for e in m.entries if pair in (e.ns, e.ew) for b in e.boards]
        assert len(boards) == len(set(boards)), pair
        rounds = sorted(e.round for e in m.entries if pair in (e.ns, e.ew))
        assert rounds == list(range(1, m.rounds + 1)), pair
    # each set is played T times
    assert Counter(e.set for e in m.entries) == Counter({s: t for s in range(1, 2 * t)})


def test_three_tables_is_rules_table() -> None:
    """rules.md §8, NBB N022_Howell_6: the printed table, set E relayed in round 5."""
    published = """1-2 A|3-4 B|5-6 C
1-3 C|5-2 D|4-6 A
1-4 D|2-6 B|3-5 A
1-5 B|4-2 C|6-3 D
1-6 E|2-3 E|4-5 E"""
    m = howell(3, boards_per_round=1)
    got = "\n".join(
        "|".join(f"{e.ns}-{e.ew} {'ABCDE'[e.set - 1]}" for e in m.round_entries(r))  # type: ignore[operator]
        for r in range(1, 6)
    )
    assert got == published
    assert {e.boards for e in m.round_entries(5)} == {(5,)}


def test_four_tables_is_rules_table() -> None:
    """rules.md §8, NBB N025_Howell_tafelkaart_8, exactly."""
    published = """8-1 A|6-3 D|7-2 F|4-5 G
8-2 B|7-4 E|1-3 G|5-6 A
8-3 C|1-5 F|2-4 A|6-7 B
8-4 D|2-6 G|3-5 B|7-1 C
8-5 E|3-7 A|4-6 C|1-2 D
8-6 F|4-1 B|5-7 D|2-3 E
8-7 G|5-2 C|6-1 E|3-4 F"""
    m = howell(4, boards_per_round=1)
    got = "\n".join(
        "|".join(f"{e.ns}-{e.ew} {'ABCDEFG'[e.set - 1]}" for e in m.round_entries(r))  # type: ignore[operator]
        for r in range(1, 8)
    )
    assert got == published


@pytest.mark.parametrize("tables", range(2, HOWELL_MAX_TABLES + 1))
def test_complete_howell_is_valid(tables: int) -> None:
    """rules.md §8: every pair meets every other once and plays every set once."""
    m = howell(tables)
    assert_complete_howell(m)
    if tables >= 4:  # no shared boards from 4 tables up
        for r in range(1, m.rounds + 1):
            sets = [e.set for e in m.round_entries(r)]
            assert len(sets) == len(set(sets))
    v = check(m, complete=True)
    assert v.complete and v.valid, v.errors
    if tables >= 4:
        assert v.warnings == []  # no shared boards, no repeated opponents


@pytest.mark.parametrize(("tables", "relayed"), [(2, 3), (3, 1)])
def test_small_howells_relay(tables: int, relayed: int) -> None:
    """rules.md §8: 2 and 3 tables relay (3 tables: set E in the last round only)."""
    m = howell(tables)
    shared = [
        r
        for r in range(1, m.rounds + 1)
        if len({e.set for e in m.round_entries(r)}) < len(m.round_entries(r))
    ]
    assert len(shared) == relayed


@pytest.mark.parametrize("tables", range(5, HOWELL_MAX_TABLES + 1))
def test_starter_differences(tables: int) -> None:
    """The cyclic starter: differences ±1..±(T-1) once, distinct set offsets."""
    m = 2 * tables - 1
    rows = starter(tables)[1:]
    diffs = sorted(min((y - x) % m, (x - y) % m) for x, y, _ in rows)
    assert diffs == list(range(1, tables))
    assert len({o for *_, o in starter(tables)}) == tables


@pytest.mark.parametrize(
    ("tables", "k", "boards"), [(4, 3, 21), (4, 4, 28), (5, 3, 27), (7, 2, 26)]
)
def test_published_sizes(tables: int, k: int, boards: int) -> None:
    """Seed 002: 4 tables, 7 rounds of 3 or 4 boards (21 or 28); 7 tables all 26 boards;
    rules.md §8: 5 tables 9 x 3 boards."""
    assert len(howell(tables, boards_per_round=k).boards) == boards


@pytest.mark.parametrize("tables", range(6, 13))
def test_three_quarter_howell(tables: int) -> None:
    """rules.md §8: a ¾ Howell has fewer rounds than 2T-1 (EXE: 6 tables, 9 rounds)."""
    m = three_quarter_howell(tables)
    assert m.rounds == three_quarter_rounds(tables) < 2 * tables - 1
    assert three_quarter_rounds(6) == 9
    met = meetings(m)
    assert set(met.values()) == {1}  # nobody meets twice
    for pair, sets in sets_played(m).items():
        assert len(sets) == len(set(sets)) == m.rounds, pair
    v = check(m, complete=False)
    assert v.valid and v.warnings == [], v.violations


@given(st.integers(2, 13), st.integers(1, 4), st.data())
def test_shortened_howell_never_repeats(tables: int, k: int, data: st.DataObject) -> None:
    """Property: any shortened Howell still has no repeated opponent or board."""
    rounds = data.draw(st.integers(1, 2 * tables - 1))
    m = howell(tables, boards_per_round=k, rounds=rounds)
    assert set(meetings(m).values()) == {1}
    for pair in (p.id for p in m.pairs):
        boards = [b for e in m.entries if pair in (e.ns, e.ew) for b in e.boards]
        assert len(boards) == len(set(boards))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tables": 1}, "1 tables"),
        ({"tables": 40}, "40 tables"),
        ({"tables": 4, "rounds": 8}, "8 rounds"),
        ({"tables": 4, "boards_per_round": 0}, "0 boards"),
    ],
)
def test_impossible_requests(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        howell(**kwargs)


def test_three_quarter_range() -> None:
    with pytest.raises(MovementError, match="5 tables"):
        three_quarter_howell(5)


@pytest.mark.parametrize("tables", range(2, HOWELL_MAX_TABLES + 1))
def test_balance_mean_is_manning_mean(tables: int) -> None:
    """rules.md §8: for a complete movement the mean s_ij is N(T-1)/(2T-1) (N boards)."""
    m = howell(tables, boards_per_round=1)
    b = balance(m)
    n_boards = 2 * tables - 1
    assert b.mean == pytest.approx(n_boards * (tables - 1) / (2 * tables - 1))
    assert b.competitions == 1  # one winner
    # sum of s_ij = n(n-1)N with n = times each board is played
    n = tables if tables != 2 else 2
    if tables != 3:
        assert sum(b.histogram[s] * s for s in b.histogram) == n * (n - 1) * n_boards


def test_three_table_balance_is_published() -> None:
    """rules.md §8: the 3-table Howell is not balanced: s_ij per board 0-6, mean 2."""
    b = balance(howell(3, boards_per_round=1))
    assert (min(b.histogram), max(b.histogram), b.mean) == (0, 6, 2)


@pytest.mark.parametrize("tables", [2, 4, 6])
def test_perfect_howells(tables: int) -> None:
    """rules.md §8 / BC: the 4-table Howell is perfect (s_ij = 3 for all 28 pairs of pairs);
    the generated 2- and 6-table Howells are perfect too."""
    b = balance(howell(tables, boards_per_round=1))
    assert b.perfect
    assert list(b.histogram) == [(2 * tables - 1) * (tables - 1) // (2 * tables - 1)]


@pytest.mark.parametrize("tables", range(5, HOWELL_MAX_TABLES + 1))
def test_turning_tables_narrows_the_spread(tables: int) -> None:
    """Turning tables round never widens the s_ij spread of the cyclic construction, and
    every s_ij stays within 6 of the mean per board set."""
    plain = howell_mod._grid_movement(tables, howell_mod._cyclic_grid(tables, frozenset()))
    b = balance(howell(tables, boards_per_round=1))
    assert b.sd <= balance(plain).sd
    assert all(abs(s - b.mean) <= 6 for s in b.histogram)
