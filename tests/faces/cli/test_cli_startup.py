"""Start-up of ``xlbridge --help``: the parser is built without the heavy packages.

``--help`` registers every command, so each command module's top level is what every start pays;
the packages a command needs (openpyxl, pandas, numpy, jinja2, endplay) and the movement
generators load in its handler, not at import. Each case runs in a fresh interpreter and checks
``sys.modules`` afterwards: a count of imports, never a clock (the times are in
``bench/bench_startup.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from xlbridge.cli import build_parser

HEAVY = ("openpyxl", "pandas", "numpy", "jinja2", "endplay", "xlwings", "PIL", "matplotlib")

# Loaded by the commands that need them, never by building the parser.
LAZY_XLBRIDGE = (
    "xlbridge.families",
    "xlbridge.results",
    "xlbridge.interchange",
    "xlbridge.rebuild",
    "xlbridge.excel",
    "xlbridge.movements.mitchell",
    "xlbridge.movements.registry",
)

RUN = """
import json, sys
from xlbridge.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as done:
    status = done.code
loaded = sorted(sys.modules)
print(json.dumps({"status": status, "modules": loaded}), file=sys.stderr)
"""


def _after(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv], capture_output=True, text=True, check=False
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["status"], report["modules"]


def _heavy(modules: list[str]) -> list[str]:
    return sorted({m.split(".")[0] for m in modules} & set(HEAVY))


def _lazy(modules: list[str]) -> list[str]:
    return [m for m in modules if m.startswith(LAZY_XLBRIDGE)]


def test_help_imports_nothing_heavy() -> None:
    status, modules = _after("--help")
    assert status == 0
    assert _heavy(modules) == []
    assert _lazy(modules) == []


def test_no_arguments_imports_nothing_heavy() -> None:
    status, modules = _after()
    assert status == 2  # the help, and the status of a usage error
    assert _heavy(modules) == []


def _commands() -> list[tuple[str, ...]]:
    sub = build_parser()._subparsers
    assert sub is not None
    out: list[tuple[str, ...]] = []
    for action in sub._group_actions:
        for name, parser in (getattr(action, "choices", None) or {}).items():
            out.append((name,))
            inner = parser._subparsers
            for inner_action in inner._group_actions if inner is not None else ():
                out += [(name, a) for a in getattr(inner_action, "choices", None) or {}]
    return out


COMMANDS = _commands()


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_command_help_imports_nothing_heavy(words: tuple[str, ...]) -> None:
    status, modules = _after(*words, "--help")
    assert status == 0
    assert _heavy(modules) == []


def test_every_command_is_checked() -> None:
    names = {w[0] for w in COMMANDS}
    assert {"score", "new", "movement", "swiss", "addin", "rebuild", "deals"} <= names
    assert ("swiss", "next") in COMMANDS


def test_score_imports_only_the_rules() -> None:
    status, modules = _after("score", "4S", "N", "10", "--vul", "None")
    assert status == 0
    assert _heavy(modules) == []
    assert _lazy(modules) == []
    assert [m for m in modules if m.startswith("xlbridge.movements")] == []


def test_new_help_still_lists_every_kind() -> None:
    # the epilog is built when the help is shown (it loads every movement generator)
    from xlbridge.movements.registry import KINDS

    sub = build_parser("new")._subparsers
    assert sub is not None
    new = sub._group_actions[0].choices["new"]  # type: ignore[index]
    assert f"Kinds: {', '.join(sorted(KINDS))}" in new.format_help()
