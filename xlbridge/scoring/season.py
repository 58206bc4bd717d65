"""The season: a club's competitions over the sessions it recorded, member by member.

Each input is one member's score in one session (:class:`MemberScore`): a member is known by
federation number, or by name when the session gave none, so a member keeps their scores when
their partnership changes (each player of a pair has the pair's percentage). The competitions
are pure functions returning typed lines (:class:`SeasonLine`), qualifiers ranked first (ties
share a rank, ``"2="``), then the members below the minimum, unranked:

- :func:`best_average`: the mean of each member's best ``best`` percentages;
- :func:`handicap_ladder`: the same over handicapped percentages, handicapped sessions only;
- :func:`most_improved`: the mean of a member's last ``window`` sessions minus the mean of
  their first ``window`` (in date order), so only members with at least ``2 * window``
  sessions, whose two windows share no session, can qualify;
- :func:`attendance`: sessions played.

"Most improved" is the club's own rule wherever we looked: Godalming Bridge Club's Best
Improver compares a member's average percentage this year with last year's, with at least 20
sessions (bridgewebs.com/godalming/page4.html); Hamilton Bridge Club's most improved player
trophies use the rise in rating points over the year (hamilton.bridge-club.org/node/5453).
Comparing the two ends of one season, as here, needs no other season's records and is our
choice.

Which sessions count (:func:`in_season`): final ones only unless ``include_provisional`` (a
line then counts the provisional sessions it holds, for the outputs to mark), dated from
``start`` to ``end`` inclusive when given (a session without a date is then left out).

Standard library only (the rules layer runs in Pyodide).

>>> s = [MemberScore("101", "Ann", 1, "2026-01-05", 60.0),
...      MemberScore("101", "Ann", 2, "2026-01-12", 50.0),
...      MemberScore("102", "Bo", 1, "2026-01-05", 55.0)]
>>> [(x.rank, x.name, x.value) for x in best_average(s, best=2, minimum=2)]
[('1', 'Ann', 55.0), ('', 'Bo', 55.0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from xlbridge.errors import SessionError
from xlbridge.limits import SEASON_BEST as BEST
from xlbridge.limits import SEASON_MINIMUM as MINIMUM
from xlbridge.limits import SEASON_WINDOW as WINDOW
from xlbridge.limits import Range, check_count
from xlbridge.scoring.dates import iso_date
from xlbridge.scoring.session import ranks

__all__ = [
    "COMPETITIONS",
    "DEFAULT_BEST",
    "DEFAULT_WINDOW",
    "Competition",
    "MemberScore",
    "SeasonLine",
    "SeasonOptions",
    "SeasonSession",
    "SessionScore",
    "Standings",
    "attendance",
    "best_average",
    "check_date",
    "handicap_ladder",
    "in_season",
    "most_improved",
    "season_standings",
]

Competition = Literal["best", "handicap", "improved", "attendance"]
COMPETITIONS: tuple[Competition, ...] = get_args(Competition)

DEFAULT_BEST = 10
DEFAULT_WINDOW = 3


def check_date(text: str, what: str = "date") -> str:
    """``text`` if it is an ISO date (``yyyy-mm-dd``), else one line
    (:func:`xlbridge.scoring.dates.iso_date`).

    >>> check_date("2026-02-29", "--to")
    Traceback (most recent call last):
    ...
    xlbridge.errors.SessionError: --to '2026-02-29' is not a date written yyyy-mm-dd (2026-11-24)
    """
    return iso_date(text, what)


def _count(value: int, what: str, limits: Range) -> int:
    return check_count(value, what, limits, SessionError)


@dataclass(frozen=True)
class MemberScore:
    """One member's score in one session: ``member`` is the federation number, or the name
    when none was given; ``pct`` the pair's (or player's) percentage, 0-100;
    ``handicapped_pct`` None when the session was not handicapped."""

    member: str
    name: str
    session: int
    date: str  # ISO yyyy-mm-dd, or "" when the session has none
    pct: float
    handicapped_pct: float | None = None
    provisional: bool = False

    def __post_init__(self) -> None:
        if not self.member:
            raise SessionError(f"session {self.session}: a player with neither number nor name")
        for what, x in (("percentage", self.pct), ("handicapped percentage", self.handicapped_pct)):
            if x is not None and (isinstance(x, bool) or not math.isfinite(x)):
                raise SessionError(f"session {self.session}: {self.name!r}'s {what} is {x!r}")


@dataclass(frozen=True)
class SeasonSession:
    """A recorded session, as the season page lists it: ``page`` its results page (a path or
    URL, "" when none)."""

    id: int
    date: str
    event: str
    page: str = ""
    provisional: bool = False


@dataclass(frozen=True)
class SeasonOptions:
    """What the season is: the competition, its numbers, the dates and whether provisional
    sessions count. ``minimum`` None: the competition's own (:meth:`least`)."""

    competition: Competition = "best"
    best: int = DEFAULT_BEST
    minimum: int | None = None
    window: int = DEFAULT_WINDOW
    start: str = ""  # ISO date, inclusive; "" no bound
    end: str = ""
    include_provisional: bool = False

    def __post_init__(self) -> None:
        if self.competition not in COMPETITIONS:
            raise SessionError(
                f"competition {self.competition!r} is not one of {', '.join(COMPETITIONS)}"
            )
        _count(self.best, "best", BEST)
        _count(self.window, "window", WINDOW)
        if self.minimum is not None:
            _count(self.minimum, "minimum", MINIMUM)
        for what, d in (("from", self.start), ("to", self.end)):
            if d:
                check_date(d, f"--{what}")
        if self.start and self.end and self.start > self.end:
            raise SessionError(f"the season starts ({self.start}) after it ends ({self.end})")

    def least(self) -> int:
        """Sessions a member must play to qualify: ``minimum`` when given, else ``best`` for
        the averages, ``2 * window`` for most improved, 1 for attendance; most improved never
        takes fewer than ``2 * window``.

        >>> SeasonOptions("improved", minimum=2, window=3).least(), SeasonOptions().least()
        (6, 10)
        """
        own = {"best": self.best, "handicap": self.best, "improved": 2 * self.window,
               "attendance": 1}[self.competition]  # fmt: skip
        if self.competition == "improved":
            return max(own, self.minimum or 0)
        return own if self.minimum is None else self.minimum


def in_season(date: str, provisional: bool, options: SeasonOptions) -> bool:
    """Whether a session on ``date`` counts: in the date range (a session without a date only
    when no range is given), and final unless provisional sessions are included.

    >>> o = SeasonOptions(start="2026-01-01", end="2026-12-31")
    >>> in_season("2026-03-02", False, o), in_season("", False, o), in_season("2026-03-02", True, o)
    (True, False, False)
    """
    if provisional and not options.include_provisional:
        return False
    if options.start and not (date and date >= options.start):
        return False
    return not (options.end and not (date and date <= options.end))


@dataclass(frozen=True)
class SessionScore:
    """A member's figure in one session of their line (a percentage, or the handicapped one on
    the handicap ladder); ``counted``: whether it is in the line's value."""

    session: int
    pct: float
    counted: bool


@dataclass(frozen=True)
class SeasonLine:
    """One member's line of a competition: ``rank`` ("1", "2=", "" when not qualifying);
    ``played`` the sessions the competition looked at, ``counted`` those in ``value`` (the best
    N; both windows of most improved); ``value`` the average percentage, the improvement in
    percentage points, or the sessions played (None: too few sessions to work it out);
    ``first``/``last`` most improved's two means; ``provisional`` the provisional sessions
    among those played; ``scores`` each session's figure, in date order."""

    rank: str
    member: str
    name: str
    played: int
    counted: int
    value: float | None
    qualifies: bool
    provisional: int = 0
    first: float | None = None
    last: float | None = None
    scores: tuple[SessionScore, ...] = ()


@dataclass(frozen=True)
class Standings:
    """A competition's table: the options, the minimum used, the sessions it counted, and its
    lines (qualifiers in rank order, then the members below the minimum)."""

    options: SeasonOptions
    minimum: int
    sessions: tuple[SeasonSession, ...]
    lines: tuple[SeasonLine, ...]


def _by_member(scores: Iterable[MemberScore]) -> dict[str, list[MemberScore]]:
    """Each member's scores in date order; a member twice in one session is refused (two
    players without numbers and of one name: the results cannot tell them apart)."""
    out: dict[str, list[MemberScore]] = {}
    seen: set[tuple[str, int]] = set()
    for s in scores:
        if (s.member, s.session) in seen:
            raise SessionError(
                f"session {s.session} ({s.date or 'no date'}) lists {s.name!r} twice; give"
                " each player a federation number so they can be told apart"
            )
        seen.add((s.member, s.session))
        out.setdefault(s.member, []).append(s)
    for group in out.values():
        group.sort(key=lambda s: (s.date, s.session))
    return out


def _name(group: Sequence[MemberScore]) -> str:
    return group[-1].name  # the latest session's spelling


def _ranked(
    lines: list[SeasonLine], order: Callable[[SeasonLine], tuple[float, ...]]
) -> tuple[SeasonLine, ...]:
    """Qualifiers ranked on ``value`` (ties share a rank, ``2=``), in rank order then name;
    the others after them, unranked, in the same order."""
    key = lambda x: (*order(x), x.name.casefold(), x.member)  # noqa: E731
    good = sorted((x for x in lines if x.qualifies), key=key)
    rest = sorted((x for x in lines if not x.qualifies), key=key)
    shown = ranks([x.value or 0.0 for x in good])
    good = [
        SeasonLine(r, x.member, x.name, x.played, x.counted, x.value, True, x.provisional,
                   x.first, x.last, x.scores)
        for r, x in zip(shown, good, strict=True)
    ]  # fmt: skip
    return (*good, *rest)


def _higher(x: SeasonLine) -> tuple[float, ...]:
    return (-math.inf if x.value is None else -x.value,)


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def _averages(
    groups: dict[str, list[tuple[MemberScore, float]]], best: int, minimum: int
) -> tuple[SeasonLine, ...]:
    lines = []
    for member, group in groups.items():
        # The best figures; of equal ones the earliest (the group is in date order).
        top = set(sorted(range(len(group)), key=lambda i: -group[i][1])[:best])
        lines.append(SeasonLine(
            "", member, _name([s for s, _ in group]), len(group), len(top),
            _mean([group[i][1] for i in sorted(top)]), len(group) >= minimum,
            sum(s.provisional for s, _ in group),
            scores=tuple(SessionScore(s.session, x, i in top) for i, (s, x) in enumerate(group)),
        ))  # fmt: skip
    return _ranked(lines, _higher)


def best_average(
    scores: Iterable[MemberScore], *, best: int = DEFAULT_BEST, minimum: int = DEFAULT_BEST
) -> tuple[SeasonLine, ...]:
    """The mean of each member's best ``best`` percentages (all of them when fewer); members
    with fewer than ``minimum`` sessions are listed after the qualifiers, unranked.

    >>> s = [MemberScore("1", "Ann", n, f"2026-01-0{n}", p) for n, p in [(1, 40), (2, 70), (3, 60)]]
    >>> best_average(s, best=2, minimum=3)[0].value
    65.0
    """
    _count(best, "best", BEST)
    _count(minimum, "minimum", MINIMUM)
    groups = {m: [(s, s.pct) for s in g] for m, g in _by_member(scores).items()}
    return _averages(groups, best, minimum)


def handicap_ladder(
    scores: Iterable[MemberScore], *, best: int = DEFAULT_BEST, minimum: int = DEFAULT_BEST
) -> tuple[SeasonLine, ...]:
    """:func:`best_average` over handicapped percentages: only sessions that were handicapped
    count, and ``minimum`` is of those.

    >>> s = [MemberScore("1", "Ann", 1, "2026-01-05", 50.0, 53.5),
    ...      MemberScore("1", "Ann", 2, "2026-01-12", 70.0)]
    >>> [(x.played, x.value) for x in handicap_ladder(s, best=2, minimum=1)]
    [(1, 53.5)]
    """
    _count(best, "best", BEST)
    _count(minimum, "minimum", MINIMUM)
    groups: dict[str, list[tuple[MemberScore, float]]] = {}
    for m, g in _by_member(scores).items():
        for s in g:
            if s.handicapped_pct is not None:
                groups.setdefault(m, []).append((s, s.handicapped_pct))
    return _averages(groups, best, minimum)


def most_improved(
    scores: Iterable[MemberScore], *, window: int = DEFAULT_WINDOW, minimum: int | None = None
) -> tuple[SeasonLine, ...]:
    """Most improved: the mean percentage of a member's last ``window`` sessions minus the mean
    of their first ``window`` (sessions in date order), in percentage points. A member
    qualifies with at least ``minimum`` sessions and never fewer than ``2 * window`` (the two
    windows share no session); with fewer than that, the line has no value.

    >>> s = [MemberScore("1", "Ann", n, f"2026-01-0{n}", p)
    ...      for n, p in [(1, 40), (2, 50), (3, 45), (4, 60)]]
    >>> x = most_improved(s, window=2)[0]
    >>> x.rank, x.first, x.last, x.value
    ('1', 45.0, 52.5, 7.5)
    """
    _count(window, "window", WINDOW)
    least = max(2 * window, 0 if minimum is None else _count(minimum, "minimum", MINIMUM))
    lines = []
    for member, group in _by_member(scores).items():
        first = last = value = None
        ends = False
        if len(group) >= 2 * window:
            ends = True
            first = _mean([s.pct for s in group[:window]])
            last = _mean([s.pct for s in group[-window:]])
            value = last - first
        lines.append(SeasonLine(
            "", member, _name(group), len(group), 2 * window if value is not None else 0, value,
            len(group) >= least, sum(s.provisional for s in group), first, last,
            tuple(SessionScore(s.session, s.pct, ends and not window <= i < len(group) - window)
                  for i, s in enumerate(group)),
        ))  # fmt: skip
    return _ranked(lines, _higher)


def attendance(scores: Iterable[MemberScore], *, minimum: int = 1) -> tuple[SeasonLine, ...]:
    """Sessions each member played, most first; fewer than ``minimum``: listed unranked.

    >>> s = [MemberScore("1", "Ann", 1, "", 50.0), MemberScore("2", "Bo", 1, "", 50.0),
    ...      MemberScore("1", "Ann", 2, "", 60.0)]
    >>> [(x.rank, x.name, x.played) for x in attendance(s)]
    [('1', 'Ann', 2), ('2', 'Bo', 1)]
    """
    _count(minimum, "minimum", MINIMUM)
    lines = [
        SeasonLine("", m, _name(g), len(g), len(g), float(len(g)), len(g) >= minimum,
                   sum(s.provisional for s in g), scores=tuple(
                       SessionScore(s.session, s.pct, True) for s in g))
        for m, g in _by_member(scores).items()
    ]  # fmt: skip
    return _ranked(lines, _higher)


def season_standings(
    scores: Iterable[MemberScore],
    options: SeasonOptions,
    sessions: Iterable[SeasonSession] = (),
) -> Standings:
    """The competition ``options`` chooses over the scores of the sessions in the season
    (:func:`in_season`); ``sessions``: the recorded sessions, those in the season listed with
    the table.

    >>> s = [MemberScore("1", "Ann", 1, "2026-01-05", 60.0),
    ...      MemberScore("1", "Ann", 2, "2026-02-05", 40.0, provisional=True)]
    >>> t = season_standings(s, SeasonOptions(minimum=1))
    >>> [(x.name, x.played, x.value) for x in t.lines]
    [('Ann', 1, 60.0)]
    """
    kept = [s for s in scores if in_season(s.date, s.provisional, options)]
    least = options.least()
    if options.competition == "best":
        lines = best_average(kept, best=options.best, minimum=least)
    elif options.competition == "handicap":
        lines = handicap_ladder(kept, best=options.best, minimum=least)
    elif options.competition == "improved":
        lines = most_improved(kept, window=options.window, minimum=least)
    else:
        lines = attendance(kept, minimum=least)
    if options.competition == "handicap":
        used = {s.session for s in kept if s.handicapped_pct is not None}
    else:
        used = {s.session for s in kept}
    listed = tuple(
        sorted((x for x in sessions if x.id in used), key=lambda x: (x.date, x.id))
    )  # fmt: skip
    return Standings(options, least, listed, lines)
