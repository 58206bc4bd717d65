"""The checks on a match sheet, each written twice side by side: the Excel formula part the
board row's hidden issues column joins (and the Checks sheet lists), and the Python rule
``xlbridge results`` applies to the same typed cells, as :mod:`xlbridge.workbook.formulas_checks`
does for a traveller row (whose :class:`~xlbridge.workbook.formulas_checks.RowFacts` and
:func:`~xlbridge.workbook.formulas_checks.row_facts` work out each room's hidden helpers here
too). One list (:data:`ROOM_CHECKS`) orders both sides, so a recalculated workbook's Checks
lines are the Python lines.

>>> from xlbridge.workbook.formulas_checks import RowCells
>>> room1 = RowCells("4S", "N", 4, score=500)
>>> room2 = RowCells("4S", None, 4)
>>> issues = python_row_issues(board=1, rooms=(room1, room2), adjusted=None)
>>> row_line(1, 1, issues).split("; ")  # doctest: +NORMALIZE_WHITESPACE
['Match 1, board 1: room 1: NS Score 500 typed over the formula (420 computed)',
 'room 2: declarer missing or not N, E, S, W']
>>> python_row_issues(1, (RowCells("4S", "N", 4, score=500, ok="OK"), RowCells()), None)
''
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xlbridge.families.teams.formulas import ADJ_COL, ADJ_HOME_COL, ISSUES_COL, OK_COLS, room_cols
from xlbridge.workbook import formulas_checks as FC
from xlbridge.workbook.formulas import TravellerCols, text_literal
from xlbridge.workbook.formulas_checks import RowCells, RowFacts, excel_text

__all__ = [
    "ROOM_CHECKS",
    "python_row_issues",
    "row_issues",
    "row_line",
    "row_message",
    "winner_problem",
    "winner_problem_python",
]

_ADJ_HINT = " (A+, A, A-, or Home/Away as A+/A-)"

RoomFormula = Callable[[TravellerCols, int, int], str]  # the room's columns, sheet row, room
RoomRule = Callable[[RowFacts], str]  # the problem without the room's tag, or ""


def _tag(room: int) -> str:
    return f"room {room}: "


def _bad_contract(c: TravellerCols, r: int, room: int) -> str:
    tag = _tag(room)
    con = f"${c.contract}{r}"
    return f'IF(AND(TRIM({con})<>"",${c.ok}{r}=0),"{tag}contract "&{con}&" does not parse; ","")'


def _no_contract(c: TravellerCols, r: int, room: int) -> str:
    tag = _tag(room)
    anyin = f'OR(${c.by}{r}<>"",${c.made}{r}<>"",${c.down}{r}<>"")'
    return f'IF(AND(TRIM(${c.contract}{r})="",{anyin}),"{tag}contract missing; ","")'


def _no_contract_py(f: RowFacts) -> str:
    x = f.cells
    anyin = any(FC.is_filled(v) for v in (x.by, x.made, x.down))
    return "contract missing; " if not FC.excel_trim(x.contract) and anyin else ""


def _declarer(c: TravellerCols, r: int, room: int) -> str:
    tag = _tag(room)
    return (
        f'IF(AND(${c.ok}{r}=1,TRIM(${c.contract}{r})<>"",${c.is_pass}{r}=0,${c.side}{r}=""),'
        f'"{tag}declarer missing or not N, E, S, W; ","")'
    )


def _declarer_py(f: RowFacts) -> str:
    # A contract that parses is never blank, so TRIM(contract)<>"" adds nothing in Python.
    return "declarer missing or not N, E, S, W; " if f.ok and not f.is_pass and not f.side else ""


def _result(c: TravellerCols, r: int, room: int) -> str:
    tag = _tag(room)
    con, msg = f"${c.contract}{r}", f"${c.result_msg}{r}"
    return f'IF(AND(TRIM({con})<>"",{msg}<>""),"{tag}"&{msg}&"; ","")'


def _score_text(c: TravellerCols, r: int, room: int) -> str:
    tag = _tag(room)
    sc = f"${c.ns_score}{r}"
    return f'IF(AND({sc}<>"",NOT(ISNUMBER({sc}))),"{tag}NS Score "&{sc}&" is not a number; ","")'


def _typed_over(c: TravellerCols, r: int, room: int) -> str:
    tag = _tag(room)
    # A score the director marked accepted (the room's OK) is no longer a problem (Law 79C).
    sc, calc, ok = f"${c.ns_score}{r}", f"${c.calc}{r}", f"${OK_COLS[room]}{r}"
    return (
        f'IF(TRIM({ok})<>"","",'
        f'IF(AND(ISNUMBER({sc}),{calc}=""),"{tag}NS Score "&{sc}&" typed over the formula; ",'
        f'IF(AND(ISNUMBER({sc}),ISNUMBER({calc})),IF({sc}<>{calc},"{tag}NS Score "&{sc}&'
        f'" typed over the formula ("&{calc}&" computed); ",""),"")))'
    )


def typed_over_py(f: RowFacts) -> str:
    # The pairs rule (``f.cells.ok`` is the room's OK cell); a match sheet's text has no hint.
    return FC.typed_over_py(f).replace(FC.OK_HINT, "")


def _implausible(c: TravellerCols, r: int, room: int) -> str:
    # Issue 30: 5 or more down is named until the room's OK (the pairs rule and text).
    tag, ok, n = _tag(room), f"${OK_COLS[room]}{r}", FC.IMPLAUSIBLE_DOWN
    t, lv = f"${c.tricks}{r}", f"${c.level}{r}"
    return (
        f'IF(AND(TRIM({ok})="",${c.is_pass}{r}=0,ISNUMBER(${c.calc}{r}),ISNUMBER({t})),'
        f'IF({lv}+6-{t}>={n},"{tag}"&TRIM(${c.contract}{r})&" down "&({lv}+6-{t})&'
        f'": {n} or more down, check the result; ",""),"")'
    )


def _implausible_py(f: RowFacts) -> str:
    return FC.implausible_py(f).replace(FC.OK_HINT, "")


# The pairs traveller's rules where the teams text and test are the same (the tag aside).
ROOM_CHECKS: tuple[tuple[RoomFormula, RoomRule], ...] = (
    (_bad_contract, FC.bad_contract_py),
    (_no_contract, _no_contract_py),
    (_declarer, _declarer_py),
    (_result, FC.result_py),
    (_score_text, FC.score_text_py),
    (_typed_over, typed_over_py),
    (_implausible, _implausible_py),
)


def _bad_adjusted(r: int) -> str:
    a = f"${ADJ_COL}{r}"
    return (
        f'IF(AND(TRIM({a})<>"",${ADJ_HOME_COL}{r}=""),'
        f'"adjusted score "&{a}&" not understood{_ADJ_HINT}; ","")'
    )


def _bad_adjusted_py(adjusted: Any) -> str:
    """``adjusted_imps``' lookup (``imp_adjusted_rows``) in Python: a text it does not find."""
    if not FC.excel_trim(adjusted):
        return ""
    if excel_text(adjusted).replace(" ", "").upper() in FC.understood_adjusted(True):
        return ""
    return f"adjusted score {excel_text(adjusted)} not understood{_ADJ_HINT}; "


def row_issues(c1: TravellerCols, c2: TravellerCols, r: int, adjusted: bool) -> str:
    """Problems of one board row, each followed by "; ": each room's :data:`ROOM_CHECKS`, then
    the Adjusted score's (``adjusted``: the sheet has an Adjusted column)."""
    parts = [formula(c, r, room) for room, c in ((1, c1), (2, c2)) for formula, _ in ROOM_CHECKS]
    if adjusted:
        parts.append(_bad_adjusted(r))
    return "=" + "&".join(parts)


def python_row_issues(board: int, rooms: Sequence[RowCells], adjusted: Any) -> str:
    """:func:`row_issues` in Python: ``rooms`` are room 1's and room 2's cells as typed (``ok``
    the room's OK cell), ``adjusted`` the Adjusted cell (None: empty or no such column)."""
    out = ""
    for room, x in enumerate(rooms, start=1):
        f = FC.row_facts(x, room_cols(room), board, board_has=False)
        out += "".join(f"{_tag(room)}{text}" for _, rule in ROOM_CHECKS if (text := rule(f)))
    return out + _bad_adjusted_py(adjusted)


def row_message(r: int, match: int, board: int) -> str:
    """The row's problems prefixed with the match and board, without the last "; "."""
    i = f"${ISSUES_COL}{r}"
    return f'=IF({i}="","",{text_literal(f"Match {match}, board {board}: ")}&LEFT({i},LEN({i})-2))'


def row_line(match: int, board: int, issues: str) -> str:
    """:func:`row_message` in Python ("" when ``issues`` is empty)."""
    return f"Match {match}, board {board}: {issues[:-2]}" if issues else ""


def winner_problem(
    match: int, done: str, home: str, away: str, h: str, a: str, override: str
) -> str:
    """A knockout match's problem: a typed winner that is not one of its teams, or a finished
    match tied with no winner typed (``knockout_next`` needs a winner)."""
    o = f"TRIM({override})"
    where = text_literal(f"Match {match}: ")
    return (
        f'=IF(AND({o}<>"",{override}<>{home},{override}<>{away}),{where}&"winner "&{override}'
        f'&" is neither "&{home}&" nor "&{away},IF(AND({o}="",{done}=1,{h}={a}),'
        f'{where}&"tied; type the winner after extra boards",""))'
    )


def winner_problem_python(
    match: int, done: bool, home: Any, away: Any, h: float, a: float, override: Any
) -> str:
    """:func:`winner_problem` in Python: ``home``/``away`` the team numbers shown (None:
    blank), ``h``/``a`` the margins, ``override`` the "Winner if tied" cell as typed.

    >>> winner_problem_python(2, True, 2, 3, 10.0, 4.0, 9)
    'Match 2: winner 9 is neither 2 nor 3'
    >>> winner_problem_python(1, True, 1, 4, 7.0, 7.0, None)
    'Match 1: tied; type the winner after extra boards'
    """
    typed = FC.excel_trim(override) != ""
    if typed and not _same(override, home) and not _same(override, away):
        return (
            f"Match {match}: winner {excel_text(override)} is neither {excel_text(home)}"
            f" nor {excel_text(away)}"
        )
    if not typed and done and h == a:
        return f"Match {match}: tied; type the winner after extra boards"
    return ""


def _same(x: Any, y: Any) -> bool:
    """Excel's ``=``: numbers by value, texts ignoring case, a number never equal to a text
    (a blank is 0 beside a number and "" beside a text)."""
    if y is None:
        y = 0 if FC.is_number(x) else ""
    if FC.is_number(x) and FC.is_number(y):
        return float(x) == float(y)
    if isinstance(x, str) and isinstance(y, str):
        return x.upper() == y.upper()
    return False
