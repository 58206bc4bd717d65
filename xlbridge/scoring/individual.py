"""Individual games: every player credited with their side's score on every board they play.

In an individual the partnerships change, so a traveller row is scored for the two sides as in
a pairs game (matchpoints, Neuberg, adjusted scores: :mod:`xlbridge.scoring.matchpoints`) and
each of the four players takes their side's score: North and South the NS matchpoints, East
and West the EW matchpoints (seed 002, "Duplicate games for individuals": "four player numbers
must be recorded, two for North-South and two for East-West"; "scores are calculated and added
to an accumulative total for each player"). All players are ranked in one field; a total is
factored up to the most boards a player is scheduled to play and the percentage is of the tops
of the boards the player has a score on (:mod:`xlbridge.scoring.session`).

>>> credit((1, 16, 11, 6), 3.0, 1.0)
{1: 3.0, 11: 3.0, 16: 1.0, 6: 1.0}
>>> rows = [Play(1, (1, 2, 3, 4), 1.0, 0.0, 1.0), Play(1, (5, 6, 7, 8), 0.0, 1.0, 1.0)]
>>> [(s.player, s.raw, s.rank) for s in standings(rows, range(1, 9), boards_max=1)][:3]
[(1, 1.0, '1='), (2, 0.0, '5='), (3, 1.0, '1=')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from xlbridge.errors import SessionError
from xlbridge.scoring.session import factored_total, percentage, ranks

__all__ = ["Play", "PlayerStanding", "Seats", "credit", "standings"]

Seats = tuple[int, int, int, int]


def credit(seats: Seats, ns: float | None, ew: float | None) -> dict[int, float]:
    """Each player's score on one traveller row: N and S take ``ns``, E and W take ``ew``.

    ``seats`` are the player ids in seats (N, E, S, W); a side whose score is ``None`` (not
    played) is credited nothing.

    >>> credit((8, 7, 1, 3), None, None)
    {}
    """
    if len(seats) != 4 or len(set(seats)) != 4:
        raise SessionError(f"seats {seats!r} are not four different players (N, E, S, W)")
    north, east, south, west = seats
    out: dict[int, float] = {}
    if ns is not None:
        out[north] = out[south] = float(ns)
    if ew is not None:
        out[east] = out[west] = float(ew)
    return out


@dataclass(frozen=True, slots=True)
class Play:
    """One traveller row: board, seats (N, E, S, W), each side's score, the board's full top."""

    board: int
    seats: Seats
    ns: float | None
    ew: float | None
    top: float


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """One player's line of the recap.

    ``played``: boards with a score; ``raw``: their sum; ``total``: factored up to the most
    boards scheduled; ``pct``: percentage of the tops of the boards scored (0-100); ``rank``:
    ``"1"``, ``"2="``, ... in one field, ``""`` for a player with no score; ``group_rank``: the
    rank among the players of the same group (the Rainbow's compass directions), or ``""``.
    """

    player: int
    played: int
    raw: float | None
    total: float | None
    pct: float | None
    rank: str
    group_rank: str = ""


def standings(
    plays: Iterable[Play],
    players: Iterable[int],
    *,
    boards_max: int,
    groups: Mapping[int, str] | None = None,
) -> tuple[PlayerStanding, ...]:
    """Every player's played, total, percentage and rank, in the order of ``players``.

    ``boards_max`` is the most boards any player is scheduled to play (the factoring target,
    seed 001). ``groups`` (player -> group) ranks each group apart as well, in
    ``group_rank``: seed 002's Rainbow, "matchpoint scoring is based on compass direction, so
    there are four winners". A player credited twice on one board, or a player not in
    ``players``, is an error.

    >>> s = standings([Play(3, (1, 2, 3, 4), None, None, 1.0)], [1, 2, 3, 4], boards_max=1)
    >>> s[0]
    PlayerStanding(player=1, played=0, raw=None, total=None, pct=None, rank='', group_rank='')
    """
    order = list(players)
    got: dict[int, dict[int, tuple[float, float]]] = {p: {} for p in order}
    for play in plays:
        for player, value in credit(play.seats, play.ns, play.ew).items():
            if player not in got:
                raise SessionError(f"board {play.board}: player {player} is not in this game")
            if play.board in got[player]:
                raise SessionError(f"board {play.board}: player {player} is credited twice")
            got[player][play.board] = (value, play.top)
    totals: dict[int, tuple[int, float, float, float | None]] = {}
    for player, boards in got.items():
        if not boards:
            continue
        raw = sum(v for v, _ in boards.values())
        tops = sum(t for _, t in boards.values())
        total = factored_total(raw, len(boards), boards_max)
        totals[player] = (len(boards), raw, total, percentage(raw, tops) if tops > 0 else None)
    ranked = dict(zip(totals, ranks([t[2] for t in totals.values()]), strict=True))
    in_group: dict[int, str] = {}
    for g in sorted(set((groups or {}).values())):
        members = [p for p in totals if (groups or {}).get(p) == g]
        in_group.update(zip(members, ranks([totals[p][2] for p in members]), strict=True))
    out = []
    for player in order:
        if player in totals:
            n, raw, total, pct = totals[player]
            rk, grk = ranked[player], in_group.get(player, "")
            out.append(PlayerStanding(player, n, raw, total, pct, rk, grk))
        else:
            out.append(PlayerStanding(player, 0, None, None, None, ""))
    return tuple(out)
