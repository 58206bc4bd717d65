"""Timing of the two family jobs that read a user's workbook and write a new one, each as a whole
process, against its floor: the same process loading the old workbook with openpyxl plus
``xlbridge new`` writing the new one (what no import or rebuild can do without).

- ``import`` of a 13-table Rainbow (39 boards, every one of its 507 plays in a CSV file);
- ``rebuild`` of a 32-team knockout (31 matches), settings unchanged.

Prints times (median of ``--repeat`` runs; ``--cpu``: CPU seconds, user + system, which a
loaded machine disturbs less than the wall clock) and the ratios; asserts nothing (tests never
assert wall-clock times). Run:
    .venv/bin/python bench/bench_families.py [--repeat 3] [--cpu]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from xlbridge.movements.individual import rainbow
from xlbridge.movements.individual_seats import board_seats

REPO = Path(__file__).resolve().parent.parent


CPU = "--cpu" in sys.argv  # CPU seconds (user + system), steadier on a loaded machine


def run(*argv: str, cwd: Path) -> float:
    """Seconds one whole process takes (it must succeed): wall, or CPU with ``--cpu``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, *argv], cwd=cwd, check=True, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) if CPU else wall


def median(argv: list[str], cwd: Path, repeat: int) -> float:
    return statistics.median(run(*argv, cwd=cwd) for _ in range(repeat))


def load(path: str) -> list[str]:
    return ["-c", f"import openpyxl; openpyxl.load_workbook({path!r})"]


def rainbow_rows(tables: int) -> str:
    """Every play of a ``tables``-table Rainbow as import CSV rows (4S by North, 10 tricks)."""
    m = rainbow(tables)
    lines = ["board,north,south,east,west,contract,declarer,result"]
    for board in m.boards:
        for _entry, (n, e, s, w) in board_seats(m, board):
            lines.append(f"{board},{n},{s},{e},{w},4S,N,10")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cpu", action="store_true", help="CPU seconds instead of wall seconds")
    repeat = ap.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        cli = ["-m", "xlbridge"]
        rb = ["new", "rainbow", "--tables", "13", "--boards-per-round", "3"]
        run(*cli, *rb, "-o", "rainbow.xlsx", cwd=d)
        text = rainbow_rows(13)
        (d / "plays.csv").write_text(text, encoding="utf-8")
        rows = text.count("\n") - 1
        job = median([*cli, "import", "rainbow.xlsx", "--from", "plays.csv", "-o", "in.xlsx",
                      "--force"], d, repeat)  # fmt: skip
        floor = median(load("rainbow.xlsx"), d, repeat) + median(
            [*cli, *rb, "-o", "floor.xlsx", "--force"], d, repeat
        )
        print(f"import, 13-table Rainbow, {rows} CSV rows: {job:.2f} s;"
              f" floor {floor:.2f} s; ratio {job / floor:.2f}")  # fmt: skip

        ko = ["new", "knockout", "--tables", "32"]
        run(*cli, *ko, "-o", "ko.xlsx", cwd=d)
        job = median([*cli, "rebuild", "ko.xlsx", "-o", "ko2.xlsx", "--force"], d, repeat)
        floor = median(load("ko.xlsx"), d, repeat) + median(
            [*cli, *ko, "-o", "floor.xlsx", "--force"], d, repeat
        )
        print(f"rebuild, 32-team knockout: {job:.2f} s; floor {floor:.2f} s;"
              f" ratio {job / floor:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
