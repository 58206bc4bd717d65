"""``xlbridge new`` for individual games (``rainbow``, ``individual-2``, ``individual-3``,
``six-couples``): the writer call, and the options individuals need that no other family adds.

``--scale``, ``--result-entry`` and ``--names`` mean the same as for pairs games (added here only
when the pairs module has not added them); the names file has one row per player: the player's
number, then the name.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.workbook.choices import RESULT_ENTRIES

if TYPE_CHECKING:
    from xlbridge.movements.model import Movement
    from xlbridge.movements.registry import KindInfo

__all__ = ["GAME", "add_options", "also_takes", "run", "write", "write_movement"]

GAME = "an individual game"  # the family's games, in the one-line refusals of ``new``

_PAIRS_EVENT_DEFAULT = "Club pairs"


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
    """Build the movement and write the individuals workbook."""
    from xlbridge.movements.options import build_movement

    _check_scoring(args)
    return write(args, build_movement(info, args))


def _check_scoring(args: argparse.Namespace) -> None:
    scoring = getattr(args, "scoring", "mp")
    if scoring != "mp":
        raise WorkbookError(
            f"--scoring {scoring}: individual games are scored by matchpoints "
            "(IMP scoring for individuals is not built yet)"
        )


def write(args: argparse.Namespace, movement: Movement) -> int:
    """Write the individuals workbook of ``movement`` (a built-in kind's, or a club's own from
    ``--movement-file``)."""
    from xlbridge.cli.new_pairs import import_engine

    _check_scoring(args)
    import_engine("xlbridge.families.individual.build")  # the engine: loaded only to write, lean
    from xlbridge.cli.new_pairs import registered
    from xlbridge.families.individual.build import write_individuals
    from xlbridge.interchange.names import read_player_names, read_players

    names = read_player_names(args.names) if args.names else {}
    given = registered(args, read_players(args.names) if args.names else {})
    players = {int(k): v[0] for k, v in given.items() if k.isdigit() and k.isascii() and v}
    names.update({k: p.name for k, p in players.items() if p.name})
    strata = None
    if args.strata is not None:
        from xlbridge.scoring.strata import Strata

        # One player: higher and average agree.
        strata = Strata.parse(args.strata, "higher", args.unknown_stratum or "lowest")
    event = "Club individual" if args.event == _PAIRS_EVENT_DEFAULT else args.event
    from xlbridge.cli.deals import hand_records_for

    records = hand_records_for(args, movement.boards)  # [] without --deals/--deal
    out = write_individuals(
        movement,
        args.output,
        event=event,
        date=args.date,
        scale=args.scale,
        result_entry=args.result_entry,
        template=args.template,
        force=args.force,
        names=names,
        hand_records=records,
        players=players,
        handicapped=args.handicap,
        strata=strata,
        masterpoints=args.masterpoints or "",
    )
    print(
        f"wrote {out}: {len(movement.boards)} boards, {len(movement.pairs)} players, "
        f"{movement.rounds} rounds" + (", hand records" if records else "")
    )
    return 0


write_movement = write  # ``new --movement-file``: a club's own individual movement
