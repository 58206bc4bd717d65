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

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from openpyxl import Workbook

__all__ = ["FamilyAdapter", "Key", "RebuildChange", "Slot"]

Key = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    """One input cell: its meaning (``key``, equal in the old and the new workbook when the
    entry belongs in both), where it is, and ``what`` it is in words for the 'Not carried' list."""

    key: Key
    sheet: str
    cell: str
    what: str

    @property
    def where(self) -> str:
        """The cell as a reference, ``'Match 2'!D9``."""
        return f"'{self.sheet}'!{self.cell}"


@dataclass(frozen=True, slots=True)
class RebuildChange:
    """The change a rebuild asks for; ``None`` keeps the old workbook's setting.

    >>> RebuildChange(tables=8)
    RebuildChange(kind=None, tables=8, rounds=None, boards_per_round=None)
    """

    kind: str | None = None
    tables: int | None = None
    rounds: int | None = None
    boards_per_round: int | None = None


class FamilyAdapter(Protocol):
    """What a game family tells the rebuild engine.

    ``Settings`` is the family's own frozen dataclass with at least ``kind: str``; it must hold
    everything needed to regenerate the workbook exactly as ``new`` wrote it (event, date and
    every option on the Session sheet).
    """

    family: str

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
