"""The individual family (``rainbow``, ``individual-2``, ``individual-3``, ``six-couples``):
travellers with four players a row, one field of players, its reader, rebuild and importer.

>>> FAMILY.name
'individual'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

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
    from xlbridge.results.session import SessionInput
    from xlbridge.workbook.cells import Book


# The forms this family builds on (tests/test_layers.py: it imports no other family folder).
DEPENDS = ("duplicate",)


class _Individual:
    @property
    def name(self) -> FamilyName:
        return "individual"

    def write(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Path:  # fmt: skip
        from xlbridge.families.individual.build import write

        return write(request, out, template=template, force=force)

    def read(self, formulas: Book, cached: Book) -> SessionInput:
        from xlbridge.families.duplicate.reader import read_traveller_session

        return read_traveller_session(formulas, cached, "individual")

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        from xlbridge.families.duplicate.render import render, session_of

        return render(session_of(res), request)

    def record(self, res: Scored) -> Recorded:
        from xlbridge.families.duplicate.render import record, session_of

        return record(session_of(res))

    def rebuild_adapter(self) -> FamilyAdapter | None:
        from xlbridge.families.individual.rebuild import ADAPTER

        return ADAPTER

    def importer(self) -> tuple[Filler, bool] | None:
        from xlbridge.families.individual.importer import fill_individual

        return fill_individual, False

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        return None  # no Swiss events


FAMILY = _Individual()
