"""Every docstring example in the package runs as a test (the docs cannot drift from the code).

A module whose docstrings hold no example fails, unless it is listed in ``NO_EXAMPLES`` below:
a doctest run that finds nothing would pass without checking anything.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import xlbridge

MODULES = sorted(
    ["xlbridge"] + [m.name for m in pkgutil.walk_packages(xlbridge.__path__, "xlbridge.")]
)
# Modules whose import runs a program rather than defining one.
SKIP = {"xlbridge.__main__", "xlbridge.cli.__main__"}

# Modules with no docstring example yet (each run finds nothing to check). Give a module an
# example and take it off this list: the test fails for a listed module that has examples, and
# for a listed name that is no module (moved or renamed), so the list stays exact.
NO_EXAMPLES = frozenset(
    {
        # command-line front ends: their tests run the commands (tests/test_cli_*.py)
        "xlbridge.cli.addin",
        "xlbridge.cli.movement",
        "xlbridge.cli.new_social",
        "xlbridge.cli.new_teams",
        "xlbridge.cli.rebuild",
        "xlbridge.cli.results",
        "xlbridge.cli.scoring",
        "xlbridge.cli.swiss",
        # package __init__ modules
        "xlbridge.excel",
        "xlbridge.interchange",
        "xlbridge.movements",
        "xlbridge.rebuild",
        "xlbridge.results",
        "xlbridge.scoring",
        # sheet writers, the Swiss next-round readers, the HTML results page
        "xlbridge.families.individual.recap",
        "xlbridge.families.pairs.recap",
        "xlbridge.families.social.swiss",
    }
)


# Each module's run by test_docstring_examples, for the count below (how many examples ran
# does not depend on ELLIPSIS): the rules layer's examples are not run a second time.
_RESULTS: dict[str, doctest.TestResults] = {}


def _run(name: str) -> doctest.TestResults:
    _RESULTS[name] = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    return _RESULTS[name]


@pytest.mark.parametrize("name", [m for m in MODULES if m not in SKIP])
def test_docstring_examples(name: str) -> None:
    result = _run(name)
    assert result.failed == 0
    if name in NO_EXAMPLES:
        assert result.attempted == 0, f"{name} has examples now: take it off NO_EXAMPLES"
    else:
        assert result.attempted > 0, f"{name}: no docstring example (or list it in NO_EXAMPLES)"


def test_no_examples_list_names_modules() -> None:
    assert sorted(NO_EXAMPLES - set(MODULES)) == []


def test_examples_exist_across_the_rules_layer() -> None:
    attempted = 0
    for name in MODULES:
        if name.startswith(("xlbridge.scoring", "xlbridge.movements", "xlbridge.types")):
            ran = _RESULTS.get(name) or doctest.testmod(importlib.import_module(name))
            attempted += ran.attempted
    assert attempted >= 50
