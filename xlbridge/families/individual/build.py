"""Write an individuals workbook (Rainbow, two- and three-table individuals, six couples).

The sheets are those of the pairs workbook: ``Session``, ``Names`` (one name per player),
``Movement``, ``Table Cards`` (a card per table, then a guide card per player), one traveller
per board, ``Recap`` (one row per player, one field), ``Results`` (the players in rank
order), ``Checks`` and the hidden ``Lists``. A
traveller carries the four player numbers of each play in columns ``N``, ``S``, ``E``, ``W``
(for the Rainbow, the seats of that board: partners change within the round); the contract,
score and matchpoint formulas are the pairs traveller's, and the recap credits every player
with their side's matchpoints on every board they play
(:func:`xlbridge.scoring.individual.credit`).

>>> from xlbridge.movements.individual import rainbow
>>> wb = build_individual_workbook(rainbow(5), Options(event="Rainbow"))
>>> wb.sheetnames[:4], wb.sheetnames[-4:]
(['Session', 'Names', 'Movement', 'Table Cards'], ['Recap', 'Results', 'Checks', 'Lists'])
>>> [c.value for c in wb["Board 1"][5]][:6]
['N', 'S', 'E', 'W', 'Contract', 'By']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import Context, Options
from xlbridge.families.duplicate.lists import write_lists
from xlbridge.families.duplicate.save import save_workbook
from xlbridge.families.duplicate.traveller import board_totals, instruction_line, play_cells
from xlbridge.families.individual import formulas as FI
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.families.individual.recap import write_individual_recap, write_individual_results
from xlbridge.families.individual.sheets import (
    write_individual_cards,
    write_individual_movement,
    write_individual_names,
    write_individual_session,
)
from xlbridge.interchange.files import workbook_output
from xlbridge.interchange.names import NamedPlayer
from xlbridge.limits import check_session_boards, check_session_plays
from xlbridge.movements.individual_seats import board_seats
from xlbridge.movements.model import Movement
from xlbridge.scoring.choices import MPScaleName, ResultEntry
from xlbridge.scoring.strata import Strata
from xlbridge.text import put_text
from xlbridge.types import Seat, Vulnerability
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_checks as FC
from xlbridge.workbook.checks import write_checks
from xlbridge.workbook.inputs import (
    finish_board_sheet,
    highlight_rows,
    score_rule,
    validate_contract_rows,
)
from xlbridge.workbook.merge import merge_cells
from xlbridge.workbook.styles import open_template

__all__ = ["build_individual_workbook", "write_individual_traveller", "write_individuals"]


@cache
def _index(letter: str) -> int:
    return column_index_from_string(letter)


def _context(wb: Workbook, movement: Movement, options: Options) -> tuple[Context, IndividualCols]:
    if not movement.individual:
        raise WorkbookError(f"{movement.kind} is not an individual movement")
    if options.scoring != "mp":
        raise WorkbookError(
            f"scoring {options.scoring!r}: individual workbooks are scored by matchpoints "
            "(IMP scoring for individuals is not built yet)"
        )
    ic = IndividualCols.build(options.result_entry, options.scoring)
    ctx = Context.create(wb, movement, options)
    ctx.cols = ic.base
    return ctx, ic


def build_individual_workbook(
    movement: Movement, options: Options, template: str | Path | None = None
) -> Workbook:
    """The individuals workbook for ``movement``, in memory."""
    if not movement.boards:
        raise WorkbookError(f"movement {movement.kind!r} has no boards")
    check_session_boards(len(movement.boards))  # one sheet each: checked before any work
    check_session_plays(sum(len(e.boards) for e in movement.entries), f"movement {movement.kind}")
    wb = open_template(template)
    ctx, ic = _context(wb, movement, options)
    write_individual_session(ctx)
    write_individual_names(ctx)
    write_individual_movement(ctx)
    write_individual_cards(ctx)
    for b in movement.boards:
        write_individual_traveller(ctx, ic, b)
    write_individual_recap(ctx, ic)
    write_individual_results(ctx)
    write_checks(ctx)
    write_lists(ctx)
    wb.active = 0
    wb.calculation.fullCalcOnLoad = True
    return wb


def write_individuals(
    movement: Movement,
    path: str | Path,
    *,
    event: str = "Club individual",
    date: str = "",
    scale: MPScaleName = "acbl",
    result_entry: ResultEntry = "made-down",
    template: str | Path | None = None,
    force: bool = False,
    names: Mapping[int, str] | None = None,
    hand_records: Sequence[Any] = (),
    players: Mapping[int, NamedPlayer] | None = None,
    handicapped: bool = False,
    strata: Strata | None = None,
    masterpoints: str = "",
) -> Path:
    """Write the individuals workbook to ``path`` (``.xlsx``) and return the path.
    ``hand_records`` (analysed :class:`~xlbridge.interchange.deals.HandRecord` of the boards)
    add a diagram to each traveller and a ``Hand Records`` sheet.

    ``names`` maps a player number to the player's name (written as text); ``players`` to the
    player's federation number, handicap and masterpoints (the Names sheet's); ``handicapped``
    and ``strata`` add handicapped and stratified results to the Recap; ``masterpoints`` (a
    scale, ``ebu-club``) goes on the Session sheet and its awards on the Results sheet.
    Refuses to replace an existing file unless ``force``; never leaves half a workbook.
    """
    out = workbook_output(path, force)
    ids = set(movement.pair_ids)
    for p in {*(names or {}), *(players or {})}:
        if p not in ids:
            raise WorkbookError(f"names: player {p} is not in this game (players 1-{len(ids)})")
    options = Options(
        event=event,
        date=date,
        scale=scale,
        result_entry=result_entry,
        names={str(p): (n,) for p, n in (names or {}).items()},
        players={str(p): (x,) for p, x in (players or {}).items()},
        handicapped=handicapped,
        strata=strata,
        masterpoints=masterpoints,
    )
    wb = build_individual_workbook(movement, options, template)
    return save_workbook(wb, out, hand_records, options.event, force)


def _headers(ic: IndividualCols) -> dict[str, str]:
    c = ic.base
    h = {ic.north: "N", ic.south: "S", ic.east: "E", ic.west: "W"}
    h.update({c.contract: "Contract", c.by: "By"})
    if c.made and c.down:
        h[c.made], h[c.down] = "Made", "Down"
    else:
        assert c.tricks_in is not None
        h[c.tricks_in] = "Tricks"
    h[c.ns_score], h[c.ew_score] = "NS Score", "EW Score"
    h[c.ns_mp], h[c.ew_mp] = "NS MP", "EW MP"
    h[c.adjusted], h[c.round], h[c.table] = "Adjusted", "Round", "Table"
    h[F.accepted_col(c)] = "OK"  # the director accepts a typed score (Law 79C), as on pairs'
    return h


def write_individual_traveller(ctx: Context, ic: IndividualCols, board: int) -> Worksheet:
    """Write the ``Board N`` sheet: one row per play, the four players pre-filled."""
    c, opt, st = ic.base, ctx.options, ctx.style
    b = ctx.ranges[board]
    ws: Worksheet = ctx.wb.create_sheet(b.sheet)
    per = opt.per
    rows = board_seats(ctx.movement, board)
    headers = _headers(ic)
    last_col = max(headers, key=_index)

    def put(ref: str, value: Any, style: str | None = None) -> None:
        col, row = coordinate_from_string(ref)
        cell = ws.cell(row=row, column=_index(col), value=value)
        if style:
            st(cell, style)

    def label(first: str, text: str) -> None:
        # Not merged: a label spills into the empty cell beside it (merging is slow).
        put(first, text, "xlb Label")

    # Header block. Vulnerability and Expected sit where the shared formulas read them.
    vul_ref, exp_ref = F.VUL_CELL.replace("$", ""), F.EXPECTED_CELL.replace("$", "")
    put("A1", "Board", "xlb Label")
    put("B1", board, "xlb Title")
    label("C1", "Dealer")
    put("E1", str(Seat.dealer_of(board)), "xlb Value")
    label("F1", "Vulnerable")
    put(vul_ref, str(Vulnerability.from_board(board)), "xlb Value")
    st(ws["I1"], "xlb Label")
    put_text(ws["I1"], opt.event, "event")
    n, adj, field, top = "$C$2", "$E$2", "$J$2", "$L$2"
    check, ns_sum, ew_sum, status = "$N$2", "$J$3", "$L$3", "$M$3"
    label("A2", "Results")
    put("C2", F.results_count(c, b), "xlb Value")
    put("D2", "Adjusted", "xlb Label")
    put("E2", F.adjusted_count(c, b), "xlb Value")
    label("F2", "Expected")
    put(exp_ref, ctx.expected, "xlb Input")
    put("I2", "Field", "xlb Label")
    put("J2", F.full_field(n, adj), "xlb Value")
    put("K2", "Top", "xlb Label")
    put("L2", F.top_formula(field, per), "xlb Number")
    put("M2", "Check total", "xlb Label")
    put("N2", F.check_total(n, top), "xlb Number")
    put("I3", "NS MP", "xlb Label")
    put("J3", F.sum_real(c, b, c.ns_mp), "xlb Number")
    put("K3", "EW MP", "xlb Label")
    put("L3", F.sum_real(c, b, c.ew_mp), "xlb Number")
    put("M3", F.balance(ns_sum, ew_sum, check, n), "xlb Label")
    cells = {"n": n, "adj": adj, "field": field, "top": top, "status": status, "check": check}
    board_totals(ctx, ws, c, board, cells, FC.board_problem(board, status, n, adj, field))

    put(
        "A4",
        "N, S, E, W: the players' numbers (North and South are partners). " + instruction_line(c),
        "xlb Text",
    )
    merge_cells(ws, f"A4:{last_col}4")
    ws.row_dimensions[4].height = 30
    for col, text in headers.items():
        put(f"{col}{F.HEADER_ROW}", text, "xlb Header")

    # Rows, in playing order, with each play's seats.
    input_cols = [x for x in (c.contract, c.by, c.made, c.down, c.tricks_in) if x is not None]
    for i, (entry, seats) in enumerate(rows):
        r = F.FIRST_ROW + i
        for col, player in zip(ic.seats, seats, strict=True):
            put(f"{col}{r}", player, "xlb Input")
        hidden = play_cells(ctx, ws, c, board, r, entry, input_cols, (n, field, top))
        hidden[c.issues] = FI.row_issues(ic, b, r, ctx.pairs_range)
        hidden[c.problem] = FI.row_message(ic, r, board)
        for col, formula in hidden.items():
            ws.cell(row=r, column=_index(col), value=formula)
    ctx.checks_sources.append(ctx.board_cells[board]["problem"])
    _validate(ws, ic, b.first, b.last)
    _highlight(ws, ic, input_cols, b.first, b.last)

    widths = {col: 8.5 for col in ic.seats}
    widths.update({c.contract: 10, c.by: 5, c.ns_score: 9, c.ew_score: 9, c.ns_mp: 8})
    widths.update({c.ew_mp: 8, c.adjusted: 11, c.round: 7, c.table: 7, F.accepted_col(c): 5})
    finish_board_sheet(
        ws,
        c,
        widths,
        freeze=f"E{F.FIRST_ROW}",
        print_area=f"A1:{last_col}{b.last}",
        title=f"{opt.event}: Board {board}",
    )
    return ws


def _validate(ws: Worksheet, ic: IndividualCols, first: int, last: int) -> None:
    """Drop-downs and whole numbers (the contract list only suggests), and the seats' player
    numbers."""

    def rng(col: str) -> str:
        return f"{col}{first}:{col}{last}"

    seats = [(col, 1, 999, "A player number") for col in ic.seats]
    score = [score_rule(ic.base)] if ic.base.score_entry else []
    validate_contract_rows(ws, ic.base, rng, extra=[*seats, *score])
    dv = DataValidation(type="whole", operator="between", formula1="1", formula2="99")
    dv.add(F.EXPECTED_CELL.replace("$", ""))
    ws.add_data_validation(dv)


def _highlight(
    ws: Worksheet, ic: IndividualCols, input_cols: list[str], first: int, last: int
) -> None:
    """The row's inputs turn red when it has a problem (a rule a column); NS Score orange when
    typed over."""
    typed = [ic.base.ns_score] if ic.base.score_entry else []
    cols = [*ic.seats, *input_cols, *typed, ic.base.adjusted]
    highlight_rows(ws, ic.base, [f"{col}{first}:{col}{last}" for col in cols], first, last)

