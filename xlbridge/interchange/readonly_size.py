"""Read-only worksheets that find their size cheaply: openpyxl's read-only reader looks for each
sheet's ``<dimension>`` element when the workbook is opened, feeding the sheet's part to its
parser 16 KB at a time, so every sheet of up to 16 KB is parsed whole just for its size, and
parsed again when its cells are read. :class:`ReadOnlySheet` feeds the same parser 1 KB at a
time: ``<dimension>`` comes first in a sheet (before the rows), so the search stops within the
first kilobytes. The same element is read by the same code, so the size is the same, and a
damaged part fails as before.

:func:`cheap_sizes` makes openpyxl's reader build these sheets while it runs: the gate's
:func:`~xlbridge.interchange.gate.load_workbook` (the one module that reaches openpyxl's reader)
opens every workbook through it.

>>> import tempfile
>>> from pathlib import Path
>>> from openpyxl import Workbook
>>> from xlbridge.interchange.gate import load_workbook
>>> wb = Workbook()
>>> wb.active["C7"] = 1
>>> with tempfile.TemporaryDirectory() as folder:
...     wb.save(Path(folder) / "b.xlsx")
...     ws = load_workbook(Path(folder) / "b.xlsx", read_only=True).active
>>> type(ws).__name__, ws.max_row, ws.max_column
('ReadOnlySheet', 7, 3)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet._reader import WorkSheetParser

__all__ = ["ReadOnlySheet", "cheap_sizes"]

_PIECE = 1024  # bytes the parser is given at a time while it looks for <dimension>
_Sheet: Any = ReadOnlyWorksheet  # openpyxl's private class, which its type stubs leave out


class _Pieces:
    """A file object whose ``read`` returns at most :data:`_PIECE` bytes."""

    def __init__(self, source: Any) -> None:
        self._source = source

    def read(self, size: int = -1) -> bytes:
        got: bytes = self._source.read(_PIECE if size is None or not 0 <= size <= _PIECE else size)
        return got


class ReadOnlySheet(_Sheet):  # type: ignore[misc]
    """openpyxl's read-only worksheet, its size found in the first kilobytes of its part."""

    _min_column: int | None
    _min_row: int | None
    _max_column: int | None
    _max_row: int | None

    def _get_size(self) -> None:
        src = self._get_source()
        try:
            dimensions = WorkSheetParser(_Pieces(src), []).parse_dimensions()
        finally:
            src.close()
        if dimensions is not None:
            self._min_column, self._min_row, self._max_column, self._max_row = dimensions


@contextmanager
def cheap_sizes(reader: Any) -> Iterator[None]:
    """While open, openpyxl's reader module ``reader`` (``openpyxl.reader.excel``) builds
    :class:`ReadOnlySheet` read-only sheets."""
    before = reader.ReadOnlyWorksheet
    reader.ReadOnlyWorksheet = ReadOnlySheet
    try:
        yield
    finally:
        reader.ReadOnlyWorksheet = before
