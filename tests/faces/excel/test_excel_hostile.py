"""Hostile input for every BRIDGE_* function (issue 15): a value or a short text, nothing else.

Whatever a careless or hostile sheet passes (numbers too large for any count, NaN and infinity,
digits from other scripts, very long text, ranges nested in ranges, TRUE/FALSE, dates, a board
number of 1E+300), each function answers with a value Excel can show, or a message of at most
255 characters that names the function: never a Python exception, never the marker of an
internal error, never a hang (sizes are bounded so that every example is quick).
"""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlbridge.excel import udf

FUNCTIONS = [getattr(udf, name) for name in udf.__all__]

# (required arguments, all arguments): Excel itself refuses a call with fewer than required.
ARITY = {
    "BRIDGE_SCORE": (4, 4), "BRIDGE_MP": (2, 4), "BRIDGE_MPS": (1, 3), "BRIDGE_PCT": (2, 3),
    "BRIDGE_IMP": (1, 2), "BRIDGE_XIMP": (1, 2), "BRIDGE_BUTLER": (1, 2), "BRIDGE_DATUM": (1, 2),
    "BRIDGE_VP": (2, 3), "BRIDGE_VUL": (1, 1), "BRIDGE_DEALER": (1, 1), "BRIDGE_NEUBERG": (3, 4),
    "BRIDGE_CHICAGO": (3, 7), "BRIDGE_RUBBER": (3, 6), "BRIDGE_WL": (1, 2), "BRIDGE_BAM": (1, 2),
    "BRIDGE_MP_AWARD": (2, 3),
}  # fmt: skip

HOSTILE_TEXT = [
    "²", "４２０", "٣", "١٠", "½", "1_000", "1E+300", "-1e308", "1e400", "nan", "NaN", "inf",
    "-Infinity", "9" * 400 + "S", "4" + "X" * 300, "+" + "9" * 400, "=HYPERLINK(\"x\")", "\x00",
    "4S\n", " 4 S ", "A+/A-/A", "60/40/", "100 NS EW", "4 aces NS", "PASS", "pass", "-", "=",
    "N", "E", "S", "W", "NS", "EW", "All", "new-york", "up", "down", "TRUE", "ebu", "total",
]  # fmt: skip

huge = st.sampled_from(
    [1e300, -1e300, 1e308, 2.0**53, -(2.0**53), 2.0**63, 10**400, -(10**400), 2**64,
     Decimal("1E+300"), Decimal("NaN"), Fraction(10**50, 3), 1e-320, -0.0]
)  # fmt: skip
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-8000, max_value=8000).map(round).map(float),
    st.integers(min_value=-20, max_value=20).map(float),
    huge,
    st.sampled_from(HOSTILE_TEXT),
    st.text(max_size=30),
    st.text(alphabet="0123456789٠١٢٣٤٥٦٧٨٩０１２３４５６７８９²³¹+-.eE", max_size=20),
    st.text(min_size=300, max_size=2000),
    st.datetimes(),
    st.dates(),
    st.times(),
    st.timedeltas(),
)
cells = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner),
    max_leaves=25,
)


def _short(text: str, name: str) -> bool:
    return len(text) <= 255 and text.startswith(f"{name}: ") and udf.INTERNAL_ERROR not in text


def _cell_ok(value: Any, name: str) -> bool:
    if isinstance(value, str):
        return value == "" or _short(value, name) or value in ("None", "NS", "EW", "All",
                                                                "N", "E", "S", "W")  # fmt: skip
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _answer_ok(value: Any, name: str) -> bool:
    """One cell value, or a rectangular list of rows of cell values."""
    if isinstance(value, list):
        return (
            bool(value)
            and all(isinstance(row, list) and row and len(row) == len(value[0]) for row in value)
            and all(_cell_ok(v, name) for row in value for v in row)
        )
    return _cell_ok(value, name)


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_cells_give_a_value_or_a_short_message(function: Any, data: Any) -> None:
    name = function.__name__
    required, arity = ARITY[name]
    count = data.draw(st.integers(min_value=required, max_value=arity), label="arguments")
    args = [data.draw(cells, label=f"arg {i + 1}") for i in range(count)]
    out = function(*args)
    assert _answer_ok(out, name), out


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_columns(function: Any, data: Any) -> None:
    # every argument a column of the same length, as a sheet passes a traveller or a score sheet
    name = function.__name__
    required, arity = ARITY[name]
    rows = data.draw(st.integers(min_value=1, max_value=30), label="rows")
    count = data.draw(st.integers(min_value=required, max_value=arity), label="arguments")
    args = [
        [[data.draw(scalars, label=f"arg {i + 1} row {r + 1}")] for r in range(rows)]
        for i in range(count)
    ]
    assert _answer_ok(function(*args), name)


def test_the_classic_hostile_cells_by_hand() -> None:
    # the examples issue 15 names, each a short message
    assert udf.BRIDGE_VUL(1e300) == "BRIDGE_VUL: board 1e+300 is too large"
    assert udf.BRIDGE_VUL("1E+300") == "BRIDGE_VUL: board '1E+300' is too large"
    assert udf.BRIDGE_VP(3.0, 1e300) == "BRIDGE_VP: boards 1e+300 is too large"
    assert udf.BRIDGE_CHICAGO("4S", "N", 10.0, 1e300) == "BRIDGE_CHICAGO: deal 1e+300 is too large"
    # digits from other scripts are text, not numbers (float() would take them)
    assert udf.BRIDGE_IMP("٣") == "BRIDGE_IMP: points '٣' is not a number"
    assert udf.BRIDGE_IMP("４２０") == "BRIDGE_IMP: points '４２０' is not a number"
    assert udf.BRIDGE_IMP("1_000") == "BRIDGE_IMP: points '1_000' is not a number"
    assert udf.BRIDGE_IMP(float("nan")) == "BRIDGE_IMP: points nan is not a finite number"
    huge = udf.BRIDGE_IMP(10**400)
    assert _short(huge, "BRIDGE_IMP") and huge.endswith("is not a finite number")
    long = udf.BRIDGE_SCORE("9" * 5000 + "S", "N", 10.0, "None")
    assert _short(long, "BRIDGE_SCORE")
    assert udf.BRIDGE_SCORE("4S", "N", 10.0, dt.date(2024, 4, 1)) == (
        "BRIDGE_SCORE: vulnerability a date (2024-04-01) is not a number"
    )
    assert udf.BRIDGE_MPS([[[[420.0]]], [450.0]]).startswith("BRIDGE_MPS: row 1: ")
