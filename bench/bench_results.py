"""Score and matchpoint a million results with xlbridge.results.vector; print ratios.

Run: ``.venv/bin/python bench/bench_results.py [ROWS]`` (default 1,000,000 rows, boards of 10
results). Three timings:

- xlbridge: ``score_array`` (range checks, pass handling, lookup built from the rules layer)
  then ``matchpoints_array`` (any row order);
- floor: the plainest numpy that does the same job, written here: one precomputed flat index
  and ``np.take`` for the scores, then one lexsort and the run arithmetic for the matchpoints,
  with no checks at all;
- per contract: the rules layer's ``score()`` called row by row on a sample, scaled up.

The issue's targets: xlbridge under 2 s for a million rows and within 3x of the floor. No
assertions: a report only (tests never assert wall-clock times).
"""

from __future__ import annotations

import sys
import time

import numpy as np

from xlbridge.results.vector import (
    SEATS,
    STRAINS,
    VULS,
    matchpoints_array,
    score_array,
    score_table,
)
from xlbridge.scoring.contract import score


def make(rows: int, per_board: int = 10, seed: int = 5) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    level = rng.integers(1, 8, rows)
    level[rng.random(rows) < 0.03] = 0  # passed out
    board = np.arange(rows) // per_board
    return {
        "board": board,
        "level": level,
        "strain": rng.integers(0, 5, rows),
        "doubling": rng.choice(3, rows, p=[0.9, 0.08, 0.02]),
        "declarer": rng.integers(0, 4, rows),
        "vul": (board % 4).astype(np.int64),
        "tricks": np.clip(level + 6 + rng.integers(-3, 3, rows), 0, 13),
    }


def xlbridge_path(d: dict[str, np.ndarray]) -> np.ndarray:
    s = score_array(d["level"], d["strain"], d["doubling"], d["declarer"], d["vul"], d["tricks"])
    return matchpoints_array(d["board"], s)


def floor_path(d: dict[str, np.ndarray], table: np.ndarray) -> np.ndarray:
    lv = d["level"]
    idx = (((((lv * 5 + d["strain"]) * 3 + d["doubling"]) * 4 + d["declarer"]) * 4 + d["vul"])
           * 14) + d["tricks"]  # fmt: skip
    s = np.take(table, idx)
    b = d["board"]
    order = np.lexsort((s, b))
    bs, ss = b[order], s[order]
    n = len(s)
    pos = np.arange(n)
    nb = np.r_[True, bs[1:] != bs[:-1]]
    nr = nb | np.r_[True, ss[1:] != ss[:-1]]
    start_b = np.maximum.accumulate(np.where(nb, pos, 0))
    start_r = np.maximum.accumulate(np.where(nr, pos, 0))
    rid = np.cumsum(nr) - 1
    ln = np.bincount(rid)[rid]
    out = np.empty(n)
    out[order] = (start_r - start_b) + (ln - 1) / 2
    return out


def best(fn, *args, repeat: int = 3) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - t)
    return min(times), result


def main(rows: int) -> None:
    d = make(rows)
    t0 = time.perf_counter()
    table = score_table()
    build = time.perf_counter() - t0
    # The floor's table: the same codes, passes folded to strain/doubling 0 as score_array does.
    d["strain"] = np.where(d["level"] == 0, 0, d["strain"])
    d["doubling"] = np.where(d["level"] == 0, 0, d["doubling"])
    fast, got = best(xlbridge_path, d)
    low, want = best(floor_path, d, table)
    if not np.array_equal(got, want):  # type: ignore[arg-type]
        raise SystemExit("xlbridge and the floor disagree")
    sample = 20_000
    t = time.perf_counter()
    for i in range(sample):
        lv = int(d["level"][i])
        contract = "PASS" if lv == 0 else f"{lv}{STRAINS[d['strain'][i]]}"
        contract += ("", "X", "XX")[d["doubling"][i]] if lv else ""
        score(contract, SEATS[d["declarer"][i]], int(d["tricks"][i]), VULS[d["vul"][i]])
    slow = (time.perf_counter() - t) * rows / sample
    print(f"lookup table built from score() once: {build:.3f} s (cached)")
    print(f"{rows:,} rows: xlbridge {fast:.3f} s, numpy floor {low:.3f} s, "
          f"xlbridge/floor = {fast / low:.2f} (target <= 3), target 2 s: "
          f"{'met' if fast < 2 else 'MISSED'}")  # fmt: skip
    print(f"score() row by row (scoring only, from {sample:,} rows): {slow:.1f} s, "
          f"per-contract/xlbridge = {slow / fast:.0f}")  # fmt: skip


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
