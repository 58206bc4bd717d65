"""Time matchpointing a large event against a naive pairwise loop, and print the ratio.

Run: ``.venv/bin/python bench/bench_scoring.py [BOARDS] [RESULTS]`` (default 10,000 boards of
13 results, and one board of 2,000 results), and the whole field at once with
``xlbridge.results.vector.matchpoints_array``. No assertions: a report only.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

from xlbridge.results.vector import matchpoints_array
from xlbridge.scoring.matchpoints import matchpoints


def naive(scores: Sequence[float]) -> list[float]:
    """Every score against every other: O(n²) comparisons."""
    return [
        sum(1.0 if s > t else 0.5 if s == t else 0.0 for j, t in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]


def timed(fn: Callable[[Sequence[float]], list[float]], boards: list[list[int]]) -> float:
    start = time.perf_counter()
    for b in boards:
        fn(b)
    return time.perf_counter() - start


def run(boards: int, results: int, seed: int = 2) -> None:
    rng = random.Random(seed)
    field = [[10 * rng.randint(-150, 150) for _ in range(results)] for _ in range(boards)]
    if any(matchpoints(b) != naive(b) for b in field[:50]):
        raise SystemExit("matchpoints disagree with the naive count")
    fast = timed(matchpoints, field)
    slow = timed(naive, field)
    board_ids = np.repeat(np.arange(boards), results)
    flat = np.array(field).ravel()
    start = time.perf_counter()
    vec = matchpoints_array(board_ids, flat)
    vector = time.perf_counter() - start
    if vec[:results].tolist() != matchpoints(field[0]):
        raise SystemExit("matchpoints_array disagrees with matchpoints")
    print(
        f"{boards:>6} boards x {results:>5} results: xlbridge {fast:.3f} s, naive {slow:.3f} s,"
        f" naive/xlbridge = {slow / fast:.1f}; vectorised {vector:.4f} s,"
        f" xlbridge/vectorised = {fast / vector:.0f}"
    )


if __name__ == "__main__":
    n_boards = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    n_results = int(sys.argv[2]) if len(sys.argv) > 2 else 13
    run(n_boards, n_results)
    run(1, 2_000)
