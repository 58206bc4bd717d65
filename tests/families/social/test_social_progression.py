"""Progressive bridge's progression (losers stay or move up a table) is a labelled Session row,
read by the results reader and the rebuild adapter by its label, never from the instruction
sentence: rewording the instructions changes nothing. A workbook written before the row
existed is still read from its (original) sentence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.families.social import test_social_workbook_pairs as sp
from tests.support.shared import rebuild_args
from xlbridge.errors import WorkbookError
from xlbridge.families.registry import read_workbook, rebuild_family
from xlbridge.families.social import pairs as pairs_module
from xlbridge.families.social.pairs import (
    PROGRESSION_LABEL,
    PairsOptions,
    build_pairs_event,
    write_pairs_event,
)
from xlbridge.families.social.reader import SocialResults
from xlbridge.families.social.rebuild import ADAPTER
from xlbridge.interchange.gate import load_workbook

MOVE = sp.PAIR_CASES["progressive_move"]  # 4 tables, 3 rounds, losers move up
SEED = 5


def _session_rows(wb: Any) -> dict[str, tuple[int, Any]]:
    ws = wb["Session"]
    return {
        ws.cell(r, 1).value: (r, ws.cell(r, 2).value)
        for r in range(3, 40)
        if isinstance(ws.cell(r, 1).value, str)
    }


def _reworded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The instruction lines rewritten so no word of the old sentences is left."""
    real = pairs_module.write_session

    def write_session(ws: Any, st: Any, event: str, rows: Any, lines: Any, *a: Any) -> None:
        real(ws, st, event, rows, [f"Instruction {i} (reworded)." for i in range(len(lines))], *a)

    monkeypatch.setattr(pairs_module, "write_session", write_session)


def _drop_row(path: Path) -> None:
    """Make ``path`` look like a workbook written before the Progression row."""
    wb = openpyxl.load_workbook(path)
    row, _ = _session_rows(wb)[PROGRESSION_LABEL]
    wb["Session"].delete_rows(row)
    wb.save(path)


def _seats(res: SocialResults) -> list[list[tuple[int, int]]]:
    rounds: dict[int, list[tuple[int, int]]] = {}
    for r in res.rounds:
        rounds.setdefault(r.number, []).append((int(r.ns[0].split()[0]), int(r.ew[0].split()[0])))
    return [rounds[k] for k in sorted(rounds)]


def _played(tmp_path: Path, name: str, opt: PairsOptions = MOVE) -> tuple[Path, Any]:
    sim = sp._simulate(opt, SEED)
    path = tmp_path / f"{name}.xlsx"
    write_pairs_event(opt, path)
    sp._fill(path, opt, sim)
    return path, sim


def test_the_row_follows_the_settings_rows() -> None:
    """One added row, right after Scoring (the family's code rows follow it, then the blank
    row ending the settings); the other pair games have none."""
    for variant in ("stay", "move"):
        wb = build_pairs_event(PairsOptions(kind="progressive", tables=3, variant=variant))
        rows = _session_rows(wb)
        assert rows[PROGRESSION_LABEL] == (rows["Scoring"][0] + 1, variant)
        after = [wb["Session"].cell(rows[PROGRESSION_LABEL][0] + i, 1).value for i in (1, 2, 3, 4)]
        assert after == ["Rounding", "Chicago variant", "VPs", None]
    for kind in ("swiss-pairs", "round-robin-pairs"):
        assert PROGRESSION_LABEL not in _session_rows(build_pairs_event(PairsOptions(kind, 3)))


def test_results_read_the_row_not_the_instructions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """new -> results with the instructions reworded: later rounds' tables still follow the
    move progression (they differ from the stay progression's for these results)."""
    _reworded(monkeypatch)
    path, sim = _played(tmp_path, "move")
    text = " ".join(str(k) for k in _session_rows(openpyxl.load_workbook(path)))
    assert "higher table" not in text
    res = read_workbook(path)
    assert isinstance(res, SocialResults)
    assert _seats(res) == sim["rounds"]
    stay = sp._simulate(PairsOptions(kind="progressive", tables=4, rounds=3), SEED)
    assert stay["rounds"][1:] != sim["rounds"][1:], "the test tells the two apart"


def test_results_of_an_older_workbook_read_its_sentence(tmp_path: Path) -> None:
    """A workbook without the row (written before it) is read from its original sentence."""
    path, sim = _played(tmp_path, "old")
    _drop_row(path)
    res = read_workbook(path)
    assert isinstance(res, SocialResults)
    assert _seats(res) == sim["rounds"]


def test_a_damaged_row_is_one_line(tmp_path: Path) -> None:
    path, _ = _played(tmp_path, "damaged")
    wb = openpyxl.load_workbook(path)
    row, _ = _session_rows(wb)[PROGRESSION_LABEL]
    wb["Session"].cell(row, 2).value = "sideways"
    wb.save(path)
    with pytest.raises(WorkbookError, match="Session sheet: Progression 'sideways' is not"):
        read_workbook(path)


def test_rebuild_reads_the_row_not_the_instructions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """new -> rebuild with the instructions reworded: the rebuilt workbook keeps 'move'."""
    _reworded(monkeypatch)
    path = tmp_path / "move.xlsx"
    write_pairs_event(PairsOptions(kind="progressive", tables=3, rounds=2, variant="move"), path)
    assert ADAPTER.settings(load_workbook(path)).progression == "move"
    rebuild_family(path, rebuild_args(rounds=3), tmp_path / "new.xlsx")
    new = load_workbook(tmp_path / "new.xlsx")
    assert ADAPTER.settings(new).progression == "move"
    assert _session_rows(new)[PROGRESSION_LABEL][1] == "move"


@pytest.mark.parametrize("variant", ["stay", "move"])
def test_rebuild_of_an_older_workbook_reads_its_sentence(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "old.xlsx"
    write_pairs_event(PairsOptions(kind="progressive", tables=3, rounds=2, variant=variant), path)
    _drop_row(path)
    assert PROGRESSION_LABEL not in _session_rows(openpyxl.load_workbook(path))
    assert ADAPTER.settings(load_workbook(path)).progression == variant
    rebuild_family(path, rebuild_args(rounds=3), tmp_path / "new.xlsx")
    new = load_workbook(tmp_path / "new.xlsx")
    assert _session_rows(new)[PROGRESSION_LABEL][1] == variant
