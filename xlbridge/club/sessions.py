"""Recording a scored session in the club database, and reading back what is recorded.

The face reads a filled workbook (its family's reader scores it again in Python) and hands this
kit a :class:`SessionRecord`: a pairs or individuals session through :func:`record_of_results`,
a team game built by the face from its family's standings. :func:`record_session` stores it once,
in one transaction.

A session is known by its key: its event, date and kind, and the label the director gives
sessions of one event on one day (``afternoon``, ``evening``; none by default). Recording the
same workbook again changes nothing. A workbook of the same key whose entered values differ may
be the session corrected or another session (an undated club night a week later, the evening
after the afternoon): it is refused in one line until the director says which (``replace``, or
another label), never replaced on a guess. The date is a date (:mod:`xlbridge.scoring.dates`)
and each member plays in one seat: a workbook that breaks either is refused in one line.

>>> from xlbridge.club.schema import open_database
>>> con = open_database(":memory:")
>>> rec = SessionRecord("Tuesday", "2026-11-24", "mitchell", "pairs", "mp", "final",
...     (EntryLine("NS 1", "NS", 3, 4.0, 66.67, "1", (PlayerLine(1, "1001", "Ann Lee"),)),),
...     digest_of({"boards": []}))
>>> record_session(con, rec, source="tue.xlsx").action
'added'
>>> record_session(con, rec, source="tue.xlsx").action
'unchanged'
>>> [(s.event, s.status, s.entries) for s in list_sessions(con)]
[('Tuesday', 'final', 1)]
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from xlbridge.club.store import transaction
from xlbridge.errors import InputFileError, XlbridgeError
from xlbridge.limits import PAGE_TEXT
from xlbridge.numerals import shown
from xlbridge.results.session import SessionResults
from xlbridge.scoring.dates import session_date
from xlbridge.text import unsafe_char

__all__ = [
    "LABEL_CHARS",
    "PAGE_CHARS",
    "EntryLine",
    "PlayerLine",
    "RecordOutcome",
    "SessionRecord",
    "SessionSummary",
    "check_label",
    "check_page",
    "check_record",
    "digest_of",
    "find_session",
    "label_of",
    "list_sessions",
    "record_of_results",
    "record_session",
    "session_entries",
]

PAGE_CHARS = PAGE_TEXT
LABEL_CHARS = 40

Action = Literal["added", "unchanged", "replaced"]


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player of an entry: seat (1, 2 for a pair; 1..n for a team), federation number (None
    when the workbook gives none) and name."""

    seat: int
    member: str | None
    name: str


@dataclass(frozen=True, slots=True)
class EntryLine:
    """A pair's, player's or team's line of the session's results, with its players; total and
    percentage (0-100) as the results pages show them, to 2 decimals."""

    entry: str
    direction: str
    played: int
    total: float | None
    pct: float | None
    rank: str
    players: tuple[PlayerLine, ...]
    handicapped_pct: float | None = None
    handicapped_rank: str | None = None
    stratum: str | None = None


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A scored session as the club database keeps it. ``digest``: :func:`digest_of` the
    session's entered values and results, which tells a changed workbook from the same one."""

    event: str
    date: str
    kind: str
    family: str
    scoring: str
    status: Literal["final", "provisional"]
    entries: tuple[EntryLine, ...]
    digest: str
    label: str = ""  # "afternoon", "evening": sessions of one event on one day told apart

    @property
    def key(self) -> str:
        """Event, date, kind and label (when given): one session, recorded once.

        >>> SessionRecord("Club", "", "howell", "pairs", "mp", "final", (), "").key
        '["Club", "", "howell"]'
        >>> SessionRecord("Club", "", "howell", "pairs", "mp", "final", (), "", "evening").key
        '["Club", "", "howell", "evening"]'
        """
        parts = [self.event, self.date, self.kind, *([self.label] if self.label else [])]
        return json.dumps(parts, ensure_ascii=False)

    def twice(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each federation number the session gives to more than one seat, with those
        entries: a member plays in one seat.

        >>> p = PlayerLine(1, "7", "Ann")
        >>> SessionRecord("C", "", "howell", "pairs", "mp", "final", (EntryLine("1", "", 1,
        ...     None, None, "1", (p, PlayerLine(2, "7", "Ann"))),), "").twice()
        (('7', ('1', '1')),)
        """
        seats: dict[str, list[str]] = {}
        for e in self.entries:
            for p in e.players:
                if p.member:
                    seats.setdefault(p.member, []).append(e.entry)
        return tuple((n, tuple(es)) for n, es in seats.items() if len(es) > 1)

    def alike(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Each name given to more than one player without a number (two "Guest"s), with their
        entries: no one can tell them apart later.

        >>> g = PlayerLine(1, None, "Guest")
        >>> SessionRecord("C", "", "howell", "pairs", "mp", "final", (EntryLine("1", "", 1,
        ...     None, None, "1", (g,)), EntryLine("2", "", 1, None, None, "2", (g,))), "").alike()
        (('Guest', ('1', '2')),)
        """
        seats: dict[str, list[str]] = {}
        for e in self.entries:
            for p in e.players:
                if not p.member and p.name:
                    seats.setdefault(p.name, []).append(e.entry)
        return tuple((n, tuple(es)) for n, es in seats.items() if len(es) > 1)

    def players_without_number(self) -> tuple[tuple[str, str], ...]:
        """(entry, name) of every player the workbook gives no federation number."""
        return tuple((e.entry, p.name) for e in self.entries for p in e.players if not p.member)


@dataclass(frozen=True, slots=True)
class RecordOutcome:
    """What :func:`record_session` did: ``added``, ``unchanged`` or ``replaced``."""

    action: Action
    session: int
    status: str
    entries: int
    players: int
    unknown_members: tuple[str, ...] = ()  # numbers given that the register does not have
    page_changed: bool = False  # an unchanged session given a new results page

    def line(self, event: str) -> str:
        """The one-line summary.

        >>> RecordOutcome("replaced", 3, "provisional", 6, 12).line("Tuesday")
        'session 3 (Tuesday) replaced: 6 entries, 12 players, provisional'
        >>> RecordOutcome("unchanged", 3, "final", 6, 12).line("Tuesday")
        'session 3 (Tuesday) already recorded, unchanged'
        """
        if self.action == "unchanged":
            page = "; its results page is the one given now" if self.page_changed else ""
            return f"session {self.session} ({event}) already recorded, unchanged{page}"
        return (
            f"session {self.session} ({event}) {self.action}: {self.entries} entries,"
            f" {self.players} players, {self.status}"
        )


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A recorded session, as ``xlbridge club sessions`` lists it."""

    id: int
    event: str
    date: str
    kind: str
    family: str
    scoring: str
    status: str
    entries: int
    page: str
    source: str
    recorded: str
    label: str = ""


def digest_of(entered: Any) -> str:
    """SHA-256 of a JSON value (keys sorted): what a session's workbook held.

    >>> digest_of({"b": 1, "a": [2]}) == digest_of({"a": [2], "b": 1})
    True
    """
    text = json.dumps(entered, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_page(page: str) -> str:
    """A results page's address or path, as text (no control character, at most 2000).

    >>> check_page("https://club.example/tue.html")
    'https://club.example/tue.html'
    """
    return _checked_text(page, "page", PAGE_CHARS)


def _checked_text(text: str, what: str, limit: int) -> str:
    """``text`` stripped, or one line naming ``what`` when it has a control character or is
    over ``limit`` characters (a page, a label)."""
    long = f"is over {limit} characters" if len(text) > limit else ""
    why = unsafe_char(text) or long
    if why:
        raise InputFileError(f"{what} {text[:40]!r} {why}")
    return text.strip()


def record_of_results(res: SessionResults) -> SessionRecord:
    """A pairs or individuals session scored in Python as the club database keeps it: each
    pair (player) with its players, their numbers where the Names sheet has them.

    >>> from xlbridge.results.session import PairInfo, SessionInput
    >>> from xlbridge.families.duplicate.score import score_session
    >>> s = SessionInput("Club", "", "howell", "mp", "acbl", (PairInfo(1, "1", "Ann", "Bo",
    ...     ("1001", "")),), (), {})
    >>> rec = record_of_results(score_session(s))
    >>> rec.entries[0].players
    (PlayerLine(seat=1, member='1001', name='Ann'), PlayerLine(seat=2, member=None, name='Bo'))
    """
    entries = []
    for s in res.standings:
        pair = s.pair
        names = (pair.name1,) if res.input.family == "individual" else (pair.name1, pair.name2)
        players = tuple(
            PlayerLine(i, number or None, name)
            for i, (name, number) in enumerate(
                zip(names, (*pair.numbers, *[""] * len(names)), strict=False), start=1
            )
            if name or number
        )
        # Figures as the results pages show them (2 decimals, rounded as ROUND rounds).
        total, pct = shown(s.total), shown(s.pct)
        entries.append(EntryLine(
            s.label, s.dir, s.played, total, pct, s.rank, players,
            handicapped_pct=shown(s.handicapped_pct),
            handicapped_rank=s.handicapped_rank or None, stratum=s.stratum or None,
        ))  # fmt: skip
    entered = res.to_json()
    entered.pop("disagreements", None)  # the workbook's stored values, not what was entered
    return SessionRecord(
        res.input.event, res.input.date, res.input.kind, res.input.family, res.input.scoring,
        "provisional" if res.open_problems else "final", tuple(entries), digest_of(entered),
    )  # fmt: skip


_SESSION = "event, date, kind, family, scoring, status, digest"


def check_label(label: str) -> str:
    """A session's label (``afternoon``): text, no control character, at most 40 characters.

    >>> check_label(" evening ")
    'evening'
    """
    return _checked_text(label, "label", LABEL_CHARS)


def check_record(rec: SessionRecord) -> None:
    """One line when ``rec`` cannot be recorded: a date that is no date, a member in two seats.

    >>> check_record(SessionRecord("C", "24/11/2026", "howell", "pairs", "mp", "final", (), ""))
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: the workbook's Session date '24/11/2026' is not a date ...
    """
    try:
        session_date(rec.date)
    except XlbridgeError:
        raise InputFileError(
            f"the workbook's Session date {rec.date[:40]!r} is not a date written yyyy-mm-dd:"
            " type it as 2026-11-24 (or as a date) on the Session sheet, then record again;"
            " nothing recorded"
        ) from None
    for number, entries in rec.twice()[:1]:
        raise InputFileError(
            f"number {number} is given to {len(entries)} seats ({', '.join(entries[:4])}): a"
            " member plays in one seat; correct the Names sheet, then record again; nothing"
            " recorded"
        )


def record_session(
    con: sqlite3.Connection, rec: SessionRecord, *, source: str, page: str = "",
    now: datetime | None = None, replace: bool = False,
) -> RecordOutcome:  # fmt: skip
    """Store ``rec`` in one transaction: added when its key is new, unchanged when the same
    session is recorded (a new ``page`` given is kept); when its entered values differ from the
    recorded session's, replaced (results and players) if ``replace``, else refused in one line
    (the same session corrected, or another one of that key? only the director can say).
    Players' names come from the register for a number given alone.

    >>> from xlbridge.club.schema import open_database
    >>> con = open_database(":memory:")
    >>> rec = SessionRecord("Club", "", "howell", "pairs", "mp", "final", (), digest_of(1))
    >>> record_session(con, rec, source="a.xlsx").line("Club")
    'session 1 (Club) added: 0 entries, 0 players, final'
    >>> record_session(con, rec, source="a.xlsx", page="club.html").line("Club")
    'session 1 (Club) already recorded, unchanged; its results page is the one given now'
    """
    page = check_page(page)
    check_record(rec)
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    numbers = dict.fromkeys(p.member for e in rec.entries for p in e.players if p.member)
    count = sum(len(e.players) for e in rec.entries)
    with transaction(con):
        known = {
            r[0]: r[1]
            for n in numbers
            for r in con.execute("SELECT number, name FROM members WHERE number = ?", (n,))
        }
        unknown = tuple(n for n in numbers if n not in known)
        old = con.execute("SELECT id, digest, status, page FROM sessions WHERE key = ?", (rec.key,))
        row = old.fetchone()
        if row is not None and row[1] == rec.digest:
            moved = bool(page) and page != row[3]
            if moved:
                con.execute("UPDATE sessions SET page = ? WHERE id = ?", (page, row[0]))
            return RecordOutcome(
                "unchanged", row[0], row[2], len(rec.entries), count, unknown, moved
            )
        values = (rec.event, rec.date, rec.kind, rec.family, rec.scoring, rec.status, rec.digest)
        if row is not None and not replace:
            raise InputFileError(_other(row[0], rec))
        if row is None:
            cur = con.execute(
                f"INSERT INTO sessions (key, {_SESSION}, page, source, recorded)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (rec.key, *values, page, source, stamp),
            )
            session, action = int(cur.lastrowid or 0), "added"
        else:
            session, action = int(row[0]), "replaced"
            con.execute("DELETE FROM results WHERE session = ?", (session,))
            con.execute(
                "UPDATE sessions SET event = ?, date = ?, kind = ?, family = ?, scoring = ?,"
                " status = ?, digest = ?, page = CASE WHEN ? = '' THEN page ELSE ? END,"
                " source = ?, recorded = ? WHERE id = ?",
                (*values, page, page, source, stamp, session),
            )
        _insert_entries(con, session, rec.entries, known)
    return RecordOutcome(action, session, rec.status, len(rec.entries), count, unknown)  # type: ignore[arg-type]


def _other(session: int, rec: SessionRecord) -> str:
    what = ", ".join(x for x in (rec.event or "no event", rec.date or "no date", rec.kind,
                                 rec.label) if x)  # fmt: skip
    return (
        f"session {session} ({what}) is recorded from a workbook with other results: if this"
        f" is that session corrected, record it with --replace; if it is another session,"
        f" give it a --label (afternoon, evening, ...){'' if rec.date else ' or a date'};"
        " nothing recorded"
    )


def _insert_entries(
    con: sqlite3.Connection, session: int, entries: Sequence[EntryLine], known: dict[str, str]
) -> None:
    for e in entries:
        con.execute(
            "INSERT INTO results (session, entry, direction, played, total, pct, rank,"
            " handicapped_pct, handicapped_rank, stratum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (session, e.entry, e.direction, e.played, e.total, e.pct, e.rank,
             e.handicapped_pct, e.handicapped_rank, e.stratum),
        )  # fmt: skip
        for p in e.players:
            name = p.name or (known.get(p.member, "") if p.member else "")
            con.execute(
                "INSERT INTO players (session, entry, seat, member, name) VALUES (?, ?, ?, ?, ?)",
                (session, e.entry, p.seat, p.member, name),
            )


def list_sessions(con: sqlite3.Connection) -> tuple[SessionSummary, ...]:
    """Every recorded session, by date then event."""
    rows = con.execute(
        "SELECT s.id, s.event, s.date, s.kind, s.family, s.scoring, s.status,"
        " (SELECT COUNT(*) FROM results r WHERE r.session = s.id), s.page, s.source, s.recorded,"
        " s.key FROM sessions s ORDER BY s.date, s.event, s.id"
    )
    return tuple(
        SessionSummary(i, ev, d, k, f, sc, st, n, pg, src, at, label_of(key))
        for i, ev, d, k, f, sc, st, n, pg, src, at, key in rows
    )


def label_of(key: str) -> str:
    """The label a session's key holds ("" when none).

    >>> label_of('["Club", "", "howell", "evening"]'), label_of('["Club", "", "howell"]')
    ('evening', '')
    """
    try:
        parts = json.loads(key)
    except ValueError:
        return ""
    return str(parts[3]) if isinstance(parts, list) and len(parts) > 3 else ""


def find_session(con: sqlite3.Connection, which: str) -> SessionSummary:
    """The session ``which`` names: its number, or its date when one session has it."""
    sessions = list_sessions(con)
    got = [s for s in sessions if str(s.id) == which.strip()] or [
        s for s in sessions if s.date and s.date == which.strip()
    ]
    if len(got) != 1:
        many = f"{len(got)} sessions on {which[:20]!r}; give its number" if got else ""
        raise InputFileError(
            many or f"no session {which[:20]!r} recorded (xlbridge club sessions lists them)"
        )
    return got[0]


def session_entries(con: sqlite3.Connection, session: int) -> tuple[EntryLine, ...]:
    """A recorded session's results, each with its players: by direction (in the order the
    session lists them), then by rank (unranked last), then as recorded.

    >>> from xlbridge.club.schema import open_database
    >>> con = open_database(":memory:")
    >>> lines = tuple(EntryLine(e, d, 1, 1.0, None, r, ()) for e, d, r in
    ...     (("NS 1", "NS", "2"), ("NS 2", "NS", "1"), ("EW 1", "EW", ""), ("EW 2", "EW", "1")))
    >>> rec = SessionRecord("Club", "", "mitchell", "pairs", "imps", "final", lines, "0")
    >>> n = record_session(con, rec, source="a.xlsx").session
    >>> [e.entry for e in session_entries(con, n)]
    ['NS 2', 'NS 1', 'EW 2', 'EW 1']
    """
    players: dict[str, list[PlayerLine]] = {}
    for entry, seat, member, name in con.execute(
        "SELECT entry, seat, member, name FROM players WHERE session = ? ORDER BY entry, seat",
        (session,),
    ):
        players.setdefault(entry, []).append(PlayerLine(seat, member, name))
    rows = con.execute(
        "SELECT entry, direction, played, total, pct, rank, handicapped_pct, handicapped_rank,"
        " stratum FROM results WHERE session = ? ORDER BY rowid",
        (session,),
    )
    lines = [
        EntryLine(e, d, n, t, p, rk, tuple(players.get(e, ())), hp, hr, st)
        for e, d, n, t, p, rk, hp, hr, st in rows
    ]
    groups = list(dict.fromkeys(e.direction for e in lines))

    def order(e: EntryLine) -> tuple[int, int]:
        rank = e.rank.rstrip("=")
        return groups.index(e.direction), int(rank) if rank.isdigit() else 1 << 30

    return tuple(sorted(lines, key=order))
