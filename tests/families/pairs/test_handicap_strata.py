"""Handicapped and stratified pairs: the rules against published cases, the workbook's
formulas against Python through LibreOffice, and the outputs of ``xlbridge results``.

Sources (named in xlbridge/scoring/handicap.py and strata.py):
- BridgeWebs Help & Guide 11.6.2, "Calculating handicap for a pair": the pair's handicap is
  the players' added and divided by 2 (2 and -5: -1.5; 2 and 3: 2.5; 2 and -3: -0.5).
- Perth Bridge Club, "Handicap System applied by Bridgewebs": -5.2 and +1.9 make -1.65, and a
  57.6% is 55.95% handicapped.
- Las Candelas Bridge Club (ACBL), "Stratified & Handicap Games": a pair's stratum "depends on
  the points held by the more accomplished player", some events average them.
- Bridge Montréal, "Horizontal stratified pairs": all pairs are ranked for the top stratum, its
  pairs then removed and the rest ranked again, and so on.
- BBO, "Stratification in ACBL games": a player without a number on file goes in stratum A
  (``unknown="highest"``, an online site's rule); an ACBL club game counts unknown
  masterpoints as 0, the lowest stratum (the default; see strata.py).
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from tests.support.engines import excel_grammar_errors
from tests.support.shared import cli_new, run_cli
from tests.support.workbook_fill import fill_book, random_fill
from xlbridge.errors import SessionError
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.names import read_players
from xlbridge.scoring.handicap import handicapped_pct, pair_handicap
from xlbridge.scoring.strata import Strata, stratum_ranks

NAMES = (
    "pair,player 1,player 2,handicap 1,handicap 2,masterpoints 1,masterpoints 2\n"
    "1,A,B,-5.2,1.9,1200,80\n2,C,D,2,3,400,250\n3,E,F,,-3,,\n4,G,H,1,1,50,20\n"
    "5,I,J,0,0,900,1000\n6,K,L,4,-4,10,0\n7,M,N,,,200,200\n8,O,P,-1,-1,100,299\n"
)


def test_pair_handicap_bridgewebs_examples() -> None:
    """BridgeWebs 11.6.2's three pairs, and Perth's pair of -5.2 and +1.9."""
    assert [pair_handicap(x) for x in ([2, -5], [2, 3], [2, -3])] == [-1.5, 2.5, -0.5]
    assert pair_handicap([-5.2, 1.9]) == -1.65
    assert handicapped_pct(57.6, -1.65) == 55.95  # Perth: 57.6% is 55.95% handicapped
    assert handicapped_pct(45.0, pair_handicap([5.0, 5.0])) == 50.0  # Slams BC: 45% + 5%
    assert pair_handicap([None, 3]) == 1.5  # a blank counts 0 (scratch)


def test_stratum_by_higher_or_average_and_unknown() -> None:
    """Las Candelas: by the more accomplished player (or averaged); unknown: the lowest (ACBL
    club game), or A (BBO)."""
    s = Strata.parse("A:1000,B:300,C:0")
    assert [s.stratum(x) for x in ([1200, 80], [400, 250], [50, 20], [None, 20])] == [
        "A", "B", "C", "C"]  # fmt: skip
    bbo = Strata.parse("A:1000,B:300,C:0", unknown="highest")
    assert [bbo.stratum(x) for x in ([None, 20], [None, None], [50, 20])] == ["A", "A", "C"]
    avg = Strata.parse("1000,300,0", "average")
    assert [avg.stratum(x) for x in ([1200, 80], [400, 250], [900, 1000])] == ["B", "B", "B"]
    assert s.stratum([300, 0]) == "B" and s.stratum([299.99, 0]) == "C"  # the least is in


def test_stratum_ranks_montreal_rule() -> None:
    """All pairs ranked for A; A's pairs removed and the rest ranked for B; then C."""
    s = Strata.parse("1000,300,0")
    entries = [("A", "", 60.0), ("C", "", 58.0), ("B", "", 55.0), ("C", "", 55.0),
               ("A", "", 50.0)]  # fmt: skip
    assert stratum_ranks(s, entries) == [
        (("A", "1"),),
        (("A", "2"), ("B", "1"), ("C", "1")),
        (
            ("A", "3="),
            ("B", "2="),
        ),
        (("A", "3="), ("B", "2="), ("C", "2")),
        (("A", "5"),),
    ]
    # Two-winner games rank each direction apart.
    two = stratum_ranks(s, [("B", "NS", 50.0), ("B", "EW", 40.0)])
    assert two == [(("A", "1"), ("B", "1")), (("A", "1"), ("B", "1"))]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1000,300", "end with 0"),
        ("300,1000,0", "must go down"),
        ("1000,300,200,100,0", "two to four strata"),
        ("A:1000,C:300,B:0", "'C:300' is not a threshold of stratum B"),
        ("1000,lots,0", "'lots' is not a threshold"),
    ],
)
def test_bad_strata_one_line(text: str, says: str) -> None:
    with pytest.raises(SessionError, match=says):
        Strata.parse(text)


def test_cli_refuses_what_it_cannot_do_right(tmp_path: Path) -> None:
    out = str(tmp_path / "x.xlsx")
    for argv, says in (
        (("new", "swiss-teams", "--tables", "4", "--strata", "1000,0"), "--strata is an option"),
        (("new", "swiss-teams", "--tables", "4", "--handicap"), "--handicap is an option"),
        (("new", "mitchell", "--tables", "4", "--scoring", "butler", "--handicap"),
         "no published handicapping method"),
        (("new", "mitchell", "--tables", "4", "--strata-by", "average"), "give --strata too"),
        (("new", "mitchell", "--tables", "4", "--strata", "5,9,0"), "must go down"),
    ):  # fmt: skip
        code, _o, err = run_cli(*argv, "-o", out)
        assert code != 0 and says in err and "Traceback" not in err, (argv, err)
        assert len(err.strip().splitlines()) == 1


pytestmark = pytest.mark.usefixtures("results_read_once")


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[str]]]:
    """This module's LibreOffice workbooks, recalculated in one LibreOffice run, by stem: each
    with the strict grammar's complaints about its formulas as written. ``mitchell`` and
    ``howell``: handicapped and stratified (``NAMES``), random results; ``rainbow``: an
    individual with each player's handicap and masterpoints, every row played. Each is built in
    memory as ``write_session``/``write_individuals`` writes it, typed into and saved once."""
    from tests.families.individual.test_individual_workbook_rules import (
        fill_individual_book,
        full_fill,
    )
    from xlbridge.families.duplicate.context import Options
    from xlbridge.families.individual.build import build_individual_workbook
    from xlbridge.families.pairs.build import build_workbook
    from xlbridge.interchange.names import NamedPlayer
    from xlbridge.interchange.xlsx_write import save_workbook
    from xlbridge.movements.individual import rainbow
    from xlbridge.movements.mitchell import mitchell
    from xlbridge.movements.registry import get_kind
    from xlbridge.workbook.recalc import recalculate

    tmp = tmp_path_factory.mktemp("hcp")
    names = tmp / "names.csv"
    names.write_text(NAMES, encoding="utf-8")
    players = read_players(names)
    paths, grammar = [], {}
    for i, (name, m, by) in enumerate((
        ("mitchell", mitchell(4, 2), "higher"),
        ("howell", get_kind("howell").build(tables=4, boards_per_round=3), "average"),
    )):  # fmt: skip
        p = tmp / f"{name}.xlsx"
        strata = Strata.parse("1000,300,0", by)
        built = Options(players={k: tuple(v) for k, v in players.items()}, handicapped=True,
                        strata=strata)  # fmt: skip
        wb = build_workbook(m, built)
        grammar[name] = excel_grammar_errors(wb)
        fill_book(wb, Options(), random_fill(m, Options(), 11 + i))
        save_workbook(wb, p)
        paths.append(p)
    m = rainbow(5)
    ind = {1: NamedPlayer("Ann", "00123", -3.0, 500.0), 2: NamedPlayer("Bo", "", 2.0, 1500.0),
           4: NamedPlayer("Di", "", 1.0, 100.0)}  # fmt: skip
    wb = build_individual_workbook(m, Options(
        event="Club individual", players={str(k): (v,) for k, v in ind.items()},
        handicapped=True, strata=Strata.parse("1000,300,0")))  # fmt: skip
    grammar["rainbow"] = excel_grammar_errors(wb)
    fill_individual_book(wb, Options(), full_fill(m, 5))
    save_workbook(wb, tmp / "rainbow.xlsx")
    paths.append(tmp / "rainbow.xlsx")
    done = recalculate(paths, tmp_path_factory.mktemp("hcp-recalculated"))
    return {p.stem: (p, grammar[p.stem]) for p in done}


@pytest.mark.libreoffice
def test_workbook_formulas_agree_with_python(
    recalculated: dict[str, tuple[Path, list[str]]],
) -> None:
    """Random results in a handicapped, stratified Mitchell and Howell, recalculated by
    LibreOffice: every Recap cell (Hcp, Hcp %, Hcp rank, Stratum, Rank A..C) equals Python's."""
    from tests.support.shared import needs_libreoffice

    needs_libreoffice()
    for stem in ("mitchell", "howell"):
        assert recalculated[stem][1] == []  # the strict grammar, on the formulas as written
    for p in (recalculated[stem][0] for stem in ("mitchell", "howell")):
        res = score_workbook(p)
        assert res.recalculated and res.disagreements == ()
        seen = Counter(c.key[2] for c in res.input.cached if c.value not in (None, ""))
        want = ("handicap", "handicapped_pct", "handicapped_rank", "stratum", "rank A", "rank B")
        assert all(seen[k] > 0 for k in (*want, "rank C")), seen
        one = next(s for s in res.standings if s.pair.id == 1)
        assert one.handicap == -1.65 and one.stratum == ("A" if p.stem == "mitchell" else "B")
        assert one.pct is not None and one.handicapped_pct == pytest.approx(one.pct - 1.65)
        three = next(s for s in res.standings if s.pair.id == 3)  # masterpoints not known
        assert three.stratum == "C" and three.handicap == -1.5  # unknown: the lowest
        # The comparison holds every such cell: one stored value changed is a disagreement
        # (these cells were once left out of it, so the check above passed unread).
        for what in want:
            cell = next(c for c in res.input.cached if c.key[2] == what and c.value)
            other = 99.0 if not isinstance(cell.value, str) else "Z"
            cached = tuple(dataclasses.replace(c, value=other) if c is cell else c
                           for c in res.input.cached)  # fmt: skip
            got = score_session(dataclasses.replace(res.input, cached=cached)).disagreements
            assert [(d.sheet, d.cell) for d in got] == [(cell.sheet, cell.cell)], what


def test_results_outputs_carry_the_fields(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text(NAMES, encoding="utf-8")
    book = cli_new(tmp_path, "h", "mitchell", "--tables", "4", "--names", str(names),
                   "--handicap", "--strata", "A:1000,B:300,C:0")  # fmt: skip
    assert excel_grammar_errors(book) == []  # every formula passes the strict grammar
    _code, out, _e = run_cli("results", str(book), "--format", "json")
    entry = json.loads(out)["entries"][0]
    assert entry["handicap"] == -1.65 and entry["stratum"] == "A"
    assert {"handicapped_pct", "handicapped_rank", "stratum_ranks"} <= set(entry)
    _code, out, _e = run_cli("results", str(book), "--format", "csv")
    assert out.splitlines()[0].endswith(
        "handicap,handicapped_pct,handicapped_rank,stratum,rank_A,rank_B,rank_C,status"
    )
    _code, out, _e = run_cli("results", str(book))
    assert "Hcp %" in out and "Rank C" in out
    _code, out, _e = run_cli("results", str(book), "--format", "html")
    assert '<th scope="col">Hcp rank</th>' in out
    # A session without them: no such fields.
    plain = cli_new(tmp_path, "p", "mitchell", "--tables", "4")
    _code, out, _e = run_cli("results", str(plain), "--format", "json")
    assert "handicap" not in json.loads(out)["entries"][0]


def test_rebuild_keeps_handicaps_and_strata(tmp_path: Path) -> None:
    """The Session sheet's Handicaps and Strata lines make rebuild write the columns again."""
    from openpyxl import load_workbook

    book = cli_new(tmp_path, "h", "mitchell", "--tables", "4", "--handicap", "--strata",
                   "1000,0", "--strata-by", "average")  # fmt: skip
    out = tmp_path / "r.xlsx"
    code, _o, err = run_cli("rebuild", str(book), "-o", str(out), "--tables", "5")
    assert code == 0, err
    heads = [c.value for c in load_workbook(out, read_only=True)["Recap"][4]]
    assert {"Hcp", "Hcp %", "Hcp rank", "Stratum", "Rank A", "Rank B"} <= set(heads)
    assert score_workbook(out).input.strata == Strata.parse("1000,0", "average")


@pytest.mark.libreoffice
def test_individual_handicap_and_strata_agree_with_python(
    recalculated: dict[str, tuple[Path, list[str]]],
) -> None:
    """A Rainbow: each player's own handicap and masterpoints; one field; recalculated by
    LibreOffice, every Recap cell equals Python's."""
    from tests.support.shared import needs_libreoffice

    needs_libreoffice()
    done, grammar = recalculated["rainbow"]
    assert grammar == []  # the strict grammar, on the formulas as written
    res = score_workbook(done)
    assert res.recalculated and res.disagreements == ()
    by = {s.pair.id: s for s in res.standings}
    assert (by[1].handicap, by[1].stratum, by[2].stratum, by[3].stratum, by[4].stratum) == (
        -3.0, "B", "A", "C", "C")  # fmt: skip  # player 3's masterpoints unknown: lowest
    assert by[4].stratum_ranks[-1][0] == "C" and len(by[4].stratum_ranks) == 3
    seen = Counter(c.key[2] for c in res.input.cached if c.value not in (None, ""))
    assert seen["handicapped_rank"] == 20 and seen["rank C"] > 0
