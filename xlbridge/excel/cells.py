"""Excel values to the library's values, and answers back to cells: the add-in's plumbing.

Package-internal helpers of :mod:`xlbridge.excel.udf` (their names keep the leading
underscore): what xlwings hands over (floats, ``None`` for an empty cell, lists of lists for
ranges) read into numbers, whole numbers, text and options, each refusal a
:class:`CellValueError` with a short text; and :func:`guard`, which turns any error into that
text in the cell. Standard library and the rules layer only (Pyodide).

>>> arg_cells([[1.0], [None]]), arg_whole(7.0, "board"), arg_number(" 420 ", "score")
([1.0, None], 7, 420.0)
>>> try:
...     arg_whole(1e300, "board")
... except CellValueError as exc:
...     print(exc)
board 1e+300 is too large
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import numbers
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import repeat
from typing import Any, Final, ParamSpec

from xlbridge.errors import TravellerError, XlbridgeError
from xlbridge.numerals import whole_or_none
from xlbridge.scoring.matchpoints import Adjusted

_P = ParamSpec("_P")

INTERNAL_ERROR: Final = "internal error"
"""Marks a message caused by a bug rather than by the input (tests check it never shows)."""

# Excel shows at most 255 characters of a tooltip; a longer cell message is cut to match.
_MAX_MESSAGE = 255
# Counts, board and deal numbers, tricks: whole numbers a float holds exactly.
_MAX_WHOLE = 2.0**53


class CellValueError(XlbridgeError):
    """A cell value that is not the kind the argument takes (a date for a number, a range for
    one cell, two ranges of different sizes)."""


class _Omitted:
    """Default of an optional argument that was left out (as opposed to an empty cell)."""

    def __repr__(self) -> str:
        return "<omitted>"


OMITTED: Final = _Omitted()


def message(name: str, text: str) -> str:
    out = f"{name}: {text}"
    return out if len(out) <= _MAX_MESSAGE else out[: _MAX_MESSAGE - 3] + "..."


def _finite(value: Any) -> Any:
    """Check a result before it goes to a cell: Excel has no NaN or infinity."""
    cells = (
        (v for row in value for v in (row if isinstance(row, list) else [row]))
        if isinstance(value, list)
        else (value,)
    )
    for v in cells:
        if type(v) is float and not math.isfinite(v):
            raise CellValueError("the result is too large for a cell")
    return value


def guard(f: Callable[_P, Any]) -> Callable[_P, Any]:
    """Turn any error into a short text for the cell, prefixed with the function's name."""
    name = f.__name__

    @functools.wraps(f)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> Any:
        try:
            return _finite(f(*args, **kwargs))
        except XlbridgeError as exc:
            return message(name, str(exc))
        except Exception as exc:  # a bug in xlbridge: still no traceback in a cell
            return message(name, f"{INTERNAL_ERROR} ({type(exc).__name__}: {exc})")

    # Excel shows the docstring as the tooltip: one line, no source indentation.
    wrapper.__doc__ = " ".join((f.__doc__ or "").split())
    return wrapper


# ---- Excel values -> library values -------------------------------------------------------


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def lite_blank(value: Any) -> Any:
    """xlwings Lite's empty cell (0) as classic xlwings' (None), in one cell or a whole range.

    Lite (Office.js) passes an empty cell as 0; the functions read ``None`` as empty. Only for
    arguments where 0 is never a value (``LITE_BLANKS`` in :mod:`xlbridge.excel.udf`). TRUE and
    FALSE are not numbers here, and the text "0" stays text.

    >>> lite_blank([[0], ["4S"], [0.0], [False], ["0"]]), lite_blank(7)
    ([[None], ['4S'], [None], [False], ['0']], 7)
    """
    if isinstance(value, list):
        return [lite_blank(v) for v in value]
    if type(value) in (int, float) and value == 0:
        return None
    return value


def shown(value: Any) -> str:
    """A cell value as the user typed it, for messages."""
    if value is None:
        return "blank"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    if isinstance(value, dt.date | dt.time):
        return f"a date ({value.isoformat()})"
    if isinstance(value, list | tuple):
        return "a range"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _grid(value: Any) -> list[list[Any]]:
    """Any argument as rows of cells: a cell is a 1x1 range, a flat list is a column."""
    if not isinstance(value, list | tuple):
        return [[value]]
    if not value:
        return [[None]]
    if all(isinstance(row, list | tuple) for row in value):
        return [list(row) if row else [None] for row in value]
    return [[v] for v in value]


def arg_cells(value: Any) -> list[Any]:
    """The cells of a range, row by row."""
    if type(value) is list and value and all(type(r) is list and len(r) == 1 for r in value):
        return [row[0] for row in value]  # a column, as xlwings hands it over: the quick way
    return [cell for row in _grid(value) for cell in row]


def arg_one(value: Any, what: str) -> Any:
    cells = arg_cells(value)
    if len(cells) != 1:
        raise CellValueError(f"{what} must be one cell, not a range of {len(cells)} cells")
    return cells[0]


# Numbers typed as text: ASCII digits as Excel writes them. float() would also take "٣",
# "４２０", "1_000" and "nan"; a cell with those is text, and is refused.
_NUMBER_TEXT = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)
_MAX_NUMBER_TEXT = 40


def arg_number(value: Any, what: str) -> float:
    if type(value) is float and math.isfinite(value):  # what Excel hands over, nearly always
        return value
    if value is None:
        raise CellValueError(f"{what} is blank")
    x: float | None = None
    if isinstance(value, str):
        text = value.strip()
        if len(text) <= _MAX_NUMBER_TEXT and _NUMBER_TEXT.fullmatch(text):
            x = float(text)
    elif isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            x = float(value)
        except (OverflowError, ValueError):
            x = math.inf
    if x is None:
        raise CellValueError(f"{what} {shown(value)} is not a number")
    if not math.isfinite(x):
        raise CellValueError(f"{what} {shown(value)} is not a finite number")
    return x


def arg_whole(value: Any, what: str) -> int:
    x = arg_number(value, what)  # text such as "1E3" or "3.0" read as a number
    if abs(x) >= _MAX_WHOLE:  # beyond exact whole numbers: a typo such as 1E+300
        raise CellValueError(f"{what} {shown(value)} is too large")
    n = whole_or_none(x)
    if n is None:
        raise CellValueError(f"{what} {shown(value)} is not a whole number")
    return n


def arg_text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise CellValueError(f"{what} {shown(value)} is not text")
    return value


def arg_option(value: Any, default: str, what: str) -> str:
    value = arg_one(value, what)
    if is_blank(value) or value is OMITTED:
        return default
    return arg_text(value, what).strip()


def arg_count(value: Any, what: str) -> int | None:
    value = arg_one(value, what)
    if is_blank(value) or value is OMITTED:
        return None
    return arg_whole(value, what)


def arg_scores(scores: Any) -> tuple[list[float], list[int], int]:
    """The numeric scores of a traveller, their positions, and the number of cells."""
    cells = arg_cells(scores)
    values: list[float] = []
    where: list[int] = []
    for i, cell in enumerate(cells):
        if type(cell) is float and math.isfinite(cell):
            values.append(cell)
            where.append(i)
        elif not is_blank(cell):
            values.append(arg_number(cell, f"row {i + 1}: score"))
            where.append(i)
    return values, where, len(cells)


def each_score(scores: Any, rule: Callable[[list[float]], Iterable[Any]]) -> Any:
    """``rule`` applied to the numeric scores of a column, each answer in its score's row and
    blanks left blank; "" when no score is typed."""
    values, where, size = arg_scores(scores)
    if not values:
        return ""
    out: list[Any] = [""] * size
    for i, x in zip(where, rule(values), strict=True):
        out[i] = x
    return as_column(out)


def board_row(cell: Any, row: int | None) -> float | Adjusted | None:
    """A matchpoint traveller cell: a score, an adjusted score (A+, 60/40) or blank."""
    if type(cell) is float and math.isfinite(cell):
        return cell
    at = "" if row is None else f"row {row}: "
    if is_blank(cell):
        return None
    if isinstance(cell, str):
        text = cell.strip()
        try:
            return arg_number(text, "score")
        except CellValueError:
            pass
        try:
            return Adjusted.parse(text)
        except XlbridgeError as exc:
            if text[:1].upper() == "A" or "/" in text or "%" in text:
                raise TravellerError(f"{at}{exc}") from None
            raise TravellerError(
                f"{at}{shown(cell)} is not a score or an adjusted score (A, A+, A-, 60/40)"
            ) from None
    return arg_number(cell, f"{at}score")


def board_rows(cells: list[Any]) -> list[float | Adjusted | None]:
    """A traveller's cells as matchpoint rows (see :func:`board_row`)."""
    return [
        cell if type(cell) is float and math.isfinite(cell) else board_row(cell, i + 1)
        for i, cell in enumerate(cells)
    ]


def as_column(values: Sequence[Any]) -> Any:
    """Values for a spilled column; trailing blanks dropped; one value stays a single cell."""
    out = list(values)
    while len(out) > 1 and out[-1] == "":
        out.pop()
    if len(out) == 1:
        return out[0]
    return [[v] for v in out]


_MISSING: Final = object()


def aligned(args: Sequence[Any], hint: str) -> tuple[int, Iterator[tuple[Any, ...]]]:
    """The row count and the rows of same-sized ranges, a single cell repeating on every row;
    ranges of two sizes are an error ending with ``hint``."""
    columns = [arg_cells(a) for a in args]
    n = max(len(c) for c in columns)
    sizes = sorted({len(c) for c in columns if len(c) != 1})
    if len(sizes) > 1:
        raise CellValueError(
            f"ranges of different sizes ({' and '.join(map(str, sizes))} cells); {hint}"
        )
    return n, zip(*(repeat(c[0], n) if len(c) == 1 else c for c in columns), strict=True)


def each_distinct(one: Callable[..., Any], rows: Iterable[tuple[Any, ...]]) -> list[Any]:
    """``one(*row)`` for every row, each distinct row worked out once (``one`` must be pure);
    an :class:`XlbridgeError` it raises stands in the list in place of the answer."""
    known: dict[tuple[Any, ...], Any] = {}
    out: list[Any] = []
    for row in rows:
        key = (*row, *map(type, row))  # 1.0 and TRUE are equal keys; their types are not
        try:
            answer = known.get(key, _MISSING)
        except TypeError:  # a cell that cannot be a key (a nested range): no reuse
            key, answer = (), _MISSING
        if answer is _MISSING:
            try:
                answer = one(*row)
            except XlbridgeError as exc:
                answer = exc
            if key:
                known[key] = answer
        out.append(answer)
    return out


def elementwise(name: str, one: Callable[..., Any], *args: Any) -> Any:
    """Apply a one-row function to cells or to same-sized ranges (one cell repeats).

    ``one`` must be pure: each distinct row is worked out once and its answer (or its error)
    reused, which is what makes a column of 100,000 rows fast.
    """
    n, rows = aligned(args, "give single cells or ranges of the same size")
    if n == 1:
        return one(*next(rows))
    out = [
        message(name, f"row {i}: {answer}") if isinstance(answer, XlbridgeError) else answer
        for i, answer in enumerate(each_distinct(one, rows), 1)
    ]
    return as_column(out)
