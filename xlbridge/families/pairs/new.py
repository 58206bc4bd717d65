"""What ``xlbridge new`` writes for a pairs game (:meth:`Family.write_new
<xlbridge.families.registry.Family.write_new>`): the movement of the kind (built as ``xlbridge
movement`` builds it), of a club's own file or of sections on the same boards; the names file,
its players filled from the club register; strata; hand records; then the workbook.

>>> NewOptions().scoring, NewOptions().section_scoring
('mp', 'field')
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.new_options import DuplicateOptions, new_strata
from xlbridge.families.registry import Written

if TYPE_CHECKING:
    from xlbridge.families.registry import Deals, WriteRequest
    from xlbridge.movements.field import Field
    from xlbridge.scoring.choices import DatumRounding, PairsScoring

__all__ = ["NewOptions", "write_new"]


@dataclass(frozen=True, slots=True)
class NewOptions(DuplicateOptions):
    """``new``'s options of pairs games as a :class:`~xlbridge.families.registry.WriteRequest`
    gives them (by name, ``new``'s flags without dashes), with ``new``'s defaults: those of
    both forms (:class:`~xlbridge.families.duplicate.new_options.DuplicateOptions`: movement
    options, scale, result entry, handicaps, strata, masterpoints), the scoring, a Butler
    datum's rounding, how a pair is placed in the strata (``strata_by``) and, with sections,
    ``section_scoring`` and ``board_sets``."""

    scoring: PairsScoring = "mp"
    datum_rounding: DatumRounding = "half-away"
    strata_by: str | None = None
    section_scoring: str = "field"
    board_sets: str | None = None


def write_new(
    request: WriteRequest, out: str | os.PathLike[str], *,
    template: str | os.PathLike[str] | None = None, force: bool = False,
) -> Written:  # fmt: skip
    """The pairs workbook ``request`` asks for, and what it holds (``new``'s line)."""
    o = request.options_as(NewOptions())
    field: Field | None = None
    if request.sections is not None:
        field = _scored(o, request.sections, request.deals)
        movement, options_text = field.movement, "none"
    elif request.movement is not None:
        movement, options_text = request.movement, "none"
    else:
        from xlbridge.families.duplicate.session_sheet import movement_options_text

        if o.scoring != "butler" and o.datum_rounding != "half-away":
            raise WorkbookError("--datum-rounding is for Butler scoring (--scoring butler)")
        movement = o.movement(request)
        options_text = movement_options_text(o.movement_options())
    from xlbridge.families.duplicate.new_players import registered
    from xlbridge.interchange.names import read_players

    players = registered(read_players(os.fspath(request.names)) if request.names else {},
                         request.db)  # fmt: skip
    names = {k: tuple(p.name for p in v if p.name) for k, v in players.items()}
    strata = new_strata(o.strata, o.strata_by, o.unknown_stratum)
    _check_names(names, {p.label: p.id for p in movement.pairs})
    records = request.deals.records(movement.boards)  # [] without hand records
    from xlbridge.families.pairs.build import write_session

    path = write_session(
        movement,
        Path(out),
        event="Club pairs" if request.event is None else request.event,
        date=request.date,
        scoring=o.scoring,
        scale=o.scale,
        result_entry=o.result_entry,
        datum_rounding=o.datum_rounding,
        template=None if template is None else os.fspath(template),
        force=force,
        names=names,
        hand_records=records,
        movement_options=options_text,
        sections=field,
        players=players,
        handicapped=o.handicap,
        strata=strata,
        masterpoints=o.masterpoints or "",
    )
    hands = ", hand records" if records else ""
    where = f" in {len(field.sections)} sections" if field else ""
    dup = ""
    if movement.barometer:  # the director duplicates the boards before play
        from xlbridge.movements.barometer import copies

        dup = f" ({copies(movement)} copies of each: barometer)"
    summary = f"{len(movement.boards)} boards{dup}, {len(movement.pairs)} pairs{where}{hands}"
    return Written(path, summary)


def _scored(o: NewOptions, field: Field, deals: Deals) -> Field:
    """``field`` scored as ``section_scoring`` and ``board_sets`` say."""
    from xlbridge.movements.field import parse_board_sets

    if o.board_sets is not None and deals.given:
        raise WorkbookError("--board-sets: hand records for several sets of deals are not done "
                            "yet (write one workbook a board set for --deals/--deal)")  # fmt: skip
    sets = () if o.board_sets is None else parse_board_sets(o.board_sets, field.letters)
    return dataclasses.replace(field, scoring=o.section_scoring, sets=sets)


def _check_names(names: dict[str, tuple[str, ...]], labels: dict[str, int]) -> None:
    """Every row of a names file names a pair of the movement (by label, ``NS 1``, or by
    number, ``1``), and no pair twice (``NS 1`` and ``1`` are one pair: one row would be lost).

    >>> _check_names({"NS 1": ("Ann",), "1": ("Bo",)}, {"NS 1": 1, "EW 1": 4})
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: names file: rows 'NS 1' and '1' both name pair NS 1; keep one
    """
    ids = {str(i): label for label, i in labels.items()}
    unknown = [k for k in names if k not in labels and k not in ids]
    if unknown:
        raise WorkbookError(
            f"names file: pair {unknown[0]!r} is not in this movement "
            f"(pairs: {', '.join(list(labels)[:6])}{', ...' if len(labels) > 6 else ''})"
        )
    seen: dict[str, str] = {}
    for key in names:
        pair = key if key in labels else ids[key]
        if pair in seen:
            raise WorkbookError(
                f"names file: rows {seen[pair][:20]!r} and {key[:20]!r} both name pair {pair};"
                " keep one"
            )
        seen[pair] = key
