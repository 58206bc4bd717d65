"""What the director typed into a pairs session workbook, and its settings (the pairs rebuild
adapter reads them from here): every input cell, read through the results engine's reader
(:mod:`xlbridge.families.duplicate.reader`, which opens the file through the gate and never
writes it).

Each traveller row's input cells (Contract, By, Made, Down or Tricks, a score typed over NS
Score, Adjusted, OK) are kept exactly as typed, keyed by board and the pair labels of the row,
so they can be put back into another workbook of the same pairs whatever the row order.

>>> sorted(INPUT_LABELS)
['Adjusted', 'By', 'Contract', 'Down', 'Made', 'NS Score', 'OK', 'Tricks']
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.names import read_names
from xlbridge.families.duplicate.settings import Settings, count_line, from_session
from xlbridge.families.duplicate.travellers import TravellerSheet, read_travellers
from xlbridge.interchange.gate import load_workbook
from xlbridge.limits import EXPECTED
from xlbridge.movements.registry import FAMILIES, FamilyName
from xlbridge.rebuild.notcarried import family_article
from xlbridge.workbook.cells import Book, whole_or_none
from xlbridge.workbook.session import family_of_workbook, read_settings

__all__ = ["INPUT_LABELS", "Entered", "RowEntry", "read_entered"]

# Traveller headings whose cells the director types into (NS Score only when typed over).
INPUT_LABELS = ("Contract", "By", "Made", "Down", "Tricks", "NS Score", "Adjusted", "OK")


@dataclass(frozen=True, slots=True)
class RowEntry:
    """One traveller row's entered cells: ``cells`` holds (heading, value) as typed; headings in
    ``formulas`` held a formula typed by hand (shown, not carried: its meaning would change)."""

    board: int
    ns: str
    ew: str
    round: int | None
    table: int | None
    sheet_row: int
    cells: tuple[tuple[str, Any], ...]
    formulas: tuple[tuple[str, str], ...] = ()

    @property
    def where(self) -> str:
        """``Board 5, NS 3 v EW 4 (round 2, table 3)``."""
        at = f" (round {self.round}, table {self.table})" if self.round is not None else ""
        return f"Board {self.board}, {self.ns} v {self.ew}{at}"

    def shown(self) -> str:
        """The entered cells as ``Contract=4S By=N Made=4``."""
        parts = [f"{k}={v}" for k, v in self.cells] + [f"{k}={v}" for k, v in self.formulas]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Entered:
    """A pairs session workbook's settings (the duplicate form's one
    :class:`~xlbridge.families.duplicate.settings.Settings`, read by its codec) and everything
    typed into it."""

    settings: Settings
    family: FamilyName
    expected_default: int | None
    names: tuple[tuple[str, tuple[str, ...]], ...]
    name_formulas: tuple[tuple[str, str], ...]
    rows: tuple[RowEntry, ...]
    expected: tuple[tuple[int, int], ...]  # boards whose Expected was typed over the default
    layout: tuple[tuple[int, int | None, int | None, str, str], ...] = ()  # board, round, table,
    # NS, EW of every traveller row, entered or not
    fouled: tuple[tuple[int, tuple[int, ...]], ...] = ()  # board, tables of its fouled group

    @property
    def kind(self) -> str:
        """The kind the Session sheet names."""
        return self.settings.kind


def read_entered(path: str | os.PathLike[str], opened: Any = None) -> Entered:
    """Read a pairs session workbook's settings, names and entered cells (never writing it);
    ``opened``: the workbook already opened through the gate, so it is not read twice."""
    book = Book(opened if opened is not None else load_workbook(path, read_only=True))
    session = read_settings(book)
    kind, family = family_of_workbook(book)
    if family != "pairs" and FAMILIES.get(kind) is not None:
        raise WorkbookError(
            f"{kind} is {family_article(family)} game;"
            " rebuild and import handle pairs workbooks only"
        )
    settings = from_session(session, book)
    names, name_formulas = _names(book)
    rows: list[RowEntry] = []
    layout: list[tuple[int, int | None, int | None, str, str]] = []
    fouled: dict[int, list[int]] = {}
    expected: list[tuple[int, int]] = []
    default = count_line(session, "Results expected a board", EXPECTED)
    travellers = read_travellers(book)
    if not travellers:
        raise WorkbookError("the workbook has no 'Board N' traveller sheets")
    for t in travellers:
        exp = t.expected
        if exp.data_type != "f" and exp.value is not None and whole_or_none(exp.value) != default:
            got = whole_or_none(exp.value)
            if got is not None:
                expected.append((t.board, got))
        rows += _traveller_rows(t, layout, fouled)
    return Entered(
        settings=settings, family="pairs", expected_default=default, names=tuple(names),
        name_formulas=tuple(name_formulas), rows=tuple(rows), expected=tuple(expected),
        layout=tuple(layout),
        fouled=tuple((b, tuple(sorted(set(t)))) for b, t in sorted(fouled.items())),
    )  # fmt: skip


def _names(book: Book) -> tuple[list[tuple[str, tuple[str, ...]]], list[tuple[str, str]]]:
    out: list[tuple[str, tuple[str, ...]]] = []
    formulas: list[tuple[str, str]] = []
    for e in read_names(book).entries:
        e.checked(players=False)
        formulas += [(e.label, f) for f in e.formulas if f]
        if any(e.names):
            out.append((e.label, e.names))
    return out, formulas


def _traveller_rows(
    t: TravellerSheet,
    layout: list[tuple[int, int | None, int | None, str, str]],
    fouled: dict[int, list[int]],
) -> list[RowEntry]:
    t.require("NS", "EW", "Contract")
    out: list[RowEntry] = []
    for row in t.rows:
        cells: list[tuple[str, Any]] = []
        formulas: list[tuple[str, str]] = []
        for label in INPUT_LABELS:
            c = row.cell(label)
            if c is None or c.value == "":
                continue
            if c.data_type == "f":
                if label != "NS Score":  # NS Score's own formula is not an entry
                    formulas.append((label, str(c.value)))
                continue
            cells.append((label, c.value))
        rnd, tab = row.round, row.table
        layout.append((t.board, rnd, tab, row.ns, row.ew))
        if whole_or_none(row.value("Group")) == 2 and tab:
            fouled.setdefault(t.board, []).append(tab)
        if cells or formulas:
            out.append(RowEntry(t.board, row.ns, row.ew, rnd, tab, row.row, tuple(cells),
                                tuple(formulas)))  # fmt: skip
    return out
