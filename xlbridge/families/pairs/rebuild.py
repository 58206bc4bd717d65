"""Carry everything typed into a session workbook over to a new workbook of a changed session.

Each entered traveller row is matched to the new movement by board and pair labels (never by
row position): the new row where the same two pairs play the same board, in the same
directions. Names follow their pair label, a typed-over Expected follows its board. Whatever has
no place in the new session (the pairs no longer meet on that board, the pair is gone, a formula
typed by hand) is listed in :attr:`Rebuilt.not_carried` and on a ``Not carried`` sheet, never
dropped silently.

Seed 003 (ACBL PAIRS.033, "adding a table"): the last one or two tables move back one,
"taking their boards with them and assuming the new pair number". :func:`add_table_maps` turns
that into a pair renumbering and a board renumbering, so every result of the first round is
carried into the enlarged section.

>>> from xlbridge.movements.mitchell import mitchell
>>> slots = slots_of(mitchell(3, 2))
>>> slots[(1, "NS 1", "EW 1")]
6
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook

from xlbridge.errors import TextError, WorkbookError
from xlbridge.families.pairs.build import build_workbook
from xlbridge.families.pairs.entries import Entered, RowEntry
from xlbridge.families.pairs.fouled import check_fouled, mark_fouled
from xlbridge.interchange.files import write_atomically
from xlbridge.limits import NAME_TEXT
from xlbridge.movements.model import Movement
from xlbridge.rebuild.notcarried import (
    EARLIER,
    NOT_CARRIED,
    NotCarried,
    added_sheets,
    earlier_not_carried,
    put_entry,
    write_not_carried,
)
from xlbridge.workbook.context import Options, plays
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols, accepted_col
from xlbridge.workbook.text import clean_text

__all__ = [
    "EARLIER",
    "NOT_CARRIED",
    "NotCarried",
    "Rebuilt",
    "add_table_maps",
    "added_sheets",
    "count_fits",
    "earlier_not_carried",
    "input_columns",
    "put_entry",
    "rebuild_workbook",
    "slots_of",
    "write_rebuilt",
]


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What a rebuild did: the new movement, cells entered and carried, what was not."""

    movement: Movement
    cells_entered: int
    cells_carried: int
    not_carried: tuple[NotCarried, ...]
    notes: tuple[str, ...] = ()


def slots_of(movement: Movement) -> dict[tuple[int, str, str], int]:
    """(board, NS label, EW label) -> the traveller row of that play in a new workbook (the
    rows are written in :func:`xlbridge.workbook.context.plays` order from ``FIRST_ROW``)."""
    out: dict[tuple[int, str, str], int] = {}
    for b in movement.boards:
        for i, (_e, ns, ew) in enumerate(plays(movement, b)):
            out[(b, movement.label(ns), movement.label(ew))] = FIRST_ROW + i
    return out


def input_columns(result_entry: str, scoring: str) -> dict[str, str]:
    """Traveller heading -> column letter of each input cell in a new workbook.

    >>> input_columns("made-down", "mp")["OK"], input_columns("tricks", "mp")["Tricks"]
    ('N', 'E')
    """
    c = TravellerCols.build(result_entry, scoring)
    cols = {"Contract": c.contract, "By": c.by, "Made": c.made, "Down": c.down,
            "Tricks": c.tricks_in, "NS Score": c.ns_score, "Adjusted": c.adjusted,
            "OK": accepted_col(c)}  # fmt: skip
    return {k: v for k, v in cols.items() if v is not None}


def _key(
    row: RowEntry, pairs: Mapping[str, str], boards: Mapping[int, int]
) -> tuple[int, str, str]:
    return (boards.get(row.board, row.board), pairs.get(row.ns, row.ns), pairs.get(row.ew, row.ew))


def count_fits(
    entered: Entered,
    movement: Movement,
    pairs: Mapping[str, str] | None = None,
    boards: Mapping[int, int] | None = None,
) -> int:
    """How many entered rows have a place in ``movement`` (to choose among movements)."""
    slots = slots_of(movement)
    return sum(_key(r, pairs or {}, boards or {}) in slots for r in entered.rows)


def add_table_maps(
    entered: Entered, new: Movement, renumber: Mapping[int, int]
) -> tuple[dict[str, str], dict[int, int], list[str]]:
    """Seed 003's pair and board renumbering for a table added to a section.

    ``renumber`` is the chart's (old pair -> new pair), e.g. ``{15: 16, 16: 17}``. The boards an
    old table held in round 1 move with its pairs to the table of their new number: they take
    the board numbers the new movement gives that table in round 1. Returns (pair map, board
    map, notes); the board map is left empty when the old layout does not say which boards a
    table held (no round-1 rows) or when the moves would not be one-to-one.
    """
    pairs: dict[str, str] = {}
    for old, new_n in renumber.items():
        for prefix in ("NS ", "EW ", ""):
            pairs[f"{prefix}{old}"] = f"{prefix}{new_n}"
    old_r1: dict[int, list[int]] = {}
    for board, rnd, table, _ns, _ew in entered.layout:
        if rnd == 1 and table is not None and board not in old_r1.get(table, []):
            old_r1.setdefault(table, []).append(board)
    new_r1 = {e.table: list(e.boards) for e in new.entries if e.round == 1}
    boards: dict[int, int] = {}
    for table, olds in old_r1.items():
        target = new_r1.get(renumber.get(table, table), [])
        if len(target) != len(olds):
            return pairs, {}, ["the boards of round 1 could not be matched; board numbers kept"]
        for a, b in zip(sorted(olds), sorted(target), strict=True):
            if a != b:
                boards[a] = b
    olds_all = sorted({b for b, *_ in entered.layout})
    images = [boards.get(b, b) for b in olds_all]
    if len(set(images)) != len(images):
        return pairs, {}, ["the boards' moves are not one-to-one; board numbers kept"]
    notes = [f"pair {a} is now {b} (seed 003 chart)" for a, b in renumber.items()]
    notes += [f"board {a} is now board {b}: it moved with its table" for a, b in boards.items()]
    return pairs, boards, notes


def rebuild_workbook(
    entered: Entered,
    movement: Movement,
    *,
    pairs: Mapping[str, str] | None = None,
    boards: Mapping[int, int] | None = None,
    template: str | Path | None = None,
    fouled: Mapping[int, frozenset[int]] | None = None,
    movement_options: str | None = None,
    earlier: tuple[NotCarried, ...] = (),
) -> tuple[Workbook, Rebuilt]:
    """The new session workbook for ``movement`` with every entry of ``entered`` put back.

    ``fouled``: board -> the tables that played it in another form (Law 87), added to the
    fouled boards the old workbook marked (whose board numbers follow ``boards``).
    ``movement_options``: the options ``movement`` was built with, for the Session sheet
    (:func:`xlbridge.workbook.session.movement_options_text`; None: not known, no line).
    ``earlier``: what an earlier rebuild listed (:func:`earlier_not_carried`), listed again."""
    pairs, boards = pairs or {}, boards or {}
    fouls = {boards.get(b, b): frozenset(t) for b, t in entered.fouled}
    for b, t in (fouled or {}).items():
        fouls[b] = fouls.get(b, frozenset()) | t
    check_fouled(movement, fouls, entered.scoring)
    lost: list[NotCarried] = list(earlier)
    labels = {movement.label(p.id) for p in movement.pairs}
    names: dict[str, tuple[str, ...]] = {}
    carried = 0
    for label, got in entered.names:
        new = pairs.get(label, label)
        shown = " / ".join(n for n in got if n)
        if new not in labels:
            lost.append(NotCarried("name", f"pair {label}", shown, "the pair is not in the new"
                                   " movement"))  # fmt: skip
            continue
        try:
            names[new] = tuple(clean_text(n, f"name of pair {label}", max_chars=NAME_TEXT)
                               for n in got)  # fmt: skip
            carried += sum(1 for n in got if n)
        except TextError as exc:
            lost.append(NotCarried("name", f"pair {label}", shown, str(exc)))
    for label, formula in entered.name_formulas:
        lost.append(NotCarried("name", f"pair {label}", formula, "a formula, not a name: type"
                               " the name again"))  # fmt: skip
    options = Options(
        event=entered.event, date=entered.date, scoring=entered.scoring, scale=entered.scale,
        result_entry=entered.result_entry, names=names, movement_options=movement_options,
    )  # fmt: skip
    wb = build_workbook(movement, options, template)
    cols = input_columns(entered.result_entry, entered.scoring)
    slots = slots_of(movement)
    taken: dict[tuple[int, str, str], RowEntry] = {}
    for row in entered.rows:
        key = _key(row, pairs, boards)
        for label, formula in row.formulas:
            lost.append(NotCarried("result", row.where, f"{label}={formula}", "a formula typed"
                                   " into an input cell: type the value again"))  # fmt: skip
        if not row.cells:
            continue
        if key not in slots:
            lost.append(NotCarried("result", row.where, row.shown(), _why(key, slots, labels)))
            continue
        if key in taken:
            lost.append(NotCarried("result", row.where, row.shown(),
                                   f"the same play as {taken[key].where}"))  # fmt: skip
            continue
        taken[key] = row
        ws = wb[f"Board {key[0]}"]
        for label, value in row.cells:
            if label not in cols:
                lost.append(NotCarried("result", row.where, f"{label}={value}",
                                       f"the new workbook has no {label} column"))  # fmt: skip
                continue
            try:
                put_entry(ws[f"{cols[label]}{slots[key]}"], value, f"{row.where} {label}")
                carried += 1
            except TextError as exc:
                lost.append(NotCarried("result", row.where, f"{label}", str(exc)))
    for board, expected in entered.expected:
        nb = boards.get(board, board)
        if nb not in movement.boards:
            lost.append(NotCarried("expected", f"Board {board}", f"Expected={expected}",
                                   "the board is not in the new movement"))  # fmt: skip
            continue
        wb[f"Board {nb}"]["H2"].value = expected
        carried += 1
    if fouls:
        mark_fouled(wb, movement, fouls, entered.result_entry, options.per)
    result = Rebuilt(movement, entered.cell_count, carried, tuple(lost))
    write_not_carried(wb, result.not_carried)
    return wb, result


def _why(key: tuple[int, str, str], slots: Mapping[tuple[int, str, str], int],
         labels: set[str]) -> str:  # fmt: skip
    board, ns, ew = key
    for pair in (ns, ew):
        if pair not in labels:
            return f"pair {pair} is not in the new movement"
    if not any(k[0] == board for k in slots):
        return f"board {board} is not played in the new movement"
    if (board, ew, ns) in slots:
        return f"{ns} and {ew} meet on board {board} in the other directions"
    return f"{ns} and {ew} do not meet on board {board} in the new movement"


def write_rebuilt(
    entered: Entered,
    movement: Movement,
    out: str | Path,
    *,
    force: bool = False,
    pairs: Mapping[str, str] | None = None,
    boards: Mapping[int, int] | None = None,
    template: str | Path | None = None,
    fouled: Mapping[int, frozenset[int]] | None = None,
    movement_options: str | None = None,
    earlier: tuple[NotCarried, ...] = (),
) -> Rebuilt:
    """Rebuild and write the new workbook atomically (refusing to replace a file unless
    ``force``)."""
    if Path(out).suffix.lower() != ".xlsx":
        raise WorkbookError(f"output {str(out)!r} must end in .xlsx")
    wb, result = rebuild_workbook(entered, movement, pairs=pairs, boards=boards,
                                  template=template, fouled=fouled,
                                  movement_options=movement_options,
                                  earlier=earlier)  # fmt: skip
    write_atomically(out, wb.save, force=force)
    return result
