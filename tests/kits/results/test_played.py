"""The one typed result (``results/played.Played``) that a traveller line, a teams room and a
scorer's imported line share: its NS score is Law 77 or the typed score.

Published values: the scoring table of Law 77 (Laws of Duplicate Bridge 2017, WBF), the board
vulnerabilities of Law 2 (board 1 none, 2 NS, 3 EW, 4 all).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import XlbridgeError
from xlbridge.families.teams.model import Room
from xlbridge.interchange.scorer_files import ImportRow
from xlbridge.rebuild.importing import cells_for, played_of
from xlbridge.results.board import ResultRow, row_score
from xlbridge.results.played import Played
from xlbridge.scoring.contract import score
from xlbridge.types import Contract, Vulnerability, tricks_from_made_down


@pytest.mark.parametrize(
    ("played", "board", "ns"),
    [
        (Played("4S", "N", 10), 1, 420),  # 4S making, not vulnerable (Law 77)
        (Played("3NT", "S", 9), 2, 600),  # 3NT making, vulnerable
        (Played("1NT", "E", 7), 1, -90),  # EW's 1NT making: NS minus
        (Played("4HX", "E", 7), 4, 800),  # 4H doubled three down, vulnerable: 200 + 300 + 300
        (Played("6SX", "N", 11), 3, -100),  # doubled one down, not vulnerable
        (Played("PASS"), 4, 0),
        (Played("4S", "N", 10, typed_score=-50.0), 1, -50.0),  # the typed score stands
        (Played("4S", "N", None), 1, None),  # no tricks yet
        (Played("4S", "", 10), 1, None),  # no declarer
        (Played("4S", "N", 10, problem="By missing"), 1, None),
        (Played(adjusted="A+"), 1, None),
    ],
)
def test_ns_score_law77(played: Played, board: int, ns: float | None) -> None:
    assert played.ns_score(board) == ns


def test_result_row_and_room_score_through_played() -> None:
    row = ResultRow(4, 6, 1, 1, "1", "2", "4HX", "E", 7)
    assert row.played == Played("4HX", "E", 7)
    assert row_score(row) == row.score_ns == 800
    # a CSV traveller's own vulnerability, not board 1's: 3NT making vulnerable is 600
    vul = ResultRow(1, 6, 1, 1, "1", "2", "3NT", "S", 9, vulnerability=Vulnerability.parse("All"))
    assert row_score(vul) == 600 and ResultRow(1, 6, 1, 1, "1", "2", "3NT", "S", 9).score_ns == 400
    room = Room("4S", "N", 10, None, 420)
    assert room.played == Played("4S", "N", 10)
    assert room.played.ns_score(1) == room.score
    assert Room("4S", "N", 10, -50.0, -50.0).played.ns_score(1) == -50.0


_CONTRACTS = [f"{lv}{s}{x}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT")
              for x in ("", "X", "XX")]  # fmt: skip


@given(
    st.sampled_from(_CONTRACTS),
    st.sampled_from("NESW"),
    st.integers(0, 13),
    st.integers(1, 16),
)
def test_import_line_reads_into_played(contract: str, by: str, tricks: int, board: int) -> None:
    """A scorer's line read by ``played_of`` keeps its tricks; every result entry's cells
    (made/down, tricks, score) say the same result as Law 77 scores it from the text."""
    line = ImportRow("x line 2", board, contract=contract.lower(), declarer=by.lower(),
                     result=str(tricks))  # fmt: skip
    p = played_of(line, "made-down")
    c = Contract.parse(contract)
    assert (p.contract, p.declarer, p.tricks) == (str(c), by, tricks)
    md = cells_for(line, "made-down")
    assert tricks_from_made_down(c, md.get("Made"), md.get("Down")) == tricks
    assert cells_for(line, "tricks")["Tricks"] == tricks
    assert cells_for(line, "score") == {"NS Score": score(c, by, tricks, board)}


def test_played_of_typed_and_adjusted() -> None:
    assert played_of(ImportRow("x", 1, score="-100"), "made-down") == Played(typed_score=-100)
    assert played_of(ImportRow("x", 1, contract="4S", declarer="N", result="10",
                               score="-100"), "made-down").tricks == 10  # fmt: skip
    assert played_of(ImportRow("x", 1, adjusted="a+"), "tricks") == Played(adjusted="A+")
    assert played_of(ImportRow("x", 1, contract="60/40"), "tricks").adjusted == "A+/A-"  # Law 12C2
    assert played_of(ImportRow("x", 1, contract="pass"), "score") == Played("PASS")
    with pytest.raises(XlbridgeError, match="no board number"):
        played_of(ImportRow("x", None, contract="4S", declarer="N", result="="), "score")
    with pytest.raises(XlbridgeError):
        played_of(ImportRow("x", 1, contract="4S", declarer="N", result="14"), "tricks")
