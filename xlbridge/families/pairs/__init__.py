"""The pairs family (Mitchell, Howell, web, twin, ...): the session workbook of seed 000, its
travellers, recap and results sheets, its reader, its rebuild and its importer.

>>> FAMILY.name
'pairs'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from xlbridge.families.duplicate.family import DuplicateFamily

if TYPE_CHECKING:
    from xlbridge.families.registry import WriteRequest

# The forms this family builds on (tests/test_layers.py: it imports no other family folder).
DEPENDS = ("duplicate",)


class _Pairs(DuplicateFamily):
    def write(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Path:  # fmt: skip
        """A request without files (names, hand records, sections, ...) is written from the
        family's one ``Settings`` (its options by field name: ``handicapped``, ``strata``, ...),
        as ``rebuild`` builds it; one with files as ``new`` writes it."""
        if request.reads_files:
            return self.write_new(request, out, template=template, force=force).path
        write = cast("Callable[..., Path]", self.own("build", "write"))
        return write(request, out, template=template, force=force)


FAMILY = _Pairs("pairs", __name__, "fill_pairs")
