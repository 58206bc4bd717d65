"""The Names sheet: pair labels and player names (or, in an individual game, player numbers and
names), typed by the director (always as text)."""

from __future__ import annotations

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbook.context import NAMES, NAMES_FIRST, Context, pair_value
from xlbridge.workbook.text import put_text

__all__ = ["write_names"]

# title, note, headers, width of each name column
_PAIRS = (
    "Pair names",
    "Type each player's name; the recap and cards use them.",
    ("Pair", "Player 1", "Player 2"),
    28,
)
_PLAYERS = (
    "Player names",
    "Type each player's name; the recap and the guide cards use them.",
    ("Player", "Name"),
    32,
)


def write_names(ctx: Context, *, players: bool = False) -> Worksheet:
    """Write the ``Names`` sheet: a row per pair (its label, then two players' names), or with
    ``players`` a row per player of an individual game (number, name). Names given in the
    options are written as text, never formulas."""
    ws: Worksheet = ctx.wb.create_sheet(NAMES)
    st = ctx.style
    title, note, heads, width = _PLAYERS if players else _PAIRS
    ws["A1"] = title
    st(ws["A1"], "xlb Title")
    ws["A2"] = note
    for i, text in enumerate(heads, start=1):
        col = get_column_letter(i)
        ws[f"{col}3"] = text
        st(ws[f"{col}3"], "xlb Header")
    name_cols = [get_column_letter(i) for i in range(2, len(heads) + 1)]
    names = ctx.options.names
    for i, p in enumerate(ctx.movement.pairs):
        r = NAMES_FIRST + i
        ws[f"A{r}"] = p.id if players else pair_value(p.label)
        st(ws[f"A{r}"], "xlb Value")
        given = names.get(p.label, names.get(str(p.id), ()))
        for j, col in enumerate(name_cols):
            cell = ws[f"{col}{r}"]
            st(cell, "xlb Names")
            if j < len(given) and given[j]:
                put_text(cell, given[j], "name")  # "=SUM(A1)" as a name stays text
                cell.quotePrefix = True
    for col in name_cols:
        ws.column_dimensions[col].width = width
    ws.freeze_panes = f"B{NAMES_FIRST}"
    ws.print_area = f"A1:{name_cols[-1]}{NAMES_FIRST + len(ctx.movement.pairs) - 1}"
    ws.print_title_rows = "3:3"
    ws.protection.sheet = True
    return ws
