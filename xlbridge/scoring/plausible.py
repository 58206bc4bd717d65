"""A result that is possible but most often a slip: 5 or more down (``4S`` with ``4`` typed as
the tricks taken, the level typed for the tricks, is down 6). Issue 30: named until the director
accepts it (the Checks sheet's formula, ``results``), and by ``traveller`` on standard error;
always scored as typed. Standard library only (the rules layer runs in Pyodide).

>>> implausible_down(4, 4), implausible_down(4, 6), implausible_down(3, 4)
(6, None, 5)
>>> implausible_text("4S", 6)
'4S down 6: 5 or more down, check the result'
"""

from __future__ import annotations

__all__ = ["IMPLAUSIBLE_DOWN", "implausible_down", "implausible_text"]

IMPLAUSIBLE_DOWN = 5


def implausible_down(level: int, tricks: int) -> int | None:
    """The tricks down of a contract at ``level`` taking ``tricks`` when that is
    :data:`IMPLAUSIBLE_DOWN` or more, else None."""
    down = level + 6 - tricks
    return down if down >= IMPLAUSIBLE_DOWN else None


def implausible_text(contract: str, down: object) -> str:
    """The words that name such a result (``down`` as the sheet shows it)."""
    return f"{contract} down {down}: {IMPLAUSIBLE_DOWN} or more down, check the result"
