"""The options a social workbook is written with, from its :class:`Settings` (as the rebuild
adapter gives them) or ``new``'s arguments (a :class:`SocialArgs`, as the family's
``write_new`` gives them), checked as ``new`` checks them: ``xlbridge new`` and ``xlbridge
rebuild`` both build social workbooks through :func:`options_of`.

>>> options_of(SocialArgs("rubber", rounds=2, date="2026-11-23")).event
'Home bridge'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.families.social.settings import Settings
from xlbridge.limits import NAME_TEXT
from xlbridge.text import clean_text

if TYPE_CHECKING:
    from xlbridge.families.social.marathon import MarathonOptions
    from xlbridge.families.social.pairs import PairsOptions
    from xlbridge.families.social.settings import SocialOptions

__all__ = ["SocialArgs", "options_of"]


@dataclass(frozen=True, slots=True)
class SocialArgs(Settings):
    """``new``'s arguments for a social game, with ``new``'s defaults: its :class:`Settings`
    and what ``new`` takes besides, the players' names (``"Ann,Bo,,Di"``) and the boards a
    round (a marathon's deals a match, refused by every other game)."""

    players: str | None = None
    boards_per_round: int | None = None


def options_of(s: Settings) -> SocialOptions | PairsOptions | MarathonOptions:
    """The workbook options ``new`` writes ``s.kind`` with, from its settings or arguments,
    checked as ``new`` checks them (``xlbridge rebuild`` builds social workbooks through it
    too)."""
    from xlbridge.families.social.settings import FIXED_KINDS, PAIRS_KINDS, SocialOptions

    kind = s.kind
    players, boards = (s.players, s.boards_per_round) if isinstance(s, SocialArgs) else (None, None)
    _refuse_foreign(s, kind)
    if kind == "marathon":
        return _marathon_options(s, players, boards)
    if boards is not None:
        raise WorkbookError(
            f"{kind}: --boards-per-round does not apply (a chukker is four deals; a rubber "
            "lasts until a side wins two games); use --rounds for the number of "
            "rubbers or chukkers"
        )
    if kind in PAIRS_KINDS:
        return _pairs_options(s, kind, players)
    if s.tables != 1:
        raise WorkbookError(f"{kind} is played at one table; use --tables 1")
    if kind in FIXED_KINDS and s.game not in (None, kind):
        raise WorkbookError(f"{kind}: --game {s.game} contradicts the kind")
    return SocialOptions(
        kind=kind,
        rounds=s.rounds,
        game=s.game,
        rounding=s.rounding,
        new_york=s.new_york,
        event=_event(s, "Home bridge"),
        date=s.date,
        players=_names(players),
        calcutta=s.calcutta,
        deal_rows=s.deal_rows,
        first_dealer=s.first_dealer,
    )


def _refuse_foreign(args: Settings, kind: str) -> None:
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


def _pairs_options(args: Settings, kind: str, players: str | None) -> PairsOptions:
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
        pairs=_names(players),
        calcutta=args.calcutta,
        chukkers=args.chukkers,
    )


def _marathon_options(args: Settings, players: str | None, boards: int | None) -> MarathonOptions:
    from xlbridge.families.social.marathon import MarathonOptions

    if args.calcutta or args.game not in (None, "chicago"):
        raise WorkbookError("marathon: --calcutta and --game are not used by the marathon")
    return MarathonOptions(
        pairs=args.pairs if args.pairs is not None else 2 * args.tables,
        deals=boards if boards is not None else args.deals,
        start=args.start_month.strip().capitalize(),
        event=_event(args, "Marathon"),
        date=args.date,
        names=_names(players),
    )


def _names(text: str | None) -> tuple[str, ...]:
    if text is None:
        return ()
    return tuple(clean_text(n.strip(), "player name", max_chars=NAME_TEXT)
                 for n in text.split(","))  # fmt: skip


def _event(args: Settings, default: str) -> str:
    """The event named, or this game's own name (``new`` given no ``--event``)."""
    return args.event if args.event is not None else default
