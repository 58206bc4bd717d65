"""Team-of-four matches: one board in two rooms, a match's total, VPs, standings, prizes.

Room 1 is where the home team sits North-South, room 2 where it sits East-West, so the home
team's net score on a board is room 1's NS score minus room 2's (seed 002: "a net score is
computed for each board by adding the plus or minus score for each pair").

>>> board_imps(620, 170)
(10, -10)
>>> board_imps(None, None, "A+/A-")
(3, -3)
>>> bam_points(-140, -170)
(1.0, 0.0)
>>> imps_won(10, -10)
(10, 0)
>>> m = score_match([(10, -10), (-3, 3)], match_boards=8)
>>> m.home_imps, m.away_imps, m.home, m.away, m.home_vp, m.away_vp
(10.0, 3.0, 7.0, -7.0, 12.77, 7.23)
>>> rank_teams([30.5, 30.5, 12.0], [14, 9, -23])
['1', '2', '3']
>>> marvin_prizes({1: 3, 2: 5, 3: 5}, {1: 40, 2: 12, 3: 10})
((2,), (1,))
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlbridge.errors import ScaleError, TravellerError
from xlbridge.scoring.imp_pairs import adjusted_imps, board_a_match
from xlbridge.scoring.imps import imps
from xlbridge.scoring.vp import vp, win_loss

__all__ = [
    "MatchScore",
    "bam_points",
    "board_imps",
    "imps_won",
    "marvin_prizes",
    "rank_teams",
    "score_match",
    "standings_order",
]


def _num(x: float, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise TravellerError(f"{what} {x!r} is not a number")
    return float(x)


def board_imps(
    room1: float | None, room2: float | None, adjusted: str | None = None
) -> tuple[int, int]:
    """(home, away) IMPs on one board: ``imps(room1 − room2)`` and its negative.

    An artificial adjusted score (Law 86A: A+ +3, A 0, A− −3 IMPs; text ``Home/Away`` such as
    ``A+/A-``, or one mark for both) replaces the two rooms; its sides need not balance.

    >>> board_imps(-50, 420), board_imps(None, None, "A")
    ((-10, 10), (0, 0))
    """
    if adjusted is not None and adjusted.strip():
        return adjusted_imps(adjusted)
    if room1 is None or room2 is None:
        raise TravellerError("a board needs the North-South score of both rooms")
    n = imps(_num(room1, "room 1 score") - _num(room2, "room 2 score"))
    return n, -n


def imps_won(home: float, away: float) -> tuple[float, float]:
    """The IMPs each team won on a board, as a team scorecard writes them, from each side's
    net IMPs (:func:`board_imps`): the winning side's IMPs, 0 for the other (a flat board: 0
    and 0). An adjusted score that does not balance credits each side its own plus (A+ to both:
    3 and 3); a minus shows as 0, and reaches the VPs through the side's margin
    (:func:`score_match`).

    >>> imps_won(-7, 7), imps_won(0, 0), imps_won(3, 3), imps_won(-3, -3)
    ((0, 7), (0, 0), (3, 3), (0, 0))
    """
    h, a = _num(home, "home IMPs"), _num(away, "away IMPs")
    return (home if h > 0 else 0), (away if a > 0 else 0)


def bam_points(room1: float, room2: float) -> tuple[float, float]:
    """(home, away) board-a-match points: 1, ½ or 0 by the sign of the home net score.

    >>> bam_points(420, 420), bam_points(-50, 100)
    ((0.5, 0.5), (0.0, 1.0))
    """
    home = board_a_match(_num(room1, "room 1 score") - _num(room2, "room 2 score"))
    return home, 1.0 - home


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match's result: each side's margin (net IMPs, which score the VPs), VPs (or win/loss)
    each side, and the match score as a scorecard writes it: the IMPs each side won
    (:func:`imps_won` summed, with any carry-over), "45-32" for a margin of 13."""

    home: float
    away: float
    home_vp: float
    away_vp: float
    home_imps: float = 0.0
    away_imps: float = 0.0


def score_match(
    boards: Sequence[tuple[float, float]],
    *,
    carry_over: float = 0,
    scale: str = "wbf",
    three_quarter: bool | None = None,
    match_boards: int | None = None,
) -> MatchScore:
    """Total a match from each board's (home, away) net IMPs; VPs from each side's own margin.

    ``carry_over`` IMPs go to the home team (negative: to the away team), to its margin and
    to the IMPs it won. ``three_quarter``
    None scores VPs on ``scale`` over ``match_boards`` boards (default: the boards given);
    True or False scores win/loss (seed 002), with or without the ¾ rule for a win by 1-2 IMPs.

    >>> score_match([(5, -5)], match_boards=8, three_quarter=True)
    MatchScore(home=5.0, away=-5.0, home_vp=1.0, away_vp=0.0, home_imps=5.0, away_imps=0.0)
    >>> score_match([(3, 3)], match_boards=8)  # A+ to both sides: each scores its own margin
    MatchScore(home=3.0, away=3.0, home_vp=11.27, away_vp=11.27, home_imps=3.0, away_imps=3.0)
    >>> score_match([(-4, 4)], carry_over=-2.5, match_boards=8).away_imps
    6.5
    """
    c = _num(carry_over, "carry-over")
    home = sum(_num(h, "home IMPs") for h, _ in boards) + c
    away = sum(_num(a, "away IMPs") for _, a in boards) - c
    won = [imps_won(h, a) for h, a in boards]
    home_imps = float(sum(h for h, _ in won)) + max(c, 0.0)
    away_imps = float(sum(a for _, a in won)) + max(-c, 0.0)
    if three_quarter is None:
        n = match_boards if match_boards is not None else len(boards)
        home_vp, away_vp = vp(home, n, scale)[0], vp(away, n, scale)[0]
    else:
        home_vp, away_vp = win_loss(home, three_quarter)[0], win_loss(away, three_quarter)[0]
    return MatchScore(home, away, home_vp, away_vp, home_imps, away_imps)


def rank_teams(primary: Sequence[float], secondary: Sequence[float] | None = None) -> list[str]:
    """Ranks by ``primary`` (VPs, wins or points), ties broken by ``secondary`` (net IMPs).

    Teams equal on both share a rank shown with ``=`` (as ``session.ranks``). Values are
    compared rounded to 6 decimals.

    >>> rank_teams([20, 20, 10], [5, 5, -10])
    ['1=', '1=', '3']
    """
    sec = list(secondary) if secondary is not None else [0.0] * len(primary)
    if len(sec) != len(primary):
        raise ScaleError("rank_teams: primary and secondary differ in length")
    keys = [
        (Fraction(round(_num(p, "total"), 6)), Fraction(round(_num(s, "tie-break"), 6)))
        for p, s in zip(primary, sec, strict=True)
    ]
    out = []
    for k in keys:
        better = sum(1 for o in keys if o > k)
        same = sum(1 for o in keys if o == k)
        out.append(f"{better + 1}{'=' if same > 1 else ''}")
    return out


def standings_order(
    teams: Sequence[int], primary: Sequence[float], secondary: Sequence[float]
) -> list[int]:
    """Teams best first by (primary, secondary), then by team number: the Swiss pairing order.

    >>> standings_order([1, 2, 3, 4], [10, 15, 15, 5], [0, -3, 4, 0])
    [3, 2, 1, 4]
    """
    rows = sorted(
        zip(teams, primary, secondary, strict=True),
        key=lambda t: (-round(t[1], 6), -round(t[2], 6), t[0]),
    )
    return [t for t, _, _ in rows]


def marvin_prizes(
    wins: Mapping[int, float], points: Mapping[int, float]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Marvin's six-pair game (seed 002): first prize to the pair winning most matches, second
    to the pair winning most points overall, no pair taking both.

    With Victory Point scoring pass VPs as both ``wins`` and ``points``: both prizes then go by
    VPs only. Ties for first are broken by points, ties for second by wins; pairs still equal
    share the prize (the seed names no further tie-break) [U].

    >>> marvin_prizes({1: 4, 2: 4, 3: 2}, {1: 10, 2: 25, 3: 30})
    ((2,), (3,))
    """
    pairs = sorted(wins)
    if not pairs or sorted(points) != pairs:
        raise ScaleError("marvin_prizes: wins and points must name the same pairs")

    def key(p: int, a: Mapping[int, float], b: Mapping[int, float]) -> tuple[float, float]:
        return (round(_num(a[p], "wins"), 6), round(_num(b[p], "points"), 6))

    best = max(key(p, wins, points) for p in pairs)
    first = tuple(p for p in pairs if key(p, wins, points) == best)
    rest = [p for p in pairs if p not in first]
    if not rest:
        return first, ()
    best2 = max(key(p, points, wins) for p in rest)
    second = tuple(p for p in rest if key(p, points, wins) == best2)
    return first, second
