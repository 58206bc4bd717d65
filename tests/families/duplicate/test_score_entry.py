"""``--result-entry score``: travellers that carry only North-South's score (issue 20).

The typed NS Score is the result: matchpoints (rules.md §5), Butler and cross-IMPs (rules.md §6)
run on it as on a computed score, Checks lists a score no contract gives (Law 77), and rebuild
and import carry it. Workbooks are recalculated in one LibreOffice run and compared with the
rules layer and with ``xlbridge results``.

Each pairs workbook is built and filled in memory and saved once (what ``write_session`` and
``fill`` would leave, without the save, load and save round trip); the individual workbook is
``xlbridge new``'s, made once a session (``new_workbook``) and copied before it is typed in.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.workbook import Workbook

from tests.support.engines import excel_grammar_errors, same_value
from tests.support.shared import needs_tool, run_cli
from tests.support.workbook_fill import (
    Expected,
    Filled,
    Result,
    expected,
    fill_book,
    random_contract,
)
from xlbridge.families.duplicate.context import Options, plays
from xlbridge.families.pairs.build import build_workbook
from xlbridge.interchange.scorer_files import ImportRow
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.rebuild.importing import cells_for
from xlbridge.scoring.contract import score, score_sizes
from xlbridge.types import Contract
from xlbridge.workbook.formulas import FIRST_ROW, HEADER_ROW, TravellerCols
from xlbridge.workbook.recalc import recalculate, soffice

SPEC_HEADERS = ["NS", "EW", "Contract", "By", "Made", "Down", "NS Score", "EW Score", "NS MP",
                "EW MP"]  # fmt: skip


def test_possible_scores_hold_the_law_77_extremes() -> None:
    """Law 77 (rules.md §1): 13 down redoubled vulnerable is 7600 (doubled 200 then 300 each,
    redoubled twice that); 7NTXX vulnerable made is 2980 (880 + 500 + 1500 + 100); 1NTXX+6
    vulnerable 3160 (160 + 500 + 100 + 6 · 400); 425 and 10 are no score."""
    s = score_sizes()
    assert s[0] == 0 and s[-1] == 7600
    assert score("7NTXX", "N", 13, "All") == 2980 and 2980 in s
    assert score("1NTXX", "N", 13, "All") == 3160 and 3160 in s
    assert score("7NTXX", "N", 0, "All") == -7600
    assert 425 not in s and 10 not in s and 620 in s and 1430 in s and 50 in s


@pytest.fixture(scope="module")
def score_5x2() -> Workbook:
    """The five-table, two-boards-a-round score-entry workbook, built once in memory (tests
    read it; one that saves it saves it unchanged)."""
    return build_workbook(mitchell(5, 2), Options(result_entry="score"))


def test_score_traveller_layout(score_5x2: Workbook) -> None:
    """The spec's header labels stay; NS Score is an unlocked input cell with no formula, a
    whole number within ±7600; Lists holds the possible scores the check looks up."""
    wb = score_5x2
    ws = wb["Board 1"]
    heads = [c.value for c in ws[HEADER_ROW] if c.value]
    assert heads[: len(SPEC_HEADERS)] == SPEC_HEADERS
    c = TravellerCols.build("score", "mp")
    cell = ws[f"{c.ns_score}{FIRST_ROW}"]
    assert cell.value is None and cell.protection.locked is False
    rules = [(str(v.sqref), v.formula1, v.formula2) for v in ws.data_validations.dataValidation]
    assert (f"{c.ns_score}6:{c.ns_score}10", "-7600", "7600") in rules
    lists = [wb["Lists"].cell(row=i, column=12).value for i in range(1, len(score_sizes()) + 2)]
    assert lists[:-1] == list(score_sizes()) and lists[-1] is None
    assert "NS Score = North-South's score" in str(ws["A4"].value)
    # made-down workbooks keep the formula and no score list
    other = build_workbook(mitchell(5, 2), Options())
    assert str(other["Board 1"][f"{c.ns_score}{FIRST_ROW}"].value).startswith("=")
    assert other["Lists"].cell(row=1, column=12).value is None


@pytest.mark.parametrize("scoring", ["mp", "butler", "ximp"])
def test_score_workbooks_parse_as_excel(scoring: str) -> None:
    """Excel's strict formula grammar accepts every formula of a score-entry workbook."""
    wb = build_workbook(mitchell(5, 3), Options(scoring=scoring, result_entry="score"))  # type: ignore[arg-type]
    assert excel_grammar_errors(wb) == []


def test_import_writes_the_score() -> None:
    """An imported score goes to NS Score; a contract becomes its Law 77 score (board 2: NS
    vulnerable, 4S by N making 10 is 620); a pass is 0."""
    # -100: NS vulnerable, one down (Law 77); -50 is no score on board 2 (issue 24)
    assert cells_for(ImportRow("x line 2", 2, score="-100"), "score") == {"NS Score": -100}
    row = ImportRow("x line 3", 2, contract="4S", declarer="N", result="10", score="620")
    assert cells_for(row, "score") == {"NS Score": 620}
    row = ImportRow("x line 4", 2, contract="4S", declarer="N", result="=")
    assert cells_for(row, "score") == {"NS Score": 620}
    assert cells_for(ImportRow("x line 5", 2, contract="PASS"), "score") == {"NS Score": 0}


INDIVIDUAL = ("individual-2", "--tables", "2", "--result-entry", "score")


def _score_book(m: Movement, path: Path, opt: Options, filled: Filled | None = None) -> Path:
    """The workbook ``write_session(m, path, scoring=..., result_entry="score")`` writes, with
    ``filled`` typed in as ``tests.support.workbook_fill.fill`` types it: built and filled in
    memory, saved once."""
    assert opt.result_entry == "score"
    wb = build_workbook(m, Options(scoring=opt.scoring, result_entry="score"))
    if filled is not None:
        fill_book(wb, opt, filled)
    save_workbook(wb, path)
    return path


def _type_scores_by_header(path: Path, seed: int) -> int:
    """Type a score some contract gives into every traveller row's NS Score (found by its
    header, so any family's traveller); returns the rows typed."""
    return _typed_by_header(path, seed)[1]


def _typed_by_header(path: Path, seed: int) -> tuple[Workbook, int]:
    """:func:`_type_scores_by_header`, also returning the workbook as saved (in memory)."""
    rng = random.Random(seed)
    wb = openpyxl.load_workbook(path)
    typed = 0
    for ws in wb.worksheets:
        if not ws.title.startswith("Board "):
            continue
        head = {c.value: c.column_letter for c in ws[HEADER_ROW] if isinstance(c.value, str)}
        board = int(ws.title.split()[1])
        for r in range(FIRST_ROW, ws.max_row + 1):
            if ws[f"A{r}"].value is None:
                break
            x = random_contract(rng)
            assert x.contract is not None and x.by is not None and x.tricks is not None
            ws[f"{head['NS Score']}{r}"] = score(Contract.parse(x.contract), x.by, x.tricks, board)
            typed += 1
    wb.save(path)
    return wb, typed


def _scores_only(m: Movement, seed: int, *, problems: bool = False) -> Filled:
    """Every row a typed NS score some contract gives; a few rows also carry a contract for
    information (one that does not match the score: it is not checked)."""
    rng = random.Random(seed)
    out = Filled()
    for b in m.boards:
        rows = []
        for i, _ in enumerate(plays(m, b)):
            r = random_contract(rng)
            assert r.contract is not None and r.by is not None and r.tricks is not None
            points = float(score(Contract.parse(r.contract), r.by, r.tricks, b))
            if i % 3 == 0:  # the contract noted; on some rows not the one scored
                if i % 2:
                    o = random_contract(rng)
                    assert o.contract is not None and o.by is not None and o.tricks is not None
                    points = float(score(Contract.parse(o.contract), o.by, o.tricks, b))
                rows.append(Result(contract=r.contract, by=r.by, tricks=r.tricks, typed=points))
            else:
                rows.append(Result(typed=points))
        out.results[b] = rows
    if problems:  # a score no contract gives, and a board with a row not yet typed
        out.results[m.boards[0]][0] = Result(typed=425.0)
        out.results[m.boards[1]][1] = Result()
    return out


CASES: dict[str, tuple[Options, int]] = {
    "score-mp": (Options(result_entry="score"), 1),
    "score-butler": (Options(scoring="butler", result_entry="score"), 2),
    "score-ximp": (Options(scoring="ximp", result_entry="score"), 3),
}


@pytest.fixture(scope="module")
def recalculated(
    tmp_path_factory: pytest.TempPathFactory, new_workbook: Callable[..., Path]
) -> dict[str, tuple[Path, Expected | None]]:
    needs_tool(soffice(), "LibreOffice")
    src, out = tmp_path_factory.mktemp("score"), tmp_path_factory.mktemp("score-recalc")
    m = mitchell(5, 2)
    paths, exp = [], {}
    for name, (opt, seed) in CASES.items():
        filled = _scores_only(m, seed)
        paths.append(_score_book(m, src / f"{name}.xlsx", opt, filled))
        exp[name] = expected(m, opt, filled)
    individual = Path(shutil.copy(new_workbook(*INDIVIDUAL), src / "score-individual.xlsx"))
    assert _type_scores_by_header(individual, 6) == 21 * 2  # 21 boards, 2 plays each
    paths.append(individual)
    problems = _scores_only(m, 4, problems=True)
    score_only = Options(result_entry="score")
    paths.append(_score_book(m, src / "score-problems.xlsx", score_only, problems))
    done = recalculate(paths, out)
    got: dict[str, tuple[Path, Expected | None]] = {
        name: (p, exp.get(name))
        for name, p in zip([*CASES, "score-individual", "score-problems"], done, strict=True)
    }
    return got


@pytest.mark.libreoffice
@pytest.mark.parametrize("name", list(CASES))
def test_typed_scores_are_scored_as_python_scores_them(
    recalculated: dict[str, tuple[Path, Expected | None]], name: str
) -> None:
    """Every NS and EW MP (or IMP) cell equals the rules layer's on the typed scores, and
    ``xlbridge results`` finds no disagreement and no open problem (exit 0)."""
    path, exp = recalculated[name]
    assert exp is not None
    opt = CASES[name][0]
    c = TravellerCols.build("score", opt.scoring)
    ws = openpyxl.load_workbook(path, data_only=True)
    compared = 0
    for b, rows in exp.rows.items():
        for i, (points, ns, ew) in enumerate(rows):
            r = FIRST_ROW + i
            sheet = ws[f"Board {b}"]
            assert same_value(sheet[f"{c.ns_score}{r}"].value, points)
            assert same_value(sheet[f"{c.ns_mp}{r}"].value, ns), (b, r)
            assert same_value(sheet[f"{c.ew_mp}{r}"].value, ew), (b, r)
            compared += 1
    assert compared == 50  # 10 boards, each played at the 5 tables
    code, out, err = run_cli("results", str(path))
    assert code == 0, err
    assert "disagree" not in out + err


@pytest.mark.libreoffice
def test_checks_list_a_score_no_contract_gives(
    recalculated: dict[str, tuple[Path, Expected | None]],
) -> None:
    """425 is no bridge score and a blank row on a played board is no result: the workbook's
    Checks lines are Python's (no disagreement), so ``results`` is provisional (exit 3)."""
    path, _ = recalculated["score-problems"]
    wb = openpyxl.load_workbook(path, data_only=True)
    lines = [str(x.value) for x in wb["Checks"]["A"] if x.value]
    assert any("NS Score 425 is no bridge score" in x for x in lines), lines
    assert any("no result" in x for x in lines), lines
    code, out, err = run_cli("results", str(path))
    assert code == 3, err
    assert "disagree" not in out + err


def test_rebuild_carries_typed_scores(tmp_path: Path) -> None:
    """``rebuild`` keeps the score entry and every typed NS Score as a typed number."""
    m = mitchell(5, 2)
    filled = _scores_only(m, 5)
    old = _score_book(m, tmp_path / "old.xlsx", Options(result_entry="score"), filled)
    new = tmp_path / "new.xlsx"
    code, _out, err = run_cli("rebuild", str(old), "-o", str(new))
    assert code == 0, err
    c = TravellerCols.build("score", "mp")
    wb = openpyxl.load_workbook(new)
    session = {r[0].value: r[1].value for r in wb["Session"].iter_rows(max_col=2)}
    assert session["Result entry"] == "score"
    for b, rows in filled.results.items():
        for i, res in enumerate(rows):
            assert wb[f"Board {b}"][f"{c.ns_score}{FIRST_ROW + i}"].value == res.typed


def test_import_into_a_score_workbook(tmp_path: Path, score_5x2: Workbook) -> None:
    """``xlbridge import`` of a CSV with contracts types their scores into NS Score."""
    book = score_5x2  # what write_session(mitchell(5, 2), wb, result_entry="score") saves
    wb = tmp_path / "s.xlsx"
    save_workbook(book, wb)
    ns, ew = (book["Board 1"][f"{x}{FIRST_ROW}"].value for x in ("A", "B"))
    csv = tmp_path / "r.csv"
    csv.write_text(f"board,ns,ew,contract,declarer,result\n1,{ns},{ew},4S,N,10\n")
    out = tmp_path / "out.xlsx"
    code, _o, err = run_cli("import", str(wb), "--from", str(csv), "-o", str(out))
    assert code == 0, err
    got = openpyxl.load_workbook(out)["Board 1"]
    assert got[f"G{FIRST_ROW}"].value == 420  # board 1: none vulnerable (Law 77)
    assert got[f"C{FIRST_ROW}"].value is None


@pytest.mark.libreoffice
def test_individual_typed_scores_agree_with_python(
    recalculated: dict[str, tuple[Path, Expected | None]],
) -> None:
    """An individual game with score entry: ``xlbridge results`` recomputes every board and
    every player's total from the typed scores and finds every workbook cell equal and no open
    problem (exit 0); each player is credited with their side's score."""
    path, _ = recalculated["score-individual"]
    code, out, err = run_cli("results", str(path))
    assert code == 0, err
    assert "disagree" not in out + err
    wb = openpyxl.load_workbook(path, data_only=True)
    session = {r[0].value: r[1].value for r in wb["Session"].iter_rows(max_col=2)}
    assert session["Result entry"] == "score"
    mps = [c.value for c in wb["Board 1"]["K"][FIRST_ROW - 1 : FIRST_ROW + 1]]
    assert all(isinstance(x, int | float) for x in mps), mps


def test_individual_rebuild_carries_typed_scores(
    tmp_path: Path, new_workbook: Callable[..., Path]
) -> None:
    """An individual workbook with score entry rebuilt: its Session sheet is read back (score
    entry kept) and every typed NS Score is carried (``before``: the typed workbook as saved,
    in memory)."""
    old = Path(shutil.copy(new_workbook(*INDIVIDUAL), tmp_path / "old.xlsx"))
    before, _ = _typed_by_header(old, 7)
    new = tmp_path / "new.xlsx"
    code, _out, err = run_cli("rebuild", str(old), "-o", str(new))
    assert code == 0, err
    after = openpyxl.load_workbook(new)
    session = {r[0].value: r[1].value for r in after["Session"].iter_rows(max_col=2)}
    assert session["Result entry"] == "score"
    carried = 0
    for ws in before.worksheets:
        if ws.title.startswith("Board "):
            for r in (FIRST_ROW, FIRST_ROW + 1):
                assert after[ws.title][f"I{r}"].value == ws[f"I{r}"].value is not None
                carried += 1
    assert carried == 42
