"""Saving a workbook of the traveller form (pairs, individuals), its output checked before
the work (:func:`~xlbridge.interchange.files.workbook_output`): the hand records added, then
the workbook written atomically.

>>> import pathlib, tempfile
>>> from openpyxl import Workbook
>>> out = pathlib.Path(tempfile.mkdtemp()) / "evening.xlsx"
>>> save_workbook(Workbook(), out, (), "Club pairs", force=False).name
'evening.xlsx'
>>> save_workbook(Workbook(), out, (), "Club pairs", force=False)
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: '...evening.xlsx' already exists; use --force to replace it
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.interchange.files import write_atomically
from xlbridge.interchange.xlsx_write import saver

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.interchange.deals import HandRecord

__all__ = ["save_workbook"]


def save_workbook(
    wb: Workbook, out: Path, hand_records: Sequence[HandRecord], event: str, force: bool
) -> Path:
    """Add the ``Hand Records`` sheet (when there are any) and write ``wb`` to ``out`` atomically;
    never half a workbook."""
    if hand_records:
        from xlbridge.workbook.hand_records import add_hand_records

        add_hand_records(wb, hand_records, event)
    return write_atomically(out, saver(wb), force=force)
