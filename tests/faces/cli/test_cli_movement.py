"""The ``xlbridge movement`` command (product.md: JSON shape, list, errors exit 2)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.support.shared import run_cli
from xlbridge.cli import main
from xlbridge.movements.registry import KINDS, KindInfo, get_kind, parse_table_range


def test_list() -> None:
    code, out, _ = run_cli("movement", "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["kind", "tables"]
    assert lines[1].split()[:2] == ["mitchell", "3-30"]
    for name in ("extended-mitchell", "rover", "worger", "bowman", "web", "twin"):
        assert any(line.split()[0] == name for line in lines)


def test_list_json() -> None:
    code, out, _ = run_cli("movement", "list", "--format", "json")
    kinds = {k["kind"]: k["tables"] for k in json.loads(out)}
    assert code == 0 and kinds["web"] == "15,17,19,21,23,25"


def test_json_shape() -> None:
    """product.md: {kind, tables, rounds, boards_per_round, boards, pairs, entries, sit_outs,
    bye_stand} plus balance with --balance."""
    code, out, _ = run_cli(
        "movement", "mitchell", "--tables", "6", "--boards-per-round", "3", "--format", "json"
    )
    d = json.loads(out)
    assert code == 0
    assert list(d) == [
        "kind",
        "tables",
        "rounds",
        "boards_per_round",
        "boards",
        "pairs",
        "entries",
        "sit_outs",
        "bye_stand",
    ]
    assert d["pairs"][0] == {"id": 1, "label": "NS 1"} and d["pairs"][6] == {
        "id": 7,
        "label": "EW 1",
    }
    assert d["entries"][0] == {
        "round": 1,
        "table": 1,
        "ns": 1,
        "ew": 7,
        "boards": [1, 2, 3],
        "switched": [],
    }
    assert d["bye_stand"][0] == {"round": 1, "boards": [10, 11, 12]}  # seed 000
    ids = [p["id"] for p in d["pairs"]]
    assert len(set(ids)) == len(ids)


def test_json_balance() -> None:
    """Manning Table VI through the command line."""
    _, out, _ = run_cli(
        "movement",
        "mitchell",
        "--tables",
        "7",
        "--boards-per-round",
        "1",
        "--arrow-switch",
        "last",
        "--balance",
        "--format",
        "json",
    )
    d = json.loads(out)
    assert d["balance"]["histogram"] == [[0, 7], [3, 42], [4, 42]]
    assert all(e["switched"] == [e["boards"][0]] for e in d["entries"] if e["round"] == 7)


def test_text_master_sheet() -> None:
    code, out, _ = run_cli("movement", "mitchell", "--tables", "7", "--half-table", "--balance")
    assert code == 0
    assert "Valid by Manning's rules (incomplete)." in out
    assert "  Table  1: NS 1 v EW 1  boards 1-2" in out
    assert "  Sits out: EW 7" in out
    assert "Balance (Manning's s_ij" in out
    assert "2 separate competitions" in out


def test_cards() -> None:
    _, out, _ = run_cli(
        "movement", "mitchell", "--tables", "6", "--boards-per-round", "3", "--cards"
    )
    assert "GUIDE CARDS" in out and "TABLE CARDS" in out
    assert "-- EW 1 (pair 7) --" in out
    assert "  Round  2: table  2 EW v NS 2, boards 7-9" in out
    # seed 000: boards at table 4 go to the bye-stand; table 1's go to table 5
    assert (
        "  Round  1: NS 4 v EW 4, boards 13-15; then NS stay, EW 4 to table 5, "
        "boards to the bye-stand" in out
    )
    assert (
        "  Round  1: NS 1 v EW 1, boards 1-3, shared with 6; then NS stay, EW 1 to table 2, "
        "boards to table 5" in out
    )
    # seed 000: the tables beside the bye-stand say so on their cards
    assert "  Passes its boards to the bye-stand." in out
    assert "  Takes its boards from the bye-stand." in out
    assert "  Round  2: table  2 EW v NS 2, boards 7-9; then table 3 EW" in out


def test_cards_relay_tables_share() -> None:
    """rules.md §8 / seed 000: in an even relay Mitchell tables 1 and T share a set."""
    _, out, _ = run_cli("movement", "mitchell", "--tables", "8", "--even", "relay", "--cards")
    table1 = out.split("-- Table 1 --")[1].split("-- Table 2 --")[0]
    table8 = out.split("-- Table 8 --")[1]
    assert "Shares boards with table 8 (relay)." in table1
    assert "Shares boards with table 1 (relay)." in table8
    assert "shared with 1" in table8


def test_cards_show_arrow_switch_on_table_cards() -> None:
    """Table and guide cards come from one model: the switch shows on both (issue 9)."""
    _, out, _ = run_cli(
        "movement", "mitchell", "--tables", "7", "--arrow-switch", "last", "--cards"
    )
    table3 = out.split("-- Table 3 --")[1].split("-- Table 4 --")[0]
    assert "Round  7: NS 3 v EW 4, boards 3-4 (switch 3-4)" in table3
    assert "Arrow-switch: on switched boards NS and EW change seats." in table3


def test_cards_sit_out_and_switch() -> None:
    _, out, _ = run_cli(
        "movement", "mitchell", "--tables", "5", "--half-table", "--arrow-switch", "5:1", "--cards"
    )
    assert "  Round  1: sit out" in out
    assert "(switch 9-10: play EW)" in out


def test_csv() -> None:
    _, out, _ = run_cli("movement", "rover", "--tables", "8", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0] == {
        "round": "1",
        "table": "1",
        "ns": "1",
        "ew": "16",
        "ns_label": "NS 1",
        "ew_label": "EW 8 (rover)",
        "boards": "1 2",
        "switched": "",
    }


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["mitchell", "--tables", "31"], "31 tables is not supported"),
        (["mitchell", "--tables", "7", "--rounds", "8"], "at most 7 rounds"),
        (["mitchell"], "give the number of tables"),
        (["nonsense", "--tables", "7"], "unknown movement kind 'nonsense'"),
        (["rover", "--tables", "9"], "9 tables is not supported"),
        (["web", "--tables", "19", "--even", "skip"], "--even does not apply"),
        (["mitchell", "--tables", "7", "--arrow-switch", "7:x"], "arrow switch item '7:x'"),
        (["mitchell", "--tables", "8", "--boards-per-round", "1"], "at least 2 boards"),
    ],
)
def test_impossible_requests(argv: list[str], message: str) -> None:
    code, out, err = run_cli("movement", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_howell_for_40_tables() -> None:
    """Issue 3: a Howell for 40 tables is refused with one line."""
    assert "howell" in KINDS
    code, _out, err = run_cli("movement", "howell", "--tables", "40")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_help_has_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["movement", "--help"])
    out = capsys.readouterr().out
    assert "Examples:" in out and "xlbridge movement mitchell --tables 7" in out


def test_registry() -> None:
    assert parse_table_range("3-5,8") == frozenset({3, 4, 5, 8})
    info = get_kind("bowman")
    assert isinstance(info, KindInfo) and info.supports(9) and not info.supports(4)
    for name, info in KINDS.items():
        assert info.name == name


@pytest.mark.parametrize(
    ("kind", "tables"),
    [("mitchell", 7), ("extended-mitchell", 8), ("rover", 8), ("worger", 7), ("bowman", 9)],
)
def test_every_own_kind_builds_valid(kind: str, tables: int) -> None:
    from xlbridge.movements.validate import check

    assert check(KINDS[kind].build(tables=tables)).valid
