"""Masterpoints for a teams session (issue 32): the rules layer's EBU club awards
(:func:`xlbridge.results.awards.field_awards`), the whole field of teams ranked on the
Standings, over the most boards a team plays (USEBIO's ``BOARDS_PLAYED``, the Standings
sheet's award formula). A knockout or a head-to-head match places two teams, not a field:
refused in one line.
No award before a match is complete (every team ranks 1= on nothing; the Standings sheet's
award cells stay empty while its "Matches complete" is 0).

>>> from xlbridge.families.teams.model import TeamsResults
>>> ko = TeamsResults("", "", "knockout", "imps", "knockout", "IMPs", "", (), (), (), (), (),
...                   None, (), True, ())
>>> team_awards(ko, "ebu-club")
Traceback (most recent call last):
...
xlbridge.errors.ScaleError: EBU club masterpoints for a knockout: the club scale ranks a whole ...
"""

from __future__ import annotations

import dataclasses

from xlbridge.errors import ScaleError
from xlbridge.families.teams.model import TeamsResults
from xlbridge.results.awards import field_awards

__all__ = [
    "HEAD_TO_HEAD_REFUSED",
    "KNOCKOUT_REFUSED",
    "TWO_TEAMS",
    "TWO_TEAMS_TEXT",
    "team_awards",
    "teams_boards",
]

KNOCKOUT_REFUSED = (
    "EBU club masterpoints for a knockout: the club scale ranks a whole field and a knockout"
    " places only two teams, its finalists; award them by hand"
)
HEAD_TO_HEAD_REFUSED = (
    "EBU club masterpoints for a head-to-head match: the club scale ranks a whole field and"
    " one match places only two teams; award them by hand"
)
#: The kinds whose places are two teams', not a field's, and what their award cells show.
TWO_TEAMS = ("knockout", "head-to-head")
TWO_TEAMS_TEXT = "by hand: two teams"


def teams_boards(res: TeamsResults) -> int:
    """The most boards a team plays (every match it is drawn in)."""
    return max((sum(len(m.boards) for m in res.matches if s.team in (m.home, m.away))
                for s in res.standings), default=0)  # fmt: skip


def team_awards(res: TeamsResults, scale: str) -> TeamsResults:
    """``res`` with each team's award to each of its players under ``scale`` (0 where none);
    a knockout, or what the scale's rule does not cover, refused in one line
    (:class:`~xlbridge.errors.ScaleError`)."""
    if res.result == "knockout":
        raise ScaleError(KNOCKOUT_REFUSED)
    if res.kind == "head-to-head":  # its Standings' award cells say TWO_TEAMS_TEXT
        raise ScaleError(HEAD_TO_HEAD_REFUSED)
    entered = any(m.done for m in res.matches)
    ranked = [(s.team, s.rank) for s in res._ordered()]
    won = field_awards(ranked, teams_boards(res), "teams", scale, entered=entered)
    return dataclasses.replace(res, masterpoints=tuple(won), awarded_scale=scale)
