"""Teams masterpoints in every ``results`` format (issue 32): each team's award to each of its
players in text, CSV, JSON, HTML and USEBIO alike, by the one rule
(:func:`xlbridge.scoring.masterpoints.awards` through :mod:`xlbridge.results.awards`); no
award before a match is complete; a knockout refused in one line.

Source of the rule (rules.md §9a): the EBU's *Licensing and Master Points Handbook* (2021),
club scale, as the EBU forum states its algorithm ("Master Points and Individual Events",
forums.ebu.co.uk/discussion/1365): 18-35 boards award the top third of the field (rounded
up) in steps of 10 for teams, none under 6; tied places share their awards, rounded up. Three
teams over 20 boards: one place, 10 points; a tie for first shares 10 as 5, raised to 6.
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from tests.families.teams.test_usebio_teams import _knockout, _results
from tests.support.shared import cli_new, run_cli
from xlbridge.errors import ScaleError
from xlbridge.families.registry import RenderRequest, family
from xlbridge.families.teams.model import TeamsResults
from xlbridge.scoring.masterpoints import awards

TEAMS = family("teams")


def _twenty_boards(res: TeamsResults) -> TeamsResults:
    """``res`` with each match five times as long: 2 matches of 10 boards a team."""
    longer = tuple(replace(m, boards=tuple(replace(b, board=b.board + 6 * k)
                                           for k in range(5) for b in m.boards))
                   for m in res.matches)  # fmt: skip
    return replace(res, matches=longer)


def _outputs(res: TeamsResults, masterpoints: str = "") -> dict[str, str]:
    out = {}
    for fmt in ("text", "csv", "json", "html", "usebio"):
        data = TEAMS.render(res, RenderRequest(fmt, masterpoints=masterpoints)).data
        out[fmt] = data.decode() if isinstance(data, bytes) else data
    return out


def _shown(out: dict[str, str]) -> dict[str, dict[int, object]]:
    """Each format's award to each team (JSON: the list of its players' awards)."""
    got: dict[str, dict[int, object]] = {}
    got["json"] = {e["id"]: e["masterpoints"] for e in json.loads(out["json"])["entries"]}
    got["csv"] = {int(r["team"]): int(r["masterpoints"])
                  for r in csv.DictReader(io.StringIO(out["csv"]))}  # fmt: skip
    head = next(line for line in out["text"].splitlines() if line.startswith("Rank"))
    assert head.split()[-1] == "MPs"
    lines = out["text"].splitlines()
    start = lines.index(head) + 1
    got["text"] = {int(line.split()[1]): int(line.split()[-1])
                   for line in lines[start:start + 3]}  # fmt: skip
    rows = out["html"].split('<table class="ranking" id="ranking-teams">')[1].split("</table>")[0]
    assert '<th scope="col">MPs</th>' in rows
    got["html"] = {int(tr.split('<td class="num">')[2].split("<")[0]):
                   int(tr.split('<td class="num">')[-1].split("<")[0])
                   for tr in rows.split("<tr")[2:]}  # fmt: skip
    root = ET.fromstring(out["usebio"])
    got["usebio"] = {int(t.get("TEAM_ID", "")):
                     int(t.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED") or 0)
                     for t in root.iter("TEAM") if t.get("TEAM_ID")}  # fmt: skip
    return got


def _want(res: TeamsResults) -> dict[int, int]:
    ranked = sorted(res.standings, key=lambda s: s.team)
    return dict(zip((s.team for s in ranked), awards([s.rank for s in ranked], 20, "teams"),
                    strict=True))  # fmt: skip


def test_every_format_shows_each_teams_award() -> None:
    res = _twenty_boards(_results("vp"))
    want = _want(res)
    assert sorted(want.values()) == [0, 0, 10]  # 3 teams, 20 boards: one place, 10 points
    got = _shown(_outputs(res, "ebu-club"))
    assert got.pop("json") == {t: [v] * 4 for t, v in want.items()}  # four named players
    for fmt, shown in got.items():
        assert shown == want, fmt


def test_a_tie_shares_the_award_no_share_under_the_minimum() -> None:
    res = _twenty_boards(_results("vp"))
    tied = replace(res, standings=tuple(replace(s, rank=r) for s, r in
                                        zip(res.standings, ("1=", "1=", "3"), strict=True)))
    got = _shown(_outputs(tied, "ebu-club"))
    assert got["csv"] == {1: 6, 2: 6, 3: 0} == _want(tied)  # 10 shared: 5, raised to 6
    assert got["usebio"] == got["text"] == got["html"] == got["csv"]


def test_the_workbooks_own_scale_awards_without_the_flag() -> None:
    res = _twenty_boards(_results("vp"))
    assert _shown(_outputs(replace(res, masterpoint_scale="ebu-club")))["csv"] == _want(res)
    plain = _outputs(res)  # no scale anywhere: no column, no key
    assert "masterpoints" not in json.loads(plain["json"])["entries"][0]
    head = next(line for line in plain["text"].splitlines() if line.startswith("Rank"))
    assert "masterpoints" not in plain["csv"].splitlines()[0] and head.split()[-1] == "VP"
    assert ">MPs<" not in plain["html"] and "MASTER_POINTS" not in plain["usebio"]


def test_unnamed_players_are_the_four_in_its_two_rooms() -> None:
    res = _twenty_boards(_results("vp"))
    res = replace(res, standings=tuple(replace(s, players="") for s in res.standings))
    entries = json.loads(_outputs(res, "ebu-club")["json"])["entries"]
    assert {e["id"]: e["masterpoints"] for e in entries} == {
        t: [v] * 4 for t, v in _want(res).items()}  # fmt: skip


def test_no_award_before_any_match_is_complete() -> None:
    """Nothing complete: every team stands 1= on nothing; the Standings sheet's award cells
    stay empty (tests/kits/workbook/test_masterpoints_workbook.py) and results awards 0."""
    res = _twenty_boards(_results("vp"))
    empty = replace(res, matches=tuple(replace(m, done=False) for m in res.matches),
                    standings=tuple(replace(s, rank="1=") for s in res.standings))
    assert set(awards(["1="] * 3, 20, "teams")) == {6}  # what a field of 1= would be given
    got = _shown(_outputs(empty, "ebu-club"))
    assert got.pop("json") == {1: [0] * 4, 2: [0] * 4, 3: [0] * 4}
    for fmt, shown in got.items():
        assert shown == {1: 0, 2: 0, 3: 0}, fmt


def test_a_knockout_is_refused_in_one_line_in_every_format() -> None:
    """A knockout places two teams, not a field: asked for, refused (as USEBIO refuses);
    kept on the Session sheet only, the results publish without awards and say why."""
    ko = _knockout()
    for fmt in ("text", "csv", "json", "html", "usebio"):
        with pytest.raises(ScaleError, match="for a knockout: the club scale ranks a whole"):
            TEAMS.render(ko, RenderRequest(fmt, masterpoints="ebu-club"))
        got = TEAMS.render(replace(ko, masterpoint_scale="ebu-club"), RenderRequest(fmt))
        assert got.notes == ("masterpoints not awarded: EBU club masterpoints for a knockout:"
                             " the club scale ranks a whole field and a knockout places only"
                             " two teams, its finalists; award them by hand",)  # fmt: skip
        text = got.data.decode() if isinstance(got.data, bytes) else got.data
        assert "MASTER_POINTS" not in text and '"masterpoints"' not in text


def test_knockout_workbook_on_the_command_line(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "ko", "knockout", "--tables", "4", "--boards-per-round", "2",
                   "--masterpoints", "ebu-club")
    code, _out, err = run_cli("results", str(book), "--masterpoints", "ebu-club")
    assert code not in (0, 1, 3) and len(err.strip().splitlines()) == 1, err
    assert "a knockout places only two teams" in err
    code, out, err = run_cli("results", str(book), "--format", "csv")
    assert code == 3 and "masterpoints not awarded: EBU club masterpoints for a knockout" in err
    assert "Traceback" not in err and out.startswith("round,match")


def test_a_head_to_head_match_is_refused_as_its_standings_say(tmp_path: Path) -> None:
    """One match places two teams, not a field: the Standings' award cells say so and results
    refuses the award in one line (a note when only the Session sheet keeps the scale)."""
    import openpyxl

    book = cli_new(tmp_path, "h2h", "head-to-head", "--tables", "2", "--boards-per-round", "12",
                   "--masterpoints", "ebu-club")
    ws = openpyxl.load_workbook(book)["Standings"]
    col = next(c.column_letter for row in ws.iter_rows(max_row=6) for c in row if c.value == "MPs")
    cells = [c.value for c in ws[col] if isinstance(c.value, str) and c.value.startswith("=")]
    assert len(cells) == 2 and all('"by hand: two teams"' in f for f in cells)
    code, _out, err = run_cli("results", str(book), "--masterpoints", "ebu-club")
    assert code not in (0, 1, 3) and len(err.strip().splitlines()) == 1
    assert "head-to-head match: the club scale ranks a whole field" in err
    code, out, err = run_cli("results", str(book), "--format", "json")
    assert code == 3 and "masterpoints not awarded: EBU club masterpoints for a head-to" in err
    assert "masterpoints" not in json.loads(out)["entries"][0]
