"""Benchmark: session workbook generation against a bare openpyxl script writing the same cells,
and LibreOffice recalculation time.

Run: .venv/bin/python bench/bench_workbook.py   (prints times and ratios; target ratio <= 1.5)

Two ratios: in process (the writer against the bare script, both already imported), and whole
process to whole process (``xlbridge new`` as a user runs it, interpreter start-up and imports
included, against a bare ``python`` process that imports openpyxl and writes the same cells).

The child processes run with their bytecode cached, as an installed package's is: a private
``PYTHONPYCACHEPREFIX`` and one warm-up run each. Where ``PYTHONDONTWRITEBYTECODE`` is set (as in
some sandboxes) every run would otherwise compile xlbridge's sources again, about 0.3 s that no
user pays; ``--no-cache`` measures that case too.
"""

from __future__ import annotations

import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import openpyxl

from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.workbook.recalc import XLSX, convert, soffice

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


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


_BARE_SCRIPT = """
import pickle, sys
import openpyxl
cells = pickle.load(open(sys.argv[1], "rb"))
wb = openpyxl.Workbook()
wb.remove(wb.active)
for title, items in cells.items():
    ws = wb.create_sheet(title)
    for r, c, v in items:
        ws.cell(row=r, column=c, value=v)
wb.save(sys.argv[2])
"""


def _child_env(tmp: Path, cached: bool) -> dict[str, str]:
    """The environment of the child processes: bytecode cached in ``tmp`` unless not ``cached``."""
    env = dict(os.environ)
    if cached:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _process(argv: list[str], env: dict[str, str], repeat: int = 5) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system) of a child process, after a warm-up run:
    the CPU time is steadier than the wall clock on a machine other work is loading."""
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(walls), min(cpus)


def whole_process(tmp: Path, cached: bool = True) -> None:
    """``xlbridge new`` for 13 tables x 26 boards against a bare openpyxl process."""
    cells = bare_cells(mitchell(13, 2))
    (tmp / "cells.pickle").write_bytes(pickle.dumps(cells))
    (tmp / "bare.py").write_text(_BARE_SCRIPT)
    py, env = sys.executable, _child_env(tmp, cached)
    ours = _process(
        [py, "-m", "xlbridge", "new", "mitchell", "--tables", "13", "--boards-per-round", "2",
         "--force", "-o", str(tmp / "proc.xlsx")], env
    )  # fmt: skip
    bare = _process([py, str(tmp / "bare.py"), str(tmp / "cells.pickle"), str(tmp / "b.xlsx")], env)
    start = _process([py, "-c", "pass"], env)
    how = "bytecode cached" if cached else "no bytecode cache: xlbridge compiled every run"
    print(
        f"whole process ({how}), 13 tables x 26 boards: xlbridge new {ours[0]:.3f} s wall "
        f"({ours[1]:.3f} s CPU), bare openpyxl process {bare[0]:.3f} s ({bare[1]:.3f} s CPU); "
        f"ratio {ours[0] / bare[0]:.2f} wall, {ours[1] / bare[1]:.2f} CPU "
        f"(interpreter alone {start[0]:.3f} s)"
    )


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="xlb-bench-"))
    whole_process(tmp)
    if "--no-cache" in sys.argv:
        whole_process(tmp, cached=False)
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
    from tests.support.workbook_fill import fill, random_fill

    m, opt = mitchell(13, 2), Options()
    path = tmp / "filled.xlsx"
    write_session(m, path, force=True)
    fill(path, m, opt, random_fill(m, opt, 0))
    # one LibreOffice start per call (not the resident office), so the second time is the start-up
    t = time.perf_counter()
    convert([path], tmp / "out", XLSX, resident=False)
    lo = time.perf_counter() - t
    t = time.perf_counter()
    convert([tmp / "bare.xlsx"], tmp / "out0", XLSX, resident=False)
    base = time.perf_counter() - t
    print(
        f"LibreOffice recalculation, 13x26 filled: {lo:.2f} s"
        f" (start-up + a tiny file: {base:.2f} s)"
    )


if __name__ == "__main__":
    main()
