"""Where a pair with unknown masterpoints is stratified (issue 31): the lowest stratum by
default, as an ACBL club game counts a player with no masterpoints on record as 0; the top
stratum with ``--unknown-stratum highest`` (BBO, "Stratification in ACBL games": players
without an ACBL number on file "are automatically placed in Stratum A"). Sources in
xlbridge/scoring/strata.py.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import cli_new, run_cli
from xlbridge.families.registry import score_workbook
from xlbridge.scoring.strata import Strata

# Pair 3's players have no masterpoints; pair 1's 1200 make A, pair 2's 400 B, pair 4's 50 C.
NAMES = (
    "pair,player 1,player 2,masterpoints 1,masterpoints 2\n"
    "1,A,B,1200,80\n2,C,D,400,250\n3,E,F,,\n4,G,H,50,20\n"
)


def _strata_line(path: Path) -> str:
    ws = openpyxl.load_workbook(path, read_only=True)["Session"]
    return next(str(r[1]) for r in ws.iter_rows(values_only=True) if r and r[0] == "Strata")


@pytest.mark.parametrize(("flag", "want"), [((), "C"), (("--unknown-stratum", "highest"), "A")])
def test_unknown_masterpoints(tmp_path: Path, flag: tuple[str, ...], want: str) -> None:
    names = tmp_path / "names.csv"
    names.write_text(NAMES, encoding="utf-8")
    book = cli_new(tmp_path, "s", "mitchell", "--tables", "4", "--names", str(names),
                   "--strata", "1000,300,0", *flag)  # fmt: skip
    line = _strata_line(book)
    assert line.endswith(f"unknown in the {'highest' if flag else 'lowest'}")
    by = {s.pair.label: s.stratum for s in score_workbook(book).standings}
    assert by["NS 3"] == want and (by["NS 1"], by["NS 2"], by["NS 4"]) == ("A", "B", "C")
    again = tmp_path / "again.xlsx"
    assert run_cli("rebuild", str(book), "-o", str(again))[0] == 0
    assert _strata_line(again) == line  # rebuild keeps the choice


def test_refused_and_read_back() -> None:
    code, _out, err = run_cli("new", "mitchell", "--tables", "4", "--unknown-stratum", "lowest",
                              "-o", "never.xlsx")  # fmt: skip
    assert code == 2 and "--unknown-stratum: give --strata too" in err
    # A workbook written before the choice placed such a pair at the top: read back so.
    assert Strata.from_text("A 1000, B 0; by the higher").stratum([None, 10]) == "A"
    assert (
        Strata.from_text("A 1000, B 0; by the higher; unknown in the lowest").stratum([None, 10])
        == "B"
    )
