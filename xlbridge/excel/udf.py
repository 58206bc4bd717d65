"""Excel functions (xlwings UDFs): xlbridge's rules in any cell.

Each ``BRIDGE_*`` function is a thin wrapper over the rules layer. It turns what Excel hands
over (numbers as floats, empty cells as ``None``, ranges as lists of lists) into the library's
values, calls the rule, and gives back a value for the cell. A blank input gives a blank cell
(``""``); a bad input gives a short text that says what was wrong, never a traceback.

The Python names are the Excel names. With classic xlwings installed (Windows: ``xlbridge addin
install``; ``xlbridge.udf`` re-exports this module), its decorators register them. xlwings Lite
(Pyodide, Excel on Windows, Mac and the web) gets them from the ``main.py`` that ``xlbridge addin
lite`` writes, which registers each one with Lite's decorators and reads Lite's empty cells (0)
as :data:`LITE_BLANKS` says. Without xlwings these are plain functions. Only the standard library
and the rules layer are imported, so the functions run in Pyodide too.

Every function takes a column of 100,000 rows in well under a second: rows repeat (a
traveller's scores, a column of contracts), so each distinct row is worked out once.

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

Seed 002's typical chukker (Figure 2-2; rules.md §2): East dealt first; each deal's NS points,
which add up to the chukker's +1380 (+14 in hundreds):

>>> chukker = BRIDGE_CHICAGO([["3S"], ["6D"], ["3NT"], ["2S"]], [["E"], ["S"], ["N"], ["E"]],
...                          [[10.0], [13.0], [9.0], [9.0]], None, "E", None,
...                          [[100.0], [None], [None], [None]])
>>> chukker, sum(row[0] for row in chukker)
([[-220], [1390], [400], [-190]], 1380)
>>> BRIDGE_CHICAGO("2S", "E", 9.0, 4.0), BRIDGE_CHICAGO("3NT", "N", 9.0, 3.0, "E")
(-190, 400)

Seed 002's typical rubber (Figure 1-2; rules.md §2): THEY (East-West) win by 690, +7:

>>> deals = [["2S", "N", 9.0, None], ["6D", "E", 12.0, None], ["2HXX", "S", 8.0, 100.0],
...          ["3NT", "W", 9.0, None]]
>>> columns = [[[row[i]] for row in deals] for i in range(4)]
>>> BRIDGE_RUBBER(*columns), BRIDGE_RUBBER(*columns, None, "up")
(-690, -7)

Win/loss with the ¾ rule and board-a-match (seed 002 chapters 5 and 14; rules.md §6):

>>> BRIDGE_WL(2.0), BRIDGE_WL(2.0, False), BRIDGE_WL(-7.0)
([[0.75, 0.25]], [[1.0, 0.0]], [[0.0, 1.0]])
>>> BRIDGE_BAM(420.0, 400.0), BRIDGE_BAM(420.0, 420.0), BRIDGE_BAM(-50.0, 100.0)
(1.0, 0.5, 0.0)
"""

from __future__ import annotations

import importlib
import numbers
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

from xlbridge.errors import ScoreSheetError, TravellerError, XlbridgeError
from xlbridge.excel.cells import INTERNAL_ERROR as INTERNAL_ERROR
from xlbridge.excel.cells import (
    OMITTED,
    CellValueError,
    aligned,
    arg_cells,
    arg_count,
    arg_number,
    arg_one,
    arg_option,
    arg_scores,
    arg_text,
    arg_whole,
    as_column,
    board_row,
    board_rows,
    each_distinct,
    each_score,
    elementwise,
    guard,
    is_blank,
    message,
    shown,
)
from xlbridge.scoring.chicago import DEALS_PER_CHUKKER, ChicagoVariant, Chukker
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import board_a_match, butler, butler_datum, cross_imps
from xlbridge.scoring.imps import imps, imps_between
from xlbridge.scoring.masterpoints import Contestants
from xlbridge.scoring.masterpoints import awards as masterpoint_awards
from xlbridge.scoring.matchpoints import neuberg, score_board, top
from xlbridge.scoring.rubber import Deal, Rounding, Rubber
from xlbridge.scoring.session import percentage
from xlbridge.scoring.vp import vp, win_loss
from xlbridge.types import Seat, Side, Vulnerability

__all__ = [
    "BRIDGE_BAM",
    "BRIDGE_BUTLER",
    "BRIDGE_CHICAGO",
    "BRIDGE_DATUM",
    "BRIDGE_DEALER",
    "BRIDGE_IMP",
    "BRIDGE_MP",
    "BRIDGE_MPS",
    "BRIDGE_MP_AWARD",
    "BRIDGE_NEUBERG",
    "BRIDGE_PCT",
    "BRIDGE_RUBBER",
    "BRIDGE_SCORE",
    "BRIDGE_VP",
    "BRIDGE_VUL",
    "BRIDGE_WL",
    "BRIDGE_XIMP",
]  # only the functions, so that ``from xlbridge.udf import *`` takes just them

CATEGORY: Final = "xlbridge"
"""The Excel function category the functions are listed under (classic xlwings)."""


# vp() builds the WBF table up to the blitz margin, which grows with the boards; a cell must not
# hang Excel on a typo such as 1E+9 boards. No match is longer than this.
_MAX_BOARDS = 1000

_F = TypeVar("_F", bound=Callable[..., Any])

# Classic xlwings registers the functions as this module is imported. In Pyodide (xlwings Lite)
# the same import must register nothing: Lite registers every decorated function of a module it
# loads, and the functions are registered there once, by the main.py that ``xlbridge addin lite``
# writes (see xlbridge.excel.lite), with Lite's empty cells read as described at LITE_BLANKS.
_XW: Any = None
if sys.platform != "emscripten":
    try:
        _XW = importlib.import_module("xlwings")
    except ImportError:  # the optional "addin" extra is not installed: plain functions
        _XW = None

ARGUMENTS: Final[dict[str, dict[str, dict[str, Any]]]] = {}
"""Each function's argument options as registered (``ndim``, ``doc``), by function and argument:
classic xlwings gets them here, and ``xlbridge addin lite`` writes the same into main.py."""

LITE_BLANKS: Final[dict[str, tuple[str, ...]]] = {}
"""Each function's arguments where xlwings Lite's 0 is an empty cell.

Lite (Office.js) passes an empty cell as 0, classic xlwings as None. In the arguments listed
beside each function (``@_lite``), 0 is never a value the function takes - a contract, a
declarer, a board or deal number, an option - or it is a result, where 0 tricks must be typed
as the text ``0`` under Lite: so 0 there reads as an empty cell, and a blank traveller row stays
blank instead of scoring. In every other argument (scores, IMPs, counts) 0 is a number.
"""


def _func(**options: Any) -> Callable[[_F], _F]:
    if _XW is None:
        return _identity
    return cast(Callable[[_F], _F], _XW.func(**options))


def _arg(name: str, **options: Any) -> Callable[[_F], _F]:
    def register(f: _F) -> _F:
        ARGUMENTS.setdefault(f.__name__, {})[name] = options
        return f if _XW is None else cast(_F, _XW.arg(name, **options)(f))

    return register


def _lite(*zero_is_blank: str) -> Callable[[_F], _F]:
    """Mark the arguments where Lite's 0 is an empty cell (see :data:`LITE_BLANKS`), and say so
    in the function's docstring. Outermost: the tooltip (the first paragraph) is registered by
    then, and keeps to one line."""

    def mark(f: _F) -> _F:
        LITE_BLANKS[f.__name__] = zero_is_blank
        f.__doc__ = f"{f.__doc__}\n\n{lite_note(zero_is_blank)}"
        return f

    return mark


def lite_note(zero_is_blank: Sequence[str]) -> str:
    """What a function's docstring says of empty cells under xlwings Lite.

    >>> lite_note(["board"])
    'Under xlwings Lite (an empty cell arrives as 0): 0 in board reads as an empty cell.'
    >>> lite_note(["scale", "divisor"])[-46:]
    '0 in scale and divisor reads as an empty cell.'
    """
    head = "Under xlwings Lite (an empty cell arrives as 0):"
    if not zero_is_blank:
        return f"{head} 0 is a number in every argument (an empty score cell is a score of 0)."
    *most, last = zero_is_blank
    names = f"{', '.join(most)} and {last}" if most else last
    text = f"{head} 0 in {names} reads as an empty cell."
    if "result" in zero_is_blank:
        text += " Type a result of no tricks as the text 0."
    return text


def tooltip(name: str) -> str:
    """The one-line description Excel shows for a function: its docstring's first paragraph.

    >>> tooltip("BRIDGE_VUL")
    'Vulnerability of a board: None, NS, EW or All. =BRIDGE_VUL(7) gives All.'
    """
    doc = cast(str, globals()[name].__doc__)
    return doc.split("\n\n")[0]


def _identity(f: _F) -> _F:
    return f


# The argument texts several functions share (the Function Arguments box shows them).
_RESULT_DOC = "Tricks taken (0-13), or =, +1, -2."
_HONOURS_DOC = "Honours held: 100, 150 or 4 aces, then NS or EW if the defenders hold them."


# ---- one row ------------------------------------------------------------------------------


def _score_row(contract: Any, declarer: Any, result: Any, vulnerability: Any) -> int | str:
    if is_blank(contract):
        return ""
    tricks: int | str | None
    if is_blank(result):
        tricks = None
    elif isinstance(result, str):
        tricks = result.strip()
    else:
        tricks = arg_whole(result, "result")
    if is_blank(vulnerability):
        raise CellValueError("vulnerability is blank; give None, NS, EW, All or the board number")
    vul: str | int = (
        vulnerability.strip()
        if isinstance(vulnerability, str)
        else arg_whole(vulnerability, "vulnerability")
    )
    seat = None if is_blank(declarer) else arg_text(declarer, "declarer").strip()
    return score(arg_text(contract, "contract").strip(), seat, tricks, vul)


def _imp_row(points: Any, other_score: Any) -> int | str:
    if is_blank(points):
        return ""
    if other_score is OMITTED:
        return imps(arg_number(points, "points"))
    if is_blank(other_score):
        return ""
    return imps_between(arg_number(points, "score"), arg_number(other_score, "other_score"))


def _board(board: Any) -> int | None:
    return None if is_blank(board) else arg_whole(board, "board")


def _vul_row(board: Any) -> str:
    b = _board(board)
    return "" if b is None else str(Vulnerability.from_board(b))


def _dealer_row(board: Any) -> str:
    b = _board(board)
    return "" if b is None else str(Seat.dealer_of(b))


def _board_mp(score: Any, scores: Any, scale: Any, expected: Any) -> tuple[float, int] | None:
    """NS matchpoints of ``score`` on its traveller, and the full field; None when blank."""
    target = board_row(arg_one(score, "score"), None)
    if target is None:
        return None
    rows = board_rows(arg_cells(scores))
    if target not in rows:
        raise TravellerError(
            f"score {shown(arg_one(score, 'score'))} is not among the scores; "
            "give the whole traveller, this score included"
        )
    full = arg_count(expected, "expected")
    result = score_board(rows, arg_option(scale, "acbl", "scale"), full)
    ns = cast(float, result[rows.index(target)][0])  # a score or adjusted row: never None
    return ns, (sum(r is not None for r in rows) if full is None else full)


def _bam_row(points: Any, other_score: Any) -> float | str:
    if is_blank(points):
        return ""
    if other_score is OMITTED:
        return board_a_match(arg_number(points, "net score"))
    if is_blank(other_score):
        return ""
    return board_a_match(arg_number(points, "score") - arg_number(other_score, "other_score"))


def _flag(value: Any, default: bool, what: str) -> bool:
    """TRUE/FALSE (or 1/0, yes/no) from one cell; blank or left out gives ``default``."""
    value = arg_one(value, what)
    if is_blank(value) or value is OMITTED:
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("true", "yes", "y", "1"):
            return True
        if word in ("false", "no", "n", "0"):
            return False
    elif isinstance(value, numbers.Real) and value in (0, 1):
        return bool(value)
    raise CellValueError(f"{what} {shown(value)} is not TRUE or FALSE")


def _deal(contract: Any, declarer: Any, result: Any, honours: Any) -> Deal | None:
    """One rubber or Chicago deal from its cells; None for a blank row."""
    if is_blank(contract):
        return None
    tricks: int | str | None
    if is_blank(result):
        tricks = None
    elif isinstance(result, str):
        tricks = result.strip()
    else:
        tricks = arg_whole(result, "result")
    seat = None if is_blank(declarer) else arg_text(declarer, "declarer").strip()
    held: str | int = ""
    side: str | None = None
    if not is_blank(honours):
        if isinstance(honours, str):
            words = honours.split()
            if len(words) > 1 and words[-1].upper() in ("NS", "EW"):
                side = words.pop()
            held = " ".join(words)
        else:
            held = arg_whole(honours, "honours")
    return Deal.make(arg_text(contract, "contract").strip(), seat, tricks, held, side)


def _deal_rows(
    contract: Any, declarer: Any, result: Any, honours: Any
) -> list[tuple[int, Deal | XlbridgeError | None]]:
    """Every row of a score sheet: (row number, its deal, or its error, or None when blank)."""
    _, rows = aligned(
        (contract, declarer, result, honours), "give one row per deal in every column"
    )
    found = each_distinct(_deal, rows)
    return [(i, cast(Deal | XlbridgeError | None, d)) for i, d in enumerate(found, 1)]


def _ns_points(items: Any, number: int) -> int:
    """NS's points minus EW's on one deal of a score sheet."""
    return sum(i.points if i.side is Side.NS else -i.points for i in items if i.deal == number)


# Counted deals played before a chukker that a column starts part-way (a deal 3 on its own):
# one down undoubled scores only a penalty, carries no partscore and makes no game, so the
# deal that follows is scored as the rules layer scores it with nothing carried into it.
_NOTHING_CARRIED: Final = Deal.parse("1C N 6")


def _chukker_rows(
    rows: list[tuple[int, Deal | XlbridgeError | None]],
    numbers: list[int | XlbridgeError | None],
    first: Seat,
    variation: ChicagoVariant,
) -> list[Any]:
    """Each row's NS points on its deal, the rows split into chukkers.

    With deal numbers, a 1 starts a chukker and the others must follow in order (a passed-out
    deal repeats its number); a column that starts at deal k carries nothing into it. Without,
    every four counted deals make a chukker. A wrong row spoils the rest of its chukker.
    One row alone gets its message without a row number.
    """
    out: list[Any] = [""] * len(rows)
    chukker: list[tuple[int, Deal]] = []  # (index into rows, deal) of the chukker in play
    start, counted, broken = 1, 0, 0  # first deal's number, deals counted, a wrong row

    # A deal's points depend only on its number, the partscores carried into it and the deal
    # itself: (number, carried, deal) -> (points, carried after), each worked out once by the
    # rules layer, so that 100,000 rows of chukkers take well under a second. Equal rows share
    # one Deal (see _deal_rows), so its id() is the key: hashing a Deal costs more.
    known: dict[tuple[int, tuple[int, int], int], tuple[int, tuple[int, int]]] = {}
    distinct = {id(d): d for _, d in rows if isinstance(d, Deal)}
    passed = {key for key, d in distinct.items() if d.side is None}

    def close() -> None:  # the deals before a wrong row still score: nothing later counts
        carried = (0, 0)
        before: list[Deal] = [_NOTHING_CARRIED] * (start - 1)
        for index, deal in chukker:
            if id(deal) in passed:
                out[index] = 0  # passed out: redealt, not counted
                continue
            number = len(before) + 1
            key = (number, carried, id(deal))
            if key not in known:
                played = Chukker(first, (*before, deal), variation)
                after = (played.partscore(Side.NS), played.partscore(Side.EW))
                known[key] = (_ns_points(played.items, number), after)
            out[index], carried = known[key]
            before.append(deal)

    for index, ((row, deal), given) in enumerate(zip(rows, numbers, strict=True)):
        if deal is None:
            continue
        begun = bool(chukker) or broken
        if isinstance(given, int) and (not begun or (given == 1 and start + counted > 1)):
            close()  # a chukker starts here
            chukker, start, counted, broken = [], given, 0, 0
        elif given is None and start + counted > DEALS_PER_CHUKKER:
            close()
            chukker, start, counted, broken = [], 1, 0, 0
        error: Any = None
        if isinstance(deal, XlbridgeError) or isinstance(given, XlbridgeError):
            error = deal if isinstance(deal, XlbridgeError) else given
        elif isinstance(given, int) and given != start + counted:
            error = (
                f"deal {given} cannot follow deal {start + counted - 1} of a chukker;"
                " number the deals 1-4 in order"
            )
        elif broken:
            error = f"row {broken} of this chukker is wrong"
        if error is not None:
            at = f"row {row}: " if len(rows) > 1 else ""
            out[index] = message("BRIDGE_CHICAGO", f"{at}{error}")
            broken = broken or row
            counted += 1  # keep the chukker's length, so the next one starts where it should
            continue
        assert isinstance(deal, Deal)
        chukker.append((index, deal))
        if id(deal) in passed:
            continue
        counted += 1
    close()
    return out


def _deal_number(value: Any) -> int | XlbridgeError | None:
    if is_blank(value) or value is OMITTED:
        return None
    try:
        n = arg_whole(value, "deal")
    except XlbridgeError as exc:
        return exc
    if not 1 <= n <= DEALS_PER_CHUKKER:
        return ScoreSheetError(f"deal {n} is not a deal of a chukker (1-{DEALS_PER_CHUKKER})")
    return n


# ---- the Excel functions ------------------------------------------------------------------


@_lite("contract", "declarer", "result", "vulnerability")
@_func(category=CATEGORY)
@_arg("contract", ndim=2, doc="Contract: 4S, 3NT, 4HX, 6CXX or PASS (one cell or a column).")
@_arg("declarer", ndim=2, doc="Declarer: N, E, S or W (blank for PASS).")
@_arg("result", ndim=2, doc=_RESULT_DOC)
@_arg("vulnerability", ndim=2, doc="None, NS, EW, All (or Both, -), or the board number.")
@guard
def BRIDGE_SCORE(contract: Any, declarer: Any, result: Any, vulnerability: Any) -> Any:
    """North-South's score on a board (Law 77). =BRIDGE_SCORE("4S","N",10,"None") gives 420.
    Give columns (a traveller) to get a column of scores; a single cell is used for every row.
    """
    return elementwise("BRIDGE_SCORE", _score_row, contract, declarer, result, vulnerability)


@_lite("scale")
@_func(category=CATEGORY)
@_arg("score", doc="The NS score (or adjusted score such as A+) to matchpoint.")
@_arg("scores", ndim=2, doc="Every NS score on the board, this one included (like RANK).")
@_arg("scale", doc="acbl (1/0.5/0, the default) or ebu (2/1/0).")
@_arg("expected", doc="Optional: results expected on the board (Neuberg when more).")
@guard
def BRIDGE_MP(score: Any, scores: Any, scale: Any = "acbl", expected: Any = None) -> Any:
    """NS matchpoints of one score on its board. =BRIDGE_MP(420,{420;450;170}) gives 1.
    Blank cells in scores are boards not played; A, A+, A-, 60/40 are adjusted scores."""
    found = _board_mp(score, scores, scale, expected)
    return "" if found is None else found[0]


@_lite("scale")
@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column (A+, 60/40 for adjusted).")
@_arg("scale", doc="acbl (1/0.5/0, the default) or ebu (2/1/0).")
@_arg("expected", doc="Optional: results expected; fewer results are Neuberg-factored.")
@guard
def BRIDGE_MPS(scores: Any, scale: Any = "acbl", expected: Any = None) -> Any:
    """NS matchpoints of every score on a board: a column. EW gets the top minus NS.
    =BRIDGE_MPS(G2:G8). Neuberg-factored when expected is more than the results."""
    rows = board_rows(arg_cells(scores))
    if all(r is None for r in rows):
        return ""
    board = score_board(rows, arg_option(scale, "acbl", "scale"), arg_count(expected, "expected"))
    return as_column(["" if ns is None else ns for ns, _ in board])


@_lite()
@_func(category=CATEGORY)
@_arg("score", doc="The NS score (or adjusted score such as A+).")
@_arg("scores", ndim=2, doc="Every NS score on the board, this one included.")
@_arg("expected", doc="Optional: results expected on the board (Neuberg when more).")
@guard
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


@_lite()
@_func(category=CATEGORY)
@_arg("points", ndim=2, doc="A points difference; or your score when other_score is given.")
@_arg("other_score", ndim=2, doc="Optional: the score to compare with (other table).")
@guard
def BRIDGE_IMP(points: Any, other_score: Any = OMITTED) -> Any:
    """IMPs (WBF scale), signed: =BRIDGE_IMP(420) gives 9; =BRIDGE_IMP(620,170) gives 10.
    Takes columns too: a column of IMPs."""
    return elementwise("BRIDGE_IMP", _imp_row, points, other_score)


@_lite("divisor")
@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column.")
@_arg("divisor", doc="comparisons (n-1, default), results (n) or total (no division).")
@guard
def BRIDGE_XIMP(scores: Any, divisor: Any = "comparisons") -> Any:
    """NS cross-IMPs of every score on a board (each IMPed against all the others): a column.
    =BRIDGE_XIMP(G2:G8,"results")."""
    return each_score(
        scores, lambda values: cross_imps(values, arg_option(divisor, "comparisons", "divisor"))
    )


_ROUNDING_DOC = (
    "Optional: a datum's exact 5: half-away (default, 425 to 430, -425 to -430), half-even "
    "(ACBLscore) or half-up (-425 to -420)."
)


@_lite("rounding")
@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column.")
@_arg("trim", doc="Optional: scores dropped from each end for the datum.")
@_arg("rounding", doc=_ROUNDING_DOC)
@guard
def BRIDGE_BUTLER(scores: Any, trim: Any = None, rounding: Any = "half-away") -> Any:
    """NS Butler IMPs of every score on a board against the datum: a column.
    =BRIDGE_BUTLER(G2:G8). The datum drops the extremes (trim each end)."""
    how = arg_option(rounding, "half-away", "rounding")
    return each_score(scores, lambda values: butler(values, arg_count(trim, "trim"), None, how))


@_lite("rounding")
@_func(category=CATEGORY)
@_arg("scores", ndim=2, doc="The NS scores of one board, a column.")
@_arg("trim", doc="Optional: scores dropped from each end.")
@_arg("rounding", doc=_ROUNDING_DOC)
@guard
def BRIDGE_DATUM(scores: Any, trim: Any = None, rounding: Any = "half-away") -> Any:
    """The Butler datum of a board: mean NS score without the extremes, to the nearest 10.
    =BRIDGE_DATUM({420;420;450;170;-50}) gives 340; =BRIDGE_DATUM({420;430},,"half-even")
    gives 420."""
    values, _, _ = arg_scores(scores)
    if not values:
        return ""
    how = arg_option(rounding, "half-away", "rounding")
    return butler_datum(values, arg_count(trim, "trim"), how)


@_lite("scale")
@_func(category=CATEGORY)
@_arg("imps", doc="The IMP margin of the side you want first (negative for a loss).")
@_arg("boards", doc="Boards in the match.")
@_arg("scale", doc="wbf (default), wbf-raw, wbf-discrete, acbl20, acbl30, ...")
@guard
def BRIDGE_VP(imps: Any, boards: Any, scale: Any = "wbf") -> Any:
    """Victory points for an IMP margin: a row of two, this side then the other.
    =BRIDGE_VP(14,16) gives 13.75 and 6.25 (WBF 2013 scale)."""
    margin = arg_one(imps, "imps")
    if is_blank(margin):
        return ""
    n = arg_whole(arg_one(boards, "boards"), "boards")
    if n > _MAX_BOARDS:
        raise CellValueError(f"{n} boards is more than a match has (at most {_MAX_BOARDS})")
    first, second = vp(arg_number(margin, "imps"), n, arg_option(scale, "wbf", "scale"))
    return [[first, second]]


@_lite("board")
@_func(category=CATEGORY)
@_arg("board", ndim=2, doc="Board number (1 or more), or a column of them.")
@guard
def BRIDGE_VUL(board: Any) -> Any:
    """Vulnerability of a board: None, NS, EW or All. =BRIDGE_VUL(7) gives All."""
    return elementwise("BRIDGE_VUL", _vul_row, board)


@_lite("board")
@_func(category=CATEGORY)
@_arg("board", ndim=2, doc="Board number (1 or more), or a column of them.")
@guard
def BRIDGE_DEALER(board: Any) -> Any:
    """Dealer of a board: N, E, S or W. =BRIDGE_DEALER(7) gives S."""
    return elementwise("BRIDGE_DEALER", _dealer_row, board)


@_lite("scale")
@_func(category=CATEGORY)
@_arg("mp", doc="Matchpoints scored among the results actually on the board.")
@_arg("results", doc="Results actually on the board.")
@_arg("expected", doc="Results expected on the board.")
@_arg("scale", doc="acbl (1/0.5/0, the default) or ebu (2/1/0).")
@guard
def BRIDGE_NEUBERG(mp: Any, results: Any, expected: Any, scale: Any = "acbl") -> Any:
    """Neuberg: matchpoints factored up to a full board. =BRIDGE_NEUBERG(18,10,11,"ebu")
    gives 19.9."""
    value = arg_one(mp, "mp")
    if is_blank(value):
        return ""
    return neuberg(
        arg_number(value, "mp"),
        arg_whole(arg_one(results, "results"), "results"),
        arg_whole(arg_one(expected, "expected"), "expected"),
        arg_option(scale, "acbl", "scale"),
    )


@_lite("contract", "declarer", "result", "deal", "dealer", "variation", "honours")
@_func(category=CATEGORY)
@_arg(
    "contract", ndim=2, doc="Contract of each deal: 4S, 3NT, 2HXX or PASS (one cell or a column)."
)
@_arg("declarer", ndim=2, doc="Declarer: N, E, S or W (blank for PASS).")
@_arg("result", ndim=2, doc=_RESULT_DOC)
@_arg(
    "deal",
    ndim=2,
    doc="Deal number in the chukker, 1-4. Left out: the rows are the deals in order.",
)
@_arg("dealer", doc="Who dealt the chukker's first deal: N (default), E, S or W.")
@_arg("variation", doc="standard (default: dealer's side vulnerable on deals 2-3) or new-york.")
@_arg("honours", ndim=2, doc=_HONOURS_DOC)
@guard
def BRIDGE_CHICAGO(
    contract: Any,
    declarer: Any,
    result: Any,
    deal: Any = OMITTED,
    dealer: Any = "N",
    variation: Any = "standard",
    honours: Any = None,
) -> Any:
    """Chicago: NS points on each deal, game and 4th-deal premiums included; partscores carry
    through a column's chukker. =BRIDGE_CHICAGO("2S","E",9,4) gives -190. SUM gives the net."""
    rows = _deal_rows(contract, declarer, result, honours)
    given = arg_cells(deal)
    if len(given) == 1:
        number = _deal_number(given[0])
        if len(rows) > 1 and number is not None:
            raise CellValueError("give a deal number for every row, or leave deal out")
        numbers = [number] * len(rows)
    elif len(given) == len(rows):
        numbers = [_deal_number(v) for v in given]
    else:
        raise CellValueError(f"deal has {len(given)} cells for {len(rows)} rows of deals")
    first = Seat.parse(arg_option(dealer, "N", "dealer"))
    variant = ChicagoVariant.parse(arg_option(variation, "standard", "variation"))
    out = _chukker_rows(rows, numbers, first, variant)
    return as_column(out)


@_lite("contract", "declarer", "result", "honours", "ended", "rounding")
@_func(category=CATEGORY)
@_arg(
    "contract", ndim=2, doc="Contract of each deal of the rubber, a column: 4S, 3NT, 2HXX or PASS."
)
@_arg("declarer", ndim=2, doc="Declarer of each deal: N, E, S or W (blank for PASS).")
@_arg("result", ndim=2, doc=_RESULT_DOC)
@_arg("honours", ndim=2, doc=_HONOURS_DOC)
@_arg("ended", doc="TRUE if play stopped before the rubber was won (300/100 premiums).")
@_arg("rounding", doc="Blank: points. up: hundreds, 50 up (seed 002); down: hundreds, 50 dropped.")
@guard
def BRIDGE_RUBBER(
    contract: Any,
    declarer: Any,
    result: Any,
    honours: Any = None,
    ended: Any = False,
    rounding: Any = None,
) -> Any:
    """A rubber's net result for NS (WE) from its deals, above and below the line, rubber bonus
    included. =BRIDGE_RUBBER(B2:B9,C2:C9,D2:D9,E2:E9,,"up") gives hundreds, like -7."""
    deals: list[Deal] = []
    for row, found in _deal_rows(contract, declarer, result, honours):
        if isinstance(found, XlbridgeError):
            raise CellValueError(f"row {row}: {found}")
        if found is not None:
            deals.append(found)
    if not deals:
        return ""
    rubber = Rubber(tuple(deals))
    if _flag(ended, False, "ended"):
        rubber = rubber.end()
    how = arg_option(rounding, "", "rounding")
    if how.lower() in ("", "points", "none"):
        return rubber.net(Side.NS)
    return rubber.rounded_net(Side.NS, Rounding.parse(how))


@_lite("three_quarter")
@_func(category=CATEGORY)
@_arg("imps", doc="The IMP margin of the side you want first (negative for a loss).")
@_arg("three_quarter", doc="TRUE (default): a win by 1-2 IMPs scores 3/4 to 1/4. FALSE: 1/0.")
@guard
def BRIDGE_WL(imps: Any, three_quarter: Any = True) -> Any:
    """Win/loss points of a match: a row of two, this side first: 1 and 0, 1/2 each for a tie,
    3/4 and 1/4 for a win by 1-2 IMPs. =BRIDGE_WL(2) gives 0.75 and 0.25."""
    margin = arg_one(imps, "imps")
    if is_blank(margin):
        return ""
    first, second = win_loss(
        arg_number(margin, "imps"), _flag(three_quarter, True, "three_quarter")
    )
    return [[first, second]]


@_lite()
@_func(category=CATEGORY)
@_arg("points", ndim=2, doc="Your team's NS score at one table; or its net score on the board.")
@_arg("other_score", ndim=2, doc="Optional: the NS score at the other table (your team EW).")
@guard
def BRIDGE_BAM(points: Any, other_score: Any = OMITTED) -> Any:
    """Board-a-match: 1 if your team's net on the board is plus, 1/2 if even, 0 if minus.
    =BRIDGE_BAM(420,400) gives 1. Takes columns: one row per board."""
    return elementwise("BRIDGE_BAM", _bam_row, points, other_score)


def _place(cell: Any, row: int) -> str:
    if isinstance(cell, str):
        return cell.strip()
    return str(arg_whole(cell, f"row {row}: place"))


@_lite("ranks", "contestants")
@_func(category=CATEGORY)
@_arg("ranks", ndim=2, doc="The places of one field, a column: 1, 2, 3=, 3=, 5 ...")
@_arg("boards", doc="Boards in the session (the EBU club scale's rule: 18-35).")
@_arg("contestants", doc="pairs (a two-winner direction's field; default), teams or individual.")
@guard
def BRIDGE_MP_AWARD(ranks: Any, boards: Any, contestants: Any = "pairs") -> Any:
    """EBU club masterpoints to each player of each place of one field: a column.
    =BRIDGE_MP_AWARD(A2:A12,22) gives 40, 30, 20, 10 and then 0s for 11 pairs."""
    cells = arg_cells(ranks)
    where = [i for i, cell in enumerate(cells) if not is_blank(cell)]
    if not where:
        return ""
    places = [_place(cells[i], i + 1) for i in where]
    who = arg_option(contestants, "pairs", "contestants")
    if who not in ("pairs", "teams", "individual"):
        raise CellValueError(f"contestants {who!r} is not one of pairs, teams, individual")
    n = arg_whole(arg_one(boards, "boards"), "boards")
    out: list[Any] = [""] * len(cells)
    for i, award in zip(where, masterpoint_awards(places, n, cast("Contestants", who)),
                        strict=True):  # fmt: skip
        out[i] = award
    return as_column(out)
