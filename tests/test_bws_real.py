"""``xlbridge import`` of a REAL Bridgemate-format Access file, read by the real mdbtools
(issue 14: "imports of real-format files with bad rows").

The fixture ``tests/data/bws/mitchell3x2.bws`` is an Access 2000 (Jet 4) database written by
Jackcess 4.0.10, a real Access writer (how: ``tests/data/bws/README.md``, ``make_bws.py``).
Its tables and columns are Bridgemate's (Bridgemate Developer's Guide, tables Section, Tables,
RoundData, ReceivedData): ReceivedData holds Section, Table, Round, Board, PairNS, PairEW,
Declarer, NS/EW, Contract (``4 S``, ``3 NT x``, ``PASS``), Result (``=``, ``+1``, ``-2``),
LeadCard, Remarks, DateLog, TimeLog, Processed..Processed4, Erased. Its session is the one
``xlbridge new mitchell --tables 3 --boards-per-round 2`` writes.

Expected cells: tricks = level + 6 + the signed result (Laws of Duplicate Bridge 2017, Law 77
scores by tricks over six), so ``4 S +1`` is made 5 and ``3 NT x -2`` is down 2.
"""

from __future__ import annotations

import csv
import hashlib
import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlbridge.cli import main
from xlbridge.movements.mitchell import mitchell
from xlbridge.rebuild.carry import slots_of
from xlbridge.rebuild.entries import read_entered

FIXTURE = Path(__file__).parent / "data" / "bws" / "mitchell3x2.bws"
NAME = FIXTURE.name

pytestmark = pytest.mark.skipif(
    shutil.which("mdb-tables") is None or shutil.which("mdb-export") is None,
    reason="mdbtools is not installed",
)

# What the import must place: (board, NS, EW) -> traveller cells, one per good row.
PLACED = {
    (1, "NS 1", "EW 1"): {"Contract": "4S", "By": "N", "Made": 5},  # line 2: 4 S +1
    (2, "NS 1", "EW 1"): {"Contract": "3NTX", "By": "E", "Down": 2},  # line 3: 3 NT x -2
    (3, "NS 2", "EW 2"): {"Contract": "PASS"},  # line 4
    (4, "NS 2", "EW 2"): {"Contract": "2HXX", "By": "S", "Made": 2},  # line 5: 2 H xx =
    (5, "NS 3", "EW 3"): {"Contract": "1D", "By": "W", "Made": 3},  # line 7 (line 6 erased)
    (6, "NS 3", "EW 3"): {"Contract": "6NT", "By": "N", "Made": 6},  # line 8
    (3, "NS 1", "EW 3"): {"Contract": "5CX", "By": "S", "Down": 1},  # line 9: 5 C x -1
    (4, "NS 1", "EW 3"): {"Contract": "4H", "By": "E", "Made": 4},  # line 11 replaces line 10
    (6, "NS 2", "EW 1"): {"Contract": "3S", "By": "N", "Made": 3},  # line 13
    (1, "NS 3", "EW 2"): {"Contract": "2S", "By": "W", "Made": 3},  # line 15: 2 S +1
    (1, "NS 2", "EW 3"): {"Contract": "3NT", "By": "S", "Made": 4},  # line 18: 3 NT +1
}

# Every bad row, reported by line (mdb-export's CSV line) and board, in file order.
REPORTED = [
    f"{NAME} ReceivedData line 12: board 5: level 8 in '8S'; levels are 1-7",
    f"{NAME} ReceivedData line 14: board 3: NS 3 and EW 2 do not play this board",
    f"{NAME} ReceivedData line 16: board 5: pair '9' (EW) is not in this session",
    f"{NAME} ReceivedData line 17: board 99: the board is not played in this session",
    f"{NAME} ReceivedData line 20: board 4: seat 'X' is not one of N, E, S, W",
    f"{NAME} ReceivedData line 21: board 6: result '+4' on 4S means 14 tricks; declarer takes 0-13",
    f"{NAME} ReceivedData line 22: board 2: no contract, score or adjusted score",  # not played
]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _export(table: str) -> list[dict[str, str]]:
    out = subprocess.run(
        ["mdb-export", str(FIXTURE), table], capture_output=True, check=True, timeout=30
    ).stdout.decode("utf-8")
    return list(csv.DictReader(io.StringIO(out)))


def _cells(path: Path) -> dict[tuple[int, str, str], dict[str, Any]]:
    return {(r.board, r.ns, r.ew): dict(r.cells) for r in read_entered(path).rows}


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "--boards-per-round", "2", "-o", str(path)])\
        == 0  # fmt: skip
    return path


def test_fixture_is_a_jet4_database_with_bridgemate_tables() -> None:
    ver = subprocess.run(["mdb-ver", str(FIXTURE)], capture_output=True, check=True, timeout=30)
    assert ver.stdout.decode().strip() == "JET4"  # Access 2000-2003, as Bridgemate's .bws
    tables = (
        subprocess.run(
            ["mdb-tables", "-1", str(FIXTURE)], capture_output=True, check=True, timeout=30
        )
        .stdout.decode()
        .split()
    )
    assert tables == ["Section", "Tables", "RoundData", "ReceivedData"]
    received = _export("ReceivedData")
    assert list(received[0]) == [
        "ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer", "NS/EW",
        "Contract", "Result", "LeadCard", "Remarks", "DateLog", "TimeLog", "Processed",
        "Processed1", "Processed2", "Processed3", "Processed4", "Erased",
    ]  # fmt: skip
    assert len(received) == 21
    assert [r["Erased"] for r in received].count("1") == 2


def test_fixture_round_data_is_the_movement_xlbridge_writes() -> None:
    """RoundData (NSPair, EWPair, LowBoard, HighBoard by table and round) is mitchell(3, 2),
    EW pairs numbered 1-3 as the workbook's ``EW n`` labels."""
    m = mitchell(3, 2)
    want = {
        (e.round, e.table): (m.label(e.ns), m.label(e.ew), e.boards[0], e.boards[-1])
        for e in m.entries
        if e.ns is not None and e.ew is not None
    }
    got = {
        (int(r["Round"]), int(r["Table"])): (
            f"NS {r['NSPair']}",
            f"EW {r['EWPair']}",
            int(r["LowBoard"]),
            int(r["HighBoard"]),
        )
        for r in _export("RoundData")
    }
    assert got == want


def test_import_real_bws_places_good_rows_and_reports_bad_ones(
    book: Path, tmp_path: Path, capsys: Any
) -> None:
    bws = tmp_path / NAME
    bws.write_bytes(FIXTURE.read_bytes())
    before, bws_before = _digest(book), _digest(bws)
    capsys.readouterr()
    out = tmp_path / "filled.xlsx"
    assert main(["import", str(book), "--from", str(bws), "-o", str(out)]) == 0
    assert _digest(book) == before and _digest(bws) == bws_before  # inputs only read
    got = capsys.readouterr()
    assert got.err.strip().splitlines() == [f"xlbridge import: {p}" for p in REPORTED]
    assert "11 results filled, 0 already there, 7 not imported" in got.out
    assert _cells(out) == PLACED  # erased rows (lines 6, 19) leave nothing behind
    checks = [r[0] for r in openpyxl.load_workbook(out)["Checks"].iter_rows(values_only=True)]
    assert f"Import from {NAME}: rows not imported" in checks
    assert all(p in checks for p in REPORTED)


def test_import_again_finds_every_result_there_and_keeps_a_typed_one(
    book: Path, tmp_path: Path, capsys: Any
) -> None:
    """Importing onto the filled workbook changes nothing; a result typed differently is kept
    and reported unless --force."""
    bws = tmp_path / NAME
    bws.write_bytes(FIXTURE.read_bytes())
    first = tmp_path / "first.xlsx"
    assert main(["import", str(book), "--from", str(bws), "-o", str(first)]) == 0
    capsys.readouterr()
    again = tmp_path / "again.xlsx"
    assert main(["import", str(first), "--from", str(bws), "-o", str(again)]) == 0
    assert "0 results filled, 11 already there, 7 not imported" in capsys.readouterr().out
    assert _cells(again) == PLACED

    r = slots_of(mitchell(3, 2))[(1, "NS 1", "EW 1")]  # the director typed made 4 there
    wb = openpyxl.load_workbook(book)
    assert wb["Board 1"][f"E{r}"].value is None
    assert "Made" in [c.value for c in wb["Board 1"]["E"][: r - 1]]
    wb["Board 1"][f"E{r}"] = 4
    typed = tmp_path / "typed.xlsx"
    wb.save(typed)
    kept = tmp_path / "kept.xlsx"
    assert main(["import", str(typed), "--from", str(bws), "-o", str(kept)]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == len(REPORTED) + 1
    assert err[0].startswith(f"xlbridge import: {NAME} ReceivedData line 2: board 1: row {r} ")
    assert "already holds Made=4; not replaced (use --force)" in err[0]
    assert _cells(kept)[(1, "NS 1", "EW 1")]["Made"] == 4
    forced = tmp_path / "forced.xlsx"
    assert main(["import", str(typed), "--from", str(bws), "-o", str(forced), "--force"]) == 0
    assert _cells(forced) == PLACED
