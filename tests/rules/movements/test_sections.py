"""Section starts, adding a table and seeded tables (seed 003, ACBL Tech File PAIRS.033)."""

from __future__ import annotations

import pytest

from tests.support.shared import boards_at, ew_at
from xlbridge.errors import MovementError
from xlbridge.movements.mitchell import grid_to_movement
from xlbridge.movements.sections import (
    add_table,
    add_table_short,
    section_start,
    section_start_movement,
    seeded_tables,
    shift_grid,
)
from xlbridge.movements.validate import check

# Seed 003 PAGE 1, "To start sections after having used hand records", row by row.
SEED003_STARTS = [
    (2, 13, "boards down one e/w up one"),
    (2, 14, "boards down one, skip after 7"),
    (2, 15, "boards down two"),
    (2, 16, "boards down two, skip after 7"),
    (2, 17, "boards down two"),
    (2, 18, "boards down two, skip after 7"),
    (3, 9, "boards down one e/w up one"),
    (3, 10, "boards down one, skip after 5"),
    (3, 11, "boards down two"),
    (3, 12, "boards down two, skip after 5"),
    (4, 7, "boards down one, e/w up one"),
    (4, 8, "boards down one, skip after 4"),
    (4, 9, "boards down two"),
]


def _parse(text: str) -> tuple[int, int | None]:
    down = {"one": 1, "two": 2}[text.split()[2].rstrip(",")]
    skip = int(text.rsplit(" ", 1)[1]) if "skip after" in text else None
    return down, skip


@pytest.mark.parametrize(("k", "tables", "text"), SEED003_STARTS)
def test_seed003_section_start_chart(k: int, tables: int, text: str) -> None:
    """Seed 003 PAGE 1 chart reproduced: boards down one/two and the skip round."""
    st = section_start(tables, k)
    assert (st.boards_down, st.skip_after) == _parse(text)
    if text == "boards down two":  # the chart leaves "e/w up one" implicit on these rows
        text += ", e/w up one"
    assert str(st) == f"{tables} tables, {k}-board rounds: " + text.replace("one e/w", "one, e/w")


@pytest.mark.parametrize(("k", "tables", "text"), SEED003_STARTS)
def test_seed003_section_start_built_as_written(k: int, tables: int, text: str) -> None:
    """The movement does what the chart says each round: boards move down one or two tables,
    EW pairs up one, and one table further after the skip round (seed 003 PAGE 1)."""
    down, skip = _parse(text)
    m = section_start_movement(tables, k)
    assert m.rounds == {2: 13, 3: 9, 4: 7}[k] and len(m.boards) == k * tables
    for r in range(1, m.rounds):
        now, nxt = boards_at(m, r), boards_at(m, r + 1)
        assert all(nxt[(t - 1 - down) % tables + 1] == b for t, b in now.items())
        step = 2 if skip == r else 1
        ew_now, ew_nxt = ew_at(m, r), ew_at(m, r + 1)
        assert all(ew_nxt[(t - 1 + step) % tables + 1] == p for t, p in ew_now.items())


# Seed 003 read literally: these rows are valid Mitchells; the "down two" rows whose table count
# shares a factor with 3 (boards down two, EW up one) or is even make pairs replay boards.
LITERALLY_VALID = {(2, 13), (2, 14), (2, 17), (3, 9), (3, 10), (3, 11), (4, 7), (4, 8)}


@pytest.mark.parametrize(("k", "tables", "text"), SEED003_STARTS)
def test_seed003_section_start_validity_as_written(k: int, tables: int, text: str) -> None:
    v = check(section_start_movement(tables, k))
    if (k, tables) in LITERALLY_VALID:
        assert v.errors == [] and v.warnings == []
    else:
        assert "2" in {x.rule for x in v.errors}  # a moving pair replays a board
        if tables % 2 == 0:
            assert "1A" in {x.rule for x in v.errors}  # boards reach only every other table


def test_section_start_unknown_size() -> None:
    with pytest.raises(MovementError, match="tables 20"):
        section_start(20, 2)
    with pytest.raises(MovementError, match="5 boards"):
        section_start(9, 5)


# Seed 003 PAGE 3 chart: original size, new size, new pair #, renumbering, skip after, skipped.
SEED003_ADD_TABLE = [
    (14, 15, 14, {14: 15}, 7, 2),
    (15, 16, 14, {14: 15, 15: 16}, 7, 1),
    (16, 17, 15, {15: 16, 16: 17}, 7, 2),
    (17, 18, 16, {16: 17, 17: 18}, 8, 1),
]


@pytest.mark.parametrize(("old", "new", "pair", "ren", "after", "skip"), SEED003_ADD_TABLE)
def test_seed003_add_table_chart(
    old: int, new: int, pair: int, ren: dict[int, int], after: int, skip: int
) -> None:
    a = add_table(old)
    assert (a.new_tables, a.new_pair, a.renumber, a.skip_after, a.skip) == (
        new,
        pair,
        ren,
        after,
        skip,
    )
    # "the last 1 or 2 tables ... shift back one table ... and assuming the new pair number"
    assert max(ren) == old and all(b == a_ + 1 for a_, b in ren.items())
    assert [a.pair_number(p) for p in range(1, old + 1)] == [
        ren.get(p, p) for p in range(1, old + 1)
    ]


@pytest.mark.parametrize(("old", "new", "pair", "ren", "after", "skip"), SEED003_ADD_TABLE)
def test_seed003_add_table_movement_valid(
    old: int, new: int, pair: int, ren: dict[int, int], after: int, skip: int
) -> None:
    """Seed 003 PAGE 4: "14->15 double skip after 7, 15->16 single skip after 7, 16->17 double
    skip after 7, 17->18 single skip after 8": the enlarged 13-round section is valid."""
    m = add_table(old).movement()
    assert m.tables == new and m.rounds == 13
    v = check(m)
    assert v.errors == [] and v.warnings == []
    for r in range(1, 13):
        step = 1 + skip if r == after else 1
        now, nxt = ew_at(m, r), ew_at(m, r + 1)
        assert all(nxt[(t - 1 + step) % new + 1] == p for t, p in now.items())


@pytest.mark.parametrize(
    ("tables", "after", "skip", "valid"),
    [(15, 7, 2, True), (16, 7, 1, True), (16, 7, 2, False), (16, 7, 0, False), (18, 8, 0, False)],
)
def test_add_table_skip_matters(tables: int, after: int, skip: int, valid: bool) -> None:
    """The chart's single skip for 16 tables is needed: a double skip or none replays boards."""
    m = grid_to_movement("x", shift_grid(tables, 13, 1, after, skip), 2)
    assert (check(m).errors == []) is valid


def test_seed003_add_table_short() -> None:
    """Seed 003: new pairs 13 N/S and 12 E/W; N/S 13 -> 14; E/W 12 -> 13; E/W 13 -> 14; skip
    after six played rounds (12 rounds)."""
    s = add_table_short(13)
    assert (s.new_ns, s.new_ew) == (13, 12)
    assert s.ns_renumber == {13: 14} and s.ew_renumber == {12: 13, 13: 14}
    assert (s.skip_after, s.rounds) == (6, 12)
    with pytest.raises(MovementError, match="tables 14"):
        add_table_short(14)


def test_add_table_unknown() -> None:
    with pytest.raises(MovementError, match="tables 13"):
        add_table(13)
    with pytest.raises(MovementError, match="pair 20"):
        add_table(14).pair_number(20)


@pytest.mark.parametrize(
    ("tables", "seeded"),
    [(16, (1, 5, 9, 13)), (18, (1, 7, 13)), (20, (1, 9)), (22, (1, 12))],
)
def test_seed003_seeded_tables(tables: int, seeded: tuple[int, ...]) -> None:
    """Seed 003 PAGE 5: 'Assuming that Table 1 is to be seeded, the only suitable tables are'."""
    assert seeded_tables(tables) == seeded
    with pytest.raises(MovementError):
        seeded_tables(tables + 1)
