"""Masterpoints on a session workbook (issue 32): the Session sheet's ``Masterpoints`` line
(the scale's code, ``ebu-club``, beside a sentence saying what it is), written and read back
here by every family (pairs, individual, teams); the Results sheet's award formula is
:mod:`xlbridge.workbook.formulas_masterpoints`'s.

>>> masterpoints_rows("ebu-club"), masterpoints_rows("")
([('Masterpoints', 'ebu-club')], [])
>>> scale_of_settings({"Masterpoints": "ebu-club"}), scale_of_settings({})
('ebu-club', '')
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError
from xlbridge.scoring.masterpoints import CLUB_BOARDS, MASTERPOINT_SCALES
from xlbridge.text import put_text
from xlbridge.workbook.styles import Styler

__all__ = [
    "MASTERPOINTS_HEADER",
    "MASTERPOINTS_LABEL",
    "SCALE_SENTENCES",
    "check_scale",
    "masterpoints_rows",
    "scale_of_settings",
    "write_sentence",
]

MASTERPOINTS_LABEL = "Masterpoints"  # the Session sheet's line: the scale's code in B
MASTERPOINTS_HEADER = "MPs"  # the Results sheet's column of awards
#: The sentence written beside each scale's code (column C), for the director.
SCALE_SENTENCES: dict[str, str] = {
    "ebu-club": f"EBU club points: the top third of each field, {CLUB_BOARDS[0]}-{CLUB_BOARDS[1]}"
    " boards, ties shared (EBU Licensing and Master Points Handbook)",
}


def masterpoints_rows(scale: str) -> list[tuple[str, Any]]:
    """The Session sheet's label/value line for ``scale`` (none without a scale), for
    :func:`xlbridge.workbook.session.write_settings`."""
    return [(MASTERPOINTS_LABEL, scale)] if scale else []


def write_sentence(
    ws: Worksheet, st: Styler, first: int, rows: list[tuple[str, Any]], chars: int = 20
) -> bool:
    """Beside the ``Masterpoints`` line of ``rows`` (written from row ``first``), what its
    scale is, in column C (``chars`` wide, the row as tall as its wrapped lines, so it prints
    whole); whether it wrote one (nothing without the line)."""
    for i, (label, value) in enumerate(rows, start=first):
        if label == MASTERPOINTS_LABEL and value in SCALE_SENTENCES:
            cell = ws.cell(row=i, column=3)
            put_text(cell, SCALE_SENTENCES[value], "masterpoints")
            st(cell, "xlb Text")
            ws.column_dimensions["C"].width = chars
            ws.row_dimensions[i].height = 15 * len(textwrap.wrap(SCALE_SENTENCES[value], chars - 2))
            for c in ws[i][:3]:  # the line's label and code beside the sentence's first line
                was = c.alignment
                c.alignment = Alignment(horizontal=was.horizontal, wrap_text=was.wrap_text,
                                        vertical="top")  # fmt: skip
            return True
    return False


def scale_of_settings(settings: Mapping[str, Any]) -> str:
    """The masterpoint scale of a Session sheet's lines: ``""`` without a ``Masterpoints``
    line (a workbook written without ``--masterpoints``), else its code, a code xlbridge does
    not write refused in one line naming the cell.

    >>> scale_of_settings({"Masterpoints": "=HYPERLINK(1)"})
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: Session sheet: Masterpoints is '=HYPERLINK(1)', not a scale ...
    """
    value = settings.get(MASTERPOINTS_LABEL)
    if value is None or (isinstance(value, str) and not value.strip()):
        return ""
    text = str(value).strip().lower()
    if text not in MASTERPOINT_SCALES:
        cell = getattr(settings, "cell", None)
        where = f", cell {cell(MASTERPOINTS_LABEL)}" if callable(cell) else ""
        raise WorkbookError(
            f"Session sheet{where}: {MASTERPOINTS_LABEL} is {str(value)[:30]!r}, not a scale"
            f" xlbridge writes ({', '.join(MASTERPOINT_SCALES)})"
        )
    return text


def check_scale(scale: str) -> str:
    """``scale`` when xlbridge writes it (``""``: none), else one line.

    >>> check_scale("abf")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: --masterpoints 'abf' is not one of ebu-club
    """
    if scale and scale not in MASTERPOINT_SCALES:
        raise WorkbookError(
            f"--masterpoints {scale[:20]!r} is not one of {', '.join(MASTERPOINT_SCALES)}"
        )
    return scale
