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

from collections.abc import Callable

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import Context
from xlbridge.families.pairs.recap import SESSION_DATE
from xlbridge.scoring.masterpoints import Contestants
from xlbridge.text import put_text
from xlbridge.workbook import checks
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.formulas_masterpoints import SECTIONS_TEXT, award_formula
from xlbridge.workbook.masterpoints import MASTERPOINTS_HEADER
from xlbridge.workbook.page_breaks import page_height_points, table_breaks
from xlbridge.workbook.styles import BOX, DECIMALS, fit_portrait

__all__ = ["RESULTS", "write_results"]

RESULTS = "Results"
_FONT = Font(size=14)
_BOLD = Font(size=14, bold=True)
# Names typed after the workbook is written shrink to their cell rather than being cut.
_NAMES = Alignment(horizontal="left", vertical="center", shrink_to_fit=True)
_ROW = 20.0  # a standing's height, points


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
    # The printed page says what the HTML banner says while Checks lists problems.
    checks.write_provisional_line(ws)
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
            apart = [("North-South", "NS", 0), ("East-West", "EW", 0)]  # a Mitchell among Howells
            kept = not any(d for _h, d, _n in groups) and all(len(dirs.get(p, set())) == 1
                                                               for p in ids)  # fmt: skip
            for heading, direction, _count in apart if kept else groups:
                n = sum(1 for p in ids if direction is None or dirs.get(p) == {direction})
                where = f"{s.letter}-{direction}" if direction else s.letter
                title = f"Section {s.letter}" + (f", {heading}" if heading else "")
                blocks.append((title, where, n, rc["section_rank"], rc["section_order"]))
    # Handicapped and stratified sessions: each line's Hcp %, Hcp rank and Stratum too.
    columns += [(text, rc[key], style) for text, key, style in (
        ("Hcp %", "hcp_pct", "xlb Percent"), ("Hcp rank", "hcp_rank", "xlb Value"),
        ("Stratum", "stratum", "xlb Value")) if key in rc]  # fmt: skip
    if opt.masterpoints:  # each line's award by formula (new --masterpoints)
        columns.append((MASTERPOINTS_HEADER, "", "xlb Value"))
    boards = len(ctx.movement.boards)
    who: Contestants = "pairs" if two else "one-winner-pairs"
    refused = SECTIONS_TEXT if field is not None else None
    nothing = f"SUM({rng(rc['played'])})=0"  # no board played by anyone: no award yet
    r = 4
    tables: list[tuple[int, int]] = []
    for heading, prefix, count, rank_col, order_col in blocks:
        tables.append((r, r + count + (1 if heading else 0)))
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
            for j, (text, col, style) in enumerate(columns, start=1):
                shown = rank_col if col == rc["rank"] else col
                value = R.standing_value(place, rng(order_col), rng(shown))
                if text == MASTERPOINTS_HEADER:  # the rank in A, its field's ranks above/below
                    top = r - k + 1
                    value = award_formula(f"$A{r}", f"$A${top}:$A${top + count - 1}", boards,
                                          who, refused, blank=nothing)  # fmt: skip
                cell = ws.cell(row=r, column=j, value=value)
                st(cell, style)
                cell.font = _FONT
                cell.border = Border()  # boxed by the rule below once a pair fills the line
                if style == "xlb Text":
                    cell.alignment = _NAMES
                elif style == "xlb Number":  # one format down the column: 87.50 beside 72.01
                    cell.number_format = DECIMALS
            ws.row_dimensions[r].height = _ROW
            r += 1
        if count:
            ws.conditional_formatting.add(
                f"A{r - count}:{get_column_letter(len(columns))}{r - 1}",
                FormulaRule(  # type: ignore[no-untyped-call]
                    formula=[F.holds_value_rule(f"$B{r - count}")], border=BOX
                ),
            )
        r += 1
    # Names whole when known: "A & B" in the sheet's 14 pt font (11 pt is the width's unit).
    joined = (len(" & ".join(n for n in v if n)) for v in opt.names.values())
    names_width = max(44, min(90, round(max(joined, default=0) * 14 / 11) + 2))
    widths = (8, 9, names_width, 11, 11, 11, 11, 11, 11)[: len(columns)]
    for col, w in zip("ABCDEFGHI", widths, strict=False):
        ws.column_dimensions[col].width = w
    # Each table whole on its page (the field's, then each section's).
    for after in table_breaks(tables, page_height_points(widths), _height(ws)):
        ws.row_breaks.append(Break(id=after))
    ws.print_area = f"A1:{'ABCDEFGHI'[len(columns) - 1]}{r - 2}"
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws


def _height(ws: Worksheet) -> Callable[[int], float]:
    """Each row's printed height, points: a standing's as set, a heading's in the 14 pt font."""

    def height(r: int) -> float:
        return float(ws.row_dimensions[r].height or 21.0)

    return height
