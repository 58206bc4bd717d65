"""Issue 23, the season: ``xlbridge season`` over the sessions recorded in the club database.

The season below (eight sessions recorded, seven pairs games and a teams match) has changing
partnerships, a pair that always plays together (so a tie), members below the minimum, a
player without a federation number, two handicapped sessions, a provisional session, a session
before the season and one scored in IMPs (no percentage). Each competition's table is checked
against an independent computation written differently (pandas), and small cases by hand.
There is no published source for a club's season competitions: the rules are the club's own
(a club's "best N of at least M" average, e.g. the Dagwell Trophy of the Spade Heart Diamond
Club, bridgewebs.com/lingwood/comp.html: "each named pair must compete at least eight of the
possible sessions to qualify ... calculated by a simple average").
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.nu_validator import validate_html
from tests.support.shared import REPO, digest, needs_program, run_cli
from xlbridge.club.schema import open_database
from xlbridge.club.season_query import read_season
from xlbridge.errors import SessionError
from xlbridge.scoring.season import (
    MemberScore,
    SeasonOptions,
    Standings,
    attendance,
    best_average,
    handicap_ladder,
    most_improved,
    season_standings,
)

HYPERLINK = '=HYPERLINK("http://evil.example","Gil")'
# number -> name in the register (Ann's register name differs from the name her sessions give)
REGISTER = {"101": "Ann Archer", "104": "Dee Dunn"}
PLAYERS = {"Ann": "101", "Bo": "102", "Cy": "103", "Dee": "104", "Ed": "105", "Fay": "106",
           HYPERLINK: "107", "Hal": "108", "Gale": None}  # fmt: skip
GIL = HYPERLINK
# (id, date, status, page, scoring, [(player 1, player 2, pct, handicapped pct)])
SESSIONS = [
    (10, "2025-12-29", "final", "r0.html", "mp", [
        ("Ann", "Bo", 20.0, None), ("Dee", "Ed", 80.0, None)]),
    (1, "2026-01-05", "final", "2026-01-05.html", "mp", [
        ("Ann", "Bo", 62.5, None), ("Dee", "Ed", 55.0, None), ("Cy", GIL, 48.0, None),
        ("Hal", "Fay", 34.5, None)]),
    (2, "2026-01-12", "final", "https://club.example/r/2026-01-12", "mp", [
        ("Ann", "Cy", 58.25, None), ("Dee", "Ed", 51.0, None), ("Bo", "Hal", 47.5, None),
        (GIL, "Gale", 43.25, None)]),
    (3, "2026-01-19", "final", "javascript:alert(1)", "mp", [
        ("Bo", "Cy", 60.0, None), ("Dee", "Ed", 57.5, None), ("Ann", GIL, 45.0, None),
        ("Hal", "Gale", 37.5, None)]),
    (4, "2026-01-26", "final", "", "mp", [
        ("Ann", "Hal", 52.0, 55.1), ("Dee", "Ed", 49.0, 50.0), ("Bo", GIL, 55.0, 53.2),
        ("Cy", "Fay", 44.0, 49.9)]),
    (5, "2026-02-02", "final", "2026-02-02.html", "mp", [
        ("Ann", "Bo", 66.0, None), ("Dee", "Ed", 53.5, None), ("Cy", "Hal", 41.0, None),
        (GIL, "Gale", 39.5, None)]),
    (6, "2026-02-09", "final", "2026-02-09.html", "mp", [
        ("Bo", "Cy", 57.0, 56.0), ("Dee", "Ed", 61.0, 58.5), ("Ann", GIL, 50.5, 52.5),
        ("Hal", "Gale", 31.5, 40.0)]),
    (7, "2026-02-16", "provisional", "2026-02-16.html", "mp", [
        ("Ann", "Cy", 70.0, None), ("Dee", "Ed", 50.0, None), ("Bo", GIL, 40.0, None),
        ("Hal", "Fay", 40.0, None)]),
    (8, "2026-02-23", "final", "", "imps", [("Ann", "Bo", None, None), ("Cy", "Ed", None, None)]),
]  # fmt: skip
SEASON = ("2026-01-01", "2026-12-31")


def record(con: sqlite3.Connection, sessions: list[tuple]) -> None:  # type: ignore[type-arg]
    """The sessions written with plain INSERTs, as ``xlbridge club record`` would."""
    con.execute("BEGIN")
    for number, name in REGISTER.items():
        con.execute("INSERT INTO members (number, name) VALUES (?, ?)", (number, name))
    for sid, date, status, page, scoring, pairs in sessions:
        con.execute(
            "INSERT INTO sessions VALUES (?, ?, 'x', 'Monday Pairs', ?, 'mitchell', 'pairs', ?,"
            " ?, ?, 'monday.xlsx', '2026-03-01T00:00:00Z')",
            (sid, f"monday-{date}", date, scoring, status, page),
        )
        for i, (a, b, pct, hpct) in enumerate(pairs, start=1):
            entry = f"NS {i}"
            con.execute(
                "INSERT INTO results VALUES (?, ?, 'NS', 24, NULL, ?, '1', ?, NULL, NULL)",
                (sid, entry, pct, hpct),
            )
            for seat, who in enumerate((a, b), start=1):
                con.execute("INSERT INTO players VALUES (?, ?, ?, ?, ?)",
                            (sid, entry, seat, PLAYERS[who], who))  # fmt: skip
    con.execute("COMMIT")


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite"
    con = open_database(path)
    record(con, SESSIONS)
    con.close()
    return path


def _table(path: Path, options: SeasonOptions) -> Standings:
    """The competition over the season read from the database at ``path``."""
    con = sqlite3.connect(path)
    try:
        sessions, scores = read_season(con)
    finally:
        con.close()
    return season_standings(scores, options, sessions)


# -- the independent computation (pandas, from SESSIONS, not from the database) ---------------


def _frame(include_provisional: bool = False) -> pd.DataFrame:
    rows = []
    for _sid, date, status, _page, _scoring, pairs in SESSIONS:
        for a, b, pct, hpct in pairs:
            for who in (a, b):
                number = PLAYERS[who]
                rows.append(
                    {
                        "member": number or f"({who})",  # issue 30: a name is no number
                        "name": REGISTER.get(number or "", who),
                        "date": date,
                        "pct": pct,
                        "hpct": hpct,
                        "status": status,
                    }
                )
    df = pd.DataFrame(rows)
    keep = (df.date >= SEASON[0]) & (df.date <= SEASON[1]) & df.pct.notna()
    if not include_provisional:
        keep &= df.status == "final"
    return df[keep]


def _expected(table: pd.DataFrame, minimum: int) -> list[tuple[str, str, int, float]]:
    """(rank, member, played, value) as a club's table shows it: qualifiers by value, ties
    sharing the lowest place with "=", then the others unranked."""
    table = table.round({"value": 9})
    good = table[table.played >= minimum].copy()
    good["place"] = good.value.rank(method="min", ascending=False).astype(int)
    counts = good.place.value_counts()
    good["rank"] = [f"{p}{'=' if counts[p] > 1 else ''}" for p in good.place]
    out = [
        (r, m, int(n), v)
        for r, m, n, v in good.sort_values(["place", "name"])[
            ["rank", "member", "played", "value"]
        ].values
    ]
    rest = table[table.played < minimum].sort_values(["value", "name"], ascending=[False, True])
    return out + [("", m, int(n), v) for m, n, v in rest[["member", "played", "value"]].values]


def _got(lines: tuple) -> list[tuple[str, str, int, float]]:  # type: ignore[type-arg]
    return [(x.rank, x.member, x.played, round(x.value, 9)) for x in lines]


@pytest.mark.parametrize("provisional", [False, True])
@pytest.mark.parametrize(("best", "minimum"), [(4, 4), (3, 5), (10, 1)])
def test_best_average_equals_pandas(club: Path, best: int, minimum: int, provisional: bool) -> None:
    df = _frame(provisional)
    g = df.groupby("member")
    table = pd.DataFrame({
        "name": g.name.last(), "played": g.pct.count(),
        "value": g.pct.apply(lambda s: s.nlargest(best).mean()),
    }).reset_index()  # fmt: skip
    options = SeasonOptions(best=best, minimum=minimum, start=SEASON[0], end=SEASON[1],
                            include_provisional=provisional)  # fmt: skip
    got = _table(club, options)
    assert _got(got.lines) == _expected(table, minimum)
    for x in got.lines:  # the sessions marked counted are those averaged
        counted = [c.pct for c in x.scores if c.counted]
        assert len(counted) == x.counted and sum(counted) / len(counted) == pytest.approx(x.value)
        assert sorted(counted) == sorted(c.pct for c in x.scores)[-len(counted) :]


def test_handicap_ladder_equals_pandas(club: Path) -> None:
    df = _frame()
    df = df[df.hpct.notna()]
    g = df.groupby("member")
    table = pd.DataFrame(
        {
            "name": g.name.last(),
            "played": g.hpct.count(),
            "value": g.hpct.apply(lambda s: s.nlargest(2).mean()),
        }
    ).reset_index()
    options = SeasonOptions("handicap", best=2, minimum=2, start=SEASON[0], end=SEASON[1])
    got = _table(club, options)
    assert _got(got.lines) == _expected(table, 2)
    assert [s.id for s in got.sessions] == [4, 6]  # the handicapped sessions only


def test_most_improved_equals_pandas(club: Path) -> None:
    df = _frame().sort_values("date")
    g = df.groupby("member")
    k = 2
    table = pd.DataFrame({
        "name": g.name.last(), "played": g.pct.count(),
        "value": g.pct.apply(lambda s: s.tail(k).mean() - s.head(k).mean()),
    }).reset_index()  # fmt: skip
    enough = table[table.played >= 2 * k]
    got = _table(
        club, SeasonOptions("improved", window=k, minimum=5, start=SEASON[0], end=SEASON[1])
    )
    assert _got([x for x in got.lines if x.value is not None]) == _expected(enough, 5)
    for x in got.lines:
        marks = [c.counted for c in x.scores]
        assert marks == ([True] * k + [False] * (len(marks) - 2 * k) + [True] * k
                         if x.value is not None else [False] * len(marks))  # fmt: skip
    assert all(x.counted == 0 and not x.qualifies for x in got.lines if x.value is None)


def test_attendance_equals_pandas(club: Path) -> None:
    df = _frame(include_provisional=True)
    counts = df.groupby("member").pct.count()
    got = _table(
        club, SeasonOptions("attendance", include_provisional=True, start=SEASON[0], end=SEASON[1])
    )
    assert {x.member: x.played for x in got.lines} == counts.to_dict()
    assert [x.value for x in got.lines] == sorted(counts.values.astype(float), reverse=True)


def test_the_season_by_hand(club: Path) -> None:
    """Best 4 of at least 4, finals of 2026 (sessions 1-6), worked out by hand:
    Bo 62.5, 47.5, 60, 55, 66, 57 -> best 4 66+62.5+60+57 = 245.5 / 4 = 61.375, first;
    Ann 62.5, 58.25, 45, 52, 66, 50.5 -> 66+62.5+58.25+52 = 238.75 / 4 = 59.6875, second;
    Dee and Ed, always partners: 61+57.5+55+53.5 = 227 / 4 = 56.75 each, a tie for third;
    Cy 60+58.25+57+48 = 223.25 / 4 = 55.8125, fifth;
    Fay played twice (34.5, 44): below the minimum, listed unranked under the qualifiers;
    Gale (no federation number) is known by name: 43.25, 37.5, 39.5, 31.5 -> 37.9375."""
    t = _table(club, SeasonOptions(best=4, minimum=4, start=SEASON[0],
                                                      end=SEASON[1]))  # fmt: skip
    by = {x.member: x for x in t.lines}
    assert [(x.rank, x.member) for x in t.lines[:5]] == [
        ("1", "102"),
        ("2", "101"),
        ("3=", "104"),
        ("3=", "105"),
        ("5", "103"),
    ]
    assert by["102"].value == 61.375 and by["101"].value == 59.6875
    assert by["104"].value == by["105"].value == 56.75 and by["103"].value == 55.8125
    assert by["101"].name == "Ann Archer"  # the register's name, not the session's "Ann"
    assert by["104"].name == "Dee Dunn" and by["105"].name == "Ed"
    assert (by["106"].rank, by["106"].played, by["106"].qualifies) == ("", 2, False)
    assert (by["(Gale)"].played, by["(Gale)"].name, by["(Gale)"].value) == (4, "Gale", 37.9375)
    assert t.lines[-1].member == "106" and by["(Gale)"].rank == "8"
    assert [s.id for s in t.sessions] == [1, 2, 3, 4, 5, 6]  # not 10 (2025), 7 (provisional)
    assert all(x.provisional == 0 for x in t.lines)


def test_provisional_sessions_are_counted_when_asked_and_marked(club: Path) -> None:
    o = SeasonOptions(best=4, minimum=4, start=SEASON[0], include_provisional=True)
    t = _table(club, o)
    ann = next(x for x in t.lines if x.member == "101")
    assert ann.played == 7 and ann.provisional == 1
    assert ann.value == pytest.approx((70 + 66 + 62.5 + 58.25) / 4)


def test_small_cases_by_hand() -> None:
    s = [
        MemberScore("1", "Ann", 1, "2026-01-01", 50.0),
        MemberScore("2", "Bo", 1, "2026-01-01", 50.0),
        MemberScore("3", "Cy", 1, "2026-01-01", 40.0),
        MemberScore("1", "Ann", 2, "2026-01-08", 60.0),
        MemberScore("2", "Bo", 2, "2026-01-08", 60.0),
        MemberScore("3", "Cy", 2, "2026-01-08", 70.0),
        MemberScore("4", "Di", 2, "2026-01-08", 99.0),
    ]
    lines = best_average(s, best=2, minimum=2)
    # Ann and Bo 55, Cy 55: a three-way tie for first; Di below the minimum.
    assert [(x.rank, x.name) for x in lines] == [("1=", "Ann"), ("1=", "Bo"), ("1=", "Cy"),
                                                 ("", "Di")]  # fmt: skip
    lines = best_average(s, best=1, minimum=1)
    assert [(x.rank, x.name, x.value) for x in lines] == [
        ("1", "Di", 99.0),
        ("2", "Cy", 70.0),
        ("3=", "Ann", 60.0),
        ("3=", "Bo", 60.0),
    ]
    improved = most_improved(s, window=1)
    assert [(x.rank, x.name, x.value) for x in improved] == [
        ("1", "Cy", 30.0),
        ("2=", "Ann", 10.0),
        ("2=", "Bo", 10.0),
        ("", "Di", None),
    ]
    assert [(x.rank, x.played) for x in attendance(s, minimum=2)][-1] == ("", 1)
    assert handicap_ladder(s, best=2, minimum=1) == ()


def test_a_member_twice_in_a_session_is_refused() -> None:
    s = [MemberScore("Gale", "Gale", 3, "2026-01-01", 50.0),
         MemberScore("Gale", "Gale", 3, "2026-01-01", 45.0)]  # fmt: skip
    with pytest.raises(SessionError, match="lists 'Gale' twice"):
        attendance(s)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"best": 0}, "best 0 is out of range"), ({"start": "2026-13-01"}, "is not a date"),
     ({"start": "2026-02-01", "end": "2026-01-01"}, "starts"),
     ({"competition": "x"}, "not one of")],
)  # fmt: skip
def test_options_are_checked(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SessionError, match=message):
        SeasonOptions(**kwargs)  # type: ignore[arg-type]


_SCORES = st.lists(
    st.tuples(st.sampled_from("ABCDE"), st.floats(0, 100, allow_nan=False)), max_size=40
)


@given(_SCORES, st.integers(1, 6), st.integers(1, 6))
def test_best_average_lies_between_a_members_scores(
    data: list[tuple[str, float]], best: int, minimum: int
) -> None:
    scores = [MemberScore(m, m, i, f"2026-01-{1 + i % 28:02d}", p) for i, (m, p) in
              enumerate(data)]  # fmt: skip
    lines = best_average(scores, best=best, minimum=minimum)
    assert sorted(x.member for x in lines) == sorted({m for m, _ in data})
    for x in lines:
        own = [p for m, p in data if m == x.member]
        assert x.value is not None and min(own) - 1e-9 <= x.value <= max(own) + 1e-9
        assert x.counted == min(best, len(own)) and x.played == len(own)
        assert x.qualifies == (len(own) >= minimum) and bool(x.rank) == x.qualifies
    good = [x.value for x in lines if x.qualifies and x.value is not None]
    assert good == sorted(good, reverse=True)
    assert sum(x.played for x in attendance(scores)) == len(data)


# -- the command -----------------------------------------------------------------------------


def test_no_database_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("season")
    assert (code, out) == (2, "")
    assert err == ("xlbridge season: error: no club database at club.sqlite: record sessions"
                   " with xlbridge club record\n")  # fmt: skip
    assert not (tmp_path / "club.sqlite").exists()


@pytest.mark.parametrize("content", [b"not a database at all" * 10, b""])
def test_a_file_that_is_no_club_database_is_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "club.sqlite"
    path.write_bytes(content)
    code, _out, err = run_cli("season", "--db", str(path))
    assert code == 2 and len(err.splitlines()) == 1 and "club" in err
    assert path.read_bytes() == content


def _season(club: Path, *argv: str) -> str:
    before = digest(club)
    code, out, err = run_cli("season", "--db", str(club), "--from", SEASON[0], *argv)
    assert code == 0, err
    assert digest(club) == before  # the database is only read
    return out


def test_text(club: Path) -> None:
    out = _season(club, "--best", "4", "--minimum", "4")
    lines = out.splitlines()
    assert lines[0] == "Best 4 percentages averaged (at least 4 sessions)"
    assert lines[1] == "Season: 2026-01-01 to the last session; 6 final sessions"
    assert lines[3].split() == ["Rank", "Name", "Played", "Counted", "Average"]
    assert lines[4].split() == ["1", "Bo", "6", "4", "61.38"]
    assert lines[5].split() == ["2", "Ann", "Archer", "6", "4", "59.69"]
    assert "Not qualifying (fewer than 4 sessions):" in lines
    assert lines[-1].split() == ["Fay", "2", "2", "39.25"]
    out = _season(club, "--best", "4", "--include-provisional")
    assert "Ann Archer *" in out and out.endswith("* counts provisional sessions (results not"
                                                  " yet final)\n")  # fmt: skip


def test_csv_keeps_names_as_text(club: Path) -> None:
    out = _season(club, "--best", "4", "--minimum", "4", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "member", "name", "played", "counted", "average", "qualifies",
                       "provisional"]  # fmt: skip
    assert rows[2] == ["2", "101", "Ann Archer", "6", "4", "59.69", "yes", "0"]
    gil = next(r for r in rows if r[1] == "107")
    assert gil[2] == "'" + HYPERLINK  # text in a spreadsheet, never a formula
    assert rows[-1][0] == "" and rows[-1][6] == "no"


def test_csv_of_most_improved(club: Path) -> None:
    out = _season(club, "--competition", "improved", "--window", "2", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][5:8] == ["improvement", "first", "last"]
    ann = next(r for r in rows if r[1] == "101")
    # Ann in date order: 62.5, 58.25, 45, 52, 66, 50.5: first two 60.375, last two 58.25.
    assert ann[5:8] == ["-2.13", "60.38", "58.25"]


def test_json(club: Path) -> None:
    data = json.loads(_season(club, "--competition", "attendance", "--minimum", "3",
                              "--format", "json", "--to", "2026-01-31"))  # fmt: skip
    assert data["competition"] == "attendance" and data["minimum"] == 3
    assert (data["from"], data["to"]) == ("2026-01-01", "2026-01-31")
    assert [s["date"] for s in data["sessions"]] == ["2026-01-05", "2026-01-12", "2026-01-19",
                                                     "2026-01-26"]  # fmt: skip
    assert {x["member"]: x["value"] for x in data["lines"]}["101"] == 4
    assert data["lines"][-1]["rank"] is None and data["lines"][-1]["qualifies"] is False
    fay = next(x for x in data["lines"] if x["member"] == "106")
    assert fay["scores"] == [{"session": 1, "pct": 34.5, "counted": True},
                             {"session": 4, "pct": 44, "counted": True}]  # fmt: skip


def test_html_page(club: Path) -> None:
    page = _season(club, "--best", "4", "--minimum", "4", "--format", "html")
    assert '<a href="2026-01-05.html">2026-01-05</a>' in page
    assert '<a href="https://club.example/r/2026-01-12">2026-01-12</a>' in page
    assert "javascript:" not in page and "<td>2026-01-19</td>" in page  # no link, the date
    assert "=HYPERLINK(&#34;http://evil.example&#34;,&#34;Gil&#34;)" in page  # text
    assert '<a href="http://evil' not in page
    # standings: 2 heads, 9 members; session by session: a head, 9 members; sessions: 1 + 6
    assert page.count("<tr") == 2 + 9 + 1 + 9 + 1 + 6
    # Bo's grid row: his best four (66, 62.5, 60, 57) bold, 47.5 and 55 not.
    bo = [line for line in page.splitlines() if "<td>Bo</td>" in line][-1]
    assert re.findall(r'<td class="num( counted)?">([0-9]+\.[0-9]+)</td>', bo) == [
        (" counted", "62.50"),
        ("", "47.50"),
        (" counted", "60.00"),
        ("", "55.00"),
        (" counted", "66.00"),
        (" counted", "57.00"),
    ]


def test_output_file_atomic_and_no_overwrite(club: Path, tmp_path: Path) -> None:
    out = tmp_path / "season.html"
    code, _o, err = run_cli("season", "--db", str(club), "--format", "html", "-o", str(out))
    assert code == 0 and err.startswith(f"wrote {out}\n")
    assert "Nobody qualifies yet" in err  # seven sessions at most, ten by default (issue 31)
    first = out.read_bytes()
    code, _o, err = run_cli("season", "--db", str(club), "-o", str(out))
    assert code == 2 and "already exists; use --force" in err and out.read_bytes() == first
    code, _o, _e = run_cli("season", "--db", str(club), "-o", str(out), "--force")
    assert code == 0 and out.read_text(encoding="utf-8").startswith("Best 10 percentages")
    code, _o, err = run_cli("season", "--db", str(club), "-o", str(club), "--force")
    assert code == 2 and "club database" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--best", "0"], "best 0 is out of range: 1-1000"),
     (["--from", "2026-02-30"], "is not a date"),
     (["--from", "2026-03-01", "--to", "2026-01-01"], "starts (2026-03-01) after it ends"),
     (["--competition", "pairs"], "invalid choice")],
)  # fmt: skip
def test_bad_options_are_one_line(club: Path, argv: list[str], message: str) -> None:
    code, _out, err = run_cli("season", "--db", str(club), *argv)
    assert code == 2 and len(err.splitlines()) == 1 and message in err


def test_every_option_has_help_an_example_and_the_readme() -> None:
    from xlbridge.cli import build_parser

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    parser = build_parser("season")
    sub = next(
        a for a in parser._actions if hasattr(a, "choices") and a.choices and "season" in a.choices
    ).choices["season"]  # type: ignore[union-attr]
    text = sub.format_help()
    assert "Examples:" in text
    examples = text.split("Examples:")[1]
    for action in sub._actions:
        if not action.option_strings or action.dest == "help":
            continue
        assert action.help, action.dest
        assert any(o in examples for o in action.option_strings), action.option_strings
        assert any(o in readme for o in action.option_strings if o.startswith("--")), action.dest
    assert "xlbridge season" in readme


def test_the_page_in_a_browser(club: Path, tmp_path: Path) -> None:
    """The season page drawn by headless Chromium (the screenshot is kept for a look)."""
    chromium = needs_program("chromium")
    page = tmp_path / "season.html"
    run_cli("season", "--db", str(club), "--best", "4", "--minimum", "4",
            "--include-provisional", "--format", "html", "-o", str(page))  # fmt: skip
    png = tmp_path / "season.png"
    done = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={png}",
         "--window-size=900,1100", page.as_uri()],
        capture_output=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-500:]
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 10_000
    keep = Path("/tmp/season-page.png")
    shutil.copy(png, keep) if keep.parent.exists() else None


def test_the_page_is_valid_html(club: Path, tmp_path: Path) -> None:
    page = tmp_path / "season.html"
    run_cli("season", "--db", str(club), "--competition", "improved", "--window", "2",
            "--format", "html", "-o", str(page))  # fmt: skip
    errors = validate_html([page])
    assert errors == [], "\n".join(errors)


def test_an_empty_database_and_an_individual_session(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    con = open_database(path)
    con.close()
    code, out, err = run_cli("season", "--db", str(path))
    assert code == 0 and "(no member played a session of this season)" in out, err
    con = open_database(path)
    con.execute(
        "INSERT INTO sessions VALUES (1, 'k', 'd', 'Individual', '2026-03-02', 'rainbow',"
        " 'individual', 'mp', 'final', '', 'i.xlsx', '2026-03-02T22:00:00Z')"
    )
    for entry, pct, number, name in (("1", 58.0, "201", "Iva"), ("2", 42.0, None, "Jo")):
        con.execute("INSERT INTO results VALUES (1, ?, '', 12, NULL, ?, '1', NULL, NULL, NULL)",
                    (entry, pct))  # fmt: skip
        con.execute("INSERT INTO players VALUES (1, ?, 1, ?, ?)", (entry, number, name))
    con.close()
    code, out, err = run_cli("season", "--db", str(path), "--minimum", "1", "--format", "csv")
    assert code == 0, err
    assert out.splitlines()[1:] == ["1,201,Iva,1,1,58.00,yes,0", "2,(Jo),Jo,1,1,42.00,yes,0"]


def test_a_name_with_a_control_character_is_one_line(club: Path) -> None:
    con = sqlite3.connect(club)
    con.execute("UPDATE players SET name = 'Ann\x1b[2J' WHERE member = '102'")
    con.commit()
    con.close()
    code, out, err = run_cli("season", "--db", str(club))
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert "control character U+001B" in err


def test_a_folder_is_no_database(tmp_path: Path) -> None:
    code, _out, err = run_cli("season", "--db", str(tmp_path))
    assert code == 2 and err.startswith("xlbridge season: error: no club database at ")
