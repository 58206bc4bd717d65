"""Several sections on the same boards, matchpointed across the field (issue 22, seed 003).

Sections A (7-table Mitchell, boards 1-21) and B (6-table Mitchell, boards 1-18), three boards a
round: boards 1-18 have 13 results across the field, boards 19-21 only A's 7, so those are
Neuberg-factored to the field's 13 (rules.md §5 "Neuberg", source NEU: M' = (M + ½)·N/n − ½ in
1/½ units). The matchpoints are worked out here by hand, by another method than the rules layer
(beats and ties counted over every result, then the Neuberg formula written out), and the
workbook recalculated by LibreOffice must show them; ``xlbridge results`` must agree with every
formula value.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.engines import excel_grammar_errors, recalc_gnumeric
from tests.support.shared import cli_new, needs_gnumeric, needs_libreoffice, run_cli
from tests.support.workbook_fill import Filled, Result, fill_book, random_fill
from xlbridge.errors import MovementError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.save import save_workbook as save_session
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.pairs.build import build_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.field import (
    join_sections,
    parse_board_sets,
    parse_sections,
    section_of,
)
from xlbridge.results.session import PairInfo, ResultRow, SessionInput
from xlbridge.workbook.recalc import recalculate

SECTIONS = "A:mitchell:7,B:mitchell:6"
# Board 1 (dealer N, none vulnerable): 13 rows, A's 7 then B's 6; every declarer North.
BOARD_1 = [("4S", 10), ("4S", 11), ("4S", 9), ("3NT", 9), ("4S", 10), ("2S", 8), ("3NT", 10),
           ("4S", 10), ("4S", 11), ("4S", 11), ("3NT", 10), ("4S", 8), ("2S", 9)]  # fmt: skip
SCORES_1 = [420, 450, -50, 400, 420, 110, 430, 420, 450, 450, 430, -100, 140]
# Board 19 (dealer S, EW vulnerable): section A's 7 rows only.
BOARD_19 = [("3NT", 9), ("3NT", 10), ("4S", 10), ("4S", 9), ("1NT", 8), ("3NT", 9), ("4S", 10)]
SCORES_19 = [400, 430, 420, -50, 120, 400, 420]


pytestmark = pytest.mark.usefixtures("results_read_once")


@functools.cache
def results_json(path: Path) -> str:
    """``xlbridge results PATH --format json``'s output, run once a module fixture's workbook
    (these workbooks are only read): two tests read the same one."""
    return run_cli("results", str(path), "--format", "json")[1]


def new_filled(
    path: Path,
    spec: str,
    bpr: int,
    filled: Filled,
    *,
    event: str = "Club pairs",
    scoring: str = "field",
    sets: str | None = None,
) -> None:
    """The workbook ``xlbridge new --sections SPEC --boards-per-round BPR`` writes (with
    ``--event``, ``--section-scoring``, ``--board-sets``), built in memory with the options
    ``new`` gives it (byte for byte the same file), ``filled`` as ``fill`` types it, and
    saved once: no save, load and save again."""
    f = join_sections(parse_sections(spec), bpr)
    scored = dataclasses.replace(
        f, scoring=scoring, sets=() if sets is None else parse_board_sets(sets, f.letters)
    )
    built = Options(event=event, sections=scored, movement_options="none")
    wb = build_workbook(scored.movement, built)
    fill_book(wb, Options(sections=f), filled)
    save_session(wb, path, [], built.event, False)


def by_hand(scores: list[int], expected: int) -> list[float]:
    """NS matchpoints (ACBL 1/½/0): 1 for each other result beaten, ½ for each tied, over every
    result on the board; then rules.md §5's Neuberg formula M' = (M + ½)·N/n − ½ when the board
    has fewer results n than the field's N."""
    n = len(scores)
    out = []
    for i, mine in enumerate(scores):
        others = scores[:i] + scores[i + 1 :]
        m = sum(1.0 for x in others if mine > x) + sum(0.5 for x in others if mine == x)
        out.append(m if n == expected else (m + 0.5) * expected / n - 0.5)
    return out


def test_hand_method_reproduces_the_published_traveller() -> None:
    """The method above against seed 000's traveller (rules.md §5: 3½, 1, 6, 0, 5, 2, 3½)."""
    assert by_hand([420, 400, 660, -100, 630, 410, 420], 7) == [3.5, 1, 6, 0, 5, 2, 3.5]
    # Bavin (rules.md §5, 2/1 units: N 11, n 10, sole top 18 -> 19.9): half of it in 1/½ units.
    assert by_hand(list(range(10)), 11)[-1] == pytest.approx(19.9 / 2)


def test_sections_join_with_their_labels_and_tables() -> None:
    f = join_sections(parse_sections(SECTIONS), 3)
    m = f.movement
    assert (m.kind, m.tables, len(m.pairs), m.boards) == ("sections", 13, 26, tuple(range(1, 22)))
    assert [p.label for p in m.pairs][6:8] == ["A-NS 7", "A-EW 1"]
    assert [p.label for p in f.sections[1].movement.pairs][:2] == ["B-NS 1", "B-NS 2"]
    assert {e.table for e in f.sections[1].movement.entries} == set(range(1, 7))
    assert sorted(p.id for p in m.pairs) == list(range(1, 27))
    played = {b: sum(b in e.boards for e in m.entries) for b in (1, 18, 19, 21)}
    assert played == {1: 13, 18: 13, 19: 7, 21: 7}
    assert section_of("B-EW 2", f.letters) == "B"


@pytest.mark.parametrize(
    ("spec", "line"),
    [
        ("A:mitchell:7", "give two sections or more"),
        ("A:mitchell:7,A:mitchell:6", "section A is given twice"),
        ("A:mitchell:7,B:rainbow:3", "rainbow is an individual game"),
        ("A:mitchell:7,B:head-to-head:2", "head-to-head is a teams game"),
        ("A:mitchell:7,B-howell", "is not LETTER:KIND:TABLES"),
        ("A:mitchell:7,B:mitchell:1", "mitchell for 1 tables is not supported"),
    ],
)
def test_bad_sections_are_refused_in_one_line(spec: str, line: str) -> None:
    with pytest.raises(MovementError, match=line):
        join_sections(parse_sections(spec), 3)


def test_section_ranks_in_python() -> None:
    """Two sections of two pairs each, one board: the field ranks everyone, each section its
    own two."""
    pairs = tuple(PairInfo(i, lb, "", "", section=lb[0]) for i, lb in
                  enumerate(("A-1", "A-2", "B-1", "B-2"), start=1))  # fmt: skip
    rows = (ResultRow(1, 6, 1, 1, "A-1", "A-2", "4S", "N", 10),
            ResultRow(1, 7, 1, 1, "B-1", "B-2", "4S", "N", 11))  # fmt: skip
    res = score_session(SessionInput("Club", "", "sections", "mp", "acbl", pairs, rows, {1: 2},
                                     sections=("A", "B")))  # fmt: skip
    got = {s.label: (s.dir, s.rank, s.section_rank) for s in res.standings}
    assert got == {"A-1": ("NS", "2", "1"), "A-2": ("EW", "1", "1"),
                   "B-1": ("NS", "1", "1"), "B-2": ("EW", "2", "1")}  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--section-scoring", "section", "--scoring", "butler"], "in matchpoint sessions only"),
        (["--tables", "7"], "--tables does not apply to --sections"),
        (["--even", "relay"], "--even does not apply to --sections"),
        # Every movement option (it was ignored, the workbook not a barometer's).
        (["--barometer"], "--barometer does not apply to --sections"),
    ],
)
def test_new_refuses_what_sections_do_not_do(tmp_path: Path, argv: list[str], line: str) -> None:
    code, _out, err = run_cli("new", "--sections", SECTIONS, *argv, "-o", str(tmp_path / "x.xlsx"))
    assert code != 0 and line in err and "Traceback" not in err, err
    assert not (tmp_path / "x.xlsx").exists()


def test_new_refuses_a_kind_with_sections_and_section_options_without(tmp_path: Path) -> None:
    out = str(tmp_path / "x.xlsx")
    code, _o, err = run_cli("new", "mitchell", "--sections", SECTIONS, "-o", out)
    assert code != 0 and "or --sections, not both" in err
    code, _o, err = run_cli("new", "mitchell", "--tables", "5", "--board-sets", "AB", "-o", out)
    assert code != 0 and "--board-sets is for sectioned games" in err


@pytest.fixture(scope="module")
def sectioned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """The two-section workbook, filled: boards 1 and 19 as above, the others at random."""
    path = tmp_path_factory.mktemp("field") / "field.xlsx"
    f = join_sections(parse_sections(SECTIONS), 3)
    options = Options(sections=f)
    filled = random_fill(f.movement, options, seed=22)
    filled.results[1] = [Result(c, "N", t) for c, t in BOARD_1]
    filled.results[19] = [Result(c, "N", t) for c, t in BOARD_19]
    new_filled(path, SECTIONS, 3, Filled(filled.results), event="Two sections")
    return path, f


def test_workbook_layout(sectioned: tuple[Path, Any]) -> None:
    path, _f = sectioned
    wb = openpyxl.load_workbook(path)
    assert excel_grammar_errors(wb) == []
    b1 = wb["Board 1"]
    labels = [b1[f"A{r}"].value for r in range(6, 19)]
    assert [x[0] for x in labels] == ["A"] * 7 + ["B"] * 6
    assert sorted(b1[f"M{r}"].value for r in range(13, 19)) == [1, 2, 3, 4, 5, 6]  # B's own
    assert b1["H2"].value == 13 and wb["Board 19"]["H2"].value == 13
    settings = {r[0]: r[1] for r in wb["Session"].iter_rows(values_only=True) if r[0]}
    assert (settings["Movement"], settings["Sections"]) == ("sections", SECTIONS)
    titles = [c.value for c in wb["Table Cards"]["A"] if isinstance(c.value, str)]
    assert "Two sections: Section B, Table 6" in titles
    assert "Two sections: guide card, pair B-EW 6" in titles
    trav = wb["Travellers"]
    papers = [
        (trav[f"A{r}"].value, trav[f"G{r}"].value) for r in range(1, trav.max_row + 1)
        if isinstance(trav[f"G{r}"].value, str)
    ]  # fmt: skip
    assert papers.count(("Board 1", "Section B: Two sections")) == 1
    assert ("Board 19", "Section B: Two sections") not in papers
    assert sum(a.startswith("Board") for a, _g in papers) == 21 + 18
    heads = [c.value for c in wb["Recap"][4]]
    assert heads[heads.index("Rank") + 1 : heads.index("Rank") + 3] == ["Section", "Section rank"]
    movement = [c.value for c in wb["Movement"]["A"] if isinstance(c.value, str)]
    assert [t for t in movement if t.startswith("Section")] == [
        "Section A: Movement: mitchell, 7 tables, 7 rounds",
        "Section B: Movement: mitchell, 6 tables, 6 rounds",
    ]


def test_python_scores_across_the_field(sectioned: tuple[Path, Any]) -> None:
    path, _f = sectioned
    data = json.loads(results_json(path))
    boards = {b["board"]: b for b in data["boards"]}
    assert [r["score_ns"] for r in boards[1]["rows"]] == SCORES_1
    assert [r["score_ns"] for r in boards[19]["rows"]] == SCORES_19
    assert [r["mp_ns"] for r in boards[1]["rows"]] == pytest.approx(
        by_hand(SCORES_1, 13), abs=0.005
    )
    assert [r["mp_ns"] for r in boards[19]["rows"]] == pytest.approx(
        by_hand(SCORES_19, 13), abs=0.005
    )
    assert data["sections"] == ["A", "B"]
    entries = {e["label"]: e for e in data["entries"]}
    assert entries["B-EW 3"]["section"] == "B" and entries["B-EW 3"]["section_rank"]
    for letter in "AB":
        for d in ("NS", "EW"):
            mine = [e for e in data["entries"] if e["section"] == letter and e["dir"] == d]
            assert "1" in {e["section_rank"].rstrip("=") for e in mine}, (letter, d)
    _code, csv_text, _ = run_cli("results", str(path), "--format", "csv")
    assert csv_text.splitlines()[0].startswith("rank,pair,names,dir,section,section_rank,")
    _code, text, _ = run_cli("results", str(path))
    assert "NS pairs (all sections)" in text and "Section B, EW pairs" in text
    _code, html, _ = run_cli("results", str(path), "--format", "html")
    assert 'id="ranking-b-ew"' in html


@pytest.mark.libreoffice
def test_libreoffice_agrees_with_python_and_by_hand(recalculated: dict[str, Path]) -> None:
    needs_libreoffice()
    done = recalculated["field"]
    wb = openpyxl.load_workbook(done, data_only=True, read_only=True)
    for board, scores in ((1, SCORES_1), (19, SCORES_19)):
        ws = wb[f"Board {board}"]
        n = len(scores)
        assert [ws[f"G{r}"].value for r in range(6, 6 + n)] == scores
        assert [ws[f"I{r}"].value for r in range(6, 6 + n)] == pytest.approx(by_hand(scores, 13))
        assert ws["I3"].value == "in balance"
    code, out, err = run_cli("results", str(done), "--format", "json")
    data = json.loads(out)
    assert data["disagreements"] == [], data["disagreements"][:5]
    assert code == 0 or "problem" in err, err
    _code, text, _ = run_cli("results", str(done))
    assert "Every formula value agrees with Python." in text
    recap = wb["Recap"]
    heads = [c.value for c in recap[4]]
    col = {h: i for i, h in enumerate(heads) if isinstance(h, str)}
    ranks = {row[0]: (row[col["Rank"]], row[col["Section rank"]])
             for row in recap.iter_rows(min_row=5, max_row=30, values_only=True)}  # fmt: skip
    entries = {e["label"]: (e["rank"], e["section_rank"]) for e in data["entries"]}
    assert {k: (str(a), str(b)) for k, (a, b) in ranks.items()} == entries
    # The Results sheet: the field's standings, then each section's, in its own rank order.
    rows = [r[:2] for r in wb["Results"].iter_rows(values_only=True)]
    start = rows.index(("Section B, East-West", None)) + 2
    listed = rows[start : start + 6]
    want = sorted(
        ((e["section_rank"], e["label"]) for e in data["entries"] if e["label"][:4] == "B-EW"),
        key=lambda x: int(x[0].rstrip("=")),
    )
    assert [(str(a), b) for a, b in listed] == want
    assert [r[0] for r in rows if isinstance(r[0], str) and r[0].startswith(("North", "East",
            "Section"))] == ["North-South", "East-West", "Section A, North-South",
                             "Section A, East-West", "Section B, North-South",
                             "Section B, East-West"]  # fmt: skip


def test_rebuild_refuses_a_sectioned_workbook(sectioned: tuple[Path, Any], tmp_path: Path) -> None:
    """(``import`` fills a sectioned workbook: test_import_sections.)"""
    path, _f = sectioned
    code, _o, err = run_cli("rebuild", str(path), "-o", str(tmp_path / "r.xlsx"))
    assert code != 0 and "rebuild cannot build its sections again yet" in err, err
    assert "Traceback" not in err
    assert not (tmp_path / "r.xlsx").exists()


def test_a_workbook_of_one_section_reads_as_before(tmp_path: Path) -> None:
    """No ``sections`` in the JSON, no section columns in the CSV: old workbooks unchanged."""
    path = cli_new(tmp_path, "one", "mitchell", "--tables", "3", "--boards-per-round", "2")
    _code, out, _err = run_cli("results", str(path), "--format", "json")
    data = json.loads(out)
    assert "sections" not in data and "section" not in data["entries"][0]
    _code, csv_text, _err = run_cli("results", str(path), "--format", "csv")
    assert csv_text.splitlines()[0] == "rank,pair,names,dir,played,total,pct,average,status"
    heads = [c.value for c in openpyxl.load_workbook(path, read_only=True)["Recap"][4]]
    assert "Section rank" not in heads


@pytest.mark.gnumeric
def test_gnumeric_agrees_with_python_and_by_hand(sectioned: tuple[Path, Any]) -> None:
    """A third engine: the same matchpoints and the same field and section ranks."""
    needs_gnumeric()
    path, _f = sectioned
    got = recalc_gnumeric(path)
    for board, scores in ((1, SCORES_1), (19, SCORES_19)):
        mps = [got.get((f"Board {board}", f"I{r}")) for r in range(6, 6 + len(scores))]
        assert mps == pytest.approx(by_hand(scores, 13))
    data = json.loads(results_json(path))
    entries = {e["label"]: (e["rank"], e["section_rank"]) for e in data["entries"]}
    heads = {got.get(("Recap", f"{c}4")): c for c in ("AA", "AB", "AC", "AD")}
    ranks = {
        got[("Recap", f"A{r}")]: (str(got.get(("Recap", f"{heads['Rank']}{r}"))),
                                  str(got.get(("Recap", f"{heads['Section rank']}{r}"))))
        for r in range(5, 31)
    }  # fmt: skip
    assert ranks == entries


def test_names_file_uses_section_labels(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text("B-EW 2,Ann Lee,=Bo\nA-NS 1,Cy,Di\n", encoding="utf-8")
    path = cli_new(tmp_path, "named", "--sections", "A:mitchell:3,B:mitchell:4",
                   "--names", str(names))  # fmt: skip
    ws = openpyxl.load_workbook(path, read_only=True)["Names"]
    rows = {ws[f"A{r}"].value: (ws[f"B{r}"].value, ws[f"C{r}"].value) for r in range(4, 18)}
    assert rows["B-EW 2"] == ("Ann Lee", "=Bo") and rows["A-NS 1"] == ("Cy", "Di")
    assert ws["C" + str(4 + [*rows].index("B-EW 2"))].data_type == "s"
    names.write_text("C-NS 1,Eve,Fay\n", encoding="utf-8")
    code, _o, err = run_cli("new", "--sections", "A:mitchell:3,B:mitchell:4", "--names",
                            str(names), "-o", str(tmp_path / "bad.xlsx"))  # fmt: skip
    assert code != 0 and "pair 'C-NS 1' is not in this movement" in err, err


@pytest.mark.libreoffice
def test_libreoffice_agrees_for_imps_and_ebu_with_a_howell_section(
    recalculated: dict[str, Path],
) -> None:
    """Butler and cross-IMPs across the field, and EBU matchpoints, with a Mitchell section and a
    Howell section (one field: Howell pairs change direction): every formula value agrees."""
    needs_libreoffice()
    for done in (recalculated[n] for n in ("butler-acbl", "ximp-acbl", "mp-ebu")):
        _code, text, _err = run_cli("results", str(done))
        assert "Every formula value agrees with Python." in text, (done.name, text[-600:])
        data = json.loads(run_cli("results", str(done), "--format", "json")[1])
        assert {e["dir"] for e in data["entries"]} == {""}  # one field
        ranked = [e for e in data["entries"] if e["section_rank"]]
        assert {e["section"] for e in ranked} == {"A", "B"}, done.name


# --section-scoring section: each section's results on a board compared on their own, the
# section's own field (A: each board 7 times, B: 6 times) and top (A 6, B 5 in 1/½ units).
# Board 1 leaves B's last row empty: B has 5 results of its 6, Neuberg-factored to 6.


@pytest.fixture(scope="module")
def apart(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two-section workbook scored section by section, filled (seed 22 at random, then
    boards 1 and 19 as above, board 1 without B's last result)."""
    path = tmp_path_factory.mktemp("apart") / "apart.xlsx"
    f = join_sections(parse_sections(SECTIONS), 3)
    options = Options(sections=f)
    filled = random_fill(f.movement, options, seed=22)
    filled.results[1] = [Result(c, "N", t) for c, t in BOARD_1[:12]] + [Result()]
    filled.results[19] = [Result(c, "N", t) for c, t in BOARD_19]
    new_filled(path, SECTIONS, 3, Filled(filled.results), scoring="section")
    return path


def apart_by_hand() -> dict[int, list[float]]:
    """Board 1's and 19's NS matchpoints, each section on its own (``by_hand`` on its rows)."""
    return {1: by_hand(SCORES_1[:7], 7) + by_hand(SCORES_1[7:12], 6), 19: by_hand(SCORES_19, 7)}


def test_section_scoring_workbook(apart: Path) -> None:
    wb = openpyxl.load_workbook(apart)
    assert excel_grammar_errors(wb) == []
    settings = {r[0]: r[1] for r in wb["Session"].iter_rows(values_only=True) if r[0]}
    assert settings["Section scoring"] == "section"
    b1 = wb["Board 1"]
    assert b1["O5"].value == "Section"
    assert [b1[f"O{r}"].value for r in range(6, 19)] == ["A"] * 7 + ["B"] * 6
    assert "top A 6, B 5" in b1["A4"].value
    assert wb["Recap"]["A3"].value == "Tops: A 6, B 5"


def test_section_scoring_in_python_by_hand(apart: Path) -> None:
    """Python's matchpoints, percentages and ranks against a computation written here: each
    pair's % = its matchpoints over (boards scored × its section's top); the field ranked by
    %, each section on its own."""
    data = json.loads(results_json(apart))
    boards = {b["board"]: b for b in data["boards"]}
    for board, want in apart_by_hand().items():
        got = [r["mp_ns"] for r in boards[board]["rows"] if r["mp_ns"] is not None]
        assert got == pytest.approx(want, abs=0.005)
    top = {"A": 6, "B": 5}
    mine: dict[str, list[float]] = {}
    for b in data["boards"]:
        for r in b["rows"]:
            if r["mp_ns"] is not None:
                mine.setdefault(r["ns"], []).append(r["mp_ns"])
                mine.setdefault(r["ew"], []).append(r["mp_ew"])
    entries = {e["label"]: e for e in data["entries"]}
    for label, mps in mine.items():
        pct = 100 * sum(mps) / (len(mps) * top[label[0]])
        assert entries[label]["pct"] == pytest.approx(pct, abs=0.1), label  # 2-decimal MPs
    for d in ("NS", "EW"):
        field = sorted((e for e in data["entries"] if e["dir"] == d), key=lambda e: -e["pct"])
        assert field[0]["rank"] == "1" and field[-1]["rank"].rstrip("=") != "1"
        ranks = [int(e["rank"].rstrip("=")) for e in field]
        assert ranks == sorted(ranks)
        for letter in "AB":
            sec = [e for e in field if e["section"] == letter]
            order = [int(e["section_rank"].rstrip("=")) for e in sec]
            assert order == sorted(order) and order[0] == 1


@pytest.mark.libreoffice
def test_section_scoring_libreoffice_agrees(recalculated: dict[str, Path]) -> None:
    needs_libreoffice()
    done = recalculated["apart"]
    wb = openpyxl.load_workbook(done, data_only=True, read_only=True)
    for board, want in apart_by_hand().items():
        ws = wb[f"Board {board}"]
        got = [ws[f"I{r}"].value for r in range(6, 6 + len(want))]
        assert got == pytest.approx(want)
        assert ws["I3"].value == "in balance"
    _code, text, _err = run_cli("results", str(done))
    assert "Every formula value agrees with Python." in text, text[-800:]
    data = json.loads(run_cli("results", str(done), "--format", "json")[1])
    recap = wb["Recap"]
    heads = [c.value for c in recap[4]]
    col = {h: i for i, h in enumerate(heads) if isinstance(h, str)}
    ranks = {row[0]: (str(row[col["Rank"]]), str(row[col["Section rank"]]))
             for row in recap.iter_rows(min_row=5, max_row=30, values_only=True)}  # fmt: skip
    assert ranks == {e["label"]: (e["rank"], e["section_rank"]) for e in data["entries"]}
    for fmt in ("csv", "html", "pbn"):
        _code, out, err = run_cli("results", str(done), "--format", fmt)
        assert out and "Traceback" not in err, (fmt, err)
    code, out, err = run_cli("results", str(done), "--format", "usebio")  # a SECTION each
    assert code in (0, 3) and out.count("<SECTION SECTION_ID=") == len(data["sections"]), err


@pytest.mark.libreoffice
def test_section_scoring_libreoffice_agrees_ebu_with_a_howell_section(
    recalculated: dict[str, Path],
) -> None:
    """Section scoring with a Mitchell and a Howell section (one field), ACBL and EBU scales,
    random results (adjusted scores, missing results): every formula value agrees. A plays each
    board 4 times (top 3 comparisons), B's 3-table Howell 3 times (top 2)."""
    needs_libreoffice()
    for done in (recalculated["apart-acbl"], recalculated["apart-ebu"]):
        _code, text, _err = run_cli("results", str(done))
        assert "Every formula value agrees with Python." in text, (done.name, text[-600:])
        wb = openpyxl.load_workbook(done, data_only=True, read_only=True)
        assert wb["Recap"]["A3"].value == f"Tops: A {3 * scale_per(done)}, B {2 * scale_per(done)}"


def scale_per(path: Path) -> int:
    """Matchpoints a comparison: 2 on the EBU scale, 1 on the ACBL's."""
    return 2 if "ebu" in path.name else 1


# --board-sets AC,BD: sections A (4-table Mitchell, boards 1-8) and C (3 tables, boards 1-6)
# play one set of deals, B (3 tables) and D (4 tables) another. A board's rows are compared
# within their set: board 1 has 7 results in each set; boards 7-8 only A's 4 (set AC) and D's
# 4 (set BD), each Neuberg-factored to its set's 7. The sets' rows are not side by side on the
# sheet (A, B, C, D), so the grouping, not the row order, must do it.
SETS = "A:mitchell:4,B:mitchell:3,C:mitchell:3,D:mitchell:4"


@pytest.fixture(scope="module")
def board_sets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sets") / "sets.xlsx"
    f = join_sections(parse_sections(SETS), 2)
    options = Options(sections=f)
    filled = random_fill(f.movement, options, seed=3)
    filled.results[1] = [Result(c, "N", t) for c, t in [*BOARD_1, ("4S", 10)]]
    filled.results[7] = [Result(c, "N", t) for c, t in [("4S", 10), ("3NT", 9), ("4S", 9),
        ("2S", 8), ("4S", 11), ("4S", 10), ("1NT", 7), ("3NT", 10)]]  # fmt: skip
    new_filled(path, SETS, 2, Filled(filled.results), sets="AC,BD")
    return path


def sets_by_hand(scores: list[float], sections: list[str]) -> list[float]:
    """NS matchpoints of a board's rows, each compared within its set (AC or BD) only."""
    out: list[float] = [0.0] * len(scores)
    for members in ("AC", "BD"):
        at = [i for i, s in enumerate(sections) if s in members]
        for i, mp in zip(at, by_hand([int(scores[i]) for i in at], 7), strict=True):
            out[i] = mp
    return out


def test_board_sets_workbook_and_python_by_hand(board_sets: Path) -> None:
    wb = openpyxl.load_workbook(board_sets)
    assert excel_grammar_errors(wb) == []
    settings = {r[0]: r[1] for r in wb["Session"].iter_rows(values_only=True) if r[0]}
    assert (settings["Board sets"], settings["Section scoring"]) == ("AC,BD", "field")
    b1 = wb["Board 1"]
    assert (b1["O5"].value, b1["B3"].value) == ("Set", "by set")
    assert [b1[f"O{r}"].value for r in range(6, 20)] == ["AC"] * 4 + ["BD"] * 3 + ["AC"] * 3 + [
        "BD"
    ] * 4
    assert wb["Recap"]["A3"].value == "Tops: AC 6, BD 6"
    data = json.loads(run_cli("results", str(board_sets), "--format", "json")[1])
    boards = {b["board"]: b for b in data["boards"]}
    assert [r["score_ns"] for r in boards[1]["rows"]] == [*SCORES_1, 420]
    for board in (1, 7):
        rows = [r for r in boards[board]["rows"] if r["mp_ns"] is not None]
        want = sets_by_hand([r["score_ns"] for r in rows], [r["ns"][0] for r in rows])
        assert [r["mp_ns"] for r in rows] == pytest.approx(want, abs=0.0051), board  # 2 places
    assert {r["ns"][0] for r in boards[7]["rows"]} == {"A", "D"}


@pytest.mark.libreoffice
def test_board_sets_libreoffice_agrees(recalculated: dict[str, Path]) -> None:
    needs_libreoffice()
    done = recalculated["sets"]
    wb = openpyxl.load_workbook(done, data_only=True, read_only=True)
    ws = wb["Board 1"]
    got = [ws[f"I{r}"].value for r in range(6, 20)]
    assert got == pytest.approx(sets_by_hand([*SCORES_1, 420], list("AAAABBBCCCDDDD")))
    assert ws["I3"].value == "in balance"
    ws = wb["Board 7"]
    scores = [ws[f"G{r}"].value for r in range(6, 14)]
    got = [ws[f"I{r}"].value for r in range(6, 14)]
    assert got == pytest.approx(sets_by_hand(scores, list("AAAADDDD")))
    assert ws["I3"].value == "in balance"
    _code, text, _err = run_cli("results", str(done))
    assert "Every formula value agrees with Python." in text, text[-800:]


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["--board-sets", "AB"], "give two sets or more"),
        (["--board-sets", "AB,BD"], "section B is in more than one set"),
        (["--board-sets", "AB,CE"], "'CE' is not a run of this session's section letters"),
        (["--board-sets", "AB,CD", "--deal"], "hand records for several sets of deals"),
        (["--board-sets", "AB,CD", "--scoring", "ximp"], "in matchpoint sessions only"),
    ],
)
def test_board_sets_refusals(tmp_path: Path, argv: list[str], line: str) -> None:
    code, _out, err = run_cli("new", "--sections", SETS, *argv, "-o", str(tmp_path / "x.xlsx"))
    assert code != 0 and line in err and "Traceback" not in err, err
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.gnumeric
def test_section_scoring_gnumeric_agrees(apart: Path) -> None:
    """A third engine on section scoring: the same matchpoints, percentages and ranks."""
    needs_gnumeric()
    got = recalc_gnumeric(apart)
    for board, want in apart_by_hand().items():
        mps = [got.get((f"Board {board}", f"I{r}")) for r in range(6, 6 + len(want))]
        assert mps == pytest.approx(want)
    data = json.loads(results_json(apart))
    heads = {got.get(("Recap", f"{c}4")): c for c in ("AA", "AB", "AC", "AD", "AE", "AF")}
    for r in range(5, 31):
        e = next(x for x in data["entries"] if x["label"] == got[("Recap", f"A{r}")])
        assert 100 * got[("Recap", f"{heads['%']}{r}")] == pytest.approx(e["pct"], abs=0.005)
        assert str(got[("Recap", f"{heads['Rank']}{r}")]) == e["rank"]
        assert str(got[("Recap", f"{heads['Section rank']}{r}")]) == e["section_rank"]


@pytest.mark.libreoffice
def test_section_scoring_with_handicaps_and_strata_libreoffice_agrees(
    recalculated: dict[str, Path],
) -> None:
    """Each section on its own top, with handicapped and stratified results: the strata's ranks
    follow the overall rank's key (the percentage, the sections' tops differing), in the
    workbook and in Python alike; every formula value agrees."""
    needs_libreoffice()
    done = recalculated["sh"]
    _code, text, _err = run_cli("results", str(done))
    assert "Every formula value agrees with Python." in text, text[-600:]
    data = json.loads(run_cli("results", str(done), "--format", "json")[1])
    ew = sorted((e for e in data["entries"] if e["dir"] == "EW"), key=lambda e: -e["pct"])
    assert [e["stratum_ranks"]["A"] for e in ew] == [str(i) for i in range(1, len(ew) + 1)]


# -- every workbook above that LibreOffice recalculates, in one LibreOffice run ----------------


def _save_filled(path: Path, built: Options, options: Options, seed: int) -> None:
    """The workbook ``write_session`` writes for ``built`` (its keywords as Options), built in
    memory, filled at random (``options``, ``seed``) as ``fill`` types it, and saved once."""
    assert built.sections is not None
    wb = build_workbook(built.sections.movement, built)
    fill_book(wb, options, random_fill(built.sections.movement, options, seed=seed))
    save_workbook(wb, path)


def _imps_and_ebu_books(folder: Path) -> list[Path]:
    """Butler, cross-IMPs and EBU matchpoints over a Mitchell and a Howell section, filled."""
    f = join_sections(parse_sections("A:mitchell:4,B:howell:3"), 2)
    books = []
    for scoring, scale in (("butler", "acbl"), ("ximp", "acbl"), ("mp", "ebu")):
        path = folder / f"{scoring}-{scale}.xlsx"
        options = Options(sections=f, scoring=scoring, scale=scale)  # type: ignore[arg-type]
        _save_filled(path, options, options, seed=9)
        books.append(path)
    return books


def _apart_scale_books(folder: Path) -> list[Path]:
    """Section scoring over a Mitchell and a Howell section, ACBL and EBU scales, filled."""
    f = dataclasses.replace(join_sections(parse_sections("A:mitchell:4,B:howell:3"), 2),
                            scoring="section")  # fmt: skip
    books = []
    for scale in ("acbl", "ebu"):
        path = folder / f"apart-{scale}.xlsx"
        options = Options(sections=f, scale=scale)  # type: ignore[arg-type]
        _save_filled(path, options, options, seed=5)
        books.append(path)
    return books


def _handicaps_and_strata_book(folder: Path) -> Path:
    """Section scoring with handicapped and stratified results (``sh``), filled."""
    from xlbridge.interchange.names import NamedPlayer
    from xlbridge.scoring.strata import Strata

    f = dataclasses.replace(
        join_sections(parse_sections("A:mitchell:3,B:mitchell:4"), 2), scoring="section"
    )
    players = {"A-NS 1": (NamedPlayer("Ann", "", 2.0, 500.0), NamedPlayer("Bo", "", 1.0, 20.0)),
               "B-EW 2": (NamedPlayer("Cy", "", -1.0, 5.0), NamedPlayer("Di", "", -3.0, 5.0))}
    strata = Strata.parse("100,0", "higher")
    path = folder / "sh.xlsx"
    options = Options(sections=f, players=players, handicapped=True, strata=strata)
    built = dataclasses.replace(
        options, names={k: tuple(x.name for x in v) for k, v in players.items()}
    )
    _save_filled(path, built, options, seed=5)
    return path


@pytest.fixture(scope="module")
def recalculated(
    sectioned: tuple[Path, Any],
    apart: Path,
    board_sets: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Path]:
    """Every workbook this module's LibreOffice tests read, recalculated in one LibreOffice run
    (one start instead of six), by file stem: field, apart, sets, butler-acbl, ximp-acbl,
    mp-ebu, apart-acbl, apart-ebu, sh."""
    folder = tmp_path_factory.mktemp("field-books")
    books = [sectioned[0], apart, board_sets, *_imps_and_ebu_books(folder),
             *_apart_scale_books(folder), _handicaps_and_strata_book(folder)]  # fmt: skip
    done = recalculate(books, tmp_path_factory.mktemp("field-recalculated"))
    return {p.stem: p for p in done}
