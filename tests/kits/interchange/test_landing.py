"""Files land where the message says, and nothing is replaced unasked (issue 24, "Hostile files,
round two"): a symbolic link as ``-o``, two runs writing one name at once, SIGTERM, a name near
the 255-byte limit, and a full disk under every writer."""

from __future__ import annotations

import errno
import io
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.shared import REPO, run_cli
from xlbridge.errors import WorkbookError
from xlbridge.interchange.files import NAME_MAX, TEMP_MARK, destination, write_atomically


def _write(text: str) -> Callable[[str], object]:
    return lambda tmp: Path(tmp).write_text(text)


def _temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if TEMP_MARK in p.name]


# -- a symbolic link as the output: written through, and the message names the file ------------


def test_link_output_is_refused_without_force(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "kept.xlsx"
    target.write_text("old")
    link = tmp_path / "link.xlsx"
    link.symlink_to(target)
    with pytest.raises(WorkbookError, match=r"link\.xlsx.* already exists \(a link to .*kept"):
        write_atomically(link, _write("new"))
    assert target.read_text() == "old" and link.is_symlink()


def test_link_output_with_force_replaces_the_file_it_points_to(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "kept.xlsx"
    target.write_text("old")
    os.chmod(target, 0o640)
    link = tmp_path / "link.xlsx"
    link.symlink_to(target)
    went = write_atomically(link, _write("new"), force=True)
    assert went == target.resolve() == destination(link)
    assert link.is_symlink() and link.read_text() == "new" and target.read_text() == "new"
    assert os.stat(target).st_mode & 0o777 == 0o640
    # nothing under the link's name in the target's folder (the old behaviour), nothing left
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["kept.xlsx"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.xlsx", "real"]


def test_dangling_link_output_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "link.xlsx"
    link.symlink_to(tmp_path / "gone" / "x.xlsx")
    for force in (False, True):
        with pytest.raises(WorkbookError, match="which does not exist; remove the link"):
            write_atomically(link, _write("x"), force=force)
    assert [p.name for p in tmp_path.iterdir()] == ["link.xlsx"]


def test_cli_message_names_the_file_a_link_leads_to(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "boards.pbn"
    target.write_text("old")
    link = tmp_path / "boards.pbn"
    link.symlink_to(target)
    code, out, err = run_cli("deal", "--boards", "1-2", "--seed", "1", "-o", str(link))
    assert code == 2 and "a link to" in err and err.count("\n") == 1
    code, out, err = run_cli("deal", "--boards", "1-2", "--seed", "1", "-o", str(link), "--force")
    assert code == 0, err
    assert out.startswith(f"wrote {target.resolve()}:")
    assert "[Board " in target.read_text() and link.is_symlink()


# -- two runs at once: the second to finish refuses, it never replaces -------------------------


def _racing(out: Path, text: str) -> Callable[[str], object]:
    def save(tmp: str) -> None:
        out.write_text("the other run")  # another run finishes first, while this one writes
        Path(tmp).write_text(text)

    return save


def test_a_file_that_appears_while_writing_is_not_replaced(tmp_path: Path) -> None:
    out = tmp_path / "a.xlsx"
    with pytest.raises(WorkbookError, match="already exists; use --force"):
        write_atomically(out, _racing(out, "mine"))
    assert out.read_text() == "the other run"
    assert [p.name for p in tmp_path.iterdir()] == ["a.xlsx"]


def test_force_replaces_a_file_that_appears_while_writing(tmp_path: Path) -> None:
    out = tmp_path / "a.xlsx"
    write_atomically(out, _racing(out, "mine"), force=True)
    assert out.read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["a.xlsx"]


@pytest.fixture
def no_hard_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without hard links (FAT, exFAT, some network shares)."""

    def refuse(src: Any, dst: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted", str(src), None, str(dst))

    monkeypatch.setattr("xlbridge.interchange.files.os.link", refuse)


@pytest.mark.usefixtures("no_hard_links")
def test_without_hard_links_a_new_file_is_still_written(tmp_path: Path) -> None:
    out = write_atomically(tmp_path / "a.xlsx", _write("x"))
    assert out.read_text() == "x" and [p.name for p in tmp_path.iterdir()] == ["a.xlsx"]


@pytest.mark.usefixtures("no_hard_links")
def test_without_hard_links_a_racing_file_is_still_not_replaced(tmp_path: Path) -> None:
    out = tmp_path / "a.xlsx"
    with pytest.raises(WorkbookError, match="already exists"):
        write_atomically(out, _racing(out, "mine"))
    assert out.read_text() == "the other run"
    assert [p.name for p in tmp_path.iterdir()] == ["a.xlsx"]


# -- long names --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["s" * 235 + ".xlsx", "é" * 125 + ".xlsx", "x." + "p" * 253])
def test_a_name_near_the_limit_is_written(tmp_path: Path, name: str) -> None:
    assert len(os.fsencode(name)) <= NAME_MAX
    seen: list[str] = []

    def save(tmp: str) -> None:
        seen.append(tmp)
        Path(tmp).write_text("x")

    out = write_atomically(tmp_path / name, save)
    assert out.read_text() == "x" and [p.name for p in tmp_path.iterdir()] == [name]
    assert len(os.fsencode(Path(seen[0]).name)) <= NAME_MAX and TEMP_MARK in seen[0]


def test_a_240_character_workbook_name_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / ("m" * 235 + ".xlsx")
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "-o", str(out))
    assert code == 0, err
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_a_name_over_the_limit_is_one_line_naming_it(tmp_path: Path) -> None:
    out = tmp_path / ("m" * 300 + ".xlsx")
    code, _out, err = run_cli("new", "mitchell", "--tables", "3", "-o", str(out))
    assert code == 2 and err.count("\n") == 1 and "File name too long" in err
    assert "m" * 300 in err and TEMP_MARK not in err
    assert list(tmp_path.iterdir()) == []


# -- a full disk: one line naming the file, under every writer ---------------------------------


class _FullDisk:
    """A file opened for writing on a full disk: every write fails, and so does closing it (the
    buffered bytes cannot be flushed)."""

    def __init__(self, f: Any) -> None:
        self._f = f

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def close(self) -> None:
        self._f.close()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._f, name)


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    real = io.open

    def opener(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        f = real(file, mode, *args, **kwargs)
        return _FullDisk(f) if TEMP_MARK in str(file) and "r" not in mode.replace("+", "") else f

    monkeypatch.setattr(io, "open", opener)
    monkeypatch.setattr("builtins.open", opener)


@pytest.fixture(scope="module")
def session(new_workbook: Callable[..., Path]) -> Path:
    """``new mitchell --tables 3``, shared (the writers only read it)."""
    return new_workbook("mitchell", "--tables", "3")


WRITERS = {
    "new": lambda s, o: ("new", "mitchell", "--tables", "3", "-o", f"{o}.xlsx"),
    "results html": lambda s, o: ("results", s, "--format", "html", "-o", f"{o}.html"),
    "results csv": lambda s, o: ("results", s, "--format", "csv", "-o", f"{o}.csv"),
    "deal": lambda s, o: ("deal", "--boards", "1-2", "--seed", "3", "-o", f"{o}.pbn"),
    "rebuild": lambda s, o: ("rebuild", s, "--tables", "4", "-o", f"{o}.xlsx"),
    "addin demo": lambda s, o: ("addin", "demo", "-o", f"{o}.xlsm"),
}


@pytest.mark.parametrize("writer", WRITERS)
def test_full_disk_is_one_line_naming_the_file(
    writer: str, session: Path, tmp_path: Path, full_disk: None
) -> None:
    argv = WRITERS[writer](str(session), str(tmp_path / "out"))
    code, _out, err = run_cli(*argv)
    assert code == 2, err
    assert err == f"xlbridge {argv[0]}: error: cannot write {argv[-1]!r}: No space left on device\n"
    assert list(tmp_path.iterdir()) == []


def _tiny_disk(folder: Path) -> Iterator[Path]:
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=40k", "tmpfs", str(folder)],
                          capture_output=True, check=False)  # fmt: skip
    if done.returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root")
    yield from _tiny_disk(tmp_path / "disk")


def test_real_full_disk_prints_one_line_and_leaves_nothing(tiny_disk: Path) -> None:
    out = tiny_disk / "s.xlsx"
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "new", "mitchell", "--tables", "7", "-o", str(out)],
        capture_output=True, text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
        check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        f"xlbridge new: error: cannot write {str(out)!r}: No space left on device\n"
    )
    assert list(tiny_disk.iterdir()) == []


# -- SIGTERM is Ctrl-C: no temporary file left -------------------------------------------------

_SLOW_SAVE = textwrap.dedent(
    """
    import sys, time
    import openpyxl

    def slow_save(self, filename):
        with open(filename, "wb") as f:
            f.write(b"half a workbook")
        time.sleep(600)  # SIGTERM arrives here

    openpyxl.Workbook.save = slow_save
    import xlbridge.interchange.xlsx_write as fast  # the product's own saver, as wb.save

    fast.save_workbook = lambda wb, filename: slow_save(wb, filename)
    from xlbridge.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_mid_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "s.xlsx"
    proc = subprocess.Popen(
        [sys.executable, "-c", _SLOW_SAVE, "new", "mitchell", "--tables", "3", "-o", str(out)],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        while not [p for p in _temps(tmp_path) if p.stat().st_size] and proc.poll() is None:
            time.sleep(0.05)  # polling for the half-written temporary file, not timing it
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGTERM)
        _stdout, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert err == "" and list(tmp_path.iterdir()) == []


# -- the property: every writing command either works or says one line and leaves nothing --------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_OUTPUTS = ("out.xlsx", "out.html", "out.pbn", "out.csv", "out.xlsm", "existing.xlsx",
            "link.xlsx", "dangling.xlsx", "sub", "no/such/x.xlsx", "m" * 235 + ".xlsx",
            "m" * 300 + ".xlsx", "", "out")  # fmt: skip
_COUNTS = ("3", "4", "2", "0", "31", "-1", "x", "1e308", "9" * 309)


@st.composite
def _writer_argv(draw: st.DrawFn) -> list[str]:
    count = st.sampled_from(_COUNTS)
    book = st.sampled_from(("s.xlsx", "existing.xlsx", "missing.xlsx", "names.csv"))
    argv = draw(
        st.sampled_from(("new", "deal", "results", "rebuild", "import", "swiss", "addin"))
        .flatmap(
            lambda c: {
                "new": st.tuples(st.just("new"), st.sampled_from(("mitchell", "howell", "rubber")),
                                 st.just("--tables"), count),
                "deal": st.tuples(st.just("deal"), st.just("--boards"),
                                  st.sampled_from(("1-2", "0", "1-99999", "2-1"))),
                "results": st.tuples(st.just("results"), book, st.just("--format"),
                                     st.sampled_from(("html", "csv", "text"))),
                "rebuild": st.tuples(st.just("rebuild"), book, st.just("--tables"), count),
                "import": st.tuples(st.just("import"), book, st.just("--from"),
                                    st.sampled_from(("r.csv", "names.csv", "s.xlsx"))),
                "swiss": st.tuples(st.just("swiss"), st.just("next"), book),
                "addin": st.tuples(st.just("addin"), st.just("demo")),
            }[c]
        )
    )  # fmt: skip
    argv = [*argv, "-o", draw(st.sampled_from(_OUTPUTS))]
    return argv + (["--force"] if draw(st.booleans()) else [])


def _snapshot(folder: Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for p in sorted(folder.rglob("*")):
        key = str(p.relative_to(folder))
        if p.is_symlink():
            out[key] = "-> " + os.readlink(p)
        elif p.is_file():
            out[key] = p.read_bytes()
        else:
            out[key] = "folder"
    return out


@pytest.fixture(scope="module")
def inputs(session: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("inputs")
    shutil.copy(session, folder / "s.xlsx")
    (folder / "names.csv").write_text("pair,name\n1,Ann\n")
    (folder / "r.csv").write_text("board,ns,ew,contract,declarer,tricks\n1,1,1,3NT,N,9\n")
    return folder


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(argv=_writer_argv())
def test_every_writer_works_or_says_one_line_and_leaves_nothing(
    inputs: Path, tmp_path_factory: pytest.TempPathFactory, argv: list[str]
) -> None:
    folder = tmp_path_factory.mktemp("run")
    for name in ("s.xlsx", "names.csv", "r.csv"):
        shutil.copy(inputs / name, folder / name)
    (folder / "existing.xlsx").write_text("keep me")
    (folder / "link.xlsx").symlink_to("existing.xlsx")
    (folder / "dangling.xlsx").symlink_to("gone.xlsx")
    (folder / "sub").mkdir()
    before = _snapshot(folder)
    old = os.getcwd()
    os.chdir(folder)
    try:
        code, _out, err = run_cli(*argv)
    finally:
        os.chdir(old)
    after = _snapshot(folder)
    assert not [k for k in after if TEMP_MARK in k], argv
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if code == 0 or (argv[0] == "results" and code == 3):  # 3: written, nothing entered
        changed = {k for k in after if before.get(k) != after[k]} | (before.keys() - after.keys())
        assert len(changed) <= 1, (argv, changed)  # the output, or the file its link leads to
        assert all(before[k] == after[k] for k in ("s.xlsx", "names.csv", "r.csv"))
        if "--force" not in argv:
            assert after["existing.xlsx"] == b"keep me"
    else:
        assert code in (1, 2) and err.count("\n") == 1 and err.startswith("xlbridge "), (argv, err)
        if not (argv[0] == "results" and code == 1):  # 1: written, but cells disagree
            assert after == before, argv
