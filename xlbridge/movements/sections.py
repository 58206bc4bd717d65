"""Section starts with hand records and adding a table mid-session (seed 003, ACBL PAIRS.033).

Two director's charts from the ACBL Tech File, kept as data with the movements they describe:

**Section starts** ("To start sections after having used hand records"). Every table has its own
set of boards (at most 36 boards: 18 tables at 2 boards, 12 at 3, 9 at 4) and a session is 13, 9
or 7 rounds. The chart says how far the boards move each round and when EW pairs skip:

>>> section_start(16, 2)
SectionStart(tables=16, boards_per_round=2, boards_down=2, skip_after=7)
>>> str(section_start(13, 2))
'13 tables, 2-board rounds: boards down one, e/w up one'

:func:`section_start_movement` builds that instruction literally (NS stationary, EW up one and
one extra table after the skip round, boards down one or two tables). Read literally, the
"down two" rows for 15, 16, 18 tables (2 boards), 12 tables (3) and 9 tables (4) make moving
pairs replay boards (rule 2; with an even number of tables also the stationary pairs, rule
1A): the seed gives no more than the chart, so the movement is built as written and
:func:`xlbridge.movements.validate.check` reports it (see
``tests/rules/movements/test_sections.py``).

**Adding a table** ("After the boards have been moved when using hand records"). The chart for a
13-round game that grows by one table, and the 12-round variant for a 13-table game:

>>> a = add_table(16)
>>> a.new_pair, a.renumber, a.skip_after, a.skip
(15, {15: 16, 16: 17}, 7, 2)
>>> add_table(16).movement().tables
17
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xlbridge.errors import MovementError
from xlbridge.movements.mitchell import Grid, grid_to_movement
from xlbridge.movements.model import Movement

__all__ = [
    "ADD_TABLE",
    "SECTION_ROUNDS",
    "SECTION_STARTS",
    "SEEDED_TABLES",
    "AddTable",
    "SectionStart",
    "ShortAddTable",
    "add_table",
    "add_table_short",
    "section_start",
    "section_start_movement",
    "seeded_tables",
    "shift_grid",
]

# Seed 003, PAGE 1: (boards per round, tables) -> (boards move down, skip after round or None).
SECTION_STARTS: dict[tuple[int, int], tuple[int, int | None]] = {
    (2, 13): (1, None),
    (2, 14): (1, 7),
    (2, 15): (2, None),
    (2, 16): (2, 7),
    (2, 17): (2, None),
    (2, 18): (2, 7),
    (3, 9): (1, None),
    (3, 10): (1, 5),
    (3, 11): (2, None),
    (3, 12): (2, 5),
    (4, 7): (1, None),
    (4, 8): (1, 4),
    (4, 9): (2, None),
}
# Rounds in a session by boards per round: 26, 27 or 28 boards per pair (the chart's base
# sizes 13, 9 and 7 tables are the complete Mitchells; seed 003 "a 13 round movement").
SECTION_ROUNDS: dict[int, int] = {2: 13, 3: 9, 4: 7}

_WORDS = {1: "one", 2: "two"}


@dataclass(frozen=True, slots=True)
class SectionStart:
    """One row of seed 003's section-start chart."""

    tables: int
    boards_per_round: int
    boards_down: int
    skip_after: int | None

    def __str__(self) -> str:
        head = f"{self.tables} tables, {self.boards_per_round}-board rounds: "
        move = f"boards down {_WORDS[self.boards_down]}"
        if self.skip_after is None:
            return head + move + ", e/w up one"
        return head + move + f", skip after {self.skip_after}"


def section_start(tables: int, boards_per_round: int = 2) -> SectionStart:
    """The seed 003 section-start instruction for ``tables`` at ``boards_per_round``.

    >>> section_start(10, 3).skip_after
    5
    """
    try:
        down, skip = SECTION_STARTS[(boards_per_round, tables)]
    except KeyError:
        sizes = sorted(t for k, t in SECTION_STARTS if k == boards_per_round)
        raise MovementError(
            f"tables {tables}, {boards_per_round} boards per round: the ACBL guide's section-start "
            f"chart covers {sizes or 'no sizes'} at that many boards per round (2, 3 or 4)"
        ) from None
    return SectionStart(tables, boards_per_round, down, skip)


def shift_grid(
    tables: int, rounds: int, boards_down: int, skip_after: int | None = None, skip: int = 1
) -> Grid:
    """A one-set-per-table Mitchell grid: NS stationary, EW up one, boards down ``boards_down``.

    After round ``skip_after`` the moving pairs go up ``1 + skip`` tables once (a single or
    double skip) and then up one again. Moving pair e and set s start at table e and s.

    >>> g = shift_grid(14, 13, 1, skip_after=7)
    >>> g.cells[(8, 1)]  # after the skip, EW 7 (not EW 8) reaches table 1 in round 8
    (8, 7)
    """
    if tables < 3 or not 1 <= rounds <= tables:
        raise MovementError(f"tables {tables}, rounds {rounds}: need 3+ tables and 1..T rounds")
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(1, rounds + 1):
        k = r - 1
        jump = skip if skip_after is not None and r > skip_after else 0
        for t in range(1, tables + 1):
            s = (t - 1 + boards_down * k) % tables + 1
            e = (t - 1 - k - jump) % tables + 1
            cells[(r, t)] = (s, e)
    return Grid(tables, rounds, tables, tables, cells)


def section_start_movement(
    tables: int, boards_per_round: int = 2, rounds: int | None = None
) -> Movement:
    """Seed 003's section start built literally (see the module docstring).

    >>> m = section_start_movement(14)
    >>> m.rounds, len(m.boards)
    (13, 28)
    """
    st = section_start(tables, boards_per_round)
    r_ = SECTION_ROUNDS[boards_per_round] if rounds is None else rounds
    grid = shift_grid(tables, r_, st.boards_down, st.skip_after)
    return grid_to_movement(
        "section-start", grid, boards_per_round, notes=(f"ACBL guide section start: {st}.",)
    )


@dataclass(frozen=True, slots=True)
class AddTable:
    """One column of seed 003's add-a-table chart (13-round game, hand records).

    The new table takes ``new_pair`` (NS and EW); the last one or two original tables shift back
    one, keeping their boards and taking the numbers in ``renumber``. EW pairs skip ``skip``
    tables (1 = single, 2 = double skip) after round ``skip_after``.
    """

    tables: int
    new_pair: int
    renumber: dict[int, int] = field(hash=False)
    skip_after: int
    skip: int

    @property
    def new_tables(self) -> int:
        """The section size after the table is added."""
        return self.tables + 1

    def pair_number(self, old: int) -> int:
        """The number an original pair (or table) has after the addition.

        >>> add_table(15).pair_number(15), add_table(15).pair_number(3)
        (16, 3)
        """
        if not 1 <= old <= self.tables:
            raise MovementError(
                f"pair {old}: a {self.tables}-table section has pairs 1-{self.tables}"
            )
        return self.renumber.get(old, old)

    def movement(self, boards_per_round: int = 2, rounds: int = 13) -> Movement:
        """The enlarged section's movement: boards down one, EW up one, the chart's skip."""
        grid = shift_grid(self.new_tables, rounds, 1, self.skip_after, self.skip)
        word = "double" if self.skip == 2 else "single"
        note = (
            f"Table added: {self.tables} -> {self.new_tables} tables; new pair #{self.new_pair}; "
            + ", ".join(f"{a}->{b}" for a, b in self.renumber.items())
            + f"; {word} skip after round {self.skip_after}."
        )
        return grid_to_movement("add-table", grid, boards_per_round, notes=(note,))


# Seed 003, PAGE 3 chart: original size -> (new pair #, renumbering, skip after, tables skipped).
ADD_TABLE: dict[int, tuple[int, dict[int, int], int, int]] = {
    14: (14, {14: 15}, 7, 2),
    15: (14, {14: 15, 15: 16}, 7, 1),
    16: (15, {15: 16, 16: 17}, 7, 2),
    17: (16, {16: 17, 17: 18}, 8, 1),
}


def add_table(tables: int) -> AddTable:
    """Seed 003's chart for adding a table to a ``tables``-table, 13-round section.

    >>> add_table(17).skip_after
    8
    """
    try:
        new, ren, after, skip = ADD_TABLE[tables]
    except KeyError:
        raise MovementError(
            f"tables {tables}: the ACBL guide's add-a-table chart covers sections of 14-17 tables"
            " (use add_table_short for 13 tables, 12 rounds)"
        ) from None
    return AddTable(tables, new, dict(ren), after, skip)


@dataclass(frozen=True, slots=True)
class ShortAddTable:
    """Seed 003's recipe for adding a table to a 13-table game and playing 12 rounds.

    ``new_ns``/``new_ew``: the new pairs' numbers; ``ns_renumber``/``ew_renumber``: original
    pairs that take other numbers; EW pairs skip one table after ``skip_after`` played rounds.
    """

    tables: int
    new_ns: int
    new_ew: int
    ns_renumber: dict[int, int] = field(hash=False)
    ew_renumber: dict[int, int] = field(hash=False)
    skip_after: int
    rounds: int


def add_table_short(tables: int = 13) -> ShortAddTable:
    """Seed 003: add a table to a 13-table game but play only 12 rounds.

    >>> s = add_table_short()
    >>> s.new_ns, s.new_ew, s.ns_renumber, s.ew_renumber, s.skip_after
    (13, 12, {13: 14}, {12: 13, 13: 14}, 6)
    """
    if tables != 13:
        raise MovementError(f"tables {tables}: the ACBL guide's 12-round recipe is for 13 tables")
    return ShortAddTable(13, 13, 12, {13: 14}, {12: 13, 13: 14}, 6, 12)


# Seed 003, PAGE 5: with Table 1 seeded, the suitable seeded tables of the twinned movements.
SEEDED_TABLES: dict[int, tuple[int, ...]] = {
    16: (1, 5, 9, 13),
    18: (1, 7, 13),
    20: (1, 9),
    22: (1, 12),
}


def seeded_tables(tables: int) -> tuple[int, ...]:
    """Seed 003's suitable seeded tables (Table 1 seeded) for twinned sub-sections.

    >>> seeded_tables(18)
    (1, 7, 13)
    """
    try:
        return SEEDED_TABLES[tables]
    except KeyError:
        raise MovementError(
            f"tables {tables}: the ACBL guide lists seeded tables for 16, 18, 20 or 22 tables"
        ) from None
