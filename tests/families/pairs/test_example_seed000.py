"""The seed 000 example's search (examples/seed000_seven_tables.py), without LibreOffice.

Source: seed 000 recap, Form 133 (totals and ranks of the seven-table Mitchell).
"""

from __future__ import annotations

import random
import sys

from tests.support.shared import REPO

sys.path.insert(0, str(REPO / "examples"))

import seed000_seven_tables as ex

from xlbridge.families.duplicate.context import plays
from xlbridge.movements.mitchell import mitchell
from xlbridge.scoring.contract import score
from xlbridge.scoring.matchpoints import matchpoints

SEED = {f"NS {i + 1}": t for i, t in enumerate(ex.NS_TOTAL)}
SEED.update({f"EW {i + 1}": t for i, t in enumerate(ex.EW_TOTAL)})


def _totals(levels: dict[int, list[int]]) -> dict[str, float]:
    """Totals from real scores (1NT by North, 7 + level tricks) as the script writes them."""
    m = mitchell(7, 3)
    got = dict.fromkeys(SEED, 0.0)
    for b in m.boards:
        rows = plays(m, b)
        if b == 1:
            res = [ex.BOARD1[int(m.label(ns).split()[1])] for _, ns, _ in rows]
        else:
            res = [("1NT", "N", 7 + lv) for lv in levels[b]]
        mps = matchpoints([score(c, d, t, b) for c, d, t in res])
        for (_, ns, ew), mp in zip(rows, mps, strict=True):
            got[m.label(ns)] += mp
            got[m.label(ew)] += 6 - mp
    return got


def test_seed000_recap_ranks_and_totals() -> None:
    """seed 000 recap, Form 133: every rank; totals equal but for two pairs half a point off."""
    got = _totals(ex.search())
    assert sum(v for k, v in got.items() if k[:2] == "NS") == 441
    assert sum(v for k, v in got.items() if k[:2] == "EW") == 441
    for d, ranks in (("NS", ex.NS_RANK), ("EW", ex.EW_RANK)):
        t = [got[f"{d} {i + 1}"] for i in range(7)]
        assert [str(1 + sum(u > v for u in t)) for v in t] == ranks
    off = {k: got[k] - SEED[k] for k in SEED if got[k] != SEED[k]}
    assert sorted(abs(v) for v in off.values()) == [0.5, 0.5], off
    assert sum(off.values()) == 0


def test_seed000_totals_are_unreachable_in_this_mitchell() -> None:
    """The mod-7 invariant: 0 for any results, 3 for the seed 000 recap totals."""
    rng = random.Random(7)
    m = mitchell(7, 3)
    for _ in range(20):
        got = dict.fromkeys(SEED, 0.0)
        for b in m.boards:
            rows = plays(m, b)
            mps = matchpoints([rng.randrange(4) for _ in rows])
            for (_, ns, ew), mp in zip(rows, mps, strict=True):
                got[m.label(ns)] += mp
                got[m.label(ew)] += 6 - mp
        assert ex.residue(got) == 0
    assert ex.residue(SEED) == 3
