"""The ``deal`` and ``deals`` commands: deal boards into a PBN file, print hand records.

endplay (PBN reader, dealer, double-dummy solver) is imported only when a command runs, so the
``xlbridge`` start-up stays fast.

Example::

    $ xlbridge deal --boards 1-36 --seed 2026 -o boards.pbn
    $ xlbridge deals boards.pbn --analyse --format json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from xlbridge.cli._args import int_arg, path_arg, shorten
from xlbridge.errors import install_line

#: Both commands, and ``new --deal``/``--deals``, need endplay: the optional ``deals`` extra.
NEEDS = f"Needs the deals extra (endplay): {install_line('deals')}"

__all__ = ["SEED_RANGE", "boards_arg", "register"]

SEED_RANGE = (0, 2**32 - 1)
BOARDS_RANGE = (1, 1000)


def boards_arg(text: str) -> tuple[int, ...]:
    """An argparse ``type`` for ``--boards``: ``1-36``, ``1-4,9``; boards 1-1000.

    >>> boards_arg("1-3")
    (1, 2, 3)
    """
    from xlbridge.errors import DealError
    from xlbridge.interchange.deals import parse_board_range

    if len(text) > 200:
        raise argparse.ArgumentTypeError(f"boards {shorten(text)}: too long")
    try:
        return tuple(parse_board_range(text, limit=BOARDS_RANGE[1]))
    except DealError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


setattr(boards_arg, "limits", BOARDS_RANGE)  # noqa: B010 - tests check every number has a range


def register(sub: Any) -> None:
    """Add the ``deal`` and ``deals`` commands to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "deal",
        help="deal random boards into a PBN file (reproducible with --seed)",
        description="Deal random boards into a PBN file, dealer and vulnerability by board"
        " number. The same --seed and --boards always give the same deals (endplay's dealer,"
        " a numpy RandomState); without --seed the deals are unpredictable.",
        epilog=f"Example: xlbridge deal --boards 1-36 --seed 2026 -o boards.pbn\n\n{NEEDS}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--boards", required=True, type=boards_arg, metavar="RANGE",
        help="boards to deal, like 1-36 or 1-24,31 (boards 1-1000)",
    )  # fmt: skip
    p.add_argument(
        "--seed", type=int_arg("seed", SEED_RANGE), default=None,
        help=f"seed for reproducible deals ({SEED_RANGE[0]}-{SEED_RANGE[1]})",
    )  # fmt: skip
    p.add_argument("-o", "--output", required=True, type=path_arg("output"), metavar="FILE.pbn")
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.set_defaults(handler=_deal)

    q = sub.add_parser(
        "deals",
        help="print the hand records of a PBN file (double dummy and par with --analyse)",
        description="Print each board of a PBN file as a hand diagram, or as JSON. With"
        " --analyse, add what each seat makes double dummy in each strain and the par,"
        " solved by DDS on every core (a progress bar on a terminal).",
        epilog="Example: xlbridge deals boards.pbn --analyse\n"
        "         xlbridge deals boards.pbn --analyse --format json > records.json\n\n" + NEEDS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    q.add_argument("file", type=path_arg("PBN file"), help="the PBN file")
    q.add_argument("--analyse", action="store_true", help="add double-dummy tricks and par")
    q.add_argument("--format", default="text", choices=("text", "json"), help="default text")
    q.set_defaults(handler=_deals)


def _deal(args: argparse.Namespace) -> int:
    from xlbridge.interchange.deals import deal_boards, write_hand_records
    from xlbridge.interchange.files import check_output

    check_output(args.output, args.force)  # before dealing and solving each board
    records = deal_boards(args.boards, seed=args.seed)
    out = write_hand_records(records, args.output, force=args.force)
    seed = f" (seed {args.seed})" if args.seed is not None else ""
    print(f"wrote {out}: {len(records)} boards{seed}")
    return 0


def _deals(args: argparse.Namespace) -> int:
    from xlbridge.interchange.deals import analyse, read_pbn

    records = read_pbn(args.file)
    if args.analyse:
        records = analyse(records)
    write: Callable[[str], Any] = sys.stdout.write
    if args.format == "json":
        write(json.dumps([r.as_json() for r in records], indent=1) + "\n")
    else:
        blocks, event = [], ""
        for r in records:  # several events in one file: a heading where each begins
            head = f"== {r.event} ==\n" if r.event and r.event != event else ""
            event = r.event or event
            blocks.append(head + r.diagram_text())
        write("\n\n".join(blocks) + "\n")
    return 0


# -- ``xlbridge new ... --deals FILE.pbn`` / ``--deal --seed N`` ------------------------------


def add_new_options(p: argparse.ArgumentParser, group: Any) -> None:
    """The hand-record options of ``new`` (once per parser: several families call this)."""
    if "--deals" in p._option_string_actions:
        return
    group.add_argument(
        "--deals", metavar="FILE.pbn", type=path_arg("PBN file"), default=None,
        help="hand records: each board's deal from this PBN file, with its double-dummy"
        " table and par, on its traveller and on a Hand Records sheet",
    )  # fmt: skip
    group.add_argument(
        "--deal", action="store_true",
        help="hand records: deal the boards by computer (with --seed to repeat them);"
        " --deal and --deals need the deals extra",
    )  # fmt: skip
    group.add_argument(
        "--seed", type=int_arg("seed", SEED_RANGE), default=None,
        help=f"with --deal: seed for reproducible deals ({SEED_RANGE[0]}-{SEED_RANGE[1]})",
    )  # fmt: skip
