"""The federation's file (issue 23): USEBIO 1.2 with what the EBU credits players by.

Each player's member number (``NATIONAL_ID_NUMBER``, from ``PairInfo.numbers``), the club's
name and id number (``CLUB_ID_NUMBER``), the event's charge code (``P2P_CHARGE_RATE``), each
pair's boards played, a pair handicap when the ranking is handicapped, and the hand records
(``HANDSET``). Element names and their order within ``PLAYER``, ``CLUB`` and ``HANDSET`` are
those of USEBIO 1.2 files club scorers publish (Compscore3 files, ``<!DOCTYPE USEBIO SYSTEM
"http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">``, in abftech/cobalt
``results/tests/test_files/``; ``BOARDS_PLAYED`` and ``HANDICAP`` in ``PAIR`` as in
duaneg/scorer-to-usebio ``tests/integration_tests/converted/handicap_pairs.xml``). The USEBIO
DTD itself (usebio.org) was not at hand to validate against. A player without a member number
is named on standard error and in an XML comment, never dropped silently. Every file written is
read back and compared.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import run_cli
from xlbridge.errors import TextError, WorkbookError
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.individual.build import write_individuals
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.families.pairs.build import write_session
from xlbridge.families.registry import score_workbook
from xlbridge.movements.individual import rainbow
from xlbridge.movements.mitchell import mitchell
from xlbridge.results.board import ResultRow
from xlbridge.results.session import PairInfo, SessionInput, SessionResults
from xlbridge.results.usebio import UsebioOptions, read_usebio, read_usebio_event
from xlbridge.results.usebio_session import missing_numbers, write_usebio
from xlbridge.workbook.formulas import FIRST_ROW

RANKS = "AKQJT98765432"


def _deals(boards: range, seed: int) -> dict[int, str]:
    """A complete deal from North for each board (a shuffled deck, 13 cards a seat)."""
    rng = random.Random(seed)
    out = {}
    for b in boards:
        deck = [(s, r) for s in range(4) for r in range(13)]
        rng.shuffle(deck)
        hands = []
        for seat in range(4):
            cards = deck[seat * 13 : seat * 13 + 13]
            hands.append(".".join(
                "".join(RANKS[r] for r in sorted(r for s, r in cards if s == suit))
                for suit in range(4)
            ))  # fmt: skip
        out[b] = "N:" + " ".join(hands)
    return out


def _row(board: int, row: int, ns: str, ew: str, contract: str, tricks: int) -> ResultRow:
    return ResultRow(board=board, row=row, round=row - FIRST_ROW + 1, table=row - FIRST_ROW + 1,
                     ns=ns, ew=ew, contract=contract, declarer="N", tricks=tricks)  # fmt: skip


def _session(**pair_data: tuple[object, ...]) -> SessionResults:
    """Four pairs, two boards played twice; ``pair_data`` gives PairInfo's numbers/handicaps
    as one tuple a pair."""
    names = (("Ann Ash", "Bo Birch"), ("Cy Cole", "Di Dunn"), ("Ed Eyre", "Flo Fox"),
             ("Gus Gray", "Hal Hart"))  # fmt: skip
    pairs = tuple(
        PairInfo(i + 1, str(i + 1), a, b, **{k: v[i] for k, v in pair_data.items()})  # type: ignore[arg-type]
        for i, (a, b) in enumerate(names)
    )
    rows = (
        _row(1, FIRST_ROW, "1", "2", "4S", 10), _row(1, FIRST_ROW + 1, "3", "4", "4S", 9),
        _row(2, FIRST_ROW, "3", "2", "3NT", 9), _row(2, FIRST_ROW + 1, "1", "4", "2H", 8),
    )  # fmt: skip
    return score_session(SessionInput(event="Tuesday Pairs", date="2026-11-24", kind="howell",
                                      scoring="mp", scale="acbl", pairs=pairs, rows=rows,
                                      expected={1: 2, 2: 2}))  # fmt: skip


NUMBERS = (("10001", "10002"), ("10003", ""), ("", "10006"), ("10007", "10008"))


def test_member_numbers_club_charge_and_boards_played_round_trip() -> None:
    res = _session(numbers=NUMBERS)
    opts = UsebioOptions(club="Lakeside BC", club_id="1234", charge_code="10")
    data = write_usebio(res, options=opts)
    pairs, lines = read_usebio(data)
    by_number = {p.number: p for p in pairs}
    assert len(pairs) == 4 and len(lines) == 4
    for s in res.standings:
        got = by_number[s.label]
        assert got.names == (s.pair.name1, s.pair.name2)
        assert got.numbers == s.pair.numbers  # "" where the Names sheet has none
        # PairsScorer's matchpoint PAIR: PERCENTAGE and PLACE, no TOTAL_SCORE, BOARDS_PLAYED.
        assert (got.total, got.percentage, got.place, got.played) == (None, s.pct, s.rank, None)
    ev = read_usebio_event(data)
    assert (ev.club, ev.club_id, ev.charge_code, ev.boards_played) == ("Lakeside BC", "1234",
                                                                       "10", 2)  # fmt: skip
    assert ev.deals == {}  # no hand records given: no HANDSET
    assert b"<HANDSET>" not in data


def test_a_missing_member_number_is_named_never_dropped() -> None:
    res = _session(numbers=NUMBERS)
    assert sorted(missing_numbers(res)) == [
        "pair 2: player 2 (Di Dunn) has no member number; NATIONAL_ID_NUMBER left out",
        "pair 3: player 1 (Ed Eyre) has no member number; NATIONAL_ID_NUMBER left out",
    ]
    text = write_usebio(res).decode("iso-8859-1")
    comments = re.findall(r"<!-- (pair \d: player \d \([^)]*\) has no member number[^>]*) -->",
                          text)  # fmt: skip
    assert sorted(comments) == sorted(missing_numbers(res))
    assert len(comments) == 2
    # Each comment sits in the PLAYER it names, after the name, where the number would be.
    assert re.search(r"<PLAYER_NAME>Di Dunn</PLAYER_NAME>\s*<!-- pair 2: player 2 \(Di Dunn\)",
                     text)  # fmt: skip
    # Without numbers at all (a Names sheet without the columns) every player is named.
    assert len(missing_numbers(_session())) == 8


def test_missing_numbers_follow_the_ranking_order() -> None:
    res = _session(numbers=NUMBERS)
    named = [x.split(":")[0] for x in missing_numbers(res)]
    text = write_usebio(res).decode("iso-8859-1")
    ranked = re.findall(r"<PAIR_NUMBER>(\d)</PAIR_NUMBER>", text)
    assert named == [f"pair {n}" for n in ranked if n in ("2", "3")]


def test_element_order_as_published_files_have_it() -> None:
    text = write_usebio(_session(numbers=NUMBERS), options=UsebioOptions("Lakeside BC", "1234")
                        ).decode("iso-8859-1")  # fmt: skip
    assert re.search(r"<CLUB>\s*<CLUB_NAME>Lakeside BC</CLUB_NAME>\s*"
                     r"<CLUB_ID_NUMBER>1234</CLUB_ID_NUMBER>\s*</CLUB>", text)  # fmt: skip
    player = r"<PLAYER RATEABLE=\"Y\">\s*<PLAYER_NAME>Ann Ash</PLAYER_NAME>\s*"
    assert re.search(player + r"<NATIONAL_ID_NUMBER>10001</NATIONAL_ID_NUMBER>\s*</PLAYER>", text)
    assert re.search(r"<SECTION_COUNT>1</SECTION_COUNT>\s*<PAIRS>", text)  # no charge given
    assert "<P2P_CHARGE_RATE>" not in text and "<HANDICAP>" not in text


def test_hand_records_make_the_handset() -> None:
    res = _session(numbers=NUMBERS)
    deals = _deals(range(1, 4), seed=23)  # board 3 is no board of the session: left out
    data = write_usebio(res, deals=deals)
    got = read_usebio_event(data).deals
    assert got == {1: deals[1], 2: deals[2]}
    text = data.decode("iso-8859-1")
    north_spades = deals[1][2:].split(" ")[0].split(".")[0]
    # North, East, South, West, each spades to clubs (the PairsScorer example's HANDSET).
    assert re.search(r"<HANDSET>\s*<BOARD>\s*<BOARD_NUMBER>1</BOARD_NUMBER>\s*<HAND>\s*"
                     rf"<DIRECTION>North</DIRECTION>\s*<SPADES>{north_spades}</SPADES>\s*"
                     r"<HEARTS>", text)  # fmt: skip
    handset = text[text.index("<HANDSET>"):]
    assert re.findall(r"<DIRECTION>(\w+)</DIRECTION>", handset)[:4] == ["North", "East",
                                                                        "South", "West"]
    assert text.index("</EVENT>") < text.index("<HANDSET>")
    # The traveller lines read back as before: HANDSET boards are no traveller.
    assert len(read_usebio(data)[1]) == 4
    # A deal that is not a complete deal is no hand record; with none left, no HANDSET.
    assert b"<HANDSET>" not in write_usebio(res, deals={1: "N:AKQ... ... ... ..."})


def test_a_pair_handicap_only_when_the_players_have_handicaps() -> None:
    res = _session(numbers=NUMBERS, handicaps=((2.0, 4.0), (0.0, 1.0), (None, None),
                                               (-1.0, 1.0)))  # fmt: skip
    hc = {"1": 3.0, "2": 0.5, "3": None, "4": 0.0}
    res_h = replace(res, standings=tuple(replace(s, handicap=hc[s.label])
                                         for s in res.standings))  # fmt: skip
    pairs, _ = read_usebio(write_usebio(res_h))
    assert {p.number: p.handicap for p in pairs} == {"1": 3.0, "2": 0.5, "3": None, "4": 0.0}
    # Players without handicaps: no HANDICAP, whatever the standing carries.
    plain = _session(numbers=NUMBERS)
    plain_h = replace(plain, standings=tuple(replace(s, handicap=1.0)
                                             for s in plain.standings))  # fmt: skip
    assert b"<HANDICAP>" not in write_usebio(plain_h)


def test_text_the_xml_cannot_hold_is_refused_with_one_line() -> None:
    res = _session(numbers=(("1\x01", ""), ("", ""), ("", ""), ("", "")))
    with pytest.raises(TextError, match="member number"):
        write_usebio(res)
    with pytest.raises(TextError, match="club id"):
        write_usebio(_session(), options=UsebioOptions(club_id="12\x0734"))


def _individual_session(numbers: tuple[str, ...]) -> SessionResults:
    """Eight players, two boards: each player credited with the side's matchpoints."""
    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
    players = tuple(PairInfo(i + 1, str(i + 1), n, "", numbers=(numbers[i],))
                    for i, n in enumerate(names))  # fmt: skip
    seats = (("1", "3", "2", "4"), ("5", "7", "6", "8"))
    rows = tuple(
        replace(_row(b, FIRST_ROW + t, f"{n}-{s}", f"{e}-{w}", c, k),
                ns_members=(n, s), ew_members=(e, w))
        for b, c, k in ((1, "4S", 10), (2, "3NT", 8))
        for t, (n, s, e, w) in enumerate(seats)
    )  # fmt: skip
    return score_session(SessionInput(event="Club individual", date="2026-11-24",
                                      kind="individual", scoring="mp", scale="acbl",
                                      pairs=players, rows=rows, expected={1: 2, 2: 2},
                                      family="individual"))  # fmt: skip


def test_an_individual_event_lists_one_player_a_player() -> None:
    numbers = ("501", "502", "", "504", "505", "506", "507", "508")
    res = _individual_session(numbers)
    data = write_usebio(res, options=UsebioOptions("Lakeside BC", "1234", "7"),
                        deals=_deals(range(1, 3), seed=8))  # fmt: skip
    ev = read_usebio_event(data)
    assert ev.event_type == "INDIVIDUAL" and (ev.club_id, ev.charge_code) == ("1234", "7")
    by_number = {p.number: p for p in ev.players}
    assert len(by_number) == 8 == len(res.standings)
    for s in res.standings:
        got = by_number[s.label]
        assert got.names == (s.pair.name1,) and got.numbers == s.pair.numbers
        assert (got.total, got.percentage, got.place, got.played) == (None, s.pct, s.rank, None)
    # No pairs; the traveller lines number the four players as the USEBIO 1.1 example does.
    pairs, lines = read_usebio(data)
    assert pairs == [] and sorted(ev.deals) == [1, 2]
    assert [ln.seats for ln in lines] == [("1", "3", "2", "4"), ("5", "7", "6", "8")] * 2
    text = data.decode("iso-8859-1")
    assert "<PAIRS>" not in text and "<N_PLAYER_NUMBER>1</N_PLAYER_NUMBER>" in text
    assert missing_numbers(res) == (
        "player 3 (Cy) has no member number; NATIONAL_ID_NUMBER left out",
    )
    assert "<!-- player 3 (Cy) has no member number" in text


def test_other_families_are_refused() -> None:
    res = _session()
    social = replace(res, input=replace(res.input, family="social"))
    with pytest.raises(WorkbookError, match="USEBIO output is written for pairs and individual"):
        write_usebio(social)


def _played_pairs(path: Path) -> Path:
    write_session(mitchell(3, 2), path)
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        if ws.title.startswith("Board "):
            for r in range(FIRST_ROW, FIRST_ROW + 3):
                ws[f"C{r}"], ws[f"D{r}"], ws[f"E{r}"] = "3NT", "N", 3
    wb.save(path)
    return path


def test_cli_writes_the_federation_file(tmp_path: Path) -> None:
    book = _played_pairs(tmp_path / "s.xlsx")
    deals = _deals(range(1, 7), seed=5)
    pbn = tmp_path / "boards.pbn"
    pbn.write_text("".join(f'[Board "{b}"]\n[Deal "{d}"]\n\n' for b, d in deals.items()),
                   encoding="ascii")  # fmt: skip
    out = tmp_path / "r.xml"
    code, _, err = run_cli("results", str(book), "--format", "usebio", "--club-name",
                           "Lakeside BC", "--club-id", "1234", "--charge-code", "10",
                           "--deals", str(pbn), "-o", str(out))  # fmt: skip
    assert code == 0, err
    data = out.read_bytes()
    pairs, lines = read_usebio(data)
    ev = read_usebio_event(data)
    assert (ev.club, ev.club_id, ev.charge_code) == ("Lakeside BC", "1234", "10")
    boards = {ln.board for ln in lines}
    assert ev.deals == {b: deals[b] for b in sorted(boards)} and len(pairs) == 6
    # This workbook's Names sheet has no member numbers: every player is named, once.
    named = [x for x in err.splitlines() if "has no member number" in x]
    assert len(named) == 12 == data.count(b"has no member number")
    assert all(x.startswith("xlbridge results: pair ") for x in named)
    # A 3-table Mitchell of 2-board rounds: each pair plays 3 rounds, 6 boards.
    assert len(boards) == 6


def test_cli_refuses_a_control_character_in_the_club_id(tmp_path: Path) -> None:
    book = _played_pairs(tmp_path / "s.xlsx")
    code, _, err = run_cli("results", str(book), "--format", "usebio", "--club-id", "12\x0134")
    assert code == 2 and "club id" in err and "Traceback" not in err


def test_cli_individual_names_each_player_without_a_number(tmp_path: Path) -> None:
    path = tmp_path / "i.xlsx"
    write_individuals(rainbow(5), path, names={1: "Ann Ash", 2: "Bo Birch"})
    c = IndividualCols.build("made-down", "mp").base
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        if ws.title.startswith("Board "):
            for r in range(FIRST_ROW, FIRST_ROW + 5):
                ws[f"{c.contract}{r}"], ws[f"{c.by}{r}"], ws[f"{c.made}{r}"] = "3NT", "S", 3
    wb.save(path)
    code, out, err = run_cli("results", str(path), "--format", "usebio", "--club-id", "99")
    assert code == 0, err
    ev = read_usebio_event(out.encode("iso-8859-1"))
    assert ev.event_type == "INDIVIDUAL" and ev.club_id == "99" and len(ev.players) == 20
    assert {p.names for p in ev.players} >= {("Ann Ash",), ("Bo Birch",)}
    named = [x for x in err.splitlines() if x.endswith("has no member number; "
                                                      "NATIONAL_ID_NUMBER left out")]  # fmt: skip
    assert len(named) == 20 and "xlbridge results: player 1 (Ann Ash) has no" in err


def test_member_numbers_typed_on_the_names_sheet_reach_the_file(tmp_path: Path) -> None:
    """The Names sheet's "Number 1"/"Number 2" columns (D, E; the layout in the session's
    contract) become each PLAYER's NATIONAL_ID_NUMBER once the reader reads them."""
    book = _played_pairs(tmp_path / "s.xlsx")
    wb = openpyxl.load_workbook(book)
    ws = wb["Names"]
    ws["D3"], ws["E3"] = "Number 1", "Number 2"
    for r in range(4, 10):
        ws[f"B{r}"], ws[f"C{r}"] = f"Player {r}a", f"Player {r}b"
        ws[f"D{r}"], ws[f"E{r}"] = f"{r}001", ("" if r == 5 else f"{r}002")
    wb.save(book)
    res = score_workbook(book)
    numbers = {s.pair.names: s.pair.numbers for s in res.standings}
    assert numbers == {
        f"Player {r}a & Player {r}b": (f"{r}001", "" if r == 5 else f"{r}002") for r in range(4, 10)
    }
    code, out, err = run_cli("results", str(book), "--format", "usebio")
    assert code == 0, err
    pairs, _ = read_usebio(out.encode("iso-8859-1"))
    got = {p.names[0]: p.numbers for p in pairs}
    assert got == {f"Player {r}a": (f"{r}001", "" if r == 5 else f"{r}002") for r in range(4, 10)}
    assert [x for x in err.splitlines() if "has no member number" in x] == [
        "xlbridge results: pair NS 2: player 2 (Player 5b) has no member number;"
        " NATIONAL_ID_NUMBER left out"
    ]


def test_the_workbooks_hand_records_make_the_handset(tmp_path: Path) -> None:
    pytest.importorskip("endplay", reason="new --deals needs the deals extra")
    deals = _deals(range(1, 7), seed=11)
    pbn = tmp_path / "boards.pbn"
    pbn.write_text("".join(f'[Board "{b}"]\n[Deal "{d}"]\n\n' for b, d in deals.items()),
                   encoding="ascii")  # fmt: skip
    book = tmp_path / "s.xlsx"
    code, _, err = run_cli("new", "mitchell", "--tables", "3", "--boards-per-round", "2",
                           "--deals", str(pbn), "-o", str(book))  # fmt: skip
    assert code == 0, err
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        if ws.title.startswith("Board "):
            for r in range(FIRST_ROW, FIRST_ROW + 3):
                ws[f"C{r}"], ws[f"D{r}"], ws[f"E{r}"] = "3NT", "N", 3
    wb.save(book)
    code, out, err = run_cli("results", str(book), "--format", "usebio")
    assert code == 0, err
    assert read_usebio_event(out.encode("iso-8859-1")).deals == deals


def test_several_sections_each_a_section(tmp_path: Path) -> None:
    """Several sections (issue 32): a SECTION each, its pairs numbered within it
    (tests/test_usebio_examples.py checks the places and every figure again)."""
    book = tmp_path / "sec.xlsx"
    assert run_cli("new", "--sections", "A:mitchell:3,B:mitchell:3", "-o", str(book))[0] == 0
    code, out, err = run_cli("results", str(book), "--format", "usebio")
    assert code in (0, 3) and "Traceback" not in err
    assert re.findall(r'<SECTION SECTION_ID="(\w)">', out) == ["A", "B"]
    assert "<SECTION_COUNT>2</SECTION_COUNT>" in out and "<PAIR_NUMBER>A-" not in out


def test_each_family_writes_its_own_file_through_the_registry() -> None:
    """``Family.render`` in USEBIO: pairs and individuals their session's file, teams theirs
    (tests/test_usebio_teams.py), social games refused in one line."""
    from xlbridge.families.registry import RenderRequest, family

    usebio = RenderRequest("usebio")
    res = _session(numbers=NUMBERS)
    assert family("pairs").render(res, usebio).data == write_usebio(res)
    ind = _individual_session(("1", "2", "3", "4", "5", "6", "7", "8"))
    assert family("individual").render(ind, usebio).data == write_usebio(ind)
    with pytest.raises(WorkbookError, match="USEBIO XML output is for pairs, individuals and"
                                            " teams; this is a social workbook"):  # fmt: skip
        family("social").render(res, usebio)
    with pytest.raises(TypeError):
        family("teams").render(res, usebio)
