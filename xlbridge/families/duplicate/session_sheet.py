"""The duplicate form's Session sheet: its labels, the movement options' text, the director's
instructions and the sheet itself (the label/value lines through
:func:`xlbridge.workbook.session.write_settings`, which every family shares).

>>> movement_options_text("skip", None, False)
'--even skip'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.duplicate.context import Context, Options
from xlbridge.scoring.choices import MPScaleName
from xlbridge.scoring.strata import Strata
from xlbridge.text import put_text
from xlbridge.workbook.masterpoints import masterpoints_rows, write_sentence
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
    "movement_options_text",
    "parse_movement_options",
    "parse_sit_out",
    "players_options",
    "players_settings",
    "scale_of",
    "write_session_sheet",
]

# The Session sheet's line recording the pairs-movement options the workbook was written with,
# as typed for ``xlbridge new`` ("none" without any), so ``xlbridge rebuild`` need not guess.
MOVEMENT_OPTIONS_LABEL = "Movement options"
# Butler workbooks: how the datum's exact 5 goes to a ten (``half-away``...); a workbook without
# the line was written when the datum's formula sent halves up.
DATUM_ROUNDING_LABEL = "Datum rounding"
# Barometer games: how many copies of each board to make (one a table).
COPIES_LABEL = "Copies of each board"

# Sectioned workbooks (movements.field): the sections as ``--sections`` gives them, and how
# the boards are matchpointed ("field": every section's results on a board together).
SECTIONS_LABEL = "Sections"
SECTION_SCORING_LABEL = "Section scoring"
BOARD_SETS_LABEL = "Board sets"  # the sections of each set play their own deals (AB,CD)
HANDICAPS_LABEL = "Handicaps"
HANDICAPS_TEXT = "the pair's handicap added to its %"
STRATA_LABEL = "Strata"

# The Session sheet's ``Matchpoint scale`` text of each scale: written from here, read back here.
SCALE_TEXTS: dict[MPScaleName, str] = {
    "acbl": "1 / ½ / 0 (ACBL)",
    "ebu": "2 / 1 / 0 (EBU, Law 78A)",
}
_OLD_SCALE_TEXTS: dict[str, MPScaleName] = {"ACBL": "acbl", "EBU": "ebu"}  # no Session line


def scale_of(text: object) -> MPScaleName | None:
    """The scale a ``Matchpoint scale`` text stands for (None: none xlbridge writes).

    >>> scale_of(SCALE_TEXTS["ebu"]), scale_of("ACBL"), scale_of("EBU-ish")
    ('ebu', 'acbl', None)
    """
    if not isinstance(text, str):
        return None
    got = {v: k for k, v in SCALE_TEXTS.items()}.get(text.strip())
    return got or _OLD_SCALE_TEXTS.get(text.strip())


_CHARS_PER_LINE = 80  # of the instructions, in the 86 characters of columns A:C

_METHODS = {
    "mp": "matchpoints",
    "butler": "Butler IMPs (datum: trimmed mean, nearest 10)",
    "ximp": "cross-IMPs (divided by comparisons)",
}



def movement_options_text(
    even: str | None, arrow_switch: str | None, half_table: bool, sit_out: str | None = None
) -> str:
    """The pairs-movement options as ``xlbridge new`` takes them, for the Session sheet.

    >>> movement_options_text("skip", "7:1, 7:2", True)
    '--even skip --arrow-switch 7:1,7:2 --half-table'
    >>> movement_options_text(None, None, False)
    'none'
    >>> movement_options_text(None, None, False, "EW  3")
    '--sit-out EW 3'
    """
    words: list[str] = []
    if even:
        words += ["--even", even]
    if arrow_switch:
        words += ["--arrow-switch", "".join(arrow_switch.split())]
    if half_table:
        words.append("--half-table")
    if sit_out:
        words += ["--sit-out", *sit_out.split()]
    return " ".join(words) or "none"


def parse_movement_options(text: str) -> tuple[str | None, str | None, bool]:
    """(even, arrow switch, half table) from :func:`movement_options_text`'s text.

    >>> parse_movement_options("--even relay --half-table")
    ('relay', None, True)
    >>> parse_movement_options("--even sideways")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet: movement options '--even sideways' are not ...
    """
    even, arrow, half, _sit_out = _parse_options(text)
    return even, arrow, half


def parse_sit_out(text: str) -> str | None:
    """The absent pair's label (``--sit-out LABEL``) in :func:`movement_options_text`'s text.

    >>> parse_sit_out("--even skip --sit-out NS 3"), parse_sit_out("none")
    ('NS 3', None)
    """
    return _parse_options(text)[3]


def _parse_options(text: str) -> tuple[str | None, str | None, bool, str | None]:
    words = text.split()
    even: str | None = None
    arrow: str | None = None
    half = False
    sit_out: str | None = None
    i = 0
    ok = words != []
    while ok and i < len(words) and words != ["none"]:
        word, nxt = words[i], words[i + 1] if i + 1 < len(words) else ""
        if word == "--even" and nxt in ("skip", "relay") and even is None:
            even, i = nxt, i + 2
        elif word == "--arrow-switch" and nxt and not nxt.startswith("--") and arrow is None:
            arrow, i = nxt, i + 2
        elif word == "--half-table" and not half:
            half, i = True, i + 1
        elif word == "--sit-out" and nxt and not nxt.startswith("--") and sit_out is None:
            end = i + 1
            while end < len(words) and not words[end].startswith("--"):
                end += 1
            sit_out, i = " ".join(words[i + 1 : end]), end
        else:
            ok = False
    if not ok:
        raise WorkbookError(
            f"Session sheet: movement options {text[:60]!r} are not what xlbridge writes"
            " (--even skip|relay, --arrow-switch SPEC, --half-table, --sit-out LABEL, or none)"
        )
    return even, arrow, half, sit_out


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


def players_settings(opt: Options) -> list[tuple[str, Any]]:
    """The Session sheet's lines for handicapped and stratified results (read back by
    :func:`players_options`).

    >>> from xlbridge.scoring.strata import Strata
    >>> got = players_settings(Options(handicapped=True, strata=Strata.parse("1000,0")))
    >>> got[0][0], got[1]
    ('Handicaps', ('Strata', 'A 1000, B 0; by the higher; unknown in the lowest'))
    """
    out: list[tuple[str, Any]] = []
    if opt.handicapped:
        out.append((HANDICAPS_LABEL, HANDICAPS_TEXT))
    if opt.strata is not None:
        out.append((STRATA_LABEL, opt.strata.text()))
    return out


def players_options(settings: Mapping[str, Any]) -> tuple[bool, Strata | None]:
    """Whether the session is handicapped, and its strata, from its Session sheet's lines.

    >>> players_options({"Strata": "A 1000, B 0; by the average"})
    (False, Strata(bounds=(('A', 1000.0), ('B', 0.0)), by='average', unknown='highest'))
    """
    handicapped = str(settings.get(HANDICAPS_LABEL) or "").strip() != ""
    text = str(settings.get(STRATA_LABEL) or "").strip()
    try:
        return handicapped, Strata.from_text(text) if text else None
    except XlbridgeError as exc:
        raise WorkbookError(f"Session sheet: {STRATA_LABEL}: {exc}") from None


def _value_style(label: str) -> str:
    """A pairs setting's style: the date is typed on the night (an unlocked cell)."""
    return "xlb Names" if label == "Date" else "xlb Text"


def write_session_sheet(ctx: Context) -> Worksheet:
    """Write the ``Session`` sheet (the first sheet)."""
    ws: Worksheet = ctx.wb.create_sheet("Session")
    st, opt, m = ctx.style, ctx.options, ctx.movement
    st(ws["A1"], "xlb Title")
    put_text(ws["A1"], opt.event, "event")
    rows: list[tuple[str, Any]] = [
        ("Date", opt.date),
        ("Movement", m.kind),
        ("Tables", m.tables),
        ("Rounds", m.rounds),
        ("Boards per round", m.boards_per_round),
        ("Boards", len(m.boards)),
        ("Pairs", len(m.pairs)),
        ("Scoring", _METHODS[opt.scoring]),
        ("Matchpoint scale", SCALE_TEXTS["acbl" if opt.per == 1 else "ebu"]),
        ("Result entry", opt.result_entry),
        ("Results expected a board", ctx.expected),
        ("Ranking", "NS and EW apart" if ctx.two_winner else "one field"),
    ]
    if opt.sections is not None:
        rows += [(SECTIONS_LABEL, opt.sections.spec), (SECTION_SCORING_LABEL, opt.sections.scoring)]
        if opt.sections.sets:
            rows.append((BOARD_SETS_LABEL, ",".join(opt.sections.sets)))
    if opt.scoring == "butler":
        rows.append((DATUM_ROUNDING_LABEL, opt.datum_rounding))
    if opt.movement_options is not None:
        rows.append((MOVEMENT_OPTIONS_LABEL, opt.movement_options))
    if m.barometer:  # every table plays the round's boards: the director duplicates them
        from xlbridge.movements.barometer import copies

        rows.append((COPIES_LABEL, copies(m)))
    rows += players_settings(opt)
    rows += masterpoints_rows(opt.masterpoints)
    write_settings(ws, st, rows, value_style=_value_style)
    write_sentence(ws, st, 3, rows)
    # The date is typed in on the night: an unlocked text cell (Recap and Results show it).
    ws["C3"] = "type the date here"
    r = 4 + len(rows)
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
