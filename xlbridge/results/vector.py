"""Scoring at federation scale: a whole results table scored and matchpointed with numpy.

The per-contract rule stays in one place: :func:`score_table` builds its lookup table by calling
the rules layer's :func:`xlbridge.scoring.contract.score` on every contract, declarer,
vulnerability and trick count (tests prove the two equal on all 23,520 of them); this module only
indexes it. A result is coded as small integers:

- ``level`` 0-7 (0: passed out), ``strain`` 0-4 (C D H S NT), ``doubling`` 0-2 (-, X, XX),
- ``declarer`` 0-3 (N E S W), ``vul`` 0-3 (None NS EW All), ``tricks`` 0-13.

:func:`encode_contracts` turns contract text into codes, parsing each distinct text once.

>>> import numpy as np
>>> score_array(np.array([4, 3]), np.array([3, 4]), np.array([0, 1]), np.array([0, 1]),
...             np.array([0, 3]), np.array([10, 7])).tolist()
[420, 500]
>>> matchpoints_array(np.array([1, 1, 1, 2, 2]), np.array([420, 420, 170, 50, -50])).tolist()
[1.5, 1.5, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from xlbridge.errors import ResultError
from xlbridge.scoring.contract import score
from xlbridge.scoring.imps import imps
from xlbridge.types import Contract, Doubling, Strain

__all__ = [
    "DOUBLINGS",
    "SEATS",
    "STRAINS",
    "VULS",
    "encode_contracts",
    "imps_array",
    "matchpoints_array",
    "score_array",
    "score_table",
]

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")
SEATS = ("N", "E", "S", "W")
VULS = ("None", "NS", "EW", "All")
IntArray = npt.NDArray[np.int64]


def _index(level: Any, strain: Any, doubling: Any, declarer: Any, vul: Any, tricks: Any) -> Any:
    """Position in the flat table: one cell per (level, strain, doubling, declarer, vul, tricks);
    level 0 (pass) has a block of its own."""
    return (((((level * 5 + strain) * 3 + doubling) * 4 + declarer) * 4 + vul) * 14) + tricks


@cache
def score_table() -> npt.NDArray[np.int32]:
    """NS scores of every coded result, from the rules layer's ``score()``."""
    table = np.zeros(8 * 5 * 3 * 4 * 4 * 14, dtype=np.int32)
    for level in range(1, 8):
        for s, strain in enumerate(STRAINS):
            for d, dbl in enumerate(DOUBLINGS):
                contract = f"{level}{strain}{dbl}"
                for seat_i, seat in enumerate(SEATS):
                    for v, vul in enumerate(VULS):
                        base = _index(level, s, d, seat_i, v, 0)
                        for tricks in range(14):
                            table[base + tricks] = score(contract, seat, tricks, vul)
    return table


def _checked(name: str, a: Any, hi: int, lo: int = 0) -> IntArray:
    arr = np.asarray(a, dtype=np.int64)
    if arr.size and (arr.min() < lo or arr.max() > hi):
        bad = arr[(arr < lo) | (arr > hi)][0]
        raise ResultError(f"{name} code {int(bad)} is outside {lo}-{hi}")
    return arr


def score_array(
    level: Any, strain: Any, doubling: Any, declarer: Any, vul: Any, tricks: Any
) -> npt.NDArray[np.int32]:
    """NS scores of coded results (arrays of equal length); a pass (level 0) scores 0 whatever
    the other codes say."""
    lv = _checked("level", level, 7)
    st = _checked("strain", strain, 4)
    db = _checked("doubling", doubling, 2)
    de = _checked("declarer", declarer, 3)
    vu = _checked("vulnerability", vul, 3)
    tr = _checked("tricks", tricks, 13)
    passed = lv == 0
    idx = _index(lv, np.where(passed, 0, st), np.where(passed, 0, db), de, vu, tr)
    out: npt.NDArray[np.int32] = score_table()[idx]
    return out


def encode_contracts(texts: Iterable[str]) -> tuple[IntArray, IntArray, IntArray]:
    """(level, strain, doubling) codes of contract texts, each distinct text parsed once by
    :meth:`Contract.parse` (so every spelling the rules accept is accepted here).

    >>> [a.tolist() for a in encode_contracts(["4S", "3NTX", "pass", "4S"])]
    [[4, 3, 0, 4], [3, 4, 0, 3], [0, 1, 0, 0]]
    """
    import pandas as pd

    codes, uniques = pd.factorize(pd.Series(list(texts), dtype=object), sort=False)
    lv, st, db = (np.zeros(len(uniques), dtype=np.int64) for _ in range(3))
    for i, text in enumerate(uniques):
        c = Contract.parse(str(text))
        if not c.is_pass:
            assert c.strain is not None
            lv[i] = c.level
            st[i] = list(Strain).index(c.strain)
            db[i] = list(Doubling).index(c.doubling)
    return lv[codes], st[codes], db[codes]


def matchpoints_array(board: Any, score_ns: Any, per: int = 1) -> npt.NDArray[np.float64]:
    """NS matchpoints of every result against the others on the same board: ``per`` for each
    score beaten, half of it for each tie (``per`` 1: ACBL, 2: EBU). Rows may come in any
    order; each board's results are the rows sharing its ``board`` value."""
    b = np.asarray(board)
    s = np.asarray(score_ns)
    n = len(s)
    order = np.lexsort((s, b))
    bs, ss = b[order], s[order]
    new_board = np.empty(n, dtype=bool)
    new_run = np.empty(n, dtype=bool)
    if n:
        new_board[0] = new_run[0] = True
        new_board[1:] = bs[1:] != bs[:-1]
        new_run[1:] = new_board[1:] | (ss[1:] != ss[:-1])
    pos = np.arange(n)
    board_start = np.maximum.accumulate(np.where(new_board, pos, 0))
    run_start = np.maximum.accumulate(np.where(new_run, pos, 0))
    run_id = np.cumsum(new_run) - 1
    run_len = np.bincount(run_id, minlength=int(run_id[-1]) + 1 if n else 0)[run_id]
    sorted_mp = per * (run_start - board_start) + per * (run_len - 1) / 2
    out = np.empty(n, dtype=np.float64)
    out[order] = sorted_mp
    return out


@cache
def _imp_bounds() -> npt.NDArray[np.int64]:
    """The smallest difference worth 1, 2, ... 24 IMPs, found from the rules layer's imps()."""
    bounds, k = [], 1
    for d in range(0, 5000):
        while k <= 24 and imps(d) >= k:
            bounds.append(d)
            k += 1
    return np.array(bounds, dtype=np.int64)


def imps_array(points: Any) -> IntArray:
    """Signed IMPs of point differences (whole numbers), as :func:`xlbridge.imps` gives them.

    >>> imps_array([420, -1000, 0, 10, 20]).tolist()
    [9, -14, 0, 0, 1]
    """
    p = np.asarray(points, dtype=np.int64)
    magnitude = np.searchsorted(_imp_bounds(), np.abs(p), side="right")
    return np.sign(p) * magnitude
