"""Events of several sessions (issue 22): ``xlbridge event`` and :mod:`xlbridge.results.event`.

The overall totals are checked against a computation of their own in each test: each
session's standings looked up by the players' names (or federation numbers), then summed,
averaged, or carried forward by the EBU White Book's formula, section 172 ("EBU Carry-forward
Score Formula"): C = S × FT / (2 × QT), S the qualifying matchpoints, FT and QT the matchpoint
tops of a board in the final and in the qualifying stage. The sum of session percentages is
the ACBL's Side Game Series overall score (ACBL Tech File EVENTS.033: "the sum of the
percentage scores" of a player's sessions).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.read_once import read_once
from tests.support.shared import run_cli
from tests.support.workbook_fill import fill_book, random_fill
from xlbridge.errors import SessionError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.pairs.build import build_workbook
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.howell import howell
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.results.event import event_results
from xlbridge.results.session import PairInfo, ResultRow, SessionInput, SessionResults
from xlbridge.scoring.event import carry_forward, combine

PLAYERS = [f"Player {chr(65 + i)}" for i in range(22)]


@pytest.fixture(scope="module", autouse=True)
def _read_once() -> Iterator[None]:
    """Each unchanged session workbook ``event`` (and ``score_workbook``) reads in the module is
    read and scored once: the same three sessions are given to ``event`` again and again."""
    with read_once():
        yield


def test_white_book_carry_forward() -> None:
    # Two sessions of equal length and top: the qualifier counts half the final (White Book
    # §172's note); 312 of a possible 624 carries 156.
    assert carry_forward(312, 12, 12) == 156
    # A qualifier with top 24, a final with top 12: 300 qualifying matchpoints are 150 on the
    # final's scale, half of it carried.
    assert carry_forward(300, 12, 24) == 75
    assert carry_forward(300, 12, 24, share=100) == 150
    assert carry_forward(300, 12, 24, share=0) == 0
    for bad in ((300, 0, 24), (300, 12, -1), (float("nan"), 12, 24)):
        with pytest.raises(SessionError):
            carry_forward(*bad)
    with pytest.raises(SessionError, match="0 to 100"):
        carry_forward(300, 12, 24, share=101)


def test_sum_and_average_of_percentages() -> None:
    # ACBL Side Game Series: 58.33 + 61.90 = 120.23.
    assert combine([58.33, 61.90], "sum") == pytest.approx(120.23)
    assert combine([58.33, None, 61.90], "average") == pytest.approx(60.115)
    assert combine([None], "average") is None


def _session(
    m: Movement, path: Path, names: dict[str, tuple[str, str]], seed: int, scoring: str = "mp"
) -> SessionResults:
    """A filled workbook of ``m``, the pairs named as ``names`` (label -> two players): what
    ``write_session(m, path, scoring=scoring)`` writes, filled and named in memory and saved
    once, then read back."""
    opt = Options(scoring=scoring)  # type: ignore[arg-type]
    wb = build_workbook(m, opt)  # as write_session builds it
    fill_book(wb, opt, random_fill(m, opt, seed))
    ws = wb["Names"]
    for r in range(4, 4 + len(m.pairs)):
        pair = names.get(str(ws.cell(r, 1).value))
        if pair:
            ws.cell(r, 2, pair[0]).data_type = "s"
            ws.cell(r, 3, pair[1]).data_type = "s"
    save_workbook(wb, path)
    return score_workbook(path)


def _key(a: str, b: str) -> frozenset[str]:
    return frozenset(" ".join(x.split()).casefold() for x in (a, b))


def _by_players(res: SessionResults) -> dict[frozenset[str], tuple[str, float | None, float]]:
    """label, percentage and total of each pair of a session, by its players' names."""
    return {_key(s.pair.name1, s.pair.name2): (s.label, s.pct, s.total or 0.0)
            for s in res.standings}  # fmt: skip


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, SessionResults]:
    """Three sessions of a club's pairs, with other pair numbers (and sizes) each time: eight
    partnerships A&B, C&D, ... O&P; the second session without G&H but with three new ones
    (Q&R, S&T, U&V), K&L typed in other case and spacing, C&D in the other order; the third
    session the eight of the first at other numbers. Each workbook read once for the module
    (reading is pure): path -> its results."""
    tmp = tmp_path_factory.mktemp("event")
    pairs = [(PLAYERS[2 * i], PLAYERS[2 * i + 1]) for i in range(8)]
    m4 = mitchell(4, 2)
    labels4 = [p.label for p in m4.pairs]
    s1 = tmp / "s1.xlsx"
    r1 = _session(m4, s1, dict(zip(labels4, pairs, strict=True)), 21)
    m5 = mitchell(5, 2)
    labels5 = [p.label for p in m5.pairs]
    second = [pairs[7], pairs[0], (pairs[1][1], pairs[1][0]), pairs[2], pairs[4],
              ("player  k", "PLAYER L"), pairs[6], (PLAYERS[16], PLAYERS[17]),
              (PLAYERS[18], PLAYERS[19]), (PLAYERS[20], PLAYERS[21])]  # fmt: skip
    s2 = tmp / "s2.xlsx"
    r2 = _session(m5, s2, dict(zip(labels5, second, strict=True)), 22)
    third = [pairs[3], pairs[2], pairs[1], pairs[0], pairs[6], pairs[5], pairs[4], pairs[7]]
    s3 = tmp / "s3.xlsx"
    r3 = _session(m4, s3, dict(zip(labels4, third, strict=True)), 23)
    return {s1: r1, s2: r2, s3: r3}


@pytest.fixture(scope="module")
def mitchells(scored: dict[Path, SessionResults]) -> tuple[Path, Path, Path]:
    """The three sessions' workbooks (:func:`scored`), in order."""
    s1, s2, s3 = scored
    return s1, s2, s3


@pytest.mark.parametrize("how", ["sum", "average"])
def test_sum_and_average_against_the_sessions(scored: dict[Path, SessionResults],
                                              how: str) -> None:  # fmt: skip
    sessions = list(scored.values())  # each workbook's score_workbook, read once
    ev = event_results(sessions, how)  # type: ignore[arg-type]
    looked_up = [_by_players(s) for s in sessions]
    everyone = set().union(*looked_up)
    assert len(ev.entries) == len(everyone) == 11
    want: dict[frozenset[str], float] = {}
    for key in everyone:
        pcts = [t[key][1] for t in looked_up if key in t]
        assert all(p is not None for p in pcts)
        total = sum(p for p in pcts if p is not None)
        want[key] = total if how == "sum" else total / len(pcts)
    got = {}
    for e in ev.entries:
        a, _, b = e.names.partition(" & ")
        key = _key(a, b)
        got[key] = e.total
        # Each session's line is that session's standing of these players (or missing).
        for x, table in zip(e.sessions, looked_up, strict=True):
            assert (x is None) == (key not in table)
            if x is not None:
                assert (x.label, x.pct) == table[key][:2]
    assert got == pytest.approx(want)
    # In overall rank order, ranks as the totals say.
    totals = [e.total for e in ev.entries]
    assert totals == sorted(totals, reverse=True)  # type: ignore[type-var]
    assert ev.entries[0].rank.rstrip("=") == "1"
    gh = next(e for e in ev.entries if e.names.startswith("Player G"))
    assert gh.missing == (2,)
    st = next(e for e in ev.entries if e.names.startswith("Player S"))
    assert st.missing == (1, 3)
    kl = next(e for e in ev.entries if "Player K" in e.names or "player  k" in e.names)
    assert kl.missing == ()
    cd = next(e for e in ev.entries if "Player C" in e.names)
    assert cd.missing == ()


def test_event_cli_formats(mitchells: tuple[Path, Path, Path], tmp_path: Path) -> None:
    files = [str(p) for p in mitchells]
    code, out, err = run_cli("event", *files)
    assert code in (0, 3), err
    assert out.startswith("Event of 3 sessions, ranked by the sum of the session percentages")
    assert out.count("missing") == 7 and "Session 3: Club pairs (s3.xlsx)" in out
    code, out, _ = run_cli("event", *files, "--format", "json", "--total", "average")
    data = json.loads(out)
    assert data["total"] == "average" and len(data["sessions"]) == 3
    assert len(data["overall"]) == 11
    assert sum(e["sessions"].count(None) for e in data["overall"]) == 7
    code, out, _ = run_cli("event", *files, "--format", "csv")
    head = out.splitlines()[0].split(",")
    assert head[:3] == ["rank", "names", "numbers"] and head[-2:] == ["total", "missing"]
    assert len(out.splitlines()) == 12
    html = tmp_path / "event.html"
    code, _, err = run_cli("event", *files, "--format", "html", "-o", str(html))
    page = html.read_text(encoding="utf-8")
    assert page.count('class="missing"') == 7 and page.count('<section class="session"') == 3
    code, _, err = run_cli("event", files[0])
    assert code == 2 and "2 to 100 session workbooks" in err
    code, _, err = run_cli("event", *files, "--carry", "40")
    assert code == 2 and "--carry applies to --total carry only" in err
    code, _, err = run_cli("event", *files, "--total", "carry")
    assert code == 2 and "two fields" in err and len(err.strip().splitlines()) == 1


def test_a_session_given_twice_is_refused(mitchells: tuple[Path, Path, Path],
                                         tmp_path: Path) -> None:  # fmt: skip
    """Issue 30: ``event a.xlsx a.xlsx`` (or an identical copy) counted the session twice, exit
    0. The same file by any name, or a copy of it, is one line and no output."""
    s1, s2, _ = mitchells
    copy = tmp_path / "copy.xlsx"
    shutil.copy(s1, copy)
    out_file = tmp_path / "event.txt"
    for files, words in (
        ((s1, s2, s1), "session 3 (" + str(s1)),
        ((s1, Path(f"{s1.parent}/./{s1.name}")), "is session 1 ("),
        ((s1, s2, copy), "session 3 (copy.xlsx) holds the same session as session 1 (s1.xlsx)"),
    ):
        code, out, err = run_cli("event", *map(str, files), "-o", str(out_file))
        assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
        assert words in err and "give each session's workbook once" in err
        assert not out_file.exists()


def test_carry_forward_qualifier_into_final(tmp_path: Path) -> None:
    """A four-table Howell qualifier (top 3 a board) carried into a three-table Howell final
    (top 2) of six of its eight pairs, by the White Book's C = S × FT / (2 × QT)."""
    pairs = [(PLAYERS[2 * i], PLAYERS[2 * i + 1]) for i in range(8)]
    q = howell(4, 2)
    qualifier = _session(q, tmp_path / "q.xlsx",
                         {p.label: pairs[i] for i, p in enumerate(q.pairs)}, 31)  # fmt: skip
    f = howell(3, 2)
    finalists = [pairs[i] for i in (5, 0, 7, 2, 3, 1)]
    final = _session(f, tmp_path / "f.xlsx",
                     {p.label: finalists[i] for i, p in enumerate(f.pairs)}, 32)  # fmt: skip
    assert not qualifier.two_winner and not final.two_winner
    qt = len(q.plays(q.boards[0])) - 1  # ACBL scale: one matchpoint a result beaten
    ft = len(f.plays(f.boards[0])) - 1
    assert (qt, ft) == (3, 2)
    ev = event_results([qualifier, final], "carry")
    q_of, f_of = _by_players(qualifier), _by_players(final)
    for e in ev.entries:
        a, _, b = e.names.partition(" & ")
        key = _key(a, b)
        if key not in f_of:
            assert e.total is None and e.rank == "" and e.missing == (2,)
            continue
        c = q_of[key][2] * ft / (2 * qt)
        assert e.carried == pytest.approx(c)
        assert e.total == pytest.approx(f_of[key][2] + c)
    ranked = [e for e in ev.entries if e.rank]
    assert len(ranked) == 6 and ev.entries[-1].rank == ""
    assert [e.total for e in ranked] == sorted((e.total for e in ranked), reverse=True)  # type: ignore[type-var]
    full = event_results([qualifier, final], "carry", share=100)
    assert {e.names: e.carried for e in full.entries if e.carried is not None} == pytest.approx(
        {e.names: 2 * e.carried for e in ev.entries if e.carried is not None}
    )
    _, out, err = run_cli("event", str(tmp_path / "q.xlsx"), str(tmp_path / "f.xlsx"),
                             "--total", "carry", "--carry", "50")  # fmt: skip
    assert "Carried" in out and "White Book" in out, err


def _typed(pairs: list[PairInfo], scores: list[int]) -> SessionResults:
    """A one-board session, pair 2k+1 NS against 2k+2 EW at table k+1."""
    rows = tuple(ResultRow(1, 6 + i, 1, i + 1, pairs[2 * i].label, pairs[2 * i + 1].label,
                           typed_score=s) for i, s in enumerate(scores))  # fmt: skip
    return score_session(SessionInput("Cup", "", "howell", "mp", "acbl", tuple(pairs), rows,
                                      {1: len(scores)}))  # fmt: skip


def test_federation_numbers_match_before_names() -> None:
    one = [
        PairInfo(1, "1", "Ann Lee", "Bo Ray", ("101", "102")),
        PairInfo(2, "2", "Cy Fox", "Di Gil", ("103", "104")),
        PairInfo(3, "3", "Ed Hay", "Flo Ito"),
        PairInfo(4, "4", "Gus Jay", "Hal Kim"),
    ]
    # Session 2: Ann Lee's partnership with her name spelt otherwise but the same numbers;
    # a different "Cy Fox" (another number) is another player; Ed Hay & Flo Ito by name.
    two = [PairInfo(1, "1", "Hal Kim", "Gus Jay"), PairInfo(2, "2", "A. Lee", "B. Ray",
                                                            ("101", "102")),
           PairInfo(3, "3", "Cy Fox", "Di Gil", ("999", "104")),
           PairInfo(4, "4", "Flo Ito", "Ed Hay")]  # fmt: skip
    ev = event_results([_typed(one, [420, -50]), _typed(two, [-50, 420])], "sum")
    by = {e.names: e for e in ev.entries}
    assert by["A. Lee & B. Ray"].missing == () and by["A. Lee & B. Ray"].numbers == ("101", "102")
    assert by["Cy Fox & Di Gil"].missing in ((1,), (2,))
    assert len(ev.entries) == 5
    assert by["Flo Ito & Ed Hay"].missing == ()


def test_refusals_in_one_line() -> None:
    named = [PairInfo(i + 1, str(i + 1), f"P{i}a", f"P{i}b") for i in range(4)]
    s = _typed(named, [420, -50])
    with pytest.raises(SessionError, match="2 to 100 sessions"):
        event_results([s], "sum")
    unnamed = [PairInfo(i + 1, str(i + 1), "", "") for i in range(4)]
    with pytest.raises(SessionError, match="no player names or numbers"):
        event_results([s, _typed(unnamed, [420, -50])], "sum")
    twice = [*named[:3], PairInfo(4, "4", "p0A", "P0B")]
    with pytest.raises(SessionError, match="same players"):
        event_results([s, _typed(twice, [420, -50])], "sum")
    imps = score_session(SessionInput("Cup", "", "howell", "butler", "acbl", tuple(named),
                                      s.input.rows, {1: 2}))  # fmt: skip
    with pytest.raises(SessionError, match="scored alike"):
        event_results([s, imps], "sum")
    with pytest.raises(SessionError, match="matchpoint sessions"):
        event_results([imps, imps], "carry")


def test_individuals_and_imp_sessions() -> None:
    """Individuals are matched one player at a time; IMP sessions add their IMP totals."""
    solo = [PairInfo(i + 1, str(i + 1), f"Solo {i}", "") for i in range(4)]
    again = [PairInfo(i + 1, str(i + 1), f"SOLO {3 - i}", "") for i in range(4)]
    ev = event_results([_typed(solo, [420, -50]), _typed(again, [420, -50])], "average")
    assert len(ev.entries) == 4 and all(e.missing == () for e in ev.entries)
    # Solo 0 (NS, 100%) then as pair 4 (EW, 100%); Solo 1 0% and 0%; Solo 2 0% and 0%...
    assert {e.names: e.total for e in ev.entries} == {
        "SOLO 0": 100.0, "SOLO 1": 0.0, "SOLO 2": 0.0, "SOLO 3": 100.0
    }  # fmt: skip
    named = [PairInfo(i + 1, str(i + 1), f"P{i}a", f"P{i}b") for i in range(4)]

    def butler(scores: list[int]) -> SessionResults:
        rows = tuple(ResultRow(1, 6 + i, 1, i + 1, named[2 * i].label, named[2 * i + 1].label,
                               typed_score=s) for i, s in enumerate(scores))  # fmt: skip
        return score_session(SessionInput("Cup", "", "howell", "butler", "acbl", tuple(named),
                                          rows, {1: 2}))  # fmt: skip

    one, two = butler([420, -50]), butler([620, 170])
    ev = event_results([one, two], "sum")
    want = {s.pair.names: s.total + t.total  # type: ignore[operator]
            for s, t in zip(one.standings, two.standings, strict=True)}  # fmt: skip
    assert {e.names: e.total for e in ev.entries} == pytest.approx(want)
