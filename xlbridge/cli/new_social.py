"""``xlbridge new`` for social games (seed 002): rubber and Chicago score sheets, four to six
players changing partners, the back score and a Calcutta sheet.

Example::

    $ xlbridge new five-player --tables 1 --rounds 5 \\
          --players "Jane,Joseph,Dorothy,Edward,Martha" -o party.xlsx
"""

from __future__ import annotations

import argparse

from xlbridge.cli._args import int_arg
from xlbridge.errors import WorkbookError
from xlbridge.limits import NAME_TEXT
from xlbridge.movements.registry import KindInfo
from xlbridge.workbook.text import clean_text

__all__ = ["add_options", "run"]


def add_options(p: argparse.ArgumentParser) -> None:
    """Options of ``new`` that only social games have."""
    g = p.add_argument_group("social games (rubber, chicago, four/five/six-player)")
    g.add_argument(
        "--game",
        choices=("rubber", "chicago"),
        default=None,
        help="score four/five/six players as rubber or Chicago (default: rubber for four, "
        "Chicago for five and six, as seed 002 advises)",
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
        help="progressive: convert each chukker to VPs (seed 002's Swiss table, corrected); "
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
        help="round-robin pairs: chukkers each pair plays against each other pair (seed 002: "
        "two tables, two chukkers a match, 24 deals)",
    )
    g.add_argument(
        "--calcutta",
        action="store_true",
        help="add a Calcutta sheet: owners, prices, the pool, the split and each share",
    )


def _names(text: str | None) -> tuple[str, ...]:
    if text is None:
        return ()
    return tuple(clean_text(n.strip(), "player name", max_chars=NAME_TEXT)
                 for n in text.split(","))  # fmt: skip


def _event(args: argparse.Namespace, default: str) -> str:
    """The ``--event`` given, or this game's own name when it was left at the pairs default."""
    return args.event if args.event != "Club pairs" else default


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Check the options for this kind and write the social workbook."""
    # The engines are loaded only to write, so that building the parser stays cheap.
    from xlbridge.cli.new_pairs import import_engine

    import_engine("xlbridge.workbook.social")
    from xlbridge.workbook.social import FIXED_KINDS, SocialOptions, write_social
    from xlbridge.workbook.social_pairs import PAIRS_KINDS

    kind = info.name
    _refuse_foreign(args, kind)
    if kind == "marathon":
        return _run_marathon(args)
    if args.boards_per_round is not None:
        raise WorkbookError(
            f"{kind}: --boards-per-round does not apply (a chukker is four deals; a rubber "
            "lasts until a side wins two games); use --rounds for the number of "
            "rubbers or chukkers"
        )
    if kind in PAIRS_KINDS:
        return _run_pairs(args, kind)
    if args.tables != 1:
        raise WorkbookError(f"{kind} is played at one table; use --tables 1")
    if kind in FIXED_KINDS and args.game not in (None, kind):
        raise WorkbookError(f"{kind}: --game {args.game} contradicts the kind")
    opt = SocialOptions(
        kind=kind,
        rounds=args.rounds,
        game=args.game,
        rounding=args.rounding,
        new_york=args.new_york,
        event=_event(args, "Home bridge"),
        date=args.date,
        players=_names(args.players),
        calcutta=args.calcutta,
        first_dealer=args.first_dealer,
    )
    out = write_social(opt, args.output, template=args.template, force=args.force)
    print(f"wrote {out}: {kind}, scored as {opt.scoring}")
    return 0


def _refuse_foreign(args: argparse.Namespace, kind: str) -> None:
    """One line for an option that belongs to another social game."""
    foreign = [
        ("--pairs", args.pairs is not None, kind == "marathon"),
        ("--start-month", args.start_month != "September", kind == "marathon"),
        ("--progression", args.progression != "stay", kind == "progressive"),
        ("--vp", args.vp, kind == "progressive"),
        ("--chukkers", args.chukkers != 1, kind == "round-robin-pairs"),
        ("--new-york", args.new_york, kind != "marathon"),
    ]
    for flag, given, allowed in foreign:
        if given and not allowed:
            raise WorkbookError(f"{kind}: {flag} does not apply to this game")


def _run_pairs(args: argparse.Namespace, kind: str) -> int:
    from xlbridge.workbook.social_pairs import PairsOptions, write_pairs_event

    if args.game not in (None, "chicago"):
        raise WorkbookError(f"{kind} is played as Chicago chukkers; --game {args.game} refused")
    opt = PairsOptions(
        kind=kind,
        tables=args.tables,
        rounds=args.rounds,
        variant=args.progression,
        vps=args.vp,
        rounding=args.rounding,
        new_york=args.new_york,
        event=_event(args, "Bridge party"),
        date=args.date,
        pairs=_names(args.players),
        calcutta=args.calcutta,
        chukkers=args.chukkers,
    )
    out = write_pairs_event(opt, args.output, template=args.template, force=args.force)
    print(f"wrote {out}: {kind}, {2 * opt.tables} pairs, {opt.round_count} rounds")
    return 0


def _run_marathon(args: argparse.Namespace) -> int:
    from xlbridge.workbook.social_marathon import MarathonOptions, write_marathon

    if args.calcutta or args.game not in (None, "chicago"):
        raise WorkbookError("marathon: --calcutta and --game are not used by the marathon")
    opt = MarathonOptions(
        pairs=args.pairs if args.pairs is not None else 2 * args.tables,
        deals=args.boards_per_round if args.boards_per_round is not None else 20,
        start=args.start_month.strip().capitalize(),
        event=_event(args, "Marathon"),
        date=args.date,
        names=_names(args.players),
    )
    out = write_marathon(opt, args.output, template=args.template, force=args.force)
    print(f"wrote {out}: marathon, {opt.pairs} pairs")
    return 0
