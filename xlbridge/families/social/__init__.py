"""The social family (seed 002: rubber, Chicago, four to six players, progressive, Swiss and
round-robin pairs, marathons): score sheets, the back score, its reader, rebuild and
``swiss next``. Its games are scored on paper, so ``import`` refuses them.

>>> FAMILY.name
'social'
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


class _Social:
    @property
    def name(self) -> FamilyName:
        return "social"

    def write(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Path:  # fmt: skip
        from xlbridge.families.social.build import write

        return write(request, out, template=template, force=force)

    def read(self, formulas: Book, cached: Book) -> ScoredWorkbook:
        from xlbridge.families.social.reader import read_social
        from xlbridge.families.social.reader_pairs import read_marathon, read_pair_game
        from xlbridge.workbook.session import read_settings

        settings = read_settings(formulas)
        kind = settings.kind
        if kind in ("progressive", "swiss-pairs", "round-robin-pairs"):
            return read_pair_game(formulas, cached, settings)
        if kind == "marathon":
            return read_marathon(formulas, cached, settings)
        return read_social(formulas, cached)

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        from xlbridge.families.registry import rendered_by_reader

        return rendered_by_reader(res, request)

    def record(self, res: Scored) -> Recorded:
        raise WorkbookError(
            "this is a social game workbook; the club register records pairs, individuals and"
            " teams sessions"
        )

    def rebuild_adapter(self) -> FamilyAdapter | None:
        from xlbridge.families.social.rebuild import ADAPTER

        return ADAPTER

    def importer(self) -> tuple[Filler, bool] | None:
        return None

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        if kind != "swiss-pairs":
            return None
        from xlbridge.families.social.swiss import next_round

        return next_round


FAMILY = _Social()
