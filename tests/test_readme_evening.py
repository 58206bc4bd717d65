"""The README's club evening runs as written (issue 21): every shell line of its section, in a
new folder holding the sample ``examples/names.csv`` and ``examples/results.csv``; and
``xlbridge results`` prints the text the README shows.

``xlbridge`` lines run in this process with the words a shell would pass; the two LibreOffice
lines (print to PDF, recalculate) run through bash when LibreOffice is installed
(``-m libreoffice``). The fast test runs the rest, with a plain copy standing in for the
recalculation: the results are those the README shows, but no formula is checked.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.read_once import read_once
from tests.support.shared import run_cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README.split("\n## A club evening", 1)[1].split("\n## ", 1)[0]
LINES = [ln for b in re.findall(r"```sh\n(.*?)```", SECTION, re.S) for ln in b.splitlines()]
SHOWN = re.findall(r"```text\n(.*?)```", SECTION, re.S)
RECALC = "soffice --headless --convert-to xlsx --outdir calculated tuesday-scored.xlsx"


def test_the_section_is_the_whole_evening() -> None:
    assert README.index("## A club evening") < README.index("## Command line")
    steps = [ln.split()[:2] for ln in LINES]
    assert steps == [["xlbridge", "new"], ["soffice", "--headless"], ["xlbridge", "import"],
                     ["soffice", "--headless"], ["xlbridge", "results"], ["xlbridge", "results"],
                     ["xlbridge", "results"]]  # fmt: skip
    assert RECALC in LINES and len(SHOWN) == 1
    for name in ("names.csv", "results.csv"):
        assert (ROOT / "examples" / name).is_file()


def _folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new folder with the samples, made the working folder."""
    for name in ("names.csv", "results.csv"):
        shutil.copy(ROOT / "examples" / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # LibreOffice's profile: this test's own


def _run(line: str) -> str:
    """One line: ``xlbridge ...`` in this process (the words the shell would pass), anything
    else through bash."""
    if line.startswith("xlbridge "):
        code, out, err = run_cli(*shlex.split(line, comments=True)[1:])
        assert code == 0, f"{line}\n{err}"
        return out
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{line}\n{done.stderr}"
    return done.stdout


def test_the_evening_without_libreoffice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _folder(tmp_path, monkeypatch)
    outputs = []
    with read_once():  # the three results lines read the same unchanged file: read once
        for line in LINES:
            if line == RECALC:  # the same typed cells, not calculated: results reads only those
                (tmp_path / "calculated").mkdir()
                shutil.copy(tmp_path / "tuesday-scored.xlsx", tmp_path / "calculated")
            elif not line.startswith("soffice"):
                outputs.append(_run(line))
    standings = SHOWN[0].split("\n\nEvery formula", 1)[0]
    assert outputs[2].startswith(standings + "\n\n")
    assert "never been calculated" in outputs[2]
    for name in ("tuesday.xlsx", "tuesday-scored.xlsx", "tuesday.html", "tuesday.xml"):
        assert (tmp_path / name).stat().st_size > 1000, name
    assert "Eve Moss" in (tmp_path / "tuesday.html").read_text(encoding="utf-8")


@pytest.mark.libreoffice
def test_the_evening_verbatim(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _folder(tmp_path, monkeypatch)
    with read_once():  # the three results lines read the same unchanged file: read once
        outputs = [_run(line) for line in LINES]
    assert outputs[4] == SHOWN[0]  # standings, and every formula's value agrees
    assert (tmp_path / "tuesday.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "calculated" / "tuesday-scored.xlsx").is_file()
