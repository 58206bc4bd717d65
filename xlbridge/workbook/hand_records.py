"""Hand records in the session workbook: a diagram of each board (the four hands, what each
seat makes double dummy, the par) drawn by :func:`draw_board`, on each ``Board N`` traveller
below its rows and on a ``Hand Records`` sheet that prints four boards to a landscape page.

The values are plain text and numbers (the solver's results), never formulas. The ``Hand
Records`` sheet also keeps each board's PBN deal in hidden columns, so ``xlbridge results``
can read the hand records back (:func:`read_hand_records`).

>>> from openpyxl import Workbook
>>> from xlbridge.interchange.deals import HandRecord
>>> from xlbridge.types import Seat, Vulnerability
>>> r = HandRecord(1, Seat.N, Vulnerability.NONE,
...     "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")
>>> wb = Workbook()
>>> add_hand_records(wb, [r], event="Club")
>>> ws = wb[HAND_RECORDS]
>>> ws["C2"].value, ws["A6"].value, read_hand_records(wb)
('♠ AKQJ', '♠ 432', {1: 'N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ'})
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import DealError
from xlbridge.interchange.deals import DD_SEATS, DD_STRAINS, MAX_BOARDS, HandRecord
from xlbridge.text import header_text, put_text
from xlbridge.types import Seat, Vulnerability
from xlbridge.workbook.styles import fit_landscape

__all__ = [
    "BLOCK_COLUMNS",
    "BLOCK_ROWS",
    "HAND_RECORDS",
    "add_hand_records",
    "analysed",
    "draw_board",
    "read_hand_records",
    "read_hand_records_file",
    "write_hand_records_sheet",
]

HAND_RECORDS = "Hand Records"
BLOCK_ROWS = 14  # board line, North 4, West/East 4, South 4 (the double-dummy table beside it)
BLOCK_COLUMNS = 10
_GAP_COLUMNS = 1
_GAP_ROWS = 2
_ACROSS, _DOWN = 2, 2  # boards to a printed page: two across, two down (landscape)
_DATA_COL = 2 * BLOCK_COLUMNS + _GAP_COLUMNS + 3  # hidden: board number, then its PBN deal
_FONT = "Calibri"  # the workbook's own font (LibreOffice shows it as the metric twin Carlito)
_RED = Font(name=_FONT, color="C00000", size=10)
_BLACK = Font(name=_FONT, color="000000", size=10)
_BOLD = Font(name=_FONT, bold=True, size=11)
_SMALL = Font(name=_FONT, size=9, color="404040")
_THIN = Side(style="thin", color="808080")
_SUIT_FONTS = (_BLACK, _RED, _RED, _BLACK)  # spades, hearts, diamonds, clubs
_STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def draw_board(ws: Worksheet, record: HandRecord, row: int, col: int) -> int:
    """Draw ``record``'s diagram with its top-left corner at (``row``, ``col``); return the
    rows used (:data:`BLOCK_ROWS`). The block is :data:`BLOCK_COLUMNS` columns wide: board,
    dealer and vulnerability top left, North, West, East, South, the par top right and the
    double-dummy table (tricks for each declarer and strain) bottom right."""

    def put(r: int, c: int, value: Any, font: Font | None = None) -> Any:
        cell = ws.cell(row=row + r, column=col + c, value=value)
        if font is not None:
            cell.font = font
        return cell

    put(0, 0, f"Board {record.board}", _BOLD)
    put(1, 0, f"Dealer {record.dealer}", _BLACK)
    put(2, 0, f"Vul {record.vulnerability}", _BLACK)
    lines = record.diagram_lines()
    places = {Seat.N: (1, 2), Seat.W: (5, 0), Seat.E: (5, 4), Seat.S: (9, 2)}
    for seat, (r0, c0) in places.items():
        for i, text in enumerate(lines[seat]):
            put(r0 + i, c0, text, _SUIT_FONTS[i])
    if record.par is not None:
        put(1, 6, "Par", _BOLD)
        side = "NS" if record.par.score >= 0 else "EW"
        score = f"{side} {abs(record.par.score)}" if record.par.contracts else "Passed out"
        put(2, 6, score, _BLACK)
        for i, text in enumerate(record.par.contracts[:2]):
            put(3 + i, 6, text, _BLACK)
    if record.dd is not None:
        top, left = 9, 4
        for j, strain in enumerate(DD_STRAINS):
            font = _RED if strain in "DH" else _BLACK
            cell = put(top, left + 1 + j, _STRAIN_SYMBOLS[strain], font)
            cell.alignment = Alignment(horizontal="center")
            cell.border = Border(bottom=_THIN)
        for i, who in enumerate(DD_SEATS):
            put(top + 1 + i, left, who, _BLACK).alignment = Alignment(horizontal="right")
            for j, strain in enumerate(DD_STRAINS):
                tricks = put(top + 1 + i, left + 1 + j, record.dd.get(who, strain), _BLACK)
                tricks.alignment = Alignment(horizontal="center")
        put(top, left, "DD", _SMALL)
    return BLOCK_ROWS


def write_hand_records_sheet(
    wb: Workbook, records: Sequence[HandRecord], event: str = "", index: int | None = None
) -> Worksheet:
    """The ``Hand Records`` sheet: every board's diagram, two across and two down to a
    landscape page, never one split across pages; each board's PBN deal in hidden columns."""
    ws: Worksheet = wb.create_sheet(HAND_RECORDS, index)
    width = BLOCK_COLUMNS + _GAP_COLUMNS
    step = BLOCK_ROWS + _GAP_ROWS
    for i, record in enumerate(records):
        band, across = divmod(i, _ACROSS)
        draw_board(ws, record, 1 + band * step, 1 + across * width)
        if across == 0 and band and band % _DOWN == 0:
            ws.row_breaks.append(Break(id=band * step))
    for k in range(_ACROSS):
        base = k * width
        for j, w in enumerate((7, 6, 9, 7, 6, 4, 4, 4, 4, 4), start=1):
            ws.column_dimensions[get_column_letter(base + j)].width = w
        if k + 1 < _ACROSS:
            ws.column_dimensions[get_column_letter(base + width)].width = 3
    for r in range(1, 1 + -(-len(records) // _ACROSS) * step):
        ws.row_dimensions[r].height = 14
    bands = -(-len(records) // _ACROSS)
    last_col = get_column_letter(_ACROSS * width - _GAP_COLUMNS)
    ws.print_area = f"A1:{last_col}{max(1, bands * step - _GAP_ROWS)}"
    fit_landscape(ws)
    header: Any = ws.oddHeader
    header.center.text = header_text(f"{event}: hand records" if event else "Hand records")
    # Machine-readable copy for xlbridge results: board, PBN deal (hidden columns).
    ws.cell(row=1, column=_DATA_COL, value="Board")
    ws.cell(row=1, column=_DATA_COL + 1, value="Deal")
    for i, record in enumerate(records, start=2):
        ws.cell(row=i, column=_DATA_COL, value=record.board)
        put_text(ws.cell(row=i, column=_DATA_COL + 1), record.deal, "deal")
    data = get_column_letter(_DATA_COL)
    ws.column_dimensions.group(data, get_column_letter(_DATA_COL + 1), hidden=True)
    ws.protection.sheet = True
    return ws


def add_hand_records(wb: Workbook, records: Sequence[HandRecord], event: str = "") -> None:
    """Put ``records`` into a built session workbook: the ``Hand Records`` sheet (before
    ``Recap`` when there is one) and each board's diagram below the rows of its ``Board N``
    traveller, inside the printed area."""
    names = wb.sheetnames
    index = names.index("Recap") if "Recap" in names else None
    write_hand_records_sheet(wb, records, event, index)
    for record in records:
        name = f"Board {record.board}"
        if name not in wb.sheetnames:
            continue
        ws = wb[name]
        top = ws.max_row + 2
        draw_board(ws, record, top, 1)
        _extend_print_area(ws, top + BLOCK_ROWS - 1, BLOCK_COLUMNS)


def _extend_print_area(ws: Worksheet, last_row: int, columns: int) -> None:
    area = ws.print_area
    last_col = columns
    if isinstance(area, str):
        m = re.search(r"\$?([A-Z]+)\$?(\d+)$", area)
        if m:
            last_col = max(columns, column_index_from_string(m.group(1)))
    ws.print_area = f"A1:{get_column_letter(last_col)}{last_row}"


def read_hand_records(wb: Workbook) -> dict[int, str]:
    """Board number -> PBN deal string, from the ``Hand Records`` sheet (empty without one);
    for the results page (``xlbridge.results.html.render_html``'s ``deals``). A deal changed
    into something that is not a complete deal is one error naming its cell."""
    if HAND_RECORDS not in wb.sheetnames:
        return {}
    ws = wb[HAND_RECORDS]
    out: dict[int, str] = {}
    rows = ws.iter_rows(
        min_row=2, max_row=MAX_BOARDS + 1, min_col=_DATA_COL, max_col=_DATA_COL + 1,
        values_only=True,
    )  # fmt: skip
    for r, (board, deal) in enumerate(rows, start=2):
        if board is None and deal is None:
            break
        where = f"{HAND_RECORDS}!{get_column_letter(_DATA_COL)}{r}"
        if not isinstance(board, int) or isinstance(board, bool) or board < 1:
            raise DealError(f"{where}: {str(board)[:20]!r} is not a board number")
        try:
            HandRecord(board, Seat.N, Vulnerability.NONE, str(deal))
        except DealError:
            raise DealError(f"{where}: board {board}'s deal is not a complete PBN deal") from None
        out[board] = str(deal)
    return out


def read_hand_records_file(path: str | Path) -> dict[int, str]:
    """:func:`read_hand_records` of the workbook at ``path``, opened read-only through the
    gate (``xlbridge results`` shows them on the HTML results page)."""
    from xlbridge.interchange.gate import load_workbook

    return read_hand_records(load_workbook(path, read_only=True, what="workbook"))


@lru_cache(maxsize=4)
def analysed(deals: tuple[tuple[int, str], ...]) -> list[HandRecord]:
    """The hand records of ``deals`` (board, PBN deal) analysed as ``new`` analyses them;
    cached, so a rebuild solves them once for the old and the new workbook (seconds)."""
    if not deals:
        return []
    from xlbridge.interchange.deals import analyse

    records = [HandRecord(b, Seat.dealer_of(b), Vulnerability.from_board(b), d) for b, d in deals]
    return analyse(records, progress=False)
