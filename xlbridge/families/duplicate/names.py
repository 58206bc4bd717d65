"""The Names sheet: pair labels and player names (or, in an individual game, player numbers and
names), typed by the director (always as text), and each player's federation number (text:
"00123" keeps its zeros), handicap and masterpoints (numbers), unlocked for typing.

Pairs: A Pair, B Player 1, C Player 2, D Number 1, E Number 2, F Handicap 1, G Handicap 2,
H Masterpoints 1, I Masterpoints 2; individuals: A Player, B Name, C Number, D Handicap,
E Masterpoints (row 3 holds these headers; readers find the columns by them).

>>> PAIR_HEADERS[3:], PLAYER_HEADERS[2:]
(('Number 1', 'Number 2', 'Handicap 1', 'Handicap 2', 'Masterpoints 1', 'Masterpoints 2'), \
('Number', 'Handicap', 'Masterpoints'))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST, Context, pair_value
from xlbridge.interchange.names import HANDICAP_RANGE, MASTERPOINTS_MAX, NUMBER_CHARS, NamedPlayer
from xlbridge.text import put_text, put_value
from xlbridge.workbook.cells import Sheet, typed_text
from xlbridge.workbook.styles import fit_landscape

__all__ = ["PAIR_HEADERS", "PLAYER_HEADERS", "PlayerColumns", "write_names"]

PAIR_HEADERS = (
    "Pair", "Player 1", "Player 2", "Number 1", "Number 2", "Handicap 1", "Handicap 2",
    "Masterpoints 1", "Masterpoints 2",
)  # fmt: skip
PLAYER_HEADERS = ("Player", "Name", "Number", "Handicap", "Masterpoints")
# title, note, headers, players a row, width of each name column
_PAIRS = (
    "Pair names",
    "Type each player's name (and number, handicap, masterpoints where used); the recap and "
    "cards use them.",
    PAIR_HEADERS,
    2,
    28,
)
_PLAYERS = (
    "Player names",
    "Type each player's name (and number, handicap, masterpoints where used); the recap and "
    "the guide cards use them.",
    PLAYER_HEADERS,
    1,
    32,
)


def write_names(ctx: Context, *, players: bool = False) -> Worksheet:
    """Write the ``Names`` sheet: a row per pair (its label, then two players' names, numbers,
    handicaps and masterpoints), or with ``players`` a row per player of an individual game
    (number, name, federation number, handicap, masterpoints). Names and numbers given in the
    options are written as text, never formulas; handicaps and masterpoints as numbers."""
    ws: Worksheet = ctx.wb.create_sheet(NAMES)
    st = ctx.style
    title, note, heads, each, width = _PLAYERS if players else _PAIRS
    ws["A1"] = title
    st(ws["A1"], "xlb Title")
    ws["A2"] = note
    for i, text in enumerate(heads, start=1):
        col = get_column_letter(i)
        ws[f"{col}3"] = text
        st(ws[f"{col}3"], "xlb Header")
    col_of = [get_column_letter(i) for i in range(2, len(heads) + 1)]
    name_cols = col_of[:each]
    number_cols, handicap_cols, mp_cols = (col_of[k * each : (k + 1) * each] for k in (1, 2, 3))
    names, extra = ctx.options.names, ctx.options.players
    last = NAMES_FIRST + len(ctx.movement.pairs) - 1
    for i, p in enumerate(ctx.movement.pairs):
        r = NAMES_FIRST + i
        put_value(ws[f"A{r}"], p.id if players else pair_value(p.label))
        st(ws[f"A{r}"], "xlb Value")
        given = names.get(p.label, names.get(str(p.id), ()))
        for j, col in enumerate(name_cols):
            cell = ws[f"{col}{r}"]
            st(cell, "xlb Names")
            if j < len(given) and given[j]:
                put_text(cell, given[j], "name")  # "=SUM(A1)" as a name stays text
                cell.quotePrefix = True
        known = extra.get(p.label, extra.get(str(p.id), ()))
        for j in range(each):
            who = known[j] if j < len(known) else NamedPlayer("")
            cell = ws[f"{number_cols[j]}{r}"]
            st(cell, "xlb Names")
            if who.number:
                put_text(cell, who.number, "number")  # text: "00123" keeps its zeros
                cell.quotePrefix = True
            for col, value in ((handicap_cols[j], who.handicap), (mp_cols[j], who.masterpoints)):
                ws[f"{col}{r}"] = value
                st(ws[f"{col}{r}"], "xlb Input")
    _validate(ws, number_cols, handicap_cols, mp_cols, last)
    for col in name_cols:
        ws.column_dimensions[col].width = width
    for col in (*number_cols, *handicap_cols, *mp_cols):
        ws.column_dimensions[col].width = 16  # "Masterpoints 1" on one line
    ws.freeze_panes = f"B{NAMES_FIRST}"
    ws.print_area = f"A1:{col_of[-1]}{last}"
    ws.print_title_rows = "3:3"
    fit_landscape(ws)  # nine columns: one page wide
    ws.protection.sheet = True
    return ws


def _validate(
    ws: Worksheet, numbers: list[str], handicaps: list[str], mps: list[str], last: int
) -> None:
    """Data validation of the typed players' data: a number of at most 20 characters, a
    handicap within ±50 (percentage points), masterpoints 0 to 1,000,000."""

    def cells(cols: list[str]) -> str:
        return f"{cols[0]}{NAMES_FIRST}:{cols[-1]}{last}"  # the player columns are side by side

    low, high = HANDICAP_RANGE
    rules = (
        (numbers, "textLength", "lessThanOrEqual", str(NUMBER_CHARS), None,
         f"A federation number: at most {NUMBER_CHARS} characters"),
        (handicaps, "decimal", "between", f"{low:g}", f"{high:g}",
         f"A handicap in percentage points, {low:g} to {high:g}"),
        (mps, "decimal", "between", "0", str(int(MASTERPOINTS_MAX)),
         f"Masterpoints: 0 to {int(MASTERPOINTS_MAX)}"),
    )  # fmt: skip
    for cols, kind, op, one, two, msg in rules:
        dv = DataValidation(type=kind, operator=op, formula1=one, formula2=two)  # type: ignore[arg-type]
        dv.allow_blank, dv.showErrorMessage, dv.error = True, True, msg
        dv.add(cells(cols))
        ws.add_data_validation(dv)


@dataclass(frozen=True, slots=True)
class PlayerColumns:
    """Where a Names sheet keeps its players' numbers, handicaps and masterpoints: each a
    tuple of column numbers in player order, () when the sheet has none (a workbook written
    before they were added). Found by the header texts of row 3.

    >>> PlayerColumns.of({"Pair": 1, "Number 1": 4, "Number 2": 5, "Handicap 1": 6}, 2)
    PlayerColumns(numbers=(4, 5), handicaps=(6,), masterpoints=())
    """

    numbers: tuple[int, ...]
    handicaps: tuple[int, ...]
    masterpoints: tuple[int, ...]

    @classmethod
    def of(cls, heads: dict[str, int], each: int) -> PlayerColumns:
        """The columns among ``heads`` (header text -> column number), ``each`` players a row."""

        def cols(word: str) -> tuple[int, ...]:
            names = [word] if each == 1 else [f"{word} {i + 1}" for i in range(each)]
            return tuple(heads[n] for n in names if n in heads)

        return cls(cols("Number"), cols("Handicap"), cols("Masterpoints"))

    @classmethod
    def read(cls, ws: Sheet, each: int) -> PlayerColumns:
        """The columns of the Names sheet ``ws`` (row 3 holds its headers)."""
        heads: dict[str, int] = {}
        for c in range(1, 2 + 4 * each):
            v = ws.cell(row=3, column=c).value
            if isinstance(v, str) and v.strip():
                heads.setdefault(v.strip(), c)
        return cls.of(heads, each)

    def row(
        self, ws: Sheet, r: int
    ) -> tuple[tuple[str, ...], tuple[float | None, ...], tuple[float | None, ...]]:
        """Row ``r``'s numbers (text), handicaps and masterpoints; a cell typed as a formula,
        or holding no number where a number belongs, is one line naming it."""
        numbers = tuple(self._text(ws, r, c) for c in self.numbers)
        hcp, mp = HANDICAP_RANGE, (0.0, MASTERPOINTS_MAX)
        handicaps = tuple(self._number(ws, r, c, "handicap", hcp) for c in self.handicaps)
        mps = tuple(self._number(ws, r, c, "masterpoints", mp) for c in self.masterpoints)
        return numbers, handicaps, mps

    @staticmethod
    def _text(ws: Sheet, r: int, c: int) -> str:
        cell = ws.cell(row=r, column=c)
        if cell.data_type == "f":
            raise WorkbookError(f"Names!{cell.coordinate}: a number is typed, not a formula")
        return typed_text(cell.value, f"Names!{cell.coordinate}")

    @staticmethod
    def _number(
        ws: Sheet, r: int, c: int, what: str, limits: tuple[float, float]
    ) -> float | None:
        # Text is refused, not read as a number: the Recap's formulas (N, COUNT) skip text, so
        # Python would disagree with them. A number outside the sheet's own validation
        # (_validate: a value pasted or typed past it) is refused as that rule refuses it.
        cell = ws.cell(row=r, column=c)
        v: Any = cell.value
        if v is None or (isinstance(v, str) and not v.strip()):
            return None
        if (
            cell.data_type == "f"
            or isinstance(v, bool)
            or not isinstance(v, int | float)
            or not math.isfinite(v)
        ):
            raise WorkbookError(
                f"Names!{cell.coordinate}: {str(v)[:20]!r} is not a number (type it as a number)"
            )
        low, high = limits
        if not low <= v <= high:
            raise WorkbookError(
                f"Names!{cell.coordinate}: {what} {v:.6g} is not between {low:g} and {high:g}"
                " (the sheet's own rule)"
            )
        return float(v)
