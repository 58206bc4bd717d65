"""CPU time of the jobs that read a user's workbook, each as a whole process: ``results`` of a
large filled pairs workbook (25 tables x 25 boards, every board played, stored values as
LibreOffice calculated them when it is installed), ``import`` of every play of a 13-table
Rainbow, ``rebuild`` of a 32-team knockout and ``new`` 13 tables x 26 boards, against the same
jobs of another checkout (``--base DIR``, e.g. a ``git worktree`` or ``git archive`` of the
commit to compare with) in the same run, alternating, so that the machine's load falls on both.

Prints the median CPU seconds (user + system; steadier than the wall clock on a shared machine)
of ``--repeat`` runs and the ratio; asserts nothing (tests never assert times). Run:
    .venv/bin/python bench/bench_read.py [--base DIR] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))


def cpu(tree: Path, argv: list[str], cwd: Path) -> float:
    """CPU seconds of ``python -m xlbridge ARGV`` run from checkout ``tree`` (bytecode cached)."""
    env = dict(os.environ, PYTHONPATH=str(tree),
               PYTHONPYCACHEPREFIX=str(cwd / f"pycache-{abs(hash(tree))}"))  # fmt: skip
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "xlbridge", *argv], cwd=cwd, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def workbooks(d: Path) -> None:
    """The filled pairs workbook, the Rainbow and its plays, the knockout."""
    from bench_families import rainbow_rows

    from tests.support.workbook_fill import fill, random_fill
    from xlbridge.families.duplicate.context import Options
    from xlbridge.families.pairs.build import write_session
    from xlbridge.movements.mitchell import mitchell
    from xlbridge.workbook.recalc import recalculate, soffice

    m, opt = mitchell(25, 1), Options()
    write_session(m, d / "filled.xlsx", force=True)
    fill(d / "filled.xlsx", m, opt, random_fill(m, opt, 0))
    if soffice() is not None:
        recalculate([d / "filled.xlsx"], d / "recalc")
        (d / "recalc" / "filled.xlsx").replace(d / "filled.xlsx")
    (d / "plays.csv").write_text(rainbow_rows(13), encoding="utf-8")
    for argv in (
        ["new", "rainbow", "--tables", "13", "--boards-per-round", "3", "-o", "rainbow.xlsx"],
        ["new", "knockout", "--tables", "32", "-o", "ko.xlsx"],
    ):
        subprocess.run(
            [sys.executable, "-m", "xlbridge", *argv],
            cwd=d,
            check=True,
            stdout=subprocess.DEVNULL,
            env=dict(os.environ, PYTHONPATH=str(REPO)),
        )


JOBS = {
    "results, 25 tables x 25 boards filled": ["results", "filled.xlsx", "--format", "json"],
    "import, 13-table Rainbow, 507 plays": ["import", "rainbow.xlsx", "--from", "plays.csv",
                                            "-o", "in.xlsx", "--force"],
    "rebuild, 32-team knockout": ["rebuild", "ko.xlsx", "-o", "ko2.xlsx", "--force"],
    "new, 13 tables x 26 boards": ["new", "mitchell", "--tables", "13", "--boards-per-round",
                                   "2", "-o", "n.xlsx", "--force"],
}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=Path, help="another checkout to compare with")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    trees = {"this": REPO} | ({"base": args.base.resolve()} if args.base else {})
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        workbooks(d)
        for job, argv in JOBS.items():
            for tree in trees.values():
                cpu(tree, argv, d)  # warm-up: bytecode compiled and cached
            got: dict[str, list[float]] = {k: [] for k in trees}
            for _ in range(args.repeat):
                for k, tree in trees.items():
                    got[k].append(cpu(tree, argv, d))
            med = {k: statistics.median(v) for k, v in got.items()}
            line = f"{job}: {med['this']:.2f} CPU-s"
            if "base" in med:
                line += f"; base {med['base']:.2f} CPU-s; ratio {med['this'] / med['base']:.2f}"
            print(line)


if __name__ == "__main__":
    main()
