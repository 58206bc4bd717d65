"""Pairs workbooks through the one rebuild engine (:mod:`xlbridge.rebuild.family` with the pairs
adapter): what the pairs rebuild carried before (every entered traveller row to the play of the
same board and pairs, names by pair, Expected by board, seed 003's renumbering), and what the
engine lists for every family: a value typed into a locked cell, a sheet the user added.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.families.pairs.test_rebuild import _built, _type
from tests.support.engines import input_cells
from xlbridge.cli import main
from xlbridge.families.duplicate.session_sheet import movement_options_text
from xlbridge.families.pairs.entries import Entered, read_entered
from xlbridge.families.registry import rebuild_family
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.options import MovementOptions
from xlbridge.movements.sections import add_table
from xlbridge.rebuild.slots import RebuildChange


def _rows(path: Path | Entered) -> dict[tuple[int, str, str], tuple[tuple[str, Any], ...]]:
    """The entered rows of a workbook (or of what :func:`read_entered` read of it)."""
    got = read_entered(path) if isinstance(path, Path) else path
    return {(r.board, r.ns, r.ew): r.cells for r in got.rows}


def _inputs(path: Path) -> dict[tuple[str, str], Any]:
    """Every unlocked cell with a value, by sheet and cell."""
    cells = input_cells(openpyxl.load_workbook(path))
    return {k: v for k, v in cells.items() if v not in (None, "")}


def test_a_locked_cell_and_an_added_sheet_are_listed(tmp_path: Path, capsys: Any) -> None:
    m = mitchell(4, 2)
    old = tmp_path / "old.xlsx"
    # What write_session writes, built in memory, typed into as a director would, saved once.
    wb = _built(m, movement_options=movement_options_text(MovementOptions()))
    ws = wb["Board 1"]
    ws.protection.sheet = False  # the director unprotects the sheet and types over a formula
    ws["I6"] = 3.5
    ws["C6"] = "4S"
    wb["Recap"]["A1"] = "Tuesday pairs"  # a locked text cell changed
    wb.create_sheet("Notes")["A1"] = "NS 2 arrived late"
    save_workbook(wb, old)
    new = tmp_path / "new.xlsx"
    assert main(["rebuild", str(old), "-o", str(new)]) == 0
    out = capsys.readouterr().out
    assert "carried 1 of 1 entered cells" in out
    assert "'Board 1'!I6: 3.5 (typed over a locked formula; the new workbook computes" in out
    assert "'Recap'!A1: Tuesday pairs (changed in a locked cell" in out
    assert "'Notes'!A1: NS 2 arrived late (a sheet xlbridge does not write)" in out
    rebuilt = openpyxl.load_workbook(new)  # read once
    listed = rebuilt["Not carried"]
    assert [listed.cell(r, 1).value for r in range(4, 7)] == ["typed over"] * 2 + ["other sheet"]
    assert rebuilt["Board 1"]["I6"].data_type == "f"


def test_a_formula_typed_into_an_input_cell_keeps_the_pairs_wording(
    tmp_path: Path, capsys: Any
) -> None:
    m = mitchell(3, 2)
    old = tmp_path / "old.xlsx"
    wb = _built(m)  # what write_session writes, typed into in memory, saved once
    wb["Board 2"]["C6"], wb["Board 2"]["D6"] = "=1+1", "N"
    wb["Names"]["B4"] = "=A4"
    save_workbook(wb, old)
    assert main(["rebuild", str(old), "-o", str(tmp_path / "n.xlsx")]) == 0
    out = capsys.readouterr().out
    assert "carried 1 of 3 entered cells" in out
    assert "pair NS 1: =A4 (a formula, not a name: type the name again)" in out
    assert (
        "Board 2, NS 1 v EW 1 (round 1, table 1): Contract==1+1 (a formula typed into an input"
        " cell: type the value again)"
    ) in out


@pytest.fixture(scope="module")
def skip_six(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 6-table skip Mitchell of 2-board rounds, filled (seed 21): written once, copied by each
    test that rebuilds it. Built in memory as ``write_session`` writes it, typed into as
    ``fill`` types, saved once."""
    old = tmp_path_factory.mktemp("skip-six") / "old.xlsx"
    m = mitchell(6, 2, even="skip")
    wb = _built(m, movement_options=movement_options_text(MovementOptions(even="skip")))
    _type(wb, m, 21)
    save_workbook(wb, old)
    return old


@pytest.fixture(scope="module")
def skip_six_read(skip_six: Path) -> tuple[Entered, dict[tuple[str, str], Any]]:
    """What :func:`read_entered` reads of ``skip_six`` and its filled input cells: read once
    (each test rebuilds a byte-for-byte copy of it, and rebuild only reads its file)."""
    return read_entered(skip_six), _inputs(skip_six)


@pytest.mark.parametrize(
    ("kind", "change"),
    [
        ("seven", RebuildChange(tables=7)),
        ("relay", RebuildChange(tables=6, options={"even": "relay"})),
        ("fouled", RebuildChange(options={"fouled": ["1:1"]})),
        ("same", RebuildChange()),
    ],
)
def test_rebuild_family_carries_each_row_to_its_play(
    tmp_path: Path,
    kind: str,
    change: RebuildChange,
    skip_six: Path,
    skip_six_read: tuple[Entered, dict[tuple[str, str], Any]],
) -> None:
    """As the pairs rebuild did: each entered row lands on the play of the same board and pairs
    in the new movement (and only there); names follow their pair, Expected its board."""
    old = Path(shutil.copy(skip_six, tmp_path / "old.xlsx"))  # mitchell(6, 2, skip), filled
    new = tmp_path / f"{kind}.xlsx"
    res = rebuild_family(old, change, new)
    assert old.read_bytes() == skip_six.read_bytes()  # only read: what skip_six_read read
    (before, inputs), after = skip_six_read, read_entered(new)  # each file read once
    plays = {(b, ns, ew) for b, _r, _t, ns, ew in after.layout}
    rows = _rows(before)
    want = {k: v for k, v in rows.items() if k in plays}
    assert _rows(after) == want
    listed = {n.where for n in res.not_carried}
    assert all(r.where in listed for r in before.rows if (r.board, r.ns, r.ew) not in plays)
    labels = {label for _b, _r, _t, ns, ew in after.layout for label in (ns, ew)}
    assert dict(after.names) == {k: v for k, v in before.names if k in labels}
    if kind == "same":
        names = {k: str(v).strip() for k, v in inputs.items() if k[0] == "Names"}
        assert _inputs(new) == {**inputs, **names}  # names typed as the pairs' names
        assert res.carried == res.entered
    if kind == "fouled":
        assert after.fouled == ((1, (1,)),)
    if kind == "relay":
        # rounds kept: same kind and tables, as before
        assert after.settings.movement_options.even == "relay"


def test_rebuild_family_adds_a_table_as_seed_003(tmp_path: Path) -> None:
    old_m = mitchell(16, 2, rounds=13, even="skip")
    old = tmp_path / "sixteen.xlsx"
    wb = _built(old_m, names={"NS 15": ("Fifteen N", "Fifteen S")})  # in memory, saved once
    _type(wb, old_m, 4, share=0.2)
    save_workbook(wb, old)
    new = tmp_path / "seventeen.xlsx"
    res = rebuild_family(old, RebuildChange(kind="add-table"), new)
    assert "pair 15 is now 16 (ACBL guide chart)" in res.notes
    chart = add_table(16)
    pairs = {f"{p}{a}": f"{p}{b}" for a, b in chart.renumber.items() for p in ("NS ", "EW ")}
    boards = {
        int(n.split()[1]): int(n.split()[5].rstrip(":"))
        for n in res.notes
        if n.startswith("board ")
    }
    after, before = read_entered(new), read_entered(old)
    plays = {(b, ns, ew) for b, _r, _t, ns, ew in after.layout}
    moved = {
        (boards.get(b, b), pairs.get(ns, ns), pairs.get(ew, ew)): v
        for (b, ns, ew), v in _rows(before).items()
    }
    assert _rows(after) == {k: v for k, v in moved.items() if k in plays}
    assert dict(after.names)["NS 16"] == dict(before.names)["NS 15"]


def test_hand_records_are_drawn_again_not_listed(tmp_path: Path) -> None:
    """A pairs workbook written with deals keeps them through a rebuild: its Hand Records sheet
    and the diagrams on its travellers are xlbridge's, redrawn for the new movement's boards,
    never listed as a user's sheet or as values typed into locked cells."""
    old, new = tmp_path / "deals.xlsx", tmp_path / "more.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "--boards-per-round", "2", "--deal",
                 "--seed", "5", "-o", str(old)]) == 0  # fmt: skip
    res = rebuild_family(old, RebuildChange(tables=4), new)
    assert res.not_carried == ()
    # Read-only: the sheet names and the values of one sheet are read.
    was, now = (openpyxl.load_workbook(p, read_only=True) for p in (old, new))
    assert "Hand Records" in now.sheetnames
    shown = [
        [c for c in row] for row in was["Hand Records"].iter_rows(max_row=30, values_only=True)
    ]
    again = [
        [c for c in row] for row in now["Hand Records"].iter_rows(max_row=30, values_only=True)
    ]
    assert again == shown  # the six dealt boards, drawn as new drew them
