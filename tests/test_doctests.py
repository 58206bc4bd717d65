"""Every docstring example in the package runs as a test (the docs cannot drift from the code)."""

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


@pytest.mark.parametrize("name", [m for m in MODULES if m not in SKIP])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_examples_exist_across_the_rules_layer() -> None:
    attempted = 0
    for name in MODULES:
        if name.startswith(("xlbridge.scoring", "xlbridge.movements", "xlbridge.types")):
            attempted += doctest.testmod(importlib.import_module(name)).attempted
    assert attempted >= 50
