"""Where a command's text goes: a file written atomically (``-o``, ``--force`` to replace one),
never the input workbook, else standard output.

>>> import io, contextlib
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     deliver("ranking\\n", None, False, inputs=("s.xlsx",))
>>> out.getvalue()
'ranking\\n'
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from xlbridge.errors import WorkbookError

__all__ = ["deliver", "refuse_overwriting_inputs"]


def refuse_overwriting_inputs(
    output: str | None, inputs: Sequence[str], force: bool | None = None
) -> None:
    """One line when ``output`` is one of the ``inputs`` (a user's file is never changed),
    and, given ``force``, when the output cannot be written (checked before the work)."""
    from xlbridge.interchange.files import check_output, same_file

    if output and any(same_file(output, f) for f in inputs):
        raise WorkbookError("the output would replace a workbook read; choose another -o file")
    if output and force is not None:
        check_output(output, force)


def deliver(
    data: str, output: str | None, force: bool, *, inputs: Sequence[str], note: str = ""
) -> None:
    """Write ``data`` (one final newline) to ``output``, atomically, saying so on standard
    error (with ``note``), or print it when there is no ``output``."""
    refuse_overwriting_inputs(output, inputs)
    if not output:
        print(data.rstrip("\n"))
        return
    from xlbridge.interchange.files import write_atomically

    payload = (data.rstrip("\n") + "\n").encode()
    out = write_atomically(output, lambda tmp: Path(tmp).write_bytes(payload), force)
    print(f"wrote {out}{f' ({note})' if note else ''}", file=sys.stderr)
