"""Individuals workbooks (product spec "Game families: Individuals"; seed 002 "Duplicate games
for individuals"): generated for every individual kind, filled with random results (adjusted
scores, typed scores, missing results), recalculated in LibreOffice, and every score, MP,
player total, percentage and rank compared with the rules layer: Law 77
(``xlbridge.scoring.contract``), matchpoints with Neuberg and adjusted scores (rules.md §5,
``xlbridge.scoring.matchpoints``), each player credited with their side's matchpoints on every
board played (``xlbridge.scoring.individual``), factoring (seed 001), ranks with ties (seed 000).

All workbooks are recalculated in one LibreOffice run (module fixture); each is built, filled
and saved in memory once before it (no save-load-save round trip).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.families.individual.test_individual_workbook_rules import (
    Want,
    expected,
    fill_individual_book,
    full_fill,
)
from tests.support.engines import same_value
from tests.support.values_view import recalculated_views
from tests.support.workbook_fill import Filled, Result, random_fill
from xlbridge.families.duplicate.context import Options
from xlbridge.families.individual.build import build_individual_workbook
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.individual import (
    rainbow,
    six_couples,
    three_table_individual,
    two_table_individual,
)
from xlbridge.movements.individual_seats import board_seats
from xlbridge.movements.model import Movement
from xlbridge.workbook.formulas import FIRST_ROW

pytestmark = pytest.mark.libreoffice


# name -> (movement, options, fill)
def _cases() -> dict[str, tuple[Movement, Options, Filled]]:
    out: dict[str, tuple[Movement, Options, Filled]] = {}
    r5 = rainbow(5)
    out["rainbow5-random"] = (r5, Options(), random_fill(r5, Options(), 11))
    out["rainbow5-full"] = (r5, Options(), full_fill(r5, 12))
    r7 = rainbow(7, 6)
    out["rainbow7x6-ebu"] = (r7, Options(scale="ebu"), random_fill(r7, Options(), 13))
    i2 = two_table_individual(3)
    opt = Options(scale="ebu", result_entry="tricks")
    out["individual2-tricks"] = (i2, opt, random_fill(i2, opt, 14))
    out["individual2-full"] = (i2, Options(), full_fill(i2, 15))
    i3 = three_table_individual()
    out["individual3-random"] = (i3, Options(), random_fill(i3, Options(), 16))
    six = six_couples()
    out["six-couples-random"] = (six, Options(), random_fill(six, Options(), 17))
    out["six-couples-full"] = (six, Options(scale="ebu"), full_fill(six, 18))
    return out


CASES = _cases()


def _filled_book(m: Movement, opt: Options, filled: Filled) -> Any:
    """The workbook ``write_individuals`` writes (event "Club individual", ``opt``'s scale and
    result entry), built in memory, with ``filled`` typed in as a director would (the
    in-memory twin of ``fill_individual``): saved once, not written, read back and saved."""
    wb = build_individual_workbook(
        m, Options(event="Club individual", scale=opt.scale, result_entry=opt.result_entry)
    )
    fill_individual_book(wb, opt, filled)
    return wb


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Any, Want]]:
    src = tmp_path_factory.mktemp("ind")
    out = tmp_path_factory.mktemp("ind-recalc")
    paths, want = [], {}
    for name, (m, opt, filled) in CASES.items():
        path = src / f"{name}.xlsx"
        save_workbook(_filled_book(m, opt, filled), path)
        want[name] = expected(m, opt, filled)
        paths.append(path)
    # A director's typing slips on the player numbers (checked only on Checks).
    typo = src / "typo.xlsx"
    m5 = rainbow(5)
    wb = _filled_book(m5, Options(), full_fill(m5, 19))
    wb["Board 1"]["B6"] = 5  # South of row 1: player 5 already sits North in row 2
    wb["Board 2"]["C7"] = 99  # no player 99
    wb["Board 3"]["D8"] = None  # West missing
    save_workbook(wb, typo)
    paths.append(typo)
    # Seed 000's board 1 traveller on a 7-table Rainbow (test_seed000_board1_on_a_rainbow).
    seed = src / "seed000.xlsx"
    seed_fill = Filled({1: [Result(*x) for x in SEED000]})
    save_workbook(_filled_book(rainbow(7), Options(), seed_fill), seed)
    paths.append(seed)
    views = recalculated_views(paths, out)  # the values, without LibreOffice's xlsx copy
    return {stem: (wb, want.get(stem)) for stem, wb in views.items()}


def _recap(ws: Any) -> dict[int, dict[str, Any]]:
    header = [c.value for c in ws[4]]
    out = {}
    for row in ws.iter_rows(min_row=5, values_only=True):
        if not isinstance(row[0], int):
            break
        out[row[0]] = {h: v for h, v in zip(header, row, strict=False) if h is not None}
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_travellers_match_rules(name: str, recalculated: dict[str, Any]) -> None:
    """Every row's NS Score (Law 77), NS MP and EW MP (matchpoints, Neuberg, adjusted)."""
    wb, want = recalculated[name]
    m, opt, _ = CASES[name]
    c = IndividualCols.build(opt.result_entry, opt.scoring)
    bad = []
    for board, rows in want.rows.items():
        ws = wb[f"Board {board}"]
        for i, ((_, seats), (sc, ns, ew)) in enumerate(
            zip(board_seats(m, board), rows, strict=True)
        ):
            r = FIRST_ROW + i
            players = tuple(ws[f"{col}{r}"].value for col in c.seats)
            got = tuple(ws[f"{x}{r}"].value for x in (c.base.ns_score, c.base.ns_mp, c.base.ew_mp))
            adjusted = ws[f"{c.base.adjusted}{r}"].value not in (None, "")
            if (
                players != seats
                or not (adjusted or same_value(got[0], sc))
                or not (same_value(got[1], ns) and same_value(got[2], ew))
            ):
                bad.append((board, r, players, got, (seats, sc, ns, ew)))
    assert not bad, bad[:5]


@pytest.mark.parametrize("name", list(CASES))
def test_recap_matches_rules(name: str, recalculated: dict[str, Any]) -> None:
    """Every player's Played, Total, % and Rank equal ``scoring.individual.standings``, and
    the per-board cells add up to the raw total."""
    wb, want = recalculated[name]
    m = CASES[name][0]
    recap = _recap(wb["Recap"])
    assert sorted(recap) == sorted(m.pair_ids)
    bad = []
    for s in want.players:
        row = recap[s.player]
        pct = None if s.pct is None else s.pct / 100
        got = (row["Played"], row["Total"], row["%"], row["Rank"] or "", row.get("Dir rank") or "")
        if not (
            got[0] == s.played
            and same_value(got[1], s.total)
            and same_value(got[2], pct)
            and got[3] == s.rank
            and got[4] == s.group_rank
        ):
            bad.append((s.player, got, s))
        cells = [row[str(b)] for b in m.boards if isinstance(row[str(b)], int | float)]
        assert len(cells) == s.played
        if s.raw is not None:
            assert math.isclose(sum(cells), s.raw, abs_tol=1e-9)
    assert not bad, bad[:5]


@pytest.mark.parametrize("name", [n for n in CASES if n.endswith("-full")])
def test_full_fill_credits_every_player_on_every_board(
    name: str, recalculated: dict[str, Any]
) -> None:
    """The bug of issue 10: after a full evening every player has Played = the boards
    scheduled, a total and a rank; North-East-only travellers left half the field at 0."""
    wb, want = recalculated[name]
    m = CASES[name][0]
    recap = _recap(wb["Recap"])
    for p in m.pair_ids:
        # In these movements everyone plays every board (seed 002).
        assert recap[p]["Played"] == want.scheduled[p] == len(m.boards), p
        assert isinstance(recap[p]["Total"], int | float) and recap[p]["Rank"], p
    # Each board: in balance; the recap: players' totals are twice the travellers'.
    assert {wb[f"Board {b}"]["M3"].value for b in m.boards} == {"in balance"}
    ws = wb["Recap"]
    marks = [r for r in ws.iter_rows(values_only=True) if "Check total" in r]
    assert marks and "in balance" in marks[0]
    assert wb["Checks"]["A2"].value == "No problems found in the entered results."


def test_checks_name_the_players(recalculated: dict[str, Any]) -> None:
    """A problem row on Checks names the board, the row and both partnerships."""
    wb, _ = recalculated["rainbow5-random"]
    lines = [r[0] for r in wb["Checks"].iter_rows(min_row=4, values_only=True) if r[0]]
    assert lines, "the random fill has missing and typed-over results"
    assert all(x.startswith("Board ") for x in lines)
    assert any(" v " in x and "-" in x.split("(")[1] for x in lines if "row" in x)


SEED000 = [("3D", "N", 10), ("4S", "S", 9), ("4S", "S", 11), ("3H", "E", 9),
           ("3S", "S", 10), ("4H", "E", 8), ("4D", "N", 10)]  # fmt: skip


def test_seed000_board1_on_a_rainbow(recalculated: dict[str, Any]) -> None:
    """Seed 000's board 1 traveller (7 results: NS 3½ 1 6 0 5 2 3½, check total 21) played on
    board 1 of a 7-table Rainbow: North and South of each row take the NS matchpoints, East
    and West 6 minus them. (The workbook is recalculated with the module's others.)"""
    m = rainbow(7)
    ns_mp = [3.5, 1, 6, 0, 5, 2, 3.5]
    wb = recalculated["seed000"][0]
    c = IndividualCols.build("made-down", "mp").base
    ws = wb["Board 1"]
    assert [ws[f"{c.ns_mp}{r}"].value for r in range(6, 13)] == ns_mp
    assert (ws["N2"].value, ws["J3"].value, ws["L3"].value, ws["M3"].value) == (
        21, 21, 21, "in balance",
    )  # fmt: skip
    recap = _recap(wb["Recap"])
    for (_, (north, east, south, west)), mp in zip(board_seats(m, 1), ns_mp, strict=True):
        assert recap[north]["1"] == recap[south]["1"] == mp
        assert recap[east]["1"] == recap[west]["1"] == 6 - mp


@pytest.mark.parametrize("name", ["rainbow5-random", "individual2-full", "six-couples-random"])
def test_results_sheet_lists_players_in_rank_order(name: str, recalculated: dict[str, Any]) -> None:
    """The Results sheet re-sorts itself: players by total (``session.ranks`` order, ties in
    player order), with their rank, total and %."""
    wb, want = recalculated[name]
    scored = [s for s in want.players if s.total is not None]
    order = sorted(scored, key=lambda s: (-round(s.total or 0, 9), s.player))
    rows = [r for r in wb["Results"].iter_rows(min_row=5, max_col=5, values_only=True)]
    got = [r for r in rows if r[1] not in (None, "")]
    assert [r[1] for r in got] == [s.player for s in order]
    for r, s in zip(got, order, strict=True):
        assert r[0] == s.rank and same_value(r[3], s.total) and same_value(r[4], (s.pct or 0) / 100)


def test_checks_catch_wrong_player_numbers(recalculated: dict[str, Any]) -> None:
    """A player twice on a board, a number not in the game and an empty seat are listed on
    Checks with board and row (``scoring.individual.credit`` refuses them too)."""
    wb, _ = recalculated["typo"]
    lines = [r[0] for r in wb["Checks"].iter_rows(min_row=4, values_only=True) if r[0]]
    assert any(x.startswith("Board 1, row 1 (1-5 v 16-6)") and "player 5 twice" in x for x in lines)
    assert any(x.startswith("Board 1, row 2") and "player 5 twice" in x for x in lines)
    assert any(
        x.startswith("Board 2, row 2") and "player 99 is not in this game" in x for x in lines
    )
    assert any(x.startswith("Board 3, row 3") and "W player missing" in x for x in lines)
    assert len(lines) == 4, lines


@pytest.mark.parametrize(("name", "line"), [
    ("typo", "PROVISIONAL: 4 open problems on the Checks sheet"),
    ("rainbow5-full", None),
    ("six-couples-full", None),
])  # fmt: skip
def test_results_sheet_says_provisional_while_checks_lists_problems(
    name: str, line: str | None, recalculated: dict[str, Any]
) -> None:
    """The printed Results page opens, as the pairs one does, with the first clause of
    ``xlbridge results``' banner (``results.problems.banner``) while the Checks sheet counts
    open problems (the typo workbook's four, listed by the test above), and with nothing once
    there are none."""
    wb, _ = recalculated[name]
    assert wb["Checks"]["Z2"].value == (4 if line else 0)
    assert (wb["Results"]["A3"].value or None) == line
