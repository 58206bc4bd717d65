"""The WBF IMP scale (Law 78B; rules.md §3) at every boundary."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.scoring.imps import IMP_BOUNDS, imps, imps_between

# rules.md §3 table: (lowest difference, highest difference, IMPs); 4000+ is 24.
IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(
    ("low", "high", "expected"), IMP_TABLE, ids=[f"rules.md §3 {a}-{b}" for a, b, _ in IMP_TABLE]
)
def test_imp_scale_row(low: int, high: int, expected: int) -> None:
    # Both ends of the row, signed both ways.
    for diff in (low, high):
        assert imps(diff) == expected
        assert imps(-diff) == -expected


@pytest.mark.parametrize("bound", IMP_BOUNDS, ids=[f"rules.md §3 bound {b}" for b in IMP_BOUNDS])
def test_each_bound_both_sides(bound: int) -> None:
    k = IMP_BOUNDS.index(bound) + 1
    assert imps(bound) == k
    assert imps(bound - 10) == k - 1
    assert imps(bound - 0.5) == k - 1  # a Butler datum difference between rows: lower row
    assert imps(-bound) == -k


def test_bounds_match_table() -> None:
    assert list(IMP_BOUNDS) == [low for low, _, _ in IMP_TABLE[1:]]


def test_seed_002_typo_is_not_copied() -> None:
    # Seed 002 prints 750-990 = 13 and 990-1090 = 14; rules.md §0: 750-890 = 13, 900-1090 = 14.
    assert imps(890) == 13
    assert imps(900) == 14
    assert imps(990) == 14


@given(st.integers(-10_000, 10_000))
def test_antisymmetric(diff: int) -> None:
    assert imps(-diff) == -imps(diff)


@given(st.integers(-5000, 5000), st.integers(-5000, 5000))
def test_imps_between_antisymmetric(a: int, b: int) -> None:
    assert imps_between(a, b) == -imps_between(b, a)


@given(st.integers(0, 10_000), st.integers(0, 100))
def test_monotone(diff: int, more: int) -> None:
    assert imps(diff + more) >= imps(diff)
