"""Deals and hand records (issue 13): PBN in and out through endplay, computer dealing,
double-dummy tables and par through DDS, the ``deal``/``deals`` commands, the Hand Records
sheet and the diagrams on the travellers.

Sources: the DDS authors' reference hands (Bo Haglund and Soren Hein, DDS
``examples/hands.cpp``, github.com/dds-bridge/dds: three deals with their double-dummy
tables and dealer par); a club hand record published by the club program Ruter (Swedish
Bridge Federation results site); PBN 2.1 (tistis.nl/pbn/pbn_v21.txt: the Deal tag of
the identification section §3.4, commentary §3.8, tag value inheritance with ``#`` §4.8,
games separated by an empty line); rules.md §7 for dealer
and vulnerability by board number; hand-built deals whose tables are worked out below.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from xlbridge.cli import main
from xlbridge.errors import DealError, XlbridgeError
from xlbridge.interchange.deals import (
    DDTable,
    HandRecord,
    analyse,
    deal_boards,
    for_boards,
    hand_records_text,
    loads_pbn,
    parse_board_range,
    read_pbn,
    write_hand_records,
)
from xlbridge.types import Seat, Vulnerability

# One suit each: North all 13 spades, East all hearts, South all diamonds, West all clubs.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# North holds the top four of spades, hearts and diamonds and the club ace: 13 top tricks.
GRAND = "N:AKQJ.AKQJ.AKQJ.A T98.T98.T98.KQJT 765.765.765.9876 432.432.432.5432"


def one(deal: str, board: int = 1, dealer: str = "N", vul: str = "None") -> HandRecord:
    rec = HandRecord(board, Seat.parse(dealer), Vulnerability.parse(vul), deal)
    return analyse([rec], progress=False)[0]


# -- hand-checked deals ------------------------------------------------------------------------


def test_one_suit_each_hand_table_and_par() -> None:
    """Every hand is void in three suits. With a trump suit, the side holding all 13 trumps
    wins every trick whoever leads (each of its cards is a trump or wins the trick led). In
    notrump the declarer's left-hand opponent leads and runs thirteen tricks in his suit, so
    nobody makes a notrump trick as declarer. Par: both sides make a grand slam; spades
    outrank hearts, so North-South's 7S (not vulnerable: 210 + 50 + 300 + 1000 = 1510) is par,
    by North or South."""
    r = one(ONE_SUIT_EACH)
    assert r.dd is not None and r.par is not None
    assert r.dd.as_dict()["N"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert r.dd.as_dict()["S"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert r.dd.as_dict()["E"] == {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0}
    assert r.dd.as_dict()["W"] == {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0}
    assert r.par.score == 1510
    assert r.par.contracts == ("7S N", "7S S")


def test_grand_slam_on() -> None:
    """North's 13 cards are the top four of three suits (split 4-3-3-3 round the table) and
    the club ace: North never loses the lead, so North-South take 13 tricks in notrump and in
    spades, hearts and diamonds (trumps drawn in three rounds first), and East-West none.
    Par: 7NT by North or South, 220 + 50 + 300 + 1000 = 1520 (no bid outranks 7NT)."""
    r = one(GRAND)
    assert r.dd is not None and r.par is not None
    for seat in "NS":
        for strain in ("D", "H", "S", "NT"):
            assert r.dd.get(seat, strain) == 13
    for seat in "EW":
        for strain in ("D", "H", "S", "NT"):
            assert r.dd.get(seat, strain) == 0
    # In clubs (North holds one) the defenders ruff the fourth round of a suit.
    assert r.dd.get("N", "C") < 13
    assert r.par.score == 1520
    assert r.par.contracts == ("7NT N", "7NT S")
    assert r.par.text() == "NS +1520: 7NT N, 7NT S"


# -- published hand records: DDS examples/hands.cpp ------------------------------------------

# (deal as published, dealer, vulnerability, DDtable rows spades, hearts, diamonds, clubs, NT
# each N E S W, dealer par score, dealer par contract as DDS writes it).
DDS_HANDS = [
    (
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
        "N", "None",
        [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]],
        -110, ("2S E", "2S W"),  # "2S-EW"
    ),
    (
        # Given from East (PBN "first hand" rule); South is void in spades.
        "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
        "E", "NS",
        [[4, 9, 4, 9], [10, 2, 10, 2], [8, 3, 8, 3], [6, 7, 6, 7], [9, 3, 9, 3]],
        100, ("4SX E -1", "4SX W -1"),  # "4S*-EW-1"
    ),
    (
        "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
        "N", "None",
        [[3, 10, 3, 10], [9, 4, 9, 4], [8, 4, 8, 4], [3, 9, 3, 9], [4, 8, 4, 8]],
        -300, ("5HX N -2", "5HX S -2"),  # "5H*-NS-2"
    ),
]  # fmt: skip


def _dds_pbn() -> str:
    games = []
    for i, (deal, dealer, vul, *_rest) in enumerate(DDS_HANDS, start=1):
        games.append(
            f'[Event "DDS examples"]\n[Board "{i}"]\n[Dealer "{dealer}"]\n'
            f'[Vulnerable "{vul}"]\n[Deal "{deal}"]\n'
        )
    return "\n".join(games)


# What DDS solved in this module, by what decides a board's table and par (dealer,
# vulnerability, deal): DDS takes most of this module's time, so a deal is solved once however
# many tests ask for it. HandRecord is frozen, so no test can change what is kept.
_SOLVED: dict[tuple[Seat, Vulnerability, str], HandRecord] = {}
# The one seed of every session dealt below: the deals of boards 1-21 are solved once.
SEED = 77


def solve(
    records: Sequence[HandRecord], progress: object = False, batch: int = 0
) -> list[HandRecord]:
    """``analyse(records)``, solving (in one ``analyse`` call) only the deals not solved
    before in this module; each answer carries the board and event asked for."""
    key = {r: (r.dealer, r.vulnerability, r.deal) for r in records}
    new = list({key[r]: r for r in records if key[r] not in _SOLVED}.values())
    if new:
        for r, s in zip(new, analyse(new, progress, batch), strict=True):  # type: ignore[arg-type]
            _SOLVED[key[r]] = s
    return [replace(_SOLVED[key[r]], board=r.board, event=r.event) for r in records]


@pytest.fixture(scope="module")
def reference() -> list[HandRecord]:
    """The DDS reference hands analysed once (one calc_all_tables call), read by the tests
    that check or write that analysis; HandRecord is frozen, so no test can change it."""
    return solve(loads_pbn(_dds_pbn()))


def test_dds_reference_hands(reference: list[HandRecord]) -> None:
    records = reference
    for r, (_deal, _d, _v, table, score, contracts) in zip(records, DDS_HANDS, strict=True):
        assert r.dd is not None and r.par is not None
        for strain, row in zip(("S", "H", "D", "C", "NT"), table, strict=True):
            assert [r.dd.get(seat, strain) for seat in "NESW"] == row, (r.board, strain)
        assert r.par.score == score
        assert r.par.contracts == contracts


def test_published_club_hand_record() -> None:
    """Board 1 of Hallstahammars BK, 2021-09-01, as the club program Ruter published it
    (resultat.svenskbridge.se/storage/2021/09/01/354807.pbn): OptimumScore "NS 450",
    OptimumContract "5S N 11" (eleven tricks in spades: 450, the score of 4S+1), and its
    OptimumResultTable rows for West and North."""
    text = (
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74"]\n'
    )
    r = analyse(loads_pbn(text), progress=False)[0]
    assert r.dd is not None and r.par is not None
    assert r.dd.as_dict()["W"] == {"S": 0, "H": 7, "D": 0, "C": 5, "NT": 0}
    assert r.dd.as_dict()["N"] == {"S": 11, "H": 6, "D": 11, "C": 8, "NT": 10}
    assert r.par.score == 450
    assert "4S N +1" in r.par.contracts


def test_batches_give_the_same_tables(reference: list[HandRecord]) -> None:
    """One calc_all_tables call (``reference``) or one per board: the same numbers, in board
    order."""
    recs = loads_pbn(_dds_pbn())
    assert analyse(recs, progress=False, batch=1) == reference


def test_progress_callback() -> None:
    """Called after each batch with (boards done, boards): three boards in batches of two.
    The calls are checked, not the tables, so the hand-checked deals above (solved in a
    moment, unlike the reference hands) carry it."""
    deals = (ONE_SUIT_EACH, GRAND, ONE_SUIT_EACH)
    recs = [
        HandRecord(b, Seat.dealer_of(b), Vulnerability.from_board(b), d)
        for b, d in enumerate(deals, 1)
    ]
    seen: list[tuple[int, int]] = []
    analyse(recs, progress=lambda d, t: seen.append((d, t)), batch=2)
    assert seen == [(2, 3), (3, 3)]


# -- PBN reading -------------------------------------------------------------------------------

ODD_PBN = """% PBN 2.1
% EXPORT
%Creator: a dealing machine
[Event "Monday pairs"]
[Site "Club"]
[Date "2026.11.23"]

{ Board 1 has every tag, a table, and a comment
  over two lines }
[Event "#"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Ducat "x"] ; an unknown tag
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT  0
N  S 13

[Event "#"]
[Board "2"]
[Deal "W:- AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98"]
[Event "Tuesday teams"]
[Board "1"]
[Vulnerable "Both"]
[Deal "n:akqj.t98.765.432 t98.akqj.432.765 765.432.akqj.t98 432.765.t98.akqj"]

[Deal "S:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]
"""


def test_pbn_oddities_read() -> None:
    recs = loads_pbn(ODD_PBN, name="odd.pbn")
    assert [(r.board, r.event) for r in recs] == [
        (1, "Monday pairs"), (2, "Monday pairs"), (1, "Tuesday teams"), (2, ""),
    ]  # fmt: skip
    # "E:" gives East first: North holds the fourth hand listed (clubs).
    assert recs[0].hands()[Seat.N] == ("", "", "", "AKQJT98765432")
    assert recs[0].hands()[Seat.E] == ("AKQJT98765432", "", "", "")
    # Board 2 has no Dealer or Vulnerable tags: rules.md §7 (board 2: East, NS).
    assert (recs[1].dealer, recs[1].vulnerability) == (Seat.E, Vulnerability.NS)
    # "-" for West's hand: the three given hands fix the fourth.
    assert recs[1].hands()[Seat.W] == ("432", "765", "T98", "AKQJ")
    # A new game started by a repeated Event without the blank line; lower case read.
    assert recs[2].vulnerability is Vulnerability.ALL
    assert recs[2].deal == "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
    # No Board tag: the previous board + 1. "S:" gives South first.
    assert recs[3].hands()[Seat.S] == ("AKQJ", "T98", "765", "432")
    assert (recs[3].dealer, recs[3].vulnerability) == (Seat.E, Vulnerability.NS)


def test_voids_in_the_diagram() -> None:
    r = loads_pbn(f'[Deal "{ONE_SUIT_EACH}"]')[0]
    lines = r.diagram_lines()[Seat.N]
    assert lines == ["♠ AKQJ1098765432", "♥ —", "♦ —", "♣ —"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Board "1"]\nnot a tag\n', "line 2: expected a [Tag"),
        (
            '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 '
            '765.432.AKQJ.T98 432.765.T98.AKQ"]\n',
            "line 3: board 1: the deal has 51 cards",
        ),
        (
            '[Board "7"]\n\n[Board "8"]\n[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 '
            '765.432.AKQJ.T98 432.765.T98.AKQJA"]\n',
            "line 4: board 8: a card is in two hands",
        ),
        ('[Board "x1"]\n[Deal "N:-"]\n', "line 1: board 'x1' is not a board number"),
        (
            '[Board "3"]\n[Dealer "Q"]\n[Deal "' + GRAND + '"]\n',
            "line 2: board 3: dealer 'Q' is not N, E, S or W",
        ),
        (
            '[Board "3"]\n[Vulnerable "Red"]\n[Deal "' + GRAND + '"]\n',
            "line 2: board 3: vulnerable 'Red'",
        ),
        ('[Board "3"]\n[Deal "X:AKQ..."]\n', "line 2: board 3: deal 'X:AKQ...' is not a PBN deal"),
        ('[Event "no deals"]\n', "no [Deal] tag"),
    ],
)
def test_bad_pbn_names_the_line(text: str, message: str) -> None:
    with pytest.raises(DealError) as info:
        loads_pbn(text, name="bad.pbn")
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_read_pbn_through_the_gate(tmp_path: Path) -> None:
    f = tmp_path / "boards.pbn"
    f.write_bytes(b"\xef\xbb\xbf" + _dds_pbn().encode())  # a BOM, as Windows programs write
    assert [r.board for r in read_pbn(f)] == [1, 2, 3]
    with pytest.raises(Exception, match="does not exist"):
        read_pbn(tmp_path / "missing.pbn")


def test_for_boards() -> None:
    recs = loads_pbn(ODD_PBN)
    with pytest.raises(DealError, match="board 1 twice"):
        for_boards(recs, [1], "odd.pbn")
    with pytest.raises(DealError, match="no deal for board 4"):
        for_boards(recs[:2], [1, 2, 4], "odd.pbn")


# -- dealing and writing -----------------------------------------------------------------------


def test_seed_is_reproducible() -> None:
    a = deal_boards(range(1, 37), seed=2026)
    assert a == deal_boards(range(1, 37), seed=2026)
    assert a != deal_boards(range(1, 37), seed=2027)
    assert len({r.deal for r in a}) == 36
    # Each is a complete deal: HandRecord checks 52 different cards, 13 a hand.
    assert all(sum(len(s) for s in h) == 13 for r in a for h in r.hands().values())


def test_dealer_and_vulnerability_follow_the_board_number() -> None:
    """rules.md §7: dealer N E S W in turn; vulnerability None NS EW All, rotated each set of
    four boards, repeating every 16."""
    recs = {r.board: r for r in deal_boards(range(1, 18), seed=1)}
    expect = {
        1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"), 5: ("N", "NS"),
        8: ("W", "None"), 9: ("N", "EW"), 13: ("N", "All"), 16: ("W", "EW"), 17: ("N", "None"),
    }  # fmt: skip
    for board, (dealer, vul) in expect.items():
        assert (str(recs[board].dealer), str(recs[board].vulnerability)) == (dealer, vul)


def test_write_and_read_back(tmp_path: Path, reference: list[HandRecord]) -> None:
    recs = reference
    out = write_hand_records(recs, tmp_path / "out.pbn")
    back = read_pbn(out)
    assert [(r.board, r.dealer, r.vulnerability, r.deal) for r in back] == [
        (r.board, r.dealer, r.vulnerability, r.deal) for r in recs
    ]
    text = out.read_text()
    # PBN 2.1 DoubleDummyTricks: hex digits, declarers N S E W, strains NT S H D C.
    assert '[DoubleDummyTricks "65657656576867568675"]' in text  # board 1: N S 6 5 6 5 7 ...
    assert '[OptimumScore "NS -110"]' in text
    with pytest.raises(XlbridgeError, match="already exists"):
        write_hand_records(recs, out)
    assert hand_records_text(recs).count("[Deal ") == 3


def test_board_ranges() -> None:
    assert parse_board_range("1-4, 9") == [1, 2, 3, 4, 9]
    for bad in ("0-3", "1-1001", "a", "1-2,2", "", "5-1"):
        with pytest.raises(DealError):
            parse_board_range(bad)


def test_dd_table_checked() -> None:
    with pytest.raises(DealError):
        DDTable(((14, 0, 0, 0, 0),) * 4)
    with pytest.raises(DealError):
        HandRecord(1, Seat.N, Vulnerability.NONE, "N:AKQ... - - -")


# -- command line ------------------------------------------------------------------------------


def test_cli_deal_and_deals(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    solved_once: dict[tuple[HandRecord, ...], list[HandRecord]],
) -> None:
    """``deal``, then ``deals`` plain and ``--analyse`` as JSON and as text: the four deals are
    solved once for both formats (``solved_once``)."""
    f = tmp_path / "b.pbn"
    assert main(["deal", "--boards", "1-4", "--seed", f"{SEED}", "-o", str(f)]) == 0
    assert "4 boards" in capsys.readouterr().out
    assert main(["deal", "--boards", "1-4", "--seed", f"{SEED}", "-o", str(f)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["deals", str(f), "--format", "json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert [x["board"] for x in plain] == [1, 2, 3, 4]
    assert set(plain[0]) == {"board", "dealer", "vulnerable", "deal"}
    assert plain[3]["dealer"] == "W" and plain[3]["vulnerable"] == "All"
    assert plain[0]["deal"] == deal_boards([1, 2, 3, 4], seed=SEED)[0].deal
    assert main(["deals", str(f), "--analyse", "--format", "json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert set(full[0]) == {"board", "dealer", "vulnerable", "deal", "dd", "par"}
    assert set(full[0]["dd"]) == set("NESW")
    assert set(full[0]["dd"]["N"]) == {"C", "D", "H", "S", "NT"}
    assert set(full[0]["par"]) == {"score", "contracts"}
    assert main(["deals", str(f), "--analyse"]) == 0
    text = capsys.readouterr().out
    assert "Board 4   Dealer W   Vul All" in text and "Par " in text
    assert len(solved_once) == 1  # both formats asked for the same four deals


@pytest.mark.parametrize("bad", ["0-3", "1-1001", "x", "3-1"])
def test_cli_board_range_checked(
    bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["deal", "--boards", bad, "-o", str(tmp_path / "x.pbn")])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--boards" in err and err.count("\n") == 1


def test_cli_bad_pbn_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.pbn"
    f.write_text('[Board "1"]\n[Deal "N:AKQ"]\n')
    assert main(["deals", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("xlbridge deals: error: ") and "line 2" in err and err.count("\n") == 1


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for cmd in ("deal", "deals"):
        with pytest.raises(SystemExit):
            main([cmd, "--help"])
        assert "Example: xlbridge " + cmd in capsys.readouterr().out


def test_cli_does_not_import_endplay_at_start() -> None:
    import subprocess
    import sys

    code = "import sys, xlbridge.cli.deals; print('endplay' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- the workbook: Hand Records sheet and the diagram on each traveller ----------------------


def _session_with_records(tmp_path: Path) -> tuple[Path, list[HandRecord]]:
    from xlbridge.families.duplicate.context import Options
    from xlbridge.families.pairs.build import build_workbook
    from xlbridge.movements.mitchell import mitchell
    from xlbridge.workbook.hand_records import add_hand_records

    m = mitchell(3, 2)
    wb = build_workbook(m, Options(event="Deals night"))
    recs = solve(deal_boards(m.boards, seed=SEED))
    add_hand_records(wb, recs, "Deals night")
    path = tmp_path / "s.xlsx"
    wb.save(path)
    return path, recs


def test_hand_records_sheet_and_travellers(tmp_path: Path) -> None:
    import openpyxl

    from tests.support.engines import excel_grammar_errors
    from xlbridge.families.registry import score_workbook
    from xlbridge.workbook.hand_records import BLOCK_ROWS, HAND_RECORDS, read_hand_records_file

    path, recs = _session_with_records(tmp_path)
    wb = openpyxl.load_workbook(path)
    names = wb.sheetnames
    assert names.index(HAND_RECORDS) == names.index("Recap") - 1
    ws = wb[HAND_RECORDS]
    north = recs[0].diagram_lines()[Seat.N]
    assert [ws.cell(row=r, column=3).value for r in range(2, 6)] == north
    assert ws["A1"].value == "Board 1" and ws["L1"].value == "Board 2"
    assert ws.print_options is not None and ws.page_setup.orientation == "landscape"
    # Four boards a page: a page break after every second band of two boards.
    assert [b.id for b in ws.row_breaks.brk] == [2 * (BLOCK_ROWS + 2)] * (len(recs) > 4)
    # The traveller of board 3: its diagram below the rows, inside the print area.
    tr = wb["Board 3"]
    col_a = [tr.cell(row=r, column=1).value for r in range(1, tr.max_row + 1)]
    top = col_a.index("Board 3", 2) + 1
    assert tr.cell(row=top + 1, column=3).value == recs[2].diagram_lines()[Seat.N][0]
    dd = recs[2].dd
    assert dd is not None
    assert tr.cell(row=top + 10, column=5).value == "N"
    assert tr.cell(row=top + 10, column=10).value == dd.get("N", "NT")
    assert str(tr.print_area).endswith(f"{top + BLOCK_ROWS - 1}")
    assert excel_grammar_errors(wb) == []  # the file as loaded above
    # Read back for the results page; the traveller rows still read as before.
    assert read_hand_records_file(path) == {r.board: r.deal for r in recs}
    res = score_workbook(path)
    assert len(res.input.rows) == 18  # 3-table Mitchell: 6 boards, each played 3 times
    assert {r.board for r in res.input.rows} == {1, 2, 3, 4, 5, 6}


def test_progress_bar_text() -> None:
    import io

    from xlbridge.interchange.deals import _bar

    out = io.StringIO()
    _bar(12, 36, out)
    _bar(36, 36, out)
    text = out.getvalue()
    assert text.startswith("\ranalysing [##########....................] 12/36 boards")
    assert text.endswith("36/36 boards\n")


# -- xlbridge new --deals / --deal, and the results page ---------------------------------------


def test_new_with_deals(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    solved_once: dict[tuple[HandRecord, ...], list[HandRecord]],
) -> None:
    import openpyxl

    from tests.support.engines import excel_grammar_errors
    from xlbridge.workbook.hand_records import HAND_RECORDS, read_hand_records_file

    pbn = tmp_path / "boards.pbn"
    write_hand_records(loads_pbn(_dds_pbn()) + deal_boards(range(1, 7), seed=SEED)[3:], pbn)
    out = tmp_path / "s.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "--deals", str(pbn), "-o", str(out)]) == 0
    assert "hand records" in capsys.readouterr().out
    wb = openpyxl.load_workbook(out)
    assert HAND_RECORDS in wb.sheetnames
    # Board 2 of the DDS reference hands: its par and double-dummy table on its traveller.
    tr = wb["Board 2"]
    values = [c.value for row in tr.iter_rows(min_row=8) for c in row if c.value is not None]
    assert "4SX E -1" in values and "Dealer E" in values and "♠ QJ105432" in values
    assert excel_grammar_errors(wb) == []  # the file as loaded above
    assert read_hand_records_file(out)[2] == loads_pbn(_dds_pbn())[1].deal
    # The results page shows them without --deals.
    page = tmp_path / "r.html"
    main(["results", str(out), "--format", "html", "-o", str(page)])
    capsys.readouterr()
    html = page.read_text(encoding="utf-8")
    assert "Hand records" in html and "QJ105432" in html.replace("</span>", "").replace(" ", "")


@pytest.fixture
def solved_once(monkeypatch: pytest.MonkeyPatch) -> dict[tuple[HandRecord, ...], list[HandRecord]]:
    """The commands' ``analyse`` answered by :func:`solve` (a deal solved once in this
    module), remembering the records each call asked for: the same deals asked again (a
    second run of a command, to compare) are not solved again; other deals are solved as
    before. The dict says which deals were asked for."""
    from xlbridge.interchange import deals

    solved: dict[tuple[HandRecord, ...], list[HandRecord]] = {}

    def solve_once(
        records: list[HandRecord], progress: object = None, batch: int = 0
    ) -> list[HandRecord]:
        key = tuple(records)
        if key not in solved:
            solved[key] = solve(records, progress, batch)
        return solved[key]

    monkeypatch.setattr(deals, "analyse", solve_once)
    return solved


def test_new_deal_seed_and_refusals(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    solved_once: dict[tuple[HandRecord, ...], list[HandRecord]],
) -> None:
    """``new --deal --seed`` twice gives the same deals. The second run's deals, when they are
    the first run's, are not solved again (21 boards, most of this test; ``solved_once``);
    different deals would be solved and differ."""
    import openpyxl

    from xlbridge.workbook.hand_records import read_hand_records_file

    solved = solved_once
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    for f in (a, b):
        args = ["new", "howell", "--tables", "2", "--deal", "--seed", f"{SEED}", "-o", str(f)]
        assert main(args) == 0
    assert len(solved) == 1  # both runs asked for the same deals
    records = read_hand_records_file(a)
    assert records == read_hand_records_file(b)
    assert records == {r.board: r.deal for r in deal_boards(sorted(records), seed=SEED)}
    book = openpyxl.load_workbook(a, read_only=True)  # the sheet names only
    assert "Hand Records" in book.sheetnames
    book.close()
    capsys.readouterr()
    bad = [
        (["--seed", "3"], "--seed goes with --deal"),
        (["--deal", "--deals", "x.pbn"], "not both"),
    ]
    for extra, message in bad:
        code = main(["new", "mitchell", "--tables", "3", *extra, "-o", str(tmp_path / "c.xlsx")])
        assert code == 2 and message in capsys.readouterr().err
    short = tmp_path / "short.pbn"
    write_hand_records(deal_boards([1, 2], seed=1), short)
    assert main(["new", "mitchell", "--tables", "3", "--deals", str(short), "-o", "x.xlsx"]) == 2
    assert "no deal for board 3" in capsys.readouterr().err


def test_new_individual_with_deal(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    solved_once: dict[tuple[HandRecord, ...], list[HandRecord]],
) -> None:
    import openpyxl

    out = tmp_path / "i.xlsx"
    args = ["new", "rainbow", "--tables", "5", "--deal", "--seed", f"{SEED}", "-o", str(out)]
    assert main(args) == 0
    book = openpyxl.load_workbook(out, read_only=True)  # the sheet names only
    assert "Hand Records" in book.sheetnames
    book.close()
