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

from functools import cache

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

__all__ = ["declarer_score", "possible_scores", "score", "trick_score", "undertrick_penalty"]

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


@cache
def possible_scores() -> tuple[int, ...]:
    """Every size of score Law 77 can give one side on a board, ascending: 0 (passed out) and
    each declarer's score, made or defeated, of every contract, doubling, result and
    vulnerability. A typed NS score whose size is not here is no bridge score (it may still be
    one the board's vulnerability rules out).

    >>> s = possible_scores()
    >>> s[:4], s[-1], 420 in s, 425 in s, 7600 in s
    ((0, 50, 70, 80), 7600, True, False, True)
    """
    out = {0}
    for level in range(1, 8):
        for strain in Strain:
            for dbl in Doubling:
                c = Contract(level, strain, dbl)
                for tricks in range(14):
                    for vul in (False, True):
                        out.add(abs(declarer_score(c, tricks, vul)))
    return tuple(sorted(out))
