"""The individual family (``rainbow``, ``individual-2``, ``individual-3``, ``six-couples``):
travellers with four players a row, one field of players, its reader, rebuild and importer.

>>> FAMILY.name
'individual'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.families.registry import FamilyName
    from xlbridge.rebuild.importing import Filler
    from xlbridge.rebuild.slots import FamilyAdapter, NextRound
    from xlbridge.results.read_family import ScoredWorkbook
    from xlbridge.results.session import SessionInput, SessionResults
    from xlbridge.results.usebio import UsebioOptions
    from xlbridge.workbook.cells import Book


class _Individual:
    @property
    def name(self) -> FamilyName:
        return "individual"

    def read(self, formulas: Book, cached: Book) -> SessionInput:
        from xlbridge.results.readers import read_traveller_session

        return read_traveller_session(formulas, cached, "individual")

    def rebuild_adapter(self) -> FamilyAdapter | None:
        from xlbridge.families.individual.rebuild import ADAPTER

        return ADAPTER

    def importer(self) -> tuple[Filler, bool] | None:
        from xlbridge.families.individual.importer import fill_individual

        return fill_individual, False

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        return None  # no Swiss events

    def usebio(
        self,
        res: SessionResults | ScoredWorkbook,
        options: UsebioOptions,
        deals: Mapping[int, str] | None,
    ) -> bytes:
        from xlbridge.results.session import SessionResults
        from xlbridge.results.usebio_session import write_usebio

        if not isinstance(res, SessionResults):
            raise TypeError("this family's results are a SessionResults")
        return write_usebio(res, options=options, deals=deals)


FAMILY = _Individual()
