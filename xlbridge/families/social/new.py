"""What ``xlbridge new`` writes for a social game (:meth:`Family.write_new
<xlbridge.families.registry.Family.write_new>`): score sheets, a pairs event (progressive, Swiss
or round-robin pairs) or a marathon, with the options
:class:`~xlbridge.families.social.options.SocialArgs` takes, checked as ``new`` checks them.

>>> from xlbridge.families.registry import WriteRequest
>>> write_new(WriteRequest("rubber", 1, names="names.csv"), "home.xlsx")
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: rubber is a social game, which takes no names file (--names)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.families.registry import Written

if TYPE_CHECKING:
    from xlbridge.families.registry import WriteRequest

__all__ = ["write_new"]


def write_new(
    request: WriteRequest, out: str | os.PathLike[str], *,
    template: str | os.PathLike[str] | None = None, force: bool = False,
) -> Written:  # fmt: skip
    """The social workbook ``request`` asks for, and what it holds (``new``'s line). Files
    (names, hand records, a movement, sections, a club register) are refused in one line: the
    players are named by ``players``."""
    from xlbridge.families.social.build import write_social
    from xlbridge.families.social.marathon import write_marathon
    from xlbridge.families.social.options import SocialArgs, options_of
    from xlbridge.families.social.pairs import PairsOptions, write_pairs_event
    from xlbridge.families.social.settings import SocialOptions

    request.refuse_inputs("a social game")
    base = SocialArgs(request.kind, tables=request.tables, rounds=request.rounds,
                      event=request.event, date=request.date,
                      boards_per_round=request.boards_per_round)  # fmt: skip
    opt = options_of(request.options_as(base))
    where = None if template is None else Path(template)
    if isinstance(opt, SocialOptions):
        path = write_social(opt, Path(out), template=where, force=force)
        return Written(path, f"{request.kind}, scored as {opt.scoring}")
    if isinstance(opt, PairsOptions):
        path = write_pairs_event(opt, Path(out), template=where, force=force)
        return Written(path, f"{request.kind}, {2 * opt.tables} pairs, {opt.round_count} rounds")
    path = write_marathon(opt, Path(out), template=where, force=force)
    return Written(path, f"marathon, {opt.pairs} pairs")
