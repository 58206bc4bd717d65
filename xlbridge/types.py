"""Domain values of the rules layer: seats, strains, doubling, vulnerability and contracts.

Each type is small and immutable, has ``parse()`` for what people type and a canonical ``str()``
that ``parse()`` reads back.

>>> str(Contract.parse("4hx"))
'4HX'
>>> Vulnerability.from_board(7)
Vulnerability.ALL
>>> Seat.dealer_of(7)
Seat.S
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from xlbridge.errors import (
    BoardError,
    ContractError,
    ResultError,
    SeatError,
    VulnerabilityError,
)

__all__ = [
    "FAMILY_NAMES",
    "Contract",
    "Doubling",
    "FamilyName",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
    "check_board",
    "made_or_down",
    "tricks_from_made_down",
    "tricks_taken",
]

#: A game family: what decides the form of a kind's workbook (product spec, "Game families"),
#: in the order the faces list them.
FamilyName = Literal["pairs", "individual", "teams", "social"]
FAMILY_NAMES: tuple[FamilyName, ...] = get_args(FamilyName)


def check_board(board: int) -> int:
    """Return ``board`` if it is a valid board number (a whole number >= 1), else raise.

    >>> check_board(17)
    17
    """
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise BoardError(f"board {board!r} is not a board number; boards are numbered from 1")
    return board


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def other(self) -> Side:
        """The opposing side: ``Side.NS.other is Side.EW``."""
        return Side.EW if self is Side.NS else Side.NS


class Seat(enum.Enum):
    """A compass seat. ``Seat.parse("n") is Seat.N``."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """Read ``N E S W`` (any case, or the full word ``North``...)."""
        if isinstance(text, Seat):
            return text
        if not isinstance(text, str):
            raise SeatError(f"seat {text!r} is not one of N, E, S, W")
        key = text.strip().upper()
        key = _SEAT_WORDS.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise SeatError(f"seat {text!r} is not one of N, E, S, W") from None

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @classmethod
    def dealer_of(cls, board: int) -> Seat:
        """Dealer of a duplicate board: ``"NESW"[(board - 1) % 4]`` (rules.md §7)."""
        return _SEAT_ORDER[(check_board(board) - 1) % 4]


_SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_WORDS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


class Strain(enum.Enum):
    """A denomination, lowest first. ``str(Strain.NT) == "NT"``."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | Strain) -> Strain:
        """Read ``C D H S NT`` (also ``N``, suit symbols, any case)."""
        if isinstance(text, Strain):
            return text
        key = _STRAIN_ALIASES.get(str(text).strip().upper())
        if key is None:
            raise ContractError(f"strain {text!r} is not one of C, D, H, S, NT")
        return cls(key)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)


_STRAIN_ALIASES = {
    "C": "C", "♣": "C", "♧": "C",
    "D": "D", "♦": "D", "♢": "D",
    "H": "H", "♥": "H", "♡": "H",
    "S": "S", "♠": "S", "♤": "S",
    "NT": "NT", "N": "NT", "SA": "NT", "NOTRUMP": "NT",
}  # fmt: skip


class Doubling(enum.Enum):
    """Undoubled, doubled or redoubled; ``str()`` is ``""``, ``"X"`` or ``"XX"``."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    def __repr__(self) -> str:
        return f"Doubling.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def multiplier(self) -> int:
        """1, 2 or 4: the factor on trick score."""
        return {"": 1, "X": 2, "XX": 4}[self.value]


class Vulnerability(enum.Enum):
    """Who is vulnerable on a board: ``None``, ``NS``, ``EW`` or ``All``."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | int | Vulnerability) -> Vulnerability:
        """Read ``None NS EW All`` (aliases ``Both``, ``-``, ``Love``, ``Nil``), or a board number.

        >>> Vulnerability.parse("both")
        Vulnerability.ALL
        >>> Vulnerability.parse(2)
        Vulnerability.NS
        """
        if isinstance(text, Vulnerability):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            return cls.from_board(text)
        if not isinstance(text, str):
            raise VulnerabilityError(
                f"vulnerability {text!r} is not one of None, NS, EW, All or a board number"
            )
        key = text.strip().upper().replace("-", "").replace("/", "").replace(" ", "")
        if key.isascii() and key.isdigit() and len(key) <= 9:  # not "²", "٣" or 5000 digits
            return cls.from_board(int(key))
        value = _VUL_ALIASES.get(key)
        if value is None:
            raise VulnerabilityError(
                f"vulnerability {text!r} is not one of None, NS, EW, All or a board number"
            )
        return cls(value)

    @classmethod
    def from_board(cls, board: int) -> Vulnerability:
        """Vulnerability of a duplicate board (rules.md §7): repeats every 16 boards."""
        i = (check_board(board) - 1) % 16
        return _VUL_ORDER[(i + i // 4) % 4]

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether a seat's (or side's) partnership is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.ALL or self.value == side.value


_VUL_ORDER = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)
_VUL_ALIASES = {
    "NONE": "None", "": "None", "LOVE": "None", "NIL": "None", "O": "None", "NEITHER": "None",
    "NS": "NS", "NORTHSOUTH": "NS",
    "EW": "EW", "EASTWEST": "EW",
    "ALL": "All", "BOTH": "All", "B": "All",
}  # fmt: skip

_CONTRACT_RE = re.compile(
    r"^(?P<level>\d+)\s*(?P<strain>NT|N|SA|C|D|H|S|♣|♦|♥|♠|♧|♢|♡|♤)\s*(?P<dbl>XX|X|\*\*|\*|RDBL|DBL)?$",
    re.ASCII,  # \d is 0-9 only: "²S" or "٣S" is not a contract
)
PASS_WORDS = frozenset({"PASS", "P", "PASSED", "PASSOUT", "PASSEDOUT", "AP", "ALLPASS"})


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract, or a passed-out board (``Contract.PASS``, level 0).

    >>> c = Contract.parse("6♣XX")
    >>> c
    Contract.parse('6CXX')
    >>> (c.level, c.strain, c.doubling, c.tricks_needed)
    (6, Strain.C, Doubling.REDOUBLED, 12)
    >>> Contract.parse("pass").is_pass
    True
    """

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.UNDOUBLED

    PASS: ClassVar[Contract]

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.doubling is not Doubling.UNDOUBLED:
                raise ContractError("a passed-out board has no strain and no double")
            return
        if not 1 <= self.level <= 7:
            raise ContractError(f"level {self.level} is not 1-7")
        if not isinstance(self.strain, Strain):
            raise ContractError(f"strain {self.strain!r} is not a Strain")
        if not isinstance(self.doubling, Doubling):
            raise ContractError(f"doubling {self.doubling!r} is not a Doubling")

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read ``4S``, ``4s``, ``3NT``, ``3N``, ``4HX``, ``6CXX``, ``4♠``, ``PASS``."""
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise ContractError(f"contract {text!r} is not text such as 4S, 3NT, 4HX or PASS")
        key = text.strip().upper().replace(" ", "")
        if key in PASS_WORDS:
            return cls.PASS
        m = _CONTRACT_RE.match(key)
        if m is None:
            head = re.match(r"^(\d+)", key, re.ASCII)
            if head and not key[len(head.group(1)) :].strip():
                raise ContractError(f"contract {text!r} has no strain; strains are C, D, H, S, NT")
            if head:
                rest = key[len(head.group(1)) :]
                raise ContractError(
                    f"strain {rest!r} in {text!r} is not one of C, D, H, S, NT"
                    " (optionally followed by X or XX)"
                )
            raise ContractError(f"contract {text!r} is not like 4S, 3NT, 4HX, 6CXX or PASS")
        digits = m.group("level")
        if len(digits) > 2:  # int() of 5000 digits would raise, and the line would be huge
            raise ContractError(f"level {digits[:4]}... has {len(digits)} digits; levels are 1-7")
        level = int(digits)
        if not 1 <= level <= 7:
            raise ContractError(f"level {digits} in {text!r}; levels are 1-7")
        dbl = m.group("dbl") or ""
        doubling = {
            "": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "*": Doubling.DOUBLED,
            "DBL": Doubling.DOUBLED, "XX": Doubling.REDOUBLED, "**": Doubling.REDOUBLED,
            "RDBL": Doubling.REDOUBLED,
        }[dbl]  # fmt: skip
        return cls(level, Strain.parse(m.group("strain")), doubling)

    def __str__(self) -> str:
        if self.is_pass:
            return "PASS"
        return f"{self.level}{self.strain}{self.doubling}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @property
    def is_pass(self) -> bool:
        """True for a passed-out board."""
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: level + 6 (0 for a pass)."""
        return 0 if self.is_pass else self.level + 6


Contract.PASS = Contract(0, None)


def tricks_taken(contract: Contract, result: int | str) -> int:
    """Tricks declarer took, from an int (tricks) or text ``=``, ``+1``, ``-2``, ``10``.

    >>> tricks_taken(Contract.parse("4S"), "-2")
    8
    >>> tricks_taken(Contract.parse("3NT"), "+1")
    10
    >>> tricks_taken(Contract.parse("3NT"), 9)
    9
    """
    if isinstance(result, bool):
        raise ResultError(f"result {result!r} is not a number of tricks or =, +N, -N")
    if isinstance(result, int):
        tricks = result
        if not 0 <= tricks <= 13:
            raise ResultError(f"{tricks} tricks is impossible; declarer takes 0-13")
        return tricks
    if not isinstance(result, str):
        raise ResultError(f"result {result!r} is not a number of tricks or =, +N, -N")
    text = result.strip()
    if text.upper() in ("=", "MADE"):
        return contract.tricks_needed
    m = re.fullmatch(r"([+-])\s*(\d{1,6})", text, re.ASCII)
    if m:
        if contract.is_pass:
            raise ResultError(f"result {result!r} makes no sense on a passed-out board")
        delta = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
        tricks = contract.tricks_needed + delta
        if not 0 <= tricks <= 13:
            raise ResultError(
                f"result {result!r} on {contract} means {tricks} tricks; declarer takes 0-13"
            )
        return tricks
    if text.isascii() and text.isdigit() and len(text) <= 6:
        return tricks_taken(contract, int(text))
    raise ResultError(f"result {result!r} is not a number of tricks or =, +N, -N")


def tricks_from_made_down(
    contract: Contract, made: int | None = None, down: int | None = None
) -> int | None:
    """Tricks declarer took, from the ACBL traveller's ``Made`` (the level made: 3D making 10
    tricks is Made 4) or ``Down`` (undertricks); None when neither is given (no result yet, or
    a passed-out board). The checks are the workbook's (``formulas.result_message``).

    >>> tricks_from_made_down(Contract.parse("3D"), made=4)
    10
    >>> tricks_from_made_down(Contract.parse("4S"), down=1)
    9
    >>> tricks_from_made_down(Contract.parse("2S"), made=1)
    Traceback (most recent call last):
    ...
    xlbridge.errors.ResultError: Made 1 cannot happen on a 2-level contract
    """
    for name, value in (("Made", made), ("Down", down)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ResultError(f"{name} {value!r} is not a whole number")
    if contract.is_pass:
        if made is not None or down is not None:
            raise ResultError("result on a passed-out board")
        return None
    if made is not None and down is not None:
        raise ResultError("Made and Down both filled")
    if made is not None:
        if not contract.level <= made <= 7:
            raise ResultError(f"Made {made} cannot happen on a {contract.level}-level contract")
        return made + 6
    if down is not None:
        if not 1 <= down <= contract.tricks_needed:
            raise ResultError(f"Down {down} cannot happen on a {contract.level}-level contract")
        return contract.tricks_needed - down
    return None


def made_or_down(contract: Contract, result: int | str) -> tuple[int | None, int | None]:
    """``(Made, None)`` or ``(None, Down)`` for a result (tricks taken, or ``=``, ``+1``,
    ``-2``): the inverse of :func:`tricks_from_made_down`.

    >>> made_or_down(Contract.parse("3D"), 10)
    (4, None)
    >>> made_or_down(Contract.parse("4S"), "-1")
    (None, 1)
    """
    if contract.is_pass:
        raise ResultError("a passed-out board has no Made or Down")
    tricks = tricks_taken(contract, result)
    if tricks >= contract.tricks_needed:
        return tricks - 6, None
    return None, contract.tricks_needed - tricks
