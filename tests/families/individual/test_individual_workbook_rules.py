"""The rules individuals workbooks mirror, and the helpers their workbook tests share.

- ``xlbridge.scoring.individual``: each player takes their side's score (seed 002, "Duplicate
  games for individuals": "four player numbers must be recorded, two for North-South and two
  for East-West"; scores "added to an accumulative total for each player"), factoring (seed
  001), ranks with ties (seed 000).
- ``xlbridge.movements.individual_seats``: the seats on each board and the guide cards (seed
  002's Rainbow: "each of the three moving players taking turns (South first, East last)
  playing a hand with the stationary North player as partner"; rules.md §8).

The helpers (``fill_individual``, ``expected``, ``full_fill``) type results into a workbook as a
director would and score them with the rules layer only.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.workbook_fill import Filled, Result, random_contract, type_result
from xlbridge.errors import MovementError, SessionError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.movements.individual import (
    rainbow,
    six_couples,
    three_table_individual,
    two_table_individual,
)
from xlbridge.movements.individual_seats import board_seats, guide, home_directions, seats_on
from xlbridge.movements.model import Movement
from xlbridge.scoring.individual import Play, PlayerStanding, credit, standings
from xlbridge.scoring.matchpoints import Adjusted, score_board, top
from xlbridge.workbook.formulas import FIRST_ROW


def fill_individual(path: Path, options: Options, filled: Filled) -> None:
    """Type ``filled`` into an individuals workbook, as a director would."""
    wb = openpyxl.load_workbook(path)
    fill_individual_book(wb, options, filled)
    wb.save(path)


def fill_individual_book(wb: Any, options: Options, filled: Filled) -> None:
    """:func:`fill_individual` on an open workbook (one built in memory is saved once)."""
    c = IndividualCols.build(options.result_entry, options.scoring).base
    for board, rows in filled.results.items():
        ws = wb[f"Board {board}"]
        for i, res in enumerate(rows):
            r = FIRST_ROW + i
            type_result(ws, r, c, res)
            if res.adjusted is not None:
                ws[f"{c.adjusted}{r}"] = res.adjusted


def full_fill(m: Movement, seed: int) -> Filled:
    """A result (a real contract) on every row of every traveller."""
    rng = random.Random(seed)
    return Filled({b: [random_contract(rng) for _ in m.plays(b)] for b in m.boards})


@dataclass
class Want:
    rows: dict[int, list[tuple[float | None, float | None, float | None]]]
    players: tuple[PlayerStanding, ...]
    scheduled: dict[int, int]


def expected(m: Movement, options: Options, filled: Filled) -> Want:
    """Score ``filled`` with the rules layer only."""
    n_exp = max(len(m.plays(b)) for b in m.boards)
    full_top = top(n_exp, options.scale)
    rows: dict[int, list[tuple[float | None, float | None, float | None]]] = {}
    plays: list[Play] = []
    for b in m.boards:
        seats = board_seats(m, b)
        res = filled.results.get(b, []) + [Result()] * (len(seats) - len(filled.results[b]))
        scores = [r.ns_score(b) for r in res]
        board_rows: list[float | Adjusted | None] = [
            Adjusted.parse(r.adjusted) if r.adjusted else s
            for s, r in zip(scores, res, strict=True)
        ]
        mps = score_board(board_rows, options.scale, expected=n_exp)
        rows[b] = [(s, ns, ew) for s, (ns, ew) in zip(scores, mps, strict=True)]
        plays += [Play(b, s, ns, ew, full_top) for (_, s), (ns, ew) in zip(seats, mps, strict=True)]
    scheduled = dict.fromkeys(m.pair_ids, 0)
    for e in m.entries:
        for p in e.players or ():
            scheduled[p] += len(e.boards)
    groups = home_directions(m)
    got = standings(plays, m.pair_ids, boards_max=max(scheduled.values()), groups=groups)
    return Want(rows, got, scheduled)


ALL_KINDS = {
    "rainbow5": rainbow(5),
    "rainbow7x6": rainbow(7, 6),
    "individual-2": two_table_individual(),
    "individual-3": three_table_individual(),
    "six-couples": six_couples(),
}


# --- credit: the side's score to both its players --------------------------------------------


def test_credit_gives_each_side_to_both_partners() -> None:
    """Seed 002: two numbers for North-South, two for East-West. Seed 000 board 1, row 1
    (3½ of a top of 6 to NS, so 2½ to EW) at a Rainbow table 1, first hand: N 1, E 16, S 11,
    W 6."""
    assert credit((1, 16, 11, 6), 3.5, 2.5) == {1: 3.5, 11: 3.5, 16: 2.5, 6: 2.5}
    assert credit((1, 16, 11, 6), None, None) == {}


def test_credit_refuses_a_player_in_two_seats() -> None:
    with pytest.raises(SessionError, match="four different players"):
        credit((1, 2, 1, 3), 1.0, 0.0)


def test_standings_seed000_matchpoints_as_individuals() -> None:
    """Seed 000 board 1 (NS 3½ 1 6 0 5 2 3½, top 6) on board 1 of a 7-table Rainbow: every
    player credited, the players' sum twice the check total (2 × 21 × 2), ranks with ties."""
    m = rainbow(7)
    ns = [3.5, 1, 6, 0, 5, 2, 3.5]
    plays = [Play(1, s, mp, 6 - mp, 6.0) for (_, s), mp in zip(board_seats(m, 1), ns, strict=True)]
    got = {s.player: s for s in standings(plays, m.pair_ids, boards_max=1)}
    assert all(s.played == 1 for s in got.values())
    assert sum(s.raw or 0 for s in got.values()) == 2 * (21 + 21)
    (_, (north, east, south, west)) = board_seats(m, 1)[2]  # the 6 of the seed's NS 3
    assert got[north].rank == got[south].rank == "1="
    assert got[north].pct == 100.0 and got[east].pct == 0.0
    # four players scored 6 (1=) and four scored 0 (25=) of 28
    assert got[east].rank == got[west].rank == "25="


def test_standings_factor_and_percentage() -> None:
    """Seed 001 factoring: a player with a score on 1 of 2 boards is factored ×2; the
    percentage is of the tops of the boards played only."""
    plays = [
        Play(1, (1, 2, 3, 4), 1.0, 0.0, 1.0),
        Play(1, (5, 6, 7, 8), 0.0, 1.0, 1.0),
        Play(2, (1, 6, 7, 4), 1.0, 0.0, 1.0),
        Play(2, (5, 2, 3, 8), None, None, 1.0),
    ]
    got = {s.player: s for s in standings(plays, range(1, 9), boards_max=2)}
    assert got[1] == PlayerStanding(1, 2, 2.0, 2.0, 100.0, "1=")
    assert got[5] == PlayerStanding(5, 1, 0.0, 0.0, 0.0, "6=")
    assert got[2] == PlayerStanding(2, 1, 0.0, 0.0, 0.0, "6=")
    assert got[6] == PlayerStanding(6, 2, 1.0, 1.0, 50.0, "4=")  # 1, 3 and 8 have 2
    # Player 3 scored 1 of 1 on the only board with a result: factored to 2, level with 1.
    assert got[3] == PlayerStanding(3, 1, 1.0, 2.0, 100.0, "1=")


def test_standings_refuse_a_player_twice_on_a_board() -> None:
    plays = [Play(1, (1, 2, 3, 4), 1.0, 0.0, 1.0), Play(1, (1, 6, 7, 8), 0.0, 1.0, 1.0)]
    with pytest.raises(SessionError, match="player 1 is credited twice"):
        standings(plays, range(1, 9), boards_max=1)
    with pytest.raises(SessionError, match="player 9 is not in this game"):
        standings([Play(1, (1, 2, 3, 9), 1.0, 0.0, 0.0)], range(1, 9), boards_max=1)


# --- seats on every board ----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(ALL_KINDS))
def test_every_player_plays_every_board_once(name: str) -> None:
    """Seed 002: in these games every player plays every board, once (Rainbow: "no one will
    meet boards they have played before"; the 2- and 3-table games share each round's set)."""
    m = ALL_KINDS[name]
    count: Counter[int] = Counter()
    for b in m.boards:
        seen = [p for _, s in board_seats(m, b) for p in s]
        assert len(seen) == len(set(seen)), (b, seen)
        count.update(seen)
    assert set(count.values()) == {len(m.boards)}
    assert set(count) == set(m.pair_ids)


def test_rainbow_partners_rotate_south_first_east_last() -> None:
    """Seed 002: North partners South, then West, then East; with six boards a round, two
    boards each (rules.md §8)."""
    m = rainbow(5, 6)
    e = m.entries[0]
    _, east, south, west = e.players or (0, 0, 0, 0)
    partners = [seats_on(m, e, b)[2] for b in e.boards]
    assert partners == [south, south, west, west, east, east]


def test_rainbow_guide_card_of_a_moving_player() -> None:
    """Rainbow player 16 (East at table 1) partners West 6 on board 1 and North 1 on board 3
    (seed 002: "South first, East last")."""
    card = guide(rainbow(5), 16)
    assert [(g.round, g.table, g.seat, g.partner, g.boards) for g in card[:3]] == [
        (1, 1, "E", 6, (1,)),
        (1, 1, "W", 11, (2,)),
        (1, 1, "S", 1, (3,)),
    ]
    assert card[2].opponents == (6, 11)
    assert sum(len(g.boards) for g in card) == 15


def test_six_couples_hosts_stay_and_couples_meet_only_at_the_host_table() -> None:
    """Seed 002: the hosts 1 and 7 "play together throughout in the same position at the same
    table" (7 West, 1 North at table 1), and "each couple is together only at the host table"
    (couple k: players k and k+6); each guest partners every other guest of the other sex."""
    m = six_couples()
    assert {(g.table, g.seat) for g in guide(m, 1)} == {(1, "N")}
    assert {(g.table, g.seat) for g in guide(m, 7)} == {(1, "W")}
    for e in m.entries:
        assert e.players is not None
        for k in range(2, 7):
            if k in e.players and k + 6 in e.players:
                assert e.table == 1, (e.round, k)
    for k in range(2, 7):
        assert {g.partner for g in guide(m, k)} == set(range(7, 13)) - {k + 6}, k


def test_guide_refuses_unknown_player() -> None:
    with pytest.raises(MovementError, match="no player 99"):
        guide(rainbow(5), 99)
    with pytest.raises(MovementError, match="not played"):
        m = rainbow(5)
        seats_on(m, m.entries[0], 15)


def test_rainbow_ranks_each_direction_apart() -> None:
    """Seed 002's Rainbow: "matchpoint scoring is based on compass direction, so there are
    four winners". Seed 000 board 1 on a 7-table Rainbow: among the Norths, the North of the
    seed's 6 (row 3) wins alone; one field ranks them with the other 6s."""
    m = rainbow(7)
    homes = home_directions(m)
    assert sorted(homes.values()).count("N") == 7 and set(homes.values()) == set("NESW")
    ns = [3.5, 1, 6, 0, 5, 2, 3.5]
    plays = [Play(1, s, mp, 6 - mp, 6.0) for (_, s), mp in zip(board_seats(m, 1), ns, strict=True)]
    got = {s.player: s for s in standings(plays, m.pair_ids, boards_max=1, groups=homes)}
    north = board_seats(m, 1)[2][1][0]
    assert (got[north].rank, got[north].group_rank) == ("1=", "1")
    norths = sorted((s.group_rank for s in got.values() if homes[s.player] == "N"), key=str)
    assert norths == ["1", "2", "3=", "3=", "5", "6", "7"]
    assert home_directions(six_couples()) == {}
