"""The shared test layer (``tests/conftest.py``, ``tests/support/``): the guard for outside
programs, the helpers, and the layout: every test folder a package, nothing importing a conftest,
every helper's docstring examples run."""

from __future__ import annotations

import ast
import doctest
import importlib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.shared import REQUIRE, TESTS, cli_new, digest, needs_tool, run_cli


def test_a_missing_program_skips_unless_ci_requires_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert needs_tool("/usr/bin/x", "X") == "/usr/bin/x"
    for unset in ("", "0"):
        monkeypatch.setenv(REQUIRE, unset)
        with pytest.raises(pytest.skip.Exception, match=r"^X is not installed$"):
            needs_tool(None, "X")
    monkeypatch.setenv(REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match=f"^X is not installed, and {REQUIRE}"):
        needs_tool(None, "X")


def test_run_cli_captures_status_and_streams() -> None:
    assert run_cli("imps", "420") == (0, "9\n", "")
    code, out, err = run_cli("vp", "5")
    assert (code, out) == (2, "") and "needs --boards N" in err
    code, out, err = run_cli("--no-such-option")  # argparse exits: its status, its message
    assert code == 2 and out == "" and "unrecognized arguments" in err
    code, out, _err = run_cli(
        "traveller", "--board", "1", "--method", "mp", stdin="ns,ew,score\n1,1,420\n"
    )
    assert code == 0 and out.startswith("Board 1")


def test_cli_new_and_digest(tmp_path: Path) -> None:
    path = cli_new(tmp_path, "m3", "mitchell", "--tables", "3")
    assert path == tmp_path / "m3.xlsx" and len(digest(path)) == 64
    with pytest.raises(AssertionError, match="xlbridge new mitchell --tables 99: exit 2"):
        cli_new(tmp_path, "bad", "mitchell", "--tables", "99")


def test_new_workbook_is_made_once(new_workbook: Callable[..., Path]) -> None:
    first = new_workbook("mitchell", "--tables", "3")
    assert new_workbook("mitchell", "--tables", "3") == first
    assert new_workbook("mitchell", "--tables", "4") != first


FOLDERS = sorted(
    p for p in TESTS.rglob("*") if p.is_dir() and p.name != "__pycache__" and "data" not in
    p.relative_to(TESTS).parts
)
SOURCES = sorted(p for p in TESTS.rglob("*.py") if "data" not in p.relative_to(TESTS).parts)


def test_every_test_folder_is_a_package() -> None:
    """Test modules are imported by their dotted path (``tests.families.teams.test_x``), so two
    folders may hold modules of the same name and a helper is imported like any module."""
    assert TESTS / "families" / "teams" in FOLDERS and TESTS / "support" in FOLDERS
    assert [p for p in FOLDERS if not (p / "__init__.py").is_file()] == []


def test_nothing_imports_a_conftest() -> None:
    """A conftest holds fixtures and hooks; pytest loads it. Importing one (``from conftest
    import ...``) loads a second copy, or fails under a plain ``pytest`` run."""
    assert len(SOURCES) > 100
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
            found += [f"{path.relative_to(TESTS)}: {n}" for n in names if "conftest" in n]
    assert found == []


def test_every_family_folder_has_its_conftest() -> None:
    folder = TESTS / "families"
    families = sorted(p.name for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert families == ["duplicate", "individual", "pairs", "social", "teams"]
    assert [f for f in families if not (folder / f / "conftest.py").is_file()] == []


@pytest.mark.parametrize(
    "name",
    [
        "asked",
        "engines",
        "excel_grammar",
        "nu_validator",
        "scopes",
        "shared",
        "strict_cache",
        "values_view",
    ],
)
def test_helper_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(f"tests.support.{name}"))
    assert result.attempted > 0 and result.failed == 0


def test_every_module_of_a_shared_corpus_exists() -> None:
    """A moved or renamed module would quietly leave its corpus's worker (and make it twice)."""
    from tests.support.scopes import SHARED

    listed = [m for modules in SHARED.values() for m in modules]
    assert listed and [m for m in listed if not (TESTS.parent / m).is_file()] == []


def test_every_costliest_scope_exists() -> None:
    """The costliest-first order names modules and corpora that exist, each once."""
    from tests.support.scopes import COSTLIEST, SHARED

    assert len(set(COSTLIEST)) == len(COSTLIEST)
    assert [s for s in COSTLIEST if s not in SHARED and not (TESTS.parent / s).is_file()] == []


def test_input_cells_reads_what_each_cell_protection_says() -> None:
    """``input_cells`` reads protection records by style id (no proxy a cell): the same cells and
    values as ``cell.protection.locked is False`` over every row, on a built workbook and on
    the same saved and read again (openpyxl's records differ between the two)."""
    import io

    import openpyxl

    from tests.support.engines import input_cells
    from xlbridge.families.teams.rebuild import ADAPTER, Settings

    built = ADAPTER.build(Settings("head-to-head", 2, 12), None)
    built["Names"]["B4"] = "Lions"
    buf = io.BytesIO()
    built.save(buf)
    for wb in (built, openpyxl.load_workbook(buf)):
        by_proxy = {
            (ws.title, c.coordinate): c.value
            for ws in wb.worksheets
            for row in ws.iter_rows()
            for c in row
            if c.protection.locked is False
        }
        assert input_cells(wb) == by_proxy
        assert by_proxy[("Names", "B4")] == "Lions"
