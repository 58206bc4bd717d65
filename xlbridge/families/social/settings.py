"""The social family's settings (seed 002): the one typed, frozen :class:`Settings` (everything
``new`` was told, but the names), its codec (:func:`code_rows`, the code values ``new`` writes on
the Session sheet beside its sentences, and :func:`read`, which reads a workbook's settings
back once, for the builder's rebuild, the reader and ``swiss next``), the options a score
sheet workbook is written with and the names of its kinds.

>>> SocialOptions("rubber").kind, PLAYER_KINDS["five-player"]
('rubber', 5)
>>> code_rows("down", new_york=True, vps=False)
[('Rounding', 'down'), ('Chicago variant', 'new-york'), ('VPs', 'no')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xlbridge.errors import WorkbookError
from xlbridge.families.social.calcutta import CALCUTTA
from xlbridge.families.social.sheet import GAMES, RUBBER_DEAL_ROWS, BlockLayout
from xlbridge.families.social.texts import new_york_of, rounding_of, with_vps_of
from xlbridge.workbook.session import SessionSettings, read_settings

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.workbook.cells import Book

__all__ = [
    "DEFAULT_GAME",
    "FIXED_KINDS",
    "ONE_TABLE",
    "PAIRS_KINDS",
    "PLAYERS",
    "PLAYERS_FIRST",
    "PLAYER_KINDS",
    "PROGRESSION_LABEL",
    "ROUNDINGS",
    "SEATS",
    "Settings",
    "SocialOptions",
    "check_name_count",
    "code_rows",
    "from_session",
    "progression_of",
    "read",
]


FIXED_KINDS = ("rubber", "chicago")


PLAYER_KINDS = {"four-player": 4, "five-player": 5, "six-player": 6}


ONE_TABLE = (*FIXED_KINDS, *PLAYER_KINDS)


PAIRS_KINDS = ("progressive", "swiss-pairs", "round-robin-pairs")


# The progressive Session sheet's row recording where the losers go, as `new --progression`
# takes it: "stay" or "move".
PROGRESSION_LABEL = "Progression"


DEFAULT_GAME = {"four-player": "rubber", "five-player": "chicago", "six-player": "chicago"}


SEATS = ("North", "East", "South", "West")
SEATS_LETTERS = "NESW"


PLAYERS = "Players"


PLAYERS_FIRST = 4


ROUNDINGS = ("up", "down")


@dataclass(frozen=True, slots=True)
class SocialOptions:
    """What a social workbook contains.

    ``rounds``: rubbers or chukkers (``None``: the kind's default). ``game``: ``rubber`` or
    ``chicago`` for the player kinds (default rubber for four players, Chicago for five and six;
    seed 002). ``players``: names, in player-number order (fixed kinds: North, East, South,
    West).
    """

    kind: str
    rounds: int | None = None
    game: str | None = None
    rounding: str = "up"
    new_york: bool = False
    event: str = "Home bridge"
    date: str = ""
    players: tuple[str, ...] = ()
    calcutta: bool = False
    deal_rows: int = RUBBER_DEAL_ROWS
    first_dealer: str = "N"

    def __post_init__(self) -> None:
        if self.kind not in FIXED_KINDS and self.kind not in PLAYER_KINDS:
            raise WorkbookError(
                f"{self.kind} has no social workbook yet; social workbooks: "
                f"{', '.join((*FIXED_KINDS, *PLAYER_KINDS))}"
            )
        if self.rounding not in ROUNDINGS:
            raise WorkbookError(f"rounding {self.rounding!r} is not 'up' or 'down'")
        if self.game is not None and self.game not in GAMES:
            raise WorkbookError(f"game {self.game!r} is not 'rubber' or 'chicago'")
        if self.kind in FIXED_KINDS and self.game not in (None, self.kind):
            raise WorkbookError(f"{self.kind} is scored as {self.kind}, not {self.game}")
        if self.new_york and self.scoring != "chicago":
            raise WorkbookError("--new-york is a Chicago variant; this game is scored as rubber")
        if self.rounds is not None and not 1 <= self.rounds <= 60:
            raise WorkbookError(f"{self.rounds} rubbers or chukkers; use 1-60")
        if not 4 <= self.deal_rows <= 40:
            raise WorkbookError(f"{self.deal_rows} deal rows a rubber; use 4-40")
        if self.first_dealer not in ("N", "E", "S", "W"):
            raise WorkbookError(f"first dealer {self.first_dealer!r} is not N, E, S or W")
        check_name_count(self.players, self.player_count, "player")

    @property
    def scoring(self) -> str:
        """``rubber`` or ``chicago``."""
        if self.kind in FIXED_KINDS:
            return self.kind
        return self.game or DEFAULT_GAME[self.kind]

    @property
    def player_count(self) -> int:
        return PLAYER_KINDS.get(self.kind, 4)

    @property
    def what(self) -> str:
        """``Rubber`` or ``Chukker``."""
        return "Rubber" if self.scoring == "rubber" else "Chukker"


def check_name_count(names: Sequence[str], count: int, what: str) -> None:
    """Refuse a names list (``--players``) that does not give one entry per player or pair.

    An entry may be empty, to be typed on the sheet later; no list at all is fine too.

    >>> check_name_count(("Ann", "", "Cy", "Di"), 4, "player")
    >>> check_name_count(("Ann", "Bo", "Cy"), 4, "player")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: 3 player names for 4 players: give one for each, ...
    """
    if names and len(names) != count:
        raise WorkbookError(
            f"{len(names)} {what} names for {count} {what}s: give one for each, in number order "
            '(an entry may be empty, as in "Ann,,Cy,Di", to type it later)'
        )


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything ``xlbridge new`` was given for a social workbook, but the names.

    ``rounds``: rubbers or chukkers (one-table games), rounds (progressive, Swiss pairs);
    ``None`` for a round robin (fixed by the pairs and ``chukkers``) and the marathon.
    ``game``: the scoring of a four-, five- or six-player game (``None`` for rubber, chicago
    and the pair events). ``pairs``, ``deals``, ``start_month``: the marathon's.
    ``deal_rows``: deal rows of a rubber block (not a ``new`` option; kept for workbooks built
    through the API). ``event``: None for the game's own name (``new``'s default: ``Home
    bridge``, ``Bridge party``, ``Marathon``); a workbook read back has its own.
    ``new``'s arguments are these settings and two more
    (:class:`~xlbridge.families.social.options.SocialArgs`).
    """

    kind: str
    tables: int = 1
    rounds: int | None = None
    game: str | None = None
    rounding: str = "up"
    new_york: bool = False
    first_dealer: str = "N"
    progression: str = "stay"
    vp: bool = False
    chukkers: int = 1
    calcutta: bool = False
    pairs: int | None = None
    deals: int = 20
    start_month: str = "September"
    event: str | None = None
    date: str = ""
    deal_rows: int = RUBBER_DEAL_ROWS
    next_round: tuple[int, tuple[tuple[int, int], ...]] | None = None


# The instruction sentence a progressive workbook written before the Progression row has for
# losers moving up a table; read only for such a workbook (see ``progression_of``).
_OLD_MOVE_WORDS = "losers move to the next higher table"


def progression_of(settings: Mapping[str, Any], lines: Sequence[str] = ()) -> str:
    """Where a progressive game's losers go ("stay" or "move"), from the Session sheet's
    label -> value lines (column A -> B) or, for a workbook written before its Progression
    line, from the instruction ``lines`` after them.

    >>> progression_of({"Progression": "move"})
    'move'
    >>> progression_of({"Progression": "up"})
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet: Progression 'up' is not stay or move
    >>> progression_of({}, ["Winners move ...; losers move to the next higher table (...)."])
    'move'
    """
    if PROGRESSION_LABEL not in settings:
        # A workbook written before the Progression row existed records the setting only in
        # its instruction sentence; such workbooks are still read, so fall back to that
        # sentence (the only reason left to read prose: a rewording never reaches them).
        old = any(_OLD_MOVE_WORDS in line for line in lines)
        return "move" if old else "stay"
    value = settings[PROGRESSION_LABEL]
    text = value.strip().lower() if isinstance(value, str) else ""
    if text not in ("stay", "move"):
        raise WorkbookError(
            f"Session sheet: {PROGRESSION_LABEL} {str(value)[:40]!r} is not stay or move"
        )
    return text


# --- the codec: the code rows new writes beside its sentences, and reading them back -----------

_ROUNDING, _VARIANT, _VPS = "Rounding", "Chicago variant", "VPs"


def code_rows(
    rounding: str, *, new_york: bool | None = None, vps: bool | None = None
) -> list[tuple[str, str]]:
    """The Session sheet's code rows beside its sentences (``Net rounding``, ``Chicago
    vulnerability``, ``Scoring``): how net points go to hundreds (``up``, ``down``), the
    Chicago variant of a game played as Chicago (``standard``, ``new-york``; None: not
    Chicago) and whether a pairs event's chukkers score VPs (None: a score sheet workbook).
    :func:`read` reads these, never the sentences, in a workbook that has them.

    >>> code_rows("up")
    [('Rounding', 'up')]
    """
    rows = [(_ROUNDING, rounding)]
    if new_york is not None:
        rows.append((_VARIANT, "new-york" if new_york else "standard"))
    if vps is not None:
        rows.append((_VPS, "yes" if vps else "no"))
    return rows


def read(book: Workbook | Book) -> Settings:
    """The settings of a social workbook ``new`` wrote (openpyxl, or the kit's
    :class:`~xlbridge.workbook.cells.Book`), its Session sheet read once: the code rows, or
    in a workbook written before them, its sentences (:func:`_written_before_codes`). A kind
    that is no social game, or a code that is none of its values, is one line.
    """
    return from_session(read_settings(book), book)


def from_session(info: SessionSettings, book: Workbook | Book) -> Settings:
    """:func:`read` from the Session sheet already read (``info``, as a reader has it), so
    that the sheet is parsed once."""
    kind = info.kind
    if kind in ONE_TABLE:
        return _one_table_settings(book, info, kind)
    if kind in PAIRS_KINDS:
        return _pairs_settings(book, info, kind)
    if kind == "marathon":
        return _marathon_settings(info)
    raise WorkbookError(f"Session sheet: kind {kind[:40]!r} is not a social game")


def _code(info: SessionSettings, label: str, values: tuple[str, ...]) -> str | None:
    """The code on the Session sheet's ``label`` row (None: no such row), one of ``values``."""
    if label not in info:
        return None
    text = info.text(label).strip().lower()
    if text not in values:
        raise WorkbookError(
            f"Session sheet, cell {info.cell(label)}: {label} {text[:40]!r} is not"
            f" {' or '.join(values)}"
        )
    return text


def _codes(book: Workbook | Book, info: SessionSettings, kind: str) -> tuple[str, bool, bool]:
    """The rounding, whether New York, and whether VPs: the code rows, else the sentences."""
    rounding = _code(info, _ROUNDING, ROUNDINGS)
    variant = _code(info, _VARIANT, ("standard", "new-york"))
    vps = _code(info, _VPS, ("yes", "no"))
    old = _written_before_codes(book, info, kind)
    return (rounding or old[0], old[1] if variant is None else variant == "new-york",
            old[2] if vps is None else vps == "yes")  # fmt: skip


def _written_before_codes(
    book: Workbook | Book, info: SessionSettings, kind: str
) -> tuple[str, bool, bool]:
    """A workbook written before the code rows keeps its settings in sentences only (the
    rounding in ``Net rounding``, a pairs event's in its first chukker's label or ``Scoring``;
    New York in ``Chicago vulnerability``; VPs in ``Scoring``): read by their one table
    (:mod:`~xlbridge.families.social.texts`)."""
    label = None
    if kind in PAIRS_KINDS and "Round 1" in book.sheetnames:
        label = rounding_of(book["Round 1"][f"D{BlockLayout.of(1, 'chicago').result}"].value)
    sentence = info.get("Scoring") if kind in PAIRS_KINDS else info.get("Net rounding")
    rounding = label or rounding_of(sentence) or "up"
    return (rounding, new_york_of(info.get("Chicago vulnerability")),
            kind in PAIRS_KINDS and with_vps_of(info.get("Scoring")))  # fmt: skip


def _event(info: SessionSettings) -> str:
    return "" if info.event is None else str(info.event)


def _deal_rows(book: Workbook | Book, sheet: str) -> int:
    """Deal rows of a rubber block: from the header (row 3) to the ``Totals`` row."""
    if sheet in book.sheetnames:
        ws = book[sheet]
        first = BlockLayout.of(1, "rubber").first
        for r in range(first + 4, first + 41):
            if ws[f"D{r}"].value == "Totals":
                return r - first
    return RUBBER_DEAL_ROWS


def _one_table_settings(book: Workbook | Book, info: SessionSettings, kind: str) -> Settings:
    scoring = info.text("Scored as")
    if scoring not in ("rubber", "chicago"):
        raise WorkbookError(f"Session sheet: 'Scored as' {scoring[:40]!r} is not rubber or chicago")
    what = "Rubbers" if scoring == "rubber" else "Chukkers"
    rounds = info.whole(what)
    dealer = info.text("First dealer").strip().upper() or "N"
    first_sheet = ("Rubbers" if kind == "rubber" else "Rubber 1") if scoring == "rubber" else ""
    rounding, new_york, _vps = _codes(book, info, kind)
    return Settings(
        kind=kind,
        rounds=rounds,
        game=scoring if kind in PLAYER_KINDS else None,
        rounding=rounding,
        new_york=new_york,
        first_dealer=dealer if dealer in SEATS_LETTERS else "N",
        calcutta=CALCUTTA in book.sheetnames,
        event=_event(info),
        date=info.text("Date"),
        deal_rows=_deal_rows(book, first_sheet) if first_sheet else RUBBER_DEAL_ROWS,
    )


def _pairs_settings(book: Workbook | Book, info: SessionSettings, kind: str) -> Settings:
    tables = info.whole("Tables")
    rounds = info.whole("Rounds (Chicago chukkers)")
    chukkers = info.whole("Chukkers a match") if "Chukkers a match" in info else 1
    rounding, new_york, with_vps = _codes(book, info, kind)
    return Settings(
        kind=kind,
        tables=tables,
        rounds=None if kind == "round-robin-pairs" else rounds,
        rounding=rounding,
        new_york=new_york,
        progression=progression_of(info, info.lines) if kind == "progressive" else "stay",
        vp=kind == "progressive" and with_vps,
        chukkers=chukkers,
        calcutta=CALCUTTA in book.sheetnames,
        event=_event(info),
        date=info.text("Date"),
    )


def _marathon_settings(info: SessionSettings) -> Settings:
    start = info.text("From").split(" ")[0]
    return Settings(
        kind="marathon",
        tables=1,
        pairs=info.whole("Pairs"),
        deals=info.whole("Deals a match"),
        start_month=start or "September",
        event=_event(info),
        date=info.text("Date"),
    )
