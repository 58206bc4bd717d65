"""Barometer play: a Howell or Mitchell in which every table plays the same boards in a round.

The pairs meet as in the base movement; only the boards change. Round r plays board set r
(boards ``(r-1)*k+1 .. r*k`` for k boards a round) at every table, so the director duplicates
each board once for every table, and the standings after a round are meaningful as soon as
the round is complete (seed 003: leader charts posted during the session, marked "not final").
Arrow-switching (``arrow_switch`` of the Mitchell) is applied to the barometer form, so its
board numbers are the barometer's.

The movement carries ``barometer=True``: the validator then holds it to rule ``B`` (every
table of a round plays the same boards, and a board is played in one round only) in place of
Manning's recommendation 4B (no board shared between tables), which a barometer breaks on
purpose.

>>> from xlbridge.movements.mitchell import mitchell
>>> m = barometer(mitchell(5, 2), "barometer-mitchell")
>>> [e.boards for e in m.round_entries(2)]
[(3, 4), (3, 4), (3, 4), (3, 4), (3, 4)]
>>> copies(m), m.bye_stand
(5, ())
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from xlbridge.errors import MovementError
from xlbridge.movements.model import Movement

__all__ = ["BASES", "barometer", "barometer_kind", "barometer_name", "copies"]

#: The movements with a barometer form: kind name -> base kind name.
BASES: dict[str, str] = {"barometer-howell": "howell", "barometer-mitchell": "mitchell"}


def barometer_name(kind: str) -> str:
    """The kind that plays ``kind`` as a barometer (``--barometer``), or one line saying there
    is none.

    >>> barometer_name("howell"), barometer_name("barometer-mitchell")
    ('barometer-howell', 'barometer-mitchell')
    >>> barometer_name("rainbow")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: --barometer: rainbow has no barometer form; ...
    """
    if kind in BASES:
        return kind
    for name, base in BASES.items():
        if base == kind:
            return name
    raise MovementError(
        f"--barometer: {kind} has no barometer form; barometer play is for Howell and Mitchell "
        "pairs games"
    )


def copies(m: Movement) -> int:
    """How many copies of each board a barometer needs: one for every table that plays in a
    round (the most in any round).

    >>> from xlbridge.movements.howell import howell
    >>> copies(barometer(howell(4, 2), "barometer-howell"))
    4
    """
    return max((len(m.round_entries(r)) for r in range(1, m.rounds + 1)), default=0)


def barometer(m: Movement, kind: str) -> Movement:
    """The barometer form of the pairs movement ``m``, named ``kind``: the same tables, pairs,
    rounds and sit-outs, every table playing board set r in round r; nothing on a bye-stand.

    >>> from xlbridge.movements.howell import howell
    >>> m = barometer(howell(3, 2), "barometer-howell")
    >>> m.kind, m.rounds, m.boards, m.barometer
    ('barometer-howell', 5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), True)
    """
    if m.individual:
        raise MovementError(f"{kind}: a barometer is for pairs movements, not {m.kind}")
    k = m.boards_per_round
    entries = []
    for e in m.entries:
        if len(e.boards) != k:
            raise MovementError(
                f"{kind}: round {e.round}, table {e.table} plays {len(e.boards)} boards, not "
                f"{k}: no barometer form"
            )
        boards = tuple(range((e.round - 1) * k + 1, e.round * k + 1))
        switched = tuple(boards[e.boards.index(b)] for b in e.switched)
        entries.append(replace(e, boards=boards, switched=switched, set=e.round))
    barometer_movement = Movement(
        kind=kind, tables=m.tables, rounds=m.rounds, boards_per_round=k, pairs=m.pairs,
        entries=tuple(entries), sit_outs=m.sit_outs, notes=(), barometer=True,
    )  # fmt: skip
    n = copies(barometer_movement)
    # The base's notes speak of moving boards, relays and bye-stands, which a barometer has not.
    notes = (
        f"Barometer: in round r every table plays board set r ({k} board"
        f"{'s' if k != 1 else ''}); pairs meet as in the {m.kind.split('-')[0].title()}.",
        f"Duplicate {n} cop{'ies' if n != 1 else 'y'} of each board (one a table); "
        "the standings after a round are posted when the round is complete, marked not final.",
    )
    return replace(barometer_movement, notes=notes)


def barometer_kind(kind: str, build: Callable[..., Movement]) -> Callable[..., Movement]:
    """The generator of the barometer form of the kind ``build`` generates: it takes the same
    options (``build_movement`` reads its signature); an ``arrow_switch`` is applied to the
    barometer form.

    >>> from xlbridge.movements.howell import howell
    >>> barometer_kind("barometer-howell", howell)(tables=2, boards_per_round=3).boards[-1]
    9
    """

    @functools.wraps(build)
    def built(*args: Any, **kwargs: Any) -> Movement:
        from xlbridge.movements.mitchell import apply_arrow_switch

        spec = kwargs.pop("arrow_switch", "none")
        return apply_arrow_switch(barometer(build(*args, **kwargs), kind), spec)

    return built
