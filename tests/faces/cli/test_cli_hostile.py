"""Every command, fed hostile arguments, answers in one line or works: never a traceback.

Issue 15: about 300 runs as a careless user or an attacker gave 20 tracebacks and 10 hangs.
These property tests discover every command and option the parser has (so a command added
later is covered too), generate argument lists from hostile values (unicode digits ``²``,
full-width and Arabic-Indic digits, 5,000-digit numbers, huge counts, control characters,
undecodable bytes, empty strings, repeated options, formula-looking text) mixed with small valid
ones, run ``xlbridge.cli.main`` in-process, and check: exit status 0 or 2; on status 2 at most
one line on standard error, starting with ``xlbridge``; no "Traceback" anywhere. Work per
example is bounded by the checked ranges (valid numbers are small; large ones must be refused
before any work), not by a clock.
"""

from __future__ import annotations

import argparse
import functools
import io
import os
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.support.shared import run_cli
from xlbridge.cli import build_parser

HOSTILE = (
    "",
    " ",
    "²",
    "３",  # full-width 3
    "٣",  # Arabic-Indic 3
    "۳",  # extended Arabic-Indic 3
    "७",  # Devanagari 7
    "9" * 5000,
    "-" + "9" * 50,
    "1000000000",
    "1e9",
    "1_000",
    "0x10",
    "-1",
    "0",
    "nan",
    "inf",
    "-inf",
    "1e309",
    "\x00",
    "a\x00b",
    "a\nb",
    "\r",
    "\x1b[31m",
    "\udcff",  # a byte that was not UTF-8 (surrogateescape)
    "Caf\udce9",
    "\udcff.xlsx",
    "\ud800",
    '=HYPERLINK("http://x","y")',
    "=1+1",
    "@SUM(A1)",
    "&P&N",
    "--",
    "-",
    "x" * 300,
    "🂡" * 70,
    "mitchell",
    "list",
)
SMALL = ("1", "2", "3", "4", "7", "8", "+1", "-2", "=", "10", "4S", "3NT", "N", "None", "All")

# Input files the commands may be pointed at (created in the example's folder).
INPUTS = (
    "good.csv",
    "cp1252.csv",
    "utf16.csv",
    "empty.csv",
    "garbage.bin",
    "bomb.xlsx",
    "text.xlsx",
    "missing.csv",
    ".",
    "/dev/zero",
    "/dev/null",
)
# Outputs stay inside the example's folder: never an absolute path (this may run as root).
OUTPUTS = ("out.xlsx", "out.xlsm", "out.csv", "out.txt", "out", "", ".", "no/such/dir/x.xlsx",
           "a\x00.xlsx", "existing.xlsx", "sub")  # fmt: skip


@functools.cache
@functools.cache
def _bomb() -> bytes:
    """A small zip bomb: one part that expands 1000 times (20 MB of spaces in ~20 KB); made once
    a run (compressing its 20 MB part is most of what making the inputs costs)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("xl/workbook.xml", b"<a>" + b" " * 20_000_000 + b"</a>")
    return buf.getvalue()


def _make_inputs(folder: Path) -> None:
    (folder / "good.csv").write_text("ns,ew,score\n1,1,420\n2,2,450\n3,3,-50\n")
    (folder / "cp1252.csv").write_bytes(
        "ns,ew,contract,declarer,result\nJosé,1,4S,N,10\n".encode("cp1252")
    )
    (folder / "utf16.csv").write_bytes("ns,ew,score\n1,1,420\n".encode("utf-16"))
    (folder / "empty.csv").write_bytes(b"")
    (folder / "garbage.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "text.xlsx").write_text("not a workbook")
    (folder / "existing.xlsx").write_text("keep me")
    (folder / "sub").mkdir(exist_ok=True)
    (folder / "bomb.xlsx").write_bytes(_bomb())


@dataclass(frozen=True)
class Command:
    words: tuple[str, ...]  # "addin", "demo"
    positionals: tuple[argparse.Action, ...]
    options: tuple[argparse.Action, ...]


def _commands() -> list[Command]:
    out: list[Command] = []

    def walk(parser: argparse.ArgumentParser, words: tuple[str, ...]) -> None:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        pos = tuple(
            a for a in parser._actions
            if not a.option_strings and not isinstance(a, argparse._SubParsersAction)
        )  # fmt: skip
        opts = tuple(
            a for a in parser._actions
            if a.option_strings and not isinstance(a, argparse._HelpAction)
        )  # fmt: skip
        if words:
            out.append(Command(words, pos, opts))
        for sub in subs:
            for name, child in sub.choices.items():
                walk(child, (*words, name))

    walk(build_parser(), ())
    return out


COMMANDS = _commands()


# An option's strategies are made once, not at each draw: a new strategy is validated again
# (a tenth of this module's time went there); the strategies, and so the draws, are the same.
@functools.cache
def _value(action: argparse.Action) -> st.SearchStrategy[str]:
    names = " ".join(action.option_strings) + " " + (action.dest or "")
    choices = [str(c) for c in action.choices] if action.choices else []
    hostile = st.sampled_from(HOSTILE)
    if "output" in names:
        return st.one_of(st.sampled_from(OUTPUTS), hostile)
    if "template" in names or action.dest in ("file", "workbook", "names", "input"):
        return st.one_of(st.sampled_from(INPUTS), hostile)
    if action.dest == "kind":
        from xlbridge.movements.registry import KINDS

        return st.one_of(st.sampled_from(sorted(KINDS)), hostile)
    if choices:
        return st.one_of(st.sampled_from(choices), hostile)
    return st.one_of(st.sampled_from(SMALL), hostile, st.text(max_size=8))


@functools.cache
def _flags(action: argparse.Action) -> st.SearchStrategy[str]:
    return st.sampled_from(action.option_strings)


@st.composite
def argv_for(draw: st.DrawFn, cmd: Command) -> list[str]:
    argv = list(cmd.words)
    for action in cmd.positionals:
        if action.nargs == "?" and draw(st.booleans()):
            continue
        argv.append(draw(_value(action)))
    if cmd.options:
        required = [a for a in cmd.options if a.required]
        if draw(st.integers(0, 5)) == 0:  # sometimes leave out a required option
            required = required[1:]
        chosen = required + draw(st.lists(st.sampled_from(cmd.options), max_size=6))  # repeats
        for action in chosen:
            flag = draw(_flags(action))
            if action.nargs == 0:
                argv.append(flag)
            elif draw(st.integers(0, 9)) == 0:
                argv.append(f"{flag}={draw(_value(action))}")
            else:
                argv += [flag, draw(_value(action))]
    if draw(st.integers(0, 12)) == 0:  # a stray extra word
        argv.insert(draw(st.integers(0, len(argv))), draw(st.sampled_from(HOSTILE)))
    return argv


def run(argv: list[str], stdin: bytes = b"ns,ew,score\n1,1,420\n2,2,-50\n") -> tuple[int, str, str]:
    """``xlbridge ARGV`` in-process: (exit status, stdout, stderr)."""
    try:
        return run_cli(*argv, stdin=stdin)
    except BaseException as exc:  # the property: nothing escapes main
        pytest.fail(f"xlbridge {argv!r} raised {type(exc).__name__}: {exc}"[:500])


def check(argv: list[str], code: int, out: str, err: str) -> None:
    where = f"xlbridge {argv!r}"[:300]
    assert "Traceback" not in err and "Traceback" not in out, f"{where}: {err[-500:]}"
    assert code in (0, 2), f"{where}: exit {code}: {err[-300:]}"
    if code == 2:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) <= 1, f"{where}: {len(lines)} lines on stderr: {err[:500]}"
        if lines:
            assert lines[0].startswith("xlbridge"), f"{where}: {lines[0][:200]}"


@pytest.fixture
def in_folder(tmp_path: Path) -> Iterator[Path]:
    _make_inputs(tmp_path)
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: " ".join(c.words))
@settings(
    max_examples=40,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_hostile_arguments_cost_one_line(
    in_folder: Path, cmd: Command, data: st.DataObject
) -> None:
    argv = data.draw(argv_for(cmd), label="argv")
    (in_folder / "existing.xlsx").write_text("keep me")  # examples share the folder
    code, out, err = run(argv)
    check(argv, code, out, err)
    assert "--force" in argv or (in_folder / "existing.xlsx").read_text() == "keep me"


def test_every_command_is_covered() -> None:
    """The commands issue 15 names are all discovered (and whatever was added since)."""
    top = {c.words[0] for c in COMMANDS}
    assert {"score", "imps", "vp", "traveller", "movement", "new", "addin"} <= top


# The issue's examples, each refused in one line before any work.
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "mitchell", "--tables", "1000000000", "-o", "a.xlsx"], "out of range: 1-100"),
        (["new", "mitchell", "--tables", "3", "--boards-per-round", "1000000", "-o", "a.xlsx"],
         "out of range: 1-32"),
        (["new", "mitchell", "--tables", "3", "--rounds", "1000000", "-o", "a.xlsx"],
         "out of range: 1-100"),
        (["new", "mitchell", "--tables", "30", "--boards-per-round", "32", "-o", "a.xlsx"],
         "at most 200"),
        (["new", "howell", "--tables", "99", "-o", "a.xlsx"], "not supported"),
        (["vp", "12", "--boards", "1000000000"], "out of range: 1-500"),
        (["imps", "9" * 5000], "(5000 characters) is not a whole number"),
        (["imps", "²"], "not a whole number"),
        (["imps", "٣"], "not a whole number"),
        (["imps", "３"], "not a whole number"),
        (["score", "4S", "N", "²", "--vul", "None"], "is not a number of tricks"),
        (["score", "²S", "N", "10", "--vul", "None"], "is not like 4S"),
        (["score", "9" * 5000 + "S", "N", "10", "--vul", "None"], "levels are 1-7"),
        (["score", "4S", "N", "10", "--vul", "²"], "vulnerability"),
        (["score", "4S", "N", "10", "--board", "٣"], "not a whole number"),
        (["movement", "mitchell", "--tables", "7", "--arrow-switch", "٣:1"], "arrow switch item"),
        (["movement", "mitchell", "--tables", "7", "--arrow-switch", "9" * 5000 + ":1"],
         "arrow switch item"),
        (["movement", "mitchell", "--tables", "7", "--arrow-switch", ",".join(["1:1"] * 1001)],
         "at most 1000"),
        (["new", "mitchell", "--tables", "3", "--event", "a\x01b", "-o", "a.xlsx"], "U+0001"),
        (["new", "mitchell", "--tables", "3", "--event", "Caf\udce9", "-o", "a.xlsx"],
         "byte 0xE9"),
        (["new", "mitchell", "--tables", "3", "--template", "bomb.xlsx", "-o", "a.xlsx"],
         "template"),
        (["new", "mitchell", "--tables", "3", "-o", "a\x00.xlsx"], "NUL"),
        (["new", "mitchell", "--tables", "3", "--bogus", "a\nb", "-o", "a.xlsx"], "a\\nb"),
        (["vp", "3", "--scale=--"], "expected one argument"),  # argparse would pass []
        (["new", "head-to-head", "--tables", "2", "--segments", "1000000000", "-o", "a.xlsx"],
         "out of range: 1-16"),
        (["new", "head-to-head", "--tables", "2", "--carry-over", "1e308", "-o", "a.xlsx"],
         "is not a number"),
        (["new", "mitchell", "--tables", "3", "-o", "\udcff.xlsx"], "not UTF-8"),
    ],
)  # fmt: skip
def test_issue_examples_refused(in_folder: Path, argv: list[str], message: str) -> None:
    code, out, err = run(argv)
    check(argv, code, out, err)
    assert code == 2 and message in err, err
    assert not (in_folder / "a.xlsx").exists()


def test_optimal_arrow_switch_is_bounded_and_reproducible() -> None:
    """``movement mitchell --tables 30 --arrow-switch optimal`` ran over 30 s: the search now
    spends a fixed work budget (a count), so it ends, and its answer is the library's, which is
    a pure function of the movement (the same on every run and machine)."""
    from xlbridge.movements.mitchell import mitchell
    from xlbridge.movements.optimise import optimise_switches

    argv = [
        "movement",
        "mitchell",
        "--tables",
        "30",
        "--arrow-switch",
        "optimal",
        "--format",
        "csv",
    ]
    code, out, _err = run(argv)
    assert code == 0
    rows = [ln.split(",") for ln in out.splitlines()[1:] if ln.split(",")[1]]
    by_key = {(int(r[0]), int(r[1])): r[-1] for r in rows}
    lib = optimise_switches(mitchell(30, 2)).movement
    assert any(e.switched for e in lib.entries)
    for e in lib.entries:
        assert by_key[(e.round, e.table)] == " ".join(map(str, e.switched))


@pytest.fixture(scope="module")
def small_session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 3-table Mitchell with handicaps and masterpoints on its Names sheet."""
    folder = tmp_path_factory.mktemp("hostile_names")
    names = folder / "names.csv"
    names.write_text(
        "pair,player 1,player 2,handicap 1,handicap 2,masterpoints 1,masterpoints 2\n"
        "1,A,B,-5,1,100,20\n2,C,D,2,3,40,25\n"
    )
    path = folder / "s.xlsx"
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "--names", str(names),
                              "--handicap", "-o", str(path))  # fmt: skip
    assert code == 0, err
    return path


@pytest.mark.parametrize(
    ("column", "value", "says"),
    [
        # 1e308 was an internal decimal.InvalidOperation, 1e20 was printed, 51 and -5 passed
        ("Handicap 1", 1e308, "handicap 1e+308 is not between -50 and 50"),
        ("Handicap 2", 1e20, "handicap 1e+20 is not between -50 and 50"),
        ("Handicap 1", 51, "handicap 51 is not between -50 and 50"),
        ("Masterpoints 2", -5, "masterpoints -5 is not between 0 and 1e+07"),
    ],
)
def test_names_sheet_values_past_its_own_validation_are_one_line(
    small_session: Path, tmp_path: Path, column: str, value: float, says: str
) -> None:
    """The Names sheet's data validation refuses these when typed; pasted past it, every
    command that reads the sheet refuses them as that rule does, naming the cell."""
    import openpyxl

    wb = openpyxl.load_workbook(small_session)
    ws = wb["Names"]
    col = next(c.column for c in ws[3] if c.value == column)
    ws.cell(row=4, column=col, value=value)
    path = tmp_path / "filled.xlsx"
    wb.save(path)
    for argv in (["results", str(path)], ["cards", str(path)],
                 ["club", "record", str(path), "--db", str(tmp_path / "c.db")]):  # fmt: skip
        code, _out, err = run_cli(*argv)
        assert code == 2 and "Names!" in err and says in err, (argv, err)
        assert len(err.strip().splitlines()) == 1


def test_an_output_that_is_a_link_to_itself_is_one_line(
    small_session: Path, tmp_path: Path
) -> None:
    """``-o`` naming a link that leads back to itself was an internal RuntimeError (a symlink
    loop) in five commands: now the one line of the output check, before any work."""
    loop = tmp_path / "loop.xlsx"
    loop.symlink_to("loop.xlsx")
    s = str(small_session)
    csv = tmp_path / "r.csv"
    csv.write_text("board,ns,ew,contract,declarer,result\n")
    for argv in (["new", "mitchell", "--tables", "3"], ["new", "mitchell", "--tables", "3",
                 "--force"], ["rebuild", s], ["results", s, "--format", "html"], ["cards", s],
                 ["event", s, s], ["import", s, "--from", str(csv)],
                 ["season", "--db", str(tmp_path / "c.db")]):  # fmt: skip
        code, _out, err = run_cli(*argv, "-o", str(loop))
        assert code == 2 and "is a link that leads back to itself" in err, (argv, err)
        assert len(err.strip().splitlines()) == 1
    assert loop.is_symlink() and os.readlink(loop) == "loop.xlsx"
    code, _out, err = run_cli("results", str(loop))  # read, not written: the gate's one line
    assert code == 2 and "cannot be read: it is a link that leads back to itself" in err


def test_an_output_is_refused_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refusal of the output comes first, not after the workbook is built (``new`` of a
    large session took a minute, then said the file exists)."""
    from xlbridge.families.pairs import build

    def built(*_a: object, **_k: object) -> None:
        raise AssertionError("the workbook was built before the output was checked")

    monkeypatch.setattr(build, "build_workbook", built)
    out = tmp_path / "there.xlsx"
    out.write_bytes(b"the director's file")
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "-o", str(out))
    assert code == 2 and "already exists; use --force" in err
    assert out.read_bytes() == b"the director's file"


def test_a_database_of_version_minus_one_is_not_called_older(tmp_path: Path) -> None:
    """Another program's SQLite at user_version -1 was "from an older xlbridge" (and the
    creating path would have run the last migration on it, MIGRATIONS[-1]): now one line
    saying it is not a club database, the file unchanged."""
    import sqlite3

    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t(x)")
    con.execute("PRAGMA user_version = -1")
    con.commit()
    con.close()
    before = db.read_bytes()
    for argv in (["season"], ["club", "members"], ["club", "sessions"]):
        code, _out, err = run_cli(*argv, "--db", str(db))
        assert code == 2 and "not a club database" in err and "older" not in err, (argv, err)
        assert len(err.strip().splitlines()) == 1
    assert db.read_bytes() == before
