"""Output files: the user's permissions, obvious temporary names, nothing left on failure, and
errors that name the output (issue 15, "Output files lose the user's permissions")."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from xlbridge.errors import WorkbookError
from xlbridge.interchange.files import TEMP_MARK, write_atomically


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def _write(text: str) -> Callable[[str], object]:
    return lambda tmp: Path(tmp).write_text(text)


def test_new_file_gets_umask_permissions(tmp_path: Path, umask_022: None) -> None:
    out = write_atomically(tmp_path / "a.xlsx", _write("x"))
    assert _mode(out) == 0o644  # 0666 less umask 022, not mkstemp's 0600


def test_new_file_follows_another_umask(tmp_path: Path) -> None:
    old = os.umask(0o002)
    try:
        out = write_atomically(tmp_path / "a.xlsx", _write("x"))
    finally:
        os.umask(old)
    assert _mode(out) == 0o664


def test_force_keeps_existing_mode(tmp_path: Path, umask_022: None) -> None:
    out = tmp_path / "a.xlsx"
    out.write_text("old")
    os.chmod(out, 0o664)
    write_atomically(out, _write("new"), force=True)
    assert out.read_text() == "new"
    assert _mode(out) == 0o664
    os.chmod(out, 0o600)
    write_atomically(out, _write("newer"), force=True)
    assert _mode(out) == 0o600


def test_existing_file_refused_without_force(tmp_path: Path) -> None:
    out = tmp_path / "a.xlsx"
    out.write_text("keep")
    with pytest.raises(WorkbookError, match="already exists"):
        write_atomically(out, _write("new"))
    assert out.read_text() == "keep"


def test_temporary_name_is_obvious_and_keeps_suffix(tmp_path: Path) -> None:
    seen: list[str] = []

    def save(tmp: str) -> None:
        seen.append(tmp)
        Path(tmp).write_text("x")

    write_atomically(tmp_path / "session.xlsx", save)
    name = Path(seen[0]).name
    assert name.startswith(".session.xlsx" + TEMP_MARK) and name.endswith(".xlsx")
    assert Path(seen[0]).parent == tmp_path
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.xlsx"]


@pytest.mark.parametrize("exc", [RuntimeError("boom"), KeyboardInterrupt()])
def test_failure_removes_temporary_file(tmp_path: Path, exc: BaseException) -> None:
    out = tmp_path / "a.xlsx"

    def save(tmp: str) -> None:
        Path(tmp).write_text("half")
        raise exc

    with pytest.raises(type(exc)):
        write_atomically(out, save)
    assert list(tmp_path.iterdir()) == []


def test_failure_keeps_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "a.xlsx"
    out.write_text("old")

    def save(tmp: str) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomically(out, save, force=True)
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.xlsx"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_folder_names_the_output(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    os.chmod(folder, 0o555)
    try:
        with pytest.raises(WorkbookError) as info:
            write_atomically(folder / "a.xlsx", _write("x"))
    finally:
        os.chmod(folder, 0o755)
    msg = str(info.value)
    assert "a.xlsx" in msg and TEMP_MARK not in msg and "\n" not in msg
    assert "is read-only for you; choose another folder" in msg  # said before any work


def test_error_in_save_names_the_output_not_the_temporary(tmp_path: Path) -> None:
    def save(tmp: str) -> None:
        raise OSError(28, "No space left on device", tmp)

    with pytest.raises(WorkbookError) as info:
        write_atomically(tmp_path / "a.xlsx", save)
    assert "a.xlsx" in str(info.value) and TEMP_MARK not in str(info.value)
    assert "No space left" in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_folder_as_output_refused(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match="is a folder"):
        write_atomically(tmp_path, _write("x"), force=True)


def test_missing_folder_refused(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match="does not exist"):
        write_atomically(tmp_path / "no" / "a.xlsx", _write("x"))


def test_new_workbook_keeps_permissions_end_to_end(tmp_path: Path, umask_022: None) -> None:
    from xlbridge.cli import main

    out = tmp_path / "s.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "-o", str(out)]) == 0
    assert _mode(out) == 0o644
    os.chmod(out, 0o664)
    assert main(["new", "mitchell", "--tables", "3", "--force", "-o", str(out)]) == 0
    assert _mode(out) == 0o664
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.xlsx"]


def test_permission_denied_names_the_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only folder gives a non-root user (this suite may run as root)."""

    def denied(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("xlbridge.interchange.files.os.open", denied)
    with pytest.raises(WorkbookError) as info:
        write_atomically(tmp_path / "a.xlsx", _write("x"))
    msg = str(info.value)
    assert msg.startswith(f"cannot write {str(tmp_path / 'a.xlsx')!r}: Permission denied")
    assert TEMP_MARK not in msg


def test_device_is_never_replaced() -> None:
    """``-o /dev/null --force`` must not rename a file over the device."""
    with pytest.raises(WorkbookError, match="not a regular file"):
        write_atomically("/dev/null", _write("x"), force=True)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not [p for p in Path("/dev").iterdir() if TEMP_MARK in p.name]


def test_nul_in_name_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match="NUL"):
        write_atomically(tmp_path / "a\x00.xlsx", _write("x"))


def test_a_read_only_folder_is_said_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the folder's permissions say (root ignores them, so they are asked of os.access):
    one line naming the folder, and ``save`` never runs."""
    from xlbridge.interchange import files

    monkeypatch.setattr(files.os, "access", lambda _path, _mode: False)
    ran = []
    with pytest.raises(WorkbookError, match=r"the folder .* is read-only for you"):
        write_atomically(tmp_path / "a.xlsx", ran.append)
    assert ran == [] and list(tmp_path.iterdir()) == []
