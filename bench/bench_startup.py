"""Time command start-up against the interpreter's own start (issue 15).

Run: ``.venv/bin/python bench/bench_startup.py [-n RUNS]`` (default 20; ``--all`` adds more
commands). For ``xlbridge --help`` and ``xlbridge score 4S N 10 --vul None`` it prints the
median wall time of RUNS fresh processes, the floor (``python -c pass``, the interpreter's own
start), the milliseconds beyond the floor (goal: under 100) and the ratio to the floor.

The processes run this checkout's package (``PYTHONPATH`` and the working directory are the
checkout), after one warm-up run each, with ``PYTHONDONTWRITEBYTECODE`` unset: compiling the
sources is a first-run cost, not the start-up an installed ``xlbridge`` pays. Times depend on
the machine and its load; compare runs made together. No assertions: a report only
(``tests/faces/cli/test_cli_startup.py`` and ``tests/faces/excel/test_excel_startup.py`` check
what is imported).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOOR = ("python -c pass (floor)", ["-c", "pass"])

COMMANDS: dict[str, list[str]] = {
    "xlbridge --help": ["-m", "xlbridge", "--help"],
    "xlbridge score 4S N 10 --vul None": ["-m", "xlbridge", "score", "4S", "N", "10", "--vul",
                                          "None"],
}  # fmt: skip

MORE: dict[str, list[str]] = {
    "xlbridge imps 420": ["-m", "xlbridge", "imps", "420"],
    "xlbridge vp 14 --boards 16": ["-m", "xlbridge", "vp", "14", "--boards", "16"],
    "xlbridge new --help": ["-m", "xlbridge", "new", "--help"],
    "xlbridge addin status": ["-m", "xlbridge", "addin", "status"],
    "import xlbridge.excel.udf": ["-c", "import xlbridge.excel.udf"],
    "import xlwings (the old cost)": ["-c", "import xlwings"],
}


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def median(argv: list[str], runs: int, env: dict[str, str]) -> float:
    """Median wall seconds of ``runs`` fresh interpreters running ``argv``."""

    def once() -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, *argv], capture_output=True, check=False, env=env, cwd=ROOT)
        return time.perf_counter() - start

    once()  # warm-up: bytecode caches written, files in the page cache
    return statistics.median(once() for _ in range(runs))


def run(runs: int, commands: dict[str, list[str]]) -> None:
    env = _env()
    floor = median(FLOOR[1], runs, env)
    print(f"start-up, median of {runs} fresh processes")
    print(f"{'command':<36}{'ms':>8}{'beyond ms':>11}{'ratio':>7}")
    print(f"{FLOOR[0]:<36}{floor * 1000:>8.1f}{0:>11.1f}{1:>7.2f}")
    for name, argv in commands.items():
        took = median(argv, runs, env)
        print(f"{name:<36}{took * 1000:>8.1f}{(took - floor) * 1000:>11.1f}{took / floor:>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--runs", type=int, default=20, help="processes per command")
    parser.add_argument("--all", action="store_true", help="time more commands and imports")
    args = parser.parse_args()
    run(max(1, args.runs), {**COMMANDS, **MORE} if args.all else COMMANDS)


if __name__ == "__main__":
    main()
