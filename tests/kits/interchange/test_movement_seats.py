"""A club's own individual movement in a file: players by seat, as ``movement --format csv``
writes an individual kind, and the pjms.nl ``.asc`` standard's individual form."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import run_cli
from xlbridge.errors import InputFileError
from xlbridge.interchange.movement_file import movement_csv, parse_movement_csv, read_movement_file
from xlbridge.interchange.movement_seats import SEAT_COLUMNS
from xlbridge.movements.individual import two_table_individual
from xlbridge.movements.validate import check

HEADER = ",".join(SEAT_COLUMNS) + "\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["rainbow", "--tables", "5"],
        ["rainbow", "--tables", "7"],
        ["individual-2", "--tables", "2"],  # table 2 plays the round's boards in another order
        ["individual-3", "--tables", "3"],
    ],
)
def test_round_trip(tmp_path: Path, argv: list[str]) -> None:
    """Every built-in individual kind: its CSV read back is the same movement (players by seat,
    labels, boards in the order played, notes) and keeps its kind."""
    code, csv_out, _ = run_cli("movement", *argv, "--format", "csv")
    assert code == 0 and csv_out.startswith(HEADER)
    path = tmp_path / "club.csv"
    path.write_text(csv_out, encoding="utf-8")
    code, again, err = run_cli("movement", "--from", str(path), "--format", "csv")
    assert (code, err) == (0, "")
    assert again == csv_out
    _, built, _ = run_cli("movement", *argv, "--format", "json", "--balance")
    _, read, _ = run_cli("movement", "--from", str(path), "--format", "json", "--balance")
    assert json.loads(read) == json.loads(built)


def test_hand_written_two_tables() -> None:
    """A director's own 8 players for two rounds, written by hand: no labels or kind."""
    text = HEADER + "1,1,1,2,3,4,,,,,1-2\n1,2,5,6,7,8,,,,,3 4\n2,1,1,3,2,4,,,,,3 4\n"
    text += "2,2,5,7,6,8,,,,,1 2\n"
    m = parse_movement_csv(text, "club.csv")
    assert (m.kind, m.individual, m.tables, m.rounds, len(m.pairs)) == ("custom", True, 2, 2, 8)
    assert m.round_entries(2)[1].players == (5, 7, 6, 8)
    assert check(m).errors == []
    assert parse_movement_csv(movement_csv(m), "again.csv") == m


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("1,1,1,2,3,,,,,,1\n", "club.csv line 2: no west player"),
        ("1,1,1,2,3,1,,,,,1\n", "club.csv line 2: player 1 twice in round 1"),
        ("1,1,1,2,3,4,,,,,1\n1,1,5,6,7,8,,,,,2\n", "round 1 table 1 is already on line 2"),
        ("1,1,1,2,3,4,,,,,\n", "club.csv line 2: round 1 table 1: no boards"),
        ("1,,5,,,,,sits out,,,\n1,1,1,2,3,5,,,,,1\n", "player 5 sits out in round 1 but plays"),
        ("1,1,1,2,3,4,,,,,1\n,,,,,,mitchell,kind,,,\n", "mitchell is a pairs game, not an"),
        ("1,1,1,2,3,4,,,,,1\n,,,,,,=1,kind,,,\n", "kind '=1': write letters"),
        ("", "club.csv: no table lines"),
    ],
)
def test_bad_rows_one_line(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "club.csv"
    path.write_text(HEADER + body, encoding="utf-8")
    code, out, err = run_cli("movement", "--from", str(path))
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_asc_individual_reads_the_standard_order(tmp_path: Path) -> None:
    """The pjms.nl standard's individual line: ``N S E W group`` per table. The 2-table
    individual written that way reads back with every player in their seat."""
    m = two_table_individual()
    lines = [f"{len(m.pairs)} {m.tables} {m.rounds} {m.rounds} 1"]
    for r in range(1, m.rounds + 1):
        cells = []
        for e in m.round_entries(r):
            assert e.players is not None
            n, east, s, w = e.players
            cells.append(f"{n} {s} {east} {w} {r}")
        lines.append("  ".join(cells))
    path = tmp_path / "i2.asc"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    got = read_movement_file(path, 3)
    assert got.individual and got.kind == "i2"
    assert {(e.round, e.table, e.players) for e in got.entries} == {
        (e.round, e.table, e.players) for e in m.entries
    }
    assert check(got).errors == []


def test_new_writes_the_individual_workbook(tmp_path: Path) -> None:
    """``new --movement-file`` with players by seat writes the individual workbook, the same
    as ``new rainbow`` cell for cell; a pairs option is refused in one line."""
    _, csv_out, _ = run_cli("movement", "rainbow", "--tables", "5", "--format", "csv")
    path = tmp_path / "rb.csv"
    path.write_text(csv_out, encoding="utf-8")
    code, out, err = run_cli("new", "--movement-file", str(path), "-o", str(tmp_path / "f.xlsx"))
    assert code == 0, err
    assert "15 boards, 20 players, 5 rounds" in out
    assert run_cli("new", "rainbow", "--tables", "5", "-o", str(tmp_path / "k.xlsx"))[0] == 0
    a = openpyxl.load_workbook(tmp_path / "f.xlsx")
    b = openpyxl.load_workbook(tmp_path / "k.xlsx")
    assert a.sheetnames == b.sheetnames
    for name in a.sheetnames:
        cells_a = [[c.value for c in row] for row in a[name].iter_rows()]
        cells_b = [[c.value for c in row] for row in b[name].iter_rows()]
        assert cells_a == cells_b, name
    code, _out, err = run_cli("new", "--movement-file", str(path), "--scoring", "butler",
                              "-o", str(tmp_path / "x.xlsx"))  # fmt: skip
    assert code == 2 and "individual games are scored by matchpoints" in err
    code, _out, err = run_cli("new", "--movement-file", str(path), "--vp-scale", "wbf",
                              "-o", str(tmp_path / "x.xlsx"))  # fmt: skip
    assert code == 2 and "is an individual game: --vp-scale" in err


def test_formula_text_stays_text() -> None:
    text = HEADER + '1,1,1,2,3,4,"=HYPERLINK(""x"")",,,-W,1\n'
    m = parse_movement_csv(text, "club.csv")
    out = movement_csv(m)
    assert "'=HYPERLINK" in out and ",'-W," in out
    assert parse_movement_csv(out, "again.csv").label(1) == '=HYPERLINK("x")'


def test_a_seat_header_with_a_pairs_kind_is_refused() -> None:
    with pytest.raises(InputFileError, match="head-to-head is a team"):
        parse_movement_csv(HEADER + "1,1,1,2,3,4,,,,,1\n,,,,,,head-to-head,kind,,,\n", "x.csv")
