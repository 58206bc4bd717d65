"""Time every BRIDGE_* function on 100,000 rows, against a plain-loop floor (issue 15).

Run: ``.venv/bin/python bench/bench_udf.py [ROWS]`` (default 100,000). For each function it
prints the seconds for one call on ROWS rows as xlwings hands them over (a column of
one-cell rows), the floor (a plain Python loop that only reads every cell of the same
arguments once), and the ratio function/floor. ``BRIDGE_XIMP`` and ``BRIDGE_MP`` are also set
against their algorithm before this change (the quadratic cross-IMP sum, a bisection per row)
on fewer rows, where those finish. No assertions: a report only; the goal is under 1 s each.
"""

from __future__ import annotations

import random
import sys
import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import Any

from xlbridge.excel import udf
from xlbridge.scoring.imps import imps

Column = list[list[Any]]


def column(values: list[Any]) -> Column:
    return [[v] for v in values]


def floor(*args: Any) -> int:
    """Read every cell once: what any function must at least do."""
    seen = 0
    for a in args:
        if isinstance(a, list):
            for row in a:
                for cell in row:
                    if cell is not None:
                        seen += 1
    return seen


def cpu(fn: Callable[[], Any], repeat: int = 3) -> float:
    """Best of ``repeat`` CPU times (process time: less noisy on a shared machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def inputs(rows: int, seed: int = 15) -> dict[str, tuple[Any, ...]]:
    rng = random.Random(seed)
    contracts = ["1NT", "2S", "3NT", "4H", "4S", "2D", "3C", "6D", "PASS", "5CX", "3NTX"]
    c = [rng.choice(contracts) for _ in range(rows)]
    by = [None if x == "PASS" else rng.choice("NESW") for x in c]
    tricks = [None if x == "PASS" else float(rng.randint(6, 12)) for x in c]
    honours = [rng.choice([None, None, None, 100.0]) if x[-1] in "SHDC" else None for x in c]
    boards = [float(i % 36 + 1) for i in range(rows)]
    scores = column([float(10 * rng.randint(-200, 200)) for _ in range(rows)])
    other = column([float(10 * rng.randint(-200, 200)) for _ in range(rows)])
    one = scores[rows // 2][0]
    return {
        "BRIDGE_SCORE": (column(c), column(by), column(tricks), column(boards)),
        "BRIDGE_MP": (one, scores),
        "BRIDGE_MPS": (scores,),
        "BRIDGE_PCT": (one, scores),
        "BRIDGE_IMP": (scores, other),
        "BRIDGE_XIMP": (scores,),
        "BRIDGE_BUTLER": (scores,),
        "BRIDGE_DATUM": (scores,),
        "BRIDGE_VP": (14.0, 16.0),
        "BRIDGE_VUL": (column(boards),),
        "BRIDGE_DEALER": (column(boards),),
        "BRIDGE_NEUBERG": (18.0, 10.0, 11.0, "ebu"),
        "BRIDGE_CHICAGO": (column(c), column(by), column(tricks), None, "E", None,
                           column(honours)),
        "BRIDGE_RUBBER": (column(["PASS"] * (rows - 4) + ["4S", "2H", "1NT", "3NT"]),
                          column([None] * (rows - 4) + ["N", "E", "W", "S"]),
                          column([None] * (rows - 4) + [10.0, 8.0, 7.0, 9.0])),
        "BRIDGE_WL": (2.0,),
        "BRIDGE_BAM": (scores, other),
    }  # fmt: skip


def old_cross_imps(values: list[float]) -> list[float]:
    """cross_imps before issue 15: every score IMPed against every other."""
    n = len(values)
    return [sum(imps(s - t) for t in values) / (n - 1) for s in values]


def old_matchpoints(values: list[float]) -> list[float]:
    """matchpoints before issue 15: two bisections per row."""
    ordered = sorted(values)
    out = []
    for s in values:
        below = bisect_left(ordered, s)
        out.append(below + (bisect_right(ordered, s) - below - 1) / 2)
    return out


def run(rows: int) -> None:
    print(f"BRIDGE_* functions, {rows:,} rows (CPU seconds, best of 3)")
    print(f"{'function':<16}{'seconds':>9}{'floor':>9}{'ratio':>8}")
    worst = 0.0
    for name, args in inputs(rows).items():
        fn = getattr(udf, name)
        out = fn(*args)
        if isinstance(out, str) and out.startswith(name + ":"):
            raise SystemExit(f"{name} refused the benchmark input: {out}")
        took = cpu(lambda fn=fn, args=args: fn(*args))
        base = max(cpu(lambda args=args: floor(*args)), 1e-6)
        worst = max(worst, took)
        print(f"{name:<16}{took:>9.3f}{base:>9.3f}{took / base:>8.1f}")
    print(f"slowest: {worst:.3f} s (goal: under 1 s)")

    small = 3_000
    rng = random.Random(1)
    values = [float(10 * rng.randint(-200, 200)) for _ in range(small)]
    new = cpu(lambda: udf.BRIDGE_XIMP(column(values)), 1)
    old = cpu(lambda: old_cross_imps(values), 1)
    print(f"BRIDGE_XIMP at {small:,} rows: {new:.3f} s; the quadratic sum {old:.3f} s:"
          f" {old / max(new, 1e-6):.0f}x")  # fmt: skip
    from xlbridge.scoring.matchpoints import matchpoints

    big = [float(10 * rng.randint(-200, 200)) for _ in range(rows)]
    new = cpu(lambda: matchpoints(big))
    old = cpu(lambda: old_matchpoints(big))
    print(f"matchpoints at {rows:,} rows: {new:.3f} s; bisection per row {old:.3f} s:"
          f" {old / max(new, 1e-6):.1f}x")  # fmt: skip


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
