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


def scope_of(nodeid: str) -> str:
    """The work unit of a test: its corpus's name when its module reads a family corpus, else
    its module (or class), as ``loadscope`` groups tests."""
    module = nodeid.split("::", 1)[0]
    return _SCOPE.get(module, nodeid.rsplit("::", 1)[0])
