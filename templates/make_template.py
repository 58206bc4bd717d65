"""Write templates/default.xlsx: the named cell styles the session workbook uses.

Run ``python templates/make_template.py``. A club makes its own template by opening this file,
changing the cell styles (Home > Cell Styles > right-click > Modify) and saving it under a new
name; ``xlbridge new ... --template club.xlsx`` then uses those styles. Sheets in the template
are not copied, only its styles (and theme).
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl import Workbook

from xlbridge.workbook.styles import default_styles


def make(path: Path) -> Path:
    """Save a workbook with every named style, one sample cell each."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Styles"
    ws["A1"] = "xlbridge session workbook styles: modify them, keep their names."
    for i, (name, style) in enumerate(default_styles().items(), start=3):
        wb.add_named_style(style)
        ws.cell(row=i, column=1, value=name)
        cell = ws.cell(row=i, column=2, value="Sample 4S N 420")
        cell.style = name
    ws.column_dimensions["A"].width = 16
    ws.column_dimensions["B"].width = 22
    wb.save(path)
    return path


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("default.xlsx")
    print(make(out))
