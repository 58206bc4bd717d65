"""A season's competition table in each output format ``xlbridge season`` writes: text, CSV
(spreadsheet-safe: :func:`xlbridge.interchange.csvio.write_csv`), JSON and an HTML page (the
Jinja2 template ``xlbridge/templates/season.html.j2``, autoescaped) that lists the sessions
counted, each date linking the session's results page. Names are text in every format (a name
such as ``=HYPERLINK(...)`` stays text). Percentages show two decimals, as results pages do.

>>> from xlbridge.scoring.season import MemberScore, SeasonOptions, season_standings
>>> t = season_standings([MemberScore("1", "=1+1", 1, "2026-01-05", 55.0)],
...                      SeasonOptions(minimum=1))
>>> print(render_season(t, "csv"))
rank,member,name,played,counted,average,qualifies,provisional
1,1,'=1+1,1,1,55.00,yes,0
"""

from __future__ import annotations

import json
import re
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any, Literal, get_args

from xlbridge.interchange.csvio import write_csv
from xlbridge.numerals import shown
from xlbridge.results.figures import PERCENT_PLACES, fixed
from xlbridge.scoring.season import SeasonLine, Standings

__all__ = [
    "SEASON_FORMATS",
    "SeasonFormat",
    "describe",
    "nobody_qualifies",
    "render_season",
    "safe_href",
]

SeasonFormat = Literal["text", "csv", "json", "html"]
SEASON_FORMATS: tuple[SeasonFormat, ...] = get_args(SeasonFormat)

_TEMPLATE = "season.html.j2"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
# The column of each competition's figure, in CSV and JSON and as a heading.
_FIGURE = {"best": "average", "handicap": "handicapped average", "improved": "improvement",
           "attendance": "sessions"}  # fmt: skip


_COUNTED = {"best": "the best percentages, which the average counts",
            "handicap": "the best handicapped percentages, which the average counts",
            "improved": "the first and last sessions compared",
            "attendance": "every session played"}  # fmt: skip


def describe(t: Standings) -> str:
    """The competition in words, with its numbers.

    >>> from xlbridge.scoring.season import SeasonOptions
    >>> describe(Standings(SeasonOptions("improved", window=2), 4, (), ()))
    'Most improved: mean of the last 2 sessions minus mean of the first 2 (at least 4 sessions)'
    """
    o = t.options
    least = f"at least {t.minimum} session{'s' if t.minimum != 1 else ''}"
    if o.competition == "best":
        return f"Best {o.best} percentages averaged ({least})"
    if o.competition == "handicap":
        return (
            f"Handicap ladder: best {o.best} handicapped percentages averaged ({least},"
            " handicapped sessions only)"
        )
    if o.competition == "improved":
        return (f"Most improved: mean of the last {o.window} sessions minus mean of the first"
                f" {o.window} ({least})")  # fmt: skip
    return f"Attendance: sessions played ({least})"


def _season(t: Standings) -> str:
    o = t.options
    when = (
        f"{o.start or 'the first session'} to {o.end or 'the last session'}"
        if o.start or o.end else "every recorded session"
    )  # fmt: skip
    kind = "final and provisional" if o.include_provisional else "final"
    n = len(t.sessions)
    return f"Season: {when}; {n} {kind} session{'s' if n != 1 else ''}"


def _figure(t: Standings, x: SeasonLine) -> str:
    """The line's figure as shown: a percentage with two decimals, an improvement signed,
    sessions whole; "-" when there is none."""
    if x.value is None:
        return "-"
    if t.options.competition == "attendance":
        return str(int(x.value))
    text = fixed(x.value, PERCENT_PLACES)
    if t.options.competition == "improved" and not text.startswith("-"):
        return "+" + text
    return text


def _number(x: float | None) -> float | int | None:
    return shown(x, whole=True)


def render_season(t: Standings, fmt: SeasonFormat) -> str:
    """``t`` as ``fmt`` (text, csv, json or html)."""
    if fmt == "csv":
        return _csv(t)
    if fmt == "json":
        return json.dumps(_json(t), ensure_ascii=False, indent=1)
    if fmt == "html":
        return _html(t)
    return _text(t)


def _csv(t: Standings) -> str:
    improved = t.options.competition == "improved"
    head = ["rank", "member", "name", "played", "counted", _FIGURE[t.options.competition]]
    head += ["first", "last"] if improved else []
    head += ["qualifies", "provisional"]
    rows = []
    for x in t.lines:
        row: list[object] = [x.rank, x.member, x.name, x.played, x.counted,
                             "" if x.value is None else _figure(t, x)]  # fmt: skip
        if improved:
            row += [fixed(x.first, PERCENT_PLACES), fixed(x.last, PERCENT_PLACES)]
        rows.append([*row, "yes" if x.qualifies else "no", x.provisional])
    return write_csv(head, rows)


def _json(t: Standings) -> dict[str, Any]:
    o = t.options
    return {
        "competition": o.competition, "description": describe(t),
        "from": o.start or None, "to": o.end or None, "best": o.best, "window": o.window,
        "minimum": t.minimum, "include_provisional": o.include_provisional,
        "figure": _FIGURE[o.competition],
        "sessions": [
            {"id": s.id, "date": s.date, "event": s.event, "page": s.page,
             "status": "provisional" if s.provisional else "final"} for s in t.sessions
        ],
        "lines": [
            {"rank": x.rank or None, "member": x.member, "name": x.name, "played": x.played,
             "counted": x.counted, "value": _number(x.value), "first": _number(x.first),
             "last": _number(x.last), "qualifies": x.qualifies, "provisional": x.provisional,
             "scores": [{"session": c.session, "pct": _number(c.pct), "counted": c.counted}
                        for c in x.scores]}
            for x in t.lines
        ],
    }  # fmt: skip


def nobody_qualifies(t: Standings) -> str:
    """Why a table with members ranks none of them, and the command that would rank them, on
    two lines ("" when someone qualifies or nobody played): a new club's first sessions are
    fewer than the default best 10.

    >>> from xlbridge.scoring.season import MemberScore, SeasonOptions, season_standings
    >>> t = season_standings([MemberScore("1", "Ann", 1, "2026-01-05", 55.0)], SeasonOptions())
    >>> why, fix = nobody_qualifies(t).splitlines()
    >>> why
    'Nobody qualifies yet: the most sessions a member played is 1; this table needs 10 (--best 10).'
    >>> fix
    'To rank them now: xlbridge season --best 1 (or --minimum 1: all played averaged)'
    """
    if not t.lines or any(x.qualifies for x in t.lines):
        return ""
    o = t.options
    most = max(x.played for x in t.lines)
    flag = "" if o.competition == "best" else f" --competition {o.competition}"
    if o.competition == "improved":  # at least twice the window, whatever --minimum says
        given = f"twice --window {o.window}"
        given = f"--minimum {t.minimum}" if t.minimum > 2 * o.window else given
        change = f" --window {most // 2}" if 2 * o.window > most else ""
        change += f" --minimum {most}" if o.minimum is not None and o.minimum > most else ""
        fix = f"xlbridge season{flag}{change}" if most >= 2 else "wait for a second session"
    elif o.minimum is not None or o.competition == "attendance":
        given, fix = f"--minimum {t.minimum}", f"xlbridge season{flag} --minimum {most}"
    else:
        given = f"--best {o.best}"
        fix = f"xlbridge season{flag} --best {most} (or --minimum {most}: all played averaged)"
    return (f"Nobody qualifies yet: the most sessions a member played is {most}; this table"
            f" needs {t.minimum} ({given}).\nTo rank them now: {fix}")  # fmt: skip


def _text(t: Standings) -> str:
    lines = [describe(t), _season(t)]
    improved = t.options.competition == "improved"
    # Attendance's figure is the sessions played: Played and Counted would repeat it.
    plain = t.options.competition == "attendance"
    head = ["Rank", "Name", "Played", "Counted", _FIGURE[t.options.competition].capitalize()]
    head = [head[0], head[1], head[4]] if plain else head
    head += ["First", "Last"] if improved else []

    def row(x: SeasonLine) -> list[str]:
        cells = [x.rank, _shown_name(x.name) + (" *" if x.provisional else ""), str(x.played),
                 str(x.counted), _figure(t, x)]  # fmt: skip
        if plain:
            cells = [cells[0], cells[1], cells[4]]
        if improved:
            cells += [fixed(x.first, PERCENT_PLACES, "-"), fixed(x.last, PERCENT_PLACES, "-")]
        return cells

    good = [row(x) for x in t.lines if x.qualifies]
    rest = [row(x) for x in t.lines if not x.qualifies]
    table = [head, *good, *rest]
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 1 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    lines += ["", line(head)] + [line(r) for r in good]
    if not t.lines:
        lines.append("(no member played a session of this season)")
    if rest:
        lines += ["", f"Not qualifying (fewer than {t.minimum} sessions):"]
        lines += [line(r) for r in rest]
    why = nobody_qualifies(t)
    if why:
        lines += ["", *why.splitlines()]
    if any(x.provisional for x in t.lines):
        lines += ["", "* counts provisional sessions (results not yet final)"]
    return "\n".join(lines)


def _shown_name(name: str) -> str:
    """A name as one line of a text table (line breaks and tabs as spaces)."""
    return " ".join(name.split()) or name


def safe_href(page: str) -> str | None:
    """The link to a session's results page, or None when ``page`` is no web page: an
    ``http(s)`` URL or a relative or absolute path (a Windows path as a ``file:`` URL); any
    other scheme (``javascript:``, ``data:``) is never a link.

    >>> safe_href("2026-01-05.html"), safe_href("https://club.example/r1")
    ('2026-01-05.html', 'https://club.example/r1')
    >>> safe_href("javascript:alert(1)"), safe_href(r"C:\\club\\r1.html"), safe_href("")
    (None, 'file:///C:/club/r1.html', None)
    """
    page = page.strip()
    if not page or any(ord(ch) < 0x20 for ch in page):
        return None
    if re.match(r"[A-Za-z]:[\\/]", page):
        return PureWindowsPath(page).as_uri()
    m = _SCHEME.match(page)
    if m is None:
        return PurePosixPath(page).as_posix() if page.startswith("/") else page
    return page if m.group(0).lower() in ("http:", "https:") else None


def _html(t: Standings) -> str:
    from xlbridge.results.pages import render_page

    improved = t.options.competition == "improved"
    rows = [
        {"rank": x.rank, "name": x.name, "member": x.member, "played": x.played,
         "counted": x.counted, "value": _figure(t, x), "qualifies": x.qualifies,
         "provisional": x.provisional, "first": fixed(x.first, PERCENT_PLACES, "-"),
         "last": fixed(x.last, PERCENT_PLACES, "-")}
        for x in t.lines
    ]  # fmt: skip
    sessions = [
        {"date": s.date or "(no date)", "event": s.event, "href": safe_href(s.page),
         "provisional": s.provisional} for s in t.sessions
    ]  # fmt: skip
    # The grid: each member's figure in each session, those in the line's value marked.
    column = {s.id: i for i, s in enumerate(t.sessions)}
    grid = []
    for x in t.lines:
        cells: list[dict[str, Any]] = [{"pct": "", "counted": False} for _ in t.sessions]
        for c in x.scores:
            if c.session in column:
                cells[column[c.session]] = {"pct": fixed(c.pct, PERCENT_PLACES),
                                            "counted": c.counted}  # fmt: skip
        grid.append({"name": x.name, "rank": x.rank, "cells": cells})
    return render_page(
        _TEMPLATE,
        title=describe(t), season=_season(t), figure=_FIGURE[t.options.competition].capitalize(),
        improved=improved, minimum=t.minimum,
        qualifiers=[r for r in rows if r["qualifies"]],
        others=[r for r in rows if not r["qualifies"]], sessions=sessions, grid=grid,
        counted_note=_COUNTED[t.options.competition],
        marked=any(x.provisional for x in t.lines),
    )  # fmt: skip
