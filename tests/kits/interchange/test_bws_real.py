"""``xlbridge import`` of REAL Bridgemate-format Access files, read by the real mdbtools
(issue 14: "imports of real-format files with bad rows"): a pairs session (``mitchell3x2.bws``),
a teams event (``roundrobin4.bws``) and an individual (``individual2.bws``).

The fixtures in ``tests/data/bws`` are Access 2000 (Jet 4) databases written by Jackcess
4.0.10, a real Access writer (how, and every row: ``tests/data/bws/README.md``, ``make_bws.py``).
Its tables and columns are Bridgemate's (Bridgemate Developer's Guide, tables Section, Tables,
RoundData, ReceivedData): ReceivedData holds Section, Table, Round, Board, PairNS, PairEW,
Declarer, NS/EW, Contract (``4 S``, ``3 NT x``, ``PASS``), Result (``=``, ``+1``, ``-2``),
LeadCard, Remarks, DateLog, TimeLog, Processed..Processed4, Erased. Its session is the one
``xlbridge new mitchell --tables 3 --boards-per-round 2`` writes. The teams file holds team
numbers in PairNS and PairEW, the open rooms in section A and the closed rooms in section B; the
individual's ReceivedData and RoundData have South and West columns beside PairNS (North's
player) and PairEW (East's), as TabScore (pjflip/TabScore, ``Models/Result.cs`` UpdateDB,
``Models/RoundsList.cs``) reads and writes them. A row with no contract and Remarks ``Not
played`` is how TabScore records a board not played (``Result.cs``); ReceivedData's ID is an
AutoNumber, the order rows were received.

Expected cells: tricks = level + 6 + the signed result (Laws of Duplicate Bridge 2017, Law 77
scores by tricks over six), so ``4 S +1`` is made 5 and ``3 NT x -2`` is down 2.

Each fixture has bad rows, so every import exits 3: the rows left out are open problems on the
copy's Checks sheet (issue 30).
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.shared import DATA, digest, needs_mdbtools
from xlbridge.cli import main
from xlbridge.families.pairs.entries import read_entered
from xlbridge.families.pairs.rebuild import slots_of
from xlbridge.families.registry import read_workbook, score_workbook
from xlbridge.families.teams.model import TeamsResults
from xlbridge.movements.individual import two_table_individual
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.teams import round_robin_four

FIXTURE = DATA / "bws" / "mitchell3x2.bws"
NAME = FIXTURE.name


@pytest.fixture(scope="module", autouse=True)
def _mdbtools() -> None:
    needs_mdbtools()  # the real mdbtools read the real files


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
    f"{NAME} ReceivedData line 22: board 2: not played (Remarks: Not played)",  # as TabScore
]


def _export(table: str, fixture: Path = FIXTURE) -> list[dict[str, str]]:
    out = subprocess.run(
        ["mdb-export", str(fixture), table], capture_output=True, check=True, timeout=30
    ).stdout.decode("utf-8")
    return list(csv.DictReader(io.StringIO(out)))


def _cells(path: Path) -> dict[tuple[int, str, str], dict[str, Any]]:
    return {(r.board, r.ns, r.ew): dict(r.cells) for r in read_entered(path).rows}


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Mitchell workbook the devices' file belongs to, written by ``new`` once a module."""
    path = tmp_path_factory.mktemp("club") / "club.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "--boards-per-round", "2", "-o", str(path)])\
        == 0  # fmt: skip
    return path


@pytest.fixture()
def book(club: Path, tmp_path: Path) -> Path:
    """A test's own copy of ``club``."""
    path = tmp_path / "club.xlsx"
    shutil.copy(club, path)
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
    before, bws_before = digest(book), digest(bws)
    capsys.readouterr()
    out = tmp_path / "filled.xlsx"
    assert main(["import", str(book), "--from", str(bws), "-o", str(out)]) == 3
    assert digest(book) == before and digest(bws) == bws_before  # inputs only read
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
    assert main(["import", str(book), "--from", str(bws), "-o", str(first)]) == 3
    capsys.readouterr()
    again = tmp_path / "again.xlsx"
    assert main(["import", str(first), "--from", str(bws), "-o", str(again)]) == 3
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
    assert main(["import", str(typed), "--from", str(bws), "-o", str(kept)]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == len(REPORTED) + 1
    assert err[0].startswith(f"xlbridge import: {NAME} ReceivedData line 2: board 1: row {r} ")
    assert "already holds Made=4; not replaced (use --force)" in err[0]
    assert _cells(kept)[(1, "NS 1", "EW 1")]["Made"] == 4
    forced = tmp_path / "forced.xlsx"
    assert main(["import", str(typed), "--from", str(bws), "-o", str(forced), "--force"]) == 3
    assert _cells(forced) == PLACED


# -- teams: roundrobin4.bws ---------------------------------------------------------------------

TEAMS = FIXTURE.parent / "roundrobin4.bws"

# (match sheet, board, room) -> the match sheet's cells; room 1: home team NS (section A),
# room 2: away team NS (section B). One entry per good row.
TEAMS_PLACED = {
    ("Match 1", 1, 1): {"Contract": "4S", "By": "N", "Made": 4},  # line 2: 4 S =
    # line 3 (4 S -1) and line 21 (4 S =, the same room): a conflict, neither placed (issue 30)
    ("Match 1", 2, 1): {"Contract": "3NT", "By": "W", "Made": 4},  # line 4: 3 NT +1
    ("Match 1", 2, 2): {"Contract": "PASS"},  # line 5
    ("Match 1", 3, 1): {"Contract": "2HX", "By": "E", "Down": 2},  # line 6: 2 H x -2
    ("Match 1", 3, 2): {"Contract": "3C", "By": "S", "Made": 3},  # line 8 (line 7 erased)
    ("Match 2", 5, 1): {"Contract": "4HXX", "By": "S", "Made": 4},  # line 9: 4 H xx =
    ("Match 2", 6, 2): {"Contract": "1NT", "By": "N", "Made": 1},  # line 12
    ("Match 3", 9, 1): {"Contract": "3S", "By": "N", "Made": 4},  # line 13 (ID 13) over line 14
    ("Match 4", 13, 2): {"Contract": "5DX", "By": "E", "Down": 3},  # line 20: 5 D x -3
    ("Match 5", 17, 1): {"Contract": "6NT", "By": "N", "Made": 6},  # line 22
    ("Match 5", 17, 2): {"Contract": "6NT", "By": "N", "Down": 1},  # line 23: 6 NT -1
    ("Match 6", 21, 1): {"Contract": "1S", "By": "E", "Made": 3},  # line 24 (line 25 erased)
}

_OTHER = (
    " gives this play another result ({}): neither imported; type the one played on the"
    " traveller, then OK beside this line"
)

TEAMS_REPORTED = [
    "line 3: board 1: roundrobin4.bws ReceivedData line 21"
    + _OTHER.format("Contract 4S By N Down 1 / Contract 4S By N Made 4"),
    "line 10: board 5: level 8 in '8S'; levels are 1-7",
    "line 11: board 6: team '9' is not in this session (EW)",
    "line 15: board 9: result '+4' on 4S means 14 tricks; declarer takes 0-13",
    "line 16: board 10: NS team 1 and EW team 2 do not play this board against each other",
    "line 17: board 99: the board is not played in this session",
    "line 18: board 10: seat 'X' is not one of N, E, S, W",
    "line 19: board 13: not played (Remarks: Not played)",
]


HEADS = ("Contract", "By", "Made", "Down", "NS Score")  # each room's input cells


def _match_cells(path: Path) -> dict[tuple[str, int, int], dict[str, Any]]:
    """(match sheet, board, room) -> every value typed (not a formula) in that room's input
    cells; room 0: the board's Adjusted cell. Headings from row 5 (``Contract 1``, ...)."""
    wb = openpyxl.load_workbook(path)
    out: dict[tuple[str, int, int], dict[str, Any]] = {}
    for name in (n for n in wb.sheetnames if n.startswith("Match ")):
        ws = wb[name]
        col = {c.value: c.column for c in ws[5] if isinstance(c.value, str)}
        for r in range(6, 6 + int(str(ws["H3"].value))):
            board = int(str(ws.cell(r, 1).value))
            for room, heads in ((1, HEADS), (2, HEADS), (0, ("Adjusted",))):
                cells = {h: ws.cell(r, col[h if room == 0 else f"{h} {room}"]) for h in heads}
                typed = {h: c.value for h, c in cells.items()
                         if c.data_type != "f" and c.value not in (None, "")}  # fmt: skip
                if typed:
                    out[(name, board, room)] = typed
    return out


def test_teams_fixture_round_data_is_the_schedule_xlbridge_writes() -> None:
    """RoundData: section A table t is round_robin_four(4)'s table 2t-1 (home team NS, room 1),
    section B table t its table 2t (room 2); NSPair and EWPair are team numbers."""
    want = {
        (t.round, 1 + (t.table - 1) % 2, (t.table + 1) // 2):
            (t.ns_team, t.ew_team, min(t.boards), max(t.boards))
        for t in round_robin_four(4).tables
    }  # fmt: skip
    got = {
        (int(r["Round"]), int(r["Section"]), int(r["Table"])): (
            int(r["NSPair"]), int(r["EWPair"]), int(r["LowBoard"]), int(r["HighBoard"]))
        for r in _export("RoundData", TEAMS)
    }  # fmt: skip
    assert got == want
    sections = [(r["ID"], r["Letter"]) for r in _export("Section", TEAMS)]
    assert sections == [("1", "A"), ("2", "B")]


def test_teams_fixture_stores_a_later_row_first() -> None:
    """Lines 13 and 14 hold the same section, table, round and board; line 13 was received
    later (higher ID) though stored first, so only the ID tells which result stands."""
    rows = _export("ReceivedData", TEAMS)
    first, second = rows[11], rows[12]  # mdb-export lines 13 and 14
    key = ("Section", "Table", "Round", "Board")
    assert [first[k] for k in key] == [second[k] for k in key] == ["1", "1", "2", "9"]
    assert (int(first["ID"]), int(second["ID"])) == (13, 12)
    assert (first["Result"], second["Result"]) == ("+1", "=")


def _import_checked(
    tmp_path: Path, capsys: Any, new: list[str], fixture: Path, reported: list[str], counts: str
) -> Path:
    """Write the workbook with ``xlbridge new``, import the real file into it, and check what
    every good and bad row gives: the reports on standard error and the Checks sheet, the
    counts, and that both inputs are only read."""
    book = tmp_path / "book.xlsx"
    assert main(["new", *new, "-o", str(book)]) == 0
    bws = tmp_path / fixture.name
    bws.write_bytes(fixture.read_bytes())
    before, bws_before = digest(book), digest(bws)
    capsys.readouterr()
    out = tmp_path / "filled.xlsx"
    assert main(["import", str(book), "--from", str(bws), "-o", str(out)]) == 3
    assert digest(book) == before and digest(bws) == bws_before  # inputs only read
    got = capsys.readouterr()
    want = [f"{fixture.name} ReceivedData {p}" for p in reported]
    assert got.err.strip().splitlines() == [f"xlbridge import: {p}" for p in want]
    assert counts in got.out
    checks = [r[0] for r in openpyxl.load_workbook(out)["Checks"].iter_rows(values_only=True)]
    assert f"Import from {fixture.name}: rows not imported" in checks
    assert all(p in checks for p in want)
    return out


def test_import_real_teams_bws(tmp_path: Path, capsys: Any) -> None:
    new = ["round-robin-4", "--tables", "4", "--boards-per-round", "4"]
    counts = "12 results filled, 0 already there, 8 not imported"
    out = _import_checked(tmp_path, capsys, new, TEAMS, TEAMS_REPORTED, counts)
    assert _match_cells(out) == TEAMS_PLACED  # erased, replaced and refused rows: nothing
    bws = tmp_path / TEAMS.name
    # Law 77: 4S by N, 10 tricks, none vulnerable (board 1) = +420 to home in room 1; room 2
    # is the conflict of lines 3 and 21, left empty: no IMPs on the board until the director
    # types the result played, and the session is not final (issue 30).
    res = read_workbook(out)
    assert isinstance(res, TeamsResults)
    b1 = res.matches[0].boards[0]
    assert (b1.room1.score, b1.room2.score, b1.home, b1.away) == (420, None, None, None)
    assert any("line 21 gives this play another result" in p.problem for p in res.open_problems)
    again = tmp_path / "again.xlsx"
    assert main(["import", str(out), "--from", str(bws), "-o", str(again)]) == 3
    assert "0 results filled, 12 already there, 8 not imported" in capsys.readouterr().out


# -- individual: individual2.bws ----------------------------------------------------------------

INDIVIDUAL = FIXTURE.parent / "individual2.bws"

# (board, (N, S, E, W)) -> the Board sheet's typed cells, one per good row.
INDIVIDUAL_PLACED = {
    (1, (8, 1, 7, 3)): {"Contract": "4S", "By": "N", "Made": 5},  # line 2: 4 S +1
    (1, (2, 4, 5, 6)): {"Contract": "3NT", "By": "W", "Down": 1},  # line 3: 3 NT -1
    (2, (8, 1, 7, 3)): {"Contract": "PASS"},  # line 4
    (2, (2, 4, 5, 6)): {"Contract": "2HX", "By": "E", "Made": 2},  # line 5: 2 H x =
    (3, (8, 1, 7, 3)): {"Contract": "1D", "By": "S", "Made": 3},  # line 7 (line 6 erased)
    (4, (8, 2, 1, 4)): {"Contract": "4H", "By": "E", "Made": 4},  # line 10
    (5, (3, 5, 6, 7)): {"Contract": "5CX", "By": "S", "Down": 1},  # line 13: 5 C x -1
    (8, (8, 3, 2, 5)): {"Contract": "3NT", "By": "N", "Made": 3},  # line 19 (ID 19) over 20
    # line 21 (2 D =) and line 22 (2 D +1, the same play): a conflict, neither placed
}

INDIVIDUAL_REPORTED = [
    "line 9: board 3: not played (Remarks: Not played)",  # received after line 8: stands
    "line 11: board 4: player '9' is not in this session (West)",
    "line 12: board 5: N 2 S 8 E 1 W 4 do not play this board in those seats"
    " (they sit N 8 S 2 E 1 W 4)",
    "line 14: board 6: N 8 S 1 E 7 W 3 do not play this board in those seats",
    "line 15: board 99: the board is not played in this session",
    "line 16: board 6: level 8 in '8S'; levels are 1-7",
    "line 17: board 7: seat 'X' is not one of N, E, S, W",
    "line 18: board 7: result '+4' on 4S means 14 tricks; declarer takes 0-13",
    "line 21: board 8: individual2.bws ReceivedData line 22"
    + _OTHER.format("Contract 2D By W Made 2 / Contract 2D By W Made 3"),
    "line 23: board 9: no contract (Remarks: Arbitral score)",
]


def _board_cells(path: Path) -> dict[tuple[int, tuple[int, ...]], dict[str, Any]]:
    """(board, (N, S, E, W)) -> every value typed (not a formula) in that traveller row's
    input cells (headings from row 5 of each Board sheet)."""
    wb = openpyxl.load_workbook(path)
    out: dict[tuple[int, tuple[int, ...]], dict[str, Any]] = {}
    for name in (n for n in wb.sheetnames if n.startswith("Board ")):
        ws = wb[name]
        col = {c.value: c.column for c in ws[5] if isinstance(c.value, str)}
        for r in range(6, ws.max_row + 1):
            if ws.cell(r, col["N"]).value is None:
                break
            seated = tuple(int(str(ws.cell(r, col[s]).value)) for s in ("N", "S", "E", "W"))
            cells = {h: ws.cell(r, col[h]) for h in (*HEADS, "Adjusted")}
            typed = {h: c.value for h, c in cells.items()
                     if c.data_type != "f" and c.value not in (None, "")}  # fmt: skip
            if typed:
                out[(int(name.split()[1]), seated)] = typed
    return out


def test_individual_fixture_round_data_is_the_movement_xlbridge_writes() -> None:
    """RoundData (NSPair = North, EWPair = East, South, West by table and round) is
    two_table_individual(), whose entries seat players (N, E, S, W)."""
    want = {
        (e.round, e.table): (*(e.players or ()), min(e.boards), max(e.boards))
        for e in two_table_individual().entries
    }
    got = {
        (int(r["Round"]), int(r["Table"])): (
            int(r["NSPair"]), int(r["EWPair"]), int(r["South"]), int(r["West"]),
            int(r["LowBoard"]), int(r["HighBoard"]))
        for r in _export("RoundData", INDIVIDUAL)
    }  # fmt: skip
    assert got == want
    rows = _export("ReceivedData", INDIVIDUAL)
    assert list(rows[0])[5:9] == ["PairNS", "PairEW", "South", "West"]
    assert [(r["ID"], r["Result"]) for r in rows[17:19]] == [("19", "="), ("18", "-1")]


def test_import_real_individual_bws(tmp_path: Path, capsys: Any) -> None:
    counts = "8 results filled, 0 already there, 10 not imported"
    new = ["individual-2", "--tables", "2"]
    out = _import_checked(tmp_path, capsys, new, INDIVIDUAL, INDIVIDUAL_REPORTED, counts)
    assert _board_cells(out) == INDIVIDUAL_PLACED  # line 8, replaced by "not played": empty
    # Law 77, board 1 (none vulnerable): 4S by N making 11 tricks = +450 to N-S; 3NT by W one
    # down = +50 to N-S. Two results, 1/0 matchpoints (ACBL scale, rules.md): 8-1 top.
    board1 = score_workbook(out).boards[0]
    assert [(r.result.ns, r.score_ns, r.mp_ns) for r in board1.rows] == [
        ("8-1", 450, 1.0), ("2-4", 50, 0.0)]  # fmt: skip


# -- two sections into one pairs workbook: twosections.bws --------------------------------------


def test_import_two_sections_takes_the_first_section_wherever_its_rows_are(
    book: Path, tmp_path: Path, capsys: Any
) -> None:
    """Sections A and B both play the Mitchell; the workbook is one section, so A's rows are
    placed and B's reported, though B's first result is stored (received) first: the section
    is chosen over the whole file, not from the rows seen so far."""
    two = FIXTURE.parent / "twosections.bws"
    assert [r["Section"] for r in _export("ReceivedData", two)] == ["2", "1", "2", "1"]
    bws = tmp_path / two.name
    bws.write_bytes(two.read_bytes())
    before, bws_before = digest(book), digest(bws)
    capsys.readouterr()
    out = tmp_path / "filled.xlsx"
    assert main(["import", str(book), "--from", str(bws), "-o", str(out)]) == 3
    assert digest(book) == before and digest(bws) == bws_before
    got = capsys.readouterr()
    assert got.err.strip().splitlines() == [
        f"xlbridge import: {two.name} ReceivedData line {n}: board {b}: section 2: the"
        " workbook is one section"
        for n, b in ((2, 1), (4, 3))
    ]
    assert "2 results filled, 0 already there, 2 not imported" in got.out
    assert _cells(out) == {
        (1, "NS 1", "EW 1"): {"Contract": "4S", "By": "N", "Made": 5},  # line 3: 4 S +1
        (3, "NS 2", "EW 2"): {"Contract": "2S", "By": "S", "Made": 2},  # line 5: 2 S =
    }
