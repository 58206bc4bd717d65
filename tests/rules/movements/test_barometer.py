"""Barometer play (issue 22): a Howell or Mitchell in which every table plays the same boards in a
round, validated by Manning's rules (seed 004) with rule B in place of 4B.

Source: seed 003 (ACBL Tech File, Duplication Guidelines): boards are duplicated, and the leader
charts posted during the session ("12th round leaders") are marked "not final".
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from tests.support.shared import run_cli
from xlbridge.errors import MovementError
from xlbridge.movements.barometer import barometer, barometer_name, copies
from xlbridge.movements.howell import howell
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.movements.options import MovementArgs, build_movement
from xlbridge.movements.registry import get_kind
from xlbridge.movements.validate import check

BASES = [
    ("barometer-howell", howell(2, 3)),
    ("barometer-howell", howell(4, 2)),
    ("barometer-howell", howell(7, 2)),
    ("barometer-howell", howell(5, 3, rounds=6)),
    ("barometer-mitchell", mitchell(5, 3)),
    ("barometer-mitchell", mitchell(8, 2)),  # relay and bye-stand in the base
    ("barometer-mitchell", mitchell(8, 2, even="skip")),
    ("barometer-mitchell", mitchell(6, 2, half_table=True)),
    ("barometer-mitchell", mitchell(7, 2, arrow_switch="last")),  # switched boards move too
]


def _meetings(m: Movement) -> Counter[tuple[int, frozenset[int | None]]]:
    return Counter((e.round, frozenset((e.ns, e.ew))) for e in m.entries)


@pytest.mark.parametrize(("kind", "base"), BASES, ids=lambda x: getattr(x, "kind", x))
def test_barometer_form(kind: str, base: Movement) -> None:
    m = barometer(base, kind)
    v = check(m)
    assert v.violations == ()  # 4B is not checked, B holds, every binding rule holds
    assert m.barometer and m.kind == kind and m.bye_stand == ()
    k = m.boards_per_round
    for r in range(1, m.rounds + 1):
        entries = m.round_entries(r)
        # every table plays the same boards in a round: board set r
        assert {e.boards for e in entries} == {tuple(range((r - 1) * k + 1, r * k + 1))}
        assert len(entries) == copies(m)
    # every pair plays each board at most once, and each board of every round it plays
    for p in m.pair_ids:
        played = [b for e in m.entries_of(p) for b in e.boards]
        assert len(played) == len(set(played))
        rounds = {e.round for e in m.entries_of(p)}
        assert set(played) == {b for e in m.entries if e.round in rounds for b in e.boards}
    # opponents, tables and sit-outs as in the base movement
    assert _meetings(m) == _meetings(base)
    assert [(e.round, e.table, e.ns, e.ew) for e in m.entries] == [
        (e.round, e.table, e.ns, e.ew) for e in base.entries
    ]
    assert m.sit_outs == base.sit_outs
    assert v.complete == (not base.sit_outs)


def test_complete_barometer_every_pair_plays_every_board_once() -> None:
    m = barometer(howell(6, 2), "barometer-howell")
    assert check(m).complete
    for p in m.pair_ids:
        assert sorted(b for e in m.entries_of(p) for b in e.boards) == list(m.boards)


def test_arrow_switch_names_the_barometer_boards() -> None:
    build = get_kind("barometer-mitchell").build
    m = build(tables=7, boards_per_round=2, arrow_switch=[(3, 2, [6])])
    assert m.barometer and [(e.round, e.table, e.switched) for e in m.entries if e.switched] == [
        (3, 2, (6,))
    ]
    last = build(tables=7, boards_per_round=2, arrow_switch="last")
    assert {e.switched for e in last.round_entries(7)} == {(13, 14)}
    assert check(last).violations == ()


def test_copies_is_the_tables_in_play() -> None:
    assert copies(barometer(mitchell(9, 2), "barometer-mitchell")) == 9
    # the half table has no entry: one copy fewer
    assert copies(barometer(mitchell(6, 2, half_table=True), "barometer-mitchell")) == 5
    assert "Duplicate 9 copies of each board" in barometer(mitchell(9, 2), "b").notes[1]


def test_rule_b_catches_a_table_on_other_boards() -> None:
    m = barometer(mitchell(5, 2), "barometer-mitchell")
    wrong = [replace(e, boards=(9, 10)) if (e.round, e.table) == (1, 3) else e
             for e in m.entries]  # fmt: skip
    v = check(replace(m, entries=tuple(wrong)))
    rules = [(x.rule, x.round, x.table) for x in v.violations]
    assert ("B", 1, 3) in rules  # table 3 plays round 5's set in round 1
    assert not v.valid
    assert any(x.rule == "B" and "also played in round" in x.message for x in v.violations)


def test_without_the_flag_shared_boards_still_break_4b() -> None:
    """The barometer's pass is its own flag: the same entries unflagged still warn 4B."""
    m = barometer(mitchell(5, 2), "barometer-mitchell")
    plain = replace(m, barometer=False)
    assert {x.rule for x in check(plain).violations} == {"4B"}
    assert {x.rule for x in check(mitchell(8, 2)).violations} == {"4B"}  # relay, as before


def test_registry_kinds_and_flag() -> None:
    a = get_kind("barometer-howell").build(tables=4, boards_per_round=2)
    b = build_movement(get_kind("howell"), MovementArgs(tables=4, boards_per_round=2,
                                                        barometer=True))  # fmt: skip
    assert a == b and a.kind == "barometer-howell"
    assert get_kind("barometer-mitchell").tables == get_kind("mitchell").tables
    with pytest.raises(MovementError, match="barometer-mitchell: 40 tables"):
        get_kind("barometer-mitchell").build(tables=40)
    with pytest.raises(MovementError, match="rainbow has no barometer form"):
        barometer_name("rainbow")
    with pytest.raises(MovementError, match="option --even does not apply"):
        build_movement(get_kind("howell"), MovementArgs(tables=4, even="skip", barometer=True))


def test_cli_movement_barometer() -> None:
    code, out, err = run_cli("movement", "howell", "--tables", "4", "--barometer")
    assert code == 0, err
    assert out.startswith("Barometer Howell: 4 tables, 8 pairs, 7 rounds")
    assert "Duplicate 4 copies of each board" in out
    assert "Valid by Manning's rules (complete)." in out
    data = json.loads(run_cli("movement", "barometer-mitchell", "--tables", "5",
                              "--format", "json")[1])  # fmt: skip
    assert data["barometer"] is True and data["kind"] == "barometer-mitchell"
    assert {tuple(e["boards"]) for e in data["entries"] if e["round"] == 3} == {(5, 6)}
    assert "barometer" not in json.loads(run_cli("movement", "mitchell", "--tables", "5",
                                                 "--format", "json")[1])  # fmt: skip
    code, _, err = run_cli("movement", "rainbow", "--tables", "4", "--barometer")
    assert code != 0
    assert err.strip().splitlines() == [
        "xlbridge movement: error: --barometer: rainbow has no barometer form; barometer play "
        "is for Howell and Mitchell pairs games"
    ]


def test_table_cards_have_no_relay() -> None:
    """Each table of a barometer has its own copy of the boards: its card shows no sharing
    (the base 3-table Howell relays, seed 001)."""
    from xlbridge.movements.cards import table_cards

    assert any(line.shares for card in table_cards(howell(3, 2)) for line in card.lines)
    cards = table_cards(barometer(howell(3, 2), "barometer-howell"))
    assert not any(line.shares for card in cards for line in card.lines)
    assert all(c.notes[0].startswith("Barometer: every table plays its own copy") for c in cards)


def test_movement_file_keeps_a_barometer() -> None:
    """A barometer written as a club's movement file (``--format csv``) reads back as the
    barometer (rule B, the kind kept); changed, it is a custom movement held to Manning's 4B."""
    from xlbridge.interchange.movement_file import movement_csv, parse_movement_csv, recorded_kind

    m = get_kind("barometer-mitchell").build(tables=5, boards_per_round=2)
    text = movement_csv(m)
    back = recorded_kind(parse_movement_csv(text))
    assert back.to_dict() == m.to_dict() and back.barometer and check(back).violations == ()
    row = "1,1,1,6,NS 1,EW 1,1 2,"
    changed = recorded_kind(parse_movement_csv(text.replace(row, row + "2")))  # switch board 2
    assert (changed.kind, changed.barometer) == ("custom", False)
    assert {v.rule for v in check(changed).violations} == {"4B"}
