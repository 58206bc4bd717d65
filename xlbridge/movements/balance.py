"""Manning's measure of competition between pairs (seed 004; rules.md §8).

For pairs i and j: a = boards on which they meet, b = boards they play in the same direction
(not meeting), c = boards they play in opposite directions (not meeting), d = boards not both
played. With n the number of times a board is played (taken board by board, so half tables
count correctly):

    s_ij = (n - 1) a + b - c

A plain Mitchell has s = 0 between every NS and every EW pair: two separate competitions.
The standard deviation is the sample one (divisor count - 1), which is what reproduces
Manning's published figures (1.05k, 3.3k, 1.70).

>>> from xlbridge.movements.mitchell import mitchell
>>> b = balance(mitchell(7, 1, arrow_switch="last"))
>>> sorted(b.histogram.items())
[(0, 7), (3, 42), (4, 42)]
>>> round(b.sd, 2), b.competitions
(1.05, 1)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from xlbridge.movements.model import Movement

__all__ = ["Balance", "PairCounts", "balance", "s_matrix"]


@dataclass(frozen=True, slots=True)
class PairCounts:
    """Manning's a, b, c, d and s for one pair of pairs (i < j by position in ``pairs``)."""

    i: int
    j: int
    a: int
    b: int
    c: int
    d: int
    s: int


@dataclass(frozen=True, slots=True)
class Balance:
    """The competition analysis of a movement.

    ``counts`` holds every pair of pairs; ``histogram`` maps s to how many pairs of pairs
    have it; ``fields`` are the groups of pairs linked by non-zero competition (two fields =
    two competitions, as in a plain Mitchell: rank NS and EW separately).
    """

    pair_ids: tuple[int, ...]
    counts: tuple[PairCounts, ...]
    histogram: dict[int, int]
    mean: float
    sd: float
    sd_population: float
    expected_mean: float
    fields: tuple[tuple[int, ...], ...]

    @property
    def competitions(self) -> int:
        """1 for a single field (one winner), 2 or more for separate competitions."""
        return len(self.fields)

    @property
    def perfect(self) -> bool:
        """All s_ij equal (Manning calls a complete movement with this property perfect)."""
        return len(self.histogram) == 1

    def pair(self, i: int, j: int) -> PairCounts:
        """The counts for pair ids ``i`` and ``j`` (either order)."""
        lo, hi = sorted((self.pair_ids.index(i), self.pair_ids.index(j)))
        n = len(self.pair_ids)
        # counts are stored row by row for lo < hi
        idx = lo * n - lo * (lo + 1) // 2 + (hi - lo - 1)
        return self.counts[idx]

    def to_dict(self) -> dict[str, object]:
        """JSON form: histogram (as sorted [s, count] rows), mean, sd, fields."""
        return {
            "histogram": [[s, c] for s, c in sorted(self.histogram.items())],
            "mean": round(self.mean, 4),
            "sd": round(self.sd, 4),
            "sd_population": round(self.sd_population, 4),
            "expected_mean": round(self.expected_mean, 4),
            "competitions": self.competitions,
            "fields": [list(f) for f in self.fields],
            "perfect": self.perfect,
        }


def s_matrix(m: Movement) -> tuple[tuple[int, ...], list[list[int]], list[list[int]]]:
    """(pair ids, s matrix, a matrix) indexed by position in ``m.pairs``; the fast core.

    On a board played ``n`` times, two pairs on the same side score +1, on opposite sides -1,
    and as opponents ``n - 1`` (Manning's s_ij). So s_ij is the dot product of the two pairs'
    board vectors (+1 NS, -1 EW, 0 not played), plus ``n`` for each board they meet on: with
    each board's plays as bits, four popcounts a pair of pairs instead of a loop over every
    two plays of every board (the arrow-switch optimiser evaluates thousands of patterns).

    >>> from xlbridge.movements.mitchell import mitchell
    >>> ids, s, a = s_matrix(mitchell(3, 1))
    >>> s[0], a[0]
    ([0, 3, 3, 0, 0, 0], [0, 0, 0, 1, 1, 1])
    """
    ids = m.pair_ids
    pos = {p: i for i, p in enumerate(ids)}
    size = len(ids)
    s = [[0] * size for _ in range(size)]
    a = [[0] * size for _ in range(size)]
    plays: dict[int, list[tuple[int, int]]] = {}
    for e in m.entries:
        if e.ns is None or e.ew is None:
            continue
        for bd in e.boards:
            ns, ew = e.direction_on(bd)
            assert ns is not None and ew is not None
            plays.setdefault(bd, []).append((pos[ns], pos[ew]))
    # Each pair's plays of each board (k: the board's place in ``plays``) on each side.
    ns_of: list[dict[int, int]] = [{} for _ in range(size)]
    ew_of: list[dict[int, int]] = [{} for _ in range(size)]
    for k, rows in enumerate(plays.values()):
        n = len(rows)
        for pn, pe in rows:
            ns_of[pn][k] = ns_of[pn].get(k, 0) + 1
            ew_of[pe][k] = ew_of[pe].get(k, 0) + 1
            s[pn][pe] += n
            s[pe][pn] += n
            a[pn][pe] += 1
            a[pe][pn] += 1
    once = all(
        max(ns.values(), default=1) == 1
        and max(ew.values(), default=1) == 1
        and not ns.keys() & ew.keys()
        for ns, ew in zip(ns_of, ew_of, strict=True)
    )
    if once:
        ns_bits = [sum(1 << k for k in ns) for ns in ns_of]
        ew_bits = [sum(1 << k for k in ew) for ew in ew_of]
        for i in range(size):
            ni, ei, si = ns_bits[i], ew_bits[i], s[i]
            for j in range(i + 1, size):
                nj, ej = ns_bits[j], ew_bits[j]
                d = (ni & nj).bit_count() + (ei & ej).bit_count()
                d -= (ni & ej).bit_count() + (ei & nj).bit_count()
                si[j] += d
                s[j][i] += d
    else:  # a pair on a board twice (a movement file may say so): the counts' products
        for i in range(size):
            for j in range(i, size):
                d = 0
                for k in ns_of[i].keys() | ew_of[i].keys():
                    ni, ei = ns_of[i].get(k, 0), ew_of[i].get(k, 0)
                    nj, ej = ns_of[j].get(k, 0), ew_of[j].get(k, 0)
                    if i == j:  # a pair with itself: each two of its own plays
                        d += ni * (ni - 1) + ei * (ei - 1) - 2 * ni * ei
                    else:
                        d += ni * nj + ei * ej - ni * ej - ei * nj
                s[i][j] += d
                if i != j:
                    s[j][i] += d
    return ids, s, a


def balance(m: Movement) -> Balance:
    """Manning's competition analysis of ``m`` (see the module docstring).

    >>> from xlbridge.movements.mitchell import mitchell
    >>> balance(mitchell(7, 2)).competitions  # NS and EW are separate fields
    2
    """
    ids = m.pair_ids
    pos = {p: i for i, p in enumerate(ids)}
    size = len(ids)
    played: list[set[int]] = [set() for _ in ids]
    side: dict[tuple[int, int], str] = {}
    opp: dict[tuple[int, int], int] = {}
    for e in m.entries:
        if e.ns is None or e.ew is None:
            continue
        for bd in e.boards:
            ns, ew = e.direction_on(bd)
            assert ns is not None and ew is not None
            i, j = pos[ns], pos[ew]
            played[i].add(bd)
            played[j].add(bd)
            side[(i, bd)] = "NS"
            side[(j, bd)] = "EW"
            opp[(i, bd)] = j
            opp[(j, bd)] = i
    all_boards = set(m.boards)
    times = Counter(
        bd for e in m.entries if e.ns is not None and e.ew is not None for bd in e.boards
    )
    counts: list[PairCounts] = []
    for i in range(size):
        for j in range(i + 1, size):
            a = b = c = 0
            s = 0
            for bd in played[i] & played[j]:
                if opp[(i, bd)] == j:
                    a += 1
                    s += times[bd] - 1
                elif side[(i, bd)] == side[(j, bd)]:
                    b += 1
                    s += 1
                else:
                    c += 1
                    s -= 1
            counts.append(PairCounts(ids[i], ids[j], a, b, c, len(all_boards) - a - b - c, s))
    values = [pc.s for pc in counts]
    hist = dict(sorted(Counter(values).items()))
    mean = sum(values) / len(values) if values else 0.0
    var_sum = sum((v - mean) ** 2 for v in values)
    sd = math.sqrt(var_sum / (len(values) - 1)) if len(values) > 1 else 0.0
    sd_pop = math.sqrt(var_sum / len(values)) if values else 0.0
    tables = len({e.table for e in m.entries})
    n_boards = len(all_boards)
    expected = n_boards * (tables - 1) / (2 * tables - 1) if tables else 0.0
    return Balance(
        pair_ids=ids,
        counts=tuple(counts),
        histogram=hist,
        mean=mean,
        sd=sd,
        sd_population=sd_pop,
        expected_mean=expected,
        fields=_fields(ids, counts),
    )


def _fields(ids: tuple[int, ...], counts: list[PairCounts]) -> tuple[tuple[int, ...], ...]:
    parent = {p: p for p in ids}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for pc in counts:
        if pc.s != 0:
            parent[find(pc.i)] = find(pc.j)
    groups: dict[int, list[int]] = {}
    for p in ids:
        groups.setdefault(find(p), []).append(p)
    return tuple(tuple(g) for g in sorted(groups.values(), key=lambda g: ids.index(g[0])))
