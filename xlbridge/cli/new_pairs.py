"""``xlbridge new`` for pairs games (Mitchell family, Howell, web, twin, ...): the options only
pairs games have, and the writer call.

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
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from xlbridge.cli._args import GIVEN, path_arg
from xlbridge.cli.movement import add_movement_options
from xlbridge.errors import WorkbookError
from xlbridge.scoring.choices import DATUM_ROUNDINGS
from xlbridge.workbook.choices import RESULT_ENTRIES, SCORINGS

if TYPE_CHECKING:
    from xlbridge.interchange.names import NamedPlayer
    from xlbridge.movements.field import Field
    from xlbridge.movements.model import Movement
    from xlbridge.movements.registry import KindInfo

__all__ = [
    "GAME",
    "add_options",
    "import_engine",
    "registered",
    "run",
    "run_file",
    "run_sections",
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


def _check_names(names: dict[str, tuple[str, ...]], labels: dict[str, int]) -> None:
    """Every row of a names file names a pair of the movement (by label, ``NS 1``, or by
    number, ``1``), and no pair twice (``NS 1`` and ``1`` are one pair: one row would be lost).

    >>> _check_names({"NS 1": ("Ann",), "1": ("Bo",)}, {"NS 1": 1, "EW 1": 4})
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: names file: rows 'NS 1' and '1' both name pair NS 1; keep one
    """
    ids = {str(i): label for label, i in labels.items()}
    unknown = [k for k in names if k not in labels and k not in ids]
    if unknown:
        raise WorkbookError(
            f"names file: pair {unknown[0]!r} is not in this movement "
            f"(pairs: {', '.join(list(labels)[:6])}{', ...' if len(labels) > 6 else ''})"
        )
    seen: dict[str, str] = {}
    for key in names:
        pair = key if key in labels else ids[key]
        if pair in seen:
            raise WorkbookError(
                f"names file: rows {seen[pair][:20]!r} and {key[:20]!r} both name pair {pair};"
                " keep one"
            )
        seen[pair] = key


def run(args: argparse.Namespace, info: KindInfo) -> int:
    """Build the movement (as ``xlbridge movement`` does) and write the pairs workbook."""
    from xlbridge.families.duplicate.session_sheet import movement_options_text
    from xlbridge.movements.options import build_movement

    if args.scoring != "butler" and "--datum-rounding" in getattr(args, GIVEN, ()):
        raise WorkbookError("--datum-rounding is for Butler scoring (--scoring butler)")
    movement = build_movement(info, args)
    return _write(args, movement, movement_options_text(args.even, args.arrow_switch,
                                                        args.half_table, args.sit_out))  # fmt: skip


def run_file(args: argparse.Namespace, movement: Movement) -> int:
    """``new --movement-file FILE``: the pairs workbook of a club's own pairs movement; a file
    of several sections (a ``section`` column) writes their one workbook, scored across the
    field as ``--sections`` does."""
    from xlbridge.movements.field import FIELD_KIND

    if movement.kind == FIELD_KIND:
        from xlbridge.interchange.movement_file import read_sections_file

        field = read_sections_file(args.movement_file)
        return _write(args, field.movement, "none", _scored(args, field))
    typed: frozenset[str] = getattr(args, GIVEN, frozenset())
    for name in ("--section-scoring", "--board-sets"):
        if name in typed:
            raise WorkbookError(f"{name} is for several sections (--sections, or a movement "
                                "file with a section column)")  # fmt: skip
    return _write(args, movement, "none")


def registered(
    args: argparse.Namespace, players: dict[str, tuple[NamedPlayer, ...]]
) -> dict[str, tuple[NamedPlayer, ...]]:
    """``players`` with each player the names file gives by federation number only filled in
    from the club register (``--db``, or ``club.sqlite`` in this folder): name, handicap and
    masterpoints. Without such players the register is not opened."""
    from xlbridge.club.members import by_number_only, fill_players
    from xlbridge.club.schema import DEFAULT_DB
    from xlbridge.club.store import open_club, reading

    if not by_number_only(players):
        if args.db is not None:
            raise WorkbookError("--db: the names file gives every player's name; the club "
                                "register fills players given by number only")  # fmt: skip
        return players
    if args.db is None and not Path(DEFAULT_DB).exists():
        raise WorkbookError(
            "the names file gives players by federation number only: name the club database "
            f"with --db (none at {DEFAULT_DB}; xlbridge club import-members creates it)"
        )
    with reading(open_club(args.db or DEFAULT_DB, create=False)) as con:
        return fill_players(con, players)


# What ``--sections`` gives, so ``new --sections`` refuses these options by name.
_SECTIONS_GIVE = ("--tables", "--rounds", "--even", "--arrow-switch", "--half-table",
                  "--movement-file", "--sit-out")  # fmt: skip


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
    field = join_sections(parse_sections(args.sections), args.boards_per_round)
    return _write(args, field.movement, "none", _scored(args, field))


def _scored(args: argparse.Namespace, field: Field) -> Field:
    """``field`` scored as ``--section-scoring`` and ``--board-sets`` say."""
    from xlbridge.movements.field import parse_board_sets

    if args.board_sets is not None and (args.deals is not None or args.deal):
        raise WorkbookError("--board-sets: hand records for several sets of deals are not done "
                            "yet (write one workbook a board set for --deals/--deal)")  # fmt: skip
    sets = () if args.board_sets is None else parse_board_sets(args.board_sets, field.letters)
    return dataclasses.replace(field, scoring=args.section_scoring, sets=sets)


def add_masterpoints_option(g: argparse._ActionsContainer) -> None:
    """``new --masterpoints SCALE`` (pairs, individual and teams games share it)."""
    from xlbridge.scoring.masterpoints import MASTERPOINT_SCALES

    g.add_argument(
        "--masterpoints", metavar="SCALE", choices=MASTERPOINT_SCALES, default=None,
        help="keep a masterpoint scale on the Session sheet: ebu-club (the EBU's club points,"
        " sessions of 18-35 boards); the Results sheet shows each award by formula and"
        " results awards them without its --masterpoints",
    )  # fmt: skip


def _write(
    args: argparse.Namespace, movement: Movement, options_text: str, field: Field | None = None
) -> int:
    from xlbridge.cli.deals import hand_records_for
    from xlbridge.interchange.names import read_players

    players = registered(args, read_players(args.names) if args.names else {})
    names = {k: tuple(p.name for p in v if p.name) for k, v in players.items()}
    strata = None
    if args.strata is not None:
        from xlbridge.scoring.strata import Strata

        strata = Strata.parse(args.strata, args.strata_by or "higher",
                              args.unknown_stratum or "lowest")  # fmt: skip
    elif args.strata_by is not None or args.unknown_stratum is not None:
        flag = "--strata-by" if args.strata_by is not None else "--unknown-stratum"
        raise WorkbookError(f"{flag}: give --strata too (the strata's thresholds)")
    _check_names(names, {p.label: p.id for p in movement.pairs})
    records = hand_records_for(args, movement.boards)  # [] without --deals/--deal
    import_engine("xlbridge.families.pairs.build")  # the engine: loaded only to write, lean
    from xlbridge.families.pairs.build import write_session

    out = write_session(
        movement,
        args.output,
        event=args.event,
        date=args.date,
        scoring=args.scoring,
        scale=args.scale,
        result_entry=args.result_entry,
        datum_rounding=args.datum_rounding,
        template=args.template,
        force=args.force,
        names=names,
        hand_records=records,
        movement_options=options_text,
        sections=field,
        players=players,
        handicapped=args.handicap,
        strata=strata,
        masterpoints=args.masterpoints or "",
    )
    hands = ", hand records" if records else ""
    where = f" in {len(field.sections)} sections" if field else ""
    dup = ""
    if movement.barometer:  # the director duplicates the boards before play
        from xlbridge.movements.barometer import copies

        dup = f" ({copies(movement)} copies of each: barometer)"
    print(f"wrote {out}: {len(movement.boards)} boards{dup}, {len(movement.pairs)} pairs"
          f"{where}{hands}")  # fmt: skip
    return 0


write_movement = run_file  # ``new --movement-file``: a club's own pairs movement
