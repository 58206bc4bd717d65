"""Mitchell set-ups from seeds 000 and 001 (and rules.md §8), plus property tests."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.shared import boards_at, ew_at
from xlbridge.errors import MovementError
from xlbridge.movements.mitchell import (
    apply_arrow_switch,
    bowman,
    extended_mitchell,
    mitchell,
    rover,
    worger,
)
from xlbridge.movements.validate import check

# -- seed 000: six-table relay and bye-stand example -------------------------------------------


def test_seed000_six_tables_round_one() -> None:
    """Seed 000: 18 boards; 1-3 T1, 4-6 T2, 7-9 T3, 10-12 on the bye-stand, 13-15 T4,
    16-18 T5; table 6 borrows table 1's boards."""
    m = mitchell(6, 3, even="relay")
    assert boards_at(m, 1) == {
        1: (1, 2, 3),
        2: (4, 5, 6),
        3: (7, 8, 9),
        4: (13, 14, 15),
        5: (16, 17, 18),
        6: (1, 2, 3),
    }
    assert m.bye_stand_in(1) == (10, 11, 12)
    assert m.rounds == 6 and len(m.boards) == 18


def test_seed000_six_tables_round_two() -> None:
    """Seed 000: after round 1, 13-15 go from table 4 to the bye-stand, 10-12 from the stand to
    table 3; the boards relayed between tables 1 and 6 go next to table 5."""
    m = mitchell(6, 3, even="relay")
    r2 = boards_at(m, 2)
    assert m.bye_stand_in(2) == (13, 14, 15)
    assert r2[3] == (10, 11, 12)
    assert r2[5] == (1, 2, 3)
    assert r2[1] == r2[6] == (4, 5, 6)


def test_seed000_six_tables_everyone_meets_everyone() -> None:
    """Seed 000: each NS pair plays one round against each EW pair, and every pair meets each
    set of boards once and only once."""
    m = mitchell(6, 3, even="relay")
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    assert {w.rule for w in v.warnings} == {"4B"}  # only the relay's sharing
    for ns in range(1, 7):
        assert sorted(e.ew for e in m.entries_of(ns) if e.ew is not None) == list(range(7, 13))


def test_seed000_ew_moves_up_one_boards_down_one() -> None:
    """Seed 000: NS stationary; EW up one table (highest to 1); boards down one (1 to highest)."""
    m = mitchell(7, 3)
    for r in range(1, 7):
        now, nxt = m.round_entries(r), m.round_entries(r + 1)
        for e in now:
            up = e.table % 7 + 1
            down = e.table - 1 or 7
            assert nxt[up - 1].ew == e.ew
            assert nxt[down - 1].boards == e.boards
            assert nxt[e.table - 1].ns == e.ns


def test_seed000_seven_tables_21_boards() -> None:
    """Seed 000: seven tables, 21 boards: 1-3 on table 1 ... 19-21 on table 7."""
    m = mitchell(7, 3)
    assert boards_at(m, 1)[1] == (1, 2, 3) and boards_at(m, 1)[7] == (19, 20, 21)
    assert m.rounds == 7 and m.boards == tuple(range(1, 22))


def test_seed000_pair_labels() -> None:
    """Seed 000: pair numbers from the starting table and direction: N-S 1, E-W 1, ..."""
    m = mitchell(7, 3)
    assert [m.label(i) for i in (1, 7, 8, 14)] == ["NS 1", "NS 7", "EW 1", "EW 7"]
    assert m.round_entries(1)[2].ew == 10 and m.label(10) == "EW 3"


# -- seed 000 / rules.md §8: half tables ------------------------------------------------------


def test_seed000_six_and_a_half_tables() -> None:
    """Seed 000: 6½ tables play as seven; no NS pair at table 7; the EW pair there sits out;
    boards idle at table 7 for the round."""
    m = mitchell(7, 3, half_table=True)
    assert 7 not in m.pair_ids and len(m.pairs) == 13
    assert all(e.table != 7 for e in m.entries)
    assert sorted(m.sit_outs) == sorted((r, 7 + (7 - r) % 7 + 1) for r in range(1, 8))
    assert m.bye_stand_in(1) == (19, 20, 21)
    assert check(m).errors == []


def test_seed000_seven_and_a_half_tables() -> None:
    """Seed 000: 7½ tables: boards as for eight with a bye-stand between tables 4 and 5; no
    play at table 8 so no relay is needed; rounds = tables (8)."""
    m = mitchell(8, 3, even="relay", half_table=True)
    assert m.rounds == 8
    assert 8 not in m.pair_ids
    v = check(m)
    assert v.violations == ()  # no sharing left: rule 4B holds
    assert m.bye_stand_in(1) == (13, 14, 15)


def test_half_table_each_ew_pair_sits_out_once() -> None:
    """Seed 001: as each EW pair reaches the highest table it has a sit-out."""
    m = mitchell(9, 2, half_table=True)
    sat = sorted(p for _r, p in m.sit_outs)
    assert sat == list(range(10, 19))


# -- seed 001: set-ups for 7-13 tables --------------------------------------------------------


@pytest.mark.parametrize(
    ("tables", "k", "rounds", "boards"),
    [
        (7, 3, None, 21),  # seed 001: 7 tables, 3 boards, 21-board game, 7 rounds
        (7, 4, None, 28),  # 4 boards on each table for 28
        (9, 3, None, 27),  # full game of 9 rounds for 27 boards
        (9, 3, 7, 21),  # or stop at 7 ...
        (9, 3, 8, 24),  # ... or 8 rounds
        (11, 2, None, 22),  # 22 boards, 11 rounds
        (11, 3, 9, 27),  # 3 boards, up to 27 boards, 9 rounds
        (13, 2, None, 26),  # full game of 13 rounds
    ],
)
def test_seed001_odd_tables(tables: int, k: int, rounds: int | None, boards: int) -> None:
    """Seed 001, odd number of tables: boards in numerical sequence, k per table."""
    m = mitchell(tables, k, rounds=rounds)
    assert m.rounds == (rounds or tables)
    for e in m.round_entries(1):
        assert e.boards == tuple(range((e.table - 1) * k + 1, e.table * k + 1))
    played = {b for e in m.entries if e.ns == 1 for b in e.boards}
    assert len(played) == boards
    assert check(m).errors == []


@pytest.mark.parametrize(
    ("tables", "k", "rounds", "skip_after"),
    [
        (8, 3, 7, 4),  # 21 boards
        (8, 4, 7, 4),  # 28 boards needs 4 per table (rules.md §0)
        (10, 3, 9, 5),  # 27 boards
        (10, 3, 7, 5),  # stop after 7 rounds (21)
        (10, 3, 8, 5),  # or 8 (24)
        (10, 2, 9, 5),  # the 2-board alternative (seed: "only 18 boards")
        (12, 2, 11, 6),  # 22-board game
        (12, 3, 11, 6),
    ],
)
def test_seed001_skip(tables: int, k: int, rounds: int, skip_after: int) -> None:
    """Seed 001: EW pairs skip one table after T/2 rounds."""
    m = mitchell(tables, k, rounds=rounds, even="skip")
    for r in range(1, rounds):
        move = 2 if r == skip_after else 1
        now, nxt = ew_at(m, r), ew_at(m, r + 1)
        for t, p in now.items():
            assert nxt[(t - 1 + move) % tables + 1] == p
    assert check(m).errors == []
    assert len({b for e in m.entries_of(1) for b in e.boards}) == rounds * k


@pytest.mark.parametrize(
    ("tables", "k", "stand", "last_own"),
    [
        (8, 3, (13, 14, 15), 7),
        (10, 3, (16, 17, 18), 9),
        (12, 2, (13, 14), 11),
    ],
)
def test_seed001_relay(tables: int, k: int, stand: tuple[int, ...], last_own: int) -> None:
    """Seed 001, relay movement: k boards on tables 1..T/2, the next set on the bye-stand, the
    rest on tables T/2+1 .. T-1; table T shares with table 1; table 1's boards go to table
    T-1; table T/2 takes its boards from the bye-stand. No skip."""
    m = mitchell(tables, k, even="relay")
    half = tables // 2
    r1 = boards_at(m, 1)
    for t in range(1, half + 1):
        assert r1[t] == tuple(range((t - 1) * k + 1, t * k + 1))
    assert m.bye_stand_in(1) == stand
    for t in range(half + 1, tables):
        assert r1[t] == tuple(range(t * k + 1, (t + 1) * k + 1))
    assert r1[tables] == r1[1]
    assert boards_at(m, 2)[last_own] == r1[1]
    assert boards_at(m, 2)[half] == stand
    assert m.rounds == tables
    for r in range(1, tables):  # no skip
        now, nxt = ew_at(m, r), ew_at(m, r + 1)
        assert all(nxt[t % tables + 1] == p for t, p in now.items())
    v = check(m, complete=True)
    assert v.complete and v.errors == []


def test_relay_needs_two_boards() -> None:
    with pytest.raises(MovementError, match="at least 2 boards"):
        mitchell(8, 1, even="relay")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"tables": 0}, "at least 3 tables"),
        ({"tables": 2}, "at least 3 tables"),
        ({"tables": 7, "rounds": 8}, "at most 7 rounds"),
        ({"tables": 7, "rounds": 0}, "rounds 0"),
        ({"tables": 7, "boards_per_round": 0}, "boards per round 0"),
        ({"tables": 8, "even": "hop"}, "even 'hop'"),
        ({"tables": 7, "arrow_switch": "sideways"}, "arrow switch 'sideways'"),
        ({"tables": 7, "arrow_switch": [(9, 1)]}, "no play at round 9, table 1"),
        ({"tables": 7, "arrow_switch": [(1, 1, [5])]}, r"not \[5\]"),
    ],
)
def test_bad_requests(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(MovementError, match=match):
        mitchell(**kwargs)  # type: ignore[arg-type]


# -- arrow switching ---------------------------------------------------------------------------


def test_switch_last_two_rounds() -> None:
    """rules.md §8 (MAN/EBU): last two rounds with 12+ rounds."""
    m = mitchell(13, 2, arrow_switch="last2")
    assert {e.round for e in m.entries if e.switched} == {12, 13}
    assert all(e.switched == e.boards for e in m.entries if e.round >= 12)


def test_switch_explicit_items() -> None:
    m = mitchell(7, 3, arrow_switch=[(2, 3), (4, 1, [11])])
    sw = {(e.round, e.table): e.switched for e in m.entries if e.switched}
    assert sw == {(2, 3): (10, 11, 12), (4, 1): (11,)}
    e = m.round_entries(4)[0]
    assert e.direction_on(11) == (e.ew, e.ns) and e.side_of(1, 10) == "NS"


def test_switch_none_leaves_movement_as_is() -> None:
    m = apply_arrow_switch(mitchell(7, 2, arrow_switch="last"), "none")
    assert any(e.switched for e in m.entries)  # "none" leaves a movement as it is
    assert not any(e.switched for e in mitchell(7, 2).entries)


# -- derivatives -------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", [6, 8, 12, 14, 18, 20])
def test_rover_sizes(tables: int) -> None:
    """rules.md §8: rover for T = 6m or 6m+2, T-1 rounds; rover moves up two tables."""
    m = rover(tables, 2)
    assert m.rounds == tables - 1
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    rover_id = 2 * tables
    tables_of = [e.table for e in m.entries_of(rover_id)]
    assert all((b - a) % (tables - 1) == 2 for a, b in itertools.pairwise(tables_of))


@pytest.mark.parametrize("tables", [7, 9, 10, 11])
def test_rover_bad_sizes(tables: int) -> None:
    with pytest.raises(MovementError, match="6m or 6m\\+2"):
        rover(tables)


@pytest.mark.parametrize("tables", [5, 7, 11, 13, 17])
def test_worger_sizes(tables: int) -> None:
    m = worger(tables, 2)
    assert m.rounds == tables + 1
    v = check(m, complete=True)
    assert v.complete and v.errors == []


@pytest.mark.parametrize("tables", range(3, 16))
def test_extended_sizes(tables: int) -> None:
    """Extended Mitchell: rounds = tables + 2; complete; no pair meets another 3 times."""
    m = extended_mitchell(tables, 2)
    assert m.rounds == tables + 2 and len(m.boards) == 2 * (tables + 2)
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    met: dict[frozenset[int | None], int] = {}
    for e in m.entries:
        key = frozenset((e.ns, e.ew))
        met[key] = met.get(key, 0) + 1
    assert max(met.values()) <= 2


@pytest.mark.parametrize("tables", range(5, 18))
def test_bowman_sizes(tables: int) -> None:
    """Bowman: rounds = tables - 2 (rules.md §8); no set shared by three tables."""
    m = bowman(tables, 3)
    assert m.rounds == tables - 2
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    for r in range(1, m.rounds + 1):
        sets = [e.set for e in m.round_entries(r)]
        assert max(sets.count(s) for s in sets) <= 2


# -- properties --------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    tables=st.integers(3, 15),
    k=st.integers(2, 4),
    even=st.sampled_from(["relay", "skip"]),
    half=st.booleans(),
    switch=st.sampled_from(["none", "last", "last2", "staggered"]),
    cut=st.integers(0, 3),
)
def test_every_mitchell_is_valid(
    tables: int, k: int, even: str, half: bool, switch: str, cut: int
) -> None:
    """Every Mitchell of 3-15 tables, every even option, half tables, switch options and
    shortened games passes Manning's rules 1A, 1B and 2 (and 3A/3B when complete)."""
    full = mitchell(tables, k, even=even, half_table=half).rounds
    rounds = max(1, full - cut)
    m = mitchell(tables, k, rounds=rounds, even=even, arrow_switch=switch, half_table=half)
    v = check(m)
    assert v.errors == []
    assert m.rounds == rounds
    assert v.complete == (cut == 0 and not half and not (tables % 2 == 0 and even == "skip"))
    # each board is played at most once per pair and once per round per table
    for e in m.entries:
        assert set(e.switched) <= set(e.boards)
