"""The Session sheet: event, settings and the director's instructions."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.movements.registry import FAMILIES, FamilyName
from xlbridge.numerals import whole_number
from xlbridge.scoring.strata import Strata
from xlbridge.workbook.cells import Sheet, stored_cells
from xlbridge.workbook.context import Context, Options
from xlbridge.workbook.styles import Styler, fit_portrait
from xlbridge.workbook.text import put_text

__all__ = [
    "BOARD_SETS_LABEL",
    "COPIES_LABEL",
    "DATUM_ROUNDING_LABEL",
    "HANDICAPS_LABEL",
    "MOVEMENT_OPTIONS_LABEL",
    "SECTIONS_LABEL",
    "SECTION_SCORING_LABEL",
    "SESSION",
    "STRATA_LABEL",
    "SessionSettings",
    "family_of_workbook",
    "movement_options_text",
    "parse_movement_options",
    "parse_sit_out",
    "players_options",
    "players_settings",
    "read_settings",
    "write_session_sheet",
    "write_settings",
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

_CHARS_PER_LINE = 80  # of the instructions, in the 86 characters of columns A:C

_METHODS = {
    "mp": "matchpoints",
    "butler": "Butler IMPs (datum: trimmed mean, nearest 10)",
    "ximp": "cross-IMPs (divided by comparisons)",
}


def write_settings(
    ws: Worksheet,
    st: Styler,
    rows: Sequence[tuple[str, Any]],
    first: int = 3,
    value_style: Callable[[str], str] | None = None,
) -> None:
    """One labelled setting a row from row ``first``: the label in A, the value in B (text as
    text, "=..." included; a number as a number), styled ``value_style(label)`` when given.
    Every family's Session sheet writes its settings with it; :func:`read_settings` reads them.

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> ws = wb.create_sheet("Session")
    >>> write_settings(ws, Styler(wb), [("Date", "=1+1"), ("Tables", 5)])
    >>> ws["B3"].value, ws["B3"].data_type, ws["B4"].value
    ('=1+1', 's', 5)
    """
    for i, (label, value) in enumerate(rows, start=first):
        st(ws.cell(row=i, column=1, value=label), "xlb Label")
        cell = ws.cell(row=i, column=2)
        if isinstance(value, str):
            put_text(cell, value, label.lower())
        else:
            cell.value = value
        if value_style is not None:
            st(cell, value_style(label))


# --- the settings rows, read back -----------------------------------------------------------

SESSION = "Session"
FIRST_SETTING = 3  # the row of the first label/value line (A1 the event, row 2 blank)
MAX_SETTINGS = 40  # label/value lines read before the blank row that must end them
MAX_LINES = 60  # column-A lines read after that blank row (the instructions)


@dataclass(frozen=True, slots=True)
class SessionSettings(Mapping[str, Any]):
    """A Session sheet as :func:`write_settings` writes it: the event (A1) and the label ->
    value lines from row 3 (column A -> B, the first of a repeated label wins), read by
    :func:`read_settings`; a mapping of label -> value, with typed getters that name the cell.
    ``lines``: column A's texts after the blank row ending the settings (the instructions),
    kept only for workbooks that recorded a setting nowhere else.

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> ws = wb.create_sheet("Session")
    >>> ws["A1"] = "Club"
    >>> write_settings(ws, Styler(wb), [("Date", "=1+1"), ("Tables", 5), ("Kind", "rubber")])
    >>> ws["A7"] = "1. Type the names."
    >>> s = read_settings(wb)
    >>> s.event, dict(s), s.lines, s.cell("Kind")
    ('Club', {'Date': '=1+1', 'Tables': 5, 'Kind': 'rubber'}, ('1. Type the names.',), 'B5')
    >>> s.whole("Tables", (1, 100)), s.text("Date"), s.text("Players")
    (5, '=1+1', '')
    >>> s.whole("Kind")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet, cell B5: Kind 'rubber' is not a whole number
    >>> for r in range(3, 60):
    ...     ws[f"A{r}"] = f"Line {r}"
    >>> read_settings(ws)
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet: more than 40 settings lines from row 3 (a ...
    """

    event: Any
    entries: Mapping[str, Any]  # label -> value, in row order
    rows: Mapping[str, int]  # label -> its row
    lines: tuple[str, ...] = ()

    def __getitem__(self, label: str) -> Any:
        return self.entries[label]

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def cell(self, label: str) -> str:
        """The cell holding ``label``'s value (``B7``); ``""`` for a label the sheet lacks."""
        row = self.rows.get(label)
        return "" if row is None else f"B{row}"

    @property
    def kind(self) -> str:
        """The kind the workbook is, trimmed and in lower case: the ``Movement`` line's (pairs
        and individual workbooks), else the ``Kind`` line's (teams and social); ``""`` if none.
        Every reader takes the kind from here, so a kind on either line reads the same."""
        for label in ("Movement", "Kind"):
            value = self.entries.get(label)
            if isinstance(value, str) and value.strip():
                return value.strip().lower()
        return ""

    def text(self, label: str) -> str:
        """``label``'s value as text; ``""`` when blank or missing."""
        value = self.entries.get(label)
        return "" if value is None else str(value)

    def whole(self, label: str, limits: tuple[int, int] | None = None, *, text: bool = True) -> int:
        """``label``'s value as a whole number (within ``limits``), else one line naming the
        Session sheet's cell (:func:`xlbridge.numerals.whole_number`)."""
        if label not in self.entries:
            raise WorkbookError(
                f"Session sheet: no {label!r} line; was the workbook written by xlbridge new?"
            )
        return whole_number(
            self.entries[label],
            f"Session sheet, cell {self.cell(label)}: {label}",
            limits=limits,
            error=WorkbookError,
            text=text,
        )


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def read_settings(source: Any) -> SessionSettings:
    """The Session sheet's :class:`SessionSettings`, read exactly as :func:`write_settings`
    writes them: from the first labelled row after A1 (row 3) to the next row whose label
    (column A) is blank, at most ``MAX_SETTINGS`` lines. ``source``: a workbook (openpyxl,
    read-only or not, or the kit's :class:`~xlbridge.workbook.cells.Book`) or its Session
    sheet (a worksheet or :class:`~xlbridge.workbook.cells.Sheet`); a writable sheet gets no
    cell it did not have."""
    if hasattr(source, "sheetnames"):
        if SESSION not in source.sheetnames:
            raise WorkbookError(
                "the workbook has no Session sheet; was it written by xlbridge new?"
            )
        source = source[SESSION]
    last = FIRST_SETTING + 2 * MAX_SETTINGS + MAX_LINES
    if isinstance(source, Sheet):
        got = {(r, k): source.cell(r, k).value for r in range(1, last + 1) for k in (1, 2)}
    else:
        got = {
            (c.row, c.column): c.value
            for c in stored_cells(source, max_row=last, max_col=2)
            if getattr(c, "row", None) is not None
        }
    values: dict[str, Any] = {}
    rows: dict[str, int] = {}
    start = 2  # the first labelled row after A1 (row 3 as write_settings writes them)
    while start < FIRST_SETTING + MAX_SETTINGS and _blank(got.get((start, 1))):
        start += 1
    end = start
    while not _blank(got.get((end, 1))):
        if end == start + MAX_SETTINGS:
            raise WorkbookError(
                f"Session sheet: more than {MAX_SETTINGS} settings lines from row {start}"
                " (a blank row ends them); was the workbook written by xlbridge new?"
            )
        label = got[(end, 1)]
        if isinstance(label, str) and label.strip() not in values:
            values[label.strip()] = got.get((end, 2))
            rows[label.strip()] = end
        end += 1
    lines = tuple(
        str(v).strip() for r in range(end + 1, last + 1) if not _blank(v := got.get((r, 1)))
    )
    return SessionSettings(got.get((1, 1)), MappingProxyType(values), MappingProxyType(rows), lines)


def family_of_workbook(book: Any) -> tuple[str, FamilyName]:
    """(kind, family) from the Session sheet's ``Movement`` line (``Kind`` on teams and
    social workbooks); a kind xlbridge does not know reads as pairs."""
    kind = read_settings(book).kind
    if not kind:
        raise WorkbookError("Session sheet: no 'Movement' or 'Kind' line naming the kind")
    return kind, FAMILIES.get(kind, "pairs")


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
        ("Matchpoint scale", "1 / ½ / 0 (ACBL)" if opt.per == 1 else "2 / 1 / 0 (EBU, Law 78A)"),
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
    write_settings(ws, st, rows, value_style=_value_style)
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
