"""Which spreadsheet programs compute the workbooks (issue 21): every function any generated
workbook uses, over every family, is one of ``ALLOWED_FUNCTIONS``, and that list is exactly the
one on the developers' page (docs/developers.md), where each function is named with the page of
Google's documented function list (support.google.com/docs, "Google Sheets function list") that
has it.
"""

from __future__ import annotations

import re

import pytest

from tests.support.engines import iter_formulas
from tests.support.shared import REPO, run_cli
from xlbridge.workbook.formulas import ALLOWED_FUNCTIONS, functions_in

# The list moved with what the tests prove to the developers' page (issue 31).
README = (REPO / "docs" / "developers.md").read_text(encoding="utf-8")
SECTION = README.split("\n## What the tests prove, program by program", 1)[1].split("\n## ", 1)[0]

# Small workbooks that, together, use every formula family: pairs (each scoring and result
# entry), individuals, teams (IMPs, board-a-match, win/loss, knockout, Swiss) and home games.
KINDS = [
    ["mitchell", "--tables", "3", "--scoring", "butler"],
    ["mitchell", "--tables", "3", "--scoring", "ximp", "--result-entry", "tricks"],
    ["mitchell", "--tables", "3", "--scale", "ebu", "--half-table"],
    ["rainbow", "--tables", "5"],
    ["round-robin-4", "--tables", "4", "--win-loss"],
    ["board-a-match", "--tables", "3"],
    ["head-to-head", "--tables", "2"],
    ["knockout", "--tables", "2"],
    ["swiss-teams", "--tables", "4"],
    ["rubber", "--tables", "1"],
    ["chicago", "--tables", "1"],
    ["progressive", "--tables", "2", "--vp"],
    ["six-player", "--tables", "1", "--calcutta"],
    ["marathon", "--tables", "2"],
]


def _documented() -> dict[str, str]:
    """Function -> the Google list page the README names for it."""
    rows = re.findall(r"^\| [A-Z][a-z]+ \| ([A-Z][A-Z, ]+) \| (\S+) \|$", SECTION, re.M)
    out: dict[str, str] = {}
    for names, page in rows:
        for name in names.split(", "):
            out[name] = page
    return out


def test_the_readme_lists_every_allowed_function_with_its_google_page() -> None:
    documented = _documented()
    assert set(documented) == ALLOWED_FUNCTIONS
    assert all(p.startswith("support.google.com/docs/") for p in documented.values())


@pytest.fixture(scope="module")
def used(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    folder = tmp_path_factory.mktemp("compat")
    out: dict[str, set[str]] = {}
    for i, argv in enumerate(KINDS):
        path = folder / f"{i}.xlsx"
        code, _out, err = run_cli("new", *argv, "-o", str(path))
        assert code == 0, err
        sites = list(iter_formulas(path))
        assert not [s for s in sites if s.kind == "array"], argv  # no array formulas
        out[" ".join(argv)] = set().union(*(functions_in("=" + s.text) for s in sites))
    return out


def test_every_workbook_uses_only_documented_functions(used: dict[str, set[str]]) -> None:
    for kind, functions in used.items():
        assert functions <= ALLOWED_FUNCTIONS, (kind, functions - ALLOWED_FUNCTIONS)
    # and the list names no function that no workbook uses
    assert set().union(*used.values()) == ALLOWED_FUNCTIONS
