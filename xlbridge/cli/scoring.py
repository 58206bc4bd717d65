"""Scoring commands: ``score``, ``imps``, ``vp``, ``traveller``."""

from __future__ import annotations

import argparse
from typing import Any

from xlbridge.scoring.contract import score
from xlbridge.scoring.imps import imps


def register(sub: Any) -> None:
    """Add the scoring commands to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "score",
        help="NS score of one board (Law 77)",
        description="Print North-South's score for a contract, declarer and result.",
        epilog="Example: xlbridge score 4S N 10 --vul None   -> 420\n"
        "         xlbridge score 3NTX E -2 --board 7  -> 500",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("contract", help="4S, 3NT, 4HX, 6CXX, PASS ...")
    p.add_argument("declarer", help="N, E, S or W")
    p.add_argument("result", help="tricks taken (0-13), or =, +1, -2")
    vul = p.add_mutually_exclusive_group(required=True)
    vul.add_argument("--vul", help="None, NS, EW or All")
    vul.add_argument("--board", type=int, help="board number (gives the vulnerability)")
    p.set_defaults(handler=_score)

    p = sub.add_parser(
        "imps",
        help="IMPs for a points difference (WBF scale)",
        description="Print the IMPs for a difference in points, signed.",
        epilog="Example: xlbridge imps 420   -> 9",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("points", type=_int_arg("points"), help="difference in points")
    p.set_defaults(handler=_imps)


def _int_arg(name: str) -> Any:
    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} {text!r} is not a whole number") from None

    return parse


def _score(args: argparse.Namespace) -> int:
    vul: str | int = args.board if args.board is not None else args.vul
    print(score(args.contract, args.declarer, args.result, vul))
    return 0


def _imps(args: argparse.Namespace) -> int:
    print(imps(args.points))
    return 0
