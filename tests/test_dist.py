"""How xlbridge is installed (issue 21): by a name that is ours, with a core that installs
everywhere and the compiled part (endplay) optional.

The bare name ``xlbridge`` on PyPI is another author's project (an Excel UDF tool, 0.4.0b0):
no text xlbridge shows may tell a user to install it. Whether the core resolves to wheels on
CPython 3.11-3.14 needs PyPI, so ``scripts/check_wheels.py`` asks uv or pip (CI runs it,
``.ci/run``); here the same rules are checked offline against the packages installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest
from packaging.requirements import Requirement

from tests.support.shared import run_cli
from xlbridge.cli import build_parser
from xlbridge.errors import DISTRIBUTION, MissingExtraError, install_line
from xlbridge.interchange.gate import load_workbook

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# "pip install xlbridge", "pip install 'xlbridge[addin]'", "micropip.install("xlbridge")"...
BARE = re.compile(
    r"""install\(?\s+(?:-\S+\s+)*["'`]?xlbridge(?![-\w.])|install\(["']xlbridge["']"""
)
# "add `xlbridge` to requirements.txt" (xlwings Lite installs what that file names)
REQUIREMENTS = re.compile(
    r"requirements\.txt.*\bxlbridge\b(?![-.\w])|\bxlbridge\b(?![-.\w]).*requirements\.txt"
)


def _check_bare_name(where: str, text: str) -> None:
    for n, line in enumerate(text.splitlines(), 1):
        assert not BARE.search(line), f"{where}:{n} installs the bare name: {line.strip()}"
        assert not REQUIREMENTS.search(line), f"{where}:{n} names the bare name: {line.strip()}"


def test_the_bare_name_pattern_finds_what_it_must() -> None:
    for bad in (
        'pip install "xlbridge[addin]"',
        "pip install xlbridge",
        "pip install -U xlbridge",
        "In `requirements.txt`, add `xlbridge`.",
    ):
        with pytest.raises(AssertionError):
            _check_bare_name("example", bad)
    for good in (
        install_line("addin"),
        install_line(),
        "pip install -e '.[deals]'",
        "xlbridge addin install",
        "add xlbridge-scoring to requirements.txt",
    ):
        _check_bare_name("example", good)


def test_the_distribution_name_is_ours_and_the_command_stays() -> None:
    project = PYPROJECT["project"]
    assert project["name"] == DISTRIBUTION == "xlbridge-scoring"
    assert project["scripts"] == {"xlbridge": "xlbridge.cli:main"}
    assert install_line("deals") == 'pip install "xlbridge-scoring[deals]"'


def _texts() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml"]
    for folder, pattern in (
        ("xlbridge", "*.py"),
        ("xlbridge", "*.j2"),
        ("scripts", "*"),
        ("examples", "*"),
        (".ci", "*"),
        ("bench", "*.py"),
    ):
        found = (ROOT / folder).rglob(pattern)  # not Python's bytecode caches (__pycache__)
        files += sorted(p for p in found if p.is_file() and "__pycache__" not in p.parts)
    return files


def test_no_file_tells_a_user_to_install_the_bare_name() -> None:
    files = _texts()
    assert len(files) > 50
    for path in files:
        _check_bare_name(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))


def _parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    out = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out += _parsers(sub)
    return out


def test_no_help_tells_a_user_to_install_the_bare_name() -> None:
    parsers = _parsers(build_parser())
    assert len(parsers) > 15
    for p in parsers:
        _check_bare_name(p.prog, p.format_help())


def test_the_demo_workbook_installs_this_project(tmp_path: Path) -> None:
    out = tmp_path / "demo.xlsx"
    assert run_cli("addin", "demo", "-o", str(out))[0] == 0
    wb = load_workbook(out)
    text = "\n".join(str(c.value) for ws in wb for row in ws.iter_rows() for c in row if c.value)
    _check_bare_name("addin demo", text)
    assert install_line("addin") in text


# -- the core: pure Python or shipped by Pyodide; endplay only in an extra --------------------


# Compiled packages Pyodide ships (its pyodide-lock.json: numpy, pandas, markupsafe); xlwings
# Lite loads them in the browser. Everything else the core needs must be pure Python.
def _check_wheels() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_wheels", ROOT / "scripts/check_wheels.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _closure(requirements: list[str]) -> dict[str, metadata.Distribution]:
    """Every installed distribution the requirements pull in, by normalised name."""
    seen: dict[str, metadata.Distribution] = {}
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        name = re.sub(r"[-_.]+", "-", req.name).lower()
        if name in seen or (req.marker and not req.marker.evaluate({"extra": ""})):
            continue
        seen[name] = metadata.distribution(req.name)
        todo += [Requirement(r) for r in seen[name].requires or []]
    return seen


def test_the_core_is_pure_python_or_shipped_by_pyodide() -> None:
    core = PYPROJECT["project"]["dependencies"]
    assert core == _check_wheels().core_requirements()
    dists = _closure(core)
    assert {"openpyxl", "pandas", "numpy", "jinja2", "defusedxml", "markupsafe"} <= set(dists)
    assert "endplay" not in dists and "xlwings" not in dists
    compiled = {n for n, d in dists.items() if "Root-Is-Purelib: true" not in _wheel(d)}
    # every compiled one is shipped by Pyodide, and the list names none the core does not use
    assert compiled == set(_check_wheels().PYODIDE), compiled


def _wheel(dist: metadata.Distribution) -> str:
    """The dist-info's WHEEL file (``Root-Is-Purelib: true`` for pure Python)."""
    text = dist.read_text("WHEEL")
    assert text, f"{dist.metadata['Name']} was not installed from a wheel"
    return text


def test_endplay_is_the_deals_extra() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert [Requirement(r).name for r in extras["deals"]] == ["endplay"]
    assert not any(Requirement(r).name == "endplay" for r in PYPROJECT["project"]["dependencies"])
    assert "deals" in (ROOT / "scripts/run.sh").read_text(encoding="utf-8")


@pytest.fixture
def no_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    """endplay as if not installed: importing it raises ImportError."""
    for name in [m for m in sys.modules if m == "endplay" or m.startswith("endplay.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "endplay", None)


DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
PBN = f'[Board "1"]\n[Deal "{DEAL}"]\n'


@pytest.mark.usefixtures("no_endplay")
@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "--boards", "1-4", "--seed", "1", "-o", "{tmp}/b.pbn"],
        ["deals", "{tmp}/in.pbn"],
        ["new", "mitchell", "--tables", "3", "--deal", "--seed", "1", "-o", "{tmp}/s.xlsx"],
        ["new", "mitchell", "--tables", "3", "--deals", "{tmp}/in.pbn", "-o", "{tmp}/s.xlsx"],
    ],
    ids=["deal", "deals", "new --deal", "new --deals"],
)
def test_without_endplay_a_deals_command_says_what_to_install(
    argv: list[str], tmp_path: Path
) -> None:
    (tmp_path / "in.pbn").write_text(PBN, encoding="utf-8")
    code, out, err = run_cli(*(a.format(tmp=tmp_path) for a in argv))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1, err
    assert err.endswith(f"need the deals extra: {install_line('deals')}\n"), err
    assert not (tmp_path / "b.pbn").exists() and not (tmp_path / "s.xlsx").exists()


@pytest.mark.usefixtures("no_endplay")
def test_without_endplay_nothing_else_changes(tmp_path: Path) -> None:
    from xlbridge.interchange import deals

    with pytest.raises(MissingExtraError):
        deals.loads_pbn(PBN)
    assert run_cli("score", "4S", "N", "10", "--vul", "None")[:2] == (0, "420\n")
    book = tmp_path / "s.xlsx"
    assert run_cli("new", "mitchell", "--tables", "3", "-o", str(book))[0] == 0
    code, _out, err = run_cli("results", str(book))
    assert code == 3 and "deals extra" not in err  # 3: no results entered yet, as with endplay
