"""The rules the add-in calls on whole travellers are fast and still the same rules (issue 15).

``cross_imps`` used to IMP every score against every other (quadratic: 41 s for a 10,000-row
BRIDGE_XIMP) and ``matchpoints`` bisected once per row; both now work on the distinct scores.
Each is checked here against the plain definition, written out naively below, on random
boards: cross-IMPs as rules.md §6 defines them (every score IMPed against every other on the
WBF scale, rules.md §3, summed, then divided), matchpoints as rules.md §5 does (1 or 2 for each
score beaten, half that for each tie).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.scoring.imp_pairs import butler_datum, cross_imps, default_trim
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import matchpoints


def naive_cross_imps(scores: Sequence[float], divisor: str = "comparisons") -> list[float]:
    """rules.md §6, word for word: n² comparisons."""
    n = len(scores)
    by = {"comparisons": n - 1, "results": n, "total": 1}[divisor]
    totals = [sum(imps(s - t) for t in scores) for s in scores]
    return [t / by if by else 0.0 for t in totals]


def naive_matchpoints(scores: Sequence[float], per: int = 1) -> list[float]:
    """rules.md §5, word for word: each score against every other."""
    out = []
    for i, s in enumerate(scores):
        beaten = sum(1 for j, t in enumerate(scores) if j != i and s > t)
        tied = sum(1 for j, t in enumerate(scores) if j != i and s == t)
        out.append(per * (beaten + tied / 2))
    return out


# Table scores (multiples of 10), any whole points, whole points far apart (the bisection path
# of cross_imps), and any float (the pair-by-pair path), mixed ints and floats.
table_scores = st.integers(-760, 760).map(lambda x: 10 * x)
board_scores = st.one_of(
    st.lists(table_scores, max_size=40),
    st.lists(table_scores.map(float), max_size=40),
    st.lists(st.integers(-8000, 8000), max_size=40),
    st.lists(st.integers(-(10**9), 10**9) | table_scores, max_size=30),
    st.lists(st.floats(-1e6, 1e6, allow_nan=False) | table_scores.map(float), max_size=25),
    st.lists(st.sampled_from([20, 19.999999999999996, 20.000000000000004, 0, 1e-300, -20]),
             max_size=12),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(scores=board_scores, divisor=st.sampled_from(["comparisons", "results", "total"]))
def test_cross_imps_equal_the_definition(scores: list[float], divisor: str) -> None:
    assert cross_imps(scores, divisor) == naive_cross_imps(scores, divisor)


@settings(max_examples=300, deadline=None)
@given(scores=board_scores, scale=st.sampled_from([("acbl", 1), ("ebu", 2)]))
def test_matchpoints_equal_the_definition(scores: list[float], scale: tuple[str, int]) -> None:
    assert matchpoints(scores, scale[0]) == naive_matchpoints(scores, scale[1])


@settings(max_examples=200, deadline=None)
@given(scores=st.lists(table_scores | st.integers(-(10**6), 10**6), min_size=1, max_size=40))
def test_butler_datum_counts_each_score_once(scores: list[int]) -> None:
    # the datum sums the distinct scores times their counts: the same exact mean as before
    k = default_trim(len(scores))
    kept = sorted(scores)[k : len(scores) - k]
    mean = sum((Fraction(v) for v in kept), Fraction(0)) / len(kept)
    # rules.md §6: to the nearest 10, an exact 5 away from zero (the default)
    away = 10 * int((abs(mean) / 10 + Fraction(1, 2)).__floor__())
    assert butler_datum(scores) == (away if mean >= 0 else -away)
    assert butler_datum(scores, rounding="half-up") == 10 * int(
        (mean / 10 + Fraction(1, 2)).__floor__()
    )


def test_rules_md_worked_examples_still_hold() -> None:
    # rules.md §6: 450 totals +20 -> 5.00 (÷4) or 4.00 (÷5); §5 seed 000 board 1: 3½ 1 6 0 5 2 3½
    board = [450, 420, 420, 170, -50]
    assert cross_imps(board, "total") == [20.0, 15.0, 15.0, -13.0, -37.0]
    assert cross_imps(board)[0] == 5.0 and cross_imps(board, "results")[0] == 4.0
    assert matchpoints([130, -50, 450, -140, 170, 100, 130]) == [3.5, 1, 6, 0, 5, 2, 3.5]


def test_large_boards_agree_with_the_definition_on_a_sample() -> None:
    # 2,000 table scores: the fast path against the definition for a sample of rows
    rng = random.Random(15)
    scores = [10 * rng.randint(-300, 300) for _ in range(2000)]
    fast = cross_imps(scores, "total")
    for i in rng.sample(range(len(scores)), 25):
        assert fast[i] == sum(imps(scores[i] - t) for t in scores)
    mps = matchpoints(scores)
    for i in rng.sample(range(len(scores)), 25):
        s = scores[i]
        assert mps[i] == sum(t < s for t in scores) + (sum(t == s for t in scores) - 1) / 2


def test_scores_that_are_not_whole_are_counted_too_on_a_large_board() -> None:
    # beyond 1,000 such scores cross_imps counts them as exact fractions instead of comparing
    # every pair (which would hang Excel). Where float subtraction is exact (halves, quarters)
    # the two agree; with tenths, s - t can round onto a bound (19.99... to 20.0), and there the
    # exact count is the mathematically right one (documented in _cross_imp_totals).
    rng = random.Random(16)
    fractions = [0.5, 0.25, 0.125, 0.0]
    scores = [rng.randint(-3000, 3000) + rng.choice(fractions) for _ in range(1500)]
    fast = cross_imps(scores, "total")
    for i in rng.sample(range(len(scores)), 40):
        assert fast[i] == sum(imps(scores[i] - t) for t in scores)
