"""Timing of hand-record analysis: a 36-board set through ``xlbridge.interchange.deals.analyse``
(batches of ``calc_all_tables`` on every core, then par) against calling endplay's solver
directly on the same 36 deals (one ``calc_all_tables`` call, then ``par`` for each board), and
against one ``calc_dd_table`` per board (a single core).

Prints times and ratios; asserts nothing. Run:
    .venv/bin/python bench/bench_deals.py
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from endplay.dds import calc_all_tables, calc_dd_table, par
from endplay.types import Deal, Player, Vul

from xlbridge.interchange.deals import analyse, deal_boards


def clock(fn: Callable[[], object], repeat: int = 2) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    records = deal_boards(range(1, 37), seed=36)
    deals = [Deal(r.deal) for r in records]

    def direct() -> None:
        tables = calc_all_tables(deals)
        for r, t in zip(records, tables, strict=True):
            par(t, Vul.from_board(r.board), Player.find(str(r.dealer)))

    def one_by_one() -> None:
        for r, d in zip(records, deals, strict=True):
            par(calc_dd_table(d), Vul.from_board(r.board), Player.find(str(r.dealer)))

    ours = clock(lambda: analyse(records, progress=False))
    base = clock(direct)
    single = clock(one_by_one, repeat=1)
    print(f"cores: {os.cpu_count()}; 36 boards, double dummy (20 results each) and par")
    print(f"xlbridge analyse:            {ours:7.2f} s")
    print(f"endplay calc_all_tables:     {base:7.2f} s   ratio ours/direct {ours / base:5.2f}")
    print(f"endplay calc_dd_table x 36:  {single:7.2f} s   ratio ours/single {ours / single:5.2f}")


if __name__ == "__main__":
    main()
