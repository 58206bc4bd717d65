"""The cells a check reads, to ask the strict engine (``recalc_strict(path, cells=...)``) for
just those: the engine then compiles only them and what they depend on, the same formulas on
the same inputs, instead of every formula of the workbook.

:func:`cells_read` runs a check once over an empty recorder of ``values.get`` calls and returns
the (sheet, cell) keys it asked for, in order, each once.

>>> def check(values):
...     return [values.get(("Back Score", "C5")), values.get(("Rubbers", "I20"))]
>>> cells_read(check)
[('Back Score', 'C5'), ('Rubbers', 'I20')]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["cells_read"]

Key = tuple[str, str]


class _Recorder(dict[Key, object]):
    """An empty value map that remembers every key ``get`` is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: dict[Key, None] = {}

    def get(self, key: Key, default: Any = None) -> Any:  # type: ignore[override]
        self.asked[key] = None
        return default


def cells_read(check: Callable[[dict[Key, object]], object]) -> list[Key]:
    """The (sheet, cell) keys ``check(values)`` reads with ``values.get``, in order."""
    rec = _Recorder()
    check(rec)
    return list(rec.asked)
