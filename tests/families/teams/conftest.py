"""The teams corpus: the fixtures the teams tests share.

``teams_built``: every case of ``test_teams_workbook.CASES`` (each way a match is scored)
built, filled as a user would, once a run. ``teams_recalculated``: the same workbooks, and
``h2h-small-damaged`` (a copy with formulas typed over by numbers: Home IMPs of match 1's first
board, a team's VP total on Standings), recalculated in one LibreOffice run. Read them only.
The modules that use them run on one worker (``tests/support/scopes.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.families.teams import test_teams_workbook as tw
from xlbridge.families.teams.build import FIRST_ROW
from xlbridge.workbook.recalc import recalculate

DAMAGED = tw.DAMAGED


@pytest.fixture(scope="session")
def teams_built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Case name -> (path, rows, knockout overrides): built and filled, never calculated."""
    folder = tmp_path_factory.mktemp("teams-corpus")
    return {case.name: tw._build(folder, case) for case in tw.CASES}


@pytest.fixture(scope="session")
def teams_recalculated(
    teams_built: dict[str, Any], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """Case name (and ``DAMAGED``) -> the workbook recalculated by LibreOffice."""
    h2h = teams_built["h2h-small"][0]
    damaged = h2h.with_name(f"{DAMAGED}.xlsx")
    wb = openpyxl.load_workbook(h2h)
    wb["Match 1"][f"L{FIRST_ROW}"] = 99
    wb["Standings"]["F5"] = 77
    wb.save(damaged)
    paths = [path for path, _rows, _overrides in teams_built.values()] + [damaged]
    done = recalculate(paths, tmp_path_factory.mktemp("teams-corpus-recalculated"))
    return {p.stem: p for p in done}
