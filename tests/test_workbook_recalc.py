"""Recalculate generated session workbooks in LibreOffice and compare every number with the
rules layer (xlbridge.scoring): scores (Law 77, rules.md §1), matchpoints with Neuberg and
adjusted scores (rules.md §5), Butler and cross-IMPs (rules.md §6), factoring (seed 001),
percentages and ranks (seed 000).

All workbooks are recalculated in one LibreOffice run (module fixture) to keep the suite fast.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from workbook_fill import Expected, Filled, Result, expected, fill, random_fill

from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.workbook.build import write_session
from xlbridge.workbook.context import Options
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols
from xlbridge.workbook.recalc import recalculate, soffice

pytestmark = pytest.mark.libreoffice

if soffice() is None and os.environ.get("XLBRIDGE_REQUIRE_LIBREOFFICE") != "1":
    pytest.skip("LibreOffice (soffice) is not installed", allow_module_level=True)


def _howell() -> Movement | None:
    try:
        from xlbridge.movements.registry import KINDS

        return KINDS["howell"].build(tables=4, boards_per_round=3) if "howell" in KINDS else None
    except Exception:  # a generator still being written must not break this suite
        return None


# name -> (movement, options, seed of the random results)
CASES: dict[str, tuple[Movement, Options, int]] = {
    "mitchell7-acbl": (mitchell(7, 3), Options(), 1),
    "mitchell6-relay-ebu-tricks": (
        mitchell(6, 2, even="relay"),
        Options(scale="ebu", result_entry="tricks"),
        2,
    ),
    "mitchell8-skip": (mitchell(8, 2, even="skip"), Options(), 3),
    "mitchell7-half": (mitchell(7, 2, half_table=True), Options(scale="ebu"), 4),
    "mitchell7-arrow-last": (mitchell(7, 2, arrow_switch="last"), Options(), 5),
    "mitchell5-butler": (mitchell(5, 3), Options(scoring="butler"), 6),
    "mitchell4-ximp": (mitchell(4, 3, even="relay"), Options(scoring="ximp"), 7),
}
_h = _howell()
if _h is not None:
    CASES["howell4"] = (_h, Options(), 8)


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Any, Expected]]:
    src = tmp_path_factory.mktemp("wb")
    out = tmp_path_factory.mktemp("recalc")
    paths, exp = [], {}
    for name, (m, opt, seed) in CASES.items():
        path = src / f"{name}.xlsx"
        write_session(m, path, scoring=opt.scoring, scale=opt.scale, result_entry=opt.result_entry)
        filled = random_fill(m, opt, seed)
        fill(path, m, opt, filled)
        exp[name] = expected(m, opt, filled)
        paths.append(path)
    # The empty workbook too: it must recalculate to blanks and "no problems".
    empty = src / "empty.xlsx"
    write_session(mitchell(3, 2), empty)
    paths.append(empty)
    done = recalculate(paths, out)
    result = {p.stem: (openpyxl.load_workbook(p, data_only=True), exp.get(p.stem)) for p in done}
    return result  # type: ignore[return-value]


def _same(got: Any, want: float | None) -> bool:
    if want is None:
        return got in (None, "")
    return isinstance(got, int | float) and math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-9)


@pytest.mark.parametrize("name", list(CASES))
def test_travellers_match_rules(name: str, recalculated: dict[str, Any]) -> None:
    wb, exp = recalculated[name]
    opt = CASES[name][1]
    c = TravellerCols.build(opt.result_entry, opt.scoring)
    bad = []
    for board, rows in exp.rows.items():
        ws = wb[f"Board {board}"]
        for i, (sc, ns, ew) in enumerate(rows):
            r = FIRST_ROW + i
            got = (
                ws[f"{c.ns_score}{r}"].value,
                ws[f"{c.ns_mp}{r}"].value,
                ws[f"{c.ew_mp}{r}"].value,
            )
            adjusted = ws[f"{c.adjusted}{r}"].value
            ok_score = adjusted not in (None, "") or _same(got[0], sc)
            if not (ok_score and _same(got[1], ns) and _same(got[2], ew)):
                bad.append((board, r, got, (sc, ns, ew)))
    assert not bad, bad[:5]


@pytest.mark.parametrize("name", list(CASES))
def test_recap_matches_rules(name: str, recalculated: dict[str, Any]) -> None:
    wb, exp = recalculated[name]
    ws = wb["Recap"]
    header = [c.value for c in ws[4]]
    col = {h: i for i, h in enumerate(header) if h is not None}
    pct = "%" if "%" in col else "Avg"
    bad = []
    for row in ws.iter_rows(min_row=5, values_only=True):
        label = row[0]
        if label is None or str(label) not in exp.recap:
            continue
        played, total, p, rank = exp.recap[str(label)]
        got = (row[col["Played"]], row[col["Total"]], row[col[pct]], row[col["Rank"]])
        if not (
            got[0] == played
            and _same(got[1], total)
            and _same(got[2], p)
            and (got[3] or "") == rank
        ):
            bad.append((label, got, (played, total, p, rank)))
    assert not bad, bad[:5]


def test_matchpoint_boards_balance(recalculated: dict[str, Any]) -> None:
    """Every complete matchpointed board is "in balance" (seed 000 check totals)."""
    wb, _ = recalculated["mitchell7-acbl"]
    marks = {wb[f"Board {b}"]["I3"].value for b in range(1, 22)}
    assert marks <= {"in balance", None, ""}
    assert wb["Recap"]["E27"].value in ("in balance",) or any(
        r[4] == "in balance" for r in wb["Recap"].iter_rows(values_only=True) if len(r) > 4
    )


def test_checks_list_typed_scores(recalculated: dict[str, Any]) -> None:
    """Scores typed over the formula appear on Checks with their board and row."""
    wb, _ = recalculated["mitchell7-acbl"]
    lines = [r[0] for r in wb["Checks"].iter_rows(min_row=4, values_only=True) if r[0]]
    assert any("typed over the formula" in x and x.startswith("Board ") for x in lines)


def test_empty_workbook_is_blank(recalculated: dict[str, Any]) -> None:
    wb, _ = recalculated["empty"]
    assert wb["Checks"]["A2"].value == "No problems found in the entered results."
    assert wb["Board 1"]["G6"].value in (None, "")
    assert all(r[0] in (None, "") for r in wb["Checks"].iter_rows(min_row=4, values_only=True))


def test_seed000_board1(tmp_path: Path) -> None:
    """Seed 000's ACBL traveller, board 1: 3½ 1 6 0 5 2 3½ for NS, check total 21 in balance."""
    m = mitchell(7, 3)
    seed = {  # NS pair -> (contract, by, tricks), from the seed's worked traveller
        "NS 1": ("3D", "N", 10), "NS 2": ("4S", "S", 9), "NS 3": ("4S", "S", 11),
        "NS 4": ("3H", "E", 9), "NS 5": ("3S", "S", 10), "NS 6": ("4H", "E", 8),
        "NS 7": ("4D", "N", 10),
    }  # fmt: skip
    path = tmp_path / "seed.xlsx"
    write_session(m, path)
    wb = openpyxl.load_workbook(path)
    order = [wb["Board 1"][f"A{FIRST_ROW + i}"].value for i in range(7)]
    filled = Filled({1: [Result(*seed[ns]) for ns in order]})
    fill(path, m, Options(), filled)
    (out,) = recalculate([path], tmp_path / "out")
    ws = openpyxl.load_workbook(out, data_only=True)["Board 1"]
    got = {ws[f"A{r}"].value: (ws[f"G{r}"].value, ws[f"I{r}"].value) for r in range(6, 13)}
    assert got == {
        "NS 1": (130, 3.5), "NS 2": (-50, 1), "NS 3": (450, 6), "NS 4": (-140, 0),
        "NS 5": (170, 5), "NS 6": (100, 2), "NS 7": (130, 3.5),
    }  # fmt: skip
    assert (ws["D3"].value, ws["F3"].value, ws["H3"].value, ws["I3"].value) == (
        21,
        21,
        21,
        "in balance",
    )
