"""The results engine without a spreadsheet program: the session scorer, the vectorised path,
the HTML page (parsed table by table and validated), hostile workbooks through ``results``."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.hostile_corpus import CORPUS, make_corpus
from tests.support.nu_validator import validate_html
from xlbridge.cli import main
from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.score import score_session
from xlbridge.families.registry import score_workbook
from xlbridge.results.html import render_html
from xlbridge.results.problems import PROVISIONAL_EXIT
from xlbridge.results.render import render_session
from xlbridge.results.session import PairInfo, ResultRow, SessionInput
from xlbridge.results.vector import (
    DOUBLINGS,
    SEATS,
    STRAINS,
    VULS,
    encode_contracts,
    imps_array,
    matchpoints_array,
    score_array,
)
from xlbridge.scoring.contract import score
from xlbridge.scoring.imps import imps
from xlbridge.scoring.matchpoints import matchpoints

# Seed 000 (ACBL traveller, board 1): NS scores and NS matchpoints, top 6.
SEED000_SCORES = [130, -50, 450, -140, 170, 100, 130]
SEED000_MP = [3.5, 1, 6, 0, 5, 2, 3.5]


def test_vectorised_scores_equal_the_rules_on_every_combination() -> None:
    combos = list(itertools.product(range(1, 8), range(5), range(3), range(4), range(4),
                                    range(14)))  # fmt: skip
    lv, st_, db, de, vu, tr = (np.array(c) for c in zip(*combos, strict=True))
    got = score_array(lv, st_, db, de, vu, tr)
    want = [
        score(f"{a}{STRAINS[b]}{DOUBLINGS[c]}", SEATS[d], t, VULS[v]) for a, b, c, d, v, t in combos
    ]
    assert len(combos) == 23_520
    assert got.tolist() == want
    # A pass scores 0 whatever the other codes.
    assert score_array([0], [4], [2], [3], [3], [13]).tolist() == [0]


def test_vectorised_codes_out_of_range_are_one_line() -> None:
    with pytest.raises(Exception, match="tricks code 14 is outside 0-13"):
        score_array([4], [3], [0], [0], [0], [14])


def test_imps_array_equals_imps() -> None:
    diffs = np.arange(-6000, 6001)
    assert imps_array(diffs).tolist() == [imps(int(d)) for d in diffs]


def test_encode_contracts_accepts_every_spelling() -> None:
    lv, st_, db = encode_contracts(["4S", "3N", "4♥X", "6cxx", "PASS"])
    assert (lv.tolist(), st_.tolist(), db.tolist()) == (
        [4, 3, 4, 6, 0], [3, 4, 2, 0, 0], [0, 0, 1, 2, 0]
    )  # fmt: skip


def test_matchpoints_array_seed000() -> None:
    # Seed 000, board 1: the field's NS matchpoints (ACBL, top 6); rows shuffled across boards.
    board = [1] * 7 + [2] * 3
    scores = [*SEED000_SCORES, 420, 420, 170]
    mp = matchpoints_array(board, scores)
    assert mp.tolist() == [*SEED000_MP, 1.5, 1.5, 0]
    assert matchpoints_array(board[::-1], scores[::-1]).tolist() == mp.tolist()[::-1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-50, 50).map(lambda x: 10 * x), min_size=1, max_size=15),
                min_size=1, max_size=20))  # fmt: skip
def test_matchpoints_array_equals_the_rules(boards: list[list[int]]) -> None:
    board = [i for i, b in enumerate(boards) for _ in b]
    flat = [s for b in boards for s in b]
    for per in (1, 2):
        got = matchpoints_array(board, flat, per=per).tolist()
        want = [m for b in boards for m in matchpoints(b, "acbl" if per == 1 else "ebu")]
        assert got == pytest.approx(want)


def _session(scoring: str = "mp") -> SessionInput:
    """Seed 000's board 1 as a seven-table traveller, plus a second board."""
    rows = [
        ResultRow(1, 6 + i, i + 1, i + 1, f"NS {i + 1}", f"EW {i + 1}", typed_score=float(s))
        for i, s in enumerate(SEED000_SCORES)
    ]
    rows += [
        ResultRow(2, 6 + i, i + 1, i + 1, f"NS {i + 1}", f"EW {(i + 1) % 7 + 1}", "4S", "N", 10)
        for i in range(7)
    ]
    rows[8] = ResultRow(2, 7, 2, 2, "NS 2", "EW 3", adjusted="60/40")
    pairs = [PairInfo(i + 1, f"NS {i + 1}", "Ann <b>", "=1+1") for i in range(7)]
    pairs += [PairInfo(8 + i, f"EW {i + 1}", "Bob & Co", "") for i in range(7)]
    return SessionInput("Club <night>", "2026-11-20", "mitchell", scoring, "acbl",
                        tuple(pairs), tuple(rows), {1: 7, 2: 7})  # fmt: skip


def test_session_board_scores_seed000() -> None:
    res = score_session(_session())
    b1 = res.boards[0]
    assert b1.top == 6
    assert [r.mp_ns for r in b1.rows] == SEED000_MP
    assert res.two_winner
    assert res.recalculated  # nothing cached to compare: nothing to complain about
    ns1 = next(s for s in res.standings if s.label == "NS 1")
    assert ns1.played == 2 and ns1.dir == "NS"


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[str, list[list[str]]]] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append((dict(attrs).get("class") or "", []))
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1][1].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def test_html_page_table_by_table() -> None:
    res = score_session(_session())
    page = render_html(res)
    assert "<b>" not in page and "Ann &lt;b&gt;" in page and "Club &lt;night&gt;" in page
    p = _Tables()
    p.feed(page)
    kinds = [k for k, _ in p.tables]
    assert kinds.count("ranking") == 2  # NS and EW
    assert kinds.count("traveller-table") == 2
    assert kinds.count("card-table") == 14
    ranking = [rows for k, rows in p.tables if k == "ranking"]
    assert [r[1] for r in ranking[0][1:]] == [
        s.label
        for s in sorted(
            (s for s in res.standings if s.dir == "NS"), key=lambda s: int(s.rank.rstrip("="))
        )
    ]
    trav1 = next(rows for k, rows in p.tables if k == "traveller-table")
    assert trav1[0][:2] == ["NS", "EW"] and len(trav1) == 1 + 7
    # seed 000; every figure of a column with the same decimals (issue 20: never 3.50 beside 1)
    assert [r[7] for r in trav1[1:]] == ["3.5", "1.0", "6.0", "0.0", "5.0", "2.0", "3.5"]
    baro = next(rows for k, rows in p.tables if k == "barometer")
    assert baro[0] == ["Pair", *[f"Round {r}" for r in range(1, 8)]] and len(baro) == 15
    card = next(rows for k, rows in p.tables if k == "card-table")
    assert [r[0] for r in card[1:]] == ["1", "2"]  # NS 1 played boards 1 and 2
    assert "Hand records" not in page
    with_deals = render_html(res, deals={1: "N:AKQJ.T98.765.432 T98.765.432.AKQJ "
                                            "765.432.AKQJ.T98 432.AKQJ.T98.765"})  # fmt: skip
    assert "Hand records" in with_deals and "♠ AKQJ" in with_deals
    assert "♥ 1098" in with_deals and "T98" not in with_deals  # the ten printed 10


def test_hand_record_shows_makeable_contracts_and_par() -> None:
    """Each hand a 13-card suit (interchange.deals.analyse's example): North and South make 7♠
    (13 tricks), East and West nothing in spades; the par is North-South's grand slam, +1510
    not vulnerable (board 1). The page shows the level each declarer makes in each strain."""
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    page = render_html(score_session(_session("mp")), deals={1: deal})
    record = page[page.index("id=record-1>") :]
    record = record[: record.index("</figure>")]
    dd = re.findall(r"<tr><th scope='row'>([NESW])</th>(.*?)</tr>", record)
    levels = {who: re.findall(r"<td class='num'>([^<]*)</td>", cells) for who, cells in dd}
    assert levels["N"][3] == levels["S"][3] == "7"  # spades (order: clubs .. spades, notrump)
    assert levels["E"][3] == levels["W"][3] == "-"
    assert "<p class='par'>Par: NS +1510: 7S N, 7S S</p>" in record
    assert "♠ AKQJ1098765432" in record and "<b>North</b>" in record


def test_html_page_passes_the_nu_validator(tmp_path: Path) -> None:
    page = tmp_path / "results.html"
    deals = dict(enumerate(re.findall(r'Deal "([^"]+)"', _pbn_deals(2)), start=1))
    page.write_text(render_html(score_session(_session("butler")), deals), encoding="utf-8")
    errors = validate_html([page])
    assert errors == [], "\n".join(errors)


@pytest.fixture(scope="module")
def hostile_corpus() -> dict[str, bytes]:
    """The hostile files, made by the first test that needs them (not at collection, ~1.7 CPU-s)."""
    return make_corpus()


@pytest.mark.parametrize("name", CORPUS)
def test_results_refuses_hostile_files_in_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], hostile_corpus: dict[str, bytes]
) -> None:
    path = tmp_path / name
    path.write_bytes(hostile_corpus[name])
    assert main(["results", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("xlbridge results: error:") and name in err


def test_other_families_refused_in_one_line(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Session"
    ws["A1"], ws["A3"], ws["B3"] = "Teams", "Movement", "head-to-head"
    path = tmp_path / "teams.xlsx"
    wb.save(path)
    # Teams workbooks have their own reader now (tests/families/teams/test_results_teams.py): a
    # bare Session sheet reaches it and is refused in one line; session tables stay pairs-only.
    with pytest.raises(WorkbookError, match="Session sheet: no 'Teams' line"):
        score_workbook(path)


def test_import_xlbridge_does_not_import_pandas() -> None:
    code = ("import sys, xlbridge; from xlbridge.cli import main; main(['score','4S','N','10',"
            "'--vul','None']); print(sorted(m for m in ('pandas','numpy','jinja2','openpyxl') "
            "if m in sys.modules))")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["420", "[]"]


def _pbn_deals(boards: int) -> str:
    import random

    rng = random.Random(7)
    out = []
    for b in range(1, boards + 1):
        cards = [r + s for s in "SHDC" for r in "AKQJT98765432"]
        rng.shuffle(cards)
        hands = []
        for h in range(4):
            mine = cards[13 * h : 13 * h + 13]
            hands.append(".".join("".join(c[0] for c in mine if c[1] == s) for s in "SHDC"))
        out += [f'[Board "{b}"]', f'[Deal "N:{" ".join(hands)}"]', ""]
    return "\n".join(out)


def test_results_page_with_hand_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    book = tmp_path / "s.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "-o", str(book)]) == 0
    deals = tmp_path / "boards.pbn"
    deals.write_text(_pbn_deals(3), encoding="utf-8")
    page = tmp_path / "r.html"
    # A workbook with no result entered: the page is written, and says so (issue 30: exit 3)
    assert main(["results", str(book), "--format", "html", "--deals", str(deals), "-o",
                 str(page)]) == PROVISIONAL_EXIT  # fmt: skip
    html = page.read_text(encoding="utf-8")
    assert "no results entered yet" in html
    assert "Hand records" in html and html.count("<figure class='record'") == 2 * 3
    assert html.count("<figure class='record' id=record-") == 3  # the section's, linkable
    for b, dealer, vul in ((1, "N", "None"), (2, "E", "NS"), (3, "S", "EW")):  # rules.md: board
        assert f"<figcaption>Board {b} · dealer {dealer} · vulnerable {vul}</figcaption>" in html
    assert html.count("Makeable contracts") == 2 * 3 and html.count("<p class='par'>Par: ") == 6
    capsys.readouterr()
    deals.write_text('[Board "1"]\n[Deal "N:AKQ.xyz - - -"]\n', encoding="utf-8")
    assert main(["results", str(book), "--format", "html", "--deals", str(deals)]) == 2
    assert "is not a PBN deal" in capsys.readouterr().err


def _places(text: str) -> int:
    return len(text.partition(".")[2])


def test_each_column_of_a_page_has_one_number_of_decimals() -> None:
    """Issue 20: never 53.7, 65 and 45 side by side. Seed 000's traveller (3½ 1 6 0 5 2 3½):
    the text ranking's totals and percentages, and the HTML page's totals, percentages,
    barometer and matchpoints, each column written with one number of decimals;
    percentages always two."""
    res = score_session(_session("mp"))
    text = str(render_session(res, "text"))
    rows = [ln.split() for ln in text.splitlines() if ln.split()[:1] and ln.split()[0][0].isdigit()]
    assert rows
    totals, pcts = [r[-2] for r in rows], [r[-1] for r in rows]
    assert len({_places(t) for t in totals}) == 1
    assert {_places(p) for p in pcts} == {2}
    page = render_html(res)
    for cls in ("ranking", "traveller-table", "barometer", "card-table"):
        for table in re.findall(rf"<table class=\"{cls}\"[^>]*>(.*?)</table>", page, re.S):
            body = re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("</thead>")[1], re.S)
            grid = [re.findall(r"<td[^>]*>(.*?)</td>", r, re.S) for r in body]
            for j in range(max(len(r) for r in grid)):
                figures = [re.sub(r"<[^>]+>|%| \(.*\)", "", r[j]) for r in grid if j < len(r)]
                figures = [f for f in figures if re.fullmatch(r"-?\d+(\.\d+)?", f)]
                assert len({_places(f) for f in figures}) <= 1, (cls, j, figures)


def test_hand_records_without_the_solver_show_the_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """endplay is optional (product spec): without it the page still shows each board's number,
    dealer, vulnerability and hands, without makeable contracts or par."""
    from xlbridge.errors import DealError
    from xlbridge.workbook import hand_records as hr

    def no_solver(deals: tuple[tuple[int, str], ...]) -> list[object]:
        raise DealError("deals need the endplay package: pip install endplay")

    monkeypatch.setattr(hr, "analysed", no_solver)
    deal = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
    page = render_html(score_session(_session("mp")), deals={2: deal})
    assert "<figcaption>Board 2 · dealer E · vulnerable NS</figcaption>" in page
    assert "♥ 1098" in page and "Makeable contracts" not in page and "Par:" not in page
