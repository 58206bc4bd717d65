"""``xlbridge results`` end to end (issue 12): generate a pairs workbook, fill it as a user would
(tests/support/workbook_fill.py), recalculate it in LibreOffice, read it back, score it again in
Python, publish it as USEBIO and PBN and read those back equal. A damaged workbook is caught cell
by cell.

The Python side of the comparison is ``workbook_fill.expected`` (the rules layer only), so
agreement here proves the reader and the engine, and the workbook's formulas, all say the same.

Each pairs workbook is built and filled in memory (what ``write_session`` writes, with the results
a user would type) and saved once; the bad-entries and damaged copies of m7-acbl are saved from
that same workbook, their cells typed over and then put back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.workbook_fill import (
    Expected,
    expected,
    fill_book,
    fill_by_headers,
    random_fill,
)
from xlbridge.cli import main
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.numerals import shown
from xlbridge.results.pbn import read_pbn_scores, results_pbn
from xlbridge.results.render import render_session
from xlbridge.results.session import SessionResults
from xlbridge.results.usebio import pair_number, read_usebio, read_usebio_event
from xlbridge.results.usebio_session import write_usebio
from xlbridge.workbook.formulas import FIRST_ROW, TravellerCols
from xlbridge.workbook.recalc import recalculate

pytestmark = pytest.mark.libreoffice


CASES: dict[str, tuple[Movement, Options, int]] = {
    "m7-acbl": (mitchell(7, 3), Options(), 11),
    "m6-relay-ebu-tricks": (
        mitchell(6, 2, even="relay"),
        Options(scale="ebu", result_entry="tricks"),
        12,
    ),
    "m7-arrow": (mitchell(7, 2, arrow_switch="last"), Options(), 13),
    "m5-butler": (mitchell(5, 3), Options(scoring="butler"), 14),
    "m4-ximp": (mitchell(4, 3, even="relay"), Options(scoring="ximp"), 15),
}
NAMES = {"NS 1": ("Zoë Åberg", '=HYPERLINK("http://x","y")'), "EW 2": ("Ann", "Bob")}

# Damage done to a copy of m7-acbl before recalculation: (sheet, cell, new content).
DAMAGE = [("Board 1", "I6", 99), ("Board 2", "H7", "=1")]


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Expected]]:
    src = tmp_path_factory.mktemp("src")
    out = tmp_path_factory.mktemp("recalc")
    paths, exp = [], {}
    built = {}
    for name, (m, opt, seed) in CASES.items():
        path = src / f"{name}.xlsx"
        options = Options(scoring=opt.scoring, scale=opt.scale, result_entry=opt.result_entry,
                          event="Club night", date="2026-11-20", names=NAMES)  # fmt: skip
        wb = built[name] = build_workbook(m, options)  # as write_session builds it
        filled = random_fill(m, opt, seed)
        fill_book(wb, opt, filled)
        save_workbook(wb, path)
        exp[name] = expected(m, opt, filled)
        paths.append(path)
    rainbow = src / "rainbow.xlsx"
    assert main(["new", "rainbow", "--tables", "5", "--event", "Individuals", "-o",
                 str(rainbow)]) == 0  # fmt: skip
    fill_by_headers(rainbow, seed=21)
    paths.append(rainbow)
    # Damaged first: its cells all exist; a bad entry may make a cell m7-acbl never had.
    for stem, changes in (("damaged", DAMAGE), ("bad-entries", BAD_ENTRIES)):
        paths.append(_saved_changed(built["m7-acbl"], changes, src / f"{stem}.xlsx"))
    done = recalculate(paths, out)
    result = {p.stem: (p, exp.get(p.stem)) for p in done}
    return result  # type: ignore[return-value]


def _saved_changed(wb: Any, changes: list[tuple[str, str, Any]], path: Path) -> Path:
    """Save ``wb`` to ``path`` with ``changes`` (sheet, cell, content) typed in, then put the
    cells back as they were."""
    before = [(sheet, cell, wb[sheet][cell].value) for sheet, cell, _ in changes]
    for sheet, cell, value in changes:
        wb[sheet][cell] = value
    save_workbook(wb, path)
    for sheet, cell, value in before:
        wb[sheet][cell] = value
    return path


# Entries no formula can score, typed as a careless user would: Python and the workbook must
# both leave them out, and results must list each one.
BAD_ENTRIES = [("Board 1", "C6", "8S"), ("Board 2", "K6", "B"), ("Board 3", "H2", 2)]

_SCORED: dict[Path, SessionResults] = {}


def _scored(books: dict[str, Any], name: str) -> SessionResults:
    path = books[name][0]
    if path not in _SCORED:  # reading is pure: score each workbook once for the module
        _SCORED[path] = score_workbook(path)
    return _SCORED[path]


@pytest.mark.parametrize("name", list(CASES))
def test_results_equal_the_rules_and_the_workbook(name: str, books: dict[str, Any]) -> None:
    res = _scored(books, name)
    want: Expected = books[name][1]
    assert res.recalculated
    assert res.disagreements == ()
    # Nothing vacuous: every traveller and recap formula cell was compared.
    assert len(res.input.cached) >= sum(len(v) for v in want.rows.values()) * 3
    for b in res.boards:
        got = [(r.score_ns, r.mp_ns, r.mp_ew) for r in b.rows]
        for (s, ns, ew), (ws, wns, wew) in zip(got, want.rows[b.board], strict=True):
            assert s == ws
            assert (ns is None) == (wns is None) and (ns is None or abs(ns - wns) < 1e-9)
            assert (ew is None) == (wew is None) and (ew is None or abs(ew - wew) < 1e-9)
    for st in res.standings:
        played, total, pct, rank = want.recap[st.label]
        assert (st.played, st.rank) == (played, rank)
        assert total is None or abs(st.total - total) < 1e-9  # type: ignore[operator]
        if CASES[name][1].scoring == "mp" and pct is not None:
            assert st.pct is not None and abs(st.pct / 100 - pct) < 1e-9


def test_names_are_read_as_text(books: dict[str, Any]) -> None:
    res = _scored(books, "m7-acbl")
    ns1 = next(s for s in res.standings if s.label == "NS 1")
    assert ns1.pair.names == 'Zoë Åberg & =HYPERLINK("http://x","y")'


def test_individuals_are_read_back(books: dict[str, Any]) -> None:
    # Every player credited with the side's matchpoints, one field: the workbook's own formulas
    # (tested against the rules by their owner) and Python agree on every cell.
    res = _scored(books, "rainbow")
    assert res.input.family == "individual" and not res.two_winner
    assert res.recalculated and res.disagreements == ()
    assert len(res.standings) == 20
    scored = sum(1 for b in res.boards for r in b.rows if r.mp_ns is not None)
    assert scored > 40
    assert sum(s.played for s in res.standings) == 4 * scored
    # USEBIO: one PLAYER a player (tests/families/duplicate/test_usebio.py), no pairs.
    data = write_usebio(res)
    assert read_usebio(data)[0] == [] and len(read_usebio_event(data).players) == 20
    assert len(read_usebio(data)[1]) == scored  # each line with its four players


def test_bad_entries_are_listed(books: dict[str, Any]) -> None:
    res = _scored(books, "bad-entries")
    text = " | ".join(res.problems)
    assert "Board 1, sheet row 6: level 8 in '8S'" in text
    assert "Board 2, sheet row 6: adjusted score 'B'" in text
    assert re.search(r"Board 3: [3-7] results, more than Expected \(2\)", text)
    # The bad contract and the bad adjusted score are left out by both sides alike; with too
    # small an Expected the workbook's field is wrong, and only board 3 and the Recap differ.
    assert {d.sheet for d in res.disagreements} <= {"Board 3", "Recap"}


def test_damaged_workbook_is_caught(books: dict[str, Any]) -> None:
    res = _scored(books, "damaged")
    cells = {(d.sheet, d.cell) for d in res.disagreements}
    assert {(s, c) for s, c, _ in DAMAGE} <= cells
    # Everything else that disagrees follows from the damage: the Recap sums the typed-over MP.
    assert all(s in ("Recap", "Board 1", "Board 2") for s, _ in cells)
    i6 = next(d for d in res.disagreements if (d.sheet, d.cell) == ("Board 1", "I6"))
    assert i6.workbook == 99 and i6.python != 99


def test_cli_reports_disagreements(books: dict[str, Any], capsys: pytest.CaptureFixture[str]):
    path = books["damaged"][0]
    status = main(["results", str(path)])
    out, err = capsys.readouterr()
    assert status == 1
    assert "Board 1!I6: workbook 99" in out
    assert "disagree" in err
    # The random fill leaves results missing and scores typed over: provisional, exit 3.
    assert main(["results", str(books["m7-acbl"][0])]) == 3
    assert "Every formula value agrees with Python." in capsys.readouterr().out


def test_json_shape(books: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", str(books["m7-acbl"][0]), "--format", "json"]) == 3  # provisional
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"event", "date", "kind", "scoring", "entries", "boards",
                         "disagreements", "status", "problems"}  # fmt: skip
    assert data["status"] == "provisional" and data["problems"]
    assert (data["event"], data["kind"], data["scoring"]) == ("Club night", "mitchell", "mp")
    assert set(data["entries"][0]) == {"id", "label", "names", "dir", "played", "total", "pct",
                                       "rank"}  # fmt: skip
    row = data["boards"][0]["rows"][0]
    assert set(row) == {"ns", "ew", "contract", "declarer", "tricks", "score_ns", "mp_ns",
                        "mp_ew", "adjusted", "provisional"}  # fmt: skip
    code = main(["results", str(books["m5-butler"][0]), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == (3 if data["status"] == "provisional" else 0)
    row = data["boards"][0]["rows"][0]
    assert {"imp_ns", "imp_ew"} <= set(row)


def _label(number: str, direction: str, labels: set[str]) -> str:
    return f"{direction} {number}" if f"{direction} {number}" in labels else number


@pytest.mark.parametrize("name", ["m7-acbl", "m5-butler", "m7-arrow"])
def test_usebio_round_trip(name: str, books: dict[str, Any]) -> None:
    res = _scored(books, name)
    pairs, lines = read_usebio(write_usebio(res, club="Lakeside BC"))
    imp = res.input.scoring != "mp"  # IMPs: TOTAL_SCORE (Pianola); matchpoints: PERCENTAGE
    want_pairs = {(pair_number(s.label), s.dir, s.rank, shown(s.total if imp else s.pct),
                   (s.pair.name1, s.pair.name2)) for s in res.standings}  # fmt: skip
    got_pairs = {(p.number, p.direction, p.place, p.total if imp else p.percentage, p.names)
                 for p in pairs}  # fmt: skip
    assert got_pairs == want_pairs
    passed = {"PASS", "P", "AP", "ALLPASS", "PASSED", "PASSOUT", "PASSEDOUT"}
    want_lines = [  # a passed board as Pianola writes it: North, no tricks
        (b.board, pair_number(r.result.ns), pair_number(r.result.ew),
         "N" if r.result.contract.upper() in passed else r.result.declarer,
         0 if r.result.contract.upper() in passed else r.result.tricks, shown(r.mp_ns))
        for b in res.boards for r in b.rows if r.score_ns is not None or r.result.adjusted
    ]  # fmt: skip
    assert [(x.board, x.ns, x.ew, x.declarer, x.tricks, x.ns_points) for x in lines] == want_lines


def test_pbn_round_trip(books: dict[str, Any]) -> None:
    res = _scored(books, "m6-relay-ebu-tricks")
    rows, totals = read_pbn_scores(results_pbn(res))
    want = [
        (b.board, r.result.ns, r.result.ew, r.result.adjusted or r.result.contract,
         "" if r.result.tricks is None else str(r.result.tricks), r.mp_ns)
        for b in res.boards for r in b.rows if r.score_ns is not None or r.result.adjusted
    ]  # fmt: skip
    got = [(r.board, r.values["PairId_NS"], r.values["PairId_EW"], r.values["Contract"],
            r.values["Result"], float(r.values["MP_NS"])) for r in rows]  # fmt: skip
    assert [g[:5] for g in got] == [w[:5] for w in want]
    assert all(abs(g[5] - (w[5] or 0)) < 0.006 for g, w in zip(got, want, strict=True))
    # One number of decimals down each column (issue 31: 0.50, 2, 3 in one column).
    for col in ("MP_NS", "MP_EW"):
        places = {len(r.values[col].partition(".")[2]) for r in rows if r.values[col]}
        assert len(places) == 1, (col, places)
    assert {len(t["TotalPercentage"].partition(".")[2]) for t in totals} == {2}
    assert len({len(t["TotalScoreMP"].partition(".")[2]) for t in totals}) == 1
    assert [t["PairId"] for t in totals] == [
        s.label
        for s in sorted(
            res.standings, key=lambda s: (s.dir != "NS", int(s.rank.rstrip("=")), s.label)
        )
    ]


def test_every_format_writes_a_file(
    books: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = books["m7-acbl"][0]
    before = src.read_bytes()
    for fmt in ("html", "usebio", "pbn"):  # text, csv and json: the tests above
        out = tmp_path / f"r.{fmt}"
        assert main(["results", str(src), "--format", fmt, "-o", str(out)]) == 3
        assert out.stat().st_size > 200
    assert src.read_bytes() == before  # the workbook is never changed
    assert main(["results", str(src), "-o", str(tmp_path / "r.html")]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["results", str(src), "--format", "csv", "--table", "barometer"]) == 3
    lines = capsys.readouterr().out.splitlines()
    head = ["pair", "dir"] + [f"{w} {r}" for r in range(1, 8) for w in ("round", "rank")]
    head += ["status"]
    assert lines[0].split(",") == head  # a row a pair, two columns a round
    assert len(lines) - 1 == 14


def test_csv_names_are_neutralised(books: dict[str, Any], capsys: pytest.CaptureFixture[str]):
    assert main(["results", str(books["m7-acbl"][0]), "--format", "csv"]) == 3
    out = capsys.readouterr().out
    assert "Zoë Åberg & =HYPERLINK" in out  # inside the field: not at its start
    assert main(["results", str(books["m7-acbl"][0]), "--format", "csv", "--table",
                 "results"]) == 3  # fmt: skip
    for line in capsys.readouterr().out.splitlines():
        assert not any(f.startswith(("=", "@")) for f in line.split(","))


def test_pandas_tables(books: dict[str, Any]) -> None:
    import xlbridge

    frames = xlbridge.read_session(books["m4-ximp"][0])
    res = frames.scored
    assert len(frames.results) == sum(len(b.rows) for b in res.boards)
    assert list(frames.standings["pair"]) == [
        s.label for _, g in __import__("xlbridge.results.tables").results.tables.ranking_groups(
            res) for s in g]  # fmt: skip
    assert frames.results["ns_points"].sum() == pytest.approx(
        sum(r.mp_ns for b in res.boards for r in b.rows if r.mp_ns is not None)
    )


def test_traveller_rows_untouched_by_reading(books: dict[str, Any]) -> None:
    # Reading uses only input cells: blank every formula cell of a copy and the scores stay.
    path = books["m7-acbl"][0]
    res = _scored(books, "m7-acbl")  # reading is pure: the module's one reading of it
    cols = TravellerCols.build("made-down", "mp")
    wb = openpyxl.load_workbook(path)
    for name in wb.sheetnames:
        if name.startswith("Board "):
            ws = wb[name]
            for r in range(FIRST_ROW, ws.max_row + 1):
                for c in (cols.ew_score, cols.ns_mp, cols.ew_mp):
                    ws[f"{c}{r}"] = None
    copy = path.parent / "blanked.xlsx"
    save_workbook(wb, copy)  # wb.save's parts, faster
    again = score_workbook(copy)
    assert [r.mp_ns for b in again.boards for r in b.rows] == [
        r.mp_ns for b in res.boards for r in b.rows
    ]


def test_rainbow_winners_as_on_the_results_sheet(books: dict[str, Any]) -> None:
    """The Rainbow's four direction winners (seed 002: "four winners"; each player keeps a
    compass direction) are those of the workbook's own Results sheet, in text, HTML and JSON,
    and every player's Dir and Dir rank equal the sheet's."""
    path = books["rainbow"][0]
    book = openpyxl.load_workbook(path, data_only=True, read_only=True)  # one sheet parsed
    try:
        rows = [[c for c in r] for r in book["Results"].iter_rows(values_only=True)]
    finally:
        book.close()
    head = next(i for i, r in enumerate(rows) if "Dir rank" in r)
    col = {h: j for j, h in enumerate(rows[head]) if isinstance(h, str)}
    sheet = {
        str(r[col["Player"]]): (r[col["Dir"]], str(r[col["Dir rank"]]))
        for r in rows[head + 1 :]
        if r[col["Player"]] not in (None, "")
    }
    assert len(sheet) == 20 and {d for d, _ in sheet.values()} == set("NESW")
    res = _scored(books, "rainbow")
    assert {s.label: (s.seat, s.seat_rank) for s in res.standings} == sheet
    won = {(d, p) for p, (d, rk) in sheet.items() if rk.rstrip("=") == "1"}
    assert {(s.seat, s.label) for s in res.winners} == won and len(won) >= 4
    data = json.loads(render_session(res, "json"))
    assert {(w["seat"], w["label"]) for w in data["winners"]} == won
    text = str(render_session(res, "text"))
    line = next(ln for ln in text.splitlines() if ln.startswith("Winners in each direction: "))
    assert {tuple(x.split()[:2]) for x in line.split(": ", 1)[1].split("; ")} == won
    head_line = next(ln for ln in text.splitlines() if ln.split()[:1] == ["Rank"])
    assert head_line.split()[-4:] == ["%", "Dir", "Dir", "rank"]
    page = str(render_session(res, "html"))
    table = page[page.index("<caption>Winners in each direction</caption>") :]
    table = table[: table.index("</table>")]
    cells = re.findall(r"<tr><td>([NESW])</td><td><a href=\"#card-[^\"]+\">([^<]+)</a>", table)
    assert set(cells) == won
