"""Rebuilding team-game workbooks (issue 14: "carries over every name, result, adjusted score
and typed-over score; anything that cannot be carried is listed, never dropped silently").

The teams adapter (xlbridge/families/teams/rebuild.py) must read back every setting ``new`` and
``swiss next`` put in a workbook, regenerate its exact input layout, and name every input cell
by what it means: a match by its teams (home, away), a board by its number, a room by the team
sitting North-South (seed 002, "Team games": room 1 home North-South, room 2 home East-West).
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from tests.families.teams import test_teams_workbook as tw
from tests.support.engines import input_cells
from tests.support.shared import DATA, cli_new
from tests.support.shared import rebuild_args as _args
from xlbridge.cli import main
from xlbridge.errors import MovementError, WorkbookError, XlbridgeError
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.build import FIRST_ROW
from xlbridge.families.teams.rebuild import ADAPTER, Settings, plan_of
from xlbridge.interchange.gate import load_workbook
from xlbridge.movements.teams import swiss_teams_pairing
from xlbridge.rebuild.slots import RebuildChange, Slot
from xlbridge.scoring.contract import is_possible_score

TEAM_KINDS = (
    "head-to-head",
    "round-robin-3",
    "round-robin-4",
    "board-a-match",
    "knockout",
    "swiss-teams",
    "marvin-4",
    "marvin-6",
    "marvin-8",
)

# (id, new's arguments, settings the adapter must read back)
CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("h2h", ["head-to-head", "--tables", "2"], {"boards": 12, "segments": 2}),
    (
        "h2h-options",
        ["head-to-head", "--tables", "2", "--boards-per-round", "3", "--segments", "3",
         "--carry-over", "12.5", "--vp-scale", "acbl30", "--event", "=Final 1+1",
         "--date", "2026-11-23"],
        {"boards": 3, "segments": 3, "carry_over": 12.5, "scale": "acbl30",
         "event": "=Final 1+1", "date": "2026-11-23"},
    ),
    (
        "rr3",
        ["round-robin-3", "--tables", "3", "--boards-per-round", "7", "--win-loss",
         "--no-three-quarter"],
        {"boards": 7, "win_loss": True, "three_quarter": False},
    ),
    ("rr4", ["round-robin-4", "--tables", "4", "--vp-scale", "seed-imp"],
     {"boards": 8, "scale": "seed-imp"}),
    ("rr4-bam", ["round-robin-4", "--tables", "4", "--boards-per-round", "3",
                 "--team-scoring", "bam"], {"boards": 3, "scoring": "bam"}),
    ("bam5", ["board-a-match", "--tables", "5"], {"boards": 4, "scoring": "bam", "tables": 5}),
    ("bam4-imps", ["board-a-match", "--tables", "4", "--boards-per-round", "3",
                   "--team-scoring", "imps", "--win-loss"],
     {"boards": 3, "scoring": "imps", "win_loss": True}),
    ("ko6", ["knockout", "--tables", "6", "--boards-per-round", "3", "--carry-over", "-4"],
     {"boards": 3, "segments": 2, "carry_over": -4, "tables": 6}),
    ("ko3-one-segment", ["knockout", "--tables", "3", "--boards-per-round", "5",
                         "--segments", "1"], {"boards": 5, "segments": 1}),
    ("swiss", ["swiss-teams", "--tables", "6", "--boards-per-round", "3", "--rounds", "4"],
     {"boards": 3, "rounds": 4, "drawn": (((1, 2), (3, 4), (5, 6)),)}),
    ("swiss-bam", ["swiss-teams", "--tables", "4", "--team-scoring", "bam"],
     {"boards": 7, "rounds": 3, "scoring": "bam"}),
    ("marvin-4", ["marvin-4", "--tables", "3", "--date", "2026-11-23"],
     {"boards": None, "tables": 3, "date": "2026-11-23"}),
    ("marvin-6", ["marvin-6", "--tables", "3", "--team-scoring", "bam"], {"scoring": "bam"}),
    ("marvin-8", ["marvin-8", "--tables", "3", "--win-loss", "--event", "Marvin night"],
     {"win_loss": True, "event": "Marvin night"}),
]  # fmt: skip


def _check_slots(wb: Workbook, s: Settings) -> dict[tuple[Any, ...], Slot]:
    slots = ADAPTER.slots(wb, s)
    keys = [x.key for x in slots]
    assert len(set(keys)) == len(keys), "keys are unique"
    assert {(x.sheet, x.cell) for x in slots} == set(input_cells(wb)), "a slot for every input"
    assert all(x.what and "\n" not in x.what for x in slots)
    return {x.key: x for x in slots}


def _same_layout(book: Workbook, built: Workbook) -> None:
    """Same sheets, same input cells, same values written in them."""
    assert built.sheetnames == book.sheetnames
    theirs, ours = input_cells(book), input_cells(built)
    assert set(theirs) == set(ours)
    assert {k: v for k, v in theirs.items() if v != ours[k]} == {}


@pytest.mark.parametrize(("name", "argv", "want"), CASES, ids=[c[0] for c in CASES])
def test_settings_read_back_and_layout_reproduced(
    new_workbook: Callable[..., Path], name: str, argv: list[str], want: dict[str, Any]
) -> None:
    path = new_workbook(*argv)  # only read
    book = load_workbook(path)
    s = ADAPTER.settings(book)
    assert s.kind == argv[0]
    assert {k: getattr(s, k) for k in want} == want
    built = ADAPTER.build(s, None)
    _same_layout(book, built)
    _check_slots(built, s)
    assert ADAPTER.settings(built) == s  # the round trip, in memory too
    assert ADAPTER.describe(s).startswith(f"{s.kind}, ")


def test_every_team_kind_is_covered() -> None:
    assert {c[1][0] for c in CASES} == set(TEAM_KINDS)


# --- Swiss: the rounds paired by `swiss next` are part of the layout -----------------------


def _fill_round(path: Path | Workbook, s: Settings, rnd: int, seed: int) -> None:
    plan = plan_of(s)
    rows = tw.random_rows(plan, random.Random(seed), adjusted=True, incomplete=None)
    keep = {m.number for m in plan.matches if m.round == rnd}
    tw.fill(path, plan, {n: (r if n in keep else []) for n, r in rows.items()}, {})


@pytest.fixture(scope="module")
def swiss_rounds(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, Settings]]:
    """A Swiss of six teams from ``new`` (``r1``), then ``swiss next`` after round 1 is typed
    (``r2``) and after round 2 is typed too (``r3``): each workbook with its settings, made once
    for the module. Read them only (copy one to change it); ``r2`` is as ``swiss next`` wrote
    it, round 2 typed only in the copy ``r2-played`` that ``r3`` is paired from."""
    paths, s = _swiss_after_next(tmp_path_factory.mktemp("swiss-rounds"), 2)
    return list(zip(paths, s, strict=True))


def _swiss_after_next(tmp: Path, times: int) -> tuple[list[Path], list[Settings]]:
    path = cli_new(
        tmp,
        "r1",
        "swiss-teams",
        "--tables",
        "6",
        "--boards-per-round",
        "2",
        "--rounds",
        "4",
        "--win-loss",
    )
    paths = [path]
    book = load_workbook(path)  # each file read once: its settings, then typed into and saved
    s = [ADAPTER.settings(book)]
    for rnd in range(1, times + 1):
        played = paths[-1]
        if rnd > 1:  # the workbook swiss next wrote stays as it wrote it
            played = tmp / f"r{rnd}-played.xlsx"
        _fill_round(book, s[-1], rnd, seed=rnd)
        book.save(played)
        out = tmp / f"r{rnd + 1}.xlsx"
        assert main(["swiss", "next", str(played), "-o", str(out)]) == 0
        paths.append(out)
        book = load_workbook(out)
        s.append(ADAPTER.settings(book))
    return paths, s


@pytest.mark.parametrize("times", [1, 2])
def test_swiss_after_next_reads_the_drawn_rounds(
    swiss_rounds: list[tuple[Path, Settings]], times: int
) -> None:
    path, s = swiss_rounds[times]  # r2 or r3
    book = load_workbook(path)
    assert len(s.drawn) == times + 1
    assert s.drawn[0] == ((1, 2), (3, 4), (5, 6))
    sheets = [book[f"Match {n}"] for n in range(1, 3 * (times + 1) + 1)]
    assert [(ws["B2"].value, ws["H2"].value) for ws in sheets] == [
        p for rnd in s.drawn for p in rnd
    ]
    played = [p for rnd in s.drawn for p in rnd]
    assert len({frozenset(p) for p in played}) == len(played)  # no rematch
    assert (s.rounds, s.win_loss, s.boards) == (4, True, 2)
    built = ADAPTER.build(s, None)
    # The entered rounds differ from the blank regenerated workbook only in typed cells (and
    # the 'Not carried' sheet the rebuild engine writes for swiss next).
    assert built.sheetnames == [n for n in book.sheetnames if n != "Not carried"]
    assert set(input_cells(built)) == set(input_cells(book))
    _check_slots(built, s)
    assert ADAPTER.settings(built) == s


def test_a_workbook_of_another_schedule_is_refused(
    tmp_path: Path, new_workbook: Callable[..., Path]
) -> None:
    """Same input cells but other teams on a match sheet (another xlbridge version's schedule,
    or a sheet edited): entries would land on the wrong teams, so the settings are refused."""
    path = Path(shutil.copy(new_workbook("round-robin-4", "--tables", "4"), tmp_path / "rr4.xlsx"))
    wb = openpyxl.load_workbook(path)
    wb["Match 2"]["B2"], wb["Match 2"]["H2"] = 3, 2
    wb.save(path)
    with pytest.raises(XlbridgeError) as exc:
        ADAPTER.settings(load_workbook(path))
    assert str(exc.value) == (
        "'Match 2' has teams 3 v 2 where the round-robin-4 schedule has 2 v 3; rebuild needs"
        " the workbook as xlbridge wrote it"
    )
    wb["Match 2"]["B2"], wb["Match 2"]["H2"], wb["Match 2"]["A6"] = 2, 3, 1
    wb.save(path)
    with pytest.raises(XlbridgeError, match="'Match 2' has boards 1-16 where the round-robin-4"):
        ADAPTER.settings(load_workbook(path))


# --- change -----------------------------------------------------------------------------


def test_change_keeps_what_is_not_asked() -> None:
    old = Settings("head-to-head", 2, 6, segments=3, carry_over=5, event="Final", date="Sun")
    assert ADAPTER.change(old, _args()) == old
    assert ADAPTER.change(old, _args(boards_per_round=8)) == replace(old, boards=8)
    ko = ADAPTER.change(replace(old, win_loss=True), _args(kind="knockout", tables=4))
    assert (ko.kind, ko.tables, ko.boards, ko.segments, ko.carry_over, ko.win_loss) == (
        "knockout", 4, 6, 3, 5, False,
    )  # fmt: skip
    # board-a-match scoring follows the kind when it was the old kind's default
    bam = Settings("board-a-match", 4, 4, scoring="bam")
    rr4 = ADAPTER.change(bam, _args(kind="round-robin-4"))
    assert (rr4.tables, rr4.boards, rr4.scoring) == (4, 4, "imps")
    rr3 = ADAPTER.change(rr4, _args(kind="round-robin-3"))
    assert (rr3.tables, rr3.boards) == (3, None)  # a round is not a match: the kind's default
    assert ADAPTER.change(rr3, _args(kind="marvin-8")).tables == 3


def test_swiss_change_keeps_the_drawn_rounds() -> None:
    r2 = ((1, 3), (2, 5), (4, 6))
    old = Settings("swiss-teams", 6, 3, rounds=4, drawn=(((1, 2), (3, 4), (5, 6)), r2))
    more = ADAPTER.change(old, _args(rounds=5, boards_per_round=4))
    assert (more.rounds, more.drawn, more.boards) == (5, old.drawn, 4)
    fewer = ADAPTER.change(old, _args(rounds=1))
    assert fewer.drawn == old.drawn[:1]
    one = replace(old, drawn=old.drawn[:1])
    eight = ADAPTER.change(one, _args(tables=8))
    assert eight.drawn == (((1, 2), (3, 4), (5, 6), (7, 8)),)


@pytest.mark.parametrize(
    ("old", "kw", "line"),
    [
        (Settings("round-robin-4", 4, 8), {"tables": 5},
         "round-robin-4: 5 tables is not supported (supported: 4)"),
        (Settings("head-to-head", 2, 12), {"tables": 3},
         "head-to-head: 3 tables; it is played at 2 tables"),
        (Settings("round-robin-4", 4, 8), {"rounds": 4},
         "round-robin-4: its schedule fixes the rounds; --rounds is for swiss-teams"),
        (Settings("marvin-8", 3), {"boards_per_round": 6},
         "marvin-8: the match length is in the kind's name"),
        (Settings("swiss-teams", 6, 3, rounds=4,
                  drawn=(((1, 2), (3, 4), (5, 6)), ((1, 3), (2, 5), (4, 6)))), {"tables": 8},
         "swiss-teams: 2 rounds are already paired; the number of teams can change only while"
         " round 1 alone is paired"),
        (Settings("swiss-teams", 6, 3, rounds=4), {"tables": 5},
         "swiss-teams: 5 teams; use an even number, at least 4 (Party Bridge advises avoiding an"
         " odd number)"),
        (Settings("swiss-teams", 6, 3, rounds=4), {"rounds": 6},
         "swiss-teams: 6 rounds for 6 teams; at most 5 without a rematch"),
        (Settings("head-to-head", 2, 12), {"kind": "mitchell"},
         "mitchell is not a team game; rebuild keeps the game family"),
    ],
)  # fmt: skip
def test_impossible_changes_are_refused_in_one_line(
    old: Settings, kw: dict[str, Any], line: str
) -> None:
    with pytest.raises(XlbridgeError) as exc:
        ADAPTER.change(old, _args(**kw))
    assert str(exc.value) == line


def test_a_carry_over_on_a_kind_without_one_is_refused() -> None:
    new = ADAPTER.change(Settings("head-to-head", 2, 12, carry_over=3), _args(kind="round-robin-4"))
    with pytest.raises(XlbridgeError, match="a carry-over applies to head-to-head and knockout"):
        ADAPTER.build(new, None)


# --- end to end: the engine (xlbridge/rebuild/family.py) and `xlbridge rebuild` ------------


def _cli_rebuild(old: Path, out: Path, *extra: str) -> int:
    return main(["rebuild", str(old), *extra, "-o", str(out)])


def test_hand_checked_round_robin_with_longer_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], new_workbook: Callable[..., Path]
) -> None:
    """Round robin of four (seed 002): 8-board matches, 1 v 4 on boards 1-8, 2 v 3 on 9-16. With
    10-board matches 2 v 3 plays boards 11-20: board 11 (old row 8) moves to row 6; board 9
    is no longer played by 2 v 3 and is listed; team names follow their team."""
    old = Path(shutil.copy(new_workbook("round-robin-4", "--tables", "4"), tmp_path / "rr4.xlsx"))
    wb = openpyxl.load_workbook(old)
    m1, m2 = wb["Match 1"], wb["Match 2"]
    assert (m2["B2"].value, m2["H2"].value, m2["A8"].value) == (2, 3, 11)
    m2["B8"], m2["C8"], m2["D8"] = "4S", "N", 4  # board 11, room 1: team 2 North-South
    m2["G8"], m2["H8"], m2["J8"] = "4S", "S", 1  # board 11, room 2: team 3 North-South
    m2["B6"] = "3NT"  # board 9: not played by 2 v 3 with 10-board matches
    m1[
        "K10"
    ] = -420  # board 5 (NS vulnerable: EW 4S= is 420), room 2: a score typed over the formula
    m1["N7"] = "A+/A-"  # board 2 adjusted
    wb["Names"]["B5"] = "Smith"  # team 2
    wb.save(old)
    new = tmp_path / "rr4-10.xlsx"
    assert _cli_rebuild(old, new, "--boards-per-round", "10") == 0
    out = capsys.readouterr().out
    assert "carried 9 of 10 entered cells" in out
    assert "Match 2 v 3, board 9, team 2 North-South: Contract ('Match 2'!B6): 3NT" in out
    got = openpyxl.load_workbook(new)
    n1, n2 = got["Match 1"], got["Match 2"]
    assert (n2["A6"].value, n2["B6"].value, n2["C6"].value, n2["D6"].value) == (11, "4S", "N", 4)
    assert (n2["G6"].value, n2["H6"].value, n2["J6"].value) == ("4S", "S", 1)
    assert n2["B6"].data_type == "s"
    assert (n1["A10"].value, n1["K10"].value, n1["N7"].value) == (5, -420, "A+/A-")
    assert got["Names"]["B5"].value == "Smith"
    assert "Not carried" in got.sheetnames
    assert ADAPTER.settings(got).boards == 10


def test_hand_checked_head_to_head_fewer_boards_lists_the_boards_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """12 boards in two halves of 6 → halves of 4: boards 9-12 are no longer played."""
    old = cli_new(
        tmp_path,
        "h2h",
        "head-to-head",
        "--tables",
        "2",
        "--boards-per-round",
        "6",
        "--carry-over",
        "3",
    )
    wb = openpyxl.load_workbook(old)
    ws = wb["Match 1"]
    for r in range(FIRST_ROW, FIRST_ROW + 12):
        ws[f"B{r}"] = "PASS"
    ws["B3"] = 5  # the carry-over corrected
    wb.save(old)
    new = tmp_path / "h2h-8.xlsx"
    assert _cli_rebuild(old, new, "--boards-per-round", "4") == 0
    out = capsys.readouterr().out
    assert "carried 9 of 13 entered cells" in out
    for board in (9, 10, 11, 12):
        assert f"Match 1 v 2, board {board}, team 1 North-South: Contract" in out
    got = openpyxl.load_workbook(new)["Match 1"]
    assert [got[f"B{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 8)] == ["PASS"] * 8
    assert got["B3"].value == 5
    assert got[f"O{FIRST_ROW + 4}"].value == 2  # board 5 is now in the second half


def test_swiss_rebuilt_with_more_rounds_keeps_the_pairings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], swiss_rounds: list[tuple[Path, Settings]]
) -> None:
    r2, s = swiss_rounds[1]
    r2 = Path(shutil.copy(r2, tmp_path / "r2.xlsx"))  # changed below
    wb = openpyxl.load_workbook(r2)
    home, away = wb["Match 4"]["B2"].value, wb["Match 4"]["H2"].value
    wb["Match 4"]["G7"] = "3NT"  # round 2, board 2, room 2: the away team North-South
    wb.save(r2)
    before = r2.read_bytes()
    new = tmp_path / "r2-5.xlsx"
    assert _cli_rebuild(r2, new, "--rounds", "5") == 0
    assert r2.read_bytes() == before  # the user's file is only read
    out = capsys.readouterr().out
    book = wb  # r2 as saved
    blank = input_cells(ADAPTER.build(s, None))
    entered = {k: v for k, v in input_cells(book).items() if v != blank[k]}
    assert f"carried {len(entered)} of {len(entered)} entered cells" in out
    got = load_workbook(new)
    t = ADAPTER.settings(got)
    assert (t.rounds, t.drawn) == (5, s.drawn)
    assert got["Match 4"]["G7"].value == "3NT"
    assert (got["Match 4"]["B2"].value, got["Match 4"]["H2"].value) == (home, away)
    assert {k: v for k, v in input_cells(got).items() if k in entered} == entered
    # More teams once round 2 is paired: refused in one line, nothing written.
    bad = tmp_path / "r2-8.xlsx"
    assert _cli_rebuild(r2, bad, "--tables", "8") == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "xlbridge rebuild: error: swiss-teams: 2 rounds are already paired; the number of"
        " teams can change only while round 1 alone is paired"
    )
    assert not bad.exists()


def test_swiss_round_one_with_more_teams_keeps_the_draw(tmp_path: Path) -> None:
    from xlbridge.families.registry import rebuild_family

    old = cli_new(tmp_path, "s6", "swiss-teams", "--tables", "6", "--boards-per-round", "2")
    book = load_workbook(old)  # read once: its settings, then typed into and saved
    s = ADAPTER.settings(book)
    _fill_round(book, s, 1, seed=5)
    book.save(old)
    res = rebuild_family(old, _args(tables=8), tmp_path / "s8.xlsx")
    assert res.carried == res.entered > 0 and res.not_carried == ()
    assert res.describe.startswith("swiss-teams, 8 teams, 4 matches of 2 boards")
    got = load_workbook(tmp_path / "s8.xlsx")
    assert (got["Match 4"]["B2"].value, got["Match 4"]["H2"].value) == (7, 8)


def test_knockout_with_more_teams_keeps_the_first_round_matches_it_still_has(
    tmp_path: Path,
) -> None:
    """Seed 002 bracket: 6 teams give 1 and 2 byes, 4 v 5 and 3 v 6; 8 teams play 1 v 8, 4 v 5,
    2 v 7, 3 v 6. The round-2 match '1 v winner of 4 v 5' no longer exists."""
    from xlbridge.families.registry import rebuild_family

    old = cli_new(tmp_path, "ko6", "knockout", "--tables", "6", "--boards-per-round", "2")
    wb = openpyxl.load_workbook(old)
    assert [(wb[f"Match {n}"]["B2"].value, wb[f"Match {n}"]["H2"].value) for n in (1, 2)] == [
        (4, 5), (3, 6),
    ]  # fmt: skip
    wb["Match 1"]["B6"] = "4H"
    wb["Match 2"]["G9"] = "2S"
    wb["Match 3"]["B6"] = "1NT"  # 1 v winner of 4 v 5
    row = next(r for r in range(1, 40) if wb["Match 1"][f"A{r}"].value == "Winner if tied")
    wb["Match 1"][f"C{row}"] = 4
    wb.save(old)
    res = rebuild_family(old, _args(tables=8), tmp_path / "ko8.xlsx")
    assert (res.entered, res.carried) == (4, 3)
    assert [n.where for n in res.not_carried] == [
        "Match 1 v (winner of 4 v 5) (round 2), board 1, team 1 North-South: Contract"
        " ('Match 3'!B6)"
    ]
    got = load_workbook(tmp_path / "ko8.xlsx")
    teams = {
        (got[n]["B2"].value, got[n]["H2"].value): n
        for n in ("Match 1", "Match 2", "Match 3", "Match 4")
    }
    assert got[teams[(4, 5)]]["B6"].value == "4H"
    assert got[teams[(3, 6)]]["G9"].value == "2S"
    assert got[teams[(4, 5)]][f"C{row}"].value == 4


def test_head_to_head_rebuilt_as_a_two_team_knockout_carries_everything(tmp_path: Path) -> None:
    """The same two teams, boards and rooms: every result and the carry-over keep their place;
    the knockout adds a 'Winner if tied' cell and no VPs."""
    from xlbridge.families.registry import rebuild_family

    old = cli_new(
        tmp_path, "h2h", "head-to-head", "--tables", "2", "--boards-per-round", "2", "--win-loss"
    )
    book = load_workbook(old)  # read once: its settings, then typed into and saved
    s = ADAPTER.settings(book)
    plan = plan_of(s)
    tw.fill(book, plan, tw.random_rows(plan, random.Random(3), adjusted=True, incomplete=None),
            {"Match 1!B3": 7})  # fmt: skip
    book.save(old)
    res = rebuild_family(old, _args(kind="knockout"), tmp_path / "ko.xlsx")
    assert res.carried == res.entered > 4 and res.not_carried == ()
    assert res.describe == "knockout, 2 teams, 1 match of 4 boards in 2 segments, IMPs"
    mine, theirs = input_cells(load_workbook(tmp_path / "ko.xlsx")), input_cells(book)
    assert {k: v for k, v in theirs.items() if mine.get(k) != v} == {}
    assert set(mine) - set(theirs) == {("Match 1", "C16")}  # Winner if tied (below Margin)


def test_marvin_teams_are_not_the_teams_of_another_kind(tmp_path: Path) -> None:
    """Marvin's team 1 is pairs 1 and 2 (seed 002's team list), not team 1 of a board-a-match:
    its result on board 3 against Marvin's team 2 must not land on board 3 of 1 v 2."""
    from xlbridge.families.registry import rebuild_family

    old = cli_new(tmp_path, "m4", "marvin-4", "--tables", "3")
    wb = openpyxl.load_workbook(old)
    assert (wb["Match 1"]["B2"].value, wb["Match 1"]["H2"].value, wb["Match 1"]["A6"].value) == (
        1, 2, 3,
    )  # fmt: skip
    wb["Match 1"]["B6"] = "4S"
    wb["Names"]["B4"] = "Ann Lee"  # pair 1, not team 1
    wb.save(old)
    res = rebuild_family(old, _args(kind="board-a-match", boards_per_round=1), tmp_path / "b.xlsx")
    assert (res.entered, res.carried) == (2, 0)
    assert [n.where for n in res.not_carried] == [
        "Pair 1: Player 1 ('Names'!B4)",
        "Match Pairs 1/2 v Pairs 3/4, board 3, Pairs 1/2 North-South: Contract ('Match 1'!B6)",
    ]


def test_names_given_to_new_are_carried(tmp_path: Path) -> None:
    from xlbridge.families.registry import rebuild_family

    names = tmp_path / "names.csv"
    names.write_text("team,name,players\n1,Lions,Ann Lee\n3,Tigers,Bo Chan\n")
    old = cli_new(tmp_path, "bam", "board-a-match", "--tables", "3", "--names", str(names))
    res = rebuild_family(old, _args(tables=4), tmp_path / "bam4.xlsx")
    assert (res.entered, res.carried, res.not_carried) == (4, 4, ())
    got = load_workbook(tmp_path / "bam4.xlsx")["Names"]
    assert [got[c].value for c in ("B4", "C4", "B6", "C6", "B7")] == [
        "Lions", "Ann Lee", "Tigers", "Bo Chan", None,
    ]  # fmt: skip


# --- property: random sessions, random entries, random changes: nothing lost ---------------

_TYPED = st.one_of(
    st.sampled_from(["4S", "3NT", "PASS", "6HX", "N", "e", "A+", "A+/A-", "Ann Lee", "=1+1"]),
    st.integers(0, 13),
    st.sampled_from([-650.0, 420.0, 12.5, -1]),
)


@st.composite
def team_settings(draw: st.DrawFn) -> Settings:
    kind = draw(st.sampled_from(TEAM_KINDS))
    base = Settings(kind, 3, scale=draw(st.sampled_from(["wbf", "wbf-raw", "seed-imp"])))
    if kind != "knockout":
        base = replace(base, win_loss=draw(st.booleans()),
                       scoring=draw(st.sampled_from(["imps", "imps", "bam"])))  # fmt: skip
    if kind == "board-a-match":
        base = replace(base, scoring="bam")
    if kind in ("head-to-head", "knockout"):
        base = replace(
            base,
            tables=2 if kind == "head-to-head" else draw(st.integers(2, 6)),
            boards=draw(st.integers(1, 3)),
            segments=draw(st.integers(1, 2)),
            carry_over=0 if base.scoring == "bam" else draw(st.sampled_from([0, 3, -2.5])),
        )
    elif kind == "round-robin-3":
        base = replace(base, boards=draw(st.integers(5, 6)))
    elif kind == "round-robin-4":
        base = replace(base, tables=4, boards=draw(st.integers(2, 3)))
    elif kind == "board-a-match":
        base = replace(base, tables=draw(st.integers(3, 5)), boards=draw(st.integers(1, 2)))
    elif kind == "swiss-teams":
        teams = draw(st.sampled_from([4, 6]))
        rounds = draw(st.integers(1, teams - 1))
        drawn = [tuple((k, k + 1) for k in range(1, teams, 2))]
        for left in range(rounds - 1, rounds - draw(st.integers(1, rounds)), -1):
            order = draw(st.permutations(range(1, teams + 1)))
            played = [p for r in drawn for p in r]
            try:
                drawn.append(swiss_teams_pairing(order, played, left))
            except XlbridgeError:
                break
        base = replace(base, tables=teams, boards=draw(st.integers(1, 2)), rounds=rounds,
                       drawn=tuple(drawn))  # fmt: skip
    return base


_TABLES = {"board-a-match": [3, 4, 5, 6], "knockout": [2, 3, 5, 8], "swiss-teams": [4, 6, 8]}
_FIXED = {"head-to-head": 2, "round-robin-3": 3, "round-robin-4": 4, "marvin-4": 3,
          "marvin-6": 3, "marvin-8": 3}  # fmt: skip


def changes(old: Settings) -> st.SearchStrategy[RebuildChange]:
    """Mostly changes the schedule can make (more tables, boards, rounds, another kind), and a
    few it must refuse."""

    @st.composite
    def change(draw: st.DrawFn) -> RebuildChange:
        kind = draw(st.none() | st.none() | st.sampled_from(TEAM_KINDS))
        target = kind or old.kind
        fixed = _FIXED.get(target, 0)
        tables = draw(st.none() | st.sampled_from(_TABLES.get(target, [fixed] * 3 + [5])))
        low = 5 if target == "round-robin-3" else 1
        boards = (
            None if target.startswith("marvin") else draw(st.none() | st.integers(low, low + 2))
        )
        rounds = draw(st.none() | st.integers(1, 5)) if target == "swiss-teams" else None
        return _args(kind=kind, tables=tables, boards_per_round=boards, rounds=rounds)

    return change()


def _new_kind(old: Settings, change: RebuildChange) -> str:
    return "same kind" if change.kind in (None, old.kind) else "another kind"


def _formula(v: Any) -> bool:
    return isinstance(v, str) and v.startswith("=")


def _fill(
    data: st.DataObject, wb: Workbook, slots: Sequence[Slot]
) -> tuple[dict[tuple[str, str], Any], dict[tuple[str, str], Any]]:
    """Random values in random input cells, and a few numbers typed over locked formulas."""
    typed: dict[tuple[str, str], Any] = {}
    for i in data.draw(st.lists(st.integers(0, len(slots) - 1), max_size=25), label="cells"):
        x = slots[i]
        typed[(x.sheet, x.cell)] = data.draw(_TYPED, label=x.where)
    over: dict[tuple[str, str], Any] = {}
    matches = [n for n in wb.sheetnames if n.startswith("Match ")]
    for _ in range(data.draw(st.integers(0, 2), label="typed over")):
        sheet = data.draw(st.sampled_from(matches))
        over[(sheet, f"{T.HOME_COL}{FIRST_ROW}")] = 3
    for (sheet, cell), v in {**typed, **over}.items():
        wb[sheet][cell] = v
        if isinstance(v, str) and not _formula(v):
            wb[sheet][cell].data_type = "s"
    return typed, over


# The refusals the property may meet, by exception type and message (matched whole); any other
# exception fails it. ``new`` refuses a head-to-head of 1 board a half (team_settings draws 1-3):
BUILD_REFUSALS: tuple[tuple[type[XlbridgeError], str], ...] = (
    (MovementError, r"head-to-head: \d+ boards in \d+ halves; use a multiple of the halves with"
     r" at least 2 boards a half"),
)  # fmt: skip
# ``rebuild`` refuses the changes the schedule cannot make, which ``changes`` draws on purpose:
# tables a kind does not have (a 2-table knockout made board-a-match, which is 3-8), a
# head-to-head of 1 board a half or at 3+ tables, a round-robin-4 of 1 board a match, a
# carry-over moved to a kind without one, more Swiss teams once round 2 is paired, more Swiss
# rounds than teams - 1, a Swiss of an odd number of teams (round-robin-3 made a Swiss).
REBUILD_REFUSALS: tuple[tuple[type[XlbridgeError], str], ...] = (
    (MovementError, r"(round-robin-[34]|marvin-[468]|board-a-match): \d+ tables is not"
     r" supported \(supported: [0-9, .-]+\)"),
    (MovementError, BUILD_REFUSALS[0][1]),
    (WorkbookError, r"head-to-head: \d+ tables; it is played at 2 tables"),
    (MovementError, r"round-robin-4: 1 boards a match; at least 2"),
    (WorkbookError, r"(round-robin-[34]|marvin-[468]|board-a-match|swiss-teams): a carry-over"
     r" applies to head-to-head and knockout matches"),
    (WorkbookError, r"swiss-teams: \d+ rounds are already paired; the number of teams can change"
     r" only while round 1 alone is paired"),
    (WorkbookError, r"swiss-teams: \d+ rounds for \d+ teams; at most \d+ without a rematch"),
    (MovementError, r"swiss-teams: \d+ teams; use an even number, at least 4 \(Party Bridge advises"
     r" avoiding an odd number\)"),
)  # fmt: skip


def _expected(exc: XlbridgeError, refusals: tuple[tuple[type[XlbridgeError], str], ...]) -> bool:
    return any(type(exc) is kind and re.fullmatch(p, str(exc)) for kind, p in refusals)


def test_refusal_patterns_match_the_messages() -> None:
    """The patterns match the real messages (a pattern that matched nothing would hide a bug)."""
    h2h = Settings("head-to-head", 2, 1, segments=2)
    with pytest.raises(XlbridgeError) as built:
        ADAPTER.build(h2h, None)
    assert _expected(built.value, BUILD_REFUSALS)
    assert not _expected(WorkbookError(str(built.value)), BUILD_REFUSALS)  # the type counts
    for old, kw in [
        (Settings("round-robin-4", 4, 8), {"tables": 5}),
        (Settings("marvin-6", 3), {"tables": 5}),
        (Settings("head-to-head", 2, 12), {"tables": 3}),
        (Settings("swiss-teams", 6, 3, rounds=4), {"rounds": 6}),
        (Settings("round-robin-3", 3, 5), {"kind": "swiss-teams"}),
        (Settings("swiss-teams", 6, 3, rounds=4,
                  drawn=(((1, 2), (3, 4), (5, 6)), ((1, 3), (2, 5), (4, 6)))), {"tables": 8}),
        (Settings("head-to-head", 2, 12, carry_over=3), {"kind": "round-robin-4"}),
        (Settings("round-robin-4", 4, 8), {"boards_per_round": 1}),
        (Settings("head-to-head", 2, 12), {"boards_per_round": 1}),
    ]:  # fmt: skip
        with pytest.raises(XlbridgeError) as refused:
            ADAPTER.build(ADAPTER.change(old, _args(**kw)), None)
        assert _expected(refused.value, REBUILD_REFUSALS), str(refused.value)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=team_settings(), data=st.data())
def test_property_every_entry_carried_or_listed(old: Settings, data: st.DataObject) -> None:
    from xlbridge.families.registry import rebuild_in_memory

    try:
        book = ADAPTER.build(old, None)
    except XlbridgeError as exc:
        if not _expected(exc, BUILD_REFUSALS):
            raise
        reject()  # new refuses these settings too
    slots = ADAPTER.slots(book, old)
    blank = {(x.sheet, x.cell): book[x.sheet][x.cell].value for x in slots}
    typed, over = _fill(data, book, slots)
    assert ADAPTER.settings(book) == old
    change = data.draw(changes(old), label="change")
    try:
        new_wb, res = rebuild_in_memory(book, change)
    except XlbridgeError as exc:
        if not _expected(exc, REBUILD_REFUSALS):
            raise
        assert "\n" not in str(exc) and str(exc)  # refused in one line
        event(f"refused: {exc}")
        return
    event(f"rebuilt {old.kind} as {_new_kind(old, change)}")
    new = ADAPTER.change(old, change)
    new_keys = {x.key: x for x in ADAPTER.slots(new_wb, new)}
    listed = [n.where for n in res.not_carried]
    entries = carried = 0
    refused: set[tuple[str, str]] = set()
    for x in slots:
        value = typed.get((x.sheet, x.cell))
        default = blank[(x.sheet, x.cell)]
        # A formula typed over xlbridge's own is an entry too (listed): only xlbridge's formula
        # saved again by a spreadsheet program, respelt, is not; the drawn ones are never that.
        if value is None or value == default:
            continue
        entries += 1
        target = new_keys.get(x.key)
        # An NS score no contract makes on the board (Law 77) is listed, never carried.
        impossible = x.score_board is not None and not isinstance(value, str)
        impossible = impossible and not is_possible_score(value, x.score_board)
        if _formula(value) or target is None or impossible:
            assert sum(x.where in w for w in listed) == 1, f"{x.where} ({value!r}) was lost"
            if impossible:
                refused.add((x.sheet, x.cell))
        else:
            assert new_wb[target.sheet][target.cell].value == value, x.where
            carried += 1
    for sheet, cell in over:
        assert f"'{sheet}'!{cell}" in listed
    assert (res.entered, res.carried) == (entries + len(over), carried)
    assert res.carried + len(res.not_carried) == res.entered
    if all(getattr(change, k) is None for k in ("kind", "tables", "rounds", "boards_per_round")):
        # The identity rebuild: every entry carried, the input cells exactly as they were.
        formulas = sum(_formula(v) for v in typed.values() if v is not None)
        assert carried == entries - formulas - len(refused)
        mine, theirs = input_cells(new_wb), input_cells(book)
        kept = {k: v for k, v in theirs.items() if not _formula(v) and k not in refused}
        assert {k: v for k, v in kept.items() if mine[k] != v} == {}


_ONE_PER_KIND = [c for i, c in enumerate(CASES) if c[1][0] not in {d[1][0] for d in CASES[:i]}]


@pytest.mark.parametrize(("name", "argv", "want"), _ONE_PER_KIND, ids=[c[0] for c in _ONE_PER_KIND])
def test_identity_rebuild_through_the_cli_keeps_every_input(
    tmp_path: Path, name: str, argv: list[str], want: dict[str, Any],
    capsys: pytest.CaptureFixture[str], new_workbook: Callable[..., Path],
) -> None:  # fmt: skip
    old = Path(shutil.copy(new_workbook(*argv), tmp_path / f"{name}.xlsx"))  # new ARGV, a copy
    typed = load_workbook(old)  # read once: its settings, then filled in memory and saved
    s = ADAPTER.settings(typed)
    blank = input_cells(typed)  # as new wrote them (the layout ADAPTER.build regenerates)
    plan = plan_of(s)
    rows = tw.random_rows(plan, random.Random(name), adjusted=s.scoring != "bam", incomplete=None)
    tw.fill(typed, plan, rows, {"Names!B4": "Lions", "Names!C5": "Ann Lee"})
    typed.save(old)
    book = typed  # the saved file's inputs: the values filled, as written
    entered = {k: v for k, v in input_cells(book).items() if v not in (None, blank[k])}
    new = tmp_path / "same.xlsx"
    assert _cli_rebuild(old, new) == 0
    assert f"carried {len(entered)} of {len(entered)} entered cells" in capsys.readouterr().out
    got = load_workbook(new)
    assert input_cells(got) == input_cells(book)
    assert got["Names"]["B4"].data_type == "s"
    assert ADAPTER.settings(got) == s


def test_a_text_name_starting_with_equals_is_carried(tmp_path: Path) -> None:
    from xlbridge.families.registry import rebuild_family

    names = tmp_path / "names.csv"
    names.write_text("team,name,players\n1,=Lions,Ann Lee\n")
    old = cli_new(tmp_path, "h2h", "head-to-head", "--tables", "2", "--names", str(names))
    assert load_workbook(old)["Names"]["B4"].data_type == "s"
    res = rebuild_family(old, _args(), tmp_path / "same.xlsx")
    assert (res.entered, res.carried) == (2, 2)


@pytest.mark.libreoffice
def test_rebuilt_match_recalculates_to_the_old_imps(tmp_path: Path) -> None:
    """A filled head-to-head rebuilt with longer halves, recalculated in LibreOffice: every
    carried board shows the IMPs the results engine reads from the old workbook (seed 002's
    IMP scale and adjusted scores, Law 86A), and the carry-over still counts."""
    from xlbridge.families.registry import read_workbook
    from xlbridge.families.teams.model import TeamsResults
    from xlbridge.workbook.recalc import recalculate

    old = cli_new(
        tmp_path,
        "old",
        "head-to-head",
        "--tables",
        "2",
        "--boards-per-round",
        "3",
        "--carry-over",
        "2",
    )
    s = ADAPTER.settings(load_workbook(old))
    plan = plan_of(s)
    tw.fill(old, plan, tw.random_rows(plan, random.Random(14), adjusted=True, incomplete=None), {})
    before = read_workbook(old)
    assert isinstance(before, TeamsResults)
    (match,) = before.matches
    assert match.done and len(match.boards) == 6
    new = tmp_path / "new.xlsx"
    assert _cli_rebuild(old, new, "--boards-per-round", "4") == 0
    (calc,) = recalculate([new], tmp_path / "calc")
    ws = openpyxl.load_workbook(calc, data_only=True)["Match 1"]
    by_board = {ws[f"A{r}"].value: r for r in range(FIRST_ROW, FIRST_ROW + 8)}
    for b in match.boards:
        r = by_board[b.board]
        got = (ws[f"{T.HOME_COL}{r}"].value, ws[f"{T.AWAY_COL}{r}"].value)
        assert got == pytest.approx((b.home, b.away)), f"board {b.board}"
    after = read_workbook(calc)
    assert isinstance(after, TeamsResults)
    assert after.matches[0].carry == 2 and not after.matches[0].done
    assert sum(x.home or 0 for x in after.matches[0].boards) == pytest.approx(
        sum(x.home or 0 for x in match.boards)
    )


# Workbooks written before issue 20 (signed IMPs on each board, a net match total, no OK
# columns, no Margin row), made by xlbridge at commit e79cfe7, filled with results (a typed
# score, an A+, a carry-over, a team name) and recalculated by LibreOffice.
_LAYOUT_1 = ("teams_layout1_knockout.xlsx", "teams_layout1_rr3.xlsx")


@pytest.mark.parametrize("name", _LAYOUT_1)
def test_a_workbook_written_before_issue_20_reads_and_rebuilds(tmp_path: Path, name: str) -> None:
    """``results`` reads it as written (every formula agrees) and publishes the IMPs each side
    won; ``rebuild`` carries every entry (nothing listed as not carried) into today's layout,
    whose Python scores are the same."""
    from xlbridge.families.registry import read_workbook, rebuild_family
    from xlbridge.families.teams.model import TeamsResults

    old = DATA / name
    before = read_workbook(old)
    assert isinstance(before, TeamsResults)
    assert before.recalculated and before.disagreements == ()
    assert all(m.h >= 0 and m.a >= 0 for m in before.matches)
    assert any(min(m.mh, m.ma) < 0 for m in before.matches)  # the margins are still there
    new = tmp_path / "new.xlsx"
    res = rebuild_family(old, _args(), new)
    # The knockout's bracket note said "(seed 002)" before issue 21 named the source (Party
    # Bridge): that locked text is listed as changed, and nothing else.
    noted = [n for n in res.not_carried if "seed 002" not in n.entered]
    assert res.carried == res.entered - (len(res.not_carried) - len(noted)) > 20 and noted == []
    wb = load_workbook(new)
    assert wb["Match 1"][f"{T.OK_COLS[1]}5"].value == "OK 1"
    after = read_workbook(new)
    assert isinstance(after, TeamsResults)
    assert after.matches == before.matches
    assert after.standings == before.standings
