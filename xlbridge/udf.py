"""The Excel functions under the name xlwings is configured with: ``xlbridge.udf``.

The functions live in :mod:`xlbridge.excel.udf`; this module re-exports them so that
``"UDF MODULES","xlbridge.udf"`` in xlwings.conf keeps working (``xlbridge addin install`` writes
this name). xlwings Lite gets them from ``xlbridge addin lite`` (:mod:`xlbridge.excel.lite`).

>>> BRIDGE_SCORE("4S", "N", 10.0, "None")
420
"""

from __future__ import annotations

from xlbridge.excel.udf import *  # noqa: F403  (the BRIDGE_* functions, registered as they are)
from xlbridge.excel.udf import __all__ as __all__
