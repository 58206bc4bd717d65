"""What every sheet of a teams workbook reads: the workbook being built, its plan and options,
and where the shared cells are.

>>> NAMES, NAMES_FIRST
('Names', 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from openpyxl import Workbook

from xlbridge.families.teams.plan import TeamsOptions, TeamsPlan
from xlbridge.workbook.styles import Styler

__all__ = ["NAMES", "NAMES_FIRST", "TeamsContext"]


NAMES = "Names"


NAMES_FIRST = 4


@dataclass
class TeamsContext:
    """The workbook being built and the cells other sheets read."""

    wb: Workbook
    plan: TeamsPlan
    options: TeamsOptions
    style: Styler
    vp_range: str = ""
    # per match: cell name -> absolute reference on its sheet (with the sheet)
    cells: dict[int, dict[str, str]] = field(default_factory=dict)
    checks_sources: list[str] = field(default_factory=list)

    @property
    def bam(self) -> bool:
        return self.options.scoring == "bam"

    @property
    def names_count(self) -> int:
        return 6 if self.plan.marvin else len(self.plan.teams)

    def names_range(self, col: str) -> str:
        last = NAMES_FIRST + self.names_count - 1
        return f"{NAMES}!${col}${NAMES_FIRST}:${col}${last}"
