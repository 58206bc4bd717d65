"""Web movement and twinned sub-sections (seed 003, ACBL Tech File PAIRS.033)."""

from __future__ import annotations

import itertools

import pytest

from tests.support.shared import boards_at
from xlbridge.errors import MovementError
from xlbridge.movements.validate import check
from xlbridge.movements.web import twinned, web


def test_seed003_web_19_tables_start() -> None:
    """Seed 003, 19 tables: first 13 tables boards 1-26 in order; then 14 1-2, 15 3-4, 16 5-6,
    17 3-4, 18 1-2, 19 25-26."""
    r1 = boards_at(web(19), 1)
    for t in range(1, 14):
        assert r1[t] == (2 * t - 1, 2 * t)
    assert [r1[t] for t in range(14, 20)] == [(1, 2), (3, 4), (5, 6), (3, 4), (1, 2), (25, 26)]


def test_seed003_web_19_tables_stands() -> None:
    """Seed 003: the incoming stand feeds table 16 in regular order (7-8 next) and table 19 in
    reverse order (23-24 next); table 14 always has table 1's boards; tables 17-19 play their
    boards in reverse order."""
    m = web(19)
    r2 = boards_at(m, 2)
    assert r2[16] == (7, 8) and r2[19] == (23, 24)
    for r in range(1, 14):
        at = boards_at(m, r)
        assert at[14] == at[1]
    seq19 = [boards_at(m, r)[19][0] for r in range(1, 14)]
    assert seq19 == [25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1]
    # boards go out of play at table 17 (the high half) and at table 1
    for r in range(1, 13):
        now, nxt = boards_at(m, r), boards_at(m, r + 1)
        assert nxt[18] == now[19] and nxt[17] == now[18]
        assert nxt[13] == now[14]  # boards move regularly from table 14 to 13


@pytest.mark.parametrize("tables", [15, 17, 19, 21, 23, 25])
def test_seed003_web_every_pair_every_board(tables: int) -> None:
    """Seed 003: 'Boards 1-26 are in play; every pair plays every board.'"""
    m = web(tables)
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    assert m.boards == tuple(range(1, 27)) and m.rounds == 13
    for r in range(1, 13):  # E/W pairs move to the next higher table each round
        now = {e.ew: e.table for e in m.round_entries(r)}
        nxt = {e.ew: e.table for e in m.round_entries(r + 1)}
        assert all(nxt[p] == t % tables + 1 for p, t in now.items())


def test_seed003_twinned_18_start() -> None:
    """Seed 003: tables 1-9: boards 1-2 at table 1 ... 17-18 at 9; the other sub-section:
    25-26 at table 18, 1-2 at 17, 3-4 at 16, ... 15-16 at 10."""
    r1 = boards_at(twinned(18), 1)
    assert [r1[t] for t in range(1, 10)] == [(2 * t - 1, 2 * t) for t in range(1, 10)]
    assert r1[18] == (25, 26)
    assert [r1[t] for t in range(17, 9, -1)] == [(2 * i - 1, 2 * i) for i in range(1, 9)]


def test_seed003_twinned_18_circulation() -> None:
    """Seed 003: stationary pairs at 1-9 play boards in ascending sequence, 10-18 descending;
    'A' boards go from table 1 to a bye-stand and re-enter at table 9; 'B' boards go from
    table 10 to the other stand and re-enter at 18; travelling pairs cross sub-sections."""
    m = twinned(18)
    for ns in (1, 5, 9):
        firsts = [e.boards[0] for e in m.entries_of(ns)]
        steps = {(b - a) % 26 for a, b in itertools.pairwise(firsts)}
        assert steps == {2}
    for ns in (10, 14, 18):
        firsts = [e.boards[0] for e in m.entries_of(ns)]
        steps = {(a - b) % 26 for a, b in itertools.pairwise(firsts)}
        assert steps == {2}
    a1 = boards_at(m, 1)
    later = [boards_at(m, r)[9] for r in range(2, 14)]
    assert a1[1] in later  # table 1's boards come back at table 9 after the stand
    pair = m.round_entries(1)[8].ew  # the EW pair at table 9 moves on to table 10
    assert pair is not None and m.entries_of(pair)[1].table == 10
    v = check(m, complete=True)
    assert v.complete and v.errors == []


@pytest.mark.parametrize("tables", [16, 18, 20, 22])
def test_twinned_sizes_valid(tables: int) -> None:
    v = check(twinned(tables), complete=True)
    assert v.complete and v.errors == []


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: web(14), "15, 17, 19"),
        (lambda: web(27), "15, 17, 19"),
        (lambda: web(19, boards_per_round=3), "2 boards a round"),
        (lambda: web(19, rounds=14), "1 to 13 rounds"),
        (lambda: twinned(17), "16, 18, 20 or 22"),
    ],
)
def test_bad_sizes(call: object, match: str) -> None:
    with pytest.raises(MovementError, match=match):
        call()  # type: ignore[operator]


def test_shortened_web() -> None:
    m = web(17, rounds=12)
    assert m.rounds == 12 and check(m).errors == []
