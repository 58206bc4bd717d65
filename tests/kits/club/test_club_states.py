"""The club database in every state a club's file can be in, and what a session is (issue 30).

Each state is one line that names the file and says what to do, and changes nothing: another
program's SQLite (at version 0 or 1), a missing column, a damaged page, ``/dev/null``, a full
disk while creating, a database another process holds ("busy"), a journal left by a killed
write, a read-only folder, two first-time creations at once. Commands that only read (``club
members``, ``sessions``, ``show``, ``season``, ``new --names --db``) never create or change a
file; only commands that write create, and only a file that is new (or empty) or ours.

A session is its event, date (ISO), kind and ``--label``: two undated sessions of one event, or an
afternoon and an evening, are never replaced by each other; a member's number in two seats is
refused when recorded; two unnumbered "Guest"s are named when recorded and never fail a season.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.read_once import read_once
from tests.support.shared import REPO, digest, run_cli
from xlbridge.club import store
from xlbridge.club.members import import_members, list_members, parse_members
from xlbridge.club.schema import migrate, open_database
from xlbridge.club.season_query import read_season
from xlbridge.club.sessions import EntryLine, PlayerLine, SessionRecord, record_session
from xlbridge.club.states import problem
from xlbridge.errors import InputFileError
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.scoring.season import SeasonOptions, season_standings

MEMBERS = "number,name,handicap,grade,masterpoints,email\n1001,Ann Lee,2.5,B,120,a@x.example\n"
READERS = (("club", "members"), ("club", "sessions"), ("club", "show", "1"), ("season",))


@pytest.fixture(scope="module", autouse=True)
def _read_once() -> Iterator[None]:
    """Each unchanged workbook ``club record``, ``cards`` and ``event`` read in the module is
    read and scored once (the evening is given to the commands again and again)."""
    with read_once():
        yield


def _one_line(code: int, err: str, *words: str) -> None:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 2 and len(lines) == 1, err
    for w in words:
        assert w in lines[0], err


def _folder(path: Path) -> dict[str, str]:
    """Every file of a folder and its bytes' digest: what a command must leave as it was."""
    return {p.name: digest(p) for p in sorted(path.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """README's evening (three-table Mitchell, names, results imported), dated 2026-11-24."""
    tmp = tmp_path_factory.mktemp("evening")
    book = tmp / "tuesday.xlsx"
    code, _, err = run_cli("new", "mitchell", "--tables", "3", "--boards-per-round", "3",
                           "--event", "Tuesday pairs", "--date", "2026-11-24", "--names",
                           str(REPO / "examples" / "names.csv"), "-o", str(book))  # fmt: skip
    assert code == 0, err
    filled = tmp / "filled.xlsx"
    code, _, err = run_cli("import", str(book), "--from", str(REPO / "examples" / "results.csv"),
                           "-o", str(filled))  # fmt: skip
    assert code == 0, err
    return filled


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite"
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    assert run_cli("club", "import-members", str(csv), "--db", str(path))[0] == 0
    return path


def _run_each_reader(db: Path, *words: str) -> None:
    """Every command that only reads: one line with ``words``, and the folder as it was."""
    before = _folder(db.parent)
    for argv in READERS:
        _one_line(*run_cli(*argv, "--db", str(db))[::2], *words)
    names = db.parent / "numbers.csv"
    names.write_text("pair,number 1,number 2\nNS 1,1001,0042\n", encoding="utf-8")
    out = db.parent / "x.xlsx"
    code, _, err = run_cli("new", "mitchell", "--tables", "3", "--names", str(names), "--db",
                           str(db), "-o", str(out))  # fmt: skip
    _one_line(code, err, *words)
    names.unlink()
    assert _folder(db.parent) == before


# -- whose file it is ------------------------------------------------------------------------


def _other_program(path: Path, version: int) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    con.execute("INSERT INTO recipes VALUES ('soup', 30)")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()


@pytest.mark.parametrize(("version", "words"), [
    (0, "is another program's SQLite database (tables recipes), not a club database"),
    (1, "is not a club database: it has no table 'members' (database version 1)"),
])  # fmt: skip
def test_another_programs_sqlite_is_never_changed(
    tmp_path: Path, evening: Path, version: int, words: str
) -> None:
    db = tmp_path / "recipes.db"
    _other_program(db, version)
    _run_each_reader(db, words)
    before = _folder(tmp_path)
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    before = _folder(tmp_path)
    _one_line(*run_cli("club", "import-members", str(csv), "--db", str(db))[::2], words)
    _one_line(*run_cli("club", "record", str(evening), "--db", str(db))[::2], words)
    # the database is looked at before the workbook is read: its line, not the workbook's
    _one_line(*run_cli("club", "record", str(csv), "--db", str(db))[::2], words)
    assert _folder(tmp_path) == before


def test_a_missing_column_is_named(club: Path) -> None:
    con = sqlite3.connect(club)
    con.execute("ALTER TABLE sessions DROP COLUMN page")
    con.commit()
    con.close()
    _run_each_reader(club, "its table 'sessions' has no column 'page'")


def test_an_empty_file_is_read_as_no_database_and_written_as_a_new_one(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    db.write_bytes(b"")
    os.chmod(db, 0o640)
    _run_each_reader(db, "holds no club tables yet (an empty database)")
    assert db.read_bytes() == b""  # reading never creates tables
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    code, out, err = run_cli("club", "import-members", str(csv), "--db", str(db))
    assert (code, err) == (0, "") and out.startswith("1 member added")
    assert stat.S_IMODE(db.stat().st_mode) == 0o640  # the user's permissions kept
    assert [m.number for m in list_members(open_database(db))] == ["1001"]


def test_a_damaged_page_is_named(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    con = open_database(db)
    import_members(con, parse_members(
        "number,name\n" + "".join(f"{n},Member {n}\n" for n in range(3000)), "m.csv"))  # fmt: skip
    con.close()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 30 * page
    data[20 * page + 8: 21 * page] = b"\xa5" * (page - 8)  # a page of the members' table
    db.write_bytes(bytes(data))
    _run_each_reader(db, "is damaged", "restore the club database from a backup")


def test_a_device_or_a_folder_is_no_database(tmp_path: Path) -> None:
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    for argv in (("club", "import-members", str(csv)), ("club", "members"), ("season",)):
        _one_line(*run_cli(*argv, "--db", os.devnull)[::2], "is not a regular file")


def test_a_newer_database_says_what_to_do(club: Path) -> None:
    con = sqlite3.connect(club)
    con.execute("PRAGMA user_version = 9")
    con.close()
    _run_each_reader(club, "was written by a newer xlbridge (database version 9",
                     "use that version")  # fmt: skip
    con = sqlite3.connect(club)
    con.execute("PRAGMA user_version = -1")  # not "older": no xlbridge writes it
    con.close()
    _run_each_reader(club, "is not a club database (database version -1)")


# -- creating --------------------------------------------------------------------------------


def test_a_full_disk_while_creating_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's own full-disk error (a database of at most one page: SQLITE_FULL) while the
    tables are created: one line, and no file left behind (today: "cannot rollback - no
    transaction is active" and a 0-byte file)."""

    def full(path: str | Path) -> sqlite3.Connection:
        con = sqlite3.connect(str(path), isolation_level=None)
        con.execute("PRAGMA max_page_count = 1")
        migrate(con, str(path), 0)  # the tables created, on a disk with room for one page
        return con

    monkeypatch.setattr(store, "open_database", full)
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    db = tmp_path / "club.sqlite"
    said = run_cli("club", "import-members", str(csv), "--db", str(db))
    _one_line(said[0], said[2], f"{str(db)!r} cannot be written (database or disk is full)",
              "free some space")  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.csv"]


def test_two_first_time_creations_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two commands create the database at the same moment (both find no file): each makes it
    whole beside the name and puts it in place without replacing a file that appeared, so both
    end up writing the one database, and both members are kept."""
    db = tmp_path / "club.sqlite"
    both_made = threading.Barrier(2, timeout=20)
    opened = store.open_database

    def together(path: str | Path) -> sqlite3.Connection:
        con = opened(path)
        both_made.wait()  # both temporary databases made before either is put in place
        return con

    monkeypatch.setattr(store, "open_database", together)
    errors: list[BaseException] = []

    def add(number: str) -> None:
        try:
            con = store.open_club(db, create=True)
            import_members(con, parse_members(f"number,name\n{number},M {number}\n", "m.csv"))
            con.close()
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=add, args=(n,)) for n in ("1", "2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    assert sorted(m.number for m in list_members(open_database(db))) == ["1", "2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only folder anyway")
def test_a_read_only_folder(tmp_path: Path, club: Path) -> None:
    csv = tmp_path / "m.csv"
    csv.write_text(MEMBERS.replace("1001", "1002"), encoding="utf-8")
    os.chmod(tmp_path, 0o555)
    try:
        assert run_cli("club", "members", "--db", str(club))[0] == 0  # reading needs no journal
        _one_line(*run_cli("club", "import-members", str(csv), "--db", str(club))[::2],
                  "the file or its folder is read-only")  # fmt: skip
        _one_line(*run_cli("club", "import-members", str(csv), "--db",
                           str(tmp_path / "new.sqlite"))[::2], "cannot create")  # fmt: skip
    finally:
        os.chmod(tmp_path, 0o755)


@pytest.mark.parametrize(("code", "words"), [
    ("SQLITE_BUSY", "is busy: another program is using it; try again"),
    ("SQLITE_READONLY", "the file or its folder is read-only"),
    ("SQLITE_CANTOPEN", "the file or its folder is read-only"),
    ("SQLITE_READONLY_ROLLBACK", "left unfinished"),
    ("SQLITE_FULL", "the disk is full or failing"),
    ("SQLITE_CORRUPT", "is damaged"),
    ("SQLITE_NOTADB", "is not a club database"),
])  # fmt: skip
def test_each_sqlite_state_is_one_line_naming_the_file(code: str, words: str) -> None:
    class Said(sqlite3.OperationalError):
        sqlite_errorname = code

    line = problem(Said("what SQLite said"), "club.sqlite")
    assert line.startswith("'club.sqlite' ") and words in line and "\n" not in line


# -- another process ------------------------------------------------------------------------


@pytest.fixture()
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)
    yield


def test_a_database_held_by_another_program_is_busy(club: Path, quick: None) -> None:
    holder = sqlite3.connect(club, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        csv = club.parent / "m.csv"
        for argv in (*READERS, ("club", "import-members", str(csv))):
            _one_line(*run_cli(*argv, "--db", str(club))[::2], "is busy", "try again")
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_journal_left_by_a_killed_write(club: Path) -> None:
    """A write stopped mid-way (the database and its hot journal as a killed process leaves
    them): reading commands say so and change nothing; the next write rolls it back."""
    hot = club.with_name("hot.sqlite")
    _stopped_write(club, hot)
    _one_line(*run_cli("club", "members", "--db", str(hot))[::2], "left unfinished",
              "keep the -journal file")  # fmt: skip
    _one_line(*run_cli("season", "--db", str(hot))[::2], "left unfinished")
    csv = club.parent / "m2.csv"
    csv.write_text("number,name\n1002,Bo\n", encoding="utf-8")
    assert run_cli("club", "import-members", str(csv), "--db", str(hot))[1].startswith(
        "1 member added")
    assert [m.number for m in list_members(open_database(hot))] == ["1001", "1002"]


# -- what a session is -----------------------------------------------------------------------


def _rec(event: str, date: str, digest: str, *players: tuple[str, str | None, str],
         label: str = "") -> SessionRecord:  # fmt: skip
    """A one-field session: each player (entry, number, name) its own entry at 50 %."""
    entries = tuple(EntryLine(e, "", 1, 1.0, 50.0, "1", (PlayerLine(1, n, name),))
                    for e, n, name in players)  # fmt: skip
    return SessionRecord(event, date, "howell", "individual", "mp", "final", entries, digest,
                         label)  # fmt: skip


def test_undated_sessions_and_two_of_one_day_are_never_replaced(tmp_path: Path) -> None:
    con = open_database(":memory:")
    ann = ("1", "1001", "Ann")
    assert record_session(con, _rec("Club", "", "a", ann), source="w1.xlsx").action == "added"
    # a week later, undated again: refused in one line, nothing replaced
    with pytest.raises(InputFileError, match=r"session 1 \(Club, no date, howell\) is recorded"
                       r" from a workbook with other results: .*--replace.*--label"):  # fmt: skip
        record_session(con, _rec("Club", "", "b", ann), source="w2.xlsx")
    second = record_session(con, _rec("Club", "", "b", ann, label="week 2"), source="w2.xlsx")
    assert (second.action, second.session) == ("added", 2)
    # an afternoon and an evening of one day
    day = "2026-11-24"
    pm = record_session(con, _rec("Club", day, "c", ann, label="afternoon"), source="a")
    eve = record_session(con, _rec("Club", day, "d", ann, label="evening"), source="e")
    assert (pm.session, eve.session) == (3, 4)
    # the same session corrected, said so
    fixed = record_session(con, _rec("Club", day, "e", ann, label="evening"), source="e",
                           replace=True)  # fmt: skip
    assert (fixed.action, fixed.session) == ("replaced", 4)
    assert con.execute("SELECT COUNT(*) FROM sessions").fetchone() == (4,)


def test_a_session_date_is_a_date(tmp_path: Path, evening: Path) -> None:
    """``new --date`` takes ISO dates only; a workbook whose Session date was typed otherwise
    is refused by ``club record`` in one line, and no database is created."""
    for text in ("13/10/2026", "03.11.2026", "Tue 20 Oct 2026", "2026-1-3", "2027-02-30"):
        code, _, err = run_cli("new", "mitchell", "--tables", "3", "--date", text,
                               "-o", str(tmp_path / "x.xlsx"))  # fmt: skip
        _one_line(code, err, f"--date {text!r} is not a date written yyyy-mm-dd")
    wb = openpyxl.load_workbook(evening)
    ws = wb["Session"]
    cell = next(r[1] for r in ws.iter_rows(max_col=2) if r[0].value == "Date")
    cell.value = "13/10/2026"
    bad = tmp_path / "bad-date.xlsx"
    save_workbook(wb, bad)
    db = tmp_path / "club.sqlite"
    said = run_cli("club", "record", str(bad), "--db", str(db))
    _one_line(said[0], said[2],
              "the workbook's Session date '13/10/2026' is not a date written yyyy-mm-dd")
    assert not db.exists()
    import datetime

    cell.value = datetime.datetime(2026, 10, 13)  # typed as a spreadsheet date: a date
    good = tmp_path / "date-cell.xlsx"
    save_workbook(wb, good)
    code, out, _ = run_cli("club", "record", str(good), "--db", str(db))
    assert code == 0 and "(Tuesday pairs, 2026-10-13, mitchell) added" in out


def test_season_dates_are_dates(tmp_path: Path) -> None:
    for text in ("13/10/2026", "2026-1-3", "2027-02-30"):
        _one_line(*run_cli("season", "--from", text, "--db", str(tmp_path / "c.sqlite"))[::2],
                  f"--from {text!r} is not a date")  # fmt: skip


def test_players_identity_is_told_when_recorded() -> None:
    con = open_database(":memory:")
    # one member in two (or three) seats: refused, nothing recorded
    with pytest.raises(InputFileError, match=r"^number 1001 is given to 3 seats \(1, 2, 3\)"):
        seats = (("1", "1001", "Ann"), ("2", "1001", "Ann"), ("3", "1001", "A. Lee"))
        record_session(con, _rec("Club", "2026-01-05", "a", *seats), source="x")
    assert con.execute("SELECT COUNT(*) FROM sessions").fetchone() == (0,)
    # two unnumbered Guests, and a player whose name is a member's number
    rec = _rec("Club", "2026-01-05", "b", ("1", None, "Guest"), ("2", None, "Guest"),
               ("3", "101", "Ann"), ("4", None, "101"))  # fmt: skip
    assert rec.alike() == (("Guest", ("1", "2")),)
    record_session(con, rec, source="x")
    sessions, scores = read_season(con)
    table = season_standings(scores, SeasonOptions(minimum=1), sessions)
    assert sorted((x.member, x.name, x.played) for x in table.lines) == [
        ("(101)", "101", 1), ("101", "Ann", 1)]  # fmt: skip


def test_record_names_two_guests(tmp_path: Path, evening: Path) -> None:
    wb = openpyxl.load_workbook(evening)
    ws = wb["Names"]
    guests = [c for row in ws.iter_rows(min_row=4, max_row=5, min_col=2, max_col=2) for c in row]
    for c in guests:
        c.value = "Guest"
    book = tmp_path / "guests.xlsx"
    save_workbook(wb, book)
    code, _out, err = run_cli("club", "record", str(book), "--db", str(tmp_path / "c.sqlite"))
    assert code == 0
    assert ("xlbridge club record: 2 players without a number are named 'Guest' (NS 1, NS 2):"
            " the season cannot tell them apart") in err  # fmt: skip
    code, out, err = run_cli("season", "--db", str(tmp_path / "c.sqlite"), "--minimum", "1")
    assert code == 0 and "Guest" not in out, err


# -- every command succeeds, or says one line and changes nothing ---------------------------

_STATES = ("missing", "empty", "text", "other", "ours", "newer", "damaged", "folder", "hot")


def _state(folder: Path, which: str, ours: Path) -> Path:
    db = folder / "club.sqlite"
    if which == "empty":
        db.write_bytes(b"")
    elif which == "text":
        db.write_text("not a database\n" * 20)
    elif which == "other":
        _other_program(db, 1)
    elif which in ("ours", "newer", "damaged", "hot"):
        shutil.copy(ours, db)
        if which == "newer":
            con = sqlite3.connect(db)
            con.execute("PRAGMA user_version = 5")
            con.close()
        elif which == "damaged":
            data = bytearray(db.read_bytes())
            data[100:4096] = b"\xff" * (4096 - 100)  # the schema page
            db.write_bytes(bytes(data))
        elif which == "hot":
            shutil.copy(ours.with_name("hot.sqlite"), db)
            shutil.copy(ours.with_name("hot.sqlite-journal"), db.with_name("club.sqlite-journal"))
    elif which == "folder":
        db.mkdir()
    return db


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory, evening: Path) -> Path:
    """A club database with the register and the evening recorded; beside it ``hot.sqlite``,
    the same database with the hot journal of a write that was stopped half-way."""
    tmp = tmp_path_factory.mktemp("recorded")
    db = tmp / "club.sqlite"
    csv = tmp / "m.csv"
    csv.write_text(MEMBERS, encoding="utf-8")
    assert run_cli("club", "import-members", str(csv), "--db", str(db))[0] == 0
    assert run_cli("club", "record", str(evening), "--db", str(db))[0] == 0
    _stopped_write(db, tmp / "hot.sqlite")
    return db


def _stopped_write(db: Path, hot: Path) -> None:
    """``hot``: ``db`` and its journal as a process killed in the middle of a write leaves them
    (changed pages already in the file, their old contents in the journal)."""
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA cache_size = 1")
    con.execute("BEGIN")
    for n in range(3000):
        con.execute("INSERT INTO members (number, name) VALUES (?, ?)", (f"9{n:05}", "x" * 50))
    shutil.copy(db, hot)
    shutil.copy(db.with_name(f"{db.name}-journal"), hot.with_name(f"{hot.name}-journal"))
    con.execute("ROLLBACK")
    con.close()


def _commands(db: Path, evening: Path, folder: Path) -> dict[str, tuple[tuple[str, ...], bool]]:
    """Each command, and whether it may write the database."""
    good = folder / "good.csv"
    good.write_text("number,name,email\n1001,Ann Lee,new@x.example\n7,Cy\n", encoding="utf-8")
    bad = folder / "bad.csv"
    bad.write_text("number,name\n1,Ann\n1,Bo\n", encoding="utf-8")
    d = str(db)
    return {
        "import": (("club", "import-members", str(good), "--db", d), True),
        "import-bad": (("club", "import-members", str(bad), "--db", d), True),
        "members": (("club", "members", "--db", d, "--format", "csv"), False),
        "sessions": (("club", "sessions", "--db", d), False),
        "show": (("club", "show", "1", "--db", d), False),
        "show-none": (("club", "show", "9", "--db", d), False),
        "record": (("club", "record", str(evening), "--db", d, "--label", "late"), True),
        "record-again": (("club", "record", str(evening), "--db", d), True),
        "record-text": (("club", "record", str(good), "--db", d), True),
        "season": (("season", "--db", d, "--minimum", "1"), False),
        "season-json": (("season", "--db", d, "--format", "json", "--competition", "attendance"),
                        False),
        "event": (("event", str(evening), str(evening)), False),
        "event-text": (("event", str(evening), str(good)), False),
        "cards": (("cards", str(evening), "--pair", "NS 1"), False),
        "cards-text": (("cards", str(good)), False),
    }


_COMMANDS = ("import", "import-bad", "members", "sessions", "show", "show-none", "record",
             "record-again", "record-text", "season", "season-json", "event", "event-text",
             "cards", "cards-text")  # fmt: skip


@settings(max_examples=45, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(which=st.sampled_from(_STATES), command=st.sampled_from(_COMMANDS))
def test_every_command_succeeds_or_says_one_line_and_changes_nothing(
    tmp_path_factory: pytest.TempPathFactory, recorded: Path, evening: Path, which: str,
    command: str,
) -> None:  # fmt: skip
    folder = tmp_path_factory.mktemp("state")
    db = _state(folder, which, recorded)
    argv, writes = _commands(db, evening, folder)[command]
    before = _folder(folder)
    code, _out, err = run_cli(*argv)
    lines = [ln for ln in err.splitlines() if ln.strip()]
    if code in (0, 3):  # 3: a session with problems open, said on its lines
        if not writes:
            assert _folder(folder) == before, (which, command)
        return
    assert len(lines) == 1 and "Traceback" not in err, (which, command, err)
    assert lines[0].startswith("xlbridge "), err
    assert _folder(folder) == before, (which, command, err)


def test_the_property_test_sees_every_state(tmp_path: Path, recorded: Path) -> None:
    """Each state of the property test is what it says (a test that cannot fail is none)."""
    seen: dict[str, str] = {}
    for which in _STATES:
        folder = tmp_path / which
        folder.mkdir()
        db = _state(folder, which, recorded)
        seen[which] = run_cli("club", "sessions", "--db", str(db))[2].strip()
    assert seen["ours"] == "" and "left unfinished" in seen["hot"]
    assert "no club database" in seen["missing"] and "is a folder" in seen["folder"]
    assert "no club tables yet" in seen["empty"] and "not an SQLite file" in seen["text"]
    assert "has no table 'members'" in seen["other"] and "newer xlbridge" in seen["newer"]
    assert "damaged" in seen["damaged"] or "not a club database" in seen["damaged"]



def test_a_date_recorded_as_text_by_an_earlier_version_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    con = open_database(db)
    record_session(con, _rec("Club", "2026-10-13", "a", ("1", "101", "Ann")), source="x")
    con.execute("UPDATE sessions SET date = '13/10/2026'")  # what an earlier xlbridge kept
    con.close()
    before = digest(db)
    _one_line(*run_cli("season", "--db", str(db), "--from", "2026-10-01")[::2],
              "session 1 is recorded with the date '13/10/2026'", "the season cannot place it")
    assert digest(db) == before


def test_an_afternoon_and_an_evening_recorded_from_the_command_line(
    tmp_path: Path, evening: Path
) -> None:
    db = tmp_path / "club.sqlite"
    wb = openpyxl.load_workbook(evening)
    ws = wb["Names"]
    ws["B4"] = "Someone Else"  # the evening's field is another
    other = tmp_path / "evening.xlsx"
    save_workbook(wb, other)
    code, out, _ = run_cli("club", "record", str(evening), "--db", str(db), "--label", "afternoon")
    assert code == 0 and out.startswith(
        "session 1 (Tuesday pairs, 2026-11-24, mitchell, afternoon) added")
    before = digest(db)
    said = run_cli("club", "record", str(other), "--db", str(db), "--label", "afternoon")
    _one_line(said[0], said[2], "session 1 (Tuesday pairs, 2026-11-24, mitchell, afternoon) is"
              " recorded from a workbook with other results")  # fmt: skip
    assert digest(db) == before
    code, out, _ = run_cli("club", "record", str(other), "--db", str(db), "--label", "evening")
    assert code == 0 and "session 2 (Tuesday pairs, 2026-11-24, mitchell, evening) added" in out
    code, out, _ = run_cli("club", "sessions", "--db", str(db), "--format", "csv")
    assert [ln.split(",")[:4] for ln in out.splitlines()] == [
        ["Session", "Date", "Event", "Label"], ["1", "2026-11-24", "Tuesday pairs", "afternoon"],
        ["2", "2026-11-24", "Tuesday pairs", "evening"]]  # fmt: skip
    _one_line(*run_cli("club", "show", "2026-11-24", "--db", str(db))[::2],
              "2 sessions on '2026-11-24'; give its number")  # fmt: skip
    assert run_cli("club", "show", "2", "--db", str(db))[1].startswith(
        "Session 2: Tuesday pairs (evening), 2026-11-24 (mitchell, final)")
