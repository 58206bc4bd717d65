"""The ``new`` command: write a session workbook that scores itself."""

from __future__ import annotations

import argparse
from typing import Any

from xlbridge.cli._args import int_arg
from xlbridge.movements.registry import KINDS, get_kind
from xlbridge.workbook.build import write_session
from xlbridge.workbook.context import RESULT_ENTRIES, SCORINGS


def register(sub: Any) -> None:
    """Add ``xlbridge new`` to the parser."""
    p = sub.add_parser(
        "new",
        help="write a session workbook (travellers, recap, cards) that scores itself",
        description="Write a session workbook for a movement: Session, Names, Movement, "
        "Table Cards, one traveller per board, Recap and Checks, scored by native formulas "
        "in Excel, LibreOffice or Google Sheets.",
        epilog="Example: xlbridge new mitchell --tables 7 --boards-per-round 3 "
        '--event "Tuesday pairs" -o tuesday.xlsx\n'
        f"Kinds: {', '.join(sorted(KINDS))}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("kind", help="movement kind, e.g. mitchell or howell")
    p.add_argument("--tables", type=int_arg("tables"), required=True, help="number of tables")
    p.add_argument(
        "--boards-per-round", type=int_arg("boards per round"), default=None, help="boards a round"
    )
    p.add_argument(
        "--rounds", type=int_arg("rounds"), default=None, help="rounds (default: the kind's)"
    )
    p.add_argument("--event", default="Club pairs", help="event name")
    p.add_argument("--date", default="", help="date printed on the sheets")
    p.add_argument("--scoring", choices=SCORINGS, default="mp", help="mp, butler or ximp")
    p.add_argument("--scale", choices=("acbl", "ebu"), default="acbl", help="matchpoint scale")
    p.add_argument("--result-entry", choices=RESULT_ENTRIES, default="made-down")
    p.add_argument("--template", default=None, help="a club's template .xlsx (styles)")
    p.add_argument("--force", action="store_true", help="replace an existing file")
    p.add_argument("-o", "--output", required=True, help="the workbook to write (.xlsx)")
    p.set_defaults(handler=_new)


def _new(args: argparse.Namespace) -> int:
    kw: dict[str, Any] = {"tables": args.tables}
    if args.boards_per_round is not None:
        kw["boards_per_round"] = args.boards_per_round
    if args.rounds is not None:
        kw["rounds"] = args.rounds
    movement = get_kind(args.kind).build(**kw)
    out = write_session(
        movement,
        args.output,
        event=args.event,
        date=args.date,
        scoring=args.scoring,
        scale=args.scale,
        result_entry=args.result_entry,
        template=args.template,
        force=args.force,
    )
    print(f"wrote {out}: {len(movement.boards)} boards, {len(movement.pairs)} pairs")
    return 0
