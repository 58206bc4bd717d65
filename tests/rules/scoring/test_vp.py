"""Victory point scales and win/loss (rules.md §4, §6; seed 002)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import ScaleError
from xlbridge.scoring.vp import VP_SCALES, blitz, vp, wbf_discrete_bounds, wbf_table, win_loss

# rules.md §4 WBF 2013 continuous table (sources WBFR, MS, XF; bold cells also STAR).
# boards: (VPs at margins 1, 2, 5, 10, 15, 20, 30, margin where 20.00 is first reached).
# The 24-board cells for 5 and 20 are (raw, concavity-adjusted), tested below.
WBF_MARGINS = (1, 2, 5, 10, 15, 20, 30)
WBF_TABLE = {
    8: ((10.44, 10.86, 12.05, 13.78, 15.23, 16.46, 18.37), 43),
    10: ((10.39, 10.77, 11.85, 13.43, 14.80, 15.97, 17.84), 48),
    12: ((10.36, 10.71, 11.70, 13.18, 14.46, 15.58, 17.40), 52),
    16: ((10.31, 10.61, 11.48, 12.80, 13.97, 15.00, 16.73), 60),
    20: ((10.28, 10.55, 11.34, 12.53, 13.61, 14.58, 16.23), 68),
    24: ((10.25, 10.50, None, 12.33, 13.34, None, 15.83), 74),
}
WBF_CELLS = [
    (n, m, v)
    for n, (row, _) in WBF_TABLE.items()
    for m, v in zip(WBF_MARGINS, row, strict=True)
    if v is not None
]


@pytest.mark.parametrize(
    ("boards", "margin", "value"),
    WBF_CELLS,
    ids=[f"rules.md §4 N={n} M={m}" for n, m, _ in WBF_CELLS],
)
def test_wbf_continuous_cells(boards: int, margin: int, value: float) -> None:
    # "The margins in the table below are not affected" by the concavity rule: both agree.
    for scale in ("wbf", "wbf-raw"):
        win, lose = vp(margin, boards, scale)
        assert win == value
        assert round(win + lose, 2) == 20


@pytest.mark.parametrize(("boards", "at"), [(n, at) for n, (_, at) in WBF_TABLE.items()])
def test_wbf_twenty_first_reached(boards: int, at: int) -> None:
    # rules.md §4 "20.00 at" column: first reached at M = ⌈B⌉.
    assert vp(at, boards) == (20.0, 0.0)
    assert vp(at - 1, boards)[0] < 20
    assert len(wbf_table(boards)) == at + 1


@pytest.mark.parametrize(
    ("boards", "margin", "raw", "adjusted"),
    [(16, 14, 13.74, 13.75), (24, 5, 11.22, 11.23), (24, 20, 14.25, 14.26)],
)
def test_wbf_concavity_rule(boards: int, margin: int, raw: float, adjusted: float) -> None:
    # rules.md §4: MS's concavity-adjusted table vs XF's rounded-only values.
    assert vp(margin, boards, "wbf-raw")[0] == raw
    assert vp(margin, boards)[0] == adjusted


@pytest.mark.parametrize("boards", [4, 8, 12, 16, 20, 24, 32, 64])
def test_wbf_table_is_concave(boards: int) -> None:
    t = [round(v * 100) for v in wbf_table(boards)]
    steps = [b - a for a, b in itertools.pairwise(t)]
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))
    assert all(s >= 0 for s in steps)


def test_blitz() -> None:
    assert blitz(16) == 60
    assert blitz(8) == pytest.approx(42.43, abs=0.005)


# rules.md §4 WBF 2013 discrete: lowest margin for 11..20 VPs.
DISCRETE = {
    16: [(0, 1), (2, 4), (5, 8), (9, 12), (13, 17), (18, 22), (23, 28), (29, 35), (36, 43),
         (44, 53), (54, 80)],
    20: [(0, 1), (2, 5), (6, 9), (10, 14), (15, 19), (20, 25), (26, 31), (32, 39), (40, 48),
         (49, 60), (61, 90)],
}  # fmt: skip
DISCRETE_CELLS = [
    (n, 10 + i, lo, hi) for n, rows in DISCRETE.items() for i, (lo, hi) in enumerate(rows)
]


@pytest.mark.parametrize(
    ("boards", "vps", "low", "high"),
    DISCRETE_CELLS,
    ids=[f"rules.md §4 discrete N={n} {v}VP" for n, v, _, _ in DISCRETE_CELLS],
)
def test_wbf_discrete_cells(boards: int, vps: int, low: int, high: int) -> None:
    for margin in (low, high):
        assert vp(margin, boards, "wbf-discrete") == (vps, 20 - vps)
        assert vp(-margin, boards, "wbf-discrete") == (20 - vps, vps)


def test_wbf_discrete_bounds_match_table() -> None:
    for n, rows in DISCRETE.items():
        assert list(wbf_discrete_bounds(n)) == [lo for lo, _ in rows[1:]]


# rules.md §4 ACBL Swiss scales (BH): (boards, lowest margins, VPs of the winner).
ACBL20_ROWS = {
    (6, 8): [0, 1, 3, 5, 8, 11, 14, 17, 20, 24, 28],
    (9, 11): [0, 1, 3, 6, 10, 14, 18, 22, 26, 31, 36],
}
ACBL30_ROWS = {
    (6, 8): [0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28],
    (9, 11): [0, 1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36],
}
ACBL30_VPS = [15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]


def _ranges(lows: list[int]) -> list[tuple[int, int]]:
    return [(lo, hi - 1) for lo, hi in itertools.pairwise(lows)] + [(lows[-1], 60)]


ACBL_CELLS = [
    ("acbl20", boards, lo, hi, 10 + i, 20)
    for rng, lows in ACBL20_ROWS.items()
    for boards in rng
    for i, (lo, hi) in enumerate(_ranges(lows))
] + [
    ("acbl30", boards, lo, hi, ACBL30_VPS[i], 30)
    for rng, lows in ACBL30_ROWS.items()
    for boards in rng
    for i, (lo, hi) in enumerate(_ranges(lows))
]


@pytest.mark.parametrize(
    ("scale", "boards", "low", "high", "vps", "total"),
    ACBL_CELLS,
    ids=[f"rules.md §4 {c[0]} {c[1]}bds {c[2]}-{c[3]}" for c in ACBL_CELLS],
)
def test_acbl_scales(scale: str, boards: int, low: int, high: int, vps: int, total: int) -> None:
    for margin in (low, high):
        assert vp(margin, boards, scale) == (vps, total - vps)


@pytest.mark.parametrize(("scale", "boards"), [("acbl20", 5), ("acbl20", 12), ("acbl30", 20)])
def test_acbl_scales_outside_their_boards(scale: str, boards: int) -> None:
    with pytest.raises(ScaleError, match=f"not {boards}"):
        vp(3, boards, scale)


# Seed 002 ch. 11 IMP→VP table; "28 or more e 20-0" read as 20-0 (rules.md §0).
SEED_IMP = [(0, 0, 10), (1, 2, 11), (3, 4, 12), (5, 7, 13), (8, 10, 14), (11, 13, 15),
            (14, 16, 16), (17, 19, 17), (20, 23, 18), (24, 27, 19), (28, 99, 20)]  # fmt: skip
# Seed 002 ch. 4 Swiss pairs (Chicago net points); 14-8 and 15-7 read as 14-6, 15-5 (rules.md §0).
CHICAGO_SWISS = [(0, 40, 10), (50, 140, 11), (150, 240, 12), (250, 340, 13), (350, 540, 14),
                 (550, 740, 15), (750, 940, 16), (950, 1240, 17), (1250, 1540, 18),
                 (1550, 5000, 19)]  # fmt: skip
# Seed 002 ch. 5 marathon table, same corrections.
CHICAGO_MARATHON = [(0, 90, 10), (100, 290, 11), (300, 490, 12), (500, 790, 13), (800, 1090, 14),
                    (1100, 1390, 15), (1400, 1690, 16), (1700, 1990, 17), (2000, 2490, 18),
                    (2500, 9000, 19)]  # fmt: skip
SEED_CELLS = (
    [("seed-imp", *r) for r in SEED_IMP]
    + [("chicago-swiss", *r) for r in CHICAGO_SWISS]
    + [("chicago-marathon", *r) for r in CHICAGO_MARATHON]
)


@pytest.mark.parametrize(
    ("scale", "low", "high", "vps"),
    SEED_CELLS,
    ids=[f"seed 002 {c[0]} {c[1]}-{c[2]}" for c in SEED_CELLS],
)
def test_seed_002_tables(scale: str, low: int, high: int, vps: int) -> None:
    for margin in (low, high):
        assert vp(margin, 7, scale) == (vps, 20 - vps)
        assert vp(-margin, 7, scale) == (20 - vps, vps)


def test_seed_imp_is_acbl20_short_matches() -> None:
    # rules.md §0: apart from its typo the seed table is the ACBL 20-VP scale for 6-8 boards.
    for m in range(40):
        assert vp(m, 7, "seed-imp") == vp(m, 7, "acbl20")


def test_unknown_scale_and_bad_args() -> None:
    with pytest.raises(ScaleError, match="'wbf25'"):
        vp(3, 8, "wbf25")
    with pytest.raises(ScaleError, match="boards 0"):
        vp(3, 0)
    with pytest.raises(ScaleError, match="margin 'x'"):
        vp("x", 8)  # type: ignore[arg-type]


def test_fractional_margin_uses_formula() -> None:
    # A continuous scale takes fractional IMPs (IMP pairs): between the whole-IMP values.
    assert vp(1, 20)[0] < vp(1.5, 20)[0] < vp(2, 20)[0]


@pytest.mark.parametrize(
    ("margin", "three_quarter", "expected"),
    [(0, True, (0.5, 0.5)), (1, True, (0.75, 0.25)), (2, True, (0.75, 0.25)),
     (3, True, (1.0, 0.0)), (-2, True, (0.25, 0.75)), (-3, True, (0.0, 1.0)),
     (1, False, (1.0, 0.0)), (-1, False, (0.0, 1.0))],
)  # fmt: skip
def test_win_loss(margin: float, three_quarter: bool, expected: tuple[float, float]) -> None:
    # seed 002 ch. 11 and 14: a win by 1-2 IMPs is ¾ - ¼.
    assert win_loss(margin, three_quarter) == expected


twenty_point = [s for s in VP_SCALES if s != "acbl30"]


@given(st.integers(-200, 200), st.sampled_from([6, 7, 8, 9, 10, 11]), st.sampled_from(twenty_point))
def test_vps_sum_to_twenty(margin: int, boards: int, scale: str) -> None:
    win, lose = vp(margin, boards, scale)
    assert round(win + lose, 2) == 20
    assert vp(-margin, boards, scale) == (lose, win)


@given(st.integers(0, 200), st.integers(1, 64), st.sampled_from(["wbf", "wbf-raw", "wbf-discrete"]))
def test_wbf_monotone(margin: int, boards: int, scale: str) -> None:
    assert vp(margin + 1, boards, scale)[0] >= vp(margin, boards, scale)[0]
    assert round(sum(vp(margin, boards, scale)), 2) == 20


@given(st.integers(-100, 100), st.sampled_from([6, 8, 9, 11]))
def test_acbl30_sums_to_thirty(margin: int, boards: int) -> None:
    assert sum(vp(margin, boards, "acbl30")) == 30
