"""The ``new`` command: write a session workbook of the kind's own game family.

The options every family shares live here; each family's own options and its writer live in
one module per family (``FAMILY_MODULES``), which exposes ``add_options(parser)`` and
``run(args, info) -> int``. A family whose module is not written yet is refused with one line
naming the issue that brings it, never given another family's workbook.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import Any

from xlbridge.cli._args import GIVEN, add_size_options, date_arg, path_arg, text_arg, track_given
from xlbridge.errors import WorkbookError
from xlbridge.limits import EVENT_TEXT

__all__ = ["FAMILY_MODULES", "register"]

# One CLI module per game family (product spec, "Game families"), and what brings it if absent.
FAMILY_MODULES: dict[str, str] = {
    "pairs": "xlbridge.cli.new_pairs",
    "individual": "xlbridge.cli.new_individual",
    "teams": "xlbridge.cli.new_teams",
    "social": "xlbridge.cli.new_social",
}
_COMES_WITH = {
    "individual": "the issue 'Individual and team games'",
    "teams": "the issue 'Individual and team games'",
    "social": "the issue 'Social games: rubber, Chicago and party bridge'",
}


def _family_module(family: str) -> ModuleType | None:
    name = FAMILY_MODULES[family]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def _epilog() -> str:
    # Listing the kinds loads every movement generator: done only when ``new --help`` shows it.
    from xlbridge.movements.registry import KINDS

    return (
        "Example: xlbridge new mitchell --tables 7 --boards-per-round 3 "
        '--event "Tuesday pairs" -o tuesday.xlsx\n'
        "A club's own movement (the CSV 'xlbridge movement --format csv' writes; README, "
        '"A club\'s own movement"):\n'
        "  xlbridge new --movement-file club.csv -o tuesday.xlsx\n"
        "A published session's movement, worked out from its PBN results, then its results:\n"
        "  xlbridge new --movement-file session.pbn -o session.xlsx\n"
        "  xlbridge import session.xlsx --from session.pbn -o session-scored.xlsx\n"
        "Sections on the same boards, matchpointed across the field:\n"
        "  xlbridge new --sections A:mitchell:7,B:mitchell:6 --boards-per-round 3 -o big.xlsx\n"
        "Barometer play (every table plays the round's boards; README, \"Barometer play\"):\n"
        "  xlbridge new howell --tables 4 --barometer -o barometer.xlsx\n"
        f"Kinds: {', '.join(sorted(KINDS))}"
    )


def register(sub: Any) -> None:
    """Add ``xlbridge new`` to the parser."""
    p = sub.add_parser(
        "new",
        help="write a session workbook (travellers, recap, cards) that scores itself",
        description="Write a session workbook for a movement, in the form of its game "
        "(pairs, individuals, teams or social games), scored by native formulas in Excel, "
        "LibreOffice or Google Sheets.",
        lazy_epilog=_epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument(
        "kind", nargs="?", default=None,
        help="movement kind, e.g. mitchell or howell (none with --movement-file)",
    )  # fmt: skip
    p.add_argument(
        "--movement-file",
        type=path_arg("movement file"),
        default=None,
        metavar="FILE",
        help="a club's own movement (pairs, or an individual's players by seat): the CSV"
        " 'xlbridge movement --format csv' writes, an .asc movement file, or a PBN file of"
        " results (the movement they were played in)",
    )
    add_size_options(
        p,
        tables_help="number of tables (each kind narrows it: xlbridge movement list); "
        "needed unless --movement-file",
        tables_required=False,
        rounds_help="rounds (default: the kind's; each kind narrows it)",
    )
    p.add_argument(
        "--event",
        type=text_arg("event", EVENT_TEXT),
        default="Club pairs",
        help=f"event name, written as text (at most {EVENT_TEXT} characters)",
    )
    p.add_argument(
        "--date",
        type=date_arg("--date"),
        default="",
        help="the session's date, yyyy-mm-dd (2026-11-24), printed on the sheets",
    )
    p.add_argument(
        "--template",
        type=path_arg("template"),
        default=None,
        help="a club's template .xlsx (styles)",
    )
    p.add_argument("--force", action="store_true", help="replace an existing file")
    p.add_argument(
        "-o",
        "--output",
        type=path_arg("output"),
        required=True,
        help="the workbook to write (.xlsx)",
    )
    for family in FAMILY_MODULES:
        module = _family_module(family)
        if module is not None:
            module.add_options(p)
    track_given(p)
    p.set_defaults(handler=_new)


_FAMILY_WORDS = {"pairs": "pairs", "individual": "individual", "teams": "team", "social": "social"}


def _article(word: str) -> str:
    """``a team``, ``an individual``.

    >>> _article("individual"), _article("pairs")
    ('an individual', 'a pairs')
    """
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _owners() -> dict[str, set[str]]:
    """Each family option of ``new`` and the families whose games take it.

    Each family's options are listed from a parser of their own, since a family that finds an
    option already added by another skips adding it. Individual games take the hand-record
    options that the pairs module adds.
    """
    from xlbridge.cli.deals import add_new_options

    def names(add: Any) -> set[str]:
        q = argparse.ArgumentParser(add_help=False)
        add(q)
        return set(q._option_string_actions)

    owners: dict[str, set[str]] = {}
    for family in FAMILY_MODULES:
        module = _family_module(family)
        if module is not None:
            for name in names(module.add_options):
                owners.setdefault(name, set()).add(family)
    for name in names(lambda q: add_new_options(q, q)):
        owners.setdefault(name, set()).add("individual")
    # Individual games take --scoring to refuse the IMP methods in their own words.
    owners.setdefault("--scoring", set()).add("individual")
    return owners


def _foreign_option(given: frozenset[str], family: str) -> tuple[str, set[str]] | None:
    """The first option on the command line that belongs only to other families' games."""
    owners = _owners()
    for name in sorted(given):
        families = owners.get(name)
        if families is not None and family not in families:
            return name, families
    return None


def _new(args: argparse.Namespace) -> int:
    from xlbridge.movements.registry import family_of, get_kind

    if getattr(args, "sections", None) is not None:
        from xlbridge.cli.new_pairs import run_sections

        _refuse_foreign(args, "pairs", "a sectioned game (--sections)")
        return run_sections(args)
    for name in ("--section-scoring", "--board-sets"):
        if name in getattr(args, GIVEN, frozenset()) and args.movement_file is None:
            raise WorkbookError(f"{name} is for sectioned games (--sections)")
    if args.movement_file is not None:
        from xlbridge.cli.new_pairs import file_movement, run_file

        movement = file_movement(args)
        family = "individual" if movement.individual else "pairs"
        _refuse_foreign(args, family, "a club's own movement (--movement-file)")
        if movement.individual:
            from xlbridge.cli.new_individual import write

            return write(args, movement)
        return run_file(args, movement)
    if args.kind is None:
        raise WorkbookError("give a movement kind (xlbridge movement list) or --movement-file")
    info = get_kind(args.kind)
    if args.tables is None:
        raise WorkbookError(f"{info.name}: give the number of tables with --tables")
    family = family_of(info.name)
    module = _family_module(family)
    if module is None:
        raise WorkbookError(
            f"{info.name} is a {family} game; its workbook comes with {_COMES_WITH[family]}, "
            "not yet built (a pairs workbook would score the wrong game)"
        )
    _refuse_foreign(args, family, info.name)
    result: int = module.run(args, info)
    return result


def _refuse_foreign(args: argparse.Namespace, family: str, what: str) -> None:
    """One line for an option on the command line that only other families' games take."""
    foreign = _foreign_option(getattr(args, GIVEN, frozenset()), family)
    if foreign is not None:
        name, families = foreign
        words = sorted(_FAMILY_WORDS[f] for f in families)
        theirs = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
        raise WorkbookError(
            f"{what} is {_article(_FAMILY_WORDS[family])} game: {name} is an option of {theirs} "
            "games only (xlbridge new --help lists each family's options)"
        )
