"""Session totals, percentages, ranks and places to rank (seeds 000, 001)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import XlbridgeError
from xlbridge.scoring.session import factored_total, percentage, places_to_rank, ranks


def test_factoring_seed_001() -> None:
    # Seed 001 "Factoring": pairs on 24 of 26 boards are factored up by 2/24 (1/12) of their score.
    assert factored_total(120, 24, 26) == pytest.approx(120 + 120 * 2 / 24)
    assert factored_total(120, 26, 26) == 120


def test_factoring_errors() -> None:
    with pytest.raises(XlbridgeError, match="boards played 27"):
        factored_total(10, 27, 26)
    with pytest.raises(XlbridgeError, match="boards played 0"):
        factored_total(10, 0, 26)


def test_percentage() -> None:
    # Seed 000 recap: top 6 on 21 boards, so 126 possible; 63 is 50%.
    assert percentage(63, 126) == 50
    assert percentage(74.5, 126) == pytest.approx(59.126984)
    with pytest.raises(XlbridgeError, match="possible total 0"):
        percentage(1, 0)


# Seed 000 recap (Form 133): totals and ranks, N-S and E-W ranked separately.
SEED_000_NS = ([61.5, 54.5, 74.5, 56.5, 71, 58, 65], ["4", "7", "1", "6", "2", "5", "3"])
SEED_000_EW = ([61, 57.5, 64.5, 70, 59.5, 60, 68.5], ["4", "7", "3", "1", "6", "5", "2"])


@pytest.mark.parametrize(("totals", "expected"), [SEED_000_NS, SEED_000_EW], ids=["NS", "EW"])
def test_seed_000_recap_ranks(totals: list[float], expected: list[str]) -> None:
    assert ranks(totals) == expected
    assert sum(totals) == 441  # seed 000: check total 21 × 21 boards


@pytest.mark.parametrize(
    ("values", "higher", "expected"),
    [([70, 65, 65, 60], True, ["1", "2=", "2=", "4"]), ([5, 5, 5], True, ["1=", "1=", "1="]),
     ([3, 1, 2], False, ["3", "1", "2"]), ([], True, []),
     ([0.1 + 0.2, 0.3], True, ["1=", "1="])],
)  # fmt: skip
def test_ranks_with_ties(values: list[float], higher: bool, expected: list[str]) -> None:
    assert ranks(values, higher) == expected


@pytest.mark.parametrize(("tables", "places"), [(8, 4), (7, 3), (7.5, 3), (5, 2), (10, 4), (1, 1)])
def test_places_to_rank_seed_000(tables: float, places: int) -> None:
    # Seed 000: "40% x the total number of tables. Always round up ... 8 x 40% = 3.2 or 4".
    assert places_to_rank(tables) == places


@given(st.lists(st.integers(0, 50), max_size=30))
def test_ranks_are_consistent(values: list[int]) -> None:
    r = ranks(values)
    for i, a in enumerate(values):
        better = sum(b > a for b in values)
        assert r[i].rstrip("=") == str(better + 1)
        assert r[i].endswith("=") == (values.count(a) > 1)
