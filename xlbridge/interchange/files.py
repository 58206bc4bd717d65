"""Writing files safely: never over an existing file unless asked, and never half a file.

The output is written to a temporary file in the same folder, named
``.NAME.xlbridge-tmp-XXXXXXXX.SUFFIX`` (hidden, and obviously a leftover if a killed run leaves
one), then renamed over ``NAME`` in one step. The temporary file is removed on any failure,
Ctrl-C included. A new file gets the user's usual permissions (``0666`` less the umask, like
any program's output); a file replaced with ``force`` keeps its own permissions. Errors name the
output file, never the temporary one.

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

import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path

from xlbridge.errors import WorkbookError

__all__ = ["TEMP_MARK", "temp_name", "write_atomically"]

TEMP_MARK = ".xlbridge-tmp-"


def temp_name(out: Path, token: str) -> Path:
    """The temporary file for ``out``: hidden, marked, and with ``out``'s suffix (some writers
    choose the format by it).

    >>> temp_name(Path("club/session.xlsx"), "1a2b3c4d").as_posix()
    'club/.session.xlsx.xlbridge-tmp-1a2b3c4d.xlsx'
    """
    return out.with_name(f".{out.name}{TEMP_MARK}{token}{out.suffix}")


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


def write_atomically(out: str | Path, save: Callable[[str], object], force: bool = False) -> Path:
    """Write ``out`` by calling ``save(temp_path)`` on a temporary file in the same folder, then
    renaming it over ``out`` in one step. Refuses an existing ``out`` unless ``force``."""
    if "\x00" in str(out):
        raise WorkbookError(f"output name {str(out)!r} has a NUL character")
    out = Path(out)
    if out.is_dir():
        raise WorkbookError(f"{str(out)!r} is a folder, not a file")
    existing_mode: int | None = None
    if out.exists():
        if not force:
            raise WorkbookError(f"{str(out)!r} already exists; use --force to replace it")
        st = out.stat()
        if not stat.S_ISREG(st.st_mode):  # never rename over /dev/null, a pipe or a socket
            raise WorkbookError(f"{str(out)!r} is not a regular file; choose another name")
        existing_mode = stat.S_IMODE(st.st_mode)
    folder = out.resolve().parent
    if not folder.is_dir():
        raise WorkbookError(f"folder {str(folder)!r} does not exist")
    try:
        tmp = _create_temp(folder / out.name)
    except OSError as exc:
        raise _fail(out, exc) from None
    try:
        save(str(tmp))
        if existing_mode is not None:
            os.chmod(tmp, existing_mode)
        os.replace(tmp, folder / out.name)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.filename is not None and TEMP_MARK in str(exc.filename):
            raise _fail(out, exc) from None
        raise
    return out
