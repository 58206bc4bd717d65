"""The individual family's settings: one typed, frozen :class:`Settings` (everything
``xlbridge new`` took to write an individual workbook) and :func:`read`, its one reading of the
Session sheet, by label, through the kit's codec
(:func:`xlbridge.workbook.session.read_settings`).

>>> Settings("rainbow", tables=5, rounds=5, boards_per_round=3).scale
'acbl'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.session_sheet import scale_of
from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES, Range, check_count
from xlbridge.movements.registry import FAMILIES
from xlbridge.numerals import whole_or_none
from xlbridge.scoring.choices import MPScaleName, ResultEntry
from xlbridge.workbook.choices import RESULT_ENTRIES
from xlbridge.workbook.hand_records import read_hand_records
from xlbridge.workbook.masterpoints import scale_of_settings
from xlbridge.workbook.session import SessionSettings, read_settings

__all__ = ["NewOptions", "Settings", "read"]

@dataclass(frozen=True, slots=True)
class Settings:
    """Everything ``xlbridge new`` took to write an individual workbook, bar the names (typed
    into input cells, so carried as entries) and the template (styles only)."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    event: str = "Club individual"
    date: str = ""
    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    # Set by change() when the same kind gets another table count (a Rainbow): the old number
    # of tables. A Rainbow player's number is their starting table and direction (seed 002,
    # "The Rainbow Movement"), so it changes with the table count while the player does not:
    # keys then name each player by the old number of the same starting seat.
    renumbered_from: int = 0
    # Board -> PBN deal, from the Hand Records sheet (``new --deals``/``--deal``): drawn again
    # on the boards the movement still has, with the same double-dummy analysis.
    deals: tuple[tuple[int, str], ...] = ()
    masterpoints: str = ""  # new --masterpoints: the Session sheet's "Masterpoints" line


def _kinds() -> frozenset[str]:
    return frozenset(k for k, f in FAMILIES.items() if f == "individual")


def _number(rows: SessionSettings, label: str, limits: Range) -> int:
    """A size from the Session sheet, within the limits ``new`` takes (a hostile workbook
    costs one line, not a movement of a million boards)."""
    value = rows.get(label)
    n = whole_or_none(value, digits=6)
    text = str(value).strip()
    if n is None:
        raise WorkbookError(
            f"Session sheet: {label} is {text[:20]!r}, not a number; was the workbook"
            " written by xlbridge new?"
        )
    return check_count(n, f"Session sheet: {label.lower()}", limits, WorkbookError)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def read(book: Any) -> Settings:
    """The settings of an individual workbook (openpyxl, or the kit's
    :class:`~xlbridge.workbook.cells.Book`): kind, size, event, date, scale and result entry
    from its Session sheet, read once through the codec, and the deals of its Hand Records."""
    rows = read_settings(book)
    kind = rows.kind
    if kind not in _kinds():
        raise WorkbookError(
            f"Session sheet: movement {kind[:30]!r} is not an individual game"
            f" ({', '.join(sorted(_kinds()))})"
        )
    scale = scale_of(_text(rows.get("Matchpoint scale")))
    entry = _text(rows.get("Result entry")).strip()
    if scale is None or entry not in RESULT_ENTRIES:
        bad = "Matchpoint scale" if scale is None else "Result entry"
        raise WorkbookError(
            f"Session sheet: {bad} {_text(rows.get(bad))[:40]!r} is not one xlbridge writes"
        )
    return Settings(
        kind=kind,
        tables=_number(rows, "Tables", TABLES),
        rounds=_number(rows, "Rounds", ROUNDS),
        boards_per_round=_number(rows, "Boards per round", BOARDS_PER_ROUND),
        event=_text(rows.event),
        date=_text(rows.get("Date")),
        scale=scale,
        result_entry=entry,
        deals=tuple(sorted(read_hand_records(book).items())),
        masterpoints=scale_of_settings(rows),
    )


@dataclass(frozen=True, slots=True)
class NewOptions:
    """``new``'s options of individual games as the library gives them, with ``new``'s
    defaults: the matchpoint scale, how results are entered, handicapped results, strata
    (``strata="1000,300,0"``, ``unknown_stratum``), the scoring (matchpoints only) and the
    movement options (``even``, ``arrow_switch``, ``half_table``, ``barometer``, ``sit_out``:
    refused by name by a kind that takes none).

    >>> NewOptions().result_entry
    'made-down'
    """

    scoring: str = "mp"
    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    handicap: bool = False
    strata: str | None = None
    masterpoints: str = ""
    unknown_stratum: str | None = None
    even: str | None = None
    arrow_switch: str | None = None
    half_table: bool = False
    barometer: bool = False
    sit_out: str | None = None
