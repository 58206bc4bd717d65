"""The session workbook engine: a workbook that scores itself with native formulas.

>>> from xlbridge.workbook import write_session  # doctest: +SKIP

The names below load the engine (and openpyxl) when first used, so that a light module of this
package (``xlbridge.workbook.choices``) can be imported by the command line's parser for free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xlbridge.workbook.build import build_workbook, write_session
    from xlbridge.workbook.context import Options

__all__ = ["Options", "build_workbook", "write_session"]


def __getattr__(name: str) -> object:
    if name in ("build_workbook", "write_session"):
        from xlbridge.workbook import build

        return getattr(build, name)
    if name == "Options":
        from xlbridge.workbook.context import Options

        return Options
    raise AttributeError(f"module 'xlbridge.workbook' has no attribute {name!r}")
