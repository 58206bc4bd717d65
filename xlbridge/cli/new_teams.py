"""``xlbridge new`` for team games (head-to-head, round robins, board-a-match, knockout, Swiss
teams, Marvin's six-pair game): the options only team games have, and the request.

``--boards-per-round`` means: boards a half (head-to-head, knockout segments), boards a round
(three-team round robin), boards a match (four-team round robin, board-a-match, Swiss);
Marvin's kinds carry the match length in their name. ``--tables`` is the number of teams for
board-a-match, knockout and Swiss teams.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from xlbridge.cli._args import float_arg, int_arg, range_help
from xlbridge.limits import CARRY_OVER, SEGMENTS
from xlbridge.scoring.vp import TEAM_SCALES, VP_SCALES

if TYPE_CHECKING:
    from xlbridge.movements.registry import KindInfo

__all__ = ["GAME", "add_options", "run"]

GAME = "a team game"  # the family's games, in the one-line refusals of ``new``


def add_options(p: argparse.ArgumentParser) -> None:
    """Options of ``new`` that only team games have."""
    g = p.add_argument_group("team games")
    if "--vp-scale" not in p._option_string_actions:
        g.add_argument(
            "--vp-scale",
            choices=VP_SCALES,
            default="wbf",
            help=f"VP scale (default wbf, WBF 2013); team matches take {', '.join(TEAM_SCALES)}",
        )
    if "--win-loss" not in p._option_string_actions:
        g.add_argument(
            "--win-loss",
            action="store_true",
            help="score matches 1 / 1/2 / 0 (3/4-1/4 for a win by 1-2 IMPs) instead of VPs",
        )
    if "--names" not in p._option_string_actions:
        g.add_argument(
            "--names",
            default=None,
            metavar="FILE.csv",
            help="team names: one row per team, the team number then the players' names",
        )
    if "--masterpoints" not in p._option_string_actions:
        from xlbridge.cli.new_pairs import add_masterpoints_option

        add_masterpoints_option(g)
    g.add_argument(
        "--no-three-quarter",
        action="store_true",
        help="with --win-loss: a win by 1-2 IMPs is a full win",
    )
    g.add_argument(
        "--carry-over",
        type=float_arg("carry-over", CARRY_OVER),
        default=0,
        help=range_help(
            "IMPs the home team starts with (head-to-head, knockout); negative: the away team",
            CARRY_OVER,
        ),
    )
    g.add_argument(
        "--segments",
        type=int_arg("segments", SEGMENTS),
        default=2,
        help=range_help("segments (halves) of a head-to-head or knockout", SEGMENTS),
    )
    g.add_argument(
        "--team-scoring",
        choices=("imps", "bam"),
        default=None,
        help="imps or bam (board-a-match); default bam for board-a-match, else imps "
        "(board-a-match --team-scoring imps: an IMP round robin for 3-8 teams)",
    )


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Write the teams workbook of the kind."""
    from xlbridge.cli.new_pairs import request_of, write

    options = {
        "segments": getattr(args, "segments", 2),
        "team_scoring": getattr(args, "team_scoring", None),
        "vp_scale": getattr(args, "vp_scale", "wbf"),
        "win_loss": bool(getattr(args, "win_loss", False)),
        "no_three_quarter": bool(getattr(args, "no_three_quarter", False)),
        "carry_over": getattr(args, "carry_over", 0) or 0,
        "masterpoints": getattr(args, "masterpoints", None) or "",
    }
    return write(request_of(args, info.name, options), args, "teams")
