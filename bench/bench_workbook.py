"""Benchmark: session workbook generation against a bare openpyxl script writing the same cells,
and LibreOffice recalculation time.

Run: .venv/bin/python bench/bench_workbook.py   (prints times and ratios; target ratio <= 1.5)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import openpyxl

from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.workbook.build import build_workbook, write_session
from xlbridge.workbook.context import Options
from xlbridge.workbook.recalc import recalculate, soffice

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def _best(fn: object, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return min(times)


def bare_cells(m: Movement) -> dict[str, list[tuple[int, int, object]]]:
    """Every cell value and formula the engine writes, sheet by sheet."""
    wb = build_workbook(m, Options())
    return {
        ws.title: [(c.row, c.column, c.value) for row in ws.iter_rows() for c in row
                   if c.value is not None]
        for ws in wb.worksheets
    }  # fmt: skip


def bare_write(cells: dict[str, list[tuple[int, int, object]]], path: Path) -> None:
    """The floor: a bare openpyxl script writing the same cells, no styles or validation."""
    wb = openpyxl.Workbook()
    assert wb.active is not None
    wb.remove(wb.active)
    for title, items in cells.items():
        ws = wb.create_sheet(title)
        for r, c, v in items:
            ws.cell(row=r, column=c, value=v)
    wb.save(path)


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="xlb-bench-"))
    for name, m in (
        ("13 tables x 26 boards", mitchell(13, 2)),
        ("large section: 25 tables x 25 boards", mitchell(25, 1)),
    ):
        cells = bare_cells(m)
        n = sum(len(v) for v in cells.values())
        ours = _best(lambda m=m: write_session(m, tmp / "ours.xlsx", force=True))
        bare = _best(lambda cells=cells: bare_write(cells, tmp / "bare.xlsx"))
        print(
            f"{name}: {n} cells; xlbridge {ours:.3f} s, bare openpyxl {bare:.3f} s,"
            f" ratio {ours / bare:.2f}"
        )
    if soffice() is None:
        print("LibreOffice not installed: recalculation not timed")
        return
    from workbook_fill import fill, random_fill

    m, opt = mitchell(13, 2), Options()
    path = tmp / "filled.xlsx"
    write_session(m, path, force=True)
    fill(path, m, opt, random_fill(m, opt, 0))
    t = time.perf_counter()
    recalculate([path], tmp / "out")
    lo = time.perf_counter() - t
    t = time.perf_counter()
    recalculate([tmp / "bare.xlsx"], tmp / "out0")
    base = time.perf_counter() - t
    print(
        f"LibreOffice recalculation, 13x26 filled: {lo:.2f} s"
        f" (start-up + a tiny file: {base:.2f} s)"
    )


if __name__ == "__main__":
    main()
