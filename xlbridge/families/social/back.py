"""The ``Back Score`` sheet (each player's or pair's running net total, zero-sum checked) and
the optional ``Calcutta`` sheet (entries, prices, the pool, the split and each owner's share).

Back Score layout: row 3 the header (``Player``, ``Name``, one column per rubber or chukker,
``Total``), row 4 who won each (North-South's result in hundreds, shown ``NS 5`` or ``EW 5``),
then one row per player (fixed kinds: one row per partnership), then ``Check Total`` and the
zero-sum line. Hidden rows below hold each result as a number and each player's sign (+1
North-South, -1 East-West, 0 sitting out) per rubber or chukker, from the seating.

>>> BACK_FIRST, BACK_RESULT
(5, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.social import formulas as F
from xlbridge.families.social.settings import FIXED_KINDS, PLAYERS, PLAYERS_FIRST, SocialOptions
from xlbridge.families.social.sheet import BlockLayout
from xlbridge.movements.model import Movement
from xlbridge.scoring.calcutta import SEED_SPLIT
from xlbridge.workbook.formulas import copy_of, sheet_ref
from xlbridge.workbook.styles import Styler, fit_landscape

__all__ = [
    "BACK",
    "BACK_FIRST",
    "BACK_RESULT",
    "CALCUTTA",
    "CALCUTTA_FIRST",
    "WON_BY_FORMAT",
    "back_entries",
    "write_back_score",
    "write_calcutta",
    "write_zero_check",
]

BACK = "Back Score"
BACK_RESULT = 4
BACK_FIRST = 5
CALCUTTA = "Calcutta"
CALCUTTA_FIRST = 12
FIRST_COL = 3
# North-South's result of a rubber or chukker shown as the side that won it: +5 "NS 5", -5
# "EW 5" (the cell keeps the signed number the running totals add up).
WON_BY_FORMAT = '"NS "0;"EW "0;"tie"'


def back_entries(opt: SocialOptions) -> list[str]:
    """The rows of the back score: players, or the two partnerships of a fixed game."""
    if opt.kind in FIXED_KINDS:
        return ["North-South", "East-West"]
    return [str(i) for i in range(1, opt.player_count + 1)]


def _signs(opt: SocialOptions, movement: Movement) -> list[list[int]]:
    """signs[p][k]: +1 if entry p sits North-South in round k, -1 East-West, 0 out."""
    entries = sorted(movement.entries, key=lambda e: e.round)
    if opt.kind in FIXED_KINDS:
        return [[1] * len(entries), [-1] * len(entries)]
    out = []
    for p in range(1, opt.player_count + 1):
        row = []
        for e in entries:
            assert e.players is not None
            n, ea, s, w = e.players
            row.append(1 if p in (n, s) else -1 if p in (ea, w) else 0)
        out.append(row)
    return out


def _name_formula(opt: SocialOptions, index: int) -> str:
    def name(n: int) -> str:
        ref = sheet_ref(PLAYERS, f"$C${PLAYERS_FIRST + n - 1}")
        return F.player_name_or_number(ref, n)

    if opt.kind in FIXED_KINDS:
        a, b = (1, 3) if index == 0 else (2, 4)
        return F.joined([name(a), name(b)], " & ")
    return F.joined([name(index + 1)], " & ")


def write_zero_check(
    ws: Worksheet, st: Styler, columns: Sequence[str], rows: tuple[int, int], check_row: int
) -> None:
    """A pair game's or a marathon's ``Check Total`` row (each of ``columns``, the rounds' and
    the total's, summed over the standings' ``rows``, first to last) and below it the line
    saying whether every column sums to zero, as it must.

    >>> from xlbridge.workbook.styles import open_template
    >>> wb = open_template(None)
    >>> ws = wb.create_sheet(BACK)
    >>> write_zero_check(ws, Styler(wb), ["C", "D"], (4, 9), 10)
    >>> ws["D10"].value
    '=IF(COUNT(D4:D9)=0,"",SUM(D4:D9))'
    >>> ws["A11"].value[:40]
    '=IF(COUNTIF(C10:D10,">0")+COUNTIF(C10:D1'
    """
    ws[f"A{check_row}"] = "Check Total"
    st(ws[f"A{check_row}"], "xlb Label")
    for col in columns:
        ws[f"{col}{check_row}"] = F.check_total(f"{col}{rows[0]}:{col}{rows[1]}")
        st(ws[f"{col}{check_row}"], "xlb Value")
    ws[f"A{check_row + 1}"] = F.zero_sum_status(f"{columns[0]}{check_row}:{columns[-1]}{check_row}")
    st(ws[f"A{check_row + 1}"], "xlb Label")


def write_back_score(
    wb: Workbook,
    st: Styler,
    opt: SocialOptions,
    movement: Movement,
    layouts: list[tuple[str, BlockLayout]],
) -> Worksheet:
    """Write the ``Back Score`` sheet."""
    ws: Worksheet = wb.create_sheet(BACK)
    ws["A1"] = "Back Score"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Running net totals in hundreds; every column must total zero (Party Bridge)."
    entries = back_entries(opt)
    n_rounds = len(layouts)
    cols = [get_column_letter(FIRST_COL + k) for k in range(n_rounds)]
    total_col = get_column_letter(FIRST_COL + n_rounds)
    last_row = BACK_FIRST + len(entries) - 1
    check_row = last_row + 1
    status_row = check_row + 1
    number_row = status_row + 3
    sign_first = number_row + 1
    first_c, last_c = cols[0], cols[-1]
    for text, col in (("Player" if opt.kind not in FIXED_KINDS else "Side", "A"), ("Name", "B")):
        ws[f"{col}3"] = text
        st(ws[f"{col}3"], "xlb Header")
    for k, col in enumerate(cols):
        sheet, layout = layouts[k]
        ws[f"{col}3"] = k + 1
        st(ws[f"{col}3"], "xlb Header")
        ref = sheet_ref(sheet, layout.ns_result)
        ws[f"{col}{BACK_RESULT}"] = F.result_in_hundreds(ref)
        st(ws[f"{col}{BACK_RESULT}"], "xlb Value")
        ws[f"{col}{BACK_RESULT}"].number_format = WON_BY_FORMAT
        ws[f"{col}{number_row}"] = F.result_number(f"{col}{BACK_RESULT}")
        ws[f"{col}{check_row}"] = F.check_total(f"{col}{BACK_FIRST}:{col}{last_row}")
        st(ws[f"{col}{check_row}"], "xlb Value")
    ws[f"{total_col}3"] = "Total"
    st(ws[f"{total_col}3"], "xlb Header")
    ws[f"A{BACK_RESULT}"] = "Won by"
    ws[f"B{BACK_RESULT}"] = "side, in hundreds"
    signs = _signs(opt, movement)
    for i, label in enumerate(entries):
        r = BACK_FIRST + i
        s = sign_first + i
        ws[f"A{r}"] = int(label) if label.isdigit() else label
        st(ws[f"A{r}"], "xlb Value")
        ws[f"B{r}"] = _name_formula(opt, i)
        st(ws[f"B{r}"], "xlb Value")
        for k, col in enumerate(cols):
            ws[f"{col}{s}"] = signs[i][k]
            ws[f"{col}{r}"] = F.running_total(
                f"${first_c}${s}:{col}${s}", f"${first_c}${number_row}:{col}${number_row}",
                f"{col}${BACK_RESULT}",
            )  # fmt: skip
            st(ws[f"{col}{r}"], "xlb Value")
            ws[f"{col}{r}"].number_format = "+0;-0;0"
        ws[f"{total_col}{r}"] = F.signed_sum(
            f"${first_c}${s}:${last_c}${s}", f"${first_c}${number_row}:${last_c}${number_row}"
        )
        st(ws[f"{total_col}{r}"], "xlb Value")
        ws[f"{total_col}{r}"].number_format = "+0;-0;0"
    ws[f"A{check_row}"] = "Check Total"
    st(ws[f"A{check_row}"], "xlb Label")
    ws[f"{total_col}{check_row}"] = F.check_total(f"{total_col}{BACK_FIRST}:{total_col}{last_row}")
    st(ws[f"{total_col}{check_row}"], "xlb Value")
    ws[f"A{status_row}"] = F.zero_sum_status(f"{first_c}{check_row}:{total_col}{check_row}")
    st(ws[f"A{status_row}"], "xlb Label")
    ws[f"A{number_row}"] = "(hidden: results as numbers, and each row's sign per column)"
    for r in range(number_row, sign_first + len(entries)):
        ws.row_dimensions[r].hidden = True
    ws.column_dimensions["A"].width = 13  # "North-South", "Check Total" whole
    ws.column_dimensions["B"].width = 26
    for col in cols:
        ws.column_dimensions[col].width = 7  # "EW 12"
    fit_landscape(ws)
    ws.print_area = f"A1:{total_col}{status_row}"
    ws.protection.sheet = True
    return ws


def write_calcutta(
    wb: Workbook,
    st: Styler,
    entries: Sequence[str],
    *,
    back_first: int,
    standing_col: str,
    played: str,
) -> Worksheet:
    """Write the ``Calcutta`` sheet: one entry per back-score row (from ``back_first``), its
    owner and price typed in; the pool, the charity's part, the announced split (seed 002:
    60/30/10) and each owner's share by formula, places from the back score's
    ``standing_col`` (net total, or VPs) once anything in ``played`` has a result."""
    ws: Worksheet = wb.create_sheet(CALCUTTA)
    ws["A1"] = "Calcutta"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Type each entry's owner and price; places come from the Back Score totals."
    n_back = len(entries)
    last = CALCUTTA_FIRST + n_back - 1
    split_rows = list(range(5, 5 + len(SEED_SPLIT)))
    # Settings: split and charity.
    ws["D3"], ws["E3"] = "Place", "Split"
    st(ws["D3"], "xlb Header")
    st(ws["E3"], "xlb Header")
    for place, (r, frac) in enumerate(zip(split_rows, SEED_SPLIT, strict=True), start=1):
        ws[f"D{r}"] = place
        st(ws[f"D{r}"], "xlb Value")
        ws[f"E{r}"] = frac
        st(ws[f"E{r}"], "xlb Input")
        ws[f"E{r}"].number_format = "0%"
    split = f"$E${split_rows[0]}:$E${split_rows[-1]}"
    split_places = f"$D${split_rows[0]}:$D${split_rows[-1]}"
    ws["A4"], ws["A5"], ws["A6"], ws["A7"] = "Pool", "Charity share", "Prizes", "Split check"
    for r in range(4, 8):
        st(ws[f"A{r}"], "xlb Label")
    prices = f"$D${CALCUTTA_FIRST}:$D${last}"
    ws["B4"] = F.pool(prices)
    ws["B5"] = 0
    st(ws["B5"], "xlb Input")
    ws["B5"].number_format = "0%"
    ws["B6"] = F.prize_pool("$B$4", "$B$5")
    ws["B7"] = F.split_check(split)
    for r in (4, 6):
        st(ws[f"B{r}"], "xlb Value")
        ws[f"B{r}"].number_format = "0.00"
    pct = DataValidation(type="decimal", operator="between", formula1="0", formula2="1")
    ws.add_data_validation(pct)
    pct.add("B5")
    for r in split_rows:
        pct.add(f"E{r}")
    heads = ("Entry", "Name", "Owner", "Price", "Standing", "Place", "Share")
    for i, text in enumerate(heads, start=1):
        st(ws.cell(row=CALCUTTA_FIRST - 1, column=i, value=text), "xlb Header")
    totals = f"$E${CALCUTTA_FIRST}:$E${last}"
    places = f"$F${CALCUTTA_FIRST}:$F${last}"
    money = DataValidation(type="decimal", operator="greaterThanOrEqual", formula1="0")
    ws.add_data_validation(money)
    for i, label in enumerate(entries):
        r = CALCUTTA_FIRST + i
        ws[f"A{r}"] = int(label) if label.isdigit() else label
        st(ws[f"A{r}"], "xlb Value")
        ws[f"B{r}"] = copy_of(sheet_ref(BACK, f"$B${back_first + i}"))
        st(ws[f"B{r}"], "xlb Value")
        st(ws[f"C{r}"], "xlb Names")
        st(ws[f"D{r}"], "xlb Input")
        ws[f"D{r}"].number_format = "0.00"
        money.add(f"D{r}")
        back_total = sheet_ref(BACK, f"${standing_col}${back_first + i}")
        ws[f"E{r}"] = F.standing_if_played(played, back_total)
        ws[f"F{r}"] = F.rank_of(totals, f"E{r}")
        ws[f"G{r}"] = F.owner_share(f"F{r}", places, split_places, split, "$B$6")
        for col in "EFG":
            st(ws[f"{col}{r}"], "xlb Value")
        ws[f"G{r}"].number_format = "0.00"
    ws.column_dimensions["B"].width = 26
    ws.column_dimensions["C"].width = 22
    fit_landscape(ws)
    ws.print_area = f"A1:G{last}"
    ws.protection.sheet = True
    return ws
