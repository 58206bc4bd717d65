"""The traveller form's one Names reader (:func:`xlbridge.families.duplicate.names.read_names`)
and one traveller reader (:mod:`xlbridge.families.duplicate.travellers`), on workbooks built in
memory as ``xlbridge new`` builds them and typed into as a director types: what each row holds,
the cell of each value, the problems a reader that uses a cell is refused for (and one that
does not use it is not), and the one line for a missing column."""

from __future__ import annotations

from typing import Any

import pytest

from xlbridge.errors import InputFileError, WorkbookError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.names import read_names
from xlbridge.families.duplicate.reader import _read_names
from xlbridge.families.duplicate.travellers import (
    SEATS_PAIRS,
    SEATS_PLAYERS,
    board_sheets,
    read_traveller,
    read_travellers,
)
from xlbridge.families.individual.rebuild import ADAPTER as INDIVIDUAL
from xlbridge.families.individual.settings import Settings as IndividualSettings
from xlbridge.families.pairs.build import build_workbook
from xlbridge.families.pairs.entries import _names as entered_names
from xlbridge.movements.mitchell import mitchell
from xlbridge.workbook.cells import Book


@pytest.fixture(scope="module")
def pairs_wb() -> Any:
    """A 3-table Mitchell, 2 boards a round, as ``new`` writes it (labels NS 1 .. EW 3)."""
    return build_workbook(mitchell(3, 2), Options(event="Readers"))


@pytest.fixture(scope="module")
def rainbow_wb() -> Any:
    """A 5-table Rainbow individual (20 players), as ``new`` writes it."""
    return INDIVIDUAL.build(IndividualSettings("rainbow", 5, 5, 3), None)


def _typed_names(wb: Any) -> None:
    ws = wb["Names"]
    ws["B4"], ws["C4"], ws["D4"], ws["E4"] = "Ann Lee", "Bo Chan", "00123", "45"
    ws["F4"], ws["G4"], ws["H4"], ws["I4"] = -2.5, 1, 1200, 80
    ws["B5"] = "=SUM(1)"  # a name typed as a formula: its result is not trusted


def test_names_of_a_pairs_workbook(pairs_wb: Any) -> None:
    _typed_names(pairs_wb)
    sheet = read_names(Book(pairs_wb))
    assert sheet.each == 2 and sheet.name_columns == (2, 3)
    labels = [e.label for e in sheet.entries]
    assert labels == ["NS 1", "NS 2", "NS 3", "EW 1", "EW 2", "EW 3"]
    first, second = sheet.entries[:2]
    assert (first.row, first.names, first.numbers) == (4, ("Ann Lee", "Bo Chan"), ("00123", "45"))
    assert (first.handicaps, first.masterpoints) == ((-2.5, 1.0), (1200.0, 80.0))
    assert first.number is None  # "NS 1" is no player number
    assert second.names == ("", "") and second.formulas == ("=SUM(1)", "")
    # The cell of each value, by the columns the headers name.
    cols = sheet.columns
    assert [sheet.coordinate(first, c) for c in cols.numbers] == ["D4", "E4"]
    assert [sheet.coordinate(second, c) for c in cols.masterpoints] == ["H5", "I5"]
    # The readers built on it: results gets every value, rebuild the names and the formula.
    pairs = _read_names(Book(pairs_wb))
    assert (pairs[0].name1, pairs[0].numbers, pairs[0].handicaps) == (
        "Ann Lee", ("00123", "45"), (-2.5, 1.0)
    )  # fmt: skip
    names, formulas = entered_names(Book(pairs_wb))
    assert names == [("NS 1", ("Ann Lee", "Bo Chan"))] and formulas == [("NS 2", "=SUM(1)")]


def test_a_bad_handicap_refuses_the_readers_that_use_it() -> None:
    wb = build_workbook(mitchell(3, 2), Options(event="Readers"))
    wb["Names"]["B4"] = "Ann"
    wb["Names"]["G5"] = "x"  # Handicap 2 of NS 2, typed as text
    sheet = read_names(Book(wb))
    line = "Names!G5: 'x' is not a number (type it as a number)"
    bad = sheet.entries[1]
    assert str(bad.players_problem) == line and bad.problem is None
    assert bad.handicaps == (None, None)
    assert bad.checked(players=False) is bad  # rebuild carries names only: not refused
    with pytest.raises(WorkbookError, match=r"^Names!G5: 'x' is not a number"):
        bad.checked()
    with pytest.raises(WorkbookError, match=r"^Names!G5: 'x' is not a number"):
        _read_names(Book(wb))  # results reads handicaps: one line naming the cell
    assert entered_names(Book(wb))[0] == [("NS 1", ("Ann", ""))]


def test_an_unsafe_name_is_one_line_naming_its_cell() -> None:
    wb = build_workbook(mitchell(3, 2), Options(event="Readers"))
    wb["Names"]["C6"] = "Ann\x9b[2J"
    entry = read_names(Book(wb)).entries[2]
    assert entry.names == ("", "")
    with pytest.raises(InputFileError, match=r"^Names!C6 'Ann.*control character U[+]009B"):
        entry.checked(players=False)


def test_no_names_sheet_is_one_line(pairs_wb: Any) -> None:
    wb = build_workbook(mitchell(3, 2), Options(event="Readers"))
    del wb["Names"]
    with pytest.raises(WorkbookError, match=r"^the workbook has no 'Names' sheet$"):
        read_names(Book(wb))


def test_names_of_an_individual_workbook(rainbow_wb: Any) -> None:
    rainbow_wb["Names"]["B4"], rainbow_wb["Names"]["C4"] = "Cy Dee", "0099"
    sheet = read_names(Book(rainbow_wb))
    assert sheet.each == 1 and sheet.name_columns == (2,)
    assert [e.number for e in sheet.entries] == list(range(1, 21))
    assert sheet.entries[0].names == ("Cy Dee",) and sheet.entries[0].numbers == ("0099",)
    assert sheet.coordinate(sheet.entries[0], sheet.columns.numbers[0]) == "C4"


def test_a_pairs_traveller(pairs_wb: Any) -> None:
    book = Book(pairs_wb)
    assert [b for b, _n in board_sheets(book)] == [1, 2, 3, 4, 5, 6]
    every = read_travellers(book)
    assert [(x.board, x.title, len(x.rows)) for x in every] == [
        (b, f"Board {b}", 3) for b in range(1, 7)
    ]  # fmt: skip
    t = read_traveller(book, 1, "Board 1")
    assert (t.title, t.board, t.head, t.seats) == ("Board 1", 1, 5, SEATS_PAIRS)
    assert t.expected.coordinate == "H2" and t.expected.value == 3
    # One row a play of board 1, in playing order, as the movement seats it.
    m = mitchell(3, 2)
    plays = [(m.label(e.ns), m.label(e.ew), e.round, e.table) for e in m.entries if 1 in e.boards]
    assert [(r.ns, r.ew, r.round, r.table) for r in t.rows] == plays
    assert [r.row for r in t.rows] == [6, 7, 8]
    assert t.rows[0].value("Contract") is None and t.rows[0].cell("NS Score") is not None
    assert t.rows[0].cell("NS Score").data_type == "f"  # type: ignore[union-attr]
    t.require("NS", "EW", "Contract", "By", "NS Score")
    with pytest.raises(WorkbookError, match=r"^sheet 'Board 1': no 'N' column in row 5$"):
        t.require("Contract", "N")
    assert t.at("Contract", 7) == f"Board 1!{_letter(t.columns['Contract'])}7 (Contract)"


def test_a_traveller_as_typed() -> None:
    wb = build_workbook(mitchell(3, 2), Options(event="Readers"))
    ws = wb["Board 2"]
    book = Book(wb)
    cols = read_traveller(book, 2, "Board 2").columns
    at = {k: _letter(v) for k, v in cols.items()}
    ws[f"{at['Contract']}7"], ws[f"{at['By']}7"], ws[f"{at['Made']}7"] = "4S", "N", 4
    ws[f"{at['NS Score']}6"] = 420  # typed over the formula
    ws["H2"] = 2
    t = read_traveller(Book(wb), 2, "Board 2")
    first, second = t.rows[:2]
    assert first.value("NS Score") == 420 and first.cell("NS Score").data_type == "n"  # type: ignore[union-attr]
    assert (second.value("Contract"), second.value("By"), second.value("Made")) == ("4S", "N", 4)
    assert second.cell("Contract").coordinate == f"{at['Contract']}7"  # type: ignore[union-attr]
    assert t.expected.value == 2
    # Rows stop at the first without contestants.
    ws[f"{at['NS']}8"] = ws[f"{at['EW']}8"] = None
    assert len(read_traveller(Book(wb), 2, "Board 2").rows) == 2


def test_an_unsafe_contestant_is_one_line_naming_its_cell() -> None:
    wb = build_workbook(mitchell(3, 2), Options(event="Readers"))
    col = read_traveller(Book(wb), 1, "Board 1").columns["EW"]
    wb["Board 1"].cell(row=7, column=col, value="EW\x9b 3")
    where = f"Board 1!{_letter(col)}7 [(]EW[)]"
    with pytest.raises(InputFileError, match=f"^{where} 'EW.x9b 3' has the control character"):
        read_traveller(Book(wb), 1, "Board 1")


def test_an_individual_traveller(rainbow_wb: Any) -> None:
    t = read_traveller(Book(rainbow_wb), 1, "Board 1")
    assert t.seats == SEATS_PLAYERS
    t.require("N", "S", "E", "W")
    first = t.rows[0]
    # The rebuild adapter's own reading of the same play: N 1 S 11 E 16 W 6.
    assert first.players() == (1, 11, 16, 6)
    assert (first.ns, first.ew, first.ns_side) == ("1-11", "16-6", ("1", "11"))
    assert len(t.rows) == 5  # one a table: every table plays board 1 in round 1
    with pytest.raises(WorkbookError, match=r"^sheet 'Board 1': no 'NS' column in row 5$"):
        t.require("NS")


def _letter(col: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(col)


def test_import_names_a_traveller_without_its_ns_column() -> None:
    """Was a KeyError traceback when the import read the travellers on its own."""
    from xlbridge.families.pairs.importer import fill_pairs
    from xlbridge.rebuild.importing import ImportTarget

    wb = build_workbook(mitchell(3, 2), Options(event="Readers"))
    col = read_traveller(Book(wb), 2, "Board 2").columns["NS"]
    wb["Board 2"].cell(row=5, column=col).value = None
    with pytest.raises(WorkbookError, match=r"^sheet 'Board 2': no 'NS' column in row 5$"):
        fill_pairs(ImportTarget(wb, Book(wb), [], False, "w.xlsx", "r.csv"))
