"""Every family's workbook printed as a club prints it (issue 20): nothing cut off, names on
the guide cards, several cards to a page, the Back Score's winner of each chukker.

Printing is checked two ways: on the sheet (each printed text fits the width of its column,
which LibreOffice's PDF cannot show: a clipped cell keeps its glyphs) and on the PDF that
LibreOffice prints from the recalculated workbook (pages, what a page holds, ``###``).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.support.shared import cli_new, needs_program
from tests.support.workbook_fill import fill_by_headers
from xlbridge.families.social.build import build_social, score_sheet_layouts
from xlbridge.families.social.settings import SocialOptions
from xlbridge.families.social.sheet import COLS
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.cards import move_text, table_cards
from xlbridge.movements.howell import howell
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.rubber import Deal
from xlbridge.types import Side
from xlbridge.workbook.recalc import print_pdf, recalculate

LONG = ("Dorothy Fairweather-Browne", "Elizabeth Montgomery-Smythe")  # issue 31
# Seed 002, Figure 2-2 (North-South win the chukker by 14); then a chukker East-West win,
# making game on every deal.
NS_CHUKKER = ("3S E 10 100", "6D S 13", "3NT N 9", "2S E 9")
EW_CHUKKER = ("4S E 10", "4H W 10", "3NT E 9", "5D W 11")


def _text_width(ws: openpyxl.worksheet.worksheet.Worksheet, col: str) -> float:
    return float(ws.column_dimensions[col].width or 8.43)


def test_howell_card_moves_fit_their_column(new_workbook: Callable[..., Path]) -> None:
    """A 4-table Howell's moves ("pair 6 to table 4 EW, pair 3 to table 3, boards to table 1
    for round 4", 70 characters in the cards' 12 pt font: the boards rest two rounds) used to
    be cut at a 42-wide column."""
    path = new_workbook("howell", "--tables", "4")  # only read
    ws = openpyxl.load_workbook(path)["Table Cards"]
    moves = {move_text(line) for card in table_cards(howell(4)) for line in card.lines}
    longest = max(moves, key=len)
    assert len(longest) == 70
    assert _text_width(ws, "F") >= 1.1 * len(longest)
    for row in ws.iter_rows():
        for c in row:
            if isinstance(c.value, str) and not c.value.startswith("=") and c.row > 1:
                if ws.cell(row=c.row, column=1).value == c.value:
                    continue  # a title or label, overflowing into empty cells
                assert _text_width(ws, c.column_letter) >= len(c.value), (c.coordinate, c.value)


def test_arrow_switch_movement_cells_fit(new_workbook: Callable[..., Path]) -> None:
    """The 9-table Mitchell arrow-switched in the last round: the switched cells fit their
    columns (``NS 1 v EW 2: *17-18``, all the round's boards switched)."""
    path = new_workbook("mitchell", "--tables", "9", "--arrow-switch", "last")  # only read
    ws = openpyxl.load_workbook(path)["Movement"]
    assert ws["B12"].value == "NS 1 v EW 2: *17-18"
    for row in ws.iter_rows(min_row=4, max_row=12, min_col=2):
        for c in row:
            if isinstance(c.value, str):
                assert _text_width(ws, c.column_letter) >= len(c.value), (c.coordinate, c.value)


# -- printed by LibreOffice -----------------------------------------------------------------


def _fill_chicago(wb: Any, opt: SocialOptions, chukkers: list[tuple[str, ...]]) -> None:
    """Type the chukkers' deals into the open workbook ``wb`` (built in memory, saved once)."""
    for (sheet, lay), deals in zip(score_sheet_layouts(opt, len(chukkers)), chukkers,
                                   strict=True):  # fmt: skip
        ws = wb[sheet]
        ws[lay.first_dealer.replace("$", "")] = "E" if deals == NS_CHUKKER else "N"
        for i, text in enumerate(deals):
            d = Deal.parse(text)
            r = lay.first + i
            ws[f"{COLS.contract}{r}"] = str(d.contract)
            ws[f"{COLS.by}{r}"] = str(d.declarer)
            ws[f"{COLS.tricks_in}{r}"] = d.tricks
            if d.honours.points:
                ws[f"{COLS.honours}{r}"] = d.honours.points


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return text.split("\f")[:-1] if text.endswith("\f") else text.split("\f")


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each workbook, recalculated by LibreOffice, printed to PDF: its pages' text."""
    needs_program("pdftotext", "poppler (pdftotext)")
    src = tmp_path_factory.mktemp("families")
    names = src / "howell.csv"
    names.write_text("".join(f"{p},Alice {p},Bob {p}\n" for p in range(1, 9)), encoding="utf-8")
    players = src / "players.csv"
    players.write_text("".join(f"{p},Player {p}\n" for p in range(1, 29)), encoding="utf-8")
    books = [
        cli_new(src, "howell4", "howell", "--tables", "4", "--names", str(names)),
        cli_new(src, "rainbow7", "rainbow", "--tables", "7", "--names", str(players)),
        cli_new(src, "mitchell7", "mitchell", "--tables", "7", "--boards-per-round", "3"),
    ]
    fill_by_headers(books[-1], 7, unplayed=0)
    # Issue 31's page: two sections (six tables of standings, more than a page), the longest
    # names, results missing (open problems: the PROVISIONAL line).
    pairs = src / "sections.csv"
    pairs.write_text(f"A-NS 1,{LONG[0]},{LONG[1]}\nB-EW 2,Ann,Bob\n", encoding="utf-8")
    books.append(cli_new(src, "sections", "--sections", "A:mitchell:5,B:mitchell:5",
                         "--boards-per-round", "2", "--names", str(pairs)))  # fmt: skip
    fill_by_headers(books[-1], 11, unplayed=0.05)
    opt = SocialOptions(kind="chicago", rounds=2)
    chicago = src / "chicago.xlsx"
    wb = build_social(opt)  # what write_social writes, filled in memory and saved once
    _fill_chicago(wb, opt, [NS_CHUKKER, EW_CHUKKER])
    save_workbook(wb, chicago)
    books.append(chicago)
    done = recalculate(books, tmp_path_factory.mktemp("families-recalc"))
    pdfs = print_pdf(done, tmp_path_factory.mktemp("families-pdf"))
    return {p.stem: _pages(p) for p in pdfs}


@pytest.mark.libreoffice
def test_pairs_guide_cards_carry_names(printed: dict[str, list[str]]) -> None:
    """Each pair's guide card shows the pair's names from the Names sheet."""
    pages = [p for p in printed["howell4"] if "guide card, pair" in p]
    text = "\n".join(pages)
    for pair in range(1, 9):
        _, _, rest = text.partition(f"guide card, pair {pair}\n")
        assert rest.splitlines()[0].split() == ["Names", "Alice", str(pair), "&", "Bob",
                                                 str(pair)]  # fmt: skip


@pytest.mark.libreoffice
def test_rainbow_cards_two_to_a_page(printed: dict[str, list[str]]) -> None:
    """The 7-table Rainbow's 21-board cards, two to a page (62 pages when one to a page):
    7 table cards on 4 pages, 28 guide cards on 14, each card whole on its page."""
    pages = printed["rainbow7"]
    table_pages = [p for p in pages if ": Table " in p]
    guide_pages = [p for p in pages if "Guide card: player" in p]
    assert (len(table_pages), len(guide_pages)) == (4, 14)
    for page in guide_pages:
        cards = page.count("Guide card: player")
        assert cards == 2
        assert page.count("Round") == cards
        assert sum(1 for line in page.splitlines() if line.split()[:1] == ["7"]) >= 3 * cards
    assert "Player 1" in guide_pages[0] and "Player 2" in guide_pages[0]
    assert len(pages) == 45


@pytest.mark.libreoffice
def test_recap_check_totals_print_whole(printed: dict[str, list[str]]) -> None:
    """The Recap's check totals are labelled in words and their totals shown (a board's
    column printed ``###`` for 441.0, and the label read "Check tottravellers:")."""
    recap = next(p for p in printed["mitchell7"] if "Recap:" in p)
    assert "###" not in recap
    for d in ("NS", "EW"):
        on_recap = next(ln for ln in recap.splitlines() if f"{d} check total on the recap" in ln)
        on_travellers = next(
            ln for ln in recap.splitlines() if f"{d} check total on the travellers" in ln
        )
        assert on_recap.split()[-1] == "441.0"  # 7 pairs, 21 boards, top 6: 21 x 21
        assert on_travellers.split()[-3:] == ["441.0", "in", "balance"]


@pytest.mark.libreoffice
def test_back_score_names_the_winner(printed: dict[str, list[str]]) -> None:
    """Seed 002's chukker, won by North-South by 14 hundred, prints "NS 14"; a chukker
    East-West won (a negative North-South result) prints "EW ...", never "won by
    North-South"; the sides' labels print whole."""
    ew = Chukker.of(*EW_CHUKKER, first_dealer="N")
    hundreds = ew.rounded_net(Side.NS)
    assert hundreds < 0
    page = next(p for p in printed["chicago"] if "Running net totals" in p)
    won = next(ln for ln in page.splitlines() if ln.strip().startswith("Won by"))
    assert won.split()[-4:] == ["NS", "14", "EW", str(-hundreds)]
    assert "won by North-South" not in page
    sides = [
        ln.split()[0]
        for ln in page.splitlines()
        if ln.split()[:1] in (["North-South"], ["East-West"])
    ]
    assert sides == ["North-South", "East-West"]


@pytest.mark.libreoffice
def test_results_page_pinned_up(printed: dict[str, list[str]]) -> None:
    """Issue 31's page: the PROVISIONAL line while Checks lists problems, the longest names
    whole on their line, two places down the Total column, and each of the six tables (the
    field's NS and EW, each section's) whole on one page."""
    head = ["Rank", "Pair", "Names", "Total", "%"]
    pages = [p for p in printed["sections"] if any(ln.split() == head for ln in p.splitlines())]
    assert len(pages) >= 2  # more than one page: breaks were needed
    first = pages[0]
    assert "Results: Club pairs" in first
    provisional = next(ln for ln in first.splitlines() if "PROVISIONAL" in ln).split()
    assert provisional[:2] == ["PROVISIONAL:", provisional[1]] and provisional[1].isdigit()
    assert " ".join(provisional[2:]) == "open problems on the Checks sheet"
    text = "\n".join(pages)
    assert f"{LONG[0]} & {LONG[1]}" in " ".join(text.split())  # never cut ("& Elizabeth")
    assert "###" not in text
    headings = ["North-South", "East-West"] + [
        f"Section {s}, {d}" for s in "AB" for d in ("North-South", "East-West")
    ]
    for heading in headings:
        page = next(p for p in pages if any(ln.strip() == heading for ln in p.splitlines()))
        lines = page.splitlines()
        at = next(i for i, ln in enumerate(lines) if ln.strip() == heading)
        n = 10 if heading in ("North-South", "East-West") else 5
        rows = [ln.split() for ln in lines[at + 2 : at + 2 + n]]
        assert [int(r[0].rstrip("=")) for r in rows] == sorted(int(r[0].rstrip("=")) for r in rows)
        assert len(rows) == n and rows[0][0].startswith("1"), (heading, rows)
        totals = [r[-2] for r in rows]  # Total, then %: each to two places
        assert all(len(t.split(".")[1]) == 2 for t in totals), totals
