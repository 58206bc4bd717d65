"""Timing of movement generation, validation, balance and the arrow-switch optimiser.

Prints ratios against naive baselines; asserts nothing. Run:
    .venv/bin/python bench/bench_movements.py
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from xlbridge.movements.balance import balance
from xlbridge.movements.mitchell import mitchell, with_switches
from xlbridge.movements.model import Movement
from xlbridge.movements.optimise import optimise_switches, spread
from xlbridge.movements.validate import validate


def clock(fn: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def exhaustive(m: Movement) -> tuple[float, int]:
    """Naive baseline: every (round, position) switch pattern."""
    k = m.boards_per_round
    bits = [(r, j) for r in range(1, m.rounds + 1) for j in range(k)]
    best = float("inf")
    n = 0
    for mask in itertools.product((False, True), repeat=len(bits)):
        on = {b for b, x in zip(bits, mask, strict=True) if x}
        sw: dict[tuple[int, int], set[int]] = {}
        for e in m.entries:
            for r, j in on:
                if e.round == r:
                    sw.setdefault((e.round, e.table), set()).add(e.boards[j])
        best = min(best, spread(with_switches(m, sw)))
        n += 1
    return best, n


def main() -> None:
    sizes = [(t, k, ev) for t in range(3, 16) for k in (2, 3) for ev in ("relay", "skip")]
    gen = clock(lambda: [mitchell(t, k, even=ev) for t, k, ev in sizes])
    val = clock(lambda: [validate(mitchell(t, k, even=ev)) for t, k, ev in sizes])
    print(
        f"generate {len(sizes)} Mitchells: {gen * 1000:.1f} ms; with validation "
        f"{val * 1000:.1f} ms (validation/generation = {val / gen:.1f}x)"
    )

    m = mitchell(13, 2, arrow_switch="last2")
    full = clock(lambda: balance(m))
    fast = clock(lambda: spread(m))
    print(
        f"balance of 13-table Mitchell: full a/b/c/d analysis {full * 1000:.1f} ms, "
        f"s-matrix core {fast * 1000:.1f} ms (ratio {full / fast:.1f}x)"
    )

    for t, k in ((5, 2), (3, 3)):
        base = mitchell(t, k)
        t0 = time.perf_counter()
        best, n = exhaustive(base)
        naive = time.perf_counter() - t0
        t0 = time.perf_counter()
        r = optimise_switches(base)
        opt = time.perf_counter() - t0
        print(
            f"optimiser {t} tables x {k} boards: exhaustive {n} patterns {naive:.2f} s, "
            f"best SD {best:.4f}; local search {r.evaluations} evaluations {opt:.3f} s, "
            f"SD {r.sd:.4f} (speed-up {naive / opt:.0f}x)"
        )

    for t, k in ((7, 4), (9, 3), (13, 2)):
        t0 = time.perf_counter()
        r = optimise_switches(mitchell(t, k))
        opt = time.perf_counter() - t0
        print(
            f"optimiser {t} tables x {k} boards: start {r.start} SD {r.start_sd:.3f} -> "
            f"{r.sd:.3f} in {r.evaluations} evaluations, {opt:.2f} s"
        )


if __name__ == "__main__":
    main()
