"""The choices a pairs session workbook takes, without the engine: the command line builds its
parser from these, and importing this module loads neither openpyxl nor a sheet writer.

>>> SCORINGS, RESULT_ENTRIES
(('mp', 'butler', 'ximp'), ('made-down', 'tricks', 'score'))
"""

from __future__ import annotations

from xlbridge.scoring.choices import PAIRS_SCORINGS, RESULT_ENTRIES, PairsScoring

__all__ = ["RESULT_ENTRIES", "SCORINGS"]

SCORINGS: tuple[PairsScoring, ...] = PAIRS_SCORINGS
