"""Messages a user understands (issue 24, "Hostile files, round two"): each names the file,
the sheet and cell where there is one, in the file's own words, and says what to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli


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
