"""Issue 30, "what a director would otherwise publish wrong", found by trying it as a new user:

- an import with the same play twice and different results: an open problem until the director
  types the result played and OK beside the line (neither result imported, never the first in
  silence); the Checks sheet counts it; a new import replaces the lines of the last one; and
  ``import`` exits 3 (as ``results`` does with open problems) when any row was not imported;
- a workbook with no result entered says "no results entered yet", never "final";
- ``xlbridge traveller --board 1`` on a session's results (a ``board`` column, as the shipped
  ``examples/results.csv``) scores board 1's rows only;
- ``4S`` with the result ``4`` (taken as 4 tricks: down 6) is named, on Checks (by formula,
  proved equal to Python in LibreOffice in ``test_results_problems``) and by ``results``.

Scores: Laws of Duplicate Bridge 2017, Law 77 (4S made, none vulnerable: 420; 4S down 6 not
vulnerable: 300 to East-West); matchpoints: one for each score beaten, a half for each tie
(ACBL scale, rules.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from tests.support.engines import excel_grammar_errors
from tests.support.shared import REPO, run_cli
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols, accepted_col

EXAMPLES = REPO / "examples"
C = TravellerCols.build("made-down", "mp")
OK = accepted_col(C)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """A 3-table Mitchell, 2 boards a round; board 1's first row is NS 1 v EW 1."""
    path = tmp_path / "club.xlsx"
    assert run_cli("new", "mitchell", "--tables", "3", "-o", str(path))[0] == 0
    ws = openpyxl.load_workbook(path)["Board 1"]
    assert (ws[f"{C.ns}{FIRST_ROW}"].value, ws[f"{C.ew}{FIRST_ROW}"].value) == ("NS 1", "EW 1")
    return path


def _json(path: Path) -> tuple[int, dict[str, object]]:
    code, out, _ = run_cli("results", str(path), "--format", "json")
    return code, json.loads(out)


def _problems(got: dict[str, object]) -> list[str]:
    return [p["problem"] for p in got["problems"]]  # type: ignore[attr-defined, index]


def test_a_conflicting_duplicate_is_open_until_the_director_picks(
    book: Path, tmp_path: Path
) -> None:
    csv = tmp_path / "scores.csv"
    csv.write_text(
        "board,ns,ew,contract,declarer,result\n"
        "1,1,1,4S,N,10\n"  # line 2
        "1,1,1,3NT,S,9\n"  # line 3: the same play, another result
        "2,1,1,2H,E,8\n"  # line 4
        "2,1,1,2h,e,8\n",  # line 5: the same play, the same result: already there
        encoding="utf-8",
    )
    out = tmp_path / "out.xlsx"
    code, stdout, err = run_cli("import", str(book), "--from", str(csv), "-o", str(out))
    assert code == 3
    assert "1 results filled, 1 already there, 1 not imported" in stdout
    conflict = (
        "scores.csv line 2: board 1: scores.csv line 3 gives this play another result"
        " (Contract 4S By N Made 4 / Contract 3NT By S Made 3): neither imported; type the one"
        " played on the traveller, then OK beside this line"
    )
    assert err.splitlines() == [f"xlbridge import: {conflict}"]
    wb = openpyxl.load_workbook(out)
    b1 = wb["Board 1"]
    assert b1[f"{C.contract}{FIRST_ROW}"].value is None  # neither result was typed
    checks = wb["Checks"]
    lines = {checks.cell(row=r, column=1).value: r for r in range(1, checks.max_row + 1)}
    assert "Import from scores.csv: rows not imported" in lines
    r = lines[conflict]
    assert checks[f"B{r}"].protection.locked is False  # the director types OK there
    assert checks["Z2"].value == f"=$Z${r - 3}+SUM($Z${r}:$Z${r})"
    assert checks["A2"].value.startswith('=IF($Z$2=0,"No problems found')
    assert excel_grammar_errors(wb) == []  # the strict Excel grammar, every formula
    code, got = _json(out)
    assert (code, got["status"]) == (3, "provisional")
    assert conflict in _problems(got)
    # The director types the result played, then OK beside the line: no longer open.
    b1[f"{C.contract}{FIRST_ROW}"], b1[f"{C.by}{FIRST_ROW}"] = "3NT", "S"
    b1[f"{C.made}{FIRST_ROW}"] = 3
    checks[f"B{r}"] = "OK"
    wb.save(out)
    _, got = _json(out)
    assert conflict not in _problems(got)
    # A new import replaces the last one's lines: none left when every row is imported.
    again = tmp_path / "again.xlsx"
    clean = tmp_path / "clean.csv"
    clean.write_text("board,ns,ew,contract,declarer,result\n3,1,3,1NT,N,7\n", encoding="utf-8")
    code, stdout, _ = run_cli("import", str(out), "--from", str(clean), "-o", str(again))
    assert (code, "1 results filled, 0 already there, 0 not imported" in stdout) == (0, True)
    checks = openpyxl.load_workbook(again)["Checks"]
    texts = [c.value for c in checks["A"] if isinstance(c.value, str)]
    assert not any(t.startswith("Import from") or t.startswith("scores.csv") for t in texts)
    assert checks["Z2"].value == f"=$Z${r - 3}"


@pytest.mark.parametrize(
    "argv", [["mitchell", "--tables", "3"], ["round-robin-4", "--tables", "4"]]
)
def test_no_result_entered_is_not_final(argv: list[str], tmp_path: Path) -> None:
    path = tmp_path / "empty.xlsx"
    assert run_cli("new", *argv, "-o", str(path))[0] == 0
    code, got = _json(path)
    assert (code, got["status"]) == (3, "no results entered yet")
    code, text, err = run_cli("results", str(path))
    assert code == 3 and "final" not in text.replace("nothing here is final", "")
    assert "No results entered yet: nothing here is final." in text
    assert text.startswith("NO RESULTS ENTERED YET") and "NO RESULTS" not in err  # said once


def test_traveller_takes_the_board_column(tmp_path: Path) -> None:
    results = EXAMPLES / "results.csv"
    assert results.read_text(encoding="utf-8").startswith("board,ns,ew,")
    code, out, err = run_cli("traveller", "--board", "1", "--method", "mp", "--format", "json",
                             str(results))  # fmt: skip
    assert (code, err) == (0, "")
    rows = json.loads(out)["rows"]
    # board 1: 4S N 10 (420), 4S N 11 (450), 3NT S 9 (400): 1, 2 and 0 matchpoints of a top 2
    assert [(r["score_ns"], r["mp_ns"]) for r in rows] == [(420, 1), (450, 2), (400, 0)]
    code, _, err = run_cli("traveller", "--board", "12", "--method", "mp", str(results))
    assert code == 2
    assert err.strip().splitlines() == [
        "xlbridge traveller: error: results.csv has no row of board 12 (its board column names"
        " 1-9)"
    ]
    bad = tmp_path / "bad.csv"
    bad.write_text("board,ns,ew,score\n1,1,2,420\nx,3,4,400\n", encoding="utf-8")
    code, _, err = run_cli("traveller", "--board", "1", "--method", "mp", str(bad))
    assert code == 2 and "bad.csv line 3: board 'x' is no board number" in err


def test_four_tricks_on_4s_is_named(book: Path, tmp_path: Path) -> None:
    """The issue's case: ``4S`` with the result ``4`` is 4 tricks, down 6 (Law 77: 300 to EW,
    not vulnerable): imported as typed, and named by ``results`` until the director types OK."""
    csv = tmp_path / "scores.csv"
    csv.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,4\n", encoding="utf-8")
    out = tmp_path / "out.xlsx"
    assert run_cli("import", str(book), "--from", str(csv), "-o", str(out))[0] == 0
    code, got = _json(out)
    named = "Board 1, row 1 (NS 1 v EW 1): 4S down 6: 5 or more down, check the result: type OK"
    assert code == 3 and any(p.startswith(named) for p in _problems(got))
    (row,) = [r for b in got["boards"] for r in b["rows"] if r["contract"] == "4S"]
    assert row["score_ns"] == -300
    wb = openpyxl.load_workbook(out)
    wb["Board 1"][f"{OK}{FIRST_ROW}"] = "OK"
    wb.save(out)
    _, got = _json(out)
    assert not any("or more down" in p for p in _problems(got))
