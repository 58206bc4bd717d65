"""IMP pairs (Butler, cross-IMPs), board-a-match, adjusted IMPs (rules.md §5, §6; seed 002)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.errors import ScaleError, TravellerError
from xlbridge.scoring.imp_pairs import (
    adjusted_imps,
    board_a_match,
    butler,
    butler_datum,
    cross_imps,
    default_trim,
    score_imp_board,
    total_points,
)
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import Adjusted

# rules.md §6 worked example (ACBLS, BBOF, BS): NS 420, 420, 450, 170, −50.
EXAMPLE = [420, 420, 450, 170, -50]


def test_butler_example() -> None:
    assert butler_datum(EXAMPLE) == 340
    assert butler(EXAMPLE) == [2, 2, 3, -5, -9]


def test_butler_without_trimming() -> None:
    assert butler_datum(EXAMPLE, trim=0) == 280  # mean 282


@pytest.mark.parametrize(
    ("n", "trim"),
    [(1, 0), (3, 0), (4, 1), (5, 1), (10, 1), (11, 2), (25, 2), (26, 3), (40, 3), (41, 4)],
)
def test_default_trim_rule(n: int, trim: int) -> None:
    # rules.md §6 (BS): drop ⌈(n−10)/15⌉ + 1 from each end when n > 3.
    assert default_trim(n) == trim


@pytest.mark.parametrize(
    ("scores", "half_away", "half_up", "half_even"),
    [([425], 430, 430, 420), ([435], 440, 440, 440), ([-425], -430, -420, -420),
     ([-435], -440, -430, -440), ([424], 420, 420, 420), ([426], 430, 430, 430),
     ([-5], -10, 0, 0), ([5], 10, 10, 0)],
)  # fmt: skip
def test_datum_rounding(scores: list[int], half_away: int, half_up: int, half_even: int) -> None:
    # rules.md §6: the German federation's published Bundesliga Butler rankings (Merlin) send an
    # exact 5 away from zero (-425 -> -430, 425 -> 430), the default; ACBLscore to the even ten
    # (425 -> 420, 435 -> 440); Bridge Scorer (BS) halves up (Math.round).
    assert butler_datum(scores) == half_away
    assert butler_datum(scores, rounding="half-away") == half_away
    assert butler_datum(scores, rounding="half-up") == half_up
    assert butler_datum(scores, rounding="half-even") == half_even


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-7600, 7600).map(lambda x: 5 * x), min_size=1, max_size=30))
def test_symmetric_datum_roundings(scores: list[int]) -> None:
    # rules.md §6: a symmetric rule gives the same board the same datum whichever direction sits
    # North-South (every score negated negates the datum); halves up does not.
    for rounding in ("half-away", "half-even"):
        assert butler_datum([-s for s in scores], rounding=rounding) == -butler_datum(
            scores, rounding=rounding
        )


def test_fixed_datum() -> None:
    assert butler([620, 170], datum=400) == [imps(220), imps(-230)]
    assert butler([], datum=0) == []


def test_butler_errors() -> None:
    with pytest.raises(TravellerError, match="trim 2"):
        butler_datum([1, 2, 3, 4], trim=2)
    with pytest.raises(TravellerError, match="at least one"):
        butler_datum([])
    with pytest.raises(ScaleError, match="'nearest'"):
        butler_datum([1], rounding="nearest")


@pytest.mark.parametrize(
    ("divisor", "value"), [("total", 20), ("comparisons", 5.0), ("results", 4.0)]
)
def test_cross_imps_example(divisor: str, value: float) -> None:
    # rules.md §6: on the Butler board, 450 totals +20 → 5.00 (÷4) or 4.00 (÷5).
    assert cross_imps(EXAMPLE, divisor)[2] == value


def test_cross_imps_default_divides_by_comparisons() -> None:
    assert cross_imps(EXAMPLE) == [x / 4 for x in cross_imps(EXAMPLE, "total")]


def test_cross_imps_errors_and_edges() -> None:
    with pytest.raises(ScaleError, match="'sqrt'"):
        cross_imps(EXAMPLE, "sqrt")
    assert cross_imps([420]) == [0.0]
    assert cross_imps([]) == []


@pytest.mark.parametrize(("net", "points"), [(10, 1.0), (1, 1.0), (0, 0.5), (-10, 0.0)])
def test_board_a_match(net: int, points: float) -> None:
    # seed 002 ch. 14: win, tie or lose each board for 1, ½ or 0.
    assert board_a_match(net) == points


@pytest.mark.parametrize(("text", "pair"), [("A+", (3, 3)), ("A", (0, 0)), ("A-/A+", (-3, 3))])
def test_adjusted_imps_law86a(text: str, pair: tuple[int, int]) -> None:
    # rules.md §5: teams average plus / minus = +3 / −3 IMPs (Law 86A).
    assert adjusted_imps(text) == pair


def test_adjusted_imps_rejects_other_percentages() -> None:
    with pytest.raises(TravellerError, match="'55/45'"):
        adjusted_imps("55/45")


def test_total_points() -> None:
    assert total_points(EXAMPLE) == [420.0, 420.0, 450.0, 170.0, -50.0]


scores_lists = st.lists(st.integers(-300, 300).map(lambda x: 10 * x), min_size=2, max_size=20)


@given(scores_lists)
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    # IMPs are antisymmetric, so the field's cross-IMP totals cancel.
    assert sum(cross_imps(scores, "total")) == 0


@given(scores_lists)
def test_butler_datum_within_range(scores: list[int]) -> None:
    d = butler_datum(scores)
    assert min(scores) - 5 <= d <= max(scores) + 5
    assert d % 10 == 0


# -- a whole board with adjusted scores (Law 86A; rules.md §5 "ACBLscore IMP pairs", §6) -------

A = Adjusted.parse
# The rules.md §6 board with three artificial adjusted scores: A+/A- (NS not at fault, EW at
# fault), A (both partly at fault) and A+ (neither at fault).
WITH_ADJUSTED = [420, A("A+/A-"), 420, 450, A("A"), 170, -50, A("A+"), None]


def test_butler_board_adjusted_rows_leave_the_datum() -> None:
    # The datum of the five real results stays 340 (rules.md §6); the adjusted rows take
    # +3 / 0 / -3 IMPs (Law 86A), each side its own; the unplayed row has no score.
    got = score_imp_board(WITH_ADJUSTED, "butler")
    assert got == [
        (2, -2), (3, -3), (2, -2), (3, -3), (0, 0), (-5, 5), (-9, 9), (3, 3), (None, None)
    ]  # fmt: skip
    # The datum is that of the real scores alone: a wild adjusted row cannot move it.
    assert [ns for ns, _ in got if ns is not None][:1] == butler(EXAMPLE)[:1]


def test_cross_imps_board_adjusted_rows_leave_the_comparisons() -> None:
    # rules.md §6: 450 totals +20 over the other four real results, 5.00 a comparison; adjusted
    # rows are not compared, so the real rows score as if they were absent.
    got = score_imp_board(WITH_ADJUSTED, "ximp")
    real = [got[i] for i in (0, 2, 3, 5, 6)]
    assert [ns for ns, _ in real] == cross_imps(EXAMPLE)
    assert got[3] == (5.0, -5.0)
    assert (got[1], got[4], got[7], got[8]) == ((3, -3), (0, 0), (3, 3), (None, None))


def test_cross_imps_board_adjusted_on_the_divisor_basis() -> None:
    # ACBLscore (rules.md §5): +3 a comparison; under Total IMPs x(n-1), n the 8 rows played;
    # divided by results (seed 002's basis) x(n-1)/n.
    total = score_imp_board(WITH_ADJUSTED, "ximp", divisor="total")
    assert total[1] == (21, -21) and total[4] == (0, 0) and total[3] == (20.0, -20.0)
    per_result = score_imp_board(WITH_ADJUSTED, "ximp", divisor="results")
    assert per_result[7] == pytest.approx((3 * 7 / 8, 3 * 7 / 8))
    assert per_result[3][0] == pytest.approx(4.0)  # 450: +20 / 5 results (rules.md §6)


def test_imp_board_refuses_adjusted_without_imp_equivalent() -> None:
    with pytest.raises(TravellerError, match=r"row 2: .*'55/45'"):
        score_imp_board([420, A("55/45")], "butler")
    with pytest.raises(ScaleError, match="'mp'"):
        score_imp_board([420], "mp")


@given(scores_lists, st.lists(st.sampled_from(["A", "A+", "A-", "A+/A-", "A-/A+"]), max_size=4))
def test_imp_board_real_rows_ignore_adjusted_rows(scores: list[int], adj: list[str]) -> None:
    # Adding adjusted rows never changes the real rows' IMPs (they leave datum and comparisons).
    rows: list[float | Adjusted | None] = [*scores, *(A(t) for t in adj)]
    for method in ("butler", "ximp"):
        alone = score_imp_board(list(scores), method)
        assert score_imp_board(rows, method)[: len(scores)] == alone
