"""Issue 24: every user text goes through one rule (xlbridge.text), in every output:
the event keeps the text format "@" in every kind's workbook (a named style applied after the
text must not reset it), so retyping the cell keeps it text."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import run_cli
from xlbridge.movements.registry import KINDS, parse_table_range

EVENT = "=1+1"


def _new(kind: str, folder: Path) -> Path:
    out = folder / f"{kind.replace('/', '-')}.xlsx"
    low = min(parse_table_range(KINDS[kind].tables))
    for extra in ((), ("--rounds", "3")):
        status, _, err = run_cli(
            "new", kind, "--tables", str(low), "--event", EVENT, "-o", str(out), *extra
        )
        if status == 0:
            return out
    raise AssertionError(f"xlbridge new {kind}: {err}")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_event_is_text_in_every_kind(kind: str, tmp_path: Path) -> None:
    # Read-only: every cell of the saved file is still read, with its type and format.
    wb = openpyxl.load_workbook(_new(kind, tmp_path), read_only=True)
    cells = [
        (ws.title, c.coordinate, c.data_type, c.number_format)
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for c in row
        if isinstance(c.value, str) and c.value.startswith(EVENT)
    ]
    wb.close()
    assert ("Session", "A1", "s", "@") in cells
    assert [c for c in cells if c[2:] != ("s", "@")] == []
