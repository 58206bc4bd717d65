"""What a workbook's parts other than its cells may hold, and that each part is whole XML:
checked by the gate while it streams each part, before any parser sees it (issue 30).

:mod:`xlbridge.interchange.xlsx_bounds` counts what becomes cells. Every other part still costs
a parser an object per element: 600,000 cell formats in ``xl/styles.xml`` or 900,000
properties in ``docProps/custom.xml`` take a minute and gigabytes, and one data validation
listing 1.5 million cells builds 1.5 million ranges. Here each part is bounded by what a
session workbook holds (:mod:`xlbridge.limits`): the elements of every part that is not a sheet,
the shared strings or comments (:data:`~xlbridge.limits.PART_ELEMENTS` in one part,
:data:`~xlbridge.limits.BOOK_PART_ELEMENTS` in all), the elements of every part (those a parser
keeps unread too: :data:`~xlbridge.limits.SHEET_ELEMENTS` in a sheet,
:data:`~xlbridge.limits.STRINGS_ELEMENTS` in the strings or comments,
:data:`~xlbridge.limits.WORKBOOK_ELEMENTS` in all), and in a sheet the ranges and rules it
lists besides its cells (:data:`~xlbridge.limits.SHEET_RANGES`: data validations, conditional
formats and selections by their ``sqref`` items, hyperlinks, page breaks, table parts).

Each part is also fed to an XML parser that keeps nothing (expat, no handlers): a part that is
not well-formed (a cut tag, an undefined entity, a sheet cut in half, U+FFFE in a name) is one
line here, whichever command reads it and whenever its parser would have reached the part.

>>> c = PartChecks("xl/styles.xml", "'b.xlsx'", "workbook", BookParts("'b.xlsx'", "workbook"))
>>> c.feed(b'<styleSheet><cellXfs count="2"><xf/><xf/></cellXfs></styleSheet>')
>>> c.close()
>>> c.elements
4
>>> s = PartChecks("xl/worksheets/sheet1.xml", "'b.xlsx'", "workbook")
>>> s.feed(b'<worksheet><dataValidations><dataValidation sqref="A1 B2:B9 C3"/>')
>>> s.feed(b"</dataValidations></worksheet>")
>>> s.close()
>>> s.ranges  # the container (and its end tag), the validation and its three items
6
>>> cut = PartChecks("xl/worksheets/sheet1.xml", "'b.xlsx'", "workbook", title="Board 1")
>>> cut.feed(b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></ro')
>>> cut.close()
Traceback (most recent call last):
...
xlbridge.errors.InputFileError: workbook 'b.xlsx' part 'xl/worksheets/sheet1.xml' (sheet 'Board 1...
"""

from __future__ import annotations

import posixpath
import re
import xml.parsers.expat

from xlbridge.errors import InputFileError
from xlbridge.limits import (
    BOOK_PART_ELEMENTS,
    PART_ELEMENTS,
    SHEET_ELEMENTS,
    SHEET_RANGES,
    STRINGS_ELEMENTS,
    WORKBOOK_ELEMENTS,
)

__all__ = ["BookParts", "PartChecks", "sheet_titles"]

_RESAVE = "open it in Excel or LibreOffice and save it again"
# Elements of a sheet that openpyxl builds an object for besides cells, rows, columns and
# conditional-format rules (those start with "c" or "row", counted as cells): each is one range
# or rule. A name counts wherever it stands, in containers and end tags too (an upper bound).
_RULE_TAGS = (b"dataValidation", b"hyperlink", b"brk", b"selection", b"tablePart", b"filter")
_EQUALS = re.compile(rb"""\s*=\s*(["'])""")  # after "sqref": the attribute's value opens
_OPEN = re.compile(rb"\s*(?:=\s*)?")  # what may still become an opening
_MAX_GAP = 4096  # blanks around a sqref's "=": more is no file a program wrote
_TAIL = 32  # bytes carried between chunks: longer than any rule tag's name


class BookParts:
    """The elements counted across a workbook's parts: those of the parts that are not cells
    against :data:`~xlbridge.limits.BOOK_PART_ELEMENTS`, all against
    :data:`~xlbridge.limits.WORKBOOK_ELEMENTS`."""

    def __init__(self, name: str, what: str) -> None:
        self.name, self.what = name, what
        self.elements = 0  # in the parts that are not cells
        self.everywhere = 0

    def add(self, elements: int, *, cells: bool) -> None:
        self.everywhere += elements
        if not cells:
            self.elements += elements
        for count, most, where in (
            (self.elements, BOOK_PART_ELEMENTS, " besides its cells"),
            (self.everywhere, WORKBOOK_ELEMENTS, ""),
        ):
            if count > most:
                raise InputFileError(
                    f"{self.what} {self.name} holds over {most:,} XML elements{where}; a session"
                    " workbook holds fewer"
                )


class PartChecks:
    """The checks of one XML part, fed its bytes in chunks: whole XML; its elements, against
    :data:`~xlbridge.limits.PART_ELEMENTS` (:data:`~xlbridge.limits.SHEET_ELEMENTS` for a
    sheet, :data:`~xlbridge.limits.STRINGS_ELEMENTS` for the shared strings or comments) and,
    with ``book``, the workbook's; for a sheet, its ranges and rules. Refuses as soon as a
    bound is passed."""

    def __init__(
        self, part: str, name: str, what: str, book: BookParts | None = None, title: str = ""
    ) -> None:
        self.part, self.name, self.what = part, name, what
        self.title = f" (sheet {title[:40]!r})" if title else ""
        low = part.lower()
        self.sheet = low.startswith("xl/worksheets/") and low.endswith(".xml")
        self.cells = self.sheet or _has_cells(low)
        self.most = (
            SHEET_ELEMENTS if self.sheet else STRINGS_ELEMENTS if self.cells else PART_ELEMENTS
        )
        self.book = book
        self.elements = 0
        self.ranges = 0
        self._carry = b""  # the elements' count: a "<" whose next byte is still to come
        self._tail = b""  # the ranges' count: the end of the last chunk, not yet counted
        self._quote: bytes | None = None  # inside a sqref attribute closed by this quote
        self._xml = xml.parsers.expat.ParserCreate()

    def _refuse(self, reason: str) -> InputFileError:
        return InputFileError(f"{self.what} {self.name} part {self.part!r}{self.title} {reason}")

    def feed(self, chunk: bytes) -> None:
        self._count_elements(chunk, final=False)
        if self.sheet:
            self._count_ranges(chunk, final=False)
        self._parse(chunk, final=False)

    def close(self) -> None:
        """The part's end: the last counts, and the XML must be complete."""
        self._count_elements(b"", final=True)
        if self.book is not None:
            self.book.add(self.elements, cells=self.cells)
        if self.sheet:
            self._count_ranges(b"", final=True)
        self._parse(b"", final=True)

    def _parse(self, chunk: bytes, *, final: bool) -> None:
        try:
            self._xml.Parse(chunk, final)
        except xml.parsers.expat.ExpatError as exc:
            why = xml.parsers.expat.errors.messages.get(exc.code, "not well-formed")
            raise self._refuse(
                f"is damaged: {why} (line {exc.lineno}, column {exc.offset}); {_RESAVE}"
            ) from None

    def _count_elements(self, chunk: bytes, *, final: bool) -> None:
        data = self._carry + chunk
        end = len(data) if final else max(len(data) - 1, 0)  # a final "<" waits for its next byte
        self.elements += data.count(b"<", 0, end) - sum(
            data.count(b"<" + c, 0, end + 1) for c in (b"/", b"?", b"!")
        )
        self._carry = data[end:]
        if self.elements > self.most:
            raise self._refuse(
                f"holds over {self.most:,} XML elements, more than a session workbook's part;"
                " refused before reading it"
            )

    def _count_ranges(self, chunk: bytes, *, final: bool) -> None:
        data = self._tail + chunk
        cutoff = len(data) if final else max(len(data) - _TAIL, 0)
        pos = 0
        while True:
            if self._quote is not None:  # in a sqref: a range per item (openpyxl splits at blanks)
                end = data.find(self._quote, pos)
                stop = len(data) if end < 0 else end
                self.ranges += sum(data.count(b, pos, stop) for b in (b" ", b"\t", b"\n", b"\r"))
                if end < 0:
                    pos = len(data)
                    break
                self._quote, pos = None, end + 1
                continue
            at = data.find(b"sqref", pos)
            if at < 0 or at >= cutoff:
                self.ranges += _rules(data, pos, cutoff)
                pos = max(pos, cutoff)
                break
            m = _EQUALS.match(data, at + 5)
            if m is None and not final and _OPEN.fullmatch(data, at + 5):
                if len(data) - at > _MAX_GAP:
                    raise self._refuse("has an over-long sqref attribute; refused")
                self.ranges += _rules(data, pos, at)
                pos = at  # the attribute's "=" or quote is still to come
                break
            self.ranges += _rules(data, pos, at) + (m is not None)
            self._quote, pos = (m[1], m.end()) if m else (None, at + 5)
        self._tail = data[pos:]
        if self.ranges > SHEET_RANGES:
            raise self._refuse(
                f"lists over {SHEET_RANGES:,} ranges, validations or links besides its cells,"
                " more than a session workbook's sheet; refused before reading it"
            )


_SHEET_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,31}:)?sheet\s[^>]*>")
_ATTR = re.compile(rb"""\s([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_REL_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,31}:)?Relationship\s[^>]*>")


def sheet_titles(workbook_xml: bytes, rels_xml: bytes) -> dict[str, str]:
    """Part name -> the title of the sheet it holds, to name a damaged sheet as a user sees it
    (the two parts are small: the gate has bounded them already).

    >>> book = b'<workbook><sheets><sheet name="Board 1" sheetId="6" r:id="rId6"/></sheets>'
    >>> rels = b'<Relationship Id="rId6" Target="worksheets/sheet6.xml" Type="x"/>'
    >>> sheet_titles(book, rels)
    {'xl/worksheets/sheet6.xml': 'Board 1'}
    """
    from xml.sax.saxutils import unescape

    def attrs(tag: bytes) -> dict[str, str]:
        return {
            k.decode("ascii", "replace").rpartition(":")[2].lower(): (a or b).decode(
                "utf-8", "replace"
            )
            for k, a, b in _ATTR.findall(tag)
        }

    targets = {}
    for rel in _REL_TAG.findall(rels_xml):
        a = attrs(rel)
        t = a.get("target", "").strip()
        where = t.lstrip("/") if t.startswith("/") else "xl/" + t
        targets[a.get("id", "")] = posixpath.normpath(where)
    out = {}
    for tag in _SHEET_TAG.findall(workbook_xml):
        a = attrs(tag)
        part = targets.get(a.get("id", ""))
        if part:
            out[part] = unescape(a.get("name", ""), {"&quot;": '"', "&apos;": "'"})
    return out


def _has_cells(low: str) -> bool:
    """Whether :mod:`xlbridge.interchange.xlsx_bounds` counts this part as cells or strings."""
    return low == "xl/sharedstrings.xml" or (low.startswith("xl/comments") and low.endswith(".xml"))


def _rules(data: bytes, start: int, stop: int) -> int:
    """Rule tags starting in ``data[start:stop]`` (their names, so with any namespace prefix;
    an upper bound, as a name in an attribute's value counts too)."""
    n = 0
    for tag in _RULE_TAGS:
        end = min(stop + len(tag) - 1, len(data))  # a tag counted where it starts
        n += data.count(tag, start, end)
    return n
