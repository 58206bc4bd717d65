"""Every error xlbridge raises for bad input: one ``XlbridgeError`` family.

Each subclass says what kind of value was wrong; the message says which value and where.

>>> from xlbridge.types import Contract
>>> try:
...     Contract.parse("8S")
... except ContractError as e:
...     print(e)
level 8 in '8S'; levels are 1-7
"""

from __future__ import annotations

from typing import Final

DISTRIBUTION: Final = "xlbridge-scoring"
"""The name this project is installed by; the import package and the command stay ``xlbridge``.
(The bare name ``xlbridge`` on PyPI is another author's project: never tell a user to install it.)
"""


def install_line(extra: str = "") -> str:
    """The pip command that installs this project, with ``extra`` (``deals``, ``addin``).

    >>> install_line("deals")
    'pip install "xlbridge-scoring[deals]"'
    >>> install_line()
    'pip install xlbridge-scoring'
    """
    return f'pip install "{DISTRIBUTION}[{extra}]"' if extra else f"pip install {DISTRIBUTION}"


class XlbridgeError(ValueError):
    """Base of every error caused by bad input; the CLI turns it into one line and exit 2."""


class ContractError(XlbridgeError):
    """A contract that does not parse (``8S``, ``4Q``)."""


class SeatError(XlbridgeError):
    """A seat or declarer that is not N, E, S or W."""


class VulnerabilityError(XlbridgeError):
    """A vulnerability that is not None, NS, EW or All (or a board number)."""


class ResultError(XlbridgeError):
    """A result that cannot happen (14 tricks, ``+8`` on a 4-level contract)."""


class BoardError(XlbridgeError):
    """A board number that is not a whole number of at least 1."""


class ScaleError(XlbridgeError):
    """An unknown scoring scale or an argument outside a scale's range."""


class TravellerError(XlbridgeError):
    """A traveller (one board's results) that cannot be scored: bad row, too few results."""


class SessionError(XlbridgeError):
    """A session total, percentage or rank that cannot be worked out from the values given."""


class ScoreSheetError(XlbridgeError):
    """A rubber, chukker or back-score entry that cannot be scored (bad honours, extra deal)."""


class MovementError(XlbridgeError):
    """A movement that cannot be built or that breaks a rule."""


class WorkbookError(XlbridgeError):
    """A workbook that cannot be written or read."""


class InputFileError(XlbridgeError):
    """A user file that is refused before parsing: missing, too big, a zip bomb, XML entities,
    an encoding Excel does not write, or not the kind of file expected."""


class TextError(WorkbookError):
    """Text for a workbook that no program could open or that is too long: a control
    character, a byte that is not UTF-8, more characters than the place it goes allows."""


class DealError(XlbridgeError):
    """A deal or hand-record file that cannot be used: bad PBN (named by its line), a hand
    without 13 cards, a card twice, a board missing from the file."""


class MissingExtraError(XlbridgeError):
    """A command needs an optional part that is not installed (endplay for deals, xlwings for
    the add-in); the message is the one line that installs it."""
