"""The Names sheet: pair labels and player names (or, in an individual game, player numbers and
names), typed by the director (always as text), and each player's federation number (text:
"00123" keeps its zeros), handicap and masterpoints (numbers), unlocked for typing.

Pairs: A Pair, B Player 1, C Player 2, D Number 1, E Number 2, F Handicap 1, G Handicap 2,
H Masterpoints 1, I Masterpoints 2; individuals: A Player, B Name, C Number, D Handicap,
E Masterpoints (row 3 holds these headers; readers find the columns by them).

>>> PAIR_HEADERS[3:], PLAYER_HEADERS[2:]
(('Number 1', 'Number 2', 'Handicap 1', 'Handicap 2', 'Masterpoints 1', 'Masterpoints 2'), \
('Number', 'Handicap', 'Masterpoints'))

A filled sheet is read back once, by :func:`read_names`, for every reader of the form (results,
rebuild, import, the Bridgemate writer): each row's label, names, numbers, handicaps and
masterpoints with the cell of each (a :class:`NamesSheet`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.duplicate.context import NAMES, NAMES_FIRST, Context, pair_value
from xlbridge.interchange.names import HANDICAP_RANGE, MASTERPOINTS_MAX, NUMBER_CHARS, NamedPlayer
from xlbridge.text import put_text, put_value
from xlbridge.workbook.cells import Book, Sheet, typed_text, whole_or_none
from xlbridge.workbook.styles import fit_landscape

__all__ = [
    "MAX_NAMES_ROWS",
    "PAIR_HEADERS",
    "PLAYER_HEADERS",
    "NamesEntry",
    "NamesSheet",
    "PlayerColumns",
    "read_names",
    "write_names",
]

MAX_NAMES_ROWS = 2000  # Names rows read (range 1 .. 2,000)

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


@dataclass(frozen=True, slots=True)
class NamesEntry:
    """One row of a filled Names sheet: a pair (two players) or, in an individual game, one
    player. ``label`` is column A as text (``NS 3``, ``7``), ``number`` the same as a whole
    number (an individual's player number; None for a pair label such as ``NS 3``). Each
    player's name ("" when blank or typed as a formula, whose result is not trusted: the
    formula is in ``formulas``), and, one a column the sheet has, federation numbers (text),
    handicaps and masterpoints. A cell that cannot be read is not raised at once: the first
    bad name cell is ``problem``, the first bad number, handicap or masterpoints cell
    ``players_problem`` (its value then reads as blank), so a reader that does not use them is
    not refused for them. :meth:`NamesSheet.coordinate` gives the cell of each value.

    >>> e = NamesEntry(4, "NS 1", None, ("Ann", ""), ("", "=A1"), ("00123",), (), ())
    >>> e.names, e.problem is None
    (('Ann', ''), True)
    """

    row: int
    label: str
    number: int | None
    names: tuple[str, ...]
    formulas: tuple[str, ...]
    numbers: tuple[str, ...]
    handicaps: tuple[float | None, ...]
    masterpoints: tuple[float | None, ...]
    problem: XlbridgeError | None = None
    players_problem: XlbridgeError | None = None

    def checked(self, *, players: bool = True) -> NamesEntry:
        """This entry, or the first problem of its name cells (and, with ``players``, of its
        number, handicap and masterpoints cells) raised."""
        if self.problem is not None:
            raise self.problem
        if players and self.players_problem is not None:
            raise self.players_problem
        return self


@dataclass(frozen=True, slots=True)
class NamesSheet:
    """A filled Names sheet, read once by :func:`read_names`: ``each`` players a row (2 for
    pairs, 1 for an individual game), the columns of the players' names and of their numbers,
    handicaps and masterpoints, and one :class:`NamesEntry` a row, down to the first row
    without a label."""

    each: int
    name_columns: tuple[int, ...]
    columns: PlayerColumns
    entries: tuple[NamesEntry, ...]

    def coordinate(self, entry: NamesEntry, column: int) -> str:
        """The cell of ``entry`` in ``column`` (``Names!`` omitted).

        >>> s = NamesSheet(2, (2, 3), PlayerColumns((4, 5), (), ()), ())
        >>> s.coordinate(NamesEntry(7, "3", 3, (), (), (), (), ()), s.columns.numbers[1])
        'E7'
        """
        return f"{get_column_letter(column)}{entry.row}"


def read_names(book: Book) -> NamesSheet:
    """The Names sheet of the traveller-form workbook ``book``, read once (its headers in row
    3: the name columns follow the label, a ``Name`` heading in B3 meaning one player a row);
    no Names sheet is one line. A label that is no plausible text is one line naming its
    cell; every other cell's problem waits in its entry (:meth:`NamesEntry.checked`).

    >>> from openpyxl import Workbook
    >>> wb = Workbook()
    >>> ws = wb.active
    >>> ws.title = "Names"
    >>> for col, head in enumerate(("Pair", "Player 1", "Player 2", "Handicap 1"), 1):
    ...     _ = ws.cell(row=3, column=col, value=head)
    >>> ws["A4"], ws["B4"], ws["D4"], ws["A5"], ws["D5"] = "NS 1", "Ann", 2.5, "NS 2", "x"
    >>> sheet = read_names(Book(wb))
    >>> [(e.label, e.names, e.handicaps) for e in sheet.entries]
    [('NS 1', ('Ann', ''), (2.5,)), ('NS 2', ('', ''), (None,))]
    >>> sheet.entries[1].checked()
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Names!D5: 'x' is not a number (type it as a number)
    """
    if "Names" not in book.sheetnames:
        raise WorkbookError("the workbook has no 'Names' sheet")
    ws = book["Names"]
    each = 1 if ws["B3"].value == "Name" else 2
    name_columns = tuple(range(2, 2 + each))
    columns = PlayerColumns.read(ws, each)
    entries: list[NamesEntry] = []
    for r in range(4, 4 + MAX_NAMES_ROWS):
        value = ws.cell(row=r, column=1).value
        label = typed_text(value, what=f"Names!A{r}")
        if not label:
            break
        entries.append(_entry(ws, r, label, whole_or_none(value), name_columns, columns))
    return NamesSheet(each, name_columns, columns, tuple(entries))


def _entry(
    ws: Sheet, r: int, label: str, number: int | None, name_cols: tuple[int, ...],
    cols: PlayerColumns,
) -> NamesEntry:  # fmt: skip
    names: list[str] = []
    formulas: list[str] = []
    problem: XlbridgeError | None = None
    for c in name_cols:
        cell = ws.cell(row=r, column=c)
        # A name typed as a formula has no value to read (its result is not trusted); a name
        # stored as text that starts with "=" is a name.
        formulas.append(str(cell.value) if cell.data_type == "f" else "")
        text = ""
        if cell.data_type != "f":
            try:
                text = typed_text(cell.value, f"Names!{cell.coordinate}", True)
            except XlbridgeError as exc:
                problem = problem or exc
        names.append(text)
    first: list[XlbridgeError] = []

    def safely(read: Any, blank: Any, *args: Any) -> Any:
        try:
            return read(ws, r, *args)
        except XlbridgeError as exc:
            first.append(exc)
            return blank

    hcp, mp = HANDICAP_RANGE, (0.0, MASTERPOINTS_MAX)
    numbers = tuple(safely(_text_cell, "", c) for c in cols.numbers)
    handicaps = tuple(safely(_number_cell, None, c, "handicap", hcp) for c in cols.handicaps)
    mps = tuple(safely(_number_cell, None, c, "masterpoints", mp) for c in cols.masterpoints)
    return NamesEntry(r, label, number, tuple(names), tuple(formulas), numbers, handicaps, mps,
                      problem, first[0] if first else None)  # fmt: skip


def _text_cell(ws: Sheet, r: int, c: int) -> str:
    cell = ws.cell(row=r, column=c)
    if cell.data_type == "f":
        raise WorkbookError(f"Names!{cell.coordinate}: a number is typed, not a formula")
    return typed_text(cell.value, f"Names!{cell.coordinate}")


def _number_cell(ws: Sheet, r: int, c: int, what: str, limits: tuple[float, float]) -> float | None:
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
