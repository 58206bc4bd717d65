"""Personal score cards: every board a pair (or player) played, read from the scored session.

A card is what a player takes home to read closely: per board the round, the opponents, the
direction, the contract, declarer, result, the score from the pair's side, the matchpoints (or
IMPs) it earned and, with matchpoints, their percentage of the top; under it the board's
frequency table (each score, how many times it was scored, and what it earned each side). Every
figure comes from :class:`xlbridge.results.session.SessionResults` (one scorer,
:func:`xlbridge.results.board.score_rows`); nothing is scored a second way here.

>>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
>>> from xlbridge.families.duplicate.score import score_session
>>> rows = (ResultRow(1, 6, 1, 1, "1", "2", "4S", "N", 10),
...         ResultRow(1, 7, 1, 2, "3", "4", "4S", "N", 9),
...         ResultRow(1, 8, 2, 1, "5", "6", "4S", "N", 10))
>>> res = score_session(SessionInput("Club", "", "mitchell", "mp", "acbl",
...     tuple(PairInfo(i, str(i), f"P{i}a", f"P{i}b") for i in range(1, 7)), rows, {1: 3}))
>>> card = score_cards(res, ["4"])[0]
>>> line = card.lines[0]
>>> line.direction, line.opponents, line.result, line.score, line.points, line.pct
('EW', '3', '-1', 50, 2.0, 100.0)
>>> [(f.score, f.count, f.ns, f.ew) for f in line.frequency]
[(420, 2, 1.5, 0.5), (-50, 1, 0.0, 2.0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from xlbridge.errors import XlbridgeError
from xlbridge.results.board import ResultRow
from xlbridge.results.figures import PERCENT_PLACES, decimals, fixed
from xlbridge.results.pages import TEMPLATES, render_page
from xlbridge.results.problems import banner
from xlbridge.results.session import BoardScore, PairInfo, SessionResults, Standing
from xlbridge.scoring.session import percentage
from xlbridge.types import Contract

__all__ = [
    "TEMPLATE",
    "CardLine",
    "FrequencyLine",
    "ScoreCard",
    "cards_html",
    "cards_text",
    "frequency_table",
    "result_text",
    "score_cards",
]

TEMPLATE = TEMPLATES / "cards.html.j2"


@dataclass(frozen=True, slots=True)
class FrequencyLine:
    """One line of a board's frequency table: a score from North-South's side (``score``; None
    for an adjusted score, then ``adjusted`` holds its text), how many tables had it, and the
    matchpoints (or IMPs) it earned North-South and East-West."""

    score: float | None
    adjusted: str
    count: int
    ns: float | None
    ew: float | None


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board of a card, from the card holder's side: ``score`` and ``points`` are theirs
    (EW's score is NS's with the sign changed); ``pct`` the points as a percentage of the top
    (matchpoints only, else None); ``opponents`` the other side's labels and ``partner`` the
    holder's partner of the board (individuals; "" for pairs)."""

    board: int
    round: int | None
    table: int | None
    direction: str
    partner: str
    opponents: str
    opponent_names: str
    contract: str
    declarer: str
    result: str
    adjusted: str
    score: float | None
    points: float | None
    top: float | None
    pct: float | None
    problem: str
    frequency: tuple[FrequencyLine, ...]

    @property
    def frequency_key(self) -> tuple[float | None, str]:
        """Which frequency line is this board's own result: (NS score, adjusted text)."""
        if self.adjusted:
            return None, self.adjusted
        ns = self.score if self.direction == "NS" or self.score is None else -self.score + 0
        return ns, ""


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """A pair's (or player's) card: its line of the ranking and a line for each board played.

    ``raw`` is the sum of the lines' points; ``standing.total`` is the same sum factored up to
    the boards most played when the pair played fewer (:func:`xlbridge.scoring.session.
    factored_total`), so the two differ only then. ``possible`` is the sum of the tops
    (matchpoints), whose share ``raw`` is of the percentage."""

    standing: Standing
    lines: tuple[CardLine, ...]

    @property
    def pair(self) -> PairInfo:
        return self.standing.pair

    @property
    def scored(self) -> tuple[CardLine, ...]:
        """The lines that earned points (a board without a result earns none)."""
        return tuple(x for x in self.lines if x.points is not None)

    @property
    def raw(self) -> float:
        return sum(x.points for x in self.scored if x.points is not None)

    @property
    def possible(self) -> float:
        return sum(x.top or 0.0 for x in self.scored)

    @property
    def pct(self) -> float | None:
        """The card's percentage (matchpoints; None for IMPs or nothing scored)."""
        if not self.scored or any(x.top is None for x in self.scored) or self.possible <= 0:
            return None
        return percentage(self.raw, self.possible)

    @property
    def average(self) -> float | None:
        """IMPs a board (IMP scoring; None for matchpoints or nothing scored)."""
        if not self.scored or any(x.top is not None for x in self.scored):
            return None
        return self.raw / len(self.scored)


def result_text(contract: str, tricks: int | None) -> str:
    """The result as a traveller writes it: ``=``, ``+1``, ``-2`` (blank when not known or the
    board was passed out).

    >>> result_text("4S", 10), result_text("3NTX", 11), result_text("2H", 5)
    ('=', '+2', '-3')
    >>> result_text("PASS", None)
    ''
    """
    if not contract or tricks is None:
        return ""
    try:
        c = Contract.parse(contract)
    except XlbridgeError:
        return ""
    if c.is_pass:
        return ""
    over = tricks - c.tricks_needed
    return "=" if over == 0 else f"{over:+d}"


def frequency_table(board: BoardScore) -> tuple[FrequencyLine, ...]:
    """The board's scored results counted: one line for each (NS score or adjusted text, NS
    points, EW points), highest NS score first, adjusted scores last; rows not scored (no
    result) are left out.

    >>> from xlbridge.results.session import ScoredResult
    >>> r = ResultRow(1, 6, 1, 1, "1", "2")
    >>> b = BoardScore(1, 2.0, None, (ScoredResult(r, 420, 1.5, 0.5),
    ...     ScoredResult(r, -50, 0.0, 2.0), ScoredResult(r, 420, 1.5, 0.5)))
    >>> [(f.score, f.count) for f in frequency_table(b)]
    [(420, 2), (-50, 1)]
    """
    counts: dict[tuple[float | None, str, float | None, float | None], int] = {}
    for r in board.rows:
        if r.mp_ns is None and r.mp_ew is None:
            continue
        adjusted = r.result.adjusted
        key = (None if adjusted else r.score_ns, adjusted, r.mp_ns, r.mp_ew)
        counts[key] = counts.get(key, 0) + 1
    ordered = sorted(
        counts.items(),
        key=lambda kv: (kv[0][0] is None, -(kv[0][0] or 0.0), kv[0][1], -(kv[0][2] or 0.0)),
    )
    return tuple(FrequencyLine(s, a, n, ns, ew) for (s, a, ns, ew), n in ordered)


def _names(pairs: dict[str, PairInfo], labels: Iterable[str]) -> str:
    return "; ".join(pairs[x].names for x in labels if x in pairs and pairs[x].names)


def _line(
    res: SessionResults,
    board: BoardScore,
    frequency: tuple[FrequencyLine, ...],
    index: int,
    label: str,
    pairs: dict[str, PairInfo],
) -> CardLine | None:
    scored = board.rows[index]
    x: ResultRow = scored.result
    ns_side, ew_side = x.sides
    if label not in ns_side and label not in ew_side:
        return None
    ns = label in ns_side
    own, other = (ns_side, ew_side) if ns else (ew_side, ns_side)
    score = scored.score_ns
    points = scored.mp_ns if ns else scored.mp_ew
    top = board.top if res.input.scoring == "mp" else None
    pct = percentage(points, top) if points is not None and top else None
    return CardLine(
        board=board.board, round=x.round, table=x.table, direction="NS" if ns else "EW",
        partner=" & ".join(m for m in own if m != label) if len(own) > 1 else "",
        opponents=" & ".join(other), opponent_names=_names(pairs, other),
        contract="" if x.adjusted else x.contract, declarer="" if x.adjusted else x.declarer,
        result="" if x.adjusted else result_text(x.contract, x.tricks), adjusted=x.adjusted,
        score=None if score is None or x.adjusted else (score if ns else -score + 0),
        points=points, top=top if points is not None else None, pct=pct,
        problem=res.row_problem(board.board, x.row), frequency=frequency,
    )  # fmt: skip


def score_cards(res: SessionResults, labels: Sequence[str] = ()) -> tuple[ScoreCard, ...]:
    """A card for each pair (player) of the session, in the order of the Names sheet, or for
    those of ``labels`` in the order given; an unknown label is refused in one line."""
    pairs = {p.label: p for p in res.input.pairs}
    standing = {s.label: s for s in res.standings}
    for label in labels:
        if label not in standing:
            known = ", ".join(list(standing)[:20]) + (", ..." if len(standing) > 20 else "")
            who = "player" if res.input.family == "individual" else "pair"
            raise XlbridgeError(f"no {who} {label[:40]!r} in this session (it has {known})")
    chosen = list(dict.fromkeys(labels)) if labels else list(standing)
    tables = [frequency_table(b) for b in res.boards]
    cards = []
    for label in chosen:
        lines = []
        for board, frequency in zip(res.boards, tables, strict=True):
            for i in range(len(board.rows)):
                line = _line(res, board, frequency, i, label, pairs)
                if line is not None:
                    lines.append(line)
        lines.sort(key=lambda x: (x.round or 0, x.board))
        cards.append(ScoreCard(standing[label], tuple(lines)))
    return tuple(cards)


def _method(res: SessionResults) -> str:
    return {"mp": f"matchpoints ({res.input.scale.upper()})", "butler": "Butler IMPs",
            "ximp": "cross-IMPs"}[res.input.scoring]  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Places:
    """The decimals of each column, the same on every card (:mod:`xlbridge.results.figures`)."""

    score: int
    points: int
    total: int
    pct: int


def _places(res: SessionResults) -> _Places:
    scored = [r for b in res.boards for r in b.rows]
    mp = res.input.scoring == "mp"
    return _Places(
        decimals(r.score_ns for r in scored),
        decimals([r.mp_ns for r in scored] + [r.mp_ew for r in scored]),
        decimals(s.total for s in res.standings),
        PERCENT_PLACES if mp else decimals(s.average for s in res.standings),
    )


def _frequency_text(line: CardLine, p: _Places) -> str:
    own = line.frequency_key
    parts = []
    for f in line.frequency:
        what = f"adj {f.adjusted}" if f.adjusted else fixed(f.score, p.score)
        mark = "*" if (f.score, f.adjusted) == own else ""
        parts.append(
            f"{mark}{what} x{f.count} ({fixed(f.ns, p.points, '-')}/{fixed(f.ew, p.points, '-')})"
        )
    return "  ".join(parts)


def _wrap(text: str, indent: str, width: int) -> list[str]:
    """``text`` cut at its double blanks into lines of at most ``width`` characters."""
    out: list[str] = []
    line = ""
    for part in text.split("  "):
        if line and len(indent) + len(line) + 2 + len(part) > width:
            out.append(indent + line)
            line = part
        else:
            line = f"{line}  {part}" if line else part
    if line:
        out.append(indent + line)
    return out


def card_heading(res: SessionResults, card: ScoreCard, p: _Places) -> tuple[str, tuple[str, ...]]:
    """The card's heading: who, then the parts of its summary (rank, total, percentage or
    average, boards, and the unfactored sum when the total was factored up)."""
    s = card.standing
    who = "Player" if res.input.family == "individual" else "Pair"
    title = f"{who} {s.label}" + (f" ({s.dir})" if s.dir else "")
    title += f": {s.pair.names}" if s.pair.names else ""
    mp = res.input.scoring == "mp"
    figure = fixed(s.pct if mp else s.average, p.pct, "-") + ("%" if mp else " IMPs a board")
    parts = [f"Rank {s.rank or '-'}{' ' + s.dir if s.dir else ''}",
             f"Total {fixed(s.total, p.total, '-')}", figure, f"Boards {s.played}"]  # fmt: skip
    if s.total is not None and abs(s.total - card.raw) > 1e-9:
        parts.append(f"scored {fixed(card.raw, p.total)}, factored up")
    return title, tuple(parts)


def cards_text(res: SessionResults, cards: Sequence[ScoreCard], width: int = 100) -> str:
    """The cards as plain aligned text, a form feed between cards (a page each when printed);
    under each board its frequency table, the card holder's score marked ``*``, each entry
    ``score xCOUNT (NS points/EW points)``."""
    p = _places(res)
    mp = res.input.scoring == "mp"
    unit = "MP" if mp else "IMP"
    head = ["Rnd", "Board", "Dir", "Opponents", "Contract", "By", "Result", "Score", unit]
    head += ["%"] if mp else []
    pages = []
    for card in cards:
        title, summary = card_heading(res, card, p)
        lines = [banner(res.open_problems)] if res.open_problems else []
        lines += [f"{res.event}  {res.input.date}".strip(), f"{res.input.kind}, {_method(res)}",
                  "", title, "  ".join(summary), ""]  # fmt: skip
        table: list[list[str]] = [head]
        for x in card.lines:
            opponents = x.opponents + (f" ({x.opponent_names})" if x.opponent_names else "")
            if x.partner:
                opponents = f"{opponents} (partner {x.partner})"
            row = [
                "" if x.round is None else str(x.round), str(x.board), x.direction, opponents,
                f"adjusted {x.adjusted}" if x.adjusted else x.contract, x.declarer, x.result,
                fixed(x.score, p.score), fixed(x.points, p.points, "-"),
            ] + ([fixed(x.pct, PERCENT_PLACES, "-")] if mp else [])  # fmt: skip
            table.append(row)
        widths = [max(len(r[i]) for r in table) for i in range(len(head))]
        left = {2, 3, 4, 5, 6}
        for k, row in enumerate(table):
            cells = [c.ljust(w) if i in left else c.rjust(w)
                     for i, (c, w) in enumerate(zip(row, widths, strict=True))]  # fmt: skip
            lines.append("  ".join(cells).rstrip())
            if k:
                x = card.lines[k - 1]
                if x.problem:
                    lines.append(f"      provisional: {x.problem}")
                lines += _wrap(_frequency_text(x, p), "      ", width)
        if not card.lines:
            lines.append("(no board played)")
        pages.append("\n".join(lines))
    return "\n\f\n".join(pages)


def _frequency_html(line: CardLine, p: _Places) -> list[dict[str, object]]:
    own = line.frequency_key
    return [
        {"score": f"adj {f.adjusted}" if f.adjusted else fixed(f.score, p.score),
         "count": f.count, "ns": fixed(f.ns, p.points, "-"), "ew": fixed(f.ew, p.points, "-"),
         "own": (f.score, f.adjusted) == own}
        for f in line.frequency
    ]  # fmt: skip


def cards_html(res: SessionResults, cards: Sequence[ScoreCard]) -> str:
    """The cards as one HTML page, a printed page a card (template ``cards.html.j2``,
    autoescaped: names are user text)."""
    p = _places(res)
    mp = res.input.scoring == "mp"
    out = []
    for card in cards:
        title, summary = card_heading(res, card, p)
        out.append({
            "title": title, "summary": " · ".join(summary),
            "lines": [
                {"round": "" if x.round is None else x.round, "board": x.board,
                 "dir": x.direction, "opponents": x.opponents, "names": x.opponent_names,
                 "partner": x.partner,
                 "contract": f"adjusted {x.adjusted}" if x.adjusted else x.contract,
                 "declarer": x.declarer, "result": x.result, "score": fixed(x.score, p.score),
                 "points": fixed(x.points, p.points, "-"),
                 "pct": fixed(x.pct, PERCENT_PLACES, "-"), "problem": x.problem,
                 "frequency": _frequency_html(x, p)}
                for x in card.lines
            ],
        })  # fmt: skip
    return render_page(
        TEMPLATE.name,
        event=res.event, date=res.input.date, kind=res.input.kind, method=_method(res), mp=mp,
        unit="MP" if mp else "IMP", cards=out, problems=[x.line() for x in res.open_problems],
    )  # fmt: skip
