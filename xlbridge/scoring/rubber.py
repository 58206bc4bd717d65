"""Rubber bridge: deals, the score sheet above and below the line, the rubber and its net result.

Trick scores, slam premiums, overtricks, undertricks and the insult are the Law 77 values
(rules.md §1, reused from :mod:`xlbridge.scoring.contract`). Rubber differs from duplicate
(rules.md §2): only tricks bid count below the line towards game (100); a side is vulnerable once
it has won a game; there is no partscore premium and no game premium, but a rubber bonus of 700
(opponents without a game) or 500; honours count for the side that holds them; an unfinished
rubber scores 300 for the only completed game and 100 if only one side has a partscore in the
unfinished game (1993 Law 80). Net results round to hundreds, 50 up by default.

Seed 002's typical rubber (WE = North-South, THEY = East-West):

>>> r = Rubber.of("2S N 9", "6D E 12", "2HXX S 8 100", "3NT W 9")
>>> r.total(Side.NS), r.total(Side.EW), r.net(Side.EW), r.rounded_net(Side.EW)
(530, 1220, 690, 7)
>>> r.winner
Side.EW
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from xlbridge.errors import ResultError, ScoreSheetError, SeatError
from xlbridge.scoring.contract import (
    GAME_TRICK_SCORE,
    GRAND_SLAM_PREMIUM,
    INSULT,
    SMALL_SLAM_PREMIUM,
    overtrick_value,
    trick_score,
    undertrick_penalty,
)
from xlbridge.types import Contract, Seat, Side, Strain, tricks_taken

__all__ = [
    "RUBBER_BONUS",
    "UNFINISHED_GAME_BONUS",
    "UNFINISHED_PARTSCORE_BONUS",
    "Deal",
    "Honours",
    "Line",
    "Rounding",
    "Rubber",
    "ScoreItem",
    "ScoreSheetError",
    "contract_items",
    "round_hundreds",
]

# Law 74 (rules.md §2): (opponents won no game, opponents won one game).
RUBBER_BONUS = (700, 500)
# 1993 Law 80 (rules.md §2; seed 002's "100 for any partscore" is corrected there).
UNFINISHED_GAME_BONUS = 300
UNFINISHED_PARTSCORE_BONUS = 100


def _side_index(side: Side) -> int:
    return 0 if side is Side.NS else 1


class Rounding(enum.Enum):
    """How a net score ending in 50 rounds to hundreds (seed 002, rules.md §2).

    ``HALF_UP``: 50 counts as 100 and -50 as -100 (the US custom, the default).
    ``HALF_DOWN``: the 50 is dropped (customary elsewhere). Both are symmetric about zero, so
    the two sides' rounded results still cancel.
    """

    HALF_UP = "up"
    HALF_DOWN = "down"

    def __repr__(self) -> str:
        return f"Rounding.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | Rounding) -> Rounding:
        """Read ``up`` or ``down`` (any case; also the member names).

        >>> Rounding.parse("Down")
        Rounding.HALF_DOWN
        """
        if isinstance(text, Rounding):
            return text
        key = str(text).strip().lower().replace("_", "-")
        for member in cls:
            if key in (member.value, member.name.lower().replace("_", "-")):
                return member
        raise ScoreSheetError(f"rounding {text!r} is not 'up' or 'down'")


def round_hundreds(points: int, rounding: Rounding = Rounding.HALF_UP) -> int:
    """Net points rounded to the nearest hundred, in hundreds (seed 002: +840 is +8, -1650 is -17).

    >>> round_hundreds(690), round_hundreds(-1650), round_hundreds(50), round_hundreds(-50)
    (7, -17, 1, -1)
    >>> round_hundreds(-1650, Rounding.HALF_DOWN), round_hundreds(50, Rounding.HALF_DOWN)
    (-16, 0)
    """
    hundreds, rest = divmod(abs(points), 100)
    if rest > 50 or (rest == 50 and rounding is Rounding.HALF_UP):
        hundreds += 1
    return hundreds if points >= 0 else -hundreds


class Honours(enum.Enum):
    """Honours held in one hand, by their value (rules.md §2; not affected by doubling).

    ``FOUR`` (100): four of the five trump honours (A K Q J 10). ``FULL`` (150): all five trump
    honours in a suit contract, or all four aces at no-trumps. ``str()`` is the value.

    >>> Honours.parse("100"), Honours.parse("4 aces", Strain.NT), str(Honours.FULL)
    (Honours.FOUR, Honours.FULL, '150')
    """

    NONE = ""
    FOUR = "100"
    FULL = "150"

    def __repr__(self) -> str:
        return f"Honours.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def points(self) -> int:
        """0, 100 or 150."""
        return int(self.value or 0)

    @classmethod
    def parse(cls, text: str | int | Honours, strain: Strain | None = None) -> Honours:
        """Read ``""``, ``0``, ``100``, ``150`` or words: ``4 honours``, ``5 honours``, ``4 aces``.

        With ``strain`` given, honours that cannot exist in that strain are refused: four trump
        honours at no-trumps, four aces in a suit contract.
        """
        if isinstance(text, Honours):
            found = text
            key = ""
        else:
            if isinstance(text, bool) or not isinstance(text, str | int):
                raise ScoreSheetError(f"honours {text!r} are not '', 100, 150 or e.g. '4 aces'")
            key = re.sub(r"[\s_-]+", " ", str(text).strip().lower())
            if key not in _HONOUR_WORDS:
                raise ScoreSheetError(
                    f"honours {text!r} are not '', 100, 150, '4 honours', '5 honours' or '4 aces'"
                )
            found = _HONOUR_WORDS[key]
        if strain is not None:
            if strain is Strain.NT and found is cls.FOUR:
                raise ScoreSheetError(
                    f"honours {text!r} at no-trumps: only all four aces (150) count there"
                )
            if strain is not Strain.NT and "ace" in key:
                raise ScoreSheetError(
                    f"honours {text!r} in a {strain} contract: aces count only at no-trumps"
                )
        return found


_HONOUR_WORDS = {
    "": Honours.NONE, "0": Honours.NONE, "none": Honours.NONE, "no": Honours.NONE,
    "100": Honours.FOUR, "4 honours": Honours.FOUR, "4 honors": Honours.FOUR,
    "four honours": Honours.FOUR, "four honors": Honours.FOUR,
    "150": Honours.FULL, "5 honours": Honours.FULL, "5 honors": Honours.FULL,
    "five honours": Honours.FULL, "five honors": Honours.FULL, "all honours": Honours.FULL,
    "all honors": Honours.FULL, "4 aces": Honours.FULL, "four aces": Honours.FULL,
    "all aces": Honours.FULL, "aces": Honours.FULL,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal played at rubber or Chicago: contract, declarer, tricks taken, honours held.

    ``honours_side`` is the side holding the honours (defenders may hold them); it defaults to
    declarer's side. Text form: ``CONTRACT DECLARER RESULT [HONOURS [SIDE]]``, or ``PASS``.

    >>> d = Deal.parse("2HXX S = 100")
    >>> d
    Deal.parse('2HXX S 8 100 NS')
    >>> Deal.parse("3NT E -1 4 aces NS").honours_side
    Side.NS
    >>> Deal.make("4S", "W", "+1") == Deal.parse("4S W 11")
    True
    """

    contract: Contract
    declarer: Seat | None = None
    tricks: int = 0
    honours: Honours = Honours.NONE
    honours_side: Side | None = None

    def __post_init__(self) -> None:
        c = self.contract
        if not isinstance(c, Contract):
            raise ScoreSheetError(f"contract {c!r} is not a Contract; use Deal.parse or Deal.make")
        if c.is_pass:
            if self.declarer is not None or self.tricks != 0:
                raise ScoreSheetError("a passed-out deal has no declarer and no tricks")
            if self.honours is not Honours.NONE or self.honours_side is not None:
                raise ScoreSheetError("a passed-out deal has no trumps, so no honours count")
            return
        if not isinstance(self.declarer, Seat):
            raise SeatError(f"declarer {self.declarer!r} for {c} is not one of N, E, S, W")
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise ResultError(f"tricks {self.tricks!r} for {c} is not a whole number 0-13")
        tricks_taken(c, self.tricks)  # raises ResultError outside 0-13
        if not isinstance(self.honours, Honours):
            raise ScoreSheetError(f"honours {self.honours!r} is not an Honours; use Deal.make")
        Honours.parse(self.honours, c.strain)
        if self.honours is Honours.NONE:
            if self.honours_side is not None:
                raise ScoreSheetError(f"honours side {self.honours_side} given without honours")
        elif self.honours_side is None:
            object.__setattr__(self, "honours_side", self.declarer.side)
        elif not isinstance(self.honours_side, Side):
            raise ScoreSheetError(f"honours side {self.honours_side!r} is not NS or EW")

    @classmethod
    def make(
        cls,
        contract: str | Contract,
        declarer: str | Seat | None = None,
        result: int | str | None = None,
        honours: str | int | Honours = Honours.NONE,
        honours_side: str | Side | None = None,
    ) -> Deal:
        """Build a deal from the forms people type: ``Deal.make("3S", "E", "+1", 100)``."""
        c = Contract.parse(contract)
        if c.is_pass:
            # Declarer and result are ignored on a pass-out (as by score()); honours are refused.
            side_given = None if honours_side is None else _parse_side(honours_side)
            return cls(c, None, 0, Honours.parse(honours), side_given)
        if declarer is None:
            raise SeatError(f"declarer missing for {c}; give N, E, S or W")
        if result is None:
            raise ResultError(f"result missing for {c} by {declarer}")
        hon = Honours.parse(honours, c.strain)
        side = None if honours_side is None else _parse_side(honours_side)
        return cls(c, Seat.parse(declarer), tricks_taken(c, result), hon, side)

    @classmethod
    def parse(cls, text: str | Deal) -> Deal:
        """Read ``"4S N 10"``, ``"3S E +1 100"``, ``"2HXX S = 150 EW"``, ``"3NT W 9 4 aces"``."""
        if isinstance(text, Deal):
            return text
        if not isinstance(text, str):
            raise ScoreSheetError(f"deal {text!r} is not text like '4S N 10' or 'PASS'")
        words = text.split()
        if not words:
            raise ScoreSheetError("empty deal; write e.g. '4S N 10' or 'PASS'")
        if len(words) == 1:
            if Contract.parse(words[0]).is_pass:
                return cls(Contract.PASS)
            raise ScoreSheetError(f"deal {text!r} needs a declarer and a result, e.g. '4S N 10'")
        if len(words) < 3:
            raise ScoreSheetError(f"deal {text!r} needs a declarer and a result, e.g. '4S N 10'")
        rest = words[3:]
        side: str | None = None
        if rest and rest[-1].upper() in ("NS", "EW"):
            side = rest.pop()
        if side is not None and not rest:
            raise ScoreSheetError(f"deal {text!r} names an honours side but no honours")
        return cls.make(words[0], words[1], words[2], " ".join(rest), side)

    def __str__(self) -> str:
        if self.contract.is_pass:
            return "PASS"
        text = f"{self.contract} {self.declarer} {self.tricks}"
        if self.honours is not Honours.NONE:
            text += f" {self.honours} {self.honours_side}"
        return text

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    @property
    def side(self) -> Side | None:
        """Declarer's side (None on a passed-out deal)."""
        return None if self.declarer is None else self.declarer.side


def _parse_side(text: str | Side) -> Side:
    if isinstance(text, Side):
        return text
    key = str(text).strip().upper()
    if key in ("NS", "EW"):
        return Side(key)
    raise ScoreSheetError(f"side {text!r} is not NS or EW")


class Line(enum.Enum):
    """Where a score is written: above the line (premiums) or below (trick scores toward game)."""

    ABOVE = "above"
    BELOW = "below"

    def __repr__(self) -> str:
        return f"Line.{self.name}"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One entry on a score sheet: who scores it, how much, where, why, and on which deal.

    ``deal`` is the deal number (1-based); ``None`` for entries at the end (the unfinished-rubber
    premiums).

    >>> ScoreItem(Side.EW, 500, Line.ABOVE, "rubber", 4)
    ScoreItem(side=Side.EW, points=500, line=Line.ABOVE, what='rubber', deal=4)
    """

    side: Side
    points: int
    line: Line
    what: str
    deal: int | None = None


def contract_items(deal: Deal, number: int, vulnerable: bool) -> tuple[list[ScoreItem], int]:
    """Score one deal's contract and honours, without game, partscore or rubber premiums.

    Returns the items (trick score below; overtricks, slam, insult, undertricks, honours above)
    and the trick score the declaring side puts below the line (0 if the contract failed).
    ``vulnerable`` is declarer's vulnerability on this deal. Values are Law 77 (rules.md §1).

    >>> items, below = contract_items(Deal.parse("6D E 12"), 2, vulnerable=False)
    >>> below, [(i.what, i.points) for i in items]
    (120, [('trick score', 120), ('slam', 500)])
    """
    items: list[ScoreItem] = []
    c = deal.contract
    if c.is_pass or deal.declarer is None:
        return items, 0
    side = deal.declarer.side
    needed = c.tricks_needed
    below = 0
    if deal.tricks >= needed:
        below = trick_score(c)
        items.append(ScoreItem(side, below, Line.BELOW, "trick score", number))
        over = deal.tricks - needed
        if over:
            value = over * overtrick_value(c, vulnerable)
            items.append(ScoreItem(side, value, Line.ABOVE, "overtricks", number))
        v = 1 if vulnerable else 0
        if c.level == 6:
            items.append(ScoreItem(side, SMALL_SLAM_PREMIUM[v], Line.ABOVE, "slam", number))
        elif c.level == 7:
            items.append(ScoreItem(side, GRAND_SLAM_PREMIUM[v], Line.ABOVE, "grand slam", number))
        if INSULT[c.doubling]:
            items.append(ScoreItem(side, INSULT[c.doubling], Line.ABOVE, "insult", number))
    else:
        penalty = undertrick_penalty(needed - deal.tricks, c.doubling, vulnerable)
        items.append(ScoreItem(side.other, penalty, Line.ABOVE, "undertricks", number))
    if deal.honours is not Honours.NONE and deal.honours_side is not None:
        items.append(
            ScoreItem(deal.honours_side, deal.honours.points, Line.ABOVE, "honours", number)
        )
    return items, below


@dataclass(frozen=True, slots=True)
class _RubberSheet:
    items: tuple[ScoreItem, ...]
    games: tuple[int, int]
    partscores: tuple[int, int]


def _replay(deals: Sequence[Deal], ended: bool) -> _RubberSheet:
    items: list[ScoreItem] = []
    games = [0, 0]
    parts = [0, 0]
    for number, deal in enumerate(deals, 1):
        if max(games) == 2:
            raise ScoreSheetError(f"deal {number} ({deal}) is played after the rubber was won")
        side = deal.side
        if side is None:
            continue
        me = _side_index(side)
        new, below = contract_items(deal, number, vulnerable=games[me] > 0)
        items.extend(new)
        if not below:
            continue
        parts[me] += below
        if parts[me] >= GAME_TRICK_SCORE:
            games[me] += 1
            parts = [0, 0]  # a game wipes out both sides' partscores toward the next game
            if games[me] == 2:
                bonus = RUBBER_BONUS[games[1 - me]]
                items.append(ScoreItem(side, bonus, Line.ABOVE, "rubber", number))
    if ended and max(games) < 2:
        for me, side in enumerate((Side.NS, Side.EW)):
            if games[me] == 1 and games[1 - me] == 0:
                items.append(ScoreItem(side, UNFINISHED_GAME_BONUS, Line.ABOVE, "unfinished game"))
            if parts[me] > 0 and parts[1 - me] == 0:
                items.append(
                    ScoreItem(side, UNFINISHED_PARTSCORE_BONUS, Line.ABOVE, "unfinished partscore")
                )
    return _RubberSheet(tuple(items), (games[0], games[1]), (parts[0], parts[1]))


class SheetTotals:
    """Totals of a score sheet (rubber or Chicago) from its ``items``, each side's entries.

    A mixin: the class using it provides ``items``.
    """

    __slots__ = ()

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        raise NotImplementedError

    def above(self, side: Side) -> int:
        """Premium points above the line (game, slam, overtricks, insult, penalties, honours)."""
        return sum(i.points for i in self.items if i.side is side and i.line is Line.ABOVE)

    def below(self, side: Side) -> int:
        """Trick points for tricks bid and made, over all games (wiped partscores still count)."""
        return sum(i.points for i in self.items if i.side is side and i.line is Line.BELOW)

    def total(self, side: Side) -> int:
        """Above plus below."""
        return self.above(side) + self.below(side)

    def net(self, side: Side = Side.NS) -> int:
        """``side``'s total minus the opponents' total."""
        return self.total(side) - self.total(side.other)

    def rounded_net(self, side: Side = Side.NS, rounding: Rounding = Rounding.HALF_UP) -> int:
        """Net result in hundreds, as entered on the back score (seed 002: 690 is +7)."""
        return round_hundreds(self.net(side), rounding)


@dataclass(frozen=True, slots=True)
class Rubber(SheetTotals):
    """A rubber as the deals played so far; every figure on the score sheet follows from them.

    Immutable: :meth:`play` and :meth:`end` return a new rubber. ``ended`` means play stopped
    before either side won two games, and the unfinished-rubber premiums (rules.md §2) apply.

    >>> r = Rubber().play("4H S 10").play("1NT W 8")
    >>> r.games_won(Side.NS), r.partscore(Side.EW), r.vulnerable(Side.NS), r.is_complete
    (1, 40, True, False)
    >>> ended = r.end()
    >>> ended.total(Side.NS), ended.total(Side.EW), ended.net(Side.NS)
    (420, 170, 250)
    """

    deals: tuple[Deal, ...] = ()
    ended: bool = False
    _sheet: _RubberSheet = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.deals, tuple) or not all(isinstance(d, Deal) for d in self.deals):
            raise ScoreSheetError("Rubber deals must be a tuple of Deal; use Rubber.of(...)")
        object.__setattr__(self, "_sheet", _replay(self.deals, self.ended))

    @classmethod
    def of(cls, *deals: Deal | str, ended: bool = False) -> Rubber:
        """A rubber from deals or their text: ``Rubber.of("4S N 10", "PASS", "3NT E 9")``."""
        return cls(tuple(Deal.parse(d) for d in deals), ended)

    @classmethod
    def from_deals(cls, deals: Iterable[Deal | str], ended: bool = False) -> Rubber:
        """Like :meth:`of`, from any iterable."""
        return cls.of(*deals, ended=ended)

    def play(self, deal: Deal | str) -> Rubber:
        """The rubber after one more deal (a passed-out deal scores nothing).

        Raises :class:`ScoreSheetError` if the rubber is already won or ended.
        """
        if self.ended:
            raise ScoreSheetError(f"deal {deal} is played after the rubber was ended")
        return Rubber((*self.deals, Deal.parse(deal)))

    def end(self) -> Rubber:
        """Stop play here; an unfinished rubber gets its 300/100 premiums (1993 Law 80).

        Ending a rubber that is already won changes nothing.
        """
        return self if self.ended or self.is_complete else Rubber(self.deals, ended=True)

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        """Every entry on the score sheet, in the order written."""
        return self._sheet.items

    @property
    def is_complete(self) -> bool:
        """True once a side has won two games."""
        return max(self._sheet.games) == 2

    @property
    def is_over(self) -> bool:
        """True when no more deals may be played (won or ended)."""
        return self.is_complete or self.ended

    @property
    def winner(self) -> Side | None:
        """The side with more points (None on a tie); meaningful once the rubber is over."""
        net = self.net(Side.NS)
        return None if net == 0 else (Side.NS if net > 0 else Side.EW)

    def games_won(self, side: Side) -> int:
        """Games won by ``side`` (0-2)."""
        return self._sheet.games[_side_index(side)]

    def vulnerable(self, side: Side) -> bool:
        """A side is vulnerable once it has won a game (rules.md §2)."""
        return self.games_won(side) > 0

    def partscore(self, side: Side) -> int:
        """Trick points ``side`` has below the line toward the game in progress."""
        return self._sheet.partscores[_side_index(side)]
