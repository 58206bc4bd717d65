"""The fixtures and hooks every test shares (plain helpers live in ``tests/support/shared.py``).

- The guard: every test marked ``libreoffice`` or ``gnumeric`` goes through
  :func:`tests.support.shared.needs_libreoffice` / ``needs_gnumeric`` before its fixtures are set
  up (:func:`pytest_runtest_setup`); no test file repeats it.
- ``seeds_dir``: the seed documents (``../shared/seeds``).
- The xdist scheduler (``--dist loadscope``, ``scripts/test.sh``): each module's tests run on one
  worker, and the modules that read one family corpus run on the same worker
  (``tests/support/scopes.py``), so the corpus is made once.
- The Nu Html Checker's service (``tests/support/nu_validator.py``): on the xdist controller,
  started in the background when the run starts and stopped when it ends; its address goes
  to every worker. Without xdist, the first page checked starts it.
- The ``new_workbook`` fixture: ``xlbridge new ARGV`` written once per test session and shared;
  only for tests that read the workbook (copy it first to change it).

A family's own fixtures live in its folder's ``conftest.py`` (``tests/families/*/``). Nothing
imports a conftest: test files import helpers from ``tests.support``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support import nu_validator
from tests.support.scopes import cost_rank, scope_of
from tests.support.shared import SHARED, cli_new, needs_gnumeric, needs_libreoffice


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The seed documents (``../shared/seeds``)."""
    return SHARED / "seeds"


_MARKED: dict[str, Callable[[], str]] = {
    "libreoffice": needs_libreoffice,
    "gnumeric": needs_gnumeric,
}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """The guard for every test marked ``libreoffice`` or ``gnumeric``, before its fixtures."""
    for marker, guard in _MARKED.items():
        if item.get_closest_marker(marker) is not None:
            guard()


@pytest.fixture(scope="session")
def new_workbook(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``new_workbook(*argv)``: the workbook ``xlbridge new ARGV`` writes, made once per
    session and shared by every test that asks for the same words. Read it only: a test that
    changes the file copies it first (``shutil.copy``)."""
    folder = tmp_path_factory.mktemp("new-workbooks")
    made: dict[tuple[str, ...], Path] = {}

    def get(*argv: str) -> Path:
        if argv not in made:
            made[argv] = cli_new(folder, f"book{len(made)}", *argv)
        return made[argv]

    return get


def _xdist_controller(config: pytest.Config) -> bool:
    workers = getattr(config.option, "numprocesses", None)
    return bool(workers) and getattr(config.option, "dist", "no") != "no"


def pytest_configure(config: pytest.Config) -> None:
    """One Nu Html Checker per run: the xdist controller starts it now, in the background,
    so its start-up overlaps the workers' start and collection; a worker takes its address."""
    worker = getattr(config, "workerinput", None)
    if worker is not None:
        if worker.get(nu_validator.ADDRESS):
            os.environ[nu_validator.ADDRESS] = worker[nu_validator.ADDRESS]
    elif _xdist_controller(config) and not os.environ.get(nu_validator.ADDRESS):
        address = nu_validator.start()
        if address is not None:
            os.environ[nu_validator.ADDRESS] = address


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """The checker's address, for each xdist worker."""
    node.workerinput[nu_validator.ADDRESS] = os.environ.get(nu_validator.ADDRESS, "")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Stop the checker this process started (the controller's, or a run's without xdist)."""
    nu_validator.stop()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadscope`` with a family corpus's modules as one scope (:func:`scope_of`)."""
    if config.getoption("dist", None) != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class CorpusScopes(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid)

    # The scopes in the order collected (costliest first, pytest_collection_modifyitems), not
    # xdist's own order by the number of tests a scope has.
    config.option.loadscopereorder = False
    return CorpusScopes(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The costliest scopes first (``tests.support.scopes.COSTLIEST``), each test module's tests in
    their own order: the workers are handed the long modules first and end together."""
    items.sort(key=lambda item: cost_rank(item.nodeid))
