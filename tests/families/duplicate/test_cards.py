"""Personal score cards (issue 23): ``xlbridge cards`` and :mod:`xlbridge.results.cards`.

Every card is checked against the ranking and the travellers it comes from: a card's total is
the standings' total (the unfactored sum, factored up to the boards most pairs played as seed
001 factors, when the pair played fewer), its percentage the standings' percentage; a board's
frequency table counts every scored result of the board once; the matchpoints each score of the
frequency table earns, worked out again from the table's counts alone (Law 78A: one matchpoint
for each result beaten, half for each tie; ACBL scale, top = results − 1), are those of the
traveller. A three-table Mitchell is checked by hand.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.families.individual.test_individual_workbook_rules import fill_individual_book
from tests.support.read_once import read_once
from tests.support.shared import needs_program, run_cli
from tests.support.workbook_fill import Filled, Result, fill_book, random_fill
from xlbridge.families.duplicate.context import Options
from xlbridge.families.individual.build import build_individual_workbook
from xlbridge.families.pairs.build import build_workbook
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.individual import three_table_individual
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.results.cards import ScoreCard, cards_html, cards_text, score_cards
from xlbridge.results.session import SessionResults
from xlbridge.scoring.imp_pairs import butler_datum
from xlbridge.scoring.imps import imps
from xlbridge.scoring.session import factored_total

# The hand-checked session: a three-table Mitchell, two boards a round (boards 1-6). Its
# travellers list the tables in playing order: board 1 and 2 are played by NS 1 v EW 1 (round
# 1), NS 3 v EW 2 (round 2), NS 2 v EW 3 (round 3); boards 3-4 by NS 2 v EW 2, NS 1 v EW 3,
# NS 3 v EW 1; boards 5-6 by NS 3 v EW 3, NS 2 v EW 1, NS 1 v EW 2.
HAND = {
    1: [Result("4S", "N", 10), Result("4S", "N", 11), Result("3NT", "S", 8)],  # 420 450 -50
    2: [Result("4S", "N", 10), Result("4S", "N", 10), Result("4S", "N", 11)],  # 620 620 650
    3: [Result("2H", "E", 8), Result("PASS"), Result("2H", "E", 7)],  # -110 0 +100
    4: [Result("3NT", "N", 9), Result("3NT", "N", 8), Result("3NT", "N", 9)],  # 600 -100 600
    5: [Result("1NT", "W", 7), Result(adjusted="60/40"), Result("1NT", "W", 6)],  # -90 adj 50
    6: [Result("4H", "S", 10)] * 3,  # 420 three times
}
NAMES = ("Ann <b>Lee</b>", "=1+1", "Zoë & Øle", "@SUM(A1)")


@pytest.fixture(scope="module", autouse=True)
def _read_once() -> Iterator[None]:
    """Each unchanged workbook ``cards`` (and ``score_workbook``) reads in the module is read
    and scored once: the hand-checked session is given to ``cards`` again and again."""
    with read_once():
        yield


def _filled_pairs(m: Movement, opt: Options, filled: Filled) -> Any:
    """The workbook ``write_session`` writes for ``opt``, filled with ``filled`` in memory (the
    caller saves it once)."""
    wb = build_workbook(m, opt)  # as write_session builds it
    fill_book(wb, opt, filled)
    return wb


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hand-checked session, filled and named in memory and saved once."""
    path = tmp_path_factory.mktemp("cards") / "hand.xlsx"
    filled = Filled({b: list(rows) for b, rows in HAND.items()})
    wb = _filled_pairs(mitchell(3, 2), Options(event="Tuesday <pairs>"), filled)
    ws = wb["Names"]
    for i, name in enumerate(NAMES):  # NS 1 and NS 2: names a formula or markup would eat
        cell = ws.cell(4 + i // 2, 2 + i % 2, name)
        cell.data_type = "s"
    save_workbook(wb, path)
    return path


def test_hand_checked_small_session(hand: Path) -> None:
    res = score_workbook(hand)
    ns1, ew2 = score_cards(res, ["NS 1", "EW 2"])
    # NS 1, by hand (top 2 on every board, ACBL scale): round 1 board 1 420 beats -50 and
    # loses to 450 (1 of 2, 50%); board 2 620 ties 620, loses to 650 (0.5). Round 2 v EW 3:
    # board 3 passed out, 0 beats -110 and loses to +100 (1); board 4 -100 beaten by both 600s
    # (0). Round 3 v EW 2: board 5 +50 (1NT W down one, NS vulnerable: EW not) beats -90, with
    # the 60/40 row out of the comparison: Neuberg from 2 results to 3, (1 + 0.5) × 3/2 - 0.5
    # = 1.75 (rules.md §5); board 6 420 ties both (1). Total 5.25 of 12: 43.75%.
    got = [(x.round, x.board, x.direction, x.opponents, x.contract, x.declarer, x.result,
            x.score, x.points, x.pct) for x in ns1.lines]  # fmt: skip
    assert got == [
        (1, 1, "NS", "EW 1", "4S", "N", "=", 420, 1.0, 50.0),
        (1, 2, "NS", "EW 1", "4S", "N", "=", 620, 0.5, 25.0),
        (2, 3, "NS", "EW 3", "PASS", "", "", 0, 1.0, 50.0),
        (2, 4, "NS", "EW 3", "3NT", "N", "-1", -100, 0.0, 0.0),
        (3, 5, "NS", "EW 2", "1NT", "W", "-1", 50, 1.75, 87.5),
        (3, 6, "NS", "EW 2", "4H", "S", "=", 420, 1.0, 50.0),
    ]
    assert ns1.raw == 5.25 and ns1.pct == 43.75
    assert ns1.standing.total == 5.25 and ns1.standing.rank == "3"
    # NS 2 made 0 + 2 + 0 + 1.5 + 1.2 (60% of 2) + 1 = 5.7; NS 3 2 + 0.5 + 2 + 1.5 + 0.25 + 1.
    assert {c.pair.label: c.raw for c in score_cards(res, ["NS 2", "NS 3"])} == pytest.approx(
        {"NS 2": 5.7, "NS 3": 7.25}
    )
    # EW 2 from its side: scores with the sign changed, EW's matchpoints.
    assert [(x.board, x.score, x.points) for x in ew2.lines] == [
        (3, 110, 2.0), (4, -600, 0.5), (1, -450, 0.0), (2, -620, 1.5), (5, -50, 0.25),
        (6, -420, 1.0),
    ]  # fmt: skip
    assert ew2.raw == 5.25
    # Board 5's frequency table: each NS score, how often, NS and EW matchpoints.
    table = [(f.score, f.adjusted, f.count, f.ns, f.ew) for f in ns1.lines[4].frequency]
    assert table == [(50, "", 1, 1.75, 0.25), (-90, "", 1, 0.25, 1.75),
                     (None, "60/40", 1, 1.2, 0.8)]  # fmt: skip
    assert [(f.score, f.count) for f in ns1.lines[1].frequency] == [(650, 1), (620, 2)]
    # The partner of an individual is the pairs' own "".
    assert {x.partner for x in ns1.lines} == {""}
    # Names: text, never markup or a formula; the opponents' names on each line.
    assert ns1.pair.names == "Ann <b>Lee</b> & =1+1"
    assert ew2.lines[4].opponent_names == "Ann <b>Lee</b> & =1+1"


def test_text_cards_of_the_hand_session(hand: Path) -> None:
    code, out, err = run_cli("cards", str(hand), "--pair", "NS 1", "--pair", "EW 2")
    assert code == 0, err
    pages = out.rstrip("\n").split("\f")
    assert len(pages) == 2
    first = pages[0].splitlines()
    assert first[0] == "Tuesday <pairs>"
    assert "Pair NS 1 (NS): Ann <b>Lee</b> & =1+1" in first
    assert "Rank 3 NS  Total 5.25  43.75%  Boards 6" in first
    row = next(line for line in first if line.split()[:2] == ["3", "5"])
    assert row.split()[-3:] == ["50", "1.75", "87.50"]
    assert "*50 x1 (1.75/0.25)  -90 x1 (0.25/1.75)  adj 60/40 x1 (1.20/0.80)" in pages[0]
    # Columns aligned: every board line's figures end in the same column.
    ends = {len(line) for line in first if re.match(r"\s*\d+\s+\d+\s+(NS|EW)\s", line)}
    assert len(ends) == 1


def test_html_cards_escape_names_and_break_pages(hand: Path, tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    code, _, err = run_cli("cards", str(hand), "--format", "html", "-o", str(out))
    assert code == 0 and "6 cards" in err
    html = out.read_text(encoding="utf-8")
    assert html.count('<section class="card">') == 6
    assert "Ann &lt;b&gt;Lee&lt;/b&gt; &amp; =1+1" in html and "<b>Lee" not in html
    assert "Tuesday &lt;pairs&gt;" in html
    assert "break-after: page" in html and "page-break-after: always" in html
    # Written once; again only with --force.
    code, _, err = run_cli("cards", str(hand), "--format", "html", "-o", str(out))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_unknown_pair_and_other_families_are_refused_in_one_line(
    hand: Path, new_workbook: Callable[..., Path]
) -> None:
    code, out, err = run_cli("cards", str(hand), "--pair", "NS 9")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "xlbridge cards: error: no pair 'NS 9' in this session (it has NS 1, NS 2, NS 3, EW 1,"
        " EW 2, EW 3)"
    ]
    code, out, err = run_cli("cards", str(new_workbook("swiss-teams", "--tables", "4")))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "score cards are for pairs and individuals" in err
    code, _, err = run_cli("cards", str(hand), "-o", str(hand), "--force")
    assert code == 2 and "would replace a workbook read" in err


def _check_cards(res: SessionResults, cards: tuple[ScoreCard, ...]) -> None:
    """The card totals against the standings, the frequency tables against the travellers."""
    assert [c.pair.label for c in cards] == [s.label for s in res.standings]
    most = max(len(c.lines) for c in cards)  # boards scheduled: results or not
    mp = res.input.scoring == "mp"
    for c in cards:
        s = c.standing
        if not c.scored:
            assert s.total is None
            continue
        assert s.played == len(c.scored)
        assert s.total == pytest.approx(factored_total(c.raw, len(c.scored), most))
        if len(c.scored) == most:
            assert s.total == pytest.approx(c.raw)
        if mp:
            assert c.pct == pytest.approx(s.pct)
        else:
            assert c.average == pytest.approx(s.average)
    for b in res.boards:
        lines = [x for c in cards for x in c.lines if x.board == b.board]
        if not lines:
            continue
        freq = lines[0].frequency
        scored = [r for r in b.rows if r.mp_ns is not None]
        assert sum(f.count for f in freq) == len(scored)
        # Each traveller row is one frequency line's.
        for r in scored:
            key = (None if r.result.adjusted else r.score_ns, r.result.adjusted, r.mp_ns, r.mp_ew)
            assert key in {(f.score, f.adjusted, f.ns, f.ew) for f in freq}
        real = [f for f in freq if not f.adjusted]
        n = sum(f.count for f in real)
        if mp and n == sum(f.count for f in freq) and n == b.top + 1:  # full field, no adjusted
            for f in real:
                assert f.score is not None
                beaten = sum(g.count for g in real if g.score is not None and g.score < f.score)
                ties = f.count - 1
                assert f.ns == pytest.approx(beaten + ties / 2), (b.board, f)
                assert f.ew == pytest.approx(b.top - f.ns)
        if res.input.scoring == "butler" and real and n == sum(f.count for f in freq):
            datum = butler_datum([float(f.score) for f in real for _ in range(f.count)
                                  if f.score is not None])  # fmt: skip
            for f in real:
                assert f.score is not None
                assert f.ns == imps(f.score - datum) and f.ew == -imps(f.score - datum) + 0


SESSIONS = [(7, "mp", 1), (5, "mp", 2), (6, "butler", 3), (4, "ximp", 4)]


@pytest.mark.parametrize(("tables", "scoring", "seed"), SESSIONS)
def test_cards_agree_with_standings_and_travellers(
    tmp_path: Path, tables: int, scoring: str, seed: int
) -> None:
    m = mitchell(tables, 2)
    path = tmp_path / "s.xlsx"
    opt = Options(scoring=scoring)  # type: ignore[arg-type]
    save_workbook(_filled_pairs(m, opt, random_fill(m, opt, seed)), path)
    res = score_workbook(path)
    cards = score_cards(res)
    _check_cards(res, cards)
    assert sum(len(c.scored) for c in cards) > len(cards)
    text = cards_text(res, cards)
    assert text.count("\f") == len(cards) - 1
    assert cards_html(res, cards).count('<section class="card">') == len(cards)


def test_full_field_frequency_matchpoints(tmp_path: Path) -> None:
    """Every row a real contract: the frequency table's matchpoints are checked on each board."""
    m = mitchell(6, 2)
    path = tmp_path / "full.xlsx"
    rng = random.Random(5)
    pool = ["4S N 10", "4S N 11", "3NT S 9", "4S N 9", "2H E 8"]
    results = {}
    for b in m.boards:
        picks = [rng.choice(pool).split() for _ in range(6)]
        results[b] = [Result(c, d, int(t)) for c, d, t in picks]
    save_workbook(_filled_pairs(m, Options(), Filled(results)), path)
    res = score_workbook(path)
    assert all(b.top == 5 for b in res.boards)
    _check_cards(res, score_cards(res))


def test_individual_cards_name_the_partner(tmp_path: Path) -> None:
    m = three_table_individual()
    path = tmp_path / "ind.xlsx"
    wb = build_individual_workbook(m, Options(event="Club individual"))  # write_individuals's
    fill_individual_book(wb, Options(), random_fill(m, Options(), 9))
    save_workbook(wb, path)
    res = score_workbook(path)
    cards = score_cards(res)
    _check_cards(res, cards)
    for c in cards:
        for x in c.lines:
            assert x.partner and x.partner != c.pair.label
            assert len(x.opponents.split(" & ")) == 2
    text = cards_text(res, cards[:1])
    assert text.splitlines()[3 + bool(res.open_problems)].startswith("Player ")


def test_printed_cards_one_a_page(hand: Path, tmp_path: Path) -> None:
    """Headless Chromium prints the HTML cards: one page a card."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    needs_program("chromium" if chromium else "chromium-browser", "Chromium")
    needs_program("pdfinfo")
    html = tmp_path / "cards.html"
    assert run_cli("cards", str(hand), "--format", "html", "-o", str(html))[0] == 0
    pdf = tmp_path / "cards.pdf"
    subprocess.run(
        [str(chromium), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--print-to-pdf={pdf}", html.as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True)
    pages = int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))  # type: ignore[union-attr]
    assert pages == 6
