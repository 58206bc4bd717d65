"""The Butler datum's exact 5, the same in the rules, the workbook's formulas (three engines),
``results`` and ``traveller`` (rules.md §6).

rules.md §6: the datum is the trimmed mean rounded to the nearest 10. The German federation's
published Bundesliga Butler rankings (Merlin) send an exact 5 away from zero (425 -> 430,
-425 -> -430), the default; ACBLscore sends it to the even ten (425 -> 420, 435 -> 440); Bridge
Scorer (BS) uses Math.round (halves up: -425 -> -420).

Board 1 (nobody vulnerable) gets 4S N making (420) and 3NT N with an overtrick (430): mean 425.
Board 2 (NS vulnerable) gets 4H E making (-420) and 3NT E with an overtrick (-430): mean -425.
Board 3 (EW vulnerable) gets 3NT N with an overtrick (430) and 4S N with an overtrick (450):
mean 440, no half, the same under every rule.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from tests.support.engines import recalc_gnumeric, recalc_strict
from tests.support.shared import needs_gnumeric, needs_libreoffice, run_cli
from tests.support.workbook_fill import Result
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.scoring.imp_pairs import butler_datum
from xlbridge.types import Contract
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols
from xlbridge.workbook.recalc import recalculate

ROUNDINGS = ("half-away", "half-even", "half-up")
RESULTS = {
    1: [Result("4S", "N", 10), Result("3NT", "N", 10)],
    2: [Result("4H", "E", 10), Result("3NT", "E", 10)],
    3: [Result("3NT", "N", 10), Result("4S", "N", 11)],
}
# Board -> rounding -> datum, as rules.md §6 gives each rule.
WANT = {
    1: {"half-away": 430, "half-even": 420, "half-up": 430},
    2: {"half-away": -430, "half-even": -420, "half-up": -420},
    3: {"half-away": 440, "half-even": 440, "half-up": 440},
}


def test_rules_layer_datums() -> None:
    for board, rows in RESULTS.items():
        scores = [r.ns_score(board) for r in rows]
        assert scores[0] is not None and scores[1] is not None
        for rounding in ROUNDINGS:
            got = butler_datum([float(s) for s in scores if s is not None], rounding=rounding)
            assert got == WANT[board][rounding], (board, rounding)


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One filled three-table Butler Mitchell per rounding, boards 1-3 played twice: the
    workbook ``write_session(m, path, scoring="butler", datum_rounding=...)`` writes, with
    RESULTS typed in as ``tests.support.workbook_fill.fill`` types them, built and filled in
    memory and saved once (no write, load, save round trip)."""
    tmp = tmp_path_factory.mktemp("datum")
    m = mitchell(3, 2)
    cols = TravellerCols.build(Options().result_entry, "butler")
    out: dict[str, Path] = {}
    for rounding in ROUNDINGS:
        path = tmp / f"{rounding}.xlsx"
        options = Options(scoring="butler", datum_rounding=rounding)  # type: ignore[arg-type]
        wb = build_workbook(m, options)
        for board, rows in RESULTS.items():
            ws = wb[f"Board {board}"]
            for i, res in enumerate(rows):
                r = FIRST_ROW + i
                assert res.contract is not None and res.tricks is not None
                c = Contract.parse(res.contract)
                assert not c.is_pass and res.typed is None and res.adjusted is None
                assert not cols.tricks_in and res.tricks >= c.tricks_needed  # made contracts
                ws[f"{cols.contract}{r}"] = res.contract
                ws[f"{cols.by}{r}"] = res.by
                ws[f"{cols.made}{r}"] = res.tricks - 6
        save_workbook(wb, path)
        out[rounding] = path
    return out


def _datums(values: dict[tuple[str, str], object]) -> dict[int, object]:
    return {b: values.get((f"Board {b}", "D3")) for b in WANT}


@pytest.mark.libreoffice
def test_libreoffice_and_results_agree(books: dict[str, Path], tmp_path: Path) -> None:
    needs_libreoffice()
    done = recalculate(list(books.values()), tmp_path)
    for rounding, path in zip(books, done, strict=True):
        wb = openpyxl.load_workbook(path, data_only=True, read_only=True)  # these sheets only
        got = {b: wb[f"Board {b}"]["D3"].value for b in WANT}
        assert got == {b: WANT[b][rounding] for b in WANT}, rounding
        settings = {r[0]: r[1] for r in wb["Session"].iter_rows(values_only=True) if r[0]}
        wb.close()
        assert settings["Datum rounding"] == rounding
        code, out, err = run_cli("results", str(path), "--format", "json")
        data = json.loads(out)
        assert data["disagreements"] == [], (rounding, data["disagreements"][:3])
        assert code == 0 or "problem" in err, err
        by_board = {b["board"]: b for b in data["boards"]}
        ns_imps = [r["imp_ns"] for r in by_board[2]["rows"] if r["score_ns"] is not None]
        # Board 2 against its datum: -420 and -430 are 0 IMPs (10 points) apart from it either
        # way; board 1 likewise: a datum's 5 moves no IMP here, so the cells above decide.
        assert ns_imps == [0, 0]


@pytest.mark.second_engine
def test_formulas_package_agrees(books: dict[str, Path]) -> None:
    for rounding, path in books.items():
        datums = recalc_strict(path, cells=[(f"Board {b}", "D3") for b in WANT])
        assert _datums(datums) == {b: WANT[b][rounding] for b in WANT}, rounding


@pytest.mark.gnumeric
def test_gnumeric_agrees(books: dict[str, Path]) -> None:
    needs_gnumeric()
    for rounding, path in books.items():
        assert _datums(recalc_gnumeric(path)) == {b: WANT[b][rounding] for b in WANT}, rounding


@pytest.mark.parametrize("rounding", ROUNDINGS)
def test_traveller_command(rounding: str) -> None:
    csv = "ns,ew,score\n1,1,-420\n2,2,-430\n"
    code, out, _ = run_cli(
        "traveller", "--board", "2", "--method", "butler", "--datum-rounding", rounding,
        "--format", "json", stdin=csv,
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["datum"] == WANT[2][rounding]


def test_new_refuses_datum_rounding_without_butler(tmp_path: Path) -> None:
    code, _, err = run_cli(
        "new", "mitchell", "--tables", "3", "--datum-rounding", "half-up",
        "-o", str(tmp_path / "x.xlsx"),
    )  # fmt: skip
    assert code == 2 and "--scoring butler" in err
    assert not (tmp_path / "x.xlsx").exists()
