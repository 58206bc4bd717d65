"""The ``new`` command: write a session workbook of the kind's own game family.

The options every family shares live here; each family's own options, parsed into the
:class:`~xlbridge.families.registry.WriteRequest` its registry family writes, live in the face
module of each family the registry lists (``xlbridge.cli.new_<family>``), which
exposes ``add_options(parser)``, ``run(args, info) -> int``, ``GAME`` (the family's games in a
sentence: ``a team game``) and optionally ``also_takes()`` (options other modules add that its
games take too). This module names no family.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from xlbridge.cli._args import GIVEN, add_size_options, date_arg, path_arg, text_arg, track_given
from xlbridge.errors import WorkbookError
from xlbridge.limits import EVENT_TEXT
from xlbridge.movements.options import flag_of, option_specs

if TYPE_CHECKING:
    from xlbridge.movements.model import Movement

__all__ = ["register"]


def _family_module(family: str) -> ModuleType:
    """The face module of ``new`` for a family of the registry (product spec, "Game
    families").

    >>> _family_module("teams").GAME
    'a team game'
    """
    return importlib.import_module(f"xlbridge.cli.new_{family}")


def _families() -> tuple[str, ...]:
    from xlbridge.types import FAMILY_NAMES  # the registry's names, without loading it

    return FAMILY_NAMES


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
    for family in _families():
        _family_module(family).add_options(p)
    track_given(p)
    p.set_defaults(handler=_new)


def _owners() -> dict[str, set[str]]:
    """Each family option of ``new`` and the families whose games take it.

    Each family's options are listed from a parser of their own, since a family that finds an
    option already added by another skips adding it; a family's module names the options that
    others add and its games take too (``also_takes``).
    """

    def names(add: Any) -> set[str]:
        q = argparse.ArgumentParser(add_help=False)
        add(q)
        return set(q._option_string_actions)

    owners: dict[str, set[str]] = {}
    for family in _families():
        module = _family_module(family)
        also = getattr(module, "also_takes", None)
        for name in names(module.add_options) | (set(also()) if also else set()):
            owners.setdefault(name, set()).add(family)
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
    from xlbridge.movements.registry import family_of, family_of_file_movement, get_kind

    if getattr(args, "sections", None) is not None:
        (family,) = _owners()["--sections"]  # the family whose games are played in sections
        _refuse_foreign(args, family, "a sectioned game (--sections)")
        result: int = _family_module(family).run_sections(args)
        return result
    for name in ("--section-scoring", "--board-sets"):
        if name in getattr(args, GIVEN, frozenset()) and args.movement_file is None:
            raise WorkbookError(f"{name} is for sectioned games (--sections)")
    if args.movement_file is not None:
        movement = file_movement(args)
        family = family_of_file_movement(movement)
        _refuse_foreign(args, family, "a club's own movement (--movement-file)")
        result = _family_module(family).write_movement(args, movement)
        return result
    if args.kind is None:
        raise WorkbookError("give a movement kind (xlbridge movement list) or --movement-file")
    info = get_kind(args.kind)
    if args.tables is None:
        raise WorkbookError(f"{info.name}: give the number of tables with --tables")
    family = family_of(info.name)
    module = _family_module(family)
    _refuse_foreign(args, family, info.name)
    result = module.run(args, info)
    return result


# What a movement file gives, so ``new --movement-file`` refuses these options by name.
_FILE_GIVES = ("--tables", "--rounds", *(flag_of(name) for name, _spec in option_specs()))


def file_movement(args: argparse.Namespace) -> Movement:
    """``new --movement-file FILE``'s movement, pairs or individual: the file's, with the kind
    recorded as the file's (see :func:`~xlbridge.interchange.movement_file.recorded_kind`). A
    movement breaking a binding Manning rule is refused (its workbook would score wrongly), as
    are the options the file gives (kind, tables, rounds, movement options)."""
    from xlbridge.interchange.movement_file import read_movement_file, recorded_kind
    from xlbridge.movements.validate import check

    if args.kind is not None:
        raise WorkbookError(f"give a kind ({args.kind!r}) or --movement-file, not both")
    typed: frozenset[str] = getattr(args, GIVEN, frozenset())
    given = [o for o in _FILE_GIVES if o in typed]
    if given:
        raise WorkbookError(f"{given[0]} does not apply to --movement-file: the file gives "
                            "the movement")  # fmt: skip
    movement = recorded_kind(read_movement_file(args.movement_file, args.boards_per_round))
    errors = check(movement).errors
    if errors:
        raise WorkbookError(
            f"{args.movement_file}: {len(errors)} broken rule{'s' if len(errors) > 1 else ''}, "
            f"first {errors[0]} (xlbridge movement --from lists them all)"
        )
    return movement


def _refuse_foreign(args: argparse.Namespace, family: str, what: str) -> None:
    """One line for an option on the command line that only other families' games take."""
    foreign = _foreign_option(getattr(args, GIVEN, frozenset()), family)
    if foreign is not None:
        name, families = foreign
        words = sorted(_word(f) for f in families)
        theirs = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
        raise WorkbookError(
            f"{what} is {_family_module(family).GAME}: {name} is an option of {theirs} "
            "games only (xlbridge new --help lists each family's options)"
        )


def _word(family: str) -> str:
    """The family's games' word: ``team`` of ``a team game``.

    >>> _word("individual"), _word("teams")
    ('individual', 'team')
    """
    game: str = _family_module(family).GAME
    return game.split(" ", 1)[1].removesuffix(" game")
