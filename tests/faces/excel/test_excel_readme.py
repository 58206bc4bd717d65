"""The README's table of functions gives what the functions give.

Every example in "Functions in Excel" whose arguments are written out (text, numbers, TRUE or
FALSE, ``{a;b;c}`` columns) is called as Excel would call it, and its answer compared with the
table's "Gives" column; examples over cell ranges are checked in ``test_udf.py`` instead.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.shared import REPO
from xlbridge.excel import udf

README = (REPO / "README.md").read_text(encoding="utf-8")
SECTION = README.split("## Functions in Excel", 1)[1].split("\n## ", 1)[0]
ROWS = re.findall(r"^\|[^|]*\| `=(BRIDGE_[A-Z_]+)\(([^`]*)\)` \| ([^|]+) \|$", SECTION, re.M)


def _argument(text: str) -> Any:
    text = text.strip()
    if text == "":
        return None
    if text.startswith('"') and text.endswith('"'):
        return text[1:-1]
    if text.upper() in ("TRUE", "FALSE"):
        return text.upper() == "TRUE"
    if text.startswith("{") and text.endswith("}"):
        return [[float(v)] for v in text[1:-1].split(";")]
    return float(text)


def _split(args: str) -> list[str]:
    out, depth, quoted, part = [], 0, False, ""
    for ch in args:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "{}":
            depth += 1 if ch == "{" else -1
        if ch == "," and not quoted and depth == 0:
            out.append(part)
            part = ""
        else:
            part += ch
    return [*out, part]


def _values(answer: Any) -> list[Any]:
    if isinstance(answer, list):
        return [v for row in answer for v in row]
    return [answer]


def _given(text: str) -> list[Any]:
    first = text.split(" (")[0].split(";")[0].strip().replace("−", "-")
    out: list[Any] = []
    for word in first.split(", "):
        try:
            out.append(float(word))
        except ValueError:
            out.append(word)
    return out


LITERAL = [(name, args, gives) for name, args, gives in ROWS if not re.search(r"[A-Z]\d", args)]


def test_the_table_has_an_example_for_every_function() -> None:
    assert {name for name, _, _ in ROWS} == set(udf.__all__)
    assert len(LITERAL) >= 15


@pytest.mark.parametrize(("name", "args", "gives"), LITERAL, ids=[r[1] for r in LITERAL])
def test_readme_example(name: str, args: str, gives: str) -> None:
    answer = getattr(udf, name)(*(_argument(a) for a in _split(args)))
    want = _given(gives)
    assert (
        _values(answer) == pytest.approx(want)
        if all(isinstance(w, float) for w in want)
        else _values(answer) == want
    )
