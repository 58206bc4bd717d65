"""The one made/down/tricks rule of the rules layer (``xlbridge.types``), on published examples.

Sources: seed 000, "Mechanics for Duplicate Clubs with Small Games", the OFFICIAL ACBL TRAVELING
SCORE for board 1 (Made is the level made: "four spades making five" is Made 5), and the Laws
of Duplicate Bridge 2017, Law 77 (scoring table) for the scores.
"""

from __future__ import annotations

import pytest

from xlbridge.errors import ResultError, XlbridgeError
from xlbridge.scoring.contract import score
from xlbridge.types import Contract, made_or_down, tricks_from_made_down, tricks_taken

# Seed 000, board 1 (nobody vulnerable): contract, by, Made, Down, NS score.
SEED000_BOARD1 = [
    ("3D", "N", 4, None, 130),
    ("4S", "S", None, 1, -50),
    ("4S", "S", 5, None, 450),
    ("3H", "E", 3, None, -140),
    ("3S", "S", 4, None, 170),
    ("4H", "E", None, 2, 100),
    ("4D", "N", 4, None, 130),
]


@pytest.mark.parametrize(("contract", "by", "made", "down", "ns"), SEED000_BOARD1)
def test_seed000_traveller_made_down(
    contract: str, by: str, made: int | None, down: int | None, ns: int
) -> None:
    c = Contract.parse(contract)
    tricks = tricks_from_made_down(c, made, down)
    assert tricks is not None
    assert score(c, by, tricks, 1) == ns
    assert made_or_down(c, tricks) == (made, down)  # the inverse gives the cells back


# Law 77: (contract, vulnerable, Made, Down, declarer's score).
LAW77 = [
    ("4H", True, 4, None, 620),  # 120 + vulnerable game 500
    ("3NT", False, 4, None, 430),  # 100 + 300 + one overtrick 30
    ("6S", True, 6, None, 1430),  # 180 + 500 + small slam 750
    ("7NT", False, 7, None, 1520),  # 220 + 300 + grand slam 1000
    ("2HX", False, 2, None, 470),  # 120 + game 300 + insult 50
    ("1NTXX", True, 2, None, 1160),  # 160 + 500 + 100 + one redoubled overtrick 400
    ("4S", False, None, 2, -100),  # undoubled: 50 a trick
    ("3NTX", False, None, 3, -500),  # doubled NV: 100, 200, 200
    ("3NTX", False, None, 4, -800),  # then 300 a trick
    ("4HX", True, None, 3, -800),  # doubled V: 200, 300, 300
    ("5CXX", True, None, 2, -1000),  # redoubled: twice doubled
    ("7NT", False, None, 13, -650),  # down 13: no tricks
]


@pytest.mark.parametrize(("contract", "vul", "made", "down", "points"), LAW77)
def test_law77_scores_from_made_down(
    contract: str, vul: bool, made: int | None, down: int | None, points: int
) -> None:
    c = Contract.parse(contract)
    tricks = tricks_from_made_down(c, made, down)
    assert tricks is not None
    assert score(c, "N", tricks, "All" if vul else "None") == points
    assert made_or_down(c, tricks) == (made, down)


def test_every_result_round_trips() -> None:
    for text in ("1C", "3NT", "7SXX"):
        c = Contract.parse(text)
        for tricks in range(14):
            made, down = made_or_down(c, tricks)
            assert tricks_from_made_down(c, made, down) == tricks
            assert tricks_taken(c, tricks) == tricks


def test_text_results_use_tricks_taken() -> None:
    c = Contract.parse("4S")
    assert made_or_down(c, "=") == (4, None)
    assert made_or_down(c, "+2") == (6, None)
    assert made_or_down(c, "-3") == (None, 3)


def test_nothing_entered_is_no_result() -> None:
    assert tricks_from_made_down(Contract.parse("4S")) is None
    assert tricks_from_made_down(Contract.PASS) is None


@pytest.mark.parametrize(
    ("contract", "made", "down", "message"),
    [
        ("2S", 1, None, "Made 1 cannot happen on a 2-level contract"),
        ("2S", 8, None, "Made 8 cannot happen on a 2-level contract"),
        ("2S", None, 0, "Down 0 cannot happen on a 2-level contract"),
        ("2S", None, 9, "Down 9 cannot happen on a 2-level contract"),
        ("2S", 2, 1, "Made and Down both filled"),
        ("PASS", 1, None, "result on a passed-out board"),
    ],
)
def test_impossible_made_down(
    contract: str, made: int | None, down: int | None, message: str
) -> None:
    with pytest.raises(ResultError, match=f"^{message}$"):
        tricks_from_made_down(Contract.parse(contract), made, down)


def test_bad_values_are_xlbridge_errors() -> None:
    with pytest.raises(XlbridgeError, match="not a whole number"):
        tricks_from_made_down(Contract.parse("2S"), made=True)
    with pytest.raises(ResultError, match="passed-out"):
        made_or_down(Contract.PASS, 0)
    with pytest.raises(ResultError, match="0-13"):
        made_or_down(Contract.parse("2S"), 14)
