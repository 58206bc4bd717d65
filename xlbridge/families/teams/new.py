"""What ``xlbridge new`` writes for a team game (:meth:`Family.write_new
<xlbridge.families.registry.Family.write_new>`): the matches of the kind, the team names file
(a row per team, or per pair of Marvin's game), then the workbook.

>>> from xlbridge.families.registry import Deals, WriteRequest
>>> write_new(WriteRequest("knockout", 4, deals=Deals(deal=True)), "ko.xlsx")
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: knockout is a team game, which takes no hand records ...
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.families.registry import Written

if TYPE_CHECKING:
    from xlbridge.families.registry import WriteRequest

__all__ = ["write_new"]


def write_new(
    request: WriteRequest, out: str | os.PathLike[str], *,
    template: str | os.PathLike[str] | None = None, force: bool = False,
) -> Written:  # fmt: skip
    """The teams workbook ``request`` asks for, with the options
    :class:`~xlbridge.families.teams.plan.NewOptions` takes, and what it holds (``new``'s
    line). A movement, sections, a club register or hand records are refused in one line."""
    from xlbridge.families.teams.plan import NewOptions, PlanArgs, build_plan, options_of
    from xlbridge.movements.registry import get_kind

    request.refuse_inputs("a team game", keep=("names",))
    o = request.options_as(NewOptions())
    size = PlanArgs(request.tables, request.boards_per_round, request.rounds, o.segments)
    plan = build_plan(size, get_kind(request.kind))
    names: dict[int, tuple[str, ...]] = {}
    if request.names:
        from xlbridge.interchange.names import numbered, read_names

        names = numbered(read_names(os.fspath(request.names)), "team (or Marvin pair)",
                         headers=("team", "pair"))  # fmt: skip
    options = options_of(request.kind, request.event, request.date, o)
    from xlbridge.families.teams.build import write_teams

    path = write_teams(plan, Path(out), dataclasses.replace(options, names=names),
                       template=None if template is None else os.fspath(template),
                       force=force)  # fmt: skip
    n = len(plan.matches)
    return Written(path, f"{n} match{'' if n == 1 else 'es'}, {len(plan.teams)} teams")
