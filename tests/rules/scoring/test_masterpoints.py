"""EBU club masterpoints (rules.md §9a; :mod:`xlbridge.scoring.masterpoints`) against their
published values: the EBU forum's statement of the club scale ("Master Points and Individual
Events", forums.ebu.co.uk/discussion/1365: a full 6-table single-winner individual of 18-35
boards awards 8 places, 24 down in steps of 3, the last two 6 by the club minimum), and the
awards the EBU's own example USEBIO files carry (``../shared/usebio-examples/``): 11 pairs a
direction over 22 boards, 10 teams over 24 boards, 12 players over 22 boards. Each example's
awards are worked out from its own places, never copied."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import SHARED, run_cli
from xlbridge.errors import ScaleError
from xlbridge.scoring.masterpoints import awards, club_awards, share_ties
from xlbridge.workbook.formulas import FIRST_ROW

EXAMPLES = SHARED / "usebio-examples"


def test_the_forums_six_table_individual() -> None:
    assert club_awards(24, 22, "individual") == (24, 21, 18, 15, 12, 9, 6, 6)


def test_the_top_third_rounded_up_in_steps_of_ten() -> None:
    assert club_awards(11, 22, "pairs") == (40, 30, 20, 10)
    assert club_awards(10, 24, "teams") == (40, 30, 20, 10)
    assert club_awards(12, 22, "individual") == (12, 9, 6, 6)
    assert club_awards(9, 18, "pairs") == (30, 20, 10)
    assert [len(club_awards(n, 35, "pairs")) for n in (1, 3, 4, 6, 7)] == [1, 1, 2, 2, 3]


def test_ties_share_rounded_up_and_never_under_the_club_minimum() -> None:
    assert share_ties(["1=", "1=", "3"], (40, 30, 20)) == [35, 35, 20]
    assert share_ties(["1", "2", "3=", "3=", "3="], (40, 30, 20, 10)) == [40, 30, 10, 10, 10]
    assert share_ties(["1", "2", "3=", "3="], (12, 9, 6)) == [12, 9, 6, 6]  # 3 a share, min 6
    assert share_ties(["1", "2=", "2="], (25, 15)) == [25, 8, 8]  # 7.5 rounded up


def test_what_is_not_published_is_refused_in_one_line() -> None:
    for boards in (17, 36):
        with pytest.raises(ScaleError, match=f"for {boards} boards: only the rule for 18-35"):
            club_awards(10, boards, "pairs")
    with pytest.raises(ScaleError, match="one-winner pairs event: the step of its scale"):
        awards(["1", "2"], 24, "one-winner-pairs")
    with pytest.raises(ScaleError, match="masterpoint scale 'ebu-county' is not one of"):
        awards(["1"], 24, "pairs", scale="ebu-county")
    with pytest.raises(ScaleError, match="rank 'first'"):
        awards(["first"], 24, "pairs")


def _field(root: ET.Element, tag: str, direction: str = "") -> list[tuple[str, int]]:
    out = []
    for e in root.iter(tag):
        if e.find("PLACE") is None or (direction and e.findtext("DIRECTION") != direction):
            continue
        out.append((e.findtext("PLACE", ""),
                    int(e.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED") or 0)))  # fmt: skip
    return out


@pytest.mark.skipif(not EXAMPLES.exists(), reason="the EBU's examples are not at hand")
@pytest.mark.parametrize(
    ("name", "tag", "boards", "who", "directions"),
    [
        ("ebu-example-mp-pairs-PairsScorer.xml", "PAIR", 22, "pairs", ("NS", "EW")),
        ("ebu-example-teams-imps-vps-TeamsScorer.xml", "TEAM", 24, "teams", ("",)),
        ("ebu-example-individual-v1_1.xml", "PLAYER", 22, "individual", ("",)),
    ],
)
def test_the_federations_examples_awards(
    name: str, tag: str, boards: int, who: str, directions: tuple[str, ...]
) -> None:
    root = ET.parse(EXAMPLES / name).getroot()
    assert root.findtext("EVENT/MASTER_POINT_SCALE") == "Club"
    for d in directions:
        field = [(p, mp) for p, mp in _field(root, tag, d)]
        if tag == "PLAYER":  # only PARTICIPANTS' players: a pair's PLAYER has no PLACE
            assert len(field) == 12
        got = awards([p for p, _ in field], boards, who)  # type: ignore[arg-type]
        assert got == [mp for _, mp in field] and sum(got) > 0, (name, d)


def _played(book: Path, per_round: int) -> Path:
    """A 3-table Mitchell of 3 rounds, every board played (3NT by North, 7 to 9 tricks)."""
    assert run_cli("new", "mitchell", "--tables", "3", "--boards-per-round", str(per_round),
                   "-o", str(book))[0] == 0  # fmt: skip
    wb = openpyxl.load_workbook(book)
    for ws in wb.worksheets:
        if ws.title.startswith("Board "):
            for i, r in enumerate(range(FIRST_ROW, FIRST_ROW + 3)):
                ws[f"C{r}"], ws[f"D{r}"], ws[f"E{r}"] = "3NT", "N", 7 + i
    wb.save(book)
    return book


def test_results_json_and_usebio_carry_the_awards(tmp_path: Path) -> None:
    """``--masterpoints ebu-club``: each JSON entry's ``masterpoints`` (points to each of its
    players), the USEBIO file's MASTER_POINTS; a session under 18 boards is refused."""
    short = _played(tmp_path / "short.xlsx", 2)
    code, _, err = run_cli("results", str(short), "--format", "json", "--masterpoints",
                           "ebu-club")  # fmt: skip
    assert code == 2 and "for 6 boards: only the rule for 18-35" in err
    assert err.count("\n") == 1
    book = _played(tmp_path / "s.xlsx", 6)  # 3 tables, 3 rounds of 6 boards: 18 boards
    code, out, err = run_cli("results", str(book), "--format", "json", "--masterpoints",
                             "ebu-club")  # fmt: skip
    assert code in (0, 3), err
    entries = json.loads(out)["entries"]
    # 3 pairs a direction: the top third is one award of 10 each direction, to each player,
    # shared by a tie (every pair here ties: 10/3 rounded up, then the club minimum of 6).
    for d in ("NS", "EW"):
        mine = sorted((e["rank"], e["masterpoints"]) for e in entries if e["dir"] == d)
        want = awards([r for r, _ in mine], 18, "pairs")
        assert [m for _, m in mine] == [[w, w] for w in want] and sum(want) > 0
    code, xml, _ = run_cli("results", str(book), "--format", "usebio", "--masterpoints",
                           "ebu-club")  # fmt: skip
    root = ET.fromstring(xml.encode("iso-8859-1"))
    assert root.findtext("EVENT/MASTER_POINT_SCALE") == "Club"
    assert root.findtext("EVENT/MPS_AWARDED_FLAG") == "Y"
    got = sorted(int(x.text or 0) for x in root.iter("MASTER_POINTS_AWARDED"))
    assert got == sorted(m[0] for e in entries if (m := e["masterpoints"])[0])
    code, text, _ = run_cli("results", str(book), "--masterpoints", "ebu-club")
    head = next(x for x in text.splitlines() if x.startswith("Rank"))
    assert head.split()[-1] == "MPs"
    code, csv_text, _ = run_cli("results", str(book), "--format", "csv", "--masterpoints",
                                "ebu-club")  # fmt: skip
    header, *rows = csv_text.strip().splitlines()
    at = header.split(",").index("masterpoints")
    assert sorted(int(r.split(",")[at]) for r in rows) == sorted(
        e["masterpoints"][0] for e in entries)
    code, html, _ = run_cli("results", str(book), "--format", "html", "--masterpoints",
                            "ebu-club")  # fmt: skip
    assert code in (0, 3) and "<th>MPs</th>" in html.replace(' scope="col"', "")
    code, plain, _ = run_cli("results", str(book), "--format", "csv")
    assert "masterpoints" not in plain.splitlines()[0]  # without the option: no column
