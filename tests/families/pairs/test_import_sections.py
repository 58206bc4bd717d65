"""``import`` into a sectioned workbook (``new --sections``, issue 31): a CSV with a ``section``
column, a PBN with Section tags and a Bridgemate ``.bws`` of several sections place each row on
its own section's rows of the board, where the scorer's pair numbers and tables are the
section's own (``3`` is ``A-NS 3`` in section A, ``B-NS 3`` in section B).

The results are seed 003's two-section evening (``test_field_sections``: boards 1 and 19 of
sections A, a 7-table Mitchell, and B, a 6-table Mitchell, every declarer North): the scores
``results`` reads back are the published traveller's and its matchpoints those worked out by
hand across the field (rules.md §5, Neuberg for board 19, which only A plays). A row naming a
section the workbook lacks, or none, is reported by line and never placed.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.families.pairs.test_field_sections import (
    BOARD_1,
    BOARD_19,
    SCORES_1,
    SCORES_19,
    SECTIONS,
    by_hand,
)
from tests.support.shared import cli_new, digest, needs_mdbtools, run_cli
from xlbridge.movements.field import join_sections, parse_sections

# (board, traveller row index) -> (contract, tricks), every declarer North (seed 003).
PLAYED = {**{(1, i): x for i, x in enumerate(BOARD_1)},
          **{(19, i): x for i, x in enumerate(BOARD_19)}}  # fmt: skip


pytestmark = pytest.mark.usefixtures("results_read_once")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("import-sections")
    return cli_new(folder, "field", "--sections", SECTIONS, "--boards-per-round", "3",
                   "--event", "Two sections", "--date", "2026-11-24")  # fmt: skip


Row = tuple[int, str, str, str, int, int, str, int]


def _scorer_rows(path: Path) -> list[Row]:
    """The evening as a scorer exports it: (board, section, NS number, EW number, round,
    table, contract, tricks) of every traveller row, in reverse order of the travellers (the
    import finds the rows). Boards 1 and 19 are seed 003's; the others made up. (Read-only:
    values only, each traveller's rows 6-18, columns A-M, as ``ws.cell`` gives them.)"""
    wb = openpyxl.load_workbook(path, read_only=True)
    rows = []
    for name in wb.sheetnames:
        if not name.startswith("Board "):
            continue
        board, ws = int(name.split()[1]), wb[name]
        cells = ws.iter_rows(min_row=6, max_row=18, max_col=13, values_only=True)
        for i, row in enumerate(cells):
            ns, ew = row[0], row[1]
            if not ns:
                break
            contract, tricks = PLAYED.get((board, i), ("3NT", 9 + (board + i) % 3))
            rows.append((board, ns.split("-")[0], ns.split()[-1], ew.split()[-1],
                         row[11], row[12], contract, tricks))  # fmt: skip
    wb.close()
    return rows[::-1]


def _csv(rows: list[Row]) -> str:
    lines = ["board,section,ns,ew,contract,declarer,result"]
    lines += [f"{b},{s},{ns},{ew},{c},N,{t}" for b, s, ns, ew, _r, _t, c, t in rows]
    return "\n".join(lines) + "\n"


def _import(book: Path, source: Path, out: Path) -> tuple[int, str, str]:
    return run_cli("import", str(book), "--from", str(source), "-o", str(out))


PLAYS = 21 * 7 + 18 * 6  # A plays boards 1-21 at 7 tables, B boards 1-18 at 6


@pytest.fixture(scope="module")
def evening(book: Path) -> list[Row]:
    return _scorer_rows(book)


@pytest.fixture(scope="module")
def from_csv(book: Path, evening: list[Row]) -> tuple[Path, str, str]:
    """The whole evening imported from a CSV with a section column: (copy, stdout, stderr)."""
    source = book.parent / "evening.csv"
    source.write_text(_csv(evening))
    before = digest(book)
    out = book.parent / "from-csv.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 0, err
    assert digest(book) == before
    return out, printed, err


def _check_scored(out: Path) -> dict[str, Any]:
    """``results`` of the filled copy: seed 003's scores, matchpoints by hand, final."""
    code, text, err = run_cli("results", str(out), "--format", "json")
    assert code == 0, err
    data = json.loads(text)
    boards = {b["board"]: b for b in data["boards"]}
    assert [r["score_ns"] for r in boards[1]["rows"]] == SCORES_1
    assert [r["score_ns"] for r in boards[19]["rows"]] == SCORES_19
    assert [r["mp_ns"] for r in boards[1]["rows"]] == pytest.approx(by_hand(SCORES_1, 13),
                                                                     abs=0.005)  # fmt: skip
    assert [r["mp_ns"] for r in boards[19]["rows"]] == pytest.approx(by_hand(SCORES_19, 13),
                                                                      abs=0.005)  # fmt: skip
    return data


def _inputs(path: Path) -> dict[tuple[int, str, str], tuple[Any, ...]]:
    """Every traveller row's typed cells (Contract, By, Made, Down), by board and pairs (rows
    6-18; read-only, values only)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    out = {}
    for name in wb.sheetnames:
        if name.startswith("Board "):
            for row in wb[name].iter_rows(min_row=6, max_row=18, max_col=6, values_only=True):
                if row[0]:
                    out[(int(name.split()[1]), row[0], row[1])] = tuple(row[2:6])
    wb.close()
    return out


@pytest.fixture(scope="module")
def csv_cells(from_csv: tuple[Path, str, str]) -> dict[tuple[int, str, str], tuple[Any, ...]]:
    """:func:`_inputs` of the CSV's copy (read once: the tests compare the other sources' with
    it; the copy is only read)."""
    return _inputs(from_csv[0])


def test_the_scorer_rows_cover_both_sections(evening: list[Row]) -> None:
    """The fixture's own check: 13 rows of board 1 (A's 7, B's 6), 7 of board 19 (A's), pair
    numbers that repeat across the sections (so only the section tells the rows apart)."""
    assert len(evening) == PLAYS
    on = [(b, s) for b, s, *_ in evening]
    assert (on.count((1, "A")), on.count((1, "B")), on.count((19, "A")), on.count((19, "B"))) \
        == (7, 6, 7, 0)  # fmt: skip
    assert {ns for b, s, ns, *_ in evening if b == 1 and s == "A"} >= {"1", "2", "3", "4", "5", "6"}
    assert {ns for b, s, ns, *_ in evening if b == 1 and s == "B"} == {"1", "2", "3", "4", "5", "6"}
    f = join_sections(parse_sections(SECTIONS), 3)
    assert len(f.movement.pairs) == 26


def test_a_csv_with_a_section_column_then_usebio(from_csv: tuple[Path, str, str],
                                                 csv_cells: dict[Any, Any],
                                                 tmp_path: Path) -> None:  # fmt: skip
    """Every row placed on its section's rows; ``results`` final, seed 003's scores and
    matchpoints; the USEBIO file names both sections and every pair."""
    out, printed, err = from_csv
    assert f"{PLAYS} results filled, 0 already there, 0 not imported" in printed, (printed, err)
    cells = csv_cells
    assert cells[(1, "A-NS 1", "A-EW 1")] == ("4S", "N", 4, None)  # 10 tricks: made 4
    assert cells[(1, "B-NS 1", "B-EW 1")] == ("4S", "N", 4, None)  # board 1's row 8
    assert cells[(1, "A-NS 6", "A-EW 4")] == ("4S", "N", None, 1)  # row 3: 9 tricks
    assert cells[(1, "B-NS 3", "B-EW 5")] == ("4S", "N", None, 2)  # row 12: 8 tricks
    assert all(v[0] for v in cells.values()) and len(cells) == PLAYS
    data = _check_scored(out)
    assert data["sections"] == ["A", "B"]
    code, text, err = run_cli("results", str(out), "--format", "json")
    assert code == 0 and json.loads(text).get("problems", []) == [], err
    usebio = tmp_path / "field.xml"
    code, _printed, err = run_cli("results", str(out), "--format", "usebio", "-o", str(usebio))
    assert code == 0, err
    root = ET.fromstring(usebio.read_bytes())
    sections = {x.get("SECTION_ID"): x for x in root.iter("SECTION")}
    assert list(sections) == ["A", "B"]
    assert [len(list(x.iter("PAIR"))) for x in sections.values()] == [14, 12]
    assert sum(len(list(x.iter("TRAVELLER_LINE"))) for x in sections.values()) == PLAYS


def test_a_section_the_workbook_lacks_is_named_and_not_placed(book: Path, tmp_path: Path) -> None:
    source = tmp_path / "bad.csv"
    source.write_text(
        "board,section,ns,ew,contract,declarer,result\n"
        "1,C,1,1,4S,N,10\n"  # line 2: no section C
        "1,,1,1,4S,N,10\n"  # line 3: no section
        "1,b,1,1,4S,N,10\n"  # line 4: section b is B
        "1,A,NS 1,EW 1,4S,N,9\n"  # line 5: NS 1 v EW 1 play board 1 in A
        "1,B,7,7,4S,N,9\n"  # line 6: B has 6 tables
        "1,,B-NS 2,B-EW 3,2S,N,9\n"  # line 7: the workbook's own labels name the section
    )
    out = tmp_path / "bad.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 3  # the rows that fit are written; the others reported (open problems)
    assert "3 results filled, 0 already there, 3 not imported" in printed, (printed, err)
    said = err.strip().splitlines()
    assert said == [
        "xlbridge import: bad.csv line 2: board 1: section 'C' is not in this workbook (its"
        " sections: A, B)",
        "xlbridge import: bad.csv line 3: board 1: no section given (the workbook's sections:"
        " A, B); add a section column",
        "xlbridge import: bad.csv line 6: board 1: pair '7' (NS) is not in this session",
    ], err
    cells = _inputs(out)
    assert cells[(1, "B-NS 1", "B-EW 1")][:3] == ("4S", "N", 4)
    assert cells[(1, "A-NS 1", "A-EW 1")] == ("4S", "N", None, 1)  # 9 tricks: down 1
    placed = [k for k, v in cells.items() if v[0] is not None]
    assert sorted(placed) == [(1, "A-NS 1", "A-EW 1"), (1, "B-NS 1", "B-EW 1"),
                              (1, "B-NS 2", "B-EW 3")]  # fmt: skip
    assert cells[(1, "B-NS 2", "B-EW 3")] == ("2S", "N", 3, None)
    wb = openpyxl.load_workbook(out, read_only=True)  # column A of one sheet: values only
    checks = [r[0] for r in wb["Checks"].iter_rows(max_col=1, values_only=True) if r[0]]
    wb.close()
    assert any("section 'C' is not in this workbook" in str(v) for v in checks)


def test_a_pbn_with_section_tags(
    book: Path, evening: list[Row], csv_cells: dict[Any, Any], tmp_path: Path
) -> None:
    """One game a table's play, its Section, Table and Round tags placing it (PBN 2.1's
    Section tag), as a scorer that writes a game a result does: the CSV's cells."""
    games = []
    for board, section, _ns, _ew, rnd, table, contract, tricks in evening:
        games.append(f'[Event "Two sections"]\n[Section "{section}"]\n[Board "{board}"]\n'
                     f'[Table "{table}"]\n[Round "{rnd}"]\n[Declarer "N"]\n'
                     f'[Contract "{contract}"]\n[Result "{tricks}"]\n')  # fmt: skip
    source = tmp_path / "evening.pbn"
    source.write_text("\n".join(games))
    out = tmp_path / "pbn.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 0 and f"{PLAYS} results filled, 0 already there, 0 not imported" in printed, err
    assert _inputs(out) == csv_cells


def test_a_pbn_of_sections_into_one_section_keeps_the_first(tmp_path: Path) -> None:
    """A workbook of one section still takes the first section only, as before."""
    one = cli_new(tmp_path, "one", "mitchell", "--tables", "3", "--boards-per-round", "2")
    source = tmp_path / "two.pbn"
    source.write_text('[Section "B"]\n[Board "1"]\n[Table "1"]\n[Round "1"]\n[Declarer "N"]\n'
                      '[Contract "4S"]\n[Result "10"]\n\n'
                      '[Section "A"]\n[Board "1"]\n[Table "1"]\n[Round "1"]\n[Declarer "N"]\n'
                      '[Contract "3NT"]\n[Result "9"]\n')  # fmt: skip
    code, printed, err = _import(one, source, tmp_path / "o.xlsx")
    assert code == 3  # the row not imported is an open problem
    assert "1 results filled, 0 already there, 1 not imported" in printed, err
    assert "section B: the workbook is one section" in err


def test_a_bridgemate_file_of_two_sections(book: Path, evening: list[Row],
                                           csv_cells: dict[Any, Any],
                                           tmp_path: Path) -> None:  # fmt: skip
    """``bridgemate`` writes the session file of both sections (Section IDs 1 and 2, letters
    A and B); the devices' rows are added as they are sent; ``import`` places each at its
    section's table and round: the CSV's cells. The numbers the players typed (PlayerNumbers)
    go onto the Names sheet, each seat at its own section's table."""
    pytest.importorskip("jpype", reason="the bridgemate extra (JPype) is not installed")
    pytest.importorskip("mpxj", reason="the bridgemate extra (mpxj: Jackcess) is not installed")
    needs_mdbtools()
    from xlbridge.interchange.bws_write import BwsReceived, BwsSeat, add_received, add_seated

    received = []
    for board, section, ns, ew, rnd, table, contract, tricks in evening:
        over = tricks - int(contract[0]) - 6
        result = "=" if over == 0 else f"{over:+d}"
        received.append(BwsReceived(" AB".index(section), table, rnd, board, int(ns), int(ew),
                                    "N", f"{contract[0]} {contract[1:]}", result))  # fmt: skip
    bws = tmp_path / "field.bws"
    code, printed, err = run_cli("bridgemate", str(book), "-o", str(bws))
    assert code == 0 and "2 sections" in printed, err
    add_received(bws, received)
    # Round 1, table 1: B-NS 1 v B-EW 1 in section B (ID 2), A-NS 1 v A-EW 1 in A; B has no
    # table 7.
    add_seated(bws, [BwsSeat(2, 1, "N", "2001", "Ann Ash"), BwsSeat(1, 1, "E", "1003", "Cy Cole"),
                     BwsSeat(2, 7, "N", "2009", "Al Other")])  # fmt: skip
    out = tmp_path / "from-bws.xlsx"
    code, printed, err = _import(book, bws, out)
    assert code == 3, err  # the seat not in the movement is an open problem
    assert printed.endswith(f"{PLAYS} results filled, 0 already there, 1 not imported; 2 players'"
                            " numbers on the Names sheet\n"), (printed, err)  # fmt: skip
    assert "PlayerNumbers line 4: no play at section B table 7 in round 1" in err
    assert _inputs(out) == csv_cells
    names = {str(r[0]): r[1:5] for r in openpyxl.load_workbook(out, read_only=True)["Names"]
             .iter_rows(min_row=4, values_only=True) if r[0]}  # fmt: skip
    assert names["B-NS 1"] == ("Ann Ash", None, "2001", None)
    assert names["A-EW 1"] == ("Cy Cole", None, "1003", None)
    assert names["A-NS 1"] == names["B-EW 1"] == (None, None, None, None)


def _plays(path: Path, board: int) -> list[tuple[str, str, int, int]]:
    """(NS label, EW label, round, table) of a board's traveller rows."""
    ws = openpyxl.load_workbook(path, read_only=True)[f"Board {board}"]  # one sheet's values
    return [(r[0], r[1], r[11], r[12])
            for r in ws.iter_rows(min_row=6, max_row=29, max_col=13, values_only=True)
            if r[0]]  # fmt: skip


def test_a_movement_file_of_sections(tmp_path: Path) -> None:
    """A club's movement file with a ``section`` column (two three-table Mitchells, A and B):
    the workbook ``new --movement-file`` writes takes a CSV by section and round and table."""
    code, movement, err = run_cli("movement", "mitchell", "--tables", "3", "--boards-per-round",
                                  "2", "--format", "csv")  # fmt: skip
    assert code == 0, err
    head, *lines = movement.strip().splitlines()
    (tmp_path / "two.csv").write_text("\n".join([f"section,{head}"] + [f"A,{x}" for x in lines]
                                                + [f"B,{x}" for x in lines]) + "\n")  # fmt: skip
    code, printed, err = run_cli("new", "--movement-file", str(tmp_path / "two.csv"), "-o",
                                 str(tmp_path / "two.xlsx"))  # fmt: skip
    assert code == 0 and "2 sections" in printed, (printed, err)
    book = tmp_path / "two.xlsx"
    at = {(ns[0], rnd, table): (ns, ew) for ns, ew, rnd, table in _plays(book, 3)}
    # Board 3: round 1 at table 2 in both sections (the movement file's line "1,2,...,3 4").
    assert at[("A", 1, 2)] == ("A-NS 2", "A-EW 2") and at[("B", 1, 2)] == ("B-NS 2", "B-EW 2")
    source = tmp_path / "tables.csv"
    source.write_text("board,section,round,table,contract,declarer,result\n"
                      "3,B,1,2,4H,S,11\n3,A,1,2,2NT,W,7\n3,B,1,4,1C,N,7\n")  # fmt: skip
    out = tmp_path / "filled.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 3 and "2 results filled, 0 already there, 1 not imported" in printed, err
    assert "tables.csv line 4: board 3: the board is not played at table 4 in round 1" in err
    cells = _inputs(out)
    assert cells[(3, "B-NS 2", "B-EW 2")] == ("4H", "S", 5, None)
    assert cells[(3, "A-NS 2", "A-EW 2")] == ("2NT", "W", None, 1)


def test_board_sets_take_each_sets_rows(tmp_path: Path) -> None:
    """``--board-sets AB,CD``: board 1 is a deal of A and B and another of C and D, one
    traveller; a PBN ScoreTable with a Section column puts C's row on C's rows only."""
    book = cli_new(tmp_path, "sets", "--sections", "A:mitchell:3,B:mitchell:3,C:mitchell:3,"
                   "D:mitchell:3", "--board-sets", "AB,CD", "--boards-per-round", "2")  # fmt: skip
    assert [ns for ns, *_ in _plays(book, 1)] == [f"{s}-NS {n}" for s in "ABCD" for n in (1, 3, 2)]
    source = tmp_path / "sets.pbn"
    source.write_text(
        '[Board "1"]\n[ScoreTable "Section\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;'
        'Declarer\\1R;Result\\2R"]\n'
        'C 1 1 4S N 10\n'
        'D 3 2 3NT E 9\n'
        'E 1 1 4S N 10\n'
    )
    out = tmp_path / "filled.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 3 and "2 results filled, 0 already there, 1 not imported" in printed, err
    assert "section 'E' is not in this workbook (its sections: A, B, C, D)" in err
    filled = {k: v for k, v in _inputs(out).items() if v[0]}
    assert filled == {(1, "C-NS 1", "C-EW 1"): ("4S", "N", 4, None),
                      (1, "D-NS 3", "D-EW 2"): ("3NT", "E", 3, None)}  # fmt: skip
