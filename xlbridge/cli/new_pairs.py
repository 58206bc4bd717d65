"""``xlbridge new`` for pairs games (Mitchell family, Howell, web, twin, ...): the options only
pairs games have, and the writer call."""

from __future__ import annotations

import argparse
from typing import Any

from xlbridge.movements.registry import KindInfo
from xlbridge.workbook.build import write_session
from xlbridge.workbook.context import RESULT_ENTRIES, SCORINGS

__all__ = ["add_options", "run"]


def add_options(p: argparse.ArgumentParser) -> None:
    """Options of ``new`` that only pairs games have."""
    g = p.add_argument_group("pairs games")
    g.add_argument("--scoring", choices=SCORINGS, default="mp", help="mp, butler or ximp")
    g.add_argument("--scale", choices=("acbl", "ebu"), default="acbl", help="matchpoint scale")
    g.add_argument("--result-entry", choices=RESULT_ENTRIES, default="made-down")


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Build the movement and write the pairs workbook."""
    kw: dict[str, Any] = {"tables": args.tables}
    if args.boards_per_round is not None:
        kw["boards_per_round"] = args.boards_per_round
    if args.rounds is not None:
        kw["rounds"] = args.rounds
    movement = info.build(**kw)
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
