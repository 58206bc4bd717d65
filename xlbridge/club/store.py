"""Opening the club database for a command, and the one way it is written: a transaction.

Every write of the club kit happens inside :func:`transaction`, so a failed or interrupted
command (an error, Ctrl-C, SIGTERM, a killed process) leaves the database as it was: SQLite
rolls back what was not committed, and a process killed mid-write leaves a journal SQLite
rolls back at the next open.

>>> from xlbridge.club.schema import open_database
>>> con = open_database(":memory:")
>>> try:
...     with transaction(con):
...         _ = con.execute("INSERT INTO members (number, name) VALUES ('1', 'Ann')")
...         raise KeyboardInterrupt
... except KeyboardInterrupt:
...     pass
>>> con.execute("SELECT COUNT(*) FROM members").fetchone()[0]
0
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from xlbridge.club.schema import open_database
from xlbridge.errors import InputFileError

__all__ = ["open_club", "transaction"]


@contextmanager
def transaction(con: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction (``BEGIN IMMEDIATE``: no other writer meanwhile), committed when
    the block ends and rolled back when anything escapes it (an error or an interrupt). A
    database that cannot be written (read-only, locked by another program, a full disk) is one
    line.

    >>> from xlbridge.club.schema import open_database
    >>> con = open_database(":memory:")
    >>> _ = con.execute("PRAGMA query_only = 1")
    >>> with transaction(con):
    ...     _ = con.execute("INSERT INTO members (number, name) VALUES ('1', 'Ann')")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: the club database cannot be written (attempt to write a ...
    """
    try:
        con.execute("BEGIN IMMEDIATE")
        try:
            yield con
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise InputFileError(f"the club database cannot be written ({exc})") from None


def open_club(path: str | Path, *, create: bool) -> sqlite3.Connection:
    """The club database at ``path``, created when ``create`` (a command that writes) and
    refused in one line when it does not exist otherwise (a command that only reads never
    leaves an empty database behind).

    >>> open_club("", create=True)
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: the club database needs a file name (--db FILE)
    """
    where = str(path)
    if where in ("", ":memory:") or where.startswith("file:"):
        raise InputFileError("the club database needs a file name (--db FILE)")
    p = Path(where)
    if p.is_dir():
        raise InputFileError(f"{where!r} is a folder, not a club database")
    if not create and not p.exists():
        raise InputFileError(
            f"no club database {where!r} (xlbridge club import-members FILE.csv creates it)"
        )
    return open_database(p)
