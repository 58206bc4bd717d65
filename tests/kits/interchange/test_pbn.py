"""The one PBN tokenizer (:mod:`xlbridge.interchange.pbn`), on the example game of the PBN 2.1
standard (Portable Bridge Notation 2.1, Tis Veugen et al., chapter 1.2 "Example game",
https://www.tistis.nl/pbn/pbn_v21.txt), and on the import-format rules of its chapter 3
(3: games end at a semi-empty line, except inside a comment; 3.2: string tokens, ``\\"``
inside a string; 3.3: a tag pair may span several lines, several on a line; 3.8: comments).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from xlbridge.errors import InputFileError
from xlbridge.interchange.deals import loads_pbn
from xlbridge.interchange.pbn import (
    MAX_GAMES,
    cell,
    parse_games,
    read_games,
    split_row,
    table_lines,
    tag_line,
)
from xlbridge.interchange.scorer_files import read_pbn_results
from xlbridge.results.pbn import read_pbn_scores
from xlbridge.types import Seat

# PBN 2.1 §1.2, as published (the auction, notes and play included).
STANDARD_GAME = """\
[Event "International Amsterdam Airport Schiphol Bridgetournament"]
[Site "Amsterdam, The Netherlands NLD"]
[Date "1995.06.10"]
[Board "1"]
[West "Podgor"]
[North "Westra"]
[East "Kalish"]
[South "Leufkens"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
[Auction "N"]
1D      1S   3H =1= 4S
4NT =2= X    Pass   Pass
5C      X    5H     X
Pass    Pass Pass
[Note "1:non-forcing 6-9 points, 6-card"]
[Note "2:two colors: clubs and diamonds"]
[Play "W"]
SK =1= H3 S4 S3
C5 C2 C6 CK
S2 H6 S5 S7
C8 CA CT C4
D2 DA DT D3
D4 DK H5 H7
-  -  -  H2
*
[Note "1:highest of series"]
"""

# A second game in import format: a tag pair over three lines and two on one line (§3.3), a
# ";" comment and a "{ }" comment holding a blank line (§3.8), an escaped quote and backslash
# (§3.2), "#" for the previous game's value, and a score table with a quoted value.
SECOND_GAME = """\
% PBN 2.1
{ a comment
  over a blank line

  that does not end the game }
[Event "#"] [Board
  "2"
] ; the board
[Site "The \\"Club\\" \\\\ bar"]
[Dealer "E"][Vulnerable "NS"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  2 4S    N 10
"NS 3" 4 3NT S  8 ; a comment after a row
 5  6 -     - -
"""


def test_the_standard_example_and_a_second_game() -> None:
    games = parse_games(STANDARD_GAME + "\n" + SECOND_GAME, name="std.pbn")
    assert len(games) == 2
    first, second = games
    assert first.line == 1 and second.line == 39  # the second starts at its first tag
    assert first.value("South") == "Leufkens" and first.value("deal").startswith("N:.63")
    auction = first.tag("Auction")
    assert auction is not None and auction.line == 16
    assert [n for n, _ in auction.section] == [17, 18, 19, 20]
    play = first.tag("Play")
    assert play is not None and play.section[-1] == (31, "*")
    # Notes repeat; any other repeated tag is ignored (PBN 2.1 §3.4).
    assert [t.value[:2] for t in first.tags if t.name == "Note"] == ["1:", "2:", "1:"]
    assert second.value("Event") == first.value("Event")  # "#"
    assert (second.tag("Event").line, second.tag("Board").line) == (1, 39)  # type: ignore[union-attr]
    assert second.value("Board") == "2"
    assert second.value("Site") == 'The "Club" \\ bar'
    assert (second.value("Dealer"), second.value("Vulnerable")) == ("E", "NS")
    table = second.tag("ScoreTable")
    assert table is not None
    columns, rows = table.table()
    assert columns == ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result"]
    assert rows == [
        (45, ["1", "2", "4S", "N", "10"]),
        (46, ["NS 3", "4", "3NT", "S", "8"]),
        (47, ["5", "6", "", "", ""]),
    ]


def test_the_three_readers_read_the_standard_game() -> None:
    """Hand records, score tables and import results are views over the same games."""
    text = STANDARD_GAME + "\n" + SECOND_GAME
    (deal,) = loads_pbn(text, name="std.pbn")  # the second game has no deal
    assert deal.board == 1 and deal.hands()[Seat.N] == ("", "63", "AKQ987", "A9732")
    scores, totals = read_pbn_scores(text, name="std.pbn")
    assert [(r.board, r.values["PairId_NS"]) for r in scores] == [(2, "1"), (2, "NS 3"), (2, "5")]
    assert totals == []
    rows, bad = read_pbn_results(text, "std.pbn")
    first = rows[0]
    assert (first.where, first.board, first.contract, first.declarer, first.result) == (
        "std.pbn line 1", 1, "5HX", "S", "9",
    )  # fmt: skip
    assert first.players == ("Westra", "Leufkens", "Kalish", "Podgor")
    assert [(r.where, r.ns, r.contract) for r in rows[1:]] == [
        ("std.pbn line 45", "1", "4S"), ("std.pbn line 46", "NS 3", "3NT"),
        ("std.pbn line 47", "5", ""),
    ]  # fmt: skip
    assert bad == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Board "1"]\n4S N 10\n', 'f.pbn line 2: expected a [Tag "value"] line'),
        ('[Board "1"\n\n', "f.pbn line 1: a tag pair is not closed"),
        ('[Board "1]\n', "f.pbn line 1: tag Board: the value's closing quote is missing"),
        ("[Board 1]\n", "f.pbn line 1: tag Board: its value is a string in double quotes"),
        ('[Board "1"]\n{ never closed\n', "f.pbn line 2: a { comment is not closed"),
        ('\n[Board "1"] [Deal "x" x]\n', "f.pbn line 2: tag Deal: expected ]"),
    ],
)
def test_errors_name_the_file_and_line(text: str, message: str) -> None:
    with pytest.raises(InputFileError) as info:
        parse_games(text, name="f.pbn")
    assert message in str(info.value)


def test_a_new_game_without_the_blank_line() -> None:
    """A repeated Board (or Event, Deal) starts a game; a blank line or a ``%`` line never
    makes a game of its own."""
    games = parse_games('%x\n\n\n[Board "1"]\n[Board "2"]\n%y\n[Dealer "S"]\n')
    assert [(g.line, g.value("Board"), g.value("Dealer")) for g in games] == [
        (4, "1", ""), (5, "2", "S"),
    ]  # fmt: skip


def test_bounds(tmp_path: Path) -> None:
    many = "".join(f'[Board "{i}"]\n\n' for i in range(1, MAX_GAMES + 2))
    with pytest.raises(InputFileError, match="more than 10,000 games"):
        parse_games(many, name="big.pbn")
    f = tmp_path / "s.pbn"
    f.write_bytes(b"\xef\xbb\xbf" + SECOND_GAME.encode())  # through the gate: a BOM
    name, games = read_games(f)
    assert name == "s.pbn" and games[0].value("Board") == "2"
    with pytest.raises(InputFileError, match="does not exist"):
        read_games(tmp_path / "missing.pbn")


def test_written_text_reads_back() -> None:
    line = tag_line("Event", 'A "B" \\ C')
    lines = table_lines("ScoreTable", [("Names", 8, "L"), ("Score", 4, "R")],
                        [[cell("O'Brien Jr"), cell(420)], [cell(""), cell(None)]])  # fmt: skip
    (game,) = parse_games("\n".join([line, *lines]))
    assert game.value("Event") == 'A "B" \\ C'
    assert game.tag("ScoreTable").table()[1] == [  # type: ignore[union-attr]
        (3, ["O'Brien Jr", "420"]), (4, ["", ""]),
    ]  # fmt: skip
    assert split_row("O'Brien 7") == ["O'Brien", "7"]  # an apostrophe is not a quote
