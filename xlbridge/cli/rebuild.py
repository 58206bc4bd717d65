"""The ``import`` and ``rebuild`` commands: results in from an electronic scorer, and a running
session changed without losing anything, for every game family; the user's file is only read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlbridge.cli._args import int_arg, path_arg, range_help
from xlbridge.errors import MovementError, WorkbookError

if TYPE_CHECKING:
    from xlbridge.families.pairs.rebuild import NotCarried
from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``xlbridge import`` and ``xlbridge rebuild`` to the parser."""
    p = sub.add_parser(
        "import",
        help="fill a session workbook's travellers from an electronic scorer's results",
        description="Read results from CSV (board,ns,ew,contract,declarer,result; also score,"
        " adjusted, round, table columns), PBN (Board, Contract, Declarer, Result tags or a"
        " ScoreTable) or a Bridgemate .bws file (table ReceivedData, read with mdbtools), and"
        " write a copy of the workbook with them typed into the travellers. Individuals: the"
        " row names the four players (CSV north,south,east,west columns; PBN North, South, East,"
        " West tags; Bridgemate's South and West columns). Teams: ns and ew are the team"
        " numbers (Marvin's game: pair numbers); room 1 is where the home team sits NS. Social"
        " games are refused. Rows that do not fit"
        " the movement are listed by line and board (standard error and the Checks sheet); a"
        " cell already typed is never replaced without --force. The workbook given is only read.",
        epilog="Example: xlbridge import club.xlsx --from scores.bws -o club-scored.xlsx",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("workbook"), help="the session workbook (.xlsx)")
    p.add_argument(
        "--from", dest="source", type=path_arg("results file"), required=True,
        metavar="RESULTS", help="results: .csv, .pbn or .bws",
    )  # fmt: skip
    p.add_argument("--force", action="store_true",
                   help="replace cells already typed, and an existing output file")  # fmt: skip
    p.add_argument("-o", "--output", type=path_arg("output"), required=True,
                   help="the new workbook (.xlsx)")  # fmt: skip
    p.set_defaults(handler=_import)

    p = sub.add_parser(
        "rebuild",
        help="regenerate a session workbook after a change, carrying every entry over",
        description="Write a new workbook for a changed session (more tables, a late pair, a"
        " phantom, more rounds, another movement of the same pairs) and carry over every name,"
        " result, adjusted score and typed-over score, matched by meaning: pairs by board and"
        " pair labels, individuals by board and the four players in their seats, teams by match,"
        " board and the team sitting North-South, home games by rubber, chukker, round or match"
        " and deal. What cannot be carried is listed (standard output and a 'Not carried'"
        " sheet). Settings not given come from the old workbook's Session sheet; the game family"
        " is kept. The old workbook is only read.",
        epilog="Examples:\n"
        "  xlbridge rebuild club.xlsx --tables 8 -o club-8.xlsx\n"
        "  xlbridge rebuild club16.xlsx --kind add-table -o club17.xlsx   (seed 003)\n"
        "  xlbridge rebuild rainbow.xlsx --tables 7 -o rainbow-7.xlsx\n"
        "  xlbridge rebuild swiss.xlsx --rounds 7 -o swiss-7.xlsx\n"
        "  xlbridge rebuild party.xlsx --rounds 6 -o party-6.xlsx",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("workbook"), help="the session workbook (.xlsx)")
    p.add_argument("--kind", default=None, help="movement kind (default: the old one)")
    p.add_argument("--tables", type=int_arg("tables", TABLES), default=None,
                   help=range_help("tables (default: the old number)", TABLES))  # fmt: skip
    p.add_argument("--rounds", type=int_arg("rounds", ROUNDS), default=None,
                   help=range_help("rounds", ROUNDS))  # fmt: skip
    p.add_argument(
        "--boards-per-round", type=int_arg("boards per round", BOARDS_PER_ROUND), default=None,
        help=range_help("boards a round (default: the old number)", BOARDS_PER_ROUND),
    )  # fmt: skip
    from xlbridge.cli.movement import add_movement_options

    add_movement_options(p)
    p.add_argument("--full-table", action="store_true",
                   help="the half table is full now (a late pair takes the phantom's place):"
                   " drop a --half-table the old workbook recorded")  # fmt: skip
    p.add_argument(
        "--fouled", action="append", default=None, metavar="BOARD:TABLES",
        help="a fouled board and the tables that played it in another form, e.g. 5:1-3: each"
        " group is matchpointed on its own, then factored to the full field (Law 87, Neuberg);"
        " repeat for more boards",
    )  # fmt: skip
    p.add_argument("--template", type=path_arg("template"), default=None,
                   help="a club's template .xlsx (styles)")  # fmt: skip
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.add_argument("-o", "--output", type=path_arg("output"), required=True,
                   help="the new workbook (.xlsx)")  # fmt: skip
    p.set_defaults(handler=_rebuild)


def _same_file(a: str, b: str) -> None:
    if Path(a).resolve() == Path(b).resolve():
        raise WorkbookError("the output would replace the workbook; choose another -o file")


_VARIANTS: tuple[dict[str, Any], ...] = (
    {}, {"even": "skip"}, {"even": "relay"}, {"half_table": True},
)  # fmt: skip


def _rebuild(args: argparse.Namespace) -> int:
    from xlbridge.cli.movement import build_movement
    from xlbridge.families.pairs.entries import family_article as _a
    from xlbridge.families.pairs.entries import read_entered
    from xlbridge.families.pairs.rebuild import add_table_maps, count_fits, write_rebuilt
    from xlbridge.movements.registry import family_of, get_kind
    from xlbridge.movements.sections import add_table

    _same_file(args.file, args.output)
    opened = _family_rebuild(args)
    if opened is None:
        return 0
    book, earlier = opened
    from xlbridge.scoring.fouled import parse_fouled

    fouled: dict[int, frozenset[int]] = {}
    for text in args.fouled or []:
        board, at = parse_fouled(text)
        fouled[board] = fouled.get(board, frozenset()) | at
    old = read_entered(args.file, book)
    info = get_kind(args.kind or old.kind)
    family = family_of(info.name)
    if family != "pairs":
        raise WorkbookError(
            f"{old.kind} is a pairs game and {info.name} is {_a(family)} game;"
            " rebuild keeps the game family"
        )
    old_tables = old.tables
    if old.kind == "add-table" and old_tables:  # its --tables is the size before the addition
        old_tables -= 1
    tables = args.tables or old_tables
    same = info.name == old.kind and tables == old_tables
    base: dict[str, Any] = {
        "tables": tables,
        "boards_per_round": args.boards_per_round or old.boards_per_round,
        "rounds": args.rounds or (old.rounds if same else None),
    }
    given = {k: getattr(args, k) for k in ("even", "arrow_switch", "half_table")
             if getattr(args, k) not in (None, False)}  # fmt: skip
    # The old Session sheet's "Movement options" line (same kind): those not given are kept;
    # a workbook written before that line has them guessed from its entries.
    stored = old.movement_options() if old.options_recorded and info.name == old.kind else None
    if args.full_table:
        if args.half_table:
            raise WorkbookError("--full-table and --half-table contradict each other")
        stored = {k: v for k, v in (stored or {}).items() if k != "half_table"}
    kept = {k: v for k, v in (stored or {}).items() if k not in given}
    if stored is not None:
        given = {**stored, **given}
    variants = [given] if given or stored is not None else list(_VARIANTS)
    pairs: dict[str, str] = {}
    boards: dict[int, int] = {}
    notes: list[str] = []
    best: tuple[int, Any, dict[str, Any]] | None = None
    first_error: MovementError | None = None
    for extra in variants:
        try:
            m = build_movement(info, argparse.Namespace(**base, **extra))
        except MovementError as exc:
            first_error = first_error or exc
            continue
        p_map: dict[str, str] = {}
        b_map: dict[int, int] = {}
        if info.name == "add-table" and old.kind != "add-table" and tables is not None:
            p_map, b_map, _n = add_table_maps(old, m, add_table(tables).renumber)
        fits = count_fits(old, m, p_map, b_map)
        if best is None or fits > best[0]:
            best = (fits, m, extra)
    if best is None:
        assert first_error is not None
        raise first_error
    _fits, movement, extra = best
    if info.name == "add-table" and old.kind != "add-table" and tables is not None:
        pairs, boards, notes = add_table_maps(old, movement, add_table(tables).renumber)
    if extra and not given:
        notes.append("movement option chosen to fit the old workbook: "
                     + " ".join(f"--{k.replace('_', '-')}" + ("" if v is True else f" {v}")
                                for k, v in extra.items()))  # fmt: skip
    from xlbridge.workbook.session import movement_options_text

    options = movement_options_text(extra.get("even"), extra.get("arrow_switch"),
                                    bool(extra.get("half_table")))  # fmt: skip
    if kept:
        notes.append("movement options kept from the old workbook's Session sheet: "
                     + movement_options_text(kept.get("even"), kept.get("arrow_switch"),
                                             bool(kept.get("half_table"))))  # fmt: skip
    res = write_rebuilt(old, movement, args.output, force=args.force, pairs=pairs,
                        boards=boards, template=args.template, fouled=fouled,
                        movement_options=options, earlier=earlier)  # fmt: skip
    for note in notes:
        print(f"note: {note}")
    print(
        f"wrote {args.output}: {movement.kind}, {movement.tables} tables, {len(movement.boards)}"
        f" boards, {len(movement.pairs)} pairs; carried {res.cells_carried} of"
        f" {res.cells_entered} entered cells"
    )
    if res.not_carried:
        print(f"not carried ({len(res.not_carried)}; also on the 'Not carried' sheet):")
        for item in res.not_carried:
            print(f"  {item}")
    return 0


_PAIRS_ONLY = ("even", "arrow_switch", "half_table", "full_table", "fouled")


def _family_rebuild(args: argparse.Namespace) -> tuple[Any, tuple[NotCarried, ...]] | None:
    """Rebuild an individual, teams or social workbook (the generic engine) and give None; for
    a pairs workbook give it, opened, and what the pairs engine cannot see: an earlier
    rebuild's 'Not carried' list and the sheets the user added."""
    from xlbridge.families.pairs.rebuild import added_sheets, earlier_not_carried
    from xlbridge.families.registry import rebuild_family
    from xlbridge.interchange.gate import load_workbook
    from xlbridge.movements.registry import family_of
    from xlbridge.rebuild.family import read_kind
    from xlbridge.rebuild.slots import RebuildChange

    book = load_workbook(args.file)
    earlier = earlier_not_carried(book) + added_sheets(book, _pairs_sheet)
    try:
        kind = read_kind(book)
    except WorkbookError:
        return book, earlier  # the pairs reader gives its own error
    family = family_of(kind)
    if family == "pairs":
        return book, earlier
    for name in _PAIRS_ONLY:
        if getattr(args, name, None) not in (None, False, []):
            flag = "--" + name.replace("_", "-")
            game = _family_a(family)
            raise WorkbookError(f"{flag} is for pairs movements; {kind} is {game} game")
    change = RebuildChange(args.kind, args.tables, args.rounds, args.boards_per_round)
    res = rebuild_family(args.file, change, args.output, force=args.force,
                         template=args.template, book=book)  # fmt: skip
    print(
        f"wrote {args.output}: {res.describe}; carried {res.carried} of {res.entered} entered cells"
    )
    if res.not_carried:
        print(f"not carried ({len(res.not_carried)}; also on the 'Not carried' sheet):")
        for item in res.not_carried:
            print(f"  {item}")
    return None


_PAIRS_SHEETS = frozenset(("Session", "Names", "Movement", "Table Cards", "Travellers",
                           "Hand Records", "Recap", "Results", "Checks", "Lists"))  # fmt: skip


def _pairs_sheet(title: str) -> bool:
    """A sheet xlbridge writes in a pairs workbook."""
    name, _, number = title.rpartition(" ")
    return title in _PAIRS_SHEETS or (name == "Board" and number.isdigit())


def _family_a(family: str) -> str:
    from xlbridge.families.pairs.entries import family_article

    return family_article(family)


def _import(args: argparse.Namespace) -> int:
    from xlbridge.families.registry import import_results

    _same_file(args.file, args.output)
    _same_file(args.source, args.output)
    res = import_results(args.file, args.source, args.output, force=args.force)
    for line in res.problems:
        print(f"xlbridge import: {line}", file=sys.stderr)
    print(
        f"wrote {args.output}: {res.filled} results filled, {res.same} already there,"
        f" {len(res.problems)} not imported"
    )
    return 0
