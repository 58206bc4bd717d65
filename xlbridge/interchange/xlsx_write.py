"""Save an openpyxl workbook faster, byte for byte as openpyxl saves it.

Most of the time of writing a session workbook is openpyxl serialising its cells: each becomes
an ``Element`` that a general namespace-aware serialiser walks. A session workbook's cells are
plain (a number, a text, a formula, a style, nothing else), so :func:`save_workbook` writes
each sheet's ``<sheetData>`` as text directly, keeping openpyxl's order, attributes, escaping
and style numbering, and keeps each sheet part in memory instead of a temporary file. Every
other part, and every sheet holding a cell that is not plain (a date, rich text, an array
formula, a hyperlink, a comment) or written by another serialiser (lxml), is openpyxl's own
work. The zip's parts are identical to ``Workbook.save``'s (only the time stamps differ).

>>> from openpyxl import Workbook
>>> wb = Workbook()
>>> ws = wb.active
>>> ws["A1"], ws["B1"], ws["A2"], ws["C3"] = "Board", 7, "=B1*2", " pad "
>>> sheet_data(ws)
'<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Board</t></is></c><c r="B1" t="n"><v>7</v></c></row><row r="2"><c r="A2"><f>B1*2</f><v /></c></row><row r="3"><c r="C3" t="inlineStr"><is><t xml:space="preserve"> pad </t></is></c></row></sheetData>'
"""  # noqa: E501

from __future__ import annotations

import contextlib
import datetime
import io
import os
from collections import defaultdict
from collections.abc import Callable
from typing import Any
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]
from zipfile import ZIP_DEFLATED, ZipFile

from openpyxl import LXML, Workbook
from openpyxl.compat import safe_string
from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.writer.excel import ExcelWriter

__all__ = ["save_workbook", "saver", "sheet_data"]


class _NotPlain(Exception):
    """A cell the fast path does not write: openpyxl writes the whole sheet."""


def _cell(cell: Any, head: str) -> str:
    """One ``<c>`` element as openpyxl's standard-library writer spells it, after ``head``
    (its name and style)."""
    kind = cell.data_type
    value = cell._value
    if kind == "s":
        if value is None or value == "":
            return head + ' t="inlineStr" />'
        if not isinstance(value, str):  # rich text
            raise _NotPlain
        stripped = value.strip()
        space = ' xml:space="preserve"' if stripped and stripped != value else ""
        return f'{head} t="inlineStr"><is><t{space}>{_escape_cdata(value)}</t></is></c>'
    if kind == "f":
        if value is None or value == "":
            return head + " />"
        if not isinstance(value, str):  # an array or data-table formula
            raise _NotPlain
        formula = value[1:]
        f = f"<f>{_escape_cdata(formula)}</f>" if formula else "<f />"
        return f"{head}>{f}<v /></c>"
    if kind == "d":  # dates: openpyxl converts them by the workbook's settings
        raise _NotPlain
    if value is None or value == "":
        return f'{head} t="{_escape_attrib(kind)}" />'
    text = safe_string(value)
    v = f"<v>{_escape_cdata(text)}</v>" if text else "<v />"
    return f'{head} t="{_escape_attrib(kind)}">{v}</c>'


def sheet_data(ws: Any) -> str:
    """The ``<sheetData>`` element of a writable worksheet, as openpyxl writes it; raises
    :class:`_NotPlain` for a cell it leaves to openpyxl. (Example: the module's.)"""
    stored = ws._cells
    rows: defaultdict[int, list[Any]] = defaultdict(list)
    for key in sorted(stored):
        rows[key[0]].append(stored[key])
    dims = ws.row_dimensions
    for r in dims.keys() - rows.keys():  # rows with only a height or a style
        rows[r] = []
    # A cell's style number is its style's place in the workbook's list (added when first
    # seen, as openpyxl adds it): looked up once per distinct style.
    styles = ws.parent._cell_styles
    numbered: dict[bytes, str] = {}
    out = ["<sheetData>"]
    for r, cells in sorted(rows.items()):
        attrs = {"r": f"{r}"}
        attrs.update(dims.get(r, {}))
        out.append("<row" + "".join(f' {k}="{_escape_attrib(v)}"' for k, v in attrs.items()))
        out.append(">")
        for cell in cells:
            if cell._comment is not None or cell.hyperlink:
                raise _NotPlain
            style = cell._style
            styled = style is not None and any(style)  # openpyxl's has_style
            if not styled:
                if cell._value is None:
                    continue
                out.append(_cell(cell, f'<c r="{get_column_letter(cell.column)}{cell.row}"'))
                continue
            key = style.tobytes()
            s = numbered.get(key)
            if s is None:
                s = numbered[key] = f'" s="{styles.add(style)}"'
            out.append(_cell(cell, f'<c r="{get_column_letter(cell.column)}{cell.row}{s}'))
        out.append("</row>")
    out.append("</sheetData>")
    return "".join(out)


# A conditional format's differential style is its parts: the same part objects, the same style.
_DXF_PARTS = (*DifferentialStyle.__elements__, "extLst")
_NO_DXF = DifferentialStyle()
_UNSEEN = object()


class _SheetWriter(WorksheetWriter):
    """openpyxl's sheet writer, its rows written by :func:`sheet_data` where they are plain."""

    #: Differential style ids by the ids of the style's parts (one save's; see write_formatting).
    dxf_ids: dict[tuple[int, ...], int | None]

    def write_formatting(self) -> None:
        """openpyxl's (each rule's ``dxfId``, then its ``conditionalFormatting`` element), a
        rule whose differential style has the same part objects as one already done taking its
        id from ``dxf_ids``: comparing and hashing a style is slow, and a builder gives
        thousands of rules the same fill object."""
        ws: Any = self.ws
        wb: Any = ws.parent
        for cf in ws.conditional_formatting:
            for rule in cf.rules:
                dxf = rule.dxf
                if not dxf:
                    continue
                key = tuple(id(getattr(dxf, part, None)) for part in _DXF_PARTS)
                got = self.dxf_ids.get(key, _UNSEEN)
                if got is _UNSEEN:
                    added = wb._differential_styles.add(dxf) if dxf != _NO_DXF else None
                    got = self.dxf_ids[key] = added
                if got is not None:
                    rule.dxfId = got
            self.xf.send(cf.to_tree())

    def write_rows(self) -> None:
        xf: Any = self.xf.send(True)
        raw = getattr(xf, "_file", None)  # the text stream of et_xmlfile's writer
        text = None
        if not LXML and callable(raw):
            with contextlib.suppress(_NotPlain):
                text = sheet_data(self.ws)
        if text is None or raw is None:  # openpyxl's own
            with xf.element("sheetData"):
                for row_idx, row in self.rows():
                    self.write_row(xf, row, row_idx)
        else:
            raw(text)
        self.xf.send(None)


class _Writer(ExcelWriter):
    """openpyxl's workbook writer with :class:`_SheetWriter`, each sheet part kept in memory."""

    def __init__(self, workbook: Workbook, archive: ZipFile) -> None:
        super().__init__(workbook, archive)
        self._dxf_ids: dict[tuple[int, ...], int | None] = {}  # write_formatting's, this save's

    def write_worksheet(self, ws: Any) -> None:
        if self.workbook.write_only:
            super().write_worksheet(ws)
            return
        ws._drawing = SpreadsheetDrawing()
        ws._drawing.charts = ws._charts
        ws._drawing.images = ws._images
        out = io.BytesIO()
        writer: Any = _SheetWriter(ws, out=out)
        writer.dxf_ids = self._dxf_ids
        writer.write()
        ws._rels = writer._rels
        archive: Any = getattr(self, "_archive")  # noqa: B009 (not in openpyxl's stubs)
        archive.writestr(ws.path[1:], out.getvalue())
        self.manifest.append(ws)


def save_workbook(wb: Workbook, path: str | os.PathLike[str]) -> None:
    """Save ``wb`` to ``path`` as ``wb.save(path)`` does: the same parts, faster."""
    if wb.read_only:
        raise TypeError("Workbook is read-only")
    if wb.write_only and not wb.worksheets:
        wb.create_sheet()
    archive = ZipFile(path, "w", ZIP_DEFLATED, allowZip64=True)
    wb.properties.modified = datetime.datetime.now(tz=datetime.UTC).replace(tzinfo=None)
    _Writer(wb, archive).save()


def saver(wb: Workbook) -> Callable[[str], None]:
    """What :func:`xlbridge.interchange.files.write_atomically` calls to save ``wb``: its
    :func:`save_workbook` (in place of ``wb.save``)."""
    return lambda path: save_workbook(wb, path)
