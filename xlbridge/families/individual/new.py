"""What ``xlbridge new`` writes for an individual game (:meth:`Family.write_new
<xlbridge.families.registry.Family.write_new>`): the movement of the kind (built as ``xlbridge
movement`` builds it) or of a club's own file, the names file (a row per player), its players
filled from the club register, strata, hand records, then the workbook.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.new_options import new_strata
from xlbridge.families.registry import Written

if TYPE_CHECKING:
    from xlbridge.families.registry import WriteRequest

__all__ = ["write_new"]


def write_new(
    request: WriteRequest, out: str | os.PathLike[str], *,
    template: str | os.PathLike[str] | None = None, force: bool = False,
) -> Written:  # fmt: skip
    """The individuals workbook ``request`` asks for, with the options
    :class:`~xlbridge.families.individual.settings.NewOptions` takes, and what it holds
    (``new``'s line)."""
    from xlbridge.families.individual.settings import NewOptions

    o = request.options_as(NewOptions())
    check_scoring(o.scoring)
    if request.sections is not None:
        raise WorkbookError("individual games are not played in sections; --sections is for "
                            "pairs games")  # fmt: skip
    movement = request.movement
    if movement is None:
        movement = o.movement(request)
    from xlbridge.families.duplicate.new_players import registered
    from xlbridge.interchange.names import read_player_names, read_players

    file = None if request.names is None else os.fspath(request.names)
    names = read_player_names(file) if file else {}
    given = registered(read_players(file) if file else {}, request.db)
    players = {int(k): v[0] for k, v in given.items() if k.isdigit() and k.isascii() and v}
    names.update({k: p.name for k, p in players.items() if p.name})
    strata = new_strata(o.strata, None, o.unknown_stratum)  # one player: no --strata-by
    records = request.deals.records(movement.boards)  # [] without hand records
    from xlbridge.families.individual.build import write_individuals

    path = write_individuals(
        movement,
        Path(out),
        event="Club individual" if request.event is None else request.event,
        date=request.date,
        scale=o.scale,
        result_entry=o.result_entry,
        template=None if template is None else os.fspath(template),
        force=force,
        names=names,
        hand_records=records,
        players=players,
        handicapped=o.handicap,
        strata=strata,
        masterpoints=o.masterpoints or "",
    )
    summary = (f"{len(movement.boards)} boards, {len(movement.pairs)} players, "
               f"{movement.rounds} rounds" + (", hand records" if records else ""))  # fmt: skip
    return Written(path, summary)


def check_scoring(scoring: str) -> None:
    """Individual games are scored by matchpoints: another scoring is refused in one line.

    >>> check_scoring("butler")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: --scoring butler: individual games are scored by ...
    """
    if scoring != "mp":
        raise WorkbookError(
            f"--scoring {scoring[:20]}: individual games are scored by matchpoints "
            "(IMP scoring for individuals is not built yet)"
        )
