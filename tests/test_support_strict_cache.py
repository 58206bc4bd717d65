"""The strict engine's shared compiled formulas (``tests/support/strict_cache.py``, issue 29) give
exactly what the ``formulas`` package's own model gives: the same formula text shared between
cells and between workbooks, each cell still reading its own inputs; the formulas that read their
own cell (``ROW()``, ``COLUMN()``) or use relative R1C1 offsets never shared."""

from __future__ import annotations

import logging
from pathlib import Path

import openpyxl
import pytest

from tests.support import strict_cache
from tests.support.engines import _plain as _value
from tests.support.engines import recalc_strict

formulas = pytest.importorskip("formulas")

SHARED_TEXT = "=A1*2+SUM($A$1:$A$3)"


def _book(path: Path, first: int) -> Path:
    """Two sheets; on each, values in A1:A3, the same formula text in B1:B3 (so each cell's copy
    reads A1), ROW()/COLUMN() in C1:C3 and a copy of a cell of the other sheet in D1."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Board 1"
    wb.create_sheet("Board 2")
    for k, ws in enumerate(wb.worksheets):
        for r in (1, 2, 3):
            ws[f"A{r}"] = first + 10 * k + r
            ws[f"B{r}"] = SHARED_TEXT
            ws[f"C{r}"] = "=ROW()*100+COLUMN()"
        other = wb.worksheets[1 - k].title
        ws["D1"] = f"='{other}'!A2"
    wb.save(path)
    return path


def _plain(path: Path) -> dict[tuple[str, str], object]:
    """What the package's own model computes, keyed as ``recalc_strict`` keys it."""
    logging.getLogger("formulas").setLevel(logging.ERROR)
    sol = formulas.ExcelModel().loads(str(path)).finish().calculate()
    out: dict[tuple[str, str], object] = {}
    for key, ranges in sol.items():
        book_sheet, _, cell = str(key).rpartition("!")
        if ":" not in cell:
            sheet = "Board " + book_sheet.strip("'")[-1]
            out[(sheet, cell)] = _value(ranges.value[0, 0])
    return out


def test_shared_formulas_give_what_the_plain_model_gives(tmp_path: Path) -> None:
    strict_cache._SHARED.clear()
    first, second = _book(tmp_path / "one.xlsx", 1), _book(tmp_path / "two.xlsx", 100)
    a, b = recalc_strict(first), recalc_strict(second)
    # B1:B3 hold one text: each reads A1 of its own sheet, in its own workbook.
    assert [a[("Board 1", f"B{r}")] for r in (1, 2, 3)] == [2 * 2 + (2 + 3 + 4)] * 3
    assert b[("Board 2", "B3")] == 2 * 111 + (111 + 112 + 113)
    # ROW() and COLUMN() read the cell itself: never shared, each cell its own row.
    assert [a[("Board 1", f"C{r}")] for r in (1, 2, 3)] == [103, 203, 303]
    assert (a[("Board 1", "D1")], b[("Board 2", "D1")]) == (13, 102)
    for got, path in ((a, first), (b, second)):
        want = _plain(path)
        assert {k: got[k] for k in want} == want
    texts = {key[-1] for key in strict_cache._SHARED}
    assert SHARED_TEXT in texts and "=ROW()*100+COLUMN()" not in texts
    # one compiled function per sheet for B1:B3, used by both workbooks (same file name inside)
    assert sum(key[-1] == SHARED_TEXT for key in strict_cache._SHARED) == 2


def test_without_the_internals_the_plain_model_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strict_cache, "_CLASS", None)
    monkeypatch.setattr(strict_cache, "_internals", lambda: None)
    assert type(strict_cache.excel_model()) is formulas.ExcelModel
