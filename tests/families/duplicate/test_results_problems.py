"""``xlbridge results`` says what the Checks sheet says (issue 20): the problems the workbook's
Checks sheet lists are worked out in Python by the same checks (``formulas_checks``: each
formula part beside its Python twin), listed by sheet, board and row on standard error, and
every output marks the session and its rows as provisional; exit status 3 while any is open.
A score typed over the computed one is accepted with OK (Law 79C: the director may confirm a
score), and the session then reads as final.

The LibreOffice tests recalculate workbooks holding every kind of problem and prove that the
Checks sheet's lines are Python's, line for line, and that no cell disagrees.

Each workbook is built and filled in memory (what ``write_session`` or ``write_individuals``
writes, with the entries a user would type) and saved once; issue 20's session is saved once
for the module and only read by the tests that use it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.nu_validator import validate_html
from tests.support.shared import cli_new, run_cli
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.individual.build import build_individual_workbook
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.individual import rainbow
from xlbridge.movements.mitchell import mitchell
from xlbridge.results.pbn import read_pbn_scores
from xlbridge.results.problems import PROVISIONAL_EXIT, banner
from xlbridge.results.session import CachedCell, Disagreement, SessionInput
from xlbridge.results.usebio import read_usebio
from xlbridge.workbook.formulas import FIRST_ROW, HEADER_ROW, TravellerCols, accepted_col
from xlbridge.workbook.recalc import recalculate

R1, R2, R3 = FIRST_ROW, FIRST_ROW + 1, FIRST_ROW + 2


def _pairs(path: Path, **options: Any) -> Path:
    write_session(mitchell(3, 2), path, **options)
    return path


def _individuals() -> Any:
    """The workbook ``write_individuals(rainbow(5), path)`` writes, in memory."""
    return build_individual_workbook(rainbow(5), Options(event="Club individual"))


def _problem_pairs(path: Path) -> Path:
    """Issue 20's session: a score typed over a computed one, a row with no declarer, a
    contract that does not parse, a score typed with no contract, a missing result."""
    wb = build_workbook(mitchell(3, 2), Options())  # what _pairs writes, filled in memory
    b1, b2 = wb["Board 1"], wb["Board 1"].parent["Board 2"]
    b1[f"C{R1}"], b1[f"D{R1}"], b1[f"E{R1}"] = "4H", "E", 4
    b1[f"C{R2}"], b1[f"E{R2}"] = "4H", 4  # no declarer
    b1[f"C{R3}"], b1[f"D{R3}"], b1[f"E{R3}"], b1[f"G{R3}"] = "4H", "N", 4, 200  # typed over
    b2[f"C{R1}"], b2[f"D{R1}"], b2[f"F{R1}"] = "4Q", "N", 1
    b2[f"G{R2}"] = -100  # a score with no contract
    save_workbook(wb, path)
    return path


@pytest.fixture(scope="module")
def problem_pairs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Issue 20's session, saved once: ``results`` only reads it."""
    return _problem_pairs(tmp_path_factory.mktemp("problems") / "s.xlsx")


def _finished_pairs(path: Path, ok: bool) -> Path:
    """Every row of every board played; board 1 row 1 a score typed over the computed one,
    marked OK when ``ok``."""
    wb = build_workbook(mitchell(3, 2), Options())  # what _pairs writes, filled in memory
    for ws in wb.worksheets:
        if ws.title.startswith("Board "):
            for r in (R1, R2, R3):
                ws[f"C{r}"], ws[f"D{r}"], ws[f"E{r}"] = "3NT", "N", 3
    wb["Board 1"][f"G{R1}"] = 600  # 400 computed; the director allows 600 (Law 79C)
    if ok:
        wb["Board 1"][f"{accepted_col(TravellerCols.build('made-down', 'mp'))}{R1}"] = "OK"
    save_workbook(wb, path)
    return path


def test_open_problems_make_the_results_provisional_in_json(problem_pairs: Path) -> None:
    path = problem_pairs
    code, out, err = run_cli("results", str(path), "--format", "json")
    assert code == PROVISIONAL_EXIT == 3
    got = json.loads(out)
    assert got["status"] == "provisional"
    assert [(p["sheet"], p["board"], p["row"]) for p in got["problems"]] == [
        ("Board 1", 1, 2), ("Board 1", 1, 3), ("Board 2", 2, 1), ("Board 2", 2, 2),
        ("Board 2", 2, 3),
    ]  # fmt: skip
    texts = [p["problem"] for p in got["problems"]]
    assert texts[0] == "Board 1, row 2 (NS 3 v EW 2): declarer missing"
    assert texts[1] == (
        "Board 1, row 3 (NS 2 v EW 3): NS Score 200 typed over the formula (420 computed):"
        " type OK in the row to accept it"
    )
    assert texts[2].endswith("contract 4Q does not parse")
    assert texts[4].endswith("no result")
    # Each problem on standard error, by board and row, then the provisional line.
    for t in texts:
        assert t in err
    assert "PROVISIONAL: 5 open problems" in err
    rows = {(b["board"], r["ns"]): r["provisional"] for b in got["boards"] for r in b["rows"]}
    assert rows[(1, "NS 1")] is False and rows[(1, "NS 2")] is True and rows[(1, "NS 3")]


def test_every_output_marks_a_provisional_session(problem_pairs: Path) -> None:
    path = problem_pairs
    code, text, _ = run_cli("results", str(path))
    assert code == 3 and text.startswith("PROVISIONAL: 5 open problems on the Checks sheet")
    assert "5 open problems on the Checks sheet (results provisional):" in text
    code, csv_out, _ = run_cli("results", str(path), "--format", "csv", "--table", "results")
    head, *lines = csv_out.splitlines()
    assert head.endswith(",status,problem") and all(",provisional," in x for x in lines)
    assert sum(1 for x in lines if "declarer missing" in x) == 1
    code, html, _ = run_cli("results", str(path), "--format", "html")
    assert code == 3 and 'id="provisional"' in html and "<title>Club pairs — provisional" in html
    assert len(re.findall(r'<tr class="provisional" title="Board 1, row 3', html)) == 1
    code, xml, _ = run_cli("results", str(path), "--format", "usebio")
    assert "<!-- PROVISIONAL: 5 open problems" in xml and "<!-- provisional: Board 1, row 3" in xml
    pairs, lines_back = read_usebio(xml.encode("iso-8859-1"))  # still a USEBIO file
    assert len(pairs) == 6 and lines_back
    code, pbn, _ = run_cli("results", str(path), "--format", "pbn")
    assert "{PROVISIONAL: 5 open problems" in pbn and "; provisional: Board 1, row 3" in pbn
    scores, totals = read_pbn_scores(pbn)  # the comments leave the tables as they were
    assert len(totals) == 6 and {r.values["Score_NS"] for r in scores if r.board == 1} >= {"200"}


def test_a_typed_score_accepted_with_ok_is_final(tmp_path: Path) -> None:
    code, out, err = run_cli("results", str(_finished_pairs(tmp_path / "o.xlsx", ok=True)),
                             "--format", "json")  # fmt: skip
    got = json.loads(out)
    assert code == 0, err
    assert got["status"] == "final" and got["problems"] == []
    assert all(r["provisional"] is False for b in got["boards"] for r in b["rows"])
    code, text, _ = run_cli("results", str(tmp_path / "o.xlsx"))
    assert "these results are final" in text and "PROVISIONAL" not in text


def test_the_same_score_not_marked_ok_is_provisional(tmp_path: Path) -> None:
    code, out, _ = run_cli("results", str(_finished_pairs(tmp_path / "n.xlsx", ok=False)),
                           "--format", "json")  # fmt: skip
    got = json.loads(out)
    assert code == 3 and got["status"] == "provisional"
    assert [p["problem"] for p in got["problems"]] == [
        "Board 1, row 1 (NS 1 v EW 1): NS Score 600 typed over the formula (400 computed):"
        " type OK in the row to accept it"
    ]


def test_individual_travellers_have_an_ok_column() -> None:
    wb = _individuals()  # the traveller's layout, in memory
    ic = IndividualCols.build("made-down", "mp")
    ok = accepted_col(ic.base)
    ws = wb["Board 1"]
    assert ws[f"{ok}{HEADER_ROW}"].value == "OK"
    assert ws[f"{ok}{FIRST_ROW}"].protection.locked is False  # the director can type in it
    assert str(ws.print_area).endswith(f"${ok}${FIRST_ROW + 4}")  # printed too


# -- LibreOffice: the Checks sheet's lines are Python's ----------------------------------------


def _every_problem_pairs(path: Path, entry: str, scoring: str) -> Path:
    options = Options(result_entry=entry, scoring=scoring)  # type: ignore[arg-type]
    wb = build_workbook(mitchell(4, 3), options)  # what write_session writes, filled in memory
    c = TravellerCols.build(entry, scoring)  # type: ignore[arg-type]
    ok = accepted_col(c)
    res = ([c.tricks_in] if entry == "tricks" else [c.made, c.down])

    def put(ws: Any, r: int, con: Any, by: Any, *result: Any, **more: Any) -> None:
        ws[f"{c.contract}{r}"], ws[f"{c.by}{r}"] = con, by
        for col, v in zip(res, result, strict=False):
            ws[f"{col}{r}"] = v
        for key, v in more.items():
            ws[f"{getattr(c, key) if key != 'ok' else ok}{r}"] = v

    b = [wb[f"Board {n}"] for n in (1, 2, 3, 4)]
    rows = [FIRST_ROW + i for i in range(4)]
    made = (10,) if entry == "tricks" else (4, None)
    put(b[0], rows[0], "4S", "N", *made)
    put(b[0], rows[1], "4S", "X", *made)  # a declarer that is no seat
    put(b[0], rows[2], "4S", None, *made)  # no declarer
    put(b[0], rows[3], None, "N", *made)  # no contract
    put(b[1], rows[0], "4S", "N", *made, ns_score=100)  # typed over
    put(b[1], rows[1], "4S", "N", *made, ns_score=100, ok="ok")  # accepted
    put(b[1], rows[2], None, None, ns_score=-100)  # a score alone (NS vulnerable, one down)
    put(b[1], rows[3], "4S", "N", *made, adjusted="A")  # both
    bad = (14,) if entry == "tricks" else (3, 2)  # 14 tricks / Made and Down both filled
    put(b[2], rows[0], "4S", "N", *bad)
    put(b[2], rows[1], "PASS", None, *made)  # a result on a passed-out board
    put(b[2], rows[2], "4SXXX", "S", *made)
    put(b[2], rows[3], "3NT", "E", *(("x",) if entry == "tricks" else ("x", None)))
    put(b[3], rows[0], None, None, adjusted="55/45")  # no IMP equivalent at IMPs
    put(b[3], rows[1], None, None, adjusted="what")
    put(b[3], rows[2], "1NT", "W", *((7,) if entry == "tricks" else (1, None)),
        ns_score="lots")  # fmt: skip
    # issue 30: 5 or more down (4S with the level typed as the tricks taken): named until OK
    put(b[3], rows[3], "4S", "N", *((4,) if entry == "tricks" else (None, 6)))
    b[3]["H2"] = 2  # Expected: fewer than the results
    save_workbook(wb, path)
    return path


def _individual(path: Path) -> Path:
    ic = IndividualCols.build("made-down", "mp")
    c = ic.base
    wb = _individuals()
    ws = wb["Board 1"]
    r = FIRST_ROW
    ws[f"{c.contract}{r}"], ws[f"{c.by}{r}"], ws[f"{c.made}{r}"] = "3NT", "S", 3
    ws[f"{ic.north}{r + 1}"] = None  # a seat left empty
    ws[f"{ic.east}{r + 2}"] = 99  # a player not in the game
    ws[f"{ic.west}{r + 3}"] = ws[f"{ic.north}{r}"].value  # a player twice on the board
    ws[f"{c.contract}{r + 3}"], ws[f"{c.by}{r + 3}"], ws[f"{c.down}{r + 3}"] = "2H", "E", 1
    ws[f"{c.ns_score}{r + 4}"] = 110
    b2 = wb["Board 2"]  # issue 30: 3NT down 5 is named; 2H down 8 accepted with OK is not
    b2[f"{c.contract}{r}"], b2[f"{c.by}{r}"], b2[f"{c.down}{r}"] = "3NT", "S", 5
    b2[f"{c.contract}{r + 1}"], b2[f"{c.by}{r + 1}"], b2[f"{c.down}{r + 1}"] = "2H", "E", 8
    b2[f"{accepted_col(c)}{r + 1}"] = "OK"
    save_workbook(wb, path)
    return path


def _imported(path: Path, tmp: Path) -> Path:
    """Issue 30: a workbook an import left two lines on (a conflict, a pair not in it), one of
    them marked OK by the director: the Checks sheet counts the open one."""
    book = _pairs(tmp / "to-import.xlsx")
    csv = tmp / "scores.csv"
    csv.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n1,1,1,3NT,S,9\n"
                   "2,1,1,2H,E,8\n2,9,1,2H,E,8\n", encoding="utf-8")  # fmt: skip
    assert run_cli("import", str(book), "--from", str(csv), "-o", str(path))[0] == 3
    wb = openpyxl.load_workbook(path)
    ws = wb["Checks"]
    (r,) = [c.row for c in ws["A"] if str(c.value).startswith("scores.csv line 5")]
    ws[f"B{r}"] = "OK"
    save_workbook(wb, path)  # wb.save's parts, faster
    return path


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    src, out = tmp_path_factory.mktemp("src"), tmp_path_factory.mktemp("out")
    paths = [
        _every_problem_pairs(src / "md-mp.xlsx", "made-down", "mp"),
        _every_problem_pairs(src / "tricks-butler.xlsx", "tricks", "butler"),
        _every_problem_pairs(src / "md-ximp.xlsx", "made-down", "ximp"),
        _individual(src / "individual.xlsx"),
        _imported(src / "imported.xlsx", tmp_path_factory.mktemp("import")),
    ]
    return {p.stem: p for p in recalculate(paths, out)}


@pytest.mark.libreoffice
@pytest.mark.parametrize("name", ["md-mp", "tricks-butler", "md-ximp", "individual"])
def test_checks_sheet_lines_are_pythons(name: str, recalculated: dict[str, Path]) -> None:
    """Every kind of problem, in a workbook LibreOffice calculated: the Checks sheet lists
    exactly Python's problems in the same order, and no problem cell disagrees."""
    path = recalculated[name]
    res = score_workbook(path)
    problem_col = TravellerCols.build("made-down", "mp").problem
    assert res.recalculated
    assert [d for d in res.disagreements if d.cell.startswith(problem_col)] == []
    if name != "individual":  # see the report: players' credit on rows with problems
        assert res.disagreements == (), res.disagreements[:3]
    # read once, read-only: only the Checks and Results sheets are parsed
    book = openpyxl.load_workbook(path, data_only=True, read_only=True)
    ws = book["Checks"]
    shown = [r[0] for r in ws.iter_rows(min_row=4, max_col=1, values_only=True)]
    shown = [x for x in shown if x]
    assert shown == [p.problem for p in res.open_problems]
    # issue 30: the one implausible result not accepted with OK, the same in both
    (odd,) = [x for x in shown if "or more down, check the result" in x]
    assert ("3NT down 5" if name == "individual" else "4S down 6") in odd
    assert len(shown) >= (5 if name == "individual" else 12)
    assert ws["A2"].value.startswith(f"{len(shown)} problem(s)")
    # the Results page prints the banner by formula (issue 31; the individual's since)
    page = book["Results"]["A3"].value
    book.close()
    assert page == banner(res.open_problems).partition(";")[0]
    assert page.startswith(f"PROVISIONAL: {len(shown)} open problems")


@pytest.mark.libreoffice
def test_open_import_lines_are_counted_as_python_counts(recalculated: dict[str, Path]) -> None:
    """Issue 30: the Checks summary counts the import's lines not marked OK, as ``results``
    does: the conflict is open, the line marked OK is not."""
    path = recalculated["imported"]
    res = score_workbook(path)
    assert res.recalculated and res.disagreements == ()
    open_lines = [p.problem for p in res.open_problems if p.sheet == "Checks"]
    assert len(open_lines) == 1 and "gives this play another result" in open_lines[0]
    book = openpyxl.load_workbook(path, data_only=True, read_only=True)  # one sheet parsed
    summary = book["Checks"]["A2"].value
    book.close()
    assert summary.startswith(f"{len(res.open_problems)} problem(s)")


def test_a_stored_checks_line_that_is_not_pythons_disagrees() -> None:
    """A stored problem cell is compared like every formula cell: a Checks line the workbook
    shows and Python does not find (a formula typed over) is a disagreement."""
    key = ("check", 1, FIRST_ROW)
    s = SessionInput("Club", "", "mitchell", "mp", "acbl", (), (), {},
                     cached=(CachedCell("Board 1", "AU6", key, "Board 1, row 1: no result"),),
                     checked={key: ""})  # fmt: skip
    res = score_session(s)
    assert res.disagreements == (Disagreement("Board 1", "AU6", "Board 1, row 1: no result", ""),)


def test_provisional_page_passes_the_nu_validator(problem_pairs: Path, tmp_path: Path) -> None:
    """The banner and the marked rows keep the page valid HTML."""
    page = tmp_path / "results.html"
    code, _, _ = run_cli("results", str(problem_pairs), "--format", "html",
                         "-o", str(page))  # fmt: skip
    assert code == 3 and 'class="provisional"' in page.read_text(encoding="utf-8")
    errors = validate_html([page])
    assert errors == [], "\n".join(errors)


def test_a_social_workbook_with_a_problem_is_provisional(tmp_path: Path) -> None:
    """Every family carries its problems through the same protocol (``open_problems``)."""
    path = cli_new(tmp_path, "rubber", "rubber", "--tables", "1")
    wb = openpyxl.load_workbook(path)
    wb["Rubbers"]["D4"], wb["Rubbers"]["E4"], wb["Rubbers"]["F4"] = "4Q", "N", 10
    save_workbook(wb, path)  # wb.save's parts, faster
    code, out, err = run_cli("results", str(path), "--format", "json")
    got = json.loads(out)
    assert code == 3 and got["status"] == "provisional"
    assert [(p["sheet"], p["board"]) for p in got["problems"]] == [("Rubbers", None)]
    assert "'4Q'" in got["problems"][0]["problem"] and "PROVISIONAL: 1 open problem" in err
    code, html, _ = run_cli("results", str(path), "--format", "html")
    assert code == 3 and 'id="provisional"' in html
