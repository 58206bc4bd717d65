"""``xlbridge bridgemate``: the Bridgemate session file (issue 33), read back by two readers
that share no code with the writer (Jackcess, in Java) nor with each other: Debian's mdbtools
(``mdb-tables``, ``mdb-schema``, ``mdb-export``, C) and the npm package ``mdb-reader``
(JavaScript, installed once into ``.cache/``).

The expected rows come from the movement generators and the names file the test wrote, not
from the workbook or the writer: RoundData is the movement round by round (Bridgemate's
developer's guide: Section, Table, Round, NSPair, EWPair, LowBoard, HighBoard), PlayerNumbers
the players where they sit in round 1 (N and S for a North-South pair, E and W for East-West),
PlayerNames each federation number and its name, HandRecord each PBN deal's suits (spades
first, North, East, South, West; a ten written ``10`` as Bridgemate does).

A simulated evening: ReceivedData rows are added as the devices send them (with the writer's
own Jackcess, :func:`~xlbridge.interchange.bws_write.add_received`), ``import --from FILE.bws``
fills the workbook, and the same results typed by hand give the same traveller cells and the
same ``results`` JSON. Tricks: level + 6 + the signed result (Law 77 scores by tricks over six).

One JVM for the whole test session: the writer runs in-process (``run_cli``), and JPype starts
Java once per process.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.shared import (
    REPO,
    cli_new,
    digest,
    needs_mdbtools,
    needs_program,
    needs_tool,
    run_cli,
)
from xlbridge.movements.howell import howell
from xlbridge.movements.individual import two_table_individual
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.movements.teams import round_robin_four

pytest.importorskip("jpype", reason="the bridgemate extra (JPype) is not installed")
pytest.importorskip("mpxj", reason="the bridgemate extra (mpxj: Jackcess) is not installed")

MDB_READER = "3.2.0"
MDB_READER_CACHE = REPO / ".cache" / f"mdb-reader-{MDB_READER}"

# Guide's tables, in the order the file holds them.
TABLES = ["Clients", "Session", "Section", "Tables", "RoundData", "ReceivedData",
          "IntermediateData", "PlayerNumbers", "PlayerNames", "Settings", "BiddingData",
          "PlayData", "HandRecord", "HandEvaluation"]  # fmt: skip

NAMES = (
    "pair,player 1,player 2,number 1,number 2\n"
    "NS 1,Ann Ash,Bob Birch,1001,1002\n"
    "EW 2,Cy Cole,Di Dunn,1003,\n"
    "NS 3,Ed Eve,,,\n"
)
# (direction, number, name) of each named player, by pair label (the NAMES rows).
NAMED = {
    "NS 1": (("N", "1001", "Ann Ash"), ("S", "1002", "Bob Birch")),
    "EW 2": (("E", "1003", "Cy Cole"), ("W", "", "Di Dunn")),
    "NS 3": (("N", "", "Ed Eve"),),
}
PLAYER_NAMES = "player,name,number\n1,Ann Ash,2001\n2,Bob Birch,\n5,Cy Cole,2005\n"
HANDS = ("AKQT.AKQ.AKQ.AKQ", "J987.JT9.JT9.JT9", "6543.876.876.876", "2.5432.5432.5432")


def _deal(board: int) -> list[str]:
    return [*HANDS[board % 4:], *HANDS[:board % 4]]  # North, East, South, West


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Workbooks and their session files, written once: a named Mitchell with deals, a
    Howell, a named two-table individual and a four-team round robin."""
    folder = tmp_path_factory.mktemp("bridgemate")
    (folder / "names.csv").write_text(NAMES)
    (folder / "players.csv").write_text(PLAYER_NAMES)
    pbn = "\n".join(f'[Board "{b}"]\n[Deal "N:{" ".join(_deal(b))}"]\n' for b in range(1, 7))
    (folder / "deals.pbn").write_text(pbn)
    books = {
        "mitchell": cli_new(folder, "mitchell", "mitchell", "--tables", "3",
                            "--boards-per-round", "2", "--names", str(folder / "names.csv"),
                            "--deals", str(folder / "deals.pbn"), "--date", "2026-11-23"),
        "howell": cli_new(folder, "howell", "howell", "--tables", "3"),
        "individual": cli_new(folder, "individual", "individual-2", "--tables", "2",
                              "--names", str(folder / "players.csv")),
        "teams": cli_new(folder, "teams", "round-robin-4", "--tables", "4",
                         "--boards-per-round", "4"),
    }  # fmt: skip
    said = {"mitchell": "1 section, 3 tables, 3 rounds, 5 players seated, 6 hand records",
            "howell": "1 section, 3 tables, 5 rounds, 0 players seated",
            "individual": "1 section, 2 tables, 7 rounds, 3 players seated",
            "teams": "2 sections, 4 tables, 3 rounds"}  # fmt: skip
    out = {}
    for name, book in books.items():
        bws = folder / f"{name}.bws"
        code, printed, err = run_cli("bridgemate", str(book), "-o", str(bws))
        assert code == 0, err
        assert printed.startswith(f"wrote {bws}: {said[name]}")
        out[name], out[f"{name}.xlsx"] = bws, book
    return out


# ---- the two readers --------------------------------------------------------------------


def _mdb(*args: str) -> str:
    needs_mdbtools()
    done = subprocess.run(args, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


def mdbtools_rows(path: Path, table: str) -> list[dict[str, str]]:
    """``mdb-export``'s rows of ``table`` (text, as mdbtools prints them)."""
    return list(csv.DictReader(io.StringIO(_mdb("mdb-export", str(path), table))))


def _mdb_reader() -> tuple[str, Path]:
    """Node and the npm package mdb-reader (installed once into .cache/), or skip/fail."""
    node = needs_program("node", "Node.js (node)")
    package = MDB_READER_CACHE / "node_modules" / "mdb-reader"
    if not (package / "lib" / "node" / "index.js").is_file():
        npm = needs_program("npm")
        MDB_READER_CACHE.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix",
             str(MDB_READER_CACHE), f"mdb-reader@{MDB_READER}"],
            capture_output=True, text=True, check=False, timeout=600,
        )  # fmt: skip
        if done.returncode != 0 or not (package / "lib" / "node" / "index.js").is_file():
            needs_tool(None, f"mdb-reader@{MDB_READER} from npm ({done.stderr.strip()[-300:]})")
    return node, package


def mdb_reader(*paths: Path) -> dict[str, Any]:
    """Every table of each file, read by mdb-reader: {path: {table: {columns, rows}}}."""
    node, package = _mdb_reader()
    done = subprocess.run(
        [node, str(REPO / "tests" / "support" / "mdb_reader_dump.mjs"), str(package),
         *map(str, paths)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    got: dict[str, Any] = json.loads(done.stdout)
    return got


@pytest.fixture(scope="module")
def js(made: dict[str, Path]) -> dict[str, Any]:
    """mdb-reader's reading of every session file, one Node run."""
    names = ("mitchell", "howell", "individual", "teams")
    got = mdb_reader(*(made[n] for n in names))
    return {name: got[str(made[name])] for name in names}


# ---- what the files must hold -----------------------------------------------------------


def _number(label: str) -> int:
    return int(label.split()[-1])  # "NS 3" -> 3, "EW 3" -> 3, "7" -> 7


def round_data(m: Movement) -> set[tuple[int, ...]]:
    """RoundData from the movement: Section, Table, Round, NSPair, EWPair, LowBoard, HighBoard."""
    return {(1, e.table, e.round, _number(m.label(e.ns)), _number(m.label(e.ew)),  # type: ignore[arg-type]
             min(e.boards), max(e.boards)) for e in m.entries}  # fmt: skip


MOVEMENTS = {"mitchell": mitchell(3, 2), "howell": howell(3)}
WINNERS = {"mitchell": 2, "howell": 1}  # a Mitchell's two fields; a Howell's one


def player_numbers(m: Movement) -> set[tuple[Any, ...]]:
    """PlayerNumbers: each named player where his pair sits in round 1."""
    out = set()
    for e in m.entries:
        if e.round != 1:
            continue
        for pair in (e.ns, e.ew):
            for direction, number, name in NAMED.get(m.label(pair), ()):  # type: ignore[arg-type]
                out.add((1, e.table, direction, number, name, 1))
    return out


@pytest.mark.parametrize("name", ["mitchell", "howell"])
def test_mdbtools_reads_the_movement(made: dict[str, Path], name: str) -> None:
    path = made[name]
    assert _mdb("mdb-ver", str(path)).strip() == "JET4"  # Access 2000, as BCS opens it
    assert _mdb("mdb-tables", "-1", str(path)).split() == TABLES
    schema = _mdb("mdb-schema", str(path), "access")
    assert "[Letter]\t\t\tText (3)," in schema  # the guide's Text(3) (revision 29 on)
    assert "[Winners]\t\t\tLong Integer" in schema  # Access "Integer" is 16-bit, "Long" 32
    assert "[LowBoard]\t\t\tInteger," in schema
    got = {tuple(int(r[k]) for k in ("Section", "Table", "Round", "NSPair", "EWPair",
                                        "LowBoard", "HighBoard"))
           for r in mdbtools_rows(path, "RoundData")}  # fmt: skip
    assert got == round_data(MOVEMENTS[name])
    (section,) = mdbtools_rows(path, "Section")
    assert (section["Letter"], section["Tables"], section["Winners"]) == ("A", "3",
                                                                           str(WINNERS[name]))
    tables = mdbtools_rows(path, "Tables")
    assert [(int(t["Section"]), int(t["Table"])) for t in tables] == [(1, 1), (1, 2), (1, 3)]
    assert mdbtools_rows(path, "ReceivedData") == []  # the devices fill it


@pytest.mark.parametrize("name", ["mitchell", "howell"])
def test_mdb_reader_reads_the_movement(js: dict[str, Any], name: str) -> None:
    tables = js[name]
    assert sorted(tables) == sorted(TABLES)
    cols = {c["name"]: (c["type"], c["size"]) for c in tables["RoundData"]["columns"]}
    assert cols["NSPair"] == ("integer", 2) and cols["CustomBoards"][0] == "text"
    got = {(r["Section"], r["Table"], r["Round"], r["NSPair"], r["EWPair"], r["LowBoard"],
            r["HighBoard"]) for r in tables["RoundData"]["rows"]}  # fmt: skip
    assert got == round_data(MOVEMENTS[name])
    (section,) = tables["Section"]["rows"]
    assert (section["Letter"], section["Tables"], section["Winners"]) == ("A", 3, WINNERS[name])
    assert section["ScoringType"] == 1  # matchpoints
    (settings,) = tables["Settings"]["rows"]
    assert settings["Section"] == 1 and settings["BM2PINcode"] == "5431"
    (client,) = tables["Clients"]["rows"]  # the computer that wrote it, client 1
    assert client["ID"] == 1 and client["Computer"]
    assert {r["ComputerID"] for r in tables["Tables"]["rows"]} == {1}


def test_both_readers_read_the_names(made: dict[str, Path], js: dict[str, Any]) -> None:
    want = player_numbers(MOVEMENTS["mitchell"])
    assert len(want) == 5  # Ann, Bob, Cy, Di, Ed: every named player
    rows = mdbtools_rows(made["mitchell"], "PlayerNumbers")
    got_c = {(int(r["Section"]), int(r["Table"]), r["Direction"], r["Number"], r["Name"],
              int(r["Round"])) for r in rows}  # fmt: skip
    got_js = {(r["Section"], r["Table"], r["Direction"], r.get("Number") or "", r["Name"],
               r["Round"]) for r in js["mitchell"]["PlayerNumbers"]["rows"]}  # fmt: skip
    assert got_c == got_js == want
    members = {("1001", "Ann Ash"), ("1002", "Bob Birch"), ("1003", "Cy Cole")}
    assert {(r["strID"], r["Name"]) for r in mdbtools_rows(made["mitchell"], "PlayerNames")} \
        == members
    assert {(str(r["ID"]), r["Name"]) for r in js["mitchell"]["PlayerNames"]["rows"]} == members
    assert js["howell"]["PlayerNumbers"]["rows"] == []  # no names typed: none written
    (settings,) = js["mitchell"]["Settings"]["rows"]
    assert settings["BM2ShowPlayerNames"] == 1  # names known: the devices show them


def test_both_readers_read_the_deals(made: dict[str, Path], js: dict[str, Any]) -> None:
    suits = [f"{seat}{suit}" for seat in ("North", "East", "South", "West")
             for suit in ("Spades", "Hearts", "Diamonds", "Clubs")]  # fmt: skip
    want = {(b, tuple(s.replace("T", "10") for hand in _deal(b) for s in hand.split(".")))
            for b in range(1, 7)}  # fmt: skip
    got_c = {(int(r["Board"]), tuple(r[s] for s in suits))
             for r in mdbtools_rows(made["mitchell"], "HandRecord")}  # fmt: skip
    got_js = {(r["Board"], tuple(r[s] for s in suits))
              for r in js["mitchell"]["HandRecord"]["rows"]}  # fmt: skip
    assert got_c == got_js == want
    assert js["howell"]["HandRecord"]["rows"] == []


# ---- a simulated evening ------------------------------------------------------------------

# board -> (contract as a device sends it, declarer, result); the travellers' cells typed by hand
PLAYED = {
    1: ("4 S", "N", "+1"), 2: ("3 NT x", "E", "-2"), 3: ("PASS", "", ""),
    4: ("2 H xx", "S", "="), 5: ("1 D", "W", "+2"), 6: ("6 NT", "N", "="),
}  # fmt: skip


def _typed(board: int) -> dict[str, Any]:
    contract, by, result = PLAYED[board]
    if contract == "PASS":
        return {"Contract": "PASS"}
    level = int(contract[0])
    tricks = level + 6 + (0 if result == "=" else int(result))
    typed = contract.replace(" ", "").upper()
    return {"Contract": typed, "By": by, **({"Made": tricks - 6} if tricks >= level + 6 else
                                            {"Down": level + 6 - tricks})}  # fmt: skip


def _fill_by_hand(path: Path, m: Movement) -> None:
    wb = openpyxl.load_workbook(path)
    for e in m.entries:
        for board in e.boards:
            ws = wb[f"Board {board}"]
            head = next(r for r in range(1, 20) if ws.cell(r, 1).value == "Round" or any(
                ws.cell(r, c).value == "Contract" for c in range(1, 20)))  # fmt: skip
            col = {ws.cell(head, c).value: c for c in range(1, 40) if ws.cell(head, c).value}
            row = next(r for r in range(head + 1, head + 40)
                       if ws.cell(r, col["NS"]).value == m.label(e.ns)  # type: ignore[arg-type]
                       and ws.cell(r, col["EW"]).value == m.label(e.ew))  # type: ignore[arg-type]  # fmt: skip
            for label, value in _typed(board).items():
                ws.cell(row, col[label]).value = value
    wb.save(path)


def _inputs(path: Path) -> dict[tuple[str, int], tuple[Any, ...]]:
    """Every cell of the travellers (Board sheets) and match sheets (columns A-K), by sheet
    and row; read in one streaming pass (read-only), not by building every cell and style."""
    wb = openpyxl.load_workbook(path, read_only=True)
    out = {}
    for ws in wb.worksheets:
        if ws.title.startswith(("Board ", "Match ")):
            for r, row in enumerate(ws.iter_rows(max_col=11, values_only=True), start=1):
                out[(ws.title, r)] = tuple(row)
    wb.close()
    return out


def test_a_simulated_evening_scores_as_typed_by_hand(made: dict[str, Path],
                                                     tmp_path: Path) -> None:  # fmt: skip
    from xlbridge.interchange.bws_write import BwsReceived, add_received

    m = MOVEMENTS["mitchell"]
    bws = tmp_path / "evening.bws"
    shutil.copy(made["mitchell"], bws)
    rows = []
    for e in sorted(m.entries, key=lambda e: (e.round, e.table)):
        for board in e.boards:
            contract, seat, result = PLAYED[board]
            rows.append(BwsReceived(1, e.table, e.round, board, _number(m.label(e.ns)),  # type: ignore[arg-type]
                                    _number(m.label(e.ew)), seat, contract, result))  # type: ignore[arg-type]  # fmt: skip
    add_received(bws, rows)
    assert len(mdbtools_rows(bws, "ReceivedData")) == 18  # 6 boards, 3 tables each
    scored = tmp_path / "scored.xlsx"
    code, printed, err = run_cli("import", str(made["mitchell.xlsx"]), "--from", str(bws),
                                 "-o", str(scored))  # fmt: skip
    assert code == 0, err
    assert "18 results filled" in printed and " 0 not imported" in printed
    by_hand = tmp_path / "by-hand.xlsx"
    shutil.copy(made["mitchell.xlsx"], by_hand)
    _fill_by_hand(by_hand, m)
    assert _inputs(scored) == _inputs(by_hand)
    got = [run_cli("results", str(p), "--format", "json") for p in (scored, by_hand)]
    assert got[0][0] == got[1][0] and got[0][1] == got[1][1]
    standings = json.loads(got[0][1])
    assert standings  # scored


# ---- more kinds ---------------------------------------------------------------------------

KINDS = (("rover", 6), ("worger", 5), ("bowman", 5), ("barometer-mitchell", 3),
         ("extended-mitchell", 3), ("rainbow", 5))  # fmt: skip


@pytest.fixture(scope="module")
def kinds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any]]:
    """Each of KINDS written by new and bridgemate, and read by both readers."""
    folder = tmp_path_factory.mktemp("bridgemate-kinds")
    files = {}
    for kind, tables in KINDS:
        book = cli_new(folder, kind, kind, "--tables", str(tables))
        code, _, err = run_cli("bridgemate", str(book), "-o", str(folder / f"{kind}.bws"))
        assert code == 0, err
        files[kind] = folder / f"{kind}.bws"
    js = mdb_reader(*files.values())
    return {k: (p, js[str(p)]) for k, p in files.items()}


def _movement(kind: str, tables: int, boards_per_round: int | None = None) -> Movement:
    from xlbridge.movements.options import MovementArgs, build_movement
    from xlbridge.movements.registry import get_kind

    args = MovementArgs(tables=tables, boards_per_round=boards_per_round)
    return build_movement(get_kind(kind), args)


def test_sections(tmp_path: Path) -> None:
    """Two sections on the same boards (new --sections): the file's sections A and B, each its
    own movement and Winners (a Mitchell's two fields, a Howell's one), each player in his
    section."""
    (tmp_path / "n.csv").write_text("pair,player 1,player 2,number 1\nB-2,Zed Zee,Yan Yu,3001\n"
                                    "A-EW 3,Xi Xu,,\n")  # fmt: skip
    book = cli_new(tmp_path, "sec", "--sections", "A:mitchell:3,B:howell:3",
                   "--boards-per-round", "2", "--names", str(tmp_path / "n.csv"))  # fmt: skip
    out = tmp_path / "sec.bws"
    code, printed, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 0 and "2 sections, 6 tables, 5 rounds, 3 players seated" in printed, err
    want = set()
    for sid, (kind, labels) in enumerate((("mitchell", True), ("howell", False)), start=1):
        m = _movement(kind, 3, 2)
        want |= {(sid, e.table, e.round, int(m.label(e.ns).split()[-1]),  # type: ignore[arg-type]
                  int(m.label(e.ew).split()[-1]), min(e.boards), max(e.boards))  # type: ignore[arg-type]
                 for e in m.entries}  # fmt: skip
        assert labels == m.label(1).startswith("NS")
    keys = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
    js = mdb_reader(out)[str(out)]
    assert {tuple(int(r[k]) for k in keys) for r in mdbtools_rows(out, "RoundData")} == want
    assert {tuple(r[k] for k in keys) for r in js["RoundData"]["rows"]} == want
    assert [(r["ID"], r["Letter"], r["Tables"], r["Winners"]) for r in js["Section"]["rows"]] \
        == [(1, "A", 3, 2), (2, "B", 3, 1)]
    # Xi (A-EW 3) starts East at A's table 3 (EW 3 meets NS 3 in round 1); B-2 at B's table 1
    got = {(r["Section"], r["Table"], r["Direction"], r.get("Number") or "", r["Name"])
           for r in js["PlayerNumbers"]["rows"]}  # fmt: skip
    assert got == {(1, 3, "E", "", "Xi Xu"), (2, 1, "E", "3001", "Zed Zee"),
                   (2, 1, "W", "", "Yan Yu")}  # fmt: skip


@pytest.mark.parametrize(("kind", "tables"), [k for k in KINDS if k[0] != "rainbow"])
def test_pairs_kinds(kinds: dict[str, tuple[Path, Any]], kind: str, tables: int) -> None:
    """RoundData is the kind's movement (a rover's label "EW 6 (rover)" is East-West pair 6; a
    table with one pair: 0 for the other)."""
    m = _movement(kind, tables)

    def number(pair: int | None) -> int:
        return 0 if pair is None else int(m.label(pair).split()[1])

    want = {(e.table, e.round, number(e.ns), number(e.ew), min(e.boards), max(e.boards))
            for e in m.entries if e.boards}  # fmt: skip
    keys = ("Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
    path, js = kinds[kind]
    assert {tuple(int(r[k]) for k in keys) for r in mdbtools_rows(path, "RoundData")} == want
    assert {tuple(r[k] for k in keys) for r in js["RoundData"]["rows"]} == want
    assert js["Section"]["rows"][0]["Winners"] == 2  # NS and EW fields


def test_a_clubs_own_movement_file(tmp_path: Path) -> None:
    """new --movement-file: the file's movement, as the travellers lay it out."""
    code, printed, err = run_cli("movement", "howell", "--tables", "3", "--format", "csv")
    assert code == 0, err
    (tmp_path / "own.csv").write_text(printed)
    book = cli_new(tmp_path, "own", "--movement-file", str(tmp_path / "own.csv"))
    out = tmp_path / "own.bws"
    code, _, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 0, err
    m = howell(3)
    want = {(e.table, e.round, int(m.label(e.ns)), int(m.label(e.ew)), min(e.boards),  # type: ignore[arg-type]
             max(e.boards)) for e in m.entries}  # type: ignore[arg-type]  # fmt: skip
    keys = ("Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
    assert {tuple(int(r[k]) for k in keys) for r in mdbtools_rows(out, "RoundData")} == want
    js = mdb_reader(out)[str(out)]
    assert {tuple(r[k] for k in keys) for r in js["RoundData"]["rows"]} == want


def test_boards_not_one_run_are_custom_boards(tmp_path: Path) -> None:
    """A club's movement file whose round plays boards 1, 2, 3 and 5 (boards 4 and 5 of a
    Howell swapped): RoundData lists them in CustomBoards (ascending, commas), LowBoard and
    HighBoard the lowest and highest (the guide's RoundData, BCS 1.6 and later); a run keeps
    CustomBoards empty."""
    code, printed, err = run_cli("movement", "howell", "--tables", "3", "--format", "csv")
    assert code == 0, err
    swap = {"4": "5", "5": "4"}
    lines = printed.splitlines()
    for i, line in enumerate(lines[1:], start=1):
        cells = line.split(",")
        cells[6] = " ".join(swap.get(b, b) for b in cells[6].split())
        lines[i] = ",".join(cells)
    (tmp_path / "own.csv").write_text("\n".join(lines) + "\n")
    book = cli_new(tmp_path, "own", "--movement-file", str(tmp_path / "own.csv"))
    out = tmp_path / "own.bws"
    code, _, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 0, err
    m = howell(3)
    want = set()
    for e in m.entries:
        boards = sorted(int(swap.get(str(b), b)) for b in e.boards)
        run = boards == list(range(boards[0], boards[-1] + 1))
        want.add((e.table, e.round, boards[0], boards[-1],
                  "" if run else ",".join(map(str, boards))))  # fmt: skip
    assert ("1", "2", "3", "5") in {tuple(w[4].split(",")) for w in want}  # the case is there
    keys = ("Table", "Round", "LowBoard", "HighBoard")
    got = {(*(int(r[k]) for k in keys), r["CustomBoards"]) for r in mdbtools_rows(out, "RoundData")}
    assert got == want
    js = mdb_reader(out)[str(out)]
    assert {(*(r[k] for k in keys), r.get("CustomBoards") or "")
            for r in js["RoundData"]["rows"]} == want  # fmt: skip


def test_a_rainbow_seats_each_board(kinds: dict[str, tuple[Path, Any]]) -> None:
    """A Rainbow's North partners each of the others in turn within a round (the players
    change seats from board to board): each board is a Bridgemate round of its own, with the
    round's four players at its table."""
    m = _movement("rainbow", 5)
    path, js = kinds["rainbow"]
    rows = js["RoundData"]["rows"]
    assert len(rows) == len(mdbtools_rows(path, "RoundData")) == 15 * 5  # 15 boards, 5 tables
    assert {r["Round"] for r in rows} == set(range(1, 16))
    by_board = {(r["LowBoard"], r["Table"]): r for r in rows}
    for e in m.entries:
        for board in e.boards:
            r = by_board[(board, e.table)]
            assert r["HighBoard"] == board and r["NSPair"] == e.players[0]  # type: ignore[index]
            assert {r["EWPair"], r["South"], r["West"]} == set(e.players[1:])  # type: ignore[index]


def test_a_rainbows_typed_numbers_are_refused(kinds: dict[str, tuple[Path, Any]],
                                              tmp_path: Path) -> None:  # fmt: skip
    """Its Bridgemate rounds are its boards, not the workbook's rounds: the numbers typed are
    refused in one line, never put on the wrong players."""
    from xlbridge.interchange.bws_write import BwsSeat, add_seated

    path, _js = kinds["rainbow"]
    bws = tmp_path / "r.bws"
    shutil.copy(path, bws)
    add_seated(bws, [BwsSeat(1, 1, "N", "1234", "Ann"), BwsSeat(1, 1, "S", "1235", "Bob")])
    out = tmp_path / "r.xlsx"
    code, printed, err = run_cli("import", str(path.with_suffix(".xlsx")), "--from", str(bws),
                                 "-o", str(out))  # fmt: skip
    assert code == 3 and printed.endswith(" 1 not imported\n"), err  # an open problem
    assert "the players change seats within a round (a Rainbow)" in err
    assert "1234" not in str(_names_sheet(out))


# ---- individuals and teams ---------------------------------------------------------------


def individual_rounds() -> set[tuple[int, ...]]:
    """RoundData of two_table_individual(), whose entries seat players (N, E, S, W): NSPair is
    North's player, EWPair East's, then South and West (the guide's individual columns)."""
    return {(1, e.table, e.round, e.players[0], e.players[1], min(e.boards), max(e.boards),  # type: ignore[index]
             e.players[2], e.players[3]) for e in two_table_individual().entries}  # type: ignore[index]  # fmt: skip


def teams_rounds() -> set[tuple[int, ...]]:
    """RoundData of round_robin_four(4): section A holds each match's open room (the home team
    North-South), section B its closed room; the schedule's tables 2t-1 and 2t are match t's
    rooms (as tests/data/bws/README.md lays the import's layout out)."""
    return {(1 + (t.table - 1) % 2, (t.table + 1) // 2, t.round, t.ns_team, t.ew_team,
             min(t.boards), max(t.boards)) for t in round_robin_four(4).tables}  # fmt: skip


def test_both_readers_read_an_individual(made: dict[str, Path], js: dict[str, Any]) -> None:
    keys = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard", "South",
            "West")  # fmt: skip
    got_c = {tuple(int(r[k]) for k in keys) for r in mdbtools_rows(made["individual"],
                                                                   "RoundData")}  # fmt: skip
    got_js = {tuple(r[k] for k in keys) for r in js["individual"]["RoundData"]["rows"]}
    assert got_c == got_js == individual_rounds()
    cols = [c["name"] for c in js["individual"]["ReceivedData"]["columns"]]
    assert cols[5:9] == ["PairNS", "PairEW", "South", "West"]
    # Ann (player 1) sits South at table 1, Bob (2) North and Cy (5) East at table 2 in round 1
    want = {(1, "S", "2001", "Ann Ash"), (2, "N", "", "Bob Birch"), (2, "E", "2005", "Cy Cole")}
    assert {(r["Table"], r["Direction"], r.get("Number") or "", r["Name"])
            for r in js["individual"]["PlayerNumbers"]["rows"]} == want  # fmt: skip


def test_both_readers_read_a_teams_event(made: dict[str, Path], js: dict[str, Any]) -> None:
    keys = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
    got_c = {tuple(int(r[k]) for k in keys) for r in mdbtools_rows(made["teams"], "RoundData")}
    got_js = {tuple(r[k] for k in keys) for r in js["teams"]["RoundData"]["rows"]}
    assert got_c == got_js == teams_rounds()
    sections = [(r["ID"], r["Letter"], r["ScoringType"]) for r in js["teams"]["Section"]["rows"]]
    assert sections == [(1, "A", 4), (2, "B", 4)]  # 4: team scoring (guide revision 47)


def _import_both(
    book: Path, bws: Path, csv_text: str, tmp_path: Path, plays: int
) -> tuple[Path, Path]:
    """``import`` of the session file and of the same results as a CSV (another reader of
    the same results); both must fill every play."""
    out = []
    (tmp_path / "same.csv").write_text(csv_text)
    for source, name in ((bws, "from-bws.xlsx"), (tmp_path / "same.csv", "from-csv.xlsx")):
        code, printed, err = run_cli("import", str(book), "--from", str(source), "-o",
                                     str(tmp_path / name))  # fmt: skip
        assert code == 0 and f": {plays} results filled, 0 already there, 0 not imported" \
            in printed, err
        out.append(tmp_path / name)
    return out[0], out[1]


def test_an_individual_evening(made: dict[str, Path], tmp_path: Path) -> None:
    from xlbridge.interchange.bws_write import BwsReceived, add_received

    bws = tmp_path / "i.bws"
    shutil.copy(made["individual"], bws)
    rows, lines = [], ["board,north,south,east,west,contract,declarer,result"]
    for e in two_table_individual().entries:
        n, east, south, west = e.players  # type: ignore[misc]
        for board in e.boards:
            contract, seat, result = PLAYED[1 + board % 6]
            rows.append(BwsReceived(1, e.table, e.round, board, n, east, seat, contract, result,
                                    south=south, west=west))  # fmt: skip
            lines.append(f"{board},{n},{south},{east},{west},{contract.replace(' ', '')},"
                         f"{seat},{result}")  # fmt: skip
    add_received(bws, rows)
    from_bws, from_csv = _import_both(made["individual.xlsx"], bws, "\n".join(lines) + "\n",
                                      tmp_path, 42)  # fmt: skip
    assert len(rows) == 42  # 21 boards, each at both tables
    assert _inputs(from_bws) == _inputs(from_csv) != _inputs(made["individual.xlsx"])
    got = [run_cli("results", str(p), "--format", "json") for p in (from_bws, from_csv)]
    assert got[0][:2] == got[1][:2]


def test_a_teams_evening(made: dict[str, Path], tmp_path: Path) -> None:
    from xlbridge.interchange.bws_write import BwsReceived, add_received

    bws = tmp_path / "t.bws"
    shutil.copy(made["teams"], bws)
    rows, lines = [], ["board,ns,ew,contract,declarer,result"]
    for section, table, rnd, ns, ew, low, high in sorted(teams_rounds()):
        for board in range(low, high + 1):
            contract, seat, result = PLAYED[1 + (board + section) % 6]
            rows.append(BwsReceived(section, table, rnd, board, ns, ew, seat, contract, result))
            lines.append(f"{board},{ns},{ew},{contract.replace(' ', '')},{seat},{result}")
    add_received(bws, rows)
    assert len(rows) == 48  # 24 boards, each in both rooms
    from_bws, from_csv = _import_both(made["teams.xlsx"], bws, "\n".join(lines) + "\n",
                                      tmp_path, 48)  # fmt: skip
    assert _inputs(from_bws) == _inputs(from_csv) != _inputs(made["teams.xlsx"])
    got = [run_cli("results", str(p), "--format", "json") for p in (from_bws, from_csv)]
    assert got[0][:2] == got[1][:2]


def test_a_three_team_evening(tmp_path: Path) -> None:
    """round-robin-3: one section of three tables, each half's two stages its rounds (1-2,
    3-4); RoundData is round_robin_three()'s schedule (team k North-South at table k), read by
    mdbtools; the devices' results import as the same results typed as a CSV."""
    from xlbridge.interchange.bws_write import BwsReceived, add_received
    from xlbridge.movements.teams import round_robin_three

    book = cli_new(tmp_path, "rr3", "round-robin-3", "--tables", "3", "--boards-per-round", "5")
    bws = tmp_path / "rr3.bws"
    code, printed, err = run_cli("bridgemate", str(book), "-o", str(bws))
    assert code == 0 and "1 section, 3 tables, 4 rounds" in printed, err
    want = {(1, t.table, 2 * (t.round - 1) + t.stage, t.ns_team, t.ew_team, min(t.boards),
             max(t.boards)) for t in round_robin_three(5).tables}  # fmt: skip
    keys = ("Section", "Table", "Round", "NSPair", "EWPair", "LowBoard", "HighBoard")
    assert {tuple(int(r[k]) for k in keys) for r in mdbtools_rows(bws, "RoundData")} == want
    (section,) = mdbtools_rows(bws, "Section")
    assert (section["Winners"], section["ScoringType"]) == ("2", "4")
    rows, lines = [], ["board,ns,ew,contract,declarer,result"]
    for sec, table, rnd, ns, ew, low, high in sorted(want):
        for board in range(low, high + 1):
            contract, seat, result = PLAYED[1 + (board + table) % 6]
            rows.append(BwsReceived(sec, table, rnd, board, ns, ew, seat, contract, result))
            lines.append(f"{board},{ns},{ew},{contract.replace(' ', '')},{seat},{result}")
    add_received(bws, rows)
    assert len(rows) == 60  # 30 boards, each in both rooms of its match
    from_bws, from_csv = _import_both(book, bws, "\n".join(lines) + "\n", tmp_path, 60)
    assert _inputs(from_bws) == _inputs(from_csv) != _inputs(book)


def test_a_rebuilt_session_keeps_what_was_received(made: dict[str, Path], js: dict[str, Any],
                                                   tmp_path: Path) -> None:  # fmt: skip
    """A table added mid-evening (rebuild --tables 4): the new session file keeps the results
    already received (in their order, an erased one still erased), and import places them."""
    from xlbridge.interchange.bws_write import BwsReceived, add_received

    old = tmp_path / "old.bws"
    shutil.copy(made["mitchell"], old)
    add_received(old, [BwsReceived(1, 1, 1, 1, 1, 1, "N", "4 S", "+1", lead="H5"),
                       BwsReceived(1, 1, 1, 2, 1, 1, "E", "3 NT", "-1", erased=True)])  # fmt: skip
    bigger = tmp_path / "four.xlsx"
    code, _, err = run_cli("rebuild", str(made["mitchell.xlsx"]), "--tables", "4", "-o",
                           str(bigger))  # fmt: skip
    assert code == 0, err
    new = tmp_path / "four.bws"
    before = digest(old)
    code, printed, err = run_cli("bridgemate", str(bigger), "--received", str(old), "-o",
                                 str(new))  # fmt: skip
    assert code == 0 and printed.endswith("2 results kept\n"), err
    assert digest(old) == before  # only read
    got = [(r["Board"], r["PairNS"], r["PairEW"], r["NS/EW"], r["Contract"], r["Result"],
            r["LeadCard"], r["Erased"]) for r in mdbtools_rows(new, "ReceivedData")]  # fmt: skip
    assert got == [("1", "1", "1", "N", "4 S", "+1", "H5", "0"),
                   ("2", "1", "1", "E", "3 NT", "-1", "", "1")]  # fmt: skip
    rounds = {(int(r["Table"]), int(r["Round"])) for r in mdbtools_rows(new, "RoundData")}
    assert rounds == {(t, r) for t in range(1, 5) for r in range(1, 5)}  # the new movement
    code, printed, err = run_cli("import", str(bigger), "--from", str(new), "-o",
                                 str(tmp_path / "four-scored.xlsx"))  # fmt: skip
    assert code == 0 and "1 results filled" in printed, err


def test_a_result_from_a_table_the_movement_does_not_have(made: dict[str, Path],
                                                          tmp_path: Path) -> None:  # fmt: skip
    """A device's row names its table and round: a result whose pairs play the board, but at
    another table or round than the row says, is a named problem, never placed."""
    from xlbridge.interchange.bws_write import BwsReceived, add_received

    bws = tmp_path / "w.bws"
    shutil.copy(made["mitchell"], bws)
    # NS 1 and EW 1 play boards 1-2 at table 1 in round 1 (mitchell(3, 2))
    add_received(bws, [BwsReceived(1, 1, 1, 1, 1, 1, "N", "4 S", "="),
                       BwsReceived(1, 9, 1, 2, 1, 1, "N", "4 S", "="),
                       BwsReceived(1, 1, 3, 2, 1, 1, "N", "4 S", "=")])  # fmt: skip
    code, printed, err = run_cli("import", str(made["mitchell.xlsx"]), "--from", str(bws),
                                 "-o", str(tmp_path / "w.xlsx"))  # fmt: skip
    assert code == 3 and "1 results filled, 0 already there, 2 not imported" in printed, err
    assert err.splitlines()[:2] == [
        "xlbridge import: w.bws ReceivedData line 3: board 2: NS 1 and EW 1 play it at table 1"
        " in round 1, not table 9 in round 1",
        "xlbridge import: w.bws ReceivedData line 4: board 2: NS 1 and EW 1 play it at table 1"
        " in round 1, not table 1 in round 3",
    ]


def _names_sheet(path: Path) -> dict[str, tuple[Any, ...]]:
    ws = openpyxl.load_workbook(path)["Names"]
    return {str(r[0]): r[1:] for r in ws.iter_rows(min_row=4, values_only=True) if r[0]}


def test_numbers_typed_at_the_tables(made: dict[str, Path], tmp_path: Path) -> None:
    """The numbers the players type at the tables (PlayerNumbers, as BCS stores them: a row a
    seat and round) go onto the Names sheet with the name BCS found; a seat that is not in
    the movement, and a second number for the same player, are named problems."""
    from xlbridge.interchange.bws_write import BwsSeat, add_seated

    m = MOVEMENTS["howell"]
    (first,) = [e for e in m.entries if (e.round, e.table) == (1, 1)]
    ns, ew = m.label(first.ns), m.label(first.ew)  # type: ignore[arg-type]
    bws = tmp_path / "h.bws"
    shutil.copy(made["howell"], bws)
    add_seated(bws, [BwsSeat(1, 1, "N", "1001", "Ann Ash"), BwsSeat(1, 1, "S", "01002", ""),
                     BwsSeat(1, 1, "W", "1004", "Di Dunn"), BwsSeat(1, 9, "N", "1009", "X"),
                     BwsSeat(1, 1, "N", "7777", "Al Other", round=2)])  # fmt: skip
    out = tmp_path / "h-scored.xlsx"
    code, printed, err = run_cli("import", str(made["howell.xlsx"]), "--from", str(bws), "-o",
                                 str(out))  # fmt: skip
    assert code == 3, err  # rows not imported are open problems
    assert printed.endswith("2 not imported; 3 players' numbers on the Names sheet\n")
    names = _names_sheet(out)
    # Pair, Player 1, Player 2, Number 1, Number 2 (North/East player 1, South/West player 2)
    assert names[ns][:4] == ("Ann Ash", None, "1001", "01002")
    assert names[ew][:4] == (None, "Di Dunn", None, "1004")
    lines = err.splitlines()
    assert any("PlayerNumbers line 5: no play at table 9 in round 1" in x for x in lines)
    (second,) = [e for e in m.entries if (e.round, e.table) == (2, 1)]
    assert m.label(second.ns) == ns  # the same pair North in round 2: a second number  # type: ignore[arg-type]
    assert any(f"line 6: {ns} player 1 typed '7777', and '1001' before" in x for x in lines)


def test_numbers_typed_at_an_individual(made: dict[str, Path], tmp_path: Path) -> None:
    from xlbridge.interchange.bws_write import BwsSeat, add_seated

    (e,) = [e for e in two_table_individual().entries if (e.round, e.table) == (1, 1)]
    north, _east, south, _west = e.players  # type: ignore[misc]
    assert south == 1  # Ann Ash, 2001 on the Names sheet already
    bws = tmp_path / "i.bws"
    shutil.copy(made["individual"], bws)
    # The file holds the named players' seats (lines 2-4); the players type theirs (5-8).
    # Table 2 in round 1: North player 2 (Bob Birch, no number yet), East player 5 (2005).
    typed = [BwsSeat(1, 1, "S", "2001", "Ann Ash"), BwsSeat(1, 1, "N", "2008", "Hal"),
             BwsSeat(1, 2, "N", "2222", "Rob"), BwsSeat(1, 2, "E", "9999", "Cy")]  # fmt: skip
    add_seated(bws, typed)
    out = tmp_path / "i-scored.xlsx"
    code, printed, err = run_cli("import", str(made["individual.xlsx"]), "--from", str(bws),
                                 "-o", str(out))  # fmt: skip
    assert code == 3, err  # rows not imported are open problems
    assert printed.endswith("1 not imported; 2 players' numbers on the Names sheet\n")
    names = _names_sheet(out)  # Player: Name, Number
    assert names[str(north)][:2] == ("Hal", "2008")  # both were empty
    assert names["2"][:2] == ("Bob Birch", "2222")  # the typed name stays
    assert names["1"][:2] == ("Ann Ash", "2001") and names["5"][:2] == ("Cy Cole", "2005")
    assert err.strip() == (
        "xlbridge import: i.bws PlayerNumbers line 8: 5 player 1's number is '2005' on the"
        " Names sheet, '9999' at the table (--force replaces it)"
    )


# ---- bad input: one line, no file -------------------------------------------------------


def test_existing_output_needs_force(made: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "x.bws"
    out.write_bytes(b"keep")
    code, _, err = run_cli("bridgemate", str(made["howell.xlsx"]), "-o", str(out))
    assert code == 2 and "already exists; use --force" in err and len(err.splitlines()) == 1
    assert out.read_bytes() == b"keep"
    before = digest(made["howell.xlsx"])
    code, _, err = run_cli("bridgemate", str(made["howell.xlsx"]), "-o", str(out), "--force")
    assert code == 0, err
    assert out.read_bytes()[:4] == b"\x00\x01\x00\x00"  # an Access database now
    assert digest(made["howell.xlsx"]) == before  # the workbook is only read


def test_a_social_game_is_refused(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "rubber", "rubber", "--tables", "1")
    out = tmp_path / "r.bws"
    code, _, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 2 and len(err.splitlines()) == 1
    assert "which the Bridgemate devices do not run" in err
    assert not out.exists()


def test_over_the_devices_maxima_is_refused(made: dict[str, Path], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    from xlbridge.interchange import bws_write

    monkeypatch.setitem(bws_write.MAXIMA, "rounds", 2)  # type: ignore[index]
    out = tmp_path / "big.bws"
    code, _, err = run_cli("bridgemate", str(made["mitchell.xlsx"]), "-o", str(out))
    assert code == 2 and len(err.splitlines()) == 1
    assert "round 3 is over the Bridgemate maximum of 2" in err
    assert not out.exists() and not list(tmp_path.iterdir())


def test_an_arrow_switch_is_refused(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "arrow", "mitchell", "--tables", "3", "--boards-per-round", "2",
                   "--arrow-switch", "last")  # fmt: skip
    out = tmp_path / "a.bws"
    code, _, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 2 and len(err.splitlines()) == 1 and "arrow switch" in err
    assert not out.exists()


def test_a_knockout_has_its_known_round_and_marvin_is_refused(tmp_path: Path) -> None:
    """A knockout's later matches are between winners not known yet: the file holds round 1
    (seeds 1 v 4 and 2 v 3, each match's rooms in sections A and B); Marvin's game, whose teams
    are pairs of pairs, is refused in one line and no file."""
    book = cli_new(tmp_path, "ko", "knockout", "--tables", "4")
    out = tmp_path / "ko.bws"
    code, _, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 0, err
    got = {(r["Section"], r["Table"], r["Round"], r["NSPair"], r["EWPair"])
           for r in mdbtools_rows(out, "RoundData")}  # fmt: skip
    assert got == {("1", "1", "1", "1", "4"), ("1", "2", "1", "2", "3"),
                   ("2", "1", "1", "4", "1"), ("2", "2", "1", "3", "2")}  # fmt: skip
    marvin = cli_new(tmp_path, "marvin", "marvin-6", "--tables", "3")
    code, _, err = run_cli("bridgemate", str(marvin), "-o", str(tmp_path / "m.bws"))
    assert code == 2 and len(err.splitlines()) == 1 and "pairs of pairs" in err
    assert not (tmp_path / "m.bws").exists()


def test_a_name_too_long_for_the_devices_is_refused(tmp_path: Path) -> None:
    """PlayerNumbers keeps 40 characters of a name: a longer one is refused by name, never cut."""
    long = "Anna " + "B" * 40
    (tmp_path / "n.csv").write_text(f"pair,player 1,player 2\nNS 1,{long},Bob\n")
    book = cli_new(tmp_path, "long", "mitchell", "--tables", "3", "--names",
                   str(tmp_path / "n.csv"))  # fmt: skip
    out = tmp_path / "long.bws"
    code, _, err = run_cli("bridgemate", str(book), "-o", str(out))
    assert code == 2 and len(err.splitlines()) == 1
    assert f"PlayerNumbers.Name: {long[:40]!r} is longer than the 40 characters" in err
    assert not out.exists()


def test_a_missing_extra_names_the_install(made: dict[str, Path], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    import sys

    monkeypatch.setitem(sys.modules, "mpxj", None)  # as if the extra were not installed
    out = tmp_path / "m.bws"
    code, _, err = run_cli("bridgemate", str(made["howell.xlsx"]), "-o", str(out))
    assert code == 2 and len(err.splitlines()) == 1
    assert 'pip install "xlbridge-scoring[bridgemate]"' in err
    assert not out.exists()


def test_a_setting_the_director_gives(made: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "s.bws"
    code, _, err = run_cli("bridgemate", str(made["howell.xlsx"]), "-o", str(out),
                           "--setting", "LeadCard=yes", "--setting", "BM2Ranking=2")  # fmt: skip
    assert code == 0, err
    (row,) = mdbtools_rows(out, "Settings")
    assert (row["LeadCard"], row["BM2Ranking"]) == ("1", "2")
    code, _, err = run_cli("bridgemate", str(made["howell.xlsx"]), "-o", str(out), "--force",
                           "--setting", "Colour=red")  # fmt: skip
    assert code == 2 and "not a Bridgemate setting" in err


def test_help_has_an_example() -> None:
    code, printed, _ = run_cli("bridgemate", "--help")
    assert code == 0 and "Example: xlbridge bridgemate club.xlsx -o club.bws" in printed
