"""Saving a workbook of the traveller form (pairs, individuals): the output checked before
any work, then the hand records added and the workbook written atomically.

>>> checked_output("evening.csv", force=False)
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: output 'evening.csv' must end in .xlsx
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError
from xlbridge.interchange.files import check_output, write_atomically
from xlbridge.interchange.xlsx_write import saver

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.interchange.deals import HandRecord

__all__ = ["checked_output", "save_workbook"]


def checked_output(path: str | Path, force: bool) -> Path:
    """``path`` as the output of a new workbook: an ``.xlsx`` that is not there yet (or
    ``force``), checked before the work, so that a refusal costs nothing."""
    out = Path(path)
    if out.suffix.lower() != ".xlsx":
        raise WorkbookError(f"output {str(out)!r} must end in .xlsx")
    check_output(out, force)
    return out


def save_workbook(
    wb: Workbook, out: Path, hand_records: Sequence[HandRecord], event: str, force: bool
) -> Path:
    """Add the ``Hand Records`` sheet (when there are any) and write ``wb`` to ``out`` atomically;
    never half a workbook."""
    if hand_records:
        from xlbridge.workbook.hand_records import add_hand_records

        add_hand_records(wb, hand_records, event)
    return write_atomically(out, saver(wb), force=force)
