"""``xlbridge results`` on social workbooks: generated, filled with the deals of
``test_social_workbook_recalc`` (seed 002's typical rubber, Figure 1-2: 530 to 1220, +7 to
East-West; its typical chukker, Figure 2-2; the five-rubber back score of Figure 1-3),
recalculated in LibreOffice, read back and scored again; every rubber, chukker and back-score
value equals the rules layer (``xlbridge.scoring.rubber``, ``chicago``, ``backscore``), no cell
disagrees, a formula typed over is reported by sheet and cell, the file is never changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.families.social import test_social_workbook_pairs as sp
from tests.families.social import test_social_workbook_recalc as sw
from tests.support.nu_validator import validate_html
from tests.support.shared import digest
from xlbridge.cli import main
from xlbridge.families.registry import read_workbook
from xlbridge.families.social.build import score_sheet_layouts
from xlbridge.families.social.marathon import MarathonOptions, schedule_rows
from xlbridge.families.social.reader import SocialResults
from xlbridge.scoring.backscore import BackScore
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.rubber import Rounding, round_hundreds
from xlbridge.scoring.vp import vp
from xlbridge.types import Side

pytestmark = pytest.mark.libreoffice


NAMES = ("rubber", "five_rubber_seed", "chicago", "rubber_down")
DAMAGED = "rubber-damaged"
# Pair games (seed 002): progressive bridge (winners move down) and Swiss pairs with VPs.
PAIR_GAMES = {"progressive_stay": 11, "swiss": 13}
SIMS = {name: sp.SIMS[name] for name in PAIR_GAMES}  # the plays the corpus's workbooks hold
MARATHON = MarathonOptions(pairs=5)
MARATHON_POINTS = [(2000, 3000), (2450, 1200), (1800, 1800), (900, 2650), (3100, 400)] * 3


@pytest.fixture(scope="module")
def books(social_recalculated: dict[str, Path]) -> dict[str, Path]:
    """name → recalculated path: the social corpus (tests/families/social/conftest.py), which
    holds this module's games, the rubber with its North-South total typed over (``DAMAGED``)
    and the marathon (months 1 and 2 played; the first match is seed 002's 2,000 to 3,000)."""
    return {n: social_recalculated[n] for n in (*NAMES, DAMAGED, *PAIR_GAMES, "marathon")}


def test_the_corpus_holds_this_modules_plays() -> None:
    """The social corpus fills each pair game with its play in test_social_workbook_pairs; those
    are the plays of this module's seeds."""
    assert {n: sp._simulate(sp.PAIR_CASES[n], seed) for n, seed in PAIR_GAMES.items()} == SIMS


def _read(path: Path) -> SocialResults:
    res = read_workbook(path)
    assert isinstance(res, SocialResults)
    return res


@pytest.mark.parametrize("name", NAMES)
def test_values_equal_the_rules_layer(books: dict[str, Path], name: str) -> None:
    case = sw.CASES[name]
    res = _read(books[name])
    assert res.recalculated and res.disagreements == (), res.disagreements
    assert res.problems == ()
    rounding = Rounding.parse(case.opt.rounding)
    assert len(res.rounds) == len(case.blocks)
    for got, block in zip(res.rounds, case.blocks, strict=True):
        sheet = block.sheet
        assert sheet is not None
        assert got.totals == (sheet.total(Side.NS), sheet.total(Side.EW))
        assert got.over == block.over
        assert got.result == (sheet.rounded_net(Side.NS, rounding) if block.over else None)
    # The back score as BackScore.record builds it from each round's seating.
    players = tuple(s.entry for s in res.standings)
    back = BackScore.start(*players) if len(players) >= 4 else None
    if back is not None:
        for r in res.rounds:
            if r.result is not None:
                seats = {s.names: s.entry for s in res.standings}
                back = back.record([seats[n] for n in r.ns], [seats[n] for n in r.ew], r.result)
        assert tuple((s.entry, s.total) for s in res.standings) == back.standings


def test_seed_002_rubber_and_five_rubber_back_score(books: dict[str, Path]) -> None:
    # Seed 002, Figure 1-2: WE (North-South) 530, THEY (East-West) 1220, net 690: +7 to THEY.
    first = _read(books["rubber"]).rounds[0]
    assert (first.totals, first.net, first.result) == ((530, 1220), -690, -7)
    # Seed 002, Figure 1-3: the back score's columns after each of the five rubbers.
    res = _read(books["five_rubber_seed"])
    by_name = {s.names: s for s in res.standings}
    columns = [tuple(by_name[p].running[k] for p in sw.FIGURE_1_3_PLAYERS) for k in range(5)]
    assert columns == sw.FIGURE_1_3_COLUMNS
    assert [by_name[p].rank for p in ("Joseph", "Martha", "Edward")] == ["1=", "1=", "5"]
    # Seed 002, Calcuttas: the pool (150) split 60/30/10; Joseph and Martha tie for first and
    # share places 1 and 2, Dorothy third.
    assert [c.place for c in res.calcutta] == [4, 1, 3, 5, 1]
    assert [c.share for c in res.calcutta] == [0, 67.5, 15, 0, 67.5]


def test_formula_typed_over_is_reported_by_sheet_and_cell(books: dict[str, Path]) -> None:
    case = sw.CASES["rubber"]
    _, lay = score_sheet_layouts(case.opt, len(case.blocks))[0]
    res = _read(books[DAMAGED])
    bad = {(d.sheet, d.cell): d for d in res.disagreements}
    d = bad[("Rubbers", f"I{lay.total}")]
    assert (d.workbook, d.python) == (999, 530)
    assert f"Rubbers!I{lay.total}: workbook 999, Python 530" in res.render("text")


def test_cli_outputs_and_the_file_is_unchanged(
    books: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = books["five_rubber_seed"]
    before = digest(path)
    assert main(["results", str(path)]) == 0
    assert "Every formula value agrees with Python." in capsys.readouterr().out
    assert main(["results", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["total"] for e in data["entries"]] == [-7, 14, -2, -19, 14]
    assert main(["results", str(path), "--format", "csv", "--table", "barometer"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "entry,names,round 1,round 2,round 3,round 4,round 5,total"
    assert lines[1] == "1,Jane,5,-3,0,-7,-7,-7"
    out = tmp_path / "social.html"
    assert main(["results", str(path), "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.count('class="score-sheet"') == 5 and "Martha" in page
    assert digest(path) == before
    assert main(["results", str(books[DAMAGED]), "--format", "csv"]) == 1
    capsys.readouterr()
    for fmt in ("usebio", "pbn"):
        assert main(["results", str(path), "--format", fmt]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "social workbook (five-player)" in err


@pytest.mark.parametrize("name", list(PAIR_GAMES))
def test_pair_games_equal_the_rules_layer(books: dict[str, Path], name: str) -> None:
    """Each table's pairs (progressive: progressive_next of the winners), net, result in
    hundreds; each pair's running score, total and VPs (vp(net, 4, "chicago-swiss"), seed 002's
    Swiss table as corrected in rules.md §0)."""
    opt, sim = sp.PAIR_CASES[name], SIMS[name]
    res = _read(books[name])
    assert res.recalculated and res.disagreements == () and res.problems == ()
    running = {p: 0 for p in range(1, 2 * opt.tables + 1)}
    vps = {p: 0.0 for p in running}
    tables = iter(res.rounds)
    for k, (seats, row) in enumerate(zip(sim["rounds"], sim["blocks"], strict=True)):
        for (ns, ew), b in zip(seats, row, strict=True):
            got = next(tables)
            net = Chukker.of(*b.deals, first_dealer=b.first_dealer).net(Side.NS)
            assert (got.number, got.ns[0].split()[0], got.ew[0].split()[0]) == (
                k + 1,
                str(ns),
                str(ew),
            )
            assert (got.net, got.result) == (net, round_hundreds(net))
            value = net if opt.with_vps else round_hundreds(net)
            running[ns] += value
            running[ew] -= value
            a, z = vp(net, 4, "chicago-swiss")
            vps[ns] += a
            vps[ew] += z
    assert {int(s.entry): s.total for s in res.standings} == running
    if opt.with_vps:
        assert {int(s.entry): s.vps for s in res.standings} == pytest.approx(vps)


def test_marathon_equals_the_rules_layer(books: dict[str, Path]) -> None:
    """Each match's net and VPs (vp(net, 4, "chicago-marathon"); seed 002: 2,000 points to
    3,000 is a net of -1,000, 6-14 VPs as corrected in rules.md §0) and the standings month by
    month."""
    res = _read(books["marathon"])
    assert res.recalculated and res.disagreements == () and res.problems == ()
    first = res.rounds[0]
    assert (first.totals, first.net) == ((2000, 3000), -1000)
    assert vp(-1000, 4, "chicago-marathon") == (6, 14)
    running = dict.fromkeys(range(1, 6), 0)
    vps = dict.fromkeys(range(1, 6), 0.0)
    for i, (_, rnd, host, visitor) in enumerate(schedule_rows(MARATHON)):
        if rnd <= 2:
            net = MARATHON_POINTS[i][0] - MARATHON_POINTS[i][1]
            running[host] += net
            running[visitor] -= net
            vps[host] += vp(net, 4, "chicago-marathon")[0]
            vps[visitor] += vp(-net, 4, "chicago-marathon")[0]
    assert {int(s.entry): s.total for s in res.standings} == running
    assert {int(s.entry): s.vps for s in res.standings} == pytest.approx(vps)
    assert all(s.running[2] is None for s in res.standings)  # month 3 not played yet


def test_html_page_passes_the_nu_validator(books: dict[str, Any], tmp_path: Path) -> None:
    page = tmp_path / "results.html"
    assert main(["results", str(books["swiss"]), "--format", "html", "-o", str(page)]) == 0
    errors = validate_html([page])
    assert errors == [], "\n".join(errors)
