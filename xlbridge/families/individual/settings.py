"""The individual family's settings: one typed, frozen :class:`Settings` (everything
``xlbridge new`` took to write an individual workbook) and :func:`read`, its one reading of the
Session sheet, by label, through the duplicate form's codec
(:func:`xlbridge.families.duplicate.settings.read`).

>>> Settings("rainbow", tables=5, rounds=5, boards_per_round=3).scale
'acbl'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate import settings as sheet
from xlbridge.families.duplicate.new_options import DuplicateOptions
from xlbridge.families.duplicate.settings import Form, from_session
from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES, Range, check_count
from xlbridge.movements.registry import FAMILIES
from xlbridge.workbook.hand_records import read_hand_records
from xlbridge.workbook.session import read_settings

__all__ = ["NewOptions", "Settings", "read"]

@dataclass(frozen=True, slots=True)
class Settings(sheet.Settings):
    """Everything ``xlbridge new`` took to write an individual workbook, bar the names (typed
    into input cells, so carried as entries) and the template (styles only): the duplicate
    form's one :class:`~xlbridge.families.duplicate.settings.Settings` (what the Session sheet
    records, read by its codec), with what ``rebuild`` plans besides."""

    tables: int
    rounds: int
    boards_per_round: int
    form: Form = "individual"
    event: str = "Club individual"
    options_recorded: bool = False  # individuals write no movement options
    # Set by change() when the same kind gets another table count (a Rainbow): the old number
    # of tables. A Rainbow player's number is their starting table and direction (seed 002,
    # "The Rainbow Movement"), so it changes with the table count while the player does not:
    # keys then name each player by the old number of the same starting seat.
    renumbered_from: int = 0
    # Board -> PBN deal, from the Hand Records sheet (``new --deals``/``--deal``): drawn again
    # on the boards the movement still has, with the same double-dummy analysis.
    deals: tuple[tuple[int, str], ...] = ()


def _kinds() -> frozenset[str]:
    return frozenset(k for k, f in FAMILIES.items() if f == "individual")


def _number(value: int | None, label: str, limits: Range) -> int:
    """A size from the Session sheet (read by the duplicate form's codec), within the limits
    ``new`` takes (a hostile workbook costs one line, not a movement of a million boards)."""
    if value is None:
        raise WorkbookError(
            f"Session sheet: {label} is blank, not a number; was the workbook written by"
            " xlbridge new?"
        )
    return check_count(value, f"Session sheet: {label.lower()}", limits, WorkbookError)


def read(book: Any) -> Settings:
    """The settings of an individual workbook (openpyxl, or the kit's
    :class:`~xlbridge.workbook.cells.Book`): kind, size, event, date, scale and result entry
    from its Session sheet, read once by the duplicate form's codec
    (:func:`xlbridge.families.duplicate.settings.read`), and the deals of its Hand Records."""
    session = read_settings(book)
    if session.kind not in _kinds():
        raise WorkbookError(
            f"Session sheet: movement {session.kind[:30]!r} is not an individual game"
            f" ({', '.join(sorted(_kinds()))})"
        )
    s = from_session(session, book)
    fields = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
    return Settings(**{
        **fields,
        "tables": _number(s.tables, "Tables", TABLES),
        "rounds": _number(s.rounds, "Rounds", ROUNDS),
        "boards_per_round": _number(s.boards_per_round, "Boards per round", BOARDS_PER_ROUND),
        "deals": tuple(sorted(read_hand_records(book).items())),
    })


@dataclass(frozen=True, slots=True)
class NewOptions(DuplicateOptions):
    """``new``'s options of individual games as the library gives them, with ``new``'s
    defaults: those of both forms
    (:class:`~xlbridge.families.duplicate.new_options.DuplicateOptions`: the matchpoint
    scale, how results are entered, handicapped results, strata, masterpoints and the movement
    options, refused by name by a kind that takes none) and the scoring (matchpoints only).

    >>> NewOptions().result_entry
    'made-down'
    """

    scoring: str = "mp"
