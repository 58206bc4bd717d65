"""``xlbridge season``: the club's competitions over the sessions recorded in its database.

This face parses the options into :class:`~xlbridge.scoring.season.SeasonOptions`, reads the
database (:mod:`xlbridge.club.season_query`, read-only), works out the table
(:func:`~xlbridge.scoring.season.season_standings`) and prints or writes it
(:mod:`xlbridge.club.season_render`).

>>> from xlbridge.cli import build_parser
>>> args = build_parser("season").parse_args(["season", "--best", "8", "--from", "2026-01-01"])
>>> o = season_options(args)
>>> o.competition, o.best, o.least(), o.start, o.end
('best', 8, 8, '2026-01-01', '')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from xlbridge.cli._args import date_arg, int_arg, path_arg, range_help
from xlbridge.limits import SEASON_BEST as BEST
from xlbridge.limits import SEASON_MINIMUM as MINIMUM
from xlbridge.limits import SEASON_WINDOW as WINDOW
from xlbridge.scoring.season import (
    COMPETITIONS,
    DEFAULT_BEST,
    DEFAULT_WINDOW,
    SeasonOptions,
)

__all__ = ["register", "season_options"]

FORMATS = ("text", "csv", "json", "html")

EXAMPLES = """\
Examples:
  xlbridge season                                   # best 10 percentages, club.sqlite
  xlbridge season --db club.sqlite --best 8 --minimum 12 --from 2026-09-01 --to 2027-08-31
  xlbridge season --competition handicap --best 6
  xlbridge season --competition improved --window 4 --minimum 10
  xlbridge season --competition attendance --format csv -o attendance.csv
  xlbridge season --include-provisional --format json
  xlbridge season --format html -o season.html --force"""


def register(sub: Any) -> None:
    """Add ``xlbridge season`` to the parser."""
    p = sub.add_parser(
        "season",
        help="the club's season: best-N averages, handicap ladder, most improved, attendance",
        description="Work out a competition over the sessions recorded in the club database"
        " (xlbridge club record), member by member (a member is their federation number, or"
        " their name when a session gave none; each player of a pair has the pair's"
        " percentage, so partnerships may change). best: the mean of each member's best N"
        " percentages; handicap: the same over handicapped percentages, handicapped sessions"
        " only; improved: the mean of a member's last K sessions minus the mean of their first"
        " K (date order; at least 2K sessions); attendance: sessions played. Members with fewer"
        " sessions than the minimum are listed below the qualifiers, unranked; ties share a"
        " rank (2=). Only final sessions count unless --include-provisional (lines that count"
        " one are marked *). The database is only read, never changed.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--db", default="club.sqlite", type=path_arg("club database"),
        help="the club database (default club.sqlite)",
    )  # fmt: skip
    p.add_argument(
        "--competition", default="best", choices=COMPETITIONS,
        help="best (default), handicap, improved or attendance",
    )  # fmt: skip
    p.add_argument(
        "--best", type=int_arg("best", BEST), default=DEFAULT_BEST, metavar="N",
        help=range_help(f"best and handicap: percentages averaged (default {DEFAULT_BEST})", BEST),
    )  # fmt: skip
    p.add_argument(
        "--minimum", type=int_arg("minimum", MINIMUM), default=None, metavar="M",
        help=range_help("sessions played to qualify (default: N for best and handicap, 2K for"
                        " improved, which never takes fewer; 1 for attendance)", MINIMUM),
    )  # fmt: skip
    p.add_argument(
        "--window", type=int_arg("window", WINDOW), default=DEFAULT_WINDOW, metavar="K",
        help=range_help(f"improved: sessions at each end compared (default {DEFAULT_WINDOW})",
                        WINDOW),
    )  # fmt: skip
    p.add_argument(
        "--from", dest="start", type=date_arg("--from"), default=None, metavar="DATE",
        help="the season's first day, ISO (2026-09-01); sessions without a date then do not"
        " count",
    )  # fmt: skip
    p.add_argument(
        "--to", dest="end", type=date_arg("--to"), default=None, metavar="DATE",
        help="the season's last day, ISO (2027-08-31)",
    )  # fmt: skip
    p.add_argument(
        "--include-provisional", action="store_true",
        help="count provisional sessions too (their lines are marked *)",
    )  # fmt: skip
    p.add_argument("--format", default="text", choices=FORMATS, help="output (default text)")
    p.add_argument(
        "-o", "--output", type=path_arg("output"),
        help="write to this file instead of standard output",
    )  # fmt: skip
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.set_defaults(handler=_season)


def season_options(args: argparse.Namespace) -> SeasonOptions:
    """The typed options of a parsed ``xlbridge season`` command line."""
    return SeasonOptions(
        competition=args.competition, best=args.best, minimum=args.minimum, window=args.window,
        start=args.start or "", end=args.end or "", include_provisional=args.include_provisional,
    )  # fmt: skip


def _season(args: argparse.Namespace) -> int:
    from xlbridge.club.season_query import open_for_reading, read_season
    from xlbridge.club.season_render import render_season
    from xlbridge.club.store import reading
    from xlbridge.errors import WorkbookError
    from xlbridge.scoring.season import season_standings

    options = season_options(args)
    from xlbridge.interchange.files import check_output, same_file

    if args.output and same_file(args.output, args.db):
        raise WorkbookError("the output would replace the club database; choose another -o file")
    if args.output:
        check_output(args.output, args.force)  # before the work
    with reading(open_for_reading(args.db)) as con:
        sessions, scores = read_season(con)
    standings = season_standings(scores, options, sessions)
    text = render_season(standings, args.format)
    if args.output:
        from xlbridge.interchange.files import write_atomically

        payload = (text.rstrip("\n") + "\n").encode()
        out = write_atomically(args.output, lambda tmp: Path(tmp).write_bytes(payload), args.force)
        print(f"wrote {out}", file=sys.stderr)
    else:
        print(text)
    if args.format != "text" or args.output:  # the text table says it below its lines
        from xlbridge.club.season_render import nobody_qualifies

        for line in nobody_qualifies(standings).splitlines():
            print(f"xlbridge season: {line}", file=sys.stderr)
    return 0
