"""A club's own movement file: ``movement --format csv`` read back by ``movement --from``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import DATA, run_cli
from tests.support.workbook_fill import expected, fill, random_fill
from xlbridge.errors import InputFileError
from xlbridge.families.duplicate.context import Options
from xlbridge.interchange.movement_file import movement_csv, parse_movement_csv, read_movement_file
from xlbridge.movements.balance import balance
from xlbridge.movements.validate import check

HEADER = "round,table,ns,ew,ns_label,ew_label,boards,switched\n"
# The NBB 3-table Howell (schema N022_Howell_6.txt, as tabled in rules.md section 8), sets A-E
# as boards 1-2 ... 9-10, written by hand as a club would.
HOWELL_3 = DATA / "movements" / "howell-3-nbb.csv"


def _write(folder: Path, text: str, name: str = "club.csv") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["mitchell", "--tables", "7"],
        ["mitchell", "--tables", "8", "--even", "skip"],
        ["mitchell", "--tables", "4", "--even", "relay"],  # bye-stand rows
        ["howell", "--tables", "4"],
        ["mitchell", "--tables", "7", "--boards-per-round", "4", "--arrow-switch", "staggered"],
        ["mitchell", "--tables", "5", "--half-table"],  # table 5 has no row: the tables line
        ["rover", "--tables", "8"],
        ["web", "--tables", "15"],
    ],
)
def test_round_trip(tmp_path: Path, argv: list[str]) -> None:
    code, csv_out, _ = run_cli("movement", *argv, "--format", "csv")
    assert code == 0
    path = _write(tmp_path, csv_out)
    code, again, err = run_cli("movement", "--from", str(path), "--format", "csv")
    assert (code, err) == (0, "")
    assert again == csv_out
    _, json_built, _ = run_cli("movement", *argv, "--format", "json", "--balance")
    _, json_read, _ = run_cli("movement", "--from", str(path), "--format", "json", "--balance")
    assert json.loads(json_read) == json.loads(json_built)


def test_hand_written_file_defaults(tmp_path: Path) -> None:
    """A director's own two tables, two rounds: no labels, kind or tables lines."""
    text = HEADER + '1,1,1,2,,,1-2,\n1,2,3,4,,,3 4,\n2,1,1,4,,,"5,6",\n2,2,3,2,,,7 8,\n'
    m = parse_movement_csv(text, "club.csv")
    assert (m.kind, m.tables, m.rounds, m.boards_per_round) == ("custom", 2, 2, 2)
    assert [p.label for p in m.pairs] == ["1", "2", "3", "4"]
    assert m.round_entries(2)[0].boards == (5, 6)
    assert m.round_entries(2)[1].switched == ()
    assert check(m).errors == []
    assert parse_movement_csv(movement_csv(m), "again.csv") == m


def test_formula_text_stays_text() -> None:
    text = HEADER + '1,1,1,2,"=HYPERLINK(""x"")",-EW,1 2,\n'
    m = parse_movement_csv(text, "club.csv")
    out = movement_csv(m)
    assert "'=HYPERLINK" in out and ",'-EW," in out
    assert parse_movement_csv(out, "again.csv").label(1) == '=HYPERLINK("x")'


def test_problems_named_by_round_and_table(tmp_path: Path) -> None:
    """Pairs 2 and 4 replay boards in round 2 (Manning rule 2); exit status 1."""
    text = HEADER + "1,1,1,2,,,1 2,\n1,2,3,4,,,3 4,\n2,1,1,4,,,3 4,\n2,2,3,2,,,1 2,\n"
    path = _write(tmp_path, text)
    code, out, _ = run_cli("movement", "--from", str(path))
    assert code == 1
    assert "  rule 2: round 2, table 1: 4 plays boards 3,4 again" in out
    assert "  rule 2: round 2, table 2: 2 plays boards 1,2 again" in out
    code, _, err = run_cli("movement", "--from", str(path), "--format", "csv")
    assert code == 1 and "round 2, table 1" in err


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("1,x,1,2,,,1 2,\n", "club.csv line 2: table 'x' is not a whole number"),
        ("1,101,1,2,,,1 2,\n", "club.csv line 2: table 101 is out of range: 1-100"),
        ("1,1,1,2,,,1 2\n", "club.csv line 2: 7 fields; the header has 8"),
        ("1,1,1,2,,,,\n", "club.csv line 2: round 1 table 1: no boards"),
        ("1,1,1,2,,,1 2,\n1,1,3,4,,,3 4,\n", "club.csv line 3: round 1 table 1 is already on"),
        ("1,1,1,2,A,,1 2,\n2,1,2,1,,B,3 4,\n", "club.csv line 3: pair 1 is labelled 'B' here"),
        ("1,1,1,2,,,1 99999,\n", "club.csv line 2: boards 99999 is out of range: 1-9999"),
        ("1,1,1,2,,,5-1,\n", "club.csv line 2: boards '5-1' is not a run of boards"),
        ("1,,3,,,sits out,1,\n", "club.csv line 2: a sit-out line names one pair in ns"),
        ("1,,,,,,1 2,\n", "club.csv line 2: no table"),
        (",,,,=1,kind,,\n", "club.csv line 2: kind '=1': write letters"),
        ("1,1,1,2,,,1 2,\n,,,,1,tables,,\n1,2,3,4,,,3 4,\n", "club.csv: tables 1, but table 2"),
        ("1,1,1,2,,,1 2,\n,,,,rainbow,kind,,\n", "rainbow is an individual movement: write its"),
        ("1,1,1,2,,,1 2,\n,,,,head-to-head,kind,,\n", "only pairs and individual movements"),
        ("", "club.csv: no table lines"),
    ],
)
def test_bad_rows_one_line(tmp_path: Path, body: str, message: str) -> None:
    path = _write(tmp_path, HEADER + body)
    code, out, err = run_cli("movement", "--from", str(path))
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("sections,round,table,ns,ew,ns_label,ew_label,boards,switched",
         "a movement of several sections has the header section,round,table,"),
        ("round,table,north,east,south,west,boards",
         "an individual movement's header is exactly round,table,north,east,south,west,"),
        ("round,table,ns,ew,boards", "the header must be round,table,ns,ew,ns_label,"),
    ],
)  # fmt: skip
def test_unsupported_headers(header: str, message: str) -> None:
    with pytest.raises(InputFileError, match=r"^club\.csv line 1: ") as exc:
        parse_movement_csv(header + "\n1,1,1,2,,,1 2,\n", "club.csv")
    assert message in str(exc.value)


def test_from_refuses_a_kind_or_size(tmp_path: Path) -> None:
    path = _write(tmp_path, HEADER + "1,1,1,2,,,1 2,\n")
    code, _, err = run_cli("movement", "mitchell", "--from", str(path))
    assert code == 2 and "not both" in err
    code, _, err = run_cli("movement", "--from", str(path), "--tables", "7")
    assert code == 2 and "--tables does not apply to --from" in err
    code, _, err = run_cli("movement")
    assert code == 2 and "give a movement kind" in err


def test_club_howell_checked() -> None:
    """rules.md (NBB N022): every pair meets every other once and plays every set once; round 5
    relays set E at all three tables (4B); not balanced: s_ij per board 0-6, mean 2."""
    m = read_movement_file(HOWELL_3)
    v = check(m)
    assert v.complete and v.errors == []
    assert [(w.rule, w.round) for w in v.warnings] == [("4B", 5)]
    b = balance(m)
    per_board = {s // m.boards_per_round for s in b.histogram}
    assert (min(per_board), max(per_board), b.mean / m.boards_per_round) == (0, 6, 2)


def test_custom_movement_workbook_scores(tmp_path: Path) -> None:
    """new --movement-file: a workbook of the pairs family; results typed in are scored by
    ``results`` as the rules layer scores them (tests/support/workbook_fill.py)."""
    book = tmp_path / "howell.xlsx"
    code, out, err = run_cli("new", "--movement-file", str(HOWELL_3), "-o", str(book))
    assert (code, err) == (0, "") and "10 boards, 6 pairs" in out
    fresh, done = tmp_path / "fresh.xlsx", tmp_path / "done.xlsx"
    shutil.copy(book, fresh)  # the same new, kept unfilled for the import below
    m, opt = read_movement_file(HOWELL_3), Options()
    filled = random_fill(m, opt, seed=5)
    fill(book, m, opt, filled)
    want = expected(m, opt, filled).recap
    code, out, err = run_cli("results", str(book), "--format", "json")
    # Provisional (exit 3, issue 20): the random fill types some scores over the formula and
    # leaves a row empty; those are the only open problems.
    assert code == 3, err
    problems = [p["problem"] for p in json.loads(out)["problems"]]
    assert problems and all("typed over" in p or "no result" in p for p in problems), problems
    got = json.loads(out)
    assert got["kind"] == "club-howell-3"
    for row in got["entries"]:
        played, total, pct, rank = want[row["label"]]
        assert (row["played"], row["rank"]) == (played, rank)
        assert row["total"] == pytest.approx(total, abs=0.005)
        assert row["pct"] == pytest.approx(100 * pct, abs=0.005)
    code, _, err = run_cli("rebuild", str(book), "-o", str(tmp_path / "again.xlsx"))
    assert code == 2 and "is a club's own (new --movement-file)" in err
    # import: the results as PBN, read into a fresh workbook of the same file, score the same
    _, pbn, _ = run_cli("results", str(book), "--format", "pbn")
    (tmp_path / "howell.pbn").write_text(pbn, encoding="utf-8")
    code, _, err = run_cli("import", str(fresh), "--from", str(tmp_path / "howell.pbn"),
                           "-o", str(done))  # fmt: skip
    assert code == 0, err
    _, again, _ = run_cli("results", str(done), "--format", "json")
    assert json.loads(again)["entries"] == got["entries"]


def test_built_in_movement_file_keeps_its_kind(tmp_path: Path) -> None:
    """A built-in movement written out and read back is recorded as its kind, so rebuild works;
    changed (one board switched) it is recorded as ``custom``."""
    _, text, _ = run_cli("movement", "mitchell", "--tables", "5", "--format", "csv")
    same, changed = _write(tmp_path, text), _write(tmp_path, text.replace(
        "1,1,1,6,NS 1,EW 1,1 2,\n", "1,1,1,6,NS 1,EW 1,1 2,2\n"), "changed.csv")  # fmt: skip
    for path, kind in ((same, "mitchell"), (changed, "custom")):
        book = tmp_path / f"{path.stem}.xlsx"
        assert run_cli("new", "--movement-file", str(path), "-o", str(book))[0] == 0
        code, out, _ = run_cli("results", str(book), "--format", "json")
        assert json.loads(out)["kind"] == kind
    code, _, err = run_cli("rebuild", str(tmp_path / "club.xlsx"), "-o", str(tmp_path / "r.xlsx"))
    assert (code, err) == (0, "")


def test_new_refuses_a_broken_movement(tmp_path: Path) -> None:
    text = HEADER + "1,1,1,2,,,1 2,\n1,2,3,4,,,3 4,\n2,1,1,4,,,3 4,\n2,2,3,2,,,1 2,\n"
    path = _write(tmp_path, text)
    code, _, err = run_cli("new", "--movement-file", str(path), "-o", str(tmp_path / "x.xlsx"))
    assert code == 2 and "2 broken rules, first rule 2: round 2, table 1" in err
    assert not (tmp_path / "x.xlsx").exists()
    code, _, err = run_cli("new", "--movement-file", str(HOWELL_3), "--tables", "3", "-o", "x.xlsx")
    assert code == 2 and "--tables does not apply to --movement-file" in err


# -- .ASC movement files (pjms.nl standard) ---------------------------------------------------

# The standard's own example, http://www.pjms.nl/movementfile_standard.html: 14 pairs, 7 tables,
# 6 rounds, board groups A-F (the page shows the header "14 7 6 6 0" and "1- 2 A 3- 4 B ...").
PJMS = DATA / "movements" / "pjms-example.asc"


def test_asc_standard_example() -> None:
    m = read_movement_file(PJMS, 3)
    assert (m.kind, m.tables, m.rounds, m.boards_per_round, len(m.pairs)) == (
        "pjms-example", 7, 6, 3, 14,
    )  # fmt: skip
    first = m.round_entries(1)[0]
    assert (first.ns, first.ew, first.boards) == (1, 2, (1, 2, 3))
    last = m.round_entries(6)[6]
    assert (last.ns, last.ew, last.boards) == (14, 4, (16, 17, 18))  # "14- 4 F"
    v = check(m)
    # Every pair plays every group once and meets no one twice; table 7 relays each round.
    assert v.complete and v.errors == []
    assert sorted({(w.rule, w.table) for w in v.warnings}) == [("4B", 7)]


def test_asc_to_csv_and_workbook(tmp_path: Path) -> None:
    code, csv_out, err = run_cli(
        "movement", "--from", str(PJMS), "--boards-per-round", "2", "--format", "csv"
    )
    assert (code, err) == (0, "")
    path = _write(tmp_path, csv_out, "pjms.csv")
    _, again, _ = run_cli("movement", "--from", str(path), "--format", "csv")
    assert again == csv_out and ",,,,pjms-example,kind,," in csv_out
    book = tmp_path / "pjms.xlsx"
    code, out, err = run_cli(
        "new", "--movement-file", str(PJMS), "--boards-per-round", "2", "-o", str(book)
    )
    assert (code, err) == (0, "") and "12 boards, 14 pairs" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8 2 1 2 1\n1 2 3 4 A 5 6 7 A\n", "club.asc line 2: 9 items; 2 tables need 10"),
        ("8 2 1 2 1\n1 2 3 4 A 5 6 7 0 B\n", "club.asc line 2, table 2: a table seats four"),
        ("8 2 1 2 1\n1 2 3 4 A 5 6 7 1 B\n", "club.asc line 2, table 2: player 1 twice"),
        ("4 2 1\n", "club.asc line 1: the header is five numbers"),
        ("4 2 1 2 0\n1-2 A 3-4 C\n", "club.asc line 2, table 2: board group C is past the"),
        ("4 2 1 2 0\n1-2 A 3-4 2\n", "groups are all capitals or all numbers"),
        ("4 2 1 2 0\n1-2 A 3-5 B\n", "club.asc line 2, table 2: EW pair 5 is out of range: 0-4"),
        ("4 2 2 2 0\n1-2 A 3-4 B\n", "club.asc: 1 round lines; the header says 2"),
        ("4 2 1 2 0\n1-2 A 0 0 0\n\n1-2 A 3-4 B\n", "more round lines than the header's 1"),
    ],
)
def test_asc_bad_lines(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, text, "club.asc")
    code, out, err = run_cli("movement", "--from", str(path), "--boards-per-round", "2")
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_boards_per_round_only_for_asc(tmp_path: Path) -> None:
    code, _, err = run_cli("movement", "--from", str(PJMS))
    assert code == 2 and "give the boards in a group with --boards-per-round" in err
    path = _write(tmp_path, HEADER + "1,1,1,2,,,1 2,\n")
    code, _, err = run_cli("movement", "--from", str(path), "--boards-per-round", "2")
    assert code == 2 and "a CSV movement file names its boards" in err


def _sections_csv(tmp_path: Path, *kinds: list[str]) -> Path:
    """A movement file of several sections: each built-in kind's CSV under its letter."""
    lines: list[str] = []
    for letter, argv in zip("ABCD", kinds, strict=False):
        code, text, _ = run_cli("movement", *argv, "--format", "csv")
        assert code == 0
        head, *rows = text.splitlines()
        lines = lines or ["section," + head]
        lines += [f"{letter},{row}" for row in rows]
    return _write(tmp_path, "\n".join(lines) + "\n", "sections.csv")


def _values(path: Path) -> openpyxl.Workbook:
    """The workbook at ``path`` for its sheet names and cell values: read-only, one streaming
    pass a sheet (formulas as their text, as a full load gives them)."""
    return openpyxl.load_workbook(path, read_only=True)


def test_sections_file_is_the_workbook_of_new_sections(tmp_path: Path) -> None:
    """A file of two sections (a Mitchell and a Howell, each its own lines under its letter)
    writes the same workbook, cell for cell, as ``new --sections``."""
    path = _sections_csv(tmp_path, ["mitchell", "--tables", "5", "--boards-per-round", "2"],
                         ["howell", "--tables", "3", "--boards-per-round", "2"])  # fmt: skip
    code, out, err = run_cli("movement", "--from", str(path))
    assert code == 0 and "Table  1: B-1    v B-2     boards 1-2" in out
    code, out, err = run_cli("new", "--movement-file", str(path), "-o", str(tmp_path / "f.xlsx"))
    assert code == 0 and "16 pairs in 2 sections" in out, err
    assert run_cli("new", "--sections", "A:mitchell:5,B:howell:3", "--boards-per-round", "2",
                   "-o", str(tmp_path / "s.xlsx"))[0] == 0  # fmt: skip
    a, b = _values(tmp_path / "f.xlsx"), _values(tmp_path / "s.xlsx")
    assert a.sheetnames == b.sheetnames
    for name in a.sheetnames:
        assert list(a[name].iter_rows(values_only=True)) == list(
            b[name].iter_rows(values_only=True)
        ), name
    code, _out, err = run_cli("movement", "--from", str(path), "--format", "csv")
    assert code == 2 and "its own CSV" in err
    # Each section scored on its own, and sets of sections: as --sections writes them.
    for extra in (["--section-scoring", "section"], ["--board-sets", "A,B"]):
        code, _o, err = run_cli("new", "--movement-file", str(path), *extra,
                                "-o", str(tmp_path / "f2.xlsx"), "--force")  # fmt: skip
        assert code == 0, err
        assert run_cli("new", "--sections", "A:mitchell:5,B:howell:3", "--boards-per-round",
                       "2", *extra, "-o", str(tmp_path / "s2.xlsx"), "--force")[0] == 0  # fmt: skip
        a = _values(tmp_path / "f2.xlsx")
        b = _values(tmp_path / "s2.xlsx")
        assert [list(a[n].iter_rows(values_only=True)) for n in a.sheetnames] == [
            list(b[n].iter_rows(values_only=True)) for n in b.sheetnames
        ], extra
    plain = _write(tmp_path, run_cli("movement", "mitchell", "--tables", "3", "--format",
                                     "csv")[1], "one.csv")  # fmt: skip
    code, _o, err = run_cli("new", "--movement-file", str(plain), "--section-scoring", "section",
                            "-o", str(tmp_path / "x.xlsx"))  # fmt: skip
    assert code == 2 and "is for several sections" in err


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("AB,1,1,1,2,,,1 2,\n", "sections.csv line 2: section 'AB' is not a letter A-Z"),
        ("A,1,1,1,2,,,1 2,\n", "sections.csv: one section"),
        ("A,1,1,1,2,,,1 2,\nB,1,1,1,2,,,1 2 3,\n", "every section plays the same boards a"),
        ("A,1,1,1,2,,,1 2,\nB,1,1,1,2,,,1 2,\nB,1,1,3,4,,,3 4,\n",
         "sections.csv line 4: round 1 table 1 is already on line 3"),
    ],
)  # fmt: skip
def test_sections_file_bad_lines(tmp_path: Path, body: str, message: str) -> None:
    path = _write(tmp_path, "section," + HEADER + body, "sections.csv")
    code, out, err = run_cli("movement", "--from", str(path))
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
