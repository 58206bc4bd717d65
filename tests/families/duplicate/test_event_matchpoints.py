"""``event --total matchpoints`` (issue 31): the sum of the session matchpoints, so that a
session weighs as many boards as it has, as a two-session final of unequal sessions is scored
on its matchpoints; the event percentage, and carry-forward's, as %; the sessions headed by
their date and event.

The values are worked out by hand in each test from sessions of typed scores (ACBL
matchpoints: one a result beaten, a half a result tied; rules.md §5), and checked against a
second method: on one top a board, the sum of matchpoints is the EBU White Book's
carry-forward (section 172, C = S × FT / QT × share) with the whole qualifier carried
(share 100), for every pair that plays the final.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.shared import cli_new, run_cli
from tests.support.workbook_fill import fill, random_fill
from xlbridge.errors import SessionError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.registry import score_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.results.event import event_csv, event_html, event_results, event_text
from xlbridge.results.session import PairInfo, ResultRow, SessionInput, SessionResults
from xlbridge.scoring.event import weighted_percentage

ANN, CY, ED, GUS = ("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")


Play = tuple[str, str, int]  # NS pair, EW pair, NS score
# Two boards: pair 1 NS v 2 and 3 v 4 on the first, 2 NS v 3 and 4 v 1 on the second, so that
# every pair sits both ways (one field, not two). NS 420 beats NS -50: pairs 1 and 4 score on
# the first board, 2 and 1 on the second: 2, 1, 0, 1 matchpoints of 2 (top 1 a board).
ROUND: tuple[tuple[Play, Play], ...] = ((("1", "2", 420), ("3", "4", -50)),
                                        (("2", "3", 420), ("4", "1", -50)))  # fmt: skip


def _session(players: list[tuple[str, str]], rounds: int, scoring: str = "mp") -> SessionResults:
    """Four pairs at two tables playing :data:`ROUND` ``rounds`` times (two boards each)."""
    pairs = tuple(PairInfo(i + 1, str(i + 1), a, b) for i, (a, b) in enumerate(players))
    rows = []
    for k in range(rounds):
        for j, plays in enumerate(ROUND):
            board = 2 * k + j + 1
            for t, (ns, ew, score) in enumerate(plays, start=1):
                rows.append(ResultRow(board, 5 + t, k + 1, t, ns, ew, typed_score=score))
    expected = {b: 2 for b in range(1, 2 * rounds + 1)}
    return score_session(SessionInput("Cup", "", "howell", scoring, "acbl",  # type: ignore[arg-type]
                                      pairs, tuple(rows), expected))  # fmt: skip


# Session 1, two boards: Ann (pair 1) 2 matchpoints (100%), Cy 1 (50%), Ed 0, Gus 1 (50%).
ONE = _session([ANN, CY, ED, GUS], 1)
# Session 2, four boards, Ann and Cy swapped: Cy 4 (100%), Ann 2 (50%), Ed 0, Gus 2 (50%).
TWO = _session([CY, ANN, ED, GUS], 2)


def test_the_sessions_as_worked_out() -> None:
    got = [{s.pair.name1: (s.total, s.pct, s.played) for s in res.standings}
           for res in (ONE, TWO)]  # fmt: skip
    assert got[0] == {"Ann": (2, 100, 2), "Cy": (1, 50, 2), "Ed": (0, 0, 2), "Gus": (1, 50, 2)}
    assert got[1] == {"Cy": (4, 100, 4), "Ann": (2, 50, 4), "Ed": (0, 0, 4), "Gus": (2, 50, 4)}
    assert not ONE.two_winner and not TWO.two_winner


def test_a_session_weighs_its_boards() -> None:
    """Ann: 2 of 2 then 2 of 4, 4 matchpoints of 6 (66.67%); Cy: 1 of 2 then 4 of 4, 5 of 6
    (83.33%). The sum of percentages ties them (150 each); the matchpoints do not."""
    ev = event_results([ONE, TWO], "matchpoints")
    got = {e.names: (e.total, e.pct, e.rank) for e in ev.entries}
    assert got == {
        "Cy & Di": (5, pytest.approx(250 / 3), "1"),
        "Ann & Bo": (4, pytest.approx(200 / 3), "2"),
        "Gus & Hal": (3, pytest.approx(50), "3"),
        "Ed & Flo": (0, 0, "4"),
    }
    by_sum = {e.names: (e.total, e.rank) for e in event_results([ONE, TWO], "sum").entries}
    assert by_sum["Ann & Bo"] == by_sum["Cy & Di"] == (150, "1=")
    assert weighted_percentage([(100.0, 2), (50.0, 4)]) == pytest.approx(200 / 3)


def test_carry_forward_as_percentages() -> None:
    """Session 1 (2 boards, top 1) carried into session 2 (4 boards, top 1) at 50%: Ann carries
    2 × 1 / (2 × 1) = 1 (her qualifying 100%) and scores 2 in the final: 3 of the most
    (4 + 2 × 50%) × 1 = 5, 60%. Cy carries 0.5 (50%) and scores 4: 4.5 of 5, 90%."""
    ev = event_results([ONE, TWO], "carry")
    got = {e.names: (e.carried, e.carried_pct, e.total, e.pct) for e in ev.entries}
    assert got["Ann & Bo"] == (1, 100, 3, pytest.approx(60))
    assert got["Cy & Di"] == (0.5, 50, 4.5, pytest.approx(90))
    assert got["Ed & Flo"] == (0, 0, 0, 0)
    # All of the qualifier carried on one top a board is the sum of matchpoints.
    whole = event_results([ONE, TWO], "carry", share=100)
    summed = event_results([ONE, TWO], "matchpoints")
    one = sorted((e.names, e.total, e.pct) for e in whole.entries)
    two = sorted((e.names, e.total, e.pct) for e in summed.entries)
    assert [n for n, *_ in one] == [n for n, *_ in two]
    assert [x for _n, *x in one] == [pytest.approx(x) for _n, *x in two]
    text = event_text(ev)
    assert "Carried %" in text and "60.00" in text and "90.00" in text
    assert "carried %" in event_csv(ev).splitlines()[0]
    assert '<th scope="col" rowspan="2">Carried %</th>' in event_html(ev)


def test_every_format_gives_the_percentage() -> None:
    ev = event_results([ONE, TWO], "matchpoints")
    text = event_text(ev)
    assert "sum of the session matchpoints" in text
    head = next(line for line in text.splitlines() if line.startswith("Rank"))
    assert head.split()[-2:] == ["Total", "%"]
    assert "83.33" in text and "66.67" in text
    csv_head = event_csv(ev).splitlines()[0].split(",")
    assert csv_head[-3:] == ["total", "%", "missing"]
    html = event_html(ev)
    assert "83.33" in html and "sum of the session matchpoints" in html


def test_refused_in_one_line() -> None:
    """Matchpoints add only on one top a board (a board played three times has top 2, ACBL);
    IMP sessions have none."""
    pairs = tuple(PairInfo(i + 1, str(i + 1), f"P{i}", f"Q{i}") for i in range(6))
    rows = tuple(ResultRow(1, 6 + i, 1, i + 1, str(2 * i + 1), str(2 * i + 2), typed_score=s)
                 for i, s in enumerate((420, -50, 450)))  # fmt: skip
    top_two = score_session(SessionInput("Cup", "", "howell", "mp", "acbl", pairs, rows, {1: 3}))
    with pytest.raises(SessionError, match=r"top differs \(session 1 1, session 2 2\)"):
        event_results([ONE, top_two], "matchpoints")
    # One session whose boards have two tops (board 1 played three times, board 2 twice).
    rows_two = (*rows, *(ResultRow(2, 6 + i, 2, i + 1, str(2 * i + 1), str(2 * i + 2),
                                   typed_score=x) for i, x in enumerate((420, -50))))  # fmt: skip
    uneven = score_session(SessionInput("Cup", "", "howell", "mp", "acbl", pairs, rows_two,
                                        {1: 3, 2: 2}))  # fmt: skip
    assert sorted({b.top for b in uneven.boards}) == [1, 2]
    with pytest.raises(SessionError, match="session 2's boards have different tops; --total"
                       " matchpoints adds on one matchpoint top a board"):  # fmt: skip
        event_results([top_two, uneven], "matchpoints")
    imps = _session([ANN, CY, ED, GUS], 1, scoring="butler")
    with pytest.raises(SessionError, match="--total matchpoints is for matchpoint sessions"):
        event_results([imps, imps], "matchpoints")


def test_the_command_heads_sessions_by_date_and_event(tmp_path: Path) -> None:
    """Two club sessions of 6 and 9 boards (three-table Mitchells, top 2 a board), the same
    six partnerships: ``event --total matchpoints`` adds each pair's matchpoints as the
    sessions' own results give them, and heads each session by its date and event."""
    labels = ("NS 1", "NS 2", "NS 3", "EW 1", "EW 2", "EW 3")
    names = "pair,player 1,player 2\n" + "".join(f"{x},Al {x},Bea {x}\n" for x in labels)
    (tmp_path / "names.csv").write_text(names)
    books = []
    for k, (bpr, date) in enumerate(((2, "2026-11-17"), (3, "2026-11-24")), start=1):
        path = cli_new(tmp_path, f"s{k}", "mitchell", "--tables", "3", "--boards-per-round",
                       str(bpr), "--names", str(tmp_path / "names.csv"), "--date", date,
                       "--event", "Autumn Pairs")  # fmt: skip
        m = mitchell(3, bpr)
        fill(path, m, Options(), random_fill(m, Options(), 40 + k))
        books.append(path)
    sessions = [score_workbook(p) for p in books]
    code, out, err = run_cli("event", *map(str, books), "--total", "matchpoints",
                             "--format", "json")  # fmt: skip
    assert code in (0, 3), err
    data = json.loads(out)
    assert [s["title"] for s in data["sessions"]] == ["2026-11-17 Autumn Pairs",
                                                      "2026-11-24 Autumn Pairs"]  # fmt: skip
    assert data["total"] == "matchpoints"
    mine = [{s.pair.names: s for s in res.standings} for res in sessions]
    for e in data["overall"]:
        one, two = mine[0][e["names"]], mine[1][e["names"]]
        assert e["total"] == pytest.approx((one.total or 0) + (two.total or 0), abs=0.005)
        assert e["pct"] == pytest.approx(((one.pct or 0) * 6 + (two.pct or 0) * 9) / 15, abs=0.005)
    code, text, err = run_cli("event", *map(str, books), "--total", "matchpoints")
    assert "Session 1: 2026-11-17 Autumn Pairs" in text and "s1.xlsx" not in text, err
