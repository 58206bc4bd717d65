"""Test helpers: fill a generated session workbook with results and score them in Python.

The Python side uses only the rules layer (xlbridge.scoring), so a recalculated workbook that
agrees with it proves the formulas mirror the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import openpyxl

from xlbridge.families.duplicate.context import Context, Options, plays
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.model import Movement
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import score_imp_board
from xlbridge.scoring.matchpoints import Adjusted, score_board
from xlbridge.scoring.session import factored_total, percentage, ranks
from xlbridge.types import Contract
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols


@dataclass
class Result:
    """One traveller row's inputs."""

    contract: str | None = None
    by: str | None = None
    tricks: int | None = None
    typed: float | None = None  # typed into NS Score
    adjusted: str | None = None

    def ns_score(self, board: int) -> float | None:
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
class Filled:
    """Results per board (one per traveller row)."""

    results: dict[int, list[Result]] = field(default_factory=dict)


_POOL = ["4S", "3NT", "2H", "5DX", "1NT", "6S", "3C", "4HX", "2SXX", "7NT", "3N", "4s", "2♥"]


def random_result(rng: random.Random, options: Options, pool: list[Result]) -> Result:
    """A random valid row: mostly contracts (often repeated for ties), some pass-outs,
    adjusted scores, missing results and typed scores."""
    x = rng.random()
    if x < 0.05:
        return Result()
    if x < 0.10:
        return Result(contract=rng.choice(["PASS", "pass", "P"]))
    if x < 0.15 and options.scoring == "mp":
        return Result(adjusted=rng.choice(["A", "A+", "A-", "60/40", "A+/A-", "50/50", "40/60"]))
    if x < 0.20:
        return Result(typed=float(rng.choice([-100, 100, 110, 400, -650, 1430])))
    if x < 0.23:
        r = random_contract(rng)
        r.typed = float(rng.choice([-200, 300, 990]))
        return r
    if pool and x < 0.55:
        return rng.choice(pool)
    r = random_contract(rng)
    pool.append(r)
    return r


def random_contract(rng: random.Random) -> Result:
    text = rng.choice(_POOL)
    c = Contract.parse(text)
    tricks = max(0, min(13, c.tricks_needed + rng.choice([-4, -2, -1, -1, 0, 0, 0, 1, 1, 2])))
    return Result(contract=text, by=rng.choice("NESW"), tricks=tricks)


def fill(path: Path, movement: Movement, options: Options, filled: Filled) -> None:
    """Type the results into the workbook at ``path`` (in place), as a user would."""
    wb = openpyxl.load_workbook(path)
    fill_book(wb, options, filled)
    wb.save(path)


def fill_book(wb: Any, options: Options, filled: Filled) -> None:
    """Type the results into the open workbook ``wb``, as a user would (:func:`fill` without
    the load and the save: a workbook built in memory is saved once)."""
    cols = TravellerCols.build(options.result_entry, options.scoring)
    for board, rows in filled.results.items():
        ws = wb[f"Board {board}"]
        for i, res in enumerate(rows):
            r = FIRST_ROW + i
            type_result(ws, r, cols, res)
            if res.adjusted is not None:
                ws[f"{cols.adjusted}{r}"] = res.adjusted


class Typed(Protocol):
    """A result as typed on a traveller row or in a room of a teams match sheet."""

    contract: str | None
    by: str | None
    tricks: int | None
    typed: float | None


def type_result(ws: Any, r: int, cols: TravellerCols, res: Typed) -> None:
    """Type one result on row ``r`` in the columns ``cols`` (a pairs or individual traveller's,
    a teams room's), as a user would: the contract, the declarer and the tricks (as Made or
    Down where the sheet takes them so), and a score typed over NS Score."""
    if res.contract is not None:
        ws[f"{cols.contract}{r}"] = res.contract
        c = Contract.parse(res.contract)
        if not c.is_pass:
            ws[f"{cols.by}{r}"] = res.by
            assert res.tricks is not None
            if cols.tricks_in:
                ws[f"{cols.tricks_in}{r}"] = res.tricks
            elif res.tricks >= c.tricks_needed:
                ws[f"{cols.made}{r}"] = res.tricks - 6
            else:
                ws[f"{cols.down}{r}"] = c.tricks_needed - res.tricks
    if res.typed is not None:
        ws[f"{cols.ns_score}{r}"] = res.typed


# Adjusted scores an IMP game takes (Law 86A: A+ +3, A 0, A- -3 IMPs), as a director types them.
IMP_ADJUSTED = ("A+/A-", "A", "A-", "A+", "a-/a+", "60/40", "A/A-")


def with_imp_adjusted(filled: Filled) -> Filled:
    """``filled`` with every third row of each board, from the second, turned into an adjusted
    score of :data:`IMP_ADJUSTED` in turn (so each board keeps real results to compare)."""
    k = 0
    for rows in filled.results.values():
        for i in range(1, len(rows), 3):
            rows[i] = Result(adjusted=IMP_ADJUSTED[k % len(IMP_ADJUSTED)])
            k += 1
    return filled


def random_fill(movement: Movement, options: Options, seed: int) -> Filled:
    rng = random.Random(seed)
    out = Filled()
    for b in movement.boards:
        pool: list[Result] = []
        out.results[b] = [random_result(rng, options, pool) for _ in plays(movement, b)]
    return out


@dataclass
class Expected:
    """What the workbook must show, from the rules layer."""

    rows: dict[int, list[tuple[float | None, float | None, float | None]]]  # score, ns, ew
    recap: dict[str, tuple[int, float | None, float | None, str]]  # played, total, pct, rank


def expected(movement: Movement, options: Options, filled: Filled) -> Expected:
    """Score ``filled`` with xlbridge.scoring, the way the workbook's formulas must."""
    ctx = Context.create(openpyxl.Workbook(), movement, options)
    n_exp = ctx.expected
    rows: dict[int, list[tuple[float | None, float | None, float | None]]] = {}
    per_pair: dict[str, list[tuple[float, float]]] = {p.label: [] for p in movement.pairs}
    for b in movement.boards:
        res = filled.results.get(b, [])
        who = plays(movement, b)
        scores = [r.ns_score(b) for r in res] + [None] * (len(who) - len(res))
        adj = [r.adjusted for r in res] + [None] * (len(who) - len(res))
        if options.scoring == "mp":
            board_rows: list[float | Adjusted | None] = [
                Adjusted.parse(a) if a else s for s, a in zip(scores, adj, strict=True)
            ]
            mps = score_board(board_rows, options.scale, expected=n_exp)
            field_n = n_exp
            full_top = options.per * max(field_n - 1, 0)
        else:  # adjusted rows leave the datum and comparisons (Law 86A: +3 / 0 / -3 IMPs)
            imp_rows: list[float | Adjusted | None] = [
                Adjusted.parse(a) if a else s for s, a in zip(scores, adj, strict=True)
            ]
            mps = score_imp_board(imp_rows, options.scoring)
            full_top = 0
        rows[b] = [(s, m[0], m[1]) for s, m in zip(scores, mps, strict=True)]
        for (_, ns, ew), (ns_mp, ew_mp) in zip(who, mps, strict=True):
            if ns_mp is not None and ew_mp is not None:
                per_pair[movement.label(ns)].append((ns_mp, full_top))
                per_pair[movement.label(ew)].append((ew_mp, full_top))
    boards_max = max(ctx.boards_of(p.id) for p in movement.pairs)
    totals: dict[str, tuple[int, float | None, float | None]] = {}
    for label, got in per_pair.items():
        if not got:
            totals[label] = (0, None, None)
            continue
        raw = sum(x for x, _ in got)
        tot = factored_total(raw, len(got), boards_max)
        if options.scoring == "mp":
            pct = percentage(raw, sum(t for _, t in got)) / 100
        else:
            pct = raw / len(got)
        totals[label] = (len(got), tot, pct)
    dirs = ctx.directions()
    group = {
        movement.label(p): (next(iter(d)) if ctx.two_winner and len(d) == 1 else "")
        for p, d in dirs.items()
    }
    recap: dict[str, tuple[int, float | None, float | None, str]] = {}
    for g in set(group.values()):
        labels = [lb for lb in totals if group[lb] == g and totals[lb][1] is not None]
        rk = ranks([totals[lb][1] for lb in labels])  # type: ignore[misc]
        for lb, r in zip(labels, rk, strict=True):
            recap[lb] = (*totals[lb], r)
    for lb, t in totals.items():
        recap.setdefault(lb, (*t, ""))
    return Expected(rows, recap)


def fill_by_headers(path: Path, seed: int, unplayed: float = 0.1) -> None:
    """Type random results into every traveller, finding the input columns by their headers
    (so it fills any family's traveller: pairs or individuals); a row in ``unplayed`` is left
    blank (not played yet)."""
    rng = random.Random(seed)
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        if not ws.title.startswith("Board "):
            continue
        head = {c.value: c.column_letter for c in ws[5] if isinstance(c.value, str)}
        for r in range(6, ws.max_row + 1):
            if ws[f"A{r}"].value is None:
                break
            result = random_contract(rng)
            if rng.random() < unplayed:
                continue  # not played yet
            c = Contract.parse(result.contract or "PASS")
            ws[f"{head['Contract']}{r}"] = result.contract
            ws[f"{head['By']}{r}"] = result.by
            assert result.tricks is not None
            if result.tricks >= c.tricks_needed:
                ws[f"{head['Made']}{r}"] = result.tricks - 6
            else:
                ws[f"{head['Down']}{r}"] = c.tricks_needed - result.tricks
    save_workbook(wb, path)  # wb.save's parts, faster
