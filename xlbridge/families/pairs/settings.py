"""The pairs family's one :class:`Settings`: everything ``xlbridge new`` took to write a pairs
workbook (what ``rebuild`` reads back from a workbook and ``write`` is given by the library),
and the movement it makes.

>>> s = Settings("mitchell", tables=3, rounds=3, boards_per_round=2)
>>> movement_of(s).tables, options_text(s)
(3, 'none')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from xlbridge.families.duplicate import settings as sheet
from xlbridge.movements.model import Movement
from xlbridge.movements.options import MovementOptions
from xlbridge.movements.registry import get_kind

__all__ = [
    "Settings",
    "movement_for",
    "movement_of",
    "of_sheet",
    "options_text",
]


@dataclass(frozen=True, slots=True)
class Settings(sheet.Settings):
    """Everything ``xlbridge new`` took to write a pairs workbook, bar the names (typed into
    input cells, so carried as entries) and the template (styles only): the duplicate form's
    one :class:`~xlbridge.families.duplicate.settings.Settings` (what the Session sheet
    records, read by its codec), with what ``rebuild`` plans besides (fouled boards, the
    renumbering of an added table, the deals drawn again)."""

    tables: int  # for add-table, the size before the addition (its --tables)
    rounds: int | None
    boards_per_round: int | None
    fouled: tuple[tuple[int, tuple[int, ...]], ...] = ()  # board, tables of its fouled group
    # After a table is added (seed 003): new pair label -> old label, new board -> old board,
    # so that the new workbook's keys name pairs and boards as the old one did.
    pairs_from: tuple[tuple[str, str], ...] = ()
    # Board -> PBN deal, from the Hand Records sheet (``new --deals``/``--deal``): drawn again.
    deals: tuple[tuple[int, str], ...] = ()
    boards_from: tuple[tuple[int, int], ...] = ()


def of_sheet(d: sheet.Settings, **rebuild: Any) -> Settings:
    """The pairs :class:`Settings` of what a Session sheet records (the duplicate form's one
    :class:`~xlbridge.families.duplicate.settings.Settings`, read by its codec), with what
    ``rebuild`` adds (``tables`` as ``new --tables`` takes it, ``fouled``, ``deals``, ...).

    >>> of_sheet(sheet.Settings("mitchell", 3, 3, 2, scoring="butler"), fouled=()).scoring
    'butler'
    """
    fields = {f.name: getattr(d, f.name) for f in dataclasses.fields(d)}
    return Settings(**{**fields, **rebuild})


@lru_cache(maxsize=32)
def movement_for(
    kind: str, tables: int, boards_per_round: int | None, rounds: int | None,
    options: MovementOptions | None = None,
) -> Movement:  # fmt: skip
    """The movement ``new`` builds for these options (a size or option the kind cannot take
    is its own error)."""
    from xlbridge.movements.options import MovementArgs, build_movement

    ns = MovementArgs(
        tables=tables, boards_per_round=boards_per_round, rounds=rounds,
        **dict((options or MovementOptions()).given()),
    )
    return build_movement(get_kind(kind), ns)


def movement_of(s: Settings) -> Movement:
    """The movement of ``s``."""
    return movement_for(s.kind, s.tables, s.boards_per_round, s.rounds, s.movement_options)


def options_text(s: Settings) -> str | None:
    """The Session sheet's movement options line of ``s`` (None: a workbook written before
    the line, regenerated without it)."""
    if not s.options_recorded:
        return None
    return sheet.movement_options_text(s.movement_options)
