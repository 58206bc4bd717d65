"""Writing files safely: never over an existing file unless asked, and never half a file.

The output is written to a temporary file in the same folder, named
``.NAME.xlbridge-tmp-XXXXXXXX.SUFFIX`` (hidden, and obviously a leftover if a killed run leaves
one; a shorter ``.xlbridge-tmp-XXXXXXXX.SUFFIX`` when ``NAME`` is too long for that to fit in a
file name), then put in place in one step. Without ``force`` that step refuses to replace a file
that appeared meanwhile (two runs writing the same name at once: one says "wrote", the other
"already exists"). The temporary file is removed on any failure, Ctrl-C included (the command
line handles SIGTERM as Ctrl-C). A new file gets the user's usual permissions (``0666`` less the
umask, like any program's output); a file replaced with ``force`` keeps its own permissions.
An output that is a symbolic link is written through, as a shell's ``>`` does: the file it points
to is replaced (``force``) and the link kept; :func:`destination` names that file. Errors name
the output file, never the temporary one.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "a.txt", lambda tmp: pathlib.Path(tmp).write_text("hi"))
PosixPath('...a.txt')
>>> write_atomically(folder / "a.txt", lambda tmp: None)
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: '...a.txt' already exists; use --force to replace it
>>> sorted(p.name for p in folder.iterdir())
['a.txt']
"""

from __future__ import annotations

import errno
import gc
import os
import secrets
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from xlbridge.errors import WorkbookError

__all__ = [
    "TEMP_MARK",
    "check_output",
    "destination",
    "same_file",
    "temp_name",
    "workbook_output",
    "write_atomically",
    "xlsx_output",
]

TEMP_MARK = ".xlbridge-tmp-"

# The longest file name (in bytes) of Linux, macOS and Windows file systems.
NAME_MAX = 255

# What os.link raises where a file system has no hard links (FAT, exFAT, some network shares).
_NO_HARD_LINKS = frozenset({errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS,
                            errno.EMLINK, errno.EXDEV})  # fmt: skip


def temp_name(out: Path, token: str) -> Path:
    """The temporary file for ``out``: hidden, marked, and with ``out``'s suffix (some writers
    choose the format by it); shorter when ``out``'s name is too long for that.

    >>> temp_name(Path("club/session.xlsx"), "1a2b3c4d").as_posix()
    'club/.session.xlsx.xlbridge-tmp-1a2b3c4d.xlsx'
    >>> temp_name(Path("x" * 240 + ".xlsx"), "1a2b3c4d").as_posix()
    '.xlbridge-tmp-1a2b3c4d.xlsx'
    """
    for name in (
        f".{out.name}{TEMP_MARK}{token}{out.suffix}",
        f"{TEMP_MARK}{token}{out.suffix}",
        f"{TEMP_MARK}{token}",
    ):
        if len(os.fsencode(name)) <= NAME_MAX:
            break
    return out.with_name(name)


def destination(out: str | Path) -> Path:
    """Where :func:`write_atomically` puts ``out``: ``out`` itself, or the file a symbolic link
    ``out`` points to (written through, the link kept).

    >>> destination("club/session.xlsx").as_posix()
    'club/session.xlsx'
    """
    out = Path(out)
    return Path(os.path.realpath(out)) if out.is_symlink() else out


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether ``a`` and ``b`` name one file, links followed as far as they lead (a loop of
    links, which :meth:`Path.resolve` raises ``RuntimeError`` for, is just its own name here).

    >>> same_file("club/../club/a.xlsx", "club/a.xlsx"), same_file("a.xlsx", "b.xlsx")
    (True, False)
    """
    return os.path.realpath(a) == os.path.realpath(b)


def _refuse_loop(out: Path) -> None:
    """One line for an output that is a link leading back to itself (``ln -s a a``)."""
    try:
        os.stat(out)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise WorkbookError(
                f"{str(out)!r} is a link that leads back to itself (a loop of links);"
                " remove the link or choose another name"
            ) from None


def _create_temp(out: Path) -> Path:
    # os.open with 0o666 lets the kernel apply the umask, as for any new file (mkstemp would
    # give 0600); O_EXCL never reuses or follows an existing name.
    for _ in range(100):
        tmp = temp_name(out, secrets.token_hex(4))
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return tmp
    raise WorkbookError(f"cannot create a temporary file beside {str(out)!r}")


def _fail(out: Path, exc: OSError) -> WorkbookError:
    reason = exc.strerror or type(exc).__name__
    if isinstance(exc, PermissionError):
        reason += f" (is the folder {str(out.parent)!r} writable?)"
    return WorkbookError(f"cannot write {str(out)!r}: {reason}")


def _exists(out: Path) -> WorkbookError:
    return WorkbookError(f"{str(out)!r} already exists; use --force to replace it")


def _put_in_place(tmp: Path, final: Path, out: Path, force: bool) -> None:
    """Rename ``tmp`` to ``final``; without ``force``, never over a file that is there now."""
    if force:
        os.replace(tmp, final)
        return
    try:
        os.link(tmp, final)  # fails if final exists, however recently it appeared
    except FileExistsError:
        raise _exists(out) from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        try:  # no hard links here: claim the name first, then rename over the claim
            os.close(os.open(final, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            raise _exists(out) from None
        try:
            os.replace(tmp, final)
        except BaseException:
            final.unlink(missing_ok=True)
            raise
        return
    tmp.unlink()


def _drop_quietly(exc: BaseException) -> None:
    """Let go of what the failed ``save`` left open, now and quietly.

    A writer stopped mid-way (openpyxl on a full disk) leaves its zip file open in the
    traceback's frames; closed later, at exit, it writes again, fails again, and Python prints
    "Exception ignored in ZipFile.__del__" and a traceback under the one-line error.
    """
    import traceback

    hook = sys.unraisablehook
    sys.unraisablehook = lambda _unraisable: None
    try:
        traceback.clear_frames(exc.__traceback__)
        gc.collect()
    finally:
        sys.unraisablehook = hook


def check_output(out: str | Path, force: bool = False) -> Path:
    """Refuse, in one line and before any work, an output :func:`write_atomically` would
    refuse after it: a NUL in the name, a link leading back to itself or to nothing, an existing
    file without ``force``, a folder, a device, a folder that does not exist or is read-only.
    Returns the file that will be written: ``out``, or the file a link ``out`` points to.

    >>> check_output("/no/such/folder/a.xlsx")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: folder '/no/such/folder' does not exist
    """
    if "\x00" in str(out):
        raise WorkbookError(f"output name {str(out)!r} has a NUL character")
    out = Path(out)
    if out.is_symlink():
        _refuse_loop(out)
        target = destination(out)
        if not target.exists() and not target.is_symlink():
            raise WorkbookError(
                f"{str(out)!r} is a link to {str(target)!r}, which does not exist;"
                " remove the link or choose another name"
            )
        if not force:
            raise WorkbookError(
                f"{str(out)!r} already exists (a link to {str(target)!r});"
                " use --force to replace that file"
            )
        out = target
    if out.is_dir():
        raise WorkbookError(f"{str(out)!r} is a folder, not a file")
    if out.exists():
        if not force:
            raise _exists(out)
        if not stat.S_ISREG(out.stat().st_mode):  # never rename over /dev/null, a pipe, a socket
            raise WorkbookError(f"{str(out)!r} is not a regular file; choose another name")
    folder = Path(os.path.realpath(out)).parent
    if not folder.is_dir():
        raise WorkbookError(f"folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):  # said now, not after the work
        raise WorkbookError(
            f"cannot write {str(out)!r}: the folder {str(folder)!r} is read-only for you;"
            " choose another folder"
        )
    return out


def xlsx_output(out: str | os.PathLike[str]) -> Path:
    """``out`` as a workbook's output name, refused in one line when it is not an ``.xlsx``
    (whether it may be written is :func:`check_output`'s, at the write).

    >>> xlsx_output("evening.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: output 'evening.csv' must end in .xlsx
    """
    path = Path(out)
    if path.suffix.lower() != ".xlsx":
        raise WorkbookError(f"output {str(path)!r} must end in .xlsx")
    return path


def workbook_output(out: str | Path, force: bool = False) -> Path:
    """``out`` as the output of a workbook, refused in one line before the work when it is not
    an ``.xlsx`` (:func:`xlsx_output`) or :func:`check_output` refuses it.

    >>> workbook_output("evening.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: output 'evening.csv' must end in .xlsx
    """
    path = xlsx_output(out)
    check_output(path, force)
    return path


def write_atomically(out: str | Path, save: Callable[[str], object], force: bool = False) -> Path:
    """Write ``out`` by calling ``save(temp_path)`` on a temporary file in the same folder, then
    putting it in place in one step. Refuses an existing ``out`` unless ``force``. Returns where
    the file went: ``out``, or the file a symbolic link ``out`` points to."""
    out = check_output(out, force)
    existing_mode = stat.S_IMODE(out.stat().st_mode) if out.exists() else None
    folder = Path(os.path.realpath(out)).parent
    final = folder / out.name
    try:
        tmp = _create_temp(final)
    except OSError as exc:
        raise _fail(out, exc) from None
    try:
        save(str(tmp))
        if existing_mode is not None:
            os.chmod(tmp, existing_mode)
        _put_in_place(tmp, final, out, force)
    except BaseException as exc:
        _drop_quietly(exc)
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and (exc.filename is None or TEMP_MARK in str(exc.filename)):
            raise _fail(out, exc) from None  # no name: a write to the temporary file failed
        raise
    return out
