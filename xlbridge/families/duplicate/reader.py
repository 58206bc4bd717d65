"""The traveller form read back: a pairs or individuals workbook's Session settings, Names, every
``Board N`` traveller's input cells and the stored values of its formula cells (to be compared
with Python, never trusted), as a :class:`~xlbridge.results.session.SessionInput`.

Which family a workbook is, and so which reader reads it, is the families' registry's
(:mod:`xlbridge.families.registry`); teams and social workbooks have readers of their own in
their family folders.

>>> read_traveller_session.__name__
'read_traveller_session'
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.duplicate.names import MAX_NAMES_ROWS, read_names
from xlbridge.families.duplicate.settings import from_session
from xlbridge.families.duplicate.travellers import TravellerSheet, read_traveller
from xlbridge.movements.field import section_of
from xlbridge.movements.registry import FamilyName
from xlbridge.results.problems import Problem, import_problems
from xlbridge.results.session import CachedCell, PairInfo, ResultRow, SessionInput
from xlbridge.scoring.contract import check_possible_score
from xlbridge.scoring.matchpoints import Adjusted
from xlbridge.scoring.strata import LETTERS
from xlbridge.types import Contract, Seat, tricks_from_made_down, tricks_taken
from xlbridge.workbook import formulas_checks as FC
from xlbridge.workbook.cells import (
    BOARD_SHEET,
    Book,
    Sheet,
    date_text,
    headers,
    typed_text,
    whole,
    whole_or_none,
)
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols
from xlbridge.workbook.masterpoints import scale_of_settings
from xlbridge.workbook.session import read_settings

__all__ = ["MAX_PAIRS", "read_traveller_session"]

_BAROMETER_COLS = 200  # the Barometer sheet's columns read (a Sheet holds 200)
MAX_PAIRS = MAX_NAMES_ROWS  # Names and Recap rows read


def _row_texts(ws: Sheet) -> set[str]:
    """Every text in the first ten rows (to tell a pairs Recap from a players' one)."""
    return {
        str(ws.cell(row=r, column=c).value)
        for r in range(1, 11)
        for c in range(1, 5)
        if ws.cell(row=r, column=c).value is not None
    }


def read_traveller_session(formulas: Book, cached: Book, family: FamilyName) -> SessionInput:
    """Read a workbook of the traveller form: ``family`` is ``pairs`` or ``individual`` (each
    traveller row names four players, each credited with the side's score, everyone ranked in
    one field; scored by matchpoints)."""
    session = read_settings(formulas)
    s = from_session(session, formulas)
    pairs = _read_names(formulas)
    sections = s.section_letters
    if sections:
        pairs = [dataclasses.replace(p, section=section_of(p.label, sections)) for p in pairs]
    rows: list[ResultRow] = []
    cache: list[CachedCell] = []
    expected: dict[int, int] = {}
    checks = _Checks(
        TravellerCols.build(s.result_entry, s.scoring),
        frozenset(FC.count_key(p.label) for p in pairs),
    )
    boards, ignored = movement_boards(formulas)
    if not boards:
        raise WorkbookError("the workbook has no 'Board N' traveller sheets")
    for board, name in boards:
        t = read_traveller(formulas, board, name)
        exp = whole_or_none(t.expected.value)
        if exp is not None:
            expected[board] = exp
        board_rows, board_cache = _read_traveller(t, cached[name], checks)
        rows += board_rows
        cache += board_cache
    cache += _recap_cache(formulas, cached)
    cache += _barometer_cache(formulas, cached)
    return SessionInput(
        event=typed_text(session.event, "Session!A1", free_text=True),
        date=date_text(session.get("Date")),
        kind=str(session.get("Movement")),
        scoring=s.scoring,
        scale=s.scale,
        pairs=tuple(pairs),
        rows=tuple(rows),
        expected=expected,
        cached=tuple(cache),
        family=family,
        datum_rounding=s.datum_rounding,
        problems=(*checks.problems, *import_problems(formulas)),
        checked=checks.python,
        ignored=ignored,
        sections=sections,
        section_scoring=s.section_scoring,
        board_sets=s.board_sets,
        handicapped=s.handicapped,
        strata=s.strata,
        masterpoint_scale=scale_of_settings(session),
    )


def movement_boards(wb: Book) -> tuple[list[tuple[int, str]], tuple[str, ...]]:
    """(board, sheet) of each traveller of the movement, in board order, and the names of the
    other ``Board N`` sheets (not scored): the movement's boards are the Recap's board columns
    (xlbridge writes one per board of the movement); a workbook without a Recap has every
    ``Board N`` sheet. ``Board 0001`` is no name xlbridge writes, so it is never board 1."""
    found = [
        (int(m.group(1)), name)
        for name in wb.sheetnames
        if (m := BOARD_SHEET.fullmatch(name)) and name == f"Board {int(m.group(1))}"
    ]
    played = _recap_boards(wb)
    keep = sorted(x for x in found if played is None or x[0] in played)
    kept = {name for _b, name in keep}
    ignored = tuple(n for n in wb.sheetnames if n not in kept and _ANY_BOARD.fullmatch(n))
    return keep, ignored


_ANY_BOARD = re.compile(r"Board *[0-9]+", re.ASCII)
_RECAP_COLUMNS = 250  # a Recap's columns read: 200 boards and the pair's own columns


def _recap_boards(wb: Book) -> set[int] | None:
    """The board numbers heading the Recap's board columns, which run from its third or fourth
    column up to ``Played`` (None: no Recap, or no ``Played`` heading found)."""
    if "Recap" not in wb.sheetnames:
        return None
    ws = wb["Recap"]
    head, _col = headers(ws, "Pair" if "Pair" in _row_texts(ws) else "Player")
    out: set[int] = set()
    for c in range(3, _RECAP_COLUMNS):
        label = ws.cell(row=head, column=c).value
        if label == "Played":
            return out
        n = whole_or_none(label)
        if n is not None and n > 0:
            out.add(n)
    return None


def _read_names(wb: Book) -> list[PairInfo]:
    out: list[PairInfo] = []
    for e in read_names(wb).entries:
        e.checked()
        names = [*e.names, ""]
        out.append(PairInfo(len(out) + 1, e.label, names[0], names[1], e.numbers, e.handicaps,
                            e.masterpoints))  # fmt: skip
    return out


@dataclasses.dataclass
class _Checks:
    """The Checks sheet worked out in Python while the travellers are read: the layout, the
    Names sheet's labels, the problems found, and each problem cell's Python value."""

    cols: TravellerCols
    labels: frozenset[str]
    problems: list[Problem] = dataclasses.field(default_factory=list)
    python: dict[tuple[Any, ...], str] = dataclasses.field(default_factory=dict)

    def board(
        self, t: TravellerSheet, wc: Sheet, at: list[tuple[int, tuple[Any, ...], FC.RowCells]]
    ) -> list[CachedCell]:
        """Check one board's rows (sheet row, contestants N E S W or NS EW, cells as typed),
        as the traveller's issues column and problem cell (row 3) do."""
        c, board, title = self.cols, t.board, t.title
        has = FC.board_has_result(x for _, _, x in at)
        facts = [FC.row_facts(x, c, board, has) for _, _, x in at]
        seen: Counter[str] = Counter(FC.count_key(p) for _, who, _ in at for p in who)
        cache: list[CachedCell] = []
        for (r, who, _), f in zip(at, facts, strict=True):
            issues = FC.python_issues(f)
            if len(who) == 4:  # individuals: N E S W
                issues += FC.player_parts_python(who, seen, self.labels)
                n, e, s, w = (FC.excel_text(x) for x in who)
                ns, ew = f"{n}-{s}", f"{e}-{w}"
            else:
                issues += FC.pair_parts_python(who[0], who[1], seen, self.labels)
                ns, ew = (FC.excel_text(x) for x in who)
            line = FC.row_line(board, r, ns, ew, issues)
            if line:
                self.problems.append(Problem(title, board, r - FIRST_ROW + 1, line))
            cache.append(self._cell(wc, f"{c.problem}{r}", ("check", board, r), line))
        line = FC.board_problem_python(board, facts, t.expected.value)
        if line:
            self.problems.append(Problem(title, board, None, line))
        cache.append(self._cell(wc, f"{c.problem}3", ("check", board, 0), line))
        return cache

    def _cell(self, wc: Sheet, ref: str, key: tuple[Any, ...], line: str) -> CachedCell:
        self.python[key] = line
        return CachedCell(wc.title, ref, key, wc[ref].value)


def _read_traveller(
    t: TravellerSheet, wc: Sheet, checks: _Checks
) -> tuple[list[ResultRow], list[CachedCell]]:
    seats, col, board = t.seats, t.columns, t.board
    t.require(*seats[0], *seats[1], "Contract", "By", "NS Score", "EW Score")
    mp_label = "NS MP" if "NS MP" in col else "NS IMP"
    ew_label = "EW MP" if "EW MP" in col else "EW IMP"
    rows: list[ResultRow] = []
    cache: list[CachedCell] = []
    checked: list[tuple[int, tuple[Any, ...], FC.RowCells]] = []
    for row in t.rows:
        r, v = row.row, row.value

        def at(label: str, r: int = r) -> str:  # the cell as the user finds it: Board 1!C6
            return t.at(label, r)

        result = _read_row(at, board, r, row.ns, row.ew, v)
        if not result.adjusted and result.typed_score is not None:
            checks.problems += _impossible(t.title, board, r, result.typed_score, at("NS Score"))
        if checks.cols.score_entry:  # the typed score is the result; the contract is a note
            result = dataclasses.replace(result, contract="", declarer="", tricks=None,
                                         problem=_score_problem(result))  # fmt: skip
        score = row.cell("NS Score")
        score_formula = score is not None and score.data_type == "f"
        who = tuple(v(x) for x in (("NS", "EW") if len(seats[0]) == 1 else ("N", "E", "S", "W")))
        checked.append((r, who, FC.RowCells(
            v("Contract"), v("By"), v("Made"), v("Down"), v("Tricks"),
            None if score_formula else v("NS Score"), v("OK"), v("Adjusted"),
        )))  # fmt: skip
        if "Group" in col:  # a fouled board's group (Law 87), written by xlbridge rebuild
            result = dataclasses.replace(result, group=whole_or_none(v("Group")) or 0)
        if len(seats[0]) > 1:  # individuals: each player credited with the side's score
            result = dataclasses.replace(result, ns_members=row.ns_side, ew_members=row.ew_side)
        rows.append(result)
        key = ("row", board, r)
        cells = [("EW Score", "score_ew"), (mp_label, "mp_ns"), (ew_label, "mp_ew")]
        if score_formula:  # a score typed over the formula is no formula value
            cells.append(("NS Score", "score_ns"))
        for label, what in cells:
            if label in col:
                c = wc.cell(row=r, column=col[label])
                cache.append(CachedCell(t.title, c.coordinate, (*key, what), c.value))
    return rows, cache + checks.board(t, wc, checked)


def _impossible(sheet: str, board: int, r: int, points: float, where: str) -> list[Problem]:
    """An open problem for a typed NS score no contract can make on the board (Law 77)."""
    try:
        check_possible_score(points, board, where)
    except XlbridgeError as exc:
        return [Problem(sheet, board, r - FIRST_ROW + 1, f"{exc}: fix it")]
    return []


def _read_row(
    at: Callable[[str], str],
    board: int,
    r: int,
    ns: str,
    ew: str,
    v: Callable[[str], Any],
) -> ResultRow:
    contract_v, by_v = v("Contract"), v("By")
    problem = ""
    contract = declarer = ""
    tricks: int | None = None
    typed: float | None = None
    score_cell = v("NS Score")
    if isinstance(score_cell, int | float) and not isinstance(score_cell, bool):
        if math.isfinite(score_cell) and abs(score_cell) < 2**53:
            # Scored as the workbook scores it; one no contract can make (421) is named as an
            # open problem by _impossible, so the session stays provisional until it is fixed.
            typed = float(score_cell)
        else:
            problem = f"NS Score {score_cell:g} is no number a spreadsheet holds exactly"
    elif isinstance(score_cell, str) and score_cell.strip() and not score_cell.startswith("="):
        problem = f"NS Score {score_cell[:20]!r} is not a number"
    adjusted = typed_text(v("Adjusted"), at("Adjusted")).upper()
    bad_adjusted = ""
    if adjusted:
        try:
            Adjusted.parse(adjusted)
        except XlbridgeError as exc:
            bad_adjusted = str(exc)
    rnd, table = whole_or_none(v("Round")), whole_or_none(v("Table"))
    try:
        text = typed_text(contract_v, at("Contract"))
        if text:
            c = Contract.parse(text)
            contract = str(c)
            if not c.is_pass:
                by = typed_text(by_v, at("By"))
                declarer = str(Seat.parse(by)) if by else ""
                tricks = _tricks(c, v)
            elif any(v(x) not in (None, "") for x in ("Made", "Down", "Tricks")):
                # As the traveller: no score for a passed-out board with a result typed.
                problem = problem or "result on a passed-out board"
    except (XlbridgeError, ValueError) as exc:
        problem = problem or str(exc).splitlines()[0][:120]
    return ResultRow(
        board=board, row=r, round=rnd, table=table, ns=ns, ew=ew, contract=contract,
        declarer=declarer, tricks=tricks, typed_score=typed, adjusted=adjusted, problem=problem,
        bad_adjusted=bad_adjusted,
    )  # fmt: skip


def _score_problem(r: ResultRow) -> str:
    """Score entry: the row's problem is its NS Score's (text typed there), never the
    contract's, which is a note. A score no contract gives is on the Checks sheet."""
    return r.problem if r.problem.startswith("NS Score") else ""


def _tricks(c: Contract, v: Callable[[str], Any]) -> int | None:
    if v("Tricks") is not None:
        t = whole(v("Tricks"))
        return None if t is None else tricks_taken(c, t)
    return tricks_from_made_down(c, whole(v("Made")), whole(v("Down")))


_ROUND_FIELD = re.compile(r"(played|score|rank) ([0-9]{1,4})")


def _barometer_cache(formulas: Book, cached: Book) -> list[CachedCell]:
    """A barometer game's standings after each round (the ``Barometer`` sheet's calculation
    area: a header row ``Pair``, ``Dir``, ``played 1``, ``score 1``, ... and one row a pair in
    the Recap's order), keyed ``("round", r, pair, what)``."""
    if "Barometer" not in formulas.sheetnames or "Recap" not in formulas.sheetnames:
        return []
    ws, wc, recap = formulas["Barometer"], cached["Barometer"], formulas["Recap"]
    recap_head, _ = headers(recap, "Pair")
    fields: list[tuple[str, int, int]] = []
    for head in range(1, 11):
        for c in range(1, _BAROMETER_COLS + 1):
            text = ws.cell(row=head, column=c).value
            if isinstance(text, str) and (m := _ROUND_FIELD.fullmatch(text)):
                fields.append((m.group(1), int(m.group(2)), c))
        if fields:
            break
    out: list[CachedCell] = []
    for i in range(MAX_PAIRS):
        label = typed_text(recap.cell(row=recap_head + 1 + i, column=1).value,
                           what=f"Recap!A{recap_head + 1 + i}")  # fmt: skip
        if not label or label.endswith("check total") or label == "Check total":
            break
        for what, rnd, c in fields:
            cell = wc.cell(row=head + 1 + i, column=c)
            out.append(CachedCell("Barometer", cell.coordinate, ("round", rnd, label, what),
                                  cell.value))  # fmt: skip
    return out


def _recap_cache(formulas: Book, cached: Book) -> list[CachedCell]:
    if "Recap" not in formulas.sheetnames:
        return []
    ws, wc = formulas["Recap"], cached["Recap"]
    head, col = headers(ws, "Pair" if "Pair" in _row_texts(ws) else "Player")
    out: list[CachedCell] = []
    what = {"Played": "played", "Total": "total", "%": "pct", "Avg": "pct", "Rank": "rank",
            "Dir rank": "seat_rank", "Section rank": "section_rank", "Hcp": "handicap",
            "Hcp %": "handicapped_pct", "Hcp rank": "handicapped_rank", "Stratum": "stratum",
            **{f"Rank {x}": f"rank {x}" for x in LETTERS}}  # fmt: skip
    for r in range(head + 1, head + 1 + MAX_PAIRS):
        label = typed_text(ws.cell(row=r, column=1).value, what=f"Recap!A{r}")
        if not label or label.endswith("check total") or label == "Check total":
            break
        for heading, key in what.items():
            if heading in col:
                c = wc.cell(row=r, column=col[heading])
                out.append(CachedCell("Recap", c.coordinate, ("pair", label, key), c.value))
    return out
