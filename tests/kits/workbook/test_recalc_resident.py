"""The resident LibreOffice (``xlbridge/workbook/uno_convert.py``, fed by ``recalc.convert``)
gives what ``soffice --convert-to`` gives: the same value in every cell of every sheet, and the
same printed pages; a file it cannot open is named and the office goes on; an office that
dies is started again, and one that takes too long is given up with the one-shot's error."""

from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.shared import cli_new, needs_program, needs_tool
from tests.support.workbook_fill import fill_by_headers
from xlbridge.errors import WorkbookError
from xlbridge.workbook import recalc
from xlbridge.workbook.book_values import book_from_workbook
from xlbridge.workbook.recalc import PDF, XLSX, convert, recalculate_values, resident_python

pytestmark = pytest.mark.libreoffice


def _needs_resident() -> None:
    needs_tool(resident_python(), "python3-uno (LibreOffice's Python bridge, for /usr/bin/python3)")


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A filled pairs game scored by matchpoints, a Howell by IMPs (Butler), an individual
    and a rubber-bridge sheet, filled with random results (and, for the values, below, a
    workbook of values the xlsx export writes in its own way, and one with a date)."""
    src = tmp_path_factory.mktemp("agree")
    made = [
        cli_new(src, "mitchell", "mitchell", "--tables", "5", "--boards-per-round", "2"),
        cli_new(src, "howell", "howell", "--tables", "3", "--scoring", "butler"),
        cli_new(src, "individual", "individual-2", "--tables", "2"),
    ]
    for seed, path in enumerate(made, start=1):
        fill_by_headers(path, seed, unplayed=0.1)
    made.append(cli_new(src, "rubber", "rubber", "--tables", "1"))
    return made


def _values(path: Path) -> dict[tuple[str, str], Any]:
    wb = openpyxl.load_workbook(path, data_only=True)
    return {(ws.title, c.coordinate): c.value
            for ws in wb.worksheets for row in ws.iter_rows() for c in row
            if c.value is not None}  # fmt: skip


def _formula_cells(path: Path) -> set[tuple[str, str]]:
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate)
            for ws in wb.worksheets for row in ws.iter_rows() for c in row
            if c.data_type == "f"}  # fmt: skip


def test_every_cell_agrees_with_the_one_shot(books: list[Path], tmp_path: Path) -> None:
    _needs_resident()
    resident = convert(books, tmp_path / "resident", XLSX, resident=True)
    once = convert(books, tmp_path / "once", XLSX, resident=False)
    assert [p.name for p in resident] == [p.name for p in once] == [b.name for b in books]
    for src, a, b in zip(books, resident, once, strict=True):
        got, want = _values(a), _values(b)
        assert got == want, src.name
        # not vacuous: most formulas have a value (the rest are blank by design: unplayed rows)
        computed = _formula_cells(src) & set(got)
        assert len(computed) > 100, src.name


def test_printed_pages_agree_with_the_one_shot(books: list[Path], tmp_path: Path) -> None:
    _needs_resident()
    needs_program("pdftotext", "poppler (pdftotext)")
    resident = convert(books[:1], tmp_path / "resident", PDF, resident=True)
    once = convert(books[:1], tmp_path / "once", PDF, resident=False)
    assert resident[0].name == once[0].name == "mitchell.pdf"

    def text(pdf: Path) -> str:
        return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                              capture_output=True, text=True).stdout  # fmt: skip

    pages = text(resident[0])
    assert pages == text(once[0]) and pages.count("\f") > 5


def test_a_damaged_file_is_named_and_the_office_goes_on(books: list[Path], tmp_path: Path) -> None:
    _needs_resident()
    bad = tmp_path / "damaged.xlsx"
    bad.write_bytes(b"PK\x03\x04 not a workbook")
    with pytest.raises(WorkbookError, match=r"LibreOffice failed on damaged\.xlsx \("):
        convert([books[0], bad], tmp_path / "out", XLSX, resident=True)
    assert (tmp_path / "out" / "mitchell.xlsx").exists()  # the good one was done
    (again,) = convert(books[-1:], tmp_path / "again", XLSX, resident=True)
    assert _values(again)


def _office_processes(pid: int) -> list[int]:
    """The processes under ``pid`` (Linux's /proc), deepest first."""
    found: list[int] = []
    tasks = Path(f"/proc/{pid}/task")
    for task in tasks.iterdir() if tasks.exists() else []:
        for child in (task / "children").read_text().split():
            found = [*_office_processes(int(child)), int(child), *found]
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_an_office_that_dies_is_started_again(books: list[Path], tmp_path: Path) -> None:
    _needs_resident()
    convert(books[-1:], tmp_path / "first", XLSX, resident=True)
    (office,) = recalc._OFFICE
    doomed = _office_processes(office.proc.pid)
    assert doomed, "the converter runs an office"
    for pid in doomed:
        os.kill(pid, signal.SIGKILL)
    (done,) = convert(books[-1:], tmp_path / "second", XLSX, resident=True)
    assert recalc._OFFICE[0] is office and _values(done)  # the same converter...
    assert set(_office_processes(office.proc.pid)).isdisjoint(doomed)  # ...a new office


def test_too_long_is_given_up_and_the_next_call_starts_afresh(
    books: list[Path], tmp_path: Path
) -> None:
    _needs_resident()
    with pytest.raises(WorkbookError, match=r"LibreOffice took longer than 0\.01 s; gave up"):
        convert(books[:1], tmp_path / "slow", XLSX, timeout=0.01, resident=True)
    (stopped,) = recalc._OFFICE
    assert stopped.proc.poll() is not None  # killed, with its office
    (done,) = convert(books[-1:], tmp_path / "next", XLSX, resident=True)
    assert recalc._OFFICE[0] is not stopped and _values(done)


def test_without_uno_each_call_starts_libreoffice(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XLBRIDGE_RESIDENT_OFFICE", "0")
    assert resident_python() is None
    with pytest.raises(WorkbookError, match="no resident LibreOffice"):
        convert([], tmp_path, XLSX, resident=True)


def _edge_book(path: Path) -> Path:
    """Values the xlsx export writes in its own way: more than 15 significant digits, large
    integral numbers, booleans (typed and computed), each error (LibreOffice's own Err:502 and
    Err:522 as Excel's #VALUE!), empty text, text that looks like a boolean or an error."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Edge & one's"
    column = [5, -7, 0.1, 2.5, "=0.1+0.2", "=1/3", "=-1/3*1E-300", "=2^53", 1e16, 1e17, 1e21,
              -0.0, True, False, "=1>0", "=AND(TRUE(),FALSE())", "=NA()", "=1/0", '="a"+1',
              "=SQRT(-1)", "=FOOBAR()", '=INDIRECT("zz")', "=A1+C1", '=""', '=IF(1,"",2)',
              "text", "TRUE", "#N/A", "=LN(0)"]  # fmt: skip
    for row, value in enumerate(column, start=1):
        ws.cell(row, 1, value)
        ws.cell(row, 2, f"=A{row}")
    ws["C1"] = "=C1+1"  # a circular reference: Err:522
    wb.create_sheet("Empty")
    wb.create_sheet("Board 1")["D4"] = '=IF(1,"","x")'
    wb.save(path)
    return path


def _typed(book: Any) -> list[tuple[str, list[list[tuple[str, Any]]]]]:
    """Every value with its type's name (1 == 1.0 == True in Python; not here)."""
    return [(s.title, [[(type(v).__name__, v) for v in row] for row in s.rows])
            for s in book.sheets]  # fmt: skip


def test_values_are_what_openpyxl_reads_from_the_recalculated_copy(
    books: list[Path], tmp_path: Path
) -> None:
    """``recalculate_values`` reads the values from the recalculated workbook in the office
    (no xlsx copy); they are, type and value, what ``load_workbook(copy, data_only=True)``
    reads from the copy ``recalculate`` saves (the fallback without a resident office). A
    workbook holding a date is read from that copy (openpyxl reads a date by its format)."""
    _needs_resident()
    dated = tmp_path / "dated.xlsx"
    wb = openpyxl.Workbook()
    wb.active["A1"], wb.active["A2"] = datetime.datetime(2024, 5, 1), "=A1+1"
    wb.save(dated)
    paths = [*books, _edge_book(tmp_path / "edge.xlsx"), dated]
    copies = convert(paths, tmp_path / "copies", XLSX, resident=True)
    got = recalculate_values(paths, tmp_path / "values")
    for src, copy, book in zip(paths, copies, got, strict=True):
        want = book_from_workbook(openpyxl.load_workbook(copy, data_only=True))
        assert _typed(book) == _typed(want), src.name
    # read from the office, not from a copy, but for the dated workbook
    read = [p.stem for p in paths if not (tmp_path / "values" / f"{p.stem}.xlsx").exists()]
    assert read == [p.stem for p in paths[:-1]]
    edge = got[-2]
    assert edge.sheetnames == ("Edge & one's", "Empty", "Board 1")
    assert [edge["Edge & one's"].cell(r, 2) for r in (1, 5, 6, 8, 9, 10, 13, 15, 17, 20, 23)] == [
        5, 0.3, 0.333333333333333, 9007199254740990, 10**16, 1e17, True, True, "#N/A",
        "#VALUE!", "#VALUE!"]  # fmt: skip
    assert edge["Edge & one's"]["B24"] is None and edge["Board 1"].max_row == 0
    assert got[-1]["Sheet"]["A2"] == datetime.datetime(2024, 5, 2)
    kinds = {type(v) for b in got for s in b.sheets for row in s.rows for v in row}
    assert {int, float, bool, str, type(None), datetime.datetime} <= kinds
