"""Law 77 duplicate scores: the worked examples of rules.md §1 and an exhaustive oracle check."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import ResultError, SeatError, VulnerabilityError
from xlbridge.scoring.contract import (
    check_possible_score,
    declarer_score,
    is_possible_score,
    possible_scores,
    score,
    undertrick_penalty,
)
from xlbridge.types import Contract, Doubling, Seat, Strain, Vulnerability

# rules.md §1 "Worked examples" (cross-checked there against endplay's and bridge-scorer's tests).
# (row, contract, vulnerable, tricks, declarer's score)
LAW77_EXAMPLES = [
    (1, "4H", False, 11, 450),
    (2, "3H", True, 10, 170),
    (3, "3D", True, 10, 130),
    (4, "2SX", True, 9, 870),
    (5, "3DX", False, 8, -100),
    (6, "2HX", False, 8, 470),
    (7, "4D", False, 7, -150),
    (7, "4D", True, 7, -300),
    (8, "4DX", False, 7, -500),
    (8, "4DX", True, 7, -800),
    (9, "4DXX", False, 7, -1000),
    (10, "3NT", True, 11, 660),
    (11, "5SXX", False, 12, 1200),
    (11, "5SXX", True, 12, 1600),
    (12, "6NT", False, 13, 1020),
    (13, "7S", True, 13, 2210),
    (14, "4HX", False, 6, -800),
    (15, "1NTXX", True, 8, 1160),
]


@pytest.mark.parametrize(
    ("row", "contract", "vulnerable", "tricks", "points"),
    LAW77_EXAMPLES,
    ids=[f"rules.md §1 row {r[0]}: {r[1]} {'V' if r[2] else 'NV'} {r[3]}" for r in LAW77_EXAMPLES],
)
def test_law77_worked_examples(
    row: int, contract: str, vulnerable: bool, tricks: int, points: int
) -> None:
    assert declarer_score(Contract.parse(contract), tricks, vulnerable) == points
    # Through the public entry point, from both sides of the table.
    vul_ns = "NS" if vulnerable else "EW"
    assert score(contract, "S", tricks, vul_ns) == points
    vul_ew = "EW" if vulnerable else "NS"
    assert score(contract, "W", tricks, vul_ew) == -points


# rules.md §1: cumulative doubled penalties (bridge-scorer arrays), redoubled twice these.
@pytest.mark.parametrize(
    ("vulnerable", "cumulative"),
    [(False, [100, 300, 500, 800, 1100, 1400, 1700]), (True, [200, 500, 800, 1100, 1400, 1700])],
)
def test_doubled_undertrick_table(vulnerable: bool, cumulative: list[int]) -> None:
    for down, expected in enumerate(cumulative, start=1):
        assert undertrick_penalty(down, Doubling.DOUBLED, vulnerable) == expected
        assert undertrick_penalty(down, Doubling.REDOUBLED, vulnerable) == 2 * expected


def test_passed_out_is_zero() -> None:
    assert score("PASS", None, None, "All") == 0
    assert score("pass", "N", "", 7) == 0


def test_bad_input_names_the_value() -> None:
    with pytest.raises(ResultError, match="14 tricks"):
        score("4S", "N", 14, "None")
    with pytest.raises(SeatError, match="'Q'"):
        score("4S", "Q", 10, "None")
    with pytest.raises(VulnerabilityError, match="Sometimes"):
        score("4S", "N", 10, "Sometimes")


# Exhaustive cross-check against an independent implementation (endplay, test-only oracle):
# every level, strain, doubling, vulnerability, trick count 0-13 and declarer seat.
endplay_types = pytest.importorskip("endplay.types")

_DENOM = {
    Strain.C: endplay_types.Denom.clubs,
    Strain.D: endplay_types.Denom.diamonds,
    Strain.H: endplay_types.Denom.hearts,
    Strain.S: endplay_types.Denom.spades,
    Strain.NT: endplay_types.Denom.nt,
}
_PENALTY = {
    Doubling.UNDOUBLED: endplay_types.Penalty.passed,
    Doubling.DOUBLED: endplay_types.Penalty.doubled,
    Doubling.REDOUBLED: endplay_types.Penalty.redoubled,
}
_PLAYER = {
    Seat.N: endplay_types.Player.north,
    Seat.E: endplay_types.Player.east,
    Seat.S: endplay_types.Player.south,
    Seat.W: endplay_types.Player.west,
}
_VUL = {
    Vulnerability.NONE: endplay_types.Vul.none,
    Vulnerability.NS: endplay_types.Vul.ns,
    Vulnerability.EW: endplay_types.Vul.ew,
    Vulnerability.ALL: endplay_types.Vul.both,
}


@pytest.mark.parametrize("level", range(1, 8))
def test_every_contract_matches_endplay(level: int) -> None:
    checked = 0
    for strain, doubling, seat, vul in itertools.product(Strain, Doubling, Seat, Vulnerability):
        contract = Contract(level, strain, doubling)
        for tricks in range(14):
            oracle = endplay_types.Contract(
                level=level,
                denom=_DENOM[strain],
                declarer=_PLAYER[seat],
                penalty=_PENALTY[doubling],
                result=tricks - contract.tricks_needed,
            ).score(_VUL[vul])
            expected = oracle if seat.side.value == "NS" else -oracle
            assert score(contract, seat, tricks, vul) == expected, (contract, seat, tricks, vul)
            checked += 1
    assert checked == 5 * 3 * 4 * 4 * 14


contracts = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
)


@given(contracts, st.booleans(), st.integers(0, 12))
def test_declarer_score_monotone_in_tricks(c: Contract, vulnerable: bool, tricks: int) -> None:
    assert declarer_score(c, tricks + 1, vulnerable) > declarer_score(c, tricks, vulnerable)


@given(contracts, st.sampled_from(list(Vulnerability)), st.integers(0, 13))
def test_ns_and_ew_declarer_mirror(c: Contract, vul: Vulnerability, tricks: int) -> None:
    # Same vulnerability for the declaring side, opposite sign from North-South's side.
    mirrored = {
        Vulnerability.NS: Vulnerability.EW,
        Vulnerability.EW: Vulnerability.NS,
    }.get(vul, vul)
    assert score(c, "N", tricks, vul) == -score(c, "E", tricks, mirrored)


# Law 77 (Laws of Duplicate Bridge 2017): the scores a contract can make. Published values:
# 4S= NV 420, 3NT+1 V 630, 7NTXX= V 2980, 7NTXX -13 V 7600 (the largest penalty), 1m= 70;
# one off undoubled vulnerable is 100, so EW vulnerable never concede 50.
@pytest.mark.parametrize(
    ("points", "vul", "possible"),
    [(420, "None", True), (421, "None", False), (99999, "None", False), (0, "All", True),
     (-630, "EW", True), (50, "EW", False), (50, "NS", True), (220, "None", False),
     (2980, "All", True), (2980, "None", False),
     (-2980, "EW", True), (7600, "EW", True), (7600, "NS", False), (-7600, "NS", True),
     (70, 1, True), (425, "None", False), (1e308, "All", False), (float("inf"), "All", False),
     (float("nan"), "All", False), (420.5, "None", False), (420.0, "None", True)],
)  # fmt: skip
def test_possible_scores_published(points: float, vul: str | int, possible: bool) -> None:
    assert is_possible_score(points, vul) is possible


def test_possible_scores_are_every_contract_result() -> None:
    """The set is exactly what score() gives over every contract, declarer and trick count."""
    for vul in Vulnerability:
        made = {0} | {
            score(Contract(level, strain, dbl), seat, tricks, vul)
            for level, strain, dbl, seat, tricks in itertools.product(
                range(1, 8), Strain, Doubling, Seat, range(14)
            )
        }
        assert possible_scores(vul) == made
        assert all(x % 10 == 0 for x in made)


def test_impossible_score_names_where() -> None:
    with pytest.raises(ResultError, match=r"^Board 2 row 6: NS Score 421 is no score"):
        check_possible_score(421, 2, "Board 2 row 6: NS Score")
