"""openpyxl's parse of the same workbook bytes done once in a test module, each later load
given its own copy of that parse.

A module that imports several scorer files into one workbook (``xlbridge import``), or runs
several commands on it, has openpyxl parse the same bytes every time: most of an import's time.
Within :func:`parse_once`, ``openpyxl.load_workbook`` (which the safe-reading gate,
:func:`xlbridge.interchange.gate.load_workbook`, calls after its own checks) parses each
distinct content once, by the SHA-256 of its bytes and the load's options, and answers a later
load of the same bytes with a fresh, independent copy of that workbook (unpickled: nothing one
caller changes reaches another). The gate's checks (size, zip, entity scan, bounds) still run
on every read; openpyxl's warnings are given again on every load (the gate keeps them as the
workbook's notes); a failed parse is not kept; read-only and ``keep_vba`` loads are openpyxl's
own each time. A copy saves to the same bytes as the workbook it copies.

A test module asks for it with a module fixture::

    @pytest.fixture(scope="module", autouse=True)
    def _parsed_once() -> Iterator[None]:
        with parse_once():
            yield

>>> import io, openpyxl
>>> wb = openpyxl.Workbook()
>>> wb.active["A1"] = "Board"
>>> buf = io.BytesIO()
>>> wb.save(buf)
>>> with parse_once() as parsed:
...     a = openpyxl.load_workbook(io.BytesIO(buf.getvalue()))
...     b = openpyxl.load_workbook(io.BytesIO(buf.getvalue()))
...     a.active["A1"] = "changed"
...     (len(parsed), a is b, b.active["A1"].value)
(1, False, 'Board')
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["parse_once"]


def _bytes_of(source: Any) -> bytes | None:
    """The workbook's bytes, without disturbing ``source``; None when they cannot be had."""
    if isinstance(source, io.BytesIO):
        return source.getvalue()
    if isinstance(source, (str, os.PathLike)):
        try:
            return Path(source).read_bytes()
        except OSError:
            return None  # openpyxl's own error for a missing file
    return None


@contextlib.contextmanager
def parse_once() -> Iterator[dict[tuple[Any, ...], Any]]:
    """Within the block, ``openpyxl.load_workbook`` parses each distinct workbook content once
    (the memo, by SHA-256 and options, is what the block gets); openpyxl's own is put back after.
    """
    import openpyxl

    real = openpyxl.load_workbook
    memo: dict[tuple[Any, ...], tuple[bytes, tuple[Warning, ...]]] = {}

    def load(
        filename: Any,
        read_only: bool = False,
        keep_vba: bool = False,
        data_only: bool = False,
        keep_links: bool = True,
        rich_text: bool = False,
    ) -> Any:
        options = {"read_only": read_only, "keep_vba": keep_vba, "data_only": data_only,
                   "keep_links": keep_links, "rich_text": rich_text}  # fmt: skip
        data = None if read_only or keep_vba else _bytes_of(filename)
        if data is None:
            return real(filename, **options)
        key = (hashlib.sha256(data).hexdigest(), data_only, keep_links, rich_text)
        if key in memo:
            blob, said = memo[key]
            for message in said:
                warnings.warn(message, stacklevel=2)
            return pickle.loads(blob)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            wb = real(filename, **options)
        said = tuple(w.message for w in caught if isinstance(w.message, Warning))
        with contextlib.suppress(Exception):  # a workbook pickle cannot copy: parsed each time
            memo[key] = (pickle.dumps(wb, protocol=pickle.HIGHEST_PROTOCOL), said)
        for message in said:
            warnings.warn(message, stacklevel=2)
        return wb

    openpyxl.load_workbook = load  # type: ignore[assignment]
    try:
        yield memo
    finally:
        openpyxl.load_workbook = real
