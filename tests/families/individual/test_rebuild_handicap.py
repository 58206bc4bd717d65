"""Rebuilding an individual workbook keeps its handicapped and stratified results and its
masterpoint scale (issue 29: the individual rebuild adapter dropped ``--handicap`` and
``--strata``): the rebuilt Session sheet, read through the duplicate form's codec, holds the
settings ``new`` was given, and the Recap has the handicap and strata columns again.

Sources: the handicap and strata rules are those of ``tests/families/pairs/test_handicap_strata.py``
(BridgeWebs Help & Guide 11.6.2; Las Candelas Bridge Club, "Stratified & Handicap Games": a
player's own masterpoints place them); seed 002 "The Rainbow Movement" (a Rainbow is played at
any odd table count, so rebuild can change 5 tables to 7); the EBU club scale of issue 32.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.support.shared import cli_new, rebuild_args
from xlbridge.families.duplicate.settings import read
from xlbridge.families.registry import rebuild_family
from xlbridge.interchange.gate import load_workbook
from xlbridge.scoring.strata import Strata

OPTIONS = ("--handicap", "--strata", "1000,300,0", "--masterpoints", "ebu-club")
NAMES = (
    "player,name,number,handicap,masterpoints\n"
    "1,Ann,00123,-3,500\n7,Bo,,2,1500\n14,Di,,1.5,100\n"
)
# The Recap's columns of handicapped and stratified results (individual/recap.py).
COLUMNS = {"Hcp", "Hcp %", "Hcp rank", "Stratum", "Rank A", "Rank B", "Rank C"}


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``new`` with handicaps, strata and masterpoints: a five-table Rainbow with players'
    handicaps and masterpoints typed on its Names sheet, and the seven-table Rainbow ``new``
    writes with the same options."""
    tmp = tmp_path_factory.mktemp("individual-handicap")
    names = tmp / "names.csv"
    names.write_text(NAMES, encoding="utf-8")
    return {
        "five": cli_new(tmp, "five", "rainbow", "--tables", "5", *OPTIONS, "--names", str(names)),
        "seven": cli_new(tmp, "seven", "rainbow", "--tables", "7", *OPTIONS),
    }


@pytest.fixture(scope="module")
def opened(books: dict[str, Path]) -> dict[str, Any]:
    """Each workbook ``new`` wrote, opened once through the gate (read only)."""
    return {name: load_workbook(path) for name, path in books.items()}


def sheet(wb: Any, title: str) -> dict[str, Any]:
    ws = wb[title]
    return {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}


def recap_heads(wb: Any) -> set[Any]:
    return {c.value for c in wb["Recap"][4]}


def test_new_writes_what_the_test_expects(opened: dict[str, Any]) -> None:
    """The workbooks rebuilt below start from these settings (so a test below cannot pass by
    comparing two workbooks that both lack them)."""
    for wb in opened.values():
        s = read(wb)
        assert (s.handicapped, s.strata, s.masterpoints) == (
            True, Strata.parse("1000,300,0"), "ebu-club")  # fmt: skip
        assert recap_heads(wb) >= COLUMNS


def test_same_kind_keeps_handicaps_strata_and_masterpoints(
    books: dict[str, Path], opened: dict[str, Any], tmp_path: Path
) -> None:
    """No change asked: the Session sheet reads back equal, every entry is carried (the Names
    sheet's handicaps and masterpoints too), nothing is listed, and every cell is the old one."""
    out = tmp_path / "same.xlsx"
    res = rebuild_family(books["five"], rebuild_args(), out)
    assert res.not_carried == ()
    assert res.carried == res.entered == 10  # 3 names, handicaps, masterpoints; 1 number
    got, old = load_workbook(out), opened["five"]
    assert read(got) == read(old)
    for title in ("Session", "Names", "Recap", "Results"):
        assert sheet(got, title) == sheet(old, title), title


def test_another_table_count_keeps_them(
    books: dict[str, Path], opened: dict[str, Any], tmp_path: Path
) -> None:
    """A five-table Rainbow rebuilt for seven tables: the settings of ``new`` at seven tables
    with the same options, its Session, Recap and Results sheets cell for cell, and the
    players' handicaps and masterpoints carried to their starting seats' new numbers."""
    out = tmp_path / "seven.xlsx"
    res = rebuild_family(books["five"], rebuild_args(tables=7), out)
    assert res.carried == res.entered == 10 and res.not_carried == ()
    wb, seven = load_workbook(out), opened["seven"]
    got = read(wb)
    assert got == read(seven)
    assert got == dataclasses.replace(read(opened["five"]), tables=7, rounds=7)
    assert recap_heads(wb) >= COLUMNS
    for title in ("Session", "Recap", "Results"):
        assert sheet(wb, title) == sheet(seven, title), title
    # Player 7 starts West at table 2 (2 + 5 tables), 14 South at table 4 (4 + 2 x 5): at
    # seven tables those seats are players 9 and 18; player 1 (North, table 1) stays 1.
    names = sheet(wb, "Names")
    row = {v: int(k[1:]) for k, v in names.items() if k.startswith("B")}
    assert [names[f"A{row[n]}"] for n in ("Ann", "Bo", "Di")] == [1, 9, 18]
    assert [(names[f"D{row[n]}"], names[f"E{row[n]}"]) for n in ("Ann", "Bo", "Di")] == [
        (-3, 500), (2, 1500), (1.5, 100)]  # fmt: skip
