"""The Results sheet: the standings in rank order, ready for the club's notice board.

Each line picks, by formula, the pair whose place in the Recap's hidden ``Order`` column is the
line's number (rank order of ``session.ranks``; ties in the order the pairs are listed), so
the sheet re-sorts itself as results are typed. Two-winner games list North-South and
East-West apart. Rank, pair, names, total and percentage (average in IMP games), in a large
font.

>>> from xlbridge.movements.mitchell import mitchell
>>> from xlbridge.families.pairs.build import build_workbook
>>> from xlbridge.families.duplicate.context import Options
>>> ws = build_workbook(mitchell(3, 2), Options())["Results"]
>>> ws["A4"].value, [c.value for c in ws[5]]
('North-South', ['Rank', 'Pair', 'Names', 'Total', '%'])
>>> ws["B6"].value
'=IFERROR(INDEX(Recap!$A$5:$A$10,MATCH("NS-1",Recap!$Q$5:$Q$10,0)),"")'
"""

from __future__ import annotations

from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import Context
from xlbridge.families.pairs.recap import SESSION_DATE
from xlbridge.text import put_text
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.styles import fit_portrait

__all__ = ["RESULTS", "write_results"]

RESULTS = "Results"
_FONT = Font(size=14)
_BOLD = Font(size=14, bold=True)


def write_results(ctx: Context) -> Worksheet:
    """Write the ``Results`` sheet from the columns the Recap registered in ``ctx.recap``."""
    ws: Worksheet = ctx.wb.create_sheet(RESULTS)
    st, opt, rc = ctx.style, ctx.options, ctx.recap
    mp = opt.scoring == "mp"
    first, last = int(rc["first"]), int(rc["last"])

    def rng(col: str) -> str:
        return f"Recap!${col}${first}:${col}${last}"

    st(ws["A1"], "xlb Title")
    put_text(ws["A1"], f"Results: {opt.event}", "event")
    ws["A2"] = F.shown_text(SESSION_DATE)
    st(ws["A2"], "xlb Label")
    dirs = ctx.directions()
    two = ctx.two_winner
    groups: list[tuple[str, str | None, int]]
    if two:
        n_ns = sum(1 for d in dirs.values() if d == {"NS"})
        groups = [("North-South", "NS", n_ns), ("East-West", "EW", len(ctx.pair_ids) - n_ns)]
    else:
        groups = [("", None, len(ctx.pair_ids))]
    columns = [
        ("Rank", rc["rank"], "xlb Value"),
        ("Pair", rc["pair"], "xlb Value"),
        ("Names", rc["names"], "xlb Text"),
        ("Total", rc["total"], "xlb Number"),
        ("%" if mp else "Average", rc["pct"], "xlb Percent" if mp else "xlb Number"),
    ]
    # Sections: after the field's standings, each section's (its own ranks), read from the
    # Recap's section places ("A-NS-1"), as a director posts them.
    # (heading, the place's prefix: "" for a plain number, pairs, rank column, order column)
    blocks: list[tuple[str, str, int, str, str]] = [
        (h, d or "", n, rc["rank"], rc["order"]) for h, d, n in groups
    ]
    field = opt.sections
    if field is not None:
        for s in field.sections:
            ids = set(s.pair_ids)
            for heading, direction, _count in groups:
                n = sum(1 for p in ids if direction is None or dirs.get(p) == {direction})
                where = f"{s.letter}-{direction}" if direction else s.letter
                title = f"Section {s.letter}" + (f", {heading}" if heading else "")
                blocks.append((title, where, n, rc["section_rank"], rc["section_order"]))
    # Handicapped and stratified sessions: each line's Hcp %, Hcp rank and Stratum too.
    columns += [(text, rc[key], style) for text, key, style in (
        ("Hcp %", "hcp_pct", "xlb Percent"), ("Hcp rank", "hcp_rank", "xlb Value"),
        ("Stratum", "stratum", "xlb Value")) if key in rc]  # fmt: skip
    r = 4
    for heading, prefix, count, rank_col, order_col in blocks:
        if heading:
            ws.cell(row=r, column=1, value=heading)
            st(ws.cell(row=r, column=1), "xlb Label")
            ws.cell(row=r, column=1).font = _BOLD
            r += 1
        for j, (text, _col, _style) in enumerate(columns, start=1):
            cell = ws.cell(row=r, column=j, value=text)
            st(cell, "xlb Header")
            cell.font = _BOLD
        r += 1
        for k in range(1, count + 1):
            place = f'"{prefix}-{k}"' if prefix else str(k)
            for j, (_text, col, style) in enumerate(columns, start=1):
                shown = rank_col if col == rc["rank"] else col
                value = R.standing_value(place, rng(order_col), rng(shown))
                cell = ws.cell(row=r, column=j, value=value)
                st(cell, style)
                cell.font = _FONT
            ws.row_dimensions[r].height = 20
            r += 1
        r += 1
    for col, w in zip("ABCDEFGH", (8, 9, 44, 11, 11, 11, 11, 11), strict=False):
        ws.column_dimensions[col].width = w
    ws.print_area = f"A1:{'ABCDEFGH'[len(columns) - 1]}{r - 2}"
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws
