"""The results page: ranking, standings after each round, every traveller, a score card per
pair and, when the session has deals, the hand records; rendered from the Jinja2 template
``xlbridge/templates/results.html.j2`` with autoescaping (names are user text).

``deals`` is the hand-record hook: board number → PBN deal string (``"N:AKQ.. ..."``), for
example from a PBN file of the session's boards; each board is shown as a hand record sheet
shows it (board, dealer, vulnerability, the four hands, the contracts each declarer makes double
dummy, the par) under its traveller and in a Hand Records section.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xlbridge.errors import DealError
from xlbridge.interchange.deals import DD_SEATS, DD_STRAINS, SUIT_SYMBOLS, HandRecord
from xlbridge.results.cards import score_cards
from xlbridge.results.figures import PERCENT_PLACES, decimals, fixed
from xlbridge.results.pages import TEMPLATES, render_page
from xlbridge.results.session import SessionResults
from xlbridge.results.tables import players_cells, players_heads, ranking_groups, section_groups
from xlbridge.scoring.session import places_in_ranking
from xlbridge.types import Seat, Vulnerability

__all__ = ["TEMPLATE", "from_north", "hand_records", "render_html"]

TEMPLATE = TEMPLATES / "results.html.j2"
_ORDER = "AKQJT98765432"
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_STRAINS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def _anchor(label: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in label)


def _ranked(cards: str) -> str:
    """A suit's cards from the highest down, ``10`` for the ten (as hand records print them).

    >>> _ranked("2TAJ")
    'AJ102'
    """
    return "".join(sorted(cards, key=lambda c: _ORDER.find(c))).replace("T", "10")


def from_north(deal: str) -> str | None:
    """A PBN deal string turned to start with North (``E:...`` lists East's hand first), or
    None when it is not four hands after a seat.

    >>> from_north("E:A... B... C... D...")
    'N:D... A... B... C...'
    """
    first, _, rest = deal.partition(":")
    hands = rest.split()
    if len(hands) != 4 or len(first) != 1 or first not in "NESW":
        return None
    k = "NESW".index(first)
    return "N:" + " ".join(hands[(i - k) % 4] for i in range(4))


def hand_records(deals: Mapping[int, str]) -> dict[int, HandRecord]:
    """Each board's hand record with what each seat makes double dummy and the par, solved
    once for the session (``workbook.hand_records.analysed``; without endplay, the hands
    alone); a deal that is not a complete deal is left out.

    >>> r = hand_records({1: "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 "
    ...     "432.765.T98.AKQJ"})[1]
    >>> r.dealer, str(r.vulnerability), r.dd.get("N", "S"), r.par.text()
    (Seat.N, 'None', 7, 'NS +80: 1S N, 1S S')
    """
    from xlbridge.workbook.hand_records import analysed

    whole: list[tuple[int, str]] = []
    for board, deal in sorted(deals.items()):
        north = from_north(deal)
        try:
            if north is not None:
                HandRecord(board, Seat.dealer_of(board), Vulnerability.from_board(board), north)
                whole.append((board, north))
        except DealError:
            continue
    try:
        records = analysed(tuple(whole))
    except DealError:  # no double-dummy solver (endplay is optional): the hands alone
        records = [
            HandRecord(b, Seat.dealer_of(b), Vulnerability.from_board(b), d) for b, d in whole
        ]
    return {r.board: r for r in records}


def _hand(suits: tuple[str, str, str, str], seat: str) -> str:
    from markupsafe import escape

    lines = "".join(
        f"<span{' class=red' if sym in '♥♦' else ''}>{sym} {escape(_ranked(x)) or '—'}</span><br>"
        for sym, x in zip(SUIT_SYMBOLS, suits, strict=True)
    )
    return f"<div class='hand {seat.lower()}'><b>{_SEAT_NAMES[seat]}</b><br>{lines}</div>"


def _record(r: HandRecord, anchor: bool = False) -> Any:
    """One board as a hand record sheet shows it: board number, dealer and vulnerability; the
    four hands around the table; the contracts each declarer makes double dummy; the par.
    ``anchor``: the Hand Records section's copy, which links may point to."""
    from markupsafe import Markup

    hands = r.hands()
    seats = "".join(_hand(hands[Seat(x)], x) for x in "NWES")
    dd = ""
    if r.dd is not None:
        head = "".join(
            f"<th scope='col'{' class=red' if x in 'DH' else ''}>{_STRAINS[x]}</th>"
            for x in DD_STRAINS
        )
        body = "".join(
            f"<tr><th scope='row'>{who}</th>"
            + "".join(f"<td class='num'>{_made(r.dd.get(who, x))}</td>" for x in DD_STRAINS)
            + "</tr>"
            for who in DD_SEATS
        )
        dd = (
            "<table class='dd'><caption>Makeable contracts</caption>"
            f"<thead><tr><th scope='col'>By</th>{head}</tr></thead><tbody>{body}</tbody></table>"
        )
    par = ""
    if r.par is not None:
        par = f"<p class='par'>Par: {r.par.text()}</p>"
    caption = f"Board {r.board} · dealer {r.dealer} · vulnerable {r.vulnerability}"
    return Markup(
        f"<figure class='record'{f' id=record-{r.board}' if anchor else ''}>"
        f"<figcaption>{caption}</figcaption>"
        f"<div class='compass'>{seats}</div><div class='analysis'>{dd}{par}</div></figure>"
    )


def _made(tricks: int) -> str:
    """The level a declarer makes with ``tricks`` (``-`` below seven tricks).

    >>> _made(10), _made(6)
    ('4', '-')
    """
    return str(tricks - 6) if tricks >= 7 else "-"


def render_html(res: SessionResults, deals: Mapping[int, str] | None = None) -> str:
    """The results page as HTML text."""
    records = hand_records(deals or {})
    mp = res.input.scoring == "mp"
    unit = "MP" if mp else "IMP"
    who = "Player" if res.input.family == "individual" else "Pair"
    tables = len({r.table for r in res.input.rows if r.table is not None}) or 1
    # A pairs field ranks 40% of its pairs; an individual's Recap still ranks by its tables.
    one_field = not res.two_winner and res.input.family != "individual"
    places = places_in_ranking(tables, one_field=one_field)
    # The same decimals down each column of the page (figures.py): percentages two, the other
    # figures as many as the most precise of their kind needs.
    pct_places = PERCENT_PLACES if mp else decimals(s.average for s in res.standings)
    total_places = decimals(s.total for s in res.standings)
    raw_places = decimals(raw for rnd in res.barometer for _, _, raw, _, _ in rnd.standings)
    scored = [r for b in res.boards for r in b.rows]
    score_places = decimals(r.score_ns for r in scored)
    point_places = decimals([r.mp_ns for r in scored] + [r.mp_ew for r in scored])
    top_places = decimals(b.top for b in res.boards)
    datum_places = decimals(b.datum for b in res.boards)
    groups = []
    for direction, group in ranking_groups(res):
        rows = []
        for s in group:
            digits = s.rank.rstrip("=")
            rows.append({
                "rank": s.rank, "label": s.label, "anchor": _anchor(s.label),
                "names": s.pair.names, "played": s.played, "total": fixed(s.total, total_places),
                "pct": fixed(s.pct if mp else s.average, pct_places),
                "placed": digits.isdigit() and int(digits) <= places,
                "seat": s.seat, "seat_rank": s.seat_rank, "extra": players_cells(res, s),
            })  # fmt: skip
        title = f"{direction} pairs" if direction else f"All {who.lower()}s"
        title += " (all sections)" if res.input.sections else ""
        groups.append({"key": direction.lower() or "all", "title": title, "rows": rows,
                       "seats": any(s.seat for s in group),
                       "extra_heads": players_heads(res)})  # fmt: skip
    for letter, direction, group in section_groups(res):
        rows = [
            {"rank": s.section_rank, "label": s.label, "anchor": _anchor(s.label),
             "names": s.pair.names, "played": s.played, "total": fixed(s.total, total_places),
             "pct": fixed(s.pct if mp else s.average, pct_places), "placed": False,
             "seat": "", "seat_rank": "", "extra": []}
            for s in group
        ]  # fmt: skip
        title = f"Section {letter}" + (f", {direction} pairs" if direction else "")
        key = f"{letter.lower()}-{direction.lower() or 'all'}"
        groups.append({"key": key, "title": title, "rows": rows, "seats": False,
                       "extra_heads": []})  # fmt: skip
    rounds = [{"round": b.round, "status": res.round_status(b.round) if res.barometer_play
               else ""} for b in res.barometer]  # fmt: skip
    baro: dict[str, list[str]] = {s.label: [] for s in res.standings}
    for rnd in res.barometer:
        for label, n, raw, pct, rank in rnd.standings:
            if label in baro:
                value = (
                    fixed(pct, PERCENT_PLACES) + "%" if mp and pct is not None
                    else fixed(raw, raw_places) if n else ""
                )  # fmt: skip
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
                "ns_score": fixed(pts, score_places) if pts is not None and pts >= 0 else "",
                "ew_score": fixed(-pts, score_places) if pts is not None and pts < 0 else "",
                "ns_points": fixed(r.mp_ns, point_places),
                "ew_points": fixed(r.mp_ew, point_places),
                "problem": res.row_problem(b.board, x.row),
            })  # fmt: skip
        boards.append({
            "board": b.board, "dealer": str(Seat.dealer_of(b.board)),
            "vul": str(Vulnerability.from_board(b.board)), "top": None if b.top is None
            else fixed(b.top, top_places),
            "datum": None if b.datum is None else fixed(b.datum, datum_places), "rows": rows,
            "deal": _record(records[b.board]) if b.board in records else None,
        })  # fmt: skip
    cards = [
        {"label": c.standing.label, "anchor": _anchor(c.standing.label),
         "names": c.pair.names, "rank": c.standing.rank,
         "rows": [{"board": x.board, "dir": x.direction, "opponents": x.opponents,
                   "contract": (x.adjusted and f"adj {x.adjusted}") or x.contract,
                   "declarer": x.declarer, "result": x.result,
                   "score": fixed(x.score, score_places),
                   "points": fixed(x.points, point_places)} for x in c.lines]}
        for c in score_cards(res)
    ]  # fmt: skip
    method = {"mp": f"matchpoints ({res.input.scale.upper()})", "butler": "Butler IMPs",
              "ximp": "cross-IMPs"}[res.input.scoring]  # fmt: skip
    return render_page(
        TEMPLATE.name,
        event=res.event, date=res.input.date, kind=res.input.kind, method=method, mp=mp,
        unit=unit, who=who, groups=groups, rounds=rounds,
        barometer=[{"label": k, "cells": v} for k, v in baro.items()], boards=boards,
        cards=cards, winners=[
            {"seat": s.seat, "label": s.label, "anchor": _anchor(s.label), "names": s.pair.names,
             "pct": fixed(s.pct if mp else s.average, pct_places)} for s in res.winners
        ], deals=[_record(records[b], anchor=True) for b in sorted(records)],
        recalculated=res.recalculated, disagreements=res.disagreements,
        problems=[p.line() for p in res.open_problems],
    )  # fmt: skip
