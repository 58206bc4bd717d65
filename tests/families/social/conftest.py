"""The social corpus: the workbooks the social tests recalculate, made once.

``social_recalculated``: every case of ``test_social_workbook_recalc.CASES`` (written and filled
as a user would) and an empty six-player workbook (``empty_six``), and every pair game of
``test_social_workbook_pairs.PAIR_CASES`` (filled with its simulated play, ``SIMS``), recalculated
with ``test_results_social``'s own two (``rubber-damaged``, the rubber with its North-South
total typed over by a number, and ``marathon``, months 1 and 2 played) and
``test_social_workbook_recalc``'s rows the rules refuse (``bad_rubber``, ``bad_chicago``) and
``test_social_workbook_pairs``'s marathon of six pairs (``marathon_played``), in one
LibreOffice run;
file stem -> recalculated path. Read them only. The modules that use it
run on one worker (``tests/support/scopes.py``), so LibreOffice starts for it once a run.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.families.social import test_results_social as rs
from tests.families.social import test_social_workbook_pairs as sp
from tests.families.social import test_social_workbook_recalc as sw
from xlbridge.families.social.build import score_sheet_layouts, write_social
from xlbridge.families.social.marathon import build_marathon, schedule_rows
from xlbridge.families.social.settings import SocialOptions
from xlbridge.workbook.recalc import recalculate


@pytest.fixture(scope="session")
def social_recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """File stem -> the workbook recalculated by LibreOffice (one run for all of them)."""
    src = tmp_path_factory.mktemp("social-corpus")
    paths = []
    for name, case in sw.CASES.items():
        path = src / f"{name}.xlsx"
        write_social(case.opt, path)
        sw.fill(path, case)
        paths.append(path)
    empty = src / "empty_six.xlsx"
    write_social(SocialOptions(kind="six-player"), empty)
    paths.append(empty)
    for name, opt in sp.PAIR_CASES.items():
        paths.append(sp._written_filled(opt, sp.SIMS[name], src / f"{name}.xlsx"))
    # The first rubber's North-South total typed over by a number.
    case = sw.CASES["rubber"]
    _, lay = score_sheet_layouts(case.opt, len(case.blocks))[0]
    wb = openpyxl.load_workbook(src / "rubber.xlsx")
    wb["Rubbers"][f"I{lay.total}"] = 999
    wb.save(src / f"{rs.DAMAGED}.xlsx")
    paths.append(src / f"{rs.DAMAGED}.xlsx")
    # A marathon: months 1 and 2 played; the first match is seed 002's 2,000 to 3,000.
    wb = build_marathon(rs.MARATHON)
    for i, (r, rnd, _, _) in enumerate(schedule_rows(rs.MARATHON)):
        if rnd <= 2:
            wb["Schedule"][f"H{r}"], wb["Schedule"][f"I{r}"] = rs.MARATHON_POINTS[i]
    wb.save(src / "marathon.xlsx")
    paths.append(src / "marathon.xlsx")
    paths += sw.write_bad_rows(src)  # test_bad_rows_are_listed's two
    paths.append(sp.write_marathon_played(src))  # test_marathon_results_and_standings's
    done = recalculate(paths, tmp_path_factory.mktemp("social-corpus-recalculated"))
    return {p.stem: p for p in done}
