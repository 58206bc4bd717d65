"""The one whole-number coercion and the one display rounding of xlbridge (named so, not
``numbers``, which would shadow the standard library module).

Standard library only (the rules layer runs in Pyodide).

A whole number a user typed, as a cell value or as text: :func:`whole_or_none` is the rule,
:func:`whole_number` the same rule with a checked range and a one-line error naming where.

>>> whole_or_none(3.0), whole_or_none(" 12 "), whole_or_none("1e3"), whole_or_none(True)
(3, 12, None, None)
>>> whole_number("-5", "carry-over", signs="+-", limits=(-10, 10))
-5
>>> whole_number("12", "tables", limits=(1, 10))
Traceback (most recent call last):
...
xlbridge.errors.XlbridgeError: tables 12 is out of range: 1-10

A number as a report shows it: :func:`shown` rounds to 2 decimals as the spreadsheet's ROUND
does (the number as 15 significant digits, an exact half away from zero), so the text, CSV,
JSON and HTML reports print what the workbook's Results sheet prints; :func:`shown_text` writes
it.

>>> shown(103.125), shown(2.675), shown(-1.475), shown(4.0, whole=True)
(103.13, 2.68, -1.48, 4)
>>> shown_text(7.5), shown_text(7.5, fixed=True), shown_text(-0.001)
('7.5', '7.50', '0')
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal, overload

from xlbridge.errors import XlbridgeError

__all__ = ["shown", "shown_text", "whole_number", "whole_or_none"]

_EXACT = 2**53  # whole numbers beyond it are not exact in a spreadsheet (a double)
_PATTERNS: dict[tuple[str, int | None], re.Pattern[str]] = {}


def _pattern(signs: str, digits: int | None) -> re.Pattern[str]:
    key = (signs, digits)
    if key not in _PATTERNS:
        sign = f"[{re.escape(signs)}]?" if signs else ""
        count = "+" if digits is None else f"{{1,{digits}}}"
        _PATTERNS[key] = re.compile(f"{sign}[0-9]{count}", re.ASCII)
    return _PATTERNS[key]


def whole_or_none(
    value: Any,
    *,
    digits: int | None = 9,
    signs: str = "",
    numbers: bool = True,
    text: bool = True,
    ascii_digits: bool = True,
) -> int | None:
    """``value`` as a whole number, else None.

    - a number (``numbers``): an ``int`` (not a bool) or a finite ``float`` with no fraction,
      below 2**53 in size (a spreadsheet holds no larger whole number exactly: ``1e308`` typed
      into a cell is no count);
    - text (``text``): surrounding blanks stripped, then ASCII digits (at most ``digits``,
      ``None``: any number) with one optional sign from ``signs``; ``ascii_digits=False``
      takes any digits ``str.isdigit`` takes and ``int`` reads (no sign, no digit limit);
    - anything else (None, blank, a bool, "1e3", "3.5", a date): None.

    >>> [whole_or_none(v) for v in (7, -2, 3.0, 3.5, "3", " 12 ", "", None, False)]
    [7, -2, 3, None, 3, 12, None, None, None]
    >>> whole_or_none("-4"), whole_or_none("-4", signs="-"), whole_or_none("1234", digits=3)
    (None, -4, None)
    >>> whole_or_none(1e308), whole_or_none(float("inf")), whole_or_none(float("nan"))
    (None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        exact = -_EXACT < value < _EXACT and (isinstance(value, int) or value.is_integer())
        return int(value) if numbers and exact else None  # nan and inf are not exact
    if isinstance(value, str) and text:
        t = value.strip()
        if not ascii_digits:
            try:
                return int(t) if t.isdigit() else None
            except ValueError:  # "²" is a digit int() does not read
                return None
        return int(t) if _pattern(signs, digits).fullmatch(t) else None
    return None


def whole_number(
    value: Any,
    what: str,
    *,
    limits: tuple[int, int] | None = None,
    error: type[XlbridgeError] = XlbridgeError,
    digits: int | None = 9,
    signs: str = "",
    numbers: bool = True,
    text: bool = True,
) -> int:
    """:func:`whole_or_none`'s whole number within ``limits`` (inclusive), else ``error`` naming
    ``what`` (where the value was typed) in one line.

    >>> whole_number(" 7 ", "tables"), whole_number(2.0, "Session sheet: rounds")
    (7, 2)
    >>> whole_number("seven", "tables")
    Traceback (most recent call last):
    ...
    xlbridge.errors.XlbridgeError: tables 'seven' is not a whole number
    """
    n = whole_or_none(value, digits=digits, signs=signs, numbers=numbers, text=text)
    if n is None and limits is not None and numbers and _integral(value):
        # A whole number too large to be exact (1e308) is out of range, said as typed.
        raise error(f"{what} {_as_typed(value, int(value))} is out of range: "
                    f"{limits[0]}-{limits[1]}")  # fmt: skip
    if n is None:
        shown_value = value.strip()[:40] if isinstance(value, str) else value
        raise error(f"{what} {shown_value!r} is not a whole number")
    if limits is not None and not limits[0] <= n <= limits[1]:
        raise error(f"{what} {_as_typed(value, n)} is out of range: {limits[0]}-{limits[1]}")
    return n


def _integral(value: Any) -> bool:
    """Whether ``value`` is a finite whole number (int or float), however large."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return isinstance(value, int) or (math.isfinite(value) and value.is_integer())


def _as_typed(value: Any, n: int) -> str:
    """``n`` as a message shows it: whole when short, else as typed (``1e+308``, not the 309
    digits of ``int(1e308)``).

    >>> _as_typed(7.0, 7), _as_typed(1e308, int(1e308)), _as_typed(10**40, 10**40)
    ('7', '1e+308', 'a number of 41 digits')
    """
    digits = len(str(abs(n)))
    if digits <= 15:
        return str(n)
    if isinstance(value, float):
        return f"{value:g}"
    return f"a number of {digits} digits"


_HUNDREDTH = Decimal("0.01")


@overload
def shown(x: float, *, whole: Literal[False] = ...) -> float: ...
@overload
def shown(x: float, *, whole: Literal[True]) -> int | float: ...
@overload
def shown(x: None, *, whole: bool = ...) -> None: ...
@overload
def shown(x: float | None, *, whole: Literal[False] = ...) -> float | None: ...
@overload
def shown(x: float | None, *, whole: Literal[True]) -> int | float | None: ...
def shown(x: float | None, *, whole: bool = False) -> int | float | None:
    """``x`` rounded to 2 decimals for display as the spreadsheet's ``ROUND(x, 2)``: the
    number's 15 significant digits (what Excel and LibreOffice keep), an exact half away from
    zero, so 103.125 shows 103.13 here as on the Results sheet; a zero is never ``-0.0``.
    None stays None. ``whole``: an integral result as an ``int`` (JSON ``4``, not ``4.0``).

    >>> shown(1 / 3), shown(-0.004), shown(2.5, whole=True), shown(3.0, whole=True)
    (0.33, 0.0, 2.5, 3)
    """
    if x is None:
        return None
    if not math.isfinite(x):
        return x + 0.0
    # ROUND_HALF_UP is Decimal's name for halves away from zero.
    d = Decimal(f"{x:.15g}").quantize(_HUNDREDTH, rounding=ROUND_HALF_UP)
    r = float(d) + 0.0  # + 0.0: no negative zero
    return int(r) if whole and r.is_integer() else r


def shown_text(x: float | None, *, fixed: bool = False, blank: str = "") -> str:
    """``x`` as :func:`shown` rounds it, written: whole numbers without decimals, others
    with ``%g`` (``7.5``) or, ``fixed``, two decimals (``7.50``); None as ``blank``.

    >>> shown_text(100.0), shown_text(2 / 3), shown_text(2 / 3, fixed=True), shown_text(0.1)
    ('100', '0.67', '0.67', '0.1')
    """
    if x is None:
        return blank
    r = shown(x)
    if r.is_integer():
        return str(int(r))
    return f"{r:.2f}" if fixed else f"{r:g}"
