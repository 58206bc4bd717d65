"""The input cells of a contract row, written once for every family: the drop-downs and
whole-number rules of Contract, By, Made/Down (or Tricks), and the highlights that turn a row's
inputs red when it has a problem and NS Score orange when a number is typed over it; and the
green highlight of the placed rows of a recap.

Validation stops what can never be right; the Checks sheet reports the rest. The highlight
rules' formula text is :func:`xlbridge.workbook.formulas.problem_row_rule`,
:func:`~xlbridge.workbook.formulas.typed_over_rule` and
:func:`~xlbridge.workbook.formulas.placed_rule`.

>>> from openpyxl import Workbook
>>> from xlbridge.workbook.formulas import TravellerCols
>>> ws = Workbook().active
>>> c = TravellerCols.build("made-down", "mp")
>>> validate_contract_rows(ws, c, lambda col: f"{col}6:{col}9")
>>> [(v.type, str(v.sqref)) for v in ws.data_validations.dataValidation][:3]
[('list', 'C6:C9'), ('list', 'D6:D9'), ('whole', 'E6:E9')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import PatternFill
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.scoring.contract import score_sizes
from xlbridge.text import header_text
from xlbridge.workbook import formulas as F
from xlbridge.workbook.formulas import TravellerCols
from xlbridge.workbook.styles import fit_landscape

__all__ = [
    "BAD",
    "CONTRACTS",
    "PLACE",
    "TYPED",
    "WholeRule",
    "add_whole",
    "finish_board_sheet",
    "highlight_places",
    "highlight_rows",
    "result_rules",
    "score_rule",
    "validate_contract_rows",
]

CONTRACTS = "Lists!$A$1:$A$106"  # the contract texts of the hidden Lists sheet (lists.py)
BAD = PatternFill("solid", fgColor="F4B6B6")
TYPED = PatternFill("solid", fgColor="F8CBAD")
PLACE = PatternFill("solid", fgColor="E2EFDA")

# (column, lowest, highest, error message) of a whole-number input column.
WholeRule = tuple[str, int, int, str]


def result_rules(c: TravellerCols) -> list[WholeRule]:
    """The whole-number rules of the result columns: Made 1-7 and Down 1-13, or Tricks 0-13.

    >>> [r[:3] for r in result_rules(TravellerCols.build("tricks", "mp"))]
    [('E', 0, 13)]
    """
    if c.made and c.down:
        return [(c.made, 1, 7, "Made is the level made, 1-7"), (c.down, 1, 13, "Down is 1-13")]
    if c.tricks_in:
        return [(c.tricks_in, 0, 13, "Tricks taken are 0-13")]
    return []


def score_rule(c: TravellerCols) -> WholeRule:
    """Score entry's NS Score: a whole number no larger than any contract scores (Law 77; 13
    down redoubled vulnerable, 7600); Checks reports one no contract scores.

    >>> score_rule(TravellerCols.build("score", "mp"))[:3]
    ('G', -7600, 7600)
    """
    most = max(score_sizes())
    return (c.ns_score, -most, most, f"NS Score is a whole number, -{most} to {most}")


def add_whole(ws: Worksheet, sqref: str, lo: int, hi: int, msg: str) -> None:
    """A whole number from ``lo`` to ``hi`` (blank allowed) in ``sqref``, else ``msg``."""
    dv = DataValidation(type="whole", operator="between", formula1=str(lo), formula2=str(hi))
    dv.allow_blank, dv.showErrorMessage, dv.error = True, True, msg
    dv.add(sqref)
    ws.add_data_validation(dv)


def validate_contract_rows(
    ws: Worksheet,
    c: TravellerCols,
    rng: Callable[[str], str],
    *,
    contract_rule: str | None = None,
    extra: Iterable[WholeRule] = (),
) -> None:
    """Validate the contract rows' inputs, ``rng(column)`` being a column's range of rows.

    Contract: the Lists drop-down, which only suggests; or, given ``contract_rule`` (a custom
    validation formula without its ``=``), a rule that refuses what is not a contract. By: N,
    E, S or W. The result columns (:func:`result_rules`), then the ``extra`` whole-number
    columns, in that order.
    """
    if contract_rule is None:
        dv = DataValidation(type="list", formula1=CONTRACTS, allow_blank=True)
        dv.showErrorMessage = False
    else:
        dv = DataValidation(type="custom", formula1=contract_rule)
        dv.allow_blank, dv.showErrorMessage, dv.errorTitle = True, True, "Contract"
        dv.error = "A contract is a level 1-7 and a strain, like 4S, 3NT, 4HX, or PASS"
    dv.add(rng(c.contract))
    ws.add_data_validation(dv)
    dv = DataValidation(type="list", formula1='"N,E,S,W"', allow_blank=True)
    dv.error, dv.errorTitle, dv.showErrorMessage = "Declarer is N, E, S or W", "By", True
    dv.add(rng(c.by))
    ws.add_data_validation(dv)
    for col, lo, hi, msg in [*result_rules(c), *extra]:
        add_whole(ws, rng(col), lo, hi, msg)


def highlight_rows(
    ws: Worksheet, c: TravellerCols, sqrefs: Sequence[str], first: int, last: int
) -> None:
    """Each of ``sqrefs`` (the rows' input cells: one range, or several joined by spaces) turns
    red when its row has a problem; NS Score turns orange when a number typed over it differs
    from the computed score."""
    for sqref in sqrefs:
        ws.conditional_formatting.add(
            sqref,
            FormulaRule(  # type: ignore[no-untyped-call]
                formula=[F.problem_row_rule(c, first)], fill=BAD
            ),
        )
    if c.score_entry:  # the typed score is the entry: nothing is typed over
        return
    ws.conditional_formatting.add(
        f"{c.ns_score}{first}:{c.ns_score}{last}",
        FormulaRule(  # type: ignore[no-untyped-call]
            formula=[F.typed_over_rule(c, first)], fill=TYPED
        ),
    )


def highlight_places(ws: Worksheet, sqref: str, rank_cell: str, places: int) -> None:
    """The rows of ``sqref`` turn green when the rank in ``rank_cell`` (the first row's; a
    relative reference) is one of the first ``places`` (``session.places_to_rank``)."""
    ws.conditional_formatting.add(
        sqref,
        FormulaRule(  # type: ignore[no-untyped-call]
            formula=[F.placed_rule(rank_cell, places)], fill=PLACE
        ),
    )


def finish_board_sheet(
    ws: Worksheet,
    c: TravellerCols,
    widths: Mapping[str, float],
    *,
    freeze: str,
    print_area: str,
    title: str,
) -> None:
    """Column widths, the hidden helper columns grouped, frozen panes, landscape printing with
    the header row repeated and ``title`` in the page header, and sheet protection: the end of
    every family's ``Board N`` sheet."""
    for col, w in widths.items():
        ws.column_dimensions[col].width = w
    ws.column_dimensions.group(c.first_hidden, c.last_hidden, hidden=True)
    ws.freeze_panes = freeze
    ws.print_area = print_area
    ws.print_title_rows = f"{F.HEADER_ROW}:{F.HEADER_ROW}"
    fit_landscape(ws)
    header: Any = ws.oddHeader
    header.center.text = header_text(title)
    ws.protection.sheet = True
