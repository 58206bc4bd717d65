"""A cheaper ``formulas`` model for :func:`tests.support.engines.recalc_strict`: each distinct
formula text of a sheet is parsed and compiled once, not once per cell (issue 29).

Why it is sound: the ``formulas`` package compiles a cell's formula into a function whose
references are absolute ranges, resolved from the formula text and the sheet it is on (its book
and sheet name, the book's defined names); the cell's own address enters only through

- relative R1C1 references (``R[-1]C[2]``: offsets from the cell), and
- the functions that read the cell itself (``ROW()``, ``COLUMN()``, implicit intersection), which
  the package feeds through its ``CELL`` input.

So within one model (one workbook) the same text on the same sheet compiles to the same function,
except in those two cases, which this cache leaves to the plain path: a text with ``R[`` or
``C[`` anywhere (even inside a string: that only costs a compile) and a compiled formula that has
the ``CELL`` input. An array formula (its cell is a range) is compiled plainly too. Each cell
still gets its own ``Cell``: its own output node, wrapper and inputs; only the compiled formula
function (a ``DispatchPipe``, called once per cell per calculation, one call at a time) is shared.

The model relies on internals of ``formulas`` 1.3 (``ExcelModel._compile_cell``, ``Cell``,
``wrap_cell_func``, ``CELL``); :func:`excel_model` returns the package's plain ``ExcelModel``
when they are not there, so a newer version is slower, never wrong.

>>> model = excel_model()
>>> type(model).__name__ in ("CachedExcelModel", "ExcelModel")
True
>>> cacheable("=SUM(B2:B9)"), cacheable("=ROW()+R[1]C[1]"), cacheable(5)
(True, False, False)
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

__all__ = ["cacheable", "excel_model"]

_RELATIVE = re.compile(r"[RC]\[", re.IGNORECASE)  # R1C1 offsets read the cell's own address


def cacheable(value: object) -> bool:
    """Whether a cell value is a formula text this cache may share between cells of a sheet."""
    return isinstance(value, str) and value.lstrip().startswith("=") and not _RELATIVE.search(value)


def _internals() -> tuple[Any, Any, Any, Any] | None:
    """The ``formulas`` classes the cache needs, or None when this version lacks them."""
    try:
        import formulas
        from formulas.cell import CELL, Cell, wrap_cell_func
    except ImportError:
        return None
    model = formulas.ExcelModel
    needed = (
        callable(getattr(model, "_compile_cell", None))
        and callable(getattr(Cell, "compile", None))
        and callable(getattr(Cell, "update_inputs", None))
        and callable(getattr(Cell, "_args", None))
    )
    return (model, Cell, wrap_cell_func, CELL) if needed else None


_CLASS: Any = None
_MAX_SHARED = 4_000  # compiled formulas kept per process: ~60 KB each, at most ~250 MB
_SHARED: OrderedDict[tuple[Any, ...], Any] = OrderedDict()  # least recently used first


def _context_key(context: dict[str, Any], references: Any) -> tuple[Any, ...] | None:
    """What a formula's compiled function depends on besides its text: the book's file name,
    the sheet, the external links and the defined names the compile resolves; None when a
    defined name refers to a range (its values enter the compile: leave those to the plain path).
    """
    refs = dict(references or {})
    if any(v is not None for v in refs.values()):
        return None
    links = context.get("external_links") or {}
    plain = tuple(sorted((k, v) for k, v in context.items() if k != "external_links"))
    return plain, tuple(sorted(links.items())), tuple(sorted(refs))


def _cached_class() -> Any:
    """The ``ExcelModel`` subclass that shares compiled formulas, or None (see module doc)."""
    global _CLASS
    if _CLASS is not None:
        return _CLASS or None
    found = _internals()
    if found is None:
        _CLASS = False
        return None
    base, cell_class, wrap, cell_token = found

    class CachedExcelModel(base):  # type: ignore[misc, valid-type]
        """``formulas.ExcelModel`` compiling each (book name, sheet, formula text) once."""

        def _compile_cell(  # type: ignore[override]
            self, crd: str, val: Any, context: dict[str, Any], check_formula: bool, references: Any
        ) -> Any:
            where = _context_key(context, references)
            if where is None or not (check_formula and cacheable(val)) or ":" in crd:
                return base._compile_cell(crd, val, context, check_formula, references)
            key = (*where, val)
            func = _SHARED.get(key)
            if func is None:
                cell = cell_class(crd, val, context=context, check_formula=check_formula)
                own = cell.builder is not None and cell_token in cell.builder.dsp.nodes
                cell.compile(references=references, context=context)
                if cell.func is not None and not own:
                    _SHARED[key] = cell.func.func
                    if len(_SHARED) > _MAX_SHARED:
                        _SHARED.popitem(last=False)
                return cell
            _SHARED.move_to_end(key)
            cell = cell_class(crd, None, context=context, check_formula=False)
            cell.func = wrap(func, cell._args)
            cell.update_inputs(references=references)
            return cell

    _CLASS = CachedExcelModel
    return _CLASS


def excel_model() -> Any:
    """A new ``formulas`` model: the caching one, or the package's own when it cannot be."""
    cls = _cached_class()
    if cls is None:
        import formulas

        return formulas.ExcelModel()
    return cls()
