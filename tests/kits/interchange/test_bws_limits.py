"""The Bridgemate session file's limits and codes, checked in memory (no Java: the checks run
before any file is made).

Limits: Bridge Systems' "Bridgemate developer's guide", revision 37 (November 18th, 2013),
chapter "Maximum values", pages 34-35, Bridgemate II: table numbers 1-4095 and 256 tables on
one server, pair numbers 1-4095, the highest board 127 and 54 boards a round, rounds 1-255
(every round from 1 written: RoundData, page 22, "Always include all rounds"), and per table
rounds + boards <= 256. Sections: one letter A-Z each (this writer's names; the guide allows
AA-ZZZ too). Each bound is taken at the bound and refused one over.

ScoringType: 4 team scoring (guide revision 47, revision history); 1 matchpoints, 2 IMPs, 3
board-a-match as an open-source BWS tool's Section writer documents them (the guide's Section
page could not be read): see :data:`xlbridge.interchange.bws_write.SCORING_TYPES`.
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from tests.support.shared import cli_new
from xlbridge.errors import MovementError, WorkbookError
from xlbridge.interchange.bws_write import (
    BwsRound,
    BwsSection,
    BwsSession,
    check_session,
    scoring_type,
    table_rows,
)


def _session(rounds: list[BwsRound], sections: int = 1, tables: int = 1) -> BwsSession:
    letters = (string.ascii_uppercase * 2)[:sections]
    return BwsSession("Club", None,
                      tuple(BwsSection(i, x, tables, 2, 1) for i, x in enumerate(letters, 1)),
                      tuple(rounds))  # fmt: skip


def _refused(s: BwsSession, said: str) -> None:
    with pytest.raises(MovementError) as got:
        check_session(s)
    assert said in str(got.value) and "\n" not in str(got.value)


def test_sections_one_letter_each() -> None:
    check_session(_session([BwsRound(i, 1, 1, 1, 1, 1, 1) for i in range(1, 27)], 26))
    _refused(_session([BwsRound(i, 1, 1, 1, 1, 1, 1) for i in range(1, 28)], 27),
             "27 sections; Bridgemate takes 1-26")  # fmt: skip


def test_table_numbers_to_4095() -> None:
    check_session(_session([BwsRound(1, 4095, 1, 1, 1, 1, 1)], tables=4095))
    _refused(_session([BwsRound(1, 4096, 1, 1, 1, 1, 1)], tables=4095),
             "table 4096 is over the Bridgemate maximum of 4095")  # fmt: skip
    _refused(_session([BwsRound(1, 1, 1, 1, 1, 1, 1)], tables=4096),
             "section A: 4096 tables is over the Bridgemate maximum of 4095")  # fmt: skip


def test_256_tables_on_one_server() -> None:
    check_session(_session([BwsRound(1, t, 1, t, t, 1, 1) for t in range(1, 257)], tables=256))
    _refused(_session([BwsRound(1, t, 1, t, t, 1, 1) for t in range(1, 258)], tables=257),
             "257 tables; one Bridgemate II server takes at most 256")  # fmt: skip


def test_pair_numbers_to_4095() -> None:
    check_session(_session([BwsRound(1, 1, 1, 4095, 4095, 1, 1)]))
    _refused(_session([BwsRound(1, 1, 1, 4096, 1, 1, 1)]),
             "pair or player 4096 is over the Bridgemate maximum of 4095")  # fmt: skip
    individual = BwsRound(1, 1, 1, 1, 2, 1, 1, south=3, west=4096)
    _refused(_session([individual]), "pair or player 4096 is over")


def test_boards_to_127_and_54_a_round() -> None:
    check_session(_session([BwsRound(1, 1, 1, 1, 1, 127, 127)]))
    _refused(_session([BwsRound(1, 1, 1, 1, 1, 128, 128)]),
             "board 128 is over the Bridgemate maximum of 127")  # fmt: skip
    check_session(_session([BwsRound(1, 1, 1, 1, 1, 1, 54)]))
    _refused(_session([BwsRound(1, 1, 1, 1, 1, 1, 55)]),
             "round 1 table 1 plays 55 boards; Bridgemate II plays at most 54 a round")  # fmt: skip


def test_custom_boards_count_and_are_bounded() -> None:
    """CustomBoards' boards count toward a round's 54 and are each at most board 127."""
    check_session(_session([BwsRound(1, 1, 1, 1, 1, 1, 127, "1,127")]))
    _refused(_session([BwsRound(1, 1, 1, 1, 1, 1, 128, "1,128")]),
             "board 128 is over the Bridgemate maximum of 127")  # fmt: skip
    many = ",".join(str(b) for b in range(1, 111, 2))  # 55 boards, none next to another
    _refused(_session([BwsRound(1, 1, 1, 1, 1, 1, 109, many)]), "plays 55 boards")


def test_rounds_to_255() -> None:
    # round 255 alone: 255 rounds (the 254 before it are written empty) + 1 board = 256
    check_session(_session([BwsRound(1, 1, 255, 1, 1, 1, 1)]))
    _refused(_session([BwsRound(1, 1, 256, 1, 1, 1, 1)]),
             "round 256 is over the Bridgemate maximum of 255")  # fmt: skip


def test_rounds_and_boards_of_a_table_to_256() -> None:
    """Five rounds of 54, 54, 54, 54 and 35 boards: 5 + 251 = 256; one board more is 257."""
    rounds = [BwsRound(1, 1, r, 1, 1, 1, 54) for r in range(1, 5)]
    check_session(_session([*rounds, BwsRound(1, 1, 5, 1, 1, 1, 35)]))
    _refused(_session([*rounds, BwsRound(1, 1, 5, 1, 1, 1, 36)]),
             "section 1 table 1: 5 rounds and 252 boards; Bridgemate II takes rounds + boards"
             " of at most 256 a table")  # fmt: skip


def test_every_round_is_written_at_every_table() -> None:
    """A table not used in a round gets that round with 0 for the pairs and boards (guide,
    RoundData: an empty table), so each table holds rounds 1 to the section's last."""
    s = _session([BwsRound(1, 1, 1, 1, 1, 1, 2), BwsRound(1, 1, 2, 1, 2, 3, 4),
                  BwsRound(1, 2, 2, 2, 1, 1, 2)], tables=2)  # fmt: skip
    assert table_rows(s)["RoundData"] == [
        (1, 1, 1, 1, 1, 1, 2, ""), (1, 1, 2, 1, 2, 3, 4, ""),
        (1, 2, 1, 0, 0, 0, 0, ""), (1, 2, 2, 2, 1, 1, 2, ""),
    ]  # fmt: skip
    individual = BwsSession("Club", None, (BwsSection(1, "A", 2, 1, 1),),
                            (BwsRound(1, 1, 1, 1, 2, 1, 1, south=3, west=4),
                             BwsRound(1, 2, 2, 5, 6, 1, 1, south=7, west=8)),
                            individual=True)  # fmt: skip
    assert (1, 2, 1, 0, 0, 0, 0, "", 0, 0) in table_rows(individual)["RoundData"]


def test_tables_at_the_guides_defaults() -> None:
    """Tables: client 1; Status 0 (not uploaded), LogOnOff 2 (not logged on), UpdateFromRound,
    CurrentRound, CurrentBoard and Group 0: the guide's defaults, which "don't require any
    change" (revision 37, Tables and "Filling the tables")."""
    s = _session([BwsRound(1, 1, 1, 1, 1, 1, 2), BwsRound(1, 2, 2, 2, 1, 1, 2)], tables=2)
    assert table_rows(s)["Tables"] == [(1, 1, 1, 0, 2, 0, 0, 0, 0), (1, 2, 1, 0, 2, 0, 0, 0, 0)]


def test_scoring_types() -> None:
    assert [scoring_type(x) for x in ("mp", "ximp", "butler", "bam", "imps")] == [1, 2, 2, 3, 4]
    with pytest.raises(WorkbookError, match="scoring 'aggregate' has no Bridgemate ScoringType"):
        scoring_type("aggregate")


@pytest.mark.parametrize(("kind", "argv", "code"), [
    ("mitchell", ("--scoring", "mp"), 1),
    ("mitchell", ("--scoring", "ximp"), 2),
    ("howell", ("--scoring", "butler"), 2),
    ("individual-2", (), 1),
    ("round-robin-4", ("--team-scoring", "imps"), 4),
    ("round-robin-4", ("--team-scoring", "bam"), 3),
])  # fmt: skip
def test_each_kind_writes_its_scoring_type(tmp_path: Path, kind: str, argv: tuple[str, ...],
                                           code: int) -> None:  # fmt: skip
    from xlbridge.families.registry import bridgemate_session

    tables = {"individual-2": "2", "round-robin-4": "4"}.get(kind, "3")
    book = cli_new(tmp_path, "b", kind, "--tables", tables, *argv)
    assert {x.scoring_type for x in bridgemate_session(book).sections} == {code}
