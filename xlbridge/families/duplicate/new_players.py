"""The players a names file of ``new`` gives (pairs and individual games), those given by
federation number only filled in from the club register.

>>> registered({"1": ()}, None)
{'1': ()}
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError

if TYPE_CHECKING:
    from xlbridge.interchange.names import NamedPlayer

__all__ = ["registered"]


def registered(
    players: dict[str, tuple[NamedPlayer, ...]], db: str | os.PathLike[str] | None
) -> dict[str, tuple[NamedPlayer, ...]]:
    """``players`` with each player the names file gives by federation number only filled in
    from the club register (``db``, or ``club.sqlite`` in this folder): name, handicap and
    masterpoints. Without such players the register is not opened."""
    from xlbridge.club.members import by_number_only, fill_players
    from xlbridge.club.schema import DEFAULT_DB
    from xlbridge.club.store import open_club, reading

    if not by_number_only(players):
        if db is not None:
            raise WorkbookError("--db: the names file gives every player's name; the club "
                                "register fills players given by number only")  # fmt: skip
        return players
    if db is None and not Path(DEFAULT_DB).exists():
        raise WorkbookError(
            "the names file gives players by federation number only: name the club database "
            f"with --db (none at {DEFAULT_DB}; xlbridge club import-members creates it)"
        )
    with reading(open_club((os.fspath(db) if db is not None else "") or DEFAULT_DB,
                           create=False)) as con:
        return fill_players(con, players)
