"""Issue 31, "small things a user meets every week": each problem said once, a typo answered by
the command it was typed to with the nearest option, and the club's own commands saying why.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from tests.support.shared import REPO, run_cli
from xlbridge.club.schema import open_database
from xlbridge.club.season_render import nobody_qualifies, render_season
from xlbridge.club.sessions import EntryLine, PlayerLine, SessionRecord, record_session
from xlbridge.families.pairs.build import write_session
from xlbridge.movements.mitchell import mitchell
from xlbridge.scoring.season import MemberScore, SeasonOptions, season_standings
from xlbridge.workbook.formulas import FIRST_ROW


def _one_problem(path: Path) -> Path:
    """A three-table Mitchell with one row of board 1 typed without a declarer: open problems
    (that row, and every row with no result)."""
    write_session(mitchell(3, 2), path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Board 1"]
    ws[f"C{FIRST_ROW}"], ws[f"E{FIRST_ROW}"] = "4H", 4  # no declarer
    wb.save(path)
    return path


def test_the_text_report_lists_each_problem_once(tmp_path: Path) -> None:
    path = _one_problem(tmp_path / "s.xlsx")
    code, out, err = run_cli("results", str(path))
    assert code == 3
    line = "Board 1, row 1 (NS 1 v EW 1): declarer missing"
    assert out.count(line) == 1 and line not in err
    assert out.startswith("PROVISIONAL:") and "PROVISIONAL" not in err


def test_other_formats_and_files_name_the_problems_on_standard_error(tmp_path: Path) -> None:
    path = _one_problem(tmp_path / "s.xlsx")
    line = "Board 1, row 1 (NS 1 v EW 1): declarer missing"
    code, out, err = run_cli("results", str(path), "--format", "csv")
    assert code == 3 and err.count(line) == 1 and "PROVISIONAL:" in err
    code, out, err = run_cli("results", str(path), "-o", str(tmp_path / "r.txt"))
    assert code == 3 and out == "" and err.count(line) == 1
    assert (tmp_path / "r.txt").read_text().count(line) == 1


def test_a_mistyped_option_is_answered_by_its_command_with_the_nearest() -> None:
    code, out, err = run_cli("new", "mitchell", "--table", "5", "-o", "x.xlsx")
    assert code == 2 and out == ""
    assert err.startswith("xlbridge new: error: unrecognized arguments: --table 5;")
    assert "did you mean --tables?" in err and "(see xlbridge new --help)" in err
    code, _, err = run_cli("results", "s.xlsx", "--fromat=csv")
    assert code == 2 and err.startswith("xlbridge results: error:")
    assert "did you mean --format?" in err
    code, _, err = run_cli("club", "show", "Ann", "--dbb", "c.sqlite")
    assert code == 2 and err.startswith("xlbridge club show: error:") and "--db?" in err


def test_a_word_like_no_option_gets_no_guess() -> None:
    code, _, err = run_cli("new", "mitchell", "--tables", "3", "--zzzzzz", "-o", "x.xlsx")
    assert code == 2 and "unrecognized arguments: --zzzzzz" in err and "did you mean" not in err


def test_a_mistyped_command_or_choice_gets_the_nearest() -> None:
    code, _, err = run_cli("sesaon")
    assert code == 2 and "invalid choice: 'sesaon'; did you mean season? (choose from" in err
    code, _, err = run_cli("season", "--competition", "atendance")
    assert code == 2 and err.startswith("xlbridge season: error:")
    assert "did you mean attendance?" in err


# -- season: a new club's first sessions ------------------------------------------------------


def _three_sessions() -> list[MemberScore]:
    """A new club's first three sessions: Ann played all three, Bo two."""
    return [MemberScore("1", "Ann", k, f"2026-01-0{k}", 50.0 + k) for k in (1, 2, 3)] + [
        MemberScore("2", "Bo", k, f"2026-01-0{k}", 45.0) for k in (1, 2)
    ]


def test_a_season_that_ranks_nobody_says_why_and_how_to_change_it() -> None:
    text = render_season(season_standings(_three_sessions(), SeasonOptions()), "text")
    assert "Nobody qualifies yet: the most sessions a member played is 3; this table needs 10 (--b"\
        "est 10)." in text
    assert text.endswith("To rank them now: xlbridge season --best 3 (or --minimum 3: all played"
                         " averaged)")  # fmt: skip
    # The command it names ranks them: Ann on her three sessions' mean.
    t = season_standings(_three_sessions(), SeasonOptions(best=3))
    assert [(x.rank, x.name, x.value) for x in t.lines if x.qualifies] == [("1", "Ann", 52.0)]
    assert nobody_qualifies(t) == ""
    t = season_standings(_three_sessions(), SeasonOptions("improved"))
    assert nobody_qualifies(t).endswith("xlbridge season --competition improved --window 1")
    t = season_standings(_three_sessions(), SeasonOptions(minimum=5))
    assert "needs 5 (--minimum 5)" in nobody_qualifies(t)
    assert nobody_qualifies(season_standings([], SeasonOptions())) == ""  # nobody played


def test_attendance_prints_one_figure_column() -> None:
    text = render_season(season_standings(_three_sessions(), SeasonOptions("attendance")), "text")
    head, ann, bo = text.splitlines()[3:6]
    assert head.split() == ["Rank", "Name", "Sessions"]
    assert ann.split() == ["1", "Ann", "3"] and bo.split() == ["2", "Bo", "2"]


def test_season_names_why_on_standard_error_beside_csv(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    con = open_database(db)
    con.execute("BEGIN")  # one final session, as xlbridge club record writes it
    con.execute("INSERT INTO sessions VALUES (1, 'monday-1', 'x', 'Monday Pairs', '2026-01-05',"
                " 'mitchell', 'pairs', 'mp', 'final', '', 'monday.xlsx', '2026-03-01T00:00:00Z')")
    con.execute("INSERT INTO results VALUES (1, 'NS 1', 'NS', 24, NULL, 55.0, '1', NULL, NULL,"
                " NULL)")  # fmt: skip
    for seat, (number, name) in enumerate((("1", "Ann"), ("2", "Bo")), start=1):
        con.execute("INSERT INTO players VALUES (1, 'NS 1', ?, ?, ?)", (seat, number, name))
    con.execute("COMMIT")
    con.close()
    code, out, err = run_cli("season", "--db", str(db), "--format", "csv")
    assert code == 0 and out.startswith("rank,member")
    assert err.splitlines() == [
        "xlbridge season: Nobody qualifies yet: the most sessions a member played is 1; this"
        " table needs 10 (--best 10).",
        "xlbridge season: To rank them now: xlbridge season --best 1 (or --minimum 1: all played"
        " averaged)",
    ]
    code, out, err = run_cli("season", "--db", str(db), "--best", "1")
    assert code == 0 and err == "" and "Nobody" not in out and "Ann" in out


# -- club show: what record kept ------------------------------------------------------------


def test_club_show_gives_the_handicap_and_stratum_that_record_stored(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    con = open_database(db)
    players = (PlayerLine(1, "1001", "Ann Lee"), PlayerLine(2, "1002", "Bo Chan"))
    lines = (
        EntryLine("NS 1", "NS", 9, 14.0, 77.78, "1", players, 78.53, "1", "A"),
        EntryLine("NS 2", "NS", 9, 4.0, 22.22, "2", (), 24.72, "2", "B"),
    )
    rec = SessionRecord("Club", "2026-01-05", "mitchell", "pairs", "mp", "final", lines, "0")
    record_session(con, rec, source="a.xlsx")
    con.close()
    code, out, err = run_cli("club", "show", "1", "--db", str(db))
    assert code == 0, err
    head, ns1, ns2 = out.splitlines()[1:4]
    assert head.split() == ["Rank", "Entry", "Dir", "Played", "Total", "Pct", "Hcp", "Pct", "Hcp",
                            "Rank", "Stratum", "Players"]  # fmt: skip
    assert ns1.split()[:9] == ["1", "NS", "1", "NS", "9", "14", "77.78", "78.53", "1"]
    assert ns1.split()[9] == "A" and ns2.split()[7:10] == ["24.72", "2", "B"]
    csv_out = run_cli("club", "show", "1", "--db", str(db), "--format", "csv")[1].splitlines()
    assert csv_out[0] == "Rank,Entry,Dir,Played,Total,Pct,Hcp Pct,Hcp Rank,Stratum,Players"
    got = json.loads(run_cli("club", "show", "1", "--db", str(db), "--format", "json")[1])
    first = got["entries"][0]
    assert (first["handicapped_pct"], first["handicapped_rank"], first["stratum"]) == (
        78.53, "1", "A")  # fmt: skip


def test_club_show_adds_no_empty_columns(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    con = open_database(db)
    lines = (EntryLine("NS 1", "NS", 9, 14.0, 77.78, "1", ()),)
    record_session(con, SessionRecord("Club", "", "mitchell", "pairs", "mp", "final", lines, "0"),
                   source="a.xlsx")  # fmt: skip
    con.close()
    out = run_cli("club", "show", "1", "--db", str(db), "--format", "csv")[1]
    assert out.splitlines()[0] == "Rank,Entry,Dir,Played,Total,Pct,Players"


# -- barometer standings with names ---------------------------------------------------------


def test_barometer_standings_name_the_pairs(tmp_path: Path) -> None:
    examples = REPO / "examples"
    book, filled = tmp_path / "b.xlsx", tmp_path / "f.xlsx"
    assert run_cli("new", "barometer-mitchell", "--tables", "3", "--boards-per-round", "3",
                   "--names", str(examples / "names.csv"), "-o", str(book))[0] == 0  # fmt: skip
    # The Mitchell's results file fits the barometer's first round at table 1 only: enough.
    run_cli("import", str(book), "--from", str(examples / "results.csv"), "-o", str(filled))
    code, out, _ = run_cli("results", str(filled))
    assert code == 3  # most rows are empty: provisional
    block = out[out.index("Standings after round 1 of 3"):].splitlines()
    assert block[1:4] == [
        "NS pairs",
        "Rank  Pair  Names              Played      %",
        "   1  NS 1  Ann Lee & Bo Chan       3  50.00",
    ]
    assert block[5] == "Rank  Pair  Names                Played      %"
    assert block[6] == "   1  EW 1  Gus Hart & Hana Ito       3  50.00"


def test_barometer_standings_without_names_have_no_empty_column(tmp_path: Path) -> None:
    book = tmp_path / "b.xlsx"
    assert run_cli("new", "barometer-mitchell", "--tables", "3", "-o", str(book))[0] == 0
    out = run_cli("results", str(book))[1]
    block = out[out.index("Standings after round 1 of"):].splitlines()
    assert block[1:3] == ["NS pairs", "Rank  Pair  Played  %"]


# -- the README's evening says why its USEBIO step names twelve players ------------------------


def test_the_readme_says_why_the_usebio_step_names_twelve_players(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    evening = readme.split("\n## A club evening", 1)[1].split("\n## ", 1)[0]
    said = " ".join(evening.split("The USEBIO line also prints 12 lines such as `", 1)[1]
                    .split("`", 1)[0].split())  # fmt: skip
    assert "source .venv/bin/activate" in evening.split("```", 1)[0]  # before the first command
    book, filled = tmp_path / "t.xlsx", tmp_path / "f.xlsx"
    run_cli("new", "mitchell", "--tables", "3", "--boards-per-round", "3", "--names",
            str(REPO / "examples" / "names.csv"), "-o", str(book))  # fmt: skip
    run_cli("import", str(book), "--from", str(REPO / "examples" / "results.csv"), "-o",
            str(filled))  # fmt: skip
    code, _, err = run_cli("results", str(filled), "--format", "usebio", "-o",
                           str(tmp_path / "t.xml"))  # fmt: skip
    named = [x for x in err.splitlines() if "has no member number" in x]
    assert code == 0 and len(named) == 12 and said in named


def test_most_improved_says_which_of_window_and_minimum_to_change() -> None:
    scores = [MemberScore("1", "Ann", k, f"2026-01-0{k}", 50.0 + k) for k in range(1, 6)]
    # Five sessions: the window of 3 needs 6; --window 2 needs 4, which Ann has.
    t = season_standings(scores, SeasonOptions("improved"))
    assert "needs 6 (twice --window 3)" in nobody_qualifies(t)
    assert nobody_qualifies(t).endswith("xlbridge season --competition improved --window 2")
    assert season_standings(scores, SeasonOptions("improved", window=2)).lines[0].qualifies
    t = season_standings(scores, SeasonOptions("improved", window=2, minimum=8))
    assert "needs 8 (--minimum 8)" in nobody_qualifies(t)
    assert nobody_qualifies(t).endswith("--competition improved --minimum 5")
    t = season_standings(scores, SeasonOptions("improved", minimum=8))
    assert nobody_qualifies(t).endswith("--competition improved --window 2 --minimum 5")
    assert season_standings(scores, SeasonOptions("improved", window=2, minimum=5)).lines[0].rank
    t = season_standings(scores[:1], SeasonOptions("improved"))
    assert nobody_qualifies(t).endswith("To rank them now: wait for a second session")
