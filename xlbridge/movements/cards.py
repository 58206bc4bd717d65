"""Table cards and guide cards of a movement: one model, rendered by the workbook and the CLI.

A table card lists, round by round, who sits at the table, the boards played (and the boards
arrow-switched), which other table shares the boards that round (a relay), and where each pair
and the boards go next ("EW to table 2, boards to table 7"). A guide card lists, for one pair,
the table, direction, opponents and boards of every round and where the pair goes next.

>>> from xlbridge.movements.mitchell import mitchell
>>> card = table_cards(mitchell(7, 3))[0]
>>> line = card.lines[0]
>>> line.round, line.ns, line.ew, line.boards, move_text(line)
(1, 'NS 1', 'EW 1', (1, 2, 3), 'NS stay, EW 1 to table 2, boards to table 7')
>>> g = guide_cards(mitchell(7, 3))[7]
>>> g.label, g.lines[0].table, g.lines[0].direction, g.lines[0].next
('EW 1', 1, 'EW', 'table 2 EW')
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from xlbridge.movements.model import Entry, Movement

__all__ = [
    "GuideCard",
    "GuideLine",
    "TableCard",
    "TableLine",
    "boards_text",
    "guide_cards",
    "move_text",
    "table_cards",
]

STAY = "stay"
SIT_OUT = "sit out"
BYE_STAND = "bye-stand"


@dataclass(frozen=True, slots=True)
class TableLine:
    """One round at one table.

    ``ns_next``/``ew_next`` say where the pair goes for the next round: ``"stay"``,
    ``"table 2"`` (same direction), ``"table 2 NS"`` (the other direction) or ``"sit out"``;
    ``boards_next`` is ``"table 7"``, ``"tables 1 and 7"``, ``"bye-stand"``, ``"table 4 for
    round 3"`` when they rest a round first (a Howell), or ``""`` when the boards are not
    played again. All three are ``""`` in the last round. ``shares`` lists the
    other tables playing the same boards in this round (a relay).
    """

    round: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    switched: tuple[int, ...]
    ns_next: str
    ew_next: str
    boards_next: str
    shares: tuple[int, ...]
    boards_from_bye_stand: bool
    word: str = "pair"  # "player" in individual movements


@dataclass(frozen=True, slots=True)
class TableCard:
    """Every round at one table, and what the director must tell it."""

    table: int
    lines: tuple[TableLine, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One round of one pair: ``table`` ``None`` when the pair sits out.

    ``switched`` are the boards this round on which the pair sits the other way (arrow-switch);
    ``next`` is where the pair goes for the next round (see :class:`TableLine`).
    """

    round: int
    table: int | None
    direction: str
    opponents: str
    boards: tuple[int, ...]
    switched: tuple[int, ...]
    next: str


@dataclass(frozen=True, slots=True)
class GuideCard:
    """The rounds of one pair (its guide card)."""

    pair: int
    label: str
    lines: tuple[GuideLine, ...]


def boards_text(boards: tuple[int, ...] | list[int]) -> str:
    """``1-3`` for a run, ``1,2,5`` otherwise, ``-`` for none.

    >>> boards_text((1, 2, 3)), boards_text((25, 26, 1, 2)), boards_text(())
    ('1-3', '25,26,1,2', '-')
    """
    if not boards:
        return "-"
    b = list(boards)
    if len(b) > 1 and all(y == x + 1 for x, y in itertools.pairwise(b)):
        return f"{b[0]}-{b[-1]}"
    return ",".join(map(str, b))


def _tables_text(tables: list[int]) -> str:
    if len(tables) == 1:
        return f"table {tables[0]}"
    return f"tables {', '.join(map(str, tables[:-1]))} and {tables[-1]}"


class _Index:
    """Who is where, by round: built once per movement."""

    def __init__(self, m: Movement) -> None:
        self.m = m
        self.by_round: dict[int, list[Entry]] = {}
        self.seat: dict[tuple[int, int], tuple[int, str]] = {}
        self.board_at: dict[tuple[int, int], list[int]] = {}
        for e in m.entries:
            self.by_round.setdefault(e.round, []).append(e)
            if e.ns is not None:
                self.seat[(e.round, e.ns)] = (e.table, "NS")
            if e.ew is not None:
                self.seat[(e.round, e.ew)] = (e.table, "EW")
            for b in e.boards:
                self.board_at.setdefault((e.round, b), []).append(e.table)
        self.bye = {(r, b) for r, bs in m.bye_stand for b in bs}

    def pair_next(self, pair: int | None, rnd: int, table: int, side: str) -> str:
        if pair is None or rnd >= self.m.rounds:
            return ""
        at = self.seat.get((rnd + 1, pair))
        if at is None:
            return SIT_OUT
        t, s = at
        if t == table and s == side:
            return STAY
        return f"table {t}" + ("" if s == side else f" {s}")

    def boards_next(self, e: Entry) -> str:
        if e.round >= self.m.rounds or not e.boards:
            return ""
        first = e.boards[0]
        tables = sorted(set(self.board_at.get((e.round + 1, first), [])))
        if tables:
            return _tables_text(tables)
        if (e.round + 1, first) in self.bye:
            return BYE_STAND
        # A Howell has more sets than tables: a set rests a round, then goes on to its table.
        for later in range(e.round + 2, self.m.rounds + 1):
            tables = sorted(set(self.board_at.get((later, first), [])))
            if tables:
                return f"{_tables_text(tables)} for round {later}"
        return ""


def table_cards(m: Movement) -> tuple[TableCard, ...]:
    """One card per table, rounds in order (see the module example)."""
    ix = _Index(m)
    cards = []
    for t in m.table_numbers:
        lines = []
        shared: set[int] = set()
        for e in sorted((e for e in m.entries if e.table == t), key=lambda e: e.round):
            # A barometer's tables each play their own copy of the round's boards: no relay.
            shares = (
                ()
                if m.barometer
                else tuple(
                    sorted(
                        {x for b in e.boards for x in ix.board_at.get((e.round, b), []) if x != t}
                    )
                )
            )
            shared.update(shares)
            from_bye = bool(e.boards) and (e.round - 1, e.boards[0]) in ix.bye
            lines.append(
                TableLine(
                    round=e.round,
                    ns=_label(m, e.ns),
                    ew=_label(m, e.ew),
                    boards=e.boards,
                    switched=e.switched,
                    ns_next=ix.pair_next(e.ns, e.round, t, "NS"),
                    ew_next=ix.pair_next(e.ew, e.round, t, "EW"),
                    boards_next=ix.boards_next(e),
                    shares=shares,
                    boards_from_bye_stand=from_bye,
                    word="player" if m.individual else "pair",
                )
            )
        notes = []
        if m.barometer:
            notes.append("Barometer: every table plays its own copy of the round's boards.")
        if shared:
            notes.append(f"Shares boards with {_tables_text(sorted(shared))} (relay).")
        if any(x.boards_next == BYE_STAND for x in lines):
            notes.append("Passes its boards to the bye-stand.")
        if any(x.boards_from_bye_stand for x in lines):
            notes.append("Takes its boards from the bye-stand.")
        if any(x.switched for x in lines):
            notes.append("Arrow-switch: on switched boards NS and EW change seats.")
        cards.append(TableCard(table=t, lines=tuple(lines), notes=tuple(notes)))
    return tuple(cards)


def guide_cards(m: Movement) -> tuple[GuideCard, ...]:
    """One card per pair, in the movement's pair order (see the module example)."""
    ix = _Index(m)
    cards = []
    for p in m.pairs:
        lines = []
        for r in range(1, m.rounds + 1):
            at = ix.seat.get((r, p.id))
            if at is None:
                nxt = ""
                if r < m.rounds:
                    after = ix.seat.get((r + 1, p.id))
                    nxt = SIT_OUT if after is None else f"table {after[0]} {after[1]}"
                lines.append(GuideLine(r, None, "", "", (), (), nxt))
                continue
            table, side = at
            e = next(x for x in ix.by_round[r] if x.table == table and p.id in (x.ns, x.ew))
            opp = e.ew if side == "NS" else e.ns
            nxt = ix.pair_next(p.id, r, table, side)
            if nxt.startswith("table") and nxt.count(" ") == 1:
                nxt = f"{nxt} {side}"  # a guide card always names the direction
            lines.append(GuideLine(r, table, side, _label(m, opp), e.boards, e.switched, nxt))
        cards.append(GuideCard(pair=p.id, label=p.label, lines=tuple(lines)))
    return tuple(cards)


def move_text(line: TableLine) -> str:
    """The move after a round, as the director calls it: "NS stay, EW 1 to table 2, boards to
    table 7" ("" after the last round); Howell pairs are "pair 8 stays, pair 1 to table 3 NS".

    >>> from xlbridge.movements.howell import howell
    >>> move_text(table_cards(howell(4, 3))[0].lines[0])
    'pair 8 stays, pair 1 to table 3 NS, boards to table 4'
    >>> move_text(table_cards(howell(4, 3))[1].lines[0])  # boards 10-12 rest in round 2
    'pair 6 to table 4 EW, pair 3 to table 3, boards to table 1 for round 4'
    """
    parts = []
    for who, where in ((line.ns, line.ns_next), (line.ew, line.ew_next)):
        if not where or who == "-":
            continue
        mitchell_label = who[:2] in ("NS", "EW")
        name = who if mitchell_label else f"{line.word} {who}"
        if where == STAY:
            parts.append(f"{who[:2]} stay" if mitchell_label else f"{name} stays")
        elif where == SIT_OUT:
            parts.append(f"{name} sit{'' if mitchell_label else 's'} out")
        else:
            parts.append(f"{name} to {where}")
    if line.boards_next:
        parts.append(f"boards to {'the ' if line.boards_next == BYE_STAND else ''}"
                     f"{line.boards_next}")  # fmt: skip
    return ", ".join(parts)


def _label(m: Movement, pair: int | None) -> str:
    return "-" if pair is None else m.label(pair)
