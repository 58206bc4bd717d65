"""Score sheets of rubber and Chicago deals: one block per rubber or chukker.

A block is a title row (with the seating), a settings row (first dealer for Chicago, and the
"Ended" cell that scores an unfinished rubber or stands an incomplete chukker), the header row
``Deal, Dealer, Vul, Contract, By, Tricks, Honours, Honours Side, NS Above, NS Below, EW Above,
EW Below, NS Games, EW Games, Check``, one row per deal, and the totals: above and below the
line, unfinished rubber, total, net and the net in hundreds. Every figure is a formula from
:mod:`xlbridge.families.social.formulas`.

>>> b = BlockLayout.of(top=1, game="chicago")
>>> b.header, b.first, b.last, b.result
(3, 4, 7, 14)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.social import formulas as F
from xlbridge.families.social.texts import block_rounding_text
from xlbridge.scoring.chicago import DEALS_PER_CHUKKER
from xlbridge.text import put_text
from xlbridge.workbook.session import write_settings
from xlbridge.workbook.styles import Styler, fit_landscape

__all__ = [
    "COLS",
    "GAMES",
    "RUBBER_DEAL_ROWS",
    "BlockLayout",
    "Validations",
    "format_sheet",
    "page_breaks",
    "write_block",
    "write_session",
]

COLS = F.DealCols.build()
GAMES = ("rubber", "chicago")
RUBBER_DEAL_ROWS = 14
HEADERS = (
    "Deal", "Dealer", "Vul", "Contract", "By", "Tricks", "Honours", "Honours Side",
    "NS Above", "NS Below", "EW Above", "EW Below", "NS Games", "EW Games", "Check",
)  # fmt: skip
_WIDTHS = (6, 7, 6, 10, 6, 7, 9, 9, 11, 11, 11, 11, 7, 7, 44)


@dataclass(frozen=True, slots=True)
class BlockLayout:
    """Where one block's rows and cells are (rows are 1-based sheet rows)."""

    top: int
    game: str
    deal_rows: int

    @classmethod
    def of(cls, top: int, game: str, deal_rows: int = RUBBER_DEAL_ROWS) -> BlockLayout:
        """The layout of a block starting at ``top``; Chicago always has four deal rows."""
        return cls(top, game, DEALS_PER_CHUKKER if game == "chicago" else deal_rows)

    @property
    def chicago(self) -> bool:
        return self.game == "chicago"

    @property
    def settings(self) -> int:
        return self.top + 1

    @property
    def first_dealer(self) -> str:
        """The first-dealer input cell (Chicago)."""
        return f"$C${self.settings}"

    @property
    def ended(self) -> str:
        """The Ended input cell."""
        return f"$H${self.settings}"

    @property
    def header(self) -> int:
        return self.top + 2

    @property
    def first(self) -> int:
        return self.top + 3

    @property
    def last(self) -> int:
        return self.first + self.deal_rows - 1

    def summary(self, k: int) -> int:
        return self.last + 1 + k

    @property
    def above(self) -> int:
        return self.summary(1)

    @property
    def below(self) -> int:
        return self.summary(2)

    @property
    def unfinished(self) -> int:
        return self.summary(3)

    @property
    def total(self) -> int:
        return self.summary(4)

    @property
    def net(self) -> int:
        return self.summary(5)

    @property
    def result(self) -> int:
        """The row of the net result in hundreds (NS in column I, EW in K)."""
        return self.summary(6)

    @property
    def status(self) -> int:
        return self.summary(7)

    @property
    def bottom(self) -> int:
        return self.status

    @property
    def ns_result(self) -> str:
        return f"${COLS.ns_above}${self.result}"


class Validations:
    """The data validations of one sheet, added once and extended cell by cell."""

    def __init__(self, ws: Worksheet) -> None:
        def add(dv: DataValidation) -> DataValidation:
            dv.showErrorMessage = True
            ws.add_data_validation(dv)
            return dv

        self.seat = add(DataValidation(type="list", formula1='"N,E,S,W"', allow_blank=True))
        self.tricks = add(
            DataValidation(
                type="whole", operator="between", formula1="0", formula2="13", allow_blank=True
            )
        )
        self.honours = add(DataValidation(type="list", formula1='"100,150"', allow_blank=True))
        self.side = add(DataValidation(type="list", formula1='"NS,EW"', allow_blank=True))
        self.yes = add(DataValidation(type="list", formula1='"Y"', allow_blank=True))


def _put(ws: Worksheet, ref: str, value: Any, style: str | None, st: Styler) -> None:
    cell = ws[ref]
    cell.value = value
    if style:
        st(cell, style)


def write_block(
    ws: Worksheet,
    st: Styler,
    dv: Validations,
    layout: BlockLayout,
    title: str,
    *,
    seating: str | None = None,
    rounding: str = "up",
    new_york: bool = False,
    first_dealer: str = "N",
) -> None:
    """Write one rubber or chukker block at ``layout.top``.

    ``seating`` is a formula showing who sits where (social games); ``title`` is text.
    """
    c, b = COLS, layout
    t = b.top
    _put(ws, f"A{t}", title, "xlb Label", st)
    ws[f"A{t}"].data_type = "s"
    if seating:
        _put(ws, f"D{t}", seating, None, st)
    # Settings row.
    if b.chicago:
        _put(ws, f"A{b.settings}", "First dealer", None, st)
        _put(ws, b.first_dealer.replace("$", ""), first_dealer, "xlb Input", st)
        dv.seat.add(b.first_dealer.replace("$", ""))
    what = "incomplete chukker stands" if b.chicago else "rubber unfinished, scored now"
    _put(ws, f"D{b.settings}", f"Ended early? Y = {what}", None, st)
    ended = b.ended.replace("$", "")
    _put(ws, ended, None, "xlb Input", st)
    dv.yes.add(ended)
    for i, text in enumerate(HEADERS, start=1):
        cell = ws.cell(row=b.header, column=i, value=text)
        st(cell, "xlb Header")
    ws.row_dimensions[b.header].height = 30
    for k, r in enumerate(range(b.first, b.last + 1)):
        prev = None if k == 0 else r - 1
        deal = k + 1
        _put(ws, f"{c.deal}{r}", deal, "xlb Value", st)
        if b.chicago:
            _put(ws, f"{c.dealer}{r}", F.chicago_dealer(b.first_dealer, deal), "xlb Value", st)
            _put(ws, f"{c.vul}{r}", F.chicago_vulnerability(c, r, deal, new_york), "xlb Value", st)
        else:
            _put(ws, f"{c.dealer}{r}", None, "xlb Value", st)
            _put(ws, f"{c.vul}{r}", F.rubber_vulnerability(c, prev), "xlb Value", st)
        for col in (c.contract, c.by, c.tricks_in, c.honours, c.hon_side_in):
            _put(ws, f"{col}{r}", None, "xlb Input", st)
        dv.seat.add(f"{c.by}{r}")
        dv.tricks.add(f"{c.tricks_in}{r}")
        dv.honours.add(f"{c.honours}{r}")
        dv.side.add(f"{c.hon_side_in}{r}")
        hidden = {
            **F.contract_cells(c, r),
            c.vul_flag: F.vulnerable_flag(c, r),
            c.tricks: F.tricks_valid(c, r),
            c.over: "=0" if b.chicago else F.rubber_over(c, prev),
            c.go: F.scored(c, r),
            c.made: F.made(c, r),
            c.below: F.trick_points(c, r),
            c.decl_above: F.declarer_premiums(c, r),
            c.def_above: F.undertricks(c, r),
            c.hon_value: F.honours_value(c, r),
            c.hon_pts: F.honours_points(c, r),
            c.hon_side: F.honours_side(c, r),
            c.game: F.game_made(c, r, prev),
            c.ns_part: F.partscore(c, r, prev, "NS"),
            c.ew_part: F.partscore(c, r, prev, "EW"),
            c.ns_g: F.games_won(c, r, prev, "NS"),
            c.ew_g: F.games_won(c, r, prev, "EW"),
            c.bonus: F.chicago_premium(c, r, deal) if b.chicago else F.rubber_bonus(c, r),
            c.issues: F.row_issues(c, r, chicago=b.chicago),
        }
        for col, formula in hidden.items():
            ws[f"{col}{r}"] = formula
        for col, formula in (
            (c.ns_above, F.side_above(c, r, "NS")),
            (c.ns_below, F.side_below(c, r, "NS")),
            (c.ew_above, F.side_above(c, r, "EW")),
            (c.ew_below, F.side_below(c, r, "EW")),
            (c.ns_games, F.games_shown(c, r, "NS")),
            (c.ew_games, F.games_shown(c, r, "EW")),
            (c.check, F.row_check(c, r)),
        ):
            _put(ws, f"{col}{r}", formula, "xlb Value", st)
    _write_totals(ws, st, b, rounding)


def _write_totals(ws: Worksheet, st: Styler, b: BlockLayout, rounding: str) -> None:
    c = COLS
    ns, ew = c.ns_above, c.ew_above
    h = b.summary(0)
    _put(ws, f"D{h}", "Totals", "xlb Header", st)
    _put(ws, f"{ns}{h}", "North-South", "xlb Header", st)
    _put(ws, f"{ew}{h}", "East-West", "xlb Header", st)
    ws.row_dimensions[h].height = 30
    first, last = b.first, b.last
    rows: list[tuple[int, str, str, str]] = [
        (b.above, "Above the line", F.column_sum(c.ns_above, first, last),
         F.column_sum(c.ew_above, first, last)),
        (b.below, "Below the line", F.column_sum(c.ns_below, first, last),
         F.column_sum(c.ew_below, first, last)),
    ]  # fmt: skip
    if b.chicago:
        rows.append((b.unfinished, "(no rubber bonus in Chicago)", "=0", "=0"))
    else:
        rows.append(
            (
                b.unfinished,
                "Unfinished rubber",
                F.unfinished(c, last, b.ended, "NS"),
                F.unfinished(c, last, b.ended, "EW"),
            )
        )
    cells = (f"{{}}{b.above}", f"{{}}{b.below}", f"{{}}{b.unfinished}")
    rows.append(
        (
            b.total,
            "Total",
            F.total(*(x.format(ns) for x in cells)),
            F.total(*(x.format(ew) for x in cells)),
        )
    )
    rows.append((b.net, "Net", F.net(f"{ns}{b.total}", f"{ew}{b.total}"),
                 F.net(f"{ew}{b.total}", f"{ns}{b.total}")))  # fmt: skip
    over = (
        F.chukker_is_over(c, first, last, b.ended)
        if b.chicago
        else F.rubber_is_over(c, last, b.ended)
    )
    rows.append(
        (
            b.result,
            block_rounding_text(rounding),
            F.rounded_result(f"{ns}{b.net}", over, rounding),
            F.negate(f"{ns}{b.result}"),
        )
    )
    for r, label, f_ns, f_ew in rows:
        _put(ws, f"D{r}", label, "xlb Label", st)
        _put(ws, f"{ns}{r}", f_ns, "xlb Value", st)
        _put(ws, f"{ew}{r}", f_ew, "xlb Value", st)
    _put(ws, f"D{b.status}", F.block_status(c, last, over, f"{ns}{b.net}", chicago=b.chicago),
         "xlb Label", st)  # fmt: skip
    _put(ws, f"{c.check}{b.status}", F.block_problems(c, first, last), None, st)
    ws[f"{c.check}{b.status}"].number_format = '0" row(s) with a problem"'


def page_breaks(ws: Worksheet, layouts: list[BlockLayout]) -> None:
    """A page break before every rubber, and before every other chukker, so no block is cut
    in two when printed."""
    for k, lay in enumerate(layouts):
        per_page = 2 if lay.chicago else 1
        if k and k % per_page == 0:
            ws.row_breaks.append(Break(id=lay.top - 1))


def format_sheet(ws: Worksheet) -> None:
    """Column widths, hidden helpers, printing and protection of a score sheet."""
    from openpyxl.utils import get_column_letter

    for i, w in enumerate(_WIDTHS, start=1):
        ws.column_dimensions[get_column_letter(i)].width = w
    ws.column_dimensions.group(COLS.first_hidden, COLS.last_hidden, hidden=True)
    fit_landscape(ws)
    ws.print_area = f"A1:{COLS.check}{ws.max_row}"
    ws.protection.sheet = True


def write_session(
    ws: Worksheet,
    st: Styler,
    event: str,
    rows: list[tuple[str, str | int]],
    lines: list[str],
    widths: tuple[float, float],
    *,
    heading: bool = False,
) -> None:
    """Fill a social workbook's ``Session`` sheet: the event in A1, one labelled setting a row
    from row 3 (text as text), a blank row, then the instruction lines (under an
    ``Instructions`` label when ``heading``); columns A and B ``widths`` wide, printed
    landscape over A:K.

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> ws = wb.create_sheet("Session")
    >>> write_session(ws, Styler(wb), "Home", [("Date", "=1"), ("Players", 4)], ["Play."], (9, 9))
    >>> ws["B3"].value, ws["B3"].data_type, ws["B4"].value, ws["A6"].value, ws.print_area
    ('=1', 's', 4, 'Play.', "'Session'!$A$1:$K$7")
    """
    put_text(ws["A1"], event, "event")
    st(ws["A1"], "xlb Title")
    ws["A1"].data_type = "s"
    write_settings(ws, st, rows)
    first = 4 + len(rows)
    if heading:
        st(ws.cell(row=first, column=1, value="Instructions"), "xlb Label")
        first += 1
    for i, line in enumerate(lines, start=first):
        put_text(ws.cell(row=i, column=1), line, "instructions")
    ws.column_dimensions["A"].width = widths[0]
    ws.column_dimensions["B"].width = widths[1]
    fit_landscape(ws)
    ws.print_area = f"A1:K{4 + len(rows) + len(lines)}"
    ws.protection.sheet = True
