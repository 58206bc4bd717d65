"""The teams family (head-to-head, round robins, board-a-match, knockout, Swiss teams,
Marvin's game): match sheets, standings, its reader, rebuild, importer and ``swiss next``.

>>> FAMILY.name
'teams'
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from xlbridge.errors import ScaleError, WorkbookError
from xlbridge.families.registry import PackageFamily

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.families.registry import Recorded, Rendered, RenderRequest, Scored
    from xlbridge.families.teams.model import TeamsResults
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

        teams, notes = _awarded(res, request.masterpoints)
        if request.fmt == "usebio":
            data = _usebio(teams, request.usebio_options(), request.deals_of())
            return Rendered(data, notes=notes)
        return Rendered(teams.render(request.fmt, request.table), notes=notes)

    def usebio(
        self,
        res: SessionResults | ScoredWorkbook,
        options: UsebioOptions,
        deals: Mapping[int, str] | None,
    ) -> bytes:
        """The USEBIO file of ``res`` as ``results --format usebio`` writes it (:meth:`render`'s
        path): masterpoints under ``options.masterpoint_scale`` or the scale kept on the
        Session sheet; a scale the rule does not cover (a knockout) refused in one line when
        asked for, and when only the sheet keeps it the file written without awards and the
        note ``results`` prints on standard error given as a :class:`UserWarning`."""
        teams, notes = _awarded(res, options.masterpoint_scale)
        for note in notes:
            warnings.warn(note, UserWarning, stacklevel=2)
        return _usebio(teams, options, deals)


def _awarded(res: Scored, asked: str) -> tuple[TeamsResults, tuple[str, ...]]:
    """``res`` with each team's masterpoints under the scale ``asked`` for, else the one kept
    on its Session sheet, and the note said when the kept scale's rule does not cover it (a
    knockout: published without awards); a scale asked for and not covered is refused."""
    from xlbridge.families.teams.awards import team_awards
    from xlbridge.families.teams.model import TeamsResults

    if not isinstance(res, TeamsResults):  # a caller's slip
        raise TypeError("a teams workbook's results are a TeamsResults")
    scale = asked or res.masterpoint_scale
    if not scale:
        return res, ()
    try:
        return team_awards(res, scale), ()
    except ScaleError as exc:
        if asked:
            raise
        return res, (f"masterpoints not awarded: {exc}",)


def _usebio(res: TeamsResults, options: UsebioOptions, deals: Mapping[int, str] | None) -> bytes:
    """The USEBIO bytes of ``res`` as :func:`_awarded` left it (its awards, or none)."""
    from xlbridge.families.teams.usebio import write_teams_usebio

    options = dataclasses.replace(options, masterpoint_scale=res.awarded_scale)
    return write_teams_usebio(res, options, deals)


FAMILY = _Teams("teams", __name__)
