"""The workbook of a barometer game (issue 22): the copies of each board on the Session sheet, the
round on each traveller, and the Barometer sheet's standings after each round, by formulas,
equal to Python's (``SessionResults.barometer``) once LibreOffice has recalculated them.

Seed 003 (ACBL Tech File, Duplication Guidelines): leader charts posted before the end of a
session ("12th round leaders") are marked "not final"; the last round's standings are final only
when the Checks sheet lists no open problem (results/problems.py).
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from tests.support.engines import excel_grammar_errors, recalc_gnumeric, recalc_strict, same_value
from tests.support.nu_validator import validate_html
from tests.support.shared import needs_program, run_cli
from tests.support.workbook_fill import Filled, fill_book, random_contract, random_fill
from xlbridge.families.duplicate.context import Options, plays
from xlbridge.families.pairs.barometer_sheet import CALC_FIELDS, calc_cell
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.gate import load_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.howell import HOWELL_MAX_TABLES
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import get_kind
from xlbridge.results.session import SessionResults
from xlbridge.workbook.recalc import print_pdf, recalculate

pytestmark = pytest.mark.usefixtures("results_read_once")


def _howell(tables: int, bpr: int = 2) -> Movement:
    return get_kind("barometer-howell").build(tables=tables, boards_per_round=bpr)


def _mitchell(tables: int, bpr: int = 2, **kw: Any) -> Movement:
    return get_kind("barometer-mitchell").build(tables=tables, boards_per_round=bpr, **kw)


def _write_filled(path: Path, m: Movement, options: Options, filled: Filled | None) -> Path:
    """The workbook ``write_session(m, path, ...)`` writes for ``options``, with ``filled``
    typed in (``fill``), built and filled in memory and saved once."""
    wb = build_workbook(m, options)
    if filled is not None:
        fill_book(wb, options, filled)
    save_workbook(wb, path)
    return path


class _Cell:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class _Values:
    """One sheet's cached values, read through the gate in read-only mode (which parses that
    sheet only, not the whole workbook); read as an openpyxl worksheet is (``ws["B3"].value``,
    ``ws.cell(row=, column=).value``, ``ws.max_row``)."""

    def __init__(self, path: Path, sheet: str) -> None:
        wb = load_workbook(path, data_only=True, read_only=True)
        try:
            self._cells = {
                (c.row, c.column): c.value
                for row in wb[sheet].iter_rows()
                for c in row
                if getattr(c, "row", None) is not None
            }
        finally:
            wb.close()
        self.max_row = max((r for r, _c in self._cells), default=1)

    def cell(self, row: int, column: int) -> _Cell:
        return _Cell(self._cells.get((row, column)))

    def __getitem__(self, coordinate: str) -> _Cell:
        col, row = coordinate_from_string(coordinate)
        return self.cell(row, column_index_from_string(col))


def _column(ws: Any, col: int) -> list[Any]:
    return [ws.cell(row=r, column=col).value for r in range(1, ws.max_row + 1)]


def test_barometer_workbook_sheets() -> None:
    m = _mitchell(5, 3)
    wb = build_workbook(m, Options(event="Barometer night"))
    names = wb.sheetnames
    assert names.index("Barometer") == names.index("Results") + 1
    assert names.index("Checks") == names.index("Barometer") + 1
    session = {r[0]: r[1] for r in wb["Session"].iter_rows(min_row=3, max_col=2, values_only=True)
               if r[0]}  # fmt: skip
    assert session["Movement"] == "barometer-mitchell"
    assert session["Copies of each board"] == 5  # one set of boards a table
    instructions = " ".join(str(v) for v in _column(wb["Session"], 1) if v)
    assert "Duplicate 5 copies of each board" in instructions
    # travellers: one per board as before, each showing its round; printed in round order
    for b in m.boards:
        ws = wb[f"Board {b}"]
        assert (ws["E1"].value, ws["F1"].value) == ("Round", (b - 1) // 3 + 1)
    paper = wb["Travellers"]
    titles = [(paper.cell(row=r, column=1).value, paper.cell(row=r, column=7).value)
              for r in range(1, paper.max_row + 1)
              if str(paper.cell(row=r, column=1).value).startswith("Board ")]  # fmt: skip
    assert titles == [(f"Board {b}", f"Round {(b - 1) // 3 + 1}  Barometer night")
                      for b in m.boards]  # fmt: skip
    ws = wb["Barometer"]
    col_a = _column(ws, 1)
    blocks = [r for r, v in enumerate(col_a, start=1) if str(v).startswith("Standings after r")]
    assert len(blocks) == m.rounds == 5
    status = [ws.cell(row=r + 1, column=1).value for r in blocks]
    assert status[:-1] == ["not final"] * 4
    # Issue 30: the last round's status is "no results entered yet" before any result is in
    assert status[-1].startswith('=IF(Checks!$Z$2>0,"provisional",IF(SUM(Recap!$')
    assert status[-1].endswith(')=0,"no results entered yet","final"))')
    assert len(ws.row_breaks.brk) == m.rounds - 1  # a page a round, for the notice board
    assert excel_grammar_errors(wb) == []
    plain = build_workbook(mitchell(5, 3), Options())
    assert "Barometer" not in plain.sheetnames
    assert "Copies of each board" not in _column(plain["Session"], 1)
    assert plain["Board 1"]["E1"].value is None


def test_barometer_howell_grammar_every_scoring() -> None:
    for scoring in ("mp", "butler", "ximp"):
        wb = build_workbook(_howell(4), Options(scoring=scoring))
        assert excel_grammar_errors(wb) == [], scoring


def test_widest_barometer_fits_what_results_reads() -> None:
    """The reader looks at the first 200 columns of a sheet: the longest barometer (a Howell of
    the most tables, 2T-1 rounds) keeps its calculation area inside them."""
    rounds = 2 * HOWELL_MAX_TABLES - 1
    col, _row = coordinate_from_string(calc_cell(rounds, CALC_FIELDS[-1], 0))
    assert column_index_from_string(col) <= 200


def test_cli_new_barometer(tmp_path: Path) -> None:
    out = tmp_path / "b.xlsx"
    code, text, err = run_cli("new", "howell", "--tables", "4", "--barometer", "-o", str(out))
    assert code == 0, err
    assert text == f"wrote {out}: 21 boards (4 copies of each: barometer), 8 pairs\n"
    wb = openpyxl.load_workbook(out, read_only=True)  # the Session sheet only
    assert wb["Session"]["B4"].value == "barometer-howell" and "Barometer" in wb.sheetnames
    wb.close()
    code, _, err = run_cli("new", "barometer-mitchell", "--tables", "4", "--even", "skip",
                           "-o", str(tmp_path / "m.xlsx"))  # fmt: skip
    assert code == 0, err
    code, _, err = run_cli("new", "rainbow", "--tables", "4", "--barometer",
                           "-o", str(tmp_path / "r.xlsx"))  # fmt: skip
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--barometer is an option of pairs games only" in err
    code, _, err = run_cli("new", "web", "--tables", "15", "--barometer",
                           "-o", str(tmp_path / "w.xlsx"))  # fmt: skip
    assert code == 2
    assert err.strip() == ("xlbridge new: error: --barometer: web has no barometer form; "
                           "barometer play is for Howell and Mitchell pairs games")  # fmt: skip
    club = tmp_path / "club.csv"
    club.write_text(run_cli("movement", "mitchell", "--tables", "5", "--format", "csv")[1])
    code, _, err = run_cli("new", "--movement-file", str(club), "--barometer",
                           "-o", str(tmp_path / "c.xlsx"))  # fmt: skip
    assert code == 2 and "--barometer does not apply to --movement-file" in err
    code, _, err = run_cli("movement", "--from", str(club), "--barometer")
    assert code == 2 and "--barometer does not apply to --from" in err


def test_rebuild_keeps_a_barometer(tmp_path: Path) -> None:
    """``rebuild`` builds the recorded kind again: every entry carried, the Barometer sheet kept;
    ``--barometer`` is no option of rebuild (``--kind barometer-howell`` is)."""
    m = _howell(3)
    old = _write_filled(tmp_path / "old.xlsx", m, Options(), random_fill(m, Options(), 5))
    new = tmp_path / "new.xlsx"
    code, out, err = run_cli("rebuild", str(old), "-o", str(new))
    assert code == 0, err
    carried = re.search(
        r"barometer-howell, 3 tables, 10 boards, 6 pairs; carried (\d+) of (\d+)", out
    )
    assert carried and carried[1] == carried[2] and int(carried[1]) > 40
    wb = openpyxl.load_workbook(new, read_only=True)  # the sheet names only
    assert "Barometer" in wb.sheetnames
    wb.close()
    code, _, err = run_cli("rebuild", str(old), "--barometer", "-o", str(tmp_path / "x.xlsx"))
    assert code == 2 and "unrecognized arguments: --barometer" in err


# -- recalculated by LibreOffice ---------------------------------------------------------------


def _complete(m: Movement, seed: int) -> Filled:
    """A contract on every row: no open problem, so the last round's standings are final."""
    rng = random.Random(seed)
    return Filled({b: [random_contract(rng) for _ in plays(m, b)] for b in m.boards})


CASES: dict[str, tuple[Movement, Options, int | None]] = {
    "howell-mp": (_howell(4), Options(), 31),
    "mitchell-butler": (_mitchell(5, 3), Options(scoring="butler"), 32),
    "mitchell-final": (_mitchell(4, 2, even="skip", arrow_switch="last"), Options(), None),
    "howell-ximp": (_howell(3, 3), Options(scoring="ximp", scale="ebu"), 33),
    "damaged": (_howell(3, 2), Options(), 34),
    "empty": (_howell(3, 2), Options(), -1),  # nothing entered (issue 30)
}


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    src = tmp_path_factory.mktemp("baro-src")
    out = tmp_path_factory.mktemp("baro-recalc")
    paths = []
    for name, (m, opt, seed) in CASES.items():
        path = src / f"{name}.xlsx"
        built = Options(scoring=opt.scoring, scale=opt.scale, event="Barometer",
                        names={"1": ("Ann", "Bo")} if "howell" in name else {})  # fmt: skip
        wb = build_workbook(m, built)
        if seed != -1:
            fill_book(wb, opt, _complete(m, 7) if seed is None else random_fill(m, opt, seed))
        if name == "damaged":
            wb["Barometer"][calc_cell(2, "rank", 1)] = "9"  # a rank typed over the formula
        save_workbook(wb, path)
        paths.append(path)
    return {p.stem: p for p in recalculate(paths, out)}


def _pairs_in_recap_order(res: SessionResults, ws: Any) -> list[str]:
    return [str(ws.cell(row=5 + i, column=12).value) for i in range(len(res.input.pairs))]


@pytest.mark.libreoffice
@pytest.mark.parametrize("name", [n for n in CASES if n not in ("damaged", "empty")])
def test_per_round_standings_equal_python(name: str, books: dict[str, Path]) -> None:
    res = score_workbook(books[name])
    m, opt, seed = CASES[name]
    assert res.recalculated and res.disagreements == ()
    assert [b.round for b in res.barometer] == list(range(1, m.rounds + 1))
    # every per-round cell was compared by `results` (played, score, rank a pair a round)
    compared = [c for c in res.input.cached if c.sheet == "Barometer"]
    assert len(compared) == 3 * m.rounds * len(m.pairs)
    ws = _Values(books[name], "Barometer")
    labels = _pairs_in_recap_order(res, ws)
    assert sorted(labels) == sorted(p.label for p in m.pairs)
    mp = opt.scoring == "mp"
    for b in res.barometer:
        python = {label: (n, raw, pct, rank) for label, n, raw, pct, rank in b.standings}
        for i, label in enumerate(labels):
            n, raw, pct, rank = python[label]
            assert ws[calc_cell(b.round, "played", i)].value == n
            assert (ws[calc_cell(b.round, "rank", i)].value or "") == rank
            got = ws[calc_cell(b.round, "score", i)].value
            want = (None if pct is None else pct / 100) if mp else (raw if n else None)
            assert (got in (None, "")) == (want is None)
            assert want is None or abs(got - want) < 1e-9, (b.round, label)
        assert b.round == m.rounds or res.round_status(b.round) == "not final"
    # the visible blocks: the round's standings in rank order, and their status
    col_a = _column(ws, 1)
    starts = [i for i, v in enumerate(col_a) if str(v).startswith("Standings after round")]
    statuses = [col_a[i + 1] for i in starts]
    want_last = "final" if seed is None else ("provisional" if res.open_problems else "final")
    assert statuses == ["not final"] * (m.rounds - 1) + [want_last]
    assert res.round_status(m.rounds) == want_last
    last = res.barometer[-1]
    block = [r + 1 for r in range(starts[-1], len(col_a))
             if ws.cell(row=r + 1, column=1).value not in (None, "")
             and ws.cell(row=r + 1, column=2).value not in (None, "Pair")]  # fmt: skip
    shown = [(str(ws.cell(row=r, column=1).value), str(ws.cell(row=r, column=2).value))
             for r in block]  # fmt: skip
    python_order = sorted(
        ((rank, label) for label, n, _raw, _pct, rank in last.standings if n),
        key=lambda x: (x[0] != "", int(x[0].rstrip("=")) if x[0] else 0),
    )
    assert sorted(shown) == sorted(python_order)
    if not res.two_winner:  # one field: the list is in rank order
        assert [int(r.rstrip("=")) for r, _ in shown] == sorted(
            int(r.rstrip("=")) for r, _ in shown
        )


@pytest.mark.libreoffice
def test_no_result_entered_is_not_final(books: dict[str, Path]) -> None:
    """Issue 30: a barometer with no result entered reads "no results entered yet" after its
    last round, in the workbook as calculated and in Python, never "final" over empty tables."""
    res = score_workbook(books["empty"])
    m = CASES["empty"][0]
    assert res.recalculated and res.disagreements == ()
    col_a = _column(_Values(books["empty"], "Barometer"), 1)
    starts = [i for i, v in enumerate(col_a) if str(v).startswith("Standings after round")]
    assert [col_a[i + 1] for i in starts] == ["not final"] * (m.rounds - 1) + [
        "no results entered yet"
    ]
    assert res.round_status(m.rounds) == "no results entered yet"


@pytest.mark.libreoffice
def test_a_wrong_barometer_cell_is_reported(books: dict[str, Path]) -> None:
    res = score_workbook(books["damaged"])
    where = calc_cell(2, "rank", 1)
    assert [(d.sheet, d.cell, d.workbook) for d in res.disagreements] == [("Barometer", where, "9")]


@pytest.mark.libreoffice
def test_results_outputs_mark_not_final(books: dict[str, Path], tmp_path: Path) -> None:
    path = str(books["mitchell-final"])
    m = CASES["mitchell-final"][0]
    code, text, _ = run_cli("results", path)
    assert code == 0  # no open problem
    for r in range(1, m.rounds):
        assert f"Standings after round {r} of {m.rounds} (not final)" in text
    assert f"Standings after round {m.rounds} of {m.rounds} (final)" in text
    assert "NS pairs" not in text  # arrow-switched: one field
    text = run_cli("results", str(books["mitchell-butler"]))[1]
    assert "Standings after round 1 of 5 (not final)\nNS pairs\nRank  Pair  Played  IMPs" in text
    code, csv_text, _ = run_cli("results", path, "--format", "csv", "--table", "barometer")
    head = csv_text.splitlines()[0].split(",")
    assert head[:5] == ["pair", "dir", "round 1", "rank 1", "status 1"]
    row = dict(zip(head, csv_text.splitlines()[1].split(","), strict=True))
    assert [row[f"status {r}"] for r in range(1, m.rounds + 1)] == ["not final"] * (
        m.rounds - 1
    ) + ["final"]
    code, out, _ = run_cli("results", path, "--format", "json")
    data = json.loads(out)
    assert [b["status"] for b in data["barometer"]] == ["not final"] * (m.rounds - 1) + ["final"]
    assert {s["label"] for s in data["barometer"][0]["standings"]} == {p.label for p in m.pairs}
    code, html, _ = run_cli("results", path, "--format", "html")
    assert html.count('<span class="status">not final</span>') == m.rounds - 1
    assert '<span class="status">final</span>' in html
    page = tmp_path / "barometer.html"
    page.write_text(html, encoding="utf-8")
    errors = validate_html([page])
    assert errors == [], "\n".join(errors)  # valid HTML, statuses included
    # provisional while a problem is open: the last round says so too
    code, out, _ = run_cli("results", str(books["howell-mp"]), "--format", "json")
    data = json.loads(out)
    assert code == 3 and data["status"] == "provisional"
    assert data["barometer"][-1]["status"] == "provisional"
    # a game that is no barometer keeps its outputs as they were
    plain = tmp_path / "plain.xlsx"
    write_session(mitchell(4, 2, even="skip"), plain)
    code, out, _ = run_cli("results", str(plain), "--format", "json")
    assert "barometer" not in json.loads(out)


@pytest.mark.libreoffice
def test_printed_standings_a_page_a_round(books: dict[str, Path], tmp_path: Path) -> None:
    """The Barometer sheet printed: a page for each round, marked not final before the last."""
    needs_program("pdftotext", "poppler (pdftotext)")
    src = tmp_path / "standings.xlsx"
    shutil.copy(books["mitchell-final"], src)
    wb = openpyxl.load_workbook(src)
    for name in wb.sheetnames:
        if name != "Barometer":
            wb[name].sheet_state = "hidden"
    wb.active = wb.sheetnames.index("Barometer")
    wb.save(src)
    (pdf,) = print_pdf([src], tmp_path, timeout=180)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                          check=True, capture_output=True, text=True).stdout  # fmt: skip
    pages = [p for p in text.split("\f") if "Standings after round" in p]
    rounds = CASES["mitchell-final"][0].rounds
    assert len(pages) == rounds
    for r, page in enumerate(pages, start=1):
        assert page.count("Standings after round") == 1
        assert page.count("Standings after each round: Barometer") == 1  # the title row
        assert ("not final" in page) == (r < rounds)
        assert "North-South" not in page  # arrow-switched: one field


# -- the other engines: Gnumeric and the formulas package (Excel's semantics) ----------------------


def _engine_mismatches(values: dict[tuple[str, str], object], res: SessionResults) -> list[str]:
    """Each Barometer calculation cell whose engine value is not Python's (played, score,
    rank of every pair after every round); the pairs in the Recap's order."""
    assert res.barometer and all(s.played for s in res.standings)  # nothing vacuous
    labels = [str(values.get(("Recap", f"A{5 + i}"))) for i in range(len(res.input.pairs))]
    mp = res.input.scoring == "mp"
    bad = []
    for b in res.barometer:
        python = {label: (n, raw, pct, rank) for label, n, raw, pct, rank in b.standings}
        for i, label in enumerate(labels):
            n, raw, pct, rank = python[label]
            score = (None if pct is None else pct / 100) if mp else (raw if n else None)
            for what, want in (("played", n), ("score", score), ("rank", rank)):
                got = values[("Barometer", calc_cell(b.round, what, i))]
                if not same_value(got, want if want != "" else None):
                    bad.append(f"round {b.round} {label} {what}: {got!r} != {want!r}")
    return bad


ENGINE_CASES = {
    "mitchell-ebu": (_mitchell(3, 2), Options(scale="ebu"), 41),
    "howell-butler": (_howell(2, 2), Options(scoring="butler"), 42),
}


@pytest.fixture(scope="module")
def engine_books(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[Path, SessionResults]]:
    """Each engine case written and filled once, scored by Python from the typed cells only;
    shared by the Gnumeric and the formulas-package tests (the engines only read them)."""
    tmp = tmp_path_factory.mktemp("baro-engines")
    out = {}
    for name, (m, opt, seed) in ENGINE_CASES.items():
        path = _write_filled(tmp / f"{name}.xlsx", m, Options(scoring=opt.scoring,
                             scale=opt.scale), random_fill(m, opt, seed))  # fmt: skip
        out[name] = (path, score_workbook(path))
    return out


@pytest.mark.gnumeric
@pytest.mark.parametrize("name", list(ENGINE_CASES))
def test_gnumeric_per_round_standings(
    name: str, engine_books: dict[str, tuple[Path, SessionResults]]
) -> None:
    path, res = engine_books[name]
    assert not _engine_mismatches(recalc_gnumeric(path), res)


@pytest.mark.second_engine
def test_formulas_package_per_round_standings(
    engine_books: dict[str, tuple[Path, SessionResults]],
) -> None:
    pytest.importorskip("formulas")
    path, res = engine_books["howell-butler"]
    n = len(res.input.pairs)  # the engine compiles the cells compared and what they depend on
    asked = [("Recap", f"A{5 + i}") for i in range(n)] + [
        ("Barometer", calc_cell(b.round, what, i))
        for b in res.barometer
        for what in ("played", "score", "rank")
        for i in range(n)
    ]
    bad = _engine_mismatches(recalc_strict(path, cells=asked), res)
    assert not bad, bad[:5]
