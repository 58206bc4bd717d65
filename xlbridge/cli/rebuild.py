"""The ``import`` and ``rebuild`` commands: results in from an electronic scorer, and a running
session changed without losing anything, for every game family; the user's file is only read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from xlbridge.cli._args import int_arg, path_arg, range_help
from xlbridge.errors import WorkbookError
from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``xlbridge import`` and ``xlbridge rebuild`` to the parser."""
    p = sub.add_parser(
        "import",
        help="fill a session workbook's travellers from an electronic scorer's results",
        description="Read results from CSV (board,ns,ew,contract,declarer,result; also score,"
        " adjusted, round, table columns), PBN (Board, Contract, Declarer, Result tags or a"
        " ScoreTable) or a Bridgemate .bws file (table ReceivedData, read with mdbtools), and"
        " write a copy of the workbook with them typed into the travellers. Individuals: the"
        " row names the four players (CSV north,south,east,west columns; PBN North, South, East,"
        " West tags; Bridgemate's South and West columns). Teams: ns and ew are the team"
        " numbers (Marvin's game: pair numbers); room 1 is where the home team sits NS."
        " Sections (new --sections): each row's section is a CSV section column, a PBN Section"
        " tag or ScoreTable column, or the Bridgemate section's letter; its pair numbers, table"
        " and round are the section's own. Social games are refused. Rows that do not fit"
        " the movement are listed by line and board (standard error and the Checks sheet); a"
        " cell already typed is never replaced without --force. The workbook given is only read.",
        epilog="Example: xlbridge import club.xlsx --from scores.bws -o club-scored.xlsx",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("workbook"), help="the session workbook (.xlsx)")
    p.add_argument(
        "--from", dest="source", type=path_arg("results file"), required=True,
        metavar="RESULTS", help="results: .csv, .pbn or .bws",
    )  # fmt: skip
    p.add_argument("--force", action="store_true",
                   help="replace cells already typed, and an existing output file")  # fmt: skip
    p.add_argument("-o", "--output", type=path_arg("output"), required=True,
                   help="the new workbook (.xlsx)")  # fmt: skip
    p.set_defaults(handler=_import)

    p = sub.add_parser(
        "rebuild",
        help="regenerate a session workbook after a change, carrying every entry over",
        description="Write a new workbook for a changed session (more tables, a late pair, a"
        " phantom, more rounds, another movement of the same pairs) and carry over every name,"
        " result, adjusted score and typed-over score, matched by meaning: pairs by board and"
        " pair labels, individuals by board and the four players in their seats, teams by match,"
        " board and the team sitting North-South, home games by rubber, chukker, round or match"
        " and deal. What cannot be carried is listed (standard output and a 'Not carried'"
        " sheet). Settings not given come from the old workbook's Session sheet; the game family"
        " is kept. The old workbook is only read.",
        epilog="Examples:\n"
        "  xlbridge rebuild club.xlsx --tables 8 -o club-8.xlsx\n"
        "  xlbridge rebuild club16.xlsx --kind add-table -o club17.xlsx   (a table added to 16)\n"
        "  xlbridge rebuild rainbow.xlsx --tables 7 -o rainbow-7.xlsx\n"
        "  xlbridge rebuild swiss.xlsx --rounds 7 -o swiss-7.xlsx\n"
        "  xlbridge rebuild party.xlsx --rounds 6 -o party-6.xlsx",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("workbook"), help="the session workbook (.xlsx)")
    p.add_argument("--kind", default=None, help="movement kind (default: the old one)")
    p.add_argument("--tables", type=int_arg("tables", TABLES), default=None,
                   help=range_help("tables (default: the old number)", TABLES))  # fmt: skip
    p.add_argument("--rounds", type=int_arg("rounds", ROUNDS), default=None,
                   help=range_help("rounds", ROUNDS))  # fmt: skip
    p.add_argument(
        "--boards-per-round", type=int_arg("boards per round", BOARDS_PER_ROUND), default=None,
        help=range_help("boards a round (default: the old number)", BOARDS_PER_ROUND),
    )  # fmt: skip
    from xlbridge.cli.movement import add_movement_options

    add_movement_options(p, rebuild=True)  # a barometer: --kind barometer-howell
    p.add_argument("--full-table", action="store_true",
                   help="the half table is full now (a late pair takes the phantom's place):"
                   " drop a --half-table the old workbook recorded")  # fmt: skip
    p.add_argument(
        "--fouled", action="append", default=None, metavar="BOARD:TABLES",
        help="a fouled board and the tables that played it in another form, e.g. 5:1-3: each"
        " group is matchpointed on its own, then factored to the full field (Law 87, Neuberg);"
        " repeat for more boards",
    )  # fmt: skip
    p.add_argument("--template", type=path_arg("template"), default=None,
                   help="a club's template .xlsx (styles)")  # fmt: skip
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.add_argument("-o", "--output", type=path_arg("output"), required=True,
                   help="the new workbook (.xlsx)")  # fmt: skip
    p.set_defaults(handler=_rebuild)


def _same_file(a: str, b: str) -> None:
    from xlbridge.interchange.files import same_file

    if same_file(a, b):
        raise WorkbookError("the output would replace the workbook; choose another -o file")


def _rebuild(args: argparse.Namespace) -> int:
    from xlbridge.families.registry import rebuild_family
    from xlbridge.interchange.files import check_output, destination
    from xlbridge.rebuild.slots import RebuildChange

    _same_file(args.file, args.output)
    check_output(args.output, args.force)  # before the work
    from xlbridge.movements.options import option_specs

    # A family's own flags: the movement options rebuild takes, and the pairs' own two.
    flags = (*(name for name, _spec in option_specs(rebuild=True)), "full_table", "fouled")
    options = {k: getattr(args, k) for k in flags
               if getattr(args, k, None) not in (None, False, [])}  # fmt: skip
    change = RebuildChange(args.kind, args.tables, args.rounds, args.boards_per_round, options)
    res = rebuild_family(args.file, change, args.output, force=args.force,
                         template=args.template)  # fmt: skip
    for note in res.notes:
        print(f"note: {note}")
    print(
        f"wrote {destination(args.output)}: {res.describe};"
        f" carried {res.carried} of {res.entered} entered cells"
    )
    if res.not_carried:
        print(f"not carried ({len(res.not_carried)}; also on the 'Not carried' sheet):")
        for item in res.not_carried:
            print(f"  {item}")
    return 0


def _import(args: argparse.Namespace) -> int:
    from xlbridge.families.registry import import_results
    from xlbridge.interchange.files import check_output, destination
    from xlbridge.results.problems import PROVISIONAL_EXIT

    _same_file(args.file, args.output)
    _same_file(args.source, args.output)
    check_output(args.output, args.force)  # before the work
    res = import_results(args.file, args.source, args.output, force=args.force)
    for line in res.problems:
        print(f"xlbridge import: {line}", file=sys.stderr)
    for line in res.notes:
        print(f"xlbridge import: note: {line}", file=sys.stderr)
    print(
        f"wrote {destination(args.output)}: {res.filled} results filled, {res.same} already there,"
        f" {len(res.problems)} not imported"
        + (f"; {res.numbers} players' numbers on the Names sheet" if res.numbers else "")
    )
    # A row not imported is an open problem on the copy's Checks sheet, as in ``results``.
    return PROVISIONAL_EXIT if res.problems else 0
