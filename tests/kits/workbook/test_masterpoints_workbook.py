"""Masterpoints on the workbook (issue 32): ``new --masterpoints`` keeps the scale on the
Session sheet (pairs, individual, teams), ``results`` awards by it, ``rebuild`` keeps it, and
the Results (teams: Standings) sheet's award formula gives what the rules layer gives, in
LibreOffice and Gnumeric.

Source of the rule (xlbridge/scoring/masterpoints.py, rules.md §9a): the EBU's *Licensing and
Master Points Handbook* (2021), club scale, and the EBU forum's statement of its algorithm
("Master Points and Individual Events", forums.ebu.co.uk/discussion/1365): sessions of 18-35
boards award the top third of the field (rounded up) in equal steps from the top, the lowest
one step; 10 points a step for two-winner pairs and teams, 3 for individuals, no award under
6; tied places share their awards, rounded up. The EBU's own example USEBIO files carry the
result: 11 pairs a direction over 22 boards 40/30/20/10, 10 teams over 24 boards 40/30/20/10,
12 players over 22 boards 12/9/6/6.
"""

from __future__ import annotations

import functools
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.engines import recalc_gnumeric, same_value
from tests.support.excel_grammar import check
from tests.support.shared import cli_new, run_cli
from tests.support.workbook_fill import fill_by_headers
from xlbridge.families.registry import read_workbook, score_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.results.awards import with_awards
from xlbridge.scoring.masterpoints import Contestants, awards
from xlbridge.workbook.formulas_masterpoints import award_formula, refusal_text

# (contestants, boards, ranks as the Results sheet shows them; "" a line not ranked)
CASES: tuple[tuple[Contestants, int, tuple[str, ...]], ...] = (
    ("pairs", 22, tuple(str(i) for i in range(1, 12))),  # EBU example: 40/30/20/10
    ("pairs", 24, ("1", "2=", "2=", "4", "5", "6", "7", "8")),  # 8 pairs: 30, 15+... shared
    ("pairs", 24, ("1", "2", "3=", "3=", "3=", *(str(i) for i in range(6, 13)))),  # 12 pairs
    ("pairs", 18, (*(str(i) for i in range(1, 8)), "8=", "8=",
                   *(str(i) for i in range(10, 25)))),  # 24 pairs: 8= shares 10 and 0 -> 6
    ("pairs", 35, ("1", "2", "3", "4", "5", "", "")),  # two lines not ranked: a field of 5
    ("individual", 22, tuple(str(i) for i in range(1, 13))),  # EBU example: 12/9/6/6
    ("individual", 22, ("1", "2", "3=", "3=", *(str(i) for i in range(5, 13)))),
    ("individual", 30, (*(str(i) for i in range(1, 7)), "7=", "7=", "7=",
                        *(str(i) for i in range(10, 25)))),  # 24 players: 24 ... 6, 6
    ("teams", 24, tuple(str(i) for i in range(1, 11))),  # EBU example: 40/30/20/10
    ("teams", 24, ("1=", "1=", "3", "4", "5", "6", "7", "8", "9", "10")),
    ("teams", 35, ("1", "2", "3", "4", "5", "6", "7")),
)  # fmt: skip
REFUSED: tuple[tuple[Contestants, int], ...] = (("pairs", 12), ("pairs", 36),
                                                ("one-winner-pairs", 24))  # fmt: skip


def _cases_book(path: Path) -> dict[tuple[str, str], Any]:
    """One sheet: each case's ranks in A and the award formula in B; what each B cell must
    show, by the rules layer."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Cases"
    want: dict[tuple[str, str], Any] = {}
    r = 1
    for contestants, boards, ranks in CASES:
        top, bottom = r, r + len(ranks) - 1
        ranked = [x for x in ranks if x]
        got = iter(awards(ranked, boards, contestants))
        for rank in ranks:
            ws[f"A{r}"] = rank or '=""'
            ws[f"B{r}"] = award_formula(f"$A{r}", f"$A${top}:$A${bottom}", boards, contestants)
            want[("Cases", f"B{r}")] = next(got) if rank else None
            r += 1
        r += 1
    for contestants, boards in REFUSED:
        ws[f"A{r}"] = "1"
        ws[f"B{r}"] = award_formula(f"$A{r}", f"$A${r}:$A${r}", boards, contestants)
        want[("Cases", f"B{r}")] = refusal_text(boards, contestants)
        r += 2
    wb.save(path)
    return want


def _results_awards(values: dict[tuple[str, str], Any]) -> dict[str, Any]:
    """Pair (or player) label -> the Results sheet's MPs cell, from an engine's values."""
    heads = {c: v for (s, c), v in values.items() if s == "Results" and v == "MPs"}
    out: dict[str, Any] = {}
    for cell in heads:
        col, row = cell.rstrip("0123456789"), int(cell.lstrip("ABCDEFGHIJ"))
        r = row + 1
        while values.get(("Results", f"B{r}")) not in (None, ""):
            label = values[("Results", f"B{r}")]
            label = str(int(label)) if isinstance(label, float) else str(label)
            out[label] = values.get(("Results", f"{col}{r}"))
            r += 1
    return out


@functools.cache
def _want(path: Path) -> dict[str, int | str]:
    """The rules layer's award of each pair (player) of a filled workbook, or the short text
    its Results sheet shows where the rule gives none (reading is pure: once a workbook)."""
    res = score_workbook(path)
    refused = refusal_text(len(res.boards), "pairs" if res.two_winner else "one-winner-pairs")
    if refused and res.input.family == "pairs":
        return {s.label: refused for s in res.standings if s.rank}
    return dict(with_awards(res, "ebu-club").masterpoints)


def _teams_books(tmp: Path) -> tuple[Path, Path]:
    """A Swiss of 10 teams whose first round is a 24-board match (the EBU example's field and
    boards), built once: saved empty, then filled with random results (tests/families/teams)
    and saved again. Returns (filled, empty)."""
    import random

    from tests.families.teams.test_teams_workbook import fill, random_rows
    from xlbridge.families.teams.build import build_teams_workbook
    from xlbridge.families.teams.settings import Settings, plan_of

    s = Settings("swiss-teams", 10, 24, rounds=3, masterpoints="ebu-club")
    plan = plan_of(s)
    wb = build_teams_workbook(plan, s.options(), None)
    empty, filled = tmp / "swiss-empty.xlsx", tmp / "swiss.xlsx"
    save_workbook(wb, empty)  # wb.save's parts, faster
    fill(wb, plan, random_rows(plan, random.Random(32), adjusted=False, incomplete=None), {})
    save_workbook(wb, filled)
    return filled, empty


def _standings_awards(values: dict[tuple[str, str], Any]) -> dict[str, Any]:
    """Team number -> the Standings sheet's MPs cell, from an engine's values."""
    head = next(c for (s, c), v in values.items() if s == "Standings" and v == "MPs")
    col, row = head.rstrip("0123456789"), int(head.lstrip("ABCDEFGHIJ"))
    out: dict[str, Any] = {}
    r = row + 1
    while values.get(("Standings", f"A{r}")) not in (None, ""):
        out[str(int(values[("Standings", f"A{r}")]))] = values.get(("Standings", f"{col}{r}"))
        r += 1
    return out


def _teams_want(path: Path) -> dict[str, int]:
    """The rules layer's award to each team of a filled teams workbook."""
    from xlbridge.families.teams.model import TeamsResults

    res = read_workbook(path)
    assert isinstance(res, TeamsResults)
    ranked = [s for s in res.standings if s.rank]
    return dict(zip((str(s.team) for s in ranked),
                    awards([s.rank for s in ranked], 24, "teams"), strict=True))  # fmt: skip


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The cases' workbook, a filled two-winner Mitchell of 12 pairs over 24 boards, a filled
    Howell (one winner: refused) and a filled Rainbow of 28 players over 21 boards, all
    written with ``--masterpoints ebu-club``; and the Mitchell, the Rainbow and the Swiss as
    written, nothing entered (each workbook written once: the empty one is a copy of it made
    before the filling)."""
    tmp = tmp_path_factory.mktemp("mp")
    cases = tmp / "cases.xlsx"
    want = _cases_book(cases)
    paths = {
        "mitchell": cli_new(tmp, "mitchell", "mitchell", "--tables", "6", "--boards-per-round",
                            "4", "--masterpoints", "ebu-club"),
        "howell": cli_new(tmp, "howell", "howell", "--tables", "4", "--boards-per-round", "3",
                          "--masterpoints", "ebu-club"),
        "rainbow": cli_new(tmp, "rainbow", "rainbow", "--tables", "7", "--boards-per-round",
                           "3", "--masterpoints", "ebu-club"),
    }  # fmt: skip
    # Nothing entered: every line ranks 1=, and no award may show (issue 32).
    empty = {f"empty-{k}": Path(shutil.copy(paths[k], tmp / f"empty-{k}.xlsx"))
             for k in ("mitchell", "rainbow")}  # fmt: skip
    for i, p in enumerate(paths.values()):
        fill_by_headers(p, 32 + i, unplayed=0.0)
    swiss, empty["empty-swiss"] = _teams_books(tmp)
    yield {"cases": cases, "want": want, **paths, "swiss": swiss, **empty}
    for cached in (_formulas, _values, _want):  # the module's loads, for no other module
        cached.cache_clear()


@functools.cache
def _formulas(path: Path) -> Any:
    """The workbook at ``path`` as written (its formulas), loaded once for the module: only
    read."""
    return openpyxl.load_workbook(path)


EMPTY = ("empty-mitchell", "empty-rainbow", "empty-swiss")


def test_every_formula_parses_under_the_strict_grammar(books: dict[str, Any]) -> None:
    """Every award formula: the cases' and each family's MPs column."""
    for name in ("cases", "mitchell", "howell", "rainbow", "swiss", *EMPTY):
        wb = _formulas(books[name])
        sheets = set(wb.sheetnames)
        mps = [c.column_letter for ws in wb for row in ws.iter_rows(max_row=6) for c in row
               if c.value == "MPs"] or ["B"]  # fmt: skip
        texts = {str(c.value) for ws in wb if ws.title in ("Cases", "Results", "Standings")
                 for c in ws[mps[0]] if c.data_type == "f"}  # fmt: skip
        assert texts, name
        for text in texts:
            assert check(text, sheets=sheets, names=set(), leading_equals=True) == [], text


def test_session_sheet_keeps_the_scale_and_results_award_by_it(books: dict[str, Any]) -> None:
    ws = _formulas(books["mitchell"])["Session"]
    line = next(r for r in ws.iter_rows(values_only=True) if r[0] == "Masterpoints")
    assert line[1] == "ebu-club" and "EBU club points" in str(line[2])
    code, out, err = run_cli("results", str(books["mitchell"]), "--format", "json")
    entries = json.loads(out)["entries"]
    want = _want(books["mitchell"])  # 6 a direction over 24 boards: 20 and 10, ties shared
    assert {e["label"]: e["masterpoints"] for e in entries} == {
        k: [v, v] for k, v in want.items()}, err  # fmt: skip
    assert sum(want.values()) in (60, 52, 40)  # 20 + 10 a direction (a tie for 2nd: 6 + 6)
    _code, out, err = run_cli("results", str(books["mitchell"]), "--format", "usebio")
    assert "<MPS_AWARDED_FLAG>Y<" in out and "<MASTER_POINT_SCALE>Club<" in out, err
    # The workbook's scale is refused where the rule gives none; the results still publish.
    code, out, err = run_cli("results", str(books["howell"]), "--format", "csv")
    assert code in (0, 3) and "masterpoints not awarded: " in err and "one-winner" in err
    assert "Traceback" not in err
    # ... and refused in one line when asked for on the command line.
    code, out, err = run_cli("results", str(books["howell"]), "--masterpoints", "ebu-club")
    assert code != 0 and len(err.strip().splitlines()) == 1 and "one-winner" in err


def test_no_award_before_any_result(books: dict[str, Any]) -> None:
    """An empty workbook ranks every entry 1=: results (every family) awards nothing yet,
    0 to each player, and says no results are entered (exit 3)."""
    for name in EMPTY:
        code, out, err = run_cli("results", str(books[name]), "--format", "json")
        entries = json.loads(out)["entries"]
        assert code == 3 and "no results entered yet" in out + err, (name, err)
        assert entries and all(set(e["masterpoints"]) == {0} for e in entries), name


def test_without_the_flag_no_line_and_no_column(new_workbook: Callable[..., Path]) -> None:
    book = new_workbook("mitchell", "--tables", "4")  # only read
    wb = openpyxl.load_workbook(book)
    assert all(r[0] != "Masterpoints" for r in wb["Session"].iter_rows(values_only=True))
    assert all(c.value != "MPs" for row in wb["Results"].iter_rows() for c in row)
    _code, out, _err = run_cli("results", str(book), "--format", "json")
    assert "masterpoints" not in json.loads(out)["entries"][0]


def test_rebuild_keeps_the_scale(tmp_path: Path, new_workbook: Callable[..., Path]) -> None:
    for kind, argv in (("mitchell", ("--tables", "3")), ("rainbow", ("--tables", "5")),
                       ("swiss-teams", ("--tables", "4", "--boards-per-round", "2"))):
        book = new_workbook(kind, *argv, "--masterpoints", "ebu-club")  # rebuild only reads it
        out = tmp_path / f"{kind}-r.xlsx"
        code, _o, err = run_cli("rebuild", str(book), "-o", str(out))
        assert code == 0, err
        res = read_workbook(out)
        scale = getattr(res, "masterpoint_scale", None) or getattr(res, "input", res)
        scale = scale if isinstance(scale, str) else scale.masterpoint_scale
        assert scale == "ebu-club", kind


def test_a_scale_xlbridge_does_not_write_is_refused(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "m", "mitchell", "--tables", "6", "--masterpoints", "ebu-club")
    wb = openpyxl.load_workbook(book)
    ws = wb["Session"]
    row = next(c.row for c in ws["A"] if c.value == "Masterpoints")
    ws[f"B{row}"] = "acbl-gold"
    wb.save(book)
    code, _o, err = run_cli("results", str(book))
    assert code not in (0, 1, 3) and f"cell B{row}" in err and "acbl-gold" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.libreoffice
def test_libreoffice_awards_equal_the_rule(books: dict[str, Any], tmp_path: Path) -> None:
    """One LibreOffice run recalculates every workbook: each award cell equals the rules
    layer's (EBU club scale; the EBU examples' 40/30/20/10 and 12/9/6/6 among them)."""
    from tests.support.shared import needs_libreoffice
    from xlbridge.workbook.recalc import recalculate

    needs_libreoffice()
    names = ("cases", "mitchell", "howell", "rainbow", "swiss", *EMPTY)
    done = dict(zip(names, recalculate([books[n] for n in names], tmp_path / "r"), strict=True))
    # Nothing entered: every MPs cell stays empty, as results gives no award. The teams'
    # Standings rank every team 1= on nothing, so its cells would otherwise award every team.
    for name in EMPTY:
        formulas = _formulas(books[name])
        values = _values(done[name])  # every stored value; an empty cell is not there
        awarded = [(ws.title, c.coordinate) for ws in formulas for col in ws.iter_cols()
                   if any(c.value == "MPs" for c in col)
                   for c in col if c.data_type == "f"]  # fmt: skip
        assert len(awarded) >= 10, name  # every line's award formula
        shown = {at: values.get(at) for at in awarded}
        assert all(v in (None, "") for v in shown.values()), (name, shown)
    ranks = _standings_awards(_values(done["empty-swiss"]))  # the teams' lines are there
    assert len(ranks) == 10
    standings = _values(done["empty-swiss"])
    rank_col = next(c for (s, c), v in standings.items() if s == "Standings" and v == "Rank")
    shown_ranks = [v for (s, c), v in standings.items() if s == "Standings"
                   and c.rstrip("0123456789") == rank_col.rstrip("0123456789") and v != "Rank"]
    assert shown_ranks == ["1="] * 10, shown_ranks  # fmt: skip
    got = _values(done["cases"])
    for key, want in books["want"].items():
        assert same_value(got.get(key), want), (key, got.get(key), want)
    for name in ("mitchell", "howell", "rainbow"):
        shown = _results_awards(_values(done[name]))
        want_awards = _want(done[name])
        assert shown and shown == want_awards, name
    teams = _standings_awards(_values(done["swiss"]))
    assert teams == _teams_want(done["swiss"])
    assert len([v for v in teams.values() if v]) >= 4  # 10 teams, 24 boards: 40/30/20/10
    _code, out, err = run_cli("results", str(done["swiss"]), "--format", "usebio")
    assert "<MPS_AWARDED_FLAG>Y<" in out, err  # the workbook's scale, without --masterpoints


@pytest.mark.gnumeric
def test_gnumeric_awards_equal_the_rule(books: dict[str, Any]) -> None:
    """Gnumeric, once on the cases' workbook and once on the filled Mitchell."""
    from tests.support.shared import needs_gnumeric

    needs_gnumeric()
    got = recalc_gnumeric(books["cases"])
    for key, want in books["want"].items():
        assert same_value(got.get(key), want), (key, got.get(key), want)
    shown = _results_awards(recalc_gnumeric(books["mitchell"]))
    assert shown == _want(books["mitchell"])


@functools.cache
def _values(path: Path) -> dict[tuple[str, str], Any]:
    """Every stored value of a recalculated workbook, by (sheet, cell); read once, read-only
    (every stored cell is read)."""
    wb = openpyxl.load_workbook(path, data_only=True, read_only=True)
    out = {(ws.title, c.coordinate): c.value for ws in wb.worksheets
           for row in ws.iter_rows() for c in row if c.value is not None}  # fmt: skip
    wb.close()
    return out


def test_the_abf_file_is_refused_in_one_line(
    tmp_path: Path, new_workbook: Callable[..., Path]
) -> None:
    """The ABF Masterpoint Manual publishes the credit file's layout (Appendix D: a 7-digit
    ABF number and the award in hundredths, 13 digits a line) but the tie rule (clause 4.4.6),
    the rounding and a club session's grade weight were not found: nothing is written."""
    book = new_workbook("mitchell", "--tables", "3")  # only read
    out = tmp_path / "awards.mp2"
    code, stdout, err = run_cli("results", str(book), "--format", "abf", "-o", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    assert len(err.strip().splitlines()) == 1 and "Appendix D" in err and "4.4.6" in err


def test_the_library_writes_the_scale_and_refuses_another(tmp_path: Path) -> None:
    """``Family.write`` takes ``masterpoints`` by name, as ``new --masterpoints`` does."""
    from xlbridge.errors import WorkbookError
    from xlbridge.families.registry import WriteRequest, family

    ask = WriteRequest("rainbow", 5, options={"masterpoints": "ebu-club"})
    book = family("individual").write(ask, tmp_path / "lib.xlsx")
    res = read_workbook(book)
    assert getattr(res, "input", res).masterpoint_scale == "ebu-club"
    with pytest.raises(WorkbookError, match="--masterpoints 'abf' is not one of ebu-club"):
        family("pairs").write(WriteRequest("mitchell", 4, options={"masterpoints": "abf"}),
                              tmp_path / "x.xlsx")  # fmt: skip
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ("mitchell", "--tables", "6", "--boards-per-round", "3"),
        ("rainbow", "--tables", "5", "--boards-per-round", "3"),
        ("swiss-teams", "--tables", "6"),
    ],
    ids=["pairs", "individual", "teams"],
)
def test_the_scale_sentence_prints_whole(
    new_workbook: Callable[..., Path], argv: tuple[str, ...]
) -> None:
    """The sentence beside the Masterpoints line is inside the Session sheet's print area, in a
    row tall enough for its wrapped lines, its label and code level with its first line (a
    printed page once showed two of its six lines, and an individual's none)."""
    import textwrap

    from xlbridge.workbook.masterpoints import SCALE_SENTENCES

    path = new_workbook(*argv, "--masterpoints", "ebu-club")  # only read
    ws = openpyxl.load_workbook(path)["Session"]
    row = next(r for r in range(3, 40) if ws.cell(r, 1).value == "Masterpoints")
    sentence = ws.cell(row, 3)
    assert sentence.value == SCALE_SENTENCES["ebu-club"]
    width = int(ws.column_dimensions["C"].width)
    lines = textwrap.wrap(sentence.value, width - 2)
    assert len(lines) > 1 and ws.row_dimensions[row].height >= 15 * len(lines)
    assert {ws.cell(row, c).alignment.vertical for c in (1, 2, 3)} == {"top"}
    area = str(ws.print_area)
    assert area.split(":")[-1].lstrip("$")[0] >= "C", area
