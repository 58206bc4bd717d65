"""Imports point down only (DEVELOPERS' guide, "The house"): rules (types, errors, limits,
scoring, movements: standard library only, for Pyodide) -> engines (workbook, results,
interchange, rebuild, fileio) -> faces (cli, excel, udf). Every import in a module counts,
including those inside functions, which a lazy import would otherwise hide."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "xlbridge"

RULES = ("types", "errors", "limits", "scoring", "movements")
ENGINES = ("workbook", "results", "interchange", "rebuild", "fileio")
FACES = ("cli", "excel", "udf", "__main__")


def _layer(part: str) -> int:
    for level, names in enumerate((RULES, ENGINES, FACES)):
        if part in names:
            return level
    raise AssertionError(f"xlbridge.{part} is in no layer; add it to tests/test_layers.py")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


MODULES = sorted(p for p in ROOT.rglob("*.py") if p.name != "__init__.py" or p.parent != ROOT)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_down(path: Path) -> None:
    part = path.relative_to(ROOT).parts[0].removesuffix(".py")
    level = _layer(part)
    for name in _imports(path):
        if name.startswith("xlbridge."):
            target = name.split(".")[1]
            assert _layer(target) <= level, f"{path.relative_to(ROOT)} imports {name}"
        elif level == 0:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names, f"{path.relative_to(ROOT)} imports {name}"


def test_the_layers_cover_the_package() -> None:
    parts = {p.relative_to(ROOT).parts[0].removesuffix(".py") for p in MODULES}
    assert {_layer(p) for p in parts} == {0, 1, 2}
