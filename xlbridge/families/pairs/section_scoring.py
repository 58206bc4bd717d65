"""A board's rows compared in groups: section scoring (``new --sections ...
--section-scoring section``: each section's results on a board on their own) or board sets
(``--board-sets AB,CD``: the sections of a set play one set of deals, compared together). The
group's top and full field are its own.

Each Board sheet gets a ``Section`` (or ``Set``) column after ``OK`` (the row's group) and the
fouled-board group formulas (:mod:`xlbridge.families.pairs.formulas_fouled`) with the group's
own field (:func:`xlbridge.movements.field.section_fields`), mirroring ``score_rows`` on each
group's rows in ``results.session``. The Recap's ``%`` is of the group's tops, and the pairs are
ranked overall by it (groups of different sizes have different tops: the percentage puts them on
a common top); ``Section rank`` ranks each section on its own. Matchpoint sessions only.

>>> section_note({"A": 7, "B": 6}, 1, "section")
'SECTION SCORING: each section is matchpointed on its own (top A 6, B 5). '
>>> section_note({"AB": 13, "CD": 12}, 1, "field")[-65:]
'plays its own deals, matchpointed on its own (top AB 12, CD 11). '
"""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import Context
from xlbridge.families.pairs import formulas_fouled as G
from xlbridge.families.pairs.fouled import group_column
from xlbridge.families.pairs.recap import FIRST, HEADER
from xlbridge.movements.field import Field, section_fields
from xlbridge.text import put_text
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R

__all__ = [
    "SECTION_HEADING",
    "SET_HEADING",
    "check_section_scoring",
    "mark_sections",
    "section_note",
    "section_percent",
]

SECTION_HEADING = "Section"
SET_HEADING = "Set"


def check_section_scoring(field: Field | None, scoring: str) -> None:
    """Refuse, in one line, section scoring or board sets the session cannot do."""
    if field is None or not field.grouped or scoring == "mp":
        return
    what = "--section-scoring section" if field.scoring == "section" else "--board-sets"
    raise WorkbookError(
        f"{what}: each group of a board is matchpointed on its own in matchpoint sessions "
        "only (Butler and cross-IMPs: score across the field)"
    )


def section_note(fields: dict[str, int], per: int, scoring: str) -> str:
    """The note on each Board sheet: how the board is scored and each group's top."""
    tops = ", ".join(f"{s} {per * max(n - 1, 0)}" for s, n in sorted(fields.items()))
    if scoring == "section":
        return f"SECTION SCORING: each section is matchpointed on its own (top {tops}). "
    return (
        f"BOARD SETS: each set of sections ({', '.join(sorted(fields))}) plays its own deals, "
        f"matchpointed on its own (top {tops}). "
    )


def section_percent(raw: str, played: str, top: int) -> str:
    """A pair's percentage of its section's tops (``session.percentage``, as a fraction: the
    tops of the boards scored are ``played`` × the section's top).

    >>> section_percent("$AC5", "$Y5", 6)
    '=IF($Y5=0,"",IFERROR($AC5/($Y5*6),""))'
    """
    return f'=IF({played}=0,"",IFERROR({raw}/({played}*{top}),""))'


def _fields(ctx: Context, field: Field) -> dict[str, int]:
    label = ctx.movement.label
    return section_fields(
        (b, field.group_of(field.section_of(label(ns)))) for b in ctx.movement.boards
        for _e, ns, _ew in ctx.plays_of(b)
    )  # fmt: skip


def mark_sections(ctx: Context) -> None:
    """Write the Section column, each row's section formulas, the check total and the note on
    every Board sheet, then the Recap's section percentages and overall ranking key."""
    field = ctx.options.sections
    if field is None or not field.grouped:
        return
    c, per, wb = ctx.cols, ctx.options.per, ctx.wb
    fields = _fields(ctx, field)
    top = {s: per * max(n - 1, 0) for s, n in fields.items()}
    sec = group_column(ctx.options.result_entry)
    note = section_note(fields, per, field.scoring)
    heading = SECTION_HEADING if field.scoring == "section" else SET_HEADING
    for board in ctx.movement.boards:
        b = ctx.ranges[board]
        ws = wb[b.sheet]
        ws[f"{sec}{F.HEADER_ROW}"] = heading
        ws[f"{sec}{F.HEADER_ROW}"].style = ws[f"{c.table}{F.HEADER_ROW}"].style
        for i, (_e, ns, _ew) in enumerate(ctx.plays_of(board)):
            r = F.FIRST_ROW + i
            s = field.group_of(field.section_of(ctx.movement.label(ns)))
            ws[f"{sec}{r}"] = s
            ws[f"{sec}{r}"].style = ws[f"{c.table}{r}"].style
            n, t = str(fields[s]), str(top[s])
            ws[f"{c.mp_raw}{r}"] = G.group_mp_raw(c, b, r, per, sec)
            ws[f"{c.ns_mp}{r}"] = G.group_ns_mp(c, b, r, per, sec, n, t)
            ws[f"{c.ew_mp}{r}"] = G.group_ew_mp(c, b, r, per, sec, n, t)
        # Each section's real results make n_S · top_S / 2 a direction (rules.md §5 check).
        parts = "+".join(
            f'COUNTIFS({b.col(c.real)},1,{b.col(sec)},"{s}")*{top[s]}' for s in sorted(top)
        )
        ws["D3"] = f"=({parts})/2"
        ws["B3"] = f"by {heading.lower()}"  # each group's own top, in the note
        put_text(ws["A4"], note + str(ws["A4"].value or ""), "note")
        ws.row_dimensions[4].height = 45
        ws.column_dimensions[sec].width = 8
        ws.print_area = f"A1:{sec}{b.last}"
    _recap(ctx, field, top)


def _recap(ctx: Context, field: Field, top: dict[str, int]) -> None:
    """The Recap's % of the pair's section tops and the rank key on it."""
    ws = ctx.wb["Recap"]
    col = {
        str(ws.cell(row=HEADER, column=k).value): get_column_letter(k)
        for k in range(1, ws.max_column + 1)
        if ws.cell(row=HEADER, column=k).value is not None
    }
    pct, played, raw, key = col["%"], col["Played"], col["Raw"], col["Key"]
    tops = ", ".join(f"{s} {t}" for s, t in sorted(top.items()))
    ws["A3"] = f"Tops: {tops}"
    for k in range(4, ws.max_column + 1):
        if ws.cell(row=HEADER, column=k).value == "Played":
            break
        ws.cell(row=3, column=k).value = None
    for r in range(FIRST, int(ctx.recap["last"]) + 1):
        s = field.group_of(field.section_of(str(ws[f"A{r}"].value)))
        ws[f"{pct}{r}"] = section_percent(f"${raw}{r}", f"${played}{r}", top[s])
        ws[f"{key}{r}"] = R.rank_key(f"${pct}{r}")
    each = "section" if field.scoring == "section" else "board set"
    method = ctx.recap["method"]
    ws[method] = f"{ws[method].value}; each {each} on its own, ranked by %"
