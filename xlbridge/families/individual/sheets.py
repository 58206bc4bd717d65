"""The sheets of an individuals workbook around the travellers: Session, Names (one name per
player), Movement (the four players of every table and round) and Table Cards (a card per
table, then a guide card per player: round, table, seat, partner, opponents, boards).

Every seat and partner comes from :mod:`xlbridge.movements.individual_seats`.
"""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST, Context
from xlbridge.families.duplicate.movement_sheet import boards_text
from xlbridge.families.duplicate.names import write_names
from xlbridge.families.duplicate.session_sheet import settings_of
from xlbridge.families.duplicate.settings import Facts, rows
from xlbridge.families.individual.formulas import player_name
from xlbridge.movements.individual_seats import Seats, guide, hands, home_directions
from xlbridge.text import put_text
from xlbridge.workbook.masterpoints import write_sentence
from xlbridge.workbook.merge import merge_cells
from xlbridge.workbook.session import write_settings
from xlbridge.workbook.styles import fit_landscape, fit_portrait

__all__ = [
    "partnership_text",
    "play_order",
    "write_individual_cards",
    "write_individual_movement",
    "write_individual_names",
    "write_individual_session",
]

# A card's rows are 14 pt (its title 18 pt) and the sheet prints with half-inch top and bottom
# margins: a Letter page (the shorter of Letter and A4) holds 720 pt, kept to 690 with room to
# spare, so two 21-board Rainbow cards share a page (they printed one to a page at Excel's
# default height and margins).
_PAGE_PT = 690
_ROW_PT = 14
_TITLE_PT = 18


def partnership_text(seats: Seats) -> str:
    """``"1-11 v 16-6"``: North-South, then East-West.

    >>> partnership_text((1, 16, 11, 6))
    '1-11 v 16-6'
    """
    north, east, south, west = seats
    return f"{north}-{south} v {east}-{west}"


def play_order(boards: tuple[int, ...]) -> str:
    """Boards in the order they are played: a run as ``"1-3"``, a relay order as written.

    >>> play_order((1, 2, 3)), play_order((2, 3, 1))
    ('1-3', '2, 3, 1')
    """
    if list(boards) == sorted(boards):
        return boards_text(boards)
    return ", ".join(str(b) for b in boards)


def _text(cell: Any, value: str) -> None:
    """A user's text (event, date, name) stays text, even if it starts with '='."""
    put_text(cell, value)


def write_individual_session(ctx: Context) -> Worksheet:
    """Write the ``Session`` sheet: event, settings and the director's instructions."""
    ws: Worksheet = ctx.wb.create_sheet("Session")
    st, opt, m = ctx.style, ctx.options, ctx.movement
    _text(ws["A1"], opt.event)
    st(ws["A1"], "xlb Title")
    entry = (
        "Made (the level made: 3D making ten tricks is 4) or Down (undertricks)"
        if opt.result_entry == "made-down"
        else "Tricks (tricks taken by declarer, 0-13)"
    )
    facts = Facts(boards=len(m.boards), contestants=len(m.pairs), expected=ctx.expected,
                  home_directions=bool(home_directions(m)))  # fmt: skip
    settings = rows(settings_of(ctx, "individual"), facts)
    write_settings(ws, st, settings)
    last = "C" if write_sentence(ws, st, 3, settings) else "B"  # C: the scale's sentence
    lines = [
        "1. Print the Movement sheet, the Table Cards (a card per table, then a guide card per "
        "player) and one traveller per board.",
        "2. Type each player's name on the Names sheet (optional).",
        *(
            [
                "3. Each traveller row already holds the four players (N, S, E, W) of that play;"
                " type NS Score: North-South's score, minus when East-West scored (420, -50; 0"
                " for a passed-out board).",
                "4. EW Score and the matchpoints fill in by themselves; Contract, By, Made and"
                " Down may be typed for information and are not used.",
            ]
            if opt.result_entry == "score"
            else [
                "3. Each traveller row already holds the four players (N, S, E, W) of that play;"
                f" type Contract (4S, 3NT, 4HX, PASS), By (N, E, S, W) and {entry}.",
                "   NS Score, EW Score and the matchpoints fill in by themselves.",
                "4. A score typed straight into NS Score replaces the computed one (Checks lists"
                " it).",
            ]
        ),
        "5. Adjusted scores: type A, A+, A-, A+/A- or 60/40 in the Adjusted column.",
        "6. Fix every line on the Checks sheet; each board shows 'in balance' when it adds up.",
        "7. The Recap credits every player with their side's matchpoints on every board they "
        "played (North and South the NS MP, East and West the EW MP) and ranks them in one "
        "field.",
        "Yellow cells are for typing; the other cells are formulas and are locked.",
        "Sheets are protected without a password: Review > Unprotect Sheet to change the layout.",
    ]
    r = 4 + len(settings)
    st(ws.cell(row=r, column=1, value="Instructions"), "xlb Label")
    for i, line in enumerate([*lines, *m.notes], start=r + 1):
        # Each line wraps over both columns, so it prints on the page instead of running off.
        st(ws.cell(row=i, column=1), "xlb Text")
        _text(ws.cell(row=i, column=1), line)
        merge_cells(ws, f"A{i}:B{i}")
        ws.row_dimensions[i].height = 15 * (1 + len(line) // 80)
    ws.column_dimensions["A"].width = 26
    ws.column_dimensions["B"].width = 60
    fit_portrait(ws)
    ws.print_area = f"A1:{last}{r + len(lines) + len(m.notes)}"
    ws.protection.sheet = True
    return ws


def write_individual_names(ctx: Context) -> Worksheet:
    """Write the ``Names`` sheet: one row per player (number, name typed as text)."""
    return write_names(ctx, players=True)


def write_individual_movement(ctx: Context) -> Worksheet:
    """Write the ``Movement`` sheet: rounds by tables, each cell the partnerships and boards."""
    ws: Worksheet = ctx.wb.create_sheet("Movement")
    st, m = ctx.style, ctx.movement
    ws["A1"] = f"Movement: {m.kind}, {m.tables} tables, {m.rounds} rounds, {len(m.pairs)} players"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Each cell: North-South v East-West (player numbers): boards."
    tables = m.table_numbers
    st(ws.cell(row=3, column=1, value="Round"), "xlb Header")
    col = {t: get_column_letter(2 + i) for i, t in enumerate(tables)}
    for t in tables:
        st(ws[f"{col[t]}3"], "xlb Header")
        ws[f"{col[t]}3"] = f"Table {t}"
    most = 1
    for i, rnd in enumerate(range(1, m.rounds + 1)):
        r = 4 + i
        st(ws.cell(row=r, column=1, value=rnd), "xlb Value")
        for e in m.round_entries(rnd):
            lines = [f"{partnership_text(s)}: {play_order(bs)}" for s, bs in hands(m, e)]
            most = max(most, len(lines))
            cell = ws[f"{col[e.table]}{r}"]
            st(cell, "xlb Text")
            cell.value = "\n".join(lines)
        ws.row_dimensions[r].height = 15 * most
    for t in tables:
        ws.column_dimensions[col[t]].width = 22
    r = 5 + m.rounds
    for i, note in enumerate(m.notes):
        _text(ws.cell(row=r + i, column=1), note)
    ws.freeze_panes = "B4"
    ws.print_area = f"A1:{col[tables[-1]]}{r + len(m.notes)}"
    ws.print_title_rows = "3:3"
    fit_landscape(ws)
    ws.protection.sheet = True
    return ws


def write_individual_cards(ctx: Context) -> Worksheet:
    """Write ``Table Cards``: a card per table (who sits where for which boards), then a guide
    card per player (round, table, seat, partner, opponents, boards), a card never split
    across pages."""
    ws: Worksheet = ctx.wb.create_sheet("Table Cards")
    st, m = ctx.style, ctx.movement
    name_row = {p.id: NAMES_FIRST + i for i, p in enumerate(m.pairs)}
    r = 1

    used = 0.0  # points of the current page taken by whole cards

    def line(values: list[Any], style: str) -> None:
        nonlocal r
        for i, v in enumerate(values, start=1):
            st(ws.cell(row=r, column=i, value=v), style)
        ws.row_dimensions[r].height = _ROW_PT
        r += 1

    def keep_together(rows: int) -> None:
        """Start a new page unless a card of ``rows`` rows (title, header, lines, blank) fits."""
        nonlocal used
        height = _TITLE_PT + (rows - 1) * _ROW_PT
        if used and used + height > _PAGE_PT:
            ws.row_breaks.append(Break(id=r - 1))
            used = 0
        used += height

    for t in m.table_numbers:
        entries = sorted((e for e in m.entries if e.table == t), key=lambda e: e.round)
        lines = [(e.round, s, bs) for e in entries for s, bs in hands(m, e)]
        keep_together(len(lines) + 3)
        title = ws.cell(row=r, column=1)
        st(title, "xlb Title")
        put_text(title, f"{ctx.options.event}: Table {t}", "event")
        ws.row_dimensions[r].height = _TITLE_PT
        r += 1
        line(["Round", "N", "S", "E", "W", "Boards"], "xlb Header")
        for rnd, (north, east, south, west), bs in lines:
            line([rnd, north, south, east, west, play_order(bs)], "xlb Card")
        ws.row_dimensions[r].height = _ROW_PT
        r += 1
    ws.row_breaks.append(Break(id=r - 1))
    used = 0
    for p in m.pairs:
        card = guide(m, p.id)
        keep_together(len(card) + 3)
        st(ws.cell(row=r, column=1, value=f"Guide card: player {p.id}"), "xlb Title")
        name = ws.cell(row=r, column=4, value=player_name(f"{NAMES}!$B${name_row[p.id]}"))
        st(name, "xlb Label")
        ws.row_dimensions[r].height = _TITLE_PT
        r += 1
        line(["Round", "Table", "Seat", "Partner", "Opponents", "Boards"], "xlb Header")
        for g in card:
            opp = f"{g.opponents[0]} & {g.opponents[1]}"
            line([g.round, g.table, g.seat, g.partner, opp, play_order(g.boards)], "xlb Card")
        ws.row_dimensions[r].height = _ROW_PT
        r += 1
    for col, w in zip("ABCDEF", (8, 10, 8, 9, 12, 17), strict=True):
        ws.column_dimensions[col].width = w
    ws.print_area = f"A1:F{r}"
    fit_portrait(ws)
    ws.page_margins.top = ws.page_margins.bottom = 0.5
    ws.page_margins.header = ws.page_margins.footer = 0.25
    ws.protection.sheet = True
    return ws
