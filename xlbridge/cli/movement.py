"""The ``movement`` command: list, print, validate and analyse movements.

Example::

    $ xlbridge movement mitchell --tables 7 --boards-per-round 3 --balance
"""

from __future__ import annotations

import argparse
import csv
import inspect
import io
import itertools
import json
import sys
from typing import Any

from xlbridge.cli._args import int_arg
from xlbridge.errors import MovementError
from xlbridge.movements.balance import Balance, balance
from xlbridge.movements.model import Entry, Movement
from xlbridge.movements.registry import KINDS, KindInfo, get_kind
from xlbridge.movements.validate import check

__all__ = ["format_movement", "parse_arrow_switch", "register"]

EPILOG = """\
Examples:
  xlbridge movement list
  xlbridge movement mitchell --tables 7 --boards-per-round 3
  xlbridge movement mitchell --tables 8 --even skip --rounds 7 --format json
  xlbridge movement mitchell --tables 7 --boards-per-round 4 --arrow-switch staggered --balance
  xlbridge movement mitchell --tables 7 --arrow-switch 7:1,7:2:13+14 --cards

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
    p.add_argument("kind", help="movement kind (see 'xlbridge movement list'), or 'list'")
    p.add_argument(
        "--tables", type=int_arg("tables"), help="number of tables (a half table counts)"
    )
    p.add_argument("--boards-per-round", type=int_arg("boards per round"), default=None)
    p.add_argument("--rounds", type=int_arg("rounds"), default=None, help="stop after R rounds")
    p.add_argument("--even", choices=("skip", "relay"), default=None, help="even-table Mitchell")
    p.add_argument("--arrow-switch", default=None, metavar="SPEC", help="see below")
    p.add_argument(
        "--half-table",
        action="store_true",
        help="odd number of pairs: NS at the last table sit out",
    )
    p.add_argument("--balance", action="store_true", help="add Manning's s_ij analysis")
    p.add_argument("--cards", action="store_true", help="print guide and table cards")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.set_defaults(handler=_run)


def parse_arrow_switch(text: str) -> str | list[tuple[int, int] | tuple[int, int, list[int]]]:
    """``last`` etc. unchanged, or ``"7:1,7:2:13+14"`` as (round, table[, boards]) items.

    >>> parse_arrow_switch("7:1,7:2:13+14")
    [(7, 1), (7, 2, [13, 14])]
    """
    text = text.strip()
    if ":" not in text:
        return text
    items: list[tuple[int, int] | tuple[int, int, list[int]]] = []
    for part in text.split(","):
        bits = part.strip().split(":")
        try:
            if len(bits) == 2:
                items.append((int(bits[0]), int(bits[1])))
            elif len(bits) == 3:
                items.append((int(bits[0]), int(bits[1]), [int(b) for b in bits[2].split("+")]))
            else:
                raise ValueError
        except ValueError:
            raise MovementError(
                f"arrow switch item {part!r}: write ROUND:TABLE or ROUND:TABLE:BOARD+BOARD"
            ) from None
    return items


def _run(args: argparse.Namespace) -> int:
    if args.kind == "list":
        _print_list(args.format)
        return 0
    info = get_kind(args.kind)
    if args.tables is None:
        raise MovementError(f"{info.name}: give the number of tables with --tables")
    m = build(info, args)
    out = format_movement(m, args.format, with_balance=args.balance, cards=args.cards)
    sys.stdout.write(out)
    return 0


def build(info: KindInfo, args: argparse.Namespace) -> Movement:
    """Call the kind's generator with the options given on the command line."""
    if args.tables < 1 or not info.supports(args.tables):
        raise MovementError(
            f"{info.name}: {args.tables} tables is not supported (supported: {info.tables})"
        )
    kwargs: dict[str, Any] = {"tables": args.tables}
    if args.boards_per_round is not None:
        kwargs["boards_per_round"] = args.boards_per_round
    if args.rounds is not None:
        kwargs["rounds"] = args.rounds
    if args.even is not None:
        kwargs["even"] = args.even
    if args.arrow_switch is not None:
        kwargs["arrow_switch"] = parse_arrow_switch(args.arrow_switch)
    if args.half_table:
        kwargs["half_table"] = True
    params = inspect.signature(info.build).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for key in kwargs:
        if key not in params and not takes_any:
            raise MovementError(
                f"{info.name}: option --{key.replace('_', '-')} does not apply to this kind"
            )
    return info.build(**kwargs)


def _print_list(fmt: str) -> None:
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


def boards_text(boards: tuple[int, ...] | list[int]) -> str:
    """``1-3`` for a run, ``1,2,5`` otherwise.

    >>> boards_text((1, 2, 3)), boards_text((25, 26, 1, 2)), boards_text(())
    ('1-3', '25,26,1,2', '-')
    """
    if not boards:
        return "-"
    b = list(boards)
    if len(b) > 1 and all(y == x + 1 for x, y in itertools.pairwise(b)):
        return f"{b[0]}-{b[-1]}"
    return ",".join(map(str, b))


def format_movement(
    m: Movement, fmt: str = "text", *, with_balance: bool = False, cards: bool = False
) -> str:
    """The movement as text (master sheet), CSV or JSON (product spec)."""
    bal = balance(m) if with_balance else None
    if fmt == "json":
        d = m.to_dict()
        if bal is not None:
            d["balance"] = bal.to_dict()
        return json.dumps(d) + "\n"
    if fmt == "csv":
        return _csv(m, cards)
    return _text(m, bal, cards)


def _csv(m: Movement, cards: bool) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["round", "table", "ns", "ew", "ns_label", "ew_label", "boards", "switched"])
    for e in sorted(m.entries, key=lambda e: (e.round, e.table)):
        w.writerow(
            [
                e.round,
                e.table,
                "" if e.ns is None else e.ns,
                "" if e.ew is None else e.ew,
                "" if e.ns is None else m.label(e.ns),
                "" if e.ew is None else m.label(e.ew),
                " ".join(map(str, e.boards)),
                " ".join(map(str, e.switched)),
            ]
        )
    for r, p in m.sit_outs:
        w.writerow([r, "", p, "", m.label(p), "sits out", "", ""])
    del cards  # cards are a text-only layout
    return buf.getvalue()


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _who(m: Movement, p: int | None) -> str:
    return "-" if p is None else m.label(p)


def _text(m: Movement, bal: Balance | None, cards: bool) -> str:
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


def _next_of(m: Movement, e: Entry) -> tuple[str, str]:
    """Where this table's boards and EW pair go for the next round."""
    nxt = m.round_entries(e.round + 1)
    if not nxt:
        return "", ""
    boards = "bye-stand"
    for f in nxt:
        if f.boards and e.boards and f.boards[0] in e.boards and f.table != e.table:
            boards = f"table {f.table}"
            break
    ew = ""
    if e.ew is not None:
        for f in nxt:
            if e.ew in (f.ns, f.ew):
                ew = f"table {f.table} {'NS' if f.ns == e.ew else 'EW'}"
        if not ew:
            ew = "sit out"
    return boards, ew


def _guide_cards(m: Movement) -> list[str]:
    out = ["GUIDE CARDS"]
    for p in m.pairs:
        out.append(f"-- {p.label} (pair {p.id}) --")
        plays = {e.round: e for e in m.entries_of(p.id)}
        for r in range(1, m.rounds + 1):
            e = plays.get(r)
            if e is None:
                out.append(f"  Round {r:>2}: sit out")
                continue
            opp = e.opponent(p.id)
            side = "NS" if e.ns == p.id else "EW"
            sw = ""
            if e.switched:
                sw = f"  (switch {boards_text(e.switched)}: play {'EW' if side == 'NS' else 'NS'})"
            out.append(
                f"  Round {r:>2}: table {e.table:>2} {side} v {_who(m, opp)}, "
                f"boards {boards_text(e.boards)}{sw}"
            )
    return out


def _table_cards(m: Movement) -> list[str]:
    out = ["TABLE CARDS"]
    for t in m.table_numbers:
        out.append(f"-- Table {t} --")
        for e in sorted((e for e in m.entries if e.table == t), key=lambda e: e.round):
            boards_to, ew_to = _next_of(m, e)
            move = f"; then boards to {boards_to}, {_who(m, e.ew)} to {ew_to}" if boards_to else ""
            out.append(
                f"  Round {e.round:>2}: {_who(m, e.ns)} v {_who(m, e.ew)}, boards "
                f"{boards_text(e.boards)}{move}"
            )
    return out
