"""An event of several sessions, one workbook each: each pair's sessions and its overall rank.

Pair numbers change from session to session, so pairs are matched by their players: two
players are the same when both have a federation number (:attr:`PairInfo.numbers`) and the
numbers are equal, else when their names are equal (case and spacing aside); a pair is the same
pair when its players are. A pair missing from a session is listed as such. How the sessions
make the overall total is :mod:`xlbridge.scoring.event`'s: the sum or the average of the session
percentages (IMP totals), the sum of the matchpoints (a session weighted by its boards), or a
qualifying stage carried forward into the final (the last session) by the EBU's formula; the
last two also as a percentage.

>>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
>>> from xlbridge.families.duplicate.score import score_session
>>> def session(names: list[tuple[str, str]], scores: list[int]) -> SessionResults:
...     pairs = tuple(PairInfo(i + 1, str(i + 1), a, b) for i, (a, b) in enumerate(names))
...     rows = tuple(ResultRow(1, 6 + i, 1, i + 1, str(2 * i + 1), str(2 * i + 2), typed_score=s)
...                  for i, s in enumerate(scores))
...     return score_session(SessionInput("Cup", "", "howell", "mp", "acbl", pairs, rows, {1: 2}))
>>> one = session([("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")], [420, -50])
>>> two = session([("Cy", "Di"), ("ann", "BO"), ("Ed", "Flo"), ("Ivy", "Jo")], [-50, 420])
>>> ev = event_results([one, two], "sum")
>>> [(e.names, e.total, e.rank, e.missing) for e in ev.entries][:3]
[('ann & BO', 200.0, '1', ()), ('Ed & Flo', 100.0, '2=', ()), ('Gus & Hal', 100.0, '2=', (2,))]
>>> ev.entries[-1].names, ev.entries[-1].missing
('Ivy & Jo', (1,))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import SessionError
from xlbridge.numerals import shown
from xlbridge.results.figures import PERCENT_PLACES, decimals, fixed
from xlbridge.results.pages import TEMPLATES, render_page
from xlbridge.results.session import PairInfo, SessionResults, Standing
from xlbridge.scoring.event import (
    CARRY_SHARE,
    EVENT_SESSIONS,
    EventTotal,
    carry_forward,
    combine,
    weighted_percentage,
)
from xlbridge.scoring.session import ranks

__all__ = [
    "TEMPLATE",
    "EventEntry",
    "EventResults",
    "event_csv",
    "event_html",
    "event_json",
    "event_results",
    "event_text",
    "overall_columns",
    "overall_rows",
    "same_player",
]

TEMPLATE = TEMPLATES / "event.html.j2"


@dataclass(frozen=True, slots=True)
class EventEntry:
    """A pair of the event: its players' names and numbers (as last seen), its line of each
    session's ranking (None: not there), the matchpoints carried forward (``carry`` only), its
    overall total and rank ("" when it has none: played no session, or no final with ``carry``).
    ``pct`` is the total as a percentage of the most it could be (``matchpoints`` and
    ``carry``), ``carried_pct`` the qualifying percentage carried (``carry``)."""

    names: str
    numbers: tuple[str, ...]
    sessions: tuple[Standing | None, ...]
    carried: float | None
    total: float | None
    rank: str
    pct: float | None = None
    carried_pct: float | None = None

    @property
    def missing(self) -> tuple[int, ...]:
        """The sessions (1-based) the pair did not play."""
        return tuple(i for i, s in enumerate(self.sessions, start=1) if s is None)


@dataclass(frozen=True, slots=True)
class EventResults:
    """The event: its sessions, how they were combined (``how``; ``share`` the carry-forward
    percent), whether they are matchpoint sessions, and the entries in overall rank order
    (those without a rank last)."""

    sessions: tuple[SessionResults, ...]
    titles: tuple[str, ...]
    how: EventTotal
    share: float
    mp: bool
    entries: tuple[EventEntry, ...]


def _norm(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip().casefold()


def same_player(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Whether two (name, federation number) are one player: by number when both have one,
    else by name (case and spacing aside); an empty name matches nothing.

    >>> same_player(("Ann  Lee", ""), ("ann lee", "123")), same_player(("A", "1"), ("A", "2"))
    (True, False)
    """
    if a[1].strip() and b[1].strip():
        return a[1].strip() == b[1].strip()
    return bool(_norm(a[0])) and _norm(a[0]) == _norm(b[0])


def _players(p: PairInfo) -> tuple[tuple[str, str], ...]:
    names = [n for n in (p.name1, p.name2)]
    numbers = list(p.numbers) + [""] * (2 - len(p.numbers))
    return tuple((n, numbers[i]) for i, n in enumerate(names) if n.strip() or numbers[i].strip())


def _same_pair(a: tuple[tuple[str, str], ...], b: tuple[tuple[str, str], ...]) -> bool:
    if len(a) != len(b):
        return False
    if len(a) == 1:
        return same_player(a[0], b[0])
    return (same_player(a[0], b[0]) and same_player(a[1], b[1])) or (
        same_player(a[0], b[1]) and same_player(a[1], b[0])
    )


def _merged(old: tuple[tuple[str, str], ...], new: tuple[tuple[str, str], ...]) -> tuple[
    tuple[str, str], ...
]:  # fmt: skip
    """The players as last seen, a number kept when the new session has none."""
    out = []
    for n in new:
        known = next((o for o in old if same_player(o, n)), ("", ""))
        out.append((n[0] or known[0], n[1] or known[1]))
    return tuple(out)


def _top(res: SessionResults, k: int, needs: str = "the carry-forward formula needs") -> float:
    tops = {b.top for b in res.boards if b.top}
    if len(tops) != 1:
        raise SessionError(
            f"session {k}'s boards have {'no top' if not tops else 'different tops'}; {needs}"
            " one matchpoint top a board"
        )
    return tops.pop()


def _boards(res: SessionResults) -> int:
    """The boards a session's totals count: the most any pair played (a pair that played
    fewer has its total factored up to them)."""
    return max((s.played for s in res.standings), default=0)


def _matchpoint_tops(sessions: Sequence[SessionResults]) -> None:
    tops = [_top(res, k, "--total matchpoints adds on") for k, res in enumerate(sessions, start=1)]
    if len(set(tops)) > 1:
        shown_tops = ", ".join(f"session {k} {t:g}" for k, t in enumerate(tops, start=1))
        raise SessionError(
            f"a board's matchpoint top differs ({shown_tops}): matchpoints add only on one top;"
            " --total sum adds the percentages, --total carry rescales to the final's top"
        )


def event_results(
    sessions: Sequence[SessionResults],
    how: EventTotal,
    share: float = CARRY_SHARE,
    titles: Sequence[str] = (),
) -> EventResults:
    """Match the pairs of ``sessions`` (in playing order) and rank the event ``how`` says;
    a session whose scoring differs from the first's, a pair without names or numbers, two
    pairs of one session with the same players, and ``carry`` on IMPs or on a session ranked
    in two fields are refused in one line."""
    lo, hi = EVENT_SESSIONS
    if not lo <= len(sessions) <= hi:
        raise SessionError(f"an event has {lo} to {hi} sessions (one workbook each), not"
                           f" {len(sessions)}")  # fmt: skip
    mp = sessions[0].input.scoring == "mp"
    for k, res in enumerate(sessions, start=1):
        if (res.input.scoring == "mp") != mp:
            raise SessionError(
                f"session {k} is scored {res.input.scoring}, session 1"
                f" {sessions[0].input.scoring}: an event adds sessions scored alike"
            )
    if how == "matchpoints":
        if not mp:
            raise SessionError("--total matchpoints is for matchpoint sessions; IMP sessions"
                               " add their IMP totals with --total sum")  # fmt: skip
        _matchpoint_tops(sessions)
    if how == "carry":
        if not mp:
            raise SessionError("carry-forward (EBU White Book §172) is for matchpoint sessions")
        for k, res in enumerate(sessions, start=1):
            if res.two_winner:
                raise SessionError(
                    f"session {k} is ranked in two fields (NS and EW); carry-forward needs every"
                    " session ranked as one field (EBU White Book §172)"
                )
    keys: list[tuple[tuple[str, str], ...]] = []
    lines: list[list[Standing | None]] = []
    for k, res in enumerate(sessions):
        taken: dict[int, str] = {}
        for s in res.standings:
            players = _players(s.pair)
            if not players:
                raise SessionError(
                    f"session {k + 1}: {s.label[:40]!r} has no player names or numbers; pairs"
                    " are matched across sessions by them"
                )
            found = [i for i, key in enumerate(keys) if _same_pair(key, players)]
            if len(found) > 1:
                raise SessionError(
                    f"session {k + 1}: {s.label[:40]!r} ({s.pair.names[:80]}) matches"
                    f" {len(found)} pairs of earlier sessions; give federation numbers"
                )
            if found and found[0] in taken:
                raise SessionError(
                    f"session {k + 1}: {taken[found[0]][:40]!r} and {s.label[:40]!r} have the"
                    " same players"
                )
            if found:
                i = found[0]
                keys[i] = _merged(keys[i], players)
            else:
                i = len(keys)
                keys.append(players)
                lines.append([None] * len(sessions))
            taken[i] = s.label
            lines[i][k] = s
    carried: list[float | None] = [None] * len(keys)
    carried_pct: list[float | None] = [None] * len(keys)
    pcts: list[float | None] = [None] * len(keys)
    totals: list[float | None] = []
    boards = [_boards(res) for res in sessions]
    if how == "carry":
        final_top = _top(sessions[-1], len(sessions))
        q_tops = [_top(res, k) for k, res in enumerate(sessions[:-1], start=1)]
        for i, line in enumerate(lines):
            final = line[-1]
            if final is None or final.total is None:
                totals.append(None)
                continue
            played = [(q.total, q.pct, top, n)
                      for q, top, n in zip(line[:-1], q_tops, boards[:-1], strict=True)
                      if q is not None and q.total is not None]  # fmt: skip
            c = sum(carry_forward(mps, final_top, top, share) for mps, _p, top, _n in played)
            carried[i] = c
            total = final.total + c
            totals.append(total)
            carried_pct[i] = weighted_percentage([(p, n) for _m, p, _t, n in played
                                                  if p is not None])  # fmt: skip
            # The most the total could be: the final's boards at its top, and the share of
            # each qualifying session's boards carried at the final's top.
            most = (boards[-1] + sum(n for *_x, n in played) * share / 100) * final_top
            pcts[i] = 100 * total / most if most > 0 else None
    elif how == "matchpoints":
        for i, line in enumerate(lines):
            totals.append(combine([None if x is None else x.total for x in line], "sum"))
            pcts[i] = weighted_percentage([(x.pct, n) for x, n in zip(line, boards, strict=True)
                                           if x is not None and x.pct is not None])  # fmt: skip
    else:
        for line in lines:
            values = [None if x is None else (x.pct if mp else x.total) for x in line]
            totals.append(combine(values, how))
    ranked = [i for i, t in enumerate(totals) if t is not None]
    rank_of = dict(zip(ranked, ranks([totals[i] for i in ranked]), strict=True))  # type: ignore[misc]
    entries = [
        EventEntry(" & ".join(n for n, _ in key if n), tuple(num for _, num in key),
                   tuple(line), carried[i], totals[i], rank_of.get(i, ""), pcts[i],
                   carried_pct[i])
        for i, (key, line) in enumerate(zip(keys, lines, strict=True))
    ]  # fmt: skip
    order = sorted(
        range(len(entries)),
        key=lambda i: (entries[i].total is None, -(entries[i].total or 0.0), i),
    )
    names = list(titles) or [res.event for res in sessions]
    return EventResults(
        tuple(sessions), tuple(names), how, share, mp, tuple(entries[i] for i in order)
    )


def _how_text(ev: EventResults) -> str:
    unit = "percentages" if ev.mp else "IMP totals"
    if ev.how == "matchpoints":
        return ("the sum of the session matchpoints (each session weighted by its boards; the %"
                " is the session percentages so weighted)")  # fmt: skip
    if ev.how == "carry":
        share = f"{ev.share:g}%"
        return (f"the final (session {len(ev.sessions)}) with {share} of the qualifying"
                " matchpoints carried forward, rescaled to the final's top (EBU White Book"
                " §172: C = S × FT / (2 × QT) at 50%)")  # fmt: skip
    return f"the {ev.how} of the session {unit}"


def _session_value(ev: EventResults, x: Standing | None, places: int) -> str:
    if x is None:
        return ""
    return fixed(x.pct if ev.mp else x.total, places, "-")


def overall_rows(ev: EventResults) -> list[dict[str, Any]]:
    """One dict a pair of the event, in overall rank order: rank, names, numbers, each
    session's label, figure (percentage or IMP total) and rank, the carry-forward, the total."""
    out = []
    for e in ev.entries:
        row: dict[str, Any] = {"rank": e.rank, "names": e.names, "numbers": " ".join(
            n for n in e.numbers if n)}  # fmt: skip
        for k, x in enumerate(e.sessions, start=1):
            row[f"pair {k}"] = "" if x is None else x.label
            row[f"score {k}"] = None if x is None else shown(x.pct if ev.mp else x.total)
            row[f"rank {k}"] = "missing" if x is None else x.rank
        row["carried"] = shown(e.carried)
        row["carried %"] = shown(e.carried_pct)
        row["total"] = shown(e.total)
        row["%"] = shown(e.pct)
        row["missing"] = " ".join(str(k) for k in e.missing)
        out.append(row)
    return out


def overall_columns(ev: EventResults) -> tuple[str, ...]:
    """The columns of :func:`overall_rows` (``carried`` and ``carried %`` with ``carry`` only,
    ``%`` with ``carry`` and ``matchpoints``)."""
    cols = ["rank", "names", "numbers"]
    for k in range(1, len(ev.sessions) + 1):
        cols += [f"pair {k}", f"score {k}", f"rank {k}"]
    carry = ("carried", "carried %") if ev.how == "carry" else ()
    return (*cols, *carry, "total", *(("%",) if _has_pct(ev) else ()), "missing")


def _has_pct(ev: EventResults) -> bool:
    """Whether the event's total is also given as a percentage (its matchpoints)."""
    return ev.how in ("carry", "matchpoints")


def event_text(ev: EventResults) -> str:
    """The overall ranking as an aligned text table, then each session's ranking."""
    from xlbridge.results.tables import to_text

    places = PERCENT_PLACES if ev.mp else decimals(
        x.total for e in ev.entries for x in e.sessions if x is not None)  # fmt: skip
    total_places = decimals([e.total for e in ev.entries] + [e.carried for e in ev.entries])
    lines = [f"Event of {len(ev.sessions)} sessions, ranked by {_how_text(ev)}"]
    lines += [f"Session {k}: {t}" for k, t in enumerate(ev.titles, start=1)]
    head = ["Rank", "Names"]
    for k in range(1, len(ev.sessions) + 1):
        head += [f"S{k} pair", f"S{k} {'%' if ev.mp else 'IMPs'}", f"S{k} rank"]
    head += (["Carried", "Carried %"] if ev.how == "carry" else []) + ["Total"]
    head += ["%"] if _has_pct(ev) else []
    table = [head]
    for e in ev.entries:
        row = [e.rank, e.names]
        for x in e.sessions:
            row += ["missing", "", ""] if x is None else [x.label, _session_value(ev, x, places),
                                                          x.rank]  # fmt: skip
        if ev.how == "carry":
            row += [fixed(e.carried, total_places, "-"),
                    fixed(e.carried_pct, PERCENT_PLACES, "-")]  # fmt: skip
        row.append(fixed(e.total, total_places, "-"))
        row += [fixed(e.pct, PERCENT_PLACES, "-")] if _has_pct(ev) else []
        table.append(row)
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    lines += ["", "Overall"]
    for row in table:
        cells = [c.ljust(w) if i == 1 else c.rjust(w)
                 for i, (c, w) in enumerate(zip(row, widths, strict=True))]  # fmt: skip
        lines.append("  ".join(cells).rstrip())
    for k, (res, title) in enumerate(zip(ev.sessions, ev.titles, strict=True), start=1):
        lines += ["", f"Session {k}: {title}", to_text(res)]
    return "\n".join(lines)


def event_csv(ev: EventResults) -> str:
    """The overall ranking as CSV (spreadsheet-safe fields): :func:`overall_rows`."""
    from xlbridge.results.tables import to_csv

    return to_csv(overall_rows(ev), overall_columns(ev))


def event_json(ev: EventResults) -> dict[str, Any]:
    """The event as JSON: how it was ranked, each session's ``results`` JSON, the overall."""
    sessions = [{"title": t, **res.to_json()} for t, res in zip(ev.titles, ev.sessions,
                                                                strict=True)]  # fmt: skip
    overall = [
        {"rank": e.rank, "names": e.names, "numbers": list(e.numbers),
         "sessions": [None if x is None else {
             "label": x.label, "dir": x.dir, "played": x.played,
             "total": shown(x.total, whole=True), "pct": shown(x.pct, whole=True),
             "average": shown(x.average, whole=True), "rank": x.rank}
             for x in e.sessions],
         **({"carried": shown(e.carried, whole=True),
             "carried_pct": shown(e.carried_pct, whole=True)} if ev.how == "carry" else {}),
         "total": shown(e.total, whole=True),
         **({"pct": shown(e.pct, whole=True)} if _has_pct(ev) else {}),
         "missing": list(e.missing)}
        for e in ev.entries
    ]  # fmt: skip
    head: dict[str, Any] = {"total": ev.how}
    if ev.how == "carry":
        head["carry"] = ev.share
    return head | {"scoring": "mp" if ev.mp else "imps", "sessions": sessions, "overall": overall}


def event_html(ev: EventResults) -> str:
    """The event as one HTML page (template ``event.html.j2``, autoescaped): the overall
    ranking, then each session's."""
    from xlbridge.results.tables import ranking_groups

    places = PERCENT_PLACES if ev.mp else decimals(
        x.total for e in ev.entries for x in e.sessions if x is not None)  # fmt: skip
    total_places = decimals([e.total for e in ev.entries] + [e.carried for e in ev.entries])
    overall = [
        {"rank": e.rank, "names": e.names,
         "sessions": [None if x is None else {"label": x.label, "rank": x.rank,
                                              "value": _session_value(ev, x, places)}
                      for x in e.sessions],
         "carried": fixed(e.carried, total_places, "-"),
         "carried_pct": fixed(e.carried_pct, PERCENT_PLACES, "-"),
         "total": fixed(e.total, total_places, "-"),
         "pct": fixed(e.pct, PERCENT_PLACES, "-")}
        for e in ev.entries
    ]  # fmt: skip
    sessions = []
    for k, (res, title) in enumerate(zip(ev.sessions, ev.titles, strict=True), start=1):
        s_total = decimals(s.total for s in res.standings)
        groups = [
            {"title": f"{d} pairs" if d else "", "rows": [
                {"rank": s.rank, "label": s.label, "names": s.pair.names, "played": s.played,
                 "total": fixed(s.total, s_total, "-"),
                 "pct": fixed(s.pct if ev.mp else s.average, PERCENT_PLACES, "-")}
                for s in group]}
            for d, group in ranking_groups(res)
        ]  # fmt: skip
        sessions.append({"k": k, "title": title, "groups": groups,
                         "problems": len(res.open_problems)})  # fmt: skip
    return render_page(
        TEMPLATE.name,
        event=ev.sessions[0].event or "Event",
        how=_how_text(ev), mp=ev.mp, carry=ev.how == "carry", pct=_has_pct(ev),
        titles=ev.titles,
        overall=overall, sessions=sessions, n=len(ev.sessions),
    )  # fmt: skip
