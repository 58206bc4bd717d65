"""Arrow-switching: which boards of which rounds and tables the pairs play the other way round
(seed 004, Manning; rules.md §8), and the copy of a movement with those boards switched.

The fixed patterns live here; the optimiser (:mod:`xlbridge.movements.optimise`) builds on them,
and :func:`xlbridge.movements.mitchell.apply_arrow_switch` adds its ``"optimal"`` pattern. The
imports point one way: model <- arrow <- optimise <- mitchell.

>>> from xlbridge.movements.mitchell import mitchell
>>> fixed_switch(mitchell(3, 2), "last").round_entries(3)[0].switched
(5, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from xlbridge.errors import MovementError
from xlbridge.movements.model import Entry, Movement

__all__ = ["SWITCH_PATTERNS", "ArrowSwitch", "fixed_switch", "with_switches"]

#: An arrow-switch request: a named pattern, or explicit (round, table[, boards]) items.
ArrowSwitch = str | Sequence[tuple[int, int] | tuple[int, int, Sequence[int]]]

SWITCH_PATTERNS = ("none", "last", "last2", "staggered", "optimal")


def fixed_switch(m: Movement, spec: ArrowSwitch) -> Movement:
    """A copy of ``m`` with boards arrow-switched as ``spec`` says: a named pattern other than
    ``"optimal"`` (the optimiser's, :func:`xlbridge.movements.mitchell.apply_arrow_switch`), or
    explicit ``(round, table)`` / ``(round, table, boards)`` items.

    >>> from xlbridge.movements.mitchell import mitchell
    >>> m = fixed_switch(mitchell(7, 2), "last")
    >>> m.round_entries(7)[0].switched
    (13, 14)
    >>> fixed_switch(mitchell(7, 2), [(1, 2, [3])]).round_entries(1)[1].switched
    (3,)
    """
    switched: dict[tuple[int, int], set[int]] = {}
    by_key = {(e.round, e.table): e for e in m.entries}
    last = max((e.round for e in m.entries), default=0)
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name == "none":
            return m
        if name == "optimal":
            raise MovementError(
                "arrow switch 'optimal' is the optimiser's pattern (apply_arrow_switch), "
                "not a fixed one"
            )
        if name in ("last", "last2"):
            rounds = {last} if name == "last" else {last, last - 1}
            for e in m.entries:
                if e.round in rounds:
                    switched[(e.round, e.table)] = set(e.boards)
        elif name == "staggered":
            k = m.boards_per_round
            for e in m.entries:
                j = e.round - (last - k)  # round last-k+j switches the j-th board of each set
                if 1 <= j <= len(e.boards):
                    switched[(e.round, e.table)] = {e.boards[j - 1]}
        else:
            raise MovementError(
                f"arrow switch {spec!r}: choose one of {', '.join(SWITCH_PATTERNS)} "
                "or a list of round:table[:boards] items"
            )
    else:
        for item in spec:
            if len(item) not in (2, 3):
                raise MovementError(f"arrow switch item {item!r}: give (round, table[, boards])")
            rnd, tab = int(item[0]), int(item[1])
            entry = by_key.get((rnd, tab))
            if entry is None:
                raise MovementError(f"arrow switch: no play at round {rnd}, table {tab}")
            boards = set(entry.boards) if len(item) == 2 else {int(b) for b in item[2]}
            bad = boards - set(entry.boards)
            if bad:
                raise MovementError(
                    f"arrow switch: round {rnd} table {tab} plays boards "
                    f"{list(entry.boards)}, not {sorted(bad)}"
                )
            switched.setdefault((rnd, tab), set()).update(boards)
    return with_switches(m, switched)


def with_switches(m: Movement, switched: dict[tuple[int, int], set[int]]) -> Movement:
    """A copy of ``m`` whose entry (round, table) switches exactly the given boards."""
    entries = []
    for e in m.entries:
        sw = switched.get((e.round, e.table), set())
        boards = tuple(b for b in e.boards if b in sw)
        if boards == e.switched:  # the same entry (immutable): shared, not built again
            entries.append(e)
            continue
        entries.append(
            Entry(
                round=e.round,
                table=e.table,
                ns=e.ns,
                ew=e.ew,
                boards=e.boards,
                switched=boards,
                players=e.players,
                set=e.set,
            )
        )
    return replace(m, entries=tuple(entries))
