"""The results page: ranking, standings after each round, every traveller, a score card per
pair and, when the session has deals, the hand records; rendered from the Jinja2 template
``xlbridge/templates/results.html.j2`` with autoescaping (names are user text).

``deals`` is the hand-record hook: board number → PBN deal string (``"N:AKQ.. ..."``), for
example from a PBN file of the session's boards; each board's hands are shown under its
traveller and in a Hand Records section.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from xlbridge.numerals import shown_text
from xlbridge.results.session import SessionResults
from xlbridge.results.tables import ranking_groups
from xlbridge.scoring.session import places_to_rank
from xlbridge.types import Seat, Vulnerability

__all__ = ["TEMPLATE", "render_html"]

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "results.html.j2"
_SUITS = ("♠", "♥", "♦", "♣")
_ORDER = "AKQJT98765432"


# Numbers as this format shows them (:func:`xlbridge.numerals.shown_text`).
_n = functools.partial(shown_text, fixed=True)


def _anchor(label: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in label)


def _ranked(cards: str) -> str:
    """A suit's cards from the highest down (as hand records print them)."""
    return "".join(sorted(cards, key=lambda c: _ORDER.find(c)))


def _hands(deal: str) -> Any:
    """A PBN deal string as a small HTML table, N, E, S, W (escaped)."""
    from markupsafe import Markup, escape

    first, _, rest = deal.partition(":")
    hands = rest.split()
    if len(hands) != 4 or first not in "NESW":
        return Markup("")
    order = "NESW"
    start = order.index(first)
    rows = []
    for i, hand in enumerate(hands):
        seat = order[(start + i) % 4]
        suits = hand.split(".")
        cells = "".join(
            f"<td{' class=red' if s in '♥♦' else ''}>{s} {escape(_ranked(x)) or '—'}</td>"
            for s, x in zip(_SUITS, suits, strict=False)
        )
        rows.append((order.index(seat), f"<tr><th scope='row'>{seat}</th>{cells}</tr>"))
    body = "".join(r for _, r in sorted(rows))
    return Markup(f"<table class='hands'><caption>Hands</caption><tbody>{body}</tbody></table>")


def render_html(res: SessionResults, deals: Mapping[int, str] | None = None) -> str:
    """The results page as HTML text."""
    import jinja2

    deals = deals or {}
    mp = res.input.scoring == "mp"
    unit = "MP" if mp else "IMP"
    who = "Player" if res.input.family == "individual" else "Pair"
    tables = len({r.table for r in res.input.rows if r.table is not None}) or 1
    places = places_to_rank(tables)
    groups = []
    for direction, group in ranking_groups(res):
        rows = []
        for s in group:
            digits = s.rank.rstrip("=")
            rows.append({
                "rank": s.rank, "label": s.label, "anchor": _anchor(s.label),
                "names": s.pair.names, "played": s.played, "total": _n(s.total),
                "pct": _n(s.pct if mp else s.average),
                "placed": digits.isdigit() and int(digits) <= places,
            })  # fmt: skip
        title = f"{direction} pairs" if direction else f"All {who.lower()}s"
        groups.append({"key": direction.lower() or "all", "title": title, "rows": rows})
    rounds = [b.round for b in res.barometer]
    baro: dict[str, list[str]] = {s.label: [] for s in res.standings}
    for rnd in res.barometer:
        for label, n, raw, pct, rank in rnd.standings:
            if label in baro:
                value = _n(pct) + "%" if mp and pct is not None else _n(raw) if n else ""
                baro[label].append(f"{value} ({rank})" if rank else value)
    boards = []
    for b in res.boards:
        rows = []
        for r in b.rows:
            x = r.result
            pts = r.score_ns
            rows.append({
                "ns": x.ns, "ew": x.ew,
                "contract": (x.adjusted and f"adjusted {x.adjusted}") or x.contract,
                "declarer": x.declarer, "tricks": "" if x.tricks is None else x.tricks,
                "ns_score": _n(pts) if pts is not None and pts >= 0 else "",
                "ew_score": _n(-pts) if pts is not None and pts < 0 else "",
                "ns_points": _n(r.mp_ns), "ew_points": _n(r.mp_ew),
                "problem": res.row_problem(b.board, x.row),
            })  # fmt: skip
        boards.append({
            "board": b.board, "dealer": str(Seat.dealer_of(b.board)),
            "vul": str(Vulnerability.from_board(b.board)), "top": None if b.top is None
            else _n(b.top), "datum": None if b.datum is None else _n(b.datum), "rows": rows,
            "deal": _hands(deals[b.board]) if b.board in deals else None,
        })  # fmt: skip
    rank_of = {s.label: s.rank for s in res.standings}
    cards = []
    for s in res.standings:
        lines = []
        for b in res.boards:
            for r in b.rows:
                x = r.result
                ns_members, ew_members = x.sides
                if s.label not in ns_members and s.label not in ew_members:
                    continue
                ns_side = s.label in ns_members
                score = r.score_ns if ns_side else (None if r.score_ns is None else -r.score_ns)
                lines.append({
                    "board": b.board, "dir": "NS" if ns_side else "EW",
                    "opponents": x.ew if ns_side else x.ns,
                    "contract": (x.adjusted and f"adj {x.adjusted}") or x.contract,
                    "declarer": x.declarer, "tricks": "" if x.tricks is None else x.tricks,
                    "score": _n(score), "points": _n(r.mp_ns if ns_side else r.mp_ew),
                })  # fmt: skip
        cards.append({"label": s.label, "anchor": _anchor(s.label), "names": s.pair.names,
                      "rank": rank_of.get(s.label, ""), "rows": lines})  # fmt: skip
    method = {"mp": f"matchpoints ({res.input.scale.upper()})", "butler": "Butler IMPs",
              "ximp": "cross-IMPs"}[res.input.scoring]  # fmt: skip
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE.parent)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template(TEMPLATE.name).render(
        event=res.event, date=res.input.date, kind=res.input.kind, method=method, mp=mp,
        unit=unit, who=who, groups=groups, rounds=rounds,
        barometer=[{"label": k, "cells": v} for k, v in baro.items()], boards=boards,
        cards=cards, deals=[_hands(deals[b]) for b in sorted(deals)],
        recalculated=res.recalculated, disagreements=res.disagreements,
        problems=[p.line() for p in res.open_problems],
    )  # fmt: skip
