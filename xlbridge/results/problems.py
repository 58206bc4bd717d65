"""The problems a workbook's Checks sheet lists, as ``xlbridge results`` reports them: one
:class:`Problem` each (sheet, board, row, what is wrong), and the session's status, provisional
while any problem is open and final once every one is fixed or accepted with OK.

Every family's scored workbook carries its open problems (:class:`HasProblems`); each family
works them out in Python by the same rules its Checks formulas follow, so the list is the
Checks sheet's even in a workbook never calculated.

>>> p = Problem("Board 3", 3, 2, "Board 3, row 2 (1 v 4): declarer missing")
>>> p.to_json()
{'sheet': 'Board 3', 'board': 3, 'row': 2, 'problem': 'Board 3, row 2 (1 v 4): declarer missing'}
>>> status_of([p]), status_of([])
('provisional', 'final')
>>> banner([p])
'PROVISIONAL: 1 open problem on the Checks sheet; fix it or type OK to accept a typed score.'

A workbook with no result entered is not final either: its one open problem is
:data:`NO_RESULTS`, which every output names as such.

>>> status_of([NO_RESULTS])
'no results entered yet'
>>> banner([NO_RESULTS])
'NO RESULTS ENTERED YET: type them on the travellers (or xlbridge import them).'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

__all__ = [
    "EMPTY",
    "NO_RESULTS",
    "PROVISIONAL_EXIT",
    "HasProblems",
    "Problem",
    "Status",
    "banner",
    "from_lines",
    "import_problems",
    "no_results",
    "problem_lines",
    "problems_json",
    "round_status",
    "status_of",
]

Status = Literal["provisional", "final", "no results entered yet"]
PROVISIONAL_EXIT = 3  # ``xlbridge results``: open problems (1 stays "a cell disagrees")
EMPTY: Status = "no results entered yet"


@dataclass(frozen=True, slots=True)
class Problem:
    """One line of the Checks sheet: the sheet it is on, its board and traveller row (None when
    it is about the whole board or sheet) and the line as the Checks sheet shows it."""

    sheet: str
    board: int | None
    row: int | None
    problem: str

    def to_json(self) -> dict[str, Any]:
        """The ``problems`` item of the ``results`` JSON."""
        return {"sheet": self.sheet, "board": self.board, "row": self.row, "problem": self.problem}

    def line(self) -> str:
        """The line written to standard error: the Checks line, after the sheet's name unless
        it starts with it.

        >>> Problem("Match 1", 4, None, "board 4: no result").line()
        'Match 1: board 4: no result'
        >>> Problem("Board 2", 2, 1, "Board 2, row 1 (1 v 2): no result").line()
        'Board 2, row 1 (1 v 2): no result'
        """
        if not self.sheet or self.problem.startswith(self.sheet):
            return self.problem
        return f"{self.sheet}: {self.problem}"


# The open problem of a session with no result entered (pairs, individuals, teams): nothing in
# it is final, and it is no problem the Checks sheet lists.
NO_RESULTS = Problem("", None, None, EMPTY)


def no_results(problems: Sequence[Problem], entered: bool) -> tuple[Problem, ...]:
    """``problems``, or :data:`NO_RESULTS` alone when there are none and no result is
    ``entered``.

    >>> no_results([], entered=False), no_results([], entered=True)
    ((Problem(sheet='', board=None, row=None, problem='no results entered yet'),), ())
    """
    return (NO_RESULTS,) if not problems and not entered else tuple(problems)


def _empty(problems: Sequence[Problem]) -> bool:
    return len(problems) == 1 and problems[0] == NO_RESULTS


class HasProblems(Protocol):
    """A scored workbook of any family: the problems its Checks sheet lists."""

    @property
    def open_problems(self) -> tuple[Problem, ...]: ...


def status_of(problems: Sequence[Problem]) -> Status:
    """``provisional`` while a problem is open, else ``final``; ``no results entered yet`` for
    a session with none (:data:`NO_RESULTS`)."""
    if _empty(problems):
        return EMPTY
    return "provisional" if problems else "final"


NOT_FINAL = "not final"


def round_status(rnd: int, last: int, problems: Sequence[Problem]) -> str:
    """The status of the standings after round ``rnd`` of ``last``: ``not final`` before the
    last round (seed 003: leader charts posted during a session are marked "not final"), then
    the session's :func:`status_of`.

    >>> round_status(12, 13, []), round_status(13, 13, []), round_status(13, 13, [NO_RESULTS])
    ('not final', 'final', 'no results entered yet')
    """
    return NOT_FINAL if rnd < last else status_of(problems)


def banner(problems: Sequence[Problem]) -> str:
    """The line every output opens with while problems are open ("" when there are none)."""
    n = len(problems)
    if not n:
        return ""
    if _empty(problems):
        return "NO RESULTS ENTERED YET: type them on the travellers (or xlbridge import them)."
    it = "it" if n == 1 else "them"
    return (
        f"PROVISIONAL: {n} open problem{'s' if n > 1 else ''} on the Checks sheet;"
        f" fix {it} or type OK to accept a typed score."
    )


def problem_lines(problems: Sequence[Problem]) -> list[str]:
    """The text report's closing lines: every open problem, or that the results are final.

    >>> problem_lines([])
    ['', 'No open problems on the Checks sheet: these results are final.']
    """
    if not problems:
        return ["", "No open problems on the Checks sheet: these results are final."]
    if _empty(problems):
        return ["", "No results entered yet: nothing here is final."]
    n = len(problems)
    head = f"{n} open problem{'s' if n > 1 else ''} on the Checks sheet (results provisional):"
    return ["", head] + [f"  {p.line()}" for p in problems]


_WHERE = re.compile(r"(?P<sheet>[^,:]+)(?:, board (?P<board>[0-9]{1,4}))?[,:] ")


def from_lines(lines: Sequence[str]) -> tuple[Problem, ...]:
    """Problems from a reader's lines ``Sheet, board N: text`` or ``Sheet: text`` (the teams
    and social readers' form).

    >>> from_lines(["Match 1, board 4: no result", "Rubbers, Rubber 1: row 7: contract missing"])
    ... # doctest: +NORMALIZE_WHITESPACE
    (Problem(sheet='Match 1', board=4, row=None, problem='board 4: no result'),
     Problem(sheet='Rubbers', board=None, row=None, problem='Rubber 1: row 7: contract missing'))
    """
    out = []
    for line in lines:
        m = _WHERE.match(line)
        if m is None:
            out.append(Problem("", None, None, line))
            continue
        board = int(m["board"]) if m["board"] else None
        text = line[m.end() :]
        out.append(Problem(m["sheet"], board, None, f"board {board}: {text}" if board else text))
    return tuple(out)


def import_problems(book: Any) -> tuple[Problem, ...]:
    """The lines ``xlbridge import`` left at the foot of a workbook's Checks sheet (``book``, a
    :class:`~xlbridge.workbook.cells.Book`) that the director has not marked OK: each is open
    (:mod:`xlbridge.workbook.import_lines`)."""
    from xlbridge.workbook.import_lines import open_import_lines

    return tuple(Problem("Checks", None, None, line) for line in open_import_lines(book))


def problems_json(problems: Sequence[Problem]) -> dict[str, Any]:
    """The JSON keys every family's results object adds: ``status`` and ``problems``.

    >>> problems_json([])
    {'status': 'final', 'problems': []}
    """
    return {"status": status_of(problems), "problems": [p.to_json() for p in problems]}
