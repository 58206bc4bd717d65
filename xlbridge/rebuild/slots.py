"""Input slots: every cell a director types into, named by what it means rather than where it is.

A family workbook (individual, teams, social) is rebuilt by regenerating the old workbook from
its Session sheet, reading what was typed into each of its input (unlocked) cells, and putting
each value into the cell of the new workbook whose :class:`Slot` has the same ``key``. A family
says how through a :class:`FamilyAdapter` (one module per family in this package); the carrying
itself is :mod:`xlbridge.rebuild.family`.

>>> s = Slot(("board", 5, "N 3 S 7 E 2 W 9", "Contract"), "Board 5", "C7", "Board 5: Contract")
>>> s.where
"'Board 5'!C7"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from openpyxl import Workbook

from xlbridge.limits import CELL_TEXT
from xlbridge.movements.registry import FamilyName
from xlbridge.rebuild.notcarried import NotCarried

__all__ = [
    "Carried",
    "Entry",
    "FamilyAdapter",
    "Key",
    "NextRound",
    "Placing",
    "Planning",
    "RebuildChange",
    "Slot",
]

Key = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    """One input cell: its meaning (``key``, equal in the old and the new workbook when the
    entry belongs in both), where it is, and ``what`` it is in words for the 'Not carried' list."""

    key: Key
    sheet: str
    cell: str
    what: str
    score_board: int | None = None  # an NS Score cell: its board (a typed score is checked)
    max_chars: int = CELL_TEXT  # text typed here: at most this many characters (limits.py)

    @property
    def where(self) -> str:
        """The cell as a reference, ``'Match 2'!D9``."""
        return f"'{self.sheet}'!{self.cell}"


@dataclass(frozen=True, slots=True)
class RebuildChange:
    """The change a rebuild asks for; ``None`` keeps the old workbook's setting.

    ``options``: a family's own flags by name (pairs: the movement options
    :class:`~xlbridge.movements.options.MovementOptions` lets rebuild change, ``full_table``,
    ``fouled``), for the adapter that declares them in its ``options``; the engine refuses
    them for another family.

    >>> RebuildChange(tables=8)
    RebuildChange(kind=None, tables=8, rounds=None, boards_per_round=None, options={})
    """

    kind: str | None = None
    tables: int | None = None
    rounds: int | None = None
    boards_per_round: int | None = None
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NextRound:
    """A Swiss event's next round (``swiss next``): its number, its tables (home or
    North-South first) and the rebuild ``change`` that pairs it (a family's own option)."""

    round: int
    pairing: tuple[tuple[int, int], ...]
    change: RebuildChange


@dataclass(frozen=True, slots=True)
class Entry:
    """What was typed into one input cell of the old workbook (``formula``: a formula typed by
    hand, not the one xlbridge wrote there)."""

    slot: Slot
    value: Any
    formula: bool = False


@dataclass(frozen=True, slots=True)
class Carried:
    """What a family's own :meth:`Placing.carry` did with the entries it was given."""

    carried: int
    entered: int
    listed: tuple[NotCarried, ...]


class FamilyAdapter(Protocol):
    """What a game family tells the rebuild engine.

    ``Settings`` is the family's own frozen dataclass with at least ``kind: str``; it must hold
    everything needed to regenerate the workbook exactly as ``new`` wrote it (event, date and
    every option on the Session sheet).
    """

    family: FamilyName

    def settings(self, book: Workbook) -> Any:
        """The settings of a workbook this family wrote (read from its Session sheet and, where
        the workbook itself decides something, e.g. Swiss pairings, from those cells)."""
        ...

    def change(self, old: Any, args: RebuildChange) -> Any:
        """The settings after the change asked for (``None`` means unchanged). Raise a
        :class:`xlbridge.errors.XlbridgeError` subclass for a change the family cannot make."""
        ...

    def build(self, settings: Any, template: str | Path | None) -> Workbook:
        """The workbook ``new`` writes for these settings, in memory."""
        ...

    def slots(self, wb: Workbook, settings: Any) -> Sequence[Slot]:
        """One slot for every unlocked cell of ``wb`` (built by :meth:`build` with
        ``settings``), keys unique."""
        ...

    def describe(self, settings: Any) -> str:
        """One line for the summary: ``rainbow, 7 tables, 21 boards, 28 players``."""
        ...


@runtime_checkable
class Planning(Protocol):
    """Optional: a family that plans the change from the entries found (say, choosing among
    movements the one most entries fit) gives :meth:`plan`, called instead of ``change``."""

    def plan(
        self, old: Any, args: RebuildChange, entries: Sequence[Entry]
    ) -> tuple[Any, tuple[str, ...]]:
        """The settings after the change, and notes on what was chosen (printed as ``note:``)."""
        ...


@runtime_checkable
class Placing(Protocol):
    """Optional: a family that puts the entries into the new workbook itself (to list them as
    its director reads them, e.g. one line for a traveller row) gives :meth:`carry`; formulas
    typed into input cells are then given to it too (``Entry.formula``)."""

    def carry(
        self, wb: Workbook, settings: Any, entries: Sequence[Entry], slots: Mapping[Key, Slot]
    ) -> Carried:
        """Put each entry into the cell of ``slots`` (the new workbook's) with its key, or list
        it; ``entered`` counts the entered cells (the rebuild's "carried X of Y entered
        cells": what the engine lists outside the input cells is not counted)."""
        ...
