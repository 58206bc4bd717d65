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
