"""Write a teams workbook: one sheet per match, standings (or the knockout bracket), prizes.

Sheets: ``Session``, ``Names``, ``Match 1``, ``Match 2``, ... (schedule order), ``Standings``
(or ``Bracket`` for a knockout), ``Prizes`` (Marvin's game), ``Checks`` and the hidden
``Lists``. A match sheet has cells labelled ``Home`` and ``Away`` holding the team numbers, one
row per board with both rooms' contracts and results (an ``OK`` column a room accepts a score
typed over NS Score), and the IMPs each team won (or board-a-match points) by formula; below,
each segment's IMPs won with the running total, the match total with any carry-over (the match
score, "45-32"), each side's margin (net IMPs), and its VPs or win/loss (a knockout: the winner,
carried to the next round).

>>> from xlbridge.movements.teams import round_robin_four
>>> from xlbridge.families.teams.plan import plan_schedule
>>> wb = build_teams_workbook(plan_schedule(round_robin_four(8)), TeamsOptions())
>>> wb.sheetnames[:4], wb.sheetnames[-3:]
(['Session', 'Names', 'Match 1', 'Match 2'], ['Standings', 'Checks', 'Lists'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.families.teams import checks as TC
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.context import NAMES, NAMES_FIRST, TeamsContext
from xlbridge.families.teams.plan import PlannedMatch, TeamsOptions, TeamsPlan, vp_table
from xlbridge.families.teams.settings import session_rows
from xlbridge.families.teams.standings import (
    marvin_label,
    write_bracket,
    write_prizes,
    write_standings,
)
from xlbridge.interchange.files import workbook_output, write_atomically
from xlbridge.interchange.xlsx_write import saver
from xlbridge.limits import NAME_TEXT, PLAYERS_TEXT
from xlbridge.text import header_text, put_text
from xlbridge.types import Seat, Vulnerability
from xlbridge.workbook import formulas as F
from xlbridge.workbook.checks import write_checks
from xlbridge.workbook.inputs import validate_contract_rows
from xlbridge.workbook.lists import imp_adjusted_rows, write_contracts_and_imps
from xlbridge.workbook.masterpoints import write_sentence
from xlbridge.workbook.merge import merge_cells
from xlbridge.workbook.session import write_settings
from xlbridge.workbook.styles import Styler, fit_landscape, fit_portrait, open_template

__all__ = [
    "FIRST_ROW",
    "HEADER_ROW",
    "TeamsOptions",
    "build_teams_workbook",
    "write_teams",
]

HEADER_ROW = 5
FIRST_ROW = 6
LISTS = "Lists"
BOUNDS0 = f"{LISTS}!$B$1:$B$25"
ADJ_TABLE = f"{LISTS}!$D$1:$F$60"

HEADERS_IMP = (
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
    "Home IMPs",
    "Away IMPs",
    "Adjusted",
    "Segment",
    "Dealer",
    "Vul",
    "OK 1",
    "OK 2",
)


def _text(cell: Any, value: str) -> None:
    """Write user text as text, never a formula (checked: no control characters, no bytes that
    are not UTF-8, at most Excel's cell length)."""
    put_text(cell, value)


def _session(ctx: TeamsContext) -> None:
    ws: Worksheet = ctx.wb.create_sheet("Session")
    st, opt, plan = ctx.style, ctx.options, ctx.plan
    _text(ws["A1"], opt.event)
    st(ws["A1"], "xlb Title")
    rows = session_rows(plan, opt)
    write_settings(ws, st, rows)
    write_sentence(ws, st, 3, rows, chars=40)
    r = 4 + len(rows)
    ws.cell(row=r, column=1, value="Instructions")
    st(ws.cell(row=r, column=1), "xlb Label")
    lines = [
        "1. Type the team names on the Names sheet (optional).",
        "2. On each Match sheet: room 1 is where the Home team sits North-South, room 2 where "
        "it sits East-West.",
        "   Type each room's Contract (4S, 3NT, 4HX, PASS), By (N, E, S, W) and Made (the level "
        "made) or Down.",
        "3. A number typed into NS Score replaces the computed score; Checks lists it until OK "
        "is typed in the room's OK column (OK 1, OK 2).",
    ]
    if not ctx.bam:
        lines.append(
            "4. Adjusted scores (Law 86A): type A+, A or A- (both teams), or Home/Away as "
            "A+/A- in Adjusted: +3, 0, -3 IMPs."
        )
    lines += [
        "5. A match scores in the Standings when every board has a result.",
        "6. Fix every line on the Checks sheet.",
        "Yellow cells are for typing; the other cells are formulas and are locked.",
    ]
    for i, line in enumerate([*lines, *plan.notes], start=r + 1):
        _text(ws.cell(row=i, column=1), line)
    ws.column_dimensions["A"].width = 26
    ws.column_dimensions["B"].width = 40
    ws.print_area = f"A1:H{r + len(lines) + len(plan.notes)}"
    fit_portrait(ws)
    ws.protection.sheet = True


def _names(ctx: TeamsContext) -> None:
    ws: Worksheet = ctx.wb.create_sheet(NAMES)
    st = ctx.style
    marvin = ctx.plan.marvin
    ws["A1"] = "Pair names" if marvin else "Team names"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Type the names; the match sheets and standings use them."
    heads = ("Pair", "Player 1", "Player 2") if marvin else ("Team", "Team name", "Players")
    for col, text in zip("ABC", heads, strict=True):
        ws[f"{col}3"] = text
        st(ws[f"{col}3"], "xlb Header")
    ids = range(1, 7) if marvin else ctx.plan.teams
    for i, t in enumerate(ids):
        r = NAMES_FIRST + i
        ws[f"A{r}"] = t
        st(ws[f"A{r}"], "xlb Value")
        given = list(ctx.options.names.get(t, ()))
        for j, col in enumerate("BC"):
            cell = ws[f"{col}{r}"]
            st(cell, "xlb Names")
            if j < len(given) and given[j]:
                players = j == 1 and not marvin  # a team's players share one cell
                put_text(cell, given[j], "name", max_chars=PLAYERS_TEXT if players else NAME_TEXT)
        if marvin:
            ws[f"D{r}"] = T.pair_display_name(r)
        else:
            ws[f"D{r}"] = T.team_display_name(r)
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 40
    ws.column_dimensions["D"].hidden = True
    ws.print_area = f"A1:C{NAMES_FIRST + len(ids) - 1}"
    fit_portrait(ws)
    ws.protection.sheet = True


def _lists(ctx: TeamsContext) -> None:
    ws: Worksheet = ctx.wb.create_sheet(LISTS)
    write_contracts_and_imps(ws)
    for i, (text, home, away) in enumerate(imp_adjusted_rows(), start=1):
        ws.cell(row=i, column=4, value=text)
        ws.cell(row=i, column=5, value=home)
        ws.cell(row=i, column=6, value=away)
    if ctx.options.vps:
        table = vp_table(ctx.plan.match_boards, ctx.options.scale)
        for i, (m, v) in enumerate(table, start=1):
            ws.cell(row=i, column=8, value=m)
            ws.cell(row=i, column=9, value=v)
        ctx.vp_range = f"{LISTS}!$H$1:$I${len(table)}"
    ws.sheet_state = "hidden"
    ws.protection.sheet = True


def _team_cell(ctx: TeamsContext, m: PlannedMatch, side: int) -> int | str:
    team = m.home if side == 0 else m.away
    if team is not None:
        return team
    assert m.feeds is not None
    kind, n = m.feeds[side]
    if kind == "team":
        return n
    return T.team_ref(f"Match {n}", ctx.cells[n]["winner"].split("!")[1])


def _match_sheet(ctx: TeamsContext, m: PlannedMatch) -> None:
    st, opt = ctx.style, ctx.options
    name = f"Match {m.number}"
    ws: Worksheet = ctx.wb.create_sheet(name)
    c1, c2 = T.room_cols(1), T.room_cols(2)
    first, n = FIRST_ROW, len(m.boards)
    last = first + n - 1
    bam, ko = ctx.bam, ctx.plan.kind == "knockout"

    def put(ref: str, value: Any, style: str | None = None) -> Any:
        cell = ws[ref]
        cell.value = value
        if style:
            st(cell, style)
        return cell

    put("A1", name, "xlb Title")
    _text(put("C1", None, "xlb Label"), opt.event)
    put("H1", "Round", "xlb Label")
    put("I1", m.round, "xlb Value")
    ids, disp = ctx.names_range("A"), ctx.names_range("D")
    put("A2", "Home", "xlb Label")
    put("B2", _team_cell(ctx, m, 0), "xlb Value")
    marvin = ctx.plan.marvin
    home_label = marvin_label(m.home) if marvin and m.home else T.team_name("$B$2", ids, disp)
    put("C2", home_label, "xlb Label")
    put("G2", "Away", "xlb Label")
    put("H2", _team_cell(ctx, m, 1), "xlb Value")
    away_label = marvin_label(m.away) if marvin and m.away else T.team_name("$H$2", ids, disp)
    put("I2", away_label, "xlb Label")
    carries = not bam and ctx.plan.kind in ("head-to-head", "knockout")
    if carries:
        put("A3", "Carry-over", "xlb Label")
        put("B3", opt.carry_over or None, "xlb Input")
        put("C3", "IMPs to Home (minus: to Away)")
    put("G3", "Boards", "xlb Label")
    put("H3", n, "xlb Value")
    put(
        "A4",
        "Room 1: Home sits North-South; room 2: Home sits East-West. Contract like 4S, 3NT, "
        "4HX, PASS; By N E S W; Made = level made, or Down = tricks down."
        + ("" if bam else " Adjusted: A+, A, A- or Home/Away as A+/A- (Law 86A, 3 IMPs)."),
        "xlb Text",
    )
    merge_cells(ws, "A4:S4")
    ws.row_dimensions[4].height = 30
    heads = list(HEADERS_IMP)
    if bam:
        heads[11], heads[12], heads[13] = "Home Points", "Away Points", ""
    ws.row_dimensions[HEADER_ROW].height = 30
    for i, text in enumerate(heads, start=1):
        if text:
            st(ws.cell(row=HEADER_ROW, column=i, value=text), "xlb Header")

    for i, (board, seg) in enumerate(zip(m.boards, m.segments, strict=True)):
        r = first + i
        put(f"A{r}", board, "xlb Value")
        for c in (c1, c2):
            for col in (c.contract, c.by, c.made, c.down):
                assert col is not None
                st(ws[f"{col}{r}"], "xlb Input")
            put(f"{c.ns_score}{r}", F.ns_score(c, r), "xlb Score")
            for col, formula in T.room_helpers(c, r).items():
                ws[f"{col}{r}"] = formula
        ws[f"{T.VUL_COL}{r}"] = str(Vulnerability.from_board(board))
        ws[f"{T.NET_COL}{r}"] = T.net(c1, c2, r)
        if bam:
            put(f"{T.HOME_COL}{r}", T.bam_points(r, 1), "xlb Value")
            put(f"{T.AWAY_COL}{r}", T.bam_points(r, -1), "xlb Value")
        else:
            ws[f"{T.ADJ_HOME_COL}{r}"] = T.adjusted_imps(r, ADJ_TABLE, 2)
            ws[f"{T.ADJ_AWAY_COL}{r}"] = T.adjusted_imps(r, ADJ_TABLE, 3)
            ws[f"{T.HOME_NET_COL}{r}"] = T.home_imps(r, BOUNDS0, 1)
            ws[f"{T.AWAY_NET_COL}{r}"] = T.home_imps(r, BOUNDS0, -1)
            put(f"{T.HOME_COL}{r}", T.imps_won(r, 1), "xlb Value")
            put(f"{T.AWAY_COL}{r}", T.imps_won(r, -1), "xlb Value")
            st(ws[f"{T.ADJ_COL}{r}"], "xlb Input")
        for col in T.OK_COLS.values():
            st(ws[f"{col}{r}"], "xlb Input")
        put(f"{T.SEGMENT_COL}{r}", seg, "xlb Value")
        put(f"P{r}", str(Seat.dealer_of(board)), "xlb Value")
        put(f"Q{r}", str(Vulnerability.from_board(board)), "xlb Value")
        ws[f"{T.ISSUES_COL}{r}"] = TC.row_issues(c1, c2, r, not bam)
        ws[f"{T.PROBLEM_COL}{r}"] = TC.row_message(r, m.number, board)
        ctx.checks_sources.append(F.sheet_ref(name, f"${T.PROBLEM_COL}${r}"))

    # Segments, running score, totals, result.
    s0 = last + 2
    unit = "Points" if bam else "IMPs"
    for i, text in enumerate(
        ("Segment", "Boards", f"Home {unit}", f"Away {unit}", "Home running", "Away running"),
        start=1,
    ):
        st(ws.cell(row=s0, column=i, value=text), "xlb Header")
    ws.row_dimensions[s0].height = 30
    seg_range = f"${T.SEGMENT_COL}${first}:${T.SEGMENT_COL}${last}"
    carry = "$B$3" if carries else None
    segs = sorted(set(m.segments))
    r = s0
    for k in segs:
        r += 1
        boards = [b for b, s in zip(m.boards, m.segments, strict=True) if s == k]
        put(f"A{r}", k, "xlb Value")
        put(f"B{r}", f"{boards[0]}-{boards[-1]}", "xlb Value")
        put(f"C{r}", T.segment_sum(T.HOME_COL, seg_range, k, first, last), "xlb Value")
        put(f"D{r}", T.segment_sum(T.AWAY_COL, seg_range, k, first, last), "xlb Value")
        prev_h = None if k == segs[0] else f"$E${r - 1}"
        prev_a = None if k == segs[0] else f"$F${r - 1}"
        put(f"E{r}", T.running(prev_h, f"$C${r}", carry, 1), "xlb Value")
        put(f"F{r}", T.running(prev_a, f"$D${r}", carry, -1), "xlb Value")
    total_row = r + 1
    put(f"A{total_row}", "Total", "xlb Label")
    put(f"C{total_row}", F.copy_of(f"$E${r}"), "xlb Value")
    put(f"D{total_row}", F.copy_of(f"$F${r}"), "xlb Value")
    put(f"E{total_row}", "Scored", "xlb Label")
    put(f"F{total_row}", T.scored_count(T.HOME_COL, first, last), "xlb Value")
    done = f"${T.DONE_COL}${total_row}"
    ws[done.replace("$", "")] = T.done_flag(f"$F${total_row}", n)
    h, a = f"$C${total_row}", f"$D${total_row}"
    gross = {"gh": h, "ga": a}
    scored = f"$F${total_row}"  # no result (blank) until a board is scored
    if not bam:
        # The match score is the IMPs each side won; the margin scores the VPs.
        total_row += 1
        put(f"A{total_row}", "Margin", "xlb Label")
        put(f"C{total_row}", T.margin(first, last, carry, 1), "xlb Value")
        put(f"D{total_row}", T.margin(first, last, carry, -1), "xlb Value")
        h, a = f"$C${total_row}", f"$D${total_row}"
    res_row = total_row + 1
    cells = {"home": "$B$2", "away": "$H$2", "h": h, "a": a, "done": done, **gross}
    if bam:
        put(f"A{res_row}", "Match won", "xlb Label")
        put(f"C{res_row}", T.match_points_win(h, a, scored=scored), "xlb Number")
        put(f"D{res_row}", T.match_points_win(a, h, scored=scored), "xlb Number")
    elif opt.win_loss:
        put(f"A{res_row}", "Win/loss", "xlb Label")
        put(f"C{res_row}", T.win_loss_formula(h, opt.three_quarter, scored=scored), "xlb Number")
        put(f"D{res_row}", T.win_loss_formula(a, opt.three_quarter, scored=scored), "xlb Number")
    elif ko:
        res_row -= 1
    else:
        put(f"A{res_row}", "VP", "xlb Label")
        total = 30.0 if opt.scale == "acbl30" else 20.0
        boards_vp = ctx.plan.match_boards
        put(
            f"C{res_row}",
            T.vp_formula(h, boards_vp, opt.scale, ctx.vp_range, total, scored=scored),
            "xlb Number",
        )
        put(
            f"D{res_row}",
            T.vp_formula(a, boards_vp, opt.scale, ctx.vp_range, total, scored=scored),
            "xlb Number",
        )
    cells.update(hv=f"$C${res_row}", av=f"$D${res_row}")
    end = res_row
    if ko:
        end = res_row + 2
        put(f"A{end - 1}", "Winner if tied", "xlb Label")
        put(f"C{end - 1}", None, "xlb Input")
        put(f"A{end}", "Winner", "xlb Label")
        put(f"C{end}", T.winner(done, "$B$2", "$H$2", h, a, f"$C${end - 1}"), "xlb Title")
        cells["winner"] = f"$C${end}"
        ws[f"{T.PROBLEM_COL}{end}"] = TC.winner_problem(
            m.number, done, "$B$2", "$H$2", h, a, f"$C${end - 1}"
        )
        ctx.checks_sources.append(F.sheet_ref(name, f"${T.PROBLEM_COL}${end}"))
    ctx.cells[m.number] = {k: F.sheet_ref(name, v) for k, v in cells.items()}

    # Validation, layout, printing, protection.
    for c in (c1, c2):
        validate_contract_rows(ws, c, lambda col: f"{col}{first}:{col}{last}")
    widths = {"A": 11, "B": 9, "C": 8, "D": 8, "E": 8, "F": 9, "G": 9, "H": 7, "I": 8, "J": 8}
    widths.update({"K": 9, "L": 9, "M": 9, "N": 9, "O": 9, "P": 7, "Q": 6, "R": 5, "S": 5})
    for col, w in widths.items():
        ws.column_dimensions[col].width = w
    ws.column_dimensions.group("T", T.AWAY_NET_COL, hidden=True)
    ws.freeze_panes = f"B{first}"
    ws.print_area = f"A1:S{end}"
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    fit_landscape(ws)
    header: Any = ws.oddHeader
    header.center.text = header_text(f"{opt.event}: {name}")
    ws.protection.sheet = True


def build_teams_workbook(
    plan: TeamsPlan, options: TeamsOptions, template: str | Path | None = None
) -> Workbook:
    """The teams workbook for ``plan``, in memory."""
    if not plan.matches:
        raise WorkbookError(f"{plan.kind}: no matches to score")
    if plan.kind == "knockout" and (options.win_loss or options.scoring == "bam"):
        given = "--win-loss" if options.win_loss else "--team-scoring bam"  # the one typed
        raise WorkbookError(f"knockout: matches are won on IMPs; {given} does not apply")
    if options.carry_over and plan.kind not in ("head-to-head", "knockout"):
        raise WorkbookError(
            f"{plan.kind}: a carry-over applies to head-to-head and knockout matches"
        )
    wb = open_template(template)
    ctx = TeamsContext(wb=wb, plan=plan, options=options, style=Styler(wb))
    _session(ctx)
    _names(ctx)
    # The match sheets need the VP range of the hidden Lists sheet: write it now, move it last.
    _lists(ctx)
    lists_pos = wb.sheetnames.index(LISTS)
    for m in plan.matches:
        _match_sheet(ctx, m)
    if plan.kind == "knockout":
        write_bracket(ctx)
    else:
        write_standings(ctx)
        if plan.marvin:
            write_prizes(ctx)
    # One page: the problems fill from the top (a list as long as the boards printed blank).
    write_checks(ctx)
    wb.move_sheet(LISTS, offset=len(wb.sheetnames) - 1 - lists_pos)
    wb.active = 0
    wb.calculation.fullCalcOnLoad = True
    return wb


def write_teams(
    plan: TeamsPlan,
    path: str | Path,
    options: TeamsOptions,
    *,
    template: str | Path | None = None,
    force: bool = False,
) -> Path:
    """Write the teams workbook to ``path`` (``.xlsx``), atomically; refuses to replace a file
    unless ``force``."""
    out = workbook_output(path, force)
    wb = build_teams_workbook(plan, options, template)
    return write_atomically(out, saver(wb), force=force)

