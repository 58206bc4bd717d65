"""Imports point down only (DEVELOPERS' guide, "The house"): rules (types, errors, limits,
scoring, movements: standard library only, for Pyodide) -> kits that know no family (workbook,
results, interchange, rebuild) -> families (``xlbridge/families/``) -> faces (cli, excel, udf).
Every import in a module counts, including those inside functions and under TYPE_CHECKING, which
a lazy import would otherwise hide; and no two modules import each other, however indirectly."""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "xlbridge"

RULES = ("types", "errors", "limits", "numerals", "text", "scoring", "movements")
KITS = ("workbook", "results", "interchange", "rebuild", "club")
FAMILIES = ("families",)
FACES = ("cli", "excel", "udf", "__main__")
LAYERS = (RULES, KITS, FAMILIES, FACES)


def _layer(part: str) -> int:
    for level, names in enumerate(LAYERS):
        if part in names:
            return level
    raise AssertionError(f"xlbridge.{part} is in no layer; add it to tests/test_layers.py")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once a run (the checks below only walk it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _imports(path: Path) -> tuple[str, ...]:
    tree = _tree(path)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
            out += [f"{node.module}.{a.name}" for a in node.names]
    return tuple(out)


MODULES = sorted(p for p in ROOT.rglob("*.py") if p.name != "__init__.py" or p.parent != ROOT)
NAMES = {_module(p) for p in ROOT.rglob("*.py")}


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


def _declared(folder: str) -> tuple[str, ...]:
    """The forms a family folder declares it builds on (``DEPENDS`` in its ``__init__``)."""
    init = ROOT / "families" / folder / "__init__.py"
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)  # fmt: skip
        if isinstance(target, ast.Name) and target.id == "DEPENDS" and node.value is not None:
            got = ast.literal_eval(node.value)
            assert isinstance(got, tuple), f"{init.relative_to(ROOT)}: DEPENDS is not a tuple"
            return got
    return ()


FAMILY_FOLDERS = sorted(
    p.name for p in (ROOT / "families").iterdir() if (p / "__init__.py").exists()
)


def test_a_family_imports_only_what_it_declares() -> None:
    """A family's knowledge lives in its folder: it imports its own folder, the registry and
    the forms its ``__init__`` declares (``DEPENDS``: pairs and individual build on the
    duplicate form), never another family."""
    for path in (ROOT / "families").rglob("*.py"):
        own = path.relative_to(ROOT / "families").parts
        if len(own) == 1:
            continue  # the registry knows every family
        allowed = {own[0], "registry", *_declared(own[0])}
        for name in _imports(path):
            parts = name.split(".")
            if parts[:2] == ["xlbridge", "families"] and len(parts) > 2:
                assert parts[2] in allowed, f"{path.relative_to(ROOT)} imports {name}"


def test_the_declared_forms_are_forms() -> None:
    """What a family declares is a folder of ``families/`` that is no family itself (no
    ``FAMILY``), and every form is declared by some family."""
    from xlbridge.movements.registry import FAMILY_NAMES

    declared = {d for f in FAMILY_FOLDERS for d in _declared(f)}
    forms = set(FAMILY_FOLDERS) - set(FAMILY_NAMES)
    assert declared == forms, (declared, forms)
    assert _declared("pairs") == ("duplicate",) and _declared("individual") == ("duplicate",)
    assert _declared("duplicate") == ()


def test_faces_ask_the_registry() -> None:
    """A face names no family: it asks ``xlbridge.families.registry`` (``new`` too: each
    family's options of ``new`` are parsed in ``cli/new_<family>.py`` into a ``WriteRequest``
    that the registry's family writes)."""
    for path in MODULES:
        part = path.relative_to(ROOT).parts[0].removesuffix(".py")
        if _layer(part) != _layer("cli"):
            continue
        for name in _imports(path):
            parts = name.split(".")
            if parts[:2] == ["xlbridge", "families"] and len(parts) > 2:
                assert parts[2] == "registry", f"{path.relative_to(ROOT)} imports {name}"


def test_no_kit_or_rule_imports_a_family() -> None:
    """A kit knows no family (nor the forms families share): only families and faces import
    ``xlbridge.families``."""
    for path in MODULES:
        part = path.relative_to(ROOT).parts[0].removesuffix(".py")
        if _layer(part) >= _layer("families"):
            continue
        for name in _imports(path):
            assert not name.startswith("xlbridge.families"), f"{path.relative_to(ROOT)}: {name}"


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in ROOT.rglob("*.py"):
        deps = set()
        for name in _imports(path):
            while name and name not in NAMES:
                name = name.rpartition(".")[0]
            if name and name != _module(path):
                deps.add(name)
        graph[_module(path)] = deps
    return graph


def test_no_import_cycles() -> None:
    """No module reaches itself through its imports (a package reaches its ``__init__``)."""
    graph = _graph()
    cycles: list[str] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if node.startswith(dep + ".") or dep.startswith(node + "."):
                continue  # a package and its own modules
            if state.get(dep) == 1:
                cycles.append(" -> ".join([*stack[stack.index(dep) :], dep]))
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_layers_cover_the_package() -> None:
    parts = {p.relative_to(ROOT).parts[0].removesuffix(".py") for p in MODULES}
    assert {_layer(p) for p in parts} == {0, 1, 2, 3}


def _openpyxl_loads(path: Path) -> list[str]:
    """Where a module reaches openpyxl's ``load_workbook`` (or its reader) itself: ``from
    openpyxl[...] import load_workbook``, ``openpyxl[...].load_workbook`` through any name the
    module bound to openpyxl, or ``ExcelReader``."""
    tree = _tree(path)
    bound: set[str] = set()  # names bound to openpyxl or one of its modules
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "openpyxl":
                    bound.add(a.asname or a.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("openpyxl"):
            for a in node.names:
                if a.name in ("load_workbook", "ExcelReader", "reader", "excel", "*"):
                    found.append(f"line {node.lineno}: from {node.module} import {a.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("load_workbook", "ExcelReader"):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


GATE = ROOT / "interchange" / "gate.py"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_gate_opens_workbooks(path: Path) -> None:
    """Every read of a user's workbook passes the safe-reading gate
    (:func:`xlbridge.interchange.gate.load_workbook`): no other module calls openpyxl's."""
    found = _openpyxl_loads(path)
    if path == GATE:
        assert found, "the gate itself opens workbooks with openpyxl (the check sees it)"
    else:
        assert found == [], f"{path.relative_to(ROOT)} opens a workbook past the gate: {found}"
