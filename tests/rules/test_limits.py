"""Every count has a documented range, checked before any work (issue 15, "No size limits").

The ranges live in ``xlbridge/limits.py``; these tests check that the rules layer refuses values
outside them (so library callers are protected too, not only the command line), that each
command's ``--help`` and the README show them, and that the arrow-switch optimiser is bounded by
a work count and gives the same answer every time.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from tests.support.shared import REPO
from xlbridge import limits
from xlbridge.cli import build_parser
from xlbridge.cli._args import float_arg, int_arg, one_line
from xlbridge.errors import MovementError, ScaleError, WorkbookError
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.optimise import evaluation_work, optimise_switches
from xlbridge.movements.registry import KINDS, get_kind
from xlbridge.scoring.vp import vp

README = (REPO / "README.md").read_text(encoding="utf-8")


def test_check_count() -> None:
    assert limits.check_count(3, "tables", (1, 5)) == 3
    with pytest.raises(MovementError, match="tables 6 is out of range: 1-5"):
        limits.check_count(6, "tables", (1, 5))
    with pytest.raises(MovementError, match="not a whole number"):
        limits.check_count(True, "tables", (1, 5))
    with pytest.raises(ScaleError):
        limits.check_count(0, "boards", (1, 5), ScaleError)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_refuses_huge_counts_before_work(name: str) -> None:
    """Through the registry every generator checks tables, boards per round and rounds."""
    info = get_kind(name)
    with pytest.raises(MovementError):
        info.build(tables=1_000_000_000)
    small = min(int(t) for t in re.findall(r"\d+", info.tables))
    with pytest.raises(MovementError):
        info.build(tables=small, boards_per_round=1_000_000)
    with pytest.raises(MovementError):
        info.build(tables=small, rounds=1_000_000)


def test_mitchell_itself_checks_its_counts() -> None:
    """Called directly, not through the registry (Mitchell family generators)."""
    with pytest.raises(MovementError, match="out of range: 1-100"):
        mitchell(1_000_000_000)
    with pytest.raises(MovementError, match="out of range: 1-32"):
        mitchell(3, 1_000_000)


def test_vp_boards_limit() -> None:
    """vp 12 --boards 1000000000 built a 474,000-entry table; the WBF scale is bounded now."""
    assert vp(12, limits.MATCH_BOARDS[1])[0] > 10
    with pytest.raises(ScaleError, match="out of range: 1-500"):
        vp(12, 1_000_000_000)


def test_session_workbook_boards_limit(tmp_path: Path) -> None:
    from xlbridge.families.pairs.build import write_session

    m = mitchell(30, 8)  # 240 boards
    with pytest.raises(WorkbookError, match="at most 200"):
        write_session(m, tmp_path / "big.xlsx")
    assert not (tmp_path / "big.xlsx").exists()


def test_optimiser_budget_is_a_count() -> None:
    """Seed 004 (Manning): the optimum switching needs a search; at 30 tables it ran over 30 s.
    The budget caps the patterns evaluated by their cost, deterministically."""
    assert evaluation_work(mitchell(30, 2)) == 60 * 30 * 30 + 60 * 60  # 60 boards x 30 plays
    m = mitchell(12, 2)
    unit = evaluation_work(m)
    budget = 150 * unit
    r = optimise_switches(m, work=budget)
    assert r.evaluations <= 150
    assert r.sd <= r.start_sd
    assert optimise_switches(m, work=budget) == r  # the same answer every time
    small = optimise_switches(mitchell(7, 4), work=10 * evaluation_work(mitchell(7, 4)))
    assert small.evaluations <= 11
    with pytest.raises(MovementError):
        optimise_switches(m, work=0)


@pytest.mark.parametrize(
    ("text", "ok"),
    [("7", 7), (" 7 ", 7), ("+7", 7), ("-1", None), ("٣", None), ("３", None), ("²", None),
     ("1_0", None), ("0x1", None), ("1e3", None), ("9" * 13, None), ("", None)],
)  # fmt: skip
def test_int_arg(text: str, ok: int | None) -> None:
    parse = int_arg("tables", (1, 100))
    if ok is None:
        with pytest.raises(argparse.ArgumentTypeError):
            parse(text)
    else:
        assert parse(text) == ok


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e309", "1e3", "٣", "²", "", "1.2.3"])
def test_float_arg_refuses(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        float_arg("margin", (-10, 10))(text)


def test_one_line() -> None:
    assert "\n" not in one_line("a\nb\r\x00c\udcff")
    assert len(one_line("x" * 10_000)) <= 400


def _help(*words: str) -> str:
    parser = build_parser()
    for w in words:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[w]
    return " ".join(parser.format_help().split())


@pytest.mark.parametrize(
    ("words", "texts"),
    [
        (("new",), ["(1-100)", "(1-32)", "at most 120 characters", "yyyy-mm-dd"]),
        (("movement",), ["(1-100)", "(1-32)", "at most 1000 items"]),
        (("vp",), ["(1-500)", "(-1000000-1000000)"]),
        (("imps",), ["(-1000000-1000000)"]),
        (("traveller",), ["(1-9999)", "(1-999)", "(0-99)", "(-20000-20000)"]),
        (("score",), ["(1-9999)"]),
    ],
)
def test_help_documents_ranges(words: tuple[str, ...], texts: list[str]) -> None:
    text = _help(*words)
    for t in texts:
        assert t in text, (words, t)


def test_readme_lists_every_limit() -> None:
    section = README.split("## Limits", 1)[1].split("\n## ", 1)[0]
    for lo, hi in (limits.TABLES, limits.BOARDS_PER_ROUND, limits.ROUNDS, limits.MATCH_BOARDS,
                   limits.BOARD_NUMBER, limits.EXPECTED, limits.TRIM, limits.SEGMENTS):  # fmt: skip
        assert f"{lo}-{hi}" in section
    for n in (limits.SESSION_BOARDS[1], limits.EVENT_TEXT, limits.DATE_TEXT, limits.NAME_TEXT):
        assert f"at most {n}" in section
    assert f"{limits.ARROW_SWITCH_WORK:,}" in section
    assert f"{limits.CARRY_OVER[0]} to {limits.CARRY_OVER[1]}" in section
    assert f"{limits.CELL_TEXT:,}" in section
    assert f"{limits.DATUM[1]:,}" in section and f"{limits.IMP_POINTS[1]:,}" in section
    assert f"at most {limits.SESSION_PLAYS:,}" in section
    for n in (limits.PART_ELEMENTS, limits.BOOK_PART_ELEMENTS, limits.SHEET_RANGES,
              limits.SHEET_ELEMENTS, limits.STRINGS_ELEMENTS,
              limits.WORKBOOK_ELEMENTS):  # fmt: skip
        assert f"{n:,}" in section


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from tests.support.hostile_corpus import make_corpus

    folder = tmp_path_factory.mktemp("corpus")
    out = {}
    for name, data in make_corpus().items():
        (folder / name).write_bytes(data)
        out[name] = folder / name
    return out


def test_hostile_templates_refused_in_one_line(
    corpus: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A zip-bomb template took 90 s and 4.8 GB: every template now passes the safe-reading gate
    before openpyxl reads it, and each hostile one costs one line naming the template."""
    from xlbridge.cli import main

    for name, path in corpus.items():
        out = tmp_path / f"{name}.out.xlsx"
        code = main(["new", "mitchell", "--tables", "3", "--template", str(path), "-o", str(out)])
        err = capsys.readouterr().err
        assert code == 2, name
        assert err.count("\n") == 1 and err.startswith("xlbridge new: error: template"), err
        assert not out.exists()


def test_bomb_template_refused_with_little_memory(corpus: dict[str, Path]) -> None:
    """Measured, not timed: refusing the ratio bomb (64 MB of zeros) allocates a few MB."""
    import tracemalloc

    from xlbridge.errors import InputFileError
    from xlbridge.workbook.styles import open_template

    tracemalloc.start()
    try:
        with pytest.raises(InputFileError, match="template"):
            open_template(corpus["ratio_bomb.xlsx"])
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024


def _all_actions() -> list[tuple[str, argparse.Action]]:
    out: list[tuple[str, argparse.Action]] = []

    def walk(parser: argparse.ArgumentParser, words: str) -> None:
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                for name, child in a.choices.items():
                    walk(child, f"{words} {name}".strip())
            else:
                out.append((words, a))

    walk(build_parser(), "")
    return out


def test_every_number_option_has_a_checked_range() -> None:
    """A number typed on the command line is parsed by int_arg/float_arg with a range: never
    Python's int or float (which take "٣", "1e309", "nan" and 5,000-digit numbers)."""
    for words, action in _all_actions():
        name = f"xlbridge {words} {'/'.join(action.option_strings) or action.dest}"
        assert action.type not in (int, float), name
        limits_of = getattr(action.type, "__dict__", {}).get("limits", "no int_arg")
        assert limits_of is not None, f"{name}: int_arg/float_arg without a range"


def test_team_match_counts_checked_in_the_rules_layer() -> None:
    from xlbridge.movements.teams import head_to_head, knockout

    with pytest.raises(MovementError, match="out of range"):
        head_to_head(24, 1_000_000_000)
    with pytest.raises(MovementError, match="out of range"):
        head_to_head(10**12, 2)
    with pytest.raises(MovementError, match="out of range"):
        knockout(8, 10**9)
