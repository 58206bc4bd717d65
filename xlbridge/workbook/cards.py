"""The Table Cards sheet: one card per table, then one guide card per pair, page by page."""

from __future__ import annotations

from typing import Any

from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbook.context import Context
from xlbridge.workbook.movement_sheet import boards_text

__all__ = ["write_cards"]


def write_cards(ctx: Context) -> Worksheet:
    """Write the ``Table Cards`` sheet: table cards, then guide cards for the moving pairs."""
    ws: Worksheet = ctx.wb.create_sheet("Table Cards")
    st, m = ctx.style, ctx.movement
    r = 1

    def header(cells: list[str]) -> None:
        for i, text in enumerate(cells, start=1):
            st(ws.cell(row=r, column=i, value=text), "xlb Header")

    for t in sorted({e.table for e in m.entries}):
        st(ws.cell(row=r, column=1, value=f"{ctx.options.event}: Table {t}"), "xlb Title")
        r += 1
        header(["Round", "NS", "EW", "Boards", "Switched"])
        r += 1
        for e in sorted((e for e in m.entries if e.table == t), key=lambda e: e.round):
            row: list[Any] = [
                e.round,
                m.label(e.ns) if e.ns is not None else "-",
                m.label(e.ew) if e.ew is not None else "-",
                boards_text(e.boards),
                boards_text(e.switched),
            ]
            for i, v in enumerate(row, start=1):
                st(ws.cell(row=r, column=i, value=v), "xlb Card")
            r += 1
        ws.row_breaks.append(Break(id=r))
        r += 1
    # Guide cards: where each pair goes, round by round.
    for p in m.pairs:
        st(ws.cell(row=r, column=1, value=f"Guide card: pair {p.label}"), "xlb Title")
        r += 1
        header(["Round", "Table", "Sit", "Opponents", "Boards"])
        r += 1
        for rnd in range(1, m.rounds + 1):
            at = next((x for x in m.round_entries(rnd) if p.id in (x.ns, x.ew)), None)
            line: list[Any]
            if at is None:
                line = [rnd, "-", "sit out", "", ""]
            else:
                sit = "NS" if at.ns == p.id else "EW"
                opp = at.ew if sit == "NS" else at.ns
                line = [rnd, at.table, sit, m.label(opp) if opp is not None else "-",
                        boards_text(at.boards)]  # fmt: skip
            for i, v in enumerate(line, start=1):
                st(ws.cell(row=r, column=i, value=v), "xlb Card")
            r += 1
        r += 1
    for col, w in zip("ABCDE", (8, 10, 10, 14, 14), strict=True):
        ws.column_dimensions[col].width = w
    ws.print_area = f"A1:E{r}"
    ws.protection.sheet = True
    return ws
