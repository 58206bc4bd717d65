"""``xlbridge results`` in several formats on one unchanged workbook, the workbook read once.

A test module that asks ``xlbridge results`` for the text, JSON, CSV, HTML... of the same file
has the command read and score that file again for each format, though what it reads does not
depend on the format (``xlbridge.cli.results`` reads with
:func:`xlbridge.families.registry.read_workbook`, then renders). :func:`read_once` memoises that
reader for the ``with`` block, by the file's resolved path and the SHA-256 of its bytes: a file
changed since (a test that writes it) is read again, a failed read is not kept (its error is
raised each time), and every format is still rendered, printed and given its exit status by the
command itself. What is shared is frozen (``SessionResults`` is a frozen dataclass), so no
rendering can change what the next one gets.

A pairs test module asks for it with ``pytestmark = pytest.mark.usefixtures(
"results_read_once")`` (the module fixture in ``tests/families/pairs/conftest.py``).

>>> with read_once() as reads:
...     reads
{}
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def read_once() -> Iterator[dict[tuple[str, str], Any]]:
    """Within the block, ``read_workbook(path)`` reads each unchanged file once (the memo, by
    (resolved path, SHA-256), is what the block gets); the product's reader is put back after."""
    from xlbridge.families import registry

    real = registry.read_workbook
    memo: dict[tuple[str, str], Any] = {}

    def reader(path: Any) -> Any:
        file = Path(path)
        try:
            key = (str(file.resolve()), hashlib.sha256(file.read_bytes()).hexdigest())
        except OSError:
            return real(path)  # the product's own line for a missing or unreadable file
        if key not in memo:
            memo[key] = real(path)
        return memo[key]

    registry.read_workbook = reader  # type: ignore[assignment]
    try:
        yield memo
    finally:
        registry.read_workbook = real  # type: ignore[assignment]
