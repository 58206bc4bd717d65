"""What the Bridgemate devices take, with the sources: the limits of the developer's guide
(:data:`MAXIMA`) and the Section's ScoringType of each scoring (:data:`SCORING_TYPES`), which
:mod:`xlbridge.interchange.bws_write` checks and writes.

>>> MAXIMA["board"], scoring_type("ximp")
(127, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from xlbridge.errors import WorkbookError

__all__ = ["MAXIMA", "SCORING_TYPES", "scoring_type"]

# The devices' limits, from Bridge Systems' "Bridgemate developer's guide", revision 37
# (November 18th, 2013, BCS 2.8.28), chapter "Maximum values", pages 34-35, for Bridgemate II
# (the later revisions' chapter, revision 49 page 41 and revision 53 page 44, could not be read):
# table numbers 1-4095 and at most 256 tables on one server; pair numbers 1-4095; the highest
# board 127 and at most 54 boards a round; rounds 1-255, every round from 1 written; and per
# table (rounds) + (boards of all its rounds) <= 256. Bridgemate Pro's lower limits (26
# sections, tables 1-511, pairs 1-999, board 63, rounds 1-63) are not checked: BCS 5 no longer
# runs Bridgemate Pro. Sections: the guide allows 78 (A-Z, AA-ZZ, AAA-ZZZ; Section.Letter is
# Text(3)); this writer names sections with one letter, so 26.
MAXIMA: Final[Mapping[str, int]] = {
    "sections": 26, "tables": 4095, "server tables": 256, "rounds": 255, "board": 127,
    "boards a round": 54, "pair": 4095, "rounds and boards a table": 256,
}  # fmt: skip


# Section.ScoringType, the scoring the devices' provisional results use, by the workbook's
# scoring. 4, team scoring: the developer's guide, revision 47 (November 2017), revision
# history ("ScoringType 4 (team scoring) added"), kept in revisions 49 and 53. 1 matchpoints,
# 2 IMPs, 3 board-a-match: the guide's Section table could not be read; these three are as an
# open-source Python BWS tool's Section writer documents them (a code comment, not Bridge
# Systems': "1 for matchpoint, 2 for IMPs, 3 for Board-a-Match 4 for team"), and 1 is the value
# TabScore (pjflip/TabScore, TabScoreStarter) gives a file that has no ScoringType column,
# where every section is a matchpoint section. Cross-IMPs and Butler are both IMP pairs (2);
# team matches in IMPs, to VPs or not, are team scoring (4); a board-a-match teams game is 3.
# A scoring not listed here has no sourced code and is refused (:func:`scoring_type`).
SCORING_TYPES: Final[Mapping[str, int]] = {
    "mp": 1, "ximp": 2, "butler": 2, "bam": 3, "imps": 4,
}  # fmt: skip


def scoring_type(scoring: str) -> int:
    """The Section's ScoringType for the workbook's scoring (Session sheet's ``mp``,
    ``ximp``, ``butler``; a teams workbook's ``imps`` or ``bam``); any other is refused.

    >>> scoring_type("mp"), scoring_type("butler"), scoring_type("bam"), scoring_type("imps")
    (1, 2, 3, 4)
    >>> scoring_type("aggregate")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: scoring 'aggregate' has no Bridgemate ScoringType (mp, \
ximp, butler, bam, imps): score it on the workbook alone
    """
    code = SCORING_TYPES.get(scoring.strip().lower())
    if code is None:
        known = ", ".join(SCORING_TYPES)
        raise WorkbookError(f"scoring {scoring[:20]!r} has no Bridgemate ScoringType ({known}):"
                            " score it on the workbook alone")  # fmt: skip
    return code
