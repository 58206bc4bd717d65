"""User text into a workbook: always text, never a formula, never a file no program can open.

Every text a user gives (event, date, player, pair and team names) goes through
:func:`clean_text` (refuses what Excel cannot store, in one line) and is written with
:func:`put_text` (string type and the ``@`` text format, so ``=HYPERLINK(...)`` stays text and
stays text when someone retypes the cell). Page headers take :func:`header_text` (``&`` is a
code there) and sheet tabs :func:`sheet_title`.

>>> clean_text('=HYPERLINK("http://x","y")', "event")
'=HYPERLINK("http://x","y")'
>>> clean_text("Tuesday\\tpairs", "event")
'Tuesday pairs'
>>> clean_text("Caf\\udce9", "event")
Traceback (most recent call last):
...
xlbridge.errors.TextError: event 'Caf\\udce9' has the byte 0xE9, which is not UTF-8 text; ...
>>> header_text("Smith & Jones: Board 1")
'Smith && Jones: Board 1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import TextError
from xlbridge.limits import CELL_TEXT

__all__ = [
    "Text",
    "clean_text",
    "header_text",
    "put_text",
    "put_value",
    "sheet_title",
    "unsafe_char",
]

# Line breaks and tabs become spaces in one-line text; they are legal in a cell otherwise.
_SPACES = re.compile("[\t\n\r\x0b\x0c\x85\u2028\u2029]")
_SHEET_FORBIDDEN = re.compile(r"[:\\/?*\[\]]")
# Any character unsafe_char looks at twice (a control character, a surrogate, U+FFFE/U+FFFF):
# text without one is safe, found in one regex pass (the common case) instead of a Python loop.
_SUSPECT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
SHEET_TITLE_CHARS = 31


def _shown(value: str) -> str:
    return repr(value if len(value) <= 40 else value[:37] + "...")


def unsafe_char(text: str, *, keep: str = "") -> str:
    """Why ``text`` cannot be written as user text anywhere (a workbook, XML, a terminal), or
    "" when it can: the one character rule of every output. Refused: control characters (C0,
    DEL and C1; those in ``keep`` excepted), a byte that arrived undecoded (not UTF-8), a lone
    surrogate, and the non-characters U+FFFE and U+FFFF (not allowed in XML).

    >>> unsafe_char("Zoë Åberg"), unsafe_char("a\\x9bb"), unsafe_char("tab\\there", keep="\\t")
    ('', 'has the control character U+009B at position 2; type plain text', '')
    >>> unsafe_char("Caf\\udce9")
    'has the byte 0xE9, which is not UTF-8 text; type it again in UTF-8 (or save the file as UTF-8)'
    """
    if _SUSPECT.search(text) is None:
        return ""
    for i, ch in enumerate(text):
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0:
            if ch in keep:
                continue
            return f"has the control character U+{code:04X} at position {i + 1}; type plain text"
        if 0xD800 <= code <= 0xDFFF:
            if 0xDC80 <= code <= 0xDCFF:  # a byte Python could not decode (surrogateescape)
                return (
                    f"has the byte 0x{code - 0xDC00:02X}, which is not UTF-8 text; type it"
                    " again in UTF-8 (or save the file as UTF-8)"
                )
            return f"is not valid Unicode (U+{code:04X})"
        if code in (0xFFFE, 0xFFFF):  # not allowed in XML, so not in a workbook
            return f"has the non-character U+{code:04X}"
    return ""


def clean_text(
    value: object, what: str, *, max_chars: int = CELL_TEXT, single_line: bool = True
) -> str:
    """``value`` as text a workbook can hold, or :class:`TextError` naming ``what``.

    Tabs and line breaks become spaces (kept when ``single_line`` is false); any other control
    character, a byte that arrived undecoded (not UTF-8), a lone surrogate or a non-character is
    refused; so is text longer than ``max_chars`` (counted as Excel counts, in UTF-16 units).

    >>> clean_text("a\\x01b", "event")
    Traceback (most recent call last):
    ...
    xlbridge.errors.TextError: event 'a\\x01b' has the control character U+0001 at position 2; ...
    >>> clean_text("x" * 200, "event", max_chars=120)
    Traceback (most recent call last):
    ...
    xlbridge.errors.TextError: event is 200 characters long; at most 120
    """
    if not isinstance(value, str):
        raise TextError(f"{what} {value!r} is not text")
    text = value
    if single_line:
        text = _SPACES.sub(" ", text)
    why = unsafe_char(text, keep="" if single_line else "\t\n\r")
    if why:
        raise TextError(f"{what} {_shown(value)} {why}")
    # A character is one or two UTF-16 units: text of at most max_chars / 2 characters fits.
    units = len(text) if 2 * len(text) <= max_chars else len(text.encode("utf-16-le")) // 2
    if units > max_chars:
        raise TextError(f"{what} is {units} characters long; at most {max_chars}")
    return text


def put_text(cell: Any, value: object, what: str = "text", *, max_chars: int = CELL_TEXT) -> Any:
    """Write ``value`` into ``cell`` as text (type ``s``, number format ``@``) and return the
    cell. Style the cell first: a named style sets the number format too.

    >>> from openpyxl import Workbook
    >>> c = put_text(Workbook().active["A1"], "=1+1", "event")
    >>> c.value, c.data_type, c.number_format
    ('=1+1', 's', '@')
    """
    text = clean_text(value, what, max_chars=max_chars, single_line=False)
    cell.value = text
    cell.data_type = "s"
    cell.number_format = "@"
    return cell


@dataclass(frozen=True, slots=True)
class Text:
    """A user's text on its way to a cell next to the product's own formulas (a pair label
    among a traveller's cells). openpyxl refuses the type (``Cannot convert``), so it reaches a
    cell only through :func:`put_value`, as text: a writer cannot let it become a formula.

    >>> from openpyxl import Workbook
    >>> Workbook().active["A1"] = Text("=1+1")
    Traceback (most recent call last):
    ...
    ValueError: Cannot convert Text(text='=1+1', what='text') to Excel
    """

    text: str
    what: str = "text"


def put_value(cell: Any, value: object) -> Any:
    """Write ``value`` into ``cell``: a :class:`Text` as text (:func:`put_text`), anything else
    (a number, the product's own formula or caption) as openpyxl writes it; return the cell.

    >>> from openpyxl import Workbook
    >>> ws = Workbook().active
    >>> put_value(ws["A1"], Text("=1+1", "pair label")).data_type, put_value(ws["A2"], 7).value
    ('s', 7)
    >>> put_value(ws["A3"], "=SUM(A2)").data_type
    'f'
    """
    if isinstance(value, Text):
        return put_text(cell, value.text, value.what)
    cell.value = value
    return cell


def header_text(value: str) -> str:
    """Text for a page header or footer: ``&`` doubled (a lone ``&`` starts a code there)."""
    return value.replace("&", "&&")


def sheet_title(value: object, what: str = "sheet name") -> str:
    """``value`` as a sheet tab name Excel accepts: at most 31 characters, none of
    ``: \\ / ? * [ ]``, not blank, no quote at either end, not ``History``.

    >>> sheet_title("Team: A/B")
    'Team- A-B'
    """
    text = clean_text(value, what, max_chars=SHEET_TITLE_CHARS)
    text = _SHEET_FORBIDDEN.sub("-", text).strip().strip("'").strip()
    if not text:
        raise TextError(f"{what} {_shown(str(value))} is blank as a sheet name")
    if text.lower() == "history":
        raise TextError(f"{what} 'History' is reserved by Excel; choose another name")
    return text
