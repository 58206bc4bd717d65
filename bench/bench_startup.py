"""Time command start-up against the interpreter's own start (issue 15).

Run: ``.venv/bin/python bench/bench_startup.py [RUNS]`` (default 10). For each command it prints
the best wall time of RUNS fresh processes, the floor (``python -c pass``, the interpreter's own
start), the time beyond the floor (goal for ``score``, ``imps``, ``vp``: well under 0.1 s) and
the ratio to the floor. ``import xlwings`` shows what every command used to pay first. No
assertions: a report only (``tests/test_excel_startup.py`` checks what is imported).
"""

from __future__ import annotations

import subprocess
import sys
import time

COMMANDS: dict[str, list[str]] = {
    "python -c pass (floor)": ["-c", "pass"],
    "xlbridge score 4S N 10 --vul None": ["-m", "xlbridge", "score", "4S", "N", "10", "--vul",
                                          "None"],
    "xlbridge imps 420": ["-m", "xlbridge", "imps", "420"],
    "xlbridge vp 14 --boards 16": ["-m", "xlbridge", "vp", "14", "--boards", "16"],
    "xlbridge addin status": ["-m", "xlbridge", "addin", "status"],
    "xlbridge --help": ["-m", "xlbridge", "--help"],
    "import xlbridge.excel.udf": ["-c", "import xlbridge.excel.udf"],
    "import xlwings (the old cost)": ["-c", "import xlwings"],
}  # fmt: skip


def best(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, *argv], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return min(times)


def run(runs: int) -> None:
    floor = best(COMMANDS["python -c pass (floor)"], runs)
    print(f"start-up, best of {runs} fresh processes (wall seconds)")
    print(f"{'command':<36}{'seconds':>9}{'beyond':>9}{'ratio':>7}")
    for name, argv in COMMANDS.items():
        took = floor if argv == ["-c", "pass"] else best(argv, runs)
        print(f"{name:<36}{took:>9.3f}{took - floor:>9.3f}{took / floor:>7.1f}")


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
