"""``xlbridge new`` for individual games (``rainbow``, ``individual-2``, ``individual-3``,
``six-couples``): the request the registry writes, and the options no other family adds.

``--scale``, ``--result-entry`` and ``--names`` mean the same as for pairs games (added here only
when the pairs module has not added them); the names file has one row per player: the player's
number, then the name.
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import TYPE_CHECKING

from xlbridge.movements.options import MovementOptions
from xlbridge.workbook.choices import RESULT_ENTRIES

if TYPE_CHECKING:
    from xlbridge.movements.model import Movement
    from xlbridge.movements.registry import KindInfo

__all__ = ["GAME", "add_options", "also_takes", "run", "write_movement"]

GAME = "an individual game"  # the family's games, in the one-line refusals of ``new``


def add_options(p: argparse.ArgumentParser) -> None:
    """Options of ``new`` for individual games, where another family has not added them."""
    have = p._option_string_actions
    g = p.add_argument_group(
        "individual games (rainbow, individual-2, individual-3, six-couples)",
        # The parser keeps descriptions as written, so the line breaks are ours.
        "matchpoints only; --scale and --result-entry as for pairs games;\n"
        "--names FILE.csv: one row per player, the player's number then the name;\n"
        "a header row player,name,number,handicap,masterpoints adds those columns;\n"
        "--handicap and --strata as for pairs games (a player's own handicap and masterpoints)",
    )
    if "--scale" not in have:
        g.add_argument("--scale", choices=("acbl", "ebu"), default="acbl", help="matchpoint scale")
    if "--result-entry" not in have:
        g.add_argument("--result-entry", choices=RESULT_ENTRIES, default="made-down")
    if "--handicap" not in have:  # as for pairs games: the player's own handicap
        g.add_argument("--handicap", action="store_true", help="handicapped results")
    if "--strata" not in have:
        g.add_argument("--strata", default=None, help="stratified results: 1000,300,0")
        g.add_argument("--strata-by", choices=("higher", "average"), default=None)
    if "--unknown-stratum" not in have:
        g.add_argument("--unknown-stratum", choices=("lowest", "highest"), default=None)
    if "--masterpoints" not in have:
        from xlbridge.cli.new_pairs import add_masterpoints_option

        add_masterpoints_option(g)
    if "--db" not in have:
        g.add_argument("--db", default=None, help="the club database (players by number)")
    if "--names" not in have:
        g.add_argument(
            "--names",
            default=None,
            metavar="FILE.csv",
            help="names: one row per pair (pairs games) or per player (individual games: "
            "the player's number, then the name)",
        )


def also_takes() -> frozenset[str]:
    """The options of ``new`` that another family's module adds and individual games take too:
    the hand-record options, and ``--scoring`` (to refuse the IMP methods in their own words).

    >>> sorted(also_takes())[:2]
    ['--deal', '--deals']
    """
    from xlbridge.cli.deals import add_new_options

    q = argparse.ArgumentParser(add_help=False)
    add_new_options(q, q)
    return frozenset(q._option_string_actions) | {"--scoring"}


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Write the individuals workbook of a built-in kind."""
    return _write(args, info.name)


# ``new``'s options of individual games, by their names in the family's ``NewOptions``.
# Their movement options: every one MovementOptions declares, refused by the movement.
_OPTIONS = ("scale", "result_entry", "handicap", "strata", "unknown_stratum", "masterpoints")


def _write(args: argparse.Namespace, kind: str, movement: Movement | None = None) -> int:
    from xlbridge.cli.new_pairs import request_of, write

    options = {k: getattr(args, k, None) for k in _OPTIONS}
    options.update(scoring=getattr(args, "scoring", "mp"), handicap=bool(args.handicap),
                   masterpoints=getattr(args, "masterpoints", None) or "")  # fmt: skip
    options.update(dataclasses.asdict(MovementOptions.of(args)))
    tables = None if movement is None else movement.tables
    request = request_of(args, kind, options, tables=tables)
    return write(dataclasses.replace(request, movement=movement), args, "individual")


def write_movement(args: argparse.Namespace, movement: Movement) -> int:
    """``new --movement-file``: the individuals workbook of a club's own individual movement."""
    return _write(args, movement.kind, movement)
