"""One traveller sheet per board, laid out like the ACBL traveller of seed 000.

Top: board number, dealer, vulnerability, the field, top and check total with "in balance".
One row per play of the board, pre-filled with the pairs in playing order. Inputs: Contract,
By, Made and Down (or Tricks), an adjusted score; NS Score is a formula that a typed number
replaces (Checks lists it). Hidden helper columns (X onwards) hold the parsed contract.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from openpyxl.styles import PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate import formulas_imp as FX
from xlbridge.families.duplicate.context import LISTS, Context, cell_at, pair_value
from xlbridge.movements.model import Entry
from xlbridge.text import put_text, put_value
from xlbridge.types import Seat, Vulnerability
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_checks as FC
from xlbridge.workbook.inputs import (
    finish_board_sheet,
    highlight_rows,
    score_rule,
    validate_contract_rows,
)
from xlbridge.workbook.styles import fit_portrait

__all__ = [
    "ADJ_IMP_TABLE",
    "ADJ_TABLE",
    "BOUNDS",
    "BOUNDS0",
    "CONTRACTS",
    "TRAVELLERS",
    "board_totals",
    "instruction_line",
    "play_cells",
    "write_paper_travellers",
    "write_traveller",
]

CONTRACTS = f"{LISTS}!$A$1:$A$106"
BOUNDS0 = f"{LISTS}!$B$1:$B$25"
BOUNDS = f"{LISTS}!$B$2:$B$25"
ADJ_TABLE = f"{LISTS}!$D$1:$F$500"
ADJ_IMP_TABLE = f"{LISTS}!$H$1:$J$60"  # IMP games: text, NS and EW IMPs (lists.py, Law 86A)

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


def instruction_line(c: F.TravellerCols) -> str:
    """The traveller's line of instructions about its result cells (row 4).

    >>> instruction_line(F.TravellerCols.build("tricks", "mp"))[:56]
    'Contract like 4S, 3NT, 4HX, PASS; By N E S W; Tricks = t'
    >>> instruction_line(F.TravellerCols.build("score", "mp"))[:30]
    "NS Score = North-South's score"
    """
    if c.score_entry:
        return (
            "NS Score = North-South's score, minus when East-West scored (420, -50; 0 passed"
            " out). Contract, By, Made and Down are for information only."
        )
    return (
        "Contract like 4S, 3NT, 4HX, PASS; By N E S W; "
        + ("Made = level made, or Down = tricks down." if c.made else "Tricks = tricks taken.")
        + " A number typed into NS Score replaces the computed score; OK in the row accepts it."
    )


def write_traveller(ctx: Context, board: int) -> Worksheet:
    """Write the ``Board N`` sheet for ``board``."""
    c, opt, st = ctx.cols, ctx.options, ctx.style
    b = ctx.ranges[board]
    ws: Worksheet = ctx.wb.create_sheet(b.sheet)
    per = opt.per
    rows = ctx.plays_of(board)

    def put(ref: str, value: Any, style: str | None = None) -> None:
        row, col = cell_at(ref)
        cell = put_value(ws.cell(row=row, column=col), value)
        if style:
            st(cell, style)

    # Header block
    put("A1", "Board", "xlb Label")
    put("B1", board, "xlb Title")
    put("C1", "Dealer", "xlb Label")
    put("D1", str(Seat.dealer_of(board)), "xlb Value")
    put("G1", "Vul", "xlb Label")
    put("H1", str(Vulnerability.from_board(board)), "xlb Value")
    put("I1", None, "xlb Label")
    put_text(ws["I1"], ctx.options.event, "event")
    if ctx.movement.barometer:  # every table plays the board in its round
        put("E1", "Round", "xlb Label")
        put("F1", rows[0][0].round if rows else None, "xlb Value")
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
            put("D3", F.butler_datum(c, b, n, opt.datum_rounding), "xlb Value")
        else:
            put("D3", "cross-IMPs ÷ comparisons", "xlb Value")
    board_totals(
        ctx, ws, c, board, cells,
        FC.board_problem(board, status, n, adj, field) if opt.scoring == "mp"
        else f'=IF({n}+{adj}>{field},"Board {board}: more results than Expected","")',
    )  # fmt: skip

    put("A4", instruction_line(c), "xlb Text")

    headers = _headers(ctx)
    ok_col = F.accepted_col(c)
    headers[ok_col] = "OK"
    put("I2", "Rows 2-3, Adjusted and OK: the director's")
    for col, text in headers.items():
        put(f"{col}{F.HEADER_ROW}", text, "xlb Header")
    # The instructions span the visible columns, so they wrap there instead of in column A.
    # Registered directly: the cells of row 4 are empty, and merge_cells would make a
    # MergedCell object for each of them (a tenth of the build time of a large session).
    ws.merged_cells.add(f"A4:{max(headers, key=_index)}4")
    ws.row_dimensions[4].height = 30

    # Rows
    input_cols: list[str] = [
        x for x in (c.contract, c.by, c.made, c.down, c.tricks_in) if x is not None
    ]
    trim, datum = "$F$3", "$D$3"
    for i, (entry, ns_id, ew_id) in enumerate(rows):
        r = F.FIRST_ROW + i
        # Pair numbers come from the movement: locked, so a player cannot type over them.
        put(f"{c.ns}{r}", pair_value(ctx.movement.label(ns_id)), "xlb Value")
        put(f"{c.ew}{r}", pair_value(ctx.movement.label(ew_id)), "xlb Value")
        hidden = play_cells(ctx, ws, c, board, r, entry, input_cols, (n, field, top))
        hidden.update({
            c.issues: FC.row_issues(c, b, r, ctx.pairs_range),
            c.problem: FC.row_message(c, r, board),
        })  # fmt: skip
        if opt.scoring == "butler":
            hidden[c.pos] = F.butler_pos(c, b, r)
            hidden[c.keep] = F.butler_keep(c, r, n, trim)
            put(f"{c.ns_mp}{r}", FX.ns_imp(c, r, F.butler_imps(c, r, datum, BOUNDS0)), "xlb Number")
        elif opt.scoring == "ximp":
            put(f"{c.ns_mp}{r}", FX.ns_imp(c, r, F.cross_imp(c, b, r, n, BOUNDS)), "xlb Number")
        for col, formula in hidden.items():
            ws.cell(row=r, column=_index(col), value=formula)
    ctx.checks_sources.append(ctx.board_cells[board]["problem"])

    last = b.last
    # Validation stops what can never be right; Checks reports the rest.
    first_contract = f"{c.contract}{F.FIRST_ROW}"
    validate_contract_rows(
        ws,
        c,
        lambda col: b.col(col).replace("$", ""),
        contract_rule=F.contract_entry_rule(first_contract)[1:],
        extra=[score_rule(c)] if c.score_entry else [],
    )
    most = max(len(rows), ctx.expected, 1)
    dv = DataValidation(type="whole", operator="between", formula1="1", formula2=str(most))
    dv.showErrorMessage, dv.errorTitle = True, "Expected"
    dv.error = f"Results expected on this board: a whole number 1-{most}"
    dv.add("H2")
    ws.add_data_validation(dv)

    # Highlight wrong entries: the row's inputs when it has a problem; NS Score when typed over.
    first = F.FIRST_ROW
    # One rule over all the input columns (a multi-range), not one rule per column.
    inputs = [c.ns, c.ew, *input_cols, *([c.ns_score] if c.score_entry else []), c.adjusted]
    highlight_rows(ws, c, [" ".join(f"{col}{first}:{col}{last}" for col in inputs)], first, last)

    # Layout, printing, protection
    widths = {c.ns: 8, c.ew: 8, c.contract: 11, c.by: 5, c.ns_score: 9, c.ew_score: 9}
    widths.update({c.ns_mp: 8, c.ew_mp: 8, c.adjusted: 9, c.round: 7, c.table: 7, "I": 14})
    widths.update({ok_col: 5})
    widths["G"] = max(widths.get("G", 9), 11)  # "Check total"/"Vul" labels sit in column G
    finish_board_sheet(
        ws,
        c,
        widths,
        freeze=f"C{first}",
        print_area=f"A1:{ok_col}{last}",
        title=f"{ctx.options.event}: Board {board}",
    )
    return ws


def board_totals(
    ctx: Context, ws: Worksheet, c: F.TravellerCols, board: int, cells: dict[str, str],
    problem: str,
) -> None:  # fmt: skip
    """Write a traveller's totals over every row, adjusted included (the first hidden column,
    rows 2 and 3: the Recap's check total reads them) and its problem cell (``problem``, row 3
    of the problem column); record the board's summary cells (``cells``, with these) in
    ``ctx.board_cells`` for the sheets that read them."""
    b, hid = ctx.ranges[board], c.first_hidden
    put_value(ws[f"{hid}2"], F.sum_of(b.col(c.ns_mp)))
    put_value(ws[f"{hid}3"], F.sum_of(b.col(c.ew_mp)))
    put_value(ws[f"{c.problem}3"], problem)
    cells.update(ns_all=f"${hid}$2", ew_all=f"${hid}$3", problem=f"${c.problem}$3")
    ctx.board_cells[board] = {k: F.sheet_ref(b.sheet, v) for k, v in cells.items()}


def play_cells(
    ctx: Context, ws: Worksheet, c: F.TravellerCols, board: int, r: int, entry: Entry,
    inputs: list[str], field_refs: tuple[str, str, str],
) -> dict[str, str]:  # fmt: skip
    """Write what every row of play of the form holds, a pairs or an individual traveller's
    (sheet row ``r``): the style of its input cells (``inputs``, Adjusted, OK), NS Score (a
    formula a typed score replaces), EW Score, Round and Table, NS and EW MP (matchpoints,
    from the results count, field and top cells ``field_refs``; IMP games: EW IMP, the
    caller writes NS IMP), and name the row's problem cell to the Checks sheet. Returns the
    hidden helper formulas by column (score, real, compared, adjusted; matchpoints: raw
    matchpoints), for the caller to add its own and write."""
    opt, st, b = ctx.options, ctx.style, ctx.ranges[board]

    def put(col: str, value: Any, style: str) -> None:
        st(put_value(ws.cell(row=r, column=_index(col)), value), style)

    for col in [*inputs, c.adjusted, F.accepted_col(c)]:
        st(ws.cell(row=r, column=_index(col)), "xlb Input")
    put(c.ns_score, F.ns_score(c, r), "xlb Input" if c.score_entry else "xlb Score")
    put(c.ew_score, F.ew_score(c, r), "xlb Value")
    put(c.round, entry.round, "xlb Value")
    put(c.table, entry.table, "xlb Value")
    mp = opt.scoring == "mp"
    hidden = {
        **F.score_cells(c, r, F.vul_flag(c, r)),
        c.real: F.is_real(c, r),
        c.cmp: F.compared(c, r),
        c.adj_ns: F.adjusted_pct(c, r, ADJ_TABLE, 2) if mp
        else FX.adjusted_imp(c, r, ADJ_IMP_TABLE, 2),
        c.adj_ew: F.adjusted_pct(c, r, ADJ_TABLE, 3) if mp
        else FX.adjusted_imp(c, r, ADJ_IMP_TABLE, 3),
    }  # fmt: skip
    if mp:
        n, field, top = field_refs
        hidden[c.mp_raw] = F.mp_raw(c, b, r, opt.per)
        put(c.ns_mp, F.ns_mp(c, r, opt.per, n, field, top), "xlb Number")
        put(c.ew_mp, F.ew_mp(c, r, opt.per, n, field, top), "xlb Number")
    else:
        put(c.ew_mp, FX.ew_imp(c, r), "xlb Number")
    ctx.checks_sources.append(F.sheet_ref(b.sheet, f"${c.problem}${r}"))
    return hidden


# -- the printed travellers: several to a page, what the players fill only ----------------------

TRAVELLERS = "Travellers"
PAPER_ROWS_PER_PAGE = 40  # rows of 17 pt on a portrait page (A4 or Letter), inside the margins


def write_paper_travellers(ctx: Context) -> Worksheet:
    """Write the ``Travellers`` sheet: one paper traveller per board, several to a printed page,
    never one split across pages. It holds only what the players write (contract, declarer,
    result, score); the director's cells (Expected, Adjusted, check totals) stay on the Board
    sheets, where the results are typed in afterwards.
    """
    ws: Worksheet = ctx.wb.create_sheet(TRAVELLERS)
    st, m, c = ctx.style, ctx.movement, ctx.cols
    result = ["Made", "Down"] if c.made else ["Tricks"]
    heads = ["NS", "EW", "Contract", "By", *result, "NS score", "EW score"]
    width = len(heads)
    # Sections: each section's copy of a board has its own traveller (floor duplication).
    field = ctx.options.sections
    papers: list[tuple[int, str, list[tuple[Entry, int, int]]]] = []
    for board in m.boards:
        if field is None:
            papers.append((board, "", ctx.plays_of(board)))
            continue
        for s in field.sections:
            ids = set(s.pair_ids)
            rows = [x for x in ctx.plays_of(board) if x[1] in ids]
            if rows:
                papers.append((board, f"Section {s.letter}: ", rows))
    tallest = max((len(rows) for _b, _s, rows in papers), default=1) + 3
    per = max(1, min(6, PAPER_ROWS_PER_PAGE // tallest))
    r = 1
    for i, (board, section, rows) in enumerate(papers):
        put = ws.cell
        st(put(row=r, column=1, value=f"Board {board}"), "xlb Title")
        st(put(row=r, column=3, value=f"Dealer {Seat.dealer_of(board)}"), "xlb Label")
        st(put(row=r, column=5, value=f"Vul {Vulnerability.from_board(board)}"), "xlb Label")
        # A barometer's boards are played in one round, in board order: the round is shown.
        rnd = f"Round {rows[0][0].round}  " if m.barometer and rows else ""
        put_text(put(row=r, column=7), section + rnd + ctx.options.event, "event")
        ws.row_dimensions[r].height = 20
        r += 1
        for j, text in enumerate(heads, start=1):
            st(put(row=r, column=j, value=text), "xlb Header")
        r += 1
        for _entry, ns_id, ew_id in rows:
            st(put_value(put(row=r, column=1), pair_value(m.label(ns_id))), "xlb Card")
            st(put_value(put(row=r, column=2), pair_value(m.label(ew_id))), "xlb Card")
            for j in range(3, width + 1):
                st(put(row=r, column=j), "xlb Card")
            ws.row_dimensions[r].height = 17
            r += 1
        r += 1
        if (i + 1) % per == 0 and i + 1 < len(papers):
            ws.row_breaks.append(Break(id=r - 1))
    for j, w in enumerate((8, 8, 11, 6, *([7] * len(result)), 10, 10), start=1):
        ws.column_dimensions[get_column_letter(j)].width = w
    ws.print_area = f"A1:{get_column_letter(width)}{max(r - 2, 1)}"
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws
