"""FAKE mdbtools for tests: shell scripts on PATH that print what ``mdb-tables`` and
``mdb-export`` print for a Bridgemate file, so the reader's real path (size check, copy,
subprocess with a timeout, CSV parsing) runs on rows chosen by the test. The real Access files
in tests/data/bws (written by Jackcess) are read by the real mdbtools in
tests/kits/interchange/test_bws_real.py; these fakes are for cases quicker to state as CSV text."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest


def fake_mdbtools(tmp_path: Path, export: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Put the fake tools first on PATH, ``export`` as ReceivedData; returns a .bws to read."""
    bin_dir = tmp_path / "fake-mdbtools-bin"
    bin_dir.mkdir()
    (tmp_path / "export.csv").write_text(export, encoding="utf-8")
    exported = tmp_path / "export.csv"
    scripts = {
        "mdb-tables": "#!/bin/sh\necho 'Tables Section RoundData ReceivedData PlayerNumbers'\n",
        "mdb-export": f"#!/bin/sh\nif [ \"$2\" = ReceivedData ]; then cat '{exported}'; else"
        " echo Section,Table,Direction,Number,Name,Round; fi\n",  # no player typed a number
    }
    for name, text in scripts.items():
        p = bin_dir / name
        p.write_text(text)
        p.chmod(p.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    bws = tmp_path / "session.bws"
    bws.write_bytes(b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(4076))
    return bws
