"""``rebuild`` carries the lines ``import`` left at the foot of the Checks sheet
(``xlbridge/workbook/import_lines.py``), with the OK a director typed beside one: they are open
problems until dealt with, and a rebuilt workbook that dropped them would read as final."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import cli_new, run_cli
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.gate import load_workbook
from xlbridge.workbook.cells import Book
from xlbridge.workbook.import_lines import HEAD, open_import_lines, write_import_lines

_CSV = ("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n1,1,1,3NT,S,9\n"
        "2,1,1,2H,E,8\n2,9,1,2H,E,8\n")  # fmt: skip


def _section(path: Path) -> list[tuple[str, object]]:
    """The import section's lines and what is typed beside each (the Checks sheet alone is
    read: the file opened read-only)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    try:
        rows = [(r + (None,) * 2)[:2] for r in wb["Checks"].iter_rows(max_col=2, values_only=True)]
    finally:
        wb.close()
    (head,) = [i for i, (a, _b) in enumerate(rows) if str(a).startswith(HEAD)]
    return [(str(a), b) for a, b in rows[head + 1 :] if a]


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Mitchell an import left two lines on (a conflict, a pair not in it), the second
    marked OK by the director."""
    tmp = tmp_path_factory.mktemp("imported")
    book = cli_new(tmp, "s", "mitchell", "--tables", "3")
    csv = tmp / "scores.csv"
    csv.write_text(_CSV, encoding="utf-8")
    path = tmp / "i.xlsx"
    assert run_cli("import", str(book), "--from", str(csv), "-o", str(path))[0] == 3
    wb = openpyxl.load_workbook(path)
    ws = wb["Checks"]
    (r,) = [c.row for c in ws["A"] if str(c.value).startswith("scores.csv line 5")]
    ws[f"B{r}"] = "ok"
    wb.save(path)
    return path


@pytest.mark.parametrize("change", [(), ("--tables", "4")])
def test_rebuild_keeps_the_import_lines(
    imported: Path, tmp_path: Path, change: tuple[str, ...]
) -> None:
    out = tmp_path / "r.xlsx"
    code, said, err = run_cli("rebuild", str(imported), *change, "-o", str(out))
    assert code == 0, err
    assert "the Checks sheet keeps the 2 lines an import left there" in said
    assert "not carried" not in said
    before, after = _section(imported), _section(out)
    assert after == before and len(after) == 2 and after[1][1] == "ok"
    # still counted: the conflict is open, the line marked OK is not
    (line,) = open_import_lines(Book(load_workbook(out, read_only=True)))
    assert "gives this play another result" in line
    checks = [p.problem for p in score_workbook(out).open_problems if p.sheet == "Checks"]
    assert checks == [line]


def test_an_individual_rebuild_keeps_them_too(tmp_path: Path) -> None:
    """The engine's other path (a family that does not place its own entries)."""
    path = cli_new(tmp_path, "ind", "rainbow", "--tables", "5")
    wb = openpyxl.load_workbook(path)
    write_import_lines(wb, "r.pbn", ["r.pbn line 9: board 3: player 40 is not in this session"])
    wb.save(path)
    out = tmp_path / "r.xlsx"
    code, said, err = run_cli("rebuild", str(path), "--rounds", "4", "-o", str(out))
    assert code == 0, err
    assert _section(out) == [("r.pbn line 9: board 3: player 40 is not in this session", None)]
    assert "not carried" not in said
