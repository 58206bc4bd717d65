"""Seed 000's seven-table game: write the workbook, fill it in, recalculate, print the recap.

Board 1 is the seed's worked ACBL traveller (3D N making 4, 4S S down 1, ...). For the other
boards the seed gives only matchpoints (boards 2 and 3) and each pair's total, so this script
makes up results that score as close to that as a small random search finds: each row gets
1NT by North with as many tricks as its matchpoints rank it. The recap reproduces board 1, the
check total of 441 in each direction, and the totals and ranks the search matched.

Run: .venv/bin/python examples/seed000_seven_tables.py [OUT.xlsx]
"""

from __future__ import annotations

import math
import random
import sys
import tempfile
from pathlib import Path

import openpyxl

from xlbridge.movements.mitchell import mitchell
from xlbridge.scoring.matchpoints import matchpoints
from xlbridge.workbook.build import write_session
from xlbridge.workbook.context import plays
from xlbridge.workbook.formulas import FIRST_ROW
from xlbridge.workbook.recalc import recalculate

BOARD1 = {  # NS pair -> contract, declarer, tricks: the seed's worked traveller
    1: ("3D", "N", 10), 2: ("4S", "S", 9), 3: ("4S", "S", 11), 4: ("3H", "E", 9),
    5: ("3S", "S", 10), 6: ("4H", "E", 8), 7: ("4D", "N", 10),
}  # fmt: skip
# NS matchpoints of NS pairs 1-7 on boards 2 and 3, and every pair's total (the seed's recap).
KNOWN = {2: [0, 6, 2, 2, 4, 2, 5], 3: [5.5, 0, 5.5, 3.5, 3.5, 1, 2]}
NS_TOTAL = [61.5, 54.5, 74.5, 56.5, 71, 58, 65]
EW_TOTAL = [61, 57.5, 64.5, 70, 59.5, 60, 68.5]
NS_RANK = ["4", "7", "1", "6", "2", "5", "3"]
EW_RANK = ["4", "7", "3", "1", "6", "5", "2"]


def search(seed: int = 0) -> dict[int, list[int]]:
    """Trick levels (0-6) per board row whose matchpoints give the seed's totals."""
    return _search(seed)


def _search(seed: int) -> dict[int, list[int]]:
    mv = mitchell(7, 3)
    rows = {b: [(mv.label(ns), mv.label(ew)) for _, ns, ew in plays(mv, b)] for b in mv.boards}
    rng = random.Random(seed)
    levels: dict[int, list[int]] = {}
    for b, who in rows.items():
        if b == 1:
            continue
        if b in KNOWN:  # the matchpoints themselves rank the rows
            ns_mp = {f"NS {i + 1}": v for i, v in enumerate(KNOWN[b])}
            order = sorted(set(ns_mp.values()))
            levels[b] = [order.index(ns_mp[ns]) for ns, _ in who]
        else:
            levels[b] = [rng.randrange(7) for _ in who]
    free = [b for b in levels if b not in KNOWN]
    want = {f"NS {i + 1}": t for i, t in enumerate(NS_TOTAL)}
    want.update({f"EW {i + 1}": t for i, t in enumerate(EW_TOTAL)})
    b1 = _board1_mps(rows[1])

    contrib = {b: matchpoints(lv) for b, lv in levels.items()}
    got = dict.fromkeys(want, 0.0)
    for (ns, ew), (a, e) in b1.items():
        got[ns] += a
        got[ew] += e
    for b, mps in contrib.items():
        for (ns, ew), mp in zip(rows[b], mps, strict=True):
            got[ns] += mp
            got[ew] += 6 - mp

    def cost() -> float:
        return sum((got[k] - want[k]) ** 2 for k in want)

    def apply(b: int, mps: list[float], sign: int) -> None:
        for (ns, ew), mp in zip(rows[b], mps, strict=True):
            got[ns] += sign * mp
            got[ew] += sign * (6 - mp)

    best = cost()
    temp = 4.0
    for _ in range(150_000):
        if best == 0:
            break
        b = rng.choice(free)
        i, j = rng.sample(range(7), 2)
        old = list(levels[b])
        if rng.random() < 0.5:
            levels[b][i], levels[b][j] = levels[b][j], levels[b][i]
        else:
            levels[b][i] = rng.randrange(7)
        new = matchpoints(levels[b])
        apply(b, contrib[b], -1)
        apply(b, new, 1)
        c = cost()
        if c <= best or rng.random() < math.exp((best - c) / temp):
            best, contrib[b] = c, new
        else:
            apply(b, new, -1)
            apply(b, contrib[b], 1)
            levels[b] = old
        temp = max(0.05, temp * 0.99997)
    return levels  # the closest found (the search may stop half a point away)


def _board1_mps(who: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[float, float]]:
    from xlbridge.scoring.contract import score

    scores = [score(*BOARD1[int(ns.split()[1])], 1) for ns, _ in who]
    mps = matchpoints(scores)
    return {w: (mp, 6 - mp) for w, mp in zip(who, mps, strict=True)}


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "seed000.xlsx"
    m = mitchell(7, 3)
    write_session(m, out, event="Seed 000: seven-table Mitchell", force=True)
    levels = search()
    wb = openpyxl.load_workbook(out)
    for b in m.boards:
        ws = wb[f"Board {b}"]
        for i, (_, ns, _) in enumerate(plays(m, b)):
            r = FIRST_ROW + i
            if b == 1:
                contract, by, tricks = BOARD1[int(m.label(ns).split()[1])]
            else:
                contract, by, tricks = "1NT", "N", 7 + levels[b][i]
            need = int(contract[0]) + 6
            ws[f"C{r}"], ws[f"D{r}"] = contract, by
            if tricks >= need:
                ws[f"E{r}"] = tricks - 6
            else:
                ws[f"F{r}"] = need - tricks
    wb.save(out)
    (done,) = recalculate([out], out.parent / "recalculated")
    rb = openpyxl.load_workbook(done, data_only=True)
    t1 = rb["Board 1"]
    print("Board 1 (seed 000 traveller):")
    for r in range(FIRST_ROW, FIRST_ROW + 7):
        v = [t1[f"{c}{r}"].value for c in "ABCDEFGIJ"]
        print("  {:5} {:5} {:4} {} {!s:>2} {!s:>2} {:>5} NS {:>4} EW {:>4}".format(*v))
    print(f"  check total {t1['D3'].value}: NS {t1['F3'].value}, EW {t1['H3'].value},"
          f" {t1['I3'].value}")  # fmt: skip
    ws = rb["Recap"]
    head = [c.value for c in ws[4]]
    ti, ri = head.index("Total"), head.index("Rank")
    print("Recap:            total  rank   (seed)")
    ok = True
    for row in ws.iter_rows(min_row=5, max_row=18, values_only=True):
        d, k = str(row[0]).split()
        k_i = int(k) - 1
        seed_total = (NS_TOTAL if d == "NS" else EW_TOTAL)[k_i]
        seed_rank = (NS_RANK if d == "NS" else EW_RANK)[k_i]
        same = row[ti] == seed_total and row[ri] == seed_rank
        ok &= same
        print(f"  {row[0]:6} {row[ti]:>14} {row[ri]:>5}   ({seed_total}, {seed_rank})")
    for row in ws.iter_rows(min_row=20, max_row=21, values_only=True):
        print(f"  {row[0]}: {row[3]} (travellers {row[2]}) {row[4]}")
        ok &= row[3] == 441
    print(
        "every total and rank matches seed 000"
        if ok
        else "board 1 and the check totals match seed 000; some made-up totals differ (see above)"
    )
    print(f"workbook: {out}\nrecalculated: {done}")


if __name__ == "__main__":
    main()
