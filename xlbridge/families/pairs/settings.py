"""The pairs family's one :class:`Settings`: everything ``xlbridge new`` took to write a pairs
workbook (what ``rebuild`` reads back from a workbook and ``write`` is given by the library),
and the movement it makes.

>>> s = Settings("mitchell", tables=3, rounds=3, boards_per_round=2, even=None)
>>> movement_of(s).tables, options_text(s)
(3, 'none')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from xlbridge.families.duplicate import settings as sheet
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import get_kind
from xlbridge.scoring.choices import DatumRounding, MPScaleName, PairsScoring, ResultEntry
from xlbridge.scoring.strata import Strata

__all__ = [
    "Settings",
    "extra_options",
    "movement_for",
    "movement_of",
    "of_sheet",
    "options_text",
]


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything ``xlbridge new`` took to write a pairs workbook, bar the names (typed into
    input cells, so carried as entries) and the template (styles only)."""

    kind: str
    tables: int  # for add-table, the size before the addition (its --tables)
    rounds: int | None
    boards_per_round: int | None
    event: str = "Club pairs"
    date: str = ""
    scoring: PairsScoring = "mp"
    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    datum_rounding: DatumRounding = "half-away"
    even: str | None = None
    arrow_switch: str | None = None
    half_table: bool = False
    sit_out: str | None = None  # the absent pair's label (new --sit-out, movements/absent.py)
    # Whether the Session sheet has the "Movement options" line (workbooks written before it
    # have none, and are regenerated without it).
    options_recorded: bool = True
    fouled: tuple[tuple[int, tuple[int, ...]], ...] = ()  # board, tables of its fouled group
    # After a table is added (seed 003): new pair label -> old label, new board -> old board,
    # so that the new workbook's keys name pairs and boards as the old one did.
    pairs_from: tuple[tuple[str, str], ...] = ()
    # Board -> PBN deal, from the Hand Records sheet (``new --deals``/``--deal``): drawn again.
    deals: tuple[tuple[int, str], ...] = ()
    boards_from: tuple[tuple[int, int], ...] = ()
    handicapped: bool = False  # new --handicap, --strata: the Session sheet's lines
    strata: Strata | None = None


def of_sheet(d: sheet.Settings, **rebuild: Any) -> Settings:
    """The pairs :class:`Settings` of what a Session sheet records (the duplicate form's one
    :class:`~xlbridge.families.duplicate.settings.Settings`, read by its codec), with what
    ``rebuild`` adds (``tables`` as ``new --tables`` takes it, ``fouled``, ``deals``, ...).

    >>> of_sheet(sheet.Settings("mitchell", 3, 3, 2, scoring="butler"), fouled=()).scoring
    'butler'
    """
    fields = {
        "kind": d.kind, "tables": d.tables, "rounds": d.rounds,
        "boards_per_round": d.boards_per_round, "event": d.event, "date": d.date,
        "scoring": d.scoring, "scale": d.scale, "result_entry": d.result_entry,
        "datum_rounding": d.datum_rounding, "even": d.even, "arrow_switch": d.arrow_switch,
        "half_table": d.half_table, "sit_out": d.sit_out, "options_recorded": d.options_recorded,
        "handicapped": d.handicapped, "strata": d.strata,
    }  # fmt: skip
    return Settings(**{**fields, **rebuild})


@lru_cache(maxsize=32)
def movement_for(
    kind: str, tables: int, boards_per_round: int | None, rounds: int | None,
    extra: tuple[tuple[str, Any], ...] = (),
) -> Movement:  # fmt: skip
    """The movement ``new`` builds for these options (a size or option the kind cannot take
    is its own error)."""
    from xlbridge.movements.options import MovementArgs, build_movement

    ns = MovementArgs(
        tables=tables, boards_per_round=boards_per_round, rounds=rounds, **dict(extra)
    )
    return build_movement(get_kind(kind), ns)


def extra_options(
    even: str | None, arrow: str | None, half: bool, sit_out: str | None = None
) -> tuple[tuple[str, Any], ...]:
    """The movement options given, as :func:`movement_for` takes them."""
    given = {"even": even, "arrow_switch": arrow, "half_table": half, "sit_out": sit_out}
    return tuple((k, v) for k, v in given.items() if v not in (None, False))


def movement_of(s: Settings) -> Movement:
    """The movement of ``s``."""
    extra = extra_options(s.even, s.arrow_switch, s.half_table, s.sit_out)
    return movement_for(s.kind, s.tables, s.boards_per_round, s.rounds, extra)


def options_text(s: Settings) -> str | None:
    """The Session sheet's movement options line of ``s`` (None: a workbook written before
    the line, regenerated without it)."""
    if not s.options_recorded:
        return None
    return sheet.movement_options_text(s.even, s.arrow_switch, s.half_table, s.sit_out)
