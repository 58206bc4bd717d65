"""Read a filled teams workbook back and score it again with the rules layer.

Only input cells are read: the Session settings, the Names sheet, each ``Match N`` sheet's
Home and Away team numbers (a later knockout round's teams follow from the winners), both
rooms' Contract, By, Made, Down, a number typed over NS Score and its OK, the Adjusted score,
the carry-over and a knockout's "Winner if tied". Everything else (each room's score, IMPs or
board-a-match points, segment and match totals, VPs or win/loss, standings, ranks, knockout
winners, Marvin's prizes) is worked out again by :mod:`xlbridge.scoring.team_match`, and every
formula cell whose stored value differs is listed.

>>> from xlbridge.types import Contract
>>> _room_score(Contract.parse("4S"), "N", 4, None, 1)
(420, '')
>>> _room_score(Contract.parse("3NT"), "E", None, 2, 1)
(100, '')
>>> _room_score(Contract.parse("2H"), "S", 1, None, 1)
(None, 'Made 1 cannot happen on a 2-level contract')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.teams import checks as TC
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.model import (
    Prize,
    Room,
    TeamBoard,
    TeamMatch,
    TeamsResults,
    TeamStanding,
)
from xlbridge.families.teams.settings import Settings, read
from xlbridge.families.teams.standings import TEAM_BLOCK
from xlbridge.limits import NAME_TEXT, PLAYERS_TEXT
from xlbridge.movements.teams import MARVIN_TEAMS
from xlbridge.results.played import Played
from xlbridge.results.problems import Problem, import_problems
from xlbridge.results.read_family import (
    Expect,
    cached_values,
    check,
    num,
    text_of,
    whole,
)
from xlbridge.scoring.contract import check_possible_score
from xlbridge.scoring.team_match import (
    bam_points,
    board_imps,
    imps_won,
    marvin_prizes,
    rank_teams,
    score_match,
    standings_order,
)
from xlbridge.types import Contract, Seat, tricks_from_made_down
from xlbridge.workbook.formulas_checks import RowCells

if TYPE_CHECKING:
    from xlbridge.workbook.cells import Book, Sheet

__all__ = ["Room", "TeamBoard", "TeamMatch", "TeamStanding", "TeamsResults", "read_teams"]

_MATCH = re.compile(r"Match ([0-9]{1,4})")
_FEED = re.compile(r"Match ([0-9]{1,4})'?!")
_FIRST_ROW = 6
_MAX_BOARDS = 200
_MAX_TEAMS = 500

# --------------------------------------------------------------------------------------------
# Reading


def _room_score(
    c: Contract, by: str, made: int | None, down: int | None, board: int
) -> tuple[float | None, str]:
    """North-South's score of a room (Law 77) and, when it cannot be scored, why."""
    try:
        tricks = tricks_from_made_down(c, made, down)
    except XlbridgeError as exc:
        return None, str(exc)
    if c.is_pass:
        return 0, ""
    if tricks is None:
        return None, "Made or Down missing"
    if not by:
        return None, "declarer missing"
    try:
        seat = Seat.parse(by)
    except XlbridgeError:
        return None, "declarer missing or not N, E, S, W"
    return Played(str(c), str(seat), tricks).ns_score(board), ""


def _read_room(ws: Sheet, r: int, room: int, board: int) -> tuple[Room, list[Expect], RowCells]:
    c = T.room_cols(room)
    where = f"{ws.title} row {r} room {room}"
    score_cell = ws[f"{c.ns_score}{r}"]
    typed: float | None = None
    problem = ""
    if score_cell.data_type != "f" and score_cell.value not in (None, ""):
        typed = num(score_cell.value)
        if typed is None:
            problem = f"NS Score {str(score_cell.value)[:20]!r} is not a number"
        else:
            try:  # 421, 99999 or 1e308 is no score: named and not scored (Law 77)
                check_possible_score(typed, board, "NS Score")
            except XlbridgeError as exc:
                problem, typed = str(exc), None
    text = text_of(ws[f"{c.contract}{r}"].value, f"{where} contract", free_text=False)
    by = text_of(ws[f"{c.by}{r}"].value, f"{where} By", free_text=False).upper()
    made_v, down_v = ws[f"{c.made}{r}"].value, ws[f"{c.down}{r}"].value
    computed: float | None = None
    contract, tricks = "", None
    if text:
        try:
            con = Contract.parse(text)
            contract = str(con)
            made, down = (None if v in (None, "") else whole(num(v)) for v in (made_v, down_v))
            if (made_v not in (None, "") and made is None) or (
                down_v not in (None, "") and down is None
            ):
                raise WorkbookError("Made or Down is not a whole number")
            computed, why = _room_score(con, by, made, down, board)
            problem = problem or why
            if computed is not None and not con.is_pass:
                tricks = tricks_from_made_down(con, made, down)
        except XlbridgeError as exc:
            problem = problem or str(exc).splitlines()[0][:120]
    elif by or made_v not in (None, "") or down_v not in (None, ""):
        problem = problem or "contract missing"
    expects = []
    if score_cell.data_type == "f":
        expects.append(Expect(ws.title, f"{c.ns_score}{r}", computed))
    overwritten = score_cell.data_type != "f" and score_cell.value not in (None, "")
    if typed is not None and computed is None:
        problem = ""  # a typed score stands on its own
    declarer = by if contract and contract != "PASS" else ""
    # a score typed over the formula stands; one that is no score (a problem) leaves none
    final = Played(contract, declarer, tricks, typed, problem=problem).ns_score(board)
    ok = ws[f"{T.OK_COLS[room]}{r}"].value
    accepted = overwritten and ok is not None and str(ok).strip() != ""
    cells = RowCells(
        ws[f"{c.contract}{r}"].value,
        ws[f"{c.by}{r}"].value,
        made_v,
        down_v,
        score=None if score_cell.data_type == "f" else score_cell.value,
        ok=ok,
    )
    return (
        Room(
            contract,
            declarer,
            tricks,
            typed,
            final,
            problem,
            accepted,
        ),
        expects,
        cells,
    )


def _names(book: Book, marvin: bool) -> dict[int, tuple[str, str]]:
    if "Names" not in book.sheetnames:
        raise WorkbookError("the workbook has no 'Names' sheet")
    ws = book["Names"]
    out: dict[int, tuple[str, str]] = {}
    for r in range(4, 4 + _MAX_TEAMS):
        t = whole(ws.cell(r, 1).value)
        if t is None:
            break
        b, c = (ws.cell(r, k) for k in (2, 3))
        # A team's players share one cell: the same limit as new and rebuild give it.
        limits = (NAME_TEXT, NAME_TEXT if marvin else PLAYERS_TEXT)
        texts = [
            "" if x.data_type == "f" else text_of(x.value, f"Names!{x.coordinate}", max_chars=n)
            for x, n in zip((b, c), limits, strict=True)
        ]
        out[t] = (texts[0], texts[1])
    return out


def _display(names: dict[int, tuple[str, str]], team: int, marvin: bool) -> tuple[str, str]:
    """(name, players) as the workbook shows them (Marvin: the team's two pairs)."""
    if marvin:

        def pair(p: int) -> str:
            a, b = names.get(p, ("", ""))
            return " & ".join(x for x in (a, b) if x) or f"Pair {p}"

        for rnd in MARVIN_TEAMS:
            for t, ns, ew in rnd:
                if t == team:
                    return f"Pairs {ns}/{ew}: {pair(ns)} / {pair(ew)}", ""
        return f"Team {team}", ""
    a, b = names.get(team, ("", ""))
    return a or b or f"Team {team}", b


def _label_rows(ws: Sheet, start: int, stop: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in range(start, stop):
        v = ws.cell(r, 1).value
        if isinstance(v, str) and v.strip():
            out.setdefault(v.strip(), r)
    return out


def _read_match(
    ws: Sheet,
    number: int,
    st: Settings,
    match_boards: int,
    winners: dict[int, int | None],
    group: int,
) -> tuple[TeamMatch, list[Expect], list[str], list[Problem]]:
    bam = st.scoring == "bam"
    expects: list[Expect] = []
    problems: list[str] = []
    checks: list[Problem] = []  # the Checks sheet's lines (``checks``: its rules in Python)
    teams: list[int | None] = []
    for ref in ("B2", "H2"):
        cell = ws[ref]
        if cell.data_type == "f":
            m = _FEED.search(str(cell.value))
            team = winners.get(int(m.group(1))) if m else None
            teams.append(team)
            expects.append(Expect(ws.title, ref, team))
        else:
            teams.append(whole(cell.value))
    home, away = teams
    rnd = whole(ws["I1"].value) or 1
    n = whole(ws["H3"].value)
    if n is None or not 1 <= n <= _MAX_BOARDS:
        raise WorkbookError(f"sheet {ws.title!r}: H3 does not hold the number of boards")
    carry = 0.0
    if ws["A3"].value == "Carry-over":
        typed = ws["B3"].value
        carry = num(typed) or 0.0
        if typed not in (None, "") and num(typed) is None:
            problems.append(f"{ws.title}: carry-over {str(typed)[:20]!r} is not a number")
    last = _FIRST_ROW + n - 1
    labels = _label_rows(ws, last + 2, last + 2 + 70)
    # A workbook written before the match score was the IMPs each side won shows each side's
    # net IMPs on the boards and in the totals, and has no Margin row.
    legacy = not bam and "Margin" not in labels
    boards: list[TeamBoard] = []
    nets: list[tuple[float, float]] = []
    shown: list[tuple[float | None, float | None]] = []  # each board's IMPs as the sheet shows
    for i in range(n):
        r = _FIRST_ROW + i
        board = whole(ws[f"A{r}"].value)
        if board is None:
            raise WorkbookError(f"sheet {ws.title!r}: A{r} does not hold a board number")
        room1, e1, x1 = _read_room(ws, r, 1, board)
        room2, e2, x2 = _read_room(ws, r, 2, board)
        expects += e1 + e2
        adj_cell = None if bam else ws[f"{T.ADJ_COL}{r}"].value
        line = TC.row_line(number, board, TC.python_row_issues(board, (x1, x2), adj_cell))
        if line:
            checks.append(Problem(ws.title, board, i + 1, line))
        expects.append(Expect(ws.title, f"{T.PROBLEM_COL}{r}", line))
        adjusted = "" if bam else text_of(adj_cell, f"{ws.title}!N{r}")
        h: float | None = None
        a: float | None = None
        problem = "; ".join(
            f"room {k}: {x.problem}" for k, x in ((1, room1), (2, room2)) if x.problem
        )
        if adjusted:
            try:
                h, a = (float(x) for x in board_imps(None, None, adjusted))
                problem = ""
            except XlbridgeError as exc:
                problem = f"adjusted score {adjusted!r}: {exc}"
        elif room1.score is not None and room2.score is not None:
            if bam:
                h, a = bam_points(room1.score, room2.score)
            else:
                h, a = (float(x) for x in board_imps(room1.score, room2.score))
        shown_h, shown_a = h, a
        if not bam and h is not None and a is not None:
            nets.append((h, a))
            h, a = (float(x) for x in imps_won(h, a))
            if not legacy:
                shown_h, shown_a = h, a
        if problem:
            problems.append(f"{ws.title}, board {board}: {problem}")
        seg = whole(ws[f"{T.SEGMENT_COL}{r}"].value) or 1
        boards.append(TeamBoard(board, r, seg, room1, room2, adjusted, h, a, problem))
        shown.append((shown_h, shown_a))
        expects += [
            Expect(ws.title, f"{T.HOME_COL}{r}", shown_h),
            Expect(ws.title, f"{T.AWAY_COL}{r}", shown_a),
        ]
    credits = [(b.home, b.away) for b in boards if b.home is not None and b.away is not None]
    done = len(credits) == n
    seg_head = last + 2
    total_row = labels.get("Total")
    if total_row is None:
        raise WorkbookError(f"sheet {ws.title!r}: no 'Total' row below the boards")
    run_h, run_a = (carry, -carry) if legacy else (max(carry, 0.0), max(-carry, 0.0))
    for r in range(seg_head + 1, total_row):
        seg_no = whole(ws[f"A{r}"].value)
        mine = [i for i, b in enumerate(boards) if b.segment == seg_no]
        sh = sum(shown[i][0] or 0.0 for i in mine)
        sa = sum(shown[i][1] or 0.0 for i in mine)
        run_h, run_a = run_h + sh, run_a + sa
        expects += [
            Expect(ws.title, f"C{r}", sh),
            Expect(ws.title, f"D{r}", sa),
            Expect(ws.title, f"E{r}", run_h),
            Expect(ws.title, f"F{r}", run_a),
        ]
    hv: float | None = None
    av: float | None = None
    if bam:
        tot_h = sum(x for x, _ in credits)
        tot_a = sum(y for _, y in credits)
        won = score_match([(tot_h - tot_a, tot_a - tot_h)], three_quarter=False)
        hv, av = won.home_vp, won.away_vp
        mh, ma = tot_h, tot_a
    else:
        s = score_match(
            nets,
            carry_over=carry,
            scale=st.scale,
            match_boards=match_boards,
            three_quarter=st.three_quarter if st.win_loss else None,
        )
        tot_h, tot_a = s.home_imps, s.away_imps
        mh, ma = s.home, s.away
        if st.kind != "knockout":
            hv, av = s.home_vp, s.away_vp
    if not credits:
        # No board scored: the match has no result yet, not a draw (formulas_teams.vp_formula).
        hv = av = None
    expects += [
        Expect(ws.title, f"C{total_row}", mh if legacy else tot_h),
        Expect(ws.title, f"D{total_row}", ma if legacy else tot_a),
        Expect(ws.title, f"F{total_row}", len(credits)),
    ]
    if "Margin" in labels:
        r = labels["Margin"]
        expects += [Expect(ws.title, f"C{r}", mh), Expect(ws.title, f"D{r}", ma)]
    for label in ("VP", "Win/loss", "Match won"):
        if label in labels:
            r = labels[label]
            expects += [Expect(ws.title, f"C{r}", hv), Expect(ws.title, f"D{r}", av)]
    winner: int | None = None
    if "Winner" in labels:
        override = ws[f"C{labels['Winner if tied']}"].value if "Winner if tied" in labels else None
        if override not in (None, "") and str(override).strip():
            winner = whole(override)
            if winner is None or winner not in (home, away):
                problems.append(f"{ws.title}: winner {str(override)[:20]!r} is neither team")
        elif done and home is not None and away is not None:
            winner = home if mh > ma else away if ma > mh else None
            if winner is None:
                problems.append(f"{ws.title}: tied; type the winner after extra boards")
        if winner is not None or override in (None, ""):
            expects.append(Expect(ws.title, f"C{labels['Winner']}", winner))
        h2h = [
            ws[ref].value if ws[ref].data_type != "f" else t
            for ref, t in (("B2", home), ("H2", away))
        ]
        line = TC.winner_problem_python(number, done, h2h[0], h2h[1], mh, ma, override)
        if line:
            checks.append(Problem(ws.title, None, None, line))
        expects.append(Expect(ws.title, f"{T.PROBLEM_COL}{labels['Winner']}", line))
    winners[number] = winner
    match = TeamMatch(
        number,
        rnd,
        group,
        home,
        away,
        carry,
        tuple(boards),
        done,
        tot_h,
        tot_a,
        hv,
        av,
        winner,
        mh,
        ma,
    )
    return match, expects, problems, checks


def _groups(book: Book) -> dict[int, int]:
    """Match number → standings column, from the Standings sheet's hidden block."""
    if "Standings" not in book.sheetnames:
        return {}
    ws = book["Standings"]
    out: dict[int, int] = {}
    for r in range(5, 5 + 5000):
        m, g = whole(ws.cell(r, 40).value), whole(ws.cell(r, 41).value)
        if m is None or g is None:
            break
        out[m] = g
    return out


def read_teams(formulas: Book, cached: Book, settings: Settings | None = None) -> TeamsResults:
    """Read a teams workbook's input cells and score it again in Python (``settings``: the
    workbook's, when the caller has read them already)."""
    st = read(formulas) if settings is None else settings
    bam, match_boards = st.scoring == "bam", st.match_boards
    marvin = st.kind.startswith("marvin")
    names = _names(formulas, marvin)
    groups = _groups(formulas)
    numbers = sorted(int(m.group(1)) for x in formulas.sheetnames if (m := _MATCH.fullmatch(x)))
    if not numbers:
        raise WorkbookError("the workbook has no 'Match N' sheets")
    winners: dict[int, int | None] = {}
    matches: list[TeamMatch] = []
    expects: list[Expect] = []
    problems: list[str] = []
    checks: list[Problem] = []
    for n in numbers:
        match, e, p, k = _read_match(
            formulas[f"Match {n}"], n, st, match_boards, winners, groups.get(n, n)
        )
        matches.append(match)
        expects += e
        problems += p
        checks += k
    knockout = st.kind == "knockout"
    plain_bam = bam and not marvin
    result = (
        "knockout"
        if knockout
        else "points"
        if plain_bam
        else "wins"
        if bam
        else "win-loss"
        if st.win_loss
        else "vp"
    )
    net_label, result_label = (
        ("", "Points")
        if plain_bam
        else ("Points", "Wins")
        if bam
        else ("IMPs", "Won")
        if knockout
        else ("IMPs", "Wins" if st.win_loss else "VP")
    )
    standings: list[TeamStanding] = []
    group_labels: tuple[str, ...] = ()
    prizes: list[Prize] = []
    if not knockout:
        standings, group_labels, e = _standings(
            formulas, matches, names, marvin, plain_bam, net_label, result_label
        )
        expects += e
        if marvin and "Prizes" in formulas.sheetnames:
            prizes, e = _prizes(formulas, standings, names, vps=result == "vp")
            expects += e
    champion = matches[-1].winner if knockout else None
    if knockout:
        standings = _knockout_entries(matches, names, champion)
        if "Bracket" in formulas.sheetnames:
            first = formulas[f"Match {numbers[0]}"]
            last = _FIRST_ROW + len(matches[0].boards) - 1
            legacy = "Margin" not in _label_rows(first, last + 2, last + 2 + 70)
            expects += _bracket(formulas["Bracket"], matches, champion, problems, legacy)
    disagreements, recalculated = check(expects, cached_values(cached, expects))
    display = {
        t: _display(names, t, marvin)[0]
        for t in {
            *(names if not marvin else ()),
            *(x.team for x in standings),
            *(t for m in matches for t in (m.home, m.away) if t is not None),
        }
    }
    return TeamsResults(
        event=text_of(st.event, "Session!A1"),
        date=text_of(st.date, "Session date"),
        kind=st.kind,
        scoring=st.scoring,
        result=result,
        net_label=net_label,
        result_label=result_label,
        group_labels=group_labels,
        matches=tuple(matches),
        standings=tuple(standings),
        names=tuple(sorted(display.items())),
        prizes=tuple(prizes),
        champion=champion,
        disagreements=disagreements,
        recalculated=recalculated,
        problems=tuple(problems),
        checks=(*checks, *import_problems(formulas)),
        masterpoint_scale=st.masterpoints,
    )


def _bracket(
    ws: Sheet,
    matches: Sequence[TeamMatch],
    champion: int | None,
    problems: Sequence[str],
    legacy: bool = False,
) -> list[Expect]:
    """The Bracket sheet's copies of each match's teams, IMPs and winner, and the champion (a
    winner typed that is not a team is a problem already, and not compared); ``legacy``: a
    workbook written before the match score was the IMPs each side won shows the margins."""
    by_number = {m.number: m for m in matches}
    unsure = {
        m.number
        for m in matches
        if any(p.startswith(f"Match {m.number}: winner") for p in problems)
    }
    out: list[Expect] = []
    for r in range(4, 4 + 2 * len(matches) + 70):
        label = ws.cell(r, 2).value
        if ws.cell(r, 1).value == "Champion":
            if ws.cell(r, 3).data_type == "f" and not unsure:
                out.append(Expect(ws.title, f"C{r}", champion))
            break
        m = _MATCH.fullmatch(label) if isinstance(label, str) else None
        if m is None or int(m.group(1)) not in by_number:
            continue
        x = by_number[int(m.group(1))]
        out += [
            Expect(ws.title, f"C{r}", x.home),
            Expect(ws.title, f"D{r}", x.away),
            Expect(ws.title, f"E{r}", (x.mh if legacy else x.h) if x.done else None),
            Expect(ws.title, f"F{r}", (x.ma if legacy else x.a) if x.done else None),
        ]
        if x.number not in unsure:
            out.append(Expect(ws.title, f"G{r}", x.winner))
    return out


def _knockout_entries(
    matches: Sequence[TeamMatch], names: dict[int, tuple[str, str]], champion: int | None
) -> list[TeamStanding]:
    """A knockout's teams: matches won (``total``) and IMPs; rank 1 for the champion and 2 for
    the losing finalist once the final has a winner (the others are not ranked)."""
    final = matches[-1]
    out = []
    for t in sorted(names):
        mine = [m for m in matches if m.done and t in (m.home, m.away)]
        imps = sum(m.mh if m.home == t else m.ma for m in mine)
        wins = float(sum(1 for m in matches if m.winner == t))
        rank = (
            "1"
            if t == champion
            else "2"
            if champion is not None and t in (final.home, final.away)
            else ""
        )
        name, players = _display(names, t, False)
        out.append(TeamStanding(t, name, players, len(mine), (), imps, wins, rank))
    return out


def _standings(
    book: Book,
    matches: Sequence[TeamMatch],
    names: dict[int, tuple[str, str]],
    marvin: bool,
    plain_bam: bool,
    net_label: str,
    result_label: str,
) -> tuple[list[TeamStanding], tuple[str, ...], list[Expect]]:
    if "Standings" not in book.sheetnames:
        raise WorkbookError("the workbook has no 'Standings' sheet")
    ws = book["Standings"]
    # The visible columns only (the hidden blocks from column 40 repeat the labels).
    head = {str(ws.cell(4, c).value): c for c in range(1, 40) if ws.cell(4, c).value is not None}
    for need in ("Team", result_label, "Rank"):
        if need not in head:
            raise WorkbookError(f"Standings: no {need!r} column in row 4")
    first_group, net_c = 3, head.get(net_label) if net_label else None
    res_c, rank_c = head[result_label], head["Rank"]
    labels = tuple(str(ws.cell(4, c).value) for c in range(first_group, net_c or res_c))
    # The team lines are worked out by number in a hidden block and shown in rank order (a
    # workbook written before: shown by number, no hidden block).
    off = TEAM_BLOCK if ws.cell(5, 1).data_type == "f" else 0
    teams = []
    for r in range(5, 5 + _MAX_TEAMS):
        t = whole(ws.cell(r, 1 + off).value)
        if t is None:
            break
        teams.append((t, r))
    res = {t: 0.0 for t, _ in teams}
    net = {t: 0.0 for t, _ in teams}
    played = {t: 0 for t, _ in teams}
    by_group: dict[tuple[int, int], float] = {}
    for m in matches:
        if not m.done or m.home is None or m.away is None:
            continue
        for t, x, v in ((m.home, m.mh, m.hv), (m.away, m.ma, m.av)):
            if t not in res:
                continue
            value = x if plain_bam else (v or 0.0)
            res[t] += value
            net[t] += x
            played[t] += 1
            by_group[(t, m.group)] = by_group.get((t, m.group), 0.0) + value
    ranks = rank_teams(
        [res[t] for t, _ in teams], None if plain_bam else [net[t] for t, _ in teams]
    )
    out, expects = [], []
    done = sum(1 for m in matches if m.done)
    expects.append(Expect(ws.title, "C3", done))
    order = standings_order(
        [t for t, _ in teams],
        [res[t] for t, _ in teams],
        [0.0 if plain_bam else net[t] for t, _ in teams],
    )
    shown_at = {t: 5 + i for i, t in enumerate(order)} if off else {t: r for t, r in teams}
    for (t, r), rank in zip(teams, ranks, strict=True):
        grp = tuple(by_group.get((t, g)) for g in range(1, len(labels) + 1))
        name, players = _display(names, t, marvin)
        out.append(
            TeamStanding(t, name, players, played[t], grp, net[t] if net_c else None, res[t], rank)
        )
        line: list[tuple[int, float | str | None]] = list(enumerate(grp, start=first_group))
        line += [(net_c, net[t])] if net_c else []
        line += [(res_c, res[t]), (rank_c, rank)]
        for row, shift in {(r, off), (shown_at[t], 0)}:
            if shift == 0 and off:
                expects.append(Expect(ws.title, ws.cell(row, 1).coordinate, t))
            for c, want in line:
                expects.append(Expect(ws.title, ws.cell(row, c + shift).coordinate, want))
    return out, labels, expects


def _prizes(
    book: Book, standings: Sequence[TeamStanding], names: dict[int, tuple[str, str]], vps: bool
) -> tuple[list[Prize], list[Expect]]:
    ws = book["Prizes"]
    by_team = {s.team: s for s in standings}
    teams_of: dict[int, list[int]] = {}
    for rnd in MARVIN_TEAMS:
        for t, ns, ew in rnd:
            teams_of.setdefault(ns, []).append(t)
            teams_of.setdefault(ew, []).append(t)
    rows = []
    for r in range(5, 5 + 20):
        p = whole(ws.cell(r, 1).value)
        if p is None:
            break
        mine = [by_team[t] for t in teams_of.get(p, []) if t in by_team]
        wins = sum(s.total for s in mine)
        points = sum(s.net or 0.0 for s in mine)
        rows.append((p, r, wins, points))
    if not rows:
        return [], []
    first, second = marvin_prizes(
        {p: w for p, _, w, _ in rows}, {p: (w if vps else x) for p, _, w, x in rows}
    )
    out, expects = [], []
    for p, r, w, x in rows:
        prize = "First" if p in first else "Second" if p in second else ""
        a, b = names.get(p, ("", ""))
        out.append(Prize(p, " & ".join(y for y in (a, b) if y) or f"Pair {p}", w, x, prize))
        expects += [
            Expect("Prizes", f"C{r}", w),
            Expect("Prizes", f"D{r}", x),
            Expect("Prizes", f"E{r}", prize),
        ]
    return out, expects
