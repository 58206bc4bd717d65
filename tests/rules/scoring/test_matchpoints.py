"""Matchpoints, tops, check totals, Neuberg and adjusted scores (rules.md §5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import ScaleError, TravellerError
from xlbridge.scoring.matchpoints import (
    Adjusted,
    MPScale,
    check_total,
    matchpoints,
    neuberg,
    score_board,
    top,
)

# Seed 000's traveller (ACBL Form 244, board 1): NS scores and NS matchpoints (rules.md §5 [V]).
SEED_000_SCORES = [130, -50, 450, -140, 170, 100, 130]
SEED_000_MP = [3.5, 1, 6, 0, 5, 2, 3.5]


def test_seed_000_traveller_acbl() -> None:
    assert matchpoints(SEED_000_SCORES) == SEED_000_MP
    assert sum(matchpoints(SEED_000_SCORES)) == check_total(7) == 21
    assert top(7) == 6


def test_seed_000_traveller_ebu_is_double() -> None:
    assert matchpoints(SEED_000_SCORES, "ebu") == [2 * x for x in SEED_000_MP]
    assert top(7, MPScale.EBU) == 12


@pytest.mark.parametrize(
    ("text", "scale"),
    [("acbl", MPScale.ACBL), ("ACBL", MPScale.ACBL), ("1/0.5", MPScale.ACBL),
     ("ebu", MPScale.EBU), ("2/1", MPScale.EBU), ("Ebu", MPScale.EBU)],
)  # fmt: skip
def test_scale_parse(text: str, scale: MPScale) -> None:
    assert MPScale.parse(text) is scale
    assert MPScale.parse(str(scale)) is scale


def test_unknown_scale() -> None:
    with pytest.raises(ScaleError, match="'3/2'"):
        MPScale.parse("3/2")


# rules.md §5 Neuberg, 2/1 units: N = 11, n = 10, top 20: 18 → 19.9, 0 → 0.1 (Bavin).
@pytest.mark.parametrize(("mp", "factored"), [(18, 19.9), (0, 0.1)])
def test_neuberg_bavin_example(mp: float, factored: float) -> None:
    assert neuberg(mp, 10, 11, "ebu") == pytest.approx(factored)


def test_neuberg_acbl_form() -> None:
    # rules.md §5, 1/½ units: M' = (M + ½)·N/n − ½; ASE's form N·M/n + (N − n)/2n.
    for m in (0, 1.5, 4, 8):
        assert neuberg(m, 9, 12) == pytest.approx(12 * m / 9 + (12 - 9) / (2 * 9))


def test_neuberg_percent_form() -> None:
    # rules.md §5 (pjms): P' = 50 + (P − 50)·((n−1)/n)·(N/(N−1)).
    n, big_n, m = 10, 13, 7.0
    p = 100 * m / top(n)
    p_factored = 100 * neuberg(m, n, big_n) / top(big_n)
    assert p_factored == pytest.approx(50 + (p - 50) * ((n - 1) / n) * (big_n / (big_n - 1)))


def test_neuberg_rejects_more_results_than_expected() -> None:
    with pytest.raises(TravellerError, match="expected results 5"):
        neuberg(3, 6, 5)


@pytest.mark.parametrize(
    ("text", "ns", "ew", "canonical"),
    [("A", 50, 50, "A"), ("a+", 60, 60, "A+"), ("A-", 40, 40, "A-"), ("A+/A-", 60, 40, "A+/A-"),
     ("60/40", 60, 40, "A+/A-"), ("40/60", 40, 60, "A-/A+"), ("50/50", 50, 50, "A"),
     ("55%/45%", 55, 45, "55/45"), ("A/A-", 50, 40, "A/A-"), ("70/30", 70, 30, "70/30"),
     ("37.5/50", 37.5, 50, "37.5/50")],
)  # fmt: skip
def test_adjusted_parse(text: str, ns: float, ew: float, canonical: str) -> None:
    a = Adjusted.parse(text)
    assert (a.ns_pct, a.ew_pct) == (ns, ew)
    assert str(a) == canonical
    assert eval(repr(a)) == a


@pytest.mark.parametrize("text", ["B", "A++", "120/0", "60/40/0", "", "x/y"])
def test_adjusted_errors(text: str) -> None:
    with pytest.raises(TravellerError, match="adjusted score"):
        Adjusted.parse(text)


def test_adjusted_rows_get_share_of_full_top() -> None:
    # rules.md §5 Interplay (EBU): 60/40 of the full top 2(N−1); the real results are compared
    # among themselves and Neuberg-factored to the full top.
    rows = [420, Adjusted.parse("A+/A-"), 450, None, 170, 420]
    out = score_board(rows, "ebu")
    assert out[3] == (None, None)
    full_top = top(5, "ebu")  # 5 results on the board
    assert out[1] == (pytest.approx(0.6 * full_top), pytest.approx(0.4 * full_top))
    real = matchpoints([420, 450, 170, 420], "ebu")
    for i, mp in zip([0, 2, 4, 5], real, strict=True):
        assert out[i][0] == pytest.approx(neuberg(mp, 4, 5, "ebu"))
        assert out[i][0] + out[i][1] == pytest.approx(full_top)


def test_score_board_expected_factors_short_board() -> None:
    # rules.md §5 Neuberg via score_board: 10 results of 11 expected, EBU; sole top/bottom.
    scores = list(range(10))
    out = score_board(scores, "ebu", expected=11)
    assert out[9][0] == pytest.approx(19.9)
    assert out[0][0] == pytest.approx(0.1)


def test_score_board_rejects_bad_rows() -> None:
    with pytest.raises(TravellerError, match="row 2"):
        score_board([420, "x"])  # type: ignore[list-item]
    with pytest.raises(TravellerError, match="expected results 2"):
        score_board([1, 2, 3], expected=2)


def test_single_result_is_average() -> None:
    assert score_board([420], expected=5) == [(2.0, 2.0)]


scores_lists = st.lists(st.integers(-300, 300).map(lambda x: 10 * x), min_size=1, max_size=30)


@given(scores_lists, st.sampled_from(["acbl", "ebu"]))
def test_matchpoints_sum_to_check_total(scores: list[int], scale: str) -> None:
    n = len(scores)
    mps = matchpoints(scores, scale)
    per = MPScale.parse(scale).per_comparison
    assert sum(mps) == per * n * (n - 1) / 2 == check_total(n, scale)
    ew = [top(n, scale) - m for m in mps]
    assert sum(ew) == check_total(n, scale)


@given(scores_lists, st.sampled_from(["acbl", "ebu"]))
def test_matchpoints_agree_with_pairwise_count(scores: list[int], scale: str) -> None:
    per = MPScale.parse(scale).per_comparison
    naive = [
        per * sum(1.0 if s > t else 0.5 if s == t else 0.0 for j, t in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]
    assert matchpoints(scores, scale) == naive


@given(
    st.lists(
        st.one_of(
            st.integers(-300, 300).map(lambda x: 10 * x),
            st.none(),
            st.sampled_from(["A", "A+", "A-", "A+/A-", "60/40"]).map(Adjusted.parse),
        ),
        min_size=1,
        max_size=20,
    ),
    st.sampled_from(["acbl", "ebu"]),
    st.integers(0, 5),
)
def test_score_board_ns_plus_ew_is_top(
    rows: list[float | Adjusted | None], scale: str, extra: int
) -> None:
    played = sum(r is not None for r in rows)
    expected = played + extra
    out = score_board(rows, scale, expected=expected)
    full_top = top(expected, scale)
    for row, (ns, ew) in zip(rows, out, strict=True):
        if row is None:
            assert (ns, ew) == (None, None)
            continue
        assert ns is not None and ew is not None
        assert -1e-9 <= ns <= full_top + 1e-9
        if isinstance(row, Adjusted):
            assert ns + ew == pytest.approx((row.ns_pct + row.ew_pct) * full_top / 100)
        else:
            assert ns + ew == pytest.approx(full_top)


@given(st.floats(0, 100).map(lambda x: round(x, 2)), st.floats(0, 100).map(lambda x: round(x, 2)))
def test_adjusted_round_trip(ns: float, ew: float) -> None:
    a = Adjusted(ns, ew)
    assert Adjusted.parse(str(a)) == a


@given(st.sampled_from(list(MPScale)))
def test_scale_round_trip(s: MPScale) -> None:
    assert MPScale.parse(str(s)) is s
    assert eval(repr(s)) is s
