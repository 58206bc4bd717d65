"""The teams family (head-to-head, round robins, board-a-match, knockout, Swiss teams,
Marvin's game): match sheets, standings, its reader, rebuild, importer and ``swiss next``.

>>> FAMILY.name
'teams'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from xlbridge.errors import ScaleError, WorkbookError
from xlbridge.families.registry import PackageFamily

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.families.registry import Recorded, Rendered, RenderRequest, Scored
    from xlbridge.rebuild.importing import Filler
    from xlbridge.rebuild.slots import NextRound
    from xlbridge.results.read_family import ScoredWorkbook
    from xlbridge.results.session import SessionResults
    from xlbridge.results.usebio import UsebioOptions
    from xlbridge.workbook.cells import Book


# The forms this family builds on (tests/test_layers.py): none, its form is its own.
DEPENDS: tuple[str, ...] = ()


class _Teams(PackageFamily):
    def read(self, formulas: Book, cached: Book) -> ScoredWorkbook:
        from xlbridge.families.teams.reader import read_teams

        return read_teams(formulas, cached)

    def record(self, res: Scored) -> Recorded:
        from xlbridge.families.teams.model import TeamsResults
        from xlbridge.families.teams.record import record

        if not isinstance(res, TeamsResults):
            raise WorkbookError(f"a {res.family} workbook's results are not a team game's")
        return record(res)

    def importer(self) -> tuple[Filler, bool] | None:
        from xlbridge.families.teams.importer import fill_teams

        return fill_teams, True  # a team match's rows come from every section

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        if kind != "swiss-teams":
            return None
        from xlbridge.families.teams.swiss import next_round

        return lambda book, _name: next_round(book)

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        """``res`` in the requested format, each team's masterpoints with it where a scale is
        asked for (``--masterpoints``) or kept on the Session sheet: what the scale's rule
        does not cover (a knockout) is refused in one line when asked for, and said on
        standard error (the results published without awards) when only the sheet keeps it."""
        from xlbridge.families.registry import Rendered
        from xlbridge.families.teams.awards import team_awards
        from xlbridge.families.teams.model import TeamsResults
        from xlbridge.families.teams.usebio import write_teams_usebio

        if not isinstance(res, TeamsResults):  # a caller's slip, as in usebio below
            raise TypeError("a teams workbook's results are a TeamsResults")
        scale = request.masterpoints or res.masterpoint_scale
        notes: tuple[str, ...] = ()
        if scale:
            try:
                res = team_awards(res, scale)
            except ScaleError as exc:
                if request.masterpoints:  # asked for on the command line
                    raise
                notes = (f"masterpoints not awarded: {exc}",)
        if request.fmt == "usebio":
            options = dataclasses.replace(request.usebio_options(),
                                          masterpoint_scale=res.awarded_scale)  # fmt: skip
            return Rendered(write_teams_usebio(res, options, request.deals_of()), notes=notes)
        return Rendered(res.render(request.fmt, request.table), notes=notes)

    def usebio(
        self,
        res: SessionResults | ScoredWorkbook,
        options: UsebioOptions,
        deals: Mapping[int, str] | None,
    ) -> bytes:
        from xlbridge.families.teams.model import TeamsResults
        from xlbridge.families.teams.usebio import write_teams_usebio

        if not isinstance(res, TeamsResults):
            raise TypeError("a teams workbook's results are a TeamsResults")
        if not options.masterpoint_scale and res.masterpoint_scale:  # the workbook's own
            options = dataclasses.replace(options, masterpoint_scale=res.masterpoint_scale)
        return write_teams_usebio(res, options, deals)


FAMILY = _Teams("teams", __name__)
