"""Manning's validity rules for a movement (seed 004; rules.md §8).

Manning states the rules for a Mitchell-type grid (rows = rounds, columns = tables, each cell a
board set and a moving pair). Here they are checked on any pairs :class:`Movement`, board by
board:

- **1A** a stationary pair (one that keeps its table and seat) never replays a board;
- **1B** no pair sits at two places in one round;
- **2** no (other) pair replays a board;
- **3A** (complete movements) every pair plays every board in play;
- **3B** (complete movements) every pair plays in every round;
- **4A** (recommended) no two pairs meet more than once;
- **4B** (recommended) no board is shared between tables in one round;
- **B** (barometer movements only, in place of 4B, which they break on purpose) every table of
  a round plays the same boards, and no board is played in two rounds.

``model`` flags entries that cannot be right at all (unknown pair ids, a pair against itself,
switched boards the table does not play).

>>> from xlbridge.movements.mitchell import mitchell
>>> validate(mitchell(7, 2))
[]
>>> [v.rule for v in validate(mitchell(8, 2, even="relay"))][:1]
['4B']
>>> check(mitchell(8, 2, even="skip", rounds=8)).errors
[]
>>> from xlbridge.movements.barometer import barometer
>>> check(barometer(mitchell(8, 2), "barometer-mitchell")).violations
()
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from xlbridge.movements.model import Entry, Movement

__all__ = ["RULES", "Validation", "Violation", "check", "is_complete", "validate"]

RULES: dict[str, str] = {
    "model": "every entry names known, different pairs and plays the boards it switches",
    "1A": "a stationary pair may not play the same boards more than once",
    "1B": "a pair cannot play at more than one table at a time",
    "2": "a moving pair may not play the same boards more than once",
    "3A": "complete movement: every pair plays every board",
    "3B": "complete movement: every pair plays in every round",
    "4A": "pairs should not meet the same opponents more than once (recommended)",
    "4B": "boards should not be shared between tables (recommended)",
    "B": "barometer: every table of a round plays the same boards, in that round only",
}
RECOMMENDED = frozenset({"4A", "4B"})


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, with where it is broken."""

    rule: str
    message: str
    round: int | None = None
    table: int | None = None
    pair: int | None = None
    board: int | None = None

    @property
    def recommended(self) -> bool:
        """True for Manning's mild recommendations (4A, 4B), which may be broken."""
        return self.rule in RECOMMENDED

    def __str__(self) -> str:
        return f"rule {self.rule}: {self.message}"


@dataclass(frozen=True, slots=True)
class Validation:
    """The result of :func:`check`: completeness and every violation."""

    complete: bool
    violations: tuple[Violation, ...]

    @property
    def errors(self) -> list[Violation]:
        """Violations of the binding rules (model, 1A, 1B, 2, 3A, 3B; B for a barometer)."""
        return [v for v in self.violations if not v.recommended]

    @property
    def warnings(self) -> list[Violation]:
        """Violations of the recommendations (4A, 4B)."""
        return [v for v in self.violations if v.recommended]

    @property
    def valid(self) -> bool:
        """No binding rule is broken."""
        return not self.errors


def _fmt_boards(boards: list[int]) -> str:
    return ("board " if len(boards) == 1 else "boards ") + ",".join(map(str, sorted(boards)))


def is_complete(m: Movement) -> bool:
    """Manning's complete movement: every pair plays every board in play.

    >>> from xlbridge.movements.mitchell import mitchell
    >>> is_complete(mitchell(7)), is_complete(mitchell(7, rounds=5))
    (True, False)
    """
    every = set(m.boards)
    played: dict[int, set[int]] = defaultdict(set)
    for e in m.entries:
        for p in (e.ns, e.ew):
            if p is not None:
                played[p].update(e.boards)
    return all(played.get(p, set()) >= every for p in m.pair_ids)


def _stationary(m: Movement) -> set[int]:
    seats: dict[int, set[tuple[int, str]]] = defaultdict(set)
    for e in m.entries:
        if e.ns is not None:
            seats[e.ns].add((e.table, "NS"))
        if e.ew is not None:
            seats[e.ew].add((e.table, "EW"))
    return {p for p, s in seats.items() if len(s) == 1}


def validate(m: Movement, complete: bool | None = None) -> list[Violation]:
    """Every violation of Manning's rules in ``m``, by round and table.

    ``complete``: also check rules 3A/3B (a complete movement); ``None`` checks them only if
    every pair plays every board (where they can only fail by a pair missing a round).
    """
    out: list[Violation] = []
    known = set(m.pair_ids)
    entries = sorted(m.entries, key=lambda e: (e.round, e.table))
    stationary = _stationary(m)
    _model_rules(entries, known, out)
    _idle_rules(m, entries, out)

    # 1B: one place per pair per round.
    seen_round: dict[tuple[int, int], Entry] = {}
    for e in entries:
        for p in (e.ns, e.ew):
            if p is None:
                continue
            first = seen_round.get((e.round, p))
            if first is not None and first is not e:
                out.append(
                    Violation(
                        "1B",
                        f"round {e.round}: {m.label(p) if p in known else p} is at table "
                        f"{first.table} and table {e.table}",
                        e.round,
                        e.table,
                        p,
                    )
                )
            seen_round[(e.round, p)] = e

    # 1A / 2: no pair replays a board.
    first_play: dict[tuple[int, int], Entry] = {}
    for e in entries:
        for p in (e.ns, e.ew):
            if p is None:
                continue
            again = [b for b in e.boards if (p, b) in first_play]
            if again:
                before = first_play[(p, again[0])]
                rule = "1A" if p in stationary else "2"
                out.append(
                    Violation(
                        rule,
                        f"round {e.round}, table {e.table}: {_name(m, p, known)} plays "
                        f"{_fmt_boards(again)} again (already played in round {before.round} "
                        f"at table {before.table})",
                        e.round,
                        e.table,
                        p,
                        again[0],
                    )
                )
            for b in e.boards:
                first_play.setdefault((p, b), e)

    # 3A / 3B for complete movements.
    if complete is None:
        complete = is_complete(m)
    if complete:
        every = set(m.boards)
        rounds = sorted({e.round for e in entries})
        for p in m.pair_ids:
            missing = sorted(b for b in every if (p, b) not in first_play)
            if missing:
                out.append(
                    Violation(
                        "3A",
                        f"{m.label(p)} never plays {_fmt_boards(missing)}",
                        pair=p,
                        board=missing[0],
                    )
                )
            for r in rounds:
                if (r, p) not in seen_round:
                    out.append(Violation("3B", f"round {r}: {m.label(p)} does not play", r, pair=p))

    # 4A: no repeated opponents.
    met: dict[frozenset[int], Entry] = {}
    for e in entries:
        if e.ns is None or e.ew is None:
            continue
        key = frozenset((e.ns, e.ew))
        earlier = met.get(key)
        if earlier is not None:
            out.append(
                Violation(
                    "4A",
                    f"round {e.round}, table {e.table}: {_name(m, e.ns, known)} meets "
                    f"{_name(m, e.ew, known)} again (also round {earlier.round}, table "
                    f"{earlier.table})",
                    e.round,
                    e.table,
                    e.ew,
                )
            )
        else:
            met[key] = e

    if m.barometer:
        _barometer_rule(entries, out)
        out.sort(key=lambda v: (v.round or 0, v.table or 0, v.rule))
        return out
    # 4B: no board shared between tables in one round.
    where: dict[tuple[int, int], list[int]] = defaultdict(list)
    for e in entries:
        for b in e.boards:
            where[(e.round, b)].append(e.table)
    shared: dict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(list)
    for (r, b), at in where.items():
        if len(at) > 1:
            shared[(r, tuple(at))].append(b)
    for (r, tabs), boards in sorted(shared.items()):
        out.append(
            Violation(
                "4B",
                f"round {r}: tables {', '.join(map(str, tabs))} share {_fmt_boards(boards)}",
                r,
                tabs[-1],
                board=min(boards),
            )
        )
    out.sort(key=lambda v: (v.round or 0, v.table or 0, v.rule))
    return out


def _barometer_rule(entries: list[Entry], out: list[Violation]) -> None:
    """Rule B: a round's boards are those of its first table at every table, and a board is
    played in one round only."""
    first: dict[int, Entry] = {}
    round_of: dict[int, int] = {}
    for e in entries:
        lead = first.setdefault(e.round, e)
        if set(e.boards) != set(lead.boards):
            out.append(
                Violation(
                    "B",
                    f"round {e.round}: table {e.table} plays {_fmt_boards(list(e.boards))}, "
                    f"table {lead.table} {_fmt_boards(list(lead.boards))}",
                    e.round,
                    e.table,
                    board=min(set(e.boards) ^ set(lead.boards)),
                )
            )
        again = sorted(b for b in e.boards if round_of.setdefault(b, e.round) != e.round)
        if again:
            out.append(
                Violation(
                    "B",
                    f"round {e.round}, table {e.table}: {_fmt_boards(again)} also played in "
                    f"round {round_of[again[0]]}",
                    e.round,
                    e.table,
                    board=again[0],
                )
            )


def _name(m: Movement, p: int, known: set[int]) -> str:
    return m.label(p) if p in known else f"pair {p}"


def _model_rules(entries: list[Entry], known: set[int], out: list[Violation]) -> None:
    for e in entries:
        where = f"round {e.round}, table {e.table}"
        for p in (e.ns, e.ew):
            if p is not None and p not in known:
                out.append(Violation("model", f"{where}: unknown pair {p}", e.round, e.table, p))
        if e.ns is not None and e.ns == e.ew:
            out.append(
                Violation("model", f"{where}: pair {e.ns} plays itself", e.round, e.table, e.ns)
            )
        if not e.boards:
            out.append(Violation("model", f"{where}: no boards", e.round, e.table))
        extra = [b for b in e.switched if b not in e.boards]
        if extra:
            out.append(
                Violation(
                    "model",
                    f"{where}: switches {_fmt_boards(extra)} it does not play",
                    e.round,
                    e.table,
                    board=extra[0],
                )
            )
        if len(set(e.boards)) != len(e.boards):
            out.append(Violation("model", f"{where}: a board listed twice", e.round, e.table))


def _some(items: list[str], most: int = 5) -> str:
    more = len(items) - most
    return ", ".join(items[:most]) + (f" and {more} more" if more > 0 else "")


def _idle_rules(m: Movement, entries: list[Entry], out: list[Violation]) -> None:
    """Every round from 1 to the last has a table (issue 30: a file of rounds 1 and 100 only
    is no 100-round movement, complete or not). A pair that never plays is refused where a
    file names it (:func:`xlbridge.interchange.movement_asc.file_idle`): a knockout's byes
    are pairs of its movement that sit out its first round."""
    played = {e.round for e in entries}
    empty = [r for r in range(1, m.rounds + 1) if r not in played]
    if empty:
        rounds = "round" if len(empty) == 1 else f"{len(empty)} rounds:"
        out.append(
            Violation(
                "model",
                f"{rounds} {_some([str(r) for r in empty])} without a table: a movement's rounds"
                f" 1 to {m.rounds} each have one",
                empty[0],
            )
        )


def check(m: Movement, complete: bool | None = None) -> Validation:
    """Validate ``m``: is it complete, and which rules does it break.

    >>> from xlbridge.movements.mitchell import rover
    >>> v = check(rover(8, 2))
    >>> v.complete, v.valid, sorted({w.rule for w in v.warnings})
    (True, True, ['4B'])
    """
    return Validation(is_complete(m), tuple(validate(m, complete)))
