"""The teams family's ``usebio``, called from Python, takes the path ``results --format usebio``
takes (:meth:`~xlbridge.families.teams._Teams.render`): the same bytes, the same refusal of a
masterpoint scale asked for a knockout, and for a knockout whose Session sheet only keeps the
scale the file written without awards and the note ``results`` prints given as a warning
(before, the direct call refused it outright).

Source of the refusal: the EBU's club scale ranks a whole field (EBU *Licensing and Master
Points Handbook*, 2021, club scale; rules.md §9a), a knockout places two teams
(:mod:`xlbridge.families.teams.awards`); the results are those of
``tests/families/teams/test_usebio_teams.py`` (Law 77 scores, WBF IMPs).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.families.teams.test_masterpoints_teams import _twenty_boards
from tests.families.teams.test_usebio_teams import _knockout, _results
from xlbridge.errors import ScaleError
from xlbridge.families.registry import RenderRequest, family
from xlbridge.results.usebio import UsebioOptions

TEAMS = family("teams")
KNOCKOUT_NOTE = (
    "masterpoints not awarded: EBU club masterpoints for a knockout: the club scale ranks a"
    " whole field and a knockout places only two teams, its finalists; award them by hand"
)


def test_a_knockout_keeping_a_scale_is_written_with_the_note_results_gives() -> None:
    ko = replace(_knockout(), masterpoint_scale="ebu-club")  # kept on its Session sheet
    via_results = TEAMS.render(ko, RenderRequest("usebio", club="Lakeside BC"))
    assert via_results.notes == (KNOCKOUT_NOTE,)
    with pytest.warns(UserWarning) as said:
        data = TEAMS.usebio(ko, UsebioOptions(club="Lakeside BC"), None)
    assert [str(w.message) for w in said] == [KNOCKOUT_NOTE]
    assert data == via_results.data
    assert b'<EVENT EVENT_TYPE="KO">' in data  # the knockout's file, written
    assert b"<MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>" in data and b"MASTER_POINTS" not in data


def test_a_scale_asked_for_a_knockout_is_refused_as_results_refuses_it() -> None:
    ko = _knockout()
    with pytest.raises(ScaleError, match="for a knockout: the club scale ranks a whole"):
        TEAMS.render(ko, RenderRequest("usebio", masterpoints="ebu-club"))
    with pytest.raises(ScaleError, match="for a knockout: the club scale ranks a whole"):
        TEAMS.usebio(ko, UsebioOptions(masterpoint_scale="ebu-club"), None)


@pytest.mark.parametrize("where", ["asked", "kept"])
def test_a_round_robin_is_awarded_alike(where: str) -> None:
    """Three teams over 20 boards: one place, 10 points (test_masterpoints_teams.py), in the
    file the direct call writes as in the one ``results`` writes."""
    res = _twenty_boards(_results("vp"))
    asked = "ebu-club" if where == "asked" else ""
    if where == "kept":
        res = replace(res, masterpoint_scale="ebu-club")
    via_results = TEAMS.render(res, RenderRequest("usebio", masterpoints=asked))
    assert via_results.notes == ()
    data = TEAMS.usebio(res, UsebioOptions(masterpoint_scale=asked), None)
    assert data == via_results.data
    assert b"MASTER_POINTS_AWARDED>10<" in data


def test_no_scale_no_awards() -> None:
    res = _twenty_boards(_results("vp"))
    data = TEAMS.usebio(res, UsebioOptions(), None)
    assert data == TEAMS.render(res, RenderRequest("usebio")).data
    assert b"MASTER_POINTS" not in data
