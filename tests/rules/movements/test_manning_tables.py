"""Manning's published tables (seed 004, J. R. Manning 1979) reproduced by the generators.

Each table is typed in from seed 004 as data ("ns SET ew" per cell, tables left to right) and
compared cell by cell with the generator's output. Corrections: rules.md §0 (Table IV round 4
"1 X 12" is "1 D 12"). In Table VI a cell "9 G 1" means the moving pair sits NS (switched).
"""

from __future__ import annotations

import pytest

from xlbridge.movements.balance import balance
from xlbridge.movements.mitchell import (
    bowman,
    dual,
    extended_grid,
    extended_mitchell,
    mitchell,
    mitchell_grid,
    rover,
    standard_form,
    worger,
)
from xlbridge.movements.model import Movement
from xlbridge.movements.validate import check

# Manning Table I: 7-table Mitchell.
TABLE_I = """
1 A 8 | 2 B 9 | 3 C 10 | 4 D 11 | 5 E 12 | 6 F 13 | 7 G 14
1 B 14 | 2 C 8 | 3 D 9 | 4 E 10 | 5 F 11 | 6 G 12 | 7 A 13
1 C 13 | 2 D 14 | 3 E 8 | 4 F 9 | 5 G 10 | 6 A 11 | 7 B 12
1 D 12 | 2 E 13 | 3 F 14 | 4 G 8 | 5 A 9 | 6 B 10 | 7 C 11
1 E 11 | 2 F 12 | 3 G 13 | 4 A 14 | 5 B 8 | 6 C 9 | 7 D 10
1 F 10 | 2 G 11 | 3 A 12 | 4 B 13 | 5 C 14 | 6 D 8 | 7 E 9
1 G 9 | 2 A 10 | 3 B 11 | 4 C 12 | 5 D 13 | 6 E 14 | 7 F 8
"""

# Manning Table IIa: 8-table relay and share Mitchell.
TABLE_IIA = """
1 A 9 | 2 B 10 | 3 C 11 | 4 D 12 | 5 F 13 | 6 G 14 | 7 H 15 | 8 A 16
1 B 16 | 2 C 9 | 3 D 10 | 4 E 11 | 5 G 12 | 6 H 13 | 7 A 14 | 8 B 15
1 C 15 | 2 D 16 | 3 E 9 | 4 F 10 | 5 H 11 | 6 A 12 | 7 B 13 | 8 C 14
1 D 14 | 2 E 15 | 3 F 16 | 4 G 9 | 5 A 10 | 6 B 11 | 7 C 12 | 8 D 13
1 E 13 | 2 F 14 | 3 G 15 | 4 H 16 | 5 B 9 | 6 C 10 | 7 D 11 | 8 E 12
1 F 12 | 2 G 13 | 3 H 14 | 4 A 15 | 5 C 16 | 6 D 9 | 7 E 10 | 8 F 11
1 G 11 | 2 H 12 | 3 A 13 | 4 B 14 | 5 D 15 | 6 E 16 | 7 F 9 | 8 G 10
1 H 10 | 2 A 11 | 3 B 12 | 4 C 13 | 5 E 14 | 6 F 15 | 7 G 16 | 8 H 9
"""

# Manning Table IIb: skip movement for 8 tables (8 rounds; round 8 repeats round 1's opponents).
TABLE_IIB = """
1 A 9 | 2 B 10 | 3 C 11 | 4 D 12 | 5 E 13 | 6 F 14 | 7 G 15 | 8 H 16
1 B 16 | 2 C 9 | 3 D 10 | 4 E 11 | 5 F 12 | 6 G 13 | 7 H 14 | 8 A 15
1 C 15 | 2 D 16 | 3 E 9 | 4 F 10 | 5 G 11 | 6 H 12 | 7 A 13 | 8 B 14
1 D 14 | 2 E 15 | 3 F 16 | 4 G 9 | 5 H 10 | 6 A 11 | 7 B 12 | 8 C 13
1 E 12 | 2 F 13 | 3 G 14 | 4 H 15 | 5 A 16 | 6 B 9 | 7 C 10 | 8 D 11
1 F 11 | 2 G 12 | 3 H 13 | 4 A 14 | 5 B 15 | 6 C 16 | 7 D 9 | 8 E 10
1 G 10 | 2 H 11 | 3 A 12 | 4 B 13 | 5 C 14 | 6 D 15 | 7 E 16 | 8 F 9
1 H 9 | 2 A 10 | 3 B 11 | 4 C 12 | 5 D 13 | 6 E 14 | 7 F 15 | 8 G 16
"""

# Manning Table IIIa: rover movement, 8 tables, 7 rounds (pair 16 is the rover).
TABLE_IIIA = """
1 A 16 | 2 B 10 | 3 C 11 | 4 D 12 | 5 E 13 | 6 F 14 | 7 G 15 | 8 A 9
1 B 15 | 2 C 9 | 3 D 16 | 4 E 11 | 5 F 12 | 6 G 13 | 7 A 14 | 8 D 10
1 C 14 | 2 D 15 | 3 E 9 | 4 F 10 | 5 G 16 | 6 A 12 | 7 B 13 | 8 G 11
1 D 13 | 2 E 14 | 3 F 15 | 4 G 9 | 5 A 10 | 6 B 11 | 7 C 16 | 8 C 12
1 E 12 | 2 F 16 | 3 G 14 | 4 A 15 | 5 B 9 | 6 C 10 | 7 D 11 | 8 F 13
1 F 11 | 2 G 12 | 3 A 13 | 4 B 16 | 5 C 15 | 6 D 9 | 7 E 10 | 8 B 14
1 G 10 | 2 A 11 | 3 B 12 | 4 C 13 | 5 D 14 | 6 E 16 | 7 F 9 | 8 E 15
"""

# Manning Table IIIb: Worger movement, 7 tables, 8 rounds (X is the roving set). The seed
# prints an empty eighth column ("8"), which carries no play.
TABLE_IIIB = """
1 A 8 | 2 B 9 | 3 C 10 | 4 D 11 | 5 E 12 | 6 F 13 | 7 X 14
1 B 14 | 2 C 8 | 3 D 9 | 4 E 10 | 5 X 11 | 6 G 12 | 7 A 13
1 C 13 | 2 D 14 | 3 X 8 | 4 F 9 | 5 G 10 | 6 A 11 | 7 B 12
1 X 12 | 2 E 13 | 3 F 14 | 4 G 8 | 5 A 9 | 6 B 10 | 7 C 11
1 E 11 | 2 F 12 | 3 G 13 | 4 A 14 | 5 B 8 | 6 X 9 | 7 D 10
1 F 10 | 2 G 11 | 3 A 12 | 4 X 13 | 5 C 14 | 6 D 8 | 7 E 9
1 G 9 | 2 X 10 | 3 B 11 | 4 C 12 | 5 D 13 | 6 E 14 | 7 F 8
1 D 12 | 2 A 10 | 3 E 8 | 4 B 13 | 5 F 11 | 6 C 9 | 7 G 14
"""

# Manning Table IV: extended Mitchell, 7 tables, 9 rounds. Round 4 table 1 is "1 D 12"
# (the seed's "1 X 12" is an OCR error: rules.md §0).
TABLE_IV = """
1 A 8 | 2 B 9 | 3 C 10 | 4 D 11 | 5 E 12 | 6 F 13 | 7 G 14
1 B 14 | 2 C 8 | 3 D 9 | 4 E 10 | 5 F 11 | 6 G 12 | 7 H 13
1 C 13 | 2 D 14 | 3 E 8 | 4 F 9 | 5 G 10 | 6 H 11 | 7 I 12
1 D 12 | 2 E 13 | 3 F 14 | 4 G 8 | 5 H 9 | 6 I 10 | 7 A 11
1 E 11 | 2 F 12 | 3 G 13 | 4 H 14 | 5 I 8 | 6 A 9 | 7 B 10
1 F 10 | 2 G 11 | 3 H 12 | 4 I 13 | 5 A 14 | 6 B 8 | 7 C 9
1 G 9 | 2 H 10 | 3 I 11 | 4 A 12 | 5 B 13 | 6 C 14 | 7 D 8
1 H 8 | 2 I 9 | 3 A 10 | 4 B 11 | 5 C 12 | 6 D 13 | 7 E 14
1 I 14 | 2 A 13 | 3 B 12 | 4 C 11 | 5 D 10 | 6 E 9 | 7 F 8
"""

# Manning Table IVa: the usual modification of Table IV's last two rounds.
TABLE_IVA_ROUNDS_8_9 = """
1 H 8 | 2 I 9 | 3 A 10 | 4 C 11 | 5 C 12 | 6 D 13 | 7 E 14
1 I 14 | 2 A 13 | 3 B 11 | 4 B 12 | 5 D 10 | 6 E 9 | 7 F 8
"""

# Manning Table V: extended Mitchell, 8 tables, 10 rounds.
TABLE_V = """
1 A 9 | 2 B 10 | 3 C 11 | 4 D 12 | 5 F 13 | 6 G 14 | 7 H 15 | 8 I 16
1 B 16 | 2 C 9 | 3 D 10 | 4 E 11 | 5 G 12 | 6 H 13 | 7 I 14 | 8 J 15
1 C 15 | 2 D 16 | 3 E 9 | 4 F 10 | 5 H 11 | 6 I 12 | 7 J 13 | 8 A 14
1 D 14 | 2 E 15 | 3 F 16 | 4 G 9 | 5 I 10 | 6 J 11 | 7 A 12 | 8 B 13
1 E 13 | 2 F 14 | 3 G 15 | 4 H 16 | 5 J 9 | 6 A 10 | 7 B 11 | 8 C 12
1 F 12 | 2 G 13 | 3 H 14 | 4 I 15 | 5 A 16 | 6 B 9 | 7 C 10 | 8 D 11
1 G 11 | 2 H 12 | 3 I 13 | 4 J 14 | 5 B 15 | 6 C 16 | 7 D 9 | 8 E 10
1 H 10 | 2 I 11 | 3 J 12 | 4 A 13 | 5 C 14 | 6 D 15 | 7 E 16 | 8 F 9
1 I 9 | 2 J 10 | 3 A 11 | 4 B 12 | 5 D 13 | 6 E 14 | 7 F 15 | 8 G 16
1 J 16 | 2 A 15 | 3 B 14 | 4 C 13 | 5 E 12 | 6 F 11 | 7 G 10 | 8 H 9
"""

# Manning Table VI: Table I with the last round switched (moving pair sits NS).
TABLE_VI = (
    TABLE_I.strip().rsplit("\n", 1)[0]
    + """
9 G 1 | 10 A 2 | 11 B 3 | 12 C 4 | 13 D 5 | 14 E 6 | 8 F 7
"""
)

Cell = tuple[str, str, str]


def parse(text: str, roving: dict[str, str] | None = None) -> list[list[Cell]]:
    """Rows of (NS, set letter, EW) cells as printed."""
    rows = []
    for line in text.strip().splitlines():
        cells = []
        for cell in line.split("|"):
            ns, letter, ew = cell.split()
            cells.append((ns, (roving or {}).get(letter, letter), ew))
        rows.append(cells)
    return rows


def as_printed(m: Movement, letters: dict[int, str] | None = None) -> list[list[Cell]]:
    """The movement in Manning's notation: who sits NS on the set's first board, the set."""
    rows = []
    for r in range(1, m.rounds + 1):
        row = []
        for e in m.round_entries(r):
            ns, ew = e.direction_on(e.boards[0])
            assert e.set is not None
            letter = (letters or {}).get(e.set, chr(64 + e.set))
            row.append((str(ns), letter, str(ew)))
        rows.append(row)
    return rows


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_table_i_seven_table_mitchell(k: int) -> None:
    """Manning Table I."""
    m = mitchell(7, k)
    assert as_printed(m) == parse(TABLE_I)
    v = check(m, complete=True)
    assert v.complete and v.violations == ()  # "Table I obeys all seven rules"


def test_table_iia_relay_and_share() -> None:
    """Manning Table IIa: obeys every rule except 4B."""
    m = mitchell(8, 2, even="relay")
    assert as_printed(m) == parse(TABLE_IIA)
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    assert {w.rule for w in v.warnings} == {"4B"}
    # Set E rests on the relay (bye-stand) in round 1.
    assert m.bye_stand[0] == (1, (9, 10))


def test_table_iib_skip() -> None:
    """Manning Table IIb (eight rounds: pairs meet round 1's opponents again in round 8)."""
    m = mitchell(8, 2, even="skip", rounds=8)
    assert as_printed(m) == parse(TABLE_IIB)
    v = check(m, complete=True)
    assert v.errors == []
    assert {w.rule for w in v.warnings} == {"4A"}
    assert {(w.round, w.table) for w in v.warnings} == {(8, t) for t in range(1, 9)}


def test_table_iib_is_dual_of_iia() -> None:
    """Manning: 'Table IIb is the dual of Table IIa' (up to the transformations he lists)."""
    assert standard_form(dual(mitchell_grid(8, "relay"))) == mitchell_grid(8, "skip")


def test_table_i_self_dual() -> None:
    """Manning: 'Table I is self-dual'."""
    assert standard_form(dual(mitchell_grid(7))) == mitchell_grid(7)


def test_table_iiia_rover() -> None:
    """Manning Table IIIa; the rover violates 4B only."""
    m = rover(8, 2)
    assert as_printed(m) == parse(TABLE_IIIA)
    v = check(m, complete=True)
    assert v.errors == [] and {w.rule for w in v.warnings} == {"4B"}


def test_table_iiib_worger() -> None:
    """Manning Table IIIb; the Worger violates 4A only."""
    m = worger(7, 2)
    assert as_printed(m, letters={8: "X"}) == parse(TABLE_IIIB)
    v = check(m, complete=True)
    assert v.errors == [] and {w.rule for w in v.warnings} == {"4A"}


def test_table_iv_extended_odd() -> None:
    """Manning Table IV (round 4 corrected per rules.md §0): pair 4 meets pair 11 three times."""
    m = extended_mitchell(7, 2, modified=False)
    assert as_printed(m) == parse(TABLE_IV)
    v = check(m, complete=True)
    assert v.errors == []
    assert [(w.round, w.table, w.pair) for w in v.warnings if "NS 4 meets EW 4" in w.message] == [
        (8, 4, 11),
        (9, 4, 11),
    ]


def test_table_iva_modification() -> None:
    """Manning Table IVa: rounds 8 and 9 modified; no pair meets another three times."""
    m = extended_mitchell(7, 2)
    assert as_printed(m) == parse(TABLE_IV)[:7] + parse(TABLE_IVA_ROUNDS_8_9)
    v = check(m, complete=True)
    assert v.errors == []
    met: dict[frozenset[int | None], int] = {}
    for e in m.entries:
        key = frozenset((e.ns, e.ew))
        met[key] = met.get(key, 0) + 1
    assert max(met.values()) == 2


def test_table_v_extended_even() -> None:
    """Manning Table V: relays between tables 4 and 5 and between 8 and 1."""
    m = extended_mitchell(8, 2)
    assert as_printed(m) == parse(TABLE_V)
    assert m.bye_stand[0] == (1, (9, 10, 19, 20))  # sets E and J rest in round 1
    assert check(m, complete=True).errors == []


def test_bowman_is_dual_of_table_iv() -> None:
    """Manning: the Bowman is the dual of the extended Mitchell; the dual of Table IV shares
    boards among three tables on round 4, avoided by the dual of the IVa modification."""
    plain = standard_form(dual(extended_grid(7, modified=False)))
    row4_sets = [s for _t, s, _e in plain.row(4)]
    assert max(row4_sets.count(s) for s in row4_sets) == 3
    m = bowman(9, 2)
    assert m.rounds == 7 and m.tables == 9
    v = check(m, complete=True)
    assert v.errors == []
    per_round: dict[tuple[int, int], int] = {}
    for e in m.entries:
        assert e.set is not None
        per_round[(e.round, e.set)] = per_round.get((e.round, e.set), 0) + 1
    assert max(per_round.values()) == 2


# -- Table VI and the switching distributions --------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_table_vi_layout(k: int) -> None:
    """Manning Table VI: Table I with the last round switched."""
    assert as_printed(mitchell(7, k, arrow_switch="last")) == parse(TABLE_VI)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_table_vi_distribution(k: int) -> None:
    """Manning Table VI: s in {0: 7, 3k: 42, 4k: 42}, SD = 1.05k; example pairs (1,9) = 0,
    (1,2) = 3k, (1,8) = 4k."""
    b = balance(mitchell(7, k, arrow_switch="last"))
    assert b.histogram == {0: 7, 3 * k: 42, 4 * k: 42}
    assert round(b.sd / k, 2) == 1.05
    assert (b.pair(1, 9).s, b.pair(1, 2).s, b.pair(1, 8).s) == (0, 3 * k, 4 * k)
    assert b.competitions == 1


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_last_two_rounds_switched(k: int) -> None:
    """Manning: Table I switched on rounds 6 and 7 gives {-k: 28, 3k: 14, 4k: 28, 8k: 21},
    SD = 3.3k; example pairs (1,3) = -k, (1,2) = 3k, (1,9) = 4k, (1,12) = 8k."""
    b = balance(mitchell(7, k, arrow_switch="last2"))
    assert b.histogram == {-k: 28, 3 * k: 14, 4 * k: 28, 8 * k: 21}
    assert round(b.sd / k, 1) == 3.3
    assert [b.pair(1, j).s for j in (3, 2, 9, 12)] == [-k, 3 * k, 4 * k, 8 * k]


def test_staggered_switch() -> None:
    """Manning: k = 4, board j of each set switched in round 3 + j: {12: 70, 16: 21},
    SD = 1.70 (sample SD 1.6946: published to two figures)."""
    m = mitchell(7, 4, arrow_switch="staggered")
    for r, j in ((4, 0), (5, 1), (6, 2), (7, 3)):
        for e in m.round_entries(r):
            assert e.switched == (e.boards[j],)
    b = balance(m)
    assert b.histogram == {12: 70, 16: 21}
    assert abs(b.sd - 1.70) < 0.006


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_plain_mitchell_two_competitions(k: int) -> None:
    """Manning: in Tables I and IIa, s = N between pairs in the same direction and 0 between
    a NS and an EW pair (rules.md §8): two separate competitions."""
    for m in (mitchell(7, k), mitchell(8, max(k, 2), even="relay")):
        b = balance(m)
        t = m.tables
        assert b.histogram == {0: t * t, len(m.boards): t * (t - 1)}
        assert b.competitions == 2
        assert b.fields == (tuple(range(1, t + 1)), tuple(range(t + 1, 2 * t + 1)))


def test_skip_mitchell_values() -> None:
    """Manning on Table IIb: NS-EW s is -N, 0 or +N; pair 1 meets pair 9 twice, 13 never."""
    b = balance(mitchell(8, 2, even="skip", rounds=8))
    n = 16
    assert set(b.histogram) == {-n, 0, n}
    assert b.pair(1, 9).s == n and b.pair(1, 13).s == -n
    assert b.competitions == 1


@pytest.mark.parametrize(
    "m",
    [mitchell(7, 2), mitchell(8, 2), extended_mitchell(7, 2), rover(8, 2), worger(7, 2)],
    ids=["I", "IIa", "IVa", "IIIa", "IIIb"],
)
def test_manning_sum_rule(m: Movement) -> None:
    """Manning: sum of s_ij = n(n-1)N for complete movements; mean = N(T-1)/(2T-1) when
    P = 2T and n = T."""
    b = balance(m)
    n = m.tables
    total = sum(pc.s for pc in b.counts)
    n_boards = len(m.boards)
    plays = {bd: len(m.plays(bd)) for bd in m.boards}
    assert total == sum(p * (p - 1) for p in plays.values())
    if len(m.pairs) == 2 * n and set(plays.values()) == {n}:
        assert b.mean == pytest.approx(n_boards * (n - 1) / (2 * n - 1))
