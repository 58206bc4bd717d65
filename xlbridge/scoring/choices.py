"""The names of the library's choices, as types: one ``Literal`` each, the single source of truth.

Every tuple of choices the command line offers (``SCORINGS``, ``VP_SCALES``, ...) is derived
from its ``Literal`` here with :func:`typing.get_args`, so the two cannot disagree. Values that
come from a user (a command line, a Session sheet) are narrowed by the ``parse_*`` functions,
which raise the error the library has always raised for them.

>>> PAIRS_SCORINGS, RESULT_ENTRIES
(('mp', 'butler', 'ximp'), ('made-down', 'tricks', 'score'))
>>> parse_choice("ebu", MP_SCALE_NAMES, "matchpoint scale")
'ebu'
>>> parse_choice("x", TEAMS_SCORINGS, "team scoring")
Traceback (most recent call last):
...
xlbridge.errors.XlbridgeError: team scoring 'x' is not one of imps, bam
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

from xlbridge.errors import XlbridgeError

__all__ = [
    "DATUM_ROUNDINGS",
    "IMP_METHODS",
    "MP_SCALE_NAMES",
    "OUTPUT_FORMATS",
    "PAIRS_SCORINGS",
    "RESULT_ENTRIES",
    "SOCIAL_SCORINGS",
    "TEAMS_SCORINGS",
    "TRAVELLER_FORMATS",
    "VP_SCALE_NAMES",
    "DatumRounding",
    "ImpMethod",
    "MPScaleName",
    "OutputFormat",
    "PairsScoring",
    "ResultEntry",
    "SocialScoring",
    "TeamsScoring",
    "TravellerFormat",
    "VPScaleName",
    "parse_choice",
]

#: How a pairs (or individual) session, or one board across the field, is scored.
PairsScoring = Literal["mp", "butler", "ximp"]
#: The IMP methods of pairs scoring.
ImpMethod = Literal["butler", "ximp"]
#: How a Butler datum's exact 5 goes to a ten (rules.md §6): away from zero (the default:
#: symmetric, as the German federation's published Butler rankings), to the even ten (ACBLscore)
#: or up (Bridge Scorer's ``Math.round``; not symmetric).
DatumRounding = Literal["half-away", "half-even", "half-up"]
#: A matchpoint scale's canonical name (:class:`~xlbridge.scoring.matchpoints.MPScale` values).
MPScaleName = Literal["acbl", "ebu"]
#: How a traveller row's result is typed: ``made-down`` (``=``, ``+1``, ``-2``), ``tricks``, or
#: ``score`` (only North-South's score, for travellers that carry nothing else).
ResultEntry = Literal["made-down", "tricks", "score"]
#: How a teams match is scored: IMPs or board-a-match points.
TeamsScoring = Literal["imps", "bam"]
#: How a social game is scored: rubber bridge or Chicago.
SocialScoring = Literal["rubber", "chicago"]
#: A victory-point scale's canonical name (:mod:`xlbridge.scoring.vp`).
VPScaleName = Literal[
    "wbf",
    "wbf-raw",
    "wbf-discrete",
    "acbl20",
    "acbl30",
    "seed-imp",
    "chicago-swiss",
    "chicago-marathon",
]
#: What ``xlbridge results`` writes.
OutputFormat = Literal["text", "csv", "json", "html", "usebio", "pbn"]
#: What one scored traveller is written as.
TravellerFormat = Literal["text", "csv", "json"]

PAIRS_SCORINGS: tuple[PairsScoring, ...] = get_args(PairsScoring)
IMP_METHODS: tuple[ImpMethod, ...] = get_args(ImpMethod)
DATUM_ROUNDINGS: tuple[DatumRounding, ...] = get_args(DatumRounding)
MP_SCALE_NAMES: tuple[MPScaleName, ...] = get_args(MPScaleName)
RESULT_ENTRIES: tuple[ResultEntry, ...] = get_args(ResultEntry)
TEAMS_SCORINGS: tuple[TeamsScoring, ...] = get_args(TeamsScoring)
SOCIAL_SCORINGS: tuple[SocialScoring, ...] = get_args(SocialScoring)
VP_SCALE_NAMES: tuple[VPScaleName, ...] = get_args(VPScaleName)
OUTPUT_FORMATS: tuple[OutputFormat, ...] = get_args(OutputFormat)
TRAVELLER_FORMATS: tuple[TravellerFormat, ...] = get_args(TravellerFormat)

_C = TypeVar("_C", bound=str)


def parse_choice(
    value: object,
    choices: tuple[_C, ...],
    what: str,
    error: type[XlbridgeError] = XlbridgeError,
) -> _C:
    """``value`` as one of ``choices`` (exactly as spelt), else ``error("<what> ... is not one
    of ...")``: how text from a user becomes a typed choice."""
    for choice in choices:
        if value == choice:
            return choice
    raise error(f"{what} {value!r} is not one of {', '.join(choices)}")
