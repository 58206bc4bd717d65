"""Every state a club database file can be in, as one line that names the file and what to do.

SQLite reports a state by its (extended) result code: a database another program holds locked
is ``SQLITE_BUSY``, a journal left by a killed write that a read-only connection may not roll
back is ``SQLITE_READONLY_ROLLBACK``, a full disk ``SQLITE_FULL``, a damaged page
``SQLITE_CORRUPT`` (sqlite.org/rescode.html). :func:`problem` turns each into the line the
commands print.

>>> import sqlite3
>>> con = sqlite3.connect(":memory:")
>>> try:
...     con.execute("SELECT * FROM nowhere")
... except sqlite3.Error as exc:
...     print(problem(exc, "club.sqlite"))
'club.sqlite' cannot be used as the club database (no such table: nowhere)
"""

from __future__ import annotations

import sqlite3

__all__ = ["problem"]

_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
_READ_ONLY = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")


def problem(exc: sqlite3.Error, where: str) -> str:
    """The one line for what SQLite said about the club database ``where``.

    >>> class Busy(sqlite3.OperationalError):
    ...     sqlite_errorname = "SQLITE_BUSY"
    >>> problem(Busy("database is locked"), "club.sqlite")
    "'club.sqlite' is busy: another program is using it; try again when it has finished"
    """
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    if name.startswith(_BUSY):
        return f"{where!r} is busy: another program is using it; try again when it has finished"
    if name == "SQLITE_READONLY_ROLLBACK":
        return (
            f"{where!r} holds a write a stopped program left unfinished (its -journal file"
            " is beside it): the next command that writes it (xlbridge club record or"
            " import-members) rolls that back; keep the -journal file until then"
        )
    if name.startswith(_READ_ONLY):
        return (
            f"{where!r} cannot be written: the file or its folder is read-only (SQLite writes"
            " a journal file beside the database); make both writable, or copy the database"
            " to a folder you can write"
        )
    if name.startswith(("SQLITE_FULL", "SQLITE_IOERR")):
        return (
            f"{where!r} cannot be written ({exc}): the disk is full or failing; free some"
            " space or give --db a file on another disk (nothing was changed)"
        )
    if name.startswith("SQLITE_NOTADB"):
        return (
            f"{where!r} is not a club database (not an SQLite file); give --db the club's"
            " database file"
        )
    if name.startswith("SQLITE_CORRUPT"):
        return f"{where!r} is damaged ({exc}): restore the club database from a backup"
    return f"{where!r} cannot be used as the club database ({exc})"
