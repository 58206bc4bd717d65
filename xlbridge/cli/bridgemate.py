"""The ``bridgemate`` command: the Bridgemate session file (``.bws``) for a workbook ``new``
wrote, so that the table devices run the evening and ``import --from FILE.bws`` reads their
results back.

>>> from xlbridge.cli import build_parser
>>> argv = ["bridgemate", "club.xlsx", "-o", "club.bws", "--setting", "LeadCard=yes"]
>>> args = build_parser("bridgemate").parse_args(argv)
>>> args.output, args.setting, args.received
('club.bws', ['LeadCard=yes'], None)
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlbridge.cli._args import path_arg
from xlbridge.errors import WorkbookError

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``xlbridge bridgemate`` to the parser."""
    p = sub.add_parser(
        "bridgemate",
        help="write the Bridgemate session file (.bws) for a session workbook",
        description="Write the Bridgemate session file (.bws, an Access 2000 database that"
        " Bridgemate Control Software 3 and later opens) from a workbook xlbridge new wrote: the"
        " section (Winners 2 for a Mitchell's two fields), its tables, the movement round by"
        " round (RoundData; an individual's four players; a team match's rooms as sections A"
        " and B), the players' names and federation numbers from the Names sheet (PlayerNumbers"
        " where they start, PlayerNames), the devices' settings (club defaults; --setting"
        " changes one) and the deals of the Hand Records sheet (HandRecord). After play, xlbridge"
        " import --from FILE.bws fills the workbook. Needs the bridgemate extra (Jackcess in"
        " Java, run through JPype with a Java runtime from PyPI). The workbook is only read.",
        epilog="Example: xlbridge bridgemate club.xlsx -o club.bws\n"
        "         xlbridge bridgemate club.xlsx -o club.bws --setting LeadCard=yes --force\n"
        "         xlbridge bridgemate club-8.xlsx --received club.bws -o club-8.bws"
        "   (after xlbridge rebuild)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("workbook"), help="the session workbook (.xlsx)")
    p.add_argument(
        "--setting", action="append", default=[], metavar="NAME=VALUE",
        help="a Bridgemate setting (the Settings table), e.g. LeadCard=yes or BM2Ranking=1;"
        " repeat for more",
    )  # fmt: skip
    p.add_argument(
        "--received", type=path_arg("session file"), default=None, metavar="OLD.bws",
        help="keep the results the devices already sent to OLD.bws (a session rebuilt during"
        " play: write the new file from the rebuilt workbook); only read",
    )  # fmt: skip
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.add_argument("-o", "--output", type=path_arg("output"), required=True,
                   help="the session file to write (.bws)")  # fmt: skip
    p.set_defaults(handler=_bridgemate)


def _bridgemate(args: argparse.Namespace) -> int:
    import dataclasses

    from xlbridge.families.registry import bridgemate_session
    from xlbridge.interchange.bws_write import parse_setting, received_rows, write_bws
    from xlbridge.interchange.files import destination

    if Path(args.output).suffix.lower() != ".bws":
        raise WorkbookError(f"output {args.output!r} must end in .bws")
    for given in (args.file, args.received):
        if given is not None and Path(given).resolve() == Path(args.output).resolve():
            raise WorkbookError(f"the output would replace {given!r}; choose another -o file")
    settings = tuple(parse_setting(s) for s in args.setting)
    session = dataclasses.replace(bridgemate_session(args.file), settings=settings)
    if args.received is not None:
        session = dataclasses.replace(session, received=received_rows(args.received))
    write_bws(session, args.output, force=args.force)
    tables = sum(x.tables for x in session.sections)
    rounds = len({r.round for r in session.rounds})
    print(
        f"wrote {destination(args.output)}: {len(session.sections)} section"
        f"{'s' if len(session.sections) != 1 else ''}, {tables} tables, {rounds} rounds,"
        f" {len(session.seats)} players seated, {len(session.hands)} hand records"
        + (f", {len(session.received)} results kept" if args.received is not None else "")
    )
    return 0
