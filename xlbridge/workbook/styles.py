"""Named cell styles of the session workbook, and where they come from.

Every cell the engine styles gets one of the named styles in :data:`STYLE_NAMES`. A club's
template workbook (``--template``) may define any of them (Home > Cell Styles in Excel): its
definition wins; the ones it lacks come from :func:`default_styles`, which is also what
``templates/make_template.py`` saves as ``templates/default.xlsx``.

>>> sorted(default_styles())[:3]
['xlb Card', 'xlb Header', 'xlb Input']
"""

from __future__ import annotations

from copy import copy, deepcopy
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Protection, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils.indexed_list import IndexedList

from xlbridge.errors import WorkbookError

__all__ = [
    "BOX",
    "DECIMALS",
    "DEFAULT_TEMPLATE",
    "STYLE_NAMES",
    "Styler",
    "default_styles",
    "fit_landscape",
    "fit_portrait",
    "open_template",
]

DEFAULT_TEMPLATE = Path(__file__).resolve().parents[2] / "templates" / "default.xlsx"

# Totals, averages and board scores printed to two places, so a column's decimals line up
# (87.50 beside 72.01, never 87.5).
DECIMALS = "0.00"
_THIN = Side(style="thin", color="808080")
_BOX = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
BOX = _BOX  # the bordered styles' thin grey box, for a format rule that draws it
_LOCKED = Protection(locked=True)
_UNLOCKED = Protection(locked=False)


def default_styles() -> dict[str, NamedStyle]:
    """The built-in definitions of every named style, by name."""

    def style(name: str, **kw: object) -> NamedStyle:
        kw.setdefault("protection", _LOCKED)
        return NamedStyle(name=name, **kw)  # type: ignore[arg-type]

    centre = Alignment(horizontal="center", vertical="center")
    styles = [
        style("xlb Title", font=Font(bold=True, size=14)),
        style("xlb Label", font=Font(bold=True)),
        style(
            "xlb Header",
            font=Font(bold=True),
            fill=PatternFill("solid", fgColor="D9E1F2"),
            border=_BOX,
            alignment=Alignment(horizontal="center", vertical="center", wrap_text=True),
        ),
        style(
            "xlb Input",
            fill=PatternFill("solid", fgColor="FFF9DB"),
            border=_BOX,
            alignment=centre,
            protection=_UNLOCKED,
        ),
        style(
            "xlb Names",
            fill=PatternFill("solid", fgColor="FFF9DB"),
            border=_BOX,
            number_format="@",
            protection=_UNLOCKED,
        ),
        style(
            "xlb Score",
            fill=PatternFill("solid", fgColor="EAF3FB"),
            border=_BOX,
            alignment=centre,
            protection=_UNLOCKED,
        ),
        style("xlb Value", border=_BOX, alignment=centre),
        style("xlb Number", border=_BOX, alignment=centre, number_format="0.0#"),
        style("xlb Percent", border=_BOX, alignment=centre, number_format="0.00%"),
        style("xlb Text", alignment=Alignment(wrap_text=True, vertical="top")),
        style("xlb Card", border=_BOX, alignment=centre, font=Font(size=12)),
    ]
    return {s.name: s for s in styles}


STYLE_NAMES: tuple[str, ...] = tuple(default_styles())


def open_template(template: str | Path | None) -> Workbook:
    """A workbook to build on: the template's styles (and theme), its sheets removed.

    ``None`` takes ``templates/default.xlsx`` when present, else a new workbook.
    """
    path = Path(template) if template is not None else DEFAULT_TEMPLATE
    if template is None and path.exists():
        return _default_template(path)
    return _opened(path, template)


# ``templates/default.xlsx`` opened, by its file's (mtime, size): parsing it cost more than many
# a small workbook's build, and every ``new`` and ``rebuild`` starts from it. Each caller gets
# its own copy.
_DEFAULT_OPENED: dict[tuple[int, int], Workbook] = {}


def _default_template(path: Path) -> Workbook:
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    if key not in _DEFAULT_OPENED:
        _DEFAULT_OPENED.clear()
        _DEFAULT_OPENED[key] = _opened(path, path)
    return _copied(_DEFAULT_OPENED[key])


def _copied(wb: Workbook) -> Workbook:
    """A deep copy of ``wb``. openpyxl's ``IndexedList`` (the style tables) is copied by hand:
    ``deepcopy`` would set its index before its items, and its ``append`` then skips them all."""
    memo: dict[int, Any] = {}
    for value in vars(wb).values():
        if isinstance(value, IndexedList):
            memo[id(value)] = IndexedList(deepcopy(list(value), memo))
    return deepcopy(wb, memo)


def _opened(path: Path, template: str | Path | None) -> Workbook:
    if template is None and not path.exists():
        wb = Workbook()
    else:
        if not path.exists():
            raise WorkbookError(f"template {str(path)!r} does not exist")
        # Through the safe-reading gate: size, zip expansion and entities are checked before
        # openpyxl parses anything (a zip-bomb template is refused at once).
        from xlbridge.interchange.gate import load_workbook as gated_load

        wb = gated_load(path, what="template")
    for ws in list(wb.worksheets):
        wb.remove(ws)
    for name in list(wb.defined_names):
        del wb.defined_names[name]
    have = set(wb.named_styles)
    for name, st in default_styles().items():
        if name not in have:
            wb.add_named_style(st)
    return wb


def fit_landscape(ws: Any) -> None:
    """Landscape, one page wide, as many pages tall as needed."""
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


def fit_portrait(ws: Any) -> None:
    """Portrait, one page wide, as many pages tall as needed (cards, travellers, results)."""
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True


class Styler:
    """Applies named styles fast: the style array of each name is looked up once. A cell
    holding text in the ``@`` format (:func:`~xlbridge.text.put_text`) keeps it.

    >>> from openpyxl import Workbook
    >>> from xlbridge.text import put_text
    >>> wb = Workbook()
    >>> for name, style in default_styles().items():
    ...     wb.add_named_style(style)
    >>> c = put_text(wb.active["A1"], "=1+1", "event")
    >>> Styler(wb)(c, "xlb Title")
    >>> c.number_format, c.font.bold
    ('@', True)
    """

    def __init__(self, wb: Workbook) -> None:
        self._wb = wb
        self._cache: dict[str, StyleArray] = {}

    def __call__(self, cell: Any, name: str) -> None:
        # User text written by put_text keeps its "@" format, whatever the style says: a named
        # style sets a number format too, and a retyped "=1+1" would become a live formula.
        text = cell.data_type == "s" and cell.number_format == "@"
        arr = self._cache.get(name)
        if arr is None:
            cell.style = name
            self._cache[name] = copy(cell._style)
        else:
            cell._style = StyleArray(arr)  # a copy: what copy() does, without its dispatch
        if text:
            cell.number_format = "@"
