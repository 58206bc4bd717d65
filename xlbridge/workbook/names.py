"""The Names sheet: pair labels and player names, typed by the director (always as text)."""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbook.context import NAMES, NAMES_FIRST, Context, pair_value

__all__ = ["write_names"]


def write_names(ctx: Context) -> Worksheet:
    """Write the ``Names`` sheet; names given in the options are written as text, never formulas."""
    ws: Worksheet = ctx.wb.create_sheet(NAMES)
    st = ctx.style
    ws["A1"] = "Pair names"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Type each player's name; the recap and cards use them."
    for col, text in zip("ABC", ("Pair", "Player 1", "Player 2"), strict=True):
        ws[f"{col}3"] = text
        st(ws[f"{col}3"], "xlb Header")
    names = ctx.options.names
    for i, p in enumerate(ctx.movement.pairs):
        r = NAMES_FIRST + i
        ws[f"A{r}"] = pair_value(p.label)
        st(ws[f"A{r}"], "xlb Value")
        given = names.get(p.label, names.get(str(p.id), ()))
        for j, col in enumerate("BC"):
            cell = ws[f"{col}{r}"]
            st(cell, "xlb Names")
            if j < len(given) and given[j]:
                cell.value = given[j]
                cell.data_type = "s"  # "=SUM(A1)" as a name stays text
                cell.quotePrefix = True
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 28
    ws.freeze_panes = f"B{NAMES_FIRST}"
    ws.print_area = f"A1:C{NAMES_FIRST + len(ctx.movement.pairs) - 1}"
    ws.print_title_rows = "3:3"
    ws.protection.sheet = True
    return ws
