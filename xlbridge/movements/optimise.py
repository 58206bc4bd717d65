"""Arrow-switch optimiser: the switch pattern that minimises the spread of Manning's s_ij.

Manning (seed 004): "a computer program is needed to calculate the optimum amount of
switching". A pattern here is a set of (round, position) pairs: in that round the board at
that position of every table's set is arrow-switched, at all tables at once (so the director
calls it once per round). With ``per_table=True`` each (round, table, position) is free.

The search is deterministic and bounded: it starts from the best of the named patterns (none,
last round, last two rounds, staggered), then does steepest-descent bit flips, then moves of
one switched bit to another place, then two-bit flips, until nothing improves or
``max_evals`` balances have been computed, or the work budget ``work`` (s_ij cell updates,
:data:`xlbridge.limits.ARROW_SWITCH_WORK`) is spent. The budget is a count, not a clock, so a
30-table Mitchell answers in seconds with the same pattern on every machine. The objective is
the sample standard deviation of s_ij, ties broken by fewer switched boards.

>>> from xlbridge.movements.mitchell import mitchell
>>> r = optimise_switches(mitchell(7, 4))
>>> round(r.sd, 2) <= 1.70   # at least as good as Manning's staggered switch
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from xlbridge.errors import MovementError
from xlbridge.limits import ARROW_SWITCH_WORK
from xlbridge.movements.arrow import fixed_switch, with_switches
from xlbridge.movements.balance import s_matrix
from xlbridge.movements.model import Movement

__all__ = ["SwitchResult", "evaluation_work", "optimise_switches", "spread"]

Bit = tuple[int, int, int]  # (round, table or 0 for every table, position in the set)


@dataclass(frozen=True, slots=True)
class SwitchResult:
    """The optimiser's answer: the switched movement, its pattern and its figures."""

    movement: Movement
    pattern: tuple[Bit, ...]
    sd: float
    start: str
    start_sd: float
    evaluations: int


def spread(m: Movement) -> float:
    """Sample standard deviation of s_ij over every pair of pairs (fast path of balance)."""
    _ids, s, _a = s_matrix(m)
    size = len(s)
    vals = [s[i][j] for i in range(size) for j in range(i + 1, size)]
    if len(vals) < 2:
        return 0.0
    mean = sum(vals) / len(vals)
    return math.sqrt(sum((v - mean) ** 2 for v in vals) / (len(vals) - 1))


def _apply(m: Movement, bits: frozenset[Bit]) -> Movement:
    by_round: dict[int, list[tuple[int, int]]] = {}  # each entry looks at its round's bits only
    for r, t, j in bits:
        by_round.setdefault(r, []).append((t, j))
    switched: dict[tuple[int, int], set[int]] = {}
    for e in m.entries:
        for t, j in by_round.get(e.round, ()):
            if t in (0, e.table) and j < len(e.boards):
                switched.setdefault((e.round, e.table), set()).add(e.boards[j])
    return with_switches(m, switched)


def _bits_of(m: Movement, per_table: bool) -> frozenset[Bit]:
    """The pattern a switched movement uses, in this search's terms."""
    out: set[Bit] = set()
    for e in m.entries:
        for j, b in enumerate(e.boards):
            if b in e.switched:
                out.add((e.round, e.table if per_table else 0, j))
    return frozenset(out)


def evaluation_work(m: Movement) -> int:
    """s_ij cell updates one evaluation of ``m`` costs: (plays of each board)² summed, plus the
    pairs² matrix.

    >>> from xlbridge.movements.mitchell import mitchell
    >>> evaluation_work(mitchell(7, 4))
    1568
    """
    plays: dict[int, int] = {}
    for e in m.entries:
        if e.ns is not None and e.ew is not None:
            for b in e.boards:
                plays[b] = plays.get(b, 0) + 1
    return sum(n * n for n in plays.values()) + len(m.pairs) ** 2


def optimise_switches(
    m: Movement, *, per_table: bool = False, max_evals: int = 4000, work: int = ARROW_SWITCH_WORK
) -> SwitchResult:
    """Search for the arrow-switch pattern of ``m`` with the smallest spread of s_ij.

    Any switches already in ``m`` are discarded first. At most ``max_evals`` patterns are
    evaluated, and no more than ``work`` s_ij updates are spent (whichever comes first).
    """
    for name, value in (("max_evals", max_evals), ("work", work)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise MovementError(f"arrow-switch optimiser: {name} {value!r} must be 1 or more")
    plain = with_switches(m, {})
    max_evals = min(max_evals, max(8, work // max(1, evaluation_work(plain))))
    k = max((len(e.boards) for e in plain.entries), default=0)
    rounds = sorted({e.round for e in plain.entries})
    tables = sorted({e.table for e in plain.entries}) if per_table else [0]
    space: list[Bit] = [(r, t, j) for r in rounds for t in tables for j in range(k)]
    evals = 0
    cache: dict[frozenset[Bit], float] = {}

    def cost(bits: frozenset[Bit]) -> tuple[float, int]:
        nonlocal evals
        if bits not in cache:
            evals += 1
            cache[bits] = round(spread(_apply(plain, bits)), 9)
        return cache[bits], len(bits)

    starts: list[tuple[str, frozenset[Bit]]] = []
    for name in ("none", "last", "last2", "staggered"):
        starts.append((name, _bits_of(fixed_switch(plain, name), per_table)))
    start_name, best = min(starts, key=lambda s: cost(s[1]))
    start_sd = cost(best)[0]
    best_cost = cost(best)
    improved = True
    while improved and evals < max_evals:
        improved = False
        # steepest single flip
        cand = best
        cand_cost = best_cost
        for bit in space:
            if evals >= max_evals:
                break
            trial = best ^ {bit}
            c = cost(trial)
            if c < cand_cost:
                cand, cand_cost = trial, c
        if cand != best:
            best, best_cost, improved = cand, cand_cost, True
            continue
        # move one switched bit elsewhere
        for on in sorted(best):
            for bit in space:
                if bit in best or evals >= max_evals:
                    continue
                trial = (best - {on}) | {bit}
                c = cost(trial)
                if c < best_cost:
                    best, best_cost, improved = trial, c, True
                    break
            if improved or evals >= max_evals:
                break
        if improved:
            continue
        # flip two bits at once (escapes some plateaus of the single-flip search)
        for x in range(len(space)):
            for y in range(x + 1, len(space)):
                if evals >= max_evals:
                    break
                trial = best ^ {space[x], space[y]}
                c = cost(trial)
                if c < best_cost:
                    best, best_cost, improved = trial, c, True
                    break
            if improved or evals >= max_evals:
                break
    return SwitchResult(
        movement=_apply(plain, best),
        pattern=tuple(sorted(best)),
        sd=best_cost[0],
        start=start_name,
        start_sd=start_sd,
        evaluations=evals,
    )
