"""The pairs family (Mitchell, Howell, web, twin, ...): the session workbook of seed 000, its
travellers, recap and results sheets, its reader, its rebuild and its importer.

>>> FAMILY.name
'pairs'
"""

from __future__ import annotations

from xlbridge.families.duplicate.family import DuplicateFamily

# The forms this family builds on (tests/test_layers.py: it imports no other family folder).
DEPENDS = ("duplicate",)

FAMILY = DuplicateFamily("pairs", __name__, "fill_pairs")
