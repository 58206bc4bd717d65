"""The Excel functions (xlbridge/excel/udf.py) called the way Excel calls them.

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
from xlbridge.excel.udf import (
    BRIDGE_BAM,
    BRIDGE_BUTLER,
    BRIDGE_CHICAGO,
    BRIDGE_DATUM,
    BRIDGE_DEALER,
    BRIDGE_IMP,
    BRIDGE_MP,
    BRIDGE_MP_AWARD,
    BRIDGE_MPS,
    BRIDGE_NEUBERG,
    BRIDGE_PCT,
    BRIDGE_RUBBER,
    BRIDGE_SCORE,
    BRIDGE_VP,
    BRIDGE_VUL,
    BRIDGE_WL,
    BRIDGE_XIMP,
    INTERNAL_ERROR,
)
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.imp_pairs import butler, butler_datum, cross_imps
from xlbridge.scoring.matchpoints import Adjusted, neuberg, score_board
from xlbridge.scoring.rubber import Rubber
from xlbridge.scoring.vp import vp, win_loss
from xlbridge.types import Side


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


@pytest.mark.parametrize(
    ("rounding", "plus", "minus"),
    [(None, 430, -430), ("half-away", 430, -430), ("half-even", 420, -420),
     ("half-up", 430, -420)],
)  # fmt: skip
def test_datum_rounding(rounding: str | None, plus: int, minus: int) -> None:
    # rules.md §6: a mean of 425 (-425) goes away from zero by default (the German federation's
    # Butler rankings), to the even ten for ACBLscore, up for Bridge Scorer.
    args = () if rounding is None else (None, rounding)
    assert BRIDGE_DATUM(col(420.0, 430.0), *args) == plus
    assert BRIDGE_DATUM(col(-420.0, -430.0), *args) == minus
    # 420 and 430 are 10 points from any of these datums: 0 IMPs; 470 against 430 is 1.
    assert BRIDGE_BUTLER(col(420.0, 430.0), *args) == col(0, 0)
    assert BRIDGE_BUTLER(col(-420.0, -430.0, -420.0, -430.0), 0.0, rounding) == col(0, 0, 0, 0)
    assert BRIDGE_DATUM(col(420.0, 430.0), None, "nearest").startswith("BRIDGE_DATUM: ")


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
    BRIDGE_CHICAGO: (3, 7), BRIDGE_RUBBER: (3, 6), BRIDGE_WL: (1, 2), BRIDGE_BAM: (1, 2),
    BRIDGE_MP_AWARD: (2, 3),
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


# ---- Chicago, rubber, win/loss, board-a-match ------------------------------------------

# Seed 002, Figure 2-2 "Typical Chukker Score" (scorer South, East dealt first), rules.md §2:
# contract, declarer, tricks, honours, NS points on the deal as the seed explains each entry.
SEED002_CHUKKER = [
    ("3S", "E", 10.0, 100.0, -220),  # 90 below, 30 overtrick + 100 honours above
    ("6D", "S", 13.0, None, 1390),  # "750 for the vulnerable small slam, 500 for game, 140"
    ("3NT", "N", 9.0, None, 400),  # "the trick score of 100 ... added to the game premium of 300"
    ("2S", "E", 9.0, None, -190),  # "60 for the bid, 30 for the overtrick, and a 100 point premium"
]


def test_chicago_seed002_chukker() -> None:
    contracts, by, tricks, honours, points = zip(*SEED002_CHUKKER, strict=True)
    out = BRIDGE_CHICAGO(col(*contracts), col(*by), col(*tricks), None, "E", None, col(*honours))
    assert out == col(*points)
    # "a net result of +1380 for North-South ... rounded into 100's: +14"
    chukker = Chukker.of("3S E 10 100", "6D S 13", "3NT N 9", "2S E 9", first_dealer="E")
    assert sum(points) == 1380 == chukker.net(Side.NS)
    # the same with the deal numbers typed in, and with a passed-out deal (redealt, not counted)
    numbered = BRIDGE_CHICAGO(col(*contracts), col(*by), col(*tricks), col(1.0, 2.0, 3.0, 4.0),
                              "E", "standard", col(*honours))  # fmt: skip
    assert numbered == col(*points)
    passed = BRIDGE_CHICAGO(col("3S", "PASS", *contracts[1:]), col("E", None, *by[1:]),
                            col(10.0, None, *tricks[1:]), col(1.0, 2.0, 2.0, 3.0, 4.0), "E",
                            None, col(100.0, None, None, None, None))  # fmt: skip
    assert passed == col(-220, 0, 1390, 400, -190)


def test_chicago_single_deals_and_options() -> None:
    # rules.md §2: deal 1 nobody vulnerable, 2-3 dealer's side (New York: the other side), 4 all
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 1.0) == 420  # game premium 300 at once
    assert BRIDGE_CHICAGO("2S", "N", 8.0, 1.0) == 60  # a partscore earns nothing before deal 4
    assert BRIDGE_CHICAGO("2S", "N", 8.0, 4.0) == 160  # ... and 100 on deal 4
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 2.0, "W") == 620  # deal 2 dealt by N: NS vulnerable
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 2.0, "W", "new-york") == 420
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 4.0) == 620
    assert BRIDGE_CHICAGO("PASS", None, None, 2.0) == 0
    # partscores carry within a column's chukker: 2S then 2H by NS is a game on deal 2, dealt by
    # East (North dealt first), so NS are not vulnerable: 60 + 300; dealt by South, 60 + 500
    assert BRIDGE_CHICAGO(col("2S", "2H"), col("N", "S"), col(8.0, 8.0)) == col(60, 360)
    assert BRIDGE_CHICAGO(col("2S", "2H"), col("N", "S"), col(8.0, 8.0), None, "E") == col(60, 560)
    # four counted deals make a chukker; the fifth starts the next one, nothing carried
    five = BRIDGE_CHICAGO(col("2S", "1C", "1C", "1C", "2H"), col("N", "E", "E", "E", "S"),
                          col(8.0, 7.0, 7.0, 7.0, 8.0))  # fmt: skip
    assert five == col(60, -20, -20, -120, 60)


def test_chicago_blank_and_errors() -> None:
    assert BRIDGE_CHICAGO(None, "N", 10.0, 1.0) == ""
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 9.0) == (
        "BRIDGE_CHICAGO: deal 9 is not a deal of a chukker (1-4)"
    )
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 1.0, "Q").startswith("BRIDGE_CHICAGO: seat 'Q'")
    assert BRIDGE_CHICAGO("4S", "N", 10.0, 1.0, "N", "paris").startswith(
        "BRIDGE_CHICAGO: Chicago variant 'paris' is not"
    )
    out = BRIDGE_CHICAGO(col("2S", "8S", "3NT", "1NT"), col("N", "N", "N", "S"),
                         col(8.0, 10.0, 9.0, 7.0), col(1.0, 2.0, 3.0, 1.0))  # fmt: skip
    # a wrong row spoils the rest of its chukker, never the deals before it or the next chukker
    assert out == col(
        60,
        "BRIDGE_CHICAGO: row 2: level 8 in '8S'; levels are 1-7",
        "BRIDGE_CHICAGO: row 3: row 2 of this chukker is wrong",
        40,
    )
    out = BRIDGE_CHICAGO(col("2S", "3NT"), "N", col(8.0, 9.0), col(1.0, 3.0))
    assert out[1][0] == (
        "BRIDGE_CHICAGO: row 2: deal 3 cannot follow deal 1 of a chukker;"
        " number the deals 1-4 in order"
    )
    assert BRIDGE_CHICAGO(col("2S", "3NT"), "N", col(8.0, 9.0), 1.0).startswith(
        "BRIDGE_CHICAGO: give a deal number for every row, or leave deal out"
    )


# Seed 002, Figure 1-2 "Typical Rubber Bridge Score" (WE = North-South), rules.md §2.
SEED002_RUBBER = [("2S", "N", 9.0, None), ("6D", "E", 12.0, None), ("2HXX", "S", 8.0, 100.0),
                  ("3NT", "W", 9.0, None)]  # fmt: skip


def test_rubber_seed002() -> None:
    columns = [col(*c) for c in zip(*SEED002_RUBBER, strict=True)]
    # "530 points for WE and 1220 for THEY, who accordingly won the rubber by 690 points"
    assert BRIDGE_RUBBER(*columns) == -690
    assert BRIDGE_RUBBER(*columns, False, "points") == -690
    # "a win of +7 for THEY and -7 for WE"
    assert BRIDGE_RUBBER(*columns, None, "up") == -7
    assert BRIDGE_RUBBER(*columns, None, "down") == -7
    rubber = Rubber.of("2S N 9", "6D E 12", "2HXX S 8 100", "3NT W 9")
    assert rubber.net(Side.NS) == -690
    # blank rows are skipped
    gappy = [col(*c[:2], None, *c[2:]) for c in zip(*SEED002_RUBBER, strict=True)]
    assert BRIDGE_RUBBER(*gappy) == -690


def test_rubber_unfinished_and_errors() -> None:
    # 1993 Law 80 (rules.md §2): 300 for the only game, 100 for the only partscore
    assert BRIDGE_RUBBER(col("4S", "2H"), col("N", "E"), col(10.0, 8.0)) == 120 - 60
    assert BRIDGE_RUBBER(col("4S", "2H"), col("N", "E"), col(10.0, 8.0), None, True) == (
        120 + 300 - 60 - 100
    )
    # half up: 50 counts as 100 (seed 002, US custom); half down drops it
    assert BRIDGE_RUBBER("1NT", "N", 7.0, None, True, "up") == 1  # 40 + 100 = 140
    assert BRIDGE_RUBBER(col("2S", "1C"), col("N", "E"), col(8.0, 7.0), None, True, "up") == 0
    assert BRIDGE_RUBBER(col(None, None), col(None, None), col(None, None)) == ""
    assert BRIDGE_RUBBER(col("4S", "9S"), "N", 10.0) == (
        "BRIDGE_RUBBER: row 2: level 9 in '9S'; levels are 1-7"
    )
    assert BRIDGE_RUBBER("4S", "N", 10.0, "4 aces").startswith(
        "BRIDGE_RUBBER: row 1: honours '4 aces' in a S contract"
    )
    assert BRIDGE_RUBBER("4S", "N", 10.0, None, "maybe") == (
        "BRIDGE_RUBBER: ended 'maybe' is not TRUE or FALSE"
    )
    assert BRIDGE_RUBBER("4S", "N", 10.0, None, None, "sideways").startswith(
        "BRIDGE_RUBBER: rounding 'sideways' is not 'up' or 'down'"
    )
    won = BRIDGE_RUBBER(col("4S", "4S", "1C"), "N", col(10.0, 10.0, 7.0))
    assert won == "BRIDGE_RUBBER: deal 3 (1C N 7) is played after the rubber was won"


@pytest.mark.parametrize(
    ("imps", "three_quarter", "want"),
    [
        # seed 002 ch. 14: "a win by only one or two IMPs as a 3/4 win, ... 1/4 win to the loser"
        (1.0, None, (0.75, 0.25)),
        (2.0, True, (0.75, 0.25)),
        (-2.0, None, (0.25, 0.75)),
        (3.0, None, (1.0, 0.0)),
        (0.0, None, (0.5, 0.5)),  # "one-half for a tie"
        (2.0, False, (1.0, 0.0)),  # plain win/loss: 1 / 1/2 / 0
        (-7.0, "FALSE", (0.0, 1.0)),
    ],
)
def test_win_loss(imps: float, three_quarter: Any, want: tuple[float, float]) -> None:
    assert BRIDGE_WL(imps, three_quarter) == [list(want)]
    assert tuple(BRIDGE_WL(imps, three_quarter)[0]) == win_loss(
        imps, three_quarter is not False and three_quarter != "FALSE"
    )


def test_win_loss_blank_and_errors() -> None:
    assert BRIDGE_WL(None) == ""
    assert BRIDGE_WL("lots") == "BRIDGE_WL: imps 'lots' is not a number"
    assert BRIDGE_WL(1.0, 5.0) == "BRIDGE_WL: three_quarter 5 is not TRUE or FALSE"


def test_board_a_match() -> None:
    # seed 002 ch. 5: "the team scoring a positive number of net points receives one matchpoint,
    # the other zero. A tie scores one-half" (rules.md §6)
    assert BRIDGE_BAM(420.0, 400.0) == 1.0
    assert BRIDGE_BAM(420.0, 420.0) == 0.5
    assert BRIDGE_BAM(-50.0, 100.0) == 0.0
    assert BRIDGE_BAM(10.0) == 1.0 and BRIDGE_BAM(0.0) == 0.5 and BRIDGE_BAM(-10.0) == 0.0
    assert BRIDGE_BAM(col(420.0, None, -50.0), col(400.0, 100.0, 100.0)) == col(1.0, "", 0.0)
    assert BRIDGE_BAM(620.0, None) == ""
    assert BRIDGE_BAM("abc", 1.0) == "BRIDGE_BAM: score 'abc' is not a number"


# ---- runs in Pyodide: the rules layer and the standard library only ----------------------


def test_imports_only_the_standard_library_and_the_rules_layer() -> None:
    # xlwings Lite runs the functions in Pyodide, where openpyxl, pandas and xlwings' desktop
    # parts are not there: a finder refuses them, and the functions still compute.
    code = (
        "import sys\n"
        "class Refuse:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('openpyxl', 'pandas', 'xlwings', 'numpy'):\n"
        "            raise ImportError('refused: ' + name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Refuse())\n"
        "import xlbridge.excel.udf as u\n"
        "import xlbridge.udf\n"
        "assert u._XW is None and xlbridge.udf.BRIDGE_SCORE is u.BRIDGE_SCORE\n"
        "assert not hasattr(u.BRIDGE_SCORE, '__xlfunc__')\n"
        "print(u.BRIDGE_SCORE('4S', 'N', 10.0, 'None'), u.BRIDGE_IMP(420.0),\n"
        "      u.BRIDGE_CHICAGO('2S', 'E', 9.0, 4.0), u.BRIDGE_XIMP([[450.0], [420.0]])[0][0])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in\n"
        "             ('openpyxl', 'pandas', 'xlwings', 'numpy'))\n"
        "print(bad)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    # Law 77 (420), WBF IMP scale (9), seed 002 Figure 2-2's deal 4 (-190), 30 points: 1 IMP
    assert done.stdout.split("\n")[:2] == ["420 9 -190 1.0", "[]"]


def test_masterpoint_awards() -> None:
    """EBU club scale (rules.md §9a; the EBU's example files): 11 pairs a direction over 22
    boards 40/30/20/10; 12 players 12/9/6/6; a tie shares rounded up; blanks stay blank."""
    places = col(*[float(p) for p in range(1, 12)])
    assert BRIDGE_MP_AWARD(places, 22.0) == col(40, 30, 20, 10, *[0] * 7)
    # 4 pairs: two awards, 20 and 10; 2= shares 10 and 0, 5 each, raised to the club's 6
    assert BRIDGE_MP_AWARD(col("1", "2=", "2=", None, "4"), 22.0) == col(20, 6, 6, "", 0)
    players = col(1.0, 2.0, "3=", "3=", *[float(p) for p in range(5, 13)])
    assert BRIDGE_MP_AWARD(players, 22.0, "individual") == col(12, 9, 6, 6, *[0] * 8)
    assert BRIDGE_MP_AWARD(col(None, None), 22.0) == ""
    assert BRIDGE_MP_AWARD(places, 12.0).startswith("BRIDGE_MP_AWARD: EBU club masterpoints"
                                                    " for 12 boards")  # fmt: skip
    assert BRIDGE_MP_AWARD(places, 22.0, "howell") == (
        "BRIDGE_MP_AWARD: contestants 'howell' is not one of pairs, teams, individual")
    assert BRIDGE_MP_AWARD(col(1.5), 22.0).startswith("BRIDGE_MP_AWARD: row 1: place 1.5")
