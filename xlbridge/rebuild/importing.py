"""``xlbridge import``: an electronic scorer's results typed into a copy of a session workbook.

The engine is here, for every family: it opens the workbook through the gate, reads the
scorer's rows (:mod:`xlbridge.interchange.scorer_files`), asks the family's filler to place
them on its input cells, lists on the Checks sheet what could not be placed, and writes the copy
atomically. Each family's filler is in its folder (``xlbridge/families/*/importer.py``).

>>> number_in("Team 3", "Team"), number_in(" 12 ", "Team"), number_in("Aces", "Team")
(3, 12, None)
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl.cell.cell import MergedCell

from xlbridge import numerals
from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.interchange.csvio import ascii_int
from xlbridge.interchange.files import write_atomically, xlsx_output
from xlbridge.interchange.gate import load_notes, load_workbook
from xlbridge.interchange.scorer_files import ImportRow, read_results
from xlbridge.interchange.xlsx_write import saver
from xlbridge.movements.field import FIELD_KIND
from xlbridge.movements.registry import FamilyName
from xlbridge.rebuild.notcarried import put_entry
from xlbridge.results.played import Played
from xlbridge.scoring.choices import ResultEntry
from xlbridge.scoring.contract import check_possible_score
from xlbridge.scoring.matchpoints import Adjusted
from xlbridge.types import Contract, Seat, made_or_down, tricks_taken
from xlbridge.workbook import formulas as F
from xlbridge.workbook.cells import (
    Book,
    whole_or_none,
)
from xlbridge.workbook.import_lines import write_import_lines
from xlbridge.workbook.session import family_of_workbook

__all__ = [
    "Filled",
    "Filler",
    "ImportTarget",
    "Imported",
    "Plays",
    "Traveller",
    "cells_for",
    "import_results",
    "names_index",
    "note_problem",
    "number_in",
    "played_of",
    "resolve_name",
    "write_row",
]

_RESULT_CELLS = ("Contract", "By", "Made", "Down", "Tricks", "NS Score", "Adjusted")


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import did: rows filled, rows whose result was already typed, problems."""

    filled: int
    same: int
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()  # what the copy loses (openpyxl drops Excel 2010 extensions)
    numbers: int = 0  # players' federation numbers typed at the tables (Bridgemate)


def played_of(row: ImportRow, result_entry: ResultEntry) -> Played:
    """A scorer's line read into the typed result (:class:`~xlbridge.results.played.Played`)
    that a traveller line holds; raises one line if the contract, declarer or result is not
    one. An adjusted score wins; a score given stands alone when there is no contract, or with
    score entry (``score``), which takes the NS score only.

    >>> played_of(ImportRow("x line 2", 1, contract="4s", declarer="n", result="-2"), "tricks")
    Played(contract='4S', declarer='N', tricks=8, typed_score=None, adjusted='', problem='')
    >>> played_of(ImportRow("x line 3", 1, contract="4S", score="-100"), "score").typed_score
    -100
    """
    if row.adjusted:
        return Played(adjusted=str(Adjusted.parse(row.adjusted)))
    text = row.contract.strip()
    if row.score and (not text or result_entry == "score"):
        points = ascii_int(row.score, what="score")
        if row.board is not None:  # 421 or 99999 is no score (Law 77)
            check_possible_score(points, row.board, "score")
        return Played(typed_score=points)
    if not text:
        raise WorkbookError("no contract, score or adjusted score")
    try:
        c = Contract.parse(text)
    except XlbridgeError as first:
        try:
            return Played(adjusted=str(Adjusted.parse(text)))
        except XlbridgeError:
            raise first from None
    if c.is_pass:
        return Played(str(c))
    by = str(Seat.parse(row.declarer))
    if result_entry == "score" and row.board is None:
        raise WorkbookError("no board number for the contract's score")
    typed = row.result.strip()
    n = numerals.whole_or_none(typed, digits=None, numbers=False)
    return Played(str(c), by, tricks_taken(c, typed if n is None else n))


def cells_for(row: ImportRow, result_entry: ResultEntry) -> dict[str, Any]:
    """The traveller cells (by heading) that hold ``row``'s result (:func:`played_of`); raises
    one line if the contract, declarer or result is not one. Score entry (``score``) takes the
    NS score only: the one given, else the contract's (Law 77, the board's vulnerability)."""
    p = played_of(row, result_entry)
    if p.adjusted:
        return {"Adjusted": p.adjusted}
    if p.typed_score is not None:
        return {"NS Score": p.typed_score}
    if result_entry == "score":
        return {"NS Score": p.ns_score(row.board or 0)}
    if p.tricks is None:  # passed out
        return {"Contract": p.contract}
    out: dict[str, Any] = {"Contract": p.contract, "By": p.declarer}
    if result_entry == "tricks":
        out["Tricks"] = p.tricks
        return out
    made, down = made_or_down(Contract.parse(p.contract), p.tricks)
    out.update({"Made": made} if made is not None else {"Down": down})
    return out


@dataclass
class Traveller:
    ws: Any
    cols: dict[str, int]
    rows: list[tuple[int, str, str, int | None, int | None]]  # sheet row, NS, EW, round, table


@dataclass(frozen=True, slots=True)
class ImportTarget:
    """What a family's filler places rows on: the workbook (opened through the gate, written to
    a copy), its cells as read, the scorer's rows, ``force``, and the two files' paths."""

    wb: Any
    book: Book
    rows: Sequence[ImportRow]
    force: bool
    workbook: str | os.PathLike[str]
    source: str | os.PathLike[str]


Filler = Callable[[ImportTarget], "Filled"]


def import_results(
    workbook: str | os.PathLike[str],
    source: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    filler_for: Callable[[str, FamilyName], tuple[Filler, bool]],
    force: bool = False,
) -> Imported:
    """Read ``source``'s results into a copy of ``workbook`` written to ``out``.
    ``filler_for(kind, family)`` gives the family's filler and whether the scorer's rows of every
    section are read, or refuses the family in one line. A sectioned workbook (``new
    --sections``) reads every section's rows: each is placed on its own section's rows."""
    xlsx_output(out)
    wb = load_workbook(workbook, what="workbook")
    book = Book(wb)
    kind, family = family_of_workbook(book)
    fill, all_sections = filler_for(kind, family)
    all_sections = all_sections or kind == FIELD_KIND
    rows, problems = read_results(source, all_sections=all_sections)
    got = fill(ImportTarget(wb, book, rows, force, workbook, source))
    problems = [*problems, *got.problems]
    problems.sort(key=_line_of)  # in the order of the results file
    _report_on_checks(wb, Path(source).name, problems)
    write_atomically(Path(out), saver(wb), force=force)
    notes = tuple(
        f"{Path(workbook).name}: {n}; the copy {Path(out).name} does not keep it"
        for n in load_notes(wb)
    )
    return Imported(got.filled, got.same, tuple(problems), notes, got.numbers)


def _line_of(problem: str) -> int:
    m = re.search(r" line ([0-9]+)", problem)
    return int(m.group(1)) if m else 0


def _same_value(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().upper() == b.strip().upper()
    return bool(a == b)


def write_row(t: Traveller, r: int, cells: dict[str, Any], force: bool, tc: F.TravellerCols) -> str:
    ws, col = t.ws, t.cols
    for label in cells:
        if label not in col:
            return f"the traveller has no {label} column"
    for label in (*_RESULT_CELLS, *cells):
        if label in col and isinstance(c := ws.cell(row=r, column=col[label]), MergedCell):
            raise WorkbookError(
                f"sheet {ws.title!r}, cell {c.coordinate}: the traveller's {label} cell is merged"
                " with its neighbours; unmerge the cells, then import"
            )
    present: dict[str, Any] = {}
    for label in _RESULT_CELLS:
        if label in col:
            c = ws.cell(row=r, column=col[label])
            if c.value not in (None, "") and c.data_type != "f":
                present[label] = c.value
    if present:
        if set(present) == set(cells) and all(_same_value(present[k], v) for k, v in cells.items()):
            return "same"
        if not force:
            shown = " ".join(f"{k}={v}" for k, v in present.items())
            return f"row {r} already holds {shown}; not replaced (use --force)"
        for label in present:
            c = ws.cell(row=r, column=col[label])
            c.value = F.ns_score(tc, r) if label == "NS Score" else None
    for label, value in cells.items():
        c = ws.cell(row=r, column=col[label])
        put_entry(c, value, f"{ws.title} row {r} {label}")
    return "filled"


@dataclass(frozen=True, slots=True)
class _Play:
    where: str  # "scores.csv line 3: board 1"
    cells: dict[str, Any]
    write: Callable[[], str]  # "filled", "same", or why not


class Plays:
    """The scorer's rows by the play (traveller row, room) they fill, written once all are
    read: the same result again counts as already there; a different one is a conflict the
    director settles, so neither is imported (the first is not silently the one kept).

    >>> plays, wrote = Plays(), []
    >>> plays.add(1, "r.csv line 2: board 1", {"Contract": "4S"}, lambda: "filled")
    >>> plays.add(1, "r.csv line 3: board 1", {"Contract": "4s "}, lambda: "filled")
    >>> plays.add(2, "r.csv line 4: board 2", {"Contract": "4S"}, lambda: "filled")
    >>> plays.add(2, "r.csv line 5: board 2", {"Contract": "3NT"}, lambda: "filled")
    >>> problems = []
    >>> plays.write(problems)
    (1, 1)
    >>> for part in problems[0].split(": "):
    ...     print(part)
    r.csv line 4
    board 2
    r.csv line 5 gives this play another result (Contract 4S / Contract 3NT)
    neither imported; type the one played on the traveller, then OK beside this line
    """

    def __init__(self) -> None:
        self._plays: dict[Hashable, list[_Play]] = {}

    def add(
        self, key: Hashable, where: str, cells: dict[str, Any], write: Callable[[], str]
    ) -> None:
        """The row at ``where`` fills the play ``key`` with ``cells`` by calling ``write``."""
        self._plays.setdefault(key, []).append(_Play(where, cells, write))

    def write(self, problems: list[str]) -> tuple[int, int]:
        """Write every play that is not in conflict; (rows filled, rows already there). Each
        conflict, and each row ``write`` refused, is added to ``problems``."""
        filled = same = 0
        for plays in self._plays.values():
            first = plays[0]
            others = [p for p in plays[1:] if not _same_cells(p.cells, first.cells)]
            if others:
                shown = " / ".join(_shown(p.cells) for p in (first, *others))
                lines = ", ".join(p.where.split(": ")[0] for p in others)
                problems.append(
                    f"{first.where}: {lines} give{'s' if len(others) == 1 else ''} this play"
                    f" another result ({shown}): neither imported; type the one played on the"
                    " traveller, then OK beside this line"
                )
                continue
            same += len(plays) - 1
            status = first.write()
            if status == "same":
                same += 1
            elif status == "filled":
                filled += 1
            else:
                problems.append(f"{first.where}: {status}")
        return filled, same


def _same_cells(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return set(a) == set(b) and all(_same_value(a[k], b[k]) for k in a)


def _shown(cells: dict[str, Any]) -> str:
    return " ".join(f"{k} {v}" for k, v in cells.items())[:60]


def _report_on_checks(wb: Any, source: str, problems: list[str]) -> None:
    write_import_lines(wb, source, problems)  # open problems until the director types OK


_MAX_NAMES = 2000


@dataclass(frozen=True, slots=True)
class Filled:
    """What one family's import placed: rows filled, rows already there, rows refused."""

    filled: int
    same: int
    problems: tuple[str, ...]
    numbers: int = 0  # players' federation numbers put on the Names sheet (Bridgemate)


def number_in(text: str, word: str) -> int | None:
    """A number as a scorer gives it: ``3``, or ``Team 3`` (``word`` then the number)."""
    m = re.fullmatch(rf"\s*(?:{word}\s*)?([0-9]{{1,4}})\s*", text, re.ASCII | re.IGNORECASE)
    return int(m.group(1)) if m else None


def names_index(wb: Any, columns: Sequence[int]) -> tuple[dict[str, set[int]], set[int]]:
    """Names typed on the Names sheet (lower case) → the numbers they belong to; and every
    number the sheet lists (players, teams, Marvin's pairs)."""
    out: dict[str, set[int]] = defaultdict(set)
    numbers: set[int] = set()
    if "Names" not in wb.sheetnames:
        return out, numbers
    ws = wb["Names"]
    for r in range(4, 4 + _MAX_NAMES):
        number = whole_or_none(ws.cell(row=r, column=1).value)
        if number is None:
            break
        numbers.add(number)
        for c in columns:
            cell = ws.cell(row=r, column=c)
            if cell.data_type != "f" and isinstance(cell.value, str) and cell.value.strip():
                out[" ".join(cell.value.split()).lower()].add(number)
    return out, numbers


def resolve_name(text: str, word: str, names: dict[str, set[int]], known: set[int]) -> int | str:
    """The number of a player, pair or team given by number or by name; else why not."""
    n = number_in(text, word)
    if n is None:
        found = names.get(" ".join(text.split()).lower(), set())
        if len(found) > 1:
            return f"the name {text[:30]!r} is on the Names sheet more than once"
        n = next(iter(found), None)
    if n is None or n not in known:
        return f"{word.lower()} {text[:30]!r} is not in this session"
    return n


def note_problem(problems: list[str], where: str, exc: XlbridgeError) -> None:
    problems.append(f"{where}: {str(exc).splitlines()[0][:120]}")
