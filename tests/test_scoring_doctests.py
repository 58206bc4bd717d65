"""The examples in the scoring modules' docstrings are run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "xlbridge",
    "xlbridge.scoring.contract",
    "xlbridge.scoring.imps",
    "xlbridge.scoring.matchpoints",
    "xlbridge.scoring.imp_pairs",
    "xlbridge.scoring.vp",
    "xlbridge.scoring.session",
    "xlbridge.traveller",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
