"""The movement model shared by every generator, the validator and the workbook engine.

A movement is a list of entries, one per round and table: the NS and EW pair ids sitting there
and the boards they play. Pair ids are unique within a movement; ``pairs`` gives the label each
id has on the cards (Mitchell: ``"NS 3"``, ``"EW 3"``; Howell: ``"3"``).

>>> m = Movement(
...     kind="example", tables=1, rounds=1, boards_per_round=2,
...     pairs=(Pair(1, "NS 1"), Pair(2, "EW 1")),
...     entries=(Entry(round=1, table=1, ns=1, ew=2, boards=(1, 2)),),
... )
>>> [e.table for e in m.plays(2)]
[1]
>>> m.label(2)
'EW 1'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from xlbridge.errors import MovementError

__all__ = ["Entry", "Movement", "Pair"]


@dataclass(frozen=True, slots=True)
class Pair:
    """A contestant (pair, player or team) id and the label printed on the cards."""

    id: int
    label: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One table in one round.

    ``ns``/``ew`` are pair ids, or ``None`` for an empty seat (the other pair sits out).
    ``switched`` lists the boards on which the two pairs change seats (arrow-switching): on
    those boards ``ns`` plays East-West. ``players`` is set for individual movements: the
    player ids in seats N, E, S, W. ``set`` names the board set (1-based) where sets are used.
    """

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]
    switched: tuple[int, ...] = ()
    players: tuple[int, int, int, int] | None = None
    set: int | None = None

    def direction_on(self, board: int) -> tuple[int | None, int | None]:
        """The (NS, EW) pair ids actually seated for ``board``, after any arrow-switch."""
        if board in self.switched:
            return self.ew, self.ns
        return self.ns, self.ew

    def opponent(self, pair_id: int) -> int | None:
        """The pair ``pair_id`` meets at this table (``None`` if it sits out or is not here).

        >>> Entry(round=1, table=2, ns=2, ew=9, boards=(3, 4)).opponent(9)
        2
        """
        if pair_id == self.ns:
            return self.ew
        if pair_id == self.ew:
            return self.ns
        return None

    def side_of(self, pair_id: int, board: int) -> str:
        """``"NS"`` or ``"EW"``: the direction ``pair_id`` plays ``board`` in, after switching.

        >>> Entry(round=7, table=1, ns=1, ew=9, boards=(13, 14), switched=(14,)).side_of(1, 14)
        'EW'
        """
        ns, ew = self.direction_on(board)
        if pair_id == ns:
            return "NS"
        if pair_id == ew:
            return "EW"
        raise MovementError(
            f"round {self.round} table {self.table}: pair {pair_id} does not play here"
        )


@dataclass(frozen=True, slots=True)
class Movement:
    """A complete schedule: every entry, plus sit-outs and the bye-stand.

    ``sit_outs`` holds (round, pair id) for pairs idle in a round; ``bye_stand`` holds
    (round, boards) resting on the bye-stand. ``notes`` carries director's instructions.
    ``barometer``: every table plays the same boards in a round (validated by rule B).
    """

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    pairs: tuple[Pair, ...]
    entries: tuple[Entry, ...]
    sit_outs: tuple[tuple[int, int], ...] = ()
    bye_stand: tuple[tuple[int, tuple[int, ...]], ...] = ()
    notes: tuple[str, ...] = ()
    individual: bool = False
    # Barometer play (movements/barometer.py): every table plays the same boards in a round.
    barometer: bool = False
    _labels: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        ids = [p.id for p in self.pairs]
        if len(set(ids)) != len(ids):
            raise MovementError(f"{self.kind}: pair ids are not unique")
        self._labels.update({p.id: p.label for p in self.pairs})

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board in play, sorted."""
        return tuple(sorted({b for e in self.entries for b in e.boards}))

    def label(self, pair_id: int) -> str:
        """The card label of a pair id."""
        try:
            return self._labels[pair_id]
        except KeyError:
            raise MovementError(f"{self.kind}: no pair {pair_id}") from None

    def plays(self, board: int) -> list[Entry]:
        """Entries that play ``board``, in the order it is played (round, then table)."""
        return sorted(
            (e for e in self.entries if board in e.boards), key=lambda e: (e.round, e.table)
        )

    def round_entries(self, rnd: int) -> list[Entry]:
        """Entries of one round, by table."""
        return sorted((e for e in self.entries if e.round == rnd), key=lambda e: e.table)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    @property
    def pair_ids(self) -> tuple[int, ...]:
        """Every pair id, in the order of ``pairs``."""
        return tuple(p.id for p in self.pairs)

    def entries_of(self, pair_id: int) -> list[Entry]:
        """The entries where ``pair_id`` plays, by round (its guide card)."""
        return sorted(
            (e for e in self.entries if pair_id in (e.ns, e.ew)), key=lambda e: (e.round, e.table)
        )

    def sit_outs_in(self, rnd: int) -> tuple[int, ...]:
        """Pair ids idle in round ``rnd``."""
        return tuple(p for r, p in self.sit_outs if r == rnd)

    def bye_stand_in(self, rnd: int) -> tuple[int, ...]:
        """Boards resting on the bye-stand(s) in round ``rnd``."""
        return tuple(b for r, bs in self.bye_stand if r == rnd for b in bs)

    @property
    def table_numbers(self) -> tuple[int, ...]:
        """Every table number that has an entry, sorted."""
        return tuple(sorted({e.table for e in self.entries}))

    def to_dict(self) -> dict[str, object]:
        """The JSON form of the product spec (``xlbridge movement --format json``).

        >>> m = Movement(
        ...     kind="example", tables=1, rounds=1, boards_per_round=2,
        ...     pairs=(Pair(1, "NS 1"), Pair(2, "EW 1")),
        ...     entries=(Entry(round=1, table=1, ns=1, ew=2, boards=(1, 2)),),
        ... )
        >>> m.to_dict()["entries"]
        [{'round': 1, 'table': 1, 'ns': 1, 'ew': 2, 'boards': [1, 2], 'switched': []}]
        """
        entries: list[dict[str, object]] = []
        for e in sorted(self.entries, key=lambda e: (e.round, e.table)):
            row: dict[str, object] = {
                "round": e.round,
                "table": e.table,
                "ns": e.ns,
                "ew": e.ew,
                "boards": list(e.boards),
                "switched": list(e.switched),
            }
            if e.players is not None:
                row["players"] = list(e.players)
            entries.append(row)
        return {
            **({"barometer": True} if self.barometer else {}),
            "kind": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards": list(self.boards),
            "pairs": [{"id": p.id, "label": p.label} for p in self.pairs],
            "entries": entries,
            "sit_outs": [{"round": r, "pair": p} for r, p in self.sit_outs],
            "bye_stand": [{"round": r, "boards": list(bs)} for r, bs in self.bye_stand],
        }
