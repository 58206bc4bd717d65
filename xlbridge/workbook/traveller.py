"""One traveller sheet per board, laid out like the ACBL traveller of seed 000.

Top: board number, dealer, vulnerability, the field, top and check total with "in balance".
One row per play of the board, pre-filled with the pairs in playing order. Inputs: Contract,
By, Made and Down (or Tricks), an adjusted score; NS Score is a formula that a typed number
replaces (Checks lists it). Hidden helper columns (X onwards) hold the parsed contract.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import PatternFill
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.types import Seat, Vulnerability
from xlbridge.workbook import formulas as F
from xlbridge.workbook.context import LISTS, Context, pair_value, plays
from xlbridge.workbook.styles import fit_landscape

__all__ = ["ADJ_TABLE", "BOUNDS", "BOUNDS0", "CONTRACTS", "write_traveller"]

CONTRACTS = f"{LISTS}!$A$1:$A$106"
BOUNDS0 = f"{LISTS}!$B$1:$B$25"
BOUNDS = f"{LISTS}!$B$2:$B$25"
ADJ_TABLE = f"{LISTS}!$D$1:$F$500"

_BAD = PatternFill("solid", fgColor="F4B6B6")
_TYPED = PatternFill("solid", fgColor="F8CBAD")


@cache
def _index(letter: str) -> int:
    return column_index_from_string(letter)


def _headers(ctx: Context) -> dict[str, str]:
    c = ctx.cols
    mp = ctx.options.scoring == "mp"
    h = {c.ns: "NS", c.ew: "EW", c.contract: "Contract", c.by: "By"}
    if c.made and c.down:
        h[c.made], h[c.down] = "Made", "Down"
    else:
        assert c.tricks_in is not None
        h[c.tricks_in] = "Tricks"
    h[c.ns_score], h[c.ew_score] = "NS Score", "EW Score"
    h[c.ns_mp], h[c.ew_mp] = ("NS MP", "EW MP") if mp else ("NS IMP", "EW IMP")
    h[c.adjusted], h[c.round], h[c.table] = "Adjusted", "Round", "Table"
    return h


def write_traveller(ctx: Context, board: int) -> Worksheet:
    """Write the ``Board N`` sheet for ``board``."""
    c, opt, st = ctx.cols, ctx.options, ctx.style
    b = ctx.ranges[board]
    ws: Worksheet = ctx.wb.create_sheet(b.sheet)
    per = opt.per
    rows = plays(ctx.movement, board)

    def put(ref: str, value: Any, style: str | None = None) -> None:
        col, row = coordinate_from_string(ref)
        cell = ws.cell(row=row, column=_index(col), value=value)
        if style:
            st(cell, style)

    # Header block
    put("A1", "Board", "xlb Label")
    put("B1", board, "xlb Title")
    put("C1", "Dealer", "xlb Label")
    put("D1", str(Seat.dealer_of(board)), "xlb Value")
    put("G1", "Vulnerable", "xlb Label")
    put("H1", str(Vulnerability.from_board(board)), "xlb Value")
    put("I1", ctx.options.event, "xlb Label")
    n, adj, field, top = "$B$2", "$D$2", "$F$2", "$B$3"
    check, ns_sum, ew_sum, status = "$D$3", "$F$3", "$H$3", "$I$3"
    put("A2", "Results", "xlb Label")
    put("B2", F.results_count(c, b), "xlb Value")
    put("C2", "Adjusted", "xlb Label")
    put("D2", F.adjusted_count(c, b), "xlb Value")
    put("E2", "Field", "xlb Label")
    put("F2", F.full_field(n, adj), "xlb Value")
    put("G2", "Expected", "xlb Label")
    put("H2", ctx.expected, "xlb Input")
    put("A3", "Top", "xlb Label")
    put("B3", F.top_formula(field, per) if opt.scoring == "mp" else "", "xlb Number")
    cells = {"n": n, "adj": adj, "field": field, "top": top, "status": status}
    if opt.scoring == "mp":
        put("C3", "Check total", "xlb Label")
        put("D3", F.check_total(n, top), "xlb Number")
        put("E3", "NS MP", "xlb Label")
        put("F3", F.sum_real(c, b, c.ns_mp), "xlb Number")
        put("G3", "EW MP", "xlb Label")
        put("H3", F.sum_real(c, b, c.ew_mp), "xlb Number")
        put("I3", F.balance(ns_sum, ew_sum, check, n), "xlb Label")
        cells.update(check=check)
    else:
        put("C3", "Datum" if opt.scoring == "butler" else "Method", "xlb Label")
        if opt.scoring == "butler":
            put("E3", "Trim", "xlb Label")
            put("F3", F.butler_trim(n), "xlb Value")
            put("D3", F.butler_datum(c, b, n), "xlb Value")
        else:
            put("D3", "cross-IMPs ÷ comparisons", "xlb Value")
    # Totals over every row (adjusted included), read by the recap's grand check.
    hid = c.first_hidden
    put(f"{hid}2", f"=SUM({b.col(c.ns_mp)})")
    put(f"{hid}3", f"=SUM({b.col(c.ew_mp)})")
    cells.update(ns_all=f"${hid}$2", ew_all=f"${hid}$3")
    board_problem = f"{c.problem}3"
    put(
        board_problem,
        F.board_problem(board, status, n, adj, field)
        if opt.scoring == "mp"
        else f'=IF({n}+{adj}>{field},"Board {board}: more results than Expected","")',
    )
    cells["problem"] = f"${c.problem}$3"
    ctx.board_cells[board] = {k: F.sheet_ref(b.sheet, v) for k, v in cells.items()}

    put(
        "A4",
        "Contract like 4S, 3NT, 4HX, PASS; By N E S W; "
        + ("Made = level made, or Down = tricks down." if c.made else "Tricks = tricks taken.")
        + " A number typed into NS Score replaces the computed score.",
        "xlb Text",
    )

    headers = _headers(ctx)
    for col, text in headers.items():
        put(f"{col}{F.HEADER_ROW}", text, "xlb Header")
    # The instructions span the visible columns, so they wrap there instead of in column A.
    ws.merge_cells(f"A4:{max(headers, key=_index)}4")
    ws.row_dimensions[4].height = 30

    # Rows
    input_cols: list[str] = [
        x for x in (c.contract, c.by, c.made, c.down, c.tricks_in) if x is not None
    ]
    trim, datum = "$F$3", "$D$3"
    for i, (entry, ns_id, ew_id) in enumerate(rows):
        r = F.FIRST_ROW + i
        put(f"{c.ns}{r}", pair_value(ctx.movement.label(ns_id)), "xlb Input")
        put(f"{c.ew}{r}", pair_value(ctx.movement.label(ew_id)), "xlb Input")
        for col in [*input_cols, c.adjusted]:
            assert col is not None
            st(ws.cell(row=r, column=_index(col)), "xlb Input")
        put(f"{c.ns_score}{r}", F.ns_score(c, r), "xlb Score")
        put(f"{c.ew_score}{r}", F.ew_score(c, r), "xlb Value")
        put(f"{c.round}{r}", entry.round, "xlb Value")
        put(f"{c.table}{r}", entry.table, "xlb Value")
        hidden = {
            c.key: F.contract_key(c, r),
            c.is_pass: F.is_pass(c, r),
            c.level: F.level(c, r),
            c.strain: F.strain(c, r),
            c.dbl: F.doubling_text(c, r),
            c.mult: F.multiplier(c, r),
            c.ok: F.contract_ok(c, r),
            c.side: F.declarer_side(c, r),
            c.vul: F.vul_flag(c, r),
            c.tricks: F.tricks(c, r),
            c.result_msg: F.result_message(c, r),
            c.below: F.trick_score(c, r),
            c.decl: F.declarer_score(c, r),
            c.calc: F.ns_calc(c, r),
            c.real: F.is_real(c, r),
            c.cmp: F.compared(c, r),
            c.adj_ns: F.adjusted_pct(c, r, ADJ_TABLE, 2),
            c.adj_ew: F.adjusted_pct(c, r, ADJ_TABLE, 3),
            c.issues: F.row_issues(c, b, r, ctx.pairs_range),
            c.problem: F.row_message(c, r, board),
        }
        if opt.scoring == "mp":
            hidden[c.mp_raw] = F.mp_raw(c, b, r, per)
            ns_v = F.ns_mp(c, r, per, n, field, top)
            ew_v = F.ew_mp(c, r, per, n, field, top)
        elif opt.scoring == "butler":
            hidden[c.pos] = F.butler_pos(c, b, r)
            hidden[c.keep] = F.butler_keep(c, r, n, trim)
            ns_v = F.butler_imps(c, r, datum, BOUNDS0)
            ew_v = F.ew_imp(c, r)
        else:
            ns_v = F.cross_imp(c, b, r, n, BOUNDS)
            ew_v = F.ew_imp(c, r)
        put(f"{c.ns_mp}{r}", ns_v, "xlb Number")
        put(f"{c.ew_mp}{r}", ew_v, "xlb Number")
        for col, formula in hidden.items():
            ws.cell(row=r, column=_index(col), value=formula)
        ctx.checks_sources.append(F.sheet_ref(b.sheet, f"${c.problem}${r}"))
    ctx.checks_sources.append(ctx.board_cells[board]["problem"])

    last = b.last
    # Validation: drop-downs and whole numbers; the contract list only suggests.
    dv = DataValidation(type="list", formula1=CONTRACTS, allow_blank=True)
    dv.showErrorMessage = False
    dv.add(b.col(c.contract).replace("$", ""))
    ws.add_data_validation(dv)
    dv = DataValidation(type="list", formula1='"N,E,S,W"', allow_blank=True)
    dv.error, dv.errorTitle, dv.showErrorMessage = "Declarer is N, E, S or W", "By", True
    dv.add(b.col(c.by).replace("$", ""))
    ws.add_data_validation(dv)
    whole = []
    if c.made and c.down:
        whole = [(c.made, 1, 7, "Made is the level made, 1-7"), (c.down, 1, 13, "Down is 1-13")]
    elif c.tricks_in:
        whole = [(c.tricks_in, 0, 13, "Tricks taken are 0-13")]
    for col, lo, hi, msg in whole:
        dv = DataValidation(type="whole", operator="between", formula1=str(lo), formula2=str(hi))
        dv.allow_blank, dv.showErrorMessage, dv.error = True, True, msg
        dv.add(b.col(col).replace("$", ""))
        ws.add_data_validation(dv)
    dv = DataValidation(type="whole", operator="between", formula1="1", formula2="99")
    dv.add("H2")
    ws.add_data_validation(dv)

    # Highlight wrong entries: the row's inputs when it has a problem; NS Score when typed over.
    first = F.FIRST_ROW
    for col in [c.ns, c.ew, *input_cols, c.adjusted]:
        assert col is not None
        ws.conditional_formatting.add(
            f"{col}{first}:{col}{last}",
            FormulaRule(  # type: ignore[no-untyped-call]
                formula=[f'${c.issues}{first}<>""'], fill=_BAD
            ),
        )
    x, calc = f"${c.ns_score}{first}", f"${c.calc}{first}"
    ws.conditional_formatting.add(
        f"{c.ns_score}{first}:{c.ns_score}{last}",
        FormulaRule(  # type: ignore[no-untyped-call]
            formula=[f'AND(ISNUMBER({x}),OR({calc}="",{x}<>{calc}))'], fill=_TYPED
        ),
    )

    # Layout, printing, protection
    widths = {c.ns: 8, c.ew: 8, c.contract: 10, c.by: 5, c.ns_score: 9, c.ew_score: 9}
    widths.update({c.ns_mp: 8, c.ew_mp: 8, c.adjusted: 9, c.round: 7, c.table: 7, "I": 14})
    for col, w in widths.items():
        ws.column_dimensions[col].width = w
    ws.column_dimensions.group(c.first_hidden, c.last_hidden, hidden=True)
    ws.freeze_panes = f"C{first}"
    ws.print_area = f"A1:{c.table}{last}"
    ws.print_title_rows = f"{F.HEADER_ROW}:{F.HEADER_ROW}"
    fit_landscape(ws)
    header: Any = ws.oddHeader
    header.center.text = f"{ctx.options.event}: Board {board}"
    ws.protection.sheet = True
    return ws
