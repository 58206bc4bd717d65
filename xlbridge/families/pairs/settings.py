"""The pairs options of ``new`` as the library gives them (:class:`NewOptions`, with ``new``'s
defaults): what :func:`xlbridge.families.pairs.build.write` reads from a
:class:`~xlbridge.families.registry.WriteRequest`'s options.

>>> NewOptions().scoring, NewOptions(scoring="butler").datum_rounding
('mp', 'half-away')
"""

from __future__ import annotations

from dataclasses import dataclass

from xlbridge.scoring.choices import DatumRounding, MPScaleName, PairsScoring, ResultEntry

__all__ = ["NewOptions"]


@dataclass(frozen=True, slots=True)
class NewOptions:
    """``new``'s pairs options by their names without dashes: the scoring, the matchpoint
    scale, how results are entered, a Butler datum's rounding, the movement options of the
    kind (``even``, ``arrow_switch``, ``half_table``, ``barometer``), handicapped results and
    strata (``strata="1000,300,0"``, ``strata_by`` ``higher`` or ``average``)."""

    scoring: PairsScoring = "mp"
    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    datum_rounding: DatumRounding = "half-away"
    even: str | None = None
    arrow_switch: str | None = None
    half_table: bool = False
    barometer: bool = False
    handicap: bool = False
    strata: str | None = None
    strata_by: str | None = None
