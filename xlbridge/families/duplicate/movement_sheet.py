"""The Movement sheet: the master table of rounds by tables (pairs and boards)."""

from __future__ import annotations

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import Context
from xlbridge.movements.model import Movement
from xlbridge.text import put_text
from xlbridge.workbook.styles import fit_landscape

__all__ = ["boards_text", "switched_text", "write_movement"]


def boards_text(boards: tuple[int, ...]) -> str:
    """Boards as ranges: ``(1, 2, 3, 7)`` -> ``"1-3, 7"``.

    >>> boards_text((1, 2, 3, 7))
    '1-3, 7'
    """
    out: list[str] = []
    run: list[int] = []
    for b in sorted(boards):
        if run and b == run[-1] + 1:
            run.append(b)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [b]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def switched_text(boards: tuple[int, ...], switched: tuple[int, ...]) -> str:
    """A round's boards with its arrow-switched ones starred: all of them ``*17-18``, some of
    them ``17-18 *18``.

    >>> switched_text((17, 18), (17, 18)), switched_text((17, 18), (18,)), switched_text((1,), ())
    ('*17-18', '17-18 *18', '1')
    """
    if switched and sorted(switched) == sorted(boards):
        return "*" + boards_text(boards)
    return boards_text(boards) + (" *" + boards_text(switched) if switched else "")


def write_movement(ctx: Context) -> Worksheet:
    """Write the ``Movement`` sheet: one grid, or one a section (each section's own tables)."""
    ws: Worksheet = ctx.wb.create_sheet("Movement")
    field = ctx.options.sections
    blocks = [(s.movement, f"Section {s.letter}: ") for s in field.sections] if field else [
        (ctx.movement, "")]  # fmt: skip
    r, last_col = 1, 1
    widths: dict[str, int] = {}
    for m, title in blocks:
        r, width = _write_block(ctx, ws, m, r, title, widths)
        last_col = max(last_col, width)
        r += 1
    for letter, w in widths.items():
        ws.column_dimensions[letter].width = w
    ws.freeze_panes = "B4"
    ws.print_area = f"A1:{get_column_letter(last_col)}{max(r - 2, 1)}"
    ws.print_title_rows = "3:3"
    fit_landscape(ws)
    ws.protection.sheet = True
    return ws


def _write_block(
    ctx: Context, ws: Worksheet, m: Movement, top: int, title: str, widths: dict[str, int]
) -> tuple[int, int]:
    """One movement's grid from row ``top``: (the row after it, its last column)."""
    st = ctx.style
    head = top + 2
    ws[f"A{top}"] = f"{title}Movement: {m.kind}, {m.tables} tables, {m.rounds} rounds"
    st(ws[f"A{top}"], "xlb Title")
    ws[f"A{top + 1}"] = (
        "Each cell: NS pair v EW pair, boards. * = arrow-switched boards (NS sits EW)."
    )
    tables = sorted({e.table for e in m.entries})
    ws[f"A{head}"] = "Round"
    st(ws[f"A{head}"], "xlb Header")
    col = {t: get_column_letter(2 + i) for i, t in enumerate(tables)}
    for t in tables:
        ws[f"{col[t]}{head}"] = f"Table {t}"
        st(ws[f"{col[t]}{head}"], "xlb Header")
    extra = get_column_letter(2 + len(tables))
    ws[f"{extra}{head}"] = "Bye-stand / sit-out"
    st(ws[f"{extra}{head}"], "xlb Header")
    byes = dict(m.bye_stand)
    longest: dict[str, int] = {}  # each column as wide as its longest cell: nothing cut off
    sits: dict[int, list[int]] = {}
    for rnd, pair in m.sit_outs:
        sits.setdefault(rnd, []).append(pair)
    for i, rnd in enumerate(range(1, m.rounds + 1)):
        r = head + 1 + i
        ws[f"A{r}"] = rnd
        st(ws[f"A{r}"], "xlb Value")
        for e in m.round_entries(rnd):
            ns = m.label(e.ns) if e.ns is not None else "-"
            ew = m.label(e.ew) if e.ew is not None else "-"
            cell = ws[f"{col[e.table]}{r}"]
            st(cell, "xlb Value")  # style first: put_text sets the @ format
            put_text(cell, f"{ns} v {ew}: {switched_text(e.boards, e.switched)}", "pair label")
            longest[col[e.table]] = max(longest.get(col[e.table], 0), len(cell.value))
        notes = []
        if rnd in byes:
            notes.append(f"bye-stand {boards_text(byes[rnd])}")
        if rnd in sits:
            notes.append("sit out " + ", ".join(m.label(p) for p in sits[rnd]))
        st(ws[f"{extra}{r}"], "xlb Value")
        put_text(ws[f"{extra}{r}"], "; ".join(notes), "pair label")
        longest[extra] = max(longest.get(extra, 0), len(ws[f"{extra}{r}"].value))
    for t in tables:
        w = max(20, round(longest.get(col[t], 0) * 1.1) + 2)
        widths[col[t]] = max(widths.get(col[t], 0), w)
    w = max(24, round(longest.get(extra, 0) * 1.1) + 2)
    widths[extra] = max(widths.get(extra, 0), w)
    r = head + 2 + m.rounds
    for i, note in enumerate(m.notes):
        put_text(ws.cell(row=r + i, column=1), note, "movement note")
    return r + len(m.notes) + 1, 2 + len(tables)
