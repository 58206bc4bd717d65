"""Chicago (four-deal bridge): the chukker, its vulnerability schedule and its premiums.

Rules (rules.md §2, seed 002): four deals, passed-out deals redealt by the same dealer and not
counted. Vulnerability by deal: 1 none; 2 and 3 the dealer's side (New York variant: the
non-dealer's side); 4 both. Contract values as in rubber (Law 77). A game earns an immediate
premium of 300 not vulnerable or 500 vulnerable (the completing side's vulnerability on that deal);
partscores carry forward until either side makes a game; a partscore made on deal 4 that does not
complete a game earns 100. No partscore premium otherwise, no rubber bonus; honours count as in
rubber. The net result rounds to hundreds.

Seed 002's typical chukker (scorer South; East dealt first):

>>> c = Chukker.of("3S E 10 100", "6D S 13", "3NT N 9", "2S E 9", first_dealer="E")
>>> c.total(Side.NS), c.total(Side.EW), c.net(Side.NS), c.rounded_net(Side.NS)
(1790, 410, 1380, 14)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from xlbridge.scoring.contract import GAME_PREMIUM, GAME_TRICK_SCORE
from xlbridge.scoring.rubber import (
    Deal,
    Line,
    ScoreItem,
    ScoreSheetError,
    SheetTotals,
    contract_items,
)
from xlbridge.types import Seat, Side, Vulnerability

__all__ = [
    "DEALS_PER_CHUKKER",
    "FOURTH_DEAL_PARTSCORE_PREMIUM",
    "ChicagoVariant",
    "Chukker",
    "chicago_dealer",
    "chicago_vulnerability",
]

DEALS_PER_CHUKKER = 4
FOURTH_DEAL_PARTSCORE_PREMIUM = 100

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


class ChicagoVariant(enum.Enum):
    """Who is vulnerable on deals 2 and 3: the dealer's side (standard) or the other (New York)."""

    STANDARD = "standard"
    NEW_YORK = "new-york"

    def __repr__(self) -> str:
        return f"ChicagoVariant.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | ChicagoVariant) -> ChicagoVariant:
        """Read ``standard`` or ``new-york`` (also ``ny``, ``new york``; any case).

        >>> ChicagoVariant.parse("NY")
        ChicagoVariant.NEW_YORK
        """
        if isinstance(text, ChicagoVariant):
            return text
        key = str(text).strip().lower().replace("_", "-").replace(" ", "-")
        found = {"standard": cls.STANDARD, "new-york": cls.NEW_YORK, "ny": cls.NEW_YORK}.get(key)
        if found is None:
            raise ScoreSheetError(f"Chicago variant {text!r} is not 'standard' or 'new-york'")
        return found


def chicago_dealer(first_dealer: Seat | str, deal: int) -> Seat:
    """Dealer of counted deal ``deal`` (1-4): the deal passes clockwise from ``first_dealer``.

    >>> chicago_dealer("E", 4)
    Seat.N
    """
    _check_deal_number(deal)
    start = _SEATS.index(Seat.parse(first_dealer))
    return _SEATS[(start + deal - 1) % 4]


def chicago_vulnerability(
    deal: int,
    dealer: Seat | str,
    variant: ChicagoVariant | str = ChicagoVariant.STANDARD,
) -> Vulnerability:
    """Vulnerability on deal 1-4 of a chukker (rules.md §2).

    >>> chicago_vulnerability(2, "S"), chicago_vulnerability(3, "W", "new-york")
    (Vulnerability.NS, Vulnerability.NS)
    """
    _check_deal_number(deal)
    side = Seat.parse(dealer).side
    if deal == 1:
        return Vulnerability.NONE
    if deal == 4:
        return Vulnerability.ALL
    if ChicagoVariant.parse(variant) is ChicagoVariant.NEW_YORK:
        side = side.other
    return Vulnerability(side.value)


def _check_deal_number(deal: int) -> None:
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= DEALS_PER_CHUKKER:
        raise ScoreSheetError(f"Chicago deal {deal!r} is not 1-{DEALS_PER_CHUKKER}")


@dataclass(frozen=True, slots=True)
class _ChukkerSheet:
    items: tuple[ScoreItem, ...]
    counted: int
    partscores: tuple[int, int]


def _replay(deals: tuple[Deal, ...], first: Seat, variant: ChicagoVariant) -> _ChukkerSheet:
    items: list[ScoreItem] = []
    parts = [0, 0]
    counted = 0
    for deal in deals:
        if counted == DEALS_PER_CHUKKER:
            raise ScoreSheetError(f"deal {deal} is a fifth deal; a chukker has four")
        side = deal.side
        if side is None:
            continue  # passed out: redealt by the same dealer, not counted
        counted += 1
        vul = chicago_vulnerability(counted, chicago_dealer(first, counted), variant)
        vulnerable = vul.is_vulnerable(side)
        new, below = contract_items(deal, counted, vulnerable)
        items.extend(new)
        if not below:
            continue
        me = 0 if side is Side.NS else 1
        parts[me] += below
        if parts[me] >= GAME_TRICK_SCORE:
            premium = GAME_PREMIUM[1 if vulnerable else 0]
            items.append(ScoreItem(side, premium, Line.ABOVE, "game", counted))
            parts = [0, 0]  # a game by either side wipes out both partscores
        elif counted == DEALS_PER_CHUKKER:
            # Only a partscore made on deal 4 earns this; carried partscores earn nothing.
            items.append(
                ScoreItem(
                    side, FOURTH_DEAL_PARTSCORE_PREMIUM, Line.ABOVE, "fourth-deal partscore", 4
                )
            )
    return _ChukkerSheet(tuple(items), counted, (parts[0], parts[1]))


@dataclass(frozen=True, slots=True)
class Chukker(SheetTotals):
    """A Chicago chukker as the deals played so far (passed-out deals included, not counted).

    Immutable: :meth:`play` returns a new chukker. Fewer than four deals score as they stand.
    Game premiums are kept above the line here; seed 002's sheet writes them below with the trick
    score, which changes no total.

    >>> c = Chukker(first_dealer=Seat.N).play("PASS").play("1NT N 7")
    >>> c.deals_counted, c.next_dealer, c.next_vulnerability, c.partscore(Side.NS)
    (1, Seat.E, Vulnerability.EW, 40)
    """

    first_dealer: Seat = Seat.N
    deals: tuple[Deal, ...] = ()
    variant: ChicagoVariant = ChicagoVariant.STANDARD
    _sheet: _ChukkerSheet = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.first_dealer, Seat):
            raise ScoreSheetError(f"first dealer {self.first_dealer!r} is not a Seat")
        if not isinstance(self.variant, ChicagoVariant):
            raise ScoreSheetError(f"Chicago variant {self.variant!r} is not a ChicagoVariant")
        if not isinstance(self.deals, tuple) or not all(isinstance(d, Deal) for d in self.deals):
            raise ScoreSheetError("Chukker deals must be a tuple of Deal; use Chukker.of(...)")
        object.__setattr__(self, "_sheet", _replay(self.deals, self.first_dealer, self.variant))

    @classmethod
    def of(
        cls,
        *deals: Deal | str,
        first_dealer: Seat | str = Seat.N,
        variant: ChicagoVariant | str = ChicagoVariant.STANDARD,
    ) -> Chukker:
        """A chukker from deals or their text: ``Chukker.of("4S N 10", first_dealer="E")``."""
        return cls(
            Seat.parse(first_dealer),
            tuple(Deal.parse(d) for d in deals),
            ChicagoVariant.parse(variant),
        )

    def play(self, deal: Deal | str) -> Chukker:
        """The chukker after one more deal; a passed-out deal is recorded but not counted."""
        return Chukker(self.first_dealer, (*self.deals, Deal.parse(deal)), self.variant)

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        """Every entry on the score sheet, in the order written."""
        return self._sheet.items

    @property
    def deals_counted(self) -> int:
        """Deals that count (0-4): passed-out deals are not counted."""
        return self._sheet.counted

    @property
    def is_complete(self) -> bool:
        """True after four counted deals."""
        return self.deals_counted == DEALS_PER_CHUKKER

    @property
    def next_dealer(self) -> Seat | None:
        """Who deals next (None once the chukker is complete)."""
        if self.is_complete:
            return None
        return chicago_dealer(self.first_dealer, self.deals_counted + 1)

    @property
    def next_vulnerability(self) -> Vulnerability | None:
        """Vulnerability of the next deal (None once the chukker is complete)."""
        dealer = self.next_dealer
        if dealer is None:
            return None
        return chicago_vulnerability(self.deals_counted + 1, dealer, self.variant)

    def partscore(self, side: Side) -> int:
        """Trick points ``side`` carries toward a game (wiped when either side makes a game)."""
        return self._sheet.partscores[0 if side is Side.NS else 1]
