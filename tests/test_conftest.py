"""The shared test layer (conftest.py): the guard for outside programs and the helpers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REQUIRE, cli_new, digest, needs_tool, run_cli


def test_a_missing_program_skips_unless_ci_requires_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert needs_tool("/usr/bin/x", "X") == "/usr/bin/x"
    for unset in ("", "0"):
        monkeypatch.setenv(REQUIRE, unset)
        with pytest.raises(pytest.skip.Exception, match=r"^X is not installed$"):
            needs_tool(None, "X")
    monkeypatch.setenv(REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match=f"^X is not installed, and {REQUIRE}"):
        needs_tool(None, "X")


def test_run_cli_captures_status_and_streams() -> None:
    assert run_cli("imps", "420") == (0, "9\n", "")
    code, out, err = run_cli("vp", "5")
    assert (code, out) == (2, "") and "needs --boards N" in err
    code, out, err = run_cli("--no-such-option")  # argparse exits: its status, its message
    assert code == 2 and out == "" and "unrecognized arguments" in err
    code, out, _err = run_cli(
        "traveller", "--board", "1", "--method", "mp", stdin="ns,ew,score\n1,1,420\n"
    )
    assert code == 0 and out.startswith("Board 1")


def test_cli_new_and_digest(tmp_path: Path) -> None:
    path = cli_new(tmp_path, "m3", "mitchell", "--tables", "3")
    assert path == tmp_path / "m3.xlsx" and len(digest(path)) == 64
    with pytest.raises(AssertionError, match="xlbridge new mitchell --tables 99: exit 2"):
        cli_new(tmp_path, "bad", "mitchell", "--tables", "99")


def test_new_workbook_is_made_once(new_workbook: Callable[..., Path]) -> None:
    first = new_workbook("mitchell", "--tables", "3")
    assert new_workbook("mitchell", "--tables", "3") == first
    assert new_workbook("mitchell", "--tables", "4") != first
