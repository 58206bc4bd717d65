"""Mark a fouled board on its traveller (Law 87) and score it as separate comparisons.

The traveller gets a ``Group`` column after ``OK`` (1: the board as dealt, 2: the fouled form,
by the table the row was played at), a note naming the tables, and matchpoint formulas that
compare each row only within its group and factor the group to the full field
(:mod:`xlbridge.families.pairs.formulas_fouled`, mirroring
:func:`xlbridge.scoring.fouled.score_fouled_board`). Matchpoint sessions only.

>>> group_column("made-down"), group_column("tricks")
('O', 'N')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import column_index_from_string

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import plays
from xlbridge.families.pairs import formulas_fouled as G
from xlbridge.movements.model import Movement
from xlbridge.scoring.choices import PairsScoring, ResultEntry
from xlbridge.text import put_text
from xlbridge.workbook import formulas as F

__all__ = ["GROUP_HEADING", "check_fouled", "group_column", "mark_fouled"]

GROUP_HEADING = "Group"


def group_column(result_entry: ResultEntry, scoring: PairsScoring = "mp") -> str:
    """The letter of the ``Group`` column: just after the traveller's ``OK`` column."""
    ok = F.accepted_col(F.TravellerCols.build(result_entry, scoring))
    return get_column_letter(column_index_from_string(ok) + 1)


def check_fouled(
    movement: Movement, fouled: Mapping[int, frozenset[int]], scoring: PairsScoring
) -> None:
    """Refuse, in one line, a fouled board the session cannot score that way."""
    if fouled and scoring != "mp":
        raise WorkbookError("--fouled: a fouled board is scored this way in matchpoint sessions")
    for board, tables in fouled.items():
        if board not in movement.boards:
            raise WorkbookError(f"--fouled: board {board} is not played in this movement")
        at = {e.table for e, _ns, _ew in plays(movement, board)}
        missing = sorted(tables - at)
        if missing:
            raise WorkbookError(f"--fouled: board {board} is not played at table {missing[0]}")
        if not at - tables:
            raise WorkbookError(f"--fouled: board {board}: every table is in the fouled group")


def mark_fouled(
    wb: Any, movement: Movement, fouled: Mapping[int, frozenset[int]], result_entry: ResultEntry,
    per: int,
) -> None:  # fmt: skip
    """Write the Group column, the note and the group formulas on each fouled traveller."""
    c = F.TravellerCols.build(result_entry, "mp")
    grp = group_column(result_entry)
    for board, tables in sorted(fouled.items()):
        ws = wb[f"Board {board}"]
        rows = plays(movement, board)
        b = F.BoardRange(f"Board {board}", F.FIRST_ROW, F.FIRST_ROW + max(len(rows), 1) - 1)
        ws[f"{grp}{F.HEADER_ROW}"] = GROUP_HEADING
        ws[f"{grp}{F.HEADER_ROW}"].style = ws[f"{c.table}{F.HEADER_ROW}"].style
        shown = ", ".join(str(t) for t in sorted(tables))
        note = (
            f"FOULED BOARD (Law 87): played in another form at table(s) {shown}; each Group"
            " (1 as dealt, 2 fouled) is matchpointed on its own, then factored to the full"
            " field (Neuberg). "
        )
        put_text(ws["A4"], note + str(ws["A4"].value or ""), "note")  # printed with the sheet
        ws.row_dimensions[4].height = 45
        for i, (entry, _ns, _ew) in enumerate(rows):
            r = F.FIRST_ROW + i
            ws[f"{grp}{r}"] = 2 if entry.table in tables else 1
            ws[f"{grp}{r}"].style = ws[f"{c.table}{r}"].style
            ws[f"{c.mp_raw}{r}"] = G.group_mp_raw(c, b, r, per, grp)
            ws[f"{c.ns_mp}{r}"] = G.group_ns_mp(c, b, r, per, grp, "$F$2", "$B$3")
            ws[f"{c.ew_mp}{r}"] = G.group_ew_mp(c, b, r, per, grp, "$F$2", "$B$3")
        ws.column_dimensions[grp].width = 7
        ws.print_area = f"A1:{grp}{b.last}"
