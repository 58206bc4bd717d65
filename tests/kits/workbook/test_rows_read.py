"""A filled workbook is read as far as it holds cells, not to a fixed row: the gate bounds the
cells a sheet may hold (``xlbridge/limits.py``, ``SHEET_CELLS``), so nothing below a row
count is silently dropped (issue 31's leftover: ``results`` read only 2,100 rows)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from xlbridge.interchange.gate import load_workbook
from xlbridge.workbook.cells import Book
from xlbridge.workbook.checks import write_checks
from xlbridge.workbook.import_lines import open_import_lines, write_import_lines
from xlbridge.workbook.styles import Styler, open_template


def _checks_book(path: Path, problems: list[str]) -> Path:
    wb = open_template(None)
    write_checks(SimpleNamespace(wb=wb, style=Styler(wb), checks_sources=["'Board 1'!$AU$3"]))
    write_import_lines(wb, "r.csv", problems)
    wb.save(path)
    return path


def test_import_lines_below_row_2100_are_read(tmp_path: Path) -> None:
    problems = [f"r.csv line {n}: board 1: pair '99' (NS) is not in it" for n in range(2, 2602)]
    path = _checks_book(tmp_path / "s.xlsx", problems)
    formulas, _cached = Book.views(load_workbook(path, read_only=True))
    assert open_import_lines(formulas) == tuple(problems)
    assert open_import_lines(Book(load_workbook(path, read_only=True))) == tuple(problems)


def test_a_cell_far_down_a_sheet_is_seen(tmp_path: Path) -> None:
    path = _checks_book(tmp_path / "s.xlsx", [])
    wb = load_workbook(path)
    wb["Checks"]["A50000"] = "typed far below"
    wb.save(path)
    book = Book(load_workbook(path, read_only=True))
    assert book["Checks"]["A50000"].value == "typed far below"
