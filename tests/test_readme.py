"""The README documents every command, and its worked command lines print what it says."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from xlbridge.cli import build_parser, main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _commands() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(sub.choices)


@pytest.mark.parametrize("command", _commands())
def test_every_command_is_in_the_readme(command: str) -> None:
    assert f"xlbridge {command}" in README


# Lines like "xlbridge imps 420    # 9 (WBF scale)": the comment starts with the exact output.
EXAMPLES = re.findall(r"^xlbridge ((?:score|imps|vp) [^#\n]+?)\s+# ([^:(\n]+?)[:(\n]", README, re.M)


def test_readme_has_worked_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize(("args", "expected"), EXAMPLES)
def test_readme_example_output(
    args: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(shlex.split(args)) == 0
    assert capsys.readouterr().out.strip() == expected.strip()
