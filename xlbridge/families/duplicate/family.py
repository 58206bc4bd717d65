"""The family protocol (:class:`xlbridge.families.registry.Family`) of a family built on the
duplicate form: the form reads, scores, renders and records its workbooks; the family's own
package writes them (``new.write_new``), rebuilds them (``rebuild.ADAPTER``) and places a scorer's
results (its ``importer`` module's filler). Each such family's ``FAMILY`` is one of these.

>>> f = DuplicateFamily("pairs", "xlbridge.families.pairs", "fill_pairs")
>>> f.name, f.swiss_next("mitchell")
('pairs', None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from xlbridge.families.registry import PackageFamily

if TYPE_CHECKING:
    from xlbridge.families.registry import FamilyName, Recorded, Rendered, RenderRequest, Scored
    from xlbridge.rebuild.importing import Filler
    from xlbridge.results.session import SessionInput
    from xlbridge.workbook.cells import Book

__all__ = ["DuplicateFamily"]


class DuplicateFamily(PackageFamily):
    """A family on the duplicate form: its ``name``, its ``package`` (``build``, ``rebuild``,
    ``importer`` modules, loaded when a job needs them) and its importer's filler's name."""

    def __init__(self, name: FamilyName, package: str, filler: str) -> None:
        super().__init__(name, package)
        self._filler = filler

    def read(self, formulas: Book, cached: Book) -> SessionInput:
        from xlbridge.families.duplicate.reader import read_traveller_session

        return read_traveller_session(formulas, cached, self.name)

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        from xlbridge.families.duplicate.render import render, session_of

        return render(session_of(res), request)

    def record(self, res: Scored) -> Recorded:
        from xlbridge.families.duplicate.render import record, session_of

        return record(session_of(res))

    def importer(self) -> tuple[Filler, bool] | None:
        return cast("Filler", self.own("importer", self._filler)), False
