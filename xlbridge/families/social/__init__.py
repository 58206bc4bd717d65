"""The social family (seed 002: rubber, Chicago, four to six players, progressive, Swiss and
round-robin pairs, marathons): score sheets, the back score, its reader, rebuild and
``swiss next``. Its games are scored on paper, so ``import`` refuses them.

>>> FAMILY.name
'social'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from xlbridge.families.registry import PackageFamily

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.rebuild.slots import NextRound
    from xlbridge.results.read_family import ScoredWorkbook
    from xlbridge.workbook.cells import Book


# The forms this family builds on (tests/test_layers.py): none, its form is its own.
DEPENDS: tuple[str, ...] = ()


class _Social(PackageFamily):
    def read(self, formulas: Book, cached: Book) -> ScoredWorkbook:
        from xlbridge.families.social.reader import read_social
        from xlbridge.families.social.reader_pairs import read_marathon, read_pair_game
        from xlbridge.workbook.session import read_settings

        settings = read_settings(formulas)  # once: every reader below takes it
        kind = settings.kind
        if kind in ("progressive", "swiss-pairs", "round-robin-pairs"):
            return read_pair_game(formulas, cached, settings)
        if kind == "marathon":
            return read_marathon(formulas, cached, settings)
        return read_social(formulas, cached, settings)

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        if kind != "swiss-pairs":
            return None
        from xlbridge.families.social.swiss import next_round

        return next_round


FAMILY = _Social("social", __name__)
