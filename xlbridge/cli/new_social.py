"""``xlbridge new`` for social games (seed 002): rubber and Chicago score sheets, four to six
players changing partners, the back score and a Calcutta sheet.

Example::

    $ xlbridge new five-player --tables 1 --rounds 5 \\
          --players "Jane,Joseph,Dorothy,Edward,Martha" -o party.xlsx
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from xlbridge.cli._args import int_arg

if TYPE_CHECKING:
    from xlbridge.movements.registry import KindInfo

__all__ = ["GAME", "add_options", "run"]

GAME = "a social game"  # the family's games, in the one-line refusals of ``new``


def add_options(p: argparse.ArgumentParser) -> None:
    """Options of ``new`` that only social games have."""
    g = p.add_argument_group("social games (rubber, chicago, four/five/six-player)")
    g.add_argument(
        "--game",
        choices=("rubber", "chicago"),
        default=None,
        help="score four/five/six players as rubber or Chicago (default: rubber for four, "
        "Chicago for five and six, as Party Bridge advises)",
    )
    g.add_argument(
        "--rounding",
        choices=("up", "down"),
        default="up",
        help="net results to hundreds: 50 rounds up (US custom) or down",
    )
    g.add_argument(
        "--new-york",
        action="store_true",
        help="Chicago, New York variant: the non-dealer's side is vulnerable on deals 2 and 3",
    )
    g.add_argument(
        "--players",
        default=None,
        help="player names, comma-separated, in player-number order (rubber/chicago: North, "
        'East, South, West; pair games: one entry per pair), e.g. "Jane,Joseph,Dorothy,Edward"',
    )
    g.add_argument(
        "--first-dealer",
        choices=("N", "E", "S", "W"),
        default="N",
        help="Chicago: who deals first in each chukker (can be changed on the sheet)",
    )
    g.add_argument(
        "--progression",
        choices=("stay", "move"),
        default="stay",
        help="progressive: losers stay (table 1's go to the last table) or move up a table",
    )
    g.add_argument(
        "--vp",
        action="store_true",
        help="progressive: convert each chukker to VPs (Party Bridge's Swiss table, corrected); "
        "Swiss and round-robin pairs always use VPs",
    )
    g.add_argument(
        "--pairs",
        type=int_arg("pairs", (3, 26)),
        default=None,
        help="marathon: number of pairs (default: 2 x --tables)",
    )
    g.add_argument(
        "--start-month",
        default="September",
        help="marathon: the first month (July and August are skipped)",
    )
    g.add_argument(
        "--chukkers",
        type=int_arg("chukkers", (1, 4)),
        default=1,
        help="round-robin pairs: chukkers each pair plays against each other pair (Party Bridge: "
        "two tables, two chukkers a match, 24 deals)",
    )
    g.add_argument(
        "--calcutta",
        action="store_true",
        help="add a Calcutta sheet: owners, prices, the pool, the split and each share",
    )


# ``new``'s options of social games, by their names in the family's ``SocialArgs``.
_OPTIONS = ("game", "rounding", "new_york", "players", "first_dealer", "progression", "vp",
            "pairs", "start_month", "chukkers", "calcutta")  # fmt: skip


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Write the social workbook of the kind (its options checked by the family)."""
    from xlbridge.cli.new_pairs import request_of, write

    return write(request_of(args, info.name, {k: getattr(args, k) for k in _OPTIONS}), args,
                 "social")  # fmt: skip
