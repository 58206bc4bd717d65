"""A pairs movement with one pair absent (``--sit-out LABEL``): the odd field of a club evening.

The absent pair leaves the movement: its tables become sit-outs for the pairs it would have
met, the boards it would have played there rest on the bye-stand that round (unless another
table plays them in the round, as a relay does), and it is no longer a pair of the movement,
so no traveller row, guide card or ranking names it. The scoring that follows is the odd
field's (rules.md, "A sit-out or phantom pair"): a board's expected results count only the
tables that play it, a pair's percentage is over the tops of the boards it played (EBU forum,
"Factoring manually", forums.ebu.co.uk/discussion/535: matchpoint scores "are expressed as a
percentage of the maximum possible - which is different for NS and EW pairs as they play
different numbers of boards").

Nine pairs in the five-table Howell, pair 10 absent: every board is played four times.

>>> from xlbridge.movements.howell import howell
>>> m = absent(howell(5, boards_per_round=3), "10")
>>> len(m.pairs), {len(m.plays(b)) for b in m.boards}, len(m.sit_outs)
(9, {4}, 9)
"""

from __future__ import annotations

import re
from dataclasses import replace

from xlbridge.errors import MovementError
from xlbridge.movements.model import Entry, Movement

__all__ = ["absent", "find_label"]


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def find_label(m: Movement, label: str) -> int:
    """The pair id whose card label is ``label`` (case and spacing aside: ``ew 3`` is
    ``EW 3``), or one line naming some labels of the movement.

    >>> from xlbridge.movements.mitchell import mitchell
    >>> find_label(mitchell(5), "ew  3")
    8
    >>> find_label(mitchell(5), "3")
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: --sit-out '3': no such pair in this mitchell (pairs: NS 1, ...
    """
    want = _norm(label)
    found = [p.id for p in m.pairs if _norm(p.label) == want]
    if len(found) == 1 and want:
        return found[0]
    shown = ", ".join(p.label for p in m.pairs[:6]) + (", ..." if len(m.pairs) > 6 else "")
    raise MovementError(f"--sit-out {label[:20]!r}: no such pair in this {m.kind} (pairs: {shown})")


def _notes_without(notes: tuple[str, ...], label: str) -> list[str]:
    """The director's notes but those about the absent pair (a Howell's "Pair 10 sits
    North-South at table 1 throughout")."""
    about = re.compile(rf"\bpair {re.escape(label)}\b", re.IGNORECASE)
    return [n for n in notes if not about.search(n)]


def _note(m: Movement, gone: int, kept: list[Entry]) -> str:
    """What the director reads of the absence: who is missing, and a table left empty."""
    empty = sorted(set(m.table_numbers) - {e.table for e in kept})
    unused = f" Table {', '.join(map(str, empty))} is not used." if empty else ""
    label = m.label(gone)
    who = f"Pair {label}" if label.isdigit() else label
    return f"{who} is absent: the pair due to meet it sits out.{unused}"


def absent(m: Movement, label: str) -> Movement:
    """``m`` with the pair labelled ``label`` absent (see the module docstring).

    A phantom at table 3 of a five-table Mitchell: the EW pairs reaching table 3 sit out,
    and the board set at table 3 rests that round.

    >>> from xlbridge.movements.mitchell import mitchell
    >>> m = absent(mitchell(5, boards_per_round=2), "NS 3")
    >>> [e.table for e in m.round_entries(1)], m.sit_outs_in(1), m.bye_stand_in(1)
    ([1, 2, 4, 5], (8,), (5, 6))
    """
    if m.individual:
        raise MovementError(f"{m.kind}: --sit-out is for pairs movements")
    gone = find_label(m, label)
    if len(m.pairs) <= 2:
        raise MovementError(f"--sit-out {m.label(gone)}: a movement of two pairs cannot lose one")
    kept: list[Entry] = []
    sit_outs = [(r, p) for r, p in m.sit_outs if p != gone]
    freed: list[Entry] = []
    for e in m.entries:
        if gone in (e.ns, e.ew):
            freed.append(e)
            other = e.opponent(gone)
            if other is not None and (e.round, other) not in sit_outs:
                sit_outs.append((e.round, other))
        else:
            kept.append(e)
    if not freed:
        raise MovementError(f"--sit-out {m.label(gone)}: that pair never plays")
    bye = {r: list(bs) for r, bs in m.bye_stand}
    for e in freed:
        played = {b for k in kept if k.round == e.round for b in k.boards}
        for b in e.boards:
            if b not in played and b not in bye.setdefault(e.round, []):
                bye[e.round].append(b)
    rounds_left = {e.round for e in kept}
    empty = [r for r in range(1, m.rounds + 1) if r not in rounds_left]
    if empty:
        raise MovementError(f"--sit-out {m.label(gone)}: round {empty[0]} would have no table left")
    return replace(
        m,
        pairs=tuple(p for p in m.pairs if p.id != gone),
        entries=tuple(kept),
        sit_outs=tuple(sorted(sit_outs)),
        bye_stand=tuple((r, tuple(sorted(bs))) for r, bs in sorted(bye.items()) if bs),
        notes=(*_notes_without(m.notes, m.label(gone)), _note(m, gone, kept)),
        _labels={},
    )
