"""Write a session workbook: every sheet, in order, saved atomically.

>>> from xlbridge.movements.mitchell import mitchell
>>> wb = build_workbook(mitchell(3, 2), Options(event="Test"))
>>> wb.sheetnames[:5]
['Session', 'Names', 'Movement', 'Table Cards', 'Travellers']
>>> wb.sheetnames[-4:]
['Recap', 'Results', 'Checks', 'Lists']
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from openpyxl import Workbook

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import Context, Options
from xlbridge.families.duplicate.lists import write_lists
from xlbridge.families.duplicate.movement_sheet import write_movement
from xlbridge.families.duplicate.names import write_names
from xlbridge.families.duplicate.save import save_workbook
from xlbridge.families.duplicate.session_sheet import write_session_sheet
from xlbridge.families.duplicate.traveller import write_paper_travellers, write_traveller
from xlbridge.families.pairs.barometer_sheet import write_barometer
from xlbridge.families.pairs.cards import write_cards
from xlbridge.families.pairs.recap import write_recap
from xlbridge.families.pairs.results_sheet import write_results
from xlbridge.families.pairs.section_scoring import check_section_scoring, mark_sections
from xlbridge.interchange.files import workbook_output, write_atomically, xlsx_output
from xlbridge.interchange.names import NamedPlayer
from xlbridge.interchange.xlsx_write import saver
from xlbridge.limits import check_session_boards, check_session_plays
from xlbridge.movements.field import Field
from xlbridge.movements.model import Movement
from xlbridge.scoring.choices import DatumRounding, MPScaleName, PairsScoring, ResultEntry
from xlbridge.scoring.strata import Strata
from xlbridge.workbook.checks import write_checks
from xlbridge.workbook.styles import open_template

if TYPE_CHECKING:
    from xlbridge.families.pairs.settings import Settings
    from xlbridge.families.registry import WriteRequest
    from xlbridge.interchange.deals import HandRecord

__all__ = ["build_settings", "build_workbook", "write", "write_session"]


def build_workbook(
    movement: Movement, options: Options, template: str | Path | None = None
) -> Workbook:
    """The session workbook for ``movement``, in memory."""
    if not movement.boards:
        raise WorkbookError(f"movement {movement.kind!r} has no boards")
    check_session_boards(len(movement.boards))  # one sheet each: checked before any work
    check_session_plays(sum(len(e.boards) for e in movement.entries), f"movement {movement.kind}")
    if options.sections is not None and options.sections.movement is not movement:
        raise WorkbookError("sections: the movement must be the sections' joined movement")
    check_section_scoring(options.sections, options.scoring)
    wb = open_template(template)
    ctx = Context.create(wb, movement, options)
    write_session_sheet(ctx)
    write_names(ctx)
    write_movement(ctx)
    write_cards(ctx)
    write_paper_travellers(ctx)
    for b in movement.boards:
        write_traveller(ctx, b)
    write_recap(ctx)
    mark_sections(ctx)  # section scoring: each section matchpointed on its own
    write_results(ctx)
    if movement.barometer:
        write_barometer(ctx)
    write_checks(ctx)
    write_lists(ctx)
    wb.active = 0
    wb.calculation.fullCalcOnLoad = True
    return wb


def write_session(
    movement: Movement,
    path: str | Path,
    *,
    event: str = "Club pairs",
    date: str = "",
    scoring: PairsScoring = "mp",
    scale: MPScaleName = "acbl",
    result_entry: ResultEntry = "made-down",
    datum_rounding: DatumRounding = "half-away",
    template: str | Path | None = None,
    force: bool = False,
    names: Mapping[str, Sequence[str]] | None = None,
    hand_records: Sequence[HandRecord] = (),
    movement_options: str | None = None,
    sections: Field | None = None,
    players: Mapping[str, Sequence[NamedPlayer]] | None = None,
    handicapped: bool = False,
    strata: Strata | None = None,
    masterpoints: str = "",
) -> Path:
    """Write the session workbook to ``path`` (``.xlsx``) and return the path.

    Refuses to replace an existing file unless ``force``; writes a temporary file in the same
    folder and renames it, so a failure never leaves half a workbook. ``names`` maps a pair
    label (or id) to its players' names; they are written as text; ``players`` to its players'
    federation numbers, handicaps and masterpoints (the Names sheet's); ``handicapped`` and
    ``strata`` add handicapped and stratified results to the Recap. ``hand_records`` (analysed
    deals of the boards) add a diagram to each traveller and a ``Hand Records`` sheet.
    ``datum_rounding``: how a Butler datum's exact 5 goes to a ten
    (:func:`~xlbridge.scoring.imp_pairs.butler_datum`). ``movement_options``
    (:func:`~xlbridge.families.duplicate.session_sheet.movement_options_text`) goes on the
    Session sheet.
    ``sections``: several sections on the same boards (``movement`` is then
    ``sections.movement``), matchpointed across the field. ``masterpoints``: the scale
    (``ebu-club``) kept on the Session sheet, whose awards the Results sheet shows.
    """
    out = workbook_output(path, force)
    options = Options(
        event=event,
        date=date,
        scoring=scoring,
        scale=scale,
        result_entry=result_entry,
        datum_rounding=datum_rounding,
        names={k: tuple(v) for k, v in (names or {}).items()},
        players={k: tuple(v) for k, v in (players or {}).items()},
        movement_options=movement_options,
        sections=sections,
        handicapped=handicapped,
        strata=strata,
        masterpoints=masterpoints,
    )
    wb = build_workbook(movement, options, template)
    return save_workbook(wb, out, hand_records, options.event, force)




def build_settings(settings: Settings, template: str | Path | None) -> Workbook:
    """The workbook ``xlbridge new`` writes for the pairs ``settings`` (without names), in
    memory: what ``rebuild`` regenerates and the library's ``write`` saves."""
    from xlbridge.families.pairs.fouled import mark_fouled
    from xlbridge.families.pairs.settings import movement_of, options_text
    from xlbridge.workbook.hand_records import add_hand_records, analysed

    m = movement_of(settings)
    options = Options(
        event=settings.event, date=settings.date, scoring=settings.scoring,
        scale=settings.scale, result_entry=settings.result_entry,
        datum_rounding=settings.datum_rounding, movement_options=options_text(settings),
        handicapped=settings.handicapped, strata=settings.strata,
        masterpoints=settings.masterpoints,
    )  # fmt: skip
    wb = build_workbook(m, options, template)
    records = [r for r in analysed(settings.deals) if r.board in m.boards]
    if records:
        add_hand_records(wb, records, options.event)
    fouls = {b: frozenset(t) for b, t in settings.fouled}
    if fouls:
        mark_fouled(wb, m, fouls, settings.result_entry, options.per)
    return wb


def write(
    request: WriteRequest, out: str | os.PathLike[str], *,
    template: str | os.PathLike[str] | None = None, force: bool = False,
) -> Path:  # fmt: skip
    """The pairs workbook a :class:`~xlbridge.families.registry.WriteRequest` asks for (the
    family's ``write``): the workbook ``new`` writes for the family's one
    :class:`~xlbridge.families.pairs.settings.Settings` (its options by field name:
    ``scoring``, ``scale``, ``result_entry``, ``datum_rounding``, ``handicapped``, ``strata``,
    ``masterpoints``; and the movement options the Session sheet records, by their names in
    :class:`~xlbridge.movements.options.MovementOptions`: ``even``, ...), built as ``rebuild``
    builds it, checked as ``new`` checks it."""
    from xlbridge.families.pairs.settings import Settings
    from xlbridge.movements.options import MovementOptions, option_specs

    base = Settings(request.kind, request.tables, request.rounds, request.boards_per_round,
                    date=request.date)  # fmt: skip
    if request.event is not None:
        base = dataclasses.replace(base, event=request.event)
    recorded = {name for name, spec in option_specs() if spec.recorded}
    moves = {k: v for k, v in request.options.items() if k in recorded}
    others = {k: v for k, v in request.options.items() if k not in recorded}
    settings = dataclasses.replace(request, options=others).options_as(base)
    if moves:
        settings = dataclasses.replace(settings, movement_options=MovementOptions(**moves))
    if settings.scoring != "butler" and "datum_rounding" in request.options:
        raise WorkbookError("--datum-rounding is for Butler scoring (--scoring butler)")
    path = xlsx_output(out)
    if path.exists() and not force:
        raise WorkbookError(f"{str(path)!r} already exists; use --force to replace it")
    wb = build_settings(settings, None if template is None else Path(template))
    return write_atomically(path, saver(wb), force=force)
