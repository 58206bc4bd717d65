"""The one-pass reader (xlbridge.interchange.onepass, Book.views) gives, sheet by sheet and cell
by cell, what two openpyxl loads give (formulas; ``data_only`` stored values), whichever view
asks first; a sheet openpyxl cannot read fails in the view that reads it, as before. In memory
but for the workbook files read through the gate."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from xlbridge.errors import WorkbookError
from xlbridge.interchange.gate import load_workbook
from xlbridge.workbook.cells import Book


def _stored(path: Path, body: str) -> None:
    """A one-sheet workbook whose sheet part is ``body`` (cells with stored values, as a
    spreadsheet program saves them)."""
    import zipfile

    wb = Workbook()
    wb.active.title = "S"  # type: ignore[union-attr]
    wb.save(path)
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["xl/worksheets/sheet1.xml"] = (
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f"<sheetData>{body}</sheetData></worksheet>"
    ).encode()
    with zipfile.ZipFile(path, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)


def _twice(path: Path) -> tuple[Book, Book]:
    return (
        Book(load_workbook(path, read_only=True)),
        Book(load_workbook(path, read_only=True, data_only=True)),
    )


def _cells(book: Book, name: str) -> dict[tuple[int, int], object]:
    return dict(book[name]._cells)


SHEET = (
    '<row r="1"><c r="A1"><v>3</v></c><c r="B1"><f>A1*2</f><v>6</v></c>'
    '<c r="C1" t="str"><f>"x"&amp;A1</f><v>x3</v></c><c r="D1" t="b"><f>A1&gt;2</f><v>1</v></c>'
    '<c r="E1" t="inlineStr"><is><t>Board</t></is></c><c r="F1"><f>1/0</f></c>'
    '<c r="G1" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>'
    # shared formulas: the formulas view translates them, the stored view has their values
    '<row r="2"><c r="A2"><f t="shared" ref="A2:C2" si="0">A1+1</f><v>4</v></c>'
    '<c r="B2"><f t="shared" si="0"/><v>7</v></c><c r="C2"><f t="shared" si="0"/></c>'
    # cells without coordinates count on from the last
    "<c><v>9</v></c><c><f>1+1</f><v>2</v></c></row>"
    '<row><c r="A3"><v>5</v></c></row>'
)


@pytest.mark.parametrize("first", ["formulas", "cached"])
def test_views_are_the_two_loads(tmp_path: Path, first: str) -> None:
    path = tmp_path / "s.xlsx"
    _stored(path, SHEET)
    formulas, cached = Book.views(load_workbook(path, read_only=True))
    one, two = _twice(path)
    if first == "cached":
        assert _cells(cached, "S") == _cells(two, "S")
    assert _cells(formulas, "S") == _cells(one, "S")
    assert _cells(cached, "S") == _cells(two, "S")
    assert formulas["S"]["B2"].value == "=B1+1" and cached["S"]["B2"].value == 7
    assert formulas["S"]["E2"].value == "=1+1" and cached["S"]["E2"].value == 2
    assert formulas["S"]["F1"].data_type == "f" and cached["S"]["F1"].value is None


def test_a_stored_value_that_is_no_number_fails_the_stored_view_only(tmp_path: Path) -> None:
    path = tmp_path / "s.xlsx"
    _stored(path, '<row r="1"><c r="A1"><f>1+1</f><v>1,5</v></c></row>')
    formulas, cached = Book.views(load_workbook(path, read_only=True))
    one, two = _twice(path)
    assert _cells(formulas, "S") == _cells(one, "S")
    with pytest.raises(WorkbookError, match="a cell holds a number that is none") as ours:
        cached["S"]
    with pytest.raises(WorkbookError) as theirs:
        two["S"]
    assert str(ours.value) == str(theirs.value)


def test_a_value_that_is_no_number_fails_both(tmp_path: Path) -> None:
    path = tmp_path / "s.xlsx"
    _stored(path, '<row r="1"><c r="A1"><v>1,5</v></c></row>')
    formulas, cached = Book.views(load_workbook(path, read_only=True))
    for book in (cached, formulas):
        with pytest.raises(WorkbookError, match="a cell holds a number that is none"):
            book["S"]


def test_a_session_workbook_reads_the_same(tmp_path: Path) -> None:
    """Every sheet of a filled pairs workbook (stored values typed into the formula cells),
    the views asked in turn."""
    from xlbridge.families.duplicate.context import Options
    from xlbridge.families.pairs.build import build_workbook
    from xlbridge.movements.mitchell import mitchell

    wb = build_workbook(mitchell(3, 2), Options())
    path = tmp_path / "p.xlsx"
    wb.save(path)
    formulas, cached = Book.views(load_workbook(path, read_only=True))
    one, two = _twice(path)
    assert formulas.sheetnames == one.sheetnames
    for i, name in enumerate(one.sheetnames):
        order = (formulas, cached) if i % 2 else (cached, formulas)
        for book in order:
            book[name]
        assert _cells(formulas, name) == _cells(one, name)
        assert _cells(cached, name) == _cells(two, name)
