"""The summary sheets of a teams workbook: ``Standings`` (ranked by VPs, win/loss or points),
``Bracket`` (a knockout, winners carried round to round) and ``Prizes`` (Marvin's game).

Each match sheet registers its cells (teams, totals, result, complete flag) in the context;
``Standings`` copies them into a hidden block, one row per match, and sums each team's results
with SUMIFS, so one formula shape serves every kind. Each team's line is worked out in a hidden
block, one row per team by number (:data:`TEAM_BLOCK`: the visible columns moved right); the
visible rows show those lines in rank order (``team_match.standings_order``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.awards import TWO_TEAMS, TWO_TEAMS_TEXT
from xlbridge.movements.teams import MARVIN_TEAMS
from xlbridge.text import put_text
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.formulas_masterpoints import award_formula
from xlbridge.workbook.masterpoints import MASTERPOINTS_HEADER
from xlbridge.workbook.styles import fit_landscape

if TYPE_CHECKING:
    from xlbridge.families.teams.context import TeamsContext

__all__ = [
    "STANDINGS_FIRST",
    "TEAM_BLOCK",
    "marvin_label",
    "write_bracket",
    "write_prizes",
    "write_standings",
]

STANDINGS_FIRST = 5
_BLOCK = 40  # first hidden column of the per-match block (AN)
TEAM_BLOCK = 52  # the hidden per-team block: visible column c is worked out in column c + 52


def marvin_label(team: int) -> str:
    """Marvin's team ``team`` as seed 002 prints it: "Pairs 1/2" (NS/EW).

    >>> marvin_label(3)
    'Pairs 6/5'
    """
    for rnd in MARVIN_TEAMS:
        for t, ns, ew in rnd:
            if t == team:
                return f"Pairs {ns}/{ew}"
    raise KeyError(team)


def _marvin_pairs(team: int) -> tuple[int, int]:
    for rnd in MARVIN_TEAMS:
        for t, ns, ew in rnd:
            if t == team:
                return ns, ew
    raise KeyError(team)


def _col(i: int) -> str:
    return get_column_letter(i)


def standings_columns(ctx: TeamsContext) -> tuple[str | None, str]:
    """Labels of the net column (None: none) and of the ranked result column."""
    if ctx.bam:
        return ("Points", "Wins") if ctx.plan.marvin else (None, "Points")
    return "IMPs", ("Wins" if ctx.options.win_loss else "VP")


def write_standings(ctx: TeamsContext) -> Worksheet:
    """Write ``Standings``: one row per team, a column per match (or round), totals, rank."""
    ws: Worksheet = ctx.wb.create_sheet("Standings")
    st, plan = ctx.style, ctx.plan
    first = STANDINGS_FIRST
    net_label, res_label = standings_columns(ctx)
    plain_bam = ctx.bam and not plan.marvin

    # Hidden block: one row per match.
    b = [_col(_BLOCK + i) for i in range(9)]
    heads = (
        "Match",
        "Group",
        "Home",
        "Away",
        "Done",
        "Home net",
        "Away net",
        "Home res",
        "Away res",
    )
    for col, text in zip(b, heads, strict=True):
        ws[f"{col}{first - 1}"] = text
    for i, m in enumerate(plan.matches):
        r = first + i
        c = ctx.cells[m.number]
        ws[f"{b[0]}{r}"] = m.number
        ws[f"{b[1]}{r}"] = m.group
        ws[f"{b[2]}{r}"] = F.copy_of(c["home"])
        ws[f"{b[3]}{r}"] = F.copy_of(c["away"])
        ws[f"{b[4]}{r}"] = F.copy_of(c["done"])
        ws[f"{b[5]}{r}"] = T.only_done(c["done"], c["h"])
        ws[f"{b[6]}{r}"] = T.only_done(c["done"], c["a"])
        hv, av = (c["h"], c["a"]) if plain_bam else (c["hv"], c["av"])
        ws[f"{b[7]}{r}"] = T.only_done(c["done"], hv)
        ws[f"{b[8]}{r}"] = T.only_done(c["done"], av)
    mlast = first + len(plan.matches) - 1

    def rng(i: int) -> str:
        return f"${b[i]}${first}:${b[i]}${mlast}"

    grp, home, away, done = rng(1), rng(2), rng(3), rng(4)
    hn, an, hv_r, av_r = rng(5), rng(6), rng(7), rng(8)

    ws["A1"] = "Standings"
    st(ws["A1"], "xlb Title")
    st(put_text(ws["C1"], ctx.options.event, "event"), "xlb Label")
    ws["A2"] = (
        "Board-a-match: 1, 1/2, 0 a board"
        if ctx.bam
        else "Win/loss" + (", 3/4 for a win by 1-2 IMPs" if ctx.options.three_quarter else "")
        if ctx.options.win_loss
        else f"Victory points, {ctx.options.scale} scale, {plan.match_boards}-board matches"
    ) + (
        "; ties broken by IMPs" if not ctx.bam else "; ties broken by points" if plan.marvin else ""
    )
    ws["A3"] = "Matches complete"
    st(ws["A3"], "xlb Label")
    ws["C3"] = T.complete_count(done)
    st(ws["C3"], "xlb Value")
    ws["D3"] = f"of {len(plan.matches)}"

    labels = ["Team", "Names", *plan.groups]
    if net_label:
        labels.append(net_label)
    labels += [res_label, "Rank"]
    for i, text in enumerate(labels, start=1):
        st(ws.cell(row=first - 1, column=i, value=text), "xlb Header")
    ng = len(plan.groups)
    ncols = 3 + ng + (2 if net_label else 1)  # the visible columns: Team ... Rank

    def hid(i: int) -> str:
        return _col(TEAM_BLOCK + i)

    net_col = hid(3 + ng) if net_label else None
    res_col = hid(3 + ng + (1 if net_label else 0))
    rank_col = hid(ncols)
    place_col = hid(ncols + 1)
    for i, text in enumerate([*labels, "Place"], start=1):
        ws[f"{hid(i)}{first - 1}"] = text
    k1, k2 = _col(_BLOCK + 10), _col(_BLOCK + 11)
    tlast = first + len(plan.teams) - 1
    keys1 = f"${k1}${first}:${k1}${tlast}"
    keys2 = f"${k2}${first}:${k2}${tlast}"
    ids, disp = ctx.names_range("A"), ctx.names_range("D")
    hv_g, av_g = (hn, an) if plain_bam else (hv_r, av_r)
    team = hid(1)
    for i, t in enumerate(plan.teams):
        r = first + i
        ws[f"{team}{r}"] = t
        if plan.marvin:
            ns, ew = _marvin_pairs(t)
            names = T.marvin_team_name(marvin_label(t), disp, ns, ew)
        else:
            names = T.team_name(f"${team}{r}", ids, disp)
        ws[f"{hid(2)}{r}"] = names
        for g in range(1, ng + 1):
            ws[f"{hid(2 + g)}{r}"] = T.team_group(
                f"${team}{r}", g, grp, home, away, done, hv_g, av_g
            )
        if net_col:
            ws[f"{net_col}{r}"] = T.team_total(f"${team}{r}", home, away, done, hn, an)
        ws[f"{res_col}{r}"] = T.team_total(f"${team}{r}", home, away, done, hv_g, av_g)
        ws[f"{k1}{r}"] = T.rank_key(f"${res_col}{r}")
        if net_col:
            ws[f"{k2}{r}"] = T.rank_key(f"${net_col}{r}")
        ws[f"{rank_col}{r}"] = T.team_rank(
            f"${k1}{r}", keys1, f"${k2}{r}" if net_col else None, keys2 if net_col else None
        )
        ws[f"{place_col}{r}"] = T.team_place(
            f"${k1}{r}",
            keys1,
            f"${k1}${first}:${k1}{r}",
            f"${k2}{r}" if net_col else None,
            keys2 if net_col else None,
            f"${k2}${first}:${k2}{r}" if net_col else None,
        )
    # The visible rows: the team lines in rank order.
    places = f"${place_col}${first}:${place_col}${tlast}"
    styles = ["xlb Value", "xlb Text", *["xlb Number"] * ng]
    styles += ["xlb Value"] if net_label else []
    styles += ["xlb Number", "xlb Value"]
    for p in range(1, len(plan.teams) + 1):
        r = first + p - 1
        for j, style in enumerate(styles, start=1):
            values = f"${hid(j)}${first}:${hid(j)}${tlast}"
            cell = ws.cell(row=r, column=j, value=R.standing_value(str(p), places, values))
            st(cell, style)
    if ctx.options.masterpoints:  # each line's award by formula (new --masterpoints)
        _awards(ctx, ws, _col(ncols), first, tlast)
        ncols += 1
    ctx.cells[0] = {"res_col": res_col, "net_col": net_col or "", "first": str(first)}
    ws.column_dimensions["B"].width = 34
    for g in range(ng):
        ws.column_dimensions[_col(3 + g)].width = 9
    ws.column_dimensions.group(_col(_BLOCK), place_col, hidden=True)
    ws.freeze_panes = f"C{first}"
    ws.print_area = f"A1:{_col(ncols)}{tlast}"
    ws.print_title_rows = f"{first - 1}:{first - 1}"
    fit_landscape(ws)
    ws.protection.sheet = True
    return ws


def _awards(ctx: TeamsContext, ws: Worksheet, rank: str, first: int, last: int) -> None:
    """The masterpoints column right of ``rank`` (the visible Rank column, rows ``first`` to
    ``last``): the EBU club award of each line's place, its field every team, over the most
    boards a team plays (as USEBIO's ``BOARDS_PLAYED``: :mod:`xlbridge.families.teams.usebio`).
    A head-to-head match's places are not a ranking of a field: its cells say so
    (:data:`~xlbridge.families.teams.awards.TWO_TEAMS_TEXT`, as ``results`` refuses it)."""
    plan, st = ctx.plan, ctx.style
    boards = max((sum(len(m.boards) for m in plan.matches if t in (m.home, m.away))
                  for t in plan.teams), default=0)  # fmt: skip
    refused = TWO_TEAMS_TEXT if plan.kind in TWO_TEAMS else None
    col = _col(ws[f"{rank}1"].column + 1)
    st(ws.cell(row=first - 1, column=ws[f"{col}1"].column, value=MASTERPOINTS_HEADER),
       "xlb Header")  # fmt: skip
    ranks = f"${rank}${first}:${rank}${last}"
    for r in range(first, last + 1):
        cell = ws[f"{col}{r}"]
        # No match complete: every team ranks 1= on nothing; no award yet (results/awards.py).
        cell.value = award_formula(f"${rank}{r}", ranks, boards, "teams", refused,
                                   blank="$C$3=0")  # fmt: skip
        st(cell, "xlb Value")


def write_prizes(ctx: TeamsContext) -> Worksheet:
    """Write ``Prizes`` for Marvin's game: each pair's wins and points over its five teams,
    first prize for most matches won, second for most points, one prize a pair (seed 002);
    with victory points both prizes go by VPs only."""
    ws: Worksheet = ctx.wb.create_sheet("Prizes")
    st = ctx.style
    info = ctx.cells[0]
    res_col, net_col, sfirst = info["res_col"], info["net_col"], int(info["first"])
    row_of = {t: sfirst + i for i, t in enumerate(ctx.plan.teams)}
    vps = ctx.options.vps
    ws["A1"] = "Prizes: Marvin's six-pair team game"
    st(ws["A1"], "xlb Title")
    if vps:
        ws["A2"] = "Both prizes by victory points (Party Bridge); one prize a pair."
    else:
        ws["A2"] = "First prize: most matches won (ties: most points)."
        ws["A3"] = "Second prize: most points among the others. One prize a pair (Party Bridge)."
    win_label = "VP" if vps else "Wins"
    pts_label = "Points" if ctx.bam else "IMPs"
    first = 5
    for i, text in enumerate(("Pair", "Names", win_label, pts_label, "Prize"), start=1):
        st(ws.cell(row=first - 1, column=i, value=text), "xlb Header")
    pairs = ctx.plan.marvin_pairs()
    last = first + len(pairs) - 1
    wr, pr, fr = f"$C${first}:$C${last}", f"$Y${first}:$Y${last}", f"$Z${first}:$Z${last}"
    disp = ctx.names_range("D")
    for i, (p, teams) in enumerate(pairs.items()):
        r = first + i
        st(ws.cell(row=r, column=1, value=p), "xlb Value")
        st(ws.cell(row=r, column=2, value=T.pair_name_of(disp, p)), "xlb Text")
        ws[f"C{r}"] = T.sum_cells([f"Standings!${res_col}${row_of[t]}" for t in teams])
        st(ws[f"C{r}"], "xlb Number")
        ws[f"D{r}"] = T.sum_cells([f"Standings!${net_col}${row_of[t]}" for t in teams])
        st(ws[f"D{r}"], "xlb Value")
        # Prize keys: wins and points, or VPs for both.
        ws[f"Y{r}"] = T.rank_key(f"{'$C' if vps else '$D'}{r}")
        ws[f"X{r}"] = T.rank_key(f"$C{r}")
        ws[f"Z{r}"] = T.first_prize(f"$X{r}", f"$X${first}:$X${last}", f"$Y{r}", pr)
        ws[f"AA{r}"] = T.second_prize(f"$Z{r}", fr, f"$X{r}", f"$X${first}:$X${last}", f"$Y{r}", pr)
        ws[f"E{r}"] = T.prize_text(f"$Z{r}", f"$AA{r}")
        st(ws[f"E{r}"], "xlb Label")
    del wr
    ws.column_dimensions["B"].width = 34
    ws.column_dimensions.group("X", "AA", hidden=True)
    ws.print_area = f"A1:E{last}"
    setup: Any = ws.sheet_properties.pageSetUpPr
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    setup.fitToPage = True
    ws.protection.sheet = True
    return ws


def write_bracket(ctx: TeamsContext) -> Worksheet:
    """Write ``Bracket``: every knockout match by round, its teams, IMPs and winner; byes go
    straight through; the final's winner is the champion."""
    ws: Worksheet = ctx.wb.create_sheet("Bracket")
    st = ctx.style
    ws["A1"] = "Knockout bracket"
    st(ws["A1"], "xlb Title")
    put_text(ws["C1"], ctx.options.event, "event")
    first = 4
    for i, text in enumerate(
        ("Round", "Match", "Home", "Away", "Home IMPs", "Away IMPs", "Winner"), start=1
    ):
        st(ws.cell(row=first - 1, column=i, value=text), "xlb Header")
    r = first
    rounds = len(ctx.plan.bracket)
    by_number = {m.number: m for m in ctx.plan.matches}
    for rnd in range(1, rounds + 1):
        label = "Final" if rnd == rounds else "Semi-final" if rnd == rounds - 1 else f"Round {rnd}"
        for kind, n in ctx.plan.bracket[rnd - 1]:
            put: list[Any]
            if kind == "team":
                put = [label, "bye", n, "", "", "", n]
            else:
                c = ctx.cells[by_number[n].number]
                put = [
                    label,
                    f"Match {n}",
                    F.copy_of(c["home"]),
                    F.copy_of(c["away"]),
                    T.only_done(c["done"], c["gh"]),
                    T.only_done(c["done"], c["ga"]),
                    F.copy_of(c["winner"]),
                ]
            for j, v in enumerate(put, start=1):
                st(ws.cell(row=r, column=j, value=v), "xlb Value")
            r += 1
    final = ctx.plan.bracket[-1][0]
    ws.cell(row=r + 1, column=1, value="Champion")
    st(ws.cell(row=r + 1, column=1), "xlb Title")
    champion = F.copy_of(ctx.cells[final[1]]["winner"]) if final[0] == "match" else final[1]
    st(ws.cell(row=r + 1, column=3, value=champion), "xlb Title")
    for col, w in zip("ABCDEFG", (12, 10, 8, 8, 10, 10, 9), strict=True):
        ws.column_dimensions[col].width = w
    ws.print_area = f"A1:G{r + 1}"
    fit_landscape(ws)
    ws.protection.sheet = True
    return ws
