"""A teams workbook's results as the federation's file: :class:`TeamsResults` mapped onto the
family-neutral USEBIO document (:mod:`xlbridge.results.usebio`), laid out as the EBU's
example of its kind: IMPs scored into VPs (round robin, Swiss) as TeamsScorer writes them,
point-a-board as EBUScoreTeams does.

Each ``TEAM`` carries its VPs or points (``TOTAL_SCORE``), its matches won or drawn, its
place and its players, two a ``PAIR`` numbered as TeamsScorer numbers them (``1-1-2``: team 1,
its players 1 and 2, in the order the Names sheet lists them, separated by commas). Each
``MATCH`` (once, from its first team's side) carries the round, the teams, the boards' range,
both scores (VPs or points) and every board: the first team's signed IMPs (or both teams'
points) and the two rooms' lines, ``DIRECTION`` the first team's seat in that room.

Not written, as the workbook does not hold them: which of a team's pairs sat in which room
(``TEAM_PAIRING_AVAILABLE``, the pairs' ``NS_PAIR_NUMBER``/``EW_PAIR_NUMBER``,
``BOARDS_PLAYED``, ``PAIR_IMPS`` and the rooms' cross-IMPs), and the players' member numbers
(each player's ``PLAYER`` holds a comment saying so).

A knockout is written as :data:`~xlbridge.results.usebio.TEAMS_KO` lays it out (``KO``,
matches scored in ``IMPS``): each match's IMPs won by each team, carry-over included (and said
in a comment), each team's matches won or drawn and the finalists' places. Board-a-match
teams (any kind scored ``--team-scoring bam``) are point-a-board, as the rules score them.
Refused in one line, naming what is missing: win/loss matches (no ``MATCH_SCORING_METHOD``
value for them was found in any USEBIO source), Marvin's six-pair game (its fifteen teams
re-form from six pairs and the pairs are ranked: no USEBIO layout for that was found), and
masterpoints for a knockout or a head-to-head match (the club scale ranks a whole field; they
place two teams: :mod:`xlbridge.families.teams.awards`, as ``results`` in every format).

>>> from xlbridge.families.teams.model import TeamsResults
>>> empty = TeamsResults("Club teams", "2026-11-24", "round-robin", "imps", "vp", "IMPs", "VP",
...     (), (), (), (), (), None, (), True, ())
>>> teams_document(empty).layout.name
'teams-imps-vps'
"""

from __future__ import annotations

from collections.abc import Mapping

from xlbridge.errors import WorkbookError
from xlbridge.families.teams.awards import team_awards, teams_boards
from xlbridge.families.teams.model import Room, TeamMatch, TeamsResults
from xlbridge.numerals import shown_text
from xlbridge.results.problems import banner
from xlbridge.results.usebio import (
    TEAMS_IMPS,
    TEAMS_KO,
    TEAMS_PAB,
    UsebioDocument,
    UsebioMatch,
    UsebioMatchBoard,
    UsebioOptions,
    UsebioPlayer,
    UsebioTeam,
    UsebioTeamLine,
    usebio_contract,
    usebio_date,
    write_document,
)

__all__ = ["teams_document", "write_teams_usebio"]

_LAYOUT = {"vp": TEAMS_IMPS, "points": TEAMS_PAB, "knockout": TEAMS_KO}
#: Why a teams result is not written, by result.
_MISSING = {
    "win-loss": "no MATCH_SCORING_METHOD value for win/loss matches was found in USEBIO 1.2's"
    " sources (the EBU's examples and the readers seen know VPS, IMPS and PAB)",
    "wins": "Marvin's game ranks six pairs over fifteen teams that re-form each round; no"
    " USEBIO layout ranking pairs by team matches was found",
}


def _num(x: float | None) -> str:
    return shown_text(x, fixed=True)


def _players(team: int, names: tuple[str, ...]) -> tuple[UsebioPlayer, ...]:
    return tuple(
        UsebioPlayer(name, "", f"team {team}: player {i + 1} ({name}) has no member number;"
                     " NATIONAL_ID_NUMBER left out")
        for i, name in enumerate(names)
    )  # fmt: skip


def _line(direction: str, room: Room, adjusted: str) -> UsebioTeamLine:
    if adjusted:
        return UsebioTeamLine(direction, note=f"adjusted score {adjusted}")
    passed = usebio_contract(room.contract) == "PASS"
    return UsebioTeamLine(
        direction,
        usebio_contract(room.contract),
        "N" if passed else room.declarer,
        "0" if passed else ("" if room.tricks is None else str(room.tricks)),
        _num(room.score),
    )


def _match(res: TeamsResults, m: TeamMatch, pab: bool) -> UsebioMatch:
    """A match from its home team's side: room 1 has the home team North-South; a knockout's
    scores are IMPs won (its carry-over in them, and in a comment)."""
    assert m.home is not None and m.away is not None
    boards = tuple(
        UsebioMatchBoard(
            b.board,
            tuple(
                _line(d, room, b.adjusted)
                for d, room in (("NS", b.room1), ("EW", b.room2))
                if b.adjusted or room.score is not None  # a room not played: no line
            ),
            imps="" if pab or b.home is None or b.away is None else _num(b.home - b.away),
            team_points=_num(b.home) if pab else "",
            opposing_points=_num(b.away) if pab else "",
        )
        for b in m.boards
        if b.adjusted or b.room1.score is not None or b.room2.score is not None
    )
    numbers = [b.board for b in m.boards]
    imps = res.result == "knockout"
    note = ""
    if imps and m.carry:
        who = m.home if m.carry > 0 else m.away
        note = f"carry-over: {_num(abs(m.carry))} IMPs to team {who}, in its TEAM_SCORE"
    h, a = (m.h, m.a) if pab or imps else (m.hv, m.av)
    if imps and not boards:
        h = a = None  # no board scored: no score yet, not a 0-0 draw
    return UsebioMatch(
        m.round, m.home, m.away, min(numbers, default=0), max(numbers, default=0),
        _num(h), _num(a), boards, note,
    )  # fmt: skip


def _wins_or_draws(res: TeamsResults, team: int) -> int:
    won = 0
    for m in res.matches:
        if not m.done or team not in (m.home, m.away):
            continue
        mine, theirs = (m.h, m.a) if team == m.home else (m.a, m.h)
        won += mine >= theirs
    return won


def teams_document(
    res: TeamsResults,
    options: UsebioOptions | None = None,
    deals: Mapping[int, str] | None = None,
) -> UsebioDocument:
    """The teams results as the federation's document (one line refused where the examples
    show no layout for them)."""
    marvin = res.kind.startswith("marvin")
    layout = None if marvin else _LAYOUT.get(res.result)
    if layout is TEAMS_KO and res.scoring != "imps":
        layout = None  # `new` makes none: a knockout's matches are won on IMPs
    if layout is None:
        why = _MISSING.get("wins" if marvin else res.result, "no USEBIO layout for it was found")
        raise WorkbookError(
            f"USEBIO output of a teams workbook ({res.kind}) scored as {res.result} is not"
            f" written: {why}; use --format csv, json or html"
        )
    pab = layout is TEAMS_PAB
    opts = options or UsebioOptions()
    scale = opts.masterpoint_scale
    if scale and res.awarded_scale != scale:  # a knockout refused, as by results in any format
        res = team_awards(res, scale)
    ordered = res._ordered()
    boards = teams_boards(res)
    teams = tuple(
        UsebioTeam(s.team, s.name, "" if layout is TEAMS_KO else _num(s.total),
                   str(_wins_or_draws(res, s.team)), s.rank,
                   masterpoints=res.award_of(s.team),
                   players=_players(s.team, s.player_names))
        for s in ordered
    )  # fmt: skip
    matches = tuple(
        _match(res, m, pab) for m in res.matches if m.home is not None and m.away is not None
    )
    return UsebioDocument(
        layout=layout,
        description=res.event,
        date=usebio_date(res.date),
        club=opts.club,
        club_id=opts.club_id,
        charge_code=opts.charge_code,
        version=opts.program_version,
        boards_played=str(boards),
        scale={"ebu-club": "Club"}.get(scale, ""),
        awarded=bool(scale),
        teams=teams,
        matches=matches,
        notes=(banner(res.open_problems),) if res.open_problems else (),
        deals=deals,
    )


def write_teams_usebio(
    res: TeamsResults,
    options: UsebioOptions | None = None,
    deals: Mapping[int, str] | None = None,
) -> bytes:
    """The teams results as USEBIO 1.2 XML bytes."""
    return write_document(teams_document(res, options, deals))
