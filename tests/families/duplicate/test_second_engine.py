"""A second, independent engine agrees with the Python rules (issue 9, section 1).

Small generated workbooks (made/down and tricks entry; matchpoints ACBL and EBU, Butler and
cross-IMPs; a one-field arrow-switched game with a half table, so factoring and one ranking), filled
with random results (``tests/support/workbook_fill.py``), are recalculated by the ``formulas``
package (PyPI; it follows Excel's semantics and shares no code with LibreOffice). Every NS score,
matchpoint or IMP, played count, total, percentage or average and rank must equal the rules layer:
scores Law 77 (rules.md §1), matchpoints with Neuberg and adjusted scores (rules.md §5), Butler and
cross-IMPs (rules.md §6), factoring (seed 001), percentages and ranks (seed 000).

Where LibreOffice or Gnumeric (``ssconvert --recalc``) is installed, every formula cell of the
same workbooks is also compared engine against engine.

``formulas`` is slow (seconds per workbook): the workbooks are recalculated once per module, one
after another in the test's process (their shared formulas compiled once). Each workbook is built
and filled in memory and saved once (no save and load round trip); its formula cells and Recap
layout are read from that in-memory copy.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from openpyxl.workbook.workbook import Workbook

from tests.support.engines import recalc_gnumeric, recalc_strict, same_value
from tests.support.workbook_fill import (
    Expected,
    Result,
    expected,
    fill_book,
    random_fill,
    with_imp_adjusted,
)
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import KINDS
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols

pytestmark = pytest.mark.second_engine

try:
    import formulas  # noqa: F401
except ImportError:  # pragma: no cover
    if os.environ.get("CI"):
        raise
    pytest.skip("the formulas package is not installed", allow_module_level=True)

# name -> (movement, options, seed of the random results)
CASES: dict[str, tuple[Movement, Options, int]] = {
    "mitchell3-acbl-madedown": (mitchell(3, 2), Options(), 11),
    "mitchell4-skip-ebu-tricks": (
        mitchell(4, 1, even="skip"),
        Options(scale="ebu", result_entry="tricks"),
        12,
    ),
    "mitchell5-butler-madedown": (mitchell(5, 1), Options(scoring="butler"), 13),
    "mitchell3-ximp-tricks": (
        mitchell(3, 2),
        Options(scoring="ximp", result_entry="tricks"),
        14,
    ),
    "mitchell3-half-arrow-acbl": (
        mitchell(3, 2, half_table=True, arrow_switch="last"),
        Options(),
        15,
    ),
    # IMP boards with A+, A, A- and NS/EW split adjusted scores (Law 86A: +3 / 0 / -3 IMPs).
    "mitchell4-butler-adjusted": (mitchell(4, 1, even="skip"), Options(scoring="butler"), 16),
    "mitchell3-ximp-adjusted-tricks": (
        mitchell(3, 2),
        Options(scoring="ximp", result_entry="tricks"),
        17,
    ),
}
IMP_ADJUSTED_CASES = ("mitchell4-butler-adjusted", "mitchell3-ximp-adjusted-tricks")


# On this case's last board only a number is typed, into the first row's Contract: the board
# has something entered, so its other rows say "no result" in every engine (an idiom that
# counted only text, COUNTIF "?*", gave LibreOffice and Excel different answers here).
NUMBER_CONTRACT_CASE = "mitchell3-half-arrow-acbl"


def _number_contract(wb: Workbook, board: int, opt: Options) -> None:
    c = TravellerCols.build(opt.result_entry, opt.scoring)
    wb[f"Board {board}"][f"{c.contract}{FIRST_ROW}"] = 3


def _session(m: Movement, opt: Options) -> Workbook:
    """The session workbook ``write_session`` would write, in memory."""
    options = Options(scoring=opt.scoring, scale=opt.scale, result_entry=opt.result_entry)
    return build_workbook(m, options)


def _formula_cells(wb: Workbook) -> list[tuple[str, str]]:
    return [
        (ws.title, c.coordinate)
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for c in row
        if c.data_type == "f"
    ]


def _recap_layout(wb: Workbook) -> tuple[dict[Any, str], list[tuple[int, Any]]]:
    """The Recap's header (row 4: title -> column letter) and (row, label) of its rows."""
    ws = wb["Recap"]
    header = {ws.cell(4, k).value: ws.cell(4, k).column_letter for k in range(1, ws.max_column + 1)}
    return header, [(r, ws[f"A{r}"].value) for r in range(5, ws.max_row + 1)]


class Recalculated:
    """The generated workbooks, what the rules layer expects of them, and the values the
    ``formulas`` engine computed."""

    def __init__(self, folder: Path) -> None:
        self.paths: dict[str, Path] = {}
        self.expected: dict[str, Expected] = {}
        self.formulas: dict[str, list[tuple[str, str]]] = {}
        self.recap: dict[str, tuple[dict[Any, str], list[tuple[int, Any]]]] = {}
        for name, (m, opt, seed) in CASES.items():
            path = folder / f"{name}.xlsx"
            wb = _session(m, opt)
            filled = random_fill(m, opt, seed)
            if name in IMP_ADJUSTED_CASES:
                with_imp_adjusted(filled)
            if name == NUMBER_CONTRACT_CASE:
                filled.results[m.boards[-1]] = [Result() for _ in filled.results[m.boards[-1]]]
            fill_book(wb, opt, filled)
            if name == NUMBER_CONTRACT_CASE:
                _number_contract(wb, m.boards[-1], opt)
            save_workbook(wb, path)
            self.paths[name] = path
            self.expected[name] = expected(m, opt, filled)
            self.formulas[name] = _formula_cells(wb)
            self.recap[name] = _recap_layout(wb)
        # In this process, one after another: the workbooks share most formulas, which the
        # engine then compiles once (tests/support/strict_cache.py); pytest's workers already
        # fill the cores, and a pool process would import formulas (and scipy) again.
        self.values = {name: recalc_strict(path) for name, path in self.paths.items()}

    def formula_cells(self, name: str) -> list[tuple[str, str]]:
        return self.formulas[name]


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> Recalculated:
    return Recalculated(tmp_path_factory.mktemp("second-engine"))


Values = dict[tuple[str, str], object]


def _traveller_checks(vals: Values, exp: Expected, opt: Options) -> tuple[int, list[Any]]:
    """(cells compared, differences) between an engine's travellers and the rules layer."""
    c = TravellerCols.build(opt.result_entry, opt.scoring)
    bad, n = [], 0
    for board, rows in exp.rows.items():
        sheet = f"Board {board}"
        for i, (sc, ns, ew) in enumerate(rows):
            r = FIRST_ROW + i
            adjusted = vals.get((sheet, f"{c.adjusted}{r}"))
            cells = [(c.ns_mp, ns), (c.ew_mp, ew)]
            if adjusted in (None, ""):  # an adjusted row has no score to compare
                cells.append((c.ns_score, sc))
            for col, want in cells:
                n += 1
                got = vals.get((sheet, f"{col}{r}"))
                if not same_value(got, want):
                    bad.append((sheet, f"{col}{r}", got, want))
    return n, bad


def _recap_checks(
    vals: Values, exp: Expected, layout: tuple[dict[Any, str], list[tuple[int, Any]]]
) -> tuple[int, list[Any]]:
    """(cells compared, differences) between an engine's recap and the rules layer."""
    header, labels = layout
    cols = [header["Played"], header["Total"], header["%" if "%" in header else "Avg"]]
    cols.append(header["Rank"])
    bad, n = [], 0
    for r, label in labels:
        if label is None or str(label) not in exp.recap:
            continue
        played, total, pct, rank = exp.recap[str(label)]
        for col, want in zip(cols, (played, total, pct, rank or None), strict=True):
            n += 1
            got = vals.get(("Recap", f"{col}{r}"))
            if not same_value(got, want):
                bad.append((label, f"{col}{r}", got, want))
    return n, bad


@pytest.mark.parametrize("name", list(CASES))
def test_travellers_match_rules(name: str, recalculated: Recalculated) -> None:
    """NS score, NS and EW matchpoints/IMPs of every row equal the rules layer."""
    rc = recalculated
    n, bad = _traveller_checks(rc.values[name], rc.expected[name], CASES[name][1])
    rows = sum(len(r) for r in recalculated.expected[name].rows.values())
    assert n >= 2 * rows > 0
    assert not bad, bad[:5]


@pytest.mark.parametrize("name", list(CASES))
def test_recap_matches_rules(name: str, recalculated: Recalculated) -> None:
    """Played, total (factored), percentage or average and rank of every pair equal the rules
    layer."""
    rc = recalculated
    n, bad = _recap_checks(rc.values[name], rc.expected[name], rc.recap[name])
    assert n >= 4 * len(CASES[name][0].pairs) - 4
    assert not bad, bad[:5]


def test_checks_are_consistent(recalculated: Recalculated) -> None:
    """The Checks sheet lists typed-over scores with board and row, and its count matches."""
    vals = recalculated.values["mitchell3-acbl-madedown"]
    lines = [v for (s, k), v in vals.items() if s == "Checks" and k[0] == "A" and v]
    typed = [x for x in lines if isinstance(x, str) and "typed over the formula" in x]
    problems = [x for x in lines if isinstance(x, str) and x.startswith("Board ")]
    assert typed and all(x.startswith("Board ") for x in typed)
    assert f"{len(problems)} problem(s): fix each one on its traveller." in lines


@pytest.mark.parametrize("name", IMP_ADJUSTED_CASES)
def test_imp_adjusted_rows_scored_not_flagged(name: str, recalculated: Recalculated) -> None:
    """Adjusted rows of an IMP game score their Law 86A IMPs (checked above against
    ``score_imp_board``) and Checks no longer calls them unsupported."""
    vals = recalculated.values[name]
    opt, exp = CASES[name][1], recalculated.expected[name]
    c = TravellerCols.build(opt.result_entry, opt.scoring)
    adjusted = [(b, FIRST_ROW + i) for b, rows in exp.rows.items() for i in range(1, len(rows), 3)]
    assert adjusted and all(
        isinstance(vals.get((f"Board {b}", f"{c.ns_mp}{r}")), int | float) for b, r in adjusted
    )
    lines = [v for (s, k), v in vals.items() if s == "Checks" and isinstance(v, str)]
    assert not [x for x in lines if "adjusted" in x.lower()], lines[:3]


def test_no_engine_errors(recalculated: Recalculated) -> None:
    """No formula evaluates to an error value (#VALUE!, #NAME?, ...) in the strict engine."""
    errors = [
        (name, key, v)
        for name, vals in recalculated.values.items()
        for key, v in vals.items()
        if isinstance(v, str) and v.startswith("#") and v.endswith(("!", "?", "A"))
    ]
    assert not errors, errors[:5]


def _agreement(rc: Recalculated, other: dict[str, dict[tuple[str, str], object]]) -> list[Any]:
    diffs = []
    total = 0
    for name, vals in other.items():
        strict = rc.values[name]
        for key in rc.formula_cells(name):
            total += 1
            a, b = strict.get(key), vals.get(key)
            if isinstance(a, float | int) and isinstance(b, float | int):
                same = same_value(a, float(b))
            else:
                same = (a if a != "" else None) == (b if b != "" else None)
            if not same:
                diffs.append((name, key, a, b))
    print(f"\nengine agreement: {total} formula cells compared, {len(diffs)} differ")
    return diffs


@pytest.mark.libreoffice
def test_libreoffice_agrees_on_every_cell(recalculated: Recalculated, tmp_path: Path) -> None:
    """LibreOffice and the strict engine compute the same value in every formula cell."""
    from tests.support.values_view import recalculated_views

    views = recalculated_views(list(recalculated.paths.values()), tmp_path)  # no xlsx copy
    other = {}
    for stem, wb in views.items():
        other[stem] = {
            (ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws for c in row
        }
    diffs = _agreement(recalculated, other)
    assert not diffs, diffs[:5]


@pytest.mark.gnumeric
def test_gnumeric_agrees_on_every_cell(recalculated: Recalculated) -> None:
    """Gnumeric, a third engine, computes the same value in every formula cell."""
    other = {name: recalc_gnumeric(path) for name, path in recalculated.paths.items()}
    diffs = _agreement(recalculated, other)
    assert not diffs, diffs[:5]


# Gnumeric against the rules layer on larger workbooks (it is fast): the LibreOffice suite's
# movements, a Howell (one field) and a web Mitchell.
GNUMERIC_CASES: dict[str, tuple[Movement, Options, int]] = {
    "mitchell7-acbl": (mitchell(7, 3), Options(), 1),
    "mitchell6-relay-ebu-tricks": (
        mitchell(6, 2, even="relay"),
        Options(scale="ebu", result_entry="tricks"),
        2,
    ),
    "mitchell7-half-ebu": (mitchell(7, 2, half_table=True), Options(scale="ebu"), 4),
    "mitchell5-butler": (mitchell(5, 3), Options(scoring="butler"), 6),
    "mitchell4-ximp": (mitchell(4, 3, even="relay"), Options(scoring="ximp"), 7),
    "howell4-tricks": (
        KINDS["howell"].build(tables=4, boards_per_round=3),
        Options(result_entry="tricks"),
        8,
    ),
}


@pytest.mark.gnumeric
@pytest.mark.parametrize("name", list(GNUMERIC_CASES))
def test_gnumeric_matches_rules(name: str, tmp_path: Path) -> None:
    """Gnumeric's travellers and recap equal the rules layer, cell by cell."""
    m, opt, seed = GNUMERIC_CASES[name]
    path = tmp_path / f"{name}.xlsx"
    wb = _session(m, opt)
    filled = random_fill(m, opt, seed)
    fill_book(wb, opt, filled)
    save_workbook(wb, path)
    exp = expected(m, opt, filled)
    vals = recalc_gnumeric(path)
    n1, bad1 = _traveller_checks(vals, exp, opt)
    n2, bad2 = _recap_checks(vals, exp, _recap_layout(wb))
    assert n1 > 0 and n2 > 0
    assert not bad1 + bad2, (bad1 + bad2)[:5]


def test_a_number_in_contract_counts_as_entered(recalculated: Recalculated) -> None:
    """A number typed into Contract is reported, and the board's empty rows say "no result"."""
    m = CASES[NUMBER_CONTRACT_CASE][0]
    board = m.boards[-1]
    lines = [
        v
        for (s, k), v in recalculated.values[NUMBER_CONTRACT_CASE].items()
        if s == "Checks" and k[0] == "A" and isinstance(v, str)
    ]
    mine = [x for x in lines if x.startswith(f"Board {board}, row ")]
    assert any("contract 3 does not parse" in x for x in mine), mine
    assert any(x.startswith(f"Board {board}, row 2 ") and "no result" in x for x in mine), mine
