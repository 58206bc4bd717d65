"""A session's movement worked out from its results: who played which board against whom, and
when, as a scoring program's PBN file records it (each board's ``ScoreTable``, or one game per
result).

Each result is a :class:`Play`: the board, the NS and EW pairs (as the file names them) and,
where the file gives them, the round and table.

- **With rounds and tables** (a ``ScoreTable`` with ``Round`` and ``Table`` columns, as Magic
  Contest writes it), each (round, table) is one entry of the movement.
- **Without them** the boards fall into groups: a run of consecutive boards played by the same
  pairings (the boards a table plays before the pairs move). Each group is taken as a round that
  every table plays at once, its tables numbered in the file's order. That is exactly a
  barometer, and the movement is marked one (validated by rule B; the workbook shows the
  standings after each round). For a Mitchell or Howell whose tables played the groups at
  different times it is the same pairings on the same boards, so every score, matchpoint and
  ranking is the same; only the order of play differs (the table cards would not be the
  club's).

Pairs keep the file's numbers when every pair is a whole number; otherwise they are numbered in
order of first appearance and the file's names become their labels. A pair missing from a round
sits out. Anything that cannot be one movement (a pair at two tables of a round, two pairings at
one table, some results with a round and some without) is refused in one line naming the result.

>>> plays = [Play(b, ns, ew) for b in (1, 2, 3, 4) for ns, ew in
...          ((("1", "2"), ("3", "4")) if b < 3 else (("1", "4"), ("3", "2")))]
>>> m = derive_movement(plays, "club")
>>> (m.rounds, m.tables, m.boards_per_round)
(2, 2, 2)
>>> [(e.round, e.table, e.ns, e.ew, e.boards) for e in m.entries]
[(1, 1, 1, 2, (1, 2)), (1, 2, 3, 4, (1, 2)), (2, 1, 1, 4, (3, 4)), (2, 2, 3, 2, (3, 4))]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from xlbridge.errors import MovementError
from xlbridge.limits import PAIR_NUMBER, ROUNDS, SESSION_BOARDS, SESSION_PLAYS, TABLES
from xlbridge.movements.model import Entry, Movement, Pair

__all__ = ["Play", "derive_movement", "grouped", "pair_numbers"]


@dataclass(frozen=True, slots=True)
class Play:
    """One result as the file records it: ``ns``/``ew`` as the file names the pairs; ``where``
    says where it is in the file (for messages)."""

    board: int
    ns: str
    ew: str
    round: int | None = None
    table: int | None = None
    where: str = ""


def pair_numbers(names: Sequence[str]) -> dict[str, Pair]:
    """Each pair name of a file -> its :class:`Pair`: the file's own number when every name is a
    whole number, else numbered 1, 2, ... in order of first appearance, labelled by the name.

    >>> [(n, p.id, p.label) for n, p in pair_numbers(["12", "3", "12"]).items()]
    [('12', 12, '12'), ('3', 3, '3')]
    >>> [(n, p.id, p.label) for n, p in pair_numbers(["NS 1", "EW 1"]).items()]
    [('NS 1', 1, 'NS 1'), ('EW 1', 2, 'EW 1')]
    """
    seen = list(dict.fromkeys(names))
    if seen and all(n.isascii() and n.isdigit() for n in seen):
        out = {n: Pair(int(n), str(int(n))) for n in seen}
        if len({p.id for p in out.values()}) == len(out):  # "07" and "7" would be one pair
            low, high = PAIR_NUMBER
            for n, p in out.items():
                if not low <= p.id <= high:
                    raise MovementError(f"pair {n}: pair numbers run from {low} to {high}")
            return out
    return {n: Pair(i, n) for i, n in enumerate(seen, start=1)}


def grouped(plays: Sequence[Play]) -> list[tuple[int, ...]]:
    """The board groups of ``plays`` without rounds: runs of consecutive boards (in board
    order) played by the same set of pairings.

    >>> grouped([Play(1, "1", "2"), Play(2, "1", "2"), Play(3, "2", "1")])
    [(1, 2), (3,)]
    """
    pairings: dict[int, set[tuple[str, str]]] = defaultdict(set)
    for p in plays:
        pairings[p.board].add((p.ns, p.ew))
    groups: list[list[int]] = []
    previous: set[tuple[str, str]] | None = None
    for board in sorted(pairings):
        if pairings[board] != previous:
            groups.append([])
            previous = pairings[board]
        groups[-1].append(board)
    return [tuple(g) for g in groups]


def derive_movement(plays: Sequence[Play], name: str, kind: str = "custom") -> Movement:
    """The movement ``plays`` were played in (see the module docstring); ``name`` (the file)
    starts each error."""
    if not plays:
        raise MovementError(f"{name}: no results to work the movement out from")
    boards = {p.board for p in plays}
    most = SESSION_BOARDS[1]
    if len(boards) > most or len(plays) > SESSION_PLAYS:
        raise MovementError(f"{name}: {len(boards)} boards, {len(plays)} results; a session"
                            f" holds at most {most} boards, {SESSION_PLAYS:,} results")  # fmt: skip
    timed = [p for p in plays if p.round is not None and p.table is not None]
    if timed and len(timed) != len(plays):
        odd = next(p for p in plays if p.round is None or p.table is None)
        raise MovementError(
            f"{name}: {odd.where or f'board {odd.board}'}: no round and table, though other "
            "results have them; give every result its round and table, or none"
        )
    for p in plays:
        if not p.ns or not p.ew:
            raise MovementError(
                f"{name}: {p.where or f'board {p.board}'}: the result names no "
                f"{'NS' if not p.ns else 'EW'} pair"
            )
    pairs = pair_numbers([x for p in plays for x in (p.ns, p.ew)])
    entries = _timed(plays, pairs, name) if timed else _barometer(plays, pairs, name)
    rounds = max(e.round for e in entries)
    tables = max(e.table for e in entries)
    for what, value, (low, high) in (("rounds", rounds, ROUNDS), ("tables", tables, TABLES)):
        if not low <= value <= high:
            raise MovementError(f"{name}: {value} {what}; at most {high}")
    seated: dict[int, set[int]] = defaultdict(set)
    for e in entries:
        seated[e.round].update(x for x in (e.ns, e.ew) if x is not None)
    ids = sorted(p.id for p in pairs.values())
    sit_outs = tuple((r, i) for r in range(1, rounds + 1) for i in ids if i not in seated[r])
    return Movement(
        kind=kind,
        tables=tables,
        rounds=rounds,
        boards_per_round=max(len(e.boards) for e in entries),
        pairs=tuple(sorted(pairs.values(), key=lambda p: p.id)),
        entries=tuple(entries),
        sit_outs=sit_outs,
        barometer=not timed,  # each board group a round at every table: rule B, not 4B
    )


def _timed(plays: Sequence[Play], pairs: dict[str, Pair], name: str) -> list[Entry]:
    """Entries from results that name their round and table."""
    at: dict[tuple[int, int], tuple[tuple[str, str], list[int], str]] = {}
    table_of: dict[tuple[int, str], tuple[int, str]] = {}
    for p in plays:
        key = (p.round or 0, p.table or 0)
        where = p.where or f"board {p.board}"
        seen = at.get(key)
        if seen is None:
            at[key] = ((p.ns, p.ew), [p.board], where)
        elif seen[0] != (p.ns, p.ew):
            raise MovementError(
                f"{name}: {where}: round {key[0]} table {key[1]} has {p.ns} v {p.ew}, but "
                f"{seen[2]} has {seen[0][0]} v {seen[0][1]} there"
            )
        elif p.board in seen[1]:
            raise MovementError(f"{name}: {where}: board {p.board} twice at round {key[0]} "
                                f"table {key[1]} (first: {seen[2]})")  # fmt: skip
        else:
            seen[1].append(p.board)
        for pair in (p.ns, p.ew):
            other = table_of.setdefault((key[0], pair), (key[1], where))
            if other[0] != key[1]:
                raise MovementError(
                    f"{name}: {where}: pair {pair} at tables {other[0]} and {key[1]} in "
                    f"round {key[0]}"
                )
    return [
        Entry(r, t, pairs[ns].id, pairs[ew].id, tuple(sorted(boards)))
        for (r, t), ((ns, ew), boards, _w) in sorted(at.items())
    ]


def _barometer(plays: Sequence[Play], pairs: dict[str, Pair], name: str) -> list[Entry]:
    """Entries from results without rounds: each board group a round at every table."""
    order: dict[tuple[str, str], int] = {}
    for p in plays:  # tables in the order the file lists the pairings
        order.setdefault((p.ns, p.ew), len(order))
    on_board: dict[int, set[tuple[str, str]]] = defaultdict(set)
    for p in plays:
        on_board[p.board].add((p.ns, p.ew))
    entries: list[Entry] = []
    for rnd, boards in enumerate(grouped(plays), start=1):
        first = boards[0]
        pairings = sorted(on_board[first], key=order.__getitem__)
        sat: dict[str, tuple[str, str]] = {}
        for ns, ew in pairings:
            for pair in (ns, ew):
                if pair in sat:
                    raise MovementError(
                        f"{name}: board {first}: pair {pair} plays it twice ({sat[pair][0]} v "
                        f"{sat[pair][1]} and {ns} v {ew})"
                    )
                sat[pair] = (ns, ew)
        for table, (ns, ew) in enumerate(pairings, start=1):
            entries.append(Entry(rnd, table, pairs[ns].id, pairs[ew].id, boards))
    return entries
