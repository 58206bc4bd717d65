"""The options a social workbook is written with (seed 002), and the names of its kinds.

>>> SocialOptions("rubber").kind, PLAYER_KINDS["five-player"]
('rubber', 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlbridge.errors import WorkbookError
from xlbridge.families.social.sheet import GAMES, RUBBER_DEAL_ROWS

__all__ = [
    "DEFAULT_GAME",
    "FIXED_KINDS",
    "PLAYERS",
    "PLAYERS_FIRST",
    "PLAYER_KINDS",
    "ROUNDINGS",
    "SEATS",
    "SocialOptions",
    "check_name_count",
]


FIXED_KINDS = ("rubber", "chicago")


PLAYER_KINDS = {"four-player": 4, "five-player": 5, "six-player": 6}


DEFAULT_GAME = {"four-player": "rubber", "five-player": "chicago", "six-player": "chicago"}


SEATS = ("North", "East", "South", "West")


PLAYERS = "Players"


PLAYERS_FIRST = 4


ROUNDINGS = ("up", "down")


@dataclass(frozen=True, slots=True)
class SocialOptions:
    """What a social workbook contains.

    ``rounds``: rubbers or chukkers (``None``: the kind's default). ``game``: ``rubber`` or
    ``chicago`` for the player kinds (default rubber for four players, Chicago for five and six;
    seed 002). ``players``: names, in player-number order (fixed kinds: North, East, South,
    West).
    """

    kind: str
    rounds: int | None = None
    game: str | None = None
    rounding: str = "up"
    new_york: bool = False
    event: str = "Home bridge"
    date: str = ""
    players: tuple[str, ...] = ()
    calcutta: bool = False
    deal_rows: int = RUBBER_DEAL_ROWS
    first_dealer: str = "N"

    def __post_init__(self) -> None:
        if self.kind not in FIXED_KINDS and self.kind not in PLAYER_KINDS:
            raise WorkbookError(
                f"{self.kind} has no social workbook yet; social workbooks: "
                f"{', '.join((*FIXED_KINDS, *PLAYER_KINDS))}"
            )
        if self.rounding not in ROUNDINGS:
            raise WorkbookError(f"rounding {self.rounding!r} is not 'up' or 'down'")
        if self.game is not None and self.game not in GAMES:
            raise WorkbookError(f"game {self.game!r} is not 'rubber' or 'chicago'")
        if self.kind in FIXED_KINDS and self.game not in (None, self.kind):
            raise WorkbookError(f"{self.kind} is scored as {self.kind}, not {self.game}")
        if self.new_york and self.scoring != "chicago":
            raise WorkbookError("--new-york is a Chicago variant; this game is scored as rubber")
        if self.rounds is not None and not 1 <= self.rounds <= 60:
            raise WorkbookError(f"{self.rounds} rubbers or chukkers; use 1-60")
        if not 4 <= self.deal_rows <= 40:
            raise WorkbookError(f"{self.deal_rows} deal rows a rubber; use 4-40")
        if self.first_dealer not in ("N", "E", "S", "W"):
            raise WorkbookError(f"first dealer {self.first_dealer!r} is not N, E, S or W")
        check_name_count(self.players, self.player_count, "player")

    @property
    def scoring(self) -> str:
        """``rubber`` or ``chicago``."""
        if self.kind in FIXED_KINDS:
            return self.kind
        return self.game or DEFAULT_GAME[self.kind]

    @property
    def player_count(self) -> int:
        return PLAYER_KINDS.get(self.kind, 4)

    @property
    def what(self) -> str:
        """``Rubber`` or ``Chukker``."""
        return "Rubber" if self.scoring == "rubber" else "Chukker"


def check_name_count(names: Sequence[str], count: int, what: str) -> None:
    """Refuse a names list (``--players``) that does not give one entry per player or pair.

    An entry may be empty, to be typed on the sheet later; no list at all is fine too.

    >>> check_name_count(("Ann", "", "Cy", "Di"), 4, "player")
    >>> check_name_count(("Ann", "Bo", "Cy"), 4, "player")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: 3 player names for 4 players: give one for each, ...
    """
    if names and len(names) != count:
        raise WorkbookError(
            f"{len(names)} {what} names for {count} {what}s: give one for each, in number order "
            '(an entry may be empty, as in "Ann,,Cy,Di", to type it later)'
        )
