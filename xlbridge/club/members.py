"""The club's register of members: read from a CSV file, kept in the club database, and used to
fill in the players a names file gives only by federation number.

A member is a federation (national) number, a name, and what the club knows of the player: a
handicap (percentage points) or a grade, masterpoints (stratum data), an e-mail address. Every
text stays text: a name that looks like a formula is stored as given, and every output writes
it as text (CSV through :func:`xlbridge.interchange.csvio.write_csv`).

>>> from xlbridge.club.schema import open_database
>>> con = open_database(":memory:")
>>> rows = parse_members("number,name,handicap\\n1001,Ann Lee,2.5\\n1002,=SUM(1)\\n", "m.csv")
>>> import_members(con, rows)
MembersImported(added=2, updated=0, unchanged=0, kept=())
>>> [(m.number, m.name, m.handicap) for m in list_members(con)]
[('1002', '=SUM(1)', None), ('1001', 'Ann Lee', 2.5)]
>>> fill_players(con, {"NS 1": (NamedPlayer("", "1001"), NamedPlayer("Bo Chan"))})["NS 1"][0]
NamedPlayer(name='Ann Lee', number='1001', handicap=2.5, masterpoints=None)
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from xlbridge.club.store import transaction
from xlbridge.errors import InputFileError
from xlbridge.interchange.csvio import csv_lines
from xlbridge.interchange.gate import MAX_TEXT_BYTES, read_text
from xlbridge.interchange.names import NamedPlayer
from xlbridge.limits import CLUB_MEMBERS, HANDICAP, MASTERPOINTS, MEMBER_NUMBER_TEXT, NAME_TEXT
from xlbridge.text import unsafe_char

__all__ = [
    "COLUMNS",
    "MAX_MEMBERS",
    "Member",
    "MembersFile",
    "MembersImported",
    "by_number_only",
    "fill_players",
    "import_members",
    "list_members",
    "members_by_number",
    "parse_members",
    "parse_members_file",
    "read_members",
]

COLUMNS = ("number", "name", "handicap", "grade", "masterpoints", "email")
MAX_MEMBERS = CLUB_MEMBERS
NUMBER_CHARS = MEMBER_NUMBER_TEXT
GRADE_CHARS = 20
EMAIL_CHARS = 254  # RFC 5321's longest path

_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9./-]*", re.ASCII)
_DECIMAL = re.compile(r"[+-]?[0-9]{1,9}(\.[0-9]{1,6})?", re.ASCII)
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+", re.ASCII)


@dataclass(frozen=True, slots=True)
class Member:
    """One member of the register (None or "" where the club does not know it).

    >>> Member.parse({"number": "0042", "name": " Zoë ", "masterpoints": "120.5"}, "line 2")
    Member(number='0042', name='Zoë', handicap=None, grade='', masterpoints=120.5, email='')
    """

    number: str
    name: str
    handicap: float | None = None
    grade: str = ""
    masterpoints: float | None = None
    email: str = ""

    @classmethod
    def parse(cls, fields: Mapping[str, str], where: str) -> Member:
        """A member from a row's texts by column name; a bad field is one line naming
        ``where`` (the file and line) and the column."""
        get = {k: _text(fields.get(k, ""), f"{where}: {k}") for k in COLUMNS}
        return cls(
            number=member_number(get["number"], where),
            name=_name(get["name"], where),
            handicap=_decimal(get["handicap"], f"{where}: handicap", HANDICAP),
            grade=_limited(get["grade"], f"{where}: grade", GRADE_CHARS),
            masterpoints=_decimal(get["masterpoints"], f"{where}: masterpoints", MASTERPOINTS),
            email=_email(get["email"], where),
        )

    def player(self) -> NamedPlayer:
        """The member as a names file would give them."""
        return NamedPlayer(self.name, self.number, self.handicap, self.masterpoints)


@dataclass(frozen=True, slots=True)
class MembersFile:
    """A members file read: the columns its header names (in :data:`COLUMNS` order) and its
    members (a column the file lacks is empty in each)."""

    columns: tuple[str, ...]
    members: tuple[Member, ...]


@dataclass(frozen=True, slots=True)
class MembersImported:
    """What an import did: members added, members whose details changed, members as they were,
    and the columns the file did not have, which the register kept as they were."""

    added: int
    updated: int
    unchanged: int
    kept: tuple[str, ...] = ()

    def line(self) -> str:
        """The one-line summary.

        >>> MembersImported(3, 1, 0).line()
        '3 members added, 1 updated, 0 unchanged'
        >>> MembersImported(0, 2, 1, ("grade", "email")).line()
        '0 members added, 2 updated, 1 unchanged; grade, email not in the file: kept as they were'
        """
        word = "member" if self.added == 1 else "members"
        kept = f"; {', '.join(self.kept)} not in the file: kept as they were" if self.kept else ""
        return (
            f"{self.added} {word} added, {self.updated} updated, {self.unchanged} unchanged{kept}"
        )


def _text(value: str, what: str) -> str:
    why = unsafe_char(value, keep="\t")
    if why:
        raise InputFileError(f"{what} {value[:40]!r} {why}")
    return value.replace("\t", " ").strip()


def _limited(value: str, what: str, most: int) -> str:
    if len(value) > most:
        raise InputFileError(f"{what} is {len(value):,} characters long; the limit is {most}")
    return value


def member_number(text: str, where: str) -> str:
    """A federation number as text (leading zeros kept): ASCII letters and digits, then
    possibly ``.``, ``/`` or ``-``, at most 20 characters.

    >>> member_number("007", "x")
    '007'
    >>> member_number("=1+1", "members.csv line 3")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: members.csv line 3: number '=1+1' is not a federation ...
    """
    t = text.strip()
    if not t:
        raise InputFileError(f"{where}: the number is missing")
    if len(t) > NUMBER_CHARS or not _NUMBER.fullmatch(t):
        raise InputFileError(
            f"{where}: number {t[:40]!r} is not a federation number (letters and digits 0-9,"
            f" at most {NUMBER_CHARS})"
        )
    return t


def _name(text: str, where: str) -> str:
    if not text:
        raise InputFileError(f"{where}: the name is missing")
    return _limited(text, f"{where}: name", NAME_TEXT)


def _decimal(text: str, what: str, limits: tuple[int, int]) -> float | None:
    if not text:
        return None
    if not _DECIMAL.fullmatch(text):
        raise InputFileError(f"{what} {text[:40]!r} is not a number like 12 or 2.5")
    x = float(text)
    if not limits[0] <= x <= limits[1]:
        raise InputFileError(f"{what} {text} is out of range: {limits[0]:,} to {limits[1]:,}")
    return x + 0.0


def _email(text: str, where: str) -> str:
    if text and (len(text) > EMAIL_CHARS or not _EMAIL.fullmatch(text)):
        raise InputFileError(f"{where}: email {text[:40]!r} is not an e-mail address")
    return text


def parse_members(text: str, name: str) -> tuple[Member, ...]:
    """Every member of a members CSV (:func:`parse_members_file`).

    >>> [m.name for m in parse_members("number,name\\n7,Ann\\n", "m.csv")]
    ['Ann']
    """
    return parse_members_file(text, name).members


def parse_members_file(text: str, name: str) -> MembersFile:
    """The columns and members of a members CSV (``name``: the file, for messages). The first
    line is the header: ``number`` and ``name``, and any of ``handicap, grade, masterpoints,
    email``, in any order. A bad line, or a number given twice, is one line naming the line;
    nothing is kept.

    >>> parse_members_file("name,number,email\\n", "m.csv").columns
    ('number', 'name', 'email')

    >>> parse_members("number,name\\n7,Ann\\n07,Bo\\n7,Cy\\n", "m.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: m.csv line 4: number 7 is on line 2 too
    """
    what = f"members file {name!r}"
    lines = csv_lines(text, what=what)
    head: list[str] | None = None
    out: list[Member] = []
    seen: dict[str, int] = {}
    for n, row in lines:
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if head is None:
            head = [_text(c, f"{name} line {n}").lower() for c in cells]
            unknown = [c for c in head if c not in COLUMNS]
            if unknown or "number" not in head or "name" not in head or len(set(head)) < len(head):
                raise InputFileError(
                    f"{name} line {n}: the header must name the columns number, name and any of"
                    f" handicap, grade, masterpoints, email (found {','.join(head)[:60]!r})"
                )
            continue
        if len(out) >= MAX_MEMBERS:
            raise InputFileError(f"{what} has more than {MAX_MEMBERS:,} members; the limit")
        if len(cells) > len(head):
            raise InputFileError(
                f"{name} line {n}: {len(cells)} fields, the header has {len(head)}"
            )
        member = Member.parse(dict(zip(head, cells, strict=False)), f"{name} line {n}")
        if member.number in seen:
            raise InputFileError(
                f"{name} line {n}: number {member.number} is on line {seen[member.number]} too"
            )
        seen[member.number] = n
        out.append(member)
    if head is None:
        raise InputFileError(
            f"{what} is empty: its first line must be the header {','.join(COLUMNS)}"
        )
    return MembersFile(tuple(c for c in COLUMNS if c in head), tuple(out))


def read_members(path: str | Path) -> MembersFile:
    """The members of a CSV file, read through the gate (UTF-8, UTF-16 or what Excel saves)."""
    p = Path(path)
    text = read_text(p, max_bytes=MAX_TEXT_BYTES, what="members file")
    return parse_members_file(text, p.name)


_FIELDS = "number, name, handicap, grade, masterpoints, email"


def _row(m: Member) -> tuple[str, str, float | None, str | None, float | None, str | None]:
    return (m.number, m.name, m.handicap, m.grade or None, m.masterpoints, m.email or None)


def _member(row: Sequence[object]) -> Member:
    number, name, handicap, grade, masterpoints, email = row
    return Member(
        str(number), str(name),
        None if handicap is None else float(handicap),  # type: ignore[arg-type]
        str(grade or ""),
        None if masterpoints is None else float(masterpoints),  # type: ignore[arg-type]
        str(email or ""),
    )  # fmt: skip


def import_members(
    con: sqlite3.Connection, members: Sequence[Member], columns: Sequence[str] = COLUMNS
) -> MembersImported:
    """Add ``members`` to the register, or update those whose number it has, in one
    transaction (a killed process leaves the register as it was). Only ``columns`` (those the
    file has) are changed in a member the register has: a file of numbers, names and
    handicaps keeps every e-mail, grade and masterpoints. Members not in ``members`` stay.

    >>> from xlbridge.club.schema import open_database
    >>> con = open_database(":memory:")
    >>> _ = import_members(con, [Member("1", "Ann", 2.0, "B", 10.0, "a@x.example")])
    >>> import_members(con, [Member("1", "Ann", 3.0)], ("number", "name", "handicap")).kept
    ('grade', 'masterpoints', 'email')
    >>> list_members(con)[0]
    Member(number='1', name='Ann', handicap=3.0, grade='B', masterpoints=10.0, email='a@x.example')
    """
    added = updated = unchanged = 0
    given = set(columns) | {"number", "name"}
    with transaction(con):
        for new in members:
            got = con.execute(f"SELECT {_FIELDS} FROM members WHERE number = ?", (new.number,))
            old = got.fetchone()
            if old is None:
                row = _row(new)
                con.execute(f"INSERT INTO members ({_FIELDS}) VALUES (?, ?, ?, ?, ?, ?)", row)
                added += 1
                continue
            was = _member(old)
            m = dataclasses.replace(
                was, **{c: getattr(new, c) for c in COLUMNS if c in given and c != "number"}
            )
            if was == m:
                unchanged += 1
            else:
                con.execute(
                    "UPDATE members SET name = ?, handicap = ?, grade = ?, masterpoints = ?,"
                    " email = ? WHERE number = ?", (*_row(m)[1:], m.number),
                )  # fmt: skip
                updated += 1
    return MembersImported(added, updated, unchanged, tuple(c for c in COLUMNS if c not in given))


def list_members(con: sqlite3.Connection) -> tuple[Member, ...]:
    """Every member, by name then number."""
    rows = con.execute(f"SELECT {_FIELDS} FROM members ORDER BY name, number")
    return tuple(_member(r) for r in rows)


def members_by_number(con: sqlite3.Connection, numbers: Sequence[str]) -> dict[str, Member]:
    """The members with these numbers (those the register has)."""
    out: dict[str, Member] = {}
    for n in dict.fromkeys(numbers):
        row = con.execute(f"SELECT {_FIELDS} FROM members WHERE number = ?", (n,)).fetchone()
        if row is not None:
            out[n] = _member(row)
    return out


def fill_players(
    con: sqlite3.Connection, players: Mapping[str, tuple[NamedPlayer, ...]]
) -> dict[str, tuple[NamedPlayer, ...]]:
    """``players`` (pair or player label -> its players) with each player given only by number
    (no name, or the number as the name) filled in from the register: name, and handicap and
    masterpoints where the names file gave none. A number the register lacks is one line
    naming the number and the pair.

    >>> from xlbridge.club.schema import open_database
    >>> fill_players(open_database(":memory:"), {"3": (NamedPlayer("", "9"),)})
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: pair 3: no member with number 9 in the club register
    """
    wanted = [p.number for ps in players.values() for p in ps if _by_number(p)]
    known = members_by_number(con, wanted)
    out: dict[str, tuple[NamedPlayer, ...]] = {}
    for label, ps in players.items():
        filled: list[NamedPlayer] = []
        for p in ps:
            if not _by_number(p):
                filled.append(p)
                continue
            m = known.get(p.number)
            if m is None:
                raise InputFileError(
                    f"pair {label}: no member with number {p.number} in the club register"
                )
            filled.append(
                NamedPlayer(
                    m.name, p.number,
                    m.handicap if p.handicap is None else p.handicap,
                    m.masterpoints if p.masterpoints is None else p.masterpoints,
                )
            )  # fmt: skip
        out[label] = tuple(filled)
    return out


def _by_number(p: NamedPlayer) -> bool:
    return bool(p.number) and p.name.strip() in ("", p.number)


def by_number_only(players: Mapping[str, tuple[NamedPlayer, ...]]) -> bool:
    """Whether some player is given by number only (no name, or the number as the name): the
    register must fill them (:func:`fill_players`).

    >>> by_number_only({"1": (NamedPlayer("Ann", "12"), NamedPlayer("", "34"))})
    True
    """
    return any(_by_number(p) for ps in players.values() for p in ps)
