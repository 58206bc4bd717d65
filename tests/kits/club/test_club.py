"""``xlbridge club`` and the club kit (issue 23): the register of members and the recorded
sessions in one SQLite file, every write one transaction.

The register's rules are the issue's: members by federation number (text, leading zeros kept),
re-importing updates by number, a bad line refused with its line number and nothing changed,
names kept as typed (a formula-like name is text everywhere). A session is known by its event,
date and kind; the same workbook recorded again changes nothing, a changed one replaces it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import openpyxl
import pytest

from tests.support.read_once import read_once
from tests.support.shared import REPO, digest, run_cli
from xlbridge.club.members import Member, fill_players, list_members
from xlbridge.club.schema import open_database
from xlbridge.club.sessions import record_of_results, record_session, session_entries
from xlbridge.errors import InputFileError
from xlbridge.families.duplicate.score import score_session
from xlbridge.interchange.names import NamedPlayer
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.results.session import PairInfo, ResultRow, SessionInput

HEADER = "number,name,handicap,grade,masterpoints,email\n"
MEMBERS = HEADER + (
    "1001,Ann Lee,2.5,,120,ann@club.example\n"
    '1002,"=HYPERLINK(""http://x"",""y"")",,B,,\n'
    "0042,Zoë Åberg,-1,,3.25,\n"
)


@pytest.fixture(scope="module", autouse=True)
def _read_once() -> Iterator[None]:
    """Each unchanged workbook ``club record`` and ``results`` read in the module is read and
    scored once (the evening is recorded again and again)."""
    with read_once():
        yield


def _rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    con = sqlite3.connect(db)
    try:
        return list(con.execute(sql))
    finally:
        con.close()


def _one_line(code: int, err: str, *words: str) -> None:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1, err
    assert lines[0].startswith("xlbridge club: error: "), err
    for w in words:
        assert w in lines[0], err


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    """A club database holding the three members of MEMBERS."""
    csv = tmp_path / "members.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    path = tmp_path / "club.sqlite"
    code, out, err = run_cli("club", "import-members", str(csv), "--db", str(path))
    assert (code, out.strip(), err) == (0, f"3 members added, 0 updated, 0 unchanged ({path})", "")
    return path


# -- the register ----------------------------------------------------------------------------


def test_members_are_kept_as_typed(db: Path) -> None:
    assert _rows(
        db, "SELECT number, name, handicap, grade, masterpoints, email FROM members ORDER BY number"
    ) == [
        ("0042", "Zoë Åberg", -1.0, None, 3.25, None),
        ("1001", "Ann Lee", 2.5, None, 120.0, "ann@club.example"),
        ("1002", '=HYPERLINK("http://x","y")', None, "B", None, None),
    ]


def test_members_listed_in_every_format_and_never_as_a_formula(db: Path) -> None:
    code, out, _ = run_cli("club", "members", "--db", str(db), "--format", "csv")
    assert code == 0
    assert out.splitlines() == [
        "number,name,handicap,grade,masterpoints,email",
        '1002,"\'=HYPERLINK(""http://x"",""y"")",,B,,',  # text in a spreadsheet, not a link
        "1001,Ann Lee,2.5,,120,ann@club.example",
        "0042,Zoë Åberg,-1,,3.25,",
    ]
    code, out, _ = run_cli("club", "members", "--db", str(db), "--format", "json")
    got = json.loads(out)
    assert [m["number"] for m in got] == ["1002", "1001", "0042"]
    assert got[0]["name"] == '=HYPERLINK("http://x","y")' and got[2]["masterpoints"] == 3.25
    code, out, _ = run_cli("club", "members", "--db", str(db))
    assert code == 0 and out.splitlines()[0].split() == [
        "Number",
        "Name",
        "Handicap",
        "Grade",
        "Masterpoints",
        "Email",
    ]
    assert "0042    Zoë Åberg" in out


def test_reimport_updates_by_number(db: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.csv"
    again.write_text(
        "name,number,masterpoints\nAnn Lee,1001,130\nZoë Åberg,0042,3.25\nCy Dunn,42,\n",
        encoding="utf-8",
    )
    code, out, _ = run_cli("club", "import-members", str(again), "--db", str(db))
    assert code == 0 and out.startswith(
        "1 member added, 1 updated, 1 unchanged; handicap, grade, email not in the file: kept"
        " as they were"
    )
    got = {m.number: m for m in list_members(open_database(db))}
    assert set(got) == {"0042", "1001", "1002", "42"}  # 0042 and 42 are two numbers
    # issue 30: only the columns the file has change; the others keep the register's word
    assert got["1001"] == Member("1001", "Ann Lee", 2.5, "", 130.0, "ann@club.example")
    assert got["0042"] == Member("0042", "Zoë Åberg", -1.0, "", 3.25, "")
    assert got["42"] == Member("42", "Cy Dunn")
    code, out, _ = run_cli("club", "import-members", str(again), "--db", str(db))
    assert out.startswith("0 members added, 0 updated, 3 unchanged")


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1252"])
def test_members_files_as_excel_saves_them(tmp_path: Path, encoding: str) -> None:
    csv = tmp_path / "m.csv"
    csv.write_bytes((HEADER + "7,José Núñez\r\n").encode(encoding))
    db = tmp_path / "club.sqlite"
    assert run_cli("club", "import-members", str(csv), "--db", str(db))[0] == 0
    assert _rows(db, "SELECT number, name FROM members") == [("7", "José Núñez")]


HOSTILE_CSVS: list[tuple[str, bytes, str]] = [
    ("no header", b"1001,Ann\n", "line 1: the header must name"),
    ("unknown column", b"number,name,club\n1,Ann,X\n", "line 1: the header must name"),
    ("empty", b"", "is empty"),
    ("no name", HEADER.encode() + b"7,,,,,\n", "line 3: the name is missing"),
    ("no number", HEADER.encode() + b",Ann,,,,\n", "line 3: the number is missing"),
    ("formula number", HEADER.encode() + b"=1+1,Ann,,,,\n", "line 3: number '=1+1' is not"),
    ("bad handicap", HEADER.encode() + b"1,Ann\n2,Bo,abc\n", "line 4: handicap 'abc' is not"),
    ("exponent", HEADER.encode() + b"1,Ann,1e3\n", "line 3: handicap '1e3' is not"),
    ("nan", HEADER.encode() + b"1,Ann,,,nan\n", "line 3: masterpoints 'nan' is not"),
    ("handicap range", HEADER.encode() + b"1,Ann,75\n", "handicap 75 is out of range"),
    ("negative masterpoints", HEADER.encode() + b"1,Ann,,,-3\n", "masterpoints -3 is out"),
    ("arabic digits", HEADER.encode() + "١٢,Ann\n".encode(), "line 3: number"),
    ("bad e-mail", HEADER.encode() + b"1,Ann,,,,not-mail\n", "line 3: email 'not-mail'"),
    ("twice", HEADER.encode() + b"7,Ann\n8,Bo\n7,Cy\n", "line 5: number 7 is on line 3 too"),
    ("long name", HEADER.encode() + b"7," + b"x" * 101 + b"\n", "line 3: name is 101 char"),
    ("huge field", HEADER.encode() + b"7," + b"x" * 200_000 + b"\n", "line 3"),
    ("extra fields", HEADER.encode() + b"7,Ann,,,,,x\n", "line 3: 7 fields"),
    ("control", HEADER.encode() + b"7,Ann\x1b[2J\n", "control character U+001B"),
    ("NUL", HEADER.encode() + b"7,Ann\x00\n", "NUL"),
    ("UTF-32", MEMBERS.encode("utf-32"), "UTF-32"),
    ("mixed encodings", HEADER.encode() + "7,Zoë\n".encode() + b"8,Jos\xe9\n", "mixes UTF-8"),
    ("open quote", HEADER.encode() + b'7,"Ann\n8,Bo\n', "line 3: a quote"),
]


@pytest.mark.parametrize(
    ("content", "message"), [h[1:] for h in HOSTILE_CSVS], ids=[h[0] for h in HOSTILE_CSVS]
)
def test_a_hostile_members_file_changes_nothing(
    db: Path, tmp_path: Path, content: bytes, message: str
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_bytes(
        HEADER.encode() + b"1001,Changed Name\n" + content[len(HEADER) :]
        if content.startswith(HEADER.encode())
        else content
    )
    before = digest(db)
    code, out, err = run_cli("club", "import-members", str(bad), "--db", str(db))
    _one_line(code, err, message)
    assert out == "" and digest(db) == before


def test_too_many_members_is_refused(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from xlbridge.club import members

    monkeypatch.setattr(members, "MAX_MEMBERS", 5)
    monkeypatch.setattr(members, "MAX_TEXT_BYTES", 10_000)
    bad = tmp_path / "many.csv"
    bad.write_text(HEADER + "".join(f"{n},P{n}\n" for n in range(6)))
    before = digest(db)
    _one_line(
        *run_cli("club", "import-members", str(bad), "--db", str(db))[::2], "more than 5 members"
    )
    bad.write_text(HEADER + "1,Ann\n" * 2000)
    _one_line(*run_cli("club", "import-members", str(bad), "--db", str(db))[::2], "10,000")
    assert digest(db) == before


def test_not_a_database_is_one_line(tmp_path: Path) -> None:
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    text = tmp_path / "notes.txt"
    text.write_text("keep me\n" * 100)
    for argv in (["import-members", str(csv)], ["members"], ["sessions"], ["show", "1"]):
        _one_line(*run_cli("club", *argv, "--db", str(text))[::2], "is not a club database")
    assert text.read_text() == "keep me\n" * 100
    _one_line(*run_cli("club", "members", "--db", str(tmp_path))[::2], "is a folder")
    _one_line(*run_cli("club", "members", "--db", "")[::2], "needs a file name")
    missing = tmp_path / "none.sqlite"
    _one_line(*run_cli("club", "sessions", "--db", str(missing))[::2], "no club database")
    assert not missing.exists()  # reading never leaves an empty database behind


def test_a_newer_database_is_refused(db: Path) -> None:
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 99")
    con.close()
    _one_line(*run_cli("club", "members", "--db", str(db))[::2], "newer xlbridge")


def test_the_database_keeps_its_permissions(db: Path, tmp_path: Path) -> None:
    os.chmod(db, 0o600)
    again = tmp_path / "a.csv"
    again.write_text(HEADER + "5,New Member\n")
    assert run_cli("club", "import-members", str(again), "--db", str(db))[0] == 0
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert not list(tmp_path.glob("club.sqlite-*"))  # no journal left behind


# A process killed inside the import's transaction: the script replaces the kit's per-member
# step with one that kills its own process (SIGKILL: no handler, no cleanup) after 3,000 of
# 5,000 members are written, with a cache of one page so that SQLite has already written
# changed pages to the file (and their old contents to its journal); SQLite rolls the journal
# back at the next open.
_KILLER = """
import os, signal, sys
from xlbridge.club import members, store
opened = store._opened
def small_cache(*args, **kwargs):
    con = opened(*args, **kwargs)
    con.execute("PRAGMA cache_size = 1")
    return con
store._opened = small_cache
step, seen = members._row, [0]
def killing(m):
    seen[0] += 1
    if seen[0] == 3000:
        os.kill(os.getpid(), signal.SIGKILL)
    return step(m)
members._row = killing
from xlbridge.cli import main
sys.exit(main(["club", "import-members", sys.argv[1], "--db", sys.argv[2]]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_import_leaves_the_database_as_it_was(db: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    big.write_text(HEADER + "1001,Renamed\n" + "".join(f"9{n:05},P {n}\n" for n in range(5000)))
    before = list_members(open_database(db))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", _KILLER, str(big), str(db)],
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == -9, done.stderr
    assert db.with_name("club.sqlite-journal").stat().st_size > 0  # killed mid-write
    con = open_database(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert list_members(con) == before
    con.close()
    # and the same import, not killed, goes through
    assert run_cli("club", "import-members", str(big), "--db", str(db))[1].startswith(
        "5000 members added, 1 updated, 0 unchanged"
    )


def test_fill_players_from_the_register(db: Path) -> None:
    con = open_database(db)
    given = {
        "NS 1": (NamedPlayer("", "1001"), NamedPlayer("0042", "0042", handicap=4.0)),
        "NS 2": (NamedPlayer("Bo Chan", "1002"), NamedPlayer("Cy Dunn")),
    }
    got = fill_players(con, given)
    assert got["NS 1"] == (
        NamedPlayer("Ann Lee", "1001", 2.5, 120.0),
        NamedPlayer("Zoë Åberg", "0042", 4.0, 3.25),  # the names file's handicap kept
    )
    assert got["NS 2"] == given["NS 2"]  # named players stay as given
    with pytest.raises(InputFileError, match=r"^pair EW 3: no member with number 42 in"):
        fill_players(con, {**given, "EW 3": (NamedPlayer("", "42"),)})


# -- recording sessions ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """README's evening: a three-table Mitchell with names, its results imported; made once
    a module (``club record`` only reads it; a test that changes it writes a copy)."""
    tmp_path = tmp_path_factory.mktemp("evening")
    for name in ("names.csv", "results.csv"):
        shutil.copy(REPO / "examples" / name, tmp_path / name)
    book = tmp_path / "tuesday.xlsx"
    assert (
        run_cli(
            "new",
            "mitchell",
            "--tables",
            "3",
            "--boards-per-round",
            "3",
            "--event",
            "Tuesday pairs",
            "--date",
            "2026-11-24",
            "--names",
            str(tmp_path / "names.csv"),
            "-o",
            str(book),
        )[0]
        == 0
    )
    filled = tmp_path / "filled.xlsx"
    assert (
        run_cli("import", str(book), "--from", str(tmp_path / "results.csv"), "-o", str(filled))[0]
        == 0
    )
    return filled


def _record(book: Path, db: Path, *more: str) -> tuple[int, str, str]:
    return run_cli("club", "record", str(book), "--db", str(db), *more)


def test_record_once_then_unchanged(evening: Path, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    code, out, err = _record(evening, db, "--page", "https://club.example/tue.html")
    assert (code, out.strip()) == (
        0,
        "session 1 (Tuesday pairs, 2026-11-24, mitchell) added: 6 entries, 12 players, final",
    )
    # README's names.csv gives no numbers: each player is named, none dropped
    lines = err.splitlines()
    assert len(lines) == 12 and lines[0] == (
        "xlbridge club record: NS 1: Ann Lee has no federation number (recorded without one)"
    )
    assert _rows(
        db, "SELECT key, event, date, kind, family, scoring, status, page, source FROM sessions"
    ) == [
        (
            '["Tuesday pairs", "2026-11-24", "mitchell"]',
            "Tuesday pairs",
            "2026-11-24",
            "mitchell",
            "pairs",
            "mp",
            "final",
            "https://club.example/tue.html",
            "filled.xlsx",
        )
    ]
    # the published figures of README's evening: NS 3 first with 77.78 %, NS 1 last
    assert _rows(
        db,
        "SELECT entry, direction, played, total, pct, rank FROM results"
        " WHERE direction = 'NS' ORDER BY rank",
    ) == [
        ("NS 3", "NS", 9, 14.0, 77.78, "1"),
        ("NS 2", "NS", 9, 8.0, 44.44, "2"),
        ("NS 1", "NS", 9, 5.0, 27.78, "3"),
    ]
    assert _rows(db, "SELECT seat, member, name FROM players WHERE entry = 'NS 1'") == [
        (1, None, "Ann Lee"),
        (2, None, "Bo Chan"),
    ]
    before = digest(db)
    code, out, err = _record(evening, db)
    assert (code, err) == (0, "") and out.strip().endswith("already recorded, unchanged")
    assert digest(db) == before
    code, out, err = _record(evening, db, "--page", "https://club.example/tue-2.html")
    assert out.strip().endswith("unchanged; its results page is the one given now")
    assert _rows(db, "SELECT page FROM sessions") == [("https://club.example/tue-2.html",)]
    _record(evening, db, "--page", "https://club.example/tue.html")
    code, out, _ = run_cli("club", "sessions", "--db", str(db), "--format", "json")
    assert json.loads(out) == [
        {
            "session": 1,
            "date": "2026-11-24",
            "event": "Tuesday pairs",
            "label": "",
            "kind": "mitchell",
            "family": "pairs",
            "scoring": "mp",
            "status": "final",
            "entries": 6,
            "page": "https://club.example/tue.html",
        }
    ]
    code, out, _ = run_cli("club", "show", "1", "--db", str(db))
    assert out.splitlines()[0] == "Session 1: Tuesday pairs, 2026-11-24 (mitchell, final)"
    assert "Eve Moss & Finn Roy" in out
    assert run_cli("club", "show", "2026-11-24", "--db", str(db))[1] == out
    shown = json.loads(run_cli("club", "show", "1", "--db", str(db), "--format", "json")[1])
    assert shown["session"]["page"] == "https://club.example/tue.html"
    assert [e["entry"] for e in shown["entries"]] == [
        "NS 3",
        "NS 2",
        "NS 1",
        "EW 1",
        "EW 3",
        "EW 2",
    ]
    assert shown["entries"][0]["players"] == [
        {"seat": 1, "member": None, "name": "Eve Moss"},
        {"seat": 2, "member": None, "name": "Finn Roy"},
    ]
    _one_line(*run_cli("club", "show", "7", "--db", str(db))[::2], "no session '7'")


def _retype(book: Path, out: Path, change: Callable[[openpyxl.Workbook], None]) -> Path:
    wb = openpyxl.load_workbook(book)
    change(wb)
    save_workbook(wb, out)
    return out


def _board1(wb: openpyxl.Workbook) -> tuple[openpyxl.worksheet.worksheet.Worksheet, dict[str, str]]:
    ws = wb["Board 1"]
    return ws, {c.value: c.column_letter for c in ws[5] if isinstance(c.value, str)}


def test_a_changed_workbook_replaces_its_session(evening: Path, tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    assert _record(evening, db)[0] == 0

    def down_two(wb: openpyxl.Workbook) -> None:
        ws, col = _board1(wb)
        ws[f"{col['Made']}6"], ws[f"{col['Down']}6"] = None, 2

    changed = _retype(evening, tmp_path / "changed.xlsx", down_two)
    before = _rows(db, "SELECT entry, total FROM results ORDER BY entry")
    # issue 30: the same identity with other results is the session corrected or another
    # session; only the director can say, so nothing is replaced on a guess
    unchanged = digest(db)
    _one_line(*_record(changed, db)[::2], "session 1 (Tuesday pairs, 2026-11-24, mitchell) is"
              " recorded from a workbook with other results: if this is that session corrected,"
              " record it with --replace; if it is another session, give it a --label")
    assert digest(db) == unchanged
    code, out, _ = _record(changed, db, "--replace")
    assert code == 0 and out.strip() == (
        "session 1 (Tuesday pairs, 2026-11-24, mitchell) replaced: 6 entries, 12 players, final"
    )
    after = _rows(db, "SELECT entry, total FROM results ORDER BY entry")
    assert after != before and len(after) == 6
    assert _rows(db, "SELECT COUNT(*), MIN(id) FROM sessions") == [(1, 1)]
    assert _rows(db, "SELECT COUNT(*) FROM players") == [(12,)]

    def no_declarer(wb: openpyxl.Workbook) -> None:
        ws, col = _board1(wb)
        ws[f"{col['By']}6"] = None

    open_problem = _retype(evening, tmp_path / "open.xlsx", no_declarer)
    code, out, err = _record(open_problem, db, "--replace")
    assert code == 0 and out.strip().endswith("replaced: 6 entries, 12 players, provisional")
    assert err.splitlines()[-1].startswith(
        "xlbridge club record: 1 problem(s) open: recorded as provisional"
    )
    assert _rows(db, "SELECT status FROM sessions") == [("provisional",)]


def test_hostile_workbooks_change_nothing(
    evening: Path, tmp_path: Path, new_workbook: Callable[..., Path]
) -> None:
    db = tmp_path / "club.sqlite"
    assert _record(evening, db)[0] == 0
    before = digest(db)
    text = tmp_path / "text.xlsx"
    text.write_text("not a workbook")
    rubber = new_workbook("rubber", "--tables", "1", "--rounds", "4", "--players", "A,B,C,D")
    blank = new_workbook("mitchell", "--tables", "3")
    for book, message in [
        (text, "is not an Excel .xlsx workbook"),
        (tmp_path / "missing.xlsx", "does not exist"),
        (rubber, "this is a social game workbook; the club register records pairs"),
        (blank, "no result is entered in the workbook yet; nothing recorded"),
    ]:
        _one_line(*_record(book, db)[::2], message)
    _one_line(*_record(evening, db, "--page", "x\x1b[2J")[::2], "page 'x\\x1b[2J' has the")
    _one_line(*_record(evening, db, "--page", "x" * 2001)[::2], "over 2000 characters")
    assert digest(db) == before


def test_record_a_team_game(tmp_path: Path) -> None:
    names = tmp_path / "teams.csv"
    names.write_text('team,name,players\n1,Aces,"Ann, Bo, Cy, Di"\n2,Kings,=1+1;Finn\n')
    book = tmp_path / "teams.xlsx"
    assert (
        run_cli(
            "new",
            "head-to-head",
            "--tables",
            "2",
            "--boards-per-round",
            "2",
            "--event",
            "Teams night",
            "--names",
            str(names),
            "-o",
            str(book),
        )[0]
        == 0
    )
    results = tmp_path / "r.csv"
    results.write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,2,1,4S,N,9\n")
    filled = tmp_path / "filled.xlsx"
    assert run_cli("import", str(book), "--from", str(results), "-o", str(filled))[0] == 0
    db = tmp_path / "club.sqlite"
    code, out, err = _record(filled, db)
    assert code == 0 and out.strip() == (
        "session 1 (Teams night, no date, head-to-head) added: 2 entries, 6 players, final"
    )
    assert len(err.splitlines()) == 6  # no team player has a number
    assert _rows(db, "SELECT family, scoring FROM sessions") == [("teams", "imps")]
    assert _rows(db, "SELECT entry, seat, name FROM players ORDER BY entry, seat") == [
        ("1", 1, "Ann"),
        ("1", 2, "Bo"),
        ("1", 3, "Cy"),
        ("1", 4, "Di"),
        ("2", 1, "=1+1"),
        ("2", 2, "Finn"),
    ]
    assert _record(filled, db)[1].strip().endswith("already recorded, unchanged")
    shown = run_cli("club", "show", "1", "--db", str(db), "--format", "csv")[1].splitlines()
    assert shown[2].endswith(",'=1+1 & Finn")  # a formula-like name is text in a spreadsheet


def test_record_an_individual(tmp_path: Path) -> None:
    from tests.support.workbook_fill import fill_by_headers

    names = tmp_path / "players.csv"
    names.write_text("player,name\n" + "".join(f"{n},Player {n}\n" for n in range(1, 9)))
    book = tmp_path / "ind.xlsx"
    assert (
        run_cli("new", "individual-2", "--tables", "2", "--names", str(names), "-o", str(book))[0]
        == 0
    )
    fill_by_headers(book, seed=3, unplayed=0)
    db = tmp_path / "club.sqlite"
    code, out, _ = _record(book, db)
    assert code == 0 and out.strip().endswith("added: 8 entries, 8 players, final")
    assert _rows(db, "SELECT COUNT(*), MIN(seat), MAX(seat) FROM players") == [(8, 1, 1)]
    assert _rows(db, "SELECT name FROM players WHERE entry = '3'") == [("Player 3",)]


def _session(numbers: tuple[tuple[str, ...], ...]) -> SessionInput:
    rows = (
        ResultRow(
            board=1, row=6, round=1, table=1, ns="1", ew="2", contract="4S", declarer="N", tricks=10
        ),
        ResultRow(
            board=1, row=7, round=1, table=2, ns="3", ew="4", contract="4S", declarer="N", tricks=9
        ),
    )
    names = (("Ann Lee", ""), ("", ""), ("", ""), ("Di", "Ed"))
    pairs = tuple(PairInfo(i, str(i), *names[i - 1], numbers[i - 1]) for i in range(1, 5))
    return SessionInput("Club", "2026-11-20", "howell", "mp", "acbl", pairs, rows, {1: 2})


def test_players_numbers_from_the_names_sheet(db: Path) -> None:
    s = _session((("1001", "0042"), ("", "1002"), (), ("77", "")))
    rec = record_of_results(score_session(s))
    assert rec.players_without_number() == (("4", "Ed"),)
    con = open_database(db)
    done = record_session(con, rec, source="x.xlsx")
    assert (done.action, done.players, done.unknown_members) == ("added", 5, ("77",))
    got = {e.entry: e for e in session_entries(con, done.session)}
    # a player given by number alone takes the register's name; a name typed is kept
    assert [(p.seat, p.member, p.name) for p in got["1"].players] == [
        (1, "1001", "Ann Lee"),
        (2, "0042", "Zoë Åberg"),
    ]
    assert [(p.seat, p.member, p.name) for p in got["2"].players] == [
        (2, "1002", '=HYPERLINK("http://x","y")')
    ]
    assert got["3"].players == ()
    assert [(p.member, p.name) for p in got["4"].players] == [("77", "Di"), (None, "Ed")]
    assert (got["1"].total, got["1"].pct, got["1"].rank) == (1.0, 100.0, "1")


def test_names_by_number_from_the_register_to_the_federation_file(
    db: Path, tmp_path: Path
) -> None:
    """A names file that gives players by federation number only: ``new --db`` fills their
    names, handicaps and masterpoints from the register onto the Names sheet; the results carry
    the numbers (USEBIO's NATIONAL_ID_NUMBER), the handicapped and stratified figures, and
    ``club record`` stores each player under its number with the pair's handicapped figures."""
    names = tmp_path / "numbers.csv"
    names.write_text("pair,number 1,number 2\nNS 1,1001,0042\n", encoding="utf-8")
    book = tmp_path / "t.xlsx"
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "--boards-per-round", "3",
                              "--names", str(names), "--db", str(db), "--handicap", "--strata",
                              "100,0", "-o", str(book))  # fmt: skip
    assert code == 0, err
    ws = openpyxl.load_workbook(book)["Names"]
    assert [c.value for c in ws[4]][:9] == ["NS 1", "Ann Lee", "Zoë Åberg", "1001", "0042",
                                             2.5, -1, 120, 3.25]  # fmt: skip
    filled = tmp_path / "f.xlsx"
    results = REPO / "examples" / "results.csv"
    assert run_cli("import", str(book), "--from", str(results), "-o", str(filled))[0] == 0
    data = json.loads(run_cli("results", str(filled), "--format", "json")[1])
    ns1 = next(e for e in data["entries"] if e["label"] == "NS 1")
    assert ns1["handicap"] == 0.75 and ns1["stratum"] == "A"  # (2.5 - 1) / 2; 120 >= 100
    assert ns1["handicapped_pct"] == round(ns1["pct"] + 0.75, 2)
    xml = run_cli("results", str(filled), "--format", "usebio")[1]
    assert "<NATIONAL_ID_NUMBER>1001</NATIONAL_ID_NUMBER>" in xml
    assert "<NATIONAL_ID_NUMBER>0042</NATIONAL_ID_NUMBER>" in xml
    assert _record(filled, db)[0] == 0
    assert _rows(db, "SELECT member, name FROM players WHERE entry = 'NS 1' ORDER BY seat") == [
        ("1001", "Ann Lee"), ("0042", "Zoë Åberg")]  # fmt: skip
    assert _rows(db, "SELECT handicapped_pct, stratum FROM results WHERE entry = 'NS 1'") == [
        (ns1["handicapped_pct"], "A")]  # fmt: skip
    # A number the register lacks, or no database at all: one line each, no workbook.
    names.write_text("pair,number 1,number 2\nNS 1,1001,7777\n", encoding="utf-8")
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "--names", str(names),
                              "--db", str(db), "-o", str(tmp_path / "x.xlsx"))  # fmt: skip
    assert code == 2 and "no member with number 7777" in err and err.count("\n") == 1
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "--names", str(names),
                              "--db", str(tmp_path / "none.sqlite"), "-o", str(tmp_path / "x.xlsx"))
    assert code == 2 and "no club database" in err and not (tmp_path / "x.xlsx").exists()
