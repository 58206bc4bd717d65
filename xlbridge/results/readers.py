"""Workbook readers, one per game family, in a registry: a family added later adds its reader.

A reader takes the input cells of a filled workbook (typed results, settings, names) and the
stored values of its formula cells (to be compared with Python, never trusted), and returns a
:class:`~xlbridge.results.session.SessionInput`. Every workbook is opened through the gate
(:func:`xlbridge.interchange.gate.load_workbook`) and never written.

Teams and social workbooks have readers of their own (:mod:`xlbridge.results.read_teams`,
:mod:`xlbridge.results.read_social`) that score them completely and return a
:class:`~xlbridge.results.read_family.ScoredWorkbook`.

>>> sorted(READERS)
['individual', 'pairs', 'social', 'teams']
>>> reader_for("chess")
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: results cannot read chess workbooks yet; it reads individual, ...
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.interchange.csvio import check_field
from xlbridge.interchange.gate import load_workbook
from xlbridge.movements.registry import FAMILIES
from xlbridge.results.read_family import ScoredWorkbook
from xlbridge.results.read_social import read_social
from xlbridge.results.read_teams import read_teams
from xlbridge.results.session import (
    CachedCell,
    PairInfo,
    ResultRow,
    SessionInput,
    SessionResults,
    score_session,
)
from xlbridge.scoring.matchpoints import Adjusted
from xlbridge.types import Contract, Seat

__all__ = ["READERS", "family_of_workbook", "read_individual", "read_pairs", "read_workbook",
           "reader_for", "register_reader", "score_workbook"]  # fmt: skip

_MAX_COLS = 200  # columns read on a sheet (the traveller's helpers end at column AT)
_MAX_SHEET_ROWS = 2100  # rows read on a sheet


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell as read: value, openpyxl data type (``f`` formula, ``s`` text, ``n`` number)."""

    value: Any
    data_type: str
    coordinate: str


class Sheet:
    """A worksheet read once, row by row, into memory (bounded by ``_MAX_SHEET_ROWS`` rows and
    ``_MAX_COLS`` columns); cells are then looked up by coordinates in constant time."""

    def __init__(self, ws: Any) -> None:
        self.title: str = ws.title
        self._cells: dict[tuple[int, int], Cell] = {}
        for row in ws.iter_rows(max_col=_MAX_COLS):
            if row and getattr(row[0], "row", 0) > _MAX_SHEET_ROWS:
                break
            for c in row:
                if c.value is not None:  # EmptyCell (no row) has value None
                    r, k = c.row, c.column
                    self._cells[(r, k)] = Cell(c.value, c.data_type, f"{get_column_letter(k)}{r}")

    def cell(self, row: int, column: int) -> Cell:
        got = self._cells.get((row, column))
        return got or Cell(None, "n", f"{get_column_letter(column)}{row}")

    def __getitem__(self, ref: str) -> Cell:
        col, row = coordinate_from_string(ref)
        return self.cell(row, column_index_from_string(col))


class Book:
    """A workbook opened read-only through the gate; sheets are read when first asked for."""

    def __init__(self, wb: Workbook) -> None:
        self._wb = wb
        self.sheetnames: list[str] = list(wb.sheetnames)
        self._sheets: dict[str, Sheet] = {}

    def __getitem__(self, name: str) -> Sheet:
        if name not in self._sheets:
            self._sheets[name] = Sheet(self._wb[name])
        return self._sheets[name]


Reader = Callable[[Book, Book], SessionInput | ScoredWorkbook]
READERS: dict[str, Reader] = {}

_BOARD_SHEET = re.compile(r"Board ([0-9]{1,4})")
_MAX_ROWS = 1000  # traveller rows read per board (range 1 .. 1,000)
_MAX_PAIRS = 2000  # Names rows read (range 1 .. 2,000)


def register_reader(family: str, reader: Reader) -> None:
    """Make ``reader`` read workbooks of ``family`` (``pairs``, ``individual``, ...)."""
    READERS[family] = reader


def reader_for(family: str) -> Reader:
    """The reader of a family, or one line naming the families that can be read."""
    try:
        return READERS[family]
    except KeyError:
        raise WorkbookError(
            f"results cannot read {family} workbooks yet; it reads {', '.join(sorted(READERS))}"
            " workbooks"
        ) from None


def _session_values(wb: Book) -> dict[str, Any]:
    if "Session" not in wb.sheetnames:
        raise WorkbookError("the workbook has no 'Session' sheet: not an xlbridge session workbook")
    ws = wb["Session"]
    out: dict[str, Any] = {"event": ws["A1"].value}
    for r in range(3, 40):
        label = ws.cell(row=r, column=1).value
        if isinstance(label, str) and label:
            out.setdefault(label, ws.cell(row=r, column=2).value)
    return out


def family_of_workbook(wb: Book) -> tuple[str, str]:
    """(kind, family) from the Session sheet's ``Movement`` line (``Kind`` on teams and
    social workbooks)."""
    values = _session_values(wb)
    kind = values.get("Movement") or values.get("Kind")
    if not isinstance(kind, str) or not kind:
        raise WorkbookError("Session sheet: no 'Movement' or 'Kind' line naming the kind")
    return kind, FAMILIES.get(kind, "pairs")


def read_workbook(path: str | os.PathLike[str]) -> SessionResults | ScoredWorkbook:
    """Read a filled workbook of any family through the gate and score it again in Python."""
    formulas = Book(load_workbook(path, read_only=True, what="workbook"))
    cached = Book(load_workbook(path, data_only=True, read_only=True, what="workbook"))
    _kind, family = family_of_workbook(formulas)
    got = reader_for(family)(formulas, cached)
    return score_session(got) if isinstance(got, SessionInput) else got


def score_workbook(path: str | os.PathLike[str]) -> SessionResults:
    """Read a filled pairs or individuals workbook through the gate and score it again in
    Python (teams and social workbooks: :func:`read_workbook`)."""
    got = read_workbook(path)
    if not isinstance(got, SessionResults):
        raise WorkbookError(
            f"this is a {got.family} workbook; session tables are for pairs and individuals"
            " (use xlbridge results FILE --format json)"
        )
    return got


def _text(value: Any, what: str, free_text: bool = False) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return check_field(str(value).strip(), what=what, free_text=free_text)


def _whole(value: Any) -> int | None:
    if isinstance(value, bool) or value is None or value == "":
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,3}", value.strip()):
        return int(value.strip())
    raise ValueError(value)


def _headers(ws: Sheet, want: str) -> tuple[int, dict[str, int]]:
    for r in range(1, 11):
        labels: dict[str, int] = {}
        for c in range(1, 40):
            v = ws.cell(row=r, column=c).value
            if isinstance(v, str) and v.strip():
                labels.setdefault(v.strip(), c)
        if want in labels:
            return r, labels
    raise WorkbookError(f"sheet {ws.title!r}: no header row with {want!r}")


def _row_texts(ws: Sheet) -> set[str]:
    """Every text in the first ten rows (to tell a pairs Recap from a players' one)."""
    return {
        str(ws.cell(row=r, column=c).value)
        for r in range(1, 11)
        for c in range(1, 5)
        if ws.cell(row=r, column=c).value is not None
    }


def _scoring(settings: dict[str, Any]) -> tuple[str, str]:
    text = str(settings.get("Scoring") or "").lower()
    scoring = (
        "mp" if text.startswith("matchpoints") else
        "butler" if text.startswith("butler") else
        "ximp" if text.startswith("cross") else ""
    )  # fmt: skip
    if not scoring:
        raise WorkbookError(f"Session sheet: scoring {text!r} is not matchpoints, Butler or cross")
    scale = "ebu" if "EBU" in str(settings.get("Matchpoint scale") or "") else "acbl"
    return scoring, scale


def read_pairs(formulas: Book, cached: Book) -> SessionInput:
    """Read a pairs workbook: Session settings, Names, every ``Board N`` traveller's input
    cells, and the stored values of the traveller and Recap formula cells."""
    return _read_session(formulas, cached, "pairs")


def read_individual(formulas: Book, cached: Book) -> SessionInput:
    """Read an individuals workbook: as a pairs workbook, but each traveller row names four
    players (``N``, ``S``, ``E``, ``W``), each credited with their side's score, and everyone is
    ranked in one field. Individual games are scored by matchpoints."""
    return _read_session(formulas, cached, "individual")


def _read_session(formulas: Book, cached: Book, family: str) -> SessionInput:
    settings = _session_values(formulas)
    if family == "individual" and "Scoring" not in settings:
        recap = formulas["Recap"]["C2"].value if "Recap" in formulas.sheetnames else ""
        settings["Scoring"] = "matchpoints"
        settings.setdefault("Matchpoint scale", "EBU" if "EBU" in str(recap) else "ACBL")
    scoring, scale = _scoring(settings)
    pairs = _read_names(formulas)
    rows: list[ResultRow] = []
    cache: list[CachedCell] = []
    expected: dict[int, int] = {}
    boards = sorted(
        (int(m.group(1)), name)
        for name in formulas.sheetnames
        if (m := _BOARD_SHEET.fullmatch(name))
    )
    if not boards:
        raise WorkbookError("the workbook has no 'Board N' traveller sheets")
    for board, name in boards:
        ws, wc = formulas[name], cached[name]
        exp = _whole_or_none(ws["H2"].value)
        if exp is not None:
            expected[board] = exp
        board_rows, board_cache = _read_traveller(ws, wc, board)
        rows += board_rows
        cache += board_cache
    cache += _recap_cache(formulas, cached)
    return SessionInput(
        event=_text(settings.get("event"), "Session!A1", free_text=True),
        date=_date_text(settings.get("Date")),
        kind=str(settings.get("Movement")),
        scoring=scoring,
        scale=scale,
        pairs=tuple(pairs),
        rows=tuple(rows),
        expected=expected,
        cached=tuple(cache),
        family=family,
    )


def _date_text(value: Any) -> str:
    """The Session date as text: a date typed as a date becomes ``YYYY-MM-DD``."""
    if isinstance(value, datetime.datetime | datetime.date):
        return value.strftime("%Y-%m-%d")
    return _text(value, what="Session date")


def _whole_or_none(v: Any) -> int | None:
    try:
        return _whole(v)
    except ValueError:
        return None


def _read_names(wb: Book) -> list[PairInfo]:
    if "Names" not in wb.sheetnames:
        raise WorkbookError("the workbook has no 'Names' sheet")
    ws = wb["Names"]
    one_name = ws["B3"].value == "Name"  # individuals: one player a row
    out: list[PairInfo] = []
    for r in range(4, 4 + _MAX_PAIRS):
        label = _text(ws.cell(row=r, column=1).value, what=f"Names!A{r}")
        if not label:
            break
        cells = [ws.cell(row=r, column=c) for c in ((2,) if one_name else (2, 3))]
        # A name typed as a formula has no value to read (its result is not trusted); a name
        # stored as text that starts with "=" is a name.
        names = ["" if c.data_type == "f" else _text(c.value, f"Names!{c.coordinate}", True)
                 for c in cells] + [""]  # fmt: skip
        out.append(PairInfo(len(out) + 1, label, names[0], names[1]))
    return out


def _read_traveller(ws: Sheet, wc: Sheet, board: int) -> tuple[list[ResultRow], list[CachedCell]]:
    head, col = _headers(ws, "Contract")
    seats = (("NS",), ("EW",)) if "NS" in col else (("N", "S"), ("E", "W"))
    for need in (*seats[0], *seats[1], "Contract", "By", "NS Score", "EW Score"):
        if need not in col:
            raise WorkbookError(f"sheet {ws.title!r}: no {need!r} column in row {head}")
    mp_label = "NS MP" if "NS MP" in col else "NS IMP"
    ew_label = "EW MP" if "EW MP" in col else "EW IMP"
    rows: list[ResultRow] = []
    cache: list[CachedCell] = []
    for r in range(head + 1, head + 1 + _MAX_ROWS):

        def v(label: str, r: int = r) -> Any:
            return ws.cell(row=r, column=col[label]).value if label in col else None

        ns_m, ew_m = (
            tuple(_text(v(seat), f"{ws.title}!{seat}{r}") for seat in side) for side in seats
        )
        if not any(ns_m) and not any(ew_m):
            break
        result = _read_row(ws.title, board, r, "-".join(ns_m), "-".join(ew_m), v)
        if "Group" in col:  # a fouled board's group (Law 87), written by xlbridge rebuild
            result = dataclasses.replace(result, group=_whole_or_none(v("Group")) or 0)
        if len(seats[0]) > 1:  # individuals: each player credited with the side's score
            result = dataclasses.replace(result, ns_members=ns_m, ew_members=ew_m)
        rows.append(result)
        key = ("row", board, r)
        cells = [("EW Score", "score_ew"), (mp_label, "mp_ns"), (ew_label, "mp_ew")]
        if result.typed_score is None:
            cells.append(("NS Score", "score_ns"))
        for label, what in cells:
            if label in col:
                c = wc.cell(row=r, column=col[label])
                cache.append(CachedCell(ws.title, c.coordinate, (*key, what), c.value))
    return rows, cache


def _read_row(
    sheet: str, board: int, r: int, ns: str, ew: str, v: Callable[[str], Any]
) -> ResultRow:
    contract_v, by_v = v("Contract"), v("By")
    problem = ""
    contract = declarer = ""
    tricks: int | None = None
    typed: float | None = None
    score_cell = v("NS Score")
    if isinstance(score_cell, int | float) and not isinstance(score_cell, bool):
        typed = float(score_cell)
    elif isinstance(score_cell, str) and score_cell.strip() and not score_cell.startswith("="):
        problem = f"NS Score {score_cell[:20]!r} is not a number"
    adjusted = _text(v("Adjusted"), f"{sheet} row {r} Adjusted").upper()
    bad_adjusted = ""
    if adjusted:
        try:
            Adjusted.parse(adjusted)
        except XlbridgeError as exc:
            bad_adjusted = str(exc)
    rnd, table = _whole_or_none(v("Round")), _whole_or_none(v("Table"))
    try:
        text = _text(contract_v, f"{sheet} row {r} Contract")
        if text:
            c = Contract.parse(text)
            contract = str(c)
            if not c.is_pass:
                by = _text(by_v, f"{sheet} row {r} By")
                declarer = str(Seat.parse(by)) if by else ""
                tricks = _tricks(c, v)
    except (XlbridgeError, ValueError) as exc:
        problem = problem or str(exc).splitlines()[0][:120]
    return ResultRow(
        board=board, row=r, round=rnd, table=table, ns=ns, ew=ew, contract=contract,
        declarer=declarer, tricks=tricks, typed_score=typed, adjusted=adjusted, problem=problem,
        bad_adjusted=bad_adjusted,
    )  # fmt: skip


def _tricks(c: Contract, v: Callable[[str], Any]) -> int | None:
    if v("Tricks") is not None:
        t = _whole(v("Tricks"))
        if t is not None and not 0 <= t <= 13:
            raise ValueError(f"Tricks {t} is not 0-13")
        return t
    made, down = _whole(v("Made")), _whole(v("Down"))
    if made is not None and down is not None:
        raise ValueError("both Made and Down are filled")
    if made is not None:
        if not c.level <= made <= 7:
            raise ValueError(f"Made {made} is not {c.level}-7 for {c}")
        return made + 6
    if down is not None:
        if not 1 <= down <= c.tricks_needed:
            raise ValueError(f"Down {down} is not 1-{c.tricks_needed} for {c}")
        return c.tricks_needed - down
    return None


def _recap_cache(formulas: Book, cached: Book) -> list[CachedCell]:
    if "Recap" not in formulas.sheetnames:
        return []
    ws, wc = formulas["Recap"], cached["Recap"]
    head, col = _headers(ws, "Pair" if "Pair" in _row_texts(ws) else "Player")
    out: list[CachedCell] = []
    what = {"Played": "played", "Total": "total", "%": "pct", "Avg": "pct", "Rank": "rank"}
    for r in range(head + 1, head + 1 + _MAX_PAIRS):
        label = _text(ws.cell(row=r, column=1).value, what=f"Recap!A{r}")
        if not label or label.endswith("check total") or label == "Check total":
            break
        for heading, key in what.items():
            if heading in col:
                c = wc.cell(row=r, column=col[heading])
                out.append(CachedCell("Recap", c.coordinate, ("pair", label, key), c.value))
    return out


register_reader("pairs", read_pairs)
register_reader("individual", read_individual)
register_reader("teams", read_teams)
register_reader("social", read_social)
