"""The back score: each player's running net result, in hundreds, over rubbers or chukkers.

Seed 002: after each rubber (or chukker) both players of the winning side add the side's net
result rounded to hundreds, both losers subtract it, anyone sitting out adds nothing. Four to six
players share a table. The check: every round's changes, and so every column of running totals,
add up to zero. A back score that fails it raises :class:`BackScoreError`.

>>> b = BackScore.start("Jane", "Joseph", "Dorothy", "Edward", "Martha")
>>> b = b.record(("Jane", "Joseph"), ("Dorothy", "Edward"), 5)
>>> b = b.record(("Joseph", "Martha"), ("Jane", "Dorothy"), 8)
>>> b.standings
(('Jane', -3), ('Joseph', 13), ('Dorothy', -13), ('Edward', -5), ('Martha', 8))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from xlbridge.scoring.rubber import Rounding, ScoreSheetError
from xlbridge.types import Side

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "BackScore", "BackScoreError", "NetResult"]

MIN_PLAYERS = 4
MAX_PLAYERS = 6


class BackScoreError(ScoreSheetError):
    """A back score that breaks its rules: a column not totalling zero, an unknown player."""


class NetResult(Protocol):
    """Anything with a rounded net result per side: a :class:`Rubber` or a :class:`Chukker`."""

    def rounded_net(self, side: Side = ..., rounding: Rounding = ...) -> int: ...


def _check_round(number: int, changes: Sequence[int], players: Sequence[str]) -> None:
    """The zero-sum check, plus: four players score, two +x and two -x (or nobody scores)."""
    if len(changes) != len(players):
        raise BackScoreError(
            f"round {number} has {len(changes)} entries for {len(players)} players"
        )
    for name, change in zip(players, changes, strict=True):
        if isinstance(change, bool) or not isinstance(change, int):
            raise BackScoreError(f"round {number}: {name}'s entry {change!r} is not whole hundreds")
    total = sum(changes)
    if total != 0:
        raise BackScoreError(f"round {number} totals {total:+d}, not 0: {list(changes)}")
    scoring = sorted(c for c in changes if c != 0)
    if scoring and not (
        len(scoring) == 4 and scoring[0] == scoring[1] == -scoring[2] == -scoring[3]
    ):
        raise BackScoreError(
            f"round {number}: {list(changes)} is not two players +x and two players -x"
        )


@dataclass(frozen=True, slots=True)
class BackScore:
    """Players (4-6) and each round's change per player, in hundreds, in player order.

    Built with :meth:`start` and :meth:`record` (or :meth:`record_result`), or from a table of
    running totals with :meth:`from_columns`. Every round is checked when the back score is made.

    >>> b = BackScore.start("A", "B", "C", "D").record(("A", "C"), ("B", "D"), -7)
    >>> b.rounds, b.columns
    (((-7, 7, -7, 7),), ((-7, 7, -7, 7),))
    """

    players: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or not all(
            isinstance(p, str) and p.strip() for p in self.players
        ):
            raise BackScoreError(f"players {self.players!r} must be a tuple of non-empty names")
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise BackScoreError(
                f"{len(self.players)} players; a back score is for {MIN_PLAYERS}-{MAX_PLAYERS}"
            )
        if len(set(self.players)) != len(self.players):
            raise BackScoreError(f"players {list(self.players)} repeat a name")
        if not isinstance(self.rounds, tuple):
            raise BackScoreError("rounds must be a tuple of tuples of hundreds")
        for number, changes in enumerate(self.rounds, 1):
            _check_round(number, changes, self.players)

    @classmethod
    def start(cls, *players: str) -> BackScore:
        """An empty back score for 4-6 named players."""
        return cls(tuple(players))

    @classmethod
    def from_columns(cls, players: Sequence[str], columns: Sequence[Sequence[int]]) -> BackScore:
        """Read a written back score: one column of running totals per round, in player order.

        Raises :class:`BackScoreError` naming the first column that does not total zero.

        >>> BackScore.from_columns("ABCD", [[2, -2, 2, -2], [5, 1, -1, -5]]).rounds
        ((2, -2, 2, -2), (3, 3, -3, -3))
        """
        names = tuple(players)
        previous = [0] * len(names)
        rounds: list[tuple[int, ...]] = []
        for number, column in enumerate(columns, 1):
            column = tuple(column)
            if len(column) != len(names):
                raise BackScoreError(
                    f"column {number} has {len(column)} entries for {len(names)} players"
                )
            total = sum(column)
            if total != 0:
                raise BackScoreError(f"column {number} totals {total:+d}, not 0: {list(column)}")
            rounds.append(tuple(c - p for c, p in zip(column, previous, strict=True)))
            previous = list(column)
        return cls(names, tuple(rounds))

    def record(self, pair: Sequence[str], opponents: Sequence[str], net: int) -> BackScore:
        """Add one rubber or chukker: ``pair`` won ``net`` hundreds (negative if they lost)."""
        a, b = self._pair(pair), self._pair(opponents)
        if set(a) & set(b):
            raise BackScoreError(f"{list(pair)} and {list(opponents)} share a player")
        if isinstance(net, bool) or not isinstance(net, int):
            raise BackScoreError(f"net {net!r} is not a whole number of hundreds")
        changes = [0] * len(self.players)
        for i in a:
            changes[i] = net
        for i in b:
            changes[i] = -net
        return BackScore(self.players, (*self.rounds, tuple(changes)))

    def record_result(
        self,
        ns: Sequence[str],
        ew: Sequence[str],
        result: NetResult,
        rounding: Rounding = Rounding.HALF_UP,
    ) -> BackScore:
        """Add a finished :class:`Rubber` or :class:`Chukker` played by ``ns`` against ``ew``."""
        return self.record(ns, ew, result.rounded_net(Side.NS, rounding))

    def _pair(self, pair: Sequence[str]) -> tuple[int, int]:
        names = tuple(pair)
        if len(names) != 2 or names[0] == names[1]:
            raise BackScoreError(f"partnership {list(names)} is not two different players")
        for name in names:
            if name not in self.players:
                raise BackScoreError(f"player {name!r} is not on the back score {self.players}")
        return self.players.index(names[0]), self.players.index(names[1])

    @property
    def columns(self) -> tuple[tuple[int, ...], ...]:
        """Running totals after each round (the columns of seed 002's Figure 1-3)."""
        running = [0] * len(self.players)
        out: list[tuple[int, ...]] = []
        for changes in self.rounds:
            running = [r + c for r, c in zip(running, changes, strict=True)]
            out.append(tuple(running))
        return tuple(out)

    @property
    def standings(self) -> tuple[tuple[str, int], ...]:
        """Each player's running total now, in hundreds."""
        last = self.columns[-1] if self.rounds else (0,) * len(self.players)
        return tuple(zip(self.players, last, strict=True))

    def total(self, player: str) -> int:
        """One player's running total, in hundreds."""
        if player not in self.players:
            raise BackScoreError(f"player {player!r} is not on the back score {self.players}")
        return dict(self.standings)[player]

    @property
    def check_totals(self) -> tuple[int, ...]:
        """Each column's total: the "Check Total" row, zero in every column of a valid score."""
        return tuple(sum(col) for col in self.columns)

    def table(self) -> str:
        """The back score as text: a row per player, a column per round, and the check total.

        >>> print(BackScore.start("A", "B", "C", "D").record(("A", "B"), ("C", "D"), 3).table())
        Player    1
        A        +3
        B        +3
        C        -3
        D        -3
        Check     0
        """
        width = max(len("Player"), *(len(p) for p in self.players))
        header = "Player".ljust(width)
        cols = self.columns
        lines = [(header + "".join(f"  {n:>3}" for n in range(1, len(cols) + 1))).rstrip()]
        for i, name in enumerate(self.players):
            cells = "".join(f"  {_signed(col[i]):>3}" for col in cols)
            lines.append((name.ljust(width) + cells).rstrip())
        checks = "".join(f"  {total:>3}" for total in self.check_totals)
        lines.append(("Check".ljust(width) + checks).rstrip())
        return "\n".join(lines)


def _signed(hundreds: int) -> str:
    return f"{hundreds:+d}" if hundreds else "0"
