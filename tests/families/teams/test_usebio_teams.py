"""Teams in the federation's file (issue 32), held against the EBU's examples of their kind:
IMPs into VPs as TeamsScorer 5.1.17 writes them, point-a-board as EBUScoreTeams 1.1.3 does
(``../shared/usebio-examples/``). A three-team round robin is scored by the rules layer here
(Law 77 scores, WBF IMPs, WBF VPs), written, and compared with the example: element paths (ours
a subset; what we leave out named), children's order, enumerated values, and every stored
figure equal to the rules layer's: each room's score, each board's IMPs or points, each
match's VPs, each team's total, matches won or drawn, and place."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.support.shared import SHARED
from xlbridge.errors import WorkbookError
from xlbridge.families.teams.model import Room, TeamBoard, TeamMatch, TeamsResults, TeamStanding
from xlbridge.families.teams.usebio import write_teams_usebio
from xlbridge.results.check import check_usebio
from xlbridge.results.usebio import UsebioOptions
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import board_a_match
from xlbridge.scoring.imps import imps
from xlbridge.scoring.session import ranks
from xlbridge.scoring.vp import vp

EXAMPLES = SHARED / "usebio-examples"
IMPS_VPS = EXAMPLES / "ebu-example-teams-imps-vps-TeamsScorer.xml"
PAB = EXAMPLES / "ebu-example-teams-point-a-board-EBUScoreTeams.xml"
pytestmark = pytest.mark.skipif(not IMPS_VPS.exists(), reason="the EBU's examples are not at hand")

# Elements of the examples the workbook has no value for (which pair sat in which room, the
# players' club numbers, the scorer's contact, the opening lead).
ABSENT = {"TEAM_PAIRING_AVAILABLE", "PAIRWISE_SCORING_METHOD", "CONTACT", "FULL_NAME",
          "TELEPHONE", "EMAIL", "BOARDS_PLAYED", "PAIR_IMPS", "CLUB_ID_NUMBER",
          "NATIONAL_ID_NUMBER", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "NS_CROSS_IMP_POINTS",
          "EW_CROSS_IMP_POINTS", "LEAD", "MASTER_POINTS", "MASTER_POINTS_AWARDED",
          "MASTER_POINT_TYPE", "MASTER_POINT_SCALE"}  # fmt: skip
# (board, room 1 contract, declarer, tricks, room 2 contract, declarer, tricks) a match
DEALS = {
    1: [(1, "4S", "N", 10, "4S", "N", 9), (2, "3NT", "E", 9, "2NT", "E", 9)],
    2: [(3, "6H", "S", 12, "4H", "S", 12), (4, "PASS", "", None, "1C", "W", 6)],
    3: [(5, "3NTX", "W", 7, "3NT", "W", 9), (6, "2D", "N", 8, "2D", "N", 8)],
}
PAIRINGS = {1: (1, 2), 2: (1, 3), 3: (2, 3)}


def _results(result: str) -> TeamsResults:
    matches = []
    for n, (home, away) in PAIRINGS.items():
        boards = []
        for b, c1, d1, t1, c2, d2, t2 in DEALS[n]:
            s1, s2 = score(c1, d1 or None, t1, b), score(c2, d2 or None, t2, b)
            net = s1 - s2  # home NS in room 1, EW in room 2
            if result == "points":
                h_pts = board_a_match(net)
                hp, ap = h_pts, 1 - h_pts
            else:
                hp, ap = max(imps(net), 0), max(-imps(net), 0)
            boards.append(TeamBoard(b, 6, 1, Room(c1, d1, t1, None, s1),
                                    Room(c2, d2, t2, None, s2), "", hp, ap))  # fmt: skip
        h, a = sum(x.home or 0 for x in boards), sum(x.away or 0 for x in boards)
        hv, av = vp(h - a, len(boards)) if result == "vp" else (None, None)
        matches.append(TeamMatch(n, n, 1, home, away, 0, tuple(boards), True, h, a, hv, av,
                                 home if h > a else away if a > h else None, h - a, a - h))
    totals = {t: 0.0 for t in (1, 2, 3)}
    for m in matches:
        assert m.home and m.away
        totals[m.home] += (m.hv if result == "vp" else m.h) or 0
        totals[m.away] += (m.av if result == "vp" else m.a) or 0
    place = dict(zip(totals, ranks(list(totals.values())), strict=True))
    standings = tuple(TeamStanding(t, f"Team {t}", f"A{t} One, B{t} Two, C{t} Three, D{t} Four",
                                   2, (), None, totals[t], place[t]) for t in totals)  # fmt: skip
    return TeamsResults("Club teams", "2026-11-24", "round-robin", "imps" if result == "vp"
                        else "bam", result, "IMPs", "VP", (), tuple(matches), standings,
                        (), (), None, (), True, ())  # fmt: skip


def _paths(root: ET.Element) -> set[str]:
    out: set[str] = set()

    def walk(e: ET.Element, path: str) -> None:
        p = f"{path}/{e.tag}" + "".join(f"[@{k}]" for k in sorted(e.attrib) if k != "HANDSET_ID")
        out.add(p)
        for c in e:
            if isinstance(c.tag, str):
                walk(c, p)

    walk(root, "")
    return out


def _orders(root: ET.Element) -> dict[str, set[tuple[str, str]]]:
    out: dict[str, set[tuple[str, str]]] = {}
    for e in root.iter():
        tags = [c.tag for c in e if isinstance(c.tag, str)]
        got = out.setdefault(str(e.tag), set())
        got |= {(a, b) for i, a in enumerate(tags) for b in tags[i + 1 :] if a != b}
    return out


OPTIONS = UsebioOptions("Lakeside BC", "1234", "10", "0.1.0")


@pytest.mark.parametrize(("result", "example"), [("vp", IMPS_VPS), ("points", PAB)])
def test_teams_file_is_the_shape_of_the_example(result: str, example: Path) -> None:
    ours = ET.fromstring(write_teams_usebio(_results(result), OPTIONS))
    theirs = ET.parse(example).getroot()
    mine, known = _paths(ours), _paths(theirs)
    assert mine <= known, sorted(mine - known)
    missing = {p.rsplit("/", 1)[1].split("[")[0] for p in known - mine}
    assert missing <= ABSENT, sorted(missing - ABSENT)
    their_order = _orders(theirs)
    for parent, pairs in _orders(ours).items():
        wrong = {(a, b) for a, b in pairs if (b, a) in their_order.get(parent, set())
                 and (a, b) not in their_order.get(parent, set())}  # fmt: skip
        assert not wrong, (parent, wrong)
    for tag in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "SCORING_METHOD", "DIRECTION",
                "PLAYED_BY", "SECTION_COUNT"):  # fmt: skip
        got = {(e.text or "") for e in ours.iter(tag)}
        assert got <= {(e.text or "") for e in theirs.iter(tag)}, tag
    assert ours.find("EVENT").get("EVENT_TYPE") == "TEAMS"  # type: ignore[union-attr]


@pytest.mark.parametrize("result", ["vp", "points"])
def test_teams_figures_are_the_rules_layers(result: str) -> None:
    res = _results(result)
    root = ET.fromstring(write_teams_usebio(res, OPTIONS))
    pab = result == "points"
    matches = root.findall("EVENT/SESSION/MATCH")
    assert len(matches) == 3
    for me, m in zip(matches, res.matches, strict=True):
        assert (int(me.findtext("TEAM", "")), int(me.findtext("OPPOSING_TEAM", ""))) == (
            m.home, m.away)
        want = (m.h, m.a) if pab else (m.hv, m.av)
        got = (float(me.findtext("TEAM_SCORE", "")), float(me.findtext("OPPOSING_TEAM_SCORE", "")))
        assert got == pytest.approx(want, abs=0.005)
        for be, b in zip(me.findall("BOARD"), m.boards, strict=True):
            lines = be.findall("TRAVELLER_LINE")
            assert [x.findtext("DIRECTION") for x in lines] == ["NS", "EW"]
            s1, s2 = (float(x.findtext("SCORE", "")) for x in lines)
            assert (s1, s2) == (b.room1.score, b.room2.score)
            for x, room in zip(lines, (b.room1, b.room2), strict=True):
                c = x.findtext("CONTRACT", "")
                assert score(c, x.findtext("PLAYED_BY") or None, int(x.findtext("TRICKS", "")),
                             b.board) == room.score  # fmt: skip
            if pab:
                assert float(be.findtext("TEAM_POINTS", "")) == board_a_match(s1 - s2)
            else:
                assert int(be.findtext("IMPS", "")) == imps(s1 - s2)
    for te in root.iter("TEAM"):
        if te.get("TEAM_ID") is None:
            continue  # MATCH/TEAM: the team's number
        s = next(x for x in res.standings if x.team == int(te.get("TEAM_ID", "")))
        assert float(te.findtext("TOTAL_SCORE", "")) == pytest.approx(s.total, abs=0.005)
        assert te.findtext("PLACE") == s.rank and te.get("TEAM_NAME") == s.name
        won = sum(1 for m in res.matches if (m.home == s.team and m.h >= m.a)
                  or (m.away == s.team and m.a >= m.h))  # fmt: skip
        assert te.findtext("WINS_OR_DRAWS") == str(won)
        pairs = te.findall("PAIR")
        assert [p.findtext("PAIR_NUMBER") for p in pairs] == [f"{s.team}-1-2", f"{s.team}-3-4"]
        assert [x.findtext("PLAYER_NAME") for p in pairs for x in p.findall("PLAYER")] == [
            f"A{s.team} One", f"B{s.team} Two", f"C{s.team} Three", f"D{s.team} Four"]


def test_a_passed_board_and_the_boards_played() -> None:
    root = ET.fromstring(write_teams_usebio(_results("vp"), OPTIONS))
    passed = [t for t in root.iter("TRAVELLER_LINE") if t.findtext("CONTRACT") == "PASS"]
    assert [(t.findtext("PLAYED_BY"), t.findtext("TRICKS"), t.findtext("SCORE"))
            for t in passed] == [("N", "0", "0")]  # fmt: skip
    assert root.findtext("EVENT/BOARDS_PLAYED") == "4"  # each team plays two matches of two


def test_win_loss_and_marvin_are_refused_naming_what_is_missing() -> None:
    """No USEBIO source shows a MATCH_SCORING_METHOD for win/loss matches, nor a layout for
    Marvin's game (pairs ranked over teams that re-form): one line each, no file."""
    res = _results("vp")
    for kind, result, missing in (
        ("swiss-teams", "win-loss", "no MATCH_SCORING_METHOD value for win/loss matches"),
        ("marvin-4", "wins", "Marvin's game ranks six pairs"),
        ("marvin-6", "vp", "Marvin's game ranks six pairs"),
    ):
        other = TeamsResults(res.event, res.date, kind, "imps", result, "", "", (),
                             res.matches, res.standings, (), (), None, (), True, ())
        with pytest.raises(WorkbookError, match=rf"teams workbook \({kind}\) scored as"
                                                rf" {result} is not written: {missing}"):
            write_teams_usebio(other)


# A knockout of four teams: semi-finals 1 v 4 and 2 v 3 (round 1), then the final.
KO_DEALS = {1: DEALS[1], 2: DEALS[2], 3: DEALS[3]}


def _knockout(carry: float = 0) -> TeamsResults:
    """The knockout scored by the rules layer (Law 77 scores, WBF IMPs): each match's IMPs
    won by each side, ``carry`` IMPs carried over to the home team of the first semi-final;
    standings as the reader makes them (matches won; 1 the champion, 2 the losing finalist)."""
    matches: list[TeamMatch] = []
    for n, pairing in ((1, (1, 4)), (2, (2, 3)), (3, None)):
        home, away = pairing or (matches[0].winner, matches[1].winner)
        boards = []
        for b, c1, d1, t1, c2, d2, t2 in KO_DEALS[n]:
            s1, s2 = score(c1, d1 or None, t1, b), score(c2, d2 or None, t2, b)
            hp, ap = max(imps(s1 - s2), 0), max(-imps(s1 - s2), 0)
            boards.append(TeamBoard(b, 6, 1, Room(c1, d1, t1, None, s1),
                                    Room(c2, d2, t2, None, s2), "", hp, ap))  # fmt: skip
        c = carry if n == 1 else 0
        h, a = sum(x.home or 0 for x in boards) + max(c, 0), sum(x.away or 0 for x in boards)
        winner = home if h >= a else away  # a tie: the home team, as if typed
        matches.append(TeamMatch(n, 1 if pairing else 2, 1, home, away, c, tuple(boards), True,
                                 h, a, None, None, winner, h - a, a - h))  # fmt: skip
    champion = matches[-1].winner
    final = (matches[-1].home, matches[-1].away)
    standings = tuple(
        TeamStanding(t, f"Team {t}", f"A{t} One, B{t} Two", sum(1 for m in matches if t in
                     (m.home, m.away)), (), None, float(sum(m.winner == t for m in matches)),
                     "1" if t == champion else "2" if t in final else "")
        for t in (1, 2, 3, 4)
    )  # fmt: skip
    return TeamsResults("Club knockout", "2026-11-24", "knockout", "imps", "knockout", "IMPs",
                        "Won", (), tuple(matches), standings, (), (), champion, (), True, ())


def test_knockout_is_the_shape_of_the_teams_example() -> None:
    """TeamsScorer's layout with a knockout's values: EVENT_TYPE KO and MATCH_SCORING_METHOD
    IMPS (marcshearer/ImportUsebio's enumerations; the examples have no knockout), no VPs
    (SCORING_METHOD) and no team total; every other element and order the example's."""
    ours = ET.fromstring(write_teams_usebio(_knockout(), OPTIONS))
    theirs = ET.parse(IMPS_VPS).getroot()
    mine, known = _paths(ours), _paths(theirs)
    assert mine <= known, sorted(mine - known)
    missing = {p.rsplit("/", 1)[1].split("[")[0] for p in known - mine}
    assert missing <= ABSENT | {"SCORING_METHOD", "TOTAL_SCORE"}, sorted(missing - ABSENT)
    their_order = _orders(theirs)
    for parent, pairs in _orders(ours).items():
        wrong = {(a, b) for a, b in pairs if (b, a) in their_order.get(parent, set())
                 and (a, b) not in their_order.get(parent, set())}  # fmt: skip
        assert not wrong, (parent, wrong)
    assert ours.find("EVENT").get("EVENT_TYPE") == "KO"  # type: ignore[union-attr]
    assert {e.text for e in ours.iter("MATCH_SCORING_METHOD")} == {"IMPS"}
    assert {e.text for e in ours.iter("BOARD_SCORING_METHOD")} == {"IMPS"}
    for tag in ("DIRECTION", "PLAYED_BY", "SECTION_COUNT"):
        assert {e.text for e in ours.iter(tag)} <= {e.text for e in theirs.iter(tag)}, tag


def test_knockout_figures_are_the_rules_layers_and_check_agrees() -> None:
    res = _knockout()
    data = write_teams_usebio(res, OPTIONS)
    root = ET.fromstring(data)
    matches = root.findall("EVENT/SESSION/MATCH")
    assert [(me.findtext("ROUND_NUMBER"), me.findtext("TEAM"), me.findtext("OPPOSING_TEAM"))
            for me in matches] == [(str(m.round), str(m.home), str(m.away))
                                   for m in res.matches]  # fmt: skip
    for me, m in zip(matches, res.matches, strict=True):
        assert (float(me.findtext("TEAM_SCORE", "")),
                float(me.findtext("OPPOSING_TEAM_SCORE", ""))) == (m.h, m.a)  # fmt: skip
        for be in me.findall("BOARD"):
            s1, s2 = (float(x.findtext("SCORE", "")) for x in be.findall("TRAVELLER_LINE"))
            assert int(be.findtext("IMPS", "")) == imps(s1 - s2)
    for te in root.iter("TEAM"):
        if te.get("TEAM_ID") is None:
            continue
        s = next(x for x in res.standings if x.team == int(te.get("TEAM_ID", "")))
        assert te.find("TOTAL_SCORE") is None and te.findtext("PLACE", "") == s.rank
        assert te.findtext("WINS_OR_DRAWS") == str(int(s.total))
    report = check_usebio(data)
    assert report.agrees and report.checked > 20, report.text()
    assert report.method == "IMPS/IMPS"


def test_knockout_carry_over_is_said_and_found_again() -> None:
    """A carry-over is in the match's score and said in a comment; ``check`` (which has only
    the boards) names it as the likely cause."""
    data = write_teams_usebio(_knockout(carry=7), OPTIONS)
    assert b"<!-- carry-over: 7 IMPs to team 1, in its TEAM_SCORE -->" in data
    found = check_usebio(data).findings
    assert [(f.where, f.element) for f in found] == [("match 1 v 4", "TEAM_SCORE")]
    assert "carry-over" in found[0].cause


def test_knockout_masterpoints_are_refused() -> None:
    from dataclasses import replace

    from xlbridge.errors import ScaleError

    with pytest.raises(ScaleError, match="EBU club masterpoints for a knockout: "):
        write_teams_usebio(_knockout(), replace(OPTIONS, masterpoint_scale="ebu-club"))


def test_teams_masterpoints_by_the_club_scale() -> None:
    """``--masterpoints ebu-club``: a team's award (steps of 10 over the top third; the EBU's
    TeamsScorer example gives 40/30/20/10 to 10 teams, tests/test_masterpoints.py) to each of
    its players; under 18 boards a team, refused in one line."""
    from dataclasses import replace

    from xlbridge.errors import ScaleError
    from xlbridge.scoring.masterpoints import awards

    res = _results("vp")
    longer = tuple(replace(m, boards=tuple(replace(b, board=b.board + 6 * k)
                                           for k in range(5) for b in m.boards))
                   for m in res.matches)  # fmt: skip
    res = replace(res, matches=longer)  # 2 matches of 10 boards a team: 20 boards
    opts = replace(OPTIONS, masterpoint_scale="ebu-club")
    root = ET.fromstring(write_teams_usebio(res, opts))
    assert root.findtext("EVENT/MASTER_POINT_SCALE") == "Club"
    assert root.findtext("EVENT/MPS_AWARDED_FLAG") == "Y"
    got = {int(t.get("TEAM_ID", "")): int(t.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED") or 0)
           for t in root.iter("TEAM") if t.get("TEAM_ID")}  # fmt: skip
    ordered = sorted(res.standings, key=lambda s: s.team)
    want = dict(zip((s.team for s in ordered), awards([s.rank for s in ordered], 20, "teams"),
                    strict=True))  # fmt: skip
    assert got == want and sum(got.values()) > 0
    with pytest.raises(ScaleError, match="for 4 boards"):
        write_teams_usebio(_results("vp"), opts)


@pytest.mark.parametrize("result", ["vp", "points"])
def test_our_teams_file_checked_again_agrees(result: str) -> None:
    """``xlbridge check`` on our own teams file: every room, board, match and team agrees."""
    from xlbridge.results.check import check_usebio

    report = check_usebio(write_teams_usebio(_results(result), OPTIONS))
    assert report.agrees and report.checked > 30, report.text()


def _adjusted_seed_imp() -> TeamsResults:
    """``_results("vp")`` scored on the seed-imp scale (seed 002's IMP table, any boards), a
    third board added to match 1 with A+/A- (it balances: +3 and -3 IMPs) and to match 2 with
    A+ to both sides (each side's own +3: ``team_match.board_imps``); each side's VPs from
    its own margin, as the workbook scores them."""
    from dataclasses import replace

    res = _results("vp")
    marks = {1: ("A+/A-", 3, 0, 3.0, -3.0), 2: ("A+", 3, 3, 3.0, 3.0)}
    matches = []
    for m in res.matches:
        mh, ma = float(m.mh), float(m.ma)
        boards = m.boards
        if m.number in marks:
            mark, hp, ap, nh, na = marks[m.number]
            blank = Room("", "", None, None, None)
            boards += (TeamBoard(7 + m.number, 6, 1, blank, blank, mark, hp, ap),)
            mh, ma = mh + nh, ma + na
        hv, av = vp(mh, len(boards), "seed-imp")[0], vp(ma, len(boards), "seed-imp")[0]
        matches.append(replace(m, boards=boards, mh=mh, ma=ma, hv=hv, av=av))
    totals = {t: 0.0 for t in (1, 2, 3)}
    for m in matches:
        assert m.home and m.away
        totals[m.home] += m.hv or 0
        totals[m.away] += m.av or 0
    place = dict(zip(totals, ranks(list(totals.values())), strict=True))
    standings = tuple(replace(s, total=totals[s.team], rank=place[s.team])
                      for s in res.standings)  # fmt: skip
    return replace(res, matches=tuple(matches), standings=standings)


def test_check_counts_adjusted_boards_and_finds_the_scale() -> None:
    """``xlbridge check`` on a seed-imp round robin with adjusted boards: the scale is the one
    the fully scored matches agree with, a balanced adjusted score counts in the margin by the
    file's IMPs, and a match whose adjusted score does not balance (the file's one IMPs figure
    cannot say each side's margin) is named as not checked, not as a difference."""
    from xlbridge.results.check import check_usebio

    report = check_usebio(write_teams_usebio(_adjusted_seed_imp(), OPTIONS))
    assert report.agrees, report.text()
    assert any("victory points on the seed-imp scale" in n for n in report.notes), report.notes
    (skipped,) = [n for n in report.notes if "not checked" in n and "match" in n]
    assert "match 1 v 3" in skipped and "board 9" in skipped, skipped
