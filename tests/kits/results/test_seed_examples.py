"""Worked examples from the seed documents, end to end from the traveller to the recap."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.shared import DATA
from xlbridge.results.traveller import read_traveller, score_traveller
from xlbridge.scoring.matchpoints import check_total, matchpoints, top
from xlbridge.scoring.session import places_to_rank, ranks

DATA = DATA


def _half(text: str) -> float:
    return float(text.replace("½", ".5")) if text != "½" else 0.5


def _seed(seeds_dir: Path, number: str) -> str:
    (path,) = seeds_dir.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")


def test_seed_000_traveller_from_the_seed_text(seeds_dir: Path) -> None:
    # Seed 000, ACBL short traveling score (Form 244), board 1: pair, contract, by, made, down,
    # N-S score, E-W score, N-S matchpoints, E-W pair, E-W matchpoints.
    text = _seed(seeds_dir, "000")
    line = re.compile(
        r"^(\d)\t(\d[CDHS])\t([NESW])\t(\d*)\t(\d*)\t(\d*)\t(\d*)\t([\d½]+)\t(\d)\t([\d½]+)$", re.M
    )
    found = line.findall(text)
    assert len(found) == 7
    csv_rows = ["ns,ew,contract,declarer,result"]
    seed_scores, seed_ns_mp, seed_ew_mp = [], [], []
    for ns, contract, by, made, down, ns_pts, ew_pts, ns_mp, ew, ew_mp in found:
        level = int(contract[0])
        tricks = 6 + int(made) if made else level + 6 - int(down)  # "Made" counts odd tricks
        csv_rows.append(f"{ns},{ew},{contract},{by},{tricks}")
        seed_scores.append(int(ns_pts) if ns_pts else -int(ew_pts))
        seed_ns_mp.append(_half(ns_mp))
        seed_ew_mp.append(_half(ew_mp))
    # The CSV in tests/data is the same traveller.
    assert (DATA / "scoring_seed000_board1.csv").read_text().split() == csv_rows
    rows = read_traveller("\n".join(csv_rows), board=1)
    assert [r.score_ns for r in rows] == seed_scores == [130, -50, 450, -140, 170, 100, 130]
    scored = score_traveller(rows, board=1, method="mp")
    assert scored.top == 6
    assert [r.mp_ns for r in scored.rows] == seed_ns_mp == [3.5, 1, 6, 0, 5, 2, 3.5]
    assert [r.mp_ew for r in scored.rows] == seed_ew_mp
    assert sum(seed_ns_mp) == check_total(7) == 21


def test_seed_000_recap_check_total_and_ranks(seeds_dir: Path) -> None:
    # Seed 000 recap (Form 133): 7 pairs a direction, 21 boards; check total 21 × 21 = 441.
    text = _seed(seeds_dir, "000")
    recap = re.findall(r"^(\d)\t\t([\d①])\t([\d½]+)\t", text, re.M)
    assert len(recap) == 14
    for direction in (recap[:7], recap[7:]):
        totals = [_half(t) for _, _, t in direction]
        seed_ranks = ["1" if r == "①" else r for _, r, _ in direction]
        assert sum(totals) == 441 == check_total(7) * 21
        assert ranks(totals) == seed_ranks
    # "rankings are 40% x the total number of tables ... 8 x 40% = 3.2 or 4".
    assert places_to_rank(8) == 4


def test_manning_two_one_traveller() -> None:
    # Seed 004 (Manning 1979), the first board of set A: scores to NS and 2/1 match points.
    rows = read_traveller((DATA / "scoring_manning_board1.csv").read_text(), board=1)
    assert [r.score_ns for r in rows] == [-50, -100, -90, 90, -110, -50, 50]
    scored = score_traveller(rows, board=1, method="mp", scale="ebu")
    assert scored.top == top(7, "ebu") == 12
    assert [r.mp_ns for r in scored.rows] == [7, 2, 4, 12, 0, 7, 10]
    assert [r.mp_ew for r in scored.rows] == [5, 10, 8, 0, 12, 5, 2]


@pytest.mark.parametrize(
    ("divisor", "expected"), [("results", 4.0), ("comparisons", 5.0), ("total", 20.0)]
)
def test_rules_butler_board_through_traveller(divisor: str, expected: float) -> None:
    # rules.md §6 worked example, through the traveller: Butler datum 340, cross-IMPs for 450.
    csv = "ns,ew,score\n1,1,420\n2,2,420\n3,3,450\n4,4,170\n5,5,-50\n"
    rows = read_traveller(csv, board=1)
    butler = score_traveller(rows, board=1, method="butler")
    assert butler.datum == 340
    assert [r.imp_ns for r in butler.rows] == [2, 2, 3, -5, -9]
    ximp = score_traveller(rows, board=1, method="ximp", divisor=divisor)
    assert ximp.rows[2].imp_ns == expected
    assert matchpoints([420, 420, 450, 170, -50]) == [2.5, 2.5, 4, 1, 0]
