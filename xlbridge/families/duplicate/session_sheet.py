"""The duplicate form's Session sheet: the director's instructions and the sheet itself (its
label/value lines are :func:`xlbridge.families.duplicate.settings.rows` of the workbook's one
:class:`~xlbridge.families.duplicate.settings.Settings`, written through
:func:`xlbridge.workbook.session.write_settings`, which every family shares).

>>> movement_options_text(MovementOptions(even="skip"))
'--even skip'
"""

from __future__ import annotations

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import Context
from xlbridge.families.duplicate.settings import (
    BOARD_SETS_LABEL,
    COPIES_LABEL,
    DATUM_ROUNDING_LABEL,
    HANDICAPS_LABEL,
    MOVEMENT_OPTIONS_LABEL,
    SCALE_TEXTS,
    SECTION_SCORING_LABEL,
    SECTIONS_LABEL,
    STRATA_LABEL,
    Facts,
    Form,
    Settings,
    movement_options_text,
    parse_options,
    rows,
)
from xlbridge.movements.options import MovementOptions
from xlbridge.text import put_text
from xlbridge.workbook.masterpoints import write_sentence
from xlbridge.workbook.session import write_settings
from xlbridge.workbook.styles import fit_portrait

__all__ = [
    "BOARD_SETS_LABEL",
    "COPIES_LABEL",
    "DATUM_ROUNDING_LABEL",
    "HANDICAPS_LABEL",
    "MOVEMENT_OPTIONS_LABEL",
    "SCALE_TEXTS",
    "SECTIONS_LABEL",
    "SECTION_SCORING_LABEL",
    "STRATA_LABEL",
    "facts_of",
    "movement_options_text",
    "settings_of",
    "write_session_sheet",
]

_CHARS_PER_LINE = 80  # of the instructions, in the 86 characters of columns A:C


def instructions(ctx: Context) -> list[str]:
    """What the director does, in order."""
    entry = (
        "Made (the level made: 3D making ten tricks is 4) or Down (undertricks)"
        if ctx.options.result_entry == "made-down"
        else "Tricks (tricks taken by declarer, 0-13)"
    )
    typing = [
        f"3. On each Board sheet type Contract (4S, 3NT, 4HX, PASS), By (N, E, S, W) and {entry}.",
        "   NS Score, EW Score and the matchpoints fill in by themselves.",
        "4. A score typed straight into NS Score replaces the computed one (Checks lists it);"
        " type OK in the row's OK column to accept it.",
    ]
    if ctx.options.result_entry == "score":
        typing = [
            "3. On each Board sheet type NS Score: North-South's score, minus when East-West"
            " scored (420, -50; 0 for a passed-out board).",
            "4. EW Score and the matchpoints fill in by themselves; Contract, By, Made and Down"
            " may be typed for information and are not used.",
        ]
    return [
        "1. Print the Movement sheet, the Table Cards and the Travellers sheet (several a page).",
        "2. Type the pair names on the Names sheet (optional).",
        *typing,
        "5. Adjusted scores: type A, A+, A-, A+/A- or 60/40 in the Adjusted column"
        + (
            "."
            if ctx.options.scoring == "mp"
            else " (IMPs, Law 86A: A+ +3, A 0, A- -3; A+/A- is NS/EW)."
        ),
        "6. Fix every line on the Checks sheet; each board shows 'in balance' when it adds up.",
        "7. The Recap ranks the pairs; the Results sheet lists them by rank for the notice board.",
        *(
            [
                "   Sections: every board is matchpointed across the field (all sections' results"
                " together, Neuberg-factored where a board has fewer results); the Recap's"
                " Section rank ranks each section on its own."
                if ctx.options.sections.scoring == "field" and not ctx.options.sections.sets
                else "   Sections: each board set (the sections that play the same deals) is"
                " matchpointed on its own (the Board sheets' Set column); the Recap ranks the"
                " field by % and each section on its own (Section rank)."
                if ctx.options.sections.scoring == "field"
                else "   Sections: each section is matchpointed on its own (its own top; the"
                " Board sheets' Section column); the Recap ranks the field by % and each"
                " section on its own (Section rank)."
            ]
            if ctx.options.sections
            else []
        ),
        "Yellow cells are for typing; the other cells are formulas and are locked.",
        "Sheets are protected without a password: Review > Unprotect Sheet to change the layout.",
    ]


def settings_of(ctx: Context, form: Form = "pairs") -> Settings:
    """The one :class:`~xlbridge.families.duplicate.settings.Settings` of the workbook being
    built: the builder's options and the movement's kind and size."""
    opt, m = ctx.options, ctx.movement
    recorded = opt.movement_options is not None
    text = opt.movement_options
    given = MovementOptions() if text is None else parse_options(text)
    sections = opt.sections
    return Settings(
        kind=m.kind, tables=m.tables, rounds=m.rounds, boards_per_round=m.boards_per_round,
        form=form, event=opt.event, date=opt.date, scoring=opt.scoring,
        scale="acbl" if opt.per == 1 else "ebu", result_entry=opt.result_entry,
        datum_rounding=opt.datum_rounding, movement_options=given, options_recorded=recorded,
        sections=None if sections is None else sections.spec,
        section_scoring="field" if sections is None else sections.scoring,
        board_sets=() if sections is None else tuple(sections.sets),
        handicapped=opt.handicapped, strata=opt.strata, masterpoints=opt.masterpoints,
    )  # fmt: skip


def facts_of(ctx: Context) -> Facts:
    """What the Session sheet shows of the built movement."""
    m = ctx.movement
    copies = None
    if m.barometer:  # every table plays the round's boards: the director duplicates them
        from xlbridge.movements.barometer import copies as copies_of

        copies = copies_of(m)
    return Facts(boards=len(m.boards), contestants=len(m.pairs), expected=ctx.expected,
                 two_winner=ctx.two_winner, copies=copies)  # fmt: skip


def _value_style(label: str) -> str:
    """A pairs setting's style: the date is typed on the night (an unlocked cell)."""
    return "xlb Names" if label == "Date" else "xlb Text"


def write_session_sheet(ctx: Context) -> Worksheet:
    """Write the ``Session`` sheet (the first sheet)."""
    ws: Worksheet = ctx.wb.create_sheet("Session")
    st, opt, m = ctx.style, ctx.options, ctx.movement
    st(ws["A1"], "xlb Title")
    put_text(ws["A1"], opt.event, "event")
    lines_of = rows(settings_of(ctx), facts_of(ctx))
    write_settings(ws, st, lines_of, value_style=_value_style)
    write_sentence(ws, st, 3, lines_of)
    # The date is typed in on the night: an unlocked text cell (Recap and Results show it).
    ws["C3"] = "type the date here"
    r = 4 + len(lines_of)
    ws.cell(row=r, column=1, value="Instructions")
    st(ws.cell(row=r, column=1), "xlb Label")
    # Each instruction spans A:C and wraps, so it prints whole on a portrait page.
    lines = [*instructions(ctx), *m.notes]
    for i, line in enumerate(lines, start=r + 1):
        cell = ws.cell(row=i, column=1)
        put_text(cell, line, "instructions")
        st(cell, "xlb Text")
        ws.merged_cells.add(f"A{i}:C{i}")  # B and C are empty: no MergedCell objects needed
        ws.row_dimensions[i].height = 15 * (1 + len(line) // _CHARS_PER_LINE)
    ws.column_dimensions["A"].width = 26
    ws.column_dimensions["B"].width = 40
    ws.column_dimensions["C"].width = 20
    ws.print_area = f"A1:C{r + len(lines)}"
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws
