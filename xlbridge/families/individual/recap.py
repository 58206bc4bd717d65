"""The Recap of an individuals workbook: one row per player, one field.

Columns ``Player``, ``Names``, one per board (the player's side's matchpoints there: North and
South take NS MP, East and West EW MP), ``Played``, ``Total`` (factored up to the most boards a
player is scheduled to play), ``%`` (of the tops of the boards played), ``Rank`` (ties "2=").
In the Rainbow, where every player keeps a compass direction, ``Dir`` and ``Dir rank`` rank each
direction apart as well (seed 002: "four winners"). The check total is twice the travellers'
matchpoints: each side's score counts for two players.
Mirrors :func:`xlbridge.scoring.individual.standings`.
"""

from __future__ import annotations

from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST, Context
from xlbridge.families.duplicate.recap_players import write_players_columns
from xlbridge.families.individual import formulas as FI
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.movements.individual_seats import home_directions
from xlbridge.scoring.session import places_to_rank
from xlbridge.text import put_text
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.checks import write_provisional_line
from xlbridge.workbook.formulas_masterpoints import award_formula
from xlbridge.workbook.inputs import highlight_places
from xlbridge.workbook.masterpoints import MASTERPOINTS_HEADER
from xlbridge.workbook.merge import merge_cells
from xlbridge.workbook.styles import fit_landscape, fit_portrait

__all__ = [
    "FIRST",
    "HEADER",
    "scheduled_boards",
    "write_individual_recap",
    "write_individual_results",
]

HEADER = 4
FIRST = 5
_FONT = Font(size=14)
_BOLD = Font(size=14, bold=True)


def scheduled_boards(ctx: Context) -> dict[int, int]:
    """Boards each player is scheduled to play."""
    out = dict.fromkeys(ctx.movement.pair_ids, 0)
    for e in ctx.movement.entries:
        for p in e.players or ():
            out[p] += len(e.boards)
    return out


def write_individual_recap(ctx: Context, ic: IndividualCols) -> Worksheet:
    """Write the ``Recap`` sheet."""
    ws: Worksheet = ctx.wb.create_sheet("Recap")
    st, opt, m = ctx.style, ctx.options, ctx.movement
    boards = list(m.boards)
    players = list(m.pairs)
    boards_max = max(scheduled_boards(ctx).values(), default=1) or 1
    places = places_to_rank(m.tables)

    def put(ref: str, value: object, style: str | None = None) -> None:
        cell = ws[ref]
        cell.value = value
        if style:
            st(cell, style)

    st(ws["A1"], "xlb Title")
    put_text(ws["A1"], f"Recap: {opt.event}", "event")
    st(ws["A2"], "xlb Label")
    put_text(ws["A2"], opt.date, "date")
    put(
        "C2",
        f"Matchpoints ({opt.scale.upper()}), each player credited with their side's score; "
        f"one field; places ranked: {places}",
        "xlb Label",
    )
    bcol = {b: get_column_letter(3 + i) for i, b in enumerate(boards)}
    last_b = get_column_letter(2 + len(boards))
    k = 3 + len(boards)
    col_played, col_total, col_pct, col_rank = (get_column_letter(k + i) for i in range(4))
    # The Rainbow's players keep their compass direction: ranked by direction too (seed 002).
    homes = home_directions(m)
    col_dir, col_drank = get_column_letter(k + 4), get_column_letter(k + 5)
    last_vis = col_drank if homes else col_rank
    h = k + (7 if homes else 5)
    col_raw, col_key, col_order = (get_column_letter(h + i) for i in range(3))
    put("B3", "Top", "xlb Label")
    for b in boards:
        put(f"{bcol[b]}3", F.copy_of(ctx.board_cells[b]["top"]), "xlb Number")
    heads = ["Player", "Names", *(str(b) for b in boards), "Played", "Total", "%", "Rank"]
    heads += ["Dir", "Dir rank"] if homes else []
    for i, text in enumerate(heads, start=1):
        put(f"{get_column_letter(i)}{HEADER}", text, "xlb Header")
    put(f"{col_raw}{HEADER}", "Raw")
    put(f"{col_key}{HEADER}", "Key")
    put(f"{col_order}{HEADER}", "Order")
    last = FIRST + len(players) - 1
    key_rng = f"${col_key}${FIRST}:${col_key}${last}"
    dir_rng = f"${col_dir}${FIRST}:${col_dir}${last}"
    tops = f"$C$3:${last_b}$3"
    for i, p in enumerate(players):
        r = FIRST + i
        put(f"A{r}", p.id, "xlb Value")
        put(f"B{r}", FI.player_name(f"{NAMES}!$B${NAMES_FIRST + i}"), "xlb Value")
        for b in boards:
            put(f"{bcol[b]}{r}", FI.player_board(f"$A{r}", ctx.ranges[b], ic), "xlb Number")
        cells = f"C{r}:{last_b}{r}"
        played = f"${col_played}{r}"
        put(played.replace("$", ""), R.played(cells), "xlb Value")
        put(f"{col_raw}{r}", R.raw_total(cells, played))
        raw = f"${col_raw}{r}"
        put(f"{col_total}{r}", R.factored(raw, played, boards_max), "xlb Number")
        put(f"{col_pct}{r}", R.percent(raw, cells, tops, played), "xlb Percent")
        put(f"{col_key}{r}", R.rank_key(f"${col_total}{r}"))
        to_here = f"${col_key}${FIRST}:${col_key}{r}"
        put(f"{col_order}{r}", R.standing_order(f"${col_key}{r}", key_rng, to_here))
        put(f"{col_rank}{r}", R.rank(f"${col_key}{r}", key_rng, None, None), "xlb Value")
        if homes:
            put(f"{col_dir}{r}", homes[p.id], "xlb Value")
            put(
                f"{col_drank}{r}",
                R.rank(f"${col_key}{r}", key_rng, f"${col_dir}{r}", dir_rng),
                "xlb Value",
            )
    # Check total: every side's score counts for both its players.
    r = last + 2
    raw_rng = f"${col_raw}${FIRST}:${col_raw}${last}"
    put(f"A{r}", "Check total", "xlb Label")
    put(f"C{r}", R.direction_sum(raw_rng, None, None), "xlb Number")
    merge_cells(ws, f"C{r}:D{r}")
    put(f"E{r}", "travellers ×2:", "xlb Label")
    merge_cells(ws, f"E{r}:G{r}")
    want = FI.players_check(
        [f"{ctx.board_cells[b]['ns_all']}+{ctx.board_cells[b]['ew_all']}" for b in boards]
    )
    put(f"H{r}", want, "xlb Number")
    merge_cells(ws, f"H{r}:I{r}")
    put(f"J{r}", R.grand_balance(f"$C${r}", f"$H${r}"), "xlb Label")
    put(f"A{r + 1}", "Average", "xlb Label")
    put(f"C{r + 1}", "50%", "xlb Value")
    rank_cell = f"${col_rank}{FIRST}"
    highlight_places(ws, f"A{FIRST}:{last_vis}{last}", rank_cell, places)
    ws.column_dimensions["A"].width = 7
    ws.column_dimensions["B"].width = 24
    for b in boards:
        ws.column_dimensions[bcol[b]].width = 5
    for col in (col_played, col_total, col_pct, col_rank, col_dir, col_drank):
        ws.column_dimensions[col].width = 8
    ws.column_dimensions[col_raw].hidden = True
    ws.column_dimensions[col_key].hidden = True
    ws.column_dimensions[col_order].hidden = True
    ctx.recap.update(
        first=str(FIRST), last=str(last), pair="A", names="B", total=col_total, pct=col_pct,
        rank=col_rank, order=col_order, played=col_played,
    )  # fmt: skip
    # Handicapped and stratified results (new --handicap, --strata): one field, one player.
    rows = {p.id: (FIRST + i, NAMES_FIRST + i) for i, p in enumerate(players)}
    shown = {"pct": col_pct, "key": col_key}
    extra = write_players_columns(ctx, ws, rows, h + 3, shown, False, (("D",), ("E",)))
    if homes:
        ctx.recap.update(dir=col_dir, dir_rank=col_drank)
    ws.freeze_panes = f"C{FIRST}"
    ws.print_area = f"A1:{extra or last_vis}{r + 1}"
    ws.print_title_rows = f"{HEADER}:{HEADER}"
    fit_landscape(ws)
    ws.protection.sheet = True
    return ws


def write_individual_results(ctx: Context) -> Worksheet:
    """Write ``Results``: the players in rank order, for the notice board. Each line picks, by
    formula, the player whose place in the Recap's hidden ``Order`` column is the line's number
    (``session.ranks`` order, ties in player order), so the sheet re-sorts itself."""
    ws: Worksheet = ctx.wb.create_sheet("Results")
    st, rc = ctx.style, ctx.recap
    first, last = int(rc["first"]), int(rc["last"])
    st(ws["A1"], "xlb Title")
    put_text(ws["A1"], f"Results: {ctx.options.event}", "event")
    st(ws["A2"], "xlb Label")
    put_text(ws["A2"], ctx.options.date, "date")
    # The printed page says what the HTML banner says while Checks lists problems.
    write_provisional_line(ws)
    columns = [
        ("Rank", rc["rank"], "xlb Value"),
        ("Player", rc["pair"], "xlb Value"),
        ("Name", rc["names"], "xlb Text"),
        ("Total", rc["total"], "xlb Number"),
        ("%", rc["pct"], "xlb Percent"),
    ]
    if "dir" in rc:
        columns += [("Dir", rc["dir"], "xlb Value"), ("Dir rank", rc["dir_rank"], "xlb Value")]
    if ctx.options.masterpoints:  # each line's award by formula (new --masterpoints)
        columns.append((MASTERPOINTS_HEADER, "", "xlb Value"))
    end = "ABCDEFGH"[len(columns) - 1]
    for j, (text, _, _) in enumerate(columns, start=1):
        cell = ws.cell(row=4, column=j, value=text)
        st(cell, "xlb Header")
        cell.font = _BOLD
    places = f"Recap!${rc['order']}${first}:${rc['order']}${last}"
    ranks = f"$A$5:$A${last - first + 5}"  # one field: every player's place
    nothing = f"SUM(Recap!${rc['played']}${first}:${rc['played']}${last})=0"  # no award yet
    for k in range(1, last - first + 2):
        r = 4 + k
        for j, (text, col, style) in enumerate(columns, start=1):
            values = f"Recap!${col}${first}:${col}${last}"
            value = R.standing_value(str(k), places, values)
            if text == MASTERPOINTS_HEADER:
                value = award_formula(f"$A{r}", ranks, len(ctx.movement.boards), "individual",
                                      blank=nothing)  # fmt: skip
            cell = ws.cell(row=r, column=j, value=value)
            st(cell, style)
            cell.font = _FONT
        ws.row_dimensions[r].height = 20
    for col, w in zip("ABCDEFG", (8, 9, 40, 11, 11, 7, 11), strict=False):
        ws.column_dimensions[col].width = w
    if ctx.options.masterpoints:
        ws.column_dimensions[end].width = 11
    ws.print_area = f"A1:{end}{last - first + 5}"
    ws.print_title_rows = "4:4"
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws
