"""What ``xlbridge new`` takes alike for pairs and individual games: the pairs-movement options
(:class:`~xlbridge.movements.options.MovementOptions`, declared in the rules layer, and the
movement they build), the scale, result entry, handicaps,
strata and masterpoints (:class:`DuplicateOptions`, which each family's ``NewOptions``
extends) and the strata's reading (:func:`new_strata`). One place for both forms of the
duplicate game.

>>> DuplicateOptions(even="skip").half_table, DuplicateOptions().result_entry
(False, 'made-down')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.movements.options import MovementOptions

if TYPE_CHECKING:
    from xlbridge.families.registry import WriteRequest
    from xlbridge.movements.model import Movement
    from xlbridge.scoring.choices import MPScaleName, ResultEntry
    from xlbridge.scoring.strata import Strata

__all__ = ["DuplicateOptions", "MovementOptions", "new_strata"]


@dataclass(frozen=True, slots=True)
class DuplicateOptions(MovementOptions):
    """``new``'s options alike for pairs and individual games, with ``new``'s defaults: the
    movement options, the matchpoint scale, how results are entered, handicapped results,
    strata (``strata="1000,300,0"``, ``unknown_stratum``: :func:`new_strata`) and a
    masterpoint scale (``ebu-club``) kept on the Session sheet."""

    scale: MPScaleName = "acbl"
    result_entry: ResultEntry = "made-down"
    handicap: bool = False
    strata: str | None = None
    unknown_stratum: str | None = None
    masterpoints: str = ""

    def movement(self, request: WriteRequest) -> Movement:
        """The movement of ``request``'s kind and size with these movement options, built as
        ``xlbridge movement`` builds it (a size or an option the kind cannot take is its own
        error).

        >>> from xlbridge.families.registry import WriteRequest
        >>> DuplicateOptions().movement(WriteRequest("rainbow", 5)).tables
        5
        >>> DuplicateOptions(even="skip").movement(WriteRequest("rainbow", 5))
        Traceback (most recent call last):
        ...
        xlbridge.errors.MovementError: rainbow: option --even does not apply to this kind
        """
        from xlbridge.movements.options import MovementArgs, build_movement
        from xlbridge.movements.registry import get_kind

        size = MovementArgs(
            tables=request.tables, boards_per_round=request.boards_per_round,
            rounds=request.rounds, **dict(self.movement_options().given()),
        )  # fmt: skip
        return build_movement(get_kind(request.kind), size)

    def movement_options(self) -> MovementOptions:
        """The movement options alone (the one type the Session sheet's line is written from).

        >>> DuplicateOptions(even="skip", scale="ebu").movement_options()
        MovementOptions(even='skip', arrow_switch=None, half_table=False, barometer=False, \
sit_out=None)
        """
        return MovementOptions.of(self)


def new_strata(strata: str | None, by: str | None, unknown: str | None) -> Strata | None:
    """``new --strata`` with ``--strata-by`` (``higher`` unless given; a player's own
    masterpoints: both agree) and ``--unknown-stratum`` (``lowest`` unless given); either
    without ``--strata`` refused in one line.

    >>> new_strata("1000,300,0", None, "highest").unknown, new_strata(None, None, None)
    ('highest', None)
    >>> new_strata(None, None, "highest")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: --unknown-stratum: give --strata too (the strata's thresholds)
    """
    if strata is None:
        if by is not None or unknown is not None:
            flag = "--strata-by" if by is not None else "--unknown-stratum"
            raise WorkbookError(f"{flag}: give --strata too (the strata's thresholds)")
        return None
    from xlbridge.scoring.strata import Strata

    return Strata.parse(strata, by or "higher", unknown or "lowest")
