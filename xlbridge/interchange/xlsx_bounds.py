"""What a workbook's parts may hold, checked by the gate before openpyxl parses them (issue 24).

A zip that passes every archive check can still make a parser's work grow without end: one
sheet part referenced by 2,000 sheets, millions of empty ``<c/>`` cells in parts too small for
the ratio limit, ten million shared strings, a ``<mergeCell>`` or ``<hyperlink>`` over a whole
sheet (openpyxl builds a cell for every cell it covers). These counts are bounded here by what a
session workbook can hold (:mod:`xlbridge.limits`): sheets, cells in a sheet and in all, shared
strings. Counting streams each part once, in chunks, alongside the gate's entity scan; a count
is an upper bound (``<c`` also counts ``<col``), never below what openpyxl builds, whatever
namespace prefix the file uses.

>>> book = b'<workbook><sheets><sheet name="A" r:id="1"/><sheet name="B" r:id="2"/></sheets>'
>>> rels = b'<Relationship Id="1" Target="s1.xml"/><Relationship Id="2" Target="/xl/s1.xml"/>'
>>> check_sheets(book + b"</workbook>", rels, "'b.xlsx'", "workbook")
Traceback (most recent call last):
...
xlbridge.errors.InputFileError: workbook 'b.xlsx' has two sheets that are one sheet part; refused
>>> c = PartCounter("xl/worksheets/sheet1.xml", "'b.xlsx'", "workbook")
>>> c.feed(b'<row r="1"><c r="A1"/><c r="B1"/></row><mergeCell ref="C1:D10"/>', final=True)
>>> c.cells  # a row, two cells, and the 19 merged cells openpyxl adds (all but C1)
22
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from typing import ClassVar

from xlbridge.errors import InputFileError
from xlbridge.limits import SHEET_CELLS, WORKBOOK_CELLS, WORKBOOK_SHEETS

__all__ = ["PartCounter", "WorkbookCount", "check_index", "check_sheets", "counter_for"]

# The largest workbook.xml or workbook.xml.rels xlbridge writes is 48 KB (195 sheets).
_MAX_INDEX_BYTES = 4 * 1024 * 1024
_TAIL = 128  # bytes kept between chunks: longer than any pattern searched below
_MAX_TAG = 4096  # a <mergeCell> or <hyperlink> start tag longer than this is refused
# A namespace prefix bound to SpreadsheetML's (openpyxl reads "<x:c>" as a cell too).
_PREFIXED = re.compile(
    rb"""xmlns:[\w.-]{1,32}\s*=\s*["']\s*(?:http://schemas\.openxmlformats\.org/spreadsheetml"""
    rb"""/2006/main|http://purl\.oclc\.org/ooxml/spreadsheetml/main)"""
)
_REF_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,31}:)?(?:mergeCell|hyperlink)[\s/>]")
_REF_ATTR = re.compile(rb"""\sref\s*=\s*["']\s*\$?([A-Za-z]{1,3})\$?(\d{1,7})"""
                       rb"""(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?""")  # fmt: skip


def _column(letters: bytes) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ch - 64
    return n


def _area(tag: bytes) -> int:
    """Cells a merged or linked range covers (openpyxl builds each); 1 without a range."""
    m = _REF_ATTR.search(tag)
    if not m or not m.group(3):
        return 1
    c1, r1, c2, r2 = _column(m[1]), int(m[2]), _column(m[3]), int(m[4])
    return (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1)


class PartCounter:
    """Counts, in one part streamed in chunks, what openpyxl would build from it: in a sheet part
    cells, rows and the cells under merged or linked ranges; in the shared strings, strings; in a
    comments part, comments (each becomes a cell). Refuses as soon as the part's count passes
    its limit."""

    # Local names counted: "c" and "row" also match "col", "cfRule", "rowBreaks" (an upper bound).
    NAMES: ClassVar[dict[str, tuple[bytes, ...]]] = {
        "sheet": (b"c", b"row"),
        "strings": (b"si",),
        "comments": (b"comment",),
    }
    LIMITS: ClassVar[dict[str, int]] = {
        "sheet": SHEET_CELLS,
        "strings": WORKBOOK_CELLS,
        "comments": WORKBOOK_CELLS,
    }
    WHAT: ClassVar[dict[str, str]] = {
        "sheet": "cells",
        "strings": "shared strings",
        "comments": "comments",
    }

    def __init__(self, part: str, name: str, what: str, kind: str = "sheet") -> None:
        self.part, self.name, self.what, self.kind = part, name, what, kind
        self.cells = 0
        self._carry = b""
        self._counted = 0  # bytes at the start of the carry already counted
        # "<c" and, once the part binds a prefix to the main namespace ("<x:c"), ":c" too.
        self._patterns = [b"<" + n for n in self.NAMES[kind]]

    def _refuse(self, reason: str) -> InputFileError:
        return InputFileError(f"{self.what} {self.name} part {self.part!r} {reason}")

    def feed(self, chunk: bytes, *, final: bool = False) -> None:
        data = self._carry + chunk
        cutoff = len(data) if final else max(len(data) - _TAIL, 0)
        if (
            len(self._patterns) == len(self.NAMES[self.kind])
            and b"xmlns:" in data
            and _PREFIXED.search(data)
        ):
            self._patterns += [b":" + n for n in self.NAMES[self.kind]]
        for p in self._patterns:
            self.cells += data.count(p, self._counted, cutoff + len(p) - 1)
        carry_from = cutoff
        if self.kind == "sheet" and (b"ergeCell" in data or b"yperlink" in data):
            carry_from = self._ranges(data, cutoff)
        self._carry = data[carry_from:]
        self._counted = cutoff - carry_from
        limit = self.LIMITS[self.kind]
        if self.cells > limit:
            raise self._refuse(
                f"holds over {limit:,} {self.WHAT[self.kind]}; a session workbook holds fewer"
            )

    def _ranges(self, data: bytes, cutoff: int) -> int:
        """Adds the merged and linked cells of every whole tag starting before ``cutoff``;
        returns where the next chunk must start (an unfinished tag is carried)."""
        for m in _REF_TAG.finditer(data, 0, cutoff + 64):
            start = m.start()
            if start >= cutoff:
                break
            end = data.find(b">", start)
            if end < 0:
                if len(data) - start > _MAX_TAG:
                    raise self._refuse("has an over-long merged-cell or hyperlink tag")
                return start
            self.cells += _area(data[start : end + 1]) - 1
        return cutoff


class WorkbookCount:
    """The cells counted across all of a workbook's parts, against :data:`WORKBOOK_CELLS`."""

    def __init__(self, name: str, what: str) -> None:
        self.name, self.what, self.cells = name, what, 0

    def add(self, counter: PartCounter) -> None:
        if counter.kind == "strings":
            return  # bounded on their own: a string is stored once however many cells use it
        self.cells += counter.cells
        if self.cells > WORKBOOK_CELLS:
            raise InputFileError(
                f"{self.what} {self.name} holds over {WORKBOOK_CELLS:,} cells; a session "
                "workbook holds fewer"
            )


def counter_for(part: str, name: str, what: str) -> PartCounter | None:
    """The counter for a part openpyxl builds objects from, or None."""
    low = part.lower()
    if low.startswith("xl/worksheets/") and low.endswith(".xml"):
        return PartCounter(part, name, what, "sheet")
    if low == "xl/sharedstrings.xml":
        return PartCounter(part, name, what, "strings")
    if low.startswith("xl/comments") and low.endswith(".xml"):
        return PartCounter(part, name, what, "comments")
    return None


_SHEET = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,31}:)?sheet[\s/>]")
_SHEET_RID = re.compile(rb"""<(?:[A-Za-z_][\w.-]{0,31}:)?sheet\s[^>]*?:id\s*=\s*["']([^"']*)""")
_REL = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,31}:)?Relationship\s[^>]*>")
_REL_ID = re.compile(rb"""\sId\s*=\s*["']([^"']*)""")
_REL_TARGET = re.compile(rb"""\sTarget\s*=\s*["']([^"']*)""")


def check_index(zf: zipfile.ZipFile, name: str, what: str) -> None:
    """:func:`check_sheets` on the archive's workbook part and its relationships, each read only
    once its declared size is known to be small."""
    parts = []
    for part in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"):
        try:
            info = zf.getinfo(part)
        except KeyError:
            parts.append(b"")
            continue
        if info.file_size > _MAX_INDEX_BYTES:
            raise InputFileError(
                f"{what} {name} part {part!r} is {info.file_size:,} bytes; a session workbook's"
                f" is under {_MAX_INDEX_BYTES:,}"
            )
        parts.append(zf.read(info))
    check_sheets(parts[0], parts[1], name, what)


def check_sheets(workbook_xml: bytes, rels_xml: bytes, name: str, what: str) -> None:
    """Refuse more sheets than a session workbook holds, two sheets naming one relationship,
    or two relationships of sheets naming one part (one part read once per sheet naming it)."""
    sheets = len(_SHEET.findall(workbook_xml))
    if sheets > WORKBOOK_SHEETS:
        raise InputFileError(
            f"{what} {name} has {sheets:,} sheets; a session workbook has at most "
            f"{WORKBOOK_SHEETS} (200 boards and the others)"
        )
    rids = _SHEET_RID.findall(workbook_xml)
    if len(set(rids)) < len(rids):
        raise InputFileError(f"{what} {name} has two sheets that are one sheet part; refused")
    wanted = set(rids)
    targets: list[str] = []
    for rel in _REL.findall(rels_xml):
        rid, target = _REL_ID.search(rel), _REL_TARGET.search(rel)
        if rid and target and rid[1] in wanted:
            t = target[1].decode("utf-8", "replace").strip()
            targets.append(posixpath.normpath(t if t.startswith("/") else "/xl/" + t))
    if len(set(targets)) < len(targets):
        raise InputFileError(f"{what} {name} has two sheets that are one sheet part; refused")
