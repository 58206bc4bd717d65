"""The checks on a traveller row, each written twice side by side: the Excel formula part the
``Board N`` sheet's hidden issues column joins (and the Checks sheet lists), and the Python
rule ``xlbridge results`` applies to the same typed cells. One list (:data:`RESULT_CHECKS`)
orders both, so the two cannot drift apart: a recalculated workbook's Checks lines are the
Python lines, which tests prove in LibreOffice and ``results`` compares cell by cell.

A check's Python side reads :class:`RowFacts` (the row's cells as typed, and what the hidden
helpers make of them: :func:`row_facts`); its result is the formula's text, "" or a problem
ending "; ".

>>> c = TravellerCols.build("made-down", "mp")
>>> facts = row_facts(RowCells(contract="4H", made=4), c, board=1, board_has=True)
>>> python_issues(facts)
'declarer missing; '
>>> row_line(1, 6, "3", "5", python_issues(facts))
'Board 1, row 1 (3 v 5): declarer missing'
>>> python_issues(row_facts(RowCells(contract="4H", by="N", made=4, score=600), c, 1, True))
'NS Score 600 typed over the formula (420 computed): type OK in the row to accept it; '
>>> python_issues(row_facts(RowCells("4H", "N", 4, score=600, ok="OK"), c, 1, True))
''
>>> python_issues(row_facts(RowCells("4S", "N", down=6), c, 1, True))
'4S down 6: 5 or more down, check the result: type OK in the row to accept it; '
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from xlbridge.scoring.contract import score, score_sizes
from xlbridge.scoring.plausible import IMPLAUSIBLE_DOWN, implausible_down, implausible_text
from xlbridge.types import Contract, Seat
from xlbridge.workbook.formulas import (
    FIRST_ROW,
    SCORES_LIST,
    BoardRange,
    TravellerCols,
    accepted_col,
    text_literal,
)

__all__ = [
    "IMPLAUSIBLE_DOWN",
    "OK_HINT",
    "RESULT_CHECKS",
    "SCORE_CHECKS",
    "RowCells",
    "RowFacts",
    "bad_contract_py",
    "board_problem",
    "board_problem_python",
    "count_key",
    "excel_text",
    "excel_trim",
    "implausible_py",
    "is_filled",
    "is_number",
    "pair_parts_python",
    "player_parts",
    "player_parts_python",
    "python_issues",
    "result_issue_parts",
    "result_py",
    "row_facts",
    "row_issues",
    "row_line",
    "row_message",
    "score_text_py",
    "typed_over_py",
    "understood_adjusted",
]

# IMP games take only the Law 86A adjusted scores (``imp_pairs.adjusted_imps``).
_ADJ_IMP_HINT = " (IMP games: A+, A or A-, or NS/EW as A+/A-)"


# -- Excel's view of a cell, for the Python side ----------------------------------------------


def excel_text(v: Any) -> str:
    """A cell's value as ``&`` joins it in a formula: numbers without a trailing ``.0``.

    >>> excel_text(420.0), excel_text(-0.5), excel_text(None), excel_text("4H ")
    ('420', '-0.5', '', '4H ')
    """
    if v is None:
        return ""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, int | float):
        f = float(v)
        return str(int(f)) if f.is_integer() else f"{f:.15g}"
    return str(v)


def is_filled(v: Any) -> bool:
    """``x<>""``: the cell holds something (a number, or text that is not empty)."""
    return v is not None and v != ""


def excel_trim(v: Any) -> str:
    """``TRIM(x)``: the text with spaces trimmed and runs of spaces made one."""
    return " ".join(p for p in excel_text(v).split(" ") if p)


def is_number(v: Any) -> bool:
    """``ISNUMBER(x)``."""
    return isinstance(v, int | float) and not isinstance(v, bool)


@dataclass(frozen=True, slots=True)
class RowCells:
    """A traveller row's input cells as typed (None: empty); ``score`` is a number or text
    typed into NS Score (None while the formula is in place)."""

    contract: Any = None
    by: Any = None
    made: Any = None
    down: Any = None
    tricks: Any = None
    score: Any = None
    ok: Any = None
    adjusted: Any = None


@dataclass(frozen=True, slots=True)
class RowFacts:
    """A row's cells and what the traveller's hidden helpers make of them: the contract parsed
    (``ok``, ``is_pass``, ``level``), declarer's side, the result's problem, the computed NS
    score (``calc``), the NS Score shown (``shown``), and whether the board has any result.
    ``score_entry``: NS Score is the entry (``--result-entry score``)."""

    cells: RowCells
    tricks_entry: bool
    imp: bool
    ok: bool
    is_pass: bool
    level: int
    side: str
    result_msg: str
    calc: float | None
    shown: Any
    board_has: bool
    score_entry: bool = False


def row_facts(x: RowCells, c: TravellerCols, board: int, board_has: bool) -> RowFacts:
    """The hidden helpers of ``formulas.score_cells`` worked out in Python: ``contract_ok`` and
    ``is_pass`` (``Contract.parse``), ``declarer_side``, ``result_message`` and ``ns_calc``
    (``scoring.contract.score``)."""
    tricks_entry = c.result_entry == "tricks"
    try:
        parsed: Contract | None = (
            Contract.parse(excel_trim(x.contract)) if is_filled(x.contract) else None
        )
    except ValueError:  # an XlbridgeError, or anything else Contract.parse refuses
        parsed = None
    ok = parsed is not None
    is_pass = bool(parsed and parsed.is_pass)
    level = parsed.level if parsed and not parsed.is_pass else 0
    by = excel_trim(x.by).upper()
    side = (
        "NS" if by in ("N", "S", "NORTH", "SOUTH") else
        "EW" if by in ("E", "W", "EAST", "WEST") else ""
    )  # fmt: skip
    msg = _result_message(x, ok, is_pass, level, tricks_entry)
    calc: float | None = None
    if ok and is_pass and not msg:
        calc = 0.0
    elif ok and not is_pass and side and not msg:
        t = _tricks(x, level, tricks_entry)
        if t is not None:
            assert parsed is not None
            calc = float(score(parsed, Seat.N if side == "NS" else Seat.E, t, board))
    # Score entry: the NS Score cell holds no formula, so it shows what was typed or nothing.
    shown = x.score if x.score is not None or c.score_entry else calc
    return RowFacts(x, tricks_entry, c.scoring != "mp", ok, is_pass, level, side, msg, calc,
                    shown, board_has, c.score_entry)  # fmt: skip


def _tricks(x: RowCells, level: int, tricks_entry: bool) -> int | None:
    """``formulas.tricks``: Made + 6, level + 6 − Down, or the Tricks column."""
    if tricks_entry:
        return int(x.tricks) if is_number(x.tricks) else None
    if is_number(x.made) and not is_filled(x.down):
        return int(x.made) + 6
    if is_number(x.down) and not is_filled(x.made):
        return level + 6 - int(x.down)
    return None


def _result_message(x: RowCells, ok: bool, is_pass: bool, lv: int, tricks_entry: bool) -> str:
    """``formulas.result_message`` in Python."""
    if not ok:
        return ""
    if tricks_entry:
        t = x.tricks
        if is_pass:
            return "tricks on a passed-out board" if is_filled(t) else ""
        if not is_filled(t):
            return "tricks missing"
        if not is_number(t):
            return f"tricks {excel_text(t)} not a number"
        if t != int(t) or t < 0 or t > 13:
            return f"tricks {excel_text(t)} cannot happen (0-13)"
        return ""
    m, d = x.made, x.down
    if is_pass:
        return "result on a passed-out board" if is_filled(m) or is_filled(d) else ""
    if is_filled(m) and is_filled(d):
        return "Made and Down both filled"
    if not is_filled(m) and not is_filled(d):
        return "Made or Down missing"
    if is_filled(m):
        if not is_number(m):
            return f"Made {excel_text(m)} not a number"
        if m != int(m) or m < lv or m > 7:
            return f"Made {excel_text(m)} cannot happen on a {lv}-level contract"
        return ""
    if not is_number(d):
        return f"Down {excel_text(d)} not a number"
    if d != int(d) or d < 1 or d > lv + 6:
        return f"Down {excel_text(d)} cannot happen on a {lv}-level contract"
    return ""


@cache
def understood_adjusted(imp: bool) -> frozenset[str]:
    """The adjusted-score texts of the Lists sheet's table (``adjusted_pct``'s VLOOKUP)."""
    from xlbridge.workbook.lists import adjusted_texts, imp_adjusted_rows

    if imp:
        return frozenset(t.upper() for t, _, _ in imp_adjusted_rows())
    return frozenset(t.upper() for t in adjusted_texts())


def _adjusted_understood(f: RowFacts) -> bool:
    a = f.cells.adjusted
    return excel_text(a).replace(" ", "").upper() in understood_adjusted(f.imp)


def _any_input(f: RowFacts) -> bool:
    x = f.cells
    if f.score_entry:
        return is_filled(x.score)
    inputs = [x.contract, x.by] + ([x.tricks] if f.tricks_entry else [x.made, x.down])
    return any(is_filled(v) for v in inputs)


# -- the checks: formula part, then its Python twin --------------------------------------------

Formula = Callable[[TravellerCols, BoardRange, int], str]
Rule = Callable[[RowFacts], str]


def _inputs(c: TravellerCols, r: int) -> str:
    if c.score_entry:
        return f'${c.ns_score}{r}<>""'
    con, by = f"${c.contract}{r}", f"${c.by}{r}"
    inputs = [con, by] + ([f"${c.made}{r}", f"${c.down}{r}"] if c.made else [f"${c.tricks_in}{r}"])
    return "OR(" + ",".join(f'{x}<>""' for x in inputs) + ")"


def _bad_contract(c: TravellerCols, b: BoardRange, r: int) -> str:
    con = f"${c.contract}{r}"
    return f'IF(AND(TRIM({con})<>"",${c.ok}{r}=0),"contract "&{con}&" does not parse; ","")'


def bad_contract_py(f: RowFacts) -> str:
    con = f.cells.contract
    return f"contract {excel_text(con)} does not parse; " if excel_trim(con) and not f.ok else ""


def _no_contract(c: TravellerCols, b: BoardRange, r: int) -> str:
    return f'IF(AND(TRIM(${c.contract}{r})="",{_inputs(c, r)}),"contract missing; ","")'


def _no_contract_py(f: RowFacts) -> str:
    return "contract missing; " if not excel_trim(f.cells.contract) and _any_input(f) else ""


def _declarer(c: TravellerCols, b: BoardRange, r: int) -> str:
    by = f"${c.by}{r}"
    return (
        f'IF(AND(${c.ok}{r}=1,${c.is_pass}{r}=0,${c.side}{r}=""),'
        f'IF(TRIM({by})="","declarer missing; ","declarer "&{by}&" is not N, E, S or W; "),"")'
    )


def _declarer_py(f: RowFacts) -> str:
    if not f.ok or f.is_pass or f.side:
        return ""
    by = f.cells.by
    if not excel_trim(by):
        return "declarer missing; "
    return f"declarer {excel_text(by)} is not N, E, S or W; "


def _result(c: TravellerCols, b: BoardRange, r: int) -> str:
    return f'IF(${c.result_msg}{r}<>"",${c.result_msg}{r}&"; ","")'


def result_py(f: RowFacts) -> str:
    return f"{f.result_msg}; " if f.result_msg else ""


def _score_text(c: TravellerCols, b: BoardRange, r: int) -> str:
    sc = f"${c.ns_score}{r}"
    return f'IF(AND({sc}<>"",NOT(ISNUMBER({sc}))),"NS Score "&{sc}&" is not a number; ","")'


def score_text_py(f: RowFacts) -> str:
    sc = f.shown
    if is_filled(sc) and not is_number(sc):
        return f"NS Score {excel_text(sc)} is not a number; "
    return ""


def _impossible(c: TravellerCols, b: BoardRange, r: int) -> str:
    # Score entry only: a whole number whose size no contract scores (Law 77).
    sc = f"${c.ns_score}{r}"
    return (
        f"IF(ISNUMBER({sc}),IF(COUNTIF({SCORES_LIST},ABS({sc}))=0,"
        f'"NS Score "&{sc}&" is no bridge score; ",""),"")'
    )


def _impossible_py(f: RowFacts) -> str:
    sc = f.shown
    if not is_number(sc) or abs(sc) in score_sizes():
        return ""
    return f"NS Score {excel_text(sc)} is no bridge score; "


OK_HINT = ": type OK in the row to accept it"


def _typed_over(c: TravellerCols, b: BoardRange, r: int) -> str:
    # A score the director marked accepted (OK column) is no longer a problem (Law 79C).
    sc, calc = f"${c.ns_score}{r}", f"${c.calc}{r}"
    return (
        f'IF(TRIM(${accepted_col(c)}{r})<>"","",'
        f'IF(AND(ISNUMBER({sc}),{calc}=""),"NS Score "&{sc}&" typed over the formula{OK_HINT}; ",'
        f'IF(AND(ISNUMBER({sc}),ISNUMBER({calc})),IF({sc}<>{calc},"NS Score "&{sc}&'
        f'" typed over the formula ("&{calc}&" computed){OK_HINT}; ",""),"")))'
    )


def typed_over_py(f: RowFacts) -> str:
    sc, calc = f.shown, f.calc
    if excel_trim(f.cells.ok) or not is_number(sc):
        return ""
    if calc is None:
        return f"NS Score {excel_text(sc)} typed over the formula{OK_HINT}; "
    if sc != calc:
        x, y = excel_text(sc), excel_text(calc)
        return f"NS Score {x} typed over the formula ({y} computed){OK_HINT}; "
    return ""


def _bad_adjusted(c: TravellerCols, b: BoardRange, r: int) -> str:
    adj, hint = f"${c.adjusted}{r}", _ADJ_IMP_HINT if c.scoring != "mp" else ""
    return (
        f'IF(AND(TRIM({adj})<>"",${c.adj_ns}{r}=""),'
        f'"adjusted score "&{adj}&" not understood{hint}; ","")'
    )


def _bad_adjusted_py(f: RowFacts) -> str:
    adj, hint = f.cells.adjusted, _ADJ_IMP_HINT if f.imp else ""
    if not excel_trim(adj) or _adjusted_understood(f):
        return ""
    return f"adjusted score {excel_text(adj)} not understood{hint}; "


def _both(c: TravellerCols, b: BoardRange, r: int) -> str:
    adj = f"${c.adjusted}{r}"
    return f'IF(AND(TRIM({adj})<>"",{_inputs(c, r)}),"both a result and an adjusted score; ","")'


def _both_py(f: RowFacts) -> str:
    both = excel_trim(f.cells.adjusted) and _any_input(f)
    return "both a result and an adjusted score; " if both else ""


# Issue 30: a result 5 or more down is possible but most often a slip (the level made typed as the
# tricks taken): named until the director types OK (the rule: xlbridge/scoring/plausible.py).
def _implausible(c: TravellerCols, b: BoardRange, r: int) -> str:
    t, lv, n = f"${c.tricks}{r}", f"${c.level}{r}", IMPLAUSIBLE_DOWN
    return (
        f'IF(AND(TRIM(${accepted_col(c)}{r})="",${c.is_pass}{r}=0,ISNUMBER(${c.calc}{r}),'
        f"ISNUMBER({t})),IF({lv}+6-{t}>={n},TRIM(${c.contract}{r})&\" down \"&({lv}+6-{t})&"
        f'": {n} or more down, check the result{OK_HINT}; ",""),"")'
    )


def implausible_py(f: RowFacts) -> str:
    if excel_trim(f.cells.ok) or f.is_pass or f.calc is None:
        return ""
    t = _tricks(f.cells, f.level, f.tricks_entry)
    if t is None or implausible_down(f.level, t) is None:
        return ""
    down = excel_text(f.level + 6 - t)
    return f"{implausible_text(excel_trim(f.cells.contract), down)}{OK_HINT}; "


def _no_result(c: TravellerCols, b: BoardRange, r: int) -> str:
    sc, adj = f"${c.ns_score}{r}", f"${c.adjusted}{r}"
    # COUNTA, not COUNTIF "?*": LibreOffice matches "?*" against numbers too, Excel does not.
    has = f"(COUNT({b.col(c.ns_score)})+COUNTA({b.col(c.adjusted)})+COUNTA({b.col(c.contract)}))>0"
    return (
        f'IF(AND({has},NOT({_inputs(c, r)}),NOT(ISNUMBER({sc})),TRIM({adj})=""),"no result; ","")'
    )


def _no_result_py(f: RowFacts) -> str:
    blank = not _any_input(f) and not is_number(f.shown) and not excel_trim(f.cells.adjusted)
    return "no result; " if f.board_has and blank else ""


RESULT_CHECKS: tuple[tuple[Formula, Rule], ...] = (
    (_bad_contract, bad_contract_py),
    (_no_contract, _no_contract_py),
    (_declarer, _declarer_py),
    (_result, result_py),
    (_score_text, score_text_py),
    (_typed_over, typed_over_py),
    (_bad_adjusted, _bad_adjusted_py),
    (_both, _both_py),
    (_no_result, _no_result_py),
    (_implausible, implausible_py),
)
# Score entry (``--result-entry score``): the typed NS Score is the result; Contract, By, Made
# and Down are there for information only and are not checked.
SCORE_CHECKS: tuple[tuple[Formula, Rule], ...] = (
    (_score_text, score_text_py),
    (_impossible, _impossible_py),
    (_bad_adjusted, _bad_adjusted_py),
    (_both, _both_py),
    (_no_result, _no_result_py),
)


def result_issue_parts(c: TravellerCols, b: BoardRange, r: int) -> list[str]:
    """The problems of one row's result cells (not its contestants), each text ending "; ".

    Shared by the pairs traveller (:func:`row_issues`) and the individual one.
    """
    checks = SCORE_CHECKS if c.score_entry else RESULT_CHECKS
    return [formula(c, b, r) for formula, _ in checks]


def python_issues(f: RowFacts) -> str:
    """:func:`result_issue_parts` in Python: the row's result problems, each ending "; ".

    >>> c = TravellerCols.build("score", "mp")
    >>> python_issues(row_facts(RowCells(contract="4H", score=425), c, 1, True))
    'NS Score 425 is no bridge score; '
    >>> python_issues(row_facts(RowCells(contract="4H"), c, 1, True))
    'no result; '
    """
    checks = SCORE_CHECKS if f.score_entry else RESULT_CHECKS
    return "".join(rule(f) for _, rule in checks)


def board_has_result(rows: Iterable[RowFacts | RowCells]) -> bool:
    """The ``no result`` check's board test: a number in NS Score, or an Adjusted or Contract
    cell filled, on any row of the board (COUNT and COUNTA)."""
    for x in rows:
        if isinstance(x, RowFacts):
            if is_number(x.shown) or is_filled(x.cells.adjusted) or is_filled(x.cells.contract):
                return True
        elif is_number(x.score) or is_filled(x.adjusted) or is_filled(x.contract):
            return True
    return False


# -- the pairs traveller's contestants, and the row's line on Checks ----------------------------


def row_issues(c: TravellerCols, b: BoardRange, r: int, pairs: str) -> str:
    """Every problem of one traveller row, each followed by "; " ("" when none).

    ``pairs`` is the range of pair labels on the Names sheet.
    """
    ns, ew = f"${c.ns}{r}", f"${c.ew}{r}"
    ns_col, ew_col = b.col(c.ns), b.col(c.ew)
    parts = [
        *result_issue_parts(c, b, r),
        f"IF(COUNTIF({ns_col},{ns})+COUNTIF({ew_col},{ns})>1,"
        f'"pair "&{ns}&" twice on this board; ","")',
        f"IF(COUNTIF({ns_col},{ew})+COUNTIF({ew_col},{ew})>1,"
        f'"pair "&{ew}&" twice on this board; ","")',
        f'IF(COUNTIF({pairs},{ns})=0,"pair "&{ns}&" is not in this game; ","")',
        f'IF(COUNTIF({pairs},{ew})=0,"pair "&{ew}&" is not in this game; ","")',
    ]
    return "=" + "&".join(parts)


def count_key(v: Any) -> str:
    """What COUNTIF compares: the text of the value, case ignored.

    >>> count_key(3) == count_key("3"), count_key("a") == count_key("A")
    (True, True)
    """
    return excel_text(v).strip().upper()


def pair_parts_python(ns: Any, ew: Any, on_board: Counter[str], labels: frozenset[str]) -> str:
    """:func:`row_issues`' contestant checks in Python: ``on_board`` counts each label in the
    board's NS and EW columns, ``labels`` are the Names sheet's (each by :func:`count_key`)."""
    out = ""
    for x in (ns, ew):
        if on_board[count_key(x)] > 1:
            out += f"pair {excel_text(x)} twice on this board; "
    for x in (ns, ew):
        if count_key(x) not in labels:
            out += f"pair {excel_text(x)} is not in this game; "
    return out


def player_parts(seats: Sequence[str], b: BoardRange, r: int, players: str) -> list[str]:
    """The individual traveller's contestant checks: each of the four player numbers (columns
    ``seats``, in N, E, S, W order) filled, a player of this game (``players``: the Names
    sheet's numbers) and on the board once, as ``scoring.individual.credit`` requires."""
    cols = [b.col(x) for x in seats]
    out = []
    for seat, col in zip("NESW", seats, strict=True):
        x = f"${col}{r}"
        times = "+".join(f"COUNTIF({rng},{x})" for rng in cols)
        out.append(
            f'IF(TRIM({x})="","{seat} player missing; ",'
            f'IF({times}>1,"player "&{x}&" twice on this board; ","")'
            f'&IF(COUNTIF({players},{x})=0,"player "&{x}&" is not in this game; ",""))'
        )
    return out


def player_parts_python(
    seats: Sequence[Any], on_board: Counter[str], players: frozenset[str]
) -> str:
    """:func:`player_parts` in Python: ``seats`` are the N, E, S, W cells as typed,
    ``on_board`` counts each player on the board, ``players`` the Names sheet's numbers (each
    by :func:`count_key`).

    >>> player_parts_python([1, 2, None, 9], Counter({"1": 1, "2": 1, "9": 1}), frozenset("12"))
    'S player missing; player 9 is not in this game; '
    """
    out = ""
    for seat, x in zip("NESW", seats, strict=True):
        if not excel_trim(x):
            out += f"{seat} player missing; "
            continue
        if on_board[count_key(x)] > 1:
            out += f"player {excel_text(x)} twice on this board; "
        if count_key(x) not in players:
            out += f"player {excel_text(x)} is not in this game; "
    return out


def row_message(c: TravellerCols, r: int, board: int) -> str:
    """The row's problems prefixed with board and row, without the last "; ", or ""."""
    issues = f"${c.issues}{r}"
    where = (
        text_literal(f"Board {board}, row {r - FIRST_ROW + 1} (")
        + f'&${c.ns}{r}&" v "&${c.ew}{r}&"): "'
    )
    return f'=IF({issues}="","",{where}&LEFT({issues},LEN({issues})-2))'


def row_line(board: int, r: int, who_ns: str, who_ew: str, issues: str) -> str:
    """:func:`row_message` in Python ("" when ``issues`` is empty)."""
    if not issues:
        return ""
    return f"Board {board}, row {r - FIRST_ROW + 1} ({who_ns} v {who_ew}): {issues[:-2]}"


def board_problem(board: int, status: str, n: str, adj: str, field: str) -> str:
    """A board-level problem: out of balance, or more results than expected."""
    return (
        f'=IF({status}="OUT OF BALANCE",{text_literal(f"Board {board}: out of balance")},'
        f'IF({n}+{adj}>{field},{text_literal(f"Board {board}: more results than Expected")},""))'
    )


def board_problem_python(board: int, facts: Iterable[RowFacts], expected: Any) -> str:
    """:func:`board_problem` in Python. Python's matchpoints always add up to the check
    total, so only "more results than Expected" can arise here; a workbook whose board is out
    of balance disagrees with Python in that cell."""
    rows = list(facts)
    n = sum(1 for f in rows if is_number(f.shown) and not excel_trim(f.cells.adjusted))
    adj = sum(1 for f in rows if excel_trim(f.cells.adjusted) and _adjusted_understood(f))
    field = expected if is_number(expected) else n + adj
    return f"Board {board}: more results than Expected" if n + adj > field else ""
