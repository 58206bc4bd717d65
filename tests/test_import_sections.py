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
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from conftest import cli_new, digest, needs_mdbtools, run_cli
from test_field_sections import BOARD_1, BOARD_19, SCORES_1, SCORES_19, SECTIONS, by_hand

from xlbridge.movements.field import join_sections, parse_sections

# (board, traveller row index) -> (contract, tricks), every declarer North (seed 003).
PLAYED = {**{(1, i): x for i, x in enumerate(BOARD_1)},
          **{(19, i): x for i, x in enumerate(BOARD_19)}}  # fmt: skip


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("import-sections")
    return cli_new(folder, "field", "--sections", SECTIONS, "--boards-per-round", "3",
                   "--event", "Two sections", "--date", "2026-11-24")  # fmt: skip


def _layout(path: Path) -> list[tuple[int, int, str, str, int, int]]:
    """(board, row index, NS label, EW label, round, table) of boards 1 and 19's rows."""
    wb = openpyxl.load_workbook(path)
    out = []
    for board in (1, 19):
        ws = wb[f"Board {board}"]
        for i in range(13):
            ns, ew = ws.cell(6 + i, 1).value, ws.cell(6 + i, 2).value
            if not ns:
                break
            out.append((board, i, ns, ew, ws.cell(6 + i, 12).value, ws.cell(6 + i, 13).value))
    return out


def _scorer_rows(path: Path) -> list[tuple[int, str, str, str, int, int, str, int]]:
    """The evening as a scorer exports it: (board, section, NS number, EW number, round,
    table, contract, tricks), in reverse order of the travellers (the import finds the rows)."""
    rows = []
    for board, i, ns, ew, rnd, table in _layout(path):
        contract, tricks = PLAYED[(board, i)]
        section = ns.split("-")[0]
        rows.append((board, section, ns.split()[-1], ew.split()[-1], rnd, table, contract,
                     tricks))  # fmt: skip
    return rows[::-1]


def _csv(rows: list[tuple[int, str, str, str, int, int, str, int]]) -> str:
    lines = ["board,section,ns,ew,contract,declarer,result"]
    lines += [f"{b},{s},{ns},{ew},{c},N,{t}" for b, s, ns, ew, _r, _t, c, t in rows]
    return "\n".join(lines) + "\n"


def _import(book: Path, source: Path, out: Path) -> tuple[int, str, str]:
    return run_cli("import", str(book), "--from", str(source), "-o", str(out))


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
    wb = openpyxl.load_workbook(path)
    out = {}
    for board in (1, 19):
        ws = wb[f"Board {board}"]
        for r in range(6, 19):
            if ws.cell(r, 1).value:
                out[(board, ws.cell(r, 1).value, ws.cell(r, 2).value)] = tuple(
                    ws.cell(r, c).value for c in range(3, 7)
                )
    return out


def test_the_scorer_rows_cover_both_sections(book: Path) -> None:
    """The fixture's own check: 13 rows of board 1 (A's 7, B's 6) and 7 of board 19, pair
    numbers that repeat across the sections (so only the section tells the rows apart)."""
    rows = _scorer_rows(book)
    assert sorted((b, s) for b, s, *_ in rows).count((1, "A")) == 7
    assert [(b, s) for b, s, *_ in rows].count((1, "B")) == 6
    assert {s for b, s, *_ in rows if b == 19} == {"A"}
    f = join_sections(parse_sections(SECTIONS), 3)
    assert len(f.movement.pairs) == 26


def test_a_csv_with_a_section_column(book: Path, tmp_path: Path) -> None:
    source = tmp_path / "evening.csv"
    source.write_text(_csv(_scorer_rows(book)))
    before = digest(book)
    out = tmp_path / "filled.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 0, err
    assert "20 results filled, 0 already there, 0 not imported" in printed, (printed, err)
    assert digest(book) == before
    cells = _inputs(out)
    assert cells[(1, "A-NS 1", "A-EW 1")][:3] == ("4S", "N", 4)  # 10 tricks: made 4
    assert cells[(1, "B-NS 1", "B-EW 1")][:3] == ("4S", "N", 4)  # row 8 of board 1
    _check_scored(out)
    # Imported again: every row already there, nothing replaced.
    code, printed, err = _import(out, source, tmp_path / "again.xlsx")
    assert code == 0 and "0 results filled, 20 already there, 0 not imported" in printed, err


def test_a_section_the_workbook_lacks_is_named_and_not_placed(book: Path, tmp_path: Path) -> None:
    source = tmp_path / "bad.csv"
    source.write_text(
        "board,section,ns,ew,contract,declarer,result\n"
        "1,C,1,1,4S,N,10\n"  # line 2: no section C
        "1,,1,1,4S,N,10\n"  # line 3: no section
        "1,b,1,1,4S,N,10\n"  # line 4: section b is B
        "1,A,NS 1,EW 1,4S,N,9\n"  # line 5: NS 1 v EW 1 play board 1 in A
        "1,B,7,7,4S,N,9\n"  # line 6: B has 6 tables
    )
    out = tmp_path / "bad.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 0  # the rows that fit are written; the others reported
    assert "2 results filled, 0 already there, 3 not imported" in printed, (printed, err)
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
    assert sorted(placed) == [(1, "A-NS 1", "A-EW 1"), (1, "B-NS 1", "B-EW 1")]
    checks = [c.value for c in openpyxl.load_workbook(out)["Checks"]["A"] if c.value]
    assert any("section 'C' is not in this workbook" in str(v) for v in checks)


def test_full_labels_need_no_section_column(book: Path, tmp_path: Path) -> None:
    """A row naming the workbook's own labels (``A-NS 1``) says its section itself."""
    source = tmp_path / "labels.csv"
    source.write_text("board,ns,ew,contract,declarer,result\n1,B-NS 1,B-EW 1,3NT,N,9\n")
    code, printed, err = _import(book, source, tmp_path / "l.xlsx")
    assert code == 0 and "1 results filled" in printed, err
    assert _inputs(tmp_path / "l.xlsx")[(1, "B-NS 1", "B-EW 1")][:3] == ("3NT", "N", 3)


def test_a_pbn_with_section_tags(book: Path, tmp_path: Path) -> None:
    """One game a table's play, its Section, Table and Round tags placing it (PBN 2.1's
    Section tag), as a scorer that writes a game a result does."""
    games = []
    for board, section, _ns, _ew, rnd, table, contract, tricks in _scorer_rows(book):
        games.append(f'[Event "Two sections"]\n[Section "{section}"]\n[Board "{board}"]\n'
                     f'[Table "{table}"]\n[Round "{rnd}"]\n[Declarer "N"]\n'
                     f'[Contract "{contract}"]\n[Result "{tricks}"]\n')  # fmt: skip
    source = tmp_path / "evening.pbn"
    source.write_text("\n".join(games))
    out = tmp_path / "pbn.xlsx"
    code, printed, err = _import(book, source, out)
    assert code == 0 and "20 results filled, 0 already there, 0 not imported" in printed, err
    _check_scored(out)
    csv_source = tmp_path / "same.csv"
    csv_source.write_text(_csv(_scorer_rows(book)))
    assert _import(book, csv_source, tmp_path / "csv.xlsx")[0] == 0
    assert _inputs(out) == _inputs(tmp_path / "csv.xlsx")


def test_a_pbn_of_sections_into_one_section_keeps_the_first(tmp_path: Path) -> None:
    """A workbook of one section still takes the first section only, as before."""
    one = cli_new(tmp_path, "one", "mitchell", "--tables", "3", "--boards-per-round", "2")
    source = tmp_path / "two.pbn"
    source.write_text('[Section "B"]\n[Board "1"]\n[Table "1"]\n[Round "1"]\n[Declarer "N"]\n'
                      '[Contract "4S"]\n[Result "10"]\n\n'
                      '[Section "A"]\n[Board "1"]\n[Table "1"]\n[Round "1"]\n[Declarer "N"]\n'
                      '[Contract "3NT"]\n[Result "9"]\n')  # fmt: skip
    code, printed, err = _import(one, source, tmp_path / "o.xlsx")
    assert code == 0
    assert "1 results filled, 0 already there, 1 not imported" in printed, err
    assert "section B: the workbook is one section" in err


def test_a_bridgemate_file_of_two_sections_then_usebio(book: Path, tmp_path: Path) -> None:
    """``bridgemate`` writes the session file of both sections (Section IDs 1 and 2 for A and
    B); the devices' rows added as they are sent; ``import`` places each at its section's
    table and round, the same cells as the CSV; ``results`` is final and its USEBIO names
    both sections' pairs."""
    pytest.importorskip("jpype", reason="the bridgemate extra (JPype) is not installed")
    pytest.importorskip("mpxj", reason="the bridgemate extra (mpxj: Jackcess) is not installed")
    needs_mdbtools()
    from xlbridge.interchange.bws_write import BwsReceived, add_received

    # The whole evening (every board) from a CSV, and the same rows as the devices send them.
    wb = openpyxl.load_workbook(book)
    lines = ["board,section,ns,ew,contract,declarer,result"]
    received = []
    for name in wb.sheetnames:
        if not name.startswith("Board "):
            continue
        board = int(name.split()[1])
        ws = wb[name]
        for r in range(6, 19):
            ns, ew = ws.cell(r, 1).value, ws.cell(r, 2).value
            if not ns:
                break
            contract, tricks = PLAYED.get((board, r - 6), ("3NT", 9 + (board + r) % 3))
            section, rnd, table = ns[0], ws.cell(r, 12).value, ws.cell(r, 13).value
            n_ns, n_ew = int(ns.split()[-1]), int(ew.split()[-1])
            lines.append(f"{board},{section},{n_ns},{n_ew},{contract},N,{tricks}")
            level = int(contract[0])
            over = tricks - level - 6
            result = "=" if over == 0 else f"{over:+d}"
            bws_contract = f"{contract[0]} {contract[1:]}"
            received.append(BwsReceived(" AB".index(section), table, rnd, board, n_ns, n_ew,
                                        "N", bws_contract, result))  # fmt: skip
    assert len(received) == 21 * 7 + 18 * 6  # 255 plays
    bws = tmp_path / "field.bws"
    code, printed, err = run_cli("bridgemate", str(book), "-o", str(bws))
    assert code == 0 and "2 sections" in printed, err
    add_received(bws, received)
    source = tmp_path / "all.csv"
    source.write_text("\n".join(lines) + "\n")
    outs = []
    for src, name in ((bws, "from-bws.xlsx"), (source, "from-csv.xlsx")):
        code, printed, err = _import(book, src, tmp_path / name)
        assert code == 0 and "255 results filled, 0 already there, 0 not imported" in printed, (
            printed, err)  # fmt: skip
        outs.append(tmp_path / name)
    assert _inputs(outs[0]) == _inputs(outs[1])
    data = _check_scored(outs[0])
    code, text, err = run_cli("results", str(outs[0]), "--format", "json")
    assert code == 0 and json.loads(text)["problems"] == [], err
    assert data["sections"] == ["A", "B"]
    usebio = tmp_path / "field.xml"
    code, _printed, err = run_cli("results", str(outs[0]), "--format", "usebio", "-o",
                                  str(usebio))  # fmt: skip
    assert code == 0, err
    root = ET.fromstring(usebio.read_bytes())
    pairs = {p.findtext("PAIR_NUMBER") for p in root.iter("PARTICIPANTS")}
    assert pairs, ET.tostring(root)[:400]
    shutil.rmtree(tmp_path, ignore_errors=True)
