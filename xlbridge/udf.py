"""Excel functions (xlwings UDFs): xlbridge's rules in any cell.

Each ``BRIDGE_*`` function is a thin wrapper over the rules layer. It turns what Excel hands
over (numbers as floats, empty cells as ``None``, ranges as lists of lists) into the library's
values, calls the rule, and gives back a value for the cell. A blank input gives a blank cell
(``""``); a bad input gives a short text that says what was wrong, never a traceback.

The Python names are the Excel names. With xlwings installed, its decorators register them
(Windows: ``xlbridge addin install``; xlwings Lite: ``from xlbridge.udf import *`` in
``main.py``). Without xlwings the decorators do nothing and these are plain functions.

>>> BRIDGE_SCORE("4S", "N", 10.0, "None")
420
>>> BRIDGE_SCORE("8S", "N", 10.0, "None")
"BRIDGE_SCORE: level 8 in '8S'; levels are 1-7"
>>> BRIDGE_SCORE([["4S"], ["3NT"], [None]], [["N"], ["E"], [None]], [[10.0], ["="], [None]], 2.0)
[[620], [-400]]
>>> BRIDGE_MPS([[420.0], [450.0], [None], [420.0], [-50.0]])
[[1.5], [3.0], [''], [1.5], [0.0]]
>>> BRIDGE_IMP(420.0), BRIDGE_IMP(620.0, 170.0), BRIDGE_VP(14.0, 16.0)
(9, 10, [[13.75, 6.25]])
"""

from __future__ import annotations

import datetime as dt
import functools
import importlib
import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any, Final, ParamSpec, TypeVar, cast

from xlbridge.errors import TravellerError, XlbridgeError
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import butler, butler_datum, cross_imps
from xlbridge.scoring.imps import imps, imps_between
from xlbridge.scoring.matchpoints import Adjusted, neuberg, score_board, top
from xlbridge.scoring.session import percentage
from xlbridge.scoring.vp import vp
from xlbridge.types import Seat, Vulnerability

__all__ = [
    "BRIDGE_BUTLER",
    "BRIDGE_DATUM",
    "BRIDGE_DEALER",
    "BRIDGE_IMP",
    "BRIDGE_MP",
    "BRIDGE_MPS",
    "BRIDGE_NEUBERG",
    "BRIDGE_PCT",
    "BRIDGE_SCORE",
    "BRIDGE_VP",
    "BRIDGE_VUL",
    "BRIDGE_XIMP",
]  # only the functions, so that xlwings Lite's ``from xlbridge.udf import *`` takes just them

CATEGORY: Final = "xlbridge"
"""The Excel function category the functions are listed under (classic xlwings)."""

INTERNAL_ERROR: Final = "internal error"
"""Marks a message caused by a bug rather than by the input (tests check it never shows)."""

# Excel shows at most 255 characters of a tooltip; a longer cell message is cut to match.
_MAX_MESSAGE = 255
# vp() builds the WBF table up to the blitz margin, which grows with the boards; a cell must not
# hang Excel on a typo such as 1E+9 boards. No match is longer than this.
_MAX_BOARDS = 1000

_F = TypeVar("_F", bound=Callable[..., Any])
_P = ParamSpec("_P")

try:
    _XW: Any = importlib.import_module("xlwings")
except ImportError:  # the optional "addin" extra is not installed: plain functions
    _XW = None


def _func(**options: Any) -> Callable[[_F], _F]:
    if _XW is None:
        return _identity
    return cast(Callable[[_F], _F], _XW.func(**options))


def _arg(name: str, **options: Any) -> Callable[[_F], _F]:
    if _XW is None:
        return _identity
    return cast(Callable[[_F], _F], _XW.arg(name, **options))


def _identity(f: _F) -> _F:
    return f


class CellValueError(XlbridgeError):
    """A cell value that is not the kind the argument takes (a date for a number, a range for
    one cell, two ranges of different sizes)."""


class _Omitted:
    """Default of an optional argument that was left out (as opposed to an empty cell)."""

    def __repr__(self) -> str:
        return "<omitted>"


_OMITTED: Final = _Omitted()


def _message(name: str, text: str) -> str:
    out = f"{name}: {text}"
    return out if len(out) <= _MAX_MESSAGE else out[: _MAX_MESSAGE - 3] + "..."


def _finite(value: Any) -> Any:
    """Check a result before it goes to a cell: Excel has no NaN or infinity."""
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise CellValueError("the result is too large for a cell")
    return value


def _guard(f: Callable[_P, Any]) -> Callable[_P, Any]:
    """Turn any error into a short text for the cell, prefixed with the function's name."""
    name = f.__name__

    @functools.wraps(f)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> Any:
        try:
            return _finite(f(*args, **kwargs))
        except XlbridgeError as exc:
            return _message(name, str(exc))
        except Exception as exc:  # a bug in xlbridge: still no traceback in a cell
            return _message(name, f"{INTERNAL_ERROR} ({type(exc).__name__}: {exc})")

    # Excel shows the docstring as the tooltip: one line, no source indentation.
    wrapper.__doc__ = " ".join((f.__doc__ or "").split())
    return wrapper


# ---- Excel values -> library values -------------------------------------------------------


def _is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _show(value: Any) -> str:
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


def _cells(value: Any) -> list[Any]:
    """The cells of a range, row by row."""
    return [cell for row in _grid(value) for cell in row]


def _one(value: Any, what: str) -> Any:
    cells = _cells(value)
    if len(cells) != 1:
        raise CellValueError(f"{what} must be one cell, not a range of {len(cells)} cells")
    return cells[0]


def _number(value: Any, what: str) -> float:
    if value is None:
        raise CellValueError(f"{what} is blank")
    x: float | None = None
    if isinstance(value, str):
        try:
            x = float(value.strip())
        except ValueError:
            x = None
    elif isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            x = float(value)
        except (OverflowError, ValueError):
            x = math.inf
    if x is None:
        raise CellValueError(f"{what} {_show(value)} is not a number")
    if not math.isfinite(x):
        raise CellValueError(f"{what} {_show(value)} is not a finite number")
    return x


def _whole(value: Any, what: str) -> int:
    x = _number(value, what)
    if not x.is_integer():
        raise CellValueError(f"{what} {_show(value)} is not a whole number")
    return int(x)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise CellValueError(f"{what} {_show(value)} is not text")
    return value


def _option(value: Any, default: str, what: str) -> str:
    value = _one(value, what)
    if _is_blank(value) or value is _OMITTED:
        return default
    return _text(value, what).strip()


def _count(value: Any, what: str) -> int | None:
    value = _one(value, what)
    if _is_blank(value) or value is _OMITTED:
        return None
    return _whole(value, what)


def _scores(scores: Any) -> tuple[list[float], list[int], int]:
    """The numeric scores of a traveller, their positions, and the number of cells."""
    cells = _cells(scores)
    values: list[float] = []
    where: list[int] = []
    for i, cell in enumerate(cells):
        if not _is_blank(cell):
            values.append(_number(cell, f"row {i + 1}: score"))
            where.append(i)
    return values, where, len(cells)


def _board_row(cell: Any, row: int | None) -> float | Adjusted | None:
    """A matchpoint traveller cell: a score, an adjusted score (A+, 60/40) or blank."""
    at = "" if row is None else f"row {row}: "
    if _is_blank(cell):
        return None
    if isinstance(cell, str):
        text = cell.strip()
        try:
            return _number(text, "score")
        except CellValueError:
            pass
        try:
            return Adjusted.parse(text)
        except XlbridgeError as exc:
            if text[:1].upper() == "A" or "/" in text or "%" in text:
                raise TravellerError(f"{at}{exc}") from None
            raise TravellerError(
                f"{at}{_show(cell)} is not a score or an adjusted score (A, A+, A-, 60/40)"
            ) from None
    return _number(cell, f"{at}score")


def _column(values: Sequence[Any]) -> Any:
    """Values for a spilled column; trailing blanks dropped; one value stays a single cell."""
    out = list(values)
    while len(out) > 1 and out[-1] == "":
        out.pop()
    if len(out) == 1:
        return out[0]
    return [[v] for v in out]


def _elementwise(name: str, one: Callable[..., Any], *args: Any) -> Any:
    """Apply a one-row function to cells or to same-sized ranges (one cell repeats)."""
    columns = [_cells(a) for a in args]
    n = max(len(c) for c in columns)
    sizes = sorted({len(c) for c in columns if len(c) != 1})
    if len(sizes) > 1:
        raise CellValueError(
            f"ranges of different sizes ({' and '.join(map(str, sizes))} cells); "
            "give single cells or ranges of the same size"
        )
    if n == 1:
        return one(*(c[0] for c in columns))
    out: list[Any] = []
    for i in range(n):
        try:
            out.append(one(*(c[0] if len(c) == 1 else c[i] for c in columns)))
        except XlbridgeError as exc:
            out.append(_message(name, f"row {i + 1}: {exc}"))
    return _column(out)


# ---- one row ------------------------------------------------------------------------------


def _score_row(contract: Any, declarer: Any, result: Any, vulnerability: Any) -> int | str:
    if _is_blank(contract):
        return ""
    tricks: int | str | None
    if _is_blank(result):
        tricks = None
    elif isinstance(result, str):
        tricks = result.strip()
    else:
        tricks = _whole(result, "result")
    if _is_blank(vulnerability):
        raise CellValueError("vulnerability is blank; give None, NS, EW, All or the board number")
    vul: str | int = (
        vulnerability.strip()
        if isinstance(vulnerability, str)
        else _whole(vulnerability, "vulnerability")
    )
    seat = None if _is_blank(declarer) else _text(declarer, "declarer").strip()
    return score(_text(contract, "contract").strip(), seat, tricks, vul)


def _imp_row(points: Any, other_score: Any) -> int | str:
    if _is_blank(points):
        return ""
    if other_score is _OMITTED:
        return imps(_number(points, "points"))
    if _is_blank(other_score):
        return ""
    return imps_between(_number(points, "score"), _number(other_score, "other_score"))


def _board(board: Any) -> int | None:
    return None if _is_blank(board) else _whole(board, "board")


def _vul_row(board: Any) -> str:
    b = _board(board)
    return "" if b is None else str(Vulnerability.from_board(b))


def _dealer_row(board: Any) -> str:
    b = _board(board)
    return "" if b is None else str(Seat.dealer_of(b))


def _board_mp(score: Any, scores: Any, scale: Any, expected: Any) -> tuple[float, int] | None:
    """NS matchpoints of ``score`` on its traveller, and the full field; None when blank."""
    target = _board_row(_one(score, "score"), None)
    if target is None:
        return None
    rows = [_board_row(cell, i + 1) for i, cell in enumerate(_cells(scores))]
    if target not in rows:
        raise TravellerError(
            f"score {_show(_one(score, 'score'))} is not among the scores; "
            "give the whole traveller, this score included"
        )
    full = _count(expected, "expected")
    result = score_board(rows, _option(scale, "acbl", "scale"), full)
    ns = cast(float, result[rows.index(target)][0])  # a score or adjusted row: never None
    return ns, (sum(r is not None for r in rows) if full is None else full)


# ---- the Excel functions ------------------------------------------------------------------


@_func(category=CATEGORY)
@_arg("contract", ndim=2, doc="Contract: 4S, 3NT, 4HX, 6CXX or PASS (one cell or a column).")
@_arg("declarer", ndim=2, doc="Declarer: N, E, S or W (blank for PASS).")
@_arg("result", ndim=2, doc="Tricks taken (0-13), or =, +1, -2.")
@_arg("vulnerability", ndim=2, doc="None, NS, EW, All (or Both, -), or the board number.")
@_guard
def BRIDGE_SCORE(contract: Any, declarer: Any, result: Any, vulnerability: Any) -> Any:
    """North-South's score on a board (Law 77). =BRIDGE_SCORE("4S","N",10,"None") gives 420.
    Give columns (a traveller) to get a column of scores; a single cell is used for every row.
    """
    return _elementwise("BRIDGE_SCORE", _score_row, contract, declarer, result, vulnerability)


@_func(category=CATEGORY)
@_arg("score", doc="The NS score (or adjusted score such as A+) to matchpoint.")
@_arg("scores", ndim=2, doc="Every NS score on the board, this one included (like RANK).")
@_arg("scale", doc="acbl (1/0.5/0, the default) or ebu (2/1/0).")
@_arg("expected", doc="Optional: results expected on the board (Neuberg when more).")
@_guard
def BRIDGE_MP(score: Any, scores: Any, scale: Any = "acbl", expected: Any = None) -> Any:
    """NS matchpoints of one score on its board. =BRIDGE_MP(420,{420;450;170}) gives 1.
    Blank cells in scores are boards not played; A, A+, A-, 60/40 are adjusted scores."""
    found = _board_mp(score, scores, scale, expected)
    return "" if found is None else found[0]


@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column (A+, 60/40 for adjusted).")
@_arg("scale", doc="acbl (1/0.5/0, the default) or ebu (2/1/0).")
@_arg("expected", doc="Optional: results expected; fewer results are Neuberg-factored.")
@_guard
def BRIDGE_MPS(scores: Any, scale: Any = "acbl", expected: Any = None) -> Any:
    """NS matchpoints of every score on a board: a column. EW gets the top minus NS.
    =BRIDGE_MPS(G2:G8). Neuberg-factored when expected is more than the results."""
    rows = [_board_row(cell, i + 1) for i, cell in enumerate(_cells(scores))]
    if all(r is None for r in rows):
        return ""
    board = score_board(rows, _option(scale, "acbl", "scale"), _count(expected, "expected"))
    return _column(["" if ns is None else ns for ns, _ in board])


@_func(category=CATEGORY)
@_arg("score", doc="The NS score (or adjusted score such as A+).")
@_arg("scores", ndim=2, doc="Every NS score on the board, this one included.")
@_arg("expected", doc="Optional: results expected on the board (Neuberg when more).")
@_guard
def BRIDGE_PCT(score: Any, scores: Any, expected: Any = None) -> Any:
    """NS percentage of the top that one score earns on its board (0-100).
    =BRIDGE_PCT(420,{420;450;170}) gives 50. The same on either matchpoint scale."""
    found = _board_mp(score, scores, "acbl", expected)
    if found is None:
        return ""
    mp, field = found
    if field < 2:
        raise TravellerError("one result on the board: nothing to compare it with")
    return percentage(mp, top(field))


@_func(category=CATEGORY)
@_arg("points", ndim=2, doc="A points difference; or your score when other_score is given.")
@_arg("other_score", ndim=2, doc="Optional: the score to compare with (other table).")
@_guard
def BRIDGE_IMP(points: Any, other_score: Any = _OMITTED) -> Any:
    """IMPs (WBF scale), signed: =BRIDGE_IMP(420) gives 9; =BRIDGE_IMP(620,170) gives 10.
    Takes columns too: a column of IMPs."""
    return _elementwise("BRIDGE_IMP", _imp_row, points, other_score)


@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column.")
@_arg("divisor", doc="comparisons (n-1, default), results (n) or total (no division).")
@_guard
def BRIDGE_XIMP(scores: Any, divisor: Any = "comparisons") -> Any:
    """NS cross-IMPs of every score on a board (each IMPed against all the others): a column.
    =BRIDGE_XIMP(G2:G8,"results")."""
    values, where, size = _scores(scores)
    if not values:
        return ""
    out: list[Any] = [""] * size
    for i, x in zip(
        where, cross_imps(values, _option(divisor, "comparisons", "divisor")), strict=True
    ):
        out[i] = x
    return _column(out)


@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column.")
@_arg("trim", doc="Optional: scores dropped from each end for the datum.")
@_guard
def BRIDGE_BUTLER(scores: Any, trim: Any = None) -> Any:
    """NS Butler IMPs of every score on a board against the datum: a column.
    =BRIDGE_BUTLER(G2:G8). The datum drops the extremes (trim each end)."""
    values, where, size = _scores(scores)
    if not values:
        return ""
    out: list[Any] = [""] * size
    for i, x in zip(where, butler(values, _count(trim, "trim")), strict=True):
        out[i] = x
    return _column(out)


@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column.")
@_arg("trim", doc="Optional: scores dropped from each end.")
@_guard
def BRIDGE_DATUM(scores: Any, trim: Any = None) -> Any:
    """The Butler datum of a board: mean NS score without the extremes, to the nearest 10.
    =BRIDGE_DATUM({420;420;450;170;-50}) gives 340."""
    values, _, _ = _scores(scores)
    if not values:
        return ""
    return butler_datum(values, _count(trim, "trim"))


@_func(category=CATEGORY)
@_arg("imps", doc="The IMP margin of the side you want first (negative for a loss).")
@_arg("boards", doc="Boards in the match.")
@_arg("scale", doc="wbf (default), wbf-raw, wbf-discrete, acbl20, acbl30, ...")
@_guard
def BRIDGE_VP(imps: Any, boards: Any, scale: Any = "wbf") -> Any:
    """Victory points for an IMP margin: a row of two, this side then the other.
    =BRIDGE_VP(14,16) gives 13.75 and 6.25 (WBF 2013 scale)."""
    margin = _one(imps, "imps")
    if _is_blank(margin):
        return ""
    n = _whole(_one(boards, "boards"), "boards")
    if n > _MAX_BOARDS:
        raise CellValueError(f"{n} boards is more than a match has (at most {_MAX_BOARDS})")
    first, second = vp(_number(margin, "imps"), n, _option(scale, "wbf", "scale"))
    return [[first, second]]


@_func(category=CATEGORY)
@_arg("board", ndim=2, doc="Board number (1 or more), or a column of them.")
@_guard
def BRIDGE_VUL(board: Any) -> Any:
    """Vulnerability of a board: None, NS, EW or All. =BRIDGE_VUL(7) gives All."""
    return _elementwise("BRIDGE_VUL", _vul_row, board)


@_func(category=CATEGORY)
@_arg("board", ndim=2, doc="Board number (1 or more), or a column of them.")
@_guard
def BRIDGE_DEALER(board: Any) -> Any:
    """Dealer of a board: N, E, S or W. =BRIDGE_DEALER(7) gives S."""
    return _elementwise("BRIDGE_DEALER", _dealer_row, board)


@_func(category=CATEGORY)
@_arg("mp", doc="Matchpoints scored among the results actually on the board.")
@_arg("results", doc="Results actually on the board.")
@_arg("expected", doc="Results expected on the board.")
@_arg("scale", doc="acbl (1/0.5/0, the default) or ebu (2/1/0).")
@_guard
def BRIDGE_NEUBERG(mp: Any, results: Any, expected: Any, scale: Any = "acbl") -> Any:
    """Neuberg: matchpoints factored up to a full board. =BRIDGE_NEUBERG(18,10,11,"ebu")
    gives 19.9."""
    value = _one(mp, "mp")
    if _is_blank(value):
        return ""
    return neuberg(
        _number(value, "mp"),
        _whole(_one(results, "results"), "results"),
        _whole(_one(expected, "expected"), "expected"),
        _option(scale, "acbl", "scale"),
    )
