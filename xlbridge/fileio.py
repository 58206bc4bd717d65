"""Writing files safely: never over an existing file unless asked, and never half a file.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "a.txt", lambda tmp: pathlib.Path(tmp).write_text("hi"))
PosixPath('...a.txt')
>>> write_atomically(folder / "a.txt", lambda tmp: None)
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: '...a.txt' already exists; use --force to replace it
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from xlbridge.errors import WorkbookError

__all__ = ["write_atomically"]


def write_atomically(out: str | Path, save: Callable[[str], object], force: bool = False) -> Path:
    """Write ``out`` by calling ``save(temp_path)`` on a temporary file in the same folder, then
    renaming it over ``out`` in one step. Refuses an existing ``out`` unless ``force``."""
    out = Path(out)
    if out.exists() and not force:
        raise WorkbookError(f"{str(out)!r} already exists; use --force to replace it")
    folder = out.resolve().parent
    if not folder.is_dir():
        raise WorkbookError(f"folder {str(folder)!r} does not exist")
    # The temporary file keeps the suffix: some writers choose the format by it.
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=out.suffix, dir=folder)
    os.close(fd)
    try:
        save(tmp)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out
