"""Read a pair game (progressive, Swiss or round-robin pairs) or a marathon back, score it again.

Read: the Session settings, the pairs at each table on ``Progress`` where they are typed (round
1, Swiss rounds, the round-robin schedule), the cut that settles a tie (Tie Winner), and every
table's Chicago deals on the ``Round N`` sheets. Scored again: each chukker
(:class:`~xlbridge.scoring.chicago.Chukker`), each table's net, result in hundreds, winner and
loser, victory points (``vp(net, 4, "chicago-swiss")``, seed 002's table corrected in rules.md
§0), progressive bridge's next tables (:func:`~xlbridge.movements.home.progressive_next`), and
each pair's running score, total, VPs and rank on the Back Score.

>>> _rank([3.0, 5.0, 3.0])
['2', '1', '2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from openpyxl.utils import get_column_letter

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.social.calcutta import CALCUTTA, CalcuttaShare, read_calcutta
from xlbridge.families.social.reader import (
    SocialResults,
    SocialRound,
    SocialStanding,
    score_block,
    scored,
)
from xlbridge.families.social.settings import from_session
from xlbridge.families.social.sheet import BlockLayout
from xlbridge.movements.home import progressive_next
from xlbridge.numerals import whole_or_none
from xlbridge.results.read_family import (
    Expect,
    text_of,
    whole,
)
from xlbridge.scoring.rubber import Rounding
from xlbridge.scoring.vp import vp
from xlbridge.types import Side
from xlbridge.workbook.session import SessionSettings

if TYPE_CHECKING:
    from xlbridge.workbook.cells import Book

__all__ = ["read_marathon", "read_pair_game"]

PROGRESS = "Progress"
PROGRESS_FIRST = 4
BACK = "Back Score"
BACK_FIRST = 4
_MAX_TABLES = 30
_MAX_ROUNDS = 30


def _rank(values: Sequence[float]) -> list[str]:
    """The Back Score's rank: 1 + the entries with more (``formulas_social.rank_of``; ties share
    a rank, shown without "=" as the workbook shows it)."""
    return [str(1 + sum(1 for o in values if round(o, 6) > round(v, 6))) for v in values]


def _pair_names(book: Book, n: int) -> list[str]:
    ws = book["Pairs"] if "Pairs" in book.sheetnames else None
    out = []
    for i in range(n):
        cell = ws.cell(4 + i, 2) if ws is not None else None
        name = (
            "" if cell is None or cell.data_type == "f" else text_of(cell.value, f"Pairs!B{4 + i}")
        )
        out.append(name)
    return out


def read_pair_game(formulas: Book, cached: Book, s: SessionSettings) -> SocialResults:
    """Score a progressive, Swiss pairs or round-robin pairs workbook again in Python."""
    kind = s.kind
    tables = whole(s.get("Tables"))
    n_rounds = whole(s.get("Rounds (Chicago chukkers)"))
    if tables is None or n_rounds is None or not 1 <= tables <= _MAX_TABLES:
        raise WorkbookError("Session sheet: the Tables or Rounds line is lost")
    if not 1 <= n_rounds <= _MAX_ROUNDS or PROGRESS not in formulas.sheetnames:
        raise WorkbookError("the workbook has no Progress sheet or too many rounds")
    coded = from_session(s, formulas)  # the family's codec: code rows, or an old one's sentences
    with_vps = coded.vp or kind != "progressive"  # Swiss and round-robin pairs: always VPs
    variant = "new-york" if coded.new_york else "standard"
    moves = coded.progression
    step = BlockLayout.of(1, "chicago").bottom + 2
    layouts = [BlockLayout.of(1 + t * step, "chicago") for t in range(tables)]
    rounding = Rounding.HALF_DOWN if coded.rounding == "down" else Rounding.HALF_UP
    n_pairs = 2 * tables
    names = _pair_names(formulas, n_pairs)
    prog = formulas[PROGRESS]
    expects: list[Expect] = []
    problems: list[str] = []
    rounds: list[SocialRound] = []
    # Per round and table: (ns, ew, net, result, winner, ns vp, ew vp).
    played: list[list[tuple[int | None, int | None, int | None, int | None, float, float]]] = []
    previous: tuple[list[tuple[int, int] | None], list[int | None]] | None = None
    for k in range(1, n_rounds + 1):
        sheet = f"Round {k}"
        if sheet not in formulas.sheetnames:
            raise WorkbookError(f"the workbook has no {sheet!r} sheet")
        derived: list[tuple[int, int]] | None = None
        if previous is not None and all(w is not None for w in previous[1]):
            seats = previous[0]
            if all(x is not None for x in seats):
                try:
                    derived = list(
                        progressive_next(
                            [x for x in seats if x is not None],
                            [w for w in previous[1] if w is not None],
                            moves,
                        )
                    )
                except XlbridgeError:
                    derived = None
        seats_now: list[tuple[int, int] | None] = []
        winners: list[int | None] = []
        row_vals = []
        for t in range(1, tables + 1):
            r = PROGRESS_FIRST + (k - 1) * tables + (t - 1)
            pair: list[int | None] = []
            for col, i in (("C", 0), ("D", 1)):
                cell = prog[f"{col}{r}"]
                if cell.data_type == "f":
                    got = derived[t - 1][i] if derived is not None else None
                    expects.append(Expect(PROGRESS, f"{col}{r}", got))
                    pair.append(got)
                else:
                    pair.append(whole(cell.value))
            ns, ew = pair
            lay = layouts[t - 1]
            where = f"{sheet}, table {t}"
            chukker, deals, over, e, p = score_block(formulas[sheet], lay, variant, rounding, where)
            expects += e
            problems += p
            net = chukker.net(Side.NS) if chukker is not None and over else None
            result = (
                chukker.rounded_net(Side.NS, rounding) if chukker is not None and over else None
            )
            cut = whole(prog[f"G{r}"].value)
            winner: int | None = None
            if net is not None:
                winner = ns if net > 0 else ew if net < 0 else cut if cut in (ns, ew) else None
            loser = None if winner is None or ns is None or ew is None else ns + ew - winner
            vns = vp(net, 4, "chicago-swiss")[0] if net is not None else None
            vew = vp(-net, 4, "chicago-swiss")[0] if net is not None else None
            expects += [
                Expect(PROGRESS, f"E{r}", net),
                Expect(PROGRESS, f"F{r}", result),
                Expect(PROGRESS, f"H{r}", winner),
                Expect(PROGRESS, f"I{r}", loser),
                Expect(PROGRESS, f"J{r}", vns),
                Expect(PROGRESS, f"K{r}", vew),
            ]
            seats_now.append((ns, ew) if ns is not None and ew is not None else None)
            winners.append(winner)
            row_vals.append((ns, ew, net, result, vns or 0.0, vew or 0.0))

            def who(p: int | None) -> str:
                return (
                    ""
                    if p is None
                    else f"{p} {names[p - 1]}".strip()
                    if 1 <= p <= n_pairs
                    else str(p)
                )

            totals = (chukker.total(Side.NS), chukker.total(Side.EW)) if chukker else (0, 0)
            rounds.append(
                SocialRound(
                    k,
                    sheet,
                    (who(ns),),
                    (who(ew),),
                    tuple(deals),
                    str(formulas[sheet][lay.ended.replace("$", "")].value or "").strip().upper()
                    in ("Y", "YES"),
                    over,
                    totals,
                    chukker.net(Side.NS) if chukker else 0,
                    result,
                    t,
                )
            )
        played.append(row_vals)
        previous = (seats_now, winners)
    standings, e = _back(played, n_pairs, names, with_vps)
    expects += e
    calcutta: tuple[CalcuttaShare, ...] = ()
    if CALCUTTA in formulas.sheetnames:
        anything = any(x[2] is not None for row in played for x in row)
        key = [(x.vps or 0.0) if with_vps else float(x.total) for x in standings]
        calcutta, e, p = read_calcutta(
            formulas[CALCUTTA], [x.entry for x in standings], key, anything
        )
        expects += e
        problems += p
    return scored(s, cached, expects, kind=kind, scoring="chicago", rounding=str(rounding),
                  rounds=rounds, standings=standings, problems=problems, calcutta=calcutta)


def _back(
    played: Sequence[Sequence[tuple[int | None, int | None, int | None, int | None, float, float]]],
    n_pairs: int,
    names: Sequence[str],
    with_vps: bool,
) -> tuple[list[SocialStanding], list[Expect]]:
    """Each pair's running score after each round: what it scored sitting North-South minus
    what North-South scored against it (net points with VPs, else hundreds), its VPs, rank."""
    pairs = range(1, n_pairs + 1)
    running = dict.fromkeys(pairs, 0)
    vps = dict.fromkeys(pairs, 0.0)
    columns: dict[int, list[int | None]] = {p: [] for p in pairs}
    expects: list[Expect] = []
    last = BACK_FIRST + n_pairs - 1
    for k, row in enumerate(played):
        col = get_column_letter(3 + k)
        values = [(ns, ew, net if with_vps else res, a, b) for ns, ew, net, res, a, b in row]
        any_value = any(v is not None for _, _, v, _, _ in values)
        for ns, ew, v, a, b in values:
            if v is not None:
                if ns in running:
                    running[ns] += v
                if ew in running:
                    running[ew] -= v
            if ns in vps and v is not None:
                vps[ns] += a
            if ew in vps and v is not None:
                vps[ew] += b
        for p in pairs:
            columns[p].append(running[p] if any_value else None)
            expects.append(Expect(BACK, f"{col}{BACK_FIRST + p - 1}", columns[p][-1]))
        expects.append(
            Expect(BACK, f"{col}{last + 1}", sum(running.values()) if any_value else None)
        )
    n = len(played)
    total_col = get_column_letter(3 + n)
    for p in pairs:
        expects.append(Expect(BACK, f"{total_col}{BACK_FIRST + p - 1}", running[p]))
    key = [vps[p] if with_vps else float(running[p]) for p in pairs]
    ranks = _rank(key)
    rank_col = get_column_letter(5 + n if with_vps else 4 + n)
    out = []
    for p, rank in zip(pairs, ranks, strict=True):
        r = BACK_FIRST + p - 1
        if with_vps:
            expects.append(Expect(BACK, f"{get_column_letter(4 + n)}{r}", vps[p]))
        expects.append(Expect(BACK, f"{rank_col}{r}", int(rank)))
        out.append(
            SocialStanding(
                str(p),
                names[p - 1],
                tuple(columns[p]),
                running[p],
                rank,
                vps[p] if with_vps else None,
            )
        )
    return out, expects


def read_marathon(formulas: Book, cached: Book, s: SessionSettings) -> SocialResults:
    """Score a marathon again: each match's host net from the points typed
    (``SheetTotals.net``), its VPs (``vp(net, 4, "chicago-marathon")``, seed 002's marathon
    table as corrected in rules.md §0), and the standings month by month."""
    n_pairs = whole(s.get("Pairs"))
    if n_pairs is None or not 3 <= n_pairs <= 26 or "Schedule" not in formulas.sheetnames:
        raise WorkbookError("marathon: the Session's Pairs line or the Schedule sheet is lost")
    names = _pair_names(formulas, n_pairs)
    ws = formulas["Schedule"]
    expects: list[Expect] = []
    problems: list[str] = []
    rounds: list[SocialRound] = []
    by_month: dict[int, list[tuple[int | None, int | None, int | None, int | None, float, float]]]
    by_month = {}
    for r in range(4, 4 + 400):
        month, host, visitor = (whole(ws[f"{c}{r}"].value) for c in "BDF")
        if month is None:
            break
        points = []
        for c in "HI":
            v = ws[f"{c}{r}"].value
            x = v if isinstance(v, int | float) and not isinstance(v, bool) else None
            if v not in (None, "") and x is None:
                problems.append(f"Schedule row {r}: points {str(v)[:20]!r} are not a number")
            points.append(x)
        h, v_ = points
        net = None if h is None or v_ is None else h - v_
        net_i = whole_or_none(net, text=False)
        a = vp(net, 4, "chicago-marathon")[0] if net is not None else None
        b = vp(-net, 4, "chicago-marathon")[0] if net is not None else None
        expects += [
            Expect("Schedule", f"J{r}", net),
            Expect("Schedule", f"K{r}", a),
            Expect("Schedule", f"L{r}", b),
        ]
        by_month.setdefault(month, []).append((host, visitor, net_i, None, a or 0.0, b or 0.0))

        def who(p: int | None) -> str:
            return (
                "" if p is None else f"{p} {names[p - 1]}".strip() if 1 <= p <= n_pairs else str(p)
            )

        rounds.append(
            SocialRound(
                month,
                "Schedule",
                (who(host),),
                (who(visitor),),
                (),
                False,
                net is not None,
                (int(h or 0), int(v_ or 0)),
                net_i or 0,
                None,
                r - 3,
            )
        )
    if not by_month:
        raise WorkbookError("marathon: the Schedule sheet has no matches")
    played = [by_month.get(k, []) for k in range(1, max(by_month) + 1)]
    standings, e = _back(played, n_pairs, names, with_vps=True)
    expects += e
    return scored(s, cached, expects, kind="marathon", scoring="marathon", rounding="",
                  rounds=rounds, standings=standings, problems=problems)  # fmt: skip
