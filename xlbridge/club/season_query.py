"""The season's records read from the club database: one query over ``sessions``, ``results``,
``players`` and ``members`` gives every player's percentage in every recorded session as the
rules layer's :class:`~xlbridge.scoring.season.MemberScore` (and the sessions as
:class:`~xlbridge.scoring.season.SeasonSession`, for their results pages).

A player is the member of their federation number, named as the register names them (the name
the session gave when the register does not know the number), or, without a number, known by
the name the session gave. Sessions scored in IMPs or VPs (no percentage) are not read. A
session whose status is anything but ``final`` is provisional. Every text read (names, events,
pages) is held to the one text rule (:func:`xlbridge.text.unsafe_char`).

>>> from xlbridge.club.schema import open_database
>>> con = open_database(":memory:")
>>> _ = con.execute("INSERT INTO sessions VALUES (1, 'k', 'd', 'Club', '2026-01-05', 'mitchell',"
...     " 'pairs', 'mp', 'final', 'r1.html', 's.xlsx', '2026-01-05T22:00:00Z')")
>>> _ = con.execute("INSERT INTO results VALUES (1, 'NS 1', 'NS', 24, 150, 62.5, '1', NULL,"
...     " NULL, NULL)")
>>> _ = con.execute("INSERT INTO players VALUES (1, 'NS 1', 1, '101', 'Ann'), "
...     "(1, 'NS 1', 2, NULL, 'Bo')")
>>> sessions, scores = read_season(con)
>>> [(s.member, s.name, s.pct) for s in scores], sessions[0].page
([('101', 'Ann', 62.5), ('Bo', 'Bo', 62.5)], 'r1.html')
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from xlbridge.club.schema import SCHEMA_VERSION
from xlbridge.errors import InputFileError
from xlbridge.scoring.season import MemberScore, SeasonSession
from xlbridge.text import unsafe_char

__all__ = ["SEASON_QUERY", "open_for_reading", "read_season"]

SEASON_QUERY = """
SELECT s.id, s.date, s.event, s.page, s.status,
       p.member, COALESCE(m.name, p.name), r.pct, r.handicapped_pct
FROM sessions AS s
JOIN results AS r ON r.session = s.id
JOIN players AS p ON p.session = r.session AND p.entry = r.entry
LEFT JOIN members AS m ON m.number = p.member
WHERE r.pct IS NOT NULL
ORDER BY s.date, s.id, r.entry, p.seat
"""


def open_for_reading(path: str | Path) -> sqlite3.Connection:
    """The club database at ``path`` opened read-only (the season never changes it); a file
    that is missing, no SQLite database, or of another database version is one line.

    >>> open_for_reading("/nonexistent/club.sqlite")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: no club database at /nonexistent/club.sqlite: record ...
    """
    where = str(path)
    file = Path(where)
    if not file.is_file():
        raise InputFileError(
            f"no club database at {where}: record sessions with xlbridge club record"
        )
    try:
        con = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
        version = int(con.execute("PRAGMA user_version").fetchone()[0])
    except (sqlite3.DatabaseError, ValueError, OSError) as exc:
        raise InputFileError(f"{where!r} is not a club database ({exc})") from None
    if version != SCHEMA_VERSION:
        con.close()
        why = (
            "was written by a newer xlbridge" if version > SCHEMA_VERSION
            else "has no club tables" if version == 0
            else "is from an older xlbridge; xlbridge club record brings it up to date"
        )  # fmt: skip
        raise InputFileError(f"{where!r} {why} (database version {version})")
    return con


def read_season(
    con: sqlite3.Connection,
) -> tuple[tuple[SeasonSession, ...], tuple[MemberScore, ...]]:
    """Every recorded session with a percentage, and each player's score in it (one query)."""
    sessions: dict[int, SeasonSession] = {}
    scores: list[MemberScore] = []
    try:
        rows = con.execute(SEASON_QUERY).fetchall()
    except sqlite3.DatabaseError as exc:
        raise InputFileError(f"the club database cannot be read ({exc})") from None
    for sid, date, event, page, status, member, name, pct, hpct in rows:
        for what, text in (("event", event), ("player", name), ("results page", page)):
            why = unsafe_char(text)
            if why:
                raise InputFileError(f"session {sid} ({date}): the {what} {text[:40]!r} {why}")
        provisional = status != "final"
        if sid not in sessions:
            sessions[sid] = SeasonSession(sid, date, event, page, provisional)
        scores.append(MemberScore(
            member or name, name, sid, date, float(pct),
            None if hpct is None else float(hpct), provisional,
        ))  # fmt: skip
    return tuple(sessions.values()), tuple(scores)
