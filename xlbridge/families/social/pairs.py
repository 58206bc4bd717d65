"""Pair games over several tables, one Chicago chukker a round (seed 002, "Games for fixed
partnerships"): progressive bridge, Swiss pairs and round-robin pairs.

Sheets: ``Session``, ``Pairs`` (names), ``Round 1`` ... (one chukker block per table, the
pairs at each table shown by formula), ``Progress`` (each round's tables: pairs, North-South's
net points and hundreds, the winner and loser, victory points; the next round's tables derived
by formula for progressive bridge, typed in for Swiss rounds after the first) and ``Back Score``
(each pair's accumulated net total, zero-sum checked, with victory points and rank).

>>> wb = build_pairs_event(PairsOptions(kind="progressive", tables=3, rounds=2))
>>> wb.sheetnames
['Session', 'Pairs', 'Round 1', 'Round 2', 'Progress', 'Back Score']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.families.social import formulas as F
from xlbridge.families.social.back import write_zero_check
from xlbridge.families.social.settings import (
    PAIRS_KINDS,
    PROGRESSION_LABEL,
    check_name_count,
    code_rows,
    progression_of,
)
from xlbridge.families.social.sheet import (
    BlockLayout,
    Validations,
    format_sheet,
    page_breaks,
    write_block,
    write_session,
)
from xlbridge.families.social.texts import pairs_scoring_text
from xlbridge.interchange.files import workbook_output, write_atomically
from xlbridge.interchange.xlsx_write import saver
from xlbridge.limits import NAME_TEXT
from xlbridge.movements.home import round_robin_pairs
from xlbridge.scoring.vp import vp
from xlbridge.text import put_text
from xlbridge.workbook.formulas import sheet_ref
from xlbridge.workbook.styles import Styler, fit_landscape, open_template

__all__ = [
    "PAIRS_KINDS",
    "PROGRESS",
    "PROGRESSION_LABEL",
    "PROGRESS_FIRST",
    "PairsOptions",
    "build_pairs_event",
    "chicago_vp_bounds",
    "pairs_layouts",
    "progress_row",
    "progression_of",
    "write_pairs_event",
    "write_pairs_sheet",
]

MAX_BLOCKS = 240  # chukker score sheets in one workbook (tables x rounds)
PAIRS = "Pairs"
PAIRS_FIRST = 4
PROGRESS = "Progress"
PROGRESS_FIRST = 4
BACK = "Back Score"
BACK_FIRST = 4
_PROGRESS_HEADERS = (
    "Round", "Table", "NS Pair", "EW Pair", "NS Net", "NS Result", "Tie Winner", "Winner",
    "Loser", "NS VP", "EW VP",
)  # fmt: skip


def chicago_vp_bounds(scale: str = "chicago-swiss") -> tuple[int, ...]:
    """The net points at which the winner's VPs go up, read from ``vp()`` itself.

    >>> chicago_vp_bounds()
    (0, 50, 150, 250, 350, 550, 750, 950, 1250, 1550)
    """
    out = [0]
    for m in range(10, 5000, 10):
        if vp(m, 4, scale)[0] != vp(m - 10, 4, scale)[0]:
            out.append(m)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PairsOptions:
    """A pair game: ``tables`` tables (two pairs each), ``rounds`` chukkers.

    ``variant`` (progressive): ``stay`` (losers stay; table 1's losers go to the last table)
    or ``move`` (losers move one table up). ``vps``: convert each chukker's net points to VPs
    (seed 002's Swiss table, corrected); always on for Swiss and round-robin pairs (product
    spec, "Game families").
    """

    kind: str
    tables: int
    rounds: int | None = None
    variant: str = "stay"
    vps: bool = False
    rounding: str = "up"
    new_york: bool = False
    event: str = "Bridge party"
    date: str = ""
    pairs: tuple[str, ...] = ()
    calcutta: bool = False
    chukkers: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.chukkers <= 4:
            raise WorkbookError(f"{self.chukkers} chukkers a match; use 1-4")
        if self.chukkers > 1 and self.kind != "round-robin-pairs":
            raise WorkbookError(f"{self.kind} plays one chukker a round; --chukkers is for "
                                "round-robin-pairs")  # fmt: skip
        if self.kind not in PAIRS_KINDS:
            raise WorkbookError(f"{self.kind} is not one of {', '.join(PAIRS_KINDS)}")
        if self.variant not in ("stay", "move"):
            raise WorkbookError(f"progressive variant {self.variant!r}; use 'stay' or 'move'")
        if not 1 <= self.tables <= 30 or (self.kind != "progressive" and self.tables < 2):
            raise WorkbookError(f"{self.kind}: {self.tables} tables; use 2-30 (progressive 1-30)")
        if self.rounding not in ("up", "down"):
            raise WorkbookError(f"rounding {self.rounding!r} is not 'up' or 'down'")
        if self.rounds is not None and not 1 <= self.rounds <= 30:
            raise WorkbookError(f"{self.rounds} rounds; use 1-30")
        if self.kind == "round-robin-pairs" and self.rounds not in (None, self.round_count):
            raise WorkbookError(
                f"round-robin-pairs: {2 * self.tables} pairs play {self.round_count} rounds"
            )
        if self.kind == "swiss-pairs" and self.round_count > 2 * self.tables - 1:
            raise WorkbookError(
                f"swiss-pairs: {self.round_count} rounds for {2 * self.tables} pairs would "
                f"need a rematch; use at most {2 * self.tables - 1}"
            )
        if self.tables * self.round_count > MAX_BLOCKS:
            raise WorkbookError(
                f"{self.kind}: {self.tables} tables x {self.round_count} rounds is more than "
                f"{MAX_BLOCKS} chukker score sheets; use fewer tables or rounds"
            )
        check_name_count(self.pairs, 2 * self.tables, "pair")

    @property
    def round_count(self) -> int:
        """The rounds played: ``rounds``, else the kind's own (a Swiss of two tables: 3).

        >>> PairsOptions("swiss-pairs", 2).round_count, PairsOptions("swiss-pairs", 4).round_count
        (3, 5)
        """
        if self.kind == "round-robin-pairs":
            return (2 * self.tables - 1) * self.chukkers
        if self.rounds is not None:
            return self.rounds
        if self.kind == "swiss-pairs":  # 5, or as many as the pairs allow without a rematch
            return min(5, 2 * self.tables - 1)
        return 6

    @property
    def with_vps(self) -> bool:
        return self.vps or self.kind in ("swiss-pairs", "round-robin-pairs")


def pairs_layouts(opt: PairsOptions) -> list[list[BlockLayout]]:
    """layouts[round][table]: the chukker block of each table on each round's sheet."""
    first = BlockLayout.of(1, "chicago")
    step = first.bottom + 2
    return [
        [BlockLayout.of(1 + t * step, "chicago") for t in range(opt.tables)]
        for _ in range(opt.round_count)
    ]


def progress_row(opt: PairsOptions, rnd: int, table: int) -> int:
    """The Progress row of a round (1-based) and table (1-based)."""
    return PROGRESS_FIRST + (rnd - 1) * opt.tables + (table - 1)


def _first_round(opt: PairsOptions) -> list[list[tuple[int, int] | None]]:
    """Known tables per round: round-robin all, the others round 1 (1-2, 3-4, ...)."""
    n = opt.round_count
    if opt.kind == "round-robin-pairs":
        m = round_robin_pairs(2 * opt.tables)
        out: list[list[tuple[int, int] | None]] = [[None] * opt.tables for _ in range(n)]
        c = opt.chukkers
        for e in m.entries:
            assert e.ns is not None and e.ew is not None
            for j in range(c):  # each match is c chukkers, played one after the other
                out[(e.round - 1) * c + j][e.table - 1] = (e.ns, e.ew)
        return out
    first: list[tuple[int, int] | None] = [(2 * t + 1, 2 * t + 2) for t in range(opt.tables)]
    return [first] + [[None] * opt.tables for _ in range(n - 1)]


def _sources(n: int, j: int, variant: str) -> tuple[tuple[str, int], tuple[str, int]]:
    """Where the two pairs of next-round table ``j`` (0-based) come from: (winner|loser,
    previous table), as in ``progressive_next``."""
    if n == 1:
        return ("W", 0), ("L", 0)
    if j == 0:
        return ("W", 0), ("W", 1)
    if j == n - 1:
        return ("L", n - 1), ("L", 0) if variant == "stay" else ("L", n - 2)
    return ("W", j + 1), ("L", j) if variant == "stay" else ("L", j - 1)


def _write_session(wb: Workbook, st: Styler, opt: PairsOptions) -> None:
    moves = {
        "progressive": "Winners move to the next lower table (table 1's stay); losers "
        + (
            "stay (table 1's go to the last table)."
            if opt.variant == "stay"
            else "move to the next higher table (the last table's stay)."
        ),
        "swiss-pairs": "Round 1: pairs 1-2, 3-4, ... After each round the top pairs meet, no "
        "pair twice: type the next round's pairs on the Progress sheet.",
        "round-robin-pairs": "Every pair meets every other pair once; the schedule is on the "
        "Progress sheet.",
    }
    rows: list[tuple[str, str | int]] = [
        ("Date", opt.date),
        ("Kind", opt.kind),
        ("Tables", opt.tables),
        ("Pairs", 2 * opt.tables),
        ("Rounds (Chicago chukkers)", opt.round_count),
        ("Chukkers a match", opt.chukkers),
        ("Chicago vulnerability", "new-york" if opt.new_york else "standard"),
        ("Scoring", pairs_scoring_text(opt.with_vps, opt.rounding)),
    ]
    if opt.kind == "progressive":
        # The one setting the instructions alone used to carry: results and rebuild read it
        # from this row (as `new --progression` takes it), never from the sentence above.
        rows.append((PROGRESSION_LABEL, opt.variant))
    rows += code_rows(opt.rounding, new_york=opt.new_york, vps=opt.with_vps)
    lines = [
        moves[opt.kind],
        "On each Round sheet type every table's deals; the pairs at each table come from the "
        "Progress sheet.",
        "A tie at a table is settled by a cut: type the winning pair in Tie Winner.",
        "The Back Score adds up each pair's net results; every column must total zero.",
    ]
    write_session(wb.create_sheet("Session"), st, opt.event, rows, lines, (26, 44))


def write_pairs_sheet(
    wb: Workbook, st: Styler, count: int, names: tuple[str, ...], *, telephone: bool = False
) -> str:
    """Write the ``Pairs`` sheet: pair numbers 1 to ``count`` and a cell for each pair's
    names (the given ``names`` written as text), and a telephone column if ``telephone``.
    Returns the range of the names, for the score sheets' formulas."""
    ws: Worksheet = wb.create_sheet(PAIRS)
    ws["A1"] = "Pairs"
    st(ws["A1"], "xlb Title")
    ws["A2"] = (
        "Type each pair's names and telephone numbers."
        if telephone
        else "Type each pair's names (e.g. Jane & Joseph)."
    )
    heads = ("Pair", "Names", "Telephone") if telephone else ("Pair", "Names")
    for i, text in enumerate(heads, start=1):
        st(ws.cell(row=3, column=i, value=text), "xlb Header")
    for i in range(count):
        r = PAIRS_FIRST + i
        st(ws.cell(row=r, column=1, value=i + 1), "xlb Value")
        for col in range(2, len(heads) + 1):
            st(ws.cell(row=r, column=col), "xlb Names")
        if i < len(names) and names[i]:
            put_text(ws.cell(row=r, column=2), names[i], "pair names", max_chars=NAME_TEXT)
    ws.column_dimensions["B"].width = 34
    if telephone:
        ws.column_dimensions["C"].width = 18
    ws.protection.sheet = True
    return sheet_ref(PAIRS, f"$B${PAIRS_FIRST}:$B${PAIRS_FIRST + count - 1}")


def build_pairs_event(opt: PairsOptions, template: str | Path | None = None) -> Workbook:
    """The pair-game workbook in memory."""
    wb = open_template(template)
    st = Styler(wb)
    _write_session(wb, st, opt)
    names = write_pairs_sheet(wb, st, 2 * opt.tables, opt.pairs)
    layouts = pairs_layouts(opt)
    n_rounds = opt.round_count
    for k in range(n_rounds):
        ws = wb.create_sheet(f"Round {k + 1}")
        dv = Validations(ws)
        for t, lay in enumerate(layouts[k]):
            row = progress_row(opt, k + 1, t + 1)
            ns = sheet_ref(PROGRESS, f"$C${row}")
            ew = sheet_ref(PROGRESS, f"$D${row}")
            write_block(ws, st, dv, lay, f"Table {t + 1}",
                        seating=F.pair_seating(ns, ew, names), rounding=opt.rounding,
                        new_york=opt.new_york)  # fmt: skip
        format_sheet(ws)
        page_breaks(ws, layouts[k])
    _write_progress(wb, st, opt, layouts)
    _write_back(wb, st, opt, names)
    if opt.calcutta:
        from xlbridge.families.social.back import write_calcutta

        n = opt.round_count
        standing = get_column_letter(3 + n + (1 if opt.with_vps else 0))
        last = progress_row(opt, n, opt.tables)
        write_calcutta(
            wb, st, [str(p) for p in range(1, 2 * opt.tables + 1)], back_first=BACK_FIRST,
            standing_col=standing, played=sheet_ref(PROGRESS, f"$E${PROGRESS_FIRST}:$E${last}"),
        )  # fmt: skip
    wb.active = 0
    wb.calculation.fullCalcOnLoad = True
    return wb


def _write_progress(
    wb: Workbook, st: Styler, opt: PairsOptions, layouts: list[list[BlockLayout]]
) -> None:
    ws: Worksheet = wb.create_sheet(PROGRESS)
    ws["A1"] = "Progress: the tables of every round"
    st(ws["A1"], "xlb Title")
    ws["A2"] = {
        "progressive": "Each round's tables follow from the previous round's winners.",
        "swiss-pairs": "Type rounds 2 on: top pairs meet, no pair twice (or xlbridge swiss next).",
        "round-robin-pairs": "The round-robin schedule: every pair meets every other once.",
    }[opt.kind]
    for i, text in enumerate(_PROGRESS_HEADERS, start=1):
        st(ws.cell(row=3, column=i, value=text), "xlb Header")
    ws.row_dimensions[3].height = 30
    bounds = chicago_vp_bounds()
    st(ws["M3"], "xlb Header")
    ws["M3"] = "VP net from"
    st(ws["N3"], "xlb Header")
    ws["N3"] = "Winner VP"
    for i, b in enumerate(bounds):
        ws[f"M{4 + i}"] = b
        ws[f"N{4 + i}"] = vp(b, 4, "chicago-swiss")[0]
        st(ws[f"M{4 + i}"], "xlb Value")
        st(ws[f"N{4 + i}"], "xlb Value")
    bounds_ref = f"$M$4:$M${3 + len(bounds)}"
    known = _first_round(opt)
    pair_dv = DataValidation(
        type="whole", operator="between", formula1="1", formula2=str(2 * opt.tables)
    )
    pair_dv.allow_blank = True
    ws.add_data_validation(pair_dv)
    for k in range(opt.round_count):
        for t in range(opt.tables):
            r = progress_row(opt, k + 1, t + 1)
            lay = layouts[k][t]
            sheet = f"Round {k + 1}"
            ws[f"A{r}"], ws[f"B{r}"] = k + 1, t + 1
            pairs = known[k][t]
            if pairs is not None:
                ws[f"C{r}"], ws[f"D{r}"] = pairs
                style = "xlb Value"
            elif opt.kind == "progressive":
                (wa, ta), (wb_, tb) = _sources(opt.tables, t, opt.variant)
                where = {"W": "H", "L": "I"}
                a_ref = f"${where[wa]}${progress_row(opt, k, ta + 1)}"
                b_ref = f"${where[wb_]}${progress_row(opt, k, tb + 1)}"
                ws[f"C{r}"] = F.next_pair(a_ref, b_ref, low=True)
                ws[f"D{r}"] = F.next_pair(a_ref, b_ref, low=False)
                style = "xlb Value"
            else:
                style = "xlb Input"
                pair_dv.add(f"C{r}")
                pair_dv.add(f"D{r}")
            for col in "CD":
                st(ws[f"{col}{r}"], style)
            result = sheet_ref(sheet, lay.ns_result)
            ws[f"E{r}"] = F.net_if_over(result, sheet_ref(sheet, f"$I${lay.net}"))
            ws[f"F{r}"] = F.result_in_hundreds(result)
            st(ws[f"G{r}"], "xlb Input")
            pair_dv.add(f"G{r}")
            ws[f"H{r}"] = F.table_winner(f"$E{r}", f"$C{r}", f"$D{r}", f"$G{r}")
            ws[f"I{r}"] = F.table_loser(f"$H{r}", f"$C{r}", f"$D{r}")
            ws[f"J{r}"] = F.vp_of(f"$E{r}", bounds_ref, 1)
            ws[f"K{r}"] = F.vp_of(f"$E{r}", bounds_ref, -1)
            for col in "ABEFHIJK":
                st(ws[f"{col}{r}"], "xlb Value")
    last = progress_row(opt, opt.round_count, opt.tables)
    ws.freeze_panes = "A4"
    fit_landscape(ws)
    ws.print_area = f"A1:N{max(last, 3 + len(bounds))}"
    ws.print_title_rows = "3:3"
    ws.protection.sheet = True


def _write_back(wb: Workbook, st: Styler, opt: PairsOptions, names: str) -> None:
    ws: Worksheet = wb.create_sheet(BACK)
    ws["A1"] = "Back Score"
    st(ws["A1"], "xlb Title")
    what = "in hundreds" if not opt.with_vps else "in points"
    ws["A2"] = f"Each pair's accumulated net score ({what}); every column must total zero."
    n_pairs, n_rounds = 2 * opt.tables, opt.round_count
    cols = [get_column_letter(3 + k) for k in range(n_rounds)]
    total_col = get_column_letter(3 + n_rounds)
    vp_col = get_column_letter(4 + n_rounds)
    rank_col = get_column_letter(5 + n_rounds)
    heads = [("A", "Pair"), ("B", "Names")] + [(c, str(k + 1)) for k, c in enumerate(cols)]
    heads += [(total_col, "Total")]
    heads += [(vp_col, "VP"), (rank_col, "Rank")] if opt.with_vps else [(vp_col, "Rank")]
    for col, text in heads:
        ws[f"{col}3"] = int(text) if text.isdigit() else text
        st(ws[f"{col}3"], "xlb Header")
    first_p = PROGRESS_FIRST
    value_col = "E" if opt.with_vps else "F"
    last_row = BACK_FIRST + n_pairs - 1
    check_row = last_row + 1
    for p in range(1, n_pairs + 1):
        r = BACK_FIRST + p - 1
        st(ws.cell(row=r, column=1, value=p), "xlb Value")
        ws[f"B{r}"] = F.pair_name_cell(f"$A{r}", names)
        st(ws[f"B{r}"], "xlb Value")
        for k, col in enumerate(cols):
            lo, hi = progress_row(opt, k + 1, 1), progress_row(opt, k + 1, opt.tables)
            upto = progress_row(opt, k + 1, opt.tables)

            def rng(c: str, a: int = first_p, b: int = upto) -> str:
                return sheet_ref(PROGRESS, f"${c}${a}:${c}${b}")

            ws[f"{col}{r}"] = F.pair_running(
                rng("C"), rng("D"), rng(value_col), f"$A{r}", rng(value_col, lo, hi)
            )
            st(ws[f"{col}{r}"], "xlb Value")
            ws[f"{col}{r}"].number_format = "+0;-0;0"
        all_rows = (first_p, progress_row(opt, n_rounds, opt.tables))
        full = {c: sheet_ref(PROGRESS, f"${c}${all_rows[0]}:${c}${all_rows[1]}")
                for c in "CDEFJK"}  # fmt: skip
        ws[f"{total_col}{r}"] = F.pair_net_total(full["C"], full["D"], full[value_col], f"$A{r}")
        st(ws[f"{total_col}{r}"], "xlb Value")
        ws[f"{total_col}{r}"].number_format = "+0;-0;0"
        totals = f"${total_col}${BACK_FIRST}:${total_col}${last_row}"
        if opt.with_vps:
            ws[f"{vp_col}{r}"] = F.pair_vps(full["C"], full["D"], full["J"], full["K"], f"$A{r}")
            vps = f"${vp_col}${BACK_FIRST}:${vp_col}${last_row}"
            ws[f"{rank_col}{r}"] = F.rank_of(vps, f"{vp_col}{r}")
            st(ws[f"{vp_col}{r}"], "xlb Value")
            st(ws[f"{rank_col}{r}"], "xlb Value")
        else:
            ws[f"{vp_col}{r}"] = F.rank_of(totals, f"{total_col}{r}")
            st(ws[f"{vp_col}{r}"], "xlb Value")
    write_zero_check(ws, st, [*cols, total_col], (BACK_FIRST, last_row), check_row)
    ws.column_dimensions["B"].width = 30
    fit_landscape(ws)
    ws.print_area = f"A1:{rank_col}{check_row + 1}"
    ws.protection.sheet = True


def write_pairs_event(
    opt: PairsOptions, path: str | Path, *, template: str | Path | None = None, force: bool = False
) -> Path:
    """Write the pair-game workbook to ``path`` (``.xlsx``), atomically."""
    out = workbook_output(path, force)
    return write_atomically(out, saver(build_pairs_event(opt, template)), force=force)
