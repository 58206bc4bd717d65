"""Time and memory of each command on the hostile workbooks of issue 24, against the same
command on the genuine workbook they were made from.

Run: ``.venv/bin/python bench/bench_bounds.py [--package DIR] [--timeout S] [--cases a,b]``.
It writes a 15-table, 30-board Mitchell workbook, makes each hostile file from it
(``tests/support/hostile_books.py``) and runs ``results``, ``rebuild`` and ``import`` on each in a
fresh process (``--package``: the checkout whose ``xlbridge`` runs, this one by default, so an older
checkout can be measured the same way). For each it prints the wall seconds, the peak resident
memory, the ratio of both to the genuine workbook's, and the first words of the command's last
line. A process past ``--timeout`` seconds (default 60) or 3 GB of address space is stopped and
shown as such. Times depend on the machine and its load; compare runs made together. No
assertions: a report only (``tests/kits/interchange/test_bounds.py`` checks the bounds by counts
and memory).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import hostile_books as hb  # noqa: E402

CASES: dict[str, Callable[[bytes], bytes]] = {
    "genuine": lambda b: b,
    "shared_part": hb.shared_part,
    "empty_cells": hb.empty_cells,
    "shared_strings": hb.shared_strings,
    "pad_rows": hb.pad_rows,
    "cell_at_row": hb.cell_at_row,
    "many_boards": hb.many_boards,
}

_LIMIT_AS = 3 * 1024**3


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (_LIMIT_AS, _LIMIT_AS))


def run(argv: list[str], package: Path, timeout: float) -> tuple[float, int, str]:
    """Wall seconds, peak resident KB and the last output line of ``xlbridge ARGV``."""
    env = dict(os.environ, PYTHONPATH=str(package))
    start = time.perf_counter()
    p = subprocess.Popen(
        [sys.executable, "-m", "xlbridge", *argv], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, env=env, cwd=package, preexec_fn=_limit,
    )  # fmt: skip
    try:
        out, _ = p.communicate(timeout=timeout)
        text = out.decode(errors="replace").strip().splitlines()
        last = text[-1] if text else f"exit {p.returncode}"
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        last = f"stopped after {timeout:.0f} s"
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # the largest child so far
    return seconds, peak, last


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", type=Path, default=ROOT)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--cases", default=",".join(CASES))
    args = ap.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="bench-bounds-"))
    base = folder / "base.xlsx"
    run(["new", "mitchell", "--tables", "15", "--boards-per-round", "2", "-o", str(base)],
        ROOT, 120)  # fmt: skip
    csv = folder / "scores.csv"
    csv.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n")
    data = base.read_bytes()
    seen: dict[str, tuple[float, int]] = {}
    for name in args.cases.split(","):
        path = folder / f"{name}.xlsx"
        path.write_bytes(CASES[name](data))
        for cmd, extra in (
            ("results", []),
            ("rebuild", ["-o", str(folder / "out.xlsx"), "--force"]),
            ("import", ["--from", str(csv), "-o", str(folder / "out.xlsx"), "--force"]),
        ):
            # RUSAGE_CHILDREN keeps the largest child: each measurement runs in its own child
            sub = [sys.executable, __file__, "--one", cmd, str(path), str(args.package),
                   str(args.timeout), *extra]  # fmt: skip
            got = subprocess.run(sub, capture_output=True, text=True, check=False).stdout
            seconds_s, peak_s, last = got.strip().split("\t", 2)
            seconds, peak = float(seconds_s), int(peak_s)
            if name == "genuine":
                seen[cmd] = (seconds, peak)
            g = seen.get(cmd, (seconds, peak))
            print(
                f"{name:15} {cmd:8} {seconds:7.2f} s {peak / 1024:7.0f} MB  "
                f"x{seconds / g[0]:5.1f} time x{peak / g[1]:5.1f} memory  {last[:90]}"
            )
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        cmd, path, package, timeout, *extra = sys.argv[2:]
        s, kb, line = run([cmd, path, *extra], Path(package), float(timeout))
        print(f"{s:.3f}\t{kb}\t{line}")
        sys.exit(0)
    sys.exit(main(sys.argv[1:]))
