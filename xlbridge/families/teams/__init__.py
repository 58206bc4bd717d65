"""The teams family (head-to-head, round robins, board-a-match, knockout, Swiss teams,
Marvin's game): match sheets, standings, its reader, rebuild, importer and ``swiss next``.

>>> FAMILY.name
'teams'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError

if TYPE_CHECKING:
    from pathlib import Path

    from openpyxl import Workbook

    from xlbridge.families.registry import (
        FamilyName,
        Recorded,
        Rendered,
        RenderRequest,
        Scored,
        WriteRequest,
    )
    from xlbridge.rebuild.importing import Filler
    from xlbridge.rebuild.slots import FamilyAdapter, NextRound
    from xlbridge.results.read_family import ScoredWorkbook
    from xlbridge.workbook.cells import Book


# The forms this family builds on (tests/test_layers.py): none, its form is its own.
DEPENDS: tuple[str, ...] = ()


class _Teams:
    @property
    def name(self) -> FamilyName:
        return "teams"

    def write(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Path:  # fmt: skip
        from xlbridge.families.teams.build import write

        return write(request, out, template=template, force=force)

    def read(self, formulas: Book, cached: Book) -> ScoredWorkbook:
        from xlbridge.families.teams.reader import read_teams

        return read_teams(formulas, cached)

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        from xlbridge.families.registry import rendered_by_reader

        return rendered_by_reader(res, request)

    def record(self, res: Scored) -> Recorded:
        from xlbridge.families.teams.model import TeamsResults
        from xlbridge.families.teams.record import record

        if not isinstance(res, TeamsResults):
            raise WorkbookError(f"a {res.family} workbook's results are not a team game's")
        return record(res)

    def rebuild_adapter(self) -> FamilyAdapter | None:
        from xlbridge.families.teams.rebuild import ADAPTER

        return ADAPTER

    def importer(self) -> tuple[Filler, bool] | None:
        from xlbridge.families.teams.importer import fill_teams

        return fill_teams, True  # a team match's rows come from every section

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        if kind != "swiss-teams":
            return None
        from xlbridge.families.teams.swiss import next_round

        return lambda book, _name: next_round(book)


FAMILY = _Teams()
