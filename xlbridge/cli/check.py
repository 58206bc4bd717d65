"""The ``check`` command: a second opinion on another program's published results.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> sub.choices["check"].parse_args(["results.xml"]).file
'results.xml'
"""

from __future__ import annotations

import argparse
from typing import Any

from xlbridge.cli._args import path_arg


def register(sub: Any) -> None:
    """Add the ``check`` command to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "check",
        help="score a published USEBIO (or PBN) results file again and list every figure that"
        " differs",
        description="Read a USEBIO results file (the EBU's XML, from any scoring program) or a"
        " PBN file with score tables,"
        " score every board again from the file's own traveller lines under the event's own"
        " method (the matchpoint scale its tops show, Neuberg where it factors, the cross-IMP"
        " divisor it uses, Butler), and list each stored score, matchpoint or IMP, percentage"
        " or total, place and masterpoint award that differs, with its likely cause (rounding"
        " each board before adding, an adjusted score, a tie split, a contract that is no"
        " contract). Pairs, individuals (several sections too) and teams (rooms, boards' IMPs or"
        " points, matches' VPs, totals, places) are checked. Exit status: 0"
        " when every figure agrees, 1 when any differs, 2 when the file cannot be read.",
        epilog="Example: xlbridge check results.xml\n         xlbridge check results.pbn",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("results file"),
                   help="the USEBIO file (.xml) or PBN file with score tables (.pbn)")  # fmt: skip
    p.set_defaults(handler=_check)


def _check(args: argparse.Namespace) -> int:
    from xlbridge.results.check import check_file

    report = check_file(args.file)
    print(report.text())
    return 0 if report.agrees else 1
