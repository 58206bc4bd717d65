"""Fixtures two or more pairs test modules share. The teams and social folders show the
pattern for a family corpus (built and recalculated once a run, its modules listed in
``tests/support/scopes.py`` so they run on one worker). Helpers a test imports live in a module
(its own, or ``tests/support``), never here.

- ``results_read_once``: each unchanged workbook ``results`` (and ``score_workbook``) reads in
  a module is read once, whatever the formats asked (``tests/support/read_once.py``); a module
  asks for it with ``pytestmark = pytest.mark.usefixtures("results_read_once")``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.read_once import read_once


@pytest.fixture(scope="module")
def results_read_once() -> Iterator[None]:
    """Each unchanged workbook ``results`` reads in the module is read once."""
    with read_once():
        yield
