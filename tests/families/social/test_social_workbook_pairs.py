"""Pair games with Chicago chukkers (seed 002, "Games for fixed partnerships"): progressive
bridge in both of the seed's progressions, Swiss pairs in VPs (seed 002's table, corrected in
rules.md §0) and round-robin pairs. Filled with random chukkers, recalculated in LibreOffice;
every table, winner, next-round table, accumulated net score and VP total is compared with the
rules layer (``progressive_next``, ``swiss_pairing``, ``round_robin_pairs``, ``Chukker``,
``vp(..., "chicago-swiss")``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.families.social.test_social_workbook_recalc import COLS, random_chukker
from xlbridge.cli import main
from xlbridge.errors import WorkbookError
from xlbridge.families.social.back import CALCUTTA_FIRST
from xlbridge.families.social.marathon import (
    SCHEDULE,
    MarathonOptions,
    build_marathon,
    schedule_rows,
)
from xlbridge.families.social.pairs import (
    BACK,
    BACK_FIRST,
    PROGRESS,
    PairsOptions,
    build_pairs_event,
    chicago_vp_bounds,
    pairs_layouts,
    progress_row,
    write_pairs_event,
)
from xlbridge.movements.home import progressive_next, round_robin_pairs, swiss_pairing
from xlbridge.scoring.calcutta import calcutta_shares
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.rubber import round_hundreds
from xlbridge.scoring.vp import vp
from xlbridge.types import Side
from xlbridge.workbook.formulas import ALLOWED_FUNCTIONS, functions_in


def test_vp_bounds_are_seed_002_swiss_table() -> None:
    """Seed 002's Swiss pairs table: 0-40 10-10, 50-140 11-9, ..., 1550+ 19-1 (14-6 and
    15-5 corrected, rules.md §0)."""
    assert chicago_vp_bounds() == (0, 50, 150, 250, 350, 550, 750, 950, 1250, 1550)
    assert vp(400, 4, "chicago-swiss") == (14.0, 6.0)


@pytest.mark.parametrize(
    "opt",
    [
        PairsOptions(kind="progressive", tables=3, rounds=3, variant="move"),
        PairsOptions(kind="swiss-pairs", tables=2, rounds=3),
        PairsOptions(kind="round-robin-pairs", tables=2, vps=True),
    ],
)
def test_pairs_formulas_use_allowed_functions(opt: PairsOptions) -> None:
    from tests.support.engines import excel_grammar_errors, iter_formulas

    wb = build_pairs_event(opt)
    used: set[str] = set()
    for site in iter_formulas(wb):
        if site.kind == "cell":
            used |= functions_in(site.text)
    assert used <= ALLOWED_FUNCTIONS, used - ALLOWED_FUNCTIONS
    assert excel_grammar_errors(wb) == []


@pytest.mark.parametrize(
    ("kw", "fragment"),
    [
        ({"kind": "swiss-pairs", "tables": 2, "rounds": 4}, "would need a rematch"),
        ({"kind": "round-robin-pairs", "tables": 3, "rounds": 2}, "play 5 rounds"),
        ({"kind": "progressive", "tables": 2, "variant": "up"}, "use 'stay' or 'move'"),
    ],
)
def test_pairs_options_refused(kw: dict[str, Any], fragment: str) -> None:
    with pytest.raises(WorkbookError, match=fragment):
        PairsOptions(**kw)


def test_cli_pairs_kinds(tmp_path: Path) -> None:
    for kind in ("progressive", "swiss-pairs", "round-robin-pairs"):
        out = tmp_path / f"{kind}.xlsx"
        assert main(["new", kind, "--tables", "3", "-o", str(out)]) == 0
        book = openpyxl.load_workbook(out, read_only=True)  # its sheet names only
        assert "Progress" in book.sheetnames
        book.close()
    out = tmp_path / "m.xlsx"
    assert (
        main(["new", "marathon", "--tables", "5", "--start-month", "october", "-o", str(out)]) == 0
    )
    wb = openpyxl.load_workbook(out, read_only=True)  # reads only the cells asked
    assert wb.sheetnames == ["Session", "Pairs", "Schedule", "Back Score"]
    assert wb["Schedule"]["A4"].value == "October"
    wb.close()


# --- filled and recalculated ---------------------------------------------------------------------


def _simulate(opt: PairsOptions, seed: int) -> dict[str, Any]:
    """Play the event in Python: each round's tables, chukkers and results."""
    rng = random.Random(seed)
    n = opt.round_count
    rounds: list[list[tuple[int, int]]] = []
    blocks: list[list[Any]] = []
    if opt.kind == "round-robin-pairs":
        m = round_robin_pairs(2 * opt.tables)
        sched = [[(0, 0)] * opt.tables for _ in range(n)]
        for e in m.entries:
            assert e.ns is not None and e.ew is not None
            for j in range(opt.chukkers):
                sched[(e.round - 1) * opt.chukkers + j][e.table - 1] = (e.ns, e.ew)
    tables = [(2 * t + 1, 2 * t + 2) for t in range(opt.tables)]
    played: list[tuple[int, int]] = []
    vps = {p: 0.0 for p in range(1, 2 * opt.tables + 1)}
    for k in range(n):
        if opt.kind == "round-robin-pairs":
            tables = sched[k]
        rounds.append(list(tables))
        row = [random_chukker(rng) for _ in tables]
        blocks.append(row)
        winners = []
        for (ns, ew), b in zip(tables, row, strict=True):
            c = Chukker.of(*b.deals, first_dealer=b.first_dealer)
            net = c.net(Side.NS)
            winners.append(ns if net >= 0 else ew)  # a tie: the cut is won by North-South
            a, z = vp(net, 4, "chicago-swiss")
            vps[ns] += a
            vps[ew] += z
            played.append((ns, ew))
        if opt.kind == "progressive":
            tables = list(progressive_next(tables, winners, opt.variant))
        elif opt.kind == "swiss-pairs" and k + 1 < n:
            order = sorted(vps, key=lambda p: (-vps[p], p))
            tables = list(swiss_pairing(order, played, rounds_left=n - k - 1))
    return {"rounds": rounds, "blocks": blocks}


def _fill(path: Path, opt: PairsOptions, sim: dict[str, Any]) -> None:
    """Type the simulated play into the workbook at ``path``."""
    wb = openpyxl.load_workbook(path)
    _fill_book(wb, opt, sim)
    wb.save(path)


def _written_filled(opt: PairsOptions, sim: dict[str, Any], path: Path) -> Path:
    """The pair game built, the simulated play typed in memory, saved once to ``path`` (what
    ``write_pairs_event`` then ``_fill`` save, without writing and reading it in between)."""
    wb = build_pairs_event(opt)
    _fill_book(wb, opt, sim)
    wb.save(path)
    return path


def _fill_book(wb: Any, opt: PairsOptions, sim: dict[str, Any]) -> None:
    layouts = pairs_layouts(opt)
    prog = wb[PROGRESS]
    for k, (tables, row) in enumerate(zip(sim["rounds"], sim["blocks"], strict=True)):
        ws = wb[f"Round {k + 1}"]
        for t, ((ns, ew), b) in enumerate(zip(tables, row, strict=True)):
            lay = layouts[k][t]
            r0 = progress_row(opt, k + 1, t + 1)
            if opt.kind == "swiss-pairs" and k > 0:
                prog[f"C{r0}"], prog[f"D{r0}"] = ns, ew
            prog[f"G{r0}"] = ns  # the cut, used only on a tie
            ws[lay.first_dealer.replace("$", "")] = b.first_dealer
            for i, d in enumerate(b.deals):
                r = lay.first + i
                ws[f"{COLS.contract}{r}"] = str(d.contract)
                ws[f"{COLS.by}{r}"] = str(d.declarer)
                ws[f"{COLS.tricks_in}{r}"] = d.tricks
                if d.honours.points:
                    ws[f"{COLS.honours}{r}"] = d.honours.points
                    ws[f"{COLS.hon_side_in}{r}"] = str(d.honours_side)
    if opt.calcutta:
        for i, price in enumerate(PRICES[: 2 * opt.tables]):
            wb["Calcutta"][f"D{CALCUTTA_FIRST + i}"] = price


PRICES = (60.0, 50.0, 40.0, 30.0, 20.0, 10.0, 5.0, 5.0)
PAIR_CASES = {
    "progressive_stay": PairsOptions(kind="progressive", tables=3, rounds=4),
    "progressive_move": PairsOptions(kind="progressive", tables=4, rounds=3, variant="move"),
    "swiss": PairsOptions(kind="swiss-pairs", tables=3, rounds=4, calcutta=True),
    "round_robin": PairsOptions(kind="round-robin-pairs", tables=3),
    "progressive_vp": PairsOptions(kind="progressive", tables=2, rounds=3, vps=True),
    # Seed 002: "A two-table round-robin, each pair playing two chukkers against each of the
    # other three pairs, entails 24 deals."
    "round_robin_2": PairsOptions(kind="round-robin-pairs", tables=2, chukkers=2),
}


#: Each pair game played in Python (the fills of the social corpus, conftest.py).
SIMS = {name: _simulate(opt, seed + 11) for seed, (name, opt) in enumerate(PAIR_CASES.items())}


@pytest.fixture(scope="module")
def pairs_recalculated(social_recalculated: dict[str, Path]) -> dict[str, Any]:
    """Every pair game, recalculated with the social corpus (tests/families/social/conftest.py),
    opened for its values, with its simulated play."""
    return {
        name: (openpyxl.load_workbook(social_recalculated[name], data_only=True), SIMS[name])
        for name in PAIR_CASES
    }


@pytest.mark.libreoffice
@pytest.mark.parametrize("name", list(PAIR_CASES))
def test_pairs_event_equals_rules_layer(pairs_recalculated: dict[str, Any], name: str) -> None:
    """Tables of every round (progressive: derived by formula from the winners), each
    table's net and result, each pair's accumulated score and VPs, the zero-sum check."""
    opt = PAIR_CASES[name]
    wb, sim = pairs_recalculated[name]
    prog, back = wb[PROGRESS], wb[BACK]
    running = {p: 0 for p in range(1, 2 * opt.tables + 1)}
    vps = {p: 0.0 for p in running}
    for k, (tables, row) in enumerate(zip(sim["rounds"], sim["blocks"], strict=True)):
        for t, ((ns, ew), b) in enumerate(zip(tables, row, strict=True)):
            r = progress_row(opt, k + 1, t + 1)
            c = Chukker.of(*b.deals, first_dealer=b.first_dealer)
            net = c.net(Side.NS)
            assert (prog[f"C{r}"].value, prog[f"D{r}"].value) == (ns, ew), (k, t)
            assert prog[f"E{r}"].value == net
            assert prog[f"F{r}"].value == round_hundreds(net)
            assert prog[f"H{r}"].value == (ns if net >= 0 else ew)
            a, z = vp(net, 4, "chicago-swiss")
            assert (prog[f"J{r}"].value, prog[f"K{r}"].value) == (a, z)
            value = net if opt.with_vps else round_hundreds(net)
            running[ns] += value
            running[ew] -= value
            vps[ns] += a
            vps[ew] += z
        col = openpyxl.utils.get_column_letter(3 + k)
        got = {p: back[f"{col}{BACK_FIRST + p - 1}"].value for p in running}
        assert got == running
        assert back[f"{col}{BACK_FIRST + len(running)}"].value == 0
    total_col = openpyxl.utils.get_column_letter(3 + opt.round_count)
    assert {p: back[f"{total_col}{BACK_FIRST + p - 1}"].value for p in running} == running
    if opt.with_vps:
        vp_col = openpyxl.utils.get_column_letter(4 + opt.round_count)
        got_vps = {p: back[f"{vp_col}{BACK_FIRST + p - 1}"].value for p in running}
        assert got_vps == pytest.approx(vps)
    assert back[f"A{BACK_FIRST + len(running) + 1}"].value == "every column totals zero"
    if opt.calcutta:
        # Seed 002, Calcuttas: places by the standings (VPs), pool split 60/30/10.
        standing = vps if opt.with_vps else running
        places = [1 + sum(1 for q in standing if standing[q] > standing[p]) for p in standing]
        prices = list(PRICES[: 2 * opt.tables])
        cal = wb["Calcutta"]
        assert cal["B4"].value == sum(prices)
        for i, share in enumerate(calcutta_shares(prices, places)):
            assert cal[f"F{CALCUTTA_FIRST + i}"].value == places[i]
            assert cal[f"G{CALCUTTA_FIRST + i}"].value == pytest.approx(share)


# --- marathon (seed 002, "Marathons") -------------------------------------------------------------


def test_marathon_schedule_ten_pairs_nine_months() -> None:
    """Seed 002: "Ten pairs ... skipping July and August, all matches are completed after nine
    months": September to May, five matches a month, every pair hosting 4 or 5."""
    from xlbridge.families.social.marathon import (
        SCHEDULE,
        MarathonOptions,
        build_marathon,
        schedule_rows,
    )

    opt = MarathonOptions(pairs=10)
    rows = schedule_rows(opt)
    assert len(rows) == 45
    ws = build_marathon(opt)[SCHEDULE]
    months = [ws[f"A{r}"].value for r, *_ in rows]
    assert months[0] == "September" and months[-1] == "May"
    assert sorted(set(months)) == sorted(
        ["September", "October", "November", "December", "January", "February", "March",
         "April", "May"]
    )  # fmt: skip
    hosts = [h for _, _, h, _ in rows]
    assert all(hosts.count(p) in (4, 5) for p in range(1, 11))


#: Six marathon pairs, pair 1 named (``test_marathon_results_and_standings``).
MARATHON_OPT = MarathonOptions(pairs=6, names=("Ann & Bob", "", "", "", "", ""))


def _marathon_played() -> dict[int, tuple[int, int]]:
    """Schedule row -> (host's points, visitor's points) of the matches played: months 1-2
    and half of month 3; the first match is 2,000 to 3,000."""
    rng = random.Random(5)
    played: dict[int, tuple[int, int]] = {}
    for i, (r, rnd, _h, _v) in enumerate(schedule_rows(MARATHON_OPT)):
        if rnd > 3 or (rnd == 3 and i % 2):
            continue  # months 4-5 (and half of month 3) not played yet
        pts = (2000, 3000) if i == 0 else (rng.randrange(0, 400) * 10, rng.randrange(0, 400) * 10)
        played[r] = pts
    return played


MARATHON_PLAYED = _marathon_played()


def write_marathon_played(folder: Path) -> Path:
    """``marathon_played.xlsx``: ``MARATHON_OPT`` with ``MARATHON_PLAYED`` typed on its
    Schedule sheet, as a user would; the social corpus (tests/families/social/conftest.py)
    recalculates it in its one LibreOffice run."""
    wb = build_marathon(MARATHON_OPT)
    ws = wb[SCHEDULE]
    for r, (host, visitor) in MARATHON_PLAYED.items():
        ws[f"H{r}"], ws[f"I{r}"] = host, visitor
    path = folder / "marathon_played.xlsx"
    wb.save(path)
    return path


@pytest.mark.libreoffice
def test_marathon_results_and_standings(social_recalculated: dict[str, Path]) -> None:
    """Month by month results typed in, recalculated in LibreOffice (with the social corpus):
    each match's net and VPs (seed 002's marathon table, 14-6 corrected: 2,000 to 3,000 is
    -1,000, VPs 6-14), every month's accumulated net per pair (zero-sum), VP totals and
    ranks."""
    from xlbridge.families.social.marathon import BACK_FIRST as MB

    rows = schedule_rows(MARATHON_OPT)
    played = MARATHON_PLAYED
    got = openpyxl.load_workbook(social_recalculated["marathon_played"], data_only=True)
    sched, back = got[SCHEDULE], got["Back Score"]
    first_row = rows[0][0]
    assert (sched[f"J{first_row}"].value, sched[f"K{first_row}"].value) == (-1000, 6)
    assert sched[f"L{first_row}"].value == 14
    running = {p: 0 for p in range(1, 7)}
    vps = {p: 0.0 for p in running}
    for month in range(1, 6):
        for r, rnd, h, v in rows:
            if rnd != month:
                continue
            if r not in played:
                assert sched[f"J{r}"].value in (None, "")
                continue
            net = played[r][0] - played[r][1]
            a, z = vp(net, 4, "chicago-marathon")
            assert sched[f"J{r}"].value == net
            assert (sched[f"K{r}"].value, sched[f"L{r}"].value) == (a, z)
            running[h] += net
            running[v] -= net
            vps[h] += a
            vps[v] += z
        col = openpyxl.utils.get_column_letter(2 + month)
        cells = [back[f"{col}{MB + p - 1}"].value for p in running]
        if month <= 3:
            assert cells == list(running.values())
            assert back[f"{col}{MB + 6}"].value == 0
        else:
            assert all(c in (None, "") for c in cells)
    vp_col = openpyxl.utils.get_column_letter(3 + 5 + 1)
    rank_col = openpyxl.utils.get_column_letter(3 + 5 + 2)
    got_vps = {p: back[f"{vp_col}{MB + p - 1}"].value for p in running}
    assert got_vps == pytest.approx(vps)
    ranks = {p: back[f"{rank_col}{MB + p - 1}"].value for p in running}
    assert ranks == {p: 1 + sum(1 for q in vps if vps[q] > vps[p]) for p in vps}
    assert back[f"B{MB}"].value == "Ann & Bob"
    assert back[f"A{MB + 7}"].value == "every column totals zero"


# --- xlbridge swiss next for Swiss pairs ----------------------------------------------------------


def _type_block(ws: Any, lay: Any, block: Any) -> None:
    ws[lay.first_dealer.replace("$", "")] = block.first_dealer
    for i, d in enumerate(block.deals):
        r = lay.first + i
        ws[f"{COLS.contract}{r}"] = str(d.contract)
        ws[f"{COLS.by}{r}"] = str(d.declarer)
        ws[f"{COLS.tricks_in}{r}"] = d.tricks
        if d.honours.points:
            ws[f"{COLS.honours}{r}"] = d.honours.points
            ws[f"{COLS.hon_side_in}{r}"] = str(d.honours_side)


def test_swiss_next_pairs_every_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002, Swiss pairs: after each round the highest pair meets the next highest it has
    not met (standings by VPs, then net points); ``xlbridge swiss next`` writes the pairs of
    the next round into a copy, and refuses an unfinished round or a finished event."""
    opt = PairsOptions(kind="swiss-pairs", tables=3, rounds=4)
    path = tmp_path / "r1.xlsx"
    write_pairs_event(opt, path)
    layouts = pairs_layouts(opt)
    rng = random.Random(3)
    vps = {p: 0.0 for p in range(1, 7)}
    nets = dict.fromkeys(vps, 0)
    played: list[tuple[int, int]] = []
    tables = [(1, 2), (3, 4), (5, 6)]
    book = openpyxl.load_workbook(path)  # the file at `path`, read once
    for k in range(opt.round_count):
        wb = book
        ws = wb[f"Round {k + 1}"]
        if k == 1:  # a round paired but not played, or played at one table only, is refused
            bad = tmp_path / "bad.xlsx"
            code = main(["swiss", "next", str(path), "-o", str(bad)])
            assert code == 2 and "round 2 is paired already" in capsys.readouterr().err
            _type_block(ws, layouts[k][0], random_chukker(random.Random(0)))
            half = tmp_path / "half.xlsx"
            wb.save(half)
            code = main(["swiss", "next", str(half), "-o", str(bad)])
            assert code == 2 and "Round 2 is not finished" in capsys.readouterr().err
            wb = openpyxl.load_workbook(path)
            ws = wb[f"Round {k + 1}"]
        for t, (ns, ew) in enumerate(tables):
            b = random_chukker(rng)
            _type_block(ws, layouts[k][t], b)
            net = Chukker.of(*b.deals, first_dealer=b.first_dealer).net(Side.NS)
            a, z = vp(net, 4, "chicago-swiss")
            vps[ns], vps[ew] = vps[ns] + a, vps[ew] + z
            nets[ns], nets[ew] = nets[ns] + net, nets[ew] - net
            played.append((ns, ew))
        wb.save(path)
        if k == opt.round_count - 1:
            break
        order = sorted(vps, key=lambda p: (-vps[p], -nets[p], p))
        expect = swiss_pairing(order, played, rounds_left=opt.round_count - k - 1)
        out = tmp_path / f"r{k + 2}.xlsx"
        assert main(["swiss", "next", str(path), "-o", str(out)]) == 0
        assert capsys.readouterr().out.startswith(f"round {k + 2}: ")
        book = openpyxl.load_workbook(out)  # read once: checked here, typed into next round
        prog = book[PROGRESS]
        got = [
            (prog[f"C{progress_row(opt, k + 2, t + 1)}"].value,
             prog[f"D{progress_row(opt, k + 2, t + 1)}"].value)
            for t in range(opt.tables)
        ]  # fmt: skip
        assert got == list(expect)
        assert not set(expect) & set(played)
        tables, path = list(expect), out
    code = main(["swiss", "next", str(path), "-o", str(tmp_path / "r9.xlsx")])
    assert code == 2 and "all 4 rounds are played" in capsys.readouterr().err


def test_progressive_in_the_strict_engine(tmp_path: Path) -> None:
    """The `formulas` engine (Excel semantics) derives the same next-round tables, winners and
    accumulated scores as ``progressive_next`` and ``Chukker`` (two tables, two rounds, the
    losers-move progression)."""
    from tests.support.engines import recalc_strict

    opt = PairsOptions(kind="progressive", tables=2, rounds=2, variant="move")
    sim = _simulate(opt, 4)
    path = _written_filled(opt, sim, tmp_path / "strict_progressive.xlsx")
    rows = [progress_row(opt, k + 1, t + 1) for k in range(opt.round_count) for t in range(2)]
    total_col = openpyxl.utils.get_column_letter(3 + opt.round_count)
    asked = [(PROGRESS, f"{c}{r}") for r in rows for c in "CDEH"]
    asked += [(BACK, f"{total_col}{BACK_FIRST + p - 1}") for p in range(1, 5)]
    values = recalc_strict(path, cells=asked)  # the cells compared, and what they depend on
    running = {p: 0 for p in range(1, 5)}
    for k, (tables, row) in enumerate(zip(sim["rounds"], sim["blocks"], strict=True)):
        for t, ((ns, ew), b) in enumerate(zip(tables, row, strict=True)):
            r = progress_row(opt, k + 1, t + 1)
            net = Chukker.of(*b.deals, first_dealer=b.first_dealer).net(Side.NS)
            assert (values[(PROGRESS, f"C{r}")], values[(PROGRESS, f"D{r}")]) == (ns, ew)
            assert values[(PROGRESS, f"E{r}")] == net
            assert values[(PROGRESS, f"H{r}")] == (ns if net >= 0 else ew)
            running[ns] += round_hundreds(net)
            running[ew] -= round_hundreds(net)
    got = {p: values[(BACK, f"{total_col}{BACK_FIRST + p - 1}")] for p in running}
    assert got == running


def test_round_robin_two_chukkers_a_match_is_24_deals() -> None:
    """Seed 002: two tables, two chukkers against each of the other three pairs: 24 deals
    (six rounds of a chukker), each match on two rounds in a row."""
    opt = PAIR_CASES["round_robin_2"]
    assert opt.round_count * 4 == 24
    prog = build_pairs_event(opt)[PROGRESS]
    firsts = [(prog[f"C{progress_row(opt, k, 1)}"].value, prog[f"D{progress_row(opt, k, 1)}"].value)
              for k in range(1, 7)]  # fmt: skip
    assert firsts[0] == firsts[1] and firsts[2] == firsts[3] and firsts[4] == firsts[5]
    assert len(set(firsts)) == 3


def test_marathon_formulas_use_allowed_functions() -> None:
    from tests.support.engines import excel_grammar_errors, iter_formulas
    from xlbridge.families.social.marathon import MarathonOptions, build_marathon

    wb = build_marathon(MarathonOptions(pairs=7, names=("=A1", *[""] * 6)))
    used: set[str] = set()
    for site in iter_formulas(wb):
        if site.kind == "cell":
            used |= functions_in(site.text)
    assert used <= ALLOWED_FUNCTIONS, used - ALLOWED_FUNCTIONS
    assert excel_grammar_errors(wb) == []
    assert wb["Pairs"]["B4"].data_type == "s"  # a name is text, never a formula
