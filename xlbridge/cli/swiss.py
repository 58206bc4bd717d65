"""``xlbridge swiss next FILE.xlsx -o NEW.xlsx``: pair the next round of a Swiss event.

The workbook's kind (on its Session sheet) chooses the event's rules; each kind names the
function that pairs it in :data:`NEXT_ROUND` (``module:function``, called as
``function(path, out, force=...)`` and returning an object with ``round`` and ``pairing``).

Example::

    $ xlbridge swiss next round1.xlsx -o round2.xlsx
    round 2: 3 v 1, 2 v 5, 4 v 6 -> round2.xlsx
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

from xlbridge.cli._args import path_arg
from xlbridge.errors import WorkbookError

__all__ = ["NEXT_ROUND", "register"]

#: Kind (Session sheet) → "module:function" that pairs its next round.
NEXT_ROUND: dict[str, str] = {
    "swiss-teams": "xlbridge.families.teams.swiss:next_swiss_teams",
    "swiss-pairs": "xlbridge.families.social.swiss:next_swiss_pairs",
}


def _kind(path: Path) -> str:
    from xlbridge.interchange.gate import load_workbook  # openpyxl: loaded only to read

    # Through the gate: a missing file, a pipe, a bomb or a damaged zip is one InputFileError line.
    wb = load_workbook(path, read_only=True, what="workbook")
    try:
        if "Session" not in wb.sheetnames:
            raise WorkbookError(f"{str(path)!r} has no Session sheet; not an xlbridge workbook")
        for row in wb["Session"].iter_rows(min_row=1, max_row=40, max_col=2, values_only=True):
            if row and row[0] in ("Kind", "Movement") and row[1]:
                return str(row[1])
    finally:
        wb.close()
    raise WorkbookError(f"{str(path)!r}: its Session sheet does not name the kind")


def _next(args: argparse.Namespace) -> int:
    path = Path(args.file)
    kind = _kind(path)
    target = NEXT_ROUND.get(kind)
    if target is None:
        raise WorkbookError(
            f"{str(path)!r} is a {kind} workbook; swiss next pairs {', '.join(sorted(NEXT_ROUND))}"
        )
    module, func = target.split(":")
    done: Any = getattr(importlib.import_module(module), func)(path, args.output, force=args.force)
    pairs = ", ".join(f"{a} v {b}" for a, b in done.pairing)
    print(f"round {done.round}: {pairs} -> {args.output}")
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
    s = p.add_subparsers(dest="swiss_command", metavar="ACTION")
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
