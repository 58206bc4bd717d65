"""The session workbook printed as a director prints it (issue 9 §3): every sheet to PDF with
LibreOffice, then page by page. Cards never split across pages, two to four to a page; the
paper travellers several to a page, each whole; Session, Results and Checks one page each.

The card model itself (where pairs and boards go next) is checked against seed 000's movement
in tests/faces/cli/test_cli_movement.py and here on the workbook sheet.
"""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import needs_program
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.families.pairs.cards import cards_per_page
from xlbridge.movements.cards import guide_cards, move_text, table_cards
from xlbridge.movements.mitchell import mitchell
from xlbridge.workbook.recalc import print_pdf


def _card_starts(ws: openpyxl.worksheet.worksheet.Worksheet) -> list[int]:
    return [
        r
        for r in range(1, ws.max_row + 1)
        if isinstance(ws.cell(r, 1).value, str)
        and (": Table " in ws.cell(r, 1).value or "guide card" in ws.cell(r, 1).value)
    ]


def test_card_sheet_breaks_only_between_cards() -> None:
    """A page break never falls inside a card; 7 tables x 7 rounds: four cards to a page."""
    ws = build_workbook(mitchell(7, 3), Options())["Table Cards"]
    starts = _card_starts(ws)
    assert len(starts) == 7 + 14
    breaks = [b.id for b in ws.row_breaks.brk]
    for b in breaks:
        assert b + 1 in starts or b + 2 in starts, b  # a break sits on a card's blank last row
    # 7 table cards at 4 a page, then 14 guide cards at 4 a page: breaks after 4, 7, 11, 15, 19
    assert len(breaks) == math.ceil(7 / 4) + math.ceil(14 / 4) - 1
    assert cards_per_page(2 + 13 + 1) == 2  # a 13-round card: two to a page


def test_workbook_cards_show_the_switch_and_the_moves() -> None:
    """The workbook's cards come from the shared model: an arrow-switched round shows on the
    table card (it used to be dropped), and each line says where EW and the boards go next."""
    m = mitchell(7, 2, arrow_switch="last")
    ws = build_workbook(m, Options())["Table Cards"]
    rows = [tuple(c for c in row) for row in ws.iter_rows(values_only=True)]
    card = table_cards(m)[2]
    line = card.lines[-1]
    assert any(r[0] == 7 and r[4] == "3-4" for r in rows)  # Switched column of table 3
    first = card.lines[0]
    assert any(r[5] == move_text(first) for r in rows)
    assert move_text(first) == "NS stay, EW 3 to table 4, boards to table 2"
    assert line.switched == (3, 4)
    guide = guide_cards(m)[7 + 2]  # EW 3
    assert any(str(r[2]).startswith("NS (EW on") or str(r[2]).startswith("EW (NS on")
               for r in rows)  # fmt: skip
    assert guide.lines[-1].switched


# -- printed by LibreOffice -----------------------------------------------------------------


def _pdf_pages(xlsx: Path, outdir: Path) -> list[str]:
    (pdf,) = print_pdf([xlsx], outdir, timeout=180)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return text.split("\f")[:-1] if text.endswith("\f") else text.split("\f")


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    needs_program("pdftotext", "poppler (pdftotext)")  # LibreOffice: the tests' mark
    out = tmp_path_factory.mktemp("print")
    path = out / "seven.xlsx"
    write_session(mitchell(7, 3), path, event="Seed 000 pairs")  # seed 000's game
    return _pdf_pages(path, out)


@pytest.mark.libreoffice
def test_cards_whole_and_several_to_a_page(printed: list[str]) -> None:
    table_pages = [p for p in printed if "Seed 000 pairs: Table " in p]
    guide_pages = [p for p in printed if "guide card, pair" in p]
    assert len(table_pages) == 2 and len(guide_pages) == 4
    for page in table_pages:
        cards = page.count("Seed 000 pairs: Table ")
        assert 2 <= cards <= 4
        # every card whole on its page: 6 moves ("NS stay, ...") per 7-round card
        assert page.count("NS stay") == 6 * cards
    for page in guide_pages:
        cards = page.count("guide card, pair")
        assert 2 <= cards <= 4
        assert page.count("Round") == cards  # the header of each card is on its title's page


@pytest.mark.libreoffice
def test_paper_travellers_several_to_a_page(printed: list[str]) -> None:
    pages = [p for p in printed if "NS score" in p and "EW score" in p]
    assert len(pages) == math.ceil(21 / 4)
    for page in pages:
        boards = sum(1 for line in page.splitlines() if line.strip().startswith("Board "))
        assert boards >= 1
        # every traveller whole: its seven NS pairs on the same page
        assert sum(line.split().count("NS") for line in page.splitlines()) >= 7 * boards


@pytest.mark.libreoffice
def test_one_page_sheets(printed: list[str]) -> None:
    """Session instructions print whole on one page; Results and Checks one page each."""
    for marker in ("Instructions", "Results: Seed 000 pairs", "Checks: problems"):
        pages = [p for p in printed if marker in p]
        assert len(pages) == 1, marker
    session = next(p for p in printed if "Instructions" in p)
    assert "Sheets are protected without a password" in " ".join(session.split())
    assert not any("Vulnerabl" in p for p in printed)  # the label is "Vul", never cut
