"""The individual family (``rainbow``, ``individual-2``, ``individual-3``, ``six-couples``):
travellers with four players a row, one field of players, its reader, rebuild and importer.

>>> FAMILY.name
'individual'
"""

from __future__ import annotations

from xlbridge.families.duplicate.family import DuplicateFamily

# The forms this family builds on (tests/test_layers.py: it imports no other family folder).
DEPENDS = ("duplicate",)

FAMILY = DuplicateFamily("individual", __name__, "fill_individual")
