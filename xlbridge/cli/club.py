"""``xlbridge club``: the club's register of members and its recorded sessions, in one SQLite
file (``club.sqlite`` in the working folder unless ``--db`` names another).

The face reads files (a members CSV, a filled workbook through its family's reader) and prints;
the club kit (:mod:`xlbridge.club`) keeps the database.

>>> from xlbridge.cli import build_parser
>>> args = build_parser("club").parse_args(["club", "members", "--format", "csv"])
>>> args.format, args.db
('csv', 'club.sqlite')
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from xlbridge.cli._args import path_arg
from xlbridge.club.schema import DEFAULT_DB
from xlbridge.limits import PAGE_TEXT

if TYPE_CHECKING:
    from xlbridge.club.sessions import EntryLine

__all__ = ["register"]

FORMATS = ("text", "csv", "json")


def _say(command: str, text: str) -> None:
    print(f"xlbridge club {command}: {text}", file=sys.stderr)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]], fmt: str) -> str:
    """Rows as an aligned text table, CSV (every field safe in a spreadsheet) or JSON."""
    if fmt == "json":
        keys = [h.lower().replace(" ", "_") for h in header]
        return json.dumps([dict(zip(keys, r, strict=True)) for r in rows], ensure_ascii=False,
                          indent=1)  # fmt: skip
    if fmt == "csv":
        from xlbridge.results.read_family import to_csv

        return to_csv(header, [dict(zip(header, r, strict=True)) for r in rows])
    from xlbridge.results.read_family import table_text

    return table_text([list(header), *rows], left=tuple(range(len(header))))


def _import_members(args: argparse.Namespace) -> int:
    from xlbridge.club.members import import_members, read_members
    from xlbridge.club.store import open_club

    got = read_members(args.file)  # every line checked before the database is opened
    con = open_club(args.db, create=True)
    done = import_members(con, got.members, got.columns)
    print(f"{done.line()} ({args.db})")
    return 0


def _members(args: argparse.Namespace) -> int:
    from xlbridge.club.members import COLUMNS, list_members
    from xlbridge.club.store import open_club, reading

    with reading(open_club(args.db, create=False)) as con:
        members = list_members(con)
    rows = [[m.number, m.name, m.handicap, m.grade, m.masterpoints, m.email] for m in members]
    if args.format == "text" and not rows:
        print(f"no members in {args.db}")
        return 0
    print(_table([c.capitalize() for c in COLUMNS] if args.format == "text" else COLUMNS, rows,
                 args.format))  # fmt: skip
    return 0


def _record(args: argparse.Namespace) -> int:
    from xlbridge.families.registry import record_workbook

    got = record_workbook(args.file, args.db, page=args.page, label=args.label,
                          replace=args.replace)  # fmt: skip
    rec, done = got.record, got.outcome
    what = ", ".join(x for x in (rec.event or "no event", rec.date or "no date", rec.kind,
                                 rec.label) if x)  # fmt: skip
    print(done.line(what))
    if done.action == "unchanged":
        return 0
    for entry, name in rec.players_without_number():
        _say("record", f"{entry}: {name} has no federation number (recorded without one)")
    for number in done.unknown_members:
        _say("record", f"number {number} is not in the register (recorded as given)")
    for name, entries in rec.alike():
        listed = ", ".join(entries[:4])
        _say("record", f"{len(entries)} players without a number are named {name!r} ({listed}):"
             " the season cannot tell them apart and counts none of them; give them numbers or"
             " distinct names, then record again with --replace")  # fmt: skip
    empty = [e.entry for e in rec.entries if not e.players]
    if empty:
        listed = ", ".join(empty[:8]) + (", ..." if len(empty) > 8 else "")
        _say("record", f"{len(empty)} entries name no player (no players recorded): {listed}")
    if rec.status == "provisional":
        n = got.open_problems
        _say("record", f"{n} problem(s) open: recorded as provisional (xlbridge results FILE"
             " lists them; record it again with --replace once they are solved)")  # fmt: skip
    return 0


def _sessions(args: argparse.Namespace) -> int:
    from xlbridge.club.sessions import list_sessions
    from xlbridge.club.store import open_club, reading

    with reading(open_club(args.db, create=False)) as con:
        got = list_sessions(con)
    if args.format == "text" and not got:
        print(f"no sessions recorded in {args.db}")
        return 0
    head = ["Session", "Date", "Event", "Label", "Kind", "Family", "Scoring", "Status", "Entries",
            "Page"]  # fmt: skip
    rows = [[s.id, s.date, s.event, s.label, s.kind, s.family, s.scoring, s.status, s.entries,
             s.page] for s in got]  # fmt: skip
    print(_table(head, rows, args.format))
    return 0


def _players(e: EntryLine) -> str:
    names = [p.name + (f" ({p.member})" if p.member else "") for p in e.players]
    return (" & " if len(names) < 3 else ", ").join(names)


# The columns `club show` adds when a session has them: (heading, the entry's value).
_RECORDED: tuple[tuple[str, Callable[[EntryLine], str | float | None]], ...] = (
    ("Hcp Pct", lambda e: e.handicapped_pct),
    ("Hcp Rank", lambda e: e.handicapped_rank),
    ("Stratum", lambda e: e.stratum),
)


def _show(args: argparse.Namespace) -> int:
    from xlbridge.club.sessions import find_session, session_entries
    from xlbridge.club.store import open_club, reading

    with reading(open_club(args.db, create=False)) as con:
        s = find_session(con, args.session)
        entries = session_entries(con, s.id)
    head = ["Rank", "Entry", "Dir", "Played", "Total", "Pct", "Players"]
    rows = [[e.rank, e.entry, e.direction, e.played, e.total, e.pct, _players(e)]
            for e in entries]  # fmt: skip
    # What `record` kept of a handicapped or stratified session, shown when it was one.
    for title, get in _RECORDED if args.format != "json" else ():
        if any(get(e) is not None for e in entries):
            head.insert(-1, title)
            for row, e in zip(rows, entries, strict=True):
                row.insert(-1, "" if get(e) is None else get(e))
    if args.format == "text":
        label = f" ({s.label})" if s.label else ""
        print(f"Session {s.id}: {s.event}{label}, {s.date or 'no date'} ({s.kind}, {s.status})")
        print(_table(head, rows, "text"))
    elif args.format == "csv":
        print(_table(head, rows, "csv"))
    else:
        shown = {k: v for k, v in asdict(s).items() if k != "source"}
        listed = [
            {**dict(zip(("rank", "entry", "dir", "played", "total", "pct"), row, strict=False)),
             "handicapped_pct": e.handicapped_pct, "handicapped_rank": e.handicapped_rank,
             "stratum": e.stratum, "players": [asdict(p) for p in e.players]}
            for row, e in zip(rows, entries, strict=True)
        ]  # fmt: skip
        print(json.dumps({"session": shown, "entries": listed}, ensure_ascii=False, indent=1))
    return 0


def register(sub: Any) -> None:
    """Add ``xlbridge club`` and its actions to the parser."""
    p = sub.add_parser(
        "club",
        help="the club's register of members and its recorded sessions (a SQLite file)",
        description="Keep the club's members and every session played in one SQLite database"
        f" ({DEFAULT_DB} in the working folder unless --db names another): import the register"
        " from a CSV file, record each filled session workbook, list what is recorded. Every"
        " write is one transaction: a failed or interrupted command leaves the database as it"
        " was.",
        epilog="Example: xlbridge club import-members members.csv\n"
        "         xlbridge club record tuesday.xlsx --page https://club.example/tuesday.html",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    s = p.add_subparsers(dest="club_command", metavar="ACTION", required=True)
    for name, handler, formats, helps, description, example in _ACTIONS:
        a = s.add_parser(name, help=helps, description=description, epilog=f"Example: {example}")
        if name == "import-members":
            a.add_argument("file", type=path_arg("members file"), help="the members file (.csv)")
        elif name == "record":
            a.add_argument("file", type=path_arg("workbook"), help="the filled workbook (.xlsx)")
            a.add_argument(
                "--page", default="", metavar="URL-or-path",
                help=f"the session's results page, kept with the session (at most {PAGE_TEXT}"
                " characters)",
            )  # fmt: skip
            a.add_argument(
                "--label", default="", metavar="TEXT",
                help="tells sessions of one event on one day apart (afternoon, evening; at most"
                " 40 characters); part of the session's identity",
            )  # fmt: skip
            a.add_argument(
                "--replace", action="store_true",
                help="this workbook is the recorded session corrected: replace its results",
            )  # fmt: skip
        elif name == "show":
            a.add_argument("session", help="the session's number, or its date (yyyy-mm-dd)")
        if formats:
            a.add_argument(
                "--format", default="text", choices=FORMATS, help="output (default text)"
            )
        a.add_argument(
            "--db", default=DEFAULT_DB, type=path_arg("database"),
            help=f"the club database (default {DEFAULT_DB} in the working folder)",
        )  # fmt: skip
        a.set_defaults(handler=handler)


# name, handler, whether it takes --format, help, description, example
_ACTIONS: tuple[tuple[str, Callable[[argparse.Namespace], int], bool, str, str, str], ...] = (
    (
        "import-members", _import_members, False, "add or update members from a CSV file",
        "Read members from a CSV file whose first line is the header number,name,handicap,"
        "grade,masterpoints,email (number and name required, the others optional, any order)"
        " and add them to the register, updating the members whose number it has already (only"
        " the columns the file has: the others keep what the register holds)."
        " A bad line, or a number given twice, is refused with its line number and nothing is"
        " changed. Names stay text, also those that look like formulas.",
        "xlbridge club import-members members.csv --db club.sqlite",
    ),
    (
        "members", _members, True, "list the register",
        "List the members of the register by name: number, name, handicap, grade,"
        " masterpoints, e-mail.",
        "xlbridge club members --format csv > members.csv",
    ),
    (
        "record", _record, False, "record a filled session workbook's results",
        "Read a filled pairs, individuals or teams workbook (never changing it), score it again"
        " in Python and record its results and players. A session is known by its event, its"
        " date (yyyy-mm-dd), its kind and --label (none by default): recording the same workbook"
        " again changes nothing; a workbook of a recorded session's identity with other results"
        " is refused until you say which it is: --replace (the session corrected) or another"
        " --label (another session, such as the evening after the afternoon). A member's number"
        " in two seats, or a Session date that is no date, is refused. A session with problems"
        " open is recorded as provisional. Each player without a federation number is named on"
        " standard error. Social games are not recorded.",
        "xlbridge club record tuesday.xlsx --page results/tuesday.html",
    ),
    (
        "sessions", _sessions, True, "list the recorded sessions",
        "List the recorded sessions by date: number, date, event, kind, family, scoring,"
        " status (final or provisional), entries, results page.",
        "xlbridge club sessions --format json",
    ),
    (
        "show", _show, True, "show a recorded session's results",
        "Show a recorded session's results, each entry with its players and their federation"
        " numbers. SESSION is its number (xlbridge club sessions), or its date when only one"
        " session has it. JSON gives the session and its entries, each with a list of players.",
        "xlbridge club show 3",
    ),
)  # fmt: skip
