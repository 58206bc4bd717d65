"""Teams workbooks: every team kind of seed 002 generated, filled with results as a user would,
recalculated in LibreOffice and in the strict ``formulas`` engine, and every score, IMP, VP,
point, rank, winner and prize compared with the rules layer (``xlbridge.scoring``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.workbook.workbook import Workbook

from tests.support.engines import excel_grammar_errors, recalc_strict, same_value
from tests.support.workbook_fill import type_result
from xlbridge.cli import main
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.build import FIRST_ROW, HEADERS_IMP, build_teams_workbook
from xlbridge.families.teams.plan import (
    TeamsOptions,
    TeamsPlan,
    plan_knockout,
    plan_schedule,
    plan_swiss,
)
from xlbridge.families.teams.standings import STANDINGS_FIRST, TEAM_BLOCK, standings_columns
from xlbridge.movements import teams as sched
from xlbridge.movements.teams import knockout_next
from xlbridge.scoring.contract import score
from xlbridge.scoring.team_match import (
    bam_points,
    board_imps,
    imps_won,
    marvin_prizes,
    rank_teams,
    score_match,
    standings_order,
)
from xlbridge.types import Contract

_POOL = ["4S", "3NT", "2H", "5DX", "1NT", "6S", "3C", "4HX", "2SXX", "7NT", "3N", "4s", "2♥"]


@dataclass
class Room:
    """One room's inputs on one board."""

    contract: str | None = None
    by: str | None = None
    tricks: int | None = None
    typed: float | None = None

    def score(self, board: int) -> float | None:
        if self.typed is not None:
            return self.typed
        if self.contract is None:
            return None
        c = Contract.parse(self.contract)
        if c.is_pass:
            return 0
        assert self.by is not None and self.tricks is not None
        return score(c, self.by, self.tricks, board)


@dataclass
class Row:
    """One board of a match: both rooms and an adjusted score."""

    room1: Room = field(default_factory=Room)
    room2: Room = field(default_factory=Room)
    adjusted: str | None = None


def _room(rng: random.Random) -> Room:
    x = rng.random()
    if x < 0.06:
        return Room(contract="PASS")
    if x < 0.10:
        return Room(typed=float(rng.choice([-100, 100, 110, 400, -650, 1430])))
    text = rng.choice(_POOL)
    c = Contract.parse(text)
    tricks = max(0, min(13, c.tricks_needed + rng.choice([-3, -1, -1, 0, 0, 0, 1, 2])))
    return Room(contract=text, by=rng.choice("NESW"), tricks=tricks)


def random_rows(
    plan: TeamsPlan, rng: random.Random, *, adjusted: bool, incomplete: int | None
) -> dict[int, list[Row]]:
    """Random results for every match; match ``incomplete`` lacks one board's room 2."""
    out: dict[int, list[Row]] = {}
    for m in plan.matches:
        rows = []
        for _ in m.boards:
            row = Row(_room(rng), _room(rng))
            if rng.random() < 0.2:
                row.room2 = Room(**vars(row.room1))  # the same result: a flat board
            if adjusted and rng.random() < 0.08:
                row = Row(adjusted=rng.choice(["A+", "A", "A-", "A+/A-", "A-/A+", "A+/A", "a+"]))
            rows.append(row)
        if m.number == incomplete:
            rows[0] = Row(room1=rows[0].room1)
        out[m.number] = rows
    return out


def fill(
    book: Path | Workbook, plan: TeamsPlan, rows: dict[int, list[Row]], extra: dict[str, Any]
) -> None:
    """Type the results into the match sheets, as a user would: into the file at ``book``
    (saved), or into a workbook in memory before its first save (left unsaved)."""
    wb = book if isinstance(book, Workbook) else openpyxl.load_workbook(book)
    cols = (T.room_cols(1), T.room_cols(2))
    for m in plan.matches:
        ws = wb[f"Match {m.number}"]
        for i, row in enumerate(rows[m.number]):
            r = FIRST_ROW + i
            for c, room in zip(cols, (row.room1, row.room2), strict=True):
                type_result(ws, r, c, room)
            if row.adjusted is not None:
                ws[f"{T.ADJ_COL}{r}"] = row.adjusted
    for ref, value in extra.items():
        sheet, cell = ref.split("!")
        wb[sheet][cell] = value
    if not isinstance(book, Workbook):
        wb.save(book)


@dataclass
class MatchWant:
    """What one match sheet must show."""

    home: int | None
    away: int | None
    boards: list[tuple[float | None, float | None, float | None, float | None]]
    done: bool
    h: float
    a: float
    hv: float | None
    av: float | None
    winner: int | None = None
    mh: float = 0.0  # each side's margin (board-a-match: its points)
    ma: float = 0.0


def expected(
    plan: TeamsPlan,
    opt: TeamsOptions,
    rows: dict[int, list[Row]],
    overrides: dict[int, int],
) -> tuple[dict[int, MatchWant], dict[int, tuple[Any, ...]]]:
    """Score every match and the standings with the rules layer."""
    bam = opt.scoring == "bam"
    out: dict[int, MatchWant] = {}
    winners: dict[int, int] = {}
    for m in plan.matches:
        home, away = m.home, m.away
        if m.feeds is not None:
            side = []
            for kind, n in m.feeds:
                side.append(n if kind == "team" else winners.get(n))
            home, away = side
        boards, credits = [], []
        for b, row in zip(m.boards, rows[m.number], strict=True):
            s1, s2 = row.room1.score(b), row.room2.score(b)
            if row.adjusted:
                h, a = board_imps(None, None, row.adjusted)
            elif s1 is None or s2 is None:
                boards.append((s1, s2, None, None))
                continue
            else:
                h, a = bam_points(s1, s2) if bam else board_imps(s1, s2)
            credits.append((h, a))
            boards.append((s1, s2, *((h, a) if bam else imps_won(h, a))))
        done = len(credits) == len(m.boards)
        carry = opt.carry_over if plan.kind in ("head-to-head", "knockout") else 0
        if bam:
            h = sum(x for x, _ in credits)
            a = sum(y for _, y in credits)
            w = score_match([(h - a, a - h)], three_quarter=False)
            hv, av = w.home_vp, w.away_vp
            mh, ma = h, a
        else:
            s = score_match(
                credits,
                carry_over=carry,
                scale=opt.scale,
                three_quarter=opt.three_quarter if opt.win_loss else None,
                match_boards=plan.match_boards,
            )
            h, a, hv, av = s.home_imps, s.away_imps, s.home_vp, s.away_vp
            mh, ma = s.home, s.away
        want = MatchWant(home, away, boards, done, h, a, hv, av, mh=mh, ma=ma)
        if plan.kind == "knockout" and done and home is not None and away is not None:
            if m.number in overrides:
                want.winner = overrides[m.number]
            else:
                (pairing,) = knockout_next(
                    [(home, away), (0, None)], {0: home if mh > ma else away}
                )
                want.winner = pairing[0]
            winners[m.number] = want.winner
        out[m.number] = want
    standings: dict[int, tuple[Any, ...]] = {}
    if plan.kind != "knockout":
        res: dict[int, float] = dict.fromkeys(plan.teams, 0.0)
        net: dict[int, float] = dict.fromkeys(plan.teams, 0.0)
        groups: dict[tuple[int, int], float] = {}
        plain_bam = bam and not plan.marvin
        for m in plan.matches:
            w = out[m.number]
            if not w.done:
                continue
            assert m.home is not None and m.away is not None
            for t, n, r in ((m.home, w.mh, w.hv), (m.away, w.ma, w.av)):
                r2 = n if plain_bam else r
                assert r2 is not None
                res[t] += r2
                net[t] += n
                groups[(t, m.group)] = groups.get((t, m.group), 0.0) + r2
        ranks = rank_teams(
            [res[t] for t in plan.teams], None if plain_bam else [net[t] for t in plan.teams]
        )
        for t, rk in zip(plan.teams, ranks, strict=True):
            standings[t] = (
                res[t],
                net[t],
                rk,
                [groups.get((t, g)) for g in range(1, len(plan.groups) + 1)],
            )
    return out, standings


@dataclass
class Case:
    name: str
    plan: TeamsPlan
    options: TeamsOptions
    seed: int
    adjusted: bool = True
    incomplete: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def cases() -> list[Case]:
    bam = TeamsOptions(scoring="bam")
    return [
        Case("h2h", plan_schedule(sched.head_to_head(12, 3)), TeamsOptions(carry_over=7), 1),
        Case("rr3", plan_schedule(sched.round_robin_three(5)), TeamsOptions(scale="seed-imp"), 2),
        Case("rr4", plan_schedule(sched.round_robin_four(6)), TeamsOptions(win_loss=True), 3),
        Case("rr5", plan_schedule(sched.board_a_match(5, 3)), bam, 4, adjusted=False),
        Case(
            "bam4", plan_schedule(sched.board_a_match(4, 4)), bam, 5, adjusted=False, incomplete=2
        ),
        Case("marvin8", plan_schedule(sched.marvin(8)), TeamsOptions(win_loss=True), 6),
        Case("marvin4", plan_schedule(sched.marvin(4)), TeamsOptions(), 7, incomplete=3),
        Case("marvin6bam", plan_schedule(sched.marvin(6)), bam, 8, adjusted=False),
        Case("ko6", plan_knockout(6, 6, 2), TeamsOptions(carry_over=-2.5), 9),
        Case(
            "swiss",
            plan_swiss(6, 5, [[(1, 2), (3, 4), (5, 6)], [(1, 3), (2, 5), (4, 6)]], 4),
            TeamsOptions(win_loss=True, three_quarter=False),
            10,
        ),
        # Small workbooks for the strict engine (slow on big ones).
        Case("h2h-small", plan_schedule(sched.head_to_head(4, 2)), TeamsOptions(carry_over=3), 12),
        Case("ko3", plan_knockout(3, 2, 1), TeamsOptions(), 13),
        Case("bam3", plan_schedule(sched.board_a_match(3, 1)), bam, 14, adjusted=False),
        Case(
            "rr4-wbf-raw",
            plan_schedule(sched.round_robin_four(8)),
            TeamsOptions(scale="wbf-raw"),
            11,
            incomplete=4,
        ),
    ]


def check_values(
    get: Any, case: Case, rows: dict[int, list[Row]], overrides: dict[int, int]
) -> list[str]:
    """Every disagreement between the recalculated values (``get(sheet, cell)``) and the
    rules layer."""
    plan, opt = case.plan, case.options
    want, standings = expected(plan, opt, rows, overrides)
    bad: list[str] = []

    def cmp(sheet: str, cell: str, value: Any) -> None:
        got = get(sheet, cell)
        if not same_value(got, value):
            bad.append(f"{case.name} {sheet}!{cell}: workbook {got!r}, python {value!r}")

    for m in plan.matches:
        w = want[m.number]
        sheet = f"Match {m.number}"
        if w.home is not None:
            cmp(sheet, "B2", w.home)
            cmp(sheet, "H2", w.away)
        for i, (s1, s2, h, a) in enumerate(w.boards):
            r = FIRST_ROW + i
            cmp(sheet, f"F{r}", s1)
            cmp(sheet, f"K{r}", s2)
            cmp(sheet, f"L{r}", h)
            cmp(sheet, f"M{r}", a)
        last = FIRST_ROW + len(m.boards) - 1
        total_row = last + 2 + len(set(m.segments)) + 1
        cmp(sheet, f"C{total_row}", w.h)
        cmp(sheet, f"D{total_row}", w.a)
        cmp(sheet, f"{T.DONE_COL}{total_row}", 1 if w.done else 0)
        if opt.scoring != "bam":
            total_row += 1  # the Margin row: the VPs come from it
            cmp(sheet, f"A{total_row}", "Margin")
            cmp(sheet, f"C{total_row}", w.mh)
            cmp(sheet, f"D{total_row}", w.ma)
        if plan.kind == "knockout":
            cmp(sheet, f"C{total_row + 2}", w.winner if w.done else None)
        else:
            cmp(sheet, f"C{total_row + 1}", w.hv)
            cmp(sheet, f"D{total_row + 1}", w.av)
    if plan.kind == "knockout":
        return bad
    ng = len(plan.groups)
    net_label, _ = standings_columns_for(case)
    # Each team's line by number in the hidden block; the visible rows in rank order.
    order = standings_order(
        list(plan.teams),
        [standings[t][0] for t in plan.teams],
        [standings[t][1] if net_label else 0.0 for t in plan.teams],
    )
    at = {t: STANDINGS_FIRST + i for i, t in enumerate(order)}
    for i, t in enumerate(plan.teams):
        res, net, rank, groups = standings[t]
        for r, off in ((STANDINGS_FIRST + i, TEAM_BLOCK), (at[t], 0)):

            def col(c: int, off: int = off) -> str:
                return openpyxl.utils.get_column_letter(c + off)

            cmp("Standings", f"{col(1)}{r}", t)
            for g in range(ng):
                cmp("Standings", f"{col(3 + g)}{r}", groups[g])
            c = 3 + ng
            if net_label:
                cmp("Standings", f"{col(c)}{r}", net)
                c += 1
            cmp("Standings", f"{col(c)}{r}", res)
            cmp("Standings", f"{col(c + 1)}{r}", rank)
    if plan.marvin:
        pairs = plan.marvin_pairs()
        wins = {p: sum(standings[t][0] for t in ts) for p, ts in pairs.items()}
        pts = {p: sum(standings[t][1] for t in ts) for p, ts in pairs.items()}
        first, second = marvin_prizes(wins, wins if opt.vps else pts)
        for i, p in enumerate(pairs):
            r = 5 + i
            cmp("Prizes", f"C{r}", wins[p])
            cmp("Prizes", f"D{r}", pts[p])
            cmp("Prizes", f"E{r}", "First" if p in first else "Second" if p in second else None)
    return bad


def standings_columns_for(case: Case) -> tuple[str | None, str]:
    # The labels depend on the plan and options only: a context over an empty workbook (no
    # build) gives the same answer.
    from xlbridge.families.teams.context import TeamsContext
    from xlbridge.workbook.styles import Styler

    wb = openpyxl.Workbook()
    ctx = TeamsContext(wb=wb, plan=case.plan, options=case.options, style=Styler(wb))
    return standings_columns(ctx)


def _build(tmp: Path, case: Case) -> tuple[Path, dict[int, list[Row]], dict[int, int]]:
    rng = random.Random(case.seed)
    rows = random_rows(case.plan, rng, adjusted=case.adjusted, incomplete=case.incomplete)
    path = tmp / f"{case.name}.xlsx"
    # The grammar test's copy when it ran first (it only reads it), else a fresh build.
    wb = _UNFILLED.pop(case.name, None)
    if wb is None:
        wb = build_teams_workbook(case.plan, case.options)
    overrides: dict[int, int] = {}
    extra = dict(case.extra)
    if case.plan.kind == "knockout":
        # A tied match needs its winner typed: type the home team's number where Python ties.
        want, _ = expected(case.plan, case.options, rows, {})
        for m in case.plan.matches:
            w = want[m.number]
            if w.done and w.mh == w.ma and w.home is not None:
                overrides[m.number] = w.home
    if overrides:
        for n, team in overrides.items():
            m = case.plan.matches[n - 1]
            margin_row = FIRST_ROW + len(m.boards) - 1 + 2 + len(set(m.segments)) + 2
            extra[f"Match {n}!C{margin_row + 1}"] = team
    fill(wb, case.plan, rows, extra)  # in memory: one save, no load
    wb.save(path)
    return path, rows, overrides


CASES = cases()
#: Case name -> the workbook as built, checked by the grammar test and not yet filled: the
#: corpus (``_build``) fills it instead of building the same workbook again.
_UNFILLED: dict[str, Workbook] = {}
#: The copy of ``h2h-small`` with formulas typed over by numbers (the teams corpus's).
DAMAGED = "h2h-small-damaged"


def test_every_formula_parses_under_the_strict_grammar() -> None:
    for case in CASES:
        wb = build_teams_workbook(case.plan, case.options)
        assert excel_grammar_errors(wb) == [], case.name
        _UNFILLED[case.name] = wb


@pytest.mark.libreoffice
def test_libreoffice_values_equal_the_rules_layer(
    teams_built: dict[str, Any], teams_recalculated: dict[str, Path]
) -> None:
    """Every case, recalculated with the teams corpus (tests/families/teams/conftest.py)."""
    bad: list[str] = []
    for case in CASES:
        _path, rows, overrides = teams_built[case.name]
        wb = openpyxl.load_workbook(teams_recalculated[case.name], data_only=True)

        def get(sheet: str, cell: str, wb: Any = wb) -> Any:
            return wb[sheet][cell].value

        bad += check_values(get, case, rows, overrides)
    assert bad == [], "\n".join(bad[:30])


@pytest.mark.parametrize("name", ["h2h-small", "ko3", "bam3", "marvin4"])
def test_strict_engine_values_equal_the_rules_layer(teams_built: dict[str, Any], name: str) -> None:
    case = next(c for c in CASES if c.name == name)
    path, rows, overrides = teams_built[name]
    asked: list[tuple[str, str]] = []  # the cells check_values compares: computed, with theirs
    check_values(lambda sheet, cell: asked.append((sheet, cell)), case, rows, overrides)
    values = recalc_strict(path, cells=asked)

    def get(sheet: str, cell: str) -> Any:
        return values.get((sheet, cell))

    bad = check_values(get, case, rows, overrides)
    assert bad == [], "\n".join(bad[:30])


# --------------------------------------------------------------------------------------------
# Seed 002's worked examples and rules, through the workbook


def test_seed_002_net_score_example() -> None:
    """Seed 002, Marvin's game, "Recording results": -140 for one pair and +110 for the other
    make a -30 team score: 1 IMP lost, and the board lost at board-a-match."""
    assert board_imps(-140, -110) == (-1, 1)
    assert bam_points(-140, -110) == (0.0, 1.0)


def test_seed_002_vp_table_is_the_workbook_scale() -> None:
    """Seed 002, chapter 11's "Total IMPs / Victory Points" table (rules.md §0: 28+ → 20-0):
    the workbook's VP lookup for --vp-scale seed-imp holds exactly its rows."""
    seed = [
        (0, 10),
        (1, 11),
        (3, 12),
        (5, 13),
        (8, 14),
        (11, 15),
        (14, 16),
        (17, 17),
        (20, 18),
        (24, 19),
        (28, 20),
    ]
    plan = plan_schedule(sched.round_robin_four(8))
    wb = build_teams_workbook(plan, TeamsOptions(scale="seed-imp"))
    rows = [
        (r[0], r[1])
        for r in wb["Lists"].iter_rows(min_col=8, max_col=9, values_only=True)
        if r[0] is not None
    ]
    assert rows == seed


def test_seed_002_marvin_team_list_on_the_match_sheets() -> None:
    """Seed 002, "Pair Numbers and Team Members": Team 3 is pairs 6/5 and Team 14 pairs 3/2;
    every team plays two matches in its round."""
    plan = plan_schedule(sched.marvin(8))
    wb = build_teams_workbook(plan, TeamsOptions(win_loss=True))
    seen = {}
    for m in plan.matches:
        ws = wb[f"Match {m.number}"]
        seen[ws["B2"].value] = ws["C2"].value
        seen[ws["H2"].value] = ws["I2"].value
    assert seen[3] == "Pairs 6/5" and seen[14] == "Pairs 3/2"
    count = {t: 0 for t in range(1, 16)}
    for m in plan.matches:
        assert m.home is not None and m.away is not None
        count[m.home] += 1
        count[m.away] += 1
    assert set(count.values()) == {2}
    assert wb["Prizes"]["C4"].value == "Wins"


def test_marvin_prizes_rule() -> None:
    """Seed 002: first prize to the pair winning most matches, second to most points overall,
    no pair both; with VPs both by VPs only."""
    wins = {1: 3.0, 2: 6.5, 3: 5.0, 4: 2.0, 5: 4.0, 6: 4.5}
    points = {1: 60.0, 2: 10.0, 3: 25.0, 4: -40.0, 5: -30.0, 6: -25.0}
    assert marvin_prizes(wins, points) == ((2,), (1,))
    assert marvin_prizes(wins, wins) == ((2,), (3,))  # VPs only
    assert marvin_prizes({1: 5, 2: 5}, {1: 3, 2: 9}) == ((2,), (1,))  # tie on wins: points


def test_cli_writes_every_team_kind(tmp_path: Path) -> None:
    """`xlbridge new` writes a teams workbook for every team kind of seed 002."""
    kinds = {
        "head-to-head": 2,
        "round-robin-3": 3,
        "round-robin-4": 4,
        "board-a-match": 6,
        "knockout": 8,
        "swiss-teams": 8,
        "marvin-4": 3,
        "marvin-6": 3,
        "marvin-8": 3,
    }
    for kind, tables in kinds.items():
        out = tmp_path / f"{kind}.xlsx"
        assert main(["new", kind, "--tables", str(tables), "-o", str(out)]) == 0, kind
        wb = openpyxl.load_workbook(out, read_only=True)  # reads only the cells asked
        assert "Match 1" in wb.sheetnames
        assert ("Bracket" if kind == "knockout" else "Standings") in wb.sheetnames
        head = [c.value for c in wb["Match 1"][5]][:13]
        want = [
            "Board",
            "Contract 1",
            "By 1",
            "Made 1",
            "Down 1",
            "NS Score 1",
            "Contract 2",
            "By 2",
            "Made 2",
            "Down 2",
            "NS Score 2",
        ]
        assert head[:11] == want
        bam = kind == "board-a-match"
        assert head[11:] == (["Home Points", "Away Points"] if bam else ["Home IMPs", "Away IMPs"])
        assert (wb["Match 1"]["A2"].value, wb["Match 1"]["G2"].value) == ("Home", "Away")
        wb.close()


def test_cli_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x.xlsx")
    assert main(["new", "round-robin-4", "--tables", "4", "--carry-over", "5", "-o", out]) == 2
    assert "carry-over" in capsys.readouterr().err
    assert main(["new", "swiss-teams", "--tables", "7", "-o", out]) == 2
    assert "even number" in capsys.readouterr().err
    assert main(["new", "knockout", "--tables", "8", "--win-loss", "-o", out]) == 2
    assert (
        main(
            [
                "new",
                "head-to-head",
                "--tables",
                "2",
                "--vp-scale",
                "acbl20",
                "--boards-per-round",
                "12",
                "-o",
                out,
            ]
        )
        == 2
    )
    assert "6-11 boards" in capsys.readouterr().err


def test_event_and_names_are_text() -> None:
    plan = plan_schedule(sched.round_robin_four(8))
    wb = build_teams_workbook(
        plan, TeamsOptions(event="=HYPERLINK(1)", names={1: ("=SUM(A1)", "+cmd")})
    )
    for cell in (wb["Session"]["A1"], wb["Names"]["B4"], wb["Names"]["C4"], wb["Match 1"]["C1"]):
        assert cell.data_type == "s", cell.coordinate


def test_knockout_checks_a_tie_and_a_wrong_winner(tmp_path: Path) -> None:
    """A tied knockout match with no winner typed, and a typed winner that is not one of the
    match's teams, are each listed on Checks (the strict engine computes them)."""
    plan = plan_knockout(4, 1, 1)  # Match 1: 1 v 4, Match 2: 2 v 3, Match 3: the final
    path = tmp_path / "ko.xlsx"
    wb = build_teams_workbook(plan, TeamsOptions())
    flat = Row(Room("4S", "N", 10), Room("4S", "N", 10))
    rows = {1: [flat], 2: [flat], 3: [Row()]}
    margin_row = FIRST_ROW + 2 + 1 + 1 + 1  # boards, segment head, segment, total, margin
    fill(wb, plan, rows, {f"Match 2!C{margin_row + 1}": 9})  # in memory: one save, no load
    wb.save(path)
    asked = [("Checks", f"A{r}") for r in range(4, 12)] + [("Match 3", "H2"), ("Match 3", "B2")]
    values = recalc_strict(path, cells=asked)  # the cells compared and what they depend on
    problems = {values.get(("Checks", f"A{r}")) for r in range(4, 12)} - {None, ""}
    assert problems == {
        "Match 1: tied; type the winner after extra boards",
        "Match 2: winner 9 is neither 2 nor 3",
    }
    assert values.get(("Match 3", "H2")) == 9
    assert values.get(("Match 3", "B2")) in (None, "")


@pytest.mark.libreoffice
def test_printed_workbook_has_no_blank_page(tmp_path: Path) -> None:
    """Printed to PDF by LibreOffice, a round robin of four teams (6 matches of 24 boards: 144
    Checks lines, which used to print three blank pages at the end) has no blank page; Checks
    (the first problems, as the pairs workbook prints them) and Standings one page each."""
    from tests.families.duplicate.test_printing import _pdf_pages
    from tests.support.shared import needs_program

    needs_program("pdftotext", "poppler (pdftotext)")
    path = tmp_path / "rr4.xlsx"
    build_teams_workbook(plan_schedule(sched.round_robin_four(24)), TeamsOptions()).save(path)
    pages = _pdf_pages(path, tmp_path)
    assert [i for i, p in enumerate(pages, start=1) if not p.strip()] == []
    assert "Checks: problems" in pages[-1]
    assert sum("Checks: problems" in p for p in pages) == 1
    assert sum("Victory points, wbf scale" in p for p in pages) == 1
    assert sum("Match 1" in p.split("\n")[0] for p in pages) >= 1


def test_typed_score_listed_until_ok(tmp_path: Path) -> None:
    """A number typed over a room's NS Score replaces the computed score (the IMPs follow it);
    Checks lists it until the director types OK in that room's OK column (``OK 1``, ``OK 2``),
    as a pairs traveller does (the strict engine computes the sheet)."""
    from xlbridge.families.registry import read_workbook

    plan = plan_schedule(sched.head_to_head(2, 1))
    assert HEADERS_IMP[-2:] == ("OK 1", "OK 2")
    rows = {1: [Row(Room("4S", "N", 10, typed=500.0), Room(typed=100.0)), Row()]}
    for ok in (None, "OK"):
        path = tmp_path / f"ok-{ok}.xlsx"
        wb = build_teams_workbook(plan, TeamsOptions())
        extra = {} if ok is None else {f"Match 1!{T.OK_COLS[1]}6": ok, "Match 1!S6": " ok "}
        fill(wb, plan, rows, extra)  # in memory: one save, no load
        wb.save(path)
        asked = [("Checks", f"A{r}") for r in range(4, 8)] + [("Match 1", "L6"), ("Match 1", "M6")]
        values = recalc_strict(path, cells=asked)  # the cells compared and their inputs
        problems = {values.get(("Checks", f"A{r}")) for r in range(4, 8)} - {None, ""}
        listed = {
            "Match 1, board 1: room 1: NS Score 500 typed over the formula (420 computed); "
            "room 2: NS Score 100 typed over the formula"
        }
        assert problems == (listed if ok is None else set())
        assert (values.get(("Match 1", "L6")), values.get(("Match 1", "M6"))) == (9, 0)  # 400
        res = read_workbook(path)
        room1, room2 = res.matches[0].boards[0].room1, res.matches[0].boards[0].room2
        accepted = ok is not None
        assert (room1.score, room1.accepted, room2.accepted) == (500, accepted, accepted)
