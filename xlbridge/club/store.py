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

import contextlib
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from xlbridge.club.schema import SCHEMA_VERSION, columns, migrate, newer, open_database
from xlbridge.club.schema import table_columns as tables_of
from xlbridge.club.states import problem
from xlbridge.errors import InputFileError, WorkbookError

__all__ = ["BUSY_SECONDS", "check_club", "open_club", "reading", "transaction"]

# How long a command waits for another program that holds the database before saying it is
# busy (a command writing it, a database browser with a write open).
BUSY_SECONDS = 5.0


@contextmanager
def transaction(con: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction (``BEGIN IMMEDIATE``: no other writer meanwhile), committed when
    the block ends and rolled back when anything escapes it (an error or an interrupt). A
    database that cannot be written (read-only, held by another program, a full disk) is one
    line naming the file and what to do (:func:`xlbridge.club.states.problem`).

    >>> from xlbridge.club.schema import open_database
    >>> con = open_database(":memory:")
    >>> _ = con.execute("PRAGMA query_only = 1")
    >>> with transaction(con):
    ...     _ = con.execute("INSERT INTO members (number, name) VALUES ('1', 'Ann')")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: ':memory:' cannot be written: the file or its folder is ...
    """
    try:
        con.execute("BEGIN IMMEDIATE")
        try:
            yield con
        except BaseException:
            _rollback(con)
            raise
        con.execute("COMMIT")
    except sqlite3.Error as exc:
        _rollback(con)
        raise InputFileError(problem(exc, _file_of(con))) from None


@contextmanager
def reading(con: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """The connection for a command's reads, closed after them; what SQLite says meanwhile (a
    writer that came since the database was opened: busy; a damaged page) is one line.

    >>> with reading(open_database(":memory:")) as con:
    ...     con.execute("SELECT name FROM nowhere").fetchall()
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: ':memory:' cannot be used as the club database (no such ...
    """
    try:
        yield con
    except sqlite3.Error as exc:
        raise InputFileError(problem(exc, _file_of(con))) from None
    finally:
        con.close()


def _rollback(con: sqlite3.Connection) -> None:
    if con.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            con.execute("ROLLBACK")


def _file_of(con: sqlite3.Connection) -> str:
    try:
        for _seq, name, file in con.execute("PRAGMA database_list"):
            if name == "main":
                return str(file) or ":memory:"
    except sqlite3.Error:
        pass
    return "the club database"


def open_club(path: str | Path, *, create: bool) -> sqlite3.Connection:
    """The club database at ``path`` for a command: one that writes (``create``) may create
    it when it is new (or an empty file) and bring an older one of ours up to date; one that
    only reads opens it read-only and never creates or changes anything. Either way a file
    that is not the club's database (another program's SQLite, a damaged file, a newer
    xlbridge's) is refused in one line that names it and says what to do.

    A new database is made beside ``path`` and put in place in one step (never over a file
    that appears meanwhile: two first-time creations at once both end with the one database),
    so a full disk or a folder that cannot be written leaves no file behind.

    >>> open_club("", create=True)
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: the club database needs a file name (--db FILE)
    """
    where = str(path)
    if where in ("", ":memory:") or where.startswith("file:"):
        raise InputFileError("the club database needs a file name (--db FILE)")
    if "\x00" in where:
        raise InputFileError(f"the club database name {where!r} has a NUL character")
    p = Path(where)
    if p.is_dir():
        raise InputFileError(f"{where!r} is a folder, not a club database")
    if p.exists() and not p.is_file():
        raise InputFileError(
            f"{where!r} is not a regular file (a device, pipe or socket); give --db a club"
            " database file"
        )
    if not create:
        if not p.exists():
            raise InputFileError(
                f"no club database {where!r} (xlbridge club import-members FILE.csv creates it)"
            )
        return _opened(p, where, writing=False)
    if not p.exists() or p.stat().st_size == 0:
        _create(p, where)
    return _opened(p, where, writing=True)


def _create(p: Path, where: str) -> None:
    """A new club database at ``p``, made whole in a temporary file first."""
    from xlbridge.interchange.files import write_atomically

    def save(tmp: str) -> None:
        try:
            open_database(tmp).close()
        except InputFileError as exc:  # the message names the temporary file: name ours
            raise InputFileError(str(exc).replace(repr(tmp), repr(where))) from None
        finally:
            Path(f"{tmp}-journal").unlink(missing_ok=True)

    try:
        write_atomically(p, save, force=p.exists())  # an empty file: replaced, its mode kept
    except WorkbookError as exc:
        if p.is_file() and p.stat().st_size > 0:
            return  # another command created it meanwhile: open that one
        raise InputFileError(f"cannot create the club database: {exc}") from None


def check_club(path: str | Path) -> None:
    """For a command that writes the club database after seconds of other work (reading a
    workbook): one line now when the database at ``path`` cannot take the write, changing
    nothing (it is opened read-only). No file, or an empty one, is fine: the write creates it;
    so is a write a stopped program left unfinished: the write rolls it back.

    >>> check_club("/nonexistent/club.sqlite")
    """
    where = str(path)
    p = Path(where)
    if not p.is_file() or not p.stat().st_size:
        return
    with contextlib.suppress(_Unfinished):
        _opened(p, where, writing=True, changing=False).close()


class _Unfinished(Exception):
    """A read-only look found a stopped write's journal (``SQLITE_READONLY_ROLLBACK``)."""


def _opened(
    p: Path, where: str, *, writing: bool, changing: bool = True
) -> sqlite3.Connection:  # fmt: skip
    mode = "rw" if writing and changing else "ro"
    try:
        con = sqlite3.connect(
            f"{p.resolve().as_uri()}?mode={mode}", uri=True, timeout=BUSY_SECONDS,
            isolation_level=None,
        )  # fmt: skip
    except (sqlite3.Error, ValueError, OSError) as exc:
        raise InputFileError(f"{where!r} cannot be opened ({exc})") from None
    try:
        if mode == "ro":
            con.execute("PRAGMA query_only = 1")
        con.execute("PRAGMA foreign_keys = ON")
        _check(con, where, writing, changing)
    except sqlite3.Error as exc:
        con.close()
        if not changing and getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_ROLLBACK":
            raise _Unfinished from None
        raise InputFileError(problem(exc, where)) from None
    except BaseException:
        con.close()
        raise
    return con


def _check(con: sqlite3.Connection, where: str, writing: bool, changing: bool = True) -> None:
    """Whose file this is: ours (at this version or, for a command that writes, an older one,
    then brought up to date unless not ``changing``), undamaged; anything else one line."""
    version = int(con.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise InputFileError(newer(where, version))
    if version < 0:  # no xlbridge writes one: another program's
        raise InputFileError(
            f"{where!r} is not a club database (database version {version}); give --db the"
            " club's database"
        )
    have = tables_of(con)
    if version == 0 and have:
        listed = ", ".join(list(have)[:5])
        raise InputFileError(
            f"{where!r} is another program's SQLite database (tables {listed[:80]}), not a club"
            " database; give --db the club's database, or a new file to start one"
        )
    if version == 0 and not writing:
        raise InputFileError(
            f"{where!r} holds no club tables yet (an empty database): xlbridge club"
            " import-members or record starts the club database in it"
        )
    if version > 0:
        for table, wanted in columns(version).items():
            got = have.get(table)
            missing = (
                f"has no table {table!r}" if got is None else
                f"its table {table!r} has no column {next(iter(set(wanted) - set(got)))!r}"
                if set(wanted) - set(got) else ""
            )  # fmt: skip
            if missing:
                raise InputFileError(
                    f"{where!r} is not a club database: it {missing} (database version"
                    f" {version}); give --db the club's database"
                )
    damage = str(con.execute("PRAGMA quick_check(1)").fetchone()[0])
    if damage != "ok":
        said = " ".join(damage.replace("*** in database main ***", "").split())
        raise InputFileError(
            f"{where!r} is damaged ({said[:80]}): restore the club database from a backup"
        )
    if version < SCHEMA_VERSION:
        if not writing:
            raise InputFileError(
                f"{where!r} is from an older xlbridge (database version {version}): xlbridge"
                " club record or import-members brings it up to date"
            )
        if changing:
            migrate(con, where, version)
