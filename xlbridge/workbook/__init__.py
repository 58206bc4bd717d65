"""The session workbook engine: a workbook that scores itself with native formulas.

>>> from xlbridge.workbook import write_session  # doctest: +SKIP
"""

from __future__ import annotations

from xlbridge.workbook.build import build_workbook, write_session
from xlbridge.workbook.context import Options

__all__ = ["Options", "build_workbook", "write_session"]
