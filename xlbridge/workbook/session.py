"""The Session sheet: event, settings and the director's instructions."""

from __future__ import annotations

from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.workbook.context import Context

__all__ = ["write_session_sheet"]

_METHODS = {
    "mp": "matchpoints",
    "butler": "Butler IMPs (datum: trimmed mean, nearest 10)",
    "ximp": "cross-IMPs (divided by comparisons)",
}


def instructions(ctx: Context) -> list[str]:
    """What the director does, in order."""
    entry = (
        "Made (the level made: 3D making ten tricks is 4) or Down (undertricks)"
        if ctx.options.result_entry == "made-down"
        else "Tricks (tricks taken by declarer, 0-13)"
    )
    return [
        "1. Print the Movement sheet, the Table Cards and one traveller per board.",
        "2. Type the pair names on the Names sheet (optional).",
        f"3. On each Board sheet type Contract (4S, 3NT, 4HX, PASS), By (N, E, S, W) and {entry}.",
        "   NS Score, EW Score and the matchpoints fill in by themselves.",
        "4. A score typed straight into NS Score replaces the computed one (Checks lists it).",
        "5. Adjusted scores: type A, A+, A-, A+/A- or 60/40 in the Adjusted column.",
        "6. Fix every line on the Checks sheet; each board shows 'in balance' when it adds up.",
        "7. The Recap ranks the pairs; print it, or publish it.",
        "Yellow cells are for typing; the other cells are formulas and are locked.",
        "Sheets are protected without a password: Review > Unprotect Sheet to change the layout.",
    ]


def write_session_sheet(ctx: Context) -> Worksheet:
    """Write the ``Session`` sheet (the first sheet)."""
    ws: Worksheet = ctx.wb.create_sheet("Session")
    st, opt, m = ctx.style, ctx.options, ctx.movement
    ws["A1"] = opt.event
    st(ws["A1"], "xlb Title")
    rows: list[tuple[str, Any]] = [
        ("Date", opt.date),
        ("Movement", m.kind),
        ("Tables", m.tables),
        ("Rounds", m.rounds),
        ("Boards per round", m.boards_per_round),
        ("Boards", len(m.boards)),
        ("Pairs", len(m.pairs)),
        ("Scoring", _METHODS[opt.scoring]),
        ("Matchpoint scale", "1 / ½ / 0 (ACBL)" if opt.per == 1 else "2 / 1 / 0 (EBU, Law 78A)"),
        ("Result entry", opt.result_entry),
        ("Results expected a board", ctx.expected),
        ("Ranking", "NS and EW apart" if ctx.two_winner else "one field"),
    ]
    for i, (label, value) in enumerate(rows, start=3):
        ws.cell(row=i, column=1, value=label)
        st(ws.cell(row=i, column=1), "xlb Label")
        cell = ws.cell(row=i, column=2, value=value)
        if isinstance(value, str):
            cell.data_type = "s"  # an event name beginning with "=" stays text
    r = 4 + len(rows)
    ws.cell(row=r, column=1, value="Instructions")
    st(ws.cell(row=r, column=1), "xlb Label")
    for i, line in enumerate([*instructions(ctx), *m.notes], start=r + 1):
        cell = ws.cell(row=i, column=1, value=line)
        cell.data_type = "s"
    if isinstance(opt.event, str):
        ws["A1"].data_type = "s"
    ws.column_dimensions["A"].width = 26
    ws.column_dimensions["B"].width = 40
    ws.print_area = f"A1:B{r + 12 + len(m.notes)}"
    ws.protection.sheet = True
    return ws
