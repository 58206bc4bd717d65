"""Mitchell movements and their derivatives (seeds 000, 001; Manning, seed 004; rules.md §8).

NS pairs stay at their table, EW pairs move up one table, boards move down one. Pair ids:
the NS pair at table t is ``t`` ("NS t"), the EW pair starting at table t is ``T + t``
("EW t"). Board set s (1-based) holds boards ``(s-1)*k+1 .. s*k``; ``Entry.set`` names it and
``Entry.boards`` lists its boards in the order they are played.

Every generator here is built on :class:`Grid`, Manning's table: rows are rounds, columns
tables, and each cell a board set and a moving pair. :func:`dual` exchanges rows with columns
and sets with moving pairs (Manning, "Duality").

>>> m = mitchell(7, boards_per_round=3)
>>> [(e.ns, e.set, e.ew) for e in m.round_entries(2)][:3]
[(1, 2, 14), (2, 3, 8), (3, 4, 9)]
>>> m.label(14)
'EW 7'
>>> mitchell(6, boards_per_round=3).bye_stand[0]
(1, (10, 11, 12))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from xlbridge.errors import MovementError
from xlbridge.limits import BOARDS_PER_ROUND, TABLES, check_count
from xlbridge.movements.arrow import SWITCH_PATTERNS, ArrowSwitch, fixed_switch, with_switches
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.optimise import optimise_switches

__all__ = [
    "SWITCH_PATTERNS",
    "ArrowSwitch",
    "Grid",
    "apply_arrow_switch",
    "bowman",
    "dual",
    "extended_mitchell",
    "grid_to_movement",
    "mitchell",
    "mitchell_grid",
    "rover",
    "set_boards",
    "standard_form",
    "with_switches",
    "worger",
]


@dataclass(frozen=True, slots=True)
class Grid:
    """Manning's table for a Mitchell-type movement.

    ``cells[(round, table)] = (set, moving)``: the board set played there and the moving pair's
    index (1-based; its pair id is ``tables + moving``). The stationary pair at table t is t.
    A table absent from a round is empty that round.

    >>> g = mitchell_grid(3)
    >>> g.cells[(2, 1)]
    (2, 3)
    """

    tables: int
    rounds: int
    sets: int
    moving: int
    cells: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    def row(self, rnd: int) -> list[tuple[int, int, int]]:
        """(table, set, moving) for one round, by table."""
        return [
            (t, *self.cells[(rnd, t)]) for t in range(1, self.tables + 1) if (rnd, t) in self.cells
        ]

    def rows(self) -> list[list[tuple[int, int, int]]]:
        """Every round's row."""
        return [self.row(r) for r in range(1, self.rounds + 1)]


def set_boards(s: int, k: int) -> tuple[int, ...]:
    """The boards of set ``s`` with ``k`` boards per set.

    >>> set_boards(4, 3)
    (10, 11, 12)
    """
    return tuple(range((s - 1) * k + 1, s * k + 1))


def _check_common(tables: int, boards_per_round: int, minimum: int = 3) -> None:
    if not isinstance(tables, int) or tables < minimum:
        raise MovementError(f"tables {tables!r}: this movement needs at least {minimum} tables")
    check_count(tables, "tables", TABLES)  # an upper bound before any work (xlbridge.limits)
    if not isinstance(boards_per_round, int) or boards_per_round < 1:
        raise MovementError(f"boards per round {boards_per_round!r}: must be 1 or more")
    check_count(boards_per_round, "boards per round", BOARDS_PER_ROUND)


def _check_rounds(rounds: int | None, default: int, maximum: int, what: str) -> int:
    if rounds is None:
        return default
    if not isinstance(rounds, int) or rounds < 1:
        raise MovementError(f"rounds {rounds!r}: must be 1 or more")
    if rounds > maximum:
        raise MovementError(
            f"rounds {rounds}: a {what} has at most {maximum} rounds "
            "(more would replay boards or opponents)"
        )
    return rounds


# -- plain Mitchell ---------------------------------------------------------------------------


def _circuit(tables: int, stands: Sequence[int]) -> dict[int, int]:
    """Table -> position in the board circuit; ``stands`` are tables followed by a bye-stand."""
    pos: dict[int, int] = {}
    p = 0
    for t in range(1, tables + 1):
        pos[t] = p
        p += 1
        if t in stands:
            p += 1
    return pos


def mitchell_grid(tables: int, even: str = "relay", rounds: int | None = None) -> Grid:
    """The grid of a plain Mitchell (Manning Table I odd; IIa relay, IIb skip for even tables).

    Even tables with ``"relay"``: tables 1 and T share, one set rests on a bye-stand between
    tables T/2 and T/2+1. With ``"skip"``: EW pairs skip a table after round T/2.

    >>> mitchell_grid(8, "relay").row(1)[3:5]
    [(4, 4, 4), (5, 6, 5)]
    """
    t_ = tables
    if t_ % 2 == 1 or even == "skip":
        r_ = rounds or t_
        cells = {}
        for r in range(1, r_ + 1):
            skip = 1 if (t_ % 2 == 0 and r > t_ // 2) else 0
            for t in range(1, t_ + 1):
                cells[(r, t)] = ((t + r - 2) % t_ + 1, (t - r - skip) % t_ + 1)
        return Grid(t_, r_, t_, t_, cells)
    if even != "relay":
        raise MovementError(f"even {even!r}: choose 'relay' or 'skip'")
    r_ = rounds or t_
    pos = _circuit(t_ - 1, (t_ // 2,))  # tables 1..T-1 and the stand; table T shares table 1
    pos[t_] = 0
    cells = {}
    for r in range(1, r_ + 1):
        for t in range(1, t_ + 1):
            cells[(r, t)] = ((pos[t] + r - 1) % t_ + 1, (t - r) % t_ + 1)
    return Grid(t_, r_, t_, t_, cells)


def mitchell(
    tables: int,
    boards_per_round: int = 2,
    rounds: int | None = None,
    even: str = "relay",
    arrow_switch: ArrowSwitch = "none",
    half_table: bool = False,
) -> Movement:
    """A Mitchell movement for ``tables`` tables.

    ``rounds`` defaults to a complete movement: T rounds (odd; even with relay), T-1 with a
    skip (a T-th round is allowed; it repeats one opponent, Manning Table IIb). Fewer rounds
    give the shortened movement a director uses when stopping early.

    ``half_table``: ``tables`` counts a half table (an odd number of pairs, 2T-1). The NS pair
    at table T is the missing one, so no boards are shared; each EW pair sits out when it
    reaches table T (rules.md §8; seed 000).

    ``arrow_switch``: ``"none"``, ``"last"`` (last round), ``"last2"`` (last two rounds),
    ``"staggered"`` (Manning: board j of each set switched in round R-k+j), ``"optimal"`` (the
    optimiser's pattern), or explicit ``(round, table)`` / ``(round, table, boards)`` items.

    >>> m = mitchell(7, boards_per_round=3, half_table=True)
    >>> len(m.pairs), m.sit_outs[0]
    (13, (1, 14))
    >>> mitchell(8, even="skip").rounds
    7
    """
    _check_common(tables, boards_per_round)
    t_ = tables
    if even not in ("relay", "skip"):
        raise MovementError(f"even {even!r}: choose 'relay' or 'skip'")
    odd = t_ % 2 == 1
    if odd:
        r_ = _check_rounds(rounds, t_, t_, f"{t_}-table Mitchell")
        kind_note = "odd"
    elif even == "skip":
        r_ = _check_rounds(rounds, t_ - 1, t_, f"{t_}-table skip Mitchell")
        kind_note = f"skip after round {t_ // 2}"
    else:
        r_ = _check_rounds(rounds, t_, t_, f"{t_}-table relay Mitchell")
        if boards_per_round < 2 and not half_table:
            raise MovementError(
                f"boards per round {boards_per_round}: tables 1 and {t_} relay a set, "
                "which needs at least 2 boards per round (or use --even skip)"
            )
        kind_note = f"relay tables 1 and {t_}, bye-stand between tables {t_ // 2} and {t_ // 2 + 1}"
    grid = mitchell_grid(t_, even, r_)
    notes = [
        f"Mitchell, {t_ - (1 if half_table else 0)}{'½' if half_table else ''} tables: "
        f"{kind_note}. NS stay; EW move up one table; boards move down one table.",
    ]
    if not odd and even == "relay" and not half_table:
        notes.append(
            f"Table {t_} shares boards with table 1; the set played at table {t_ // 2 + 1} "
            f"rests on the bye-stand, then goes to table {t_ // 2}."
        )
    if not odd and even == "skip":
        notes.append(f"EW pairs skip one table after round {t_ // 2}.")
    if half_table:
        notes.append(f"Half table: no NS pair at table {t_}; the EW pair reaching it sits out.")
    m = grid_to_movement(
        "mitchell",
        grid,
        boards_per_round,
        empty_ns=(t_,) if half_table else (),
        notes=notes,
    )
    return apply_arrow_switch(m, arrow_switch)


# -- grid -> movement -------------------------------------------------------------------------


def grid_to_movement(
    kind: str,
    grid: Grid,
    boards_per_round: int,
    *,
    empty_ns: Iterable[int] = (),
    labels: dict[int, str] | None = None,
    notes: Sequence[str] = (),
) -> Movement:
    """Turn a grid into a :class:`Movement` (k boards per set).

    ``empty_ns``: tables whose NS pair is missing (half table): their EW pair sits out and the
    table has no entry. Sets not played in a round are listed on the bye-stand for that round.
    """
    k = boards_per_round
    t_ = grid.tables
    empty = set(empty_ns)
    pairs = [Pair(t, f"NS {t}") for t in range(1, t_ + 1) if t not in empty]
    pairs += [Pair(t_ + e, f"EW {e}") for e in range(1, grid.moving + 1)]
    if labels:
        pairs = [Pair(p.id, labels.get(p.id, p.label)) for p in pairs]
    entries: list[Entry] = []
    sit_outs: list[tuple[int, int]] = []
    bye: list[tuple[int, tuple[int, ...]]] = []
    for r in range(1, grid.rounds + 1):
        played: set[int] = set()
        present: set[int] = set()
        for t, s, e in grid.row(r):
            if t in empty:
                sit_outs.append((r, t_ + e))
                continue
            played.add(s)
            present.add(e)
            entries.append(Entry(round=r, table=t, ns=t, ew=t_ + e, boards=set_boards(s, k), set=s))
        for e in range(1, grid.moving + 1):
            if e not in present and (r, t_ + e) not in sit_outs:
                sit_outs.append((r, t_ + e))
        idle = tuple(
            b for s in range(1, grid.sets + 1) if s not in played for b in set_boards(s, k)
        )
        if idle:
            bye.append((r, idle))
    return Movement(
        kind=kind,
        tables=t_,
        rounds=grid.rounds,
        boards_per_round=k,
        pairs=tuple(pairs),
        entries=tuple(entries),
        sit_outs=tuple(sit_outs),
        bye_stand=tuple(bye),
        notes=tuple(notes),
    )


# -- arrow-switching (the patterns live in arrow.py, the optimiser in optimise.py) ------------


def apply_arrow_switch(m: Movement, spec: ArrowSwitch) -> Movement:
    """A copy of ``m`` with boards arrow-switched as ``spec`` says (see :func:`mitchell`):
    ``"optimal"`` is the optimiser's pattern, anything else a fixed one
    (:func:`xlbridge.movements.arrow.fixed_switch`).

    >>> m = apply_arrow_switch(mitchell(7, 2), "last")
    >>> m.round_entries(7)[0].switched
    (13, 14)
    >>> apply_arrow_switch(mitchell(7, 2), [(1, 2, [3])]).round_entries(1)[1].switched
    (3,)
    """
    if isinstance(spec, str) and spec.strip().lower() == "optimal":
        return optimise_switches(m).movement
    return fixed_switch(m, spec)


# -- derivatives (Manning Tables III-V) -------------------------------------------------------


def extended_grid(tables: int, modified: bool = True) -> Grid:
    """Extended Mitchell, T+2 rounds and T+2 sets (Manning Table IV odd, Table V even).

    Rounds 1..T+1 are a Mitchell over T+2 sets (two sets rest each round); in round T+2 the EW
    pairs sit in reverse order. ``modified`` (odd T) applies Table IVa, so the middle NS pair
    does not meet the same EW pair three times: in round T+1 the middle table shares the next
    table's set; in round T+2 it shares the previous table's set and those two EW pairs swap.
    """
    t_ = tables
    s_ = t_ + 2
    stands = (t_,) if t_ % 2 else (t_ // 2, t_)
    pos = _circuit(t_, stands)
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(1, t_ + 3):
        for t in range(1, t_ + 1):
            e = (t - r) % t_ + 1 if r <= t_ + 1 else t_ + 1 - t
            cells[(r, t)] = ((pos[t] + r - 1) % s_ + 1, e)
    if modified and t_ % 2 == 1:
        mid = (t_ + 1) // 2
        r1, r2 = t_ + 1, t_ + 2
        cells[(r1, mid)] = (cells[(r1, mid + 1)][0], cells[(r1, mid)][1])
        (s_lo, e_lo), (_, e_mid) = cells[(r2, mid - 1)], cells[(r2, mid)]
        cells[(r2, mid - 1)] = (s_lo, e_mid)
        cells[(r2, mid)] = (s_lo, e_lo)
    return Grid(t_, t_ + 2, s_, t_, cells)


def extended_mitchell(
    tables: int,
    boards_per_round: int = 2,
    rounds: int | None = None,
    modified: bool = True,
    arrow_switch: ArrowSwitch = "none",
) -> Movement:
    """Extended Mitchell: T tables, T+2 rounds (Manning Tables IV, IVa and V).

    >>> m = extended_mitchell(7, 2)
    >>> m.rounds, len(m.boards)
    (9, 18)
    """
    _check_common(tables, boards_per_round)
    grid = extended_grid(tables, modified)
    r_ = _check_rounds(rounds, tables + 2, tables + 2, f"{tables}-table extended Mitchell")
    grid = _cut(grid, r_)
    notes = [
        f"Extended Mitchell, {tables} tables, {tables + 2} board sets: NS stay, EW move up one, "
        "boards move down one; sets not in play rest on the bye-stand.",
        "Last round: EW pairs sit at table T+1-t (reverse order).",
    ]
    if modified and tables % 2:
        mid = (tables + 1) // 2
        notes.append(
            f"Round {tables + 1}: table {mid} shares table {mid + 1}'s boards; round "
            f"{tables + 2}: table {mid} shares table {mid - 1}'s boards and those EW pairs swap "
            "(Manning Table IVa)."
        )
    m = grid_to_movement("extended-mitchell", grid, boards_per_round, notes=notes)
    return apply_arrow_switch(m, arrow_switch)


def _cut(grid: Grid, rounds: int) -> Grid:
    cells = {k: v for k, v in grid.cells.items() if k[0] <= rounds}
    return Grid(grid.tables, rounds, grid.sets, grid.moving, cells)


def rover_grid(tables: int) -> Grid:
    """Rover movement (Manning Table IIIa): T tables (T = 6m or 6m+2), T-1 rounds.

    Tables 1..T-1 run a Mitchell; the rover pair (moving index T) starts at table 1 and moves
    up two tables; the pair it displaces plays at table T, which shares the rover's boards.
    """
    t_ = tables
    if t_ % 2 or t_ % 3 == 1 or t_ < 6:
        raise MovementError(
            f"tables {t_}: a rover movement needs 6m or 6m+2 tables (6, 8, 12, 14, ...)"
        )
    c = t_ - 1
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(1, c + 1):
        rover_at = (2 * (r - 1)) % c + 1
        for t in range(1, c + 1):
            s = (t + r - 2) % c + 1
            e = (t - r) % c + 1
            if t == rover_at:
                cells[(r, t_)] = (s, e)
                e = t_
            cells[(r, t)] = (s, e)
    return Grid(t_, c, c, t_, cells)


def rover(
    tables: int,
    boards_per_round: int = 2,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = "none",
) -> Movement:
    """Rover movement (Manning Table IIIa). The rover pair's label ends ``(rover)``.

    >>> m = rover(8, 2)
    >>> [(e.ns, e.set, e.ew) for e in m.round_entries(1)][::7]
    [(1, 1, 16), (8, 1, 9)]
    """
    _check_common(tables, boards_per_round, 6)
    grid = rover_grid(tables)
    r_ = _check_rounds(rounds, tables - 1, tables - 1, f"{tables}-table rover")
    grid = _cut(grid, r_)
    notes = [
        f"Rover: tables 1-{tables - 1} run a Mitchell; EW {tables} (the rover) moves up two "
        f"tables; the pair it displaces plays at table {tables}, sharing the rover's boards.",
    ]
    m = grid_to_movement(
        "rover",
        grid,
        boards_per_round,
        labels={2 * tables: f"EW {tables} (rover)"},
        notes=notes,
    )
    return apply_arrow_switch(m, arrow_switch)


def worger_grid(tables: int) -> Grid:
    """Worger movement (Manning Table IIIb): T tables (odd, not a multiple of 3), T+1 rounds.

    A roving set X (set T+1) starts at table T and moves down two tables, displacing the
    ordinary set there; in the last round each moving pair returns to the table where it
    played X and plays the ordinary set it missed.
    """
    t_ = tables
    if t_ % 2 == 0 or t_ % 3 == 0 or t_ < 5:
        raise MovementError(
            f"tables {t_}: a Worger movement needs an odd number of tables not divisible by 3 "
            "(5, 7, 11, 13, ...)"
        )
    x = t_ + 1
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    missed: dict[int, tuple[int, int]] = {}
    for r in range(1, t_ + 1):
        x_at = (t_ - 1 - 2 * (r - 1)) % t_ + 1
        for t in range(1, t_ + 1):
            s = (t + r - 2) % t_ + 1
            e = (t - r) % t_ + 1
            if t == x_at:
                missed[t] = (s, e)
                s = x
            cells[(r, t)] = (s, e)
    for t, (s, e) in missed.items():
        cells[(t_ + 1, t)] = (s, e)
    return Grid(t_, t_ + 1, x, t_, cells)


def worger(
    tables: int,
    boards_per_round: int = 2,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = "none",
) -> Movement:
    """Worger movement (Manning Table IIIb).

    >>> m = worger(7, 2)
    >>> [(e.ns, e.set, e.ew) for e in m.round_entries(8)][:2]
    [(1, 4, 12), (2, 1, 10)]
    """
    _check_common(tables, boards_per_round, 5)
    grid = worger_grid(tables)
    r_ = _check_rounds(rounds, tables + 1, tables + 1, f"{tables}-table Worger")
    grid = _cut(grid, r_)
    notes = [
        f"Worger: a roving set (set {tables + 1}) starts at table {tables} and moves down two "
        "tables; in the last round each EW pair returns to the table where it played the roving "
        "set and plays the boards it missed there.",
    ]
    m = grid_to_movement("worger", grid, boards_per_round, notes=notes)
    return apply_arrow_switch(m, arrow_switch)


def dual(grid: Grid) -> Grid:
    """Manning's dual: rows <-> columns, sets <-> moving pairs.

    >>> dual(dual(mitchell_grid(7))) == mitchell_grid(7)
    True
    """
    cells = {(t, r): (e, s) for (r, t), (s, e) in grid.cells.items()}
    return Grid(grid.rounds, grid.tables, grid.moving, grid.sets, cells)


def _relabel(grid: Grid) -> Grid:
    set_map: dict[int, int] = {}
    pair_map: dict[int, int] = {}
    for r in range(1, grid.rounds + 1):
        for _t, s, e in grid.row(r):
            set_map.setdefault(s, len(set_map) + 1)
            pair_map.setdefault(e, len(pair_map) + 1)
    for s in range(1, grid.sets + 1):
        set_map.setdefault(s, len(set_map) + 1)
    for e in range(1, grid.moving + 1):
        pair_map.setdefault(e, len(pair_map) + 1)
    cells = {k: (set_map[s], pair_map[e]) for k, (s, e) in grid.cells.items()}
    return Grid(grid.tables, grid.rounds, grid.sets, grid.moving, cells)


def _cyclic_score(grid: Grid) -> int:
    """How many moves are 'boards down one table' and 'pairs up one table'."""
    n = 0
    for (r, t), (s, e) in grid.cells.items():
        nxt = grid.cells.get((r + 1, t - 1 if t > 1 else grid.tables))
        n += nxt is not None and nxt[0] == s
        up = grid.cells.get((r + 1, t + 1 if t < grid.tables else 1))
        n += up is not None and up[1] == e
    return n


def standard_form(grid: Grid) -> Grid:
    """Manning's standard form: relabel sets and moving pairs in order of first appearance
    (round 1 by table first), reversing the order of rounds if that makes more boards move
    down one table and more pairs up one.

    >>> g = mitchell_grid(7)
    >>> standard_form(dual(g)) == g  # Table I is self-dual
    True
    """
    forward = _relabel(grid)
    rev_cells = {(grid.rounds + 1 - r, t): v for (r, t), v in grid.cells.items()}
    backward = _relabel(Grid(grid.tables, grid.rounds, grid.sets, grid.moving, rev_cells))
    return backward if _cyclic_score(backward) > _cyclic_score(forward) else forward


def bowman(
    tables: int,
    boards_per_round: int = 2,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = "none",
) -> Movement:
    """Bowman: T tables, T-2 rounds, the dual of the (Table IVa-modified) extended Mitchell.

    >>> m = bowman(9, 3)
    >>> m.rounds, len(m.pairs), len(m.boards)
    (7, 18, 21)
    """
    _check_common(tables, boards_per_round, 5)
    grid = standard_form(dual(extended_grid(tables - 2, modified=True)))
    r_ = _check_rounds(rounds, tables - 2, tables - 2, f"{tables}-table Bowman")
    grid = _cut(grid, r_)
    notes = [
        f"Bowman, {tables} tables, {tables - 2} rounds: the dual of the extended Mitchell for "
        f"{tables - 2} tables (Manning). Follow the guide cards: EW pairs move as listed.",
    ]
    m = grid_to_movement("bowman", grid, boards_per_round, notes=notes)
    return apply_arrow_switch(m, arrow_switch)
