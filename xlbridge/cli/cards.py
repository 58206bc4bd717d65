"""The ``cards`` command: a personal score card for each pair (or player) of a filled workbook.

The workbook is read and scored again in Python as ``xlbridge results`` reads it; the cards are
:mod:`xlbridge.results.cards`'s, written as text (a form feed between cards) or as an HTML page
that prints one card a page. This face only parses, calls and writes.

>>> CardsOptions.of(build().parse_args(["s.xlsx", "--pair", "3", "--format", "html"]))
CardsOptions(file='s.xlsx', pairs=('3',), format='html', output=None, force=False)
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any, Literal

from xlbridge.cli._args import path_arg, text_arg
from xlbridge.cli._output import deliver, refuse_overwriting_inputs
from xlbridge.limits import NAME_TEXT

__all__ = ["CardsOptions", "build", "register"]

CardFormat = Literal["text", "html"]
FORMATS: tuple[CardFormat, ...] = ("text", "html")


@dataclass(frozen=True, slots=True)
class CardsOptions:
    """What ``xlbridge cards`` was asked: the workbook, the pairs wanted (all when empty), the
    format, the output file (standard output when None) and whether it may be replaced."""

    file: str
    pairs: tuple[str, ...]
    format: CardFormat
    output: str | None
    force: bool

    @classmethod
    def of(cls, args: argparse.Namespace) -> CardsOptions:
        return cls(args.file, tuple(args.pair or ()), args.format, args.output, args.force)


def _add(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=path_arg("workbook"), help="the filled session workbook (.xlsx)")
    p.add_argument(
        "--pair", action="append", metavar="LABEL", type=text_arg("pair", NAME_TEXT),
        help="only this pair's (or player's) card, by its label on the Names sheet (\"3\","
        " \"NS 1\"); repeat it for several; default every pair",
    )  # fmt: skip
    p.add_argument(
        "--format", default="text", choices=FORMATS,
        help="text (plain aligned tables, a form feed between cards) or html (one card a"
        " printed page); default text",
    )  # fmt: skip
    p.add_argument(
        "-o", "--output", type=path_arg("output"), help="write to this file, not standard output"
    )
    p.add_argument("--force", action="store_true", help="replace an existing output file")


_DESCRIPTION = (
    "Personal score cards from a filled pairs or individuals workbook (never changing it),"
    " scored again in Python as xlbridge results scores it: for each pair (or player) every"
    " board played with its round, opponents, direction, contract, declarer, result, score,"
    " matchpoints (or IMPs) and percentage of the top, and under it the board's frequency"
    " table: each North-South score, how many times it was scored, and its matchpoints (IMPs)"
    " to North-South and East-West, the card holder's own marked. The card's total and"
    " percentage are the ranking's. Teams and social workbooks are refused (their results"
    " pages show each match). Exit status 3 when the Checks sheet lists open problems (the"
    " cards say provisional)."
)
_EPILOG = (
    'Example: xlbridge cards session.xlsx --pair "NS 3" --pair "EW 5"\n'
    "         xlbridge cards session.xlsx --format html -o cards.html   (print: a card a page)"
)


def build() -> argparse.ArgumentParser:
    """The command's own parser (for the docstring example and tests)."""
    p = argparse.ArgumentParser(
        prog="xlbridge cards", description=_DESCRIPTION, epilog=_EPILOG, allow_abbrev=False
    )
    _add(p)
    return p


def register(sub: Any) -> None:
    """Add the ``cards`` command to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "cards",
        help="personal score cards: every board of a pair with its frequency table",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add(p)
    p.set_defaults(handler=_cards)


def _cards(args: argparse.Namespace) -> int:
    from xlbridge.families.registry import score_workbook
    from xlbridge.results.cards import cards_html, cards_text, score_cards
    from xlbridge.results.problems import PROVISIONAL_EXIT

    opt = CardsOptions.of(args)
    refuse_overwriting_inputs(opt.output, (opt.file,), opt.force)
    res = score_workbook(opt.file, lambda family: (
        f"this is a {family} workbook; score cards are for pairs and individuals"
        " (a teams or social results page shows each match: xlbridge results FILE"
        " --format html)"
    ))  # fmt: skip
    cards = score_cards(res, opt.pairs)
    data = cards_html(res, cards) if opt.format == "html" else cards_text(res, cards)
    note = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    deliver(data, opt.output, opt.force, inputs=(opt.file,), note=note)
    for p in res.open_problems:
        print(f"xlbridge cards: {p.line()}", file=sys.stderr)
    return PROVISIONAL_EXIT if res.open_problems else 0
