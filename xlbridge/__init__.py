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

The session API, loaded when first used (``import xlbridge`` stays light): write a workbook of
any kind, read a filled one back (scored again in Python), import a scorer's results into one,
rebuild one, record one in the club register. Each asks the family registry
(:mod:`xlbridge.families.registry`), as the command line does.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> out = xlbridge.write_workbook(xlbridge.WriteRequest("howell", 3), folder / "howell.xlsx")
>>> res = xlbridge.read_workbook(out)
>>> res.family, res.recalculated, len(res.standings)
('pairs', False, 6)
>>> changed = xlbridge.rebuild_workbook(out, xlbridge.RebuildChange(tables=4), folder / "b.xlsx")
>>> xlbridge.read_workbook(folder / "b.xlsx").input.kind
'howell'
"""

from __future__ import annotations

import typing as _typing

from xlbridge.errors import XlbridgeError
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import board_a_match, butler, butler_datum, cross_imps
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import Adjusted, matchpoints, neuberg, score_board, top
from xlbridge.scoring.vp import vp, win_loss
from xlbridge.types import Contract, Doubling, Seat, Strain, Vulnerability

if _typing.TYPE_CHECKING:  # what the session API's names are, for type checkers and readers
    from xlbridge.families.registry import (
        RenderRequest,
        WriteRequest,
        import_results,
        read_session,
        read_workbook,
        record_workbook,
        render_results,
        write_workbook,
    )
    from xlbridge.families.registry import rebuild_family as rebuild_workbook
    from xlbridge.rebuild.slots import RebuildChange

__all__ = [
    "Adjusted",
    "Contract",
    "Doubling",
    "RebuildChange",
    "RenderRequest",
    "Seat",
    "Strain",
    "Vulnerability",
    "WriteRequest",
    "XlbridgeError",
    "board_a_match",
    "butler",
    "butler_datum",
    "cross_imps",
    "dealer",
    "import_results",
    "imps",
    "matchpoints",
    "neuberg",
    "read_session",
    "read_workbook",
    "rebuild_workbook",
    "record_workbook",
    "render_results",
    "score",
    "score_board",
    "top",
    "vp",
    "vulnerability",
    "win_loss",
    "write_workbook",
]

__version__ = "0.1.0"


def vulnerability(board: int) -> str:
    """Vulnerability of a duplicate board: ``"None"``, ``"NS"``, ``"EW"`` or ``"All"``."""
    return str(Vulnerability.from_board(board))


def dealer(board: int) -> str:
    """Dealer of a duplicate board: ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
    return str(Seat.dealer_of(board))


# The session API: each name, the module that holds it and its name there. Loaded on first use
# (the workbook engines, openpyxl and pandas), so ``import xlbridge`` and ``xlbridge score`` stay
# fast.
_SESSION_API = {
    "WriteRequest": ("xlbridge.families.registry", "WriteRequest"),
    "RenderRequest": ("xlbridge.families.registry", "RenderRequest"),
    "RebuildChange": ("xlbridge.rebuild.slots", "RebuildChange"),
    "write_workbook": ("xlbridge.families.registry", "write_workbook"),
    "read_workbook": ("xlbridge.families.registry", "read_workbook"),
    "read_session": ("xlbridge.families.registry", "read_session"),
    "render_results": ("xlbridge.families.registry", "render_results"),
    "import_results": ("xlbridge.families.registry", "import_results"),
    "rebuild_workbook": ("xlbridge.families.registry", "rebuild_family"),
    "record_workbook": ("xlbridge.families.registry", "record_workbook"),
}


def __getattr__(name: str) -> object:
    """The session API (``write_workbook``, ``read_workbook``, ``read_session``,
    ``render_results``, ``import_results``, ``rebuild_workbook``, ``record_workbook`` and their
    request types), loaded on first use."""
    where = _SESSION_API.get(name)
    if where is None:
        raise AttributeError(f"module 'xlbridge' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(where[0]), where[1])
