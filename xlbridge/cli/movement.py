"""The ``movement`` command: list, print, validate and analyse movements.

Example::

    $ xlbridge movement mitchell --tables 7 --boards-per-round 3 --balance
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from typing import TYPE_CHECKING, Any

from xlbridge.cli._args import add_size_options, path_arg
from xlbridge.errors import MovementError
from xlbridge.movements.options import flag_of, option_specs

if TYPE_CHECKING:
    from xlbridge.movements.balance import Balance
    from xlbridge.movements.cards import boards_text
    from xlbridge.movements.model import Movement
    from xlbridge.movements.options import build_movement, parse_arrow_switch
    from xlbridge.movements.registry import KindInfo

__all__ = [
    "add_movement_options",
    "boards_text",
    "build_movement",
    "format_movement",
    "parse_arrow_switch",
    "register",
]

EPILOG = """\
Examples:
  xlbridge movement list
  xlbridge movement mitchell --tables 7 --boards-per-round 3
  xlbridge movement mitchell --tables 8 --even skip --rounds 7 --format json
  xlbridge movement mitchell --tables 7 --boards-per-round 4 --arrow-switch staggered --balance
  xlbridge movement mitchell --tables 7 --arrow-switch 7:1,7:2:13+14 --cards
  xlbridge movement mitchell --tables 7 --format csv > club.csv
  xlbridge movement howell --tables 4 --barometer
  xlbridge movement --from club.csv --balance

--from FILE reads a club's own movement: the CSV that --format csv writes (header
round,table,ns,ew,ns_label,ew_label,boards,switched; an individual movement's players by seat:
round,table,north,east,south,west,north_label,...,boards; see README, "A club's own movement"),
or a .asc movement file (pjms.nl standard) with --boards-per-round, the boards in a group:
  xlbridge movement --from howell.asc --boards-per-round 2 --format csv > howell.csv
or a scoring program's PBN results (a ScoreTable with Round and Table, or one game per result;
without rounds, each run of boards the same pairs play is a round at every table):
  xlbridge movement --from session.pbn --format csv > session.csv
Every broken rule is listed by round and table; a movement breaking a binding rule exits 1.

--arrow-switch takes none, last, last2, staggered, optimal (searched for the smallest spread
of Manning's s_ij), or ROUND:TABLE[:BOARD+BOARD...] items separated by commas.
"""


def register(sub: Any) -> None:
    """Add ``movement`` to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "movement",
        help="print, validate and analyse a movement (or 'movement list')",
        description="Generate a movement, check it against Manning's rules and print it as a "
        "director's master sheet, guide and table cards, CSV or JSON. "
        "'xlbridge movement list' shows every kind.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "kind", nargs="?", default=None,
        help="movement kind (see 'xlbridge movement list'), or 'list'; none with --from",
    )  # fmt: skip
    p.add_argument(
        "--from",
        dest="from_file",
        type=path_arg("movement file"),
        default=None,
        metavar="FILE",
        help="read a club's own movement from FILE (the CSV --format csv writes) and check it",
    )
    add_size_options(
        p,
        tables_help="number of tables (a half table counts; each kind narrows it)",
        tables_required=False,
        rounds_help="stop after R rounds",
    )
    add_movement_options(p)
    p.add_argument("--balance", action="store_true", help="add Manning's s_ij analysis")
    p.add_argument("--cards", action="store_true", help="print guide and table cards")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.set_defaults(handler=_run)


def add_movement_options(
    p: argparse.ArgumentParser, group: Any = None, *, rebuild: bool = False
) -> None:
    """The options that change a pairs movement beyond its size, as
    :class:`~xlbridge.movements.options.MovementOptions` declares them: shared by ``movement``,
    ``new`` and ``rebuild`` (``group``: the argument group to put them in; options already
    there are kept; ``rebuild``: only those ``rebuild`` takes, not ``--barometer``, which it
    takes as ``--kind barometer-...``)."""
    g = p if group is None else group
    have = p._option_string_actions
    for name, spec in option_specs(rebuild=rebuild):
        flag = flag_of(name)
        if flag in have:
            continue
        if spec.switch:
            g.add_argument(flag, action="store_true", help=spec.help)
        else:
            g.add_argument(
                flag, default=None, choices=spec.choices or None, metavar=spec.metavar,
                help=spec.help,
            )  # fmt: skip


def __getattr__(name: str) -> Any:
    """``build_movement`` (``build``, its name here before ``new`` shared it),
    ``parse_arrow_switch`` and ``boards_text``: re-exported from the movements package, loaded
    on first use (``new`` and ``rebuild`` add their options through this module, and
    ``--help`` builds no movement)."""
    if name in ("build_movement", "build"):
        from xlbridge.movements.options import build_movement

        return build_movement
    if name == "parse_arrow_switch":
        from xlbridge.movements.options import parse_arrow_switch

        return parse_arrow_switch
    if name == "boards_text":
        from xlbridge.movements.cards import boards_text

        return boards_text
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _run(args: argparse.Namespace) -> int:
    from xlbridge.movements.options import build_movement
    from xlbridge.movements.registry import get_kind

    if args.from_file is not None:
        return _run_file(args)
    if args.kind is None:
        raise MovementError("give a movement kind (xlbridge movement list), or --from FILE")
    if args.kind == "list":
        _print_list(args.format)
        return 0
    m = build_movement(get_kind(args.kind), args)
    out = format_movement(m, args.format, with_balance=args.balance, cards=args.cards)
    sys.stdout.write(out)
    return 0


def _run_file(args: argparse.Namespace) -> int:
    """``movement --from FILE``: print the file's movement as a built-in kind is printed, with
    every broken rule by round and table; exit status 1 if a binding rule is broken."""
    from xlbridge.interchange.movement_file import read_movement_file
    from xlbridge.movements.field import FIELD_KIND
    from xlbridge.movements.validate import check

    if args.kind is not None:
        raise MovementError(f"give a kind ({args.kind!r}) or --from FILE, not both")
    given = [
        flag_of(k)
        for k in ("tables", "rounds", *(name for name, _spec in option_specs()))
        if getattr(args, k, None) not in (None, False)
    ]
    if given:
        raise MovementError(f"{given[0]} does not apply to --from: the file gives the movement")
    m = read_movement_file(args.from_file, args.boards_per_round)
    if m.kind == FIELD_KIND and args.format == "csv":
        raise MovementError(f"{args.from_file}: a movement of several sections is its own CSV "
                            "(--format text or json shows it joined)")  # fmt: skip
    v = check(m)
    out = format_movement(m, args.format, with_balance=args.balance, cards=args.cards)
    if args.format == "text" and v.violations:
        out += "\nProblems, by round and table:\n" + "".join(f"  {x}\n" for x in v.violations)
    sys.stdout.write(out)
    if args.format != "text":
        for x in v.errors:
            print(f"xlbridge movement: {x}", file=sys.stderr)
    return 1 if v.errors else 0


def _print_list(fmt: str) -> None:
    from xlbridge.movements.registry import KINDS

    rows = [(k.name, k.tables, k.description) for k in sorted(KINDS.values(), key=_order)]
    if fmt == "json":
        print(json.dumps([{"kind": n, "tables": t, "description": d} for n, t, d in rows]))
        return
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["kind", "tables", "description"])
        w.writerows(rows)
        sys.stdout.write(buf.getvalue())
        return
    width = max(len(n) for n, _t, _d in rows)
    twidth = max(len(t) for _n, t, _d in rows)
    print(f"{'kind':<{width}}  {'tables':<{twidth}}  description")
    for n, t, d in rows:
        print(f"{n:<{width}}  {t:<{twidth}}  {d}")


def _order(k: KindInfo) -> tuple[int, str]:
    return (0 if k.name == "mitchell" else 1, k.name)


# -- formatting --------------------------------------------------------------------------------


def format_movement(
    m: Movement, fmt: str = "text", *, with_balance: bool = False, cards: bool = False
) -> str:
    """The movement as text (master sheet), CSV or JSON (product spec)."""
    from xlbridge.movements.balance import balance

    bal = balance(m) if with_balance else None
    if fmt == "json":
        d = m.to_dict()
        if bal is not None:
            d["balance"] = bal.to_dict()
        return json.dumps(d) + "\n"
    if fmt == "csv":  # cards are a text-only layout
        from xlbridge.interchange.movement_file import movement_csv

        return movement_csv(m)
    return _text(m, bal, cards)


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _who(m: Movement, p: int | None) -> str:
    return "-" if p is None else m.label(p)


def _text(m: Movement, bal: Balance | None, cards: bool) -> str:
    from xlbridge.movements.cards import boards_text
    from xlbridge.movements.validate import check

    lines: list[str] = []
    n_boards = len(m.boards)
    who = "players" if m.individual else "pairs"
    title = (
        f"{m.kind.replace('-', ' ').title()}: {_n(m.tables, 'table')}, {len(m.pairs)} {who}, "
        f"{_n(m.rounds, 'round')} of {_n(m.boards_per_round, 'board')} "
        f"({n_boards} boards in play)"
    )
    lines += [title, "=" * len(title)]
    lines += list(m.notes)
    v = check(m)
    state = "complete" if v.complete else "incomplete"
    if v.errors:
        lines.append(f"INVALID ({state}): " + "; ".join(str(x) for x in v.errors[:5]))
    else:
        warn = sorted({w.rule for w in v.warnings})
        extra = f"; recommendations not met: {', '.join(warn)}" if warn else ""
        lines.append(f"Valid by Manning's rules ({state}){extra}.")
    lines.append("")
    width = max((len(_who(m, e.ns)) for e in m.entries), default=4)
    for r in range(1, m.rounds + 1):
        lines.append(f"Round {r}")
        for e in m.round_entries(r):
            sw = f"  switched: {boards_text(e.switched)}" if e.switched else ""
            if e.players is not None:
                n, ea, so, w = e.players
                seats = f"N {n}, S {so} v E {ea}, W {w}"
            else:
                seats = f"{_who(m, e.ns):<{width}} v {_who(m, e.ew):<{width}}"
            lines.append(f"  Table {e.table:>2}: {seats}  boards {boards_text(e.boards)}{sw}")
        stand = m.bye_stand_in(r)
        if stand:
            lines.append(f"  Not in play (bye-stand): {boards_text(stand)}")
        out = m.sit_outs_in(r)
        if out:
            lines.append(f"  Sits out: {', '.join(m.label(p) for p in out)}")
    if bal is not None:
        lines += ["", *_balance_lines(bal)]
    if cards:
        lines += ["", *_guide_cards(m), "", *_table_cards(m)]
    return "\n".join(lines) + "\n"


def _balance_lines(b: Balance) -> list[str]:
    out = ["Balance (Manning's s_ij = (n-1)a + b - c)"]
    out.append("  s_ij  pairs of pairs")
    for s, c in sorted(b.histogram.items()):
        out.append(f"  {s:>4}  {c}")
    out.append(
        f"  mean {b.mean:.3f} (complete-movement value N(T-1)/(2T-1) = {b.expected_mean:.3f}); "
        f"standard deviation {b.sd:.3f}"
    )
    if b.competitions == 1:
        out.append("  One field: rank all pairs together." + ("  Perfect." if b.perfect else ""))
    else:
        out.append(f"  {b.competitions} separate competitions: rank each field separately.")
    return out


def _guide_cards(m: Movement) -> list[str]:
    from xlbridge.movements.cards import boards_text, guide_cards

    out = ["GUIDE CARDS"]
    for card in guide_cards(m):
        out.append(f"-- {card.label} (pair {card.pair}) --")
        for g in card.lines:
            nxt = f"; then {g.next}" if g.next else ""
            if g.table is None:
                out.append(f"  Round {g.round:>2}: sit out{nxt}")
                continue
            sw = ""
            if g.switched:
                other = "EW" if g.direction == "NS" else "NS"
                sw = f"  (switch {boards_text(g.switched)}: play {other})"
            out.append(
                f"  Round {g.round:>2}: table {g.table:>2} {g.direction} v {g.opponents}, "
                f"boards {boards_text(g.boards)}{sw}{nxt}"
            )
    return out


def _table_cards(m: Movement) -> list[str]:
    from xlbridge.movements.cards import boards_text, move_text, table_cards

    out = ["TABLE CARDS"]
    for card in table_cards(m):
        out.append(f"-- Table {card.table} --")
        out += [f"  {n}" for n in card.notes]
        for t in card.lines:
            sw = f" (switch {boards_text(t.switched)})" if t.switched else ""
            share = f", shared with {', '.join(map(str, t.shares))}" if t.shares else ""
            move = move_text(t)
            out.append(
                f"  Round {t.round:>2}: {t.ns} v {t.ew}, boards {boards_text(t.boards)}{sw}"
                f"{share}{'; then ' + move if move else ''}"
            )
    return out
