"""xlbridge: an open scoring office for bridge clubs.

The rules layer (this package's ``types``, ``scoring`` and ``movements``) is pure Python.

>>> import xlbridge
>>> xlbridge.score("4S", "N", 10, "None")
420
>>> xlbridge.imps(420)
9
>>> xlbridge.vulnerability(7), xlbridge.dealer(7)
('All', 'S')
>>> xlbridge.vp(5, 8)
(12.05, 7.95)
>>> xlbridge.matchpoints([130, -50, 450, -140, 170, 100, 130])
[3.5, 1.0, 6.0, 0.0, 5.0, 2.0, 3.5]
"""

from __future__ import annotations

from xlbridge.errors import XlbridgeError
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import board_a_match, butler, butler_datum, cross_imps
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import Adjusted, matchpoints, neuberg, score_board, top
from xlbridge.scoring.vp import vp, win_loss
from xlbridge.types import Contract, Doubling, Seat, Strain, Vulnerability

__all__ = [
    "Adjusted",
    "Contract",
    "Doubling",
    "Seat",
    "Strain",
    "Vulnerability",
    "XlbridgeError",
    "board_a_match",
    "butler",
    "butler_datum",
    "cross_imps",
    "dealer",
    "imps",
    "matchpoints",
    "neuberg",
    "read_session",
    "score",
    "score_board",
    "top",
    "vp",
    "vulnerability",
    "win_loss",
]

__version__ = "0.1.0"


def vulnerability(board: int) -> str:
    """Vulnerability of a duplicate board: ``"None"``, ``"NS"``, ``"EW"`` or ``"All"``."""
    return str(Vulnerability.from_board(board))


def dealer(board: int) -> str:
    """Dealer of a duplicate board: ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
    return str(Seat.dealer_of(board))


def __getattr__(name: str) -> object:
    """``xlbridge.read_session`` loads the results engine (and pandas) only when first used, so
    ``import xlbridge`` and ``xlbridge score`` stay fast."""
    if name == "read_session":
        from xlbridge.families.registry import read_session

        return read_session
    raise AttributeError(f"module 'xlbridge' has no attribute {name!r}")
