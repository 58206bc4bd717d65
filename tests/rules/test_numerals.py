"""The one whole-number coercion and the one display rounding (xlbridge/numerals.py)."""

from __future__ import annotations

from typing import Any

import pytest

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.numerals import shown, shown_text, whole_number, whole_or_none


@pytest.mark.parametrize(
    ("value", "want"),
    [
        (True, None), (False, None), (3.0, 3), (3, 3), (-4, -4), (-4.0, -4), (3.5, None),
        ("3", 3), (" 12 ", 12), ("1e3", None), ("", None), ("  ", None), (None, None),
        ("-5", None), ("+5", None), ("3.0", None), ("٣", None), ("1234567890", None),
        ("123456789", 123456789), (float("inf"), None), (float("nan"), None), ([1], None),
    ],
)  # fmt: skip
def test_whole_or_none(value: Any, want: int | None) -> None:
    assert whole_or_none(value) == want


def test_whole_or_none_parameters() -> None:
    assert whole_or_none("-5", signs="-") == -5 and whole_or_none("+5", signs="-") is None
    assert whole_or_none("+5", signs="+-") == 5
    assert whole_or_none("1234", digits=3) is None and whole_or_none("123", digits=3) == 123
    assert whole_or_none("9" * 30, digits=None) == int("9" * 30)
    assert whole_or_none("7", text=False) is None and whole_or_none(7.0, text=False) == 7
    assert whole_or_none(7, numbers=False) is None and whole_or_none("7", numbers=False) == 7
    assert whole_or_none("٣", ascii_digits=False) == 3
    assert whole_or_none("²", ascii_digits=False) is None  # a digit int() does not read


def test_whole_number_range_and_errors() -> None:
    assert whole_number(" 12 ", "tables", limits=(1, 20)) == 12
    assert whole_number(-3.0, "carry-over", limits=(-10, 10)) == -3
    with pytest.raises(XlbridgeError, match=r"^tables 21 is out of range: 1-20$"):
        whole_number(21, "tables", limits=(1, 20))
    with pytest.raises(WorkbookError, match=r"^Session sheet: rounds '1e3' is not a whole"):
        whole_number("1e3", "Session sheet: rounds", error=WorkbookError)
    for bad in (True, "", None, 2.5, "-1"):
        with pytest.raises(XlbridgeError, match="is not a whole number"):
            whole_number(bad, "boards")


@pytest.mark.parametrize(
    ("x", "want", "g", "fixed"),
    [
        # Microsoft's ROUND function page: =ROUND(-1.475, 2) gives -1.48 (a half away from
        # zero); =ROUND(2.15, 1) gives 2.2 and =ROUND(2.149, 1) 2.1 (here to 2 places).
        (-1.475, -1.48, "-1.48", "-1.48"),
        (2.149, 2.15, "2.15", "2.15"),
        # issue 20: the Results sheet (ROUND) prints 103.125 as 103.13; so do the reports.
        (103.125, 103.13, "103.13", "103.13"),
        # 2.675 is 2.67499999... in binary; its 15 digits are 2.675, and ROUND gives 2.68.
        (2.675, 2.68, "2.68", "2.68"),
        (-0.5, -0.5, "-0.5", "-0.50"),
        (0.125, 0.13, "0.13", "0.13"),
        (7.0, 7.0, "7", "7"),
        (1 / 3, 0.33, "0.33", "0.33"),
        (-0.001, 0.0, "0", "0"),
    ],
)  # fmt: skip
def test_shown(x: float, want: float, g: str, fixed: str) -> None:
    assert shown(x) == want and type(shown(x)) is float
    assert shown_text(x) == g and shown_text(x, fixed=True) == fixed


def test_shown_whole_and_blank() -> None:
    assert shown(4.0, whole=True) == 4 and type(shown(4.0, whole=True)) is int
    assert shown(4.004, whole=True) == 4 and shown(4.5, whole=True) == 4.5
    assert shown(3) == 3.0 and type(shown(3)) is float
    assert shown(None) is None and shown(None, whole=True) is None
    assert shown_text(None) == "" and shown_text(None, fixed=True, blank="-") == "-"
    assert str(shown(-0.004)) == "0.0"  # ROUND(-0.004, 2) is a zero, shown without a sign
