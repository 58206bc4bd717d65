"""The duplicate form's one :class:`Settings` (pairs and individuals: kind, size, scoring,
scale, result entry, datum rounding, movement options, sections, handicaps and strata) and its
one codec: :func:`rows`, the Session sheet's label/value lines ``new`` writes, a code beside
each English sentence (``Scoring`` for people, ``Scoring code`` ``mp``/``butler``/``ximp`` for
xlbridge), and :func:`read`, which reads them back once, by label, through the kit's
:func:`xlbridge.workbook.session.read_settings`; each refusal is one line naming the cell.

"Which scoring is this workbook" is answered here and nowhere else: the results reader, the
rebuild adapters, the importers and the Bridgemate writers all ask :func:`read`. Workbooks
written before the code lines are read by :func:`_from_sentences` (today's recognition of
the sentences), the one place that still reads an English sentence as a setting.

>>> s = Settings("mitchell", 3, 3, 2, scoring="butler", scale="ebu")
>>> [r for r in rows(s, Facts(boards=6, contestants=6, expected=3))][7:11]
[('Scoring', 'Butler IMPs (datum: trimmed mean, nearest 10)'), ('Scoring code', 'butler'), \
('Matchpoint scale', '2 / 1 / 0 (EBU, Law 78A)'), ('Scale code', 'ebu')]
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from xlbridge.errors import MovementError, WorkbookError, XlbridgeError
from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES
from xlbridge.movements.field import (
    SECTION_SCORINGS,
    parse_board_sets,
    parse_sections,
)
from xlbridge.movements.options import MovementOptions, flag_of, option_specs
from xlbridge.movements.registry import FAMILIES
from xlbridge.scoring.choices import (
    DATUM_ROUNDINGS,
    MP_SCALE_NAMES,
    PAIRS_SCORINGS,
    RESULT_ENTRIES,
    DatumRounding,
    MPScaleName,
    PairsScoring,
    ResultEntry,
    parse_choice,
)
from xlbridge.scoring.strata import Strata
from xlbridge.workbook.cells import typed_text
from xlbridge.workbook.masterpoints import masterpoints_rows, scale_of_settings
from xlbridge.workbook.session import SessionSettings, read_settings

__all__ = [
    "CODE_LABELS",
    "SCALE_TEXTS",
    "Facts",
    "Form",
    "Settings",
    "count_line",
    "from_session",
    "movement_options_text",
    "parse_options",
    "read",
    "rows",
    "scale_of",
    "strata_code",
]

Form = Literal["pairs", "individual"]

# The Session sheet's labels of the duplicate form.
MOVEMENT_OPTIONS_LABEL = "Movement options"
DATUM_ROUNDING_LABEL = "Datum rounding"
COPIES_LABEL = "Copies of each board"
SECTIONS_LABEL = "Sections"
SECTION_SCORING_LABEL = "Section scoring"
BOARD_SETS_LABEL = "Board sets"
HANDICAPS_LABEL = "Handicaps"
HANDICAPS_TEXT = "the pair's handicap added to its %"
STRATA_LABEL = "Strata"
SCORING_CODE = "Scoring code"
SCALE_CODE = "Scale code"
STRATA_CODE = "Strata code"
#: The code lines, each written beside the sentence it stands for; a workbook with none of
#: them was written before them and is read from its sentences.
CODE_LABELS = (SCORING_CODE, SCALE_CODE, STRATA_CODE)

# The Session sheet's ``Matchpoint scale`` text of each scale.
SCALE_TEXTS: dict[MPScaleName, str] = {
    "acbl": "1 / ½ / 0 (ACBL)",
    "ebu": "2 / 1 / 0 (EBU, Law 78A)",
}
# The ``Scoring`` sentence of each scoring (people read it; the code line is read).
SCORING_TEXTS: dict[PairsScoring, str] = {
    "mp": "matchpoints",
    "butler": "Butler IMPs (datum: trimmed mean, nearest 10)",
    "ximp": "cross-IMPs (divided by comparisons)",
}
INDIVIDUAL_SCORING_TEXT = "matchpoints; each player takes their side's score"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything a duplicate-form (pairs or individual) Session sheet records: what ``new``
    was told, bar the names and players (typed on the Names sheet) and the template.

    ``tables``, ``rounds``, ``boards_per_round``: as the Session sheet shows them (None: blank
    on a workbook read back). ``movement_options``: the pairs-movement options the Session
    sheet records (:class:`~xlbridge.movements.options.MovementOptions`; a barometer is its
    kind); ``options_recorded`` False for a workbook written before the
    ``Movement options`` line (its options are then not known). ``sections``: the
    ``--sections`` text of a sectioned session (None: one section).

    >>> Settings("mitchell", 3, 3, 2).scale, Settings("rainbow", form="individual").form
    ('acbl', 'individual')
    """

    kind: str
    tables: int | None = None
    rounds: int | None = None
    boards_per_round: int | None = None
    form: Form = "pairs"
    event: str = "Club pairs"
    date: str = ""
    scoring: PairsScoring = "mp"
    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    datum_rounding: DatumRounding = "half-away"
    movement_options: MovementOptions = field(default_factory=MovementOptions)
    options_recorded: bool = True
    sections: str | None = None
    section_scoring: str = "field"
    board_sets: tuple[str, ...] = ()
    handicapped: bool = False
    strata: Strata | None = None
    masterpoints: str = ""  # new --masterpoints: a scale code (``ebu-club``), or none

    @property
    def section_letters(self) -> tuple[str, ...]:
        """The letters of the sections (``()``: one section).

        >>> Settings("field", sections="A:mitchell:7,B:howell:3").section_letters
        ('A', 'B')
        """
        if not self.sections:
            return ()
        return tuple(s.letter for s in parse_sections(self.sections[:400]))

    @property
    def options_text(self) -> str:
        """The ``Movement options`` line (:func:`movement_options_text`)."""
        return movement_options_text(self.movement_options)


@dataclass(frozen=True, slots=True)
class Facts:
    """What the Session sheet shows of the built movement, for people (never read back as a
    setting, bar ``Results expected a board``): its boards, pairs or players, the results
    expected on a board, whether NS and EW rank apart (``two_winner``), whether the players
    have home directions (individuals), and a barometer's copies of each board."""

    boards: int
    contestants: int
    expected: int
    two_winner: bool = False
    home_directions: bool = False
    copies: int | None = None


def movement_options_text(options: MovementOptions) -> str:
    """The pairs-movement options as ``xlbridge new`` takes them, for the Session sheet: each
    one recorded and given, in declared order (a value of ``one`` word without its spaces).

    >>> given = MovementOptions(even="skip", arrow_switch="7:1, 7:2", half_table=True)
    >>> movement_options_text(given)
    '--even skip --arrow-switch 7:1,7:2 --half-table'
    >>> movement_options_text(MovementOptions())
    'none'
    >>> movement_options_text(MovementOptions(sit_out="EW  3", barometer=True))
    '--sit-out EW 3'
    """
    specs = dict(option_specs())
    words: list[str] = []
    for name, value in options.given():
        spec = specs[name]
        if not spec.recorded:
            continue
        words.append(flag_of(name))
        if value is not True:
            words += ["".join(str(value).split())] if spec.words == "one" else str(value).split()
    return " ".join(words) or "none"


def parse_options(text: str) -> MovementOptions:
    """The movement options of :func:`movement_options_text`'s text.

    >>> parse_options("--even relay --half-table --sit-out NS 3").given()
    (('even', 'relay'), ('half_table', True), ('sit_out', 'NS 3'))
    >>> parse_options("--even sideways")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet: movement options '--even sideways' are not ...
    """
    specs = {flag_of(name): (name, spec) for name, spec in option_specs() if spec.recorded}
    words = text.split()
    got: dict[str, Any] = {}
    i = 0
    ok = words != []
    while ok and i < len(words) and words != ["none"]:
        name, spec = specs.get(words[i], ("", None))
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if spec is None or name in got:
            ok = False
        elif spec.switch:
            got[name], i = True, i + 1
        elif not nxt or nxt.startswith("--") or (spec.choices and nxt not in spec.choices):
            ok = False
        elif spec.words == "one":
            got[name], i = nxt, i + 2
        else:
            end = i + 1
            while end < len(words) and not words[end].startswith("--"):
                end += 1
            got[name], i = " ".join(words[i + 1 : end]), end
    if not ok:
        shapes = ", ".join(
            flag_of(n) + ("" if s.switch else " " + ("|".join(s.choices) or str(s.metavar)))
            for n, s in specs.values()
        )
        raise WorkbookError(
            f"Session sheet: movement options {text[:60]!r} are not what xlbridge writes"
            f" ({shapes}, or none)"
        )
    return MovementOptions(**got)


def strata_code(strata: Strata) -> str:
    """The ``Strata code`` line: the thresholds as ``--strata`` takes them, how a pair is
    placed, and where a pair of unknown masterpoints goes.

    >>> strata_code(Strata.parse("1000,300,0", "average"))
    'A:1000,B:300,C:0;average;lowest'
    """
    each = ",".join(f"{letter}:{value:.10g}" for letter, value in strata.bounds)
    return f"{each};{strata.by};{strata.unknown}"


# --- writing ------------------------------------------------------------------------------


def rows(s: Settings, facts: Facts) -> list[tuple[str, Any]]:
    """The Session sheet's label/value lines of ``s`` (what :func:`read` reads back), with
    what the movement built shows (``facts``), in the order ``new`` writes them."""
    individual = s.form == "individual"
    out: list[tuple[str, Any]] = [
        ("Date", s.date),
        ("Movement", s.kind),
        ("Tables", s.tables),
        ("Rounds", s.rounds),
        ("Boards per round", s.boards_per_round),
        ("Boards", facts.boards),
        ("Players" if individual else "Pairs", facts.contestants),
        ("Scoring", INDIVIDUAL_SCORING_TEXT if individual else SCORING_TEXTS[s.scoring]),
        (SCORING_CODE, s.scoring),
        ("Matchpoint scale", SCALE_TEXTS[s.scale]),
        (SCALE_CODE, s.scale),
        ("Result entry", s.result_entry),
        ("Results expected a board", facts.expected),
    ]
    if individual:
        out.append((
            "Ranking",
            "one field; and by compass direction (Dir rank)"
            if facts.home_directions
            else "one field: every player ranked together",
        ))  # fmt: skip
    else:
        out.append(("Ranking", "NS and EW apart" if facts.two_winner else "one field"))
        if s.sections is not None:
            out += [(SECTIONS_LABEL, s.sections), (SECTION_SCORING_LABEL, s.section_scoring)]
            if s.board_sets:
                out.append((BOARD_SETS_LABEL, ",".join(s.board_sets)))
        if s.scoring == "butler":
            out.append((DATUM_ROUNDING_LABEL, s.datum_rounding))
        if s.options_recorded:
            out.append((MOVEMENT_OPTIONS_LABEL, s.options_text))
        if facts.copies is not None:
            out.append((COPIES_LABEL, facts.copies))
    if s.handicapped:
        out.append((HANDICAPS_LABEL, HANDICAPS_TEXT))
    if s.strata is not None:
        out += [(STRATA_LABEL, s.strata.text()), (STRATA_CODE, strata_code(s.strata))]
    return out + masterpoints_rows(s.masterpoints)


# --- reading ------------------------------------------------------------------------------


def read(book: Any) -> Settings:
    """The settings of a pairs or individuals workbook (openpyxl, or the kit's
    :class:`~xlbridge.workbook.cells.Book`), from its Session sheet, read once."""
    return from_session(read_settings(book), book)


def from_session(session: SessionSettings, book: Any = None) -> Settings:
    """:func:`read` of a Session sheet already read (``book``: the workbook, for an old
    individuals workbook whose scale is on its Recap)."""
    form: Form = "individual" if FAMILIES.get(session.kind) == "individual" else "pairs"
    if any(label in session for label in CODE_LABELS):
        scoring = _choice(session, SCORING_CODE, PAIRS_SCORINGS)
        scale = _choice(session, SCALE_CODE, MP_SCALE_NAMES)
        strata = _strata(session, STRATA_CODE, _strata_of_code)
    else:
        scoring, scale, strata = _from_sentences(session, form, book)
    stored = session.get(MOVEMENT_OPTIONS_LABEL)
    recorded = stored not in (None, "")
    options = parse_options(str(stored)) if recorded else MovementOptions()
    sections = _sections(session)
    return Settings(
        kind=session.kind,
        tables=count_line(session, "Tables", TABLES),
        rounds=count_line(session, "Rounds", ROUNDS),
        boards_per_round=count_line(session, "Boards per round", BOARDS_PER_ROUND),
        form=form,
        event=typed_text(session.event, "Session!A1", free_text=True),
        date=_date(session.get("Date")),
        scoring=scoring,
        scale=scale,
        result_entry=_result_entry(session),
        datum_rounding=_datum_rounding(session, scoring),
        movement_options=options,
        options_recorded=recorded,
        sections=sections,
        section_scoring=_section_scoring(session) if sections else "field",
        board_sets=_board_sets(session, sections),
        handicapped=session.text(HANDICAPS_LABEL).strip() != "",
        strata=strata,
        masterpoints=scale_of_settings(session),
    )


def _from_sentences(
    session: SessionSettings, form: Form, book: Any
) -> tuple[PairsScoring, MPScaleName, Strata | None]:
    """FALLBACK, for workbooks written before the code lines only: (scoring, scale, strata)
    recognised from the ``Scoring``, ``Matchpoint scale`` and ``Strata`` sentences, as xlbridge
    read them before. An individuals workbook written before its ``Scoring`` line has its scale
    on the Recap (C2)."""
    scoring_text = session.text("Scoring")
    scale_text: object = session.get("Matchpoint scale")
    if form == "individual" and "Scoring" not in session:
        recap = book["Recap"]["C2"].value if book is not None and "Recap" in book.sheetnames else ""
        scoring_text = "matchpoints"
        scale_text = "EBU" if "EBU" in str(recap) else "ACBL" if scale_text is None else scale_text
    text = scoring_text.lower()
    scoring: PairsScoring | Literal[""] = (
        "mp" if text.startswith("matchpoints") else
        "butler" if text.startswith("butler") else
        "ximp" if text.startswith("cross") else ""
    )  # fmt: skip
    if not scoring:
        raise WorkbookError(f"Session sheet: scoring {text!r} is not matchpoints, Butler or cross")
    scale = scale_of(scale_text)
    if scale is None:
        if scale_text is not None and form == "individual":
            raise WorkbookError(
                f"Session sheet: Matchpoint scale {str(scale_text)[:40]!r} is not one xlbridge"
                " writes"
            )
        scale = "acbl"
    return scoring, scale, _strata(session, STRATA_LABEL, Strata.from_text)


_OLD_SCALE_TEXTS: dict[str, MPScaleName] = {"ACBL": "acbl", "EBU": "ebu"}  # no Session line


def scale_of(text: object) -> MPScaleName | None:
    """The scale a ``Matchpoint scale`` sentence stands for (None: none xlbridge writes); read
    only for workbooks written before the ``Scale code`` line.

    >>> scale_of(SCALE_TEXTS["ebu"]), scale_of("ACBL"), scale_of("EBU-ish")
    ('ebu', 'acbl', None)
    """
    if not isinstance(text, str):
        return None
    got = {v: k for k, v in SCALE_TEXTS.items()}.get(text.strip())
    return got or _OLD_SCALE_TEXTS.get(text.strip())


def _choice(session: SessionSettings, label: str, choices: tuple[Any, ...]) -> Any:
    value = session.text(label).strip()
    if value not in choices:
        where = session.cell(label)
        at = f", cell {where}" if where else ""
        raise WorkbookError(
            f"Session sheet{at}: {label} {value[:20]!r} is not one of {', '.join(choices)}"
        )
    return value


def _strata_of_code(text: str) -> Strata:
    bounds, by, unknown = [*text.split(";"), "", ""][:3]
    return Strata.parse(bounds.strip(), by.strip() or "higher", unknown.strip() or "lowest")


def _strata(session: SessionSettings, label: str, parse: Any) -> Strata | None:
    text = session.text(label).strip()
    if not text:
        return None
    try:
        got: Strata = parse(text)
    except XlbridgeError as exc:
        raise WorkbookError(f"Session sheet: {label}: {exc}") from None
    return got


def count_line(session: SessionSettings, label: str, limits: tuple[int, int]) -> int | None:
    """A count on the Session sheet (None when blank or missing); one line naming its cell
    when it is not a whole number within ``limits``."""
    value = session.get(label)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return session.whole(label, limits)


def _date(value: Any) -> str:
    if isinstance(value, datetime.datetime | datetime.date):
        value = value.strftime("%Y-%m-%d")
    return typed_text(value, "Session date", free_text=True)


def _result_entry(settings: Mapping[str, Any]) -> ResultEntry:
    """The ``Result entry`` line (``made-down`` when there is none)."""
    entry = str(settings.get("Result entry") or "made-down").strip()
    if entry not in RESULT_ENTRIES:
        raise WorkbookError(
            f"Session sheet: Result entry {entry[:20]!r} is not one of {', '.join(RESULT_ENTRIES)}"
        )
    return entry


def _datum_rounding(settings: Mapping[str, Any], scoring: PairsScoring) -> DatumRounding:
    """The ``Datum rounding`` line (written for Butler scoring only: other scorings have no
    datum, and read as the default); a Butler workbook without one was written when the
    datum's formula sent an exact 5 up, so it reads as ``half-up``."""
    value = settings.get(DATUM_ROUNDING_LABEL)
    if value is None:
        return "half-up" if scoring == "butler" else "half-away"
    try:
        return parse_choice(str(value).strip(), DATUM_ROUNDINGS, "datum rounding")
    except XlbridgeError as exc:
        raise WorkbookError(f"Session sheet: {exc}") from None


def _section_scoring(settings: Mapping[str, Any]) -> str:
    how = str(settings.get(SECTION_SCORING_LABEL) or "field").strip().lower()
    if how not in SECTION_SCORINGS:
        raise WorkbookError(
            f"Session sheet: {SECTION_SCORING_LABEL} {how[:20]!r} is not what xlbridge "
            "writes (field: every board matchpointed across the field; section: each "
            "section on its own)"
        )
    return how


def _sections(settings: Mapping[str, Any]) -> str | None:
    text = settings.get(SECTIONS_LABEL)
    if text is None or not str(text).strip():
        return None
    _section_scoring(settings)
    try:
        parse_sections(str(text)[:400])
    except MovementError as exc:
        raise WorkbookError(f"Session sheet: {SECTIONS_LABEL} line: {exc}") from None
    return str(text)


def _board_sets(settings: Mapping[str, Any], sections: str | None) -> tuple[str, ...]:
    text = settings.get(BOARD_SETS_LABEL)
    if not sections or text is None or not str(text).strip():
        return ()
    letters = tuple(s.letter for s in parse_sections(sections[:400]))
    try:
        return parse_board_sets(str(text), letters)
    except MovementError as exc:
        raise WorkbookError(f"Session sheet: {BOARD_SETS_LABEL} line: {exc}") from None
