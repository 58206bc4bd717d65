"""Rebuild a workbook of any game family after a change, carrying every entry over.

The old workbook is regenerated in memory from its own settings, so the engine knows which of
its cells are inputs and what each one means (the family adapter's :class:`~.slots.Slot` keys).
An entry is an input cell whose value differs from what ``new`` wrote there; it is carried into
the new workbook's cell with the same key, or listed on the ``Not carried`` sheet with the
reason. A formula typed by hand into an input cell, anything typed into a locked cell (after
unprotecting the sheet) and the cells of a sheet the user added are listed, never carried:
their meaning would change.

A family may plan the change from the entries found (:class:`~.slots.Planning`: pairs choose
the movement options most entries fit, and renumber for an added table) and put the entries
into the new workbook itself (:class:`~.slots.Placing`: pairs list a traveller row on one
line); its own flags come in ``RebuildChange.options``, refused for a family that does not
declare them in its adapter's ``options``.

The user's file is only read; the new one is written atomically.

>>> _same(3, 3.0), _same("4S", "4H")
(True, False)
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.worksheet.formula import ArrayFormula

from xlbridge.errors import TextError, WorkbookError, XlbridgeError
from xlbridge.interchange.files import write_atomically, xlsx_output
from xlbridge.interchange.gate import load_workbook
from xlbridge.interchange.xlsx_write import saver
from xlbridge.movements.registry import FamilyName, family_of, get_kind
from xlbridge.rebuild.notcarried import (
    NotCarried,
    added_sheets,
    earlier_not_carried,
    family_article,
    put_entry,
    write_not_carried,
)
from xlbridge.rebuild.slots import (
    Carried,
    Entry,
    FamilyAdapter,
    Key,
    Placing,
    Planning,
    RebuildChange,
    Slot,
)
from xlbridge.workbook.cells import cell_map, unlocked_cells
from xlbridge.workbook.import_lines import carry_import_section, import_section
from xlbridge.workbook.session import kind_of_workbook

__all__ = [
    "FamilyRebuilt",
    "RebuildChange",
    "read_kind",
    "rebuild_family",
    "rebuild_in_memory",
]


@dataclass(frozen=True, slots=True)
class FamilyRebuilt:
    """What a family rebuild did: the new workbook in words, entries found and carried, and what
    was not carried (each with its reason)."""

    describe: str
    entered: int
    carried: int
    not_carried: tuple[NotCarried, ...]
    notes: tuple[str, ...] = ()


def read_kind(book: Workbook) -> str:
    """The kind named on a workbook's Session sheet
    (:func:`xlbridge.workbook.session.kind_of_workbook`)."""
    return kind_of_workbook(book)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, ArrayFormula):
        a = a.text
    if isinstance(b, ArrayFormula):
        b = b.text
    if a == b:
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    if isinstance(a, int | float) and isinstance(b, int | float):
        return abs(a - b) < 1e-9
    if isinstance(a, datetime.datetime) and isinstance(b, datetime.date | datetime.datetime):
        return a.date() == (b if not isinstance(b, datetime.datetime) else b.date())
    return False


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def _formula(cell: Any) -> bool:
    """A formula cell (text that starts with "=" is text: ``new --names`` may write such)."""
    return cell is not None and (cell.data_type == "f" or isinstance(cell.value, ArrayFormula))


def _spelling(v: Any) -> str:
    """A formula as compared: outside its strings no spaces, no quotes around sheet names,
    upper case, no ``_xlfn.``; so that Excel or LibreOffice saving xlbridge's formula again is
    not taken for a typed one.

    >>> print(_spelling('''=if( 'Pairs'!b2 = "a b", _xlfn.IFS(1,2), 0)'''))
    =IF(PAIRS!B2="a b",IFS(1,2),0)
    """
    text = str(v.text if isinstance(v, ArrayFormula) else v)
    parts = text.split('"')
    for i in range(0, len(parts), 2):  # the even parts are outside string literals
        parts[i] = "".join(parts[i].split()).upper().replace("_XLFN.", "").replace("'", "")
    return '"'.join(parts)


def _shown(v: Any) -> str:
    if isinstance(v, ArrayFormula):
        v = v.text
    if isinstance(v, datetime.datetime | datetime.date):
        return v.isoformat()
    return str(v)


def _cells(ws: Any) -> Any:
    # Only the cells that exist (iter_rows would create every empty cell of a wide sheet), in
    # row order.
    cells = cell_map(ws)
    return [cells[k] for k in sorted(cells)]


def _unlocked(ws: Any) -> set[str]:
    return {c.coordinate for c in unlocked_cells(ws)}


def _check_slots(wb: Workbook, slots: Sequence[Slot], family: FamilyName) -> dict[Key, Slot]:
    by_key: dict[Key, Slot] = {}
    at: set[tuple[str, str]] = set()
    for s in slots:
        if s.key in by_key:
            raise WorkbookError(f"internal: {family} adapter gives two cells the key {s.key!r}")
        by_key[s.key] = s
        at.add((s.sheet, s.cell))
    for ws in wb.worksheets:
        missing = sorted(c for c in _unlocked(ws) if (ws.title, c) not in at)
        if missing:
            raise WorkbookError(
                f"internal: {family} adapter has no slot for '{ws.title}'!{missing[0]}"
            )
    return by_key


def _check_layout(book: Workbook, built: Workbook, name: str) -> None:
    """The user's workbook must have the input cells xlbridge writes for its settings."""
    for ws in built.worksheets:
        if ws.title not in book.sheetnames:
            raise WorkbookError(
                f"{name} has no sheet {ws.title!r}, which xlbridge writes for its Session"
                " settings; rebuild needs the workbook as xlbridge wrote it"
            )
        theirs, ours = _unlocked(book[ws.title]), _unlocked(ws)
        if theirs != ours:
            cell = sorted(theirs ^ ours)[0]
            raise WorkbookError(
                f"{name}: sheet {ws.title!r} does not have the input cells xlbridge writes for its"
                f" Session settings (cell {cell}); rebuild needs the workbook as xlbridge wrote it"
            )


def _entries(
    book: Workbook, built: Workbook, slots: Mapping[Key, Slot], *, formulas: bool = False
) -> tuple[list[Entry], list[NotCarried]]:
    """Every entry, and what cannot be carried at all; a formula typed into an input cell is
    an entry marked ``formula`` when ``formulas`` (the family lists it), else listed here."""
    found: list[Entry] = []
    listed: list[NotCarried] = []
    # wb[title] walks the sheets every time: each workbook's sheets by title, once
    typed_in, built_in = {ws.title: ws for ws in book}, {ws.title: ws for ws in built}
    for slot in slots.values():
        typed, default = typed_in[slot.sheet][slot.cell], built_in[slot.sheet][slot.cell]
        value = typed.value
        if _empty(value) or _same(value, default.value):
            continue
        if _formula(typed) and _formula(default) and _spelling(value) == _spelling(default.value):
            continue  # the formula xlbridge wrote, as a spreadsheet program saved it again
        if _formula(typed) and formulas:
            found.append(Entry(slot, value, formula=True))
            continue
        if _formula(typed):
            why = "a formula typed by hand; its references would change"
            listed.append(NotCarried("formula", f"{slot.what} ({slot.where})", _shown(value), why))
            continue
        found.append(Entry(slot, value))
    inputs = {(s.sheet, s.cell) for s in slots.values()}
    for ws in built.worksheets:
        ours = cell_map(ws)
        for c in _cells(book[ws.title]):  # locked cells: what the user wrote where xlbridge did
            if _empty(c.value) or (ws.title, c.coordinate) in inputs:
                continue
            mine = ours.get((c.row, c.column))
            was = None if mine is None else mine.value
            if _same(c.value, was) or (_formula(c) and mine is not None and _formula(mine)):
                continue  # a formula where xlbridge wrote one: a program saving it respells it
            at = f"'{ws.title}'!{c.coordinate}"
            why = (
                "typed over a locked formula; the new workbook computes this cell"
                if mine is not None and _formula(mine)
                else "changed in a locked cell; the new workbook writes its own"
            )
            listed.append(NotCarried("typed over", at, _shown(c.value), why))
    listed += added_sheets(book, lambda title: title in built.sheetnames)
    return found, listed


def rebuild_in_memory(
    book: Workbook, args: RebuildChange, *, adapters: Callable[[str], FamilyAdapter],
    name: str = "the workbook", template: str | Path | None = None,
) -> tuple[Workbook, FamilyRebuilt]:  # fmt: skip
    """Rebuild a family workbook already opened (formulas, not values): the new workbook with
    every entry carried, and the account of what happened."""
    old_kind = read_kind(book)
    family = family_of(old_kind)
    new_kind = get_kind(args.kind).name if args.kind else old_kind
    if family_of(new_kind) != family:
        raise WorkbookError(
            f"{old_kind} is {family_article(family)} game and {new_kind} is"
            f" {family_article(family_of(new_kind))} game; rebuild keeps the game family"
        )
    adapter = adapters(family)
    taken = getattr(adapter, "options", ())
    for flag, given in args.options.items():
        if flag not in taken and given not in (None, False, (), []):
            raise WorkbookError(
                f"--{flag.replace('_', '-')} is not for {old_kind}, {family_article(family)} game"
            )
    placing = isinstance(adapter, Placing)
    old = adapter.settings(book)
    built_old = adapter.build(old, None)
    old_slots = _check_slots(built_old, adapter.slots(built_old, old), family)
    # The lines an import left on Checks (and the OK typed beside them) are carried as they
    # stand: the workbook regenerated holds them too, so they are not taken for typing.
    imported = import_section(book)
    carry_import_section(imported, built_old)
    _check_layout(book, built_old, name)
    entries, listed = _entries(book, built_old, old_slots, formulas=placing)
    earlier = earlier_not_carried(book)

    notes: tuple[str, ...] = ()
    if isinstance(adapter, Planning):
        new, notes = adapter.plan(old, args, entries)
    else:
        new = adapter.change(old, args)
    if imported is not None and imported.lines:
        n = len(imported.lines)
        notes += (f"the Checks sheet keeps the {n} line{'s' if n > 1 else ''} an import left"
                  " there, with any OK typed beside them",)  # fmt: skip
    if new == old and template is None:
        # Unchanged settings: the workbook regenerated above is the one to write (build is
        # the workbook ``new`` writes for settings; reading it for entries changed nothing).
        wb, new_slots = built_old, old_slots
    else:
        wb = adapter.build(new, template)
        new_slots = _check_slots(wb, adapter.slots(wb, new), family)
        carry_import_section(imported, wb)
    if isinstance(adapter, Placing):
        # The family counts the entered cells (its entries); what was typed outside the input
        # cells is listed, not counted.
        done: Carried = adapter.carry(wb, new, entries, new_slots)
        result = FamilyRebuilt(adapter.describe(new), done.entered, done.carried,
                               earlier + tuple(listed) + done.listed, notes)  # fmt: skip
        write_not_carried(wb, result.not_carried)
        return wb, result
    carried = 0
    for slot, value in ((e.slot, e.value) for e in entries):
        target = new_slots.get(slot.key)
        if target is None:
            listed.append(NotCarried("entry", f"{slot.what} ({slot.where})", _shown(value),
                                     "no place for it in the new workbook"))  # fmt: skip
            continue
        try:
            put_entry(wb[target.sheet][target.cell], value, target.what,
                      score_board=target.score_board, max_chars=target.max_chars)  # fmt: skip
        except TextError as exc:
            listed.append(NotCarried("entry", f"{slot.what} ({slot.where})", _shown(value)[:200],
                                     f"cannot be written as text: {exc}"))  # fmt: skip
            continue
        except XlbridgeError as exc:  # inf, 1e308, or an NS score no contract makes
            why = str(exc).replace(f"{target.what} ", "", 1)
            listed.append(NotCarried("entry", f"{slot.what} ({slot.where})",
                                     _shown(value)[:40], why))  # fmt: skip
            continue
        carried += 1
    entered = len(entries) + sum(1 for n in listed if n.what != "entry")
    result = FamilyRebuilt(adapter.describe(new), entered, carried, earlier + tuple(listed), notes)
    write_not_carried(wb, result.not_carried)
    return wb, result


def rebuild_family(
    path: str | os.PathLike[str],
    args: RebuildChange,
    out: str | os.PathLike[str],
    *,
    adapters: Callable[[str], FamilyAdapter],
    force: bool = False,
    template: str | Path | None = None,
    book: Workbook | None = None,
) -> FamilyRebuilt:
    """Read ``path`` (only read; ``book`` if it is already open), rebuild it with the change in
    ``args`` (``kind``, ``tables``, ``rounds``, ``boards_per_round``; ``None`` = unchanged) and
    write ``out`` atomically."""
    xlsx_output(out)
    if book is None:
        book = load_workbook(path)
    wb, result = rebuild_in_memory(
        book, args, adapters=adapters, name=Path(path).name, template=template
    )
    write_atomically(Path(out), saver(wb), force=force)
    return result
