"""Manning's competition measure s_ij (seed 004; rules.md §8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.movements.balance import balance, s_matrix
from xlbridge.movements.mitchell import extended_mitchell, mitchell
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.optimise import optimise_switches, spread
from xlbridge.movements.validate import check

# rules.md §8: 4-table Howell (NBB N025_Howell_tafelkaart_8.txt), "NS-EW set" per table.
HOWELL_4 = """
8-1 A | 6-3 D | 7-2 F | 4-5 G
8-2 B | 7-4 E | 1-3 G | 5-6 A
8-3 C | 1-5 F | 2-4 A | 6-7 B
8-4 D | 2-6 G | 3-5 B | 7-1 C
8-5 E | 3-7 A | 4-6 C | 1-2 D
8-6 F | 4-1 B | 5-7 D | 2-3 E
8-7 G | 5-2 C | 6-1 E | 3-4 F
"""

# rules.md §8: 3-table Howell (NBB N022_Howell_6.txt); round 5 relays set E at all tables.
HOWELL_3 = """
1-2 A | 3-4 B | 5-6 C
1-3 C | 5-2 D | 4-6 A
1-4 D | 2-6 B | 3-5 A
1-5 B | 4-2 C | 6-3 D
1-6 E | 2-3 E | 4-5 E
"""


def howell_from_table(text: str, k: int) -> Movement:
    entries = []
    for r, line in enumerate(text.strip().splitlines(), start=1):
        for t, cell in enumerate(line.split("|"), start=1):
            pairs, letter = cell.split()
            ns, ew = (int(x) for x in pairs.split("-"))
            s = ord(letter) - 64
            boards = tuple(range((s - 1) * k + 1, s * k + 1))
            entries.append(Entry(r, t, ns, ew, boards, set=s))
    n_pairs = max(max(e.ns or 0, e.ew or 0) for e in entries)
    return Movement(
        kind="howell",
        tables=len(text.strip().splitlines()[0].split("|")),
        rounds=len(text.strip().splitlines()),
        boards_per_round=k,
        pairs=tuple(Pair(i, str(i)) for i in range(1, n_pairs + 1)),
        entries=tuple(entries),
    )


@pytest.mark.parametrize("k", [1, 3, 4])
def test_four_table_howell_is_perfect(k: int) -> None:
    """rules.md §8: the 4-table Howell is complete and perfectly balanced, s_ij = 3 (per board
    per set: N(T-1)/(2T-1) with N = 7k gives 3k) for all 28 pairs of pairs."""
    m = howell_from_table(HOWELL_4, k)
    v = check(m, complete=True)
    assert v.complete and v.errors == []
    b = balance(m)
    assert b.histogram == {3 * k: 28}
    assert b.perfect and b.sd == 0.0 and b.competitions == 1
    assert b.mean == pytest.approx(b.expected_mean)


def test_three_table_howell_not_balanced() -> None:
    """rules.md §8: the 3-table Howell is not balanced: s_ij ranges 0-6, mean 2 (1 board/set)."""
    m = howell_from_table(HOWELL_3, 1)
    assert check(m, complete=True).errors == []
    b = balance(m)
    assert min(b.histogram) == 0 and max(b.histogram) == 6
    assert b.mean == pytest.approx(2.0)


def test_abcd_counts_plain_mitchell() -> None:
    """Manning, Mitchell: both stationary: a = c = d = 0, b = N; stationary vs moving:
    a = k, b = d = 0, c = N - k, s = 0."""
    k = 3
    b = balance(mitchell(7, k))
    n_boards = 21
    same = b.pair(1, 2)
    assert (same.a, same.b, same.c, same.d, same.s) == (0, n_boards, 0, 0, n_boards)
    cross = b.pair(3, 12)
    assert (cross.a, cross.b, cross.c, cross.d, cross.s) == (k, 0, n_boards - k, 0, 0)


def test_half_table_d_counts() -> None:
    """Manning case (iv): boards not played by both pairs count zero (d)."""
    b = balance(mitchell(7, 2, half_table=True))
    pc = b.pair(1, 8)  # EW 1 sits out at table 7 in round 1, missing boards 13-14
    assert pc.a + pc.b + pc.c + pc.d == 14
    assert pc.d == 2


def test_to_dict() -> None:
    d = balance(mitchell(7, 1, arrow_switch="last")).to_dict()
    assert d["histogram"] == [[0, 7], [3, 42], [4, 42]]
    assert d["competitions"] == 1 and d["sd"] == pytest.approx(1.0549, abs=1e-4)


def test_s_matrix_matches_balance() -> None:
    m = extended_mitchell(7, 2, arrow_switch="last")
    ids, s, a = s_matrix(m)
    b = balance(m)
    for pc in b.counts:
        i, j = ids.index(pc.i), ids.index(pc.j)
        assert s[i][j] == s[j][i] == pc.s
        assert a[i][j] == pc.a
    assert spread(m) == pytest.approx(b.sd)


def _manning_s(m: Movement) -> dict[tuple[int, int], int]:
    """s_ij by Manning's definition (seed 004), every two plays of every board: +1 for two
    pairs on the same side, -1 on opposite sides, n-1 for opponents (n: the board's plays)."""
    plays: dict[int, list[tuple[int, int]]] = {}
    for e in m.entries:
        if e.ns is not None and e.ew is not None:
            for bd in e.boards:
                ns, ew = e.direction_on(bd)
                assert ns is not None and ew is not None
                plays.setdefault(bd, []).append((ns, ew))
    out: dict[tuple[int, int], int] = {}
    for rows in plays.values():
        n = len(rows)
        for x, (xn, xe) in enumerate(rows):
            for y, (yn, ye) in enumerate(rows):
                if x == y:
                    for i, j in ((xn, xe), (xe, xn)):
                        out[i, j] = out.get((i, j), 0) + n - 1
                    continue
                for i, j, same in ((xn, yn, 1), (xe, ye, 1), (xn, ye, -1), (xe, yn, -1)):
                    out[i, j] = out.get((i, j), 0) + same
    return out


@pytest.mark.parametrize(
    "movement",
    [
        howell_from_table(HOWELL_4, 3),
        howell_from_table(HOWELL_3, 2),
        mitchell(9, 3, arrow_switch="staggered"),
        extended_mitchell(7, 2, arrow_switch="last"),
        # a pair on a board twice (a hand-made movement file can say so): the counting path
        Movement(
            kind="howell",
            tables=2,
            rounds=1,
            boards_per_round=2,
            pairs=tuple(Pair(i, str(i)) for i in range(1, 4)),
            entries=(
                Entry(1, 1, 1, 2, (1, 2)),
                Entry(1, 2, 1, 3, (1, 2)),
                Entry(2, 1, 2, 1, (1,)),
                Entry(2, 2, 3, 2, (2,)),
            ),
        ),
    ],
    ids=["howell4", "howell3", "mitchell9-staggered", "ext-mitchell7-last", "a-pair-twice"],
)
def test_s_matrix_is_mannings_definition(movement: Movement) -> None:
    """The fast s matrix (popcounts of each pair's boards) equals s_ij counted play by play."""
    ids, s, _a = s_matrix(movement)
    want = _manning_s(movement)
    for i, p in enumerate(ids):
        for j, q in enumerate(ids):
            assert s[i][j] == want.get((p, q), 0), (p, q)


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(3, 13),
    k=st.integers(1, 4),
    switch=st.sampled_from(["none", "last", "last2", "staggered"]),
)
def test_manning_sums(tables: int, k: int, switch: str) -> None:
    """Manning: sum a = nN, sum b = sum c = n(n-1)N, sum s = n(n-1)N, however switched."""
    m = mitchell(tables, max(k, 2) if tables % 2 == 0 else k, arrow_switch=switch)
    b = balance(m)
    n = tables
    n_boards = len(m.boards)
    assert sum(pc.a for pc in b.counts) == n * n_boards
    assert sum(pc.b for pc in b.counts) == sum(pc.c for pc in b.counts) == n * (n - 1) * n_boards
    assert sum(pc.s for pc in b.counts) == n * (n - 1) * n_boards
    assert b.mean == pytest.approx(n_boards * (n - 1) / (2 * n - 1))


# -- optimiser -----------------------------------------------------------------------------


def test_optimiser_matches_or_beats_manning() -> None:
    """The optimiser is at least as good as Manning's staggered switch (SD 1.70, k = 4)."""
    r = optimise_switches(mitchell(7, 4))
    assert r.sd <= 1.6947
    assert balance(r.movement).sd == pytest.approx(r.sd, abs=1e-6)


@pytest.mark.parametrize(("tables", "k"), [(9, 3), (13, 2), (8, 3)])
def test_optimiser_improves_on_named_patterns(tables: int, k: int) -> None:
    m = mitchell(tables, k)
    r = optimise_switches(m, max_evals=1500)
    named = min(balance(mitchell(tables, k, arrow_switch=p)).sd for p in ("last", "last2"))
    assert r.sd <= named + 1e-9
    assert r.evaluations <= 1500
    assert check(r.movement).errors == []
    assert r == optimise_switches(m, max_evals=1500)  # deterministic


def test_optimal_switch_option() -> None:
    m = mitchell(7, 4, arrow_switch="optimal")
    assert any(e.switched for e in m.entries)
    assert balance(m).sd <= 1.6947


def test_optimiser_finds_exhaustive_optimum_small() -> None:
    """On a 5-table, 2-board Mitchell (1024 patterns) local search reaches the best SD that an
    exhaustive search over every (round, position) pattern finds."""
    import itertools

    from xlbridge.movements.mitchell import with_switches

    m = mitchell(5, 2)
    bits = [(r, j) for r in range(1, 6) for j in range(2)]
    best = float("inf")
    for mask in itertools.product((False, True), repeat=len(bits)):
        sw: dict[tuple[int, int], set[int]] = {}
        for e in m.entries:
            for (r, j), on in zip(bits, mask, strict=True):
                if on and e.round == r:
                    sw.setdefault((e.round, e.table), set()).add(e.boards[j])
        best = min(best, spread(with_switches(m, sw)))
    assert optimise_switches(m).sd == pytest.approx(best, abs=1e-9)
