"""Rebuilding social-game workbooks (seed 002): the settings on their Session sheet, the change
asked for, and a meaning for every cell a player or director types into.

Three groups of kinds, each built as ``xlbridge new`` builds it (through
:func:`xlbridge.families.social.options.options_of`):

* one-table games ``rubber``, ``chicago`` (two fixed partnerships) and ``four-player``,
  ``five-player``, ``six-player`` (partners change by seed 002's rotations);
* pair events ``progressive``, ``swiss-pairs``, ``round-robin-pairs`` (one Chicago chukker a
  table a round);
* ``marathon`` (a match a month in the host pair's home).

What the change options mean (``None``: unchanged), as for ``new``:

=====================  =================================  ==================================
option                 one-table games                    pair events / marathon
=====================  =================================  ==================================
``kind``               another one-table game; the        another pair event / marathon
                       scoring (rubber or Chicago) is     only; progressive keeps VPs if the
                       kept where the kind allows it      old game used them; round robin
                       (New York only with Chicago)       keeps its chukkers a match
``tables``             must stay 1                        tables of two pairs / 2 x tables
                                                          pairs (marathon)
``rounds``             rubbers or chukkers                rounds (round-robin, marathon:
                                                          fixed by the pairs, refused)
``boards_per_round``   refused (rubbers and chukkers      round-robin: 4 x chukkers a match;
                       have no boards)                    marathon: deals a match; else
                                                          refused
=====================  =================================  ==================================

A change to another group (a five-player game into Swiss pairs) is refused with one line.

Keys say what a typed cell means, never where it is: ``("player", 3, "Name")``;
``("rubber", 2, "N 1 E 4 S 3 W 2", "deal", 5, "Contract")`` (rubber 2 with those players in
those seats: a four-player game's rubber 2 is the same rubber in a longer game, a rubber with
other seats is not; ``"chukker"`` for Chicago); the block's ``"First dealer"`` and ``"Ended
early?"`` after the same prefix; ``("round", 2, "table", 1, "deal", 3, "By")`` (Swiss, and a
progressive's first round, whose tables are pairs 1-2, 3-4, ...), with ``"Tie Winner"`` and
Swiss's typed ``"NS Pair"``/``"EW Pair"`` (as ``xlbridge swiss next`` writes them) after the
same prefix; a progressive's later rounds add ``"of 3 tables"``, because who meets whom there
depends on the number of tables; ``("match", 1, 4, "chukker", 1, "deal", 2, "Tricks")``
(round robin: pair 1 North-South against pair 4, wherever the schedule puts it);
``("match", 2, 5, "points of pair", 5)`` (marathon: pair 5's points against pair 2, host or
visitor); ``("calcutta", "player", 3, "Price")``, ``("calcutta", "split", 1)``.

Names typed on the Players or Pairs sheet (or given with ``--players``) are entries carried by
player or pair number: :class:`Settings` never holds them, so a name is never dropped when the
game shrinks; it is listed instead.

>>> s = ADAPTER.change(Settings(kind="rubber", rounds=2), _args(rounds=4))
>>> ADAPTER.describe(s)
'rubber, 4 rubbers, 4 players, scored as rubber'
>>> [x.key for x in ADAPTER.slots(ADAPTER.build(s, None), s)][4]
('rubber', 1, 'N 1 E 2 S 3 W 4', 'Ended early?')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from xlbridge.errors import WorkbookError
from xlbridge.families.social.back import CALCUTTA, CALCUTTA_FIRST
from xlbridge.families.social.build import build_social, score_sheet_layouts
from xlbridge.families.social.marathon import MarathonOptions, build_marathon, schedule_rows
from xlbridge.families.social.options import options_of
from xlbridge.families.social.pairs import (
    PROGRESS,
    PairsOptions,
    build_pairs_event,
    pairs_layouts,
    progress_row,
)
from xlbridge.families.social.settings import (
    DEFAULT_GAME,
    FIXED_KINDS,
    ONE_TABLE,
    PAIRS_KINDS,
    PLAYERS_FIRST,
    Settings,
    SocialOptions,
    read,
)
from xlbridge.families.social.sheet import COLS, BlockLayout
from xlbridge.movements.home import DEALS_PER_CHUKKER, round_robin_pairs
from xlbridge.movements.model import Entry
from xlbridge.movements.registry import FamilyName, get_kind
from xlbridge.rebuild.slots import Key, RebuildChange, Slot

__all__ = ["ADAPTER", "Settings", "SocialAdapter"]

_SEATS = "NESW"
_DEAL_COLUMNS = (
    (COLS.contract, "Contract"),
    (COLS.by, "By"),
    (COLS.tricks_in, "Tricks"),
    (COLS.honours, "Honours"),
    (COLS.hon_side_in, "Honours Side"),
)
_PAIRS_FIRST = 4  # the Pairs sheet's first pair row (social_pairs, social_marathon)
_SPLIT_ROWS = (5, 6, 7)  # the Calcutta split (places 1-3)


def _args(**changes: Any) -> RebuildChange:
    """A change as ``xlbridge rebuild`` gives it (unset options ``None``)."""
    return RebuildChange(**changes)


# --- slots --------------------------------------------------------------------------------------


def _block_slots(sheet: str, lay: BlockLayout, prefix: Key, title: str) -> list[Slot]:
    """The First dealer (Chicago), Ended early? and deal cells of one block."""
    out = []
    if lay.chicago:
        out.append(
            Slot((*prefix, "First dealer"), sheet, f"C{lay.settings}", f"{title}: First dealer")
        )
    out.append(Slot((*prefix, "Ended early?"), sheet, f"H{lay.settings}", f"{title}: Ended early?"))
    for deal, r in enumerate(range(lay.first, lay.last + 1), start=1):
        for col, head in _DEAL_COLUMNS:
            out.append(
                Slot(
                    (*prefix, "deal", deal, head),
                    sheet,
                    f"{col}{r}",
                    f"{title}, deal {deal}: {head}",
                )
            )
    return out


def _calcutta_slots(group: str, entries: Sequence[str | int]) -> list[Slot]:
    """Calcutta: the charity share, the split, and the owner and price of each entry (a
    ``group``: ``side``, ``player`` or ``pair``)."""
    out = [Slot(("calcutta", "Charity share"), CALCUTTA, "B5", "Calcutta: charity share")]
    for place, r in enumerate(_SPLIT_ROWS, start=1):
        what = f"Calcutta: split for place {place}"
        out.append(Slot(("calcutta", "split", place), CALCUTTA, f"E{r}", what))
    for i, entry in enumerate(entries):
        r = CALCUTTA_FIRST + i
        name = entry if group == "side" else f"{group} {entry}"
        for col, head in (("C", "Owner"), ("D", "Price")):
            what = f"Calcutta, {name}: {head.lower()}"
            out.append(Slot(("calcutta", group, entry, head), CALCUTTA, f"{col}{r}", what))
    return out


def _entries(opt: SocialOptions) -> list[Entry]:
    """The rubbers or chukkers of a one-table game, in order, as ``new`` builds them."""
    kw = {"tables": 1} if opt.rounds is None else {"tables": 1, "rounds": opt.rounds}
    return sorted(get_kind(opt.kind).build(**kw).entries, key=lambda e: e.round)


def _one_table_slots(opt: SocialOptions) -> list[Slot]:
    out = []
    fixed = opt.kind in FIXED_KINDS
    for i in range(opt.player_count):
        seat = f" ({('North', 'East', 'South', 'West')[i]})" if fixed else ""
        out.append(
            Slot(
                ("player", i + 1, "Name"),
                "Players",
                f"C{PLAYERS_FIRST + i}",
                f"player {i + 1}{seat}'s name",
            )
        )
    entries = _entries(opt)
    game = opt.what.lower()  # rubber or chukker
    for (sheet, lay), e in zip(score_sheet_layouts(opt, len(entries)), entries, strict=True):
        seats = e.players if e.players is not None else (1, 2, 3, 4)
        seating = " ".join(f"{s} {p}" for s, p in zip(_SEATS, seats, strict=True))
        title = f"{opt.what} {e.round} ({seating})"
        out += _block_slots(sheet, lay, (game, e.round, seating), title)
    if opt.calcutta and fixed:
        out += _calcutta_slots("side", ["North-South", "East-West"])
    elif opt.calcutta:
        out += _calcutta_slots("player", list(range(1, opt.player_count + 1)))
    return out


def _schedule(opt: PairsOptions) -> list[list[tuple[int, int, int]]]:
    """Round robin: per round (0-based) and table, (NS pair, EW pair, chukker of the match)."""
    c = opt.chukkers
    out: list[list[tuple[int, int, int]]] = [[] for _ in range(opt.round_count)]
    for e in sorted(round_robin_pairs(2 * opt.tables).entries, key=lambda e: (e.round, e.table)):
        assert e.ns is not None and e.ew is not None
        for j in range(c):
            out[(e.round - 1) * c + j].append((e.ns, e.ew, j + 1))
    return out


def _pairs_slots(opt: PairsOptions) -> list[Slot]:
    out = [
        Slot(("pair", p, "Names"), "Pairs", f"B{_PAIRS_FIRST + p - 1}", f"pair {p}'s names")
        for p in range(1, 2 * opt.tables + 1)
    ]
    schedule = _schedule(opt) if opt.kind == "round-robin-pairs" else None
    for k, row in enumerate(pairs_layouts(opt), start=1):
        for t, lay in enumerate(row, start=1):
            prefix: Key
            if schedule is not None:
                ns, ew, j = schedule[k - 1][t - 1]
                prefix = ("match", ns, ew, "chukker", j)
                title = f"Pair {ns} v pair {ew}, chukker {j}"
            else:
                prefix = ("round", k, "table", t)
                if opt.kind == "progressive" and k > 1:
                    prefix = (*prefix, f"of {opt.tables} tables")
                title = f"Round {k}, table {t}"
            out += _block_slots(f"Round {k}", lay, prefix, title)
            r = progress_row(opt, k, t)
            out.append(Slot((*prefix, "Tie Winner"), PROGRESS, f"G{r}", f"{title}: Tie Winner"))
            if opt.kind == "swiss-pairs" and k > 1:
                for col, head in (("C", "NS Pair"), ("D", "EW Pair")):
                    out.append(Slot((*prefix, head), PROGRESS, f"{col}{r}", f"{title}: {head}"))
    if opt.calcutta:
        out += _calcutta_slots("pair", list(range(1, 2 * opt.tables + 1)))
    return out


def _marathon_slots(opt: MarathonOptions) -> list[Slot]:
    out = []
    for p in range(1, opt.pairs + 1):
        r = _PAIRS_FIRST + p - 1
        out.append(Slot(("pair", p, "Names"), "Pairs", f"B{r}", f"pair {p}'s names"))
        out.append(Slot(("pair", p, "Telephone"), "Pairs", f"C{r}", f"pair {p}'s telephone"))
    for r, _rnd, host, visitor in schedule_rows(opt):
        lo, hi = sorted((host, visitor))
        for col, p in (("H", host), ("I", visitor)):
            out.append(
                Slot(
                    ("match", lo, hi, "points of pair", p),
                    "Schedule",
                    f"{col}{r}",
                    f"Schedule, pair {host} v pair {visitor}: pair {p}'s points",
                )
            )
    return out


# --- changes ------------------------------------------------------------------------------------


def _group(kind: str) -> str:
    if kind in ONE_TABLE:
        return "one-table game"
    if kind in PAIRS_KINDS:
        return "pair event"
    return "marathon"


def _scoring(s: Settings) -> str:
    if s.kind in FIXED_KINDS:
        return s.kind
    return s.game or DEFAULT_GAME[s.kind]


def _change_one_table(old: Settings, kind: str, args: RebuildChange) -> Settings:
    if args.tables not in (None, 1):
        raise WorkbookError(f"{kind} is played at one table; --tables {args.tables} refused")
    if args.boards_per_round is not None:
        raise WorkbookError(
            f"{kind}: --boards-per-round does not apply (a chukker is four deals; a rubber lasts "
            "until a side wins two games); use --rounds for the rubbers or chukkers"
        )
    scoring = _scoring(old)
    if kind in FIXED_KINDS:
        scoring, game = kind, None
    else:
        game = scoring
    return dataclasses.replace(
        old,
        kind=kind,
        tables=1,
        rounds=args.rounds or old.rounds,
        game=game,
        new_york=old.new_york and scoring == "chicago",
    )


def _change_pairs(old: Settings, kind: str, args: RebuildChange) -> Settings:
    chukkers = old.chukkers if kind == "round-robin-pairs" else 1
    if args.boards_per_round is not None:
        bpr = args.boards_per_round
        if kind != "round-robin-pairs":
            raise WorkbookError(
                f"{kind}: --boards-per-round does not apply (one chukker of "
                "four deals a round); use --rounds"
            )
        if bpr % DEALS_PER_CHUKKER or not 1 <= bpr // DEALS_PER_CHUKKER <= 4:
            raise WorkbookError(
                f"round-robin-pairs: {bpr} deals a match; use 4, 8, 12 or 16 "
                "(1-4 chukkers of four deals)"
            )
        chukkers = bpr // DEALS_PER_CHUKKER
    tables = args.tables or old.tables
    old_rounds = old.rounds
    if old.kind == "round-robin-pairs":
        old_rounds = (2 * old.tables - 1) * old.chukkers
    rounds: int | None = args.rounds or old_rounds
    if kind == "round-robin-pairs":
        fixed = (2 * tables - 1) * chukkers
        if args.rounds not in (None, fixed):
            raise WorkbookError(
                f"round-robin-pairs: {2 * tables} pairs play {fixed} rounds of "
                f"{chukkers} chukker(s); --rounds {args.rounds} refused"
            )
        rounds = None
    with_vps = old.vp or old.kind != "progressive"
    return dataclasses.replace(
        old,
        kind=kind,
        tables=tables,
        rounds=rounds,
        chukkers=chukkers,
        game=None,
        progression=old.progression if kind == "progressive" else "stay",
        vp=kind == "progressive" and with_vps,
    )


def _change_marathon(old: Settings, args: RebuildChange) -> Settings:
    pairs = 2 * args.tables if args.tables is not None else old.pairs
    assert pairs is not None
    months = pairs - 1 + pairs % 2
    if args.rounds not in (None, months):
        raise WorkbookError(
            f"marathon: {pairs} pairs play {months} months (one match a month); "
            f"--rounds {args.rounds} refused"
        )
    return dataclasses.replace(old, pairs=pairs, deals=args.boards_per_round or old.deals)


def _next_round(old: Settings, args: RebuildChange, paired: Any) -> Settings:
    """Swiss pairs with the tables of round ``k`` written (``paired``: ``(k, tables)``)."""
    if old.kind != "swiss-pairs":
        raise WorkbookError(f"{old.kind} has no next round to pair; swiss next pairs swiss-pairs")
    changed = (getattr(args, k, None) for k in ("tables", "rounds", "boards_per_round"))
    if getattr(args, "kind", None) not in (None, old.kind) or any(x is not None for x in changed):
        raise WorkbookError("swiss next pairs the next round and changes nothing else")
    k, tables = paired
    if not 2 <= k <= (old.rounds or 0) or len(tables) != old.tables:
        raise WorkbookError(f"internal: swiss-pairs has no round {k} of {len(tables)} tables")
    return dataclasses.replace(old, next_round=(int(k), tuple(tables)))


# --- the adapter --------------------------------------------------------------------------------


class SocialAdapter:
    """The rebuild adapter of the social family (see the module docstring)."""

    family: FamilyName = "social"
    #: ``next_round``: (round, tables) of Swiss pairs that ``swiss next`` pairs, written on
    #: Progress with nothing else changed.
    options = ("next_round",)

    def settings(self, book: Workbook) -> Settings:
        """The settings of a social workbook written by ``xlbridge new`` (the family's one
        codec, :func:`xlbridge.families.social.settings.read`)."""
        return read(book)

    def change(self, old: Settings, args: RebuildChange) -> Settings:
        """The settings after the change in ``args`` (see the module docstring's table)."""
        a = args
        paired = (getattr(a, "options", None) or {}).get("next_round")
        if paired:
            return _next_round(old, a, paired)
        kind = get_kind(a.kind).name if a.kind else old.kind
        if _group(kind) != _group(old.kind):
            raise WorkbookError(
                f"a {old.kind} workbook ({_group(old.kind)}) cannot become {kind} "
                f"({_group(kind)}); write a new workbook with xlbridge new"
            )
        if kind in ONE_TABLE:
            new = _change_one_table(old, kind, a)
        elif kind in PAIRS_KINDS:
            new = _change_pairs(old, kind, a)
        else:
            new = _change_marathon(old, a)
        opt = options_of(new)  # refuse here, in new's words, what new would refuse
        if isinstance(opt, SocialOptions):  # and what its movement refuses (five-player: 1-15)
            _entries(opt)
        return new

    def build(self, settings: Settings, template: str | Path | None) -> Workbook:
        """The workbook ``xlbridge new`` writes for these settings, in memory."""
        opt = options_of(settings)
        if isinstance(opt, SocialOptions):
            return build_social(opt, template)
        if isinstance(opt, PairsOptions):
            wb = build_pairs_event(opt, template)
            if settings.next_round is not None:  # swiss next: the round it pairs
                k, pairing = settings.next_round
                for t, (ns, ew) in enumerate(pairing, start=1):
                    r = progress_row(opt, k, t)
                    wb[PROGRESS][f"C{r}"], wb[PROGRESS][f"D{r}"] = ns, ew
            return wb
        return build_marathon(opt, template)

    def slots(self, wb: Workbook, settings: Settings) -> Sequence[Slot]:
        """Every input cell of the workbook built for ``settings``, named by its meaning."""
        opt = options_of(settings)
        if isinstance(opt, SocialOptions):
            return _one_table_slots(opt)
        if isinstance(opt, PairsOptions):
            return _pairs_slots(opt)
        return _marathon_slots(opt)

    def describe(self, settings: Settings) -> str:
        """One line: ``swiss-pairs, 3 tables, 6 pairs, 5 rounds``."""
        opt = options_of(settings)
        if isinstance(opt, SocialOptions):
            n = len(_entries(opt))
            return (
                f"{opt.kind}, {_count(n, opt.what.lower())}, {opt.player_count} players, "
                f"scored as {opt.scoring}"
            )
        if isinstance(opt, PairsOptions):
            return (
                f"{opt.kind}, {_count(opt.tables, 'table')}, {2 * opt.tables} pairs, "
                f"{_count(opt.round_count, 'round')}"
            )
        months = opt.pairs - 1 + opt.pairs % 2
        return f"marathon, {opt.pairs} pairs, {_count(months, 'month')}, {opt.deals} deals a match"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


ADAPTER = SocialAdapter()
