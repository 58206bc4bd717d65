"""``xlbridge swiss next FILE.xlsx -o NEW.xlsx``: pair the next round of a Swiss event.

The workbook's family (through :func:`xlbridge.families.registry.swiss_next`) pairs the next
round from its standings, and the rebuild engine writes the new workbook with every entry
carried; this face only parses and prints.

Example::

    $ xlbridge swiss next round1.xlsx -o round2.xlsx
    round 2: 3 v 1, 2 v 5, 4 v 6 -> round2.xlsx
"""

from __future__ import annotations

import argparse
from typing import Any

from xlbridge.cli._args import path_arg

__all__ = ["register"]


def _next(args: argparse.Namespace) -> int:
    from xlbridge.families.registry import swiss_next

    done, rebuilt = swiss_next(args.file, args.output, force=args.force)
    pairs = ", ".join(f"{a} v {b}" for a, b in done.pairing)
    print(f"round {done.round}: {pairs} -> {args.output}")
    n = len(rebuilt.not_carried)
    if n:
        print(f"{n} entr{'y' if n == 1 else 'ies'} not carried: listed on the 'Not carried' sheet")
    return 0


def register(sub: Any) -> None:
    """Add ``xlbridge swiss`` to the parser."""
    p = sub.add_parser(
        "swiss",
        help="Swiss events: pair the next round into a new workbook",
        description="Swiss events: read the entered round, compute the standings, and write a "
        "new workbook with the next round paired (no rematches) and every entered value "
        "carried over. The entered workbook is never changed.",
        epilog="Example: xlbridge swiss next round1.xlsx -o round2.xlsx",
    )
    s = p.add_subparsers(dest="swiss_command", metavar="ACTION", required=True)
    n = s.add_parser(
        "next",
        help="pair the next round",
        description="Pair the next round of a Swiss teams workbook.",
        epilog="Example: xlbridge swiss next round1.xlsx -o round2.xlsx",
    )
    n.add_argument(
        "file", type=path_arg("workbook"), help="the workbook with the last round entered (.xlsx)"
    )
    n.add_argument(
        "-o", "--output", type=path_arg("output"), required=True, help="the new workbook (.xlsx)"
    )
    n.add_argument("--force", action="store_true", help="replace an existing output file")
    n.set_defaults(handler=_next)
