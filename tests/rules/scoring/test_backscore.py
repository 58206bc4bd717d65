"""The back score for 4-6 players: seed 002's Figure 1-3 and the zero-sum check."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.scoring.backscore import BackScore, BackScoreError
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.rubber import Rounding, Rubber, ScoreSheetError

# Seed 002, Figure 1-3 "A Typical Back Score (Five rubbers)": running totals after each rubber.
PLAYERS = ("Jane", "Joseph", "Dorothy", "Edward", "Martha")
SEED_COLUMNS = [
    # Jane Joseph Dorothy Edward Martha
    (5, 5, -5, -5, 0),
    (-3, 13, -13, -5, 8),
    (0, 10, -13, -8, 11),
    (-7, 10, -6, -15, 18),
    (-7, 14, -2, -19, 14),
]
# "The winning pair for each of the five rubbers won (after rounding) by 5, 8, 3, 7, and 4
# (hundred) points" ("work it out"): the partnerships below are worked out from the columns.
SEED_RUBBERS = [
    (("Jane", "Joseph"), ("Dorothy", "Edward"), 5),  # Martha sits out
    (("Joseph", "Martha"), ("Jane", "Dorothy"), 8),  # Edward sits out
    (("Jane", "Martha"), ("Joseph", "Edward"), 3),  # Dorothy sits out
    (("Dorothy", "Martha"), ("Jane", "Edward"), 7),  # Joseph sits out
    (("Joseph", "Dorothy"), ("Edward", "Martha"), 4),  # Jane sits out
]


def seed_back_score() -> BackScore:
    b = BackScore.start(*PLAYERS)
    for winners, losers, margin in SEED_RUBBERS:
        b = b.record(winners, losers, margin)
    return b


def test_seed_002_back_score_columns() -> None:
    """Seed 002, five-rubber back score: recording the five rubbers gives Figure 1-3 exactly."""
    b = seed_back_score()
    assert [list(c) for c in b.columns] == [list(c) for c in SEED_COLUMNS]
    assert b.check_totals == (0, 0, 0, 0, 0)  # "Check Total 0 0 0 0 0"


def test_seed_002_back_score_margins_and_sit_outs() -> None:
    """Seed 002: margins 5, 8, 3, 7, 4; each player sat out exactly one rubber."""
    b = BackScore.from_columns(PLAYERS, SEED_COLUMNS)
    assert [max(r) for r in b.rounds] == [5, 8, 3, 7, 4]
    sat_out = [PLAYERS[r.index(0)] for r in b.rounds]
    assert sorted(sat_out) == sorted(PLAYERS)
    assert b == seed_back_score()


def test_seed_002_back_score_stakes() -> None:
    """Seed 002: at a tenth of a cent a point, Jane -70c, Joseph +$1.40, Dorothy -20c,
    Edward -$1.90, Martha +$1.40 (hundreds x 100 points x 0.1 cent)."""
    cents = {name: total * 100 // 10 for name, total in seed_back_score().standings}
    assert cents == {"Jane": -70, "Joseph": 140, "Dorothy": -20, "Edward": -190, "Martha": 140}


def test_seed_002_back_score_is_in_the_seed(seeds_dir: Path) -> None:
    text = next(seeds_dir.glob("002_*.txt")).read_text(encoding="utf-8")
    assert "| Joseph | +5 | +13 | +10 | +10 | +14 |" in text
    assert "| Edward | -5 | -5 | -8 | -15 | -19 |" in text
    assert "by 5, 8, 3, 7, and 4 (hundred) points" in text


def test_seed_002_back_score_table() -> None:
    table = seed_back_score().table().splitlines()
    assert table[0].split() == ["Player", "1", "2", "3", "4", "5"]
    assert table[2].split() == ["Joseph", "+5", "+13", "+10", "+10", "+14"]
    assert table[-1].split() == ["Check", "0", "0", "0", "0", "0"]


# --- recording rubbers and chukkers --------------------------------------------------------------


def test_record_seed_002_typical_rubber() -> None:
    """Seed 002: the typical rubber is +7 for both THEY players and -7 for both WE players."""
    rubber = Rubber.of("2S N 9", "6D E 12", "2HXX S 8 100", "3NT W 9")
    b = BackScore.start("We1", "We2", "They1", "They2").record_result(
        ("We1", "We2"), ("They1", "They2"), rubber
    )
    assert b.standings == (("We1", -7), ("We2", -7), ("They1", 7), ("They2", 7))


def test_record_seed_002_typical_chukker() -> None:
    """Seed 002: the chukker's back score is kept as for rubber: +14 NS, -14 EW."""
    chukker = Chukker.of("3S E 10 100", "6D S 13", "3NT N 9", "2S E 9", first_dealer="E")
    b = BackScore.start("N", "E", "S", "W", "Out").record_result(("N", "S"), ("E", "W"), chukker)
    assert b.standings == (("N", 14), ("E", -14), ("S", 14), ("W", -14), ("Out", 0))


def test_record_result_rounding_option() -> None:
    """Seed 002: 50 rounds up in the US; elsewhere the 50 may be dropped. Net here is 650."""
    rubber = Rubber.of("4S N 10", "2S E 8", "2S E 8", "4H N 11")
    start = BackScore.start("A", "B", "C", "D")
    up = start.record_result(("A", "B"), ("C", "D"), rubber)
    down = start.record_result(("A", "B"), ("C", "D"), rubber, Rounding.HALF_DOWN)
    assert (up.total("A"), down.total("A"), down.total("C")) == (7, 6, -6)


# --- the zero-sum check and bad input ----------------------------------------------------------


def test_from_columns_zero_sum_check() -> None:
    """Seed 002: "every column must total zero"; a slip in column 4 is caught and named."""
    bad = [list(c) for c in SEED_COLUMNS]
    bad[3][1] = 11
    with pytest.raises(BackScoreError, match=r"column 4 totals \+1, not 0"):
        BackScore.from_columns(PLAYERS, bad)


def test_round_must_be_two_plus_two_minus() -> None:
    """Each player gets +/- the side's net: a round of +2, +1, -1, -2 sums to 0 but is wrong."""
    with pytest.raises(BackScoreError, match=r"round 1.*two players \+x and two players -x"):
        BackScore(("A", "B", "C", "D"), ((2, 1, -1, -2),))
    with pytest.raises(BackScoreError, match=r"round 2 totals \+2"):
        BackScore(("A", "B", "C", "D"), ((1, 1, -1, -1), (1, 1, 0, 0)))


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (("A", "B", "C"), "3 players"),
        (("A", "B", "C", "D", "E", "F", "G"), "7 players"),
        (("A", "B", "C", "A"), "repeat"),
        (("A", "B", "C", ""), "non-empty"),
    ],
)
def test_players_four_to_six(players: tuple[str, ...], fragment: str) -> None:
    with pytest.raises(BackScoreError, match=fragment):
        BackScore(players)


@pytest.mark.parametrize(
    ("pair", "opponents", "net", "fragment"),
    [
        (("A", "Z"), ("C", "D"), 3, "'Z'"),
        (("A", "B"), ("B", "C"), 3, "share a player"),
        (("A", "A"), ("C", "D"), 3, "two different players"),
        (("A",), ("C", "D"), 3, "two different players"),
        (("A", "B"), ("C", "D"), 3.5, "whole number"),
    ],
)
def test_record_errors(
    pair: tuple[str, ...], opponents: tuple[str, ...], net: int, fragment: str
) -> None:
    with pytest.raises(BackScoreError, match=fragment):
        BackScore.start("A", "B", "C", "D", "E").record(pair, opponents, net)


def test_back_score_error_is_a_score_sheet_error() -> None:
    assert issubclass(BackScoreError, ScoreSheetError)


def test_unknown_player_total() -> None:
    with pytest.raises(BackScoreError, match="'Z'"):
        seed_back_score().total("Z")


# --- properties --------------------------------------------------------------------------------


@st.composite
def sessions(draw: st.DrawFn) -> tuple[tuple[str, ...], list[tuple[list[str], int]]]:
    n = draw(st.integers(4, 6))
    players = tuple(f"P{i}" for i in range(1, n + 1))
    games = []
    for _ in range(draw(st.integers(0, 12))):
        four = draw(st.permutations(players))[:4]
        games.append((list(four), draw(st.integers(-40, 40))))
    return players, games


@given(sessions())
def test_back_score_sums_to_zero(
    session: tuple[tuple[str, ...], list[tuple[list[str], int]]],
) -> None:
    """Seed 002's check: after every rubber the running totals add to zero; the sit-outs are
    unchanged; from_columns reads the written table back to the same back score."""
    players, games = session
    b = BackScore.start(*players)
    for four, net in games:
        before = dict(b.standings)
        b = b.record(four[:2], four[2:], net)
        after = dict(b.standings)
        assert sum(after.values()) == 0
        for name in players:
            expected = net if name in four[:2] else -net if name in four[2:] else 0
            assert after[name] - before[name] == expected
    assert all(total == 0 for total in b.check_totals)
    assert BackScore.from_columns(players, b.columns) == b
