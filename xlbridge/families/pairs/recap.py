"""The Recap sheet: one row per pair, one column per board, total, %, rank and check totals.

Two-winner games (every pair keeps its direction) rank NS and EW apart and show ``Dir``; one-field
games (Howell, arrow-switched) rank everyone together. Pairs who played fewer boards are factored
up to the most boards any pair is scheduled to play (seed 001).
"""

from __future__ import annotations

from typing import Any

from openpyxl.chart import BarChart, Reference
from openpyxl.styles import PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST, Context, cell_at, pair_value
from xlbridge.families.duplicate.recap_players import write_players_columns
from xlbridge.scoring.session import places_in_ranking
from xlbridge.text import put_text, put_value
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.inputs import highlight_places
from xlbridge.workbook.styles import DECIMALS, fit_landscape

__all__ = ["FIRST", "HEADER", "write_recap"]

SESSION_DATE = "Session!$B$3"
HEADER = 4
FIRST = 5
_PLACE = PatternFill("solid", fgColor="E2EFDA")


def write_recap(ctx: Context) -> Worksheet:
    """Write the ``Recap`` sheet."""
    ws: Worksheet = ctx.wb.create_sheet("Recap")
    st, opt, c = ctx.style, ctx.options, ctx.cols
    mp = opt.scoring == "mp"
    boards = list(ctx.movement.boards)
    two = ctx.two_winner
    dirs = ctx.directions()
    pairs = list(ctx.movement.pairs)
    if two:  # NS pairs first, then EW, as on the ACBL recap
        pairs.sort(key=lambda p: 0 if dirs.get(p.id) == {"NS"} else 1)
    boards_max = max((ctx.boards_of(p.id) for p in pairs), default=1) or 1
    places = places_in_ranking(ctx.movement.tables, one_field=not two)

    def put(ref: str, value: Any, style: str | None = None) -> None:
        row, col = cell_at(ref)
        cell = put_value(ws.cell(row=row, column=col), value)
        if style:
            st(cell, style)

    put("A1", None, "xlb Title")
    put_text(ws["A1"], f"Recap: {opt.event}", "event")
    put("A2", F.shown_text(SESSION_DATE), "xlb Label")  # the date as typed on the Session sheet
    method = {"mp": f"Matchpoints ({opt.scale.upper()})", "butler": "Butler IMPs",
              "ximp": "Cross-IMPs"}[opt.scoring]  # fmt: skip
    ranked = f"the first {places} places of each direction" if two else f"the first {places} places"
    # One field hides the Dir column (C): the line then starts under the first board.
    method_cell = "C2" if two else "D2"
    put(method_cell, f"{method}; {ranked} shaded", "xlb Label")
    bcol = {b: get_column_letter(4 + i) for i, b in enumerate(boards)}
    last_b = get_column_letter(3 + len(boards))
    k = 4 + len(boards)
    col_played, col_total, col_pct, col_rank = (get_column_letter(k + i) for i in range(4))
    # Sections: each pair's section and its rank in the section, after the overall rank.
    field = opt.sections
    col_sec, col_srank = get_column_letter(k + 4), get_column_letter(k + 5)
    extra = 2 if field else 0
    col_raw, col_key = get_column_letter(k + 5 + extra), get_column_letter(k + 6 + extra)
    col_order = get_column_letter(k + 7 + extra)
    col_sorder = get_column_letter(k + 8 + extra)  # sections only: the place in the section
    col_last = col_srank if field else col_rank
    put("A3", "Top" if mp else "", "xlb Label")
    for b in boards:
        put(f"{bcol[b]}3", f"={ctx.board_cells[b]['top']}" if mp else "", "xlb Number")
    heads = ["Pair", "Names", "Dir"] + [str(b) for b in boards]
    heads += ["Played", "Total", "%" if mp else "Avg", "Rank"]
    heads += ["Section", "Section rank"] if field else []
    for i, text in enumerate(heads, start=1):
        put(f"{get_column_letter(i)}{HEADER}", text, "xlb Header")
    put(f"{col_raw}{HEADER}", "Raw")
    put(f"{col_key}{HEADER}", "Key")
    put(f"{col_order}{HEADER}", "Order")
    if field:
        put(f"{col_sorder}{HEADER}", "Section order")
    last = FIRST + len(pairs) - 1
    name_row = {p.id: NAMES_FIRST + i for i, p in enumerate(ctx.movement.pairs)}
    dir_rng = f"$C${FIRST}:$C${last}"
    # A field of Mitchell and Howell sections, ranked as one: a Mitchell section's pairs keep
    # their direction (Dir), and the section is ranked NS and EW apart, as published scorers
    # give a Mitchell's places (xlbridge.results.session._kept_directions).
    kept: dict[int, str] = {}
    for sec in field.sections if field and not two else ():
        ds = [dirs.get(i, set()) for i in sec.pair_ids]
        if all(len(d) == 1 for d in ds):
            kept.update({i: next(iter(d)) for i, d in zip(sec.pair_ids, ds, strict=True)})
    key_rng = f"${col_key}${FIRST}:${col_key}${last}"
    sec_rng = f"${col_sec}${FIRST}:${col_sec}${last}"
    for i, p in enumerate(pairs):
        r = FIRST + i
        put(f"A{r}", pair_value(p.label), "xlb Value")
        nr = name_row[p.id]
        put(f"B{r}", R.join_names(f"{NAMES}!$B${nr}", f"{NAMES}!$C${nr}"), "xlb Value")
        d = dirs.get(p.id, set())
        put(f"C{r}", (next(iter(d)) if len(d) == 1 else "") if two else kept.get(p.id, ""),
            "xlb Value")  # fmt: skip
        for b in boards:
            put(f"{bcol[b]}{r}", R.pair_board(f"$A{r}", ctx.ranges[b], c), "xlb Number")
        cells = f"D{r}:{last_b}{r}"
        put(f"{col_played}{r}", R.played(cells), "xlb Value")
        played = f"${col_played}{r}"
        put(f"{col_raw}{r}", R.raw_total(cells, played))
        raw = f"${col_raw}{r}"
        put(f"{col_total}{r}", R.factored(raw, played, boards_max), "xlb Number")
        if mp:
            tops = f"$D$3:${last_b}$3"
            put(f"{col_pct}{r}", R.percent(raw, cells, tops, played), "xlb Percent")
        else:
            put(f"{col_pct}{r}", R.average(raw, played), "xlb Number")
        put(f"{col_key}{r}", R.rank_key(f"${col_total}{r}"))
        to_here = f"${col_key}${FIRST}:${col_key}{r}"
        put(
            f"{col_order}{r}",
            R.standing_order(f"${col_key}{r}", key_rng, to_here)
            if not two
            else R.standing_order(
                f"${col_key}{r}", key_rng, to_here, f"$C{r}", dir_rng, f"$C${FIRST}:$C{r}"
            ),
        )
        put(
            f"{col_rank}{r}",
            R.rank(f"${col_key}{r}", key_rng, f"$C{r}" if two else None, dir_rng if two else None),
            "xlb Value",
        )
        if field:
            by_dir = two or p.id in kept
            put(f"{col_sec}{r}", field.section_of(p.label), "xlb Value")
            put(
                f"{col_sorder}{r}",
                R.section_order(
                    f"${col_key}{r}", key_rng, to_here,
                    (f"${col_sec}{r}", sec_rng, f"${col_sec}${FIRST}:${col_sec}{r}"),
                    (f"$C{r}", dir_rng, f"$C${FIRST}:$C{r}") if by_dir else None,
                ),
            )  # fmt: skip
            put(
                f"{col_srank}{r}",
                R.rank(f"${col_key}{r}", key_rng, f"$C{r}" if by_dir else None,
                       dir_rng if by_dir else None, (f"${col_sec}{r}", sec_rng)),
                "xlb Value",
            )  # fmt: skip
    # Check totals: the recap's sum against the travellers' (seed 000: 441 each way).
    raw_rng = f"${col_raw}${FIRST}:${col_raw}${last}"
    r = last + 2
    groups = [("NS", "ns_all"), ("EW", "ew_all")] if two else [(None, "")]
    # One field has no directions: its Dir column is hidden, the totals in the first board's.
    tot, bal = ("C", "E") if two else ("D", "F")
    for direction, key in groups:
        # Two rows, the label overflowing into the empty Names cell and the totals in the wider
        # Dir column (a board's column is too narrow for 441.0): "NS check total on the recap",
        # then "... on the travellers" with "in balance" beside it.
        label = f"{direction} check total" if direction else "Check total"
        put(f"A{r}", f"{label} on the recap", "xlb Label")
        got = f"${tot}${r}"
        put(got, R.direction_sum(raw_rng, dir_rng if two else None, direction), "xlb Number")
        if direction:
            want = R.boards_sum([ctx.board_cells[b][key] for b in boards])
        else:
            want = R.boards_sum(
                [f"{ctx.board_cells[b]['ns_all']}+{ctx.board_cells[b]['ew_all']}" for b in boards]
            )
        r += 1
        put(f"A{r}", f"{label} on the travellers", "xlb Label")
        put(f"{tot}{r}", want, "xlb Number")
        put(f"{bal}{r}", R.grand_balance(got, f"${tot}${r}"), "xlb Label")
        r += 1
    if mp:
        put(f"A{r}", "Average", "xlb Label")
        put(f"{tot}{r}", "50%", "xlb Value")
    # Highlight the ranked places.
    rank_cell = f"${col_rank}{FIRST}"
    highlight_places(ws, f"A{FIRST}:{col_last}{last}", rank_cell, places)
    # A native chart of the standings.
    chart = BarChart()
    chart.type = "bar"
    chart.title = "Standings"
    chart.y_axis.title = "Total"
    data = Reference(ws, min_col=k + 1, min_row=HEADER, max_row=last)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=FIRST, max_row=last))
    chart.height = max(7.5, 0.5 * len(pairs))
    ws.add_chart(chart, f"A{r + 2}")

    # Names whole when known: "A & B" as the Recap joins them (names typed later may be cut).
    joined = (len(" & ".join(n for n in v if n)) for v in opt.names.values())
    ws.column_dimensions["B"].width = max(28, min(70, round(max(joined, default=0) * 1.1) + 2))
    for b in boards:
        ws.column_dimensions[bcol[b]].width = 6
    if not two:
        ws.column_dimensions["C"].hidden = True
        ws.column_dimensions["D"].width = 8  # the check totals (516.0) under the first board
    # One format down each scored column (3.50, 5.69, 0.06; never 3.5 beside 5.69).
    scored = [bcol[b] for b in boards] + [col_total] + ([] if mp else [col_pct])
    for col in scored:
        for row in [3, *range(FIRST, last + 1)]:
            ws[f"{col}{row}"].number_format = DECIMALS
    rows = {p.id: (FIRST + i, name_row[p.id]) for i, p in enumerate(pairs)}
    extra_cols = {"pct": col_pct, "key": col_key, "dir": "C"}
    # After the hidden Raw, Key, Order (and, with sections, Section order) columns.
    after_hidden = k + 8 + extra + (1 if field else 0)
    players_last = write_players_columns(ctx, ws, rows, after_hidden, extra_cols, two)
    ws.column_dimensions[col_raw].hidden = True
    ws.column_dimensions[col_key].hidden = True
    ws.column_dimensions[col_order].hidden = True
    if field:
        ws.column_dimensions[col_sorder].hidden = True
        ws.column_dimensions[col_srank].width = 13  # "Section rank" whole in the bold header
    ctx.recap.update(
        first=str(FIRST), last=str(last), pair="A", names="B", dir="C", total=col_total,
        pct=col_pct, rank=col_rank, order=col_order, played=col_played,
        method=method_cell,
    )  # fmt: skip
    if field:
        ctx.recap.update(section_rank=col_srank, section_order=col_sorder)
    ws.freeze_panes = f"D{FIRST}"
    ws.print_area = f"A1:{players_last or col_last}{r}"
    ws.print_title_rows = f"{HEADER}:{HEADER}"
    fit_landscape(ws)
    ws.protection.sheet = True
    return ws
