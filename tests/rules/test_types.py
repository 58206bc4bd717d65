"""Domain types: parse/str round trips and the board → dealer/vulnerability rule (rules.md §7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import ContractError, ResultError, SeatError, VulnerabilityError
from xlbridge.types import Contract, Doubling, Seat, Strain, Vulnerability, tricks_taken

# rules.md §7 table (source: endplay Vul.from_board, checked for boards 1-48).
VUL_TABLE = [
    "None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW",
]  # fmt: skip


@pytest.mark.parametrize("board", range(1, 65))
def test_vulnerability_boards_1_to_64(board: int) -> None:
    assert str(Vulnerability.from_board(board)) == VUL_TABLE[(board - 1) % 16]
    assert str(Seat.dealer_of(board)) == "NESW"[(board - 1) % 4]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("4S", "4S"), ("4s", "4S"), ("3NT", "3NT"), ("3N", "3NT"), ("4HX", "4HX"), ("6CXX", "6CXX"),
     ("4♠", "4S"), ("7♥x", "7HX"), ("pass", "PASS"), ("PASS", "PASS"), (" 2 d ", "2D")],
)  # fmt: skip
def test_contract_parse(text: str, canonical: str) -> None:
    assert str(Contract.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("8S", "level 8"), ("0S", "level 0"), ("4Q", "'Q'"), ("", "not like"), ("4", "no strain")],
)
def test_contract_errors_say_what(text: str, fragment: str) -> None:
    with pytest.raises(ContractError, match=fragment):
        Contract.parse(text)


def test_seat_and_vulnerability_errors() -> None:
    with pytest.raises(SeatError, match="'Q'"):
        Seat.parse("Q")
    with pytest.raises(VulnerabilityError, match="Sometimes"):
        Vulnerability.parse("Sometimes")
    with pytest.raises(ResultError, match="14 tricks"):
        tricks_taken(Contract.parse("4S"), 14)


@pytest.mark.parametrize("alias", ["Both", "both", "ALL", "All"])
def test_vulnerability_aliases_all(alias: str) -> None:
    assert Vulnerability.parse(alias) is Vulnerability.ALL


@pytest.mark.parametrize("alias", ["None", "-", "Love", "none"])
def test_vulnerability_aliases_none(alias: str) -> None:
    assert Vulnerability.parse(alias) is Vulnerability.NONE


contracts = st.one_of(
    st.just(Contract.PASS),
    st.builds(
        Contract,
        st.integers(1, 7),
        st.sampled_from(list(Strain)),
        st.sampled_from(list(Doubling)),
    ),
)


@given(contracts)
def test_contract_round_trip(c: Contract) -> None:
    assert Contract.parse(str(c)) == c
    assert eval(repr(c)) == c


@given(st.sampled_from(list(Seat)))
def test_seat_round_trip(s: Seat) -> None:
    assert Seat.parse(str(s)) is s


@given(st.sampled_from(list(Vulnerability)))
def test_vulnerability_round_trip(v: Vulnerability) -> None:
    assert Vulnerability.parse(str(v)) is v
