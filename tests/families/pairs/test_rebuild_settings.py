"""The pairs Session sheet records the movement options (``--even``, ``--arrow-switch``,
``--half-table``) and ``xlbridge rebuild`` takes them from there instead of guessing them; a
workbook written before that line is still guessed from its entries (issue 14).

Sources: Manning Tables IIa/IIb (an even-table Mitchell: relay keeps T rounds, skip has T-1);
rules.md §8 and seed 000 (a half table: 2T-1 pairs, no NS pair at the last table); the rebuild
rule "settings not given come from the old workbook's Session sheet" (README, ``rebuild
--help``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.shared import cli_new
from xlbridge.cli import main
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.session_sheet import MOVEMENT_OPTIONS_LABEL
from xlbridge.families.pairs.build import build_workbook
from xlbridge.families.pairs.entries import read_entered
from xlbridge.families.pairs.rebuild import slots_of
from xlbridge.interchange.gate import load_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell


def _settings(path: Path) -> dict[str, Any]:
    ws = openpyxl.load_workbook(path, read_only=True)["Session"]
    out: dict[str, Any] = {}
    for label, value, *_ in ws.iter_rows(min_row=3, max_row=20, max_col=2, values_only=True):
        if isinstance(label, str):
            out.setdefault(label, value)
    return out


# What ``xlbridge new`` wrote, by its arguments: the tests that rebuild the same new workbook
# start from a copy of the one file it wrote.
_NEW: dict[tuple[str, ...], bytes] = {}


def _new(folder: Path, name: str, *argv: str) -> Path:
    """:func:`cli_new`, run once a module for the same ``argv``; then a copy of what it wrote."""
    if argv not in _NEW:
        path = cli_new(folder, name, *argv)
        _NEW[argv] = path.read_bytes()
        return path
    path = folder / f"{name}.xlsx"
    path.write_bytes(_NEW[argv])
    return path


# The workbook ``new`` wrote, opened once a module by content: the cases that type one cell
# into it type into this one and put the cell back.
_OPENED: dict[bytes, Any] = {}


def _opened(path: Path) -> Any:
    data = path.read_bytes()
    if data not in _OPENED:
        _OPENED[data] = openpyxl.load_workbook(path)
    return _OPENED[data]


def _rebuild(old: Path, new: Path, *args: str) -> int:
    return main(["rebuild", str(old), *args, "-o", str(new)])


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["--tables", "5"], "none"),
        (["--tables", "6", "--even", "skip"], "--even skip"),
        (["--tables", "6", "--even", "relay"], "--even relay"),
        (["--tables", "5", "--half-table"], "--half-table"),
        (["--tables", "7", "--arrow-switch", "7:1, 7:2:2"], "--arrow-switch 7:1,7:2:2"),
        (["--tables", "6", "--even", "skip", "--arrow-switch", "last"],
         "--even skip --arrow-switch last"),
    ],
)  # fmt: skip
def test_new_records_the_options_and_entries_reads_them(
    tmp_path: Path, args: list[str], shown: str
) -> None:
    path = cli_new(tmp_path, "s", "mitchell", *args)
    _NEW.setdefault(("mitchell", *args), path.read_bytes())
    got = _settings(path)
    assert got[MOVEMENT_OPTIONS_LABEL] == shown
    wb = load_workbook(path)  # opened once, through the gate: its cells' protection, its entries
    cell = next(
        c[1]
        for c in wb["Session"].iter_rows(min_row=3, max_row=20)
        if c[0].value == MOVEMENT_OPTIONS_LABEL
    )
    assert cell.data_type == "s" and cell.protection.locked  # text, not for typing
    e = read_entered(path, wb).settings
    assert e.options_recorded
    flags = dict(zip(args[::2], args[1::2], strict=False))
    assert e.movement_options.even == flags.get("--even")
    assert e.movement_options.half_table == ("--half-table" in args)
    arrow = e.movement_options.arrow_switch or ""
    assert arrow.replace(",", ", ") == (flags.get("--arrow-switch") or "")


def test_an_unchanged_rebuild_keeps_a_skip_mitchell_with_arrow_switch(tmp_path: Path) -> None:
    """Nothing entered yet: every option fits equally, so the guess took the relay Mitchell
    (6 rounds) of a skip Mitchell (5 rounds, Manning IIb); the recorded options keep it."""
    old = _new(
        tmp_path, "skip", "mitchell", "--tables", "6", "--even", "skip", "--arrow-switch", "last"
    )
    new = tmp_path / "again.xlsx"
    assert _rebuild(old, new) == 0
    a, b = read_entered(old), read_entered(new)
    assert b.layout == a.layout  # every traveller row: board, round, table, NS, EW
    assert _settings(new)["Rounds"] == 5
    got = b.settings
    got_options = (got.movement_options.even, got.movement_options.arrow_switch)
    assert (*got_options, got.options_recorded) == ("skip", "last", True)


def test_an_unchanged_rebuild_keeps_a_half_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = _new(tmp_path, "half", "mitchell", "--tables", "5", "--half-table")
    new = tmp_path / "again.xlsx"
    assert _rebuild(old, new) == 0
    out = capsys.readouterr().out
    assert "movement options kept from the old workbook's Session sheet: --half-table" in out
    assert _settings(new)["Pairs"] == 9  # 2T-1 (rules.md §8)
    assert read_entered(new).layout == read_entered(old).layout


def test_full_table_drops_a_recorded_half_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A late pair takes the phantom's place: 2T pairs at T tables (rules.md §8)."""
    old = _new(tmp_path, "half", "mitchell", "--tables", "5", "--half-table")
    new = tmp_path / "full.xlsx"
    assert _rebuild(old, new, "--full-table") == 0
    got = _settings(new)
    assert got["Pairs"] == 10
    assert got[MOVEMENT_OPTIONS_LABEL] == "none"
    assert _rebuild(old, tmp_path / "x.xlsx", "--full-table", "--half-table") == 2
    assert "contradict" in capsys.readouterr().err


def test_options_given_replace_the_recorded_ones(tmp_path: Path) -> None:
    old = _new(
        tmp_path, "skip", "mitchell", "--tables", "6", "--even", "skip", "--arrow-switch", "last"
    )
    new = tmp_path / "relay.xlsx"
    assert _rebuild(old, new, "--even", "relay", "--rounds", "6") == 0
    got = _settings(new)
    assert got["Rounds"] == 6
    assert got[MOVEMENT_OPTIONS_LABEL] == "--even relay --arrow-switch last"

    def notes(path: Path) -> str:
        ws = openpyxl.load_workbook(path, read_only=True)["Session"]
        return " ".join(str(r[0]) for r in ws.iter_rows(max_col=1, values_only=True) if r[0])

    # Manning IIa: the relay Mitchell shares boards between tables 1 and 6, with a bye-stand.
    assert "bye-stand" in notes(new) and "bye-stand" not in notes(old)


def test_another_kind_does_not_take_the_recorded_options(tmp_path: Path) -> None:
    old = _new(tmp_path, "skip", "mitchell", "--tables", "6", "--even", "skip")
    new = tmp_path / "howell.xlsx"
    assert _rebuild(old, new, "--kind", "howell") == 0
    got = _settings(new)
    assert (got["Movement"], got[MOVEMENT_OPTIONS_LABEL]) == ("howell", "none")


def test_a_workbook_without_the_line_is_still_guessed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written before the line (``write_session`` without ``movement_options``): the options
    are chosen to fit the entries, as before, and the new workbook records the choice."""
    m = mitchell(6, 2, even="skip")
    old = tmp_path / "old.xlsx"
    wb = build_workbook(m, Options())  # what write_session(m, old) writes, kept open
    # Read in memory before anything is typed (the file is written once, typed into).
    session = {r[0]: r[1] for r in wb["Session"].iter_rows(min_row=3, max_row=20, max_col=2,
                                                             values_only=True)}  # fmt: skip
    assert MOVEMENT_OPTIONS_LABEL not in session and "Movement" in session
    assert not read_entered(old, wb).settings.options_recorded
    for (b, _ns, _ew), r in slots_of(m).items():
        wb[f"Board {b}"][f"C{r}"] = "PASS"  # every row: only the skip Mitchell fits them all
    save_workbook(wb, old)
    new = tmp_path / "new.xlsx"
    assert _rebuild(old, new) == 0
    out = capsys.readouterr().out
    assert "movement option chosen to fit the old workbook: --even skip" in out
    assert "not carried" not in out
    assert _settings(new)[MOVEMENT_OPTIONS_LABEL] == "--even skip"


@pytest.mark.parametrize("text", ["--even sideways", "--half-table --half-table", "fast"])
def test_a_damaged_line_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    old = _new(tmp_path, "s", "mitchell", "--tables", "5")
    wb = _opened(old)
    ws = wb["Session"]
    row = next(r for r in range(3, 20) if ws.cell(r, 1).value == MOVEMENT_OPTIONS_LABEL)
    cell = ws.cell(row, 2)
    was = cell._value, cell.data_type
    cell.value = text
    try:
        save_workbook(wb, old)  # as wb.save writes it, faster
    finally:  # the workbook as new wrote it again, for the next case
        cell._value, cell.data_type = was
    capsys.readouterr()
    assert _rebuild(old, tmp_path / "t.xlsx") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("xlbridge rebuild: error: Session sheet: movement options")
