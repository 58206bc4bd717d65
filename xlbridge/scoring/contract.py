"""Duplicate contract score (Laws of Duplicate Bridge 2017, Law 77; rules.md §1).

>>> from xlbridge.types import Contract
>>> declarer_score(Contract.parse("4H"), 11, vulnerable=False)
450
>>> score("2SX", "S", 9, "All")
870
>>> score("3NT", "E", "=", "None")
-400
"""

from __future__ import annotations

import functools

from xlbridge.errors import ResultError, SeatError
from xlbridge.types import (
    Contract,
    Doubling,
    Seat,
    Side,
    Strain,
    Vulnerability,
    tricks_taken,
)

__all__ = [
    "check_possible_score",
    "declarer_score",
    "is_possible_score",
    "possible_scores",
    "score",
    "score_sizes",
    "trick_score",
    "undertrick_penalty",
]

# Law 77 premiums, (not vulnerable, vulnerable).
PARTSCORE_PREMIUM = 50
GAME_PREMIUM = (300, 500)
SMALL_SLAM_PREMIUM = (500, 750)
GRAND_SLAM_PREMIUM = (1000, 1500)
INSULT = {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
GAME_TRICK_SCORE = 100


def trick_score(contract: Contract) -> int:
    """Score for the odd tricks bid (below the line), doubling included.

    >>> trick_score(Contract.parse("3NT")), trick_score(Contract.parse("2HX"))
    (100, 120)
    """
    if contract.is_pass:
        return 0
    per_trick = 20 if contract.strain in (Strain.C, Strain.D) else 30
    base = per_trick * contract.level + (10 if contract.strain is Strain.NT else 0)
    return base * contract.doubling.multiplier


def overtrick_value(contract: Contract, vulnerable: bool) -> int:
    """Value of one overtrick: trick value undoubled; 100/200 doubled; 200/400 redoubled."""
    if contract.doubling is Doubling.UNDOUBLED:
        return 20 if contract.strain in (Strain.C, Strain.D) else 30
    per = 200 if vulnerable else 100
    return per * (2 if contract.doubling is Doubling.REDOUBLED else 1)


def undertrick_penalty(undertricks: int, doubling: Doubling, vulnerable: bool) -> int:
    """Penalty (positive) for going down ``undertricks``.

    Doubled NV: 100, 200, 200, then 300 each; doubled V: 200 then 300 each; redoubled twice
    doubled (Law 77).

    >>> undertrick_penalty(4, Doubling.DOUBLED, False)
    800
    >>> undertrick_penalty(3, Doubling.REDOUBLED, True)
    1600
    """
    u = undertricks
    if u <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return u * (100 if vulnerable else 50)
    doubled = 300 * u - 100 if vulnerable else 100 + 200 * min(u - 1, 2) + 300 * max(u - 3, 0)
    return doubled * (2 if doubling is Doubling.REDOUBLED else 1)


def declarer_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Score for declarer's side (negative when the contract fails); 0 for a passed-out board.

    >>> declarer_score(Contract.parse("7S"), 13, vulnerable=True)
    2210
    >>> declarer_score(Contract.parse("4DXX"), 7, vulnerable=False)
    -1000
    """
    if contract.is_pass:
        return 0
    needed = contract.tricks_needed
    if tricks < needed:
        return -undertrick_penalty(needed - tricks, contract.doubling, vulnerable)
    v = 1 if vulnerable else 0
    below = trick_score(contract)
    total = below + (GAME_PREMIUM[v] if below >= GAME_TRICK_SCORE else PARTSCORE_PREMIUM)
    if contract.level == 6:
        total += SMALL_SLAM_PREMIUM[v]
    elif contract.level == 7:
        total += GRAND_SLAM_PREMIUM[v]
    total += INSULT[contract.doubling]
    total += (tricks - needed) * overtrick_value(contract, vulnerable)
    return total


def score(
    contract: str | Contract,
    declarer: str | Seat | None,
    result: int | str | None,
    vulnerability: str | int | Vulnerability,
) -> int:
    """North-South's score for one board (Law 77).

    ``contract``: ``"4S"``, ``"3NT"``, ``"3N"``, ``"4HX"``, ``"6CXX"``, suit symbols, ``"PASS"``.
    ``declarer``: ``N E S W`` (ignored for a pass). ``result``: int tricks taken (0-13), or text
    ``"="``, ``"+1"``, ``"-2"`` or digits. ``vulnerability``: ``None NS EW All`` (aliases
    ``Both``, ``-``, ``Love``) or a board number.

    >>> score("4S", "N", 10, "None")
    420
    >>> score("4S", "W", "-1", 2)
    50
    >>> score("PASS", None, None, 1)
    0
    """
    c = Contract.parse(contract)
    vul = Vulnerability.parse(vulnerability)
    if c.is_pass:
        return 0
    if declarer is None:
        raise SeatError(f"declarer missing for {c}; give N, E, S or W")
    seat = Seat.parse(declarer)
    if result is None:
        raise ResultError(f"result missing for {c} by {seat}")
    tricks = tricks_taken(c, result)
    points = declarer_score(c, tricks, vul.is_vulnerable(seat))
    return points if seat.side is Side.NS else -points


@functools.cache
def _declarer_scores(vulnerable: bool) -> frozenset[int]:
    """Every score a declaring side of this vulnerability can make or concede (Law 77)."""
    out = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                c = Contract(level, strain, doubling)
                out.update(declarer_score(c, tricks, vulnerable) for tricks in range(14))
    return frozenset(out)


@functools.cache
def possible_scores(vulnerability: Vulnerability) -> frozenset[int]:
    """Every North-South score some contract can make on a board of ``vulnerability``: each
    contract, doubling, declarer and number of tricks scored by Law 77, and 0 for a pass-out.

    >>> s = possible_scores(Vulnerability.NONE)
    >>> 420 in s, -50 in s, 421 in s, 2980 in s, min(s), max(s)
    (True, True, False, False, -7000, 7000)
    >>> 2980 in possible_scores(Vulnerability.ALL), -2980 in possible_scores(Vulnerability.NS)
    (True, False)
    """
    ns = _declarer_scores(vulnerability.is_vulnerable(Side.NS))
    ew = _declarer_scores(vulnerability.is_vulnerable(Side.EW))
    return frozenset(ns) | frozenset(-x for x in ew)


def is_possible_score(points: float, vulnerability: str | int | Vulnerability) -> bool:
    """Whether ``points`` is a North-South score some contract can score on a board of
    ``vulnerability`` (a name or a board number): :func:`possible_scores`. A fraction, an
    infinity or NaN never is.

    >>> is_possible_score(420, "None"), is_possible_score(421, "None"), is_possible_score(99999, 1)
    (True, False, False)
    >>> is_possible_score(2980, "All"), is_possible_score(1e308, "All"), is_possible_score(-50.0, 1)
    (True, False, True)
    """
    if isinstance(points, bool) or not isinstance(points, int | float):
        return False
    if isinstance(points, float):
        if not points.is_integer():  # also inf and nan
            return False
        points = int(points)
    return points in possible_scores(Vulnerability.parse(vulnerability))


def check_possible_score(
    points: float, vulnerability: str | int | Vulnerability, where: str
) -> float:
    """``points`` if :func:`is_possible_score`, else :class:`ResultError` naming ``where``.

    >>> check_possible_score(-100, 3, "Board 3 row 7: NS Score")
    -100
    >>> check_possible_score(421, 1, "Board 1 row 7: NS Score")
    Traceback (most recent call last):
    ...
    xlbridge.errors.ResultError: Board 1 row 7: NS Score 421 is no score a contract can make at ...
    """
    if not is_possible_score(points, vulnerability):
        vul = Vulnerability.parse(vulnerability)
        shown = f"{points:g}" if isinstance(points, float) else str(points)
        raise ResultError(
            f"{where} {shown[:20]} is no score a contract can make at vulnerability {vul} (Law 77)"
        )
    return points


@functools.cache
def score_sizes() -> tuple[int, ...]:
    """Every size of score Law 77 can give one side on a board, ascending, whatever the
    vulnerability: 0 (passed out) and each declarer's score, made or defeated. A typed score
    whose size is not here is no bridge score on any board (:func:`possible_scores` is the
    exact set for one vulnerability).

    >>> s = score_sizes()
    >>> s[:4], s[-1], 420 in s, 425 in s, 7600 in s
    ((0, 50, 70, 80), 7600, True, False, True)
    """
    return tuple(sorted({abs(x) for vul in (False, True) for x in _declarer_scores(vul)}))
