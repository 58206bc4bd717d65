"""Standard output closed early (``xlbridge results FILE.xlsx | head -1``): every command stops
quietly, nothing on standard error, exit status 141 (``xlbridge.cli.PIPE_CLOSED``, 128 +
SIGPIPE), as Python's ``signal`` documentation recommends ("Note on SIGPIPE"). Real processes
and real pipes, closed by the reader before or while the command writes."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.shared import REPO
from xlbridge.cli import PIPE_CLOSED, main

ROOT = REPO
BIG = ["movement", "mitchell", "--tables", "30", "--cards"]  # ~220 kB, more than a pipe holds


def _env(unbuffered: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


def _closed_before_output(args: list[str], unbuffered: bool) -> tuple[int, str]:
    """Run ``xlbridge ARGS`` with standard output a pipe nobody reads: closed at once."""
    p = subprocess.Popen(
        [sys.executable, "-m", "xlbridge", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_env(unbuffered),
    )
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()
    err = p.stderr.read().decode()
    return p.wait(timeout=120), err


@pytest.fixture(scope="module")
def workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pipe") / "teams.xlsx"
    assert main(["new", "round-robin-4", "--tables", "4", "-o", str(path)]) == 0
    return path


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize(
    "args",
    [
        ["score", "4S", "N", "10", "--vul", "None"],
        BIG,
        ["vp", "10", "--boards", "8"],
        ["--version"],
    ],
    ids=["score", "movement", "vp", "version"],
)
def test_output_closed_before_the_command_writes(args: list[str], unbuffered: bool) -> None:
    # The same command with a reader succeeds: the closed pipe is the only difference.
    ok = subprocess.run(
        [sys.executable, "-m", "xlbridge", *args], capture_output=True, cwd=ROOT, check=False
    )
    assert ok.returncode == 0 and ok.stdout, ok.stderr
    status, err = _closed_before_output(args, unbuffered)
    assert (status, err) == (PIPE_CLOSED, "")


def test_results_closed_before_output(workbook: Path) -> None:
    """The issue's command: ``xlbridge results FILE.xlsx | head -1`` ended with "error: Broken
    pipe" and status 2."""
    status, err = _closed_before_output(["results", str(workbook)], unbuffered=False)
    assert status == PIPE_CLOSED
    assert "Broken pipe" not in err and "Traceback" not in err and "Exception" not in err
    # What is left on standard error is the command's own note on an uncalculated workbook
    # (its banner, no results entered yet, goes with the text to standard output: issue 31).
    assert err in ("", "xlbridge results: the workbook was never calculated; its formulas were"
                       " not checked\n")


def test_reader_stops_after_the_first_line() -> None:
    """``xlbridge movement ... --cards | head -1``: the reader takes one line and goes away
    while the command is still writing."""
    p = subprocess.Popen(
        [sys.executable, "-m", "xlbridge", *BIG],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_env(unbuffered=False),
    )
    assert p.stdout is not None and p.stderr is not None
    first = p.stdout.readline().decode()
    p.stdout.close()
    err = p.stderr.read().decode()
    assert first.startswith("Mitchell: 30 tables")
    assert (p.wait(timeout=120), err) == (PIPE_CLOSED, "")


class _Gone(io.StringIO):
    """A standard output whose reader has gone: every write and flush fails with EPIPE."""

    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_in_process_main_returns_pipe_closed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with capsys.disabled():
        monkeypatch.setattr(sys, "stdout", _Gone())
        assert main(["score", "4S", "N", "10", "--vul", "None"]) == PIPE_CLOSED
        monkeypatch.undo()
