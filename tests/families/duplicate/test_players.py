"""Players' data in the workbook (contract.md's Names sheet layout): each player's federation
number (text: "00123" keeps its zeros), handicap and masterpoints, from the names file (by its
header) to the Names sheet, back through the readers into PairInfo, and carried by rebuild."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.support.shared import cli_new, run_cli
from xlbridge.errors import WorkbookError
from xlbridge.families.registry import score_workbook
from xlbridge.interchange.names import NamedPlayer, read_names, read_players

PAIRS_CSV = (
    "pair,player 1,player 2,number 1,number 2,handicap 1,handicap 2,masterpoints 1,"
    "masterpoints 2\n"
    "NS 1,Ann Lee,Bo Chan,00123,45,-2.5,1,1200,80\n"
    "EW 2,=SUM(1),Cy Dee,,0099,,3,,250\n"
)


def _file(tmp_path: Path, text: str, name: str = "names.csv") -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_read_players_by_header_and_old_files(tmp_path: Path) -> None:
    got = read_players(_file(tmp_path, PAIRS_CSV))
    assert got["NS 1"] == (NamedPlayer("Ann Lee", "00123", -2.5, 1200.0),
                           NamedPlayer("Bo Chan", "45", 1.0, 80.0))  # fmt: skip
    assert got["EW 2"][1] == NamedPlayer("Cy Dee", "0099", 3.0, 250.0)
    assert read_names(_file(tmp_path, PAIRS_CSV))["EW 2"] == ("=SUM(1)", "Cy Dee")
    # A subset of the columns, in another order.
    some = read_players(
        _file(tmp_path, "pair,player 1,player 2,masterpoints 2,number 1\n3,A,B,7,01\n")
    )
    assert some["3"] == (NamedPlayer("A", "01"), NamedPlayer("B", "", None, 7.0))
    # An old file without a header: the names only.
    old = read_players(_file(tmp_path, "NS 1,Ann,Bo\n"))
    assert old == {"NS 1": (NamedPlayer("Ann"), NamedPlayer("Bo"))}
    ind = read_players(_file(tmp_path, "player,name,number,handicap,masterpoints\n4,Di,007,2,10\n"))
    assert ind == {"4": (NamedPlayer("Di", "007", 2.0, 10.0),)}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("pair,player 1,player 2,colour\n1,A,B,red\n", "column 'colour' is not one of"),
        ("pair,player 1,player 2,handicap 1\n1,A,B,lots\n", "'lots' is not a number"),
        ("pair,player 1,player 2,handicap 1\n1,A,B,99\n", "handicap 99 is not between -50 and 50"),
        ("pair,player 1,player 2,masterpoints 2\n1,A,B,-3\n", "masterpoints -3 is not between"),
        ("pair,player 1,player 2,number 1\n1,A,B," + "9" * 21 + "\n", "over 20 characters"),
        ("pair,player 1,player 2,handicap 1,handicap 1\n1,A,B,1,2\n", "named twice"),
    ],
)
def test_read_players_refuses_in_one_line(tmp_path: Path, text: str, says: str) -> None:
    with pytest.raises(WorkbookError, match=says.replace("(", r"\(")):
        read_players(_file(tmp_path, text))


def test_names_sheet_columns_readers_and_rebuild(tmp_path: Path) -> None:
    f = _file(tmp_path, PAIRS_CSV)
    book = cli_new(tmp_path, "p", "mitchell", "--tables", "3", "--names", str(f))
    ws = load_workbook(book)["Names"]
    assert [c.value for c in ws[3]] == [
        "Pair", "Player 1", "Player 2", "Number 1", "Number 2", "Handicap 1", "Handicap 2",
        "Masterpoints 1", "Masterpoints 2"]  # fmt: skip
    row = [c for c in ws[4]]
    assert [c.value for c in row] == ["NS 1", "Ann Lee", "Bo Chan", "00123", "45", -2.5, 1,
                                      1200, 80]  # fmt: skip
    assert row[3].data_type == "s" and row[3].number_format == "@"  # numbers are text
    assert all(c.protection.locked is False for c in row[1:])  # typed by the director
    assert ws.print_area == "'Names'!$A$1:$I$9"
    kinds = {str(d.sqref): d.type for d in ws.data_validations.dataValidation}
    assert kinds == {"D4:E9": "textLength", "F4:G9": "decimal", "H4:I9": "decimal"}
    pair = score_workbook(book).input.pairs[0]
    assert (pair.numbers, pair.handicaps, pair.masterpoints) == (
        ("00123", "45"),
        (-2.5, 1.0),
        (1200.0, 80.0),
    )
    # rebuild carries them with their pair.
    out = tmp_path / "r.xlsx"
    code, _o, err = run_cli("rebuild", str(book), "-o", str(out))
    assert code == 0, err
    assert [c.value for c in load_workbook(out)["Names"][4]][3:] == ["00123", "45", -2.5, 1,
                                                                    1200, 80]  # fmt: skip


def test_individual_names_sheet(tmp_path: Path) -> None:
    f = _file(tmp_path, "player,name,number,handicap,masterpoints\n1,Ann,00123,-3,500\n")
    book = cli_new(tmp_path, "i", "rainbow", "--tables", "5", "--names", str(f))
    ws = load_workbook(book)["Names"]
    assert [c.value for c in ws[3]] == ["Player", "Name", "Number", "Handicap", "Masterpoints"]
    assert [c.value for c in ws[4]] == [1, "Ann", "00123", -3, 500]
    p = score_workbook(book).input.pairs[0]
    assert (p.name1, p.numbers, p.handicaps, p.masterpoints) == ("Ann", ("00123",), (-3.0,),
                                                                 (500.0,))  # fmt: skip


def test_old_workbook_without_the_columns_still_reads(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "o", "mitchell", "--tables", "3")
    wb = load_workbook(book)
    wb["Names"].delete_cols(4, 6)  # as written before the players' columns
    wb.save(book)
    p = score_workbook(book).input.pairs[0]
    assert (p.numbers, p.handicaps, p.masterpoints) == ((), (), ())


def test_a_bad_handicap_typed_on_the_sheet_is_one_line(tmp_path: Path) -> None:
    book = cli_new(tmp_path, "b", "mitchell", "--tables", "3")
    wb = load_workbook(book)
    wb["Names"]["F5"] = "lots"
    wb.save(book)
    with pytest.raises(WorkbookError, match=r"Names!F5: 'lots' is not a number"):
        score_workbook(book)
