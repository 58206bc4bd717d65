"""One board's result at one table, as typed, and its North-South score: the result part that a
pairs or individuals traveller line (:class:`xlbridge.results.board.ResultRow`), a teams room
(:class:`xlbridge.families.teams.model.Room`) and a scorer's imported line
(:func:`xlbridge.rebuild.importing.played_of`) share.

>>> Played("4S", "N", 10).ns_score(1)
420
>>> Played("4S", "W", 9).ns_score("All"), Played("PASS").ns_score(3)
(100, 0)
>>> Played("4S", "N", 10, typed_score=-50.0).ns_score(1)  # a score typed over the contract's
-50.0
>>> Played("4S", "N", None).ns_score(1) is None, Played(adjusted="A+").ns_score(1) is None
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from xlbridge.scoring.contract import score
from xlbridge.types import Contract, Seat, Vulnerability

__all__ = ["Played"]


@dataclass(frozen=True, slots=True)
class Played:
    """A result as typed: contract (``PASS`` for a passed-out board), declarer, tricks taken,
    a score typed over the contract's (or instead of one), an adjusted score's text, and why
    it cannot be scored (``problem``)."""

    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    typed_score: float | None = None
    adjusted: str = ""
    problem: str = ""

    def ns_score(self, vulnerability: int | str | Vulnerability) -> float | None:
        """North-South's points: the typed score, else the contract's by Law 77
        (:func:`xlbridge.scoring.contract.score`; ``vulnerability`` a board number or
        ``None NS EW All``); None when there is no complete result, only an adjusted score, or
        a problem."""
        if self.typed_score is not None:
            return self.typed_score
        if self.problem or not self.contract:
            return None
        c = Contract.parse(self.contract)
        if c.is_pass:
            return 0
        if not self.declarer or self.tricks is None:
            return None
        return score(c, Seat.parse(self.declarer), self.tricks, vulnerability)
