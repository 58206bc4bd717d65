"""The options a social workbook is written with, from ``new``'s arguments (a
:class:`SocialArgs`, as the family's ``write_new`` and the rebuild adapter give them), checked
as ``new`` checks them: ``xlbridge new`` and ``xlbridge rebuild`` both build social workbooks
through :func:`options_of`.

>>> options_of(SocialArgs("rubber", rounds=2, date="2026-11-23"), "rubber").event
'Home bridge'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.limits import NAME_TEXT
from xlbridge.text import clean_text

if TYPE_CHECKING:
    from xlbridge.families.social.marathon import MarathonOptions
    from xlbridge.families.social.pairs import PairsOptions
    from xlbridge.families.social.settings import SocialOptions

__all__ = ["SocialArgs", "options_of"]


@dataclass(frozen=True, slots=True)
class SocialArgs:
    """``new``'s arguments for a social game as the library gives them (``rebuild``), with
    ``new``'s defaults."""

    kind: str
    tables: int = 1
    rounds: int | None = None
    boards_per_round: int | None = None
    event: str = "Club pairs"
    date: str = ""
    game: str | None = None
    rounding: str = "up"
    new_york: bool = False
    players: str | None = None
    first_dealer: str = "N"
    progression: str = "stay"
    vp: bool = False
    pairs: int | None = None
    start_month: str = "September"
    chukkers: int = 1
    calcutta: bool = False


def options_of(args: SocialArgs, kind: str) -> SocialOptions | PairsOptions | MarathonOptions:
    """The workbook options ``new`` writes ``kind`` with, from its arguments, checked as ``new``
    checks them (``xlbridge rebuild`` builds social workbooks through it too)."""
    from xlbridge.families.social.settings import FIXED_KINDS, PAIRS_KINDS, SocialOptions

    _refuse_foreign(args, kind)
    if kind == "marathon":
        return _marathon_options(args)
    if args.boards_per_round is not None:
        raise WorkbookError(
            f"{kind}: --boards-per-round does not apply (a chukker is four deals; a rubber "
            "lasts until a side wins two games); use --rounds for the number of "
            "rubbers or chukkers"
        )
    if kind in PAIRS_KINDS:
        return _pairs_options(args, kind)
    if args.tables != 1:
        raise WorkbookError(f"{kind} is played at one table; use --tables 1")
    if kind in FIXED_KINDS and args.game not in (None, kind):
        raise WorkbookError(f"{kind}: --game {args.game} contradicts the kind")
    return SocialOptions(
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


def _refuse_foreign(args: SocialArgs, kind: str) -> None:
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


def _pairs_options(args: SocialArgs, kind: str) -> PairsOptions:
    from xlbridge.families.social.pairs import PairsOptions

    if args.game not in (None, "chicago"):
        raise WorkbookError(f"{kind} is played as Chicago chukkers; --game {args.game} refused")
    return PairsOptions(
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


def _marathon_options(args: SocialArgs) -> MarathonOptions:
    from xlbridge.families.social.marathon import MarathonOptions

    if args.calcutta or args.game not in (None, "chicago"):
        raise WorkbookError("marathon: --calcutta and --game are not used by the marathon")
    return MarathonOptions(
        pairs=args.pairs if args.pairs is not None else 2 * args.tables,
        deals=args.boards_per_round if args.boards_per_round is not None else 20,
        start=args.start_month.strip().capitalize(),
        event=_event(args, "Marathon"),
        date=args.date,
        names=_names(args.players),
    )


def _names(text: str | None) -> tuple[str, ...]:
    if text is None:
        return ()
    return tuple(clean_text(n.strip(), "player name", max_chars=NAME_TEXT)
                 for n in text.split(","))  # fmt: skip


def _event(args: SocialArgs, default: str) -> str:
    """The ``--event`` given, or this game's own name when it was left at the pairs default."""
    return args.event if args.event != "Club pairs" else default
