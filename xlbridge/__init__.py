"""xlbridge: an open scoring office for bridge clubs.

The rules layer (this package's ``types``, ``scoring`` and ``movements``) is pure Python.

>>> import xlbridge
>>> xlbridge.score("4S", "N", 10, "None")
420
>>> xlbridge.imps(420)
9
>>> xlbridge.vulnerability(7), xlbridge.dealer(7)
('All', 'S')
"""

from __future__ import annotations

from xlbridge.errors import XlbridgeError
from xlbridge.scoring.contract import score
from xlbridge.scoring.imps import imps
from xlbridge.types import Contract, Doubling, Seat, Strain, Vulnerability

__all__ = [
    "Contract",
    "Doubling",
    "Seat",
    "Strain",
    "Vulnerability",
    "XlbridgeError",
    "dealer",
    "imps",
    "score",
    "vulnerability",
]

__version__ = "0.1.0"


def vulnerability(board: int) -> str:
    """Vulnerability of a duplicate board: ``"None"``, ``"NS"``, ``"EW"`` or ``"All"``."""
    return str(Vulnerability.from_board(board))


def dealer(board: int) -> str:
    """Dealer of a duplicate board: ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
    return str(Seat.dealer_of(board))
