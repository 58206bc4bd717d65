"""A teams match has no result until a board is scored: its VP (win/loss, board-a-match
"Match won") cells are blank on a fresh match sheet, not a 10.0 - 10.0 draw; after one board
they are the rules layer's result for that margin, and the Standings still wait until every
board of the match has a result.

Sources: rules.md §4 (WBF 2013 continuous scale, 8 boards: a 10-IMP margin is 13.78 - 6.22);
rules.md §3 (IMP scale: a 470-point difference is 10 IMPs); seed 002 (win/loss: a win by more
than 2 IMPs scores 1 - 0; board-a-match: a net plus wins the board, 1 - 0); Law 77 (4S made
4 not vulnerable is +420, down 1 is -50).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlbridge.cli import main
from xlbridge.families.registry import read_workbook
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.build import FIRST_ROW
from xlbridge.families.teams.model import TeamsResults
from xlbridge.scoring.contract import score
from xlbridge.scoring.team_match import bam_points, board_imps, score_match
from xlbridge.scoring.vp import vp
from xlbridge.types import Contract
from xlbridge.workbook.recalc import recalculate

pytestmark = pytest.mark.libreoffice


# name → (xlbridge new arguments, the result row's label)
KINDS: dict[str, tuple[list[str], str]] = {
    "vp": (["round-robin-4", "--tables", "4", "--boards-per-round", "8"], "VP"),
    "winloss": (
        ["round-robin-3", "--tables", "3", "--boards-per-round", "8", "--win-loss"],
        "Win/loss",
    ),
    "bam": (["board-a-match", "--tables", "4", "--boards-per-round", "2"], "Match won"),
}


def _rows(ws: Any) -> dict[str, int]:
    """Label in column A below the boards → its row."""
    return {
        str(ws.cell(r, 1).value): r
        for r in range(FIRST_ROW, ws.max_row + 1)
        if isinstance(ws.cell(r, 1).value, str)
    }


def _one_board(path: Path) -> int:
    """Type match 1's first board as a user would: room 1 (Home North-South) 4S by N made 4,
    room 2 (Home East-West) 4S by N down 1. Returns the board number."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Match 1"]
    c1, c2 = T.room_cols(1), T.room_cols(2)
    assert c1.by and c1.made and c2.by and c2.down
    r = FIRST_ROW
    ws[f"{c1.contract}{r}"], ws[f"{c1.by}{r}"], ws[f"{c1.made}{r}"] = "4S", "N", 4
    ws[f"{c2.contract}{r}"], ws[f"{c2.by}{r}"], ws[f"{c2.down}{r}"] = "4S", "N", 1
    board = int(ws[f"A{r}"].value)
    wb.save(path)
    return board


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, int]]:
    """name → (fresh recalculated, one board recalculated, that board's number)."""
    src = tmp_path_factory.mktemp("vp_src")
    out = tmp_path_factory.mktemp("vp_out")
    boards: dict[str, int] = {}
    paths: list[Path] = []
    for name, (args, _) in KINDS.items():
        fresh = src / f"{name}-fresh.xlsx"
        assert main(["new", *args, "-o", str(fresh)]) == 0
        one = src / f"{name}-one.xlsx"
        shutil.copy(fresh, one)
        boards[name] = _one_board(one)
        paths += [fresh, one]
    recalculate(paths, out)
    return {n: (out / f"{n}-fresh.xlsx", out / f"{n}-one.xlsx", boards[n]) for n in KINDS}


@pytest.mark.parametrize("name", list(KINDS))
def test_a_fresh_match_shows_no_result(books: dict[str, Any], name: str) -> None:
    fresh, _, _ = books[name]
    wb = openpyxl.load_workbook(fresh, data_only=True)
    label = KINDS[name][1]
    for ws in (wb[s] for s in wb.sheetnames if s.startswith("Match ")):
        rows = _rows(ws)
        r = rows[label]
        assert (ws[f"C{r}"].value, ws[f"D{r}"].value) == (None, None), (ws.title, label)
        assert ws[f"F{rows['Total']}"].value == 0  # boards scored
    if "Standings" in wb.sheetnames:
        assert wb["Standings"]["C3"].value == 0  # complete matches
    # The results reader expects the same blanks: no cell disagrees.
    res = read_workbook(fresh)
    assert isinstance(res, TeamsResults)
    assert res.disagreements == ()
    assert all(m.hv is None and m.av is None for m in res.matches)


@pytest.mark.parametrize("name", list(KINDS))
def test_one_board_gives_the_rules_layer_result(books: dict[str, Any], name: str) -> None:
    _, one, board = books[name]
    wb = openpyxl.load_workbook(one, data_only=True)
    ws = wb["Match 1"]
    rows = _rows(ws)
    r = rows[KINDS[name][1]]
    got = (ws[f"C{r}"].value, ws[f"D{r}"].value)
    four_spades = Contract.parse("4S")
    room1 = score(four_spades, "N", 10, board)
    room2 = score(four_spades, "N", 9, board)
    assert (room1, room2) == (420, -50)  # Law 77, North-South not vulnerable on these boards
    if name == "bam":
        h, a = bam_points(room1, room2)
        assert (h, a) == (1.0, 0.0)  # seed 002: a net plus wins the board
        want = score_match([(h - a, a - h)], three_quarter=False)
        assert (want.home_vp, want.away_vp) == (1.0, 0.0)
    else:
        imps = board_imps(room1, room2)
        assert imps == (10, -10)  # rules.md §3: 470 is 10 IMPs
        if name == "vp":
            assert vp(10, 8, "wbf")[0] == 13.78  # rules.md §4, WBF 2013, 8 boards
            want = score_match([imps], match_boards=8)
            assert (want.home_vp, want.away_vp) == (13.78, 6.22)
        else:
            want = score_match([imps], match_boards=16, three_quarter=True)
            assert (want.home_vp, want.away_vp) == (1.0, 0.0)  # seed 002
    assert got == pytest.approx((want.home_vp, want.away_vp))
    # Another match stays blank; the Standings wait for every board of match 1.
    other = wb["Match 2"]
    r2 = _rows(other)[KINDS[name][1]]
    assert (other[f"C{r2}"].value, other[f"D{r2}"].value) == (None, None)
    if "Standings" in wb.sheetnames:
        assert wb["Standings"]["C3"].value == 0
    res = read_workbook(one)
    assert isinstance(res, TeamsResults)
    assert res.disagreements == ()
    (m1,) = (m for m in res.matches if m.number == 1)
    assert (m1.hv, m1.av, m1.done) == (want.home_vp, want.away_vp, False)
