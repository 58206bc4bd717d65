"""The Excel functions (xlbridge/udf.py) called the way Excel calls them.

Excel hands numbers over as floats, empty cells as None and ranges as lists of lists (xlwings
with ``ndim=2``). Expected values come from published references (named per test) and are
cross-checked against the rules layer the functions wrap.
"""

from __future__ import annotations

import datetime as dt
import math
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xlbridge
from xlbridge.scoring.imp_pairs import butler, butler_datum, cross_imps
from xlbridge.scoring.matchpoints import Adjusted, neuberg, score_board
from xlbridge.scoring.vp import vp
from xlbridge.udf import (
    BRIDGE_BUTLER,
    BRIDGE_DATUM,
    BRIDGE_DEALER,
    BRIDGE_IMP,
    BRIDGE_MP,
    BRIDGE_MPS,
    BRIDGE_NEUBERG,
    BRIDGE_PCT,
    BRIDGE_SCORE,
    BRIDGE_VP,
    BRIDGE_VUL,
    BRIDGE_XIMP,
    INTERNAL_ERROR,
)


def col(*values: Any) -> list[list[Any]]:
    """A one-column range as xlwings hands it over with ndim=2."""
    return [[v] for v in values]


# ---- BRIDGE_SCORE -------------------------------------------------------------------------

# rules.md §1 worked examples (cross-checked there against EP and BS test vectors), typed as
# Excel would hand them over: tricks as floats, vulnerability as text or a board number.
LAW77 = [
    ("4H", "N", 11.0, "None", 450),  # 1
    ("3H", "S", 10.0, "All", 170),  # 2
    ("3D", "N", 10.0, "NS", 130),  # 3
    ("2SX", "S", 9.0, "Both", 870),  # 4
    ("3DX", "N", 8.0, "-", -100),  # 5
    ("2HX", "N", 8.0, "EW", 470),  # 6 doubled into game
    ("4D", "N", 7.0, "None", -150),  # 7
    ("4D", "N", 7.0, 4.0, -300),  # 7, board 4 = All
    ("4DX", "N", 7.0, "None", -500),  # 8
    ("4DX", "N", 7.0, "All", -800),  # 8
    ("4DXX", "N", 7.0, "None", -1000),  # 9
    ("3NT", "N", 11.0, "All", 660),  # 10
    ("5SXX", "S", 12.0, "None", 1200),  # 11
    ("5SXX", "S", 12.0, "All", 1600),  # 11
    ("6NT", "N", 13.0, "None", 1020),  # 12
    ("7S", "N", 13.0, "All", 2210),  # 13
    ("4HX", "N", 6.0, "None", -800),  # 14
    ("1NTXX", "N", 8.0, "All", 1160),  # 15
    ("4S", "N", 10.0, "None", 420),  # product.md: the add-in's "done" example
    ("4S", "E", "=", 1.0, -420),  # EW declarer: NS score is negative
    ("3NT", "W", "+1", "None", -430),
    ("4S", "W", "-1", 2.0, 50),  # xlbridge.score docstring
    ("PASS", None, None, 1.0, 0),
    ("pass", "", "", "All", 0),
]


@pytest.mark.parametrize(("contract", "declarer", "result", "vul", "expected"), LAW77)
def test_score_law77(contract: str, declarer: Any, result: Any, vul: Any, expected: int) -> None:
    # rules.md §1 (Law 77)
    assert BRIDGE_SCORE(contract, declarer, result, vul) == expected
    assert BRIDGE_SCORE([[contract]], [[declarer]], [[result]], [[vul]]) == expected


def test_score_done_example() -> None:
    # issue 5 "done means": =BRIDGE_SCORE("4S","N",10,"None") answers 420
    assert BRIDGE_SCORE("4S", "N", 10.0, "None") == 420 == xlbridge.score("4S", "N", 10, "None")


# Seed 000, board 1 traveller (board 1: nobody vulnerable): contract, by, tricks, NS score, MP.
SEED000_BOARD1 = [
    ("3D", "N", 10.0, 130, 3.5),
    ("4S", "S", 9.0, -50, 1.0),
    ("4S", "S", 11.0, 450, 6.0),
    ("3H", "E", 9.0, -140, 0.0),
    ("3S", "S", 10.0, 170, 5.0),
    ("4H", "E", 8.0, 100, 2.0),
    ("4D", "N", 10.0, 130, 3.5),
]


def test_score_traveller_columns() -> None:
    # seed 000 traveller, board 1: ranges in, a column out; one cell (the board) for every row
    contracts, by, tricks, scores, _ = zip(*SEED000_BOARD1, strict=True)
    out = BRIDGE_SCORE(col(*contracts), col(*by), col(*tricks), 1.0)
    assert out == col(*scores)


def test_score_columns_blank_rows_and_errors() -> None:
    out = BRIDGE_SCORE(
        col("4S", None, "8S", "3NT", None, None),
        col("N", None, "N", "E", None, None),
        col(10.0, None, 10.0, "=", None, None),
        col(1.0, 2.0, 3.0, 4.0, 5.0, 6.0),
    )
    # blank rows give blank cells, trailing blank rows are dropped, a bad row says which row
    assert out == col(420, "", "BRIDGE_SCORE: row 3: level 8 in '8S'; levels are 1-7", -600)


def test_score_whole_column_flat_list_and_row() -> None:
    # a flat list (xlwings without ndim) is a column; a row range is read left to right
    assert BRIDGE_SCORE(["4S", "4S"], "N", [10.0, 11.0], "None") == col(420, 450)
    assert BRIDGE_SCORE([["4S", "4S"]], "N", [[10.0, 11.0]], "None") == col(420, 450)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("8S", "N", 10.0, "None"), "BRIDGE_SCORE: level 8 in '8S'; levels are 1-7"),
        (("4S", "N", 10.5, "None"), "BRIDGE_SCORE: result 10.5 is not a whole number"),
        (("4S", "N", 14.0, "None"), "BRIDGE_SCORE: 14 tricks is impossible; declarer takes 0-13"),
        (("4S", "Q", 10.0, "None"), "BRIDGE_SCORE: seat 'Q' is not one of N, E, S, W"),
        (("4S", None, 10.0, "None"), "BRIDGE_SCORE: declarer missing for 4S; give N, E, S or W"),
        (("4S", "N", None, "None"), "BRIDGE_SCORE: result missing for 4S by N"),
        (
            ("4S", "N", 10.0, None),
            "BRIDGE_SCORE: vulnerability is blank; give None, NS, EW, All or the board number",
        ),
        (("4S", "N", 10.0, 0.0), "BRIDGE_SCORE: board 0 is not a board number; boards are "),
        (("4S", "N", 10.0, True), "BRIDGE_SCORE: vulnerability TRUE is not a number"),
        ((4.0, "N", 10.0, "None"), "BRIDGE_SCORE: contract 4 is not text"),
        (
            (dt.datetime(2024, 4, 1), "N", 10.0, "None"),
            "BRIDGE_SCORE: contract a date (2024-04-01T00:00:00) is not text",
        ),
        (
            (col("4S", "4S"), "N", col(10.0, 10.0, 10.0), "None"),
            "BRIDGE_SCORE: ranges of different sizes (2 and 3 cells); give single cells or",
        ),
    ],
)
def test_score_nonsense_says_what_was_wrong(args: tuple[Any, ...], message: str) -> None:
    assert BRIDGE_SCORE(*args).startswith(message)


@pytest.mark.parametrize("blank", [None, "", "   "])
def test_score_blank_contract_is_blank(blank: Any) -> None:
    assert BRIDGE_SCORE(blank, "N", 10.0, "None") == ""
    assert BRIDGE_SCORE(blank, None, None, None) == ""


# ---- matchpoints --------------------------------------------------------------------------


def test_mps_seed000_traveller() -> None:
    # seed 000 board 1: 3½, 1, 6, 0, 5, 2, 3½ (sum 21), rules.md §5
    scores = [float(s) for *_, s, _ in SEED000_BOARD1]
    expected = [mp for *_, mp in SEED000_BOARD1]
    assert BRIDGE_MPS(col(*scores)) == col(*expected)
    assert BRIDGE_MPS(col(*scores), "ebu") == col(*(2 * mp for mp in expected))
    for s, mp in zip(scores, expected, strict=True):
        assert BRIDGE_MP(s, col(*scores)) == mp
        assert BRIDGE_MP(s, col(*scores), "2/1") == 2 * mp
        assert BRIDGE_PCT(s, col(*scores)) == pytest.approx(100 * mp / 6)


def test_mps_matches_score_board_with_adjusted_and_blanks() -> None:
    # score_board docstring example (EBU practice, rules.md §5 "Interplay"), as Excel cells
    rows: list[float | Adjusted | None] = [420.0, Adjusted.parse("A+/A-"), 450.0, None]
    want = [ns for ns, _ in score_board(rows)]
    assert BRIDGE_MPS(col(420.0, "A+/A-", 450.0, None)) == col(*want[:3])
    assert BRIDGE_MP(420.0, col(420.0, "A+/A-", 450.0, None)) == want[0]
    assert BRIDGE_MP("A+/A-", col(420.0, "A+/A-", 450.0, None)) == want[1]
    # scores typed as text count as numbers
    assert BRIDGE_MPS(col("420", "-50")) == col(1.0, 0.0)


def test_mps_neuberg_expected() -> None:
    # rules.md §5 Neuberg (Bavin): N = 11, n = 10, EBU top 20: sole top 18 -> 19.9
    scores = [float(x) for x in range(10)]
    out = BRIDGE_MPS(col(*scores), "ebu", 11.0)
    assert out[-1][0] == pytest.approx(19.9)
    assert out[0][0] == pytest.approx(0.1)
    assert BRIDGE_MP(9.0, col(*scores), "ebu", 11.0) == pytest.approx(19.9)
    assert BRIDGE_PCT(9.0, col(*scores), 11.0) == pytest.approx(99.5)


def test_mp_errors_and_blanks() -> None:
    assert BRIDGE_MP(None, col(420.0, 450.0)) == ""
    assert BRIDGE_MPS(col(None, None)) == ""
    assert BRIDGE_MP(100.0, col(420.0, 450.0)).startswith(
        "BRIDGE_MP: score 100 is not among the scores"
    )
    assert BRIDGE_MPS(col(420.0, "42O")) == (
        "BRIDGE_MPS: row 2: '42O' is not a score or an adjusted score (A, A+, A-, 60/40)"
    )
    assert BRIDGE_MPS(col(420.0, 450.0), "2/0").startswith(
        "BRIDGE_MPS: matchpoint scale '2/0' is not one of acbl"
    )
    assert BRIDGE_MP(col(420.0, 450.0), col(420.0, 450.0)).startswith(
        "BRIDGE_MP: score must be one cell, not a range of 2 cells"
    )
    assert BRIDGE_PCT(420.0, col(420.0)) == (
        "BRIDGE_PCT: one result on the board: nothing to compare it with"
    )


@pytest.mark.parametrize(
    ("mp", "results", "expected", "scale", "want"),
    [
        (18.0, 10.0, 11.0, "ebu", 19.9),  # rules.md §5 (Bavin)
        (0.0, 10.0, 11.0, "ebu", 0.1),  # rules.md §5 (Bavin)
        (3.0, 7.0, 7.0, "acbl", 3.0),  # nothing to factor
        (4.5, 6.0, 7.0, None, neuberg(4.5, 6, 7)),  # blank scale: ACBL
    ],
)
def test_neuberg(mp: float, results: float, expected: float, scale: Any, want: float) -> None:
    assert BRIDGE_NEUBERG(mp, results, expected, scale) == pytest.approx(want)


def test_neuberg_blank_and_errors() -> None:
    assert BRIDGE_NEUBERG(None, 10.0, 11.0) == ""
    assert BRIDGE_NEUBERG(5.0, 10.0, 9.0).startswith("BRIDGE_NEUBERG: expected results 9")
    assert BRIDGE_NEUBERG(5.0, 10.5, 11.0) == "BRIDGE_NEUBERG: results 10.5 is not a whole number"


# ---- IMPs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "imps"),
    # rules.md §3 (WBF scale, Law 78B): both ends of several rows, and the sign
    [(0.0, 0), (10.0, 0), (20.0, 1), (420.0, 9), (430.0, 10), (890.0, 13), (900.0, 14),
     (4000.0, 24), (99990.0, 24), (-1000.0, -14), (-420.0, -9), (425.0, 9), ("420", 9)],
)  # fmt: skip
def test_imp_one_argument(points: Any, imps: int) -> None:
    assert BRIDGE_IMP(points) == imps == xlbridge.imps(float(points))


def test_imp_two_arguments_and_columns() -> None:
    # rules.md §3: 620 - 170 = 450 -> 10 IMPs
    assert BRIDGE_IMP(620.0, 170.0) == 10
    assert BRIDGE_IMP(170.0, 620.0) == -10
    # an empty cell for the other table's score is a blank result, not IMPs of one score
    assert BRIDGE_IMP(620.0, None) == ""
    assert BRIDGE_IMP(None) == ""
    # columns: a teams match, one row per board
    assert BRIDGE_IMP(col(620.0, None, 420.0), col(170.0, -620.0, -100.0)) == col(10, "", 11)
    # trailing blank rows are dropped from the spill
    assert BRIDGE_IMP(col(620.0, 420.0), col(170.0, None)) == 10
    assert BRIDGE_IMP(col(420.0, 50.0)) == col(9, 2)
    assert BRIDGE_IMP("lots") == "BRIDGE_IMP: points 'lots' is not a number"
    assert BRIDGE_IMP(math.nan) == "BRIDGE_IMP: points nan is not a finite number"


# ---- Butler, datum, cross-IMPs -----------------------------------------------------------

RULES6 = [420.0, 420.0, 450.0, 170.0, -50.0]  # rules.md §6 worked example


def test_butler_and_datum() -> None:
    # rules.md §6: drop top and bottom, mean 336.7 -> datum 340; IMPs +2, +2, +3, -5, -9
    assert BRIDGE_DATUM(col(*RULES6)) == 340 == butler_datum(RULES6)
    assert BRIDGE_BUTLER(col(*RULES6)) == col(2, 2, 3, -5, -9)
    assert BRIDGE_BUTLER(col(*RULES6)) == col(*butler(RULES6))
    # trim 0 keeps every score (rules layer: 280)
    assert BRIDGE_DATUM(col(*RULES6), 0.0) == 280
    assert BRIDGE_BUTLER(col(*RULES6), 0.0) == col(*butler(RULES6, 0))
    # blank rows stay blank and do not count
    assert BRIDGE_BUTLER(col(420.0, None, 420.0, 450.0, 170.0, -50.0)) == col(2, "", 2, 3, -5, -9)
    assert BRIDGE_DATUM(col(None, None)) == ""
    assert BRIDGE_DATUM(col(420.0), 3.0).startswith("BRIDGE_DATUM: trim 3 leaves no scores")


def test_cross_imps() -> None:
    # rules.md §6: on the same board 450 totals +20 -> 5.00 (÷4) or 4.00 (÷5)
    board = [450.0, 420.0, 420.0, 170.0, -50.0]
    assert BRIDGE_XIMP(col(*board))[0][0] == 5.0
    assert BRIDGE_XIMP(col(*board), "results")[0][0] == 4.0
    assert BRIDGE_XIMP(col(*board), "total")[0][0] == 20.0
    assert BRIDGE_XIMP(col(*board)) == col(*cross_imps(board))
    first, second = cross_imps([450, 420])
    assert BRIDGE_XIMP(col(450.0, None, 420.0)) == col(first, "", second)
    assert BRIDGE_XIMP(col(*board), "n").startswith("BRIDGE_XIMP: cross-IMP divisor 'n'")
    assert BRIDGE_XIMP(col(450.0, True)) == "BRIDGE_XIMP: row 2: score TRUE is not a number"


# ---- VPs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("imps", "boards", "scale", "want"),
    [
        (1.0, 20.0, None, (10.28, 9.72)),  # rules.md §4, STAR
        (2.0, 20.0, None, (10.55, 9.45)),  # rules.md §4, STAR
        (14.0, 16.0, "wbf", (13.75, 6.25)),  # rules.md §4, concavity-adjusted
        (14.0, 16.0, "wbf-raw", (13.74, 6.26)),  # rules.md §4, rounded only
        (5.0, 8.0, "wbf", (12.05, 7.95)),  # rules.md §4 table, 8 boards
        (-5.0, 8.0, "wbf", (7.95, 12.05)),  # a loss: this side first
        (68.0, 20.0, "wbf", (20.0, 0.0)),  # 20.00 reached at 68 for 20 boards
        (12.0, 7.0, "acbl20", (15.0, 5.0)),  # rules.md §4 ACBL 20-VP, 6-8 boards
    ],
)
def test_vp(imps: float, boards: float, scale: Any, want: tuple[float, float]) -> None:
    out = BRIDGE_VP(imps, boards, scale)
    assert out == [list(want)]
    assert tuple(out[0]) == vp(imps, int(boards), scale or "wbf")


def test_vp_blank_and_errors() -> None:
    assert BRIDGE_VP(None, 16.0) == ""
    assert BRIDGE_VP(5.0, None) == "BRIDGE_VP: boards is blank"
    assert BRIDGE_VP(5.0, 16.0, "fifa").startswith("BRIDGE_VP: VP scale 'fifa' is not one of")
    assert BRIDGE_VP(5.0, 0.0).startswith("BRIDGE_VP: boards 0 is not a whole number of boards")
    assert (
        BRIDGE_VP(5.0, 1e9)
        == "BRIDGE_VP: 1000000000 boards is more than a match has (at most 1000)"
    )


# ---- board number -> vulnerability and dealer --------------------------------------------

# rules.md §7 table, boards 1-16, and 17 = 1
VUL_TABLE = [
    "None", "NS", "EW", "All", "NS", "EW", "All", "None",
    "EW", "All", "None", "NS", "All", "None", "NS", "EW",
]  # fmt: skip


@pytest.mark.parametrize("board", range(1, 33))
def test_vul_and_dealer(board: int) -> None:
    # rules.md §7
    assert BRIDGE_VUL(float(board)) == VUL_TABLE[(board - 1) % 16] == xlbridge.vulnerability(board)
    assert BRIDGE_DEALER(float(board)) == "NESW"[(board - 1) % 4] == xlbridge.dealer(board)


def test_vul_dealer_columns_blank_and_errors() -> None:
    assert BRIDGE_VUL(col(1.0, 2.0, None, 4.0)) == col("None", "NS", "", "All")
    assert BRIDGE_DEALER(col(1.0, 2.0, 3.0, 4.0)) == col("N", "E", "S", "W")
    assert BRIDGE_VUL("7") == "All"
    assert BRIDGE_VUL(None) == "" == BRIDGE_DEALER("")
    assert BRIDGE_VUL(0.0).startswith("BRIDGE_VUL: board 0 is not a board number")
    assert BRIDGE_DEALER(7.5) == "BRIDGE_DEALER: board 7.5 is not a whole number"


# ---- every input Excel can hand over ----------------------------------------------------

TOKENS = [
    "4S", "8S", "3NTX", "PASS", "N", "E", "=", "+1", "-2", "None", "All", "A+", "60/40",
    "acbl", "ebu", "wbf", "acbl30", "results", "total", "7", "-50", "1e400", "nan", "",
]  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=-30, max_value=30).map(round).map(float),
    st.integers(),
    st.integers(min_value=-(10**400), max_value=10**400),
    st.sampled_from(TOKENS),
    st.text(max_size=12),
    st.datetimes(),
    st.dates(),
    st.times(),
)
excel_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner), max_leaves=20
)

# (required arguments, all arguments): Excel itself refuses a call with fewer than required
FUNCTIONS = {
    BRIDGE_SCORE: (4, 4), BRIDGE_MP: (2, 4), BRIDGE_MPS: (1, 3), BRIDGE_PCT: (2, 3),
    BRIDGE_IMP: (1, 2), BRIDGE_XIMP: (1, 2), BRIDGE_BUTLER: (1, 2), BRIDGE_DATUM: (1, 2),
    BRIDGE_VP: (2, 3), BRIDGE_VUL: (1, 1), BRIDGE_DEALER: (1, 1), BRIDGE_NEUBERG: (3, 4),
}  # fmt: skip


def _cell_ok(value: Any) -> bool:
    if isinstance(value, str):
        return INTERNAL_ERROR not in value
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _excel_writable(value: Any) -> bool:
    """A single cell value, or a rectangular list of rows of cell values."""
    if isinstance(value, list):
        return (
            bool(value)
            and all(isinstance(row, list) and len(row) == len(value[0]) for row in value)
            and all(_cell_ok(v) for row in value for v in row)
        )
    return _cell_ok(value)


@pytest.mark.parametrize("function", list(FUNCTIONS), ids=lambda f: f.__name__)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_input_makes_a_function_raise(function: Any, data: st.DataObject) -> None:
    # issue 5: every function behaves sensibly on every input Excel can hand it
    required, arity = FUNCTIONS[function]
    count = data.draw(st.integers(min_value=required, max_value=arity), label="arguments")
    args = [data.draw(excel_values, label=f"arg {i + 1}") for i in range(count)]
    out = function(*args)
    assert _excel_writable(out), out


@pytest.mark.parametrize("function", list(FUNCTIONS), ids=lambda f: f.__name__)
@settings(max_examples=60, deadline=None)
@given(scores=st.lists(st.integers(-7600, 7600).map(lambda x: float(10 * (x // 10))), max_size=9))
def test_traveller_shaped_inputs_never_raise(function: Any, scores: list[float]) -> None:
    args = [col(*scores)] * FUNCTIONS[function][1]
    assert _excel_writable(function(*args))


def test_import_without_xlwings() -> None:
    # xlwings is the optional "addin" extra: without it the module still imports and works
    code = (
        "import sys; sys.modules['xlwings'] = None\n"
        "import xlbridge.udf as u\n"
        "assert u._XW is None\n"
        "assert not hasattr(u.BRIDGE_SCORE, '__xlfunc__')\n"
        "print(u.BRIDGE_SCORE('4S', 'N', 10.0, 'None'), u.BRIDGE_IMP(420.0))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["420", "9"]
