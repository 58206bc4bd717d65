"""The club database's tables, created and migrated by xlbridge (SQLite ``user_version``).

One file holds the register (``members``) and every recorded session (``sessions``, one
``results`` row per pair or player of the session and one ``players`` row per player in it).
Percentages are stored as the results pages show them (0-100); a player without a federation
number is stored with ``member`` NULL and is named, never dropped.

>>> con = open_database(":memory:")
>>> con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
True
>>> sorted(r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'"))
['members', 'players', 'results', 'sessions']
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from xlbridge.errors import InputFileError

__all__ = ["DEFAULT_DB", "MIGRATIONS", "SCHEMA_VERSION", "open_database"]

DEFAULT_DB = "club.sqlite"

# Each step takes the database from version i to i + 1 (statements split at ";", so no ";"
# inside a comment); never edit a released step, add one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE members (
        number TEXT PRIMARY KEY,          -- federation (national) number, as text
        name TEXT NOT NULL,
        handicap REAL,                    -- the player's handicap (percentage points)
        grade TEXT,                       -- a grade a handicap may come from
        masterpoints REAL,                -- stratum data
        email TEXT,
        joined TEXT                       -- ISO date, when known
    ) STRICT;
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,         -- event, date and kind: one session, recorded once
        digest TEXT NOT NULL,             -- SHA-256 of the workbook's entered values
        event TEXT NOT NULL,
        date TEXT NOT NULL,               -- ISO yyyy-mm-dd, or '' when the workbook has none
        kind TEXT NOT NULL,
        family TEXT NOT NULL,             -- pairs, individual, teams
        scoring TEXT NOT NULL,            -- mp, butler, ximp, imps, vp
        status TEXT NOT NULL,             -- final or provisional
        page TEXT NOT NULL DEFAULT '',    -- the session's results page (a path or URL)
        source TEXT NOT NULL,             -- the workbook's file name when recorded
        recorded TEXT NOT NULL            -- ISO timestamp (UTC)
    ) STRICT;
    CREATE TABLE results (
        session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        entry TEXT NOT NULL,              -- the pair, player or team label ("NS 3", "4")
        direction TEXT NOT NULL,          -- NS, EW or ''
        played INTEGER NOT NULL,
        total REAL,
        pct REAL,                         -- matchpoint percentage, NULL for IMP scoring
        rank TEXT NOT NULL,               -- "1", "2=" as the results show it
        handicapped_pct REAL,             -- NULL when the session is not handicapped
        handicapped_rank TEXT,
        stratum TEXT,                     -- "A", "B", ..., NULL when not stratified
        PRIMARY KEY (session, entry)
    ) STRICT;
    CREATE TABLE players (
        session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        entry TEXT NOT NULL,
        seat INTEGER NOT NULL,            -- 1, 2 (a pair's players), 1..n for a team
        member TEXT,                      -- federation number, NULL when none was given
        name TEXT NOT NULL,
        PRIMARY KEY (session, entry, seat),
        FOREIGN KEY (session, entry) REFERENCES results(session, entry) ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX players_member ON players(member);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def open_database(path: str | Path) -> sqlite3.Connection:
    """Open (creating or migrating) the club database at ``path``; foreign keys enforced.

    Each migration step runs in one transaction, so a killed process leaves the file at the
    version it had. A file that is no SQLite database, or one from a newer xlbridge, is refused
    in one line.
    """
    where = str(path)
    try:
        con = sqlite3.connect(where, isolation_level=None)
    except sqlite3.DatabaseError as exc:
        raise InputFileError(f"{where!r} is not a club database ({exc})") from None
    try:
        con.execute("PRAGMA foreign_keys = ON")
        version = int(con.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        con.close()
        raise InputFileError(f"{where!r} is not a club database ({exc})") from None
    if version > SCHEMA_VERSION:
        con.close()
        raise InputFileError(
            f"{where!r} was written by a newer xlbridge (database version {version}; "
            f"this one reads up to {SCHEMA_VERSION})"
        )
    if version < 0:  # never written by xlbridge, and no migration may run on it (MIGRATIONS[-1])
        con.close()
        raise InputFileError(
            f"{where!r} is not a club database (database version {version}, which xlbridge"
            " never writes: another program's file); give the club's own --db file"
        )
    for step in range(version, SCHEMA_VERSION):
        try:
            con.execute("BEGIN IMMEDIATE")
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    con.execute(statement)
            con.execute(f"PRAGMA user_version = {step + 1}")
            con.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            con.execute("ROLLBACK")
            con.close()
            raise InputFileError(f"{where!r}: cannot create the club tables ({exc})") from None
    return con
