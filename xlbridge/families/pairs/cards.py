"""The Table Cards sheet: table cards, then guide cards, several to a printed page.

Both come from the one card model of the rules layer (:mod:`xlbridge.movements.cards`), as the
``xlbridge movement --cards`` text does: each round's boards, arrow-switched boards, the tables
that share boards, and where each pair and the boards go next. A card never breaks across a
page: page breaks fall between cards only, two to four cards to a page.
"""

from __future__ import annotations

from typing import Any

from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST, Context
from xlbridge.movements.cards import boards_text, guide_cards, move_text, table_cards
from xlbridge.text import put_text
from xlbridge.workbook.formulas_recap import join_names
from xlbridge.workbook.styles import fit_portrait

__all__ = ["ROWS_PER_PAGE", "card_width", "cards_per_page", "write_cards"]

# Rows of 18 pt that fit a portrait page (A4 or Letter) inside the margins, with room to spare.
ROWS_PER_PAGE = 44
_ROW_PT = 18


def cards_per_page(card_rows: int, most: int = 4) -> int:
    """How many cards of ``card_rows`` rows (blank line included) fit one page, 1 to ``most``.

    >>> cards_per_page(9), cards_per_page(16), cards_per_page(60)
    (4, 2, 1)
    """
    return max(1, min(most, ROWS_PER_PAGE // max(card_rows, 1)))


def card_width(value: object) -> int:
    """Column width (in characters of the default font) that shows ``value`` whole in the cards'
    12 pt font, with a margin.

    >>> card_width("NS stay, EW 1 to table 2, boards to table 9"), card_width(7)
    (52, 4)
    """
    return round(len(str(value)) * 1.15) + 3


def write_cards(ctx: Context) -> Worksheet:
    """Write the ``Table Cards`` sheet: a card per table, then a guide card per pair."""
    ws: Worksheet = ctx.wb.create_sheet("Table Cards")
    st, m = ctx.style, ctx.movement
    event = ctx.options.event
    r = 1
    # Column widths: at least these, wider where a line's text is longer (a move such as "pair 4
    # to table 2 EW, pair 5 to table 4 NS, boards to table 3" is never cut off when printed).
    widths = [7, 9, 16, 12, 10, 42]

    def row(values: list[Any], style: str) -> None:
        nonlocal r
        for i, v in enumerate(values, start=1):  # never a formula: a text is written as text
            cell = ws.cell(row=r, column=i)
            st(cell, style)
            if isinstance(v, str):
                put_text(cell, v, "pair label")
            else:
                cell.value = v
            widths[i - 1] = max(widths[i - 1], card_width(v))
        ws.row_dimensions[r].height = _ROW_PT
        r += 1

    def title(text: str) -> None:
        nonlocal r
        st(ws.cell(row=r, column=1), "xlb Title")  # style first: put_text sets the @ format
        put_text(ws.cell(row=r, column=1), text, "event")
        ws.row_dimensions[r].height = 22
        r += 1

    def group(blocks: list[int]) -> int:
        """Cards per page for cards of these heights (the tallest decides)."""
        return cards_per_page(max(blocks, default=1))

    # Sections: each section's cards from its own movement (its own table numbers).
    field = ctx.options.sections
    parts = [(s.movement, f"Section {s.letter}, ") for s in field.sections] if field else [
        (m, "")]  # fmt: skip
    tcards = [(pre, card) for sm, pre in parts for card in table_cards(sm)]
    t_rows = [2 + len(c.notes) + len(c.lines) + 1 for _, c in tcards]
    per = group(t_rows)
    for i, (pre, card) in enumerate(tcards):
        title(f"{event}: {pre}Table {card.table}")
        for note in card.notes:
            st(ws.cell(row=r, column=1), "xlb Label")
            put_text(ws.cell(row=r, column=1), note)
            r += 1
        row(["Round", "NS", "EW", "Boards", "Switched", "Then"], "xlb Header")
        for line in card.lines:
            boards = boards_text(line.boards)
            if line.shares:
                boards += f" (with {', '.join(map(str, line.shares))})"
            row(
                [line.round, line.ns, line.ew, boards,
                 boards_text(line.switched) if line.switched else "", move_text(line)],
                "xlb Card",
            )  # fmt: skip
        r += 1
        # A new page for each section's cards too (each section's director takes its own).
        last = i + 1 == len(tcards)
        if (i + 1) % per == 0 or last or tcards[i + 1][0] != pre:
            ws.row_breaks.append(Break(id=r - 1))
    gcards = [g for sm, _ in parts for g in guide_cards(sm)]
    per = group([3 + len(c.lines) + 1 for c in gcards])
    name_row = {p.id: NAMES_FIRST + i for i, p in enumerate(m.pairs)}
    for i, g in enumerate(gcards):
        title(f"{event}: guide card, pair {g.label}")
        # The pair's names from the Names sheet: live when the director edits them there.
        st(ws.cell(row=r, column=1, value="Names"), "xlb Label")
        nr = name_row[g.pair]
        st(ws.cell(row=r, column=2, value=join_names(f"{NAMES}!$B${nr}", f"{NAMES}!$C${nr}")),
           "xlb Label")  # fmt: skip
        ws.row_dimensions[r].height = _ROW_PT
        r += 1
        row(["Round", "Table", "Sit", "Opponents", "Boards", "Then"], "xlb Header")
        for gl in g.lines:
            if gl.table is None:
                row([gl.round, "-", "sit out", "", "", gl.next], "xlb Card")
                continue
            sit = gl.direction
            if gl.switched:
                other = "EW" if sit == "NS" else "NS"
                sit += f" ({other} on {boards_text(gl.switched)})"
            row([gl.round, gl.table, sit, gl.opponents, boards_text(gl.boards), gl.next],
                "xlb Card")  # fmt: skip
        r += 1
        if (i + 1) % per == 0 and i + 1 < len(gcards):
            ws.row_breaks.append(Break(id=r - 1))
    for col, w in zip("ABCDEF", widths, strict=True):
        ws.column_dimensions[col].width = w
    ws.print_area = f"A1:F{max(r - 1, 1)}"
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws
