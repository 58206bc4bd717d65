"""``xlbridge new`` for pairs games (Mitchell family, Howell, web, twin, ...): the options only
pairs games have, parsed into the request the registry's family writes.

The movement is built by the same function as ``xlbridge movement`` (``build_movement``), so
every option that changes a pairs movement there (``--even``, ``--half-table``,
``--arrow-switch``, ``--rounds``) changes it here too, and an option the kind does not take is
an error naming it.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import sys
from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any

from xlbridge.cli._args import GIVEN, path_arg
from xlbridge.cli.movement import add_movement_options
from xlbridge.errors import WorkbookError
from xlbridge.movements.options import flag_of, option_specs
from xlbridge.scoring.choices import DATUM_ROUNDINGS
from xlbridge.workbook.choices import RESULT_ENTRIES, SCORINGS

if TYPE_CHECKING:
    from xlbridge.families.registry import WriteRequest
    from xlbridge.movements.field import Field
    from xlbridge.movements.model import Movement
    from xlbridge.movements.registry import KindInfo

__all__ = [
    "GAME",
    "add_options",
    "import_engine",
    "request_of",
    "run",
    "run_file",
    "run_sections",
    "write",
    "write_movement",
]

GAME = "a pairs game"  # the family's games, in the one-line refusals of ``new``


def add_options(p: argparse.ArgumentParser) -> None:
    """Options of ``new`` that only pairs games have."""
    g = p.add_argument_group("pairs games")
    g.add_argument("--scoring", choices=SCORINGS, default="mp", help="mp, butler or ximp")
    g.add_argument("--scale", choices=("acbl", "ebu"), default="acbl", help="matchpoint scale")
    g.add_argument(
        "--result-entry", choices=RESULT_ENTRIES, default="made-down",
        help="made-down (Made or Down), tricks (Tricks taken) or score (NS Score only)",
    )  # fmt: skip
    g.add_argument(
        "--datum-rounding",
        choices=DATUM_ROUNDINGS,
        default="half-away",
        help="Butler: where a datum's exact 5 goes (default half-away, from zero: 425 -> 430, "
        "-425 -> -430; half-even: ACBLscore; half-up: -425 -> -420)",
    )
    g.add_argument(
        "--names",
        default=None,
        metavar="FILE.csv",
        help="pair names: one row per pair, the pair label or number then the players' names; "
        "a header row (pair,player 1,player 2,number 1,number 2,handicap 1,handicap 2,"
        "masterpoints 1,masterpoints 2; any of the columns after player 2) adds each player's "
        "federation number, handicap and masterpoints",
    )
    g.add_argument(
        "--db",
        default=None,
        type=path_arg("database"),
        metavar="FILE",
        help="the club database whose register fills the players a names file gives by "
        "federation number only (default club.sqlite in this folder), e.g. --names "
        "numbers.csv --db club.sqlite",
    )
    g.add_argument(
        "--handicap",
        action="store_true",
        help="handicapped results beside the scratch ones (matchpoints): the pair's handicap "
        "(the mean of its players', Names sheet), its %% plus the handicap, and the rank on it; "
        "e.g. --names names.csv --handicap",
    )
    g.add_argument(
        "--strata",
        default=None,
        metavar="A:1000,B:300,C:0",
        help="stratified results (ACBL): two to four strata by the players' masterpoints "
        "(Names sheet), each stratum's least masterpoints, highest first, ending with 0; "
        "a pair ranks in its stratum and each above it; e.g. --strata 1000,300,0",
    )
    g.add_argument(
        "--strata-by",
        choices=("higher", "average"),
        default=None,
        help="with --strata: place a pair by the higher of its players' masterpoints "
        "(default) or their average",
    )
    g.add_argument(
        "--unknown-stratum",
        choices=("lowest", "highest"),
        default=None,
        help="with --strata: the stratum of a pair whose masterpoints are not known: the lowest "
        "(default; an ACBL club game counts them as 0) or the highest (an online site's rule)",
    )
    add_masterpoints_option(g)
    add_movement_options(p, g)
    g.add_argument(
        "--sections",
        default=None,
        metavar="A:KIND:TABLES,...",
        help="two sections or more playing the same boards, each LETTER:KIND:TABLES, scored "
        "across the field (no kind and no --tables then), e.g. --sections "
        "A:mitchell:7,B:mitchell:6 --boards-per-round 3",
    )
    g.add_argument(
        "--section-scoring",
        choices=("field", "section"),
        default="field",
        help="with --sections: field (every board matchpointed across all sections, the "
        "default; each section also ranked on its own); section (each section matchpointed "
        "on its own, its own top; ranked overall by percentage and within each section; "
        "matchpoints only), e.g. --sections A:mitchell:7,B:mitchell:6 --section-scoring "
        "section",
    )
    g.add_argument(
        "--board-sets",
        default=None,
        metavar="AB,CD",
        help="with --sections: the sections that share a set of boards (seed 003), each set "
        "its own deals, matchpointed on its own (matchpoints only), e.g. --sections "
        "A:mitchell:5,B:mitchell:5,C:mitchell:4,D:mitchell:4 --board-sets AB,CD",
    )
    from xlbridge.cli.deals import add_new_options

    add_new_options(p, p.add_argument_group("hand records (pairs and individual games)"))


# What a movement file gives, so ``new --movement-file`` refuses these options by name.
# Packages openpyxl loads when it can, that a written workbook never uses: numpy (cell values of
# numpy types) and Pillow (images). Together about 0.2 s of CPU, a sixth of a whole `new` run.
_UNUSED_BY_WRITERS = ("numpy", "PIL")


def import_engine(name: str) -> ModuleType:
    """Import the workbook engine module ``name`` for a ``new`` run.

    In a fresh process (openpyxl not loaded yet) openpyxl is loaded without numpy and Pillow,
    which the writers never need; both stay importable afterwards, as usual. Where openpyxl is
    loaded already (a test, a notebook), this is a plain import.

    >>> import_engine("xlbridge.workbook.choices").SCORINGS
    ('mp', 'butler', 'ximp')
    """
    if "openpyxl" in sys.modules or any(m in sys.modules for m in _UNUSED_BY_WRITERS):
        return importlib.import_module(name)
    for m in _UNUSED_BY_WRITERS:
        sys.modules[m] = None  # type: ignore[assignment]  # openpyxl's try-import then skips it
    try:
        return importlib.import_module(name)
    finally:
        for m in _UNUSED_BY_WRITERS:
            if sys.modules.get(m, 0) is None:
                del sys.modules[m]


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Write the pairs workbook of a built-in kind (its movement built as ``xlbridge movement``
    builds it)."""
    if args.scoring != "butler" and "--datum-rounding" in getattr(args, GIVEN, ()):
        raise WorkbookError("--datum-rounding is for Butler scoring (--scoring butler)")
    return write(request_of(args, info.name, _options(args)), args, "pairs")


def run_file(args: argparse.Namespace, movement: Movement) -> int:
    """``new --movement-file FILE``: the pairs workbook of a club's own pairs movement; a file
    of several sections (a ``section`` column) writes their one workbook, scored across the
    field as ``--sections`` does."""
    from xlbridge.movements.field import FIELD_KIND

    if movement.kind == FIELD_KIND:
        from xlbridge.interchange.movement_file import read_sections_file

        field = read_sections_file(args.movement_file)
        return _write_field(args, field)
    typed: frozenset[str] = getattr(args, GIVEN, frozenset())
    for name in ("--section-scoring", "--board-sets"):
        if name in typed:
            raise WorkbookError(f"{name} is for several sections (--sections, or a movement "
                                "file with a section column)")  # fmt: skip
    request = request_of(args, movement.kind, _options(args), tables=movement.tables)
    return write(dataclasses.replace(request, movement=movement), args, "pairs")


# What ``--sections`` gives, so ``new --sections`` refuses these options by name.
_SECTIONS_GIVE = ("--tables", "--rounds", *(flag_of(name) for name, _spec in option_specs()),
                  "--movement-file")  # fmt: skip


def run_sections(args: argparse.Namespace) -> int:
    """``new --sections A:mitchell:7,B:mitchell:6``: one workbook for several sections playing
    the same boards, matchpointed across the field or each section on its own
    (``--section-scoring``, :mod:`xlbridge.movements.field`)."""
    from xlbridge.movements.field import join_sections, parse_sections

    typed: frozenset[str] = getattr(args, GIVEN, frozenset())
    if args.kind is not None:
        raise WorkbookError(f"give a kind ({args.kind!r}) or --sections, not both: each "
                            "section names its kind (A:mitchell:7)")  # fmt: skip
    given = [o for o in _SECTIONS_GIVE if o in typed]
    if given:
        raise WorkbookError(f"{given[0]} does not apply to --sections: each section gives its "
                            "kind and tables (A:mitchell:7)")  # fmt: skip
    if args.datum_rounding != "half-away" and args.scoring != "butler":
        raise WorkbookError("--datum-rounding is for Butler scoring (--scoring butler)")
    return _write_field(args, join_sections(parse_sections(args.sections), args.boards_per_round))


def _write_field(args: argparse.Namespace, field: Field) -> int:
    """The one workbook of several sections (``field``), scored as the options say."""
    request = request_of(args, field.movement.kind, _options(args), tables=field.movement.tables)
    return write(dataclasses.replace(request, sections=field), args, "pairs")


def add_masterpoints_option(g: argparse._ActionsContainer) -> None:
    """``new --masterpoints SCALE`` (pairs, individual and teams games share it)."""
    from xlbridge.scoring.masterpoints import MASTERPOINT_SCALES

    g.add_argument(
        "--masterpoints", metavar="SCALE", choices=MASTERPOINT_SCALES, default=None,
        help="keep a masterpoint scale on the Session sheet: ebu-club (the EBU's club points,"
        " sessions of 18-35 boards); the Results sheet shows each award by formula and"
        " results awards them without its --masterpoints",
    )  # fmt: skip


# ``new``'s options of pairs games, by their names in the family's ``NewOptions``.
_OPTIONS = ("scoring", "scale", "result_entry", "datum_rounding", "handicap", "strata",
            "strata_by", "unknown_stratum", *(name for name, _spec in option_specs()),
            "section_scoring", "board_sets", "masterpoints")  # fmt: skip


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {k: getattr(args, k) for k in _OPTIONS} | {"masterpoints": args.masterpoints or ""}


_PAIRS_EVENT_DEFAULT = "Club pairs"  # ``--event``'s default: each family's own default then


def request_of(
    args: argparse.Namespace, kind: str, options: Mapping[str, Any], *,
    tables: int | None = None,
) -> WriteRequest:  # fmt: skip
    """What ``new``'s arguments ask the registry to write: the kind, its size (``tables``: the
    movement's, when a file or sections give it), the event (None: the family's own), the
    date, the names file, the club register and the hand records, with ``options`` (the
    family's own options by name).

    >>> from types import SimpleNamespace as NS
    >>> ns = NS(tables=3, boards_per_round=None, rounds=None, event="Club pairs", date="",
    ...         names=None, db=None, deals=None, deal=False, seed=None)
    >>> r = request_of(ns, "howell", {})
    >>> r.event is None, r.reads_files
    (True, False)
    """
    from xlbridge.families.registry import Deals, WriteRequest

    return WriteRequest(
        kind, args.tables if tables is None else tables, args.boards_per_round, args.rounds,
        event=None if args.event == _PAIRS_EVENT_DEFAULT else args.event, date=args.date,
        options=MappingProxyType(dict(options)), names=getattr(args, "names", None),
        db=getattr(args, "db", None),
        deals=Deals(getattr(args, "deals", None), bool(getattr(args, "deal", False)),
                    getattr(args, "seed", None)),
    )  # fmt: skip


def write(request: WriteRequest, args: argparse.Namespace, family: str) -> int:
    """Ask the registry's ``family`` to write ``request`` to ``--output`` (forced with
    ``--force``, styled by ``--template``) and print what it wrote."""
    import_engine("openpyxl")  # the engine: loaded only to write, lean
    from xlbridge.families.registry import family as family_named

    got = family_named(family).write_new(request, args.output, template=args.template,
                                         force=args.force)  # fmt: skip
    print(f"wrote {got.path}: {got.summary}")
    return 0


write_movement = run_file  # ``new --movement-file``: a club's own pairs movement
