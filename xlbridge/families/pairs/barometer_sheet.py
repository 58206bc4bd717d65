"""The Barometer sheet of a barometer game: the standings after each round, by formulas.

In a barometer every table plays board set r in round r, so a round's standings are final for
its boards as soon as the round is complete, and the director posts them during the session.
Seed 003 (ACBL Duplication Guidelines): leader charts posted before the end ("12th round
leaders") are marked "not final". Each round has a block in rank order, a page to itself, for
the notice board: every block before the last round says ``not final``; the last says ``final``
once the Checks sheet lists no open problem, else ``provisional`` (as
:func:`~xlbridge.results.problems.round_status` says in Python).

The hidden calculation area (column ``CALC`` onwards, one row a pair in the Recap's order)
holds, for each round, the pair's boards played, its score (percentage of the tops, or the IMP
total), rank key, place and rank, from the Recap's board columns of rounds 1..r: the rule of
:func:`xlbridge.families.duplicate.score.score_session`'s ``barometer`` (not factored; ranked by
percentage or IMPs, within each direction in two-winner games).

>>> from xlbridge.movements.registry import get_kind
>>> from xlbridge.families.pairs.build import build_workbook
>>> from xlbridge.families.duplicate.context import Options
>>> wb = build_workbook(get_kind("barometer-howell").build(tables=2, boards_per_round=2),
...                     Options())
>>> ws = wb["Barometer"]
>>> ws["A3"].value, ws["A4"].value
('Standings after round 1 of 3 (boards 1-2)', 'not final')
>>> ws[calc_cell(1, "played", 0)].value
'=COUNT(Recap!$D5:$E5)'
"""

from __future__ import annotations

from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate.context import Context
from xlbridge.families.duplicate.movement_sheet import boards_text
from xlbridge.families.pairs.recap import FIRST as RECAP_FIRST
from xlbridge.families.pairs.recap import SESSION_DATE
from xlbridge.results.problems import EMPTY
from xlbridge.text import put_text
from xlbridge.workbook import checks
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.styles import fit_portrait

__all__ = ["BAROMETER", "CALC", "CALC_FIELDS", "NOT_FINAL", "calc_cell", "write_barometer"]

BAROMETER = "Barometer"
NOT_FINAL = "not final"
CALC = 12  # the first column of the hidden calculation area (L)
CALC_FIRST = 5  # its first pair row
#: The calculation area's columns for each round, in order.
CALC_FIELDS = ("played", "raw", "score", "key", "order", "rank")
_BOLD = Font(size=12, bold=True)


def calc_cell(rnd: int, name: str, pair_index: int) -> str:
    """The calculation cell of round ``rnd``'s ``name`` (one of :data:`CALC_FIELDS`) for the
    pair ``pair_index`` (0-based, in the Recap's order).

    >>> calc_cell(1, "played", 0), calc_cell(2, "rank", 3)
    ('N5', 'Y8')
    """
    col = CALC + 2 + (rnd - 1) * len(CALC_FIELDS) + CALC_FIELDS.index(name)
    return f"{get_column_letter(col)}{CALC_FIRST + pair_index}"


def _col(rnd: int, name: str) -> str:
    return calc_cell(rnd, name, 0).rstrip("0123456789")


def _span(rnd: int, name: str, n: int) -> str:
    """Round ``rnd``'s ``name`` cells of all ``n`` pairs, absolute."""
    col = _col(rnd, name)
    return f"${col}${CALC_FIRST}:${col}${CALC_FIRST + n - 1}"


def write_barometer(ctx: Context) -> Worksheet:
    """Write the ``Barometer`` sheet (barometer movements only), from the columns the Recap
    registered in ``ctx.recap``; the Checks sheet's count of open problems decides the last
    round's status, so every traveller is written before."""
    m, opt, st, rc = ctx.movement, ctx.options, ctx.style, ctx.recap
    ws: Worksheet = ctx.wb.create_sheet(BAROMETER)
    mp = opt.scoring == "mp"
    two = ctx.two_winner
    boards = list(m.boards)
    first, last = int(rc["first"]), int(rc["last"])
    assert first == RECAP_FIRST
    n = last - first + 1
    # The open problems' running count, as the Checks sheet will have it (written last).
    problems = f"Checks!{checks.TOTAL}"
    entered = f"Recap!${rc['played']}${first}:${rc['played']}${last}"  # boards each pair has
    round_boards = {r: sorted({b for e in m.round_entries(r) for b in e.boards})
                    for r in range(1, m.rounds + 1)}  # fmt: skip

    # The calculation area: pair, direction, then each round's fields.
    lab, dcol = get_column_letter(CALC), get_column_letter(CALC + 1)
    ws.cell(row=CALC_FIRST - 1, column=CALC, value="Pair")
    ws.cell(row=CALC_FIRST - 1, column=CALC + 1, value="Dir")
    labels = f"${lab}${CALC_FIRST}:${lab}${CALC_FIRST + n - 1}"
    dirs = f"${dcol}${CALC_FIRST}:${dcol}${CALC_FIRST + n - 1}"
    upto: list[int] = []
    for rnd in range(1, m.rounds + 1):
        upto += round_boards[rnd]
        # Rounds 1..r are the Recap's first board columns: barometer sets are played in order.
        cols = [get_column_letter(4 + boards.index(b)) for b in sorted(upto)]
        assert cols == [get_column_letter(4 + i) for i in range(len(cols))]
        for name in CALC_FIELDS:
            ws[f"{_col(rnd, name)}{CALC_FIRST - 1}"] = f"{name} {rnd}"
        keys = _span(rnd, "key", n)
        for i in range(n):
            r, rr = CALC_FIRST + i, first + i
            if rnd == 1:
                ws[f"{lab}{r}"] = f'=Recap!$A{rr}&""'
                ws[f"{dcol}{r}"] = f'=Recap!$C{rr}&""'
            cells = f"Recap!${cols[0]}{rr}:${cols[-1]}{rr}"
            played = f"${_col(rnd, 'played')}{r}"
            raw = f"${_col(rnd, 'raw')}{r}"
            score = f"${_col(rnd, 'score')}{r}"
            key = f"${_col(rnd, 'key')}{r}"
            ws[calc_cell(rnd, "played", i)] = R.played(cells)
            ws[calc_cell(rnd, "raw", i)] = R.raw_total(cells, played)
            ws[calc_cell(rnd, "score", i)] = (
                R.percent(raw, cells, f"Recap!${cols[0]}$3:${cols[-1]}$3", played)
                if mp
                else f"={raw}"
            )
            # Python ranks the percentage (not the fraction) rounded to 9 decimals.
            ws[calc_cell(rnd, "key", i)] = (
                f'=IF(ISNUMBER({score}),ROUND({score}*100,9),"")' if mp else R.rank_key(score)
            )
            to_here = f"${_col(rnd, 'key')}${CALC_FIRST}:{key}"
            d, d_here = f"${dcol}{r}", f"${dcol}${CALC_FIRST}:${dcol}{r}"
            ws[calc_cell(rnd, "order", i)] = (
                R.standing_order(key, keys, to_here, d, dirs, d_here)
                if two
                else R.standing_order(key, keys, to_here)
            )
            ws[calc_cell(rnd, "rank", i)] = R.rank(key, keys, d if two else None,
                                                   dirs if two else None)  # fmt: skip

    # The visible blocks: one a round, in rank order, a page each.
    st(ws["A1"], "xlb Title")
    put_text(ws["A1"], f"Standings after each round: {opt.event}", "event")
    ws["A2"] = F.shown_text(SESSION_DATE)
    st(ws["A2"], "xlb Label")
    directions = ctx.directions()
    n_ns = sum(1 for p in ctx.pair_ids if directions.get(p) == {"NS"})
    groups = [("North-South", "NS", n_ns), ("East-West", "EW", n - n_ns)] if two else [
        ("", None, n)]  # fmt: skip
    heads = ["Rank", "Pair", "Names", "Played", "%" if mp else "IMPs"]
    names = f"Recap!${rc['names']}${first}:${rc['names']}${last}"
    row = 3
    for rnd in range(1, m.rounds + 1):
        span = boards_text(tuple(b for r in range(1, rnd + 1) for b in round_boards[r]))
        title = ws.cell(row=row, column=1, value=f"Standings after round {rnd} of {m.rounds} "
                                                 f"(boards {span})")  # fmt: skip
        st(title, "xlb Label")
        title.font = _BOLD
        status = ws.cell(row=row + 1, column=1)
        status.value = NOT_FINAL if rnd < m.rounds else (
            f'=IF({problems}>0,"provisional",IF(SUM({entered})=0,"{EMPTY}","final"))')
        st(status, "xlb Label")
        status.font = _BOLD
        row += 2
        for heading, direction, count in groups:
            if heading:
                st(ws.cell(row=row, column=1, value=heading), "xlb Label")
                row += 1
            for j, text in enumerate(heads, start=1):
                st(ws.cell(row=row, column=j, value=text), "xlb Header")
            row += 1
            orders = _span(rnd, "order", n)
            values = [
                (_span(rnd, "rank", n), "xlb Value"),
                (labels, "xlb Value"),
                (names, "xlb Text"),
                (_span(rnd, "played", n), "xlb Value"),
                (_span(rnd, "score", n), "xlb Percent" if mp else "xlb Number"),
            ]
            for k in range(1, count + 1):
                place = str(k) if direction is None else f'"{direction}-{k}"'
                for j, (rng, style) in enumerate(values, start=1):
                    st(ws.cell(row=row, column=j, value=R.standing_value(place, orders, rng)),
                       style)  # fmt: skip
                row += 1
            row += 1
        if rnd < m.rounds:
            ws.row_breaks.append(Break(id=row - 1))
    for col, w in zip("ABCDE", (8, 9, 44, 9, 11), strict=True):
        ws.column_dimensions[col].width = w
    ws.column_dimensions.group(
        get_column_letter(CALC), _col(m.rounds, CALC_FIELDS[-1]), hidden=True
    )
    ws.print_area = f"A1:E{row - 2}"
    ws.print_title_rows = "1:1"  # the event on every round's page
    fit_portrait(ws)
    ws.protection.sheet = True
    return ws
