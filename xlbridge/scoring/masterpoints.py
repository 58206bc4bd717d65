"""Masterpoint awards from a ranking: the English Bridge Union's club (black point) scale
(rules.md §9a).

Source: the EBU's *Licensing and Master Points Handbook* (2021), Scale F and the club scale
as the EBU forum states its algorithm ("Master Points and Individual Events",
forums.ebu.co.uk/discussion/1365): for sessions of 18-35 boards the top third of the field
(rounded up) is awarded, the awards falling in equal steps from the top, the lowest award one
step; a step is 10 points for two-winner pairs (each direction its own field) and teams, and 3
points for individuals; "there is an over-riding minimum of 6 points for any club award";
tied places share the awards of the places they cover, rounded up. The EBU's own example
USEBIO files carry the result: 11 pairs a direction over 22 boards get 40/30/20/10 each
direction, 10 teams over 24 boards 40/30/20/10, 12 players over 22 boards 12/9/6/6.

What the product could not source is refused in one line (:class:`ScaleError`): other board
bands, the one-winner pairs step, and the higher scales' multipliers.

>>> club_awards(11, 22, "pairs")
(40, 30, 20, 10)
>>> club_awards(12, 22, "individual")
(12, 9, 6, 6)
>>> awards(["1", "2", "3=", "3=", "5", "6"], 22, "individual", scale="ebu-club")
[6, 6, 0, 0, 0, 0]
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Literal, get_args

from xlbridge.errors import ScaleError

__all__ = [
    "CLUB_BOARDS",
    "CLUB_MINIMUM",
    "CLUB_STEPS",
    "MASTERPOINT_SCALES",
    "Contestants",
    "MasterpointScale",
    "awards",
    "club_awards",
    "share_ties",
]

MasterpointScale = Literal["ebu-club"]
MASTERPOINT_SCALES: tuple[MasterpointScale, ...] = get_args(MasterpointScale)
#: Who is ranked: two-winner pairs (one direction's field), one-winner pairs, teams, players.
Contestants = Literal["pairs", "one-winner-pairs", "teams", "individual"]
CLUB_MINIMUM = 6  # "an over-riding minimum of 6 points for any club award" (EBU forum)
_STEP: dict[str, int] = {"pairs": 10, "teams": 10, "individual": 3}
_BOARDS = (18, 35)  # the band whose rule is published
CLUB_STEPS: dict[str, int] = _STEP  # the step of each kind of contestant (workbook formulas)
CLUB_BOARDS: tuple[int, int] = _BOARDS


def club_awards(field: int, boards: int, contestants: Contestants) -> tuple[int, ...]:
    """The EBU club awards by place, first place first: the top third of ``field`` (rounded
    up) over a session of ``boards`` boards, in equal steps, none under the club minimum.

    >>> club_awards(10, 24, "teams"), club_awards(24, 30, "individual")
    ((40, 30, 20, 10), (24, 21, 18, 15, 12, 9, 6, 6))
    >>> club_awards(10, 12, "pairs")
    Traceback (most recent call last):
    ...
    xlbridge.errors.ScaleError: EBU club masterpoints for 12 boards: only the rule for 18-35 ...
    """
    if isinstance(field, bool) or not isinstance(field, int) or field < 1:
        raise ScaleError(f"a field of {field!r} contestants cannot be awarded masterpoints")
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScaleError(f"{boards!r} boards cannot be awarded masterpoints")
    if not _BOARDS[0] <= boards <= _BOARDS[1]:
        raise ScaleError(
            f"EBU club masterpoints for {boards} boards: only the rule for"
            f" {_BOARDS[0]}-{_BOARDS[1]} boards is published (EBU Licensing and Master Points"
            " Handbook); award them by hand"
        )
    if contestants not in _STEP:
        raise ScaleError(
            "EBU club masterpoints for a one-winner pairs event: the step of its scale was not"
            " found published (two-winner pairs, teams and individuals are); award them by hand"
        )
    places = math.ceil(field / 3)
    step = _STEP[contestants]
    return tuple(max(step * (places - i), CLUB_MINIMUM) for i in range(places))


_RANK = re.compile(r"([0-9]+)(=?)")


def share_ties(ranks: Sequence[str], by_place: Sequence[int]) -> list[int]:
    """Each contestant's award: ``by_place`` the award of each place (first place first, none
    below), a tie (``"3="``) sharing the awards of the places it covers, rounded up, and no
    share under the club minimum. ``ranks`` as the rankings write them (``"1"``, ``"3="``).

    >>> share_ties(["1", "2=", "2=", "4"], (40, 30, 20))
    [40, 25, 25, 0]
    >>> share_ties(["1", "2", "3=", "3="], (40, 30, 20))
    [40, 30, 10, 10]
    """
    firsts: list[int] = []
    for i, r in enumerate(ranks):
        m = _RANK.fullmatch(str(r).strip())
        if m is None:
            raise ScaleError(f"rank {r!r} of contestant {i + 1} is not a place such as 3 or 3=")
        firsts.append(int(m.group(1)))
    count = Counter(firsts)
    out = []
    for first in firsts:
        covered = range(first, first + count[first])
        total = sum(by_place[p - 1] for p in covered if p <= len(by_place))
        share = math.ceil(total / count[first]) if total else 0
        out.append(max(share, CLUB_MINIMUM) if share else 0)
    return out


def awards(
    ranks: Sequence[str],
    boards: int,
    contestants: Contestants,
    *,
    scale: str = "ebu-club",
) -> list[int]:
    """The award to each player of each contestant of one field (a two-winner direction, the
    whole field otherwise), in the order of ``ranks``; 0 where none.

    >>> awards(["1", "2", "3", "4", "5", "6"], 20, "pairs")
    [20, 10, 0, 0, 0, 0]
    >>> awards(["1"], 20, "pairs", scale="abf")
    Traceback (most recent call last):
    ...
    xlbridge.errors.ScaleError: masterpoint scale 'abf' is not one of ebu-club
    """
    if scale not in MASTERPOINT_SCALES:
        names = ", ".join(MASTERPOINT_SCALES)
        raise ScaleError(f"masterpoint scale {scale!r} is not one of {names}")
    if not ranks:
        return []
    return share_ties(ranks, club_awards(len(ranks), boards, contestants))
