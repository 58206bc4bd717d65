"""What the teams and social workbook readers share: cell helpers, the formula check, tables.

A teams or social workbook is scored by its own reader (:mod:`xlbridge.families.teams.reader`,
:mod:`xlbridge.families.social.reader`) into a typed result that satisfies :class:`ScoredWorkbook`:
its disagreements, whether the workbook was ever calculated, and ``render(fmt, table)`` for the
``xlbridge results`` outputs (text, CSV, JSON, HTML; USEBIO and PBN refused with one line).

>>> check([Expect("Match 1", "L6", 10)], {("Match 1", "L6"): 9})[0]
(Disagreement(sheet='Match 1', cell='L6', workbook=9, python=10),)
>>> table_text([["Rank", "Team"], ["1", "Aces"]])
'Rank  Team\\n   1  Aces'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from xlbridge import numerals
from xlbridge.errors import WorkbookError
from xlbridge.interchange.csvio import MAX_FIELD, check_field, write_csv
from xlbridge.movements.registry import FamilyName
from xlbridge.results.figures import decimals, fixed
from xlbridge.results.problems import Problem
from xlbridge.results.session import Disagreement, agrees
from xlbridge.scoring.choices import OutputFormat

if TYPE_CHECKING:
    from xlbridge.workbook.cells import Book

__all__ = [
    "Expect",
    "ScoredWorkbook",
    "check",
    "column_texts",
    "disagreement_lines",
    "num",
    "refuse",
    "table_text",
    "text_of",
    "to_csv",
    "whole",
]



class ScoredWorkbook(Protocol):
    """A teams or social workbook scored again in Python."""

    @property
    def family(self) -> str: ...

    @property
    def disagreements(self) -> tuple[Disagreement, ...]: ...

    @property
    def recalculated(self) -> bool: ...

    @property
    def open_problems(self) -> tuple[Problem, ...]:
        """The problems its Checks sheet lists (:mod:`xlbridge.results.problems`)."""
        ...

    def render(self, fmt: OutputFormat, table: str = "standings") -> str:
        """The output ``fmt`` (text, csv, json, html); usebio and pbn raise one line."""
        ...


@dataclass(frozen=True, slots=True)
class Expect:
    """A formula cell and the value Python computes for it (``None``: an empty cell)."""

    sheet: str
    cell: str
    python: Any


def text_of(value: Any, what: str, free_text: bool = True, max_chars: int = MAX_FIELD) -> str:
    """A cell's text (numbers shown whole), checked like every user text."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return check_field(str(value).strip(), what=what, free_text=free_text, max_chars=max_chars)


def num(value: Any) -> float | None:
    """A typed number (not a bool, finite), else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def whole(value: Any) -> int | None:
    """A whole number typed as a number or as digits (up to 6, an optional minus), else None."""
    return numerals.whole_or_none(value, digits=6, signs="-")


def shown(x: Any) -> Any:
    """A Python value as a report shows it (numbers rounded to 2 decimals, whole as int)."""
    return numerals.shown(x, whole=True) if isinstance(x, float) else x


def check(
    expects: Sequence[Expect], cached: Mapping[tuple[str, str], Any]
) -> tuple[tuple[Disagreement, ...], bool]:
    """(disagreements, recalculated): each expected cell against its stored value. A workbook
    whose formula cells hold no stored value at all was never calculated (openpyxl writes none)
    and is reported as such, not cell by cell."""
    stored = [cached.get((e.sheet, e.cell)) for e in expects]
    recalculated = any(v not in (None, "") for v in stored) or not any(
        e.python not in (None, "") for e in expects
    )
    if not recalculated:
        return (), False
    out = tuple(
        Disagreement(e.sheet, e.cell, v, shown(e.python))
        for e, v in zip(expects, stored, strict=True)
        if not agrees(v, e.python)
    )
    return out, True


def cached_values(book: Book, refs: Sequence[Expect]) -> dict[tuple[str, str], Any]:
    """The stored values of ``refs`` (from the workbook opened with ``data_only``)."""
    out: dict[tuple[str, str], Any] = {}
    for e in refs:
        if e.sheet in book.sheetnames:
            out[(e.sheet, e.cell)] = book[e.sheet][e.cell].value
    return out


def disagreement_lines(disagreements: Sequence[Disagreement], recalculated: bool) -> list[str]:
    """The text report's last lines: every disagreeing cell, or that all agree."""
    if not recalculated:
        return [
            "",
            "The workbook has never been calculated (no stored formula values): nothing to"
            " compare; open and save it in a spreadsheet program.",
        ]
    if disagreements:
        return ["", f"{len(disagreements)} cell(s) disagree with Python:"] + [
            f"  {d.sheet}!{d.cell}: workbook {d.workbook!r}, Python {d.python!r}"
            for d in disagreements
        ]
    return ["", "Every formula value agrees with Python."]


def unscored_lines(problems: Sequence[str], what: str) -> list[str]:
    """The text report's lines on what could not be scored (``what``: ``deal(s)``,
    ``board(s)``, ...), one a problem; none when everything was scored.

    >>> unscored_lines(["Board 3 row 2: no declarer"], "board(s)")
    ['', '1 board(s) could not be scored:', '  Board 3 row 2: no declarer']
    """
    if not problems:
        return []
    return ["", f"{len(problems)} {what} could not be scored:"] + [f"  {p}" for p in problems]


def cell_text(x: Any) -> str:
    """A value as a table or CSV cell."""
    if x is None:
        return ""
    return numerals.shown_text(x) if isinstance(x, float) else str(x)


def column_texts(values: Sequence[Any]) -> list[str]:
    """A column's cells as :func:`cell_text` writes them, its figures all with the same
    decimals when any has a fraction (:mod:`xlbridge.results.figures`).

    >>> column_texts([12.0, 13.5, None, "-"])
    ['12.0', '13.5', '', '-']
    """
    places = decimals(v for v in values if isinstance(v, int | float) and not isinstance(v, bool))
    return [
        fixed(v, places) if isinstance(v, int | float) and not isinstance(v, bool) and places
        else cell_text(v)
        for v in values
    ]  # fmt: skip


def table_text(rows: Sequence[Sequence[Any]], left: Sequence[int] = (1,)) -> str:
    """Rows as an aligned text table (columns in ``left`` left-aligned, the rest right); the
    figures of a column that has a fraction all written with the same decimals
    (:mod:`xlbridge.results.figures`: ``13.5`` beside ``12.0``, never ``12``).

    >>> print(table_text([["Team", "VP"], ["Aces", 12.0], ["Kings", 13.45], ["Jacks", 8]],
    ...                  left=(0,)))
    Team      VP
    Aces   12.00
    Kings  13.45
    Jacks   8.00
    """
    columns = [column_texts([row[i] for row in rows]) for i in range(len(rows[0]) if rows else 0)]
    cells = [[col[r] for col in columns] for r in range(len(rows))]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in cells
    )


def to_csv(columns: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> str:
    """CSV with spreadsheet-safe fields (:mod:`xlbridge.interchange.csvio`)."""
    return write_csv(tuple(columns), ([cell_text(r.get(c)) for c in columns] for r in rows))


def refuse(fmt: OutputFormat, family: FamilyName, kind: str) -> WorkbookError:
    """The one-line refusal of an output a family has no place in."""
    what = {"usebio": "USEBIO XML", "pbn": "PBN score tables"}.get(fmt, fmt)
    who = "pairs, individuals and teams" if fmt == "usebio" else "pairs and individuals"
    return WorkbookError(
        f"{what} output is for {who}; this is a {family} workbook ({kind}):"
        " use --format text, csv, json or html"
    )

