"""Test helpers shared by every workbook family: list a workbook's formulas, check them with a
strict Excel-grammar parser, and recalculate a workbook with a second, independent engine.

- :func:`iter_formulas` yields every formula of a workbook: cell formulas (array formulas
  too), conditional-format rules, data-validation formulas, defined names, print areas and
  titles, chart series references.
- :func:`excel_grammar_errors` lists each formula Excel would reject
  (``tests/support/excel_grammar.py``, an independent recursive-descent parser, plus Excel's
  file-level limits).
- :func:`recalc_strict` recalculates a filled ``.xlsx`` with the ``formulas`` package (PyPI; it
  follows Excel's semantics, not LibreOffice's) and returns the values by (sheet, cell).
- :func:`recalc_gnumeric` does the same with Gnumeric's ``ssconvert --recalc`` (a third engine).

>>> import openpyxl
>>> wb = openpyxl.Workbook()
>>> wb.active.title = "Board 1"
>>> wb.active["A1"] = "=SUM('Board 1'!B1:B3"
>>> [s.where for s in iter_formulas(wb)]
['A1']
>>> excel_grammar_errors(wb)
["Board 1!A1: unclosed SUM( at 20: =SUM('Board 1'!B1:B3"]
"""

from __future__ import annotations

import logging
import math
import shutil
import subprocess
import tempfile
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

from tests.support.excel_grammar import MAX_STRING, check
from xlbridge.workbook.cells import cell_map

__all__ = [
    "FormulaSite",
    "excel_grammar_errors",
    "iter_formulas",
    "recalc_gnumeric",
    "recalc_strict",
    "same_value",
    "ssconvert",
]


@dataclass(frozen=True, slots=True)
class FormulaSite:
    """One formula of a workbook: its sheet ("" for a workbook-level name), where it is
    (a cell, or a description such as ``conditional format B6:B9 rule 1``) and its text.

    ``kind`` is ``cell`` (text starts with ``=``), ``array`` (an array formula's text, with
    ``=``), or ``cf``, ``dv``, ``name``, ``chart`` (text without ``=``, as the file stores it).
    """

    sheet: str
    where: str
    text: str
    kind: str = "cell"


def _load(wb: Workbook | str | Path) -> Workbook:
    if isinstance(wb, Workbook):
        return wb
    return openpyxl.load_workbook(wb)


def iter_formulas(wb: Workbook | str | Path) -> Iterator[FormulaSite]:
    """Every formula in ``wb`` (an openpyxl workbook or a path to an ``.xlsx``)."""
    book = _load(wb)
    for name, dn in book.defined_names.items():
        if dn.attr_text:
            yield FormulaSite("", f"defined name {name}", dn.attr_text, "name")
    for ws in book.worksheets:
        t = ws.title
        cells = cell_map(ws)  # the cells that exist (a formula's cell always does), row by row
        for key in sorted(cells):
            cell = cells[key]
            v = cell.value
            if isinstance(v, ArrayFormula):
                text = v.text or ""
                yield FormulaSite(t, f"{cell.coordinate} (array {v.ref})", text, "array")
            elif isinstance(v, DataTableFormula):
                continue
            elif cell.data_type == "f" and isinstance(v, str):
                yield FormulaSite(t, cell.coordinate, v, "cell")
        for cf in ws.conditional_formatting:
            for i, rule in enumerate(cf.rules, start=1):
                for j, f in enumerate(rule.formula or [], start=1):
                    where = f"conditional format {cf.sqref} rule {i} formula {j}"
                    yield FormulaSite(t, where, f, "cf")
        for dv in ws.data_validations.dataValidation:
            for attr in ("formula1", "formula2"):
                f = getattr(dv, attr)
                if f is not None:
                    yield FormulaSite(t, f"data validation {dv.sqref} {attr}", f, "dv")
        for name, dn in ws.defined_names.items():
            if dn.attr_text:
                yield FormulaSite(t, f"defined name {name}", dn.attr_text, "name")
        if ws.print_area:
            yield FormulaSite(t, "print area", ws.print_area, "name")
        if ws.print_titles:
            yield FormulaSite(t, "print titles", ws.print_titles, "name")
        for k, chart in enumerate(getattr(ws, "_charts", []), start=1):
            for s, ser in enumerate(chart.series, start=1):
                for part, ref in _series_refs(ser):
                    yield FormulaSite(t, f"chart {k} series {s} {part}", ref, "chart")


def _series_refs(ser: Any) -> Iterator[tuple[str, str]]:
    for part in ("val", "cat", "xVal", "yVal", "tx"):
        obj = getattr(ser, part, None)
        if obj is None:
            continue
        for sub in ("numRef", "strRef"):
            ref = getattr(obj, sub, None)
            if ref is not None and ref.f:
                yield part, ref.f


def _site_errors(site: FormulaSite, sheets: set[str], names: set[str]) -> list[str]:
    text = site.text
    cell = site.kind in ("cell", "array")
    if site.kind == "array" and not text.startswith("="):
        text = "=" + text
    if site.kind == "name" and "," in text and site.where in ("print area", "print titles"):
        # Print titles join rows and columns with a comma (a union of references).
        text = f"({text})"
    errs = check(text, sheets=sheets, names=names, leading_equals=cell)
    literal = site.kind == "dv" and text.startswith('"') and text.endswith('"')
    if not errs and literal and len(text) - 2 > MAX_STRING:
        errs.append(f"list of {len(text) - 2} characters (Excel allows {MAX_STRING})")
    return errs


def excel_grammar_errors(
    wb: Workbook | str | Path, sites: Iterable[FormulaSite] | None = None
) -> list[str]:
    """Each formula of ``wb`` that Excel would reject, as ``sheet!where: problem: text``.
    ``sites``: ``iter_formulas(wb)`` when the caller has it already (a workbook walked once)."""
    book = _load(wb)
    sheets = set(book.sheetnames)
    names = set(book.defined_names.keys())
    for ws in book.worksheets:
        names |= set(ws.defined_names.keys())
    out = []
    seen: dict[tuple[str, str, str], list[str]] = {}  # travellers repeat the same row formulas
    for site in iter_formulas(book) if sites is None else sites:
        key = (site.kind, site.where if site.kind == "name" else "", site.text)
        if key not in seen:
            seen[key] = _site_errors(site, sheets, names)
        for e in seen[key]:
            short = site.text if len(site.text) <= 200 else site.text[:200] + "..."
            out.append(f"{site.sheet}!{site.where}: {e}: {short}")
    return out


# --------------------------------------------------------------------------------------------
# Second engine: the ``formulas`` package


def _plain(v: Any) -> object:
    """A value of the ``formulas`` package as a plain Python value (None for empty)."""
    from formulas.tokens.operand import XlError

    if isinstance(v, XlError):
        return str(v)
    if v is None or type(v).__name__ in ("_EMPTY", "Token") or str(v) == "empty":
        return None
    if hasattr(v, "item") and not isinstance(v, str):
        v = v.item()
    if isinstance(v, bool | int | float | str):
        return v
    return str(v)


def recalc_strict(
    path: str | Path, cells: Iterable[tuple[str, str]] | None = None
) -> dict[tuple[str, str], object]:
    """Recalculate ``path`` with the ``formulas`` package; values by (sheet, cell).

    Sheet names come back as the workbook spells them; empty cells are None, errors their
    text (``"#N/A"``). Slow (seconds for a few thousand formulas): keep workbooks small.
    ``cells``: only these (sheet, cell) are wanted; the engine then compiles just the cells
    they depend on (``ExcelModel.from_ranges``), the same formulas on the same inputs, and the
    result holds those cells and what they depend on. Each distinct formula text of a sheet is
    compiled once per process, for every workbook (``tests/support/strict_cache.py``).
    """
    from tests.support.strict_cache import excel_model  # imports formulas only when used

    logging.getLogger("formulas").setLevel(logging.ERROR)
    path = Path(path)
    spelled = {s.upper(): s for s in openpyxl.load_workbook(path, read_only=True).sheetnames}
    with tempfile.TemporaryDirectory(prefix="xlbridge-strict-") as tmp:
        # One file name for every workbook: the engine names each reference after the file, so
        # the same formula on the same sheet of another workbook compiles the same (shared).
        book = Path(tmp) / "book.xlsx"
        shutil.copyfile(path, book)
        if cells is None:
            model = excel_model().loads(str(book)).finish()
        else:
            wanted = [f"'[{book}]{sheet.upper()}'!{cell}" for sheet, cell in cells]
            model = excel_model().from_ranges(*wanted).finish()
        sol = model.calculate()
    out: dict[tuple[str, str], object] = {}
    for key, ranges in sol.items():
        ref = str(key)
        if "!" not in ref or ":" in ref.rsplit("!", 1)[1]:
            continue
        book_sheet, cell = ref.rsplit("!", 1)
        sheet = book_sheet.strip("'").split("]", 1)[-1]
        value = getattr(ranges, "value", ranges)
        try:
            v = value[0, 0]
        except (TypeError, IndexError):
            v = value
        out[(spelled.get(sheet.upper(), sheet), cell.replace("$", ""))] = _plain(v)
    return out


# --------------------------------------------------------------------------------------------
# Third engine: Gnumeric


def ssconvert() -> str | None:
    """Gnumeric's converter, or None when it is not installed."""
    return shutil.which("ssconvert")


def recalc_gnumeric(path: str | Path, *, timeout: float = 300) -> dict[tuple[str, str], object]:
    """Recalculate ``path`` with ``ssconvert --recalc``; every cell's value by (sheet, cell)."""
    exe = ssconvert()
    if exe is None:
        raise RuntimeError("Gnumeric (ssconvert) is not installed")
    with tempfile.TemporaryDirectory(prefix="xlbridge-gnumeric-") as tmp:
        out = Path(tmp) / "out.xlsx"
        subprocess.run(
            [exe, "--recalc", str(path), str(out)],
            check=True,
            capture_output=True,
            timeout=timeout,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # Gnumeric writes no default style
            wb = openpyxl.load_workbook(out, data_only=True)
        return {
            (ws.title, c.coordinate): c.value
            for ws in wb.worksheets
            for row in ws.iter_rows()
            for c in row
            if c.value is not None
        }


def same_value(got: object, want: float | str | None) -> bool:
    """Whether an engine's value equals the rules layer's (None means an empty cell)."""
    if want is None:
        return got in (None, "")
    if isinstance(want, str):
        return got == want
    return (
        isinstance(got, int | float)
        and not isinstance(got, bool)
        and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9)
    )


def input_cells(wb: Any) -> dict[tuple[str, str], Any]:
    """Every unlocked (input) cell of a workbook and its value, by (sheet, cell).

    A cell's protection is the workbook's protection record its style names (what
    ``cell.protection`` reads, without a proxy a cell; a cell without a style has the first);
    only the cells the sheet holds are read: a blank one ``iter_rows`` would make up has the
    default style, locked.

    >>> wb = openpyxl.Workbook()
    >>> from openpyxl.styles import Protection
    >>> wb.active["B2"], wb.active["C3"] = 4, "x"
    >>> wb.active["B2"].protection = Protection(locked=False)
    >>> input_cells(wb)
    {('Sheet', 'B2'): 4}
    """
    out: dict[tuple[str, str], Any] = {}
    for ws in wb.worksheets:
        records = wb._protections
        for c in ws._cells.values():
            if records[c._style.protectionId if c._style else 0].locked is False:  # none: 0
                out[(ws.title, c.coordinate)] = c.value
    return out
