"""``xlbridge import`` from a Bridgemate file: the federation numbers the players typed at the
tables (``PlayerNumbers``, :func:`xlbridge.interchange.scorer_files.read_bws_players`) put on
the Names sheet, for every family whose Names sheet has number columns. The family says whose
number a seat is (:data:`SeatOf`); this module writes it, by the import's rules: a cell already
holding another number is never replaced without ``force`` (reported), the same number is no
change, and a name BCS found for the number fills an empty name cell only. Numbers and names
are written as text (``00123`` keeps its zeros; a name like a formula stays text).

>>> from openpyxl import Workbook
>>> wb = Workbook()
>>> ws = wb.active
>>> ws.title = "Names"
>>> for col, head in enumerate(("Pair", "Player 1", "Player 2", "Number 1", "Number 2"), 1):
...     _ = ws.cell(row=3, column=col, value=head)
>>> ws["A4"] = "NS 1"
>>> p = SeatedPlayer("x.bws PlayerNumbers line 2", "1", 1, 1, "S", "00123", "Bo Birch")
>>> put_numbers(wb, [p], lambda p: ("NS 1", 1), 2, force=False)
(1, [])
>>> ws["E4"].value, ws["C4"].value
('00123', 'Bo Birch')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xlbridge.families.duplicate.names import read_names
from xlbridge.interchange.scorer_files import SeatedPlayer
from xlbridge.text import put_text
from xlbridge.workbook.cells import Book, typed_text

__all__ = ["SeatOf", "put_numbers"]

# A seat's player on the Names sheet: (its row's column-A key, the player's place in the row,
# 0 or 1), or why the seat has no player in this session.
SeatOf = Callable[[SeatedPlayer], "tuple[str, int] | str"]


def put_numbers(
    wb: Any, players: Sequence[SeatedPlayer], seat_of: SeatOf, each: int, *, force: bool
) -> tuple[int, list[str]]:
    """Put each player's number (and name, into an empty name cell) on the Names sheet of
    ``wb`` (``each`` players a row); returns the numbers written and the problems."""
    if not players or "Names" not in wb.sheetnames:
        return 0, []
    ws = wb["Names"]
    sheet = read_names(Book(wb))
    cols = sheet.columns
    if len(cols.numbers) < each:
        return 0, [f"{players[0].where}: the Names sheet has no Number columns; numbers not"
                   " taken"]  # fmt: skip
    rows: dict[str, int] = {}
    for e in sheet.entries:
        rows.setdefault(e.label, e.row)
    written, problems = 0, []
    taken: dict[tuple[int, int], SeatedPlayer] = {}
    for p in players:
        got = seat_of(p)
        if isinstance(got, str):
            problems.append(f"{p.where}: {got}")
            continue
        key, slot = got
        row = rows.get(key)
        if row is None:
            problems.append(f"{p.where}: {key} has no row on the Names sheet")
            continue
        first = taken.setdefault((row, slot), p)
        if first is not p and first.number != p.number:
            problems.append(
                f"{p.where}: {key} player {slot + 1} typed {p.number!r}, and {first.number!r}"
                f" before ({first.where}); the first is kept"
            )
            continue
        cell = ws.cell(row=row, column=cols.numbers[slot])
        formula = cell.data_type == "f"
        now = "=" if formula else typed_text(cell.value, f"Names!{cell.coordinate}")
        if now == p.number:
            continue
        if now and not force:
            problems.append(f"{p.where}: {key} player {slot + 1}'s number is {now!r} on the"
                            f" Names sheet, {p.number!r} at the table (--force replaces"
                            " it)")  # fmt: skip
            continue
        put_text(cell, p.number, "federation number")
        written += 1
        name_cell = ws.cell(row=row, column=2 + (slot if each > 1 else 0))
        if p.name and (name_cell.value is None or name_cell.value == ""):
            put_text(name_cell, p.name, "name")
    return written, problems
