"""The fast workbook saver (xlbridge.interchange.xlsx_write) writes every part of a workbook
byte for byte as openpyxl's own ``Workbook.save`` does: the fast path's sheets, the sheets it
leaves to openpyxl (dates, comments, hyperlinks, array formulas), and the workbooks xlbridge
writes and rebuilds. All in memory but the two saves compared."""

from __future__ import annotations

import datetime
import io
import zipfile
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook
from openpyxl.comments import Comment
from openpyxl.styles import Font, Protection
from openpyxl.worksheet.formula import ArrayFormula

from xlbridge.interchange.xlsx_write import save_workbook, sheet_data


def _parts(save: Callable[[io.BytesIO], None]) -> dict[str, bytes]:
    buf = io.BytesIO()
    save(buf)
    with zipfile.ZipFile(buf) as z:
        # core.xml holds the time of saving
        return {n: z.read(n) for n in z.namelist() if n != "docProps/core.xml"}


def assert_same_as_openpyxl(make: Callable[[], Workbook]) -> None:
    theirs = _parts(make().save)
    wb = make()
    ours = _parts(lambda buf: save_workbook(wb, buf))  # type: ignore[arg-type]
    assert list(ours) == list(theirs)
    for name, data in theirs.items():
        assert ours[name] == data, name


def _edge_cases() -> Workbook:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws["A1"], ws["A2"], ws["A3"], ws["A4"] = " lead", "trail ", "   ", "a&b<c>\"'\n\tx"
    ws["A5"], ws["A6"] = "=", ""
    ws["B1"], ws["B2"], ws["B3"], ws["B4"], ws["B5"] = True, 1.5, float("nan"), 10**17, -0.0
    ws["C1"], ws["C2"] = '=A1&"<x>"', "#N/A"
    ws["C2"].data_type = "e"
    ws["C3"].font = Font(bold=True)  # a styled empty cell
    ws["C4"].protection = Protection(locked=False)
    ws["D4"].number_format = "@"
    ws.row_dimensions[9].height = 30  # a row with no cells
    ws.merge_cells("E1:F2")
    wb.create_sheet("dates")["A1"] = datetime.date(2024, 1, 2)
    note = wb.create_sheet("comment")
    note["A1"], note["B2"] = "x", 4
    note["A1"].comment = Comment("hi", "me")
    link = wb.create_sheet("link")
    link["A1"] = "x"
    link["A1"].hyperlink = "https://example.com"
    wb.create_sheet("array")["A1"] = ArrayFormula("A1:A2", "=SUM(B1:B2)")
    wb.create_sheet("empty")
    return wb


def test_edge_cases_as_openpyxl() -> None:
    assert_same_as_openpyxl(_edge_cases)


def test_loaded_workbook_as_openpyxl() -> None:
    """A workbook loaded from a file (merged cells, styles read back), as rebuild saves one."""
    buf = io.BytesIO()
    _edge_cases().save(buf)
    data = buf.getvalue()
    assert_same_as_openpyxl(lambda: load_workbook(io.BytesIO(data)))


def test_session_workbooks_as_openpyxl() -> None:
    from xlbridge.families.duplicate.context import Options
    from xlbridge.families.pairs.build import build_workbook
    from xlbridge.families.teams.build import build_teams_workbook
    from xlbridge.families.teams.plan import TeamsOptions, plan_knockout
    from xlbridge.movements.mitchell import mitchell

    assert_same_as_openpyxl(lambda: build_workbook(mitchell(3, 2), Options(event=" Club & co ")))
    assert_same_as_openpyxl(lambda: build_teams_workbook(plan_knockout(4, 4), TeamsOptions()))


_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(" \t\n"))
_VALUE = st.one_of(
    st.none(), _TEXT, st.integers(-(10**18), 10**18), st.floats(), st.booleans(),
    _TEXT.map(lambda t: "=" + t),
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 30), st.integers(1, 30), _VALUE, st.booleans())))
def test_any_plain_cells_as_openpyxl(cells: list[tuple[int, int, object, bool]]) -> None:
    def make() -> Workbook:
        wb = Workbook()
        ws = wb.active
        assert ws is not None
        for r, c, v, bold in cells:
            cell = ws.cell(row=r, column=c, value=v)
            if bold:
                cell.font = Font(bold=True)
        return wb

    assert_same_as_openpyxl(make)


def test_sheet_data_is_the_rows() -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws["B2"] = 3
    assert sheet_data(ws) == '<sheetData><row r="2"><c r="B2" t="n"><v>3</v></c></row></sheetData>'
