"""CSV in and out: strict fields coming in, spreadsheet-safe fields going out.

Reading: every field is checked before a parser sees it: at most ``MAX_FIELD`` characters, no
control characters, and digits only in ASCII (``²``, full-width ``１０`` and Arabic-Indic ``٣``
are digits to Python's ``int()`` but never to a scorer). Rows stop at ``MAX_ROWS``.

Writing: a CSV opened in a spreadsheet turns a field starting with ``=``, ``+``, ``-``, ``@``,
tab or carriage return into a formula (CSV injection). As OWASP advises, such fields get a
leading apostrophe, which spreadsheets show as text. A field that is a plain decimal number
(``-50``, ``+1``, ``3.5``) is data, not a formula, and is written as it is: negative scores stay
numbers.

>>> safe_cell("=1+1"), safe_cell("-50"), safe_cell("@SUM(A1)"), safe_cell("4S")
("'=1+1", '-50', "'@SUM(A1)", '4S')
>>> ascii_int("420", what="score"), ascii_int("+1", what="score")
(420, 1)
>>> ascii_int("４２０", what="score")
Traceback (most recent call last):
...
xlbridge.errors.InputFileError: score '４２０' holds a digit that is not 0-9
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence

from xlbridge.errors import InputFileError
from xlbridge.numerals import whole_or_none
from xlbridge.text import unsafe_char

__all__ = [
    "MAX_FIELD",
    "MAX_ROWS",
    "RESULT_COLUMNS",
    "ascii_int",
    "check_field",
    "csv_lines",
    "read_rows",
    "result_rows",
    "safe_cell",
    "write_csv",
]

MAX_FIELD = 200  # characters in one field (range 1 .. 131,072, the csv module's own limit)
MAX_ROWS = 10_000  # data rows in one CSV (range 1 .. 10,000,000)
MAX_DIGITS = 9  # digits in a whole number: bridge scores have at most 5

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def safe_cell(value: object) -> str:
    """A field as written to CSV, neutralised if a spreadsheet would run it as a formula."""
    text = "" if value is None else str(value)
    if text.startswith(_TRIGGERS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def write_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV text (``\\n`` line ends, no trailing newline) with every field through
    :func:`safe_cell`.

    >>> print(write_csv(["ns", "name"], [[1, "=1+1"], [2, "Ann"]]))
    ns,name
    1,'=1+1
    2,Ann
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([safe_cell(h) for h in header])
    for row in rows:
        w.writerow([safe_cell(v) for v in row])
    return buf.getvalue().rstrip("\n")


def check_field(
    text: str, *, what: str, free_text: bool = False, max_chars: int = MAX_FIELD
) -> str:
    """``text`` if it is a plausible field: at most ``max_chars`` characters, no character the
    one text rule refuses (:func:`xlbridge.text.unsafe_char`: control characters but
    tab, undecoded bytes, non-characters), and (unless ``free_text``, such as a player's name)
    digits only in ASCII.

    >>> check_field("Ann\\x9b[2J", what="Names!B4")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: Names!B4 'Ann\\x9b[2J' has the control character U+009B ...
    """
    if len(text) > max_chars:
        raise InputFileError(f"{what} is {len(text):,} characters long; the limit is {max_chars}")
    why = unsafe_char(text, keep="\t")
    if why:
        raise InputFileError(f"{what} {text[:40]!r} {why}")
    if not free_text:
        for ch in text:
            if not ch.isascii() and (ch.isdigit() or ch.isnumeric()):
                raise InputFileError(f"{what} {text[:40]!r} holds a digit that is not 0-9")
    return text


def ascii_int(text: str, *, what: str) -> int:
    """A whole number written with ASCII digits and an optional sign, at most 9 digits."""
    check_field(text, what=what)
    t = text.strip()
    n = whole_or_none(t, digits=None, signs="+-", numbers=False)
    if n is None:
        raise InputFileError(f"{what} {t[:40]!r} is not a whole number")
    if len(t.lstrip("+-")) > MAX_DIGITS:
        raise InputFileError(f"{what} {t[:20]!r}... has more than {MAX_DIGITS} digits")
    return n


# The csv module's words for a malformed line, and what they mean to someone with the file open.
_CSV_WORDS = {
    "unexpected end of data": 'a quote (") opens a field that never closes; close it or remove it',
    "',' expected after '\"'": 'text follows a closing quote ("); quote the whole field, and '
    'double a quote inside it ("")',
}


def csv_lines(text: str, *, what: str) -> Iterator[tuple[int, list[str]]]:
    """(line number, fields) for each CSV line of ``text``, any line ends (Windows, Unix, or a
    Mac's CR), a malformed line one error in the file's terms: the line where it starts.

    >>> list(csv_lines("a,b\\r1,2\\r", what="CSV"))
    [(1, ['a', 'b']), (2, ['1', '2'])]
    >>> list(csv_lines('a,b\\n1,"Ann\\n2,Bo\\n', what="CSV"))
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: CSV line 2: a quote (") opens a field that never closes; ...
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        start = reader.line_num + 1
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            words = _CSV_WORDS.get(str(exc), str(exc))
            raise InputFileError(f"{what} line {start}: {words}") from None
        yield reader.line_num, fields


def read_rows(
    text: str,
    *,
    what: str,
    max_rows: int = MAX_ROWS,
    max_chars: int = MAX_FIELD,
    free_text: bool = False,
) -> Iterator[tuple[int, list[str]]]:
    """(line number, fields) for each non-blank CSV line, fields checked by :func:`check_field`
    (at most ``max_chars`` characters each; ``free_text``: the caller checks its numbers);
    stops with one line at the first line past ``max_rows`` data lines (the header counts too)
    or at a malformed line.

    >>> list(read_rows("a,b\\n\\n1,2\\n", what="CSV"))
    [(1, ['a', 'b']), (3, ['1', '2'])]
    """
    count = 0
    for line, fields in csv_lines(text, what=what):
        if not any(f.strip() for f in fields):
            continue
        count += 1
        if count > max_rows + 1:
            raise InputFileError(f"{what} has more than {max_rows:,} rows; the limit")
        for i, f in enumerate(fields):
            check_field(f, what=f"{what} line {line} field {i + 1}", free_text=free_text,
                        max_chars=max_chars)  # fmt: skip
        yield line, fields


# -- results CSV: the one header vocabulary ----------------------------------------------------

RESULT_COLUMNS = {
    "board": "board", "ns": "ns", "pairns": "ns", "ew": "ew", "pairew": "ew",
    "contract": "contract", "declarer": "declarer", "by": "declarer", "result": "result",
    "tricks": "result", "score": "score", "nsscore": "score", "scorens": "score",
    "adjusted": "adjusted", "round": "round", "table": "table",
    "north": "north", "south": "south", "east": "east", "west": "west", "section": "section",
}  # fmt: skip
"""A results CSV's column headings (lower case, letters only: ``Score_NS`` is ``scorens``) and
the column each names: the one vocabulary of ``xlbridge traveller`` and ``xlbridge import``."""


def result_rows(
    text: str,
    name: str,
    *,
    needs: Callable[[set[str]], str | None],
    example: str,
    same_width: bool = False,
) -> Iterator[tuple[int, dict[str, str]]]:
    """(line, {column: field stripped}) for each data line of a results CSV, the columns named
    by :data:`RESULT_COLUMNS` (other columns ignored). The header is checked once: a column
    named twice, or ``needs(columns)`` saying what is missing, is one error naming ``name``
    and the line; ``same_width``: a line with more or fewer fields than the header is one too.
    Fields go through :func:`read_rows` (length, control characters, ASCII digits).

    >>> rows = result_rows("NS,EW,Score\\n1,2,420\\n", "t.csv", needs=lambda c: None, example="")
    >>> list(rows)
    [(2, {'ns': '1', 'ew': '2', 'score': '420'})]
    >>> list(result_rows("ns,pairns\\n", "t.csv", needs=lambda c: None, example=""))
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: t.csv line 1: the header names the ns column twice
    """
    lines = read_rows(text.removeprefix("\ufeff"), what=name)
    cols: dict[str, int] = {}
    width = 0
    for line, fields in lines:
        width = len(fields)
        for i, f in enumerate(fields):
            key = RESULT_COLUMNS.get(re.sub(r"[^a-z]", "", f.lower()))
            if key is None:
                continue
            if key in cols:
                raise InputFileError(f"{name} line {line}: the header names the {key} column twice")
            cols[key] = i
        missing = needs(set(cols))
        if missing:
            raise InputFileError(
                f"{name} line {line}: the header {','.join(fields)[:60]!r} {missing};"
                f" e.g. {example}"
            )
        break
    else:
        raise InputFileError(f"{name} is empty; the first line must be a header such as {example}")
    for number, (line, fields) in enumerate(lines, start=1):
        if same_width and len(fields) != width:
            raise InputFileError(
                f"{name} line {line}: row {number}: {len(fields)} fields, the header has {width}:"
                f" {','.join(fields)[:80]!r}"
            )
        yield line, {k: fields[i].strip() if i < len(fields) else "" for k, i in cols.items()}
