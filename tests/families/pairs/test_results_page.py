"""The page a director pins up (issue 31), checked on the sheet in memory: the Results sheet's
PROVISIONAL line by formula, long names whole, one number format down each column, each table
kept on its page, no border on a line no pair fills; the Recap's one-field form.

The PROVISIONAL formula's value is checked against Python's open problems in the engine
batches (``tests/test_results_problems.py``, ``tests/test_workbook_recalc.py``); the printed
pages in ``tests/test_printing_families.py``.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import openpyxl

from tests.support.excel_grammar import check
from tests.support.workbook_fill import fill_by_headers
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.families.registry import score_workbook
from xlbridge.movements.field import join_sections, parse_sections
from xlbridge.movements.howell import howell
from xlbridge.movements.mitchell import mitchell
from xlbridge.results.html import render_html
from xlbridge.results.problems import Problem, banner
from xlbridge.scoring.session import places_in_ranking
from xlbridge.workbook.checks import TOTAL
from xlbridge.workbook.page_breaks import page_height_points
from xlbridge.workbook.styles import DECIMALS

LONG = ("Dorothy Fairweather-Browne", "Elizabeth Montgomery-Smythe")  # issue 31's pair


def _sheets(wb: openpyxl.Workbook) -> set[str]:
    return set(wb.sheetnames)


def test_provisional_line_reads_the_checks_count() -> None:
    """Results!A3 counts the Checks sheet's open problems (its total: the travellers' running
    count and an import's open lines), in the words of the first clause of ``xlbridge
    results``' banner."""
    wb = build_workbook(mitchell(7, 3), Options())
    formula = wb["Results"]["A3"].value
    checks = wb["Checks"]
    last = max(r for r in range(4, checks.max_row + 1) if checks[f"Z{r}"].value)
    assert checks[TOTAL.replace("$", "")].value == f"=$Z${last}"  # every traveller's problems
    assert f"Checks!{TOTAL}" in formula
    assert check(formula, sheets=_sheets(wb)) == []
    # The formula's two texts are the banner's: "PROVISIONAL: " N " open problem" ["s"] ...
    one = banner([Problem("Board 1", 1, 1, "x")]).partition(";")[0]
    assert one == "PROVISIONAL: 1 open problem on the Checks sheet"
    assert '"PROVISIONAL: "&' in formula and '" open problem"&IF(' in formula
    assert '&" on the Checks sheet"' in formula
    assert wb["Results"]["A3"].font.color.rgb.endswith("C00000")  # red, as the HTML banner


def test_long_names_fit_their_column() -> None:
    """Known names: the Names column is wide enough for "A & B" in the sheet's 14 pt font;
    names typed later shrink to fit instead of being cut (issue 31: "ends & Elizabeth")."""
    names = {"1": LONG, "2": ("Ann", "Bob")}
    wb = build_workbook(howell(5), Options(names=names))
    ws = wb["Results"]
    joined = len(" & ".join(LONG))
    assert joined == 56
    assert ws.column_dimensions["C"].width >= joined * 14 / 11
    assert ws["C4"].value == "Names"  # one field: no heading, the header on row 4
    data = [ws.cell(row=r, column=3) for r in range(5, 15)]
    assert all(c.alignment.shrink_to_fit and not c.alignment.wrap_text for c in data)
    plain = build_workbook(howell(5), Options())["Results"]
    assert plain.column_dimensions["C"].width == 44  # unchanged when no name is long


def test_one_number_format_down_each_column() -> None:
    """Total and Average two places on Results (87.50 beside 72.01), every board column, Total
    and Avg of the Recap too (3.50, 5.69, 0.06)."""
    for scoring in ("mp", "butler"):
        wb = build_workbook(mitchell(5, 2), Options(scoring=scoring))  # type: ignore[arg-type]
        res, recap = wb["Results"], wb["Recap"]
        head = {c.value: c.column_letter for c in res[5] if c.value}
        numbers = ["Total"] + ([] if scoring == "mp" else ["Average"])
        for h in numbers:
            cells = [res[f"{head[h]}{r}"] for r in range(6, 11)]
            assert {c.number_format for c in cells} == {DECIMALS}, (scoring, h)
        if scoring == "mp":
            assert {res[f"{head['%']}{r}"].number_format for r in range(6, 11)} == {"0.00%"}
        rhead = {c.value: c.column_letter for c in recap[4] if c.value}
        cols = [rhead[str(b)] for b in range(1, 11)]
        cols += [rhead["Total"]] + ([] if scoring == "mp" else [rhead["Avg"]])
        for col in cols:
            fmts = {recap[f"{col}{r}"].number_format for r in range(5, 15)}
            assert fmts == {DECIMALS}, (scoring, col, fmts)


def _tables(ws: openpyxl.worksheet.worksheet.Worksheet) -> list[tuple[int, int]]:
    """Each table's rows: from its heading (or header) row to its last standing."""
    out, start = [], None
    for r in range(4, ws.max_row + 2):
        v = ws.cell(row=r, column=1).value
        if v not in (None, "") and start is None:
            start = r
        elif v in (None, "") and start is not None:
            out.append((start, r - 1))
            start = None
    return out


def test_each_table_kept_on_its_page() -> None:
    """Two sections of seven tables, two winners: six tables of 7 to 14 pairs, more than one
    page; every page break falls in the blank row between two tables, and every page holds
    at most a page's height of rows."""
    f = join_sections(parse_sections("A:mitchell:7,B:mitchell:7"), 2)
    wb = build_workbook(f.movement, Options(sections=f))
    ws = wb["Results"]
    last = ws.max_row
    tables = _tables(ws)
    assert [b - a for a, b in tables] == [15, 15, 8, 8, 8, 8]  # heading + header + pairs - 1
    breaks = [b.id for b in ws.row_breaks.brk]
    assert breaks
    for b in breaks:
        assert any(last == b - 1 or last == b for _first, last in tables)  # blank row after
        assert ws.cell(row=b + 1, column=1).value not in (None, "")  # a heading starts a page
    widths = [ws.column_dimensions[c].width for c in "ABCDE"]
    page = page_height_points(widths)
    edges = [0, *breaks, last]
    for top, bottom in itertools.pairwise(edges):
        used = sum(ws.row_dimensions[r].height or 21.0 for r in range(top + 1, bottom + 1))
        assert used <= page, (top, bottom, used, page)


def test_a_short_page_has_no_break() -> None:
    ws = build_workbook(mitchell(7, 3), Options())["Results"]
    assert list(ws.row_breaks.brk) == []


def test_absent_pair_line_is_not_boxed() -> None:
    """A standing's line is boxed by a format rule only once a pair fills it (its Pair cell
    not blank): the line of a pair that never played prints empty, without a border."""
    ws = build_workbook(mitchell(7, 2, half_table=True), Options())["Results"]
    first = ws.cell(row=6, column=2)
    assert first.border.left is None or first.border.left.style is None  # no fixed border
    rules = [(str(cf.sqref), rule) for cf in ws.conditional_formatting for rule in cf.rules]
    boxed = {sq: rule for sq, rule in rules if rule.dxf is not None and rule.dxf.border}
    assert set(boxed) == {"A6:E11", "A15:E21"}  # NS 6 pairs, EW 7 pairs (half table)
    assert boxed["A6:E11"].formula == ['$B6<>""']
    assert all(check(f"={r.formula[0]}", sheets=set()) == [] for r in boxed.values())
    header = ws.cell(row=5, column=1)
    assert header.border.left.style == "thin"  # the header keeps its box


def test_one_field_recap() -> None:
    """A Howell ranks one field: no Dir column (hidden; check totals under the first board),
    and 40% of its ten pairs placed (4), not 40% of its five tables."""
    ws = build_workbook(howell(5), Options())["Recap"]
    assert ws.column_dimensions["C"].hidden
    assert ws["C2"].value is None and "the first 4 places shaded" in ws["D2"].value
    assert places_in_ranking(5, one_field=True) == 4
    labels = {ws[f"A{r}"].value: r for r in range(5, ws.max_row + 1)}
    r = labels["Check total on the recap"]
    assert str(ws[f"D{r}"].value).startswith("=") and ws[f"C{r}"].value is None
    assert str(ws[f"F{r + 1}"].value).startswith("=")  # "in balance"
    two = build_workbook(mitchell(7, 3), Options())["Recap"]
    assert not two.column_dimensions["C"].hidden
    assert "the first 3 places of each direction shaded" in two["C2"].value


def test_section_rank_header_fits() -> None:
    f = join_sections(parse_sections("A:mitchell:5,B:mitchell:5"), 2)
    ws = build_workbook(f.movement, Options(sections=f))["Recap"]
    col = next(c.column_letter for c in ws[4] if c.value == "Section rank")
    assert ws.column_dimensions[col].width >= len("Section rank") + 1


def test_html_page_shades_as_the_recap(tmp_path: Path) -> None:
    """The HTML results page shades the places the Recap shades: a three-table Howell's six
    pairs in one field, 40% of them (3), where 40% of the tables gave 2."""
    m = howell(3)
    path = tmp_path / "howell3.xlsx"
    write_session(m, path)
    fill_by_headers(path, 5, unplayed=0)
    res = score_workbook(path)
    assert not res.two_winner
    page = render_html(res)
    ranks = [s.rank for s in res.standings]
    want = sum(1 for r in ranks if int(r.rstrip("=")) <= places_in_ranking(3, one_field=True))
    assert places_in_ranking(3, one_field=True) == 3
    assert page.count('<tr class="placed">') == want >= 3
