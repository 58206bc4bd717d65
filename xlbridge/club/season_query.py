"""The season's records read from the club database: one query over ``sessions``, ``results``,
``players`` and ``members`` gives every player's percentage in every recorded session as the
rules layer's :class:`~xlbridge.scoring.season.MemberScore` (and the sessions as
:class:`~xlbridge.scoring.season.SeasonSession`, for their results pages).

A player is the member of their federation number, named as the register names them (the name
the session gave when the register does not know the number), or, without a number, known by
the name the session gave (in brackets, :func:`unnumbered`, so that no name is taken for a
number). Sessions scored in IMPs or VPs (no percentage) are not read. A
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
([('101', 'Ann', 62.5), ('(Bo)', 'Bo', 62.5)], 'r1.html')
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

from xlbridge.club.store import open_club
from xlbridge.errors import InputFileError, XlbridgeError
from xlbridge.scoring.dates import session_date
from xlbridge.scoring.season import MemberScore, SeasonSession
from xlbridge.text import unsafe_char

__all__ = ["SEASON_QUERY", "open_for_reading", "read_season", "unnumbered"]

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
    """The club database at ``path`` opened read-only (the season never changes it, nor
    creates anything): :func:`xlbridge.club.store.open_club`; a missing file is one line.

    >>> open_for_reading("/nonexistent/club.sqlite")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: no club database at /nonexistent/club.sqlite: record ...
    """
    where = str(path)
    if not Path(where).exists() or Path(where).is_dir():
        raise InputFileError(
            f"no club database at {where}: record sessions with xlbridge club record"
        )
    return open_club(where, create=False)


def unnumbered(name: str) -> str:
    """The member key of a player the session gave no federation number: their name in
    brackets, which no federation number can be (a name such as ``101`` is not member 101).

    >>> unnumbered("Bo")
    '(Bo)'
    """
    return f"({name})"


def read_season(
    con: sqlite3.Connection,
) -> tuple[tuple[SeasonSession, ...], tuple[MemberScore, ...]]:
    """Every recorded session with a percentage, and each player's score in it (one query).
    Players without a number who share their name with another such player of the same
    session (two "Guest"s) cannot be told apart, so neither counts in that session
    (``xlbridge club record`` names them when it records the session)."""
    sessions: dict[int, SeasonSession] = {}
    scores: list[MemberScore] = []
    rows = con.execute(SEASON_QUERY).fetchall()  # what SQLite says: store.reading's one line
    nameless = Counter((r[0], r[6]) for r in rows if not r[5])
    for sid, date, event, page, status, member, name, pct, hpct in rows:
        for what, text in (("event", event), ("player", name), ("results page", page)):
            why = unsafe_char(text)
            if why:
                raise InputFileError(f"session {sid} ({date}): the {what} {text[:40]!r} {why}")
        try:
            session_date(date)
        except XlbridgeError:
            raise InputFileError(
                f"session {sid} is recorded with the date {date[:40]!r} (by an earlier xlbridge),"
                " which is no date written yyyy-mm-dd: the season cannot place it; correct that"
                " session's date in the database (a copy first) to 2026-11-24 form"
            ) from None
        provisional = status != "final"
        if sid not in sessions:
            sessions[sid] = SeasonSession(sid, date, event, page, provisional)
        if not member and nameless[sid, name] > 1:
            continue
        scores.append(MemberScore(
            member or unnumbered(name), name, sid, date, float(pct),
            None if hpct is None else float(hpct), provisional,
        ))  # fmt: skip
    return tuple(sessions.values()), tuple(scores)
