"""Messages a user understands (issue 24, "Hostile files, round two"): each names the file,
the sheet and cell where there is one, in the file's own words, and says what to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.shared import run_cli


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_swiss_with_no_action_is_its_own_usage_error() -> None:
    code, out, err = run_cli("swiss")
    assert code == 2 and out == ""
    assert _one_line(err).startswith("xlbridge swiss: error: ")
    assert "see xlbridge swiss --help" in err and "COMMAND" not in err


def test_swiss_pairs_of_two_tables_takes_its_own_default_rounds(tmp_path: Path) -> None:
    code, out, err = run_cli("new", "swiss-pairs", "--tables", "2", "-o", str(tmp_path / "s.xlsx"))
    assert code == 0, err
    assert out.endswith("4 pairs, 3 rounds\n")  # 2 x 2 - 1 rounds: every other pair once
    code, out, err = run_cli("new", "swiss-pairs", "--tables", "3", "-o", str(tmp_path / "t.xlsx"))
    assert code == 0 and out.endswith("6 pairs, 5 rounds\n"), err


GRAND = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ("X" + GRAND[1:], "it starts with 'X', not the first hand's seat (N:, E:, S: or W:)"),
        (GRAND.replace("AKQJ.", "AKQJZ.", 1), "'Z' in hand 'AKQJZ.T98.765.432' is not a card"),
        (GRAND[:-5], "hand '432.765.T98' has 3 suits; give four joined by dots"),
        (GRAND + " -", "5 hands; give four"),
    ],
)
def test_a_bad_pbn_deal_is_told_in_the_files_words(tmp_path: Path, deal: str, words: str) -> None:
    f = tmp_path / "b.pbn"
    f.write_text(f'[Board "1"]\n[Deal "{deal}"]\n', encoding="utf-8")
    code, _out, err = run_cli("deals", str(f))
    assert code == 2 and words in _one_line(err)
    assert "b.pbn line 2: board 1:" in err
    assert "Player" not in err and "Rank" not in err and "convert" not in err


def test_a_mac_csv_with_cr_line_ends_is_read(tmp_path: Path) -> None:
    names = tmp_path / "mac.csv"
    names.write_bytes(b"Pair,Name 1,Name 2\r1,Ann Lee,Bo Chan\r2,Cy Dee,Di Eve\r")
    from xlbridge.interchange.names import read_names

    assert read_names(names) == {"1": ("Ann Lee", "Bo Chan"), "2": ("Cy Dee", "Di Eve")}
    code, _out, err = run_cli(
        "new", "mitchell", "--tables", "3", "--names", str(names), "-o", str(tmp_path / "s.xlsx")
    )
    assert code == 0, err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b'Pair,Name\n1,"Ann & Bob\n2,Cy & Di\n', "line 2: a quote (\") opens a field that never"),
        (b'Pair,Name\r\n1,"Ann" & Bob\r\n', "line 2: text follows a closing quote"),
    ],
)
def test_a_stray_quote_is_told_as_a_quote(tmp_path: Path, text: bytes, words: str) -> None:
    names = tmp_path / "q.csv"
    names.write_bytes(text)
    code, _out, err = run_cli(
        "new", "mitchell", "--tables", "3", "--names", str(names), "-o", str(tmp_path / "s.xlsx")
    )
    assert code == 2 and f"names file {str(names)!r} {words}" in _one_line(err)
    assert "is not a name" not in err and "universal-newline" not in err
    assert list(tmp_path.iterdir()) == [names]


def test_a_stray_quote_in_results_names_its_line(tmp_path: Path) -> None:
    from xlbridge.errors import InputFileError
    from xlbridge.interchange.csvio import read_rows

    with pytest.raises(InputFileError, match=r"^r\.csv line 3: a quote"):
        list(read_rows('board,ns\r1,2\r3,"4\r5,6\r', what="r.csv"))


def _relabel(src: Path, out: Path, label: str, new_label: str, value: str) -> Path:
    import openpyxl

    wb = openpyxl.load_workbook(src)
    ws = wb["Session"]
    for r in range(1, 40):
        if ws.cell(r, 1).value == label:
            ws.cell(r, 1).value, ws.cell(r, 2).value = new_label, value
    wb.save(out)
    return out


@pytest.mark.parametrize(
    ("argv", "label", "new_label", "value", "tables"),
    [
        (("rubber", "--tables", "1"), "Kind", "Movement", " Rubber ", "1"),
        (("mitchell", "--tables", "3"), "Movement", "Kind", " Mitchell", "4"),
    ],
)
def test_the_kind_reads_the_same_on_either_line(
    tmp_path: Path, argv: tuple[str, ...], label: str, new_label: str, value: str, tables: str
) -> None:
    """Every reader takes the kind from one place (SessionSettings.kind): a social workbook's
    kind on a Movement line is not read as ``''``, and spaces or capitals do not matter."""
    src = tmp_path / "s.xlsx"
    assert run_cli("new", *argv, "-o", str(src))[0] == 0
    book = _relabel(src, tmp_path / "k.xlsx", label, new_label, value)
    code, _out, err = run_cli("results", str(book))
    assert code == 3 and "''" not in err, err  # "no results entered yet" (issue 30)
    rebuilt = str(tmp_path / "r.xlsx")
    code, out, err = run_cli("rebuild", str(book), "--tables", tables, "-o", rebuilt)
    assert code == 0, err
    assert value.strip().lower() in out
    code, _out, err = run_cli("swiss", "next", str(book), "-o", str(tmp_path / "n.xlsx"))
    assert code == 2 and f"is a {value.strip().lower()} workbook;" in _one_line(err)


def test_openpyxl_words_are_cut_between_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import openpyxl

    from xlbridge.errors import InputFileError
    from xlbridge.interchange.gate import load_workbook

    book = tmp_path / "b.xlsx"
    openpyxl.Workbook().save(book)

    def damaged(*args: object, **kwargs: object) -> None:
        raise ValueError("Value must be one of {'general', 'left', 'right'} " * 8)

    monkeypatch.setattr(openpyxl, "load_workbook", damaged)
    with pytest.raises(InputFileError) as info:
        load_workbook(book)
    msg = str(info.value)
    assert msg.startswith(f"workbook {str(book)!r} cannot be read as a workbook: ")
    assert "save it again (ValueError: Value must be one of" in msg
    said = msg[msg.index("(ValueError") + 1 : -1]
    assert said.endswith(" ...") and len(said) <= 120
    words = set(("ValueError: " + "Value must be one of {'general', 'left', 'right'}").split())
    assert set(said[: -len(" ...")].split()) <= words  # every word whole


def _edited(src: Path, out: Path, sheet: str, cells: dict[str, object]) -> Path:
    import openpyxl

    wb = openpyxl.load_workbook(src)
    for ref, value in cells.items():
        wb[sheet][ref] = value
    wb.save(out)
    return out


@pytest.fixture(scope="module")
def pairs_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pairs") / "s.xlsx"
    assert run_cli("new", "mitchell", "--tables", "3", "-o", str(path))[0] == 0
    return path


def test_a_huge_count_is_shown_as_typed(pairs_book: Path, tmp_path: Path) -> None:
    import openpyxl

    ws = openpyxl.load_workbook(pairs_book, read_only=True)["Session"]
    row = next(r for r in range(1, 30) if ws.cell(r, 1).value == "Tables")
    book = _edited(pairs_book, tmp_path / "b.xlsx", "Session", {f"B{row}": 1e308})
    code, _out, err = run_cli("rebuild", str(book), "--tables", "4", "-o", str(tmp_path / "o.xlsx"))
    assert code == 2
    assert f"Session sheet, cell B{row}: Tables 1e+308 is out of range: 1-100" in _one_line(err)
    assert "0" * 20 not in err


def test_a_traveller_cell_is_named_by_its_address(pairs_book: Path, tmp_path: Path) -> None:
    book = _edited(pairs_book, tmp_path / "b.xlsx", "Board 1", {"A6": "x" * 300})
    for argv in (("results", str(book)), ("rebuild", str(book), "-o", str(tmp_path / "o.xlsx"))):
        code, _out, err = run_cli(*argv)
        assert code == 2 and "Board 1!A6 (NS) is 300 characters long" in _one_line(err), err
    book = _edited(pairs_book, tmp_path / "c.xlsx", "Board 1", {"C7": "3NT" * 100})
    code, out, err = run_cli("results", str(book))
    assert "Board 1!C7 (Contract) is 300 characters long" in out + err, out + err


def test_huge_numbers_in_range_messages() -> None:
    from xlbridge.errors import XlbridgeError
    from xlbridge.numerals import whole_number

    with pytest.raises(XlbridgeError, match=r"^tables 1e\+308 is out of range: 1-30$"):
        whole_number(1e308, "tables", limits=(1, 30))
    with pytest.raises(XlbridgeError, match=r"^tables a number of 310 digits is out of range"):
        whole_number(10**309, "tables", limits=(1, 30))
