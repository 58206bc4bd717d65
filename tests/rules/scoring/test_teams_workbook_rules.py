"""The rules layer's team-match rules (xlbridge.scoring.team_match), with their sources."""

from __future__ import annotations

import pytest

from xlbridge.errors import ScaleError, TravellerError
from xlbridge.scoring.team_match import (
    bam_points,
    board_imps,
    imps_won,
    rank_teams,
    score_match,
    standings_order,
)


def test_board_imps_by_the_wbf_scale() -> None:
    """rules.md §3: 450 difference is 10 IMPs; 10 is 0; seed 002's -30 net is -1."""
    assert board_imps(620, 170) == (10, -10)
    assert board_imps(420, 410) == (0, 0)
    assert board_imps(-140, -110) == (-1, 1)


def test_adjusted_scores_law_86a() -> None:
    """Law 86A (rules.md §5): average plus +3 IMPs, average 0, average minus -3; the two
    sides need not balance."""
    assert board_imps(None, None, "A+") == (3, 3)
    assert board_imps(None, None, "A-") == (-3, -3)
    assert board_imps(None, None, "A+/A-") == (3, -3)
    assert board_imps(420, -50, "A") == (0, 0)
    with pytest.raises(TravellerError):
        board_imps(None, None, "55/45")
    with pytest.raises(TravellerError):
        board_imps(420, None)


def test_board_a_match_points() -> None:
    """Seed 002: a net plus wins 1 matchpoint, a tie 1/2, a net minus nothing."""
    assert bam_points(420, 400) == (1.0, 0.0)
    assert bam_points(-100, -100) == (0.5, 0.5)
    assert bam_points(-630, -620) == (0.0, 1.0)


def test_score_match_vp_and_carry_over() -> None:
    """rules.md §4: WBF 2013, 8 boards: 10 IMPs = 13.78; the carry-over counts for Home."""
    m = score_match([(6, -6), (2, -2)], carry_over=2, match_boards=8)
    assert (m.home, m.away, m.home_vp, m.away_vp) == (10, -10, 13.78, 6.22)
    assert score_match([(1, -1)], match_boards=8, three_quarter=True).home_vp == 0.75
    assert score_match([(1, -1)], match_boards=8, three_quarter=False).home_vp == 1.0
    # seed 002's table: 5-7 IMPs are 13-7
    assert score_match([(5, -5)], scale="seed-imp", match_boards=7).home_vp == 13.0


def test_ranks_and_the_swiss_order() -> None:
    assert rank_teams([30, 30, 30], [5, 2, 5]) == ["1=", "3", "1="]
    assert rank_teams([1.0, 2.0]) == ["2", "1"]
    assert standings_order([1, 2, 3], [10, 10, 10], [0, 0, 0]) == [1, 2, 3]
    with pytest.raises(ScaleError):
        rank_teams([1, 2], [1])


def test_imps_won_as_a_team_scorecard_writes_them() -> None:
    """Seed 002 ("Duplicate games for teams-of-four"): "A team's total IMP score for the match
    is obtained by subtracting IMPs lost from IMPs won": each board's IMPs go to the side that
    won them, the match score is the two totals and its difference is the margin."""
    nets = [board_imps(620, 170), board_imps(-140, -110), board_imps(420, 420)]
    assert [imps_won(h, a) for h, a in nets] == [(10, 0), (0, 1), (0, 0)]
    m = score_match(nets, match_boards=8)
    assert (m.home_imps, m.away_imps) == (10.0, 1.0)
    assert m.home == m.home_imps - m.away_imps == 9.0
    assert m.away == -9.0


def test_imps_won_with_carry_over_and_adjusted_scores() -> None:
    """A carry-over is IMPs won by the team it goes to; Law 86A's A+ to both sides (rules.md
    §5) shows 3 won by each, and each side's margin still counts its own +3."""
    m = score_match([(5, -5)], carry_over=-7, match_boards=8)
    assert (m.home_imps, m.away_imps, m.home, m.away) == (5.0, 7.0, -2.0, 2.0)
    both = score_match([board_imps(None, None, "A+"), (0, 0)], match_boards=8)
    assert (both.home_imps, both.away_imps, both.home, both.away) == (3.0, 3.0, 3.0, 3.0)
    assert imps_won(*board_imps(None, None, "A-")) == (0, 0)
