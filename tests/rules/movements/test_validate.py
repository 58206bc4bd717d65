"""Manning's validity rules (seed 004; rules.md §8) on hand-broken movements."""

from __future__ import annotations

import dataclasses

import pytest

from xlbridge.movements.mitchell import mitchell, worger
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.validate import RULES, check, is_complete, validate


def replace_entry(m: Movement, rnd: int, table: int, **changes: object) -> Movement:
    entries = tuple(
        dataclasses.replace(e, **changes) if (e.round, e.table) == (rnd, table) else e  # type: ignore[arg-type]
        for e in m.entries
    )
    return dataclasses.replace(m, entries=entries, _labels={})


def rules(m: Movement, complete: bool | None = None) -> list[tuple[str, int | None, int | None]]:
    return [(v.rule, v.round, v.table) for v in validate(m, complete)]


def test_all_rules_named() -> None:
    """Manning's rules 1A, 1B, 2, 3A, 3B, 4A, 4B (seed 004)."""
    assert set(RULES) == {"model", "1A", "1B", "2", "3A", "3B", "4A", "4B", "B"}


def test_rule_1a_stationary_pair_replays() -> None:
    """1A: no letter twice in a column. Give table 2 in round 3 the set it had in round 1."""
    m = replace_entry(mitchell(7, 2), 3, 2, boards=(3, 4), set=2)
    found = [v for v in validate(m) if v.rule == "1A"]
    assert len(found) == 1
    v = found[0]
    assert (v.round, v.table, v.pair, v.board) == (3, 2, 2, 3)
    assert v.message == (
        "round 3, table 2: NS 2 plays boards 3,4 again (already played in round 1 at table 2)"
    )
    assert str(v).startswith("rule 1A: round 3, table 2")


def test_rule_1b_pair_at_two_tables() -> None:
    """1B: no number twice in a row."""
    m = replace_entry(mitchell(7, 2), 2, 3, ew=8)
    v = next(v for v in validate(m) if v.rule == "1B")
    assert (v.round, v.table, v.pair) == (2, 3, 8)
    assert "EW 1 is at table 2 and table 3" in v.message


def test_rule_2_moving_pair_replays() -> None:
    """2: no letter-number combination twice. EW 1 (pair 8) meets set A (boards 1-2) again."""
    m = mitchell(7, 2)
    e = next(e for e in m.round_entries(3) if e.ew == 8)
    m = replace_entry(m, 3, e.table, boards=(1, 2), set=1)
    found = [v for v in validate(m) if v.rule == "2"]
    assert [(v.round, v.table, v.pair, v.board) for v in found] == [(3, 3, 8, 1)]
    assert "EW 1 plays boards 1,2 again (already played in round 1 at table 1)" in found[0].message


def test_rule_3a_3b_complete() -> None:
    """3A/3B apply to complete movements only: a shortened Mitchell is not complete."""
    short = mitchell(7, 2, rounds=6)
    assert not is_complete(short)
    assert rules(short) == []
    claimed = validate(short, complete=True)
    assert {v.rule for v in claimed} == {"3A"}
    v = next(v for v in claimed if v.rule == "3A" and v.pair == 1)
    assert v.message == "NS 1 never plays boards 13,14"
    half = validate(mitchell(7, 2, half_table=True), complete=True)
    v3b = next(v for v in half if v.rule == "3B" and v.pair == 14)
    assert (v3b.round, v3b.message) == (1, "round 1: EW 7 does not play")


def test_rule_4a_repeat_opponents() -> None:
    """4A: the Worger violates 4A (Manning)."""
    v = check(worger(7, 2))
    assert v.valid and {w.rule for w in v.warnings} == {"4A"}
    w = v.warnings[0]
    assert w.round == 8 and "meets" in w.message and "again (also round" in w.message


def test_rule_4b_sharing() -> None:
    """4B: the relay Mitchell shares boards between tables 1 and T (Manning Table IIa)."""
    v = check(mitchell(6, 3))
    assert [(w.rule, w.round, w.table, w.board) for w in v.warnings][:2] == [
        ("4B", 1, 6, 1),
        ("4B", 2, 6, 4),
    ]
    assert v.warnings[0].message == "round 1: tables 1, 6 share boards 1,2,3"
    assert v.warnings[0].recommended and not v.errors


@pytest.mark.parametrize(
    ("change", "text"),
    [
        ({"ew": 99}, "unknown pair 99"),
        ({"ew": 1}, "pair 1 plays itself"),
        ({"boards": ()}, "no boards"),
        ({"switched": (40,)}, "switches board 40 it does not play"),
        ({"boards": (1, 1)}, "a board listed twice"),
    ],
)
def test_model_rule(change: dict[str, object], text: str) -> None:
    m = replace_entry(mitchell(7, 2), 1, 1, **change)
    msgs = [v.message for v in validate(m) if v.rule == "model"]
    assert any(text in msg for msg in msgs), msgs


def test_incomplete_with_sit_outs() -> None:
    """A half-table Mitchell is incomplete (Manning: 'odd number of pairs')."""
    v = check(mitchell(7, 2, half_table=True))
    assert not v.complete and v.valid


def test_generic_small_movement() -> None:
    """Rules work on any Movement, not only Mitchell grids: a two-round, one-table game."""
    pairs = (Pair(1, "1"), Pair(2, "2"))
    m = Movement(
        kind="example",
        tables=1,
        rounds=2,
        boards_per_round=1,
        pairs=pairs,
        entries=(Entry(1, 1, 1, 2, (1,)), Entry(2, 1, 2, 1, (2,))),
    )
    assert rules(m) == [("4A", 2, 1)]
