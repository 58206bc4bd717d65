"""What every sheet writer needs: the options, the movement, and where shared things are.

>>> from xlbridge.movements.model import Entry, Movement, Pair
>>> m = Movement(kind="x", tables=1, rounds=1, boards_per_round=1,
...     pairs=(Pair(1, "NS 1"), Pair(2, "EW 1")), entries=(Entry(1, 1, 1, 2, (1,)),))
>>> Options().scale, pair_value("7"), pair_value("NS 1")
('acbl', 7, Text(text='NS 1', what='pair label'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from openpyxl import Workbook
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

from xlbridge.errors import WorkbookError
from xlbridge.interchange.names import NamedPlayer, check_player
from xlbridge.limits import DATE_TEXT, EVENT_TEXT, NAME_TEXT
from xlbridge.movements.field import Field
from xlbridge.movements.model import Entry, Movement
from xlbridge.scoring.choices import (
    DATUM_ROUNDINGS,
    DatumRounding,
    MPScaleName,
    PairsScoring,
    ResultEntry,
    parse_choice,
)
from xlbridge.scoring.matchpoints import MPScale
from xlbridge.scoring.strata import Strata
from xlbridge.text import Text, clean_text
from xlbridge.workbook.choices import RESULT_ENTRIES, SCORINGS
from xlbridge.workbook.formulas import FIRST_ROW, BoardRange, TravellerCols
from xlbridge.workbook.masterpoints import check_scale
from xlbridge.workbook.styles import Styler

__all__ = [
    "RESULT_ENTRIES",
    "SCORINGS",
    "Context",
    "Options",
    "cell_at",
    "pair_value",
    "plays",
]


LISTS = "Lists"
NAMES = "Names"
NAMES_FIRST = 4


@dataclass(frozen=True, slots=True)
class Options:
    """Session settings that change what the workbook contains."""

    event: str = "Club pairs"
    date: str = ""
    scoring: PairsScoring = "mp"
    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    # How a Butler datum's exact 5 goes to a ten (imp_pairs.butler_datum).
    datum_rounding: DatumRounding = "half-away"
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Each pair's (or player's) federation numbers, handicaps and masterpoints, keyed as
    # ``names``; written on the Names sheet beside the names.
    players: dict[str, tuple[NamedPlayer, ...]] = field(default_factory=dict)
    # Handicapped (scoring.handicap) and stratified (scoring.strata) results on the Recap.
    handicapped: bool = False
    strata: Strata | None = None
    # The pairs-movement options (session.movement_options_text), shown on the Session sheet
    # for `xlbridge rebuild`; None: not known, no line.
    movement_options: str | None = None
    # Several sections on the same boards, scored across the field (movements.field): the
    # movement is then ``sections.movement``; None: one section.
    sections: Field | None = None
    # The masterpoint scale (new --masterpoints, ``ebu-club``): the Session sheet's line and the
    # Results sheet's awards; "" awards none.
    masterpoints: str = ""

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise WorkbookError(f"scoring {self.scoring!r} is not one of {', '.join(SCORINGS)}")
        if self.result_entry not in RESULT_ENTRIES:
            raise WorkbookError(
                f"result entry {self.result_entry!r} is not one of {', '.join(RESULT_ENTRIES)}"
            )
        MPScale.parse(self.scale)
        if self.handicapped and self.scoring != "mp":
            raise WorkbookError(
                f"--handicap: handicaps are added to matchpoint percentages; {self.scoring}"
                " has no published handicapping method"
            )
        parse_choice(self.datum_rounding, DATUM_ROUNDINGS, "datum rounding")
        check_scale(self.masterpoints)
        # User text is checked once here (hostile or unreadable text refused in one line);
        # the sheet writers then write it with put_text, as text, never as a formula.
        setattr_ = object.__setattr__
        setattr_(self, "event", clean_text(self.event, "event", max_chars=EVENT_TEXT))
        setattr_(self, "date", clean_text(self.date, "date", max_chars=DATE_TEXT))
        names = {
            str(k): tuple(clean_text(n, f"name of pair {k}", max_chars=NAME_TEXT) for n in v)
            for k, v in self.names.items()
        }
        setattr_(self, "names", names)
        players = {
            str(k): tuple(check_player(x, f"pair {k}") for x in v) for k, v in self.players.items()
        }
        setattr_(self, "players", players)

    @property
    def per(self) -> int:
        """Matchpoints for beating one result (1 ACBL, 2 EBU)."""
        return MPScale.parse(self.scale).per_comparison


def plays(movement: Movement, board: int) -> list[tuple[Entry, int, int]]:
    """Who plays ``board``, in playing order: (entry, NS pair id, EW pair id) after switches.

    Tables where a pair is missing (a half table) do not play the board.
    """
    out = []
    for e in movement.plays(board):
        ns, ew = e.direction_on(board)
        if ns is not None and ew is not None:
            out.append((e, ns, ew))
    return out


@cache
def cell_at(ref: str) -> tuple[int, int]:
    """(row, column) of a cell reference such as ``"B12"``, parsed once: every Board sheet
    writes the same references, and ``ws[ref]`` parses them again each time.

    >>> cell_at("B12"), cell_at("AA3")
    ((12, 2), (3, 27))
    """
    col, row = coordinate_from_string(ref)
    return row, column_index_from_string(col)


def pair_value(label: str) -> int | Text:
    """How a pair label is written in cells: a number when it is all digits, else the user's
    text (written by :func:`~xlbridge.text.put_value`, never as a formula)."""
    return int(label) if label.isdigit() else Text(label, "pair label")


@dataclass
class Context:
    """The workbook being built and everything derived from the movement."""

    wb: Workbook
    movement: Movement
    options: Options
    style: Styler
    cols: TravellerCols
    ranges: dict[int, BoardRange] = field(default_factory=dict)
    # traveller cells other sheets read, per board
    board_cells: dict[int, dict[str, str]] = field(default_factory=dict)
    checks_sources: list[str] = field(default_factory=list)
    # where the Recap put its columns (first/last row, column letters), read by the Results sheet
    recap: dict[str, str] = field(default_factory=dict)
    # who plays each board, in playing order (``plays``; sections: section by section), once
    board_plays: dict[int, list[tuple[Entry, int, int]]] = field(default_factory=dict)

    @classmethod
    def create(cls, wb: Workbook, movement: Movement, options: Options) -> Context:
        ctx = cls(
            wb=wb,
            movement=movement,
            options=options,
            style=Styler(wb),
            cols=TravellerCols.build(options.result_entry, options.scoring),
        )
        by_board: dict[int, list[Entry]] = {b: [] for b in movement.boards}
        for e in movement.entries:
            for b in e.boards:
                by_board[b].append(e)
        # Sections: each section's rows together on a traveller, in the sections' order.
        section = options.sections.section_of_pair() if options.sections else {}

        def order(e: Entry) -> tuple[int, int, int]:
            return (section.get(e.ns or e.ew or 0, 0), e.round, e.table)

        for b, entries in by_board.items():
            rows = []
            for e in sorted(entries, key=order):
                ns, ew = e.direction_on(b)
                if ns is not None and ew is not None:
                    rows.append((e, ns, ew))
            ctx.board_plays[b] = rows  # plays(movement, b) (sections: section by section)
            n = len(rows)
            ctx.ranges[b] = BoardRange(f"Board {b}", FIRST_ROW, FIRST_ROW + max(n, 1) - 1)
        return ctx

    @property
    def pair_ids(self) -> list[int]:
        """Pair ids in card order."""
        return [p.id for p in self.movement.pairs]

    @property
    def pairs_range(self) -> str:
        n = len(self.movement.pairs)
        return f"{NAMES}!$A${NAMES_FIRST}:$A${NAMES_FIRST + n - 1}"

    def plays_of(self, board: int) -> list[tuple[Entry, int, int]]:
        """``plays(movement, board)``, worked out once when the context was made."""
        return self.board_plays[board]

    @property
    def expected(self) -> int:
        """Results expected on every board: the most times any board is played."""
        return max((len(x) for x in self.board_plays.values()), default=0)

    def directions(self) -> dict[int, set[str]]:
        """The directions each pair sits in over the session, arrow-switches included."""
        out: dict[int, set[str]] = {p: set() for p in self.pair_ids}
        for e in self.movement.entries:
            for b in e.boards:
                ns, ew = e.direction_on(b)
                if ns is not None:
                    out.setdefault(ns, set()).add("NS")
                if ew is not None:
                    out.setdefault(ew, set()).add("EW")
        return out

    @property
    def two_winner(self) -> bool:
        """True when every pair stays in one direction (NS and EW ranked apart)."""
        return all(len(d) <= 1 for d in self.directions().values())

    def boards_of(self, pair: int) -> int:
        """Boards a pair is scheduled to play."""
        return sum(len(e.boards) for e in self.movement.entries if pair in (e.ns, e.ew))
