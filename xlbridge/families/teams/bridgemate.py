"""A teams workbook as a Bridgemate session
(:class:`~xlbridge.interchange.bws_write.BwsSession`), laid out as ``import --from FILE.bws``
reads it back: section A holds the open rooms (the match's home team North-South: the match
sheet's room 1), section B the closed rooms (the away team North-South: room 2); a round's
matches are its tables 1, 2, ... in the order of the match sheets, and NSPair and EWPair hold
team numbers. Both sections are scored as teams (ScoringType 4; board-a-match 3:
:data:`~xlbridge.interchange.bws_write.SCORING_TYPES`).

Matches whose teams are not known yet (a knockout's later rounds, a Swiss round not paired)
are left out: write the file again once they are. Marvin's six-pair game, whose "teams" are
pairs of pairs, is refused.

>>> rooms(1, 2, 7, 4, (5, 6, 7, 8))
(BwsRound(section=1, table=2, round=1, ns=7, ew=4, low=5, high=8, custom='', south=None, \
west=None), BwsRound(section=2, table=2, round=1, ns=4, ew=7, low=5, high=8, custom='', \
south=None, west=None))
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from xlbridge.errors import WorkbookError
from xlbridge.families.teams.importer import _matches
from xlbridge.interchange.bws_write import (
    BwsRound,
    BwsSection,
    BwsSession,
    board_run,
    bws_hand,
    scoring_type,
    session_date,
)
from xlbridge.interchange.gate import load_workbook
from xlbridge.workbook.cells import Book, typed_text
from xlbridge.workbook.hand_records import read_hand_records
from xlbridge.workbook.session import read_settings

__all__ = ["rooms", "session_of"]


def rooms(rnd: int, table: int, home: int, away: int, boards: Any) -> tuple[BwsRound, BwsRound]:
    """A match's two rooms: the open room (section A, home North-South) and the closed room
    (section B, away North-South), at the same table number."""
    low, high = board_run(boards, f"round {rnd} match {table}")
    return (BwsRound(1, table, rnd, home, away, low, high),
            BwsRound(2, table, rnd, away, home, low, high))  # fmt: skip


def three_teams(boards_per_round: int, matches: Any) -> tuple[BwsRound, ...]:
    """The three-team round robin (``round-robin-3``) as one section of three tables: team k's
    North-South pair stays at table k and East-West pairs carry their boards on, so a match's
    two rooms are played in different rounds at different tables; each half's two stages are
    Bridgemate rounds (half 1: rounds 1-2, half 2: rounds 3-4), NSPair and EWPair the teams
    sitting there (each team once North-South and once East-West a round: two winners).
    ``matches`` are the workbook's match sheets, which must hold the boards the schedule has
    their two teams play (else the workbook is not the kind's and is refused).

    >>> [(r.table, r.round, r.ns, r.ew, r.low, r.high) for r in three_teams(6, ())][:4]
    [(1, 1, 1, 3, 1, 6), (2, 1, 2, 1, 7, 12), (3, 1, 3, 2, 13, 18), (1, 2, 1, 2, 7, 12)]
    """
    from xlbridge.movements.teams import round_robin_three

    schedule = round_robin_three(boards_per_round)
    meet: dict[frozenset[int], set[int]] = defaultdict(set)
    out = []
    for t in schedule.tables:
        rnd = 2 * (t.round - 1) + t.stage
        low, high = board_run(t.boards, f"round {rnd} table {t.table}")
        out.append(BwsRound(1, t.table, rnd, t.ns_team, t.ew_team, low, high))
        meet[frozenset((t.ns_team, t.ew_team))] |= set(t.boards)
    for m in matches:
        teams = frozenset((m.home, m.away))
        if m.home is None or m.away is None or set(m.boards) != meet[teams]:
            raise WorkbookError(f"{m.title}: its boards are not those the three-team round"
                                " robin has its teams play; write the workbook again")  # fmt: skip
    return tuple(out)


def session_of(opened: Any, path: str) -> BwsSession:
    """The Bridgemate session of the teams workbook ``opened`` (through the gate), ``path``
    its file (read again for its stored values when a knockout's teams are formulas)."""
    settings = read_settings(Book(opened))
    if settings.kind.startswith("marvin"):
        raise WorkbookError(f"{settings.kind}: its teams are pairs of pairs, which Bridgemate's"
                            " team sections cannot seat; score it on the match sheets")  # fmt: skip
    store: list[Any] = []

    def cached() -> Any:
        if not store:
            store.append(load_workbook(path, data_only=True, read_only=True, what="workbook"))
        return store[0]

    tables: dict[int, int] = defaultdict(int)
    rounds: list[BwsRound] = []
    matches = _matches(opened, cached)
    bam = str(settings.get("Team scoring") or "").strip() == "bam"  # as the importer reads it
    scoring = scoring_type("bam" if bam else "imps")
    deals = read_hand_records(opened)
    event = typed_text(settings.event, "Session!A1", free_text=True)
    if settings.kind == "round-robin-3":
        from xlbridge.families.teams.settings import read

        one = three_teams(read(Book(opened)).boards or 6, matches)
        hands = tuple(bws_hand(1, b, d) for b, d in sorted(deals.items()))
        return BwsSession(event, session_date(settings.get("Date")),
                          (BwsSection(1, "A", 3, 2, scoring),), one, hands=hands)  # fmt: skip
    for m in matches:
        if m.home is None or m.away is None:
            continue  # not known yet
        tables[m.round] += 1
        rounds += rooms(m.round, tables[m.round], m.home, m.away, m.boards)
    if not rounds:
        raise WorkbookError(f"{Path(path).name}: no match whose teams are known yet")
    most = max(tables.values())
    return BwsSession(
        event=event,
        date=session_date(settings.get("Date")),
        sections=(BwsSection(1, "A", most, 1, scoring), BwsSection(2, "B", most, 1, scoring)),
        rounds=tuple(rounds),
        hands=tuple(bws_hand(s, b, d) for s in (1, 2) for b, d in sorted(deals.items())),
    )  # fmt: skip
