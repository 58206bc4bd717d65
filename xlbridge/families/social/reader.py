"""Read a filled social workbook (rubber, Chicago, four to six players) back and score it again.

Only the deals typed are read: each block's Contract, By, Tricks, Honours, Honours Side, the
first dealer (Chicago) and "Ended early?". Each rubber or chukker is replayed by the rules layer
(:class:`~xlbridge.scoring.rubber.Rubber`, :class:`~xlbridge.scoring.chicago.Chukker`), its net
result rounded to hundreds, and the Back Score built from the seating of the kind's rotation
(:class:`~xlbridge.scoring.backscore.BackScore`); every formula cell whose stored value differs
is listed (the Calcutta too: :mod:`xlbridge.families.social.calcutta`). Progressive, Swiss and
round-robin pairs: :mod:`xlbridge.families.social.reader_pairs`;
marathons: :func:`xlbridge.families.social.reader_pairs.read_marathon`.

>>> _flag("yes"), _flag(" y "), _flag("no"), _flag(None)
(True, True, False, False)
>>> [d.contract for d in _deals_of(((5, "2S", "N", 9, None, None), (6, "PASS", None, None,
...     None, None)))[0]]
[Contract.parse('2S'), Contract.parse('PASS')]
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from openpyxl.utils import get_column_letter

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.social.calcutta import CALCUTTA, CalcuttaShare, read_calcutta
from xlbridge.families.social.settings import from_session
from xlbridge.families.social.sheet import COLS, BlockLayout
from xlbridge.movements.registry import get_kind
from xlbridge.results.pages import render_page
from xlbridge.results.problems import Problem, banner, from_lines, no_results, problems_json
from xlbridge.results.read_family import (
    Expect,
    cached_values,
    cell_text,
    check,
    column_texts,
    disagreement_lines,
    refuse,
    table_text,
    text_of,
    to_csv,
    unscored_lines,
    whole,
)
from xlbridge.results.session import Disagreement
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.choices import SOCIAL_SCORINGS, OutputFormat, SocialScoring
from xlbridge.scoring.rubber import Deal, Line, Rounding, Rubber, SheetTotals
from xlbridge.scoring.session import ranks
from xlbridge.types import Side

if TYPE_CHECKING:
    from xlbridge.workbook.cells import Book, Sheet
    from xlbridge.workbook.session import SessionSettings

__all__ = [
    "SocialDeal",
    "SocialResults",
    "SocialRound",
    "SocialStanding",
    "read_social",
    "score_block",
    "scored",
]

_TITLE = re.compile(r"(Rubber|Chukker) ([0-9]{1,3})")
_SHEET = re.compile(r"(Rubbers|Chukkers|Rubber [0-9]{1,3}|Chukker [0-9]{1,3})")
_BLOCK_KINDS = ("rubber", "chicago", "four-player", "five-player", "six-player")
BACK = "Back Score"
STANDING_COLUMNS = ("rank", "entry", "names", "total", "vps")
DEAL_COLUMNS = (
    "round",
    "table",
    "deal",
    "contract",
    "declarer",
    "tricks",
    "honours",
    "honours_side",
    "ns_above",
    "ns_below",
    "ew_above",
    "ew_below",
)

Row = tuple[int, Any, Any, Any, Any, Any]  # sheet row, contract, by, tricks, honours, side


@dataclass(frozen=True, slots=True)
class SocialDeal:
    """One deal as typed and the points it puts on the score sheet (None: not scored)."""

    row: int
    deal: Deal | None
    ns_above: int | None
    ns_below: int | None
    ew_above: int | None
    ew_below: int | None
    problem: str = ""


@dataclass(frozen=True, slots=True)
class SocialRound:
    """A rubber or chukker: who sat North-South and East-West, its deals and totals.

    ``result`` is North-South's net in hundreds once it is over (None while play goes on)."""

    number: int
    sheet: str
    ns: tuple[str, ...]
    ew: tuple[str, ...]
    deals: tuple[SocialDeal, ...]
    ended: bool
    over: bool
    totals: tuple[int, int]  # NS, EW
    net: int
    result: int | None
    table: int = 0  # pair games: the table of the round (0: one table)


@dataclass(frozen=True, slots=True)
class SocialStanding:
    """A back-score line: a player (or a fixed game's partnership), running totals, rank."""

    entry: str
    names: str
    running: tuple[int | None, ...]
    total: int
    rank: str
    vps: float | None = None  # Swiss and round-robin pairs (and progressive with VPs)


@dataclass(frozen=True, slots=True)
class SocialResults:
    """A social workbook scored again in Python."""

    event: str
    date: str
    kind: str
    scoring: SocialScoring | Literal["marathon"]
    rounding: str
    rounds: tuple[SocialRound, ...]
    standings: tuple[SocialStanding, ...]
    disagreements: tuple[Disagreement, ...]
    recalculated: bool
    problems: tuple[str, ...]
    calcutta: tuple[CalcuttaShare, ...] = ()

    @property
    def family(self) -> str:
        return "social"

    @property
    def open_problems(self) -> tuple[Problem, ...]:
        """The problems found, by sheet and board: the results are provisional while any is
        (:data:`~xlbridge.results.problems.NO_RESULTS` while no deal or match is entered)."""
        entered = any(r.deals or r.over for r in self.rounds)
        return no_results(from_lines(self.problems), entered)

    @property
    def columns(self) -> tuple[int, ...]:
        """The back score's columns: a rubber, a chukker or (pair games) a round each."""
        return tuple(range(1, 1 + max((len(s.running) for s in self.standings), default=0)))

    def _ordered(self) -> list[SocialStanding]:
        def key(s: SocialStanding) -> tuple[int, str]:
            digits = s.rank.rstrip("=")
            return (int(digits) if digits.isdigit() else 10**6, s.entry)

        return sorted(self.standings, key=key)

    def to_json(self) -> dict[str, Any]:
        """The ``xlbridge results`` JSON object: ``entries`` are the back score's players (or
        partnerships; ``total`` in hundreds), ``rounds`` every rubber or chukker with its deals."""
        return {
            "event": self.event,
            "date": self.date,
            "kind": self.kind,
            "family": "social",
            "scoring": self.scoring,
            "rounding": self.rounding,
            "entries": [
                {
                    "id": i,
                    "label": s.entry,
                    "names": s.names,
                    "total": s.total,
                    "running": list(s.running),
                    "vps": s.vps,
                    "rank": s.rank,
                }
                for i, s in enumerate(self.standings, start=1)
            ],
            "rounds": [
                {
                    "number": r.number,
                    "table": r.table,
                    "sheet": r.sheet,
                    "ns": list(r.ns),
                    "ew": list(r.ew),
                    "ended": r.ended,
                    "over": r.over,
                    "ns_total": r.totals[0],
                    "ew_total": r.totals[1],
                    "net_ns": r.net,
                    "result_ns": r.result,
                    "deals": [
                        {
                            "row": d.row,
                            "deal": None if d.deal is None else str(d.deal),
                            "ns_above": d.ns_above,
                            "ns_below": d.ns_below,
                            "ew_above": d.ew_above,
                            "ew_below": d.ew_below,
                            "problem": d.problem,
                        }
                        for d in r.deals
                    ],
                }
                for r in self.rounds
            ],
            "calcutta": [
                {
                    "entry": c.entry,
                    "owner": c.owner,
                    "price": c.price,
                    "place": c.place,
                    "share": c.share,
                }
                for c in self.calcutta
            ],
            "disagreements": [
                {"sheet": d.sheet, "cell": d.cell, "workbook": d.workbook, "python": d.python}
                for d in self.disagreements
            ],
            **problems_json(self.open_problems),
        }

    def _what(self) -> str:
        return {"rubber": "Rubber", "chicago": "Chukker"}.get(self.scoring, "Match")

    def to_text(self) -> str:
        """The back score (a column a rubber or chukker, the total, the rank), then the check."""
        lines = [
            f"{self.event}  {self.date}".rstrip(),
            f"{self.kind}, scored as {self.scoring}"
            + (f", 50 rounds {self.rounding}" if self.rounding else ""),
            "",
        ]
        vps = any(s.vps is not None for s in self.standings)
        head = ["Rank", "Entry", "Names", *(str(k) for k in self.columns), "Total"]
        head += ["VP"] if vps else []
        rows: list[list[Any]] = [head]
        for s in self._ordered():
            cells = ["" if x is None else f"{x:+d}" if x else "0" for x in s.running]
            line = [s.rank, s.entry, s.names, *cells, f"{s.total:+d}" if s.total else "0"]
            rows.append([*line, s.vps] if vps else line)
        lines.append(table_text(rows, left=(1, 2)))
        if self.calcutta:
            lines += ["", "Calcutta"]
            rows = [["Place", "Entry", "Owner", "Price", "Share"]]
            rows += [[c.place, c.entry, c.owner, c.price, c.share] for c in self.calcutta]
            lines.append(table_text(rows, left=(1, 2)))
        if self.open_problems:
            lines.insert(0, banner(self.open_problems))
        lines += disagreement_lines(self.disagreements, self.recalculated)
        lines += unscored_lines(self.problems, "deal(s)")
        return "\n".join(lines)

    def deal_rows(self) -> list[dict[str, Any]]:
        """One dict a deal typed."""
        out = []
        for r in self.rounds:
            for k, d in enumerate(r.deals, start=1):
                x = d.deal
                out.append(
                    {
                        "round": r.number,
                        "table": r.table or None,
                        "deal": k,
                        "contract": "" if x is None else str(x.contract),
                        "declarer": "" if x is None or x.declarer is None else str(x.declarer),
                        "tricks": None if x is None or x.declarer is None else x.tricks,
                        "honours": None if x is None or not x.honours.points else x.honours.points,
                        "honours_side": ""
                        if x is None or x.honours_side is None
                        else str(x.honours_side),
                        "ns_above": d.ns_above,
                        "ns_below": d.ns_below,
                        "ew_above": d.ew_above,
                        "ew_below": d.ew_below,
                    }
                )
        return out

    def render(self, fmt: OutputFormat, table: str = "standings") -> str:
        """The ``xlbridge results`` output ``fmt``; CSV ``table``: ``standings`` (each entry's
        total), ``results`` (every deal) or ``barometer`` (the back score, a column a round)."""
        if fmt == "text":
            return self.to_text()
        if fmt == "json":
            return json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        if fmt == "csv":
            if table == "standings":
                rows = [
                    {
                        "rank": s.rank,
                        "entry": s.entry,
                        "names": s.names,
                        "total": s.total,
                        "vps": s.vps,
                    }
                    for s in self._ordered()
                ]
                return to_csv(STANDING_COLUMNS, rows)
            if table == "results":
                return to_csv(DEAL_COLUMNS, self.deal_rows())
            cols = ("entry", "names", *(f"round {k}" for k in self.columns), "total")
            back = [
                {
                    "entry": s.entry,
                    "names": s.names,
                    "total": s.total,
                    **{f"round {k}": x for k, x in zip(self.columns, s.running, strict=True)},
                }
                for s in self.standings
            ]
            return to_csv(cols, back)
        if fmt == "html":
            return render_html(self)
        raise refuse(fmt, "social", self.kind)


def render_html(res: SocialResults) -> str:
    """The social results page: the back score, then every rubber or chukker with its deals."""
    ordered = res._ordered()
    vps = column_texts([s.vps for s in ordered])  # one number of decimals down the column
    prices = column_texts([c.price for c in res.calcutta])
    back = [
        {
            "rank": s.rank,
            "entry": s.entry,
            "names": s.names,
            "running": ["" if x is None else f"{x:+d}" if x else "0" for x in s.running],
            "total": f"{s.total:+d}" if s.total else "0",
            "vps": vps[i],
        }
        for i, s in enumerate(ordered)
    ]
    rounds = [
        {
            "number": r.number,
            "table": r.table,
            "ns": " & ".join(r.ns),
            "ew": " & ".join(r.ew),
            "ended": r.ended,
            "over": r.over,
            "ns_total": r.totals[0],
            "ew_total": r.totals[1],
            "result": "" if r.result is None else (f"{r.result:+d}" if r.result else "0"),
            "deals": [
                {
                    "deal": "" if d.deal is None else str(d.deal),
                    "problem": d.problem,
                    **{
                        k: cell_text(getattr(d, k))
                        for k in ("ns_above", "ns_below", "ew_above", "ew_below")
                    },
                }
                for d in r.deals
            ],
        }
        for r in res.rounds
    ]
    return render_page(
        "results_social.html.j2",
        problems=[p.line() for p in res.open_problems],
        event=res.event,
        date=res.date,
        kind=res.kind,
        scoring=res.scoring,
        rounding=res.rounding,
        what=res._what(),
        back=back,
        numbers=list(res.columns),
        vps=any(s.vps is not None for s in res.standings),
        calcutta=[
            {
                "place": cell_text(c.place),
                "entry": c.entry,
                "owner": c.owner,
                "price": prices[i],
                "share": f"{c.share:.2f}",
            }
            for i, c in enumerate(res.calcutta)
        ],
        rounds=rounds,
        recalculated=res.recalculated,
        disagreements=res.disagreements,
    )


# --------------------------------------------------------------------------------------------
# Reading


def _flag(v: Any) -> bool:
    """The "Ended early?" cell: Y or YES (any case), as ``formulas_social.ended_flag``."""
    return str(v if v is not None else "").strip().upper() in ("Y", "YES")


def _deals_of(rows: Sequence[Row]) -> tuple[list[Deal], list[int], list[str]]:
    """The deals typed (rows with a contract), their sheet rows, and the rows' problems."""
    deals, at, problems = [], [], []
    for r, con, by, tricks, hon, side in rows:
        if con is None or not str(con).strip():
            if any(x not in (None, "") for x in (by, tricks, hon, side)):
                problems.append(f"row {r}: contract missing")
            continue
        try:
            t = tricks
            if isinstance(t, float) and t.is_integer():
                t = int(t)
            honours = "" if hon in (None, "") else (int(hon) if isinstance(hon, float) else hon)
            deals.append(
                Deal.make(
                    str(con).strip(),
                    None if by in (None, "") else str(by),
                    t,
                    honours,
                    None if side in (None, "") else str(side),
                )
            )
            at.append(r)
        except XlbridgeError as exc:
            problems.append(f"row {r}: {str(exc).splitlines()[0][:120]}")
    return deals, at, problems


def _blocks(ws: Sheet) -> list[tuple[int, str, BlockLayout]]:
    """(number, game, layout) of every block on a score sheet, found by its title and its
    Totals row (the deal rows of a rubber are a workbook option)."""
    out = []
    r = 1
    while r <= ws.last_row:
        v = ws.cell(r, 1).value
        m = _TITLE.fullmatch(v.strip()) if isinstance(v, str) else None
        if m is None:
            r += 1
            continue
        game = "rubber" if m.group(1) == "Rubber" else "chicago"
        first = r + 3
        totals = next(
            (k for k in range(first, first + 45) if ws.cell(k, 4).value == "Totals"), None
        )
        if totals is None:
            raise WorkbookError(f"sheet {ws.title!r}: {v} has no Totals row")
        lay = BlockLayout(r, game, totals - first)
        out.append((int(m.group(2)), game, lay))
        r = lay.bottom + 1
    return out


def score_block(
    ws: Sheet, lay: BlockLayout, variant: str, rounding: Rounding, where: str
) -> tuple[SheetTotals | None, list[SocialDeal], bool, list[Expect], list[str]]:
    c = COLS
    rows: list[Row] = [
        (
            r,
            *(
                ws[f"{col}{r}"].value
                for col in (c.contract, c.by, c.tricks_in, c.honours, c.hon_side_in)
            ),
        )
        for r in range(lay.first, lay.last + 1)
    ]
    deals, at, problems = _deals_of(rows)
    ended = _flag(ws[lay.ended.replace("$", "")].value)
    sheet: SheetTotals | None = None
    try:
        if lay.chicago:
            dealer = (
                text_of(
                    ws[lay.first_dealer.replace("$", "")].value,
                    f"{where} first dealer",
                    free_text=False,
                )
                or "N"
            )
            chukker = Chukker.of(*deals, first_dealer=dealer, variant=variant)
            sheet, over = chukker, chukker.is_complete or ended
        else:
            rubber = Rubber(tuple(deals))
            rubber = rubber.end() if ended else rubber
            sheet, over = rubber, rubber.is_over
    except XlbridgeError as exc:
        problems.append(str(exc).splitlines()[0][:160])
        return None, [], ended, [], [f"{where}: {p}" for p in problems]
    # Score-sheet items are numbered by deal (rubber) or by counted deal (Chicago).
    number_row: dict[int, int] = {}
    counted = 0
    for k, (d, r) in enumerate(zip(deals, at, strict=True), start=1):
        if lay.chicago:
            if d.declarer is not None:
                counted += 1
                number_row[counted] = r
        else:
            number_row[k] = r
    row_of = {r: n for n, r in number_row.items()}

    def items(n: int | None, side: Side, line: Line) -> int:
        return sum(
            i.points for i in sheet.items if i.deal == n and i.side is side and i.line is line
        )

    out: list[SocialDeal] = []
    expects: list[Expect] = []
    cols = (
        (c.ns_above, Side.NS, Line.ABOVE),
        (c.ns_below, Side.NS, Line.BELOW),
        (c.ew_above, Side.EW, Line.ABOVE),
        (c.ew_below, Side.EW, Line.BELOW),
    )
    for d, r in zip(deals, at, strict=True):
        n = row_of.get(r)
        scored = n is not None and d.declarer is not None  # a passed-out row shows nothing
        values = [items(n, s, ln) if scored else None for _, s, ln in cols]
        out.append(SocialDeal(r, d, values[0], values[1], values[2], values[3]))
        for (col, _, _), v in zip(cols, values, strict=True):
            expects.append(Expect(ws.title, f"{col}{r}", v))
        expects.append(Expect(ws.title, f"{c.check}{r}", None))
    unfinished = {s: items(None, s, Line.ABOVE) for s in (Side.NS, Side.EW)}
    for col, side in ((c.ns_above, Side.NS), (c.ew_above, Side.EW)):
        result = sheet.rounded_net(side, rounding) if over else None
        expects += [
            Expect(ws.title, f"{col}{lay.above}", sheet.above(side) - unfinished[side]),
            Expect(ws.title, f"{col}{lay.below}", sheet.below(side)),
            Expect(ws.title, f"{col}{lay.unfinished}", unfinished[side]),
            Expect(ws.title, f"{col}{lay.total}", sheet.total(side)),
            Expect(ws.title, f"{col}{lay.net}", sheet.net(side)),
            Expect(ws.title, f"{col}{lay.result}", result),
        ]
    return sheet, out, over, expects, [f"{where}: {p}" for p in problems]


def _players(book: Book, count: int) -> list[str]:
    ws = book["Players"] if "Players" in book.sheetnames else None
    out = []
    for i in range(count):
        cell = ws.cell(4 + i, 3) if ws is not None else None
        name = (
            ""
            if cell is None or cell.data_type == "f"
            else text_of(cell.value, f"Players!C{4 + i}")
        )
        out.append(name or str(i + 1))
    return out


def read_social(formulas: Book, cached: Book, s: SessionSettings) -> SocialResults:
    """Read a rubber, Chicago or four- to six-player workbook (its Session sheet read already:
    ``s``) and score it again in Python (pair games and marathons:
    :mod:`xlbridge.families.social.reader_pairs`)."""
    kind = s.kind
    if kind not in _BLOCK_KINDS:
        raise WorkbookError(f"Session sheet: kind {kind[:40]!r} is not a social game")
    scoring = str(s.get("Scored as") or "")
    if scoring not in SOCIAL_SCORINGS:
        raise WorkbookError(f"Session sheet: 'Scored as' {scoring!r} is not rubber or chicago")
    coded = from_session(s, formulas)  # the family's codec: code rows, or an old one's sentences
    rounding = Rounding.HALF_DOWN if coded.rounding == "down" else Rounding.HALF_UP
    variant = "new-york" if coded.new_york else "standard"
    count = whole(s.get("Players")) or 4
    fixed = kind in ("rubber", "chicago")
    names = _players(formulas, count)
    blocks: list[tuple[int, str, BlockLayout]] = []
    for name in formulas.sheetnames:
        if _SHEET.fullmatch(name):
            blocks += [(n, name, lay) for n, _, lay in _blocks(formulas[name])]
    blocks.sort()
    if not blocks:
        raise WorkbookError("the workbook has no rubber or chukker score sheets")
    movement = get_kind(kind).build(tables=1, rounds=len(blocks))
    seats = {e.round: e.players for e in movement.entries}
    entries = ["North-South", "East-West"] if fixed else [str(i + 1) for i in range(count)]
    rounds: list[SocialRound] = []
    expects: list[Expect] = []
    problems: list[str] = []
    signs: list[list[int]] = [[] for _ in entries]
    for number, sheet_name, lay in blocks:
        where = f"{sheet_name}, {'Rubber' if scoring == 'rubber' else 'Chukker'} {number}"
        sheet, deals, over, e, p = score_block(formulas[sheet_name], lay, variant, rounding, where)
        expects += e
        problems += p
        players = seats.get(number)
        ns: tuple[str, ...]
        ew: tuple[str, ...]
        if players is None:
            ns, ew = (f"{names[0]} & {names[2]}",), (f"{names[1]} & {names[3]}",)
            for i, row in enumerate(signs):
                row.append(1 if i == 0 else -1)
        else:
            ns = (names[players[0] - 1], names[players[2] - 1])
            ew = (names[players[1] - 1], names[players[3] - 1])
            for i, row in enumerate(signs):
                p_ = i + 1
                row.append(
                    1
                    if p_ in (players[0], players[2])
                    else -1
                    if p_ in (players[1], players[3])
                    else 0
                )
        result = sheet.rounded_net(Side.NS, rounding) if sheet is not None and over else None
        totals = (sheet.total(Side.NS), sheet.total(Side.EW)) if sheet is not None else (0, 0)
        rounds.append(
            SocialRound(
                number,
                sheet_name,
                ns,
                ew,
                tuple(deals),
                _flag(formulas[sheet_name][lay.ended.replace("$", "")].value),
                over,
                totals,
                sheet.net(Side.NS) if sheet is not None else 0,
                result,
            )
        )
    standings, e = _back_score(rounds, entries, names, fixed, signs)
    expects += e
    calcutta: tuple[CalcuttaShare, ...] = ()
    if CALCUTTA in formulas.sheetnames:
        played = any(r.result is not None for r in rounds)
        standing_totals = [float(x.total) for x in standings]
        calcutta, e, p = read_calcutta(formulas[CALCUTTA], entries, standing_totals, played)
        expects += e
        problems += p
    return scored(s, cached, expects, kind=kind, scoring=scoring, rounding=str(rounding),
                  rounds=rounds, standings=standings, problems=problems, calcutta=calcutta)


def scored(
    s: SessionSettings, cached: Book, expects: Sequence[Expect], *, kind: str,
    scoring: SocialScoring | Literal["marathon"], rounding: str, rounds: Sequence[SocialRound],
    standings: Sequence[SocialStanding], problems: Sequence[str],
    calcutta: tuple[CalcuttaShare, ...] = (),
) -> SocialResults:  # fmt: skip
    """What a social reader scored (score sheets, pair games, marathons), with the Session's
    event and date as text and every formula's stored value compared with ``expects``."""
    disagreements, recalculated = check(expects, cached_values(cached, expects))
    return SocialResults(
        event=text_of(s.event, "Session!A1"),
        date=text_of(s.get("Date"), "Session date"),
        kind=kind,
        scoring=scoring,
        rounding=rounding,
        rounds=tuple(rounds),
        standings=tuple(standings),
        disagreements=disagreements,
        recalculated=recalculated,
        problems=tuple(problems),
        calcutta=calcutta,
    )


def _back_score(
    rounds: Sequence[SocialRound],
    entries: Sequence[str],
    names: Sequence[str],
    fixed: bool,
    signs: Sequence[Sequence[int]],
) -> tuple[list[SocialStanding], list[Expect]]:
    """Each entry's running total (the Back Score), as ``BackScore.record`` builds it: the
    winners add the net in hundreds, the losers subtract it, anyone sitting out adds nothing."""
    expects: list[Expect] = []
    running = [0] * len(entries)
    columns: list[list[int | None]] = [[] for _ in entries]
    for k, r in enumerate(rounds):
        col = get_column_letter(3 + k)
        expects.append(Expect(BACK, f"{col}4", r.result))
        if r.result is not None:
            running = [t + signs[i][k] * r.result for i, t in enumerate(running)]
        for i in range(len(entries)):
            v = running[i] if r.result is not None else None
            columns[i].append(v)
            expects.append(Expect(BACK, f"{col}{5 + i}", v))
        expects.append(
            Expect(BACK, f"{col}{5 + len(entries)}", 0 if r.result is not None else None)
        )
    total_col = get_column_letter(3 + len(rounds))
    for i in range(len(entries)):
        expects.append(Expect(BACK, f"{total_col}{5 + i}", running[i]))
    rank = ranks([float(t) for t in running])
    out = []
    for i, label in enumerate(entries):
        who = (
            (f"{names[0]} & {names[2]}" if i == 0 else f"{names[1]} & {names[3]}")
            if fixed
            else names[i]
        )
        out.append(SocialStanding(label, who, tuple(columns[i]), running[i], rank[i]))
    return out, expects
