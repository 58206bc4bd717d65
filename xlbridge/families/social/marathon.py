"""Marathon workbooks (seed 002, "Marathons"): the season's schedule with the host pair of every
match, month by month results, and the standings.

Sheets: ``Session``, ``Pairs`` (names), ``Schedule`` (one row per match: month, host pair,
visiting pair, each pair's points as reported on the signed result form, the host's net score
and the victory points of seed 002's marathon table, corrected in rules.md §0) and
``Back Score`` (each pair's accumulated net score after every month, zero-sum checked, its VPs
and rank).

>>> wb = build_marathon(MarathonOptions(pairs=6))
>>> wb.sheetnames
['Session', 'Pairs', 'Schedule', 'Back Score']
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
from xlbridge.families.social.pairs import chicago_vp_bounds, write_pairs_sheet
from xlbridge.families.social.settings import check_name_count
from xlbridge.families.social.sheet import write_session
from xlbridge.interchange.files import workbook_output, write_atomically
from xlbridge.interchange.xlsx_write import saver
from xlbridge.movements.home import MONTHS, marathon, marathon_months
from xlbridge.scoring.vp import vp
from xlbridge.text import put_text
from xlbridge.workbook.formulas import sheet_ref
from xlbridge.workbook.styles import Styler, fit_landscape, open_template

__all__ = [
    "BACK_FIRST",
    "SCHEDULE",
    "SCHEDULE_FIRST",
    "MarathonOptions",
    "build_marathon",
    "schedule_rows",
    "write_marathon",
]

PAIRS = "Pairs"
PAIRS_FIRST = 4
SCHEDULE = "Schedule"
SCHEDULE_FIRST = 4
BACK = "Back Score"
BACK_FIRST = 4
SCALE = "chicago-marathon"
_HEADERS = (
    "Month", "Round", "Match", "Host", "Host Names", "Visitor", "Visitor Names",
    "Host Points", "Visitor Points", "Host Net", "Host VP", "Visitor VP",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class MarathonOptions:
    """A marathon of ``pairs`` pairs, one round a month from ``start``, skipping ``skip``."""

    pairs: int
    deals: int = 20
    start: str = "September"
    skip: tuple[str, ...] = ("July", "August")
    event: str = "Marathon"
    date: str = ""
    names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 3 <= self.pairs <= 26:
            raise WorkbookError(f"marathon: {self.pairs} pairs; use 3-26")
        if self.start not in MONTHS:
            raise WorkbookError(f"marathon: start month {self.start!r} is not a month name")
        check_name_count(self.names, self.pairs, "pair")


def schedule_rows(opt: MarathonOptions) -> list[tuple[int, int, int, int]]:
    """(sheet row, round, host, visitor) of every match, in schedule order."""
    m = marathon(opt.pairs, opt.deals)
    entries = sorted(m.entries, key=lambda e: (e.round, e.table))
    out = []
    for i, e in enumerate(entries):
        assert e.ns is not None and e.ew is not None
        out.append((SCHEDULE_FIRST + i, e.round, e.ns, e.ew))
    return out


def build_marathon(opt: MarathonOptions, template: str | Path | None = None) -> Workbook:
    """The marathon workbook in memory."""
    wb = open_template(template)
    st = Styler(wb)
    m = marathon(opt.pairs, opt.deals)
    months = marathon_months(m.rounds, opt.start, opt.skip)
    _write_session(wb, st, opt, m.rounds, months)
    names = write_pairs_sheet(wb, st, opt.pairs, opt.names, telephone=True)
    rows = schedule_rows(opt)
    _write_schedule(wb, st, opt, rows, months, names)
    _write_back(wb, st, opt, rows, months, names)
    wb.active = 0
    wb.calculation.fullCalcOnLoad = True
    return wb


def _write_session(
    wb: Workbook, st: Styler, opt: MarathonOptions, rounds: int, months: list[str]
) -> None:
    rows: list[tuple[str, str | int]] = [
        ("Date", opt.date),
        ("Kind", "marathon"),
        ("Pairs", opt.pairs),
        ("Months", rounds),
        ("From", f"{months[0]} to {months[-1]}"),
        ("Deals a match", opt.deals),
    ]
    lines = [
        "Every pair meets every other pair once, one match a month, in the host pair's home.",
        "When a signed result form arrives, type both pairs' points on the Schedule sheet.",
        "Net scores and victory points (Party Bridge's marathon table) fill in by themselves.",
        "The Back Score gives the standings month by month; every column must total zero.",
    ]
    write_session(wb.create_sheet("Session"), st, opt.event, rows, lines, (18, 30))


def _write_schedule(
    wb: Workbook,
    st: Styler,
    opt: MarathonOptions,
    rows: list[tuple[int, int, int, int]],
    months: list[str],
    names: str,
) -> None:
    ws: Worksheet = wb.create_sheet(SCHEDULE)
    ws["A1"] = "Schedule and results"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Host pair in column Host; type each pair's points from the signed result form."
    for i, text in enumerate(_HEADERS, start=1):
        st(ws.cell(row=3, column=i, value=text), "xlb Header")
    ws.row_dimensions[3].height = 30
    bounds = chicago_vp_bounds(SCALE)
    ws["N3"], ws["O3"] = "VP net from", "Winner VP"
    st(ws["N3"], "xlb Header")
    st(ws["O3"], "xlb Header")
    for i, b in enumerate(bounds):
        ws[f"N{4 + i}"], ws[f"O{4 + i}"] = b, vp(b, 4, SCALE)[0]
        st(ws[f"N{4 + i}"], "xlb Value")
        st(ws[f"O{4 + i}"], "xlb Value")
    bref = f"$N$4:$N${3 + len(bounds)}"
    points = DataValidation(type="whole", operator="between", formula1="0", formula2="100000")
    points.allow_blank = True
    ws.add_data_validation(points)
    for k, (r, rnd, host, visitor) in enumerate(rows):
        put_text(ws[f"A{r}"], months[rnd - 1], "month")
        ws[f"B{r}"], ws[f"C{r}"], ws[f"D{r}"], ws[f"F{r}"] = rnd, k + 1, host, visitor
        ws[f"E{r}"] = F.pair_name_cell(f"$D{r}", names)
        ws[f"G{r}"] = F.pair_name_cell(f"$F{r}", names)
        for col in "HI":
            st(ws[f"{col}{r}"], "xlb Input")
            points.add(f"{col}{r}")
        ws[f"J{r}"] = F.match_net(f"$H{r}", f"$I{r}")
        ws[f"K{r}"] = F.vp_of(f"$J{r}", bref, 1)
        ws[f"L{r}"] = F.vp_of(f"$J{r}", bref, -1)
        for col in "ABCDEFGJKL":
            st(ws[f"{col}{r}"], "xlb Value")
    for col, w in zip("ABCDEFGHIJKL", (11, 6, 6, 6, 24, 7, 24, 9, 9, 9, 7, 7), strict=True):
        ws.column_dimensions[col].width = w
    ws.freeze_panes = "A4"
    fit_landscape(ws)
    ws.print_area = f"A1:O{rows[-1][0]}"
    ws.print_title_rows = "3:3"
    ws.protection.sheet = True


def _write_back(
    wb: Workbook,
    st: Styler,
    opt: MarathonOptions,
    rows: list[tuple[int, int, int, int]],
    months: list[str],
    names: str,
) -> None:
    ws: Worksheet = wb.create_sheet(BACK)
    ws["A1"] = "Standings month by month"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Accumulated net points; every column must total zero. VPs decide the ranking."
    n_months = len(months)
    cols = [get_column_letter(3 + k) for k in range(n_months)]
    total_col, vp_col, rank_col = (get_column_letter(3 + n_months + i) for i in range(3))
    heads = [("A", "Pair"), ("B", "Names"), *zip(cols, months, strict=True)]
    heads += [(total_col, "Total"), (vp_col, "VP"), (rank_col, "Rank")]
    for col, text in heads:
        put_text(ws[f"{col}3"], text, "header")
        st(ws[f"{col}3"], "xlb Header")
        ws[f"{col}3"].number_format = "@"
    first, last = rows[0][0], rows[-1][0]
    month_last = {rnd: r for r, rnd, _, _ in rows}
    month_first = {rnd: r for r, rnd, _, _ in reversed(rows)}

    def rng(c: str, a: int = first, b: int = last) -> str:
        return sheet_ref(SCHEDULE, f"${c}${a}:${c}${b}")

    last_row = BACK_FIRST + opt.pairs - 1
    check_row = last_row + 1
    for p in range(1, opt.pairs + 1):
        r = BACK_FIRST + p - 1
        st(ws.cell(row=r, column=1, value=p), "xlb Value")
        ws[f"B{r}"] = F.pair_name_cell(f"$A{r}", names)
        st(ws[f"B{r}"], "xlb Value")
        for k, col in enumerate(cols):
            rnd = k + 1
            ws[f"{col}{r}"] = F.pair_running(
                rng("D", b=month_last[rnd]), rng("F", b=month_last[rnd]),
                rng("J", b=month_last[rnd]), f"$A{r}",
                rng("J", month_first[rnd], month_last[rnd]),
            )  # fmt: skip
            st(ws[f"{col}{r}"], "xlb Value")
            ws[f"{col}{r}"].number_format = "+0;-0;0"
        ws[f"{total_col}{r}"] = F.pair_net_total(rng("D"), rng("F"), rng("J"), f"$A{r}")
        ws[f"{total_col}{r}"].number_format = "+0;-0;0"
        ws[f"{vp_col}{r}"] = F.pair_vps(rng("D"), rng("F"), rng("K"), rng("L"), f"$A{r}")
        ws[f"{rank_col}{r}"] = F.rank_of(
            f"${vp_col}${BACK_FIRST}:${vp_col}${last_row}", f"{vp_col}{r}"
        )
        for col in (total_col, vp_col, rank_col):
            st(ws[f"{col}{r}"], "xlb Value")
    write_zero_check(ws, st, [*cols, total_col], (BACK_FIRST, last_row), check_row)
    ws.column_dimensions["B"].width = 28
    for col in cols:
        ws.column_dimensions[col].width = 10
    fit_landscape(ws)
    ws.print_area = f"A1:{rank_col}{check_row + 1}"
    ws.protection.sheet = True


def write_marathon(
    opt: MarathonOptions,
    path: str | Path,
    *,
    template: str | Path | None = None,
    force: bool = False,
) -> Path:
    """Write the marathon workbook to ``path`` (``.xlsx``), atomically."""
    out = workbook_output(path, force)
    return write_atomically(out, saver(build_marathon(opt, template)), force=force)
