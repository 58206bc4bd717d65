"""The Session sheet's one codec: ``write_settings`` writes the label/value rows,
``read_settings`` reads them back the same from a writable sheet (adding no cell), a read-only
one and the cell kit's Book and Sheet."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from xlbridge.errors import WorkbookError
from xlbridge.workbook.cells import Book
from xlbridge.workbook.session import read_settings, write_settings
from xlbridge.workbook.styles import Styler, open_template


def test_every_kind_of_sheet_reads_the_same() -> None:
    wb = open_template(None)
    ws = wb.create_sheet("Session")
    ws["A1"] = "Club"
    write_settings(ws, Styler(wb), [("Date", "=1+1"), ("Tables", 5), ("Tables", 9)])
    ws["A7"] = "Instructions"
    stored = len(ws._cells)
    got = read_settings(wb)
    assert len(ws._cells) == stored  # reading created no cell
    assert (got.event, dict(got), got.lines, got.cell("Tables")) == (
        "Club", {"Date": "=1+1", "Tables": 5}, ("Instructions",), "B4"
    )  # fmt: skip
    buf = io.BytesIO()
    wb.save(buf)
    buf.seek(0)
    ro = load_workbook(buf, read_only=True)
    assert read_settings(ro) == read_settings(Book(ro)) == read_settings(Book(ro)["Session"])
    assert read_settings(ro) == got


def test_a_missing_sheet_or_line_is_one_line() -> None:
    wb = open_template(None)
    with pytest.raises(WorkbookError, match="no Session sheet"):
        read_settings(wb)
    ws = wb.create_sheet("Session")
    ws["A3"], ws["B3"] = "Tables", "many"
    with pytest.raises(WorkbookError, match=r"^Session sheet, cell B3: Tables 'many' is not"):
        read_settings(wb).whole("Tables")
    with pytest.raises(WorkbookError, match=r"^Session sheet: no 'Rounds' line"):
        read_settings(wb).whole("Rounds")
