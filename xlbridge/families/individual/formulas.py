"""The Excel formulas only individual workbooks have, each beside the Python rule it mirrors.

An individual traveller is the pairs traveller of :mod:`xlbridge.workbook.formulas` with the
four player numbers in columns ``N``, ``S``, ``E``, ``W`` in front: the contract, score and
matchpoint formulas are the shared ones, called with an :class:`IndividualCols` layout. What is
new is crediting each player (North and South the NS MP, East and West the EW MP), the checks
on the four player numbers, and the recap's check total (every score counts for two players).

>>> ic = IndividualCols.build("made-down", "mp")
>>> ic.seats, ic.base.contract, ic.base.ns_score, ic.base.first_hidden
(('A', 'C', 'B', 'D'), 'E', 'I', 'X')
>>> player_name("Names!$B$4")
'=Names!$B$4&""'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from openpyxl.utils import column_index_from_string, get_column_letter

from xlbridge.scoring.choices import PairsScoring, ResultEntry
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_checks as FC
from xlbridge.workbook.formulas import BoardRange, TravellerCols

__all__ = [
    "IndividualCols",
    "player_board",
    "player_name",
    "players_check",
    "row_issues",
    "row_message",
]


@dataclass(frozen=True, slots=True)
class IndividualCols:
    """Column letters of an individual traveller: the four seats, then the pairs layout.

    ``base`` is a :class:`TravellerCols` whose ``ns``/``ew`` are the North and East columns
    (so the shared formulas and row numbering work unchanged); ``north``, ``east``, ``south``,
    ``west`` are the seat columns, laid out N, S, E, W as on a traveller (the NS pair first).
    """

    base: TravellerCols
    north: str
    east: str
    south: str
    west: str

    @property
    def seats(self) -> tuple[str, str, str, str]:
        """The seat columns in the order of ``Entry.players``: (N, E, S, W)."""
        return (self.north, self.east, self.south, self.west)

    @classmethod
    def build(cls, result_entry: ResultEntry, scoring: PairsScoring) -> IndividualCols:
        """The layout for ``result_entry`` ("made-down", "tricks" or "score") and ``scoring``."""
        pairs = TravellerCols.build(result_entry, scoring)
        visible = ["north", "south", "east", "west", "contract", "by"]
        visible += ["tricks_in"] if result_entry == "tricks" else ["made", "down"]
        visible += ["ns_score", "ew_score", "ns_mp", "ew_mp", "adjusted", "round", "table"]
        letters: dict[str, Any] = {
            name: get_column_letter(i) for i, name in enumerate(visible, start=1)
        }
        # The hidden helpers keep the pairs layout's columns, far to the right of these.
        assert column_index_from_string(pairs.first_hidden) > len(visible) + 1
        base = dataclasses.replace(
            pairs,
            ns=letters["north"],
            ew=letters["east"],
            **{k: v for k, v in letters.items() if k not in ("north", "south", "east", "west")},
        )
        # A visible column the pairs layout gains later must get a place here, never share one.
        first_hidden = column_index_from_string(pairs.first_hidden)
        for f in dataclasses.fields(base):
            v = getattr(base, f.name)
            if f.name in ("result_entry", "scoring", "ns", "ew") or v is None or f.name in letters:
                continue
            if column_index_from_string(v) < first_hidden:
                raise AssertionError(f"individual traveller: no column for pairs field {f.name}")
        return cls(base, letters["north"], letters["east"], letters["south"], letters["west"])


def player_board(player: str, b: BoardRange, ic: IndividualCols) -> str:
    """A player's matchpoints on one board: the NS MP of a row where they sit N or S, the EW
    MP of a row where they sit E or W; "" when they have no score on the board.

    Mirrors ``xlbridge.scoring.individual.credit``.
    """
    c = ic.base
    nm, em = b.ext(c.ns_mp), b.ext(c.ew_mp)
    sides = [(ic.north, nm), (ic.south, nm), (ic.east, em), (ic.west, em)]
    num = '">=-1E+9"'
    counts = "+".join(f"COUNTIFS({b.ext(col)},{player},{mp},{num})" for col, mp in sides)
    sums = "+".join(f"SUMIF({b.ext(col)},{player},{mp})" for col, mp in sides)
    return f'=IF({counts}=0,"",{sums})'


def row_issues(ic: IndividualCols, b: BoardRange, r: int, players: str) -> str:
    """Every problem of one individual traveller row, each followed by "; " ("" when none).

    The result checks are the pairs traveller's (``formulas_checks.result_issue_parts``); each
    of the four player numbers must be filled, a player of this game (``players``: the Names sheet's
    numbers), and on the board once, as ``scoring.individual.credit`` requires.
    """
    parts = FC.result_issue_parts(ic.base, b, r) + FC.player_parts(ic.seats, b, r, players)
    return "=" + "&".join(parts)


def row_message(ic: IndividualCols, r: int, board: int) -> str:
    """The row's problems prefixed with board, row and the two partnerships, or ""."""
    n, e, s, w = (f"${x}{r}" for x in ic.seats)
    issues = f"${ic.base.issues}{r}"
    where = f'"Board {board}, row {r - F.FIRST_ROW + 1} ("&{n}&"-"&{s}&" v "&{e}&"-"&{w}&"): "'
    return f'=IF({issues}="","",{where}&LEFT({issues},LEN({issues})-2))'


def player_name(ref: str) -> str:
    """A player's name from the Names sheet, as text ("" when none is typed)."""
    return f'={ref}&""'


def players_check(board_totals: list[str]) -> str:
    """What the players' raw totals must add up to: twice every board's NS + EW matchpoints,
    since ``scoring.individual.credit`` gives each side's score to both its players."""
    return "=2*(" + ("+".join(board_totals) if board_totals else "0") + ")"
