"""The scoring commands: score, imps, vp, traveller; --help everywhere; errors as one line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tests.support.shared import DATA, run_cli
from xlbridge.cli import build_parser, main

DATA = DATA
SEED_000 = DATA / "scoring_seed000_board1.csv"


def _commands() -> list[str]:
    parser = build_parser()
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(name for action in subs for name in action.choices)


def test_scoring_commands_are_registered() -> None:
    assert {"score", "imps", "vp", "traveller"} <= set(_commands())


@pytest.mark.parametrize("command", _commands())
def test_every_command_has_help_with_example(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    assert "Example" in capsys.readouterr().out


def test_score_and_imps() -> None:
    assert run_cli("score", "4S", "N", "10", "--vul", "None") == (0, "420\n", "")
    assert run_cli("score", "3NTX", "E", "-2", "--board", "7") == (0, "500\n", "")
    assert run_cli("imps", "420") == (0, "9\n", "")
    assert run_cli("imps", "-1000") == (0, "-14\n", "")


@pytest.mark.parametrize(
    ("argv", "out"),
    [(["5", "--boards", "8"], "12.05 7.95"),  # rules.md §4, N = 8, M = 5
     (["-5", "--boards", "8"], "7.95 12.05"),
     (["14", "--boards", "16"], "13.75 6.25"),  # concavity-adjusted (rules.md §4)
     (["14", "--boards", "16", "--scale", "wbf-raw"], "13.74 6.26"),
     (["12", "--boards", "7", "--scale", "acbl20"], "15 5"),
     (["3", "--boards", "10", "--scale", "acbl30"], "20 10"),
     (["600", "--scale", "chicago-swiss"], "15 5"),  # seed 002, corrected 15-5
     (["9", "--boards", "20", "--scale", "wbf-discrete"], "12 8")],
)  # fmt: skip
def test_vp(argv: list[str], out: str) -> None:
    assert run_cli("vp", *argv) == (0, out + "\n", "")


def test_vp_needs_boards() -> None:
    status, out, err = run_cli("vp", "5")
    assert status == 2 and out == ""
    assert err.strip().splitlines() == ["xlbridge vp: error: the wbf VP scale needs --boards N"]


def test_traveller_json_seed_000() -> None:
    status, out, _ = run_cli(
        "traveller", "--board", "1", "--method", "mp", "--format", "json", str(SEED_000)
    )
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"board", "method", "scale", "top", "rows"}
    assert (data["board"], data["method"], data["scale"], data["top"]) == (1, "mp", "acbl", 6)
    assert [r["mp_ns"] for r in data["rows"]] == [3.5, 1, 6, 0, 5, 2, 3.5]  # seed 000
    assert set(data["rows"][0]) == {"ns", "ew", "score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew"}
    assert data["rows"][2] == {
        "ns": "3", "ew": "5", "score_ns": 450, "mp_ns": 6, "mp_ew": 0, "pct_ns": 100, "pct_ew": 0
    }  # fmt: skip


def test_traveller_stdin_butler_json() -> None:
    csv = "ns,ew,score\n1,1,420\n2,2,420\n3,3,450\n4,4,170\n5,5,-50\n"
    status, out, _ = run_cli(
        "traveller", "--board", "3", "--method", "butler", "--format", "json",
        stdin=csv,
    )  # fmt: skip
    data = json.loads(out)
    assert status == 0
    assert set(data) == {"board", "method", "scale", "datum", "rows"}
    assert data["datum"] == 340  # rules.md §6
    assert [(r["imp_ns"], r["imp_ew"]) for r in data["rows"]] == [
        (2, -2), (2, -2), (3, -3), (-5, 5), (-9, 9)
    ]  # fmt: skip


def test_traveller_ximp_csv() -> None:
    path = DATA / "scoring_butler_example.csv"
    status, out, _ = run_cli(
        "traveller", "--board", "1", "--method", "ximp", "--format", "csv", str(path)
    )
    assert status == 0
    lines = out.strip().splitlines()
    assert lines[0].endswith("score_ns,imp_ns,imp_ew")
    assert lines[3].split(",")[-3:] == ["450", "5", "-5"]  # rules.md §6: 20 IMPs ÷ 4
    status, out, _ = run_cli(
        "traveller", "--board", "1", "--method", "ximp", "--format", "csv",
        "--divisor", "results", str(path),
    )  # fmt: skip
    assert out.strip().splitlines()[3].split(",")[-3:] == ["450", "4", "-4"]


def test_traveller_text_is_readable() -> None:
    status, out, _ = run_cli("traveller", "--board", "1", "--method", "mp", str(SEED_000))
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Board 1") and "top 6" in lines[0]
    assert lines[1].split() == ["NS", "EW", "Contract", "By", "Result", "NS", "score", "EW",
                                "score", "NS", "MP", "EW", "MP", "NS", "%", "EW", "%"]  # fmt: skip
    assert lines[4].split() == ["3", "5", "4S", "S", "11", "450", "6", "0", "100", "0"]


def test_traveller_adjusted_and_expected() -> None:
    # rules.md §5: adjusted 60/40 of the full top; real results Neuberg-factored to that top.
    csv = "ns,ew,score,adjusted\n1,1,420,\n2,2,,60/40\n3,3,450,\n4,4,-50,\n"
    _status, out, _ = run_cli(
        "traveller", "--board", "1", "--method", "mp", "--scale", "ebu",
        "--format", "json", stdin=csv,
    )  # fmt: skip
    data = json.loads(out)
    assert data["top"] == 6
    adjusted = data["rows"][1]
    assert adjusted["adjusted"] == "A+/A-" and adjusted["score_ns"] is None
    assert (adjusted["mp_ns"], adjusted["mp_ew"], adjusted["pct_ns"]) == (3.6, 2.4, 60)
    assert data["rows"][0]["mp_ns"] == 3  # (2 + 1)·4/3 − 1


def test_traveller_neuberg_expected() -> None:
    scores = (50, 70, 80, 90, 100, 110, 120, 130, 140, 150)  # ten Law 77 scores, ascending
    rows = "".join(f"{i},{i},{x}\n" for i, x in enumerate(scores, start=1))
    _status, out, _ = run_cli(
        "traveller", "--board", "1", "--method", "mp", "--scale", "ebu", "--expected",
        "11", "--format", "json", stdin="ns,ew,score\n" + rows,
    )  # fmt: skip
    data = json.loads(out)
    assert data["top"] == 20
    assert (data["rows"][-1]["mp_ns"], data["rows"][0]["mp_ns"]) == (19.9, 0.1)  # Bavin


@pytest.mark.parametrize(
    ("row", "message"),
    [("3,3,8S,N,10", "row 3: level 8 in '8S'; levels are 1-7"),
     ("3,3,4Q,N,10", "row 3: strain 'Q' in '4Q'"),
     ("3,3,4S,Q,10", "row 3: seat 'Q'"),
     ("3,3,4S,N,14", "row 3: 14 tricks"),
     ("3,3,4S,N", "row 3: 4 fields, the header has 5"),
     ("3,3,,,", "row 3: no contract"),
     ("3,3,4S,N,lots", "row 3: result 'lots'")],
)  # fmt: skip
def test_traveller_errors_one_line(row: str, message: str) -> None:
    csv = f"ns,ew,contract,declarer,result\n1,1,3D,N,10\n2,2,PASS,,\n{row}\n"
    status, out, err = run_cli("traveller", "--board", "1", "--method", "mp", stdin=csv)
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in err


def test_traveller_warns_on_five_or_more_down() -> None:
    """Issue 30's rule (``scoring.plausible``), as ``results`` and the Checks
    sheet apply it: 4S with 4 typed as the tricks (down 6) is scored, and named on standard
    error; 4S down 4 and a passed board are not."""
    csv = "ns,ew,contract,declarer,result\n1,1,4S,N,4\n2,2,4S,N,6\n3,3,PASS,,\n4,4,3NT,S,-5\n"
    status, out, err = run_cli("traveller", "--board", "1", "--method", "mp", stdin=csv)
    assert status == 0 and out.startswith("Board 1")
    lines = err.strip().splitlines()
    assert lines == [
        "xlbridge traveller: <stdin> row 1 (1 v 1): 4S down 6: 5 or more down, check the result",
        "xlbridge traveller: <stdin> row 4 (4 v 4): 3NT down 5: 5 or more down, check the result",
    ], err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["score", "4S", "N", "10", "--vul", "Sometimes"], "vulnerability 'Sometimes'"),
     (["score", "8S", "N", "10", "--vul", "None"], "level 8 in '8S'"),
     (["score", "4S", "N", "14", "--vul", "None"], "14 tricks"),
     (["traveller", "--board", "1", "--method", "mp", "--vul", "Sometimes", str(SEED_000)],
      "vulnerability 'Sometimes'"),
     (["traveller", "--board", "1", "--method", "mp", "/no/such/file.csv"], "does not exist"),
     (["vp", "5", "--boards", "5", "--scale", "acbl20"], "6-11 boards, not 5")],
)  # fmt: skip
def test_errors_exit_2_one_line(argv: list[str], message: str) -> None:
    status, out, err = run_cli(*argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


@pytest.mark.parametrize(
    ("csv", "message"),
    [("", "empty"), ("foo,bar\n1,2\n", "no 'ns' column"), ("ns,ew\n1,2\n", "needs contract"),
     ("ns,ew,score\n1,1,abc\n", "row 1: score 'abc'"), ("ns,ew,score\n,1,420\n", "row 1: no NS"),
     ("ns,ew,score,adjusted\n1,1,,B\n", "row 1: adjusted score 'B'"),
     # Law 77: no contract scores 421 or 99999, nor 2980 (7NTXX vulnerable) on board 1 (None)
     ("ns,ew,score\n1,1,421\n", "row 1: score 421 is no score a contract can make"),
     ("ns,ew,score\n1,1,99999\n", "row 1: score 99999 is no score"),
     ("ns,ew,score\n1,1,2980\n", "at vulnerability None")],
)  # fmt: skip
def test_malformed_csv(csv: str, message: str) -> None:
    status, _, err = run_cli("traveller", "--board", "1", "--method", "mp", stdin=csv)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and message in err


def test_adjusted_without_imp_equivalent() -> None:
    csv = "ns,ew,score,adjusted\n1,1,420,\n2,2,,55/45\n3,3,450,\n"
    status, _, err = run_cli(
        "traveller", "--board", "1", "--method", "butler", stdin=csv,
    )  # fmt: skip
    assert status == 2 and "row 2: adjusted score '55/45'" in err


def test_top_level_help_has_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "Example" in capsys.readouterr().out


# Issue 15: CSV output opened in a spreadsheet must not run formulas (OWASP CSV injection).
def test_traveller_csv_output_neutralises_formulas() -> None:
    csv = 'ns,ew,score\n=1+1,@SUM(A1),420\n"+cmd|x",-5x,-50\n3,3,-100\n'
    status, out, _ = run_cli(
        "traveller", "--board", "1", "--method", "mp", "--format", "csv",
        stdin=csv,
    )  # fmt: skip
    assert status == 0
    lines = out.strip().splitlines()
    assert lines[1].startswith("'=1+1,'@SUM(A1),")
    assert lines[2].startswith("'+cmd|x,'-5x,")
    assert lines[2].split(",")[6] == "-50"  # a negative score is a number, left as it is
    assert lines[3].split(",")[6] == "-100"


def _traveller_file(tmp_path: Path, data: bytes) -> str:
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1252"])
def test_traveller_reads_the_encodings_excel_writes(encoding: str, tmp_path: Path) -> None:
    text = "ns,ew,score\nJosé,Zoë,420\n2,2,450\n"
    path = _traveller_file(tmp_path, text.replace("\n", "\r\n").encode(encoding))
    status, out, err = run_cli(
        "traveller", "--board", "1", "--method", "mp", "--format", "json", path
    )
    assert (status, err) == (0, "")
    assert json.loads(out)["rows"][0]["ns"] == "José"


@pytest.mark.parametrize(
    ("data", "message"),
    [("ns,ew,score\n1,1,４２０\n".encode(), "digit that is not 0-9"),
     ("ns,ew,score\n1,1,4²0\n".encode(), "digit that is not 0-9"),
     ("ns,ew,contract,declarer,result\n1,1,4S,N,١٠\n".encode(), "digit that is not 0-9"),
     (b"ns,ew,score\n1,1," + b"9" * 5000 + b"\n", "characters long"),
     (b"ns,ew,score\n1,1,1234567890\n", "more than 9 digits"),
     (b"ns,ew,score\n1,1,1_000\n", "not a whole number"),
     (b"ns,ew,score\n1\x00,1,420\n", "NUL"),
     ("ns,ew,score\n1,1,420\n".encode("utf-32"), "UTF-32"),
     (b"ns,ew,score\n" + b"1,1,420\n" * 10_001, "more than 10,000 rows"),
     (b"ns,ew,score\n1,\x07,420\n", "control character")],
)  # fmt: skip
def test_traveller_refuses_hostile_csv_in_one_line(
    data: bytes, message: str, tmp_path: Path
) -> None:
    path = _traveller_file(tmp_path, data)
    status, out, err = run_cli("traveller", "--board", "1", "--method", "mp", path)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err


def test_traveller_refuses_a_huge_file_before_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    with path.open("wb") as fh:  # sparse: 50 MB on paper, nothing on disk
        fh.truncate(50 * 1024 * 1024)
    status, _, err = run_cli("traveller", "--board", "1", "--method", "mp", str(path))
    assert status == 2 and "the limit is 4,194,304" in err
