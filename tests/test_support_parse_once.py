"""``tests/support/parse_once.py``: a later load of the same bytes is a copy of the first parse
that saves to the same parts, keeps openpyxl's warnings (the gate's notes) and is independent."""

from __future__ import annotations

import doctest
import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl

from tests.support import parse_once as module
from tests.support.parse_once import parse_once
from xlbridge.interchange.gate import load_notes, load_workbook
from xlbridge.interchange.xlsx_write import save_workbook

_X14 = (
    '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"'
    ' xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
    '<x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>Lists!$A$1:$A$5</xm:f>'
    "</x14:formula1><xm:sqref>P6</xm:sqref></x14:dataValidation></x14:dataValidations></ext>"
    "</extLst></worksheet>"
)


def _parts(wb: openpyxl.Workbook) -> dict[str, bytes]:
    """Every part of ``wb`` saved, the save's own time stamp left out."""
    buf = io.BytesIO()
    save_workbook(wb, buf)  # type: ignore[arg-type]
    with zipfile.ZipFile(buf) as z:
        return {n: re.sub(rb"<dcterms:modified[^<]*</dcterms:modified>", b"", z.read(n))
                for n in z.namelist()}  # fmt: skip


def _with_x14(src: Path, dest: Path) -> Path:
    """``src`` with an Excel 2010 validation on its second sheet (openpyxl warns it drops it)."""
    with zipfile.ZipFile(src) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in items:
            if info.filename == "xl/worksheets/sheet2.xml":
                data = data.replace(b"</worksheet>", _X14.encode())
            z.writestr(info, data)
    return dest


def test_docstring_example() -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_copy_is_the_parse_its_notes_and_independent(
    new_workbook: Callable[..., Path], tmp_path: Path
) -> None:
    book = _with_x14(new_workbook("mitchell", "--tables", "3"), tmp_path / "x14.xlsx")
    fresh = load_workbook(book)
    real = openpyxl.load_workbook
    assert load_notes(fresh) and "Data Validation extension" in load_notes(fresh)[0]
    with parse_once() as parsed:
        assert openpyxl.load_workbook is not real
        first, again = load_workbook(book), load_workbook(book)
        assert len(parsed) == 1
        ro = openpyxl.load_workbook(book, read_only=True)  # openpyxl's own, not kept
        ro.close()
        assert len(parsed) == 1
    assert again is not first
    assert load_notes(first) == load_notes(again) == load_notes(fresh)
    assert _parts(again) == _parts(fresh)
    first["Board 1"]["C6"] = "4S"  # a change to one copy reaches no other
    assert again["Board 1"]["C6"].value is None
    assert openpyxl.load_workbook is real  # put back after the block
