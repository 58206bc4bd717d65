"""Web Mitchell and twinned sub-sections for large fields (seed 003, ACBL Tech File).

Both play 26 boards (13 sets of two) in 13 rounds; EW pairs always move up one table (the
highest table to table 1) and every pair plays every board. Board numbers repeat between
tables in one round because several copies of each board are in play (seed 003: "at least a
partial third set of boards will be needed"), so rule 4B reports sharing by design.

**Web, odd T = 15..25.** The first 13 tables take boards 1-26 in order, two per table. The
remaining even "fragment" of T-13 tables is a small web: its low half continues the first 13
tables (table 14 always has table 1's boards; boards enter at the middle from an incoming
bye-stand in regular order, move down and leave play at table 1), its high half takes boards
in reverse order from a second incoming stand and they leave play at the first high table.
For 19 tables, round 1: table 14 1-2, 15 3-4, 16 5-6, (stand: 7-8 next), 17 3-4, 18 1-2,
19 25-26 (stand: 23-24 next).

**Twinned sub-sections (18 tables; 16-22 by the same pattern).** Tables 1..T/2 play one
circuit, boards 1-2 at table 1 upward, moving down and through a bye-stand from table 1 back
to table T/2; tables T/2+1..T play the other circuit in descending order (18 tables: 25-26 at
table 18, 1-2 at 17, ... 15-16 at 10), from table T/2+1 through the other bye-stand back to
table T. Moving pairs pass from one sub-section to the other.

>>> m = web(19)
>>> {e.table: e.boards for e in m.round_entries(1) if e.table > 13}
{14: (1, 2), 15: (3, 4), 16: (5, 6), 17: (3, 4), 18: (1, 2), 19: (25, 26)}
>>> {e.table: e.boards for e in twinned(18).round_entries(1) if e.table in (9, 10, 17, 18)}
{9: (17, 18), 10: (15, 16), 17: (1, 2), 18: (25, 26)}
"""

from __future__ import annotations

from xlbridge.errors import MovementError
from xlbridge.movements.mitchell import Grid, grid_to_movement
from xlbridge.movements.model import Movement

__all__ = ["twinned", "twinned_grid", "web", "web_grid"]

SETS = 13  # 26 boards, two per round


def _rounds(rounds: int | None, what: str) -> int:
    if rounds is None:
        return SETS
    if not 1 <= rounds <= SETS:
        raise MovementError(f"rounds {rounds}: a {what} has 1 to {SETS} rounds (26 boards)")
    return rounds


def web_grid(tables: int) -> Grid:
    """The web's grid (see the module docstring); moving pair e starts at table e."""
    if tables % 2 == 0 or not 15 <= tables <= 25:
        raise MovementError(
            f"tables {tables}: the ACBL guide's web movement is for 15, 17, 19, 21, 23 or 25 tables"
        )
    half = (tables - SETS) // 2
    low = SETS + half  # tables 1..low follow the main circuit
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(1, SETS + 1):
        for t in range(1, tables + 1):
            if t <= low:
                s = (t + r - 2) % SETS + 1
            else:
                j = t - low
                s = (half - j - 1 - (r - 1)) % SETS + 1
            cells[(r, t)] = (s, (t - r) % tables + 1)
    return Grid(tables, SETS, SETS, tables, cells)


def web(tables: int, boards_per_round: int = 2, rounds: int | None = None) -> Movement:
    """Web Mitchell for an odd number of tables, 15-25 (seed 003): 26 boards, 13 rounds."""
    if boards_per_round != 2:
        raise MovementError(
            f"boards per round {boards_per_round}: the web movement plays 2 boards a round"
        )
    grid = web_grid(tables)
    r_ = _rounds(rounds, "web movement")
    low = SETS + (tables - SETS) // 2
    grid = Grid(
        grid.tables, r_, grid.sets, grid.moving, {k: v for k, v in grid.cells.items() if k[0] <= r_}
    )
    notes = [
        f"Web, {tables} tables, boards 1-26: tables 1-13 start with boards 1-26 in order; "
        f"tables 14-{low} continue them (table 14 always has table 1's boards; new boards enter "
        f"at table {low} from a bye-stand in regular order and leave play at table 1).",
        f"Tables {low + 1}-{tables} play boards in reverse order: boards enter at table {tables} "
        f"from a second bye-stand and leave play at table {low + 1}.",
        "EW pairs move up one table every round; boards move down one. Several copies of each "
        "board are needed (at least a partial third set).",
    ]
    return grid_to_movement("web", grid, 2, notes=notes)


def twinned_grid(tables: int) -> Grid:
    """The twinned sub-sections' grid (see the module docstring)."""
    if tables % 2 or not 16 <= tables <= 22:
        raise MovementError(
            f"tables {tables}: twinned sub-sections (ACBL guide) are for 16, 18, 20 or 22 tables"
        )
    half = tables // 2
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(1, SETS + 1):
        for t in range(1, tables + 1):
            if t <= half:
                s = (t + r - 2) % SETS + 1
            else:
                q = (tables - t - (r - 1)) % SETS  # position in the second circuit at round 1
                s = SETS if q == 0 else q
            cells[(r, t)] = (s, (t - r) % tables + 1)
    return Grid(tables, SETS, SETS, tables, cells)


def twinned(tables: int, boards_per_round: int = 2, rounds: int | None = None) -> Movement:
    """Twinned sub-sections with boards circulating separately (seed 003)."""
    if boards_per_round != 2:
        raise MovementError(
            f"boards per round {boards_per_round}: twinned sub-sections play 2 boards a round"
        )
    grid = twinned_grid(tables)
    r_ = _rounds(rounds, "twinned movement")
    half = tables // 2
    grid = Grid(
        grid.tables, r_, grid.sets, grid.moving, {k: v for k, v in grid.cells.items() if k[0] <= r_}
    )
    notes = [
        f"Twinned sub-sections: tables 1-{half} play boards in ascending order (boards 1-2 "
        f"start at table 1); boards move down and from table 1 to a bye-stand, re-entering at "
        f"table {half}.",
        f"Tables {half + 1}-{tables} play in descending order (boards 25-26 start at table "
        f"{tables}, 1-2 at {tables - 1}); from table {half + 1} boards go to the other "
        f"bye-stand and re-enter at table {tables}.",
        "Moving pairs always move up one table (from the last table of one sub-section to "
        "the first of the other). There is no skip.",
    ]
    return grid_to_movement("twin", grid, 2, notes=notes)
