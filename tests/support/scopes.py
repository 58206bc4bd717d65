"""Which test modules run together on one xdist worker (``--dist loadscope``).

``scripts/test.sh`` runs the suite on two workers, each module's tests on one worker (so a
module fixture is made once). Modules that read the same family corpus, a session fixture of a
family's ``conftest.py`` that builds and recalculates workbooks, are one scope here: they run on
the same worker, so the corpus is made, and LibreOffice started for it, once a run.

>>> scope_of("tests/families/teams/test_results_teams.py::test_html[rr3]")
'teams corpus'
>>> scope_of("tests/rules/scoring/test_vp.py::test_vp_scale")
'tests/rules/scoring/test_vp.py'
"""

from __future__ import annotations

#: A family corpus -> the modules that read it (paths from the checkout's root).
SHARED: dict[str, tuple[str, ...]] = {
    "teams corpus": (
        "tests/families/teams/test_teams_workbook.py",
        "tests/families/teams/test_results_teams.py",
    ),
    "social corpus": (
        "tests/families/social/test_social_workbook_recalc.py",
        "tests/families/social/test_social_workbook_pairs.py",
        "tests/families/social/test_results_social.py",
    ),
}

_SCOPE = {module: scope for scope, modules in SHARED.items() for module in modules}

#: The costliest scopes, costliest first (seconds a worker spends on each, LibreOffice's share
#: included, measured in full runs of the suite). They are handed out first and the many small
#: scopes last, so that neither worker is left running a long module alone at the end (the
#: longest-first rule); a scope missing here only runs later. The order is a guide, not a rule:
#: a stale entry costs a few seconds, never a result.
COSTLIEST: tuple[str, ...] = (
    "tests/families/duplicate/test_second_engine.py",
    "teams corpus",
    "tests/families/individual/test_rebuild_individual.py",
    "social corpus",
    "tests/families/pairs/test_field_sections.py",
    "tests/kits/workbook/test_masterpoints_workbook.py",
    "tests/families/social/test_rebuild_social.py",
    "tests/families/teams/test_rebuild_teams.py",
    "tests/families/duplicate/test_excel_validity.py",
    "tests/families/duplicate/test_results_roundtrip.py",
    "tests/kits/workbook/test_recalc_resident.py",
    "tests/families/pairs/test_rebuild.py",
    "tests/kits/interchange/test_bridgemate.py",
    "tests/kits/interchange/test_bounds.py",
    "tests/families/individual/test_individual_workbook.py",
    "tests/families/duplicate/test_workbook_recalc.py",
    "tests/kits/workbook/test_printing_families.py",
    "tests/families/pairs/test_rebuild_pairs_engine.py",
    "tests/families/pairs/test_barometer_workbook.py",
    "tests/families/pairs/test_sit_out.py",
    "tests/families/individual/test_import_family.py",
    "tests/faces/excel/test_udf.py",
    "tests/faces/excel/test_excel_hostile.py",
    "tests/faces/cli/test_cli_hostile.py",
    "tests/kits/interchange/test_deals.py",
    "tests/families/duplicate/test_datum_rounding.py",
)
_RANK = {scope: rank for rank, scope in enumerate(COSTLIEST)}


def cost_rank(nodeid: str) -> int:
    """Where a test's scope comes in :data:`COSTLIEST` (the rest after it, in their own order).

    >>> cost_rank("tests/families/duplicate/test_second_engine.py::test_no_engine_errors")
    0
    >>> cost_rank("tests/rules/scoring/test_vp.py::test_vp_scale") == len(COSTLIEST)
    True
    """
    return _RANK.get(scope_of(nodeid), len(COSTLIEST))


def scope_of(nodeid: str) -> str:
    """The work unit of a test: its corpus's name when its module reads a family corpus, else
    its module (or class), as ``loadscope`` groups tests."""
    module = nodeid.split("::", 1)[0]
    return _SCOPE.get(module, nodeid.rsplit("::", 1)[0])
