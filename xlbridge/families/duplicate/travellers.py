"""The ``Board N`` travellers of a filled pairs or individual workbook, read back once for
every reader of the form (results, rebuild, import, the Bridgemate writer): each sheet's header
row and columns (found by their headings), and each row of play down to the first without
contestants, with its cells as stored (value, data type, coordinate).

A pairs traveller names its contestants in ``NS`` and ``EW`` columns, an individual one in
``N``, ``S``, ``E`` and ``W`` (player numbers); what each reader needs of the sheet beyond them,
it asks with :meth:`TravellerSheet.require`, which names the missing column in one line.

>>> MAX_ROWS, SEATS_PAIRS, SEATS_PLAYERS
(1000, (('NS',), ('EW',)), (('N', 'S'), ('E', 'W')))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from openpyxl.utils import get_column_letter

from xlbridge.errors import WorkbookError
from xlbridge.workbook.cells import BOARD_SHEET, Book, Cell, Sheet, headers, typed_text
from xlbridge.workbook.cells import whole_or_none as _whole
from xlbridge.workbook.formulas import EXPECTED_CELL

__all__ = [
    "MAX_ROWS",
    "SEATS_PAIRS",
    "SEATS_PLAYERS",
    "TravellerRow",
    "TravellerSheet",
    "board_sheets",
    "read_traveller",
    "read_travellers",
]

MAX_ROWS = 1000  # traveller rows read per board (range 1 .. 1,000)
SEATS_PAIRS: tuple[tuple[str, ...], tuple[str, ...]] = (("NS",), ("EW",))
SEATS_PLAYERS: tuple[tuple[str, ...], tuple[str, ...]] = (("N", "S"), ("E", "W"))
_EXPECTED = EXPECTED_CELL.replace("$", "")


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """One row of play: its sheet row, the NS and EW side's contestants as typed (a pair's
    label, or the two players' numbers as text, North then South, East then West), its
    ``Round`` and ``Table`` (None where the sheet has none or holds no whole number), and every
    cell of the row under a heading, by heading (a blank cell is absent).

    >>> r = TravellerRow(6, ("NS 1",), ("EW 2",), 1, 1, MappingProxyType({}))
    >>> r.ns, r.ew, r.value("Contract")
    ('NS 1', 'EW 2', None)
    """

    row: int
    ns_side: tuple[str, ...]
    ew_side: tuple[str, ...]
    round: int | None
    table: int | None
    cells: Mapping[str, Cell]

    @property
    def ns(self) -> str:
        """The NS side as the results show it: ``NS 3``, or an individual's ``1-11``."""
        return "-".join(self.ns_side)

    @property
    def ew(self) -> str:
        """The EW side likewise."""
        return "-".join(self.ew_side)

    def value(self, heading: str) -> Any:
        """The value of the cell under ``heading`` (None when blank or no such column)."""
        got = self.cells.get(heading)
        return None if got is None else got.value

    def cell(self, heading: str) -> Cell | None:
        """The cell under ``heading`` as stored (None when blank or no such column)."""
        return self.cells.get(heading)

    def players(self) -> tuple[int | None, ...]:
        """An individual's four players, North, South, East, West, as whole numbers (None
        where a seat holds none)."""
        return tuple(_whole(self.value(s)) for s in ("N", "S", "E", "W"))


@dataclass(frozen=True, slots=True)
class TravellerSheet:
    """A ``Board N`` traveller as read: its title, board, header row, column of each heading,
    the seat headings of its two sides (:data:`SEATS_PAIRS` or :data:`SEATS_PLAYERS`), the
    ``Expected`` cell (results expected, typed over the session's default) and the rows."""

    title: str
    board: int
    head: int
    columns: Mapping[str, int]
    seats: tuple[tuple[str, ...], tuple[str, ...]]
    expected: Cell
    rows: tuple[TravellerRow, ...]

    def require(self, *headings: str) -> None:
        """One line naming the first of ``headings`` the sheet has no column for."""
        for need in headings:
            if need not in self.columns:
                raise WorkbookError(f"sheet {self.title!r}: no {need!r} column in row {self.head}")

    def at(self, heading: str, row: int) -> str:
        """The cell as the user finds it: ``Board 1!C6 (Contract)`` (``?`` for no column).

        >>> t = TravellerSheet("Board 1", 1, 5, {"Contract": 3}, SEATS_PAIRS, Cell(None, "n",
        ...                    "H2"), ())
        >>> t.at("Contract", 6), t.at("Tricks", 6)
        ('Board 1!C6 (Contract)', 'Board 1!?6 (Tricks)')
        """
        col = self.columns.get(heading)
        letter = "?" if col is None else get_column_letter(col)
        return f"{self.title}!{letter}{row} ({heading})"


def board_sheets(book: Book) -> list[tuple[int, str]]:
    """(board, sheet name) of every ``Board N`` sheet, in board order."""
    return sorted(
        (int(m.group(1)), name) for name in book.sheetnames if (m := BOARD_SHEET.fullmatch(name))
    )


def read_traveller(book: Book, board: int, name: str) -> TravellerSheet:
    """The traveller ``name`` of ``board``, read once: its header row is the first of rows
    1 to 10 with a ``Contract`` heading; rows are read down to the first whose seats are all
    blank (at most :data:`MAX_ROWS`). A contestant that is no plausible text is one line
    naming its cell.

    >>> from openpyxl import Workbook
    >>> wb = Workbook()
    >>> ws = wb.active
    >>> ws.title = "Board 3"
    >>> ws.append([]), ws.append(["NS", "EW", "Contract", "By", "Round", "Table"])
    (None, None)
    >>> ws.append(["NS 1", "EW 2", "4S", "N", 1, 2]), ws.append(["NS 2", "EW 1"])
    (None, None)
    >>> t = read_traveller(Book(wb), 3, "Board 3")
    >>> t.head, [(r.row, r.ns, r.ew, r.round, r.table, r.value("Contract")) for r in t.rows]
    (2, [(3, 'NS 1', 'EW 2', 1, 2, '4S'), (4, 'NS 2', 'EW 1', None, None, None)])
    """
    ws = book[name]
    head, col = headers(ws, "Contract")
    seats = SEATS_PAIRS if "NS" in col else SEATS_PLAYERS
    sheet = TravellerSheet(ws.title, board, head, MappingProxyType(col), seats, ws[_EXPECTED], ())
    return dataclasses.replace(sheet, rows=_rows(ws, sheet))


def read_travellers(book: Book) -> tuple[TravellerSheet, ...]:
    """Every ``Board N`` traveller of ``book`` (:func:`board_sheets`), each read once by
    :func:`read_traveller`, in board order."""
    return tuple(read_traveller(book, board, name) for board, name in board_sheets(book))


def _rows(ws: Sheet, sheet: TravellerSheet) -> tuple[TravellerRow, ...]:
    out: list[TravellerRow] = []
    col = sheet.columns
    for r in range(sheet.head + 1, sheet.head + 1 + MAX_ROWS):
        ns, ew = (tuple(_seat(ws, sheet, s, r) for s in side) for side in sheet.seats)
        if not any(ns) and not any(ew):
            break
        cells = {
            heading: cell
            for heading, c in col.items()
            if (cell := ws.cell(row=r, column=c)).value is not None
        }
        out.append(TravellerRow(
            r, ns, ew, _whole(cells["Round"].value) if "Round" in cells else None,
            _whole(cells["Table"].value) if "Table" in cells else None, MappingProxyType(cells),
        ))  # fmt: skip
    return tuple(out)


def _seat(ws: Sheet, sheet: TravellerSheet, heading: str, r: int) -> str:
    col = sheet.columns.get(heading)
    return typed_text(
        None if col is None else ws.cell(row=r, column=col).value, sheet.at(heading, r)
    )
