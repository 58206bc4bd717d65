"""``xlbridge results`` says what a teams workbook's Checks sheet says (issue 20): the match
sheets' checks are written once, each Excel formula part beside its Python twin
(``families.teams.checks``), so ``results`` lists the Checks sheet's lines by sheet, board and
row, in a workbook never calculated too, and exits 3 while any is open. A score typed over
the computed one is accepted with OK in that room's OK cell (Law 79C: the director may
confirm a score); with every problem fixed or accepted the session is final.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.shared import cli_new, run_cli
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.build import FIRST_ROW
from xlbridge.results.problems import PROVISIONAL_EXIT
from xlbridge.workbook.recalc import recalculate

# Board 1 (none vulnerable): 4S by N making 4 scores 420; 500 typed over it.
PROBLEMS = [
    ("Match 1", 1, 1, "Match 1, board 1: room 1: NS Score 500 typed over the formula"
                      " (420 computed)"),
    ("Match 1", 2, 2, "Match 1, board 2: room 1: 3NT down 6: 5 or more down, check the result;"
                      " room 2: contract 4Q does not parse"),  # issue 30: down 6 is named
    ("Match 1", 3, 3, "Match 1, board 3: room 1: Made or Down missing"),
    ("Match 1", 4, 4, "Match 1, board 4: room 2: declarer missing or not N, E, S, W; adjusted"
                      " score what not understood (A+, A, A-, or Home/Away as A+/A-)"),
]  # fmt: skip


def _fill(path: Path, fixed: bool) -> Path:
    """Four boards of a head-to-head match: room 1 in columns B-F, room 2 in G-K. Unfixed: a
    score typed over the formula without OK, a contract that does not parse, 3NT down 6
    (issue 30), a result missing, a declarer that is no seat and an adjusted score not
    understood; fixed: the same typed score accepted with OK, and the rest corrected."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Match 1"]
    r1, r2, r3, r4 = (FIRST_ROW + i for i in range(4))

    def room(r: int, first: str, *cells: Any) -> None:
        for col, v in zip(first, cells, strict=False):
            ws[f"{col}{r}"] = v

    one, two = "BCDEF", "GHIJK"
    room(r1, one, "4S", "N", 4, None, 500)
    room(r1, two, "4S", "N", 4)
    room(r2, one, "3NT", "E", 3 if fixed else None, None if fixed else 6)
    room(r2, two, "4S" if fixed else "4Q", "N", 4)
    room(r3, one, "2H", "S", 2 if fixed else None)
    room(r3, two, "PASS")
    room(r4, one, "1NT", "N", None, 1)
    room(r4, two, "3C", "W" if fixed else "X", 3)
    ws[f"{T.ADJ_COL}{r4}"] = None if fixed else "what"
    if fixed:
        ws[f"{T.OK_COLS[1]}{r1}"] = "OK"
    wb.save(path)
    return path


KO_OVERRIDE = f"C{FIRST_ROW + 2 + 5}"  # 2 boards, a blank row, segments head, 1, total, margin


def _knockout(path: Path, fixed: bool) -> Path:
    """Four teams, two boards a match: match 1 played flat (tied) and match 2 given a winner
    that is neither of its teams; fixed: each given one of its own teams."""
    wb = openpyxl.load_workbook(path)
    m1, m2 = wb["Match 1"], wb["Match 2"]
    for r in (FIRST_ROW, FIRST_ROW + 1):
        for first in ("BCD", "GHI"):
            for col, v in zip(first, ("3NT", "N", 3), strict=True):
                m1[f"{col}{r}"] = v
    m1[KO_OVERRIDE] = m1["B2"].value if fixed else None
    m2[KO_OVERRIDE] = m2["H2"].value if fixed else 9
    wb.save(path)
    return path


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each workbook with problems and the same fixed, as written (never calculated)."""
    src = tmp_path_factory.mktemp("src")
    out = {}
    for name in ("open", "fixed"):
        path = cli_new(src, name, "head-to-head", "--tables", "2", "--boards-per-round", "4",
                       "--segments", "1")  # fmt: skip
        out[name] = _fill(path, fixed=name == "fixed")
        path = cli_new(src, f"ko-{name}", "knockout", "--tables", "4", "--boards-per-round", "2",
                       "--segments", "1")  # fmt: skip
        out[f"ko-{name}"] = _knockout(path, fixed=name == "fixed")
    return out


def _knockout_problems(path: Path) -> list[tuple[str, None, None, str]]:
    m2 = openpyxl.load_workbook(path)["Match 2"]
    return [
        ("Match 1", None, None, "Match 1: tied; type the winner after extra boards"),
        ("Match 2", None, None, f"Match 2: winner 9 is neither {m2['B2'].value} nor"
                                f" {m2['H2'].value}"),
    ]  # fmt: skip


def _problems(path: Path) -> tuple[int, dict[str, Any], str]:
    code, out, err = run_cli("results", str(path), "--format", "json")
    return code, json.loads(out), err


def test_never_calculated_workbook_lists_the_checks_problems(books: dict[str, Path]) -> None:
    """No cached value to read: Python works the Checks sheet's lines out from typed cells."""
    code, got, err = _problems(books["open"])
    assert code == PROVISIONAL_EXIT == 3 and got["status"] == "provisional"
    assert [(p["sheet"], p["board"], p["row"], p["problem"]) for p in got["problems"]] == PROBLEMS
    for *_, line in PROBLEMS:
        assert f"xlbridge results: {line}" in err
    assert "PROVISIONAL: 4 open problems" in err
    code, text, _ = run_cli("results", str(books["open"]))
    assert code == 3 and text.startswith("PROVISIONAL: 4 open problems on the Checks sheet")
    code, got, _ = _problems(books["fixed"])
    assert (code, got["status"], got["problems"]) == (0, "final", [])
    code, got, _ = _problems(books["ko-open"])
    want = _knockout_problems(books["ko-open"])
    assert code == 3 and [tuple(p.values()) for p in got["problems"]] == want
    code, got, _ = _problems(books["ko-fixed"])
    assert (code, got["status"], got["problems"]) == (0, "final", [])


def test_every_output_marks_the_boards_with_a_problem(books: dict[str, Path]) -> None:
    """JSON marks each board, the CSV of boards gives each its status and problem, the page
    marks the board's row; the standings CSV says the session is provisional."""
    path = books["open"]
    _, got, _ = _problems(path)
    marked = [b["board"] for b in got["matches"][0]["boards"] if b["provisional"]]
    assert marked == [1, 2, 3, 4]
    _, csv_out, _ = run_cli("results", str(path), "--format", "csv", "--table", "results")
    head, *rows = csv_out.splitlines()
    assert head.endswith(",status,problem") and len(rows) == 4
    assert all(",provisional," in x for x in rows) and PROBLEMS[1][3] in rows[1]
    _, csv_out, _ = run_cli("results", str(path), "--format", "csv")
    assert csv_out.splitlines()[0].endswith(",total,status") and ",provisional" in csv_out
    _, html, _ = run_cli("results", str(path), "--format", "html")
    assert html.count('<tr class="provisional" title="Match 1, board ') == 4
    _, csv_out, _ = run_cli("results", str(books["fixed"]), "--format", "csv")
    assert ",provisional" not in csv_out and ",final" in csv_out


@pytest.mark.libreoffice
def test_checks_sheet_lines_are_the_results_problems(
    books: dict[str, Path], tmp_path: Path
) -> None:
    """Recalculated in LibreOffice (one run, both workbooks): the Checks sheet lists exactly
    ``results``' problems, no cell disagrees; once fixed and the typed score accepted with OK,
    the Checks sheet is empty and the session final (exit 0)."""
    done = {p.stem: p for p in recalculate(list(books.values()), tmp_path)}
    ko = _knockout_problems(books["ko-open"])
    for name, want in (("open", PROBLEMS), ("fixed", []), ("ko-open", ko), ("ko-fixed", [])):
        ws = openpyxl.load_workbook(done[name], data_only=True)["Checks"]
        shown = [ws.cell(row=r, column=1).value for r in range(4, ws.max_row + 1)]
        code, got, err = _problems(done[name])
        assert [x for x in shown if x] == [p["problem"] for p in got["problems"]]
        assert [tuple(p.values()) for p in got["problems"]] == want
        assert got["disagreements"] == [], got["disagreements"]
        assert (code, got["status"]) == ((3, "provisional") if want else (0, "final")), err
