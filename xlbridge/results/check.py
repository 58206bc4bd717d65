"""A second opinion on another program's published results: every board of a USEBIO file
scored again from the file's own traveller lines under the event's own method, and every
stored figure that differs listed with its likely cause (``xlbridge check``).

What is checked, and how the method is read from the file itself:

- each line's ``SCORE`` against its contract, declarer and tricks (Law 77, the board's
  vulnerability by its number);
- each line's points from the board's scores (the stored scores, so that one wrong score is
  listed once): matchpoints on the scale the file's tops show (2 a comparison, the EBU's, or
  1), factored up by Neuberg's formula where a board has fewer results than the most-played
  one and the file's top says so; cross-IMPs with the divisor that agrees with the most
  lines (n - 1, n or none: the file says which); Butler IMPs against the trimmed mean;
- each contestant's ``PERCENTAGE`` (matchpoints) or ``TOTAL_SCORE`` (IMPs) from the points
  worked out again, unrounded;
- each ``PLACE`` from the file's own percentages or totals (each direction apart in a
  two-winner event), ties sharing a place;
- each ``MASTER_POINTS_AWARDED`` on the EBU club scale
  (:mod:`xlbridge.scoring.masterpoints`) from the file's own places.

A teams file (``MATCH``): each room's score, each board's IMPs (WBF scale) or point-a-board
points, each match's score (the product's VP scale most matches agree with; point-a-board: the
boards' points added), each team's total, matches won or drawn, place and club masterpoints. A
board with an adjusted score counts in its match's margin by the file's IMPs; a match whose VPs
then differ is named as not checked (an adjusted score need not balance, A+ to both sides, and
the file gives one IMPs figure a board).

A line without a score (an adjusted score) keeps its stored points and is no comparison for
the others. Likely causes named: an adjusted score, rounding each board before adding, a tie
split or shared, Neuberg factoring, a contract that is no contract.

>>> doc = check_usebio(b"<USEBIO><EVENT EVENT_TYPE='PAIRS'><BOARD><BOARD_NUMBER>1"
...     b"</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2"
...     b"</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
...     b"<SCORE>420</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>")
>>> doc.agrees, doc.checked
(True, 1)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xlbridge.errors import InputFileError, ScaleError, XlbridgeError
from xlbridge.interchange.usebio import (
    UsebioFile,
    UsebioLine,
    UsebioMatchRead,
    UsebioPair,
    UsebioRoom,
    UsebioTeamsFile,
    loads_usebio,
    loads_usebio_teams,
)
from xlbridge.numerals import shown, shown_text
from xlbridge.scoring.choices import VP_SCALE_NAMES
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import board_a_match, butler, cross_imps
from xlbridge.scoring.imps import imps
from xlbridge.scoring.masterpoints import Contestants, awards
from xlbridge.scoring.matchpoints import matchpoints, neuberg
from xlbridge.scoring.session import ranks
from xlbridge.scoring.vp import vp

__all__ = ["CheckReport", "Finding", "check_file", "check_pbn", "check_usebio"]

_TOL = 0.0051  # the files show figures to 2 decimals


@dataclass(frozen=True, slots=True)
class Finding:
    """One stored figure that differs: where, which element, stored and worked-out values,
    and the likely cause ("" where none is known)."""

    where: str
    element: str
    stored: str
    computed: str
    cause: str = ""

    def line(self) -> str:
        """The finding as one line.

        >>> Finding("board 1, NS 1 v EW 2", "SCORE", "400", "420").line()
        'board 1, NS 1 v EW 2: SCORE 400, worked out 420'
        """
        why = f" ({self.cause})" if self.cause else ""
        return f"{self.where}: {self.element} {self.stored}, worked out {self.computed}{why}"


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What :func:`check_usebio` found: the method as read, the boards, lines and
    contestants read, how many stored figures were compared, how the file scores (``notes``)
    and each difference."""

    method: str
    boards: int
    lines: int
    entries: int
    checked: int
    findings: tuple[Finding, ...]
    notes: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        """Every stored figure agrees."""
        return not self.findings

    def text(self) -> str:
        """The report as ``xlbridge check`` prints it."""
        head = [f"method {self.method}: {self.boards} boards, {self.lines} traveller lines,"
                f" {self.entries} contestants; {self.checked} stored figures checked"]  # fmt: skip
        body = [f"  {n}" for n in self.notes] + [f.line() for f in self.findings]
        verdict = (
            "all agree" if self.agrees else f"{len(self.findings)} of {self.checked} differ"
        )
        return "\n".join([*head, *body, verdict])


def _t(x: float | None) -> str:
    return shown_text(x, fixed=True, blank="none")


def _near(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and abs(a - b) <= _TOL


def _who(line: UsebioLine) -> str:
    head = f"section {line.section} " if line.section else ""
    if line.seats:
        return f"{head}board {line.board}, players {'/'.join(line.seats)}"
    return f"{head}board {line.board}, NS {line.ns} v EW {line.ew}"


class _Checker:
    """One pass over a file: the findings and the count of figures compared."""

    def __init__(self, f: UsebioFile) -> None:
        self.f = f
        self.findings: list[Finding] = []
        self.notes: list[str] = []
        self.checked = 0
        self.apart = False  # several sections, each board compared within its section

    def compare(
        self, where: str, element: str, stored: float | None, computed: float | None,
        cause: str = "",
    ) -> None:  # fmt: skip
        if stored is None:
            return
        self.checked += 1
        if not _near(stored, computed):
            self.findings.append(Finding(where, element, _t(stored), _t(computed), cause))

    def scores(self) -> None:
        for line in self.f.lines:
            if line.score is None or not line.contract:
                continue  # an adjusted score, or a file without contracts (the 1.1 example)
            try:
                got: float | None = score(line.contract, line.declarer or None,
                                          line.tricks, line.board)  # fmt: skip
                cause = ""
            except XlbridgeError as exc:
                got, cause = None, f"the line cannot be scored: {exc}"
            self.compare(_who(line), "SCORE", line.score, got, cause)


Points = dict[int, float]  # a line's index in the file -> NS points worked out


Groups = dict[tuple[str, int], list[tuple[int, UsebioLine]]]  # (section, board) -> lines


def _mp_points(c: _Checker, boards: Groups) -> Points:
    """Matchpoints on the scale the file's tops show (2 a comparison, the EBU's, or 1), each
    board factored up by Neuberg's formula to the results its stored top stands for."""
    best: tuple[int, int, Points, int, int] | None = None
    for per, scale in ((2, "ebu"), (1, "acbl")):
        out: Points = {}
        factored = odd = 0
        for ls in boards.values():
            scored = [(i, ln) for i, ln in ls if ln.score is not None]
            mps = matchpoints([ln.score or 0.0 for _, ln in scored], scale)
            n, big_n = len(scored), len(ls)
            top = next((ln.ns_points + ln.ew_points for _, ln in ls
                        if ln.ns_points is not None and ln.ew_points is not None),
                       None)  # fmt: skip
            if top is not None and (top / per + 1).is_integer() and top / per + 1 >= n:
                big_n = int(top / per + 1)  # the results this top stands for
            elif top is not None:
                odd += 1
            factored += big_n > len(ls)
            for (i, _), mp in zip(scored, mps, strict=True):
                out[i] = neuberg(mp, n, big_n, scale) if n and big_n > n else mp
        agree = sum(1 for i, x in out.items() if _near(c.f.lines[i].ns_points, x))
        if best is None or agree > best[0]:
            best = (agree, per, out, factored, odd)
    assert best is not None
    _, per, out, factored, odd = best
    c.notes.append(f"matchpoints {per} a comparison"
                   + (f"; {factored} boards factored up by Neuberg's formula" if factored
                      else ""))  # fmt: skip
    if odd:
        c.notes.append(f"{odd} boards' tops stand for fewer results than they hold: their"
                       " matchpoints follow no scale")  # fmt: skip
    return out


def _imp_points(c: _Checker, boards: Groups) -> Points:
    """Cross-IMPs with the divisor most lines agree with, or Butler IMPs."""
    method = c.f.method
    choices: list[tuple[str, Callable[[Sequence[float]], Sequence[float]]]] = []
    if method.startswith("BUTLER") or method == "IMP":
        choices = [("Butler IMPs against the trimmed mean rounded to 10", butler)]
    if not method.startswith("BUTLER"):  # CROSS_IMPS; PBN's IMP: whichever agrees
        choices += [
            (f"cross-IMPs divided by the {d} on the board" if d != "total" else
             "cross-IMPs summed", lambda s, d=d: cross_imps(s, d))  # type: ignore[misc]
            for d in ("comparisons", "results", "total")
        ]  # fmt: skip
    best: tuple[int, str, Points] | None = None
    for name, fn in choices:
        got: Points = {}
        for ls in boards.values():
            scored = [(i, ln) for i, ln in ls if ln.score is not None]
            for (i, _), p in zip(scored, fn([ln.score or 0.0 for _, ln in scored]), strict=True):
                got[i] = float(p)
        agree = sum(1 for i, p in got.items() if _near(c.f.lines[i].ns_points, p))
        if best is None or agree > best[0]:
            best = (agree, name, got)
    assert best is not None
    c.notes.append(best[1])
    return best[2]


def _entries_key(f: UsebioFile, p: UsebioPair) -> tuple[str, str, str]:
    return (p.section, p.number, p.direction if f.winner_type == "2" else "")


def _group(c: _Checker, ln: UsebioLine) -> tuple[str, int]:
    """Where a line's board is compared: its section's (scored apart) or the field's."""
    return (ln.section if c.apart else "", ln.board)


def _credits(
    c: _Checker, points: Points
) -> dict[tuple[str, str, str], list[tuple[float, float, float]]]:
    """Each contestant's (worked-out points, stored points, board top) a line."""
    f = c.f
    tops: dict[tuple[str, int], float] = defaultdict(float)
    for ln in f.lines:
        if ln.ns_points is not None and ln.ew_points is not None:
            key = _group(c, ln)
            tops[key] = max(tops[key], ln.ns_points + ln.ew_points)
    two = f.winner_type == "2"
    got: dict[tuple[str, str, str], list[tuple[float, float, float]]] = defaultdict(list)
    for i, ln in enumerate(f.lines):
        top = tops[_group(c, ln)]
        ns_p = points.get(i, ln.ns_points or 0.0)
        ew_p = top - ns_p if f.method in ("MATCH_POINTS", "") else -ns_p
        sides: tuple[tuple[str, str, float, float | None], ...]
        if ln.seats:
            sides = ((ln.seats[0], "", ns_p, ln.ns_points), (ln.seats[1], "", ns_p, ln.ns_points),
                     (ln.seats[2], "", ew_p, ln.ew_points), (ln.seats[3], "", ew_p, ln.ew_points))
        else:
            sides = ((ln.ns, "NS" if two else "", ns_p, ln.ns_points),
                     (ln.ew, "EW" if two else "", ew_p, ln.ew_points))  # fmt: skip
        for who, d, mine, stored in sides:
            got[(ln.section, who, d)].append((mine, stored or 0.0, top))
    return dict(got)


def _totals(c: _Checker, points: Points) -> None:
    f = c.f
    mp = f.method in ("MATCH_POINTS", "")
    credits = _credits(c, points)
    for p in f.pairs:
        got = credits.get(_entries_key(f, p), [])
        where = _where(f, p)
        if not got:
            if p.percentage is not None or p.total is not None:
                c.compare(where, "PERCENTAGE" if mp else "TOTAL_SCORE",
                          p.percentage if mp else p.total, None,
                          "no traveller line of the file names this contestant")  # fmt: skip
            continue
        exact = sum(x for x, _, _ in got)
        rounded = sum(float(shown(x)) for x, _, _ in got)
        stored = sum(s for _, s, _ in got)
        possible = sum(t for _, _, t in got)
        if mp:
            if p.percentage is None or not possible:
                continue
            value = 100 * exact / possible
            cause = _cause(p.percentage, 100 * rounded / possible, 100 * stored / possible)
            c.compare(where, "PERCENTAGE", p.percentage, value, cause)
        else:
            most = max(len(v) for v in credits.values())
            k = most / len(got)
            if len(got) < most and _near(p.total, exact * k):
                c.notes.append(f"{where}: TOTAL_SCORE factored up from {len(got)} to {most}"
                               " boards")  # fmt: skip
                exact *= k
            elif len(got) < most and _near(p.total, shown(exact) * k):
                c.notes.append(f"{where}: TOTAL_SCORE factored up from {len(got)} to {most}"
                               " boards after rounding to 2 decimals")  # fmt: skip
                exact = shown(exact) * k
            cause = _cause(p.total, rounded, stored) if p.total is not None else ""
            c.compare(where, "TOTAL_SCORE", p.total, exact, cause)


def _cause(stored: float | None, rounded: float, from_lines: float) -> str:
    if _near(stored, rounded):
        return "the file adds each board's points rounded to 2 decimals"
    if _near(stored, from_lines):
        return "the file adds its own traveller lines' points, which differ (see above)"
    return ""


def _where(f: UsebioFile, p: UsebioPair) -> str:
    """A contestant as the findings name it: ``section B pair 3 NS``, ``player 7``."""
    who = "player" if f.event_type == "INDIVIDUAL" else "pair"
    head = f"section {p.section} " if p.section and f.sections > 1 else ""
    return f"{head}{who} {p.number}" + (f" {p.direction}" if p.direction else "")


def _places(c: _Checker) -> None:
    f = c.f
    mp = f.method in ("MATCH_POINTS", "")
    fields: dict[str, list[UsebioPair]] = defaultdict(list)
    for p in f.pairs:
        if p.place:
            fields[(p.section if c.apart else "") + (p.direction if f.winner_type == "2"
                                                     else "")].append(p)  # fmt: skip
    for field in fields.values():
        values = [p.percentage if mp else p.total for p in field]
        if any(v is None for v in values):
            continue
        want = ranks([v or 0.0 for v in values])
        for p, w in zip(field, want, strict=True):
            c.checked += 1
            if p.place.strip() != w:
                cause = ("a tie split" if w.endswith("=") and not p.place.endswith("=")
                         else "a tie shared" if p.place.endswith("=") else "")  # fmt: skip
                c.findings.append(Finding(_where(f, p), "PLACE", p.place, w, cause))


def _masterpoints(c: _Checker) -> None:
    f = c.f
    if not any(p.masterpoints is not None for p in f.pairs):
        return
    if f.scale.lower() != "club":
        c.notes.append(f"masterpoints on scale {f.scale!r} not checked (the club scale is)")
        return
    if f.sections > 1:
        c.notes.append("masterpoints of several sections not checked (no published rule)")
        return
    who: Contestants = ("individual" if f.event_type == "INDIVIDUAL" else "pairs"
                        if f.winner_type == "2" else "one-winner-pairs")  # fmt: skip
    boards = f.boards_played or len({ln.board for ln in f.lines})
    fields: dict[str, list[UsebioPair]] = defaultdict(list)
    for p in f.pairs:
        if p.place:
            fields[p.direction if f.winner_type == "2" else ""].append(p)
    for field in fields.values():
        try:
            want = awards([p.place for p in field], boards, who)
        except ScaleError as exc:
            c.notes.append(f"masterpoints not checked: {exc}")
            return
        for p, w in zip(field, want, strict=True):
            c.compare(f"{'player' if who == 'individual' else 'pair'} {p.number}"
                      + (f" {p.direction}" if p.direction else ""), "MASTER_POINTS_AWARDED",
                      p.masterpoints or 0.0, float(w))  # fmt: skip


def _pbn_number(text: str) -> float | None:
    try:
        return float(text) if text else None
    except ValueError:
        raise InputFileError(f"PBN file: {text[:20]!r} is not a number") from None


def _pbn_file(text: str) -> UsebioFile:
    """A PBN file's score tables as the record the checker reads (``Score_NS``/``Score_EW`` or
    ``Score "NS 420"``; ``MP_NS`` or ``IMP_NS``; the ranking from ``TotalScoreTable``)."""
    from xlbridge.interchange.pbn import parse_games
    from xlbridge.results.pbn import read_pbn_scores

    rows, totals = read_pbn_scores(text, "PBN file")
    scoring = next((g.value("Scoring") for g in parse_games(text, name="PBN file")
                    if g.value("Scoring")), "")  # fmt: skip
    method = "MATCH_POINTS" if "match" in scoring.lower() or scoring.lower() == "mp" else "IMP"
    lines = []
    for r in rows:
        v = r.values
        if "Score_NS" in v or "Score_EW" in v:
            ns, ew = _pbn_number(v.get("Score_NS", "")), _pbn_number(v.get("Score_EW", ""))
            got = ns if ns is not None else (-ew if ew is not None else None)
        else:
            side, _, points = v.get("Score", "").partition(" ")
            n = _pbn_number(points)
            got = None if n is None else (n if side == "NS" else -n)
        tricks = v.get("Result", "")
        lines.append(UsebioLine(
            r.board, v.get("PairId_NS", ""), v.get("PairId_EW", ""), v.get("Contract", ""),
            v.get("Declarer", ""), int(tricks) if tricks.isdigit() else None, got,
            _pbn_number(v.get("MP_NS", v.get("IMP_NS", ""))),
            _pbn_number(v.get("MP_EW", v.get("IMP_EW", ""))),
        ))  # fmt: skip
    directions = {t.get("Direction", "") for t in totals}
    pairs = tuple(
        UsebioPair(
            t.get("PairId", ""), t.get("Direction", ""),
            None if method == "MATCH_POINTS" else _pbn_number(t.get("TotalIMP", "")),
            _pbn_number(t.get("TotalPercentage", "")) if method == "MATCH_POINTS" else None,
            t.get("Rank", ""), (t.get("Names", ""),),
        )
        for t in totals
    )  # fmt: skip
    two = "2" if directions >= {"NS", "EW"} else "1"
    return UsebioFile("PAIRS", method, two, None, "", pairs, tuple(lines))


def check_pbn(text: str) -> CheckReport:
    """A PBN file's score tables checked as :func:`check_usebio` checks a USEBIO file."""
    return _check(_pbn_file(text))


def check_usebio(data: bytes) -> CheckReport:
    """The USEBIO file's bytes checked (one line refused where it cannot be read)."""
    f = loads_usebio(data)
    return _check_teams(loads_usebio_teams(data)) if f.teams else _check(f)


def _room_net(rooms: Sequence[UsebioRoom]) -> float | None:
    """The first team's net on a board: its NS score where it sat NS, less the other room's
    NS score (its opponents' there)."""
    ns = next((r.score for r in rooms if r.direction == "NS"), None)
    ew = next((r.score for r in rooms if r.direction == "EW"), None)
    return None if ns is None or ew is None else ns - ew


def _match_scores(
    c: _Checker, margins: Sequence[tuple[UsebioMatchRead, float, int, tuple[int, ...]]]
) -> None:
    """Each match's VPs on the product's scale that most matches scored from their rooms alone
    agree with. An adjusted score that does not balance (A+ to both sides) gives each side its
    own margin, which a board's one IMPs figure cannot say: a match with an adjusted board
    whose VPs differ is named as not checked, not as a difference."""
    played = [(m, x, n, adj) for m, x, n, adj in margins if n]
    plain = [t for t in played if not t[3]] or played
    agree: dict[str, int] = {}
    for name in VP_SCALE_NAMES:
        try:
            agree[name] = sum(1 for m, x, n, _ in plain if _near(m.team_score, vp(x, n, name)[0]))
        except XlbridgeError:
            continue  # a scale for other match lengths
    if not agree:
        raise InputFileError("USEBIO file: no victory-point scale of the product covers"
                             " these matches")  # fmt: skip
    most = max(agree.values())
    best, *same = [name for name, k in agree.items() if k == most]
    also = f"; {', '.join(same)} the same" if same else ""
    c.notes.append(f"victory points on the {best} scale (of the product's scales, the one most"
                   f" matches agree with{also})")  # fmt: skip
    why = ("" if most == len(plain) else f"the file's VP scale is none of the product's (the"
           f" nearest, {best}, agrees with {most} of {len(plain)} matches)")  # fmt: skip
    for m, x, n, adj in played:
        mine, theirs = vp(x, n, best)
        where = f"match {m.team} v {m.opposing}"
        if adj and not (_near(m.team_score, mine) and _near(m.opposing_score, theirs)):
            boards = ("board {} has" if len(adj) == 1 else "boards {} have").format(
                ", ".join(str(b) for b in adj)
            )
            c.notes.append(f"{where}: VPs {_t(m.team_score)}-{_t(m.opposing_score)} not checked"
                           f" (worked out {_t(mine)}-{_t(theirs)}): {boards} an adjusted score,"
                           " whose IMPs for each side the file does not give")  # fmt: skip
            continue
        c.compare(where, "TEAM_SCORE", m.team_score, mine, why)
        c.compare(where, "OPPOSING_TEAM_SCORE", m.opposing_score, theirs, why)


def _check_teams(f: UsebioTeamsFile) -> CheckReport:
    """A teams file: each room's score, each board's IMPs (WBF scale) or points, each match's
    score (the VP scale that agrees with the most matches; point-a-board: the boards' points
    added; matches scored in IMPS: the IMPs each team won), each team's total, matches won or
    drawn, place, and club masterpoints."""
    c = _Checker(UsebioFile("TEAMS", f.board_method, "1", f.boards_played, f.scale, (), ()))
    pab = f.board_method == "PAB"
    ko = not pab and f.match_method == "IMPS"  # matches won on IMPs, no VPs (a knockout)
    margins: list[tuple[UsebioMatchRead, float, int, tuple[int, ...]]] = []
    for m in f.matches:
        margin, points, won, lost = 0.0, 0.0, 0.0, 0.0
        adjusted: list[int] = []  # boards without scored rooms: the file's IMPs count
        for number, stored_imps, team_pts, opp_pts, rooms in m.boards:
            where = f"match {m.team} v {m.opposing}, board {number}"
            for r in rooms:
                if r.score is None or not r.contract:
                    continue
                try:
                    got: float | None = score(r.contract, r.declarer or None, r.tricks, number)
                    cause = ""
                except XlbridgeError as exc:
                    got, cause = None, f"the line cannot be scored: {exc}"
                c.compare(f"{where}, {r.direction} room", "SCORE", r.score, got, cause)
            net = _room_net(rooms)
            if net is None:
                if not pab and stored_imps is not None:
                    margin += stored_imps
                    won, lost = won + max(stored_imps, 0), lost + max(-stored_imps, 0)
                    adjusted.append(number)
                continue
            if pab:
                unit = (team_pts or 0.0) + (opp_pts or 0.0) or 1.0
                mine = unit * board_a_match(net)
                c.compare(where, "TEAM_POINTS", team_pts, mine)
                c.compare(where, "OPPOSING_TEAM_POINTS", opp_pts, unit - mine)
                points += mine
            else:
                c.compare(where, "IMPS", stored_imps, float(imps(net)))
                margin += imps(net)
                won, lost = won + max(imps(net), 0), lost + max(-imps(net), 0)
        if pab:
            c.compare(f"match {m.team} v {m.opposing}", "TEAM_SCORE", m.team_score, points)
        elif ko:
            why = "a carry-over or an adjusted match score (no traveller line holds either)"
            c.compare(f"match {m.team} v {m.opposing}", "TEAM_SCORE", m.team_score, won, why)
            c.compare(f"match {m.team} v {m.opposing}", "OPPOSING_TEAM_SCORE",
                      m.opposing_score, lost, why)  # fmt: skip
        else:
            margins.append((m, margin, len(m.boards), tuple(adjusted)))
    if margins:
        _match_scores(c, margins)
    totals: dict[str, float] = defaultdict(float)
    wins: dict[str, int] = defaultdict(int)
    for m in f.matches:
        if m.team_score is None or m.opposing_score is None:
            continue
        totals[m.team] += m.team_score
        totals[m.opposing] += m.opposing_score
        wins[m.team] += m.team_score >= m.opposing_score
        wins[m.opposing] += m.opposing_score >= m.team_score
    for t in f.teams:
        c.compare(f"team {t.number}", "TOTAL_SCORE", t.total, totals.get(t.number, 0.0))
        c.compare(f"team {t.number}", "WINS_OR_DRAWS",
                  None if t.wins_or_draws is None else float(t.wins_or_draws),
                  float(wins.get(t.number, 0)))  # fmt: skip
    ranked = [t for t in f.teams if t.place and t.total is not None]
    for t, w in zip(ranked, ranks([t.total or 0.0 for t in ranked]), strict=True):
        c.checked += 1
        if t.place.strip() != w:
            c.findings.append(Finding(f"team {t.number}", "PLACE", t.place, w))
    if any(t.masterpoints is not None for t in f.teams):
        if f.scale.lower() != "club":
            c.notes.append(f"masterpoints on scale {f.scale!r} not checked (the club scale is)")
        else:
            boards = f.boards_played or 0
            try:
                want = awards([t.place for t in ranked], boards, "teams")
            except ScaleError as exc:
                c.notes.append(f"masterpoints not checked: {exc}")
                want = []
            for t, award in zip(ranked, want, strict=False):
                c.compare(f"team {t.number}", "MASTER_POINTS_AWARDED", t.masterpoints or 0.0,
                          float(award))  # fmt: skip
    method = f"{f.board_method}/{f.match_method}".strip("/")
    boards = len({b[0] for m in f.matches for b in m.boards})
    lines = sum(len(b[4]) for m in f.matches for b in m.boards)
    return CheckReport(method, boards, lines, len(f.teams), c.checked, tuple(c.findings),
                       tuple(c.notes))  # fmt: skip


def _check(f: UsebioFile) -> CheckReport:
    if not f.lines and not f.pairs:
        raise InputFileError("the file holds no traveller line, score table or ranking to check")
    c = _Checker(f)
    c.scores()
    if f.method not in ("MATCH_POINTS", "", "CROSS_IMPS", "IMP") and not f.method.startswith(
        "BUTLER"
    ):
        raise InputFileError(f"USEBIO file: scoring method {f.method[:40]!r} is not checked")
    points: Points = {}
    boards: Groups = {}
    if f.lines:
        # Several sections: each board compared across the field or within each section,
        # whichever the file's own points agree with.
        best: tuple[int, bool, Points, Groups, list[str]] | None = None
        for apart in (False, True) if f.sections > 1 else (False,):
            c.apart, notes = apart, list(c.notes)
            groups: Groups = defaultdict(list)
            for i, ln in enumerate(f.lines):
                groups[_group(c, ln)].append((i, ln))
            mp = f.method in ("MATCH_POINTS", "")
            got = (_mp_points if mp else _imp_points)(c, groups)
            agree = sum(1 for i, x in got.items() if _near(f.lines[i].ns_points, x))
            if best is None or agree > best[0]:
                best = (agree, apart, got, groups, c.notes[len(notes):])
            c.notes = notes
        assert best is not None
        _, c.apart, points, boards, chosen = best
        c.notes += chosen
        if f.sections > 1:
            c.notes.append("boards compared within each section" if c.apart
                           else "boards compared across the field")  # fmt: skip
    for i, ln in enumerate(f.lines):
        if ln.score is None:
            if ln.ns_points is not None:
                c.notes.append(f"{_who(ln)}: an adjusted score; its points are taken as stored")
            continue
        c.compare(_who(ln), "NS points", ln.ns_points, points.get(i))
        if f.method in ("MATCH_POINTS", "") and ln.ew_points is not None:
            top = (ln.ns_points or 0.0) + ln.ew_points
            c.compare(_who(ln), "EW points", ln.ew_points, top - points.get(i, 0.0))
        else:
            c.compare(_who(ln), "EW points", ln.ew_points, -points.get(i, 0.0))
    _totals(c, points)
    _places(c)
    _masterpoints(c)
    return CheckReport(
        f.method or f.event_type, len({b for _, b in boards}), len(f.lines), len(f.pairs),
        c.checked,
        tuple(c.findings), tuple(c.notes),
    )  # fmt: skip


def check_file(path: str) -> CheckReport:
    """The USEBIO or PBN file at ``path`` checked (read through the gate; a file opening with
    ``<`` is XML, anything else PBN)."""
    from xlbridge.interchange.gate import MAX_TEXT_BYTES, decode_text, read_bytes

    data = read_bytes(path, max_bytes=MAX_TEXT_BYTES, what="results file")
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return check_usebio(data)
    return check_pbn(decode_text(data, what="PBN file", name=path))
