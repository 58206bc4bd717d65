"""Every formula of the teams workbook, each beside the Python rule it mirrors.

A match sheet has one row per board and two rooms (room 1: Home sits North-South; room 2:
Home sits East-West). Each room's contract, declarer and result are parsed and scored by the
Law 77 formulas of :mod:`xlbridge.workbook.formulas`, through a :class:`TravellerCols` whose
letters are the room's own columns (:func:`room_cols`); this module adds the two-room,
match, standings and prize formulas.

>>> c = room_cols(1)
>>> c.contract, c.ns_score, c.key
('B', 'F', 'AA')
>>> net(c, room_cols(2), 6)
'=IF(AND(ISNUMBER($F6),ISNUMBER($K6)),$F6-$K6,"")'
"""

from __future__ import annotations

import math

from openpyxl.utils import get_column_letter

from xlbridge.scoring.vp import blitz
from xlbridge.workbook import formulas as F
from xlbridge.workbook import formulas_recap as R
from xlbridge.workbook.formulas import TravellerCols, sheet_ref

__all__ = [
    "ADJ_COL",
    "AWAY_COL",
    "BOARD_COL",
    "HIDDEN",
    "HOME_COL",
    "OK_COLS",
    "SEGMENT_COL",
    "VUL_COL",
    "room_cols",
]

BOARD_COL = "A"
HOME_COL = "L"
AWAY_COL = "M"
ADJ_COL = "N"
SEGMENT_COL = "O"
# Board-level hidden helpers, after the two rooms' helper columns.
VUL_COL = "BE"
NET_COL = "BF"
ADJ_HOME_COL = "BG"
ADJ_AWAY_COL = "BH"
ISSUES_COL = "BI"
PROBLEM_COL = "BJ"
DONE_COL = "BK"
# Each side's net IMPs on the board (``team_match.board_imps``): they make the margin.
HOME_NET_COL = "BL"
AWAY_NET_COL = "BM"
# The director's OK of a score typed over room 1's and room 2's NS Score.
OK_COLS = {1: "R", 2: "S"}

# The Law 77 helper columns of one room, in order.
HIDDEN: tuple[str, ...] = (
    "key",
    "is_pass",
    "level",
    "strain",
    "dbl",
    "mult",
    "ok",
    "side",
    "vul",
    "tricks",
    "result_msg",
    "below",
    "decl",
    "calc",
)


def room_cols(room: int) -> TravellerCols:
    """The column letters of room 1 (B-F, helpers AA-AN) or room 2 (G-K, helpers AP-BC).

    Columns a teams sheet does not have (pair numbers, matchpoints) point at an unused
    column; no formula of this workbook reads them.
    """
    first = 2 if room == 1 else 7
    vis = dict(
        zip(("contract", "by", "made", "down", "ns_score"), range(first, first + 5), strict=True)
    )
    letters: dict[str, str | None] = {k: get_column_letter(v) for k, v in vis.items()}
    start = 27 if room == 1 else 42
    for i, name in enumerate(HIDDEN):
        letters[name] = get_column_letter(start + i)
    unused = "ZZ"
    for name in (
        "ns",
        "ew",
        "ew_score",
        "ns_mp",
        "ew_mp",
        "adjusted",
        "round",
        "table",
        "real",
        "cmp",
        "adj_ns",
        "adj_ew",
        "mp_raw",
        "pos",
        "keep",
        "issues",
        "problem",
    ):
        letters[name] = unused
    letters["tricks_in"] = None
    return TravellerCols(result_entry="made-down", scoring="imps", **letters)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# One board, two rooms


def vul_flag(c: TravellerCols, r: int) -> str:
    """1 if declarer's side is vulnerable on this row's board: ``Vulnerability.is_vulnerable``.

    The board's vulnerability is on the row (hidden column), as a match sheet holds many boards.
    """
    return F.vul_flag(c, r, f"${VUL_COL}{r}")


def room_helpers(c: TravellerCols, r: int) -> dict[str, str]:
    """The Law 77 helper formulas of one room's row (``xlbridge.scoring.contract.score``)."""
    return F.score_cells(c, r, vul_flag(c, r))


def net(c1: TravellerCols, c2: TravellerCols, r: int) -> str:
    """Home's net score on the board: room 1's NS score minus room 2's (seed 002)."""
    a, b = f"${c1.ns_score}{r}", f"${c2.ns_score}{r}"
    return f'=IF(AND(ISNUMBER({a}),ISNUMBER({b})),{a}-{b},"")'


def adjusted_imps(r: int, table: str, column: int) -> str:
    """Home's (column 2) or Away's (column 3) IMPs for an adjusted score typed as Home/Away:
    ``xlbridge.scoring.imp_pairs.adjusted_imps`` (Law 86A: A+ +3, A 0, A- -3), from a table
    the generator fills with that function itself."""
    a = f"${ADJ_COL}{r}"
    return (
        f'=IF(TRIM({a})="","",IFERROR(VLOOKUP(UPPER(SUBSTITUTE({a}," ","")),{table},'
        f'{column},FALSE),""))'
    )


def home_imps(r: int, bounds0: str, sign: int) -> str:
    """Home's (``sign`` 1) or Away's (−1) net IMPs on the board: ``team_match.board_imps`` (the
    adjusted score when there is one, else ``imps`` of the net score, signed for the side)."""
    adj = f"${ADJ_HOME_COL if sign == 1 else ADJ_AWAY_COL}{r}"
    d = f"${NET_COL}{r}"
    lead = "" if sign == 1 else "-"
    return (
        f'=IF(TRIM(${ADJ_COL}{r})<>"",IF(ISNUMBER({adj}),{adj},""),'
        f'IF(ISNUMBER({d}),{lead}{F.imps_of(d, bounds0)},""))'
    )


def imps_won(r: int, sign: int) -> str:
    """The IMPs Home (``sign`` 1) or Away (−1) won on the board, as a scorecard writes them:
    ``team_match.imps_won`` (the side's net IMPs when positive, else 0; blank with no result).

    >>> imps_won(6, -1)
    '=IF(ISNUMBER($BM6),MAX(0,$BM6),"")'
    """
    d = f"${HOME_NET_COL if sign == 1 else AWAY_NET_COL}{r}"
    return f'=IF(ISNUMBER({d}),MAX(0,{d}),"")'


def bam_points(r: int, sign: int) -> str:
    """Home's (1) or Away's (−1) board-a-match point: ``team_match.bam_points`` (1, ½, 0 by the
    sign of the net score; ``imp_pairs.board_a_match``)."""
    d = f"${NET_COL}{r}"
    s = f"{d}" if sign == 1 else f"-{d}"
    return f'=IF(ISNUMBER({d}),IF({s}>0,1,IF({s}=0,0.5,0)),"")'


# --------------------------------------------------------------------------------------------
# Match totals (mirrors xlbridge.scoring.team_match.score_match)


def segment_sum(col: str, seg_range: str, seg: int, first: int, last: int) -> str:
    """IMPs (or points) of one segment: the sum of the side's column over its boards."""
    return f"=SUMIF({seg_range},{seg},${col}${first}:${col}${last})"


def running(prev: str | None, this: str, carry: str | None, sign: int) -> str:
    """Running IMPs won after a segment: the carry-over (IMPs won by Home; negative: by Away)
    and the segments so far (``team_match.score_match``'s ``home_imps``)."""
    if prev is not None:
        return f"={prev}+{this}"
    if carry is None:
        return f"={this}"
    return f"={this}+MAX(0,{'' if sign == 1 else '-'}IF(ISNUMBER({carry}),{carry},0))"


def margin(first: int, last: int, carry: str | None, sign: int) -> str:
    """Home's (``sign`` 1) or Away's (−1) margin, the net IMPs that score the VPs: the side's
    net IMPs on every board plus the carry-over (``team_match.score_match``'s ``home``); for
    boards that balance it is the IMPs won less the IMPs lost.

    >>> margin(6, 13, "$B$3", -1)
    '=SUM($BM$6:$BM$13)-IF(ISNUMBER($B$3),$B$3,0)'
    """
    col = HOME_NET_COL if sign == 1 else AWAY_NET_COL
    total = f"=SUM(${col}${first}:${col}${last})"
    if carry is None:
        return total
    return f"{total}{'+' if sign == 1 else '-'}IF(ISNUMBER({carry}),{carry},0)"


def scored_count(col: str, first: int, last: int) -> str:
    """Boards with a result (IMPs or points on the board)."""
    return f"=COUNT(${col}${first}:${col}${last})"


def done_flag(scored: str, boards: int) -> str:
    """1 when every board of the match has a result (only complete matches score VPs)."""
    return f"=IF({scored}={boards},1,0)"


def vp_formula(
    margin: str, boards: int, scale: str, table: str, total: float, *, scored: str
) -> str:
    """VPs of the side whose net IMPs are ``margin``: ``xlbridge.scoring.vp.vp``; blank while
    ``scored`` (the match's count of boards with a result) is 0: a match with no board
    scored has no result yet, not a 10-10 draw (``results.read_teams`` reads it so).

    ``table`` is the two-column range (lowest margin, winner's VPs) the generator fills from
    ``vp()`` itself. On the WBF continuous scales a margin that is not whole (a carry-over of
    half an IMP) uses the formula, rounded to 2 decimals.

    >>> vp_formula("$C$9", 8, "acbl20", "Lists!$H$1:$I$30", 20.0, scored="$F$9")[:40]
    '=IF(AND($F$9>0,ISNUMBER($C$9)),IF($C$9>='
    """
    a = f"ABS({margin})"
    look = f"VLOOKUP({a},{table},2,TRUE)"
    if scale in ("wbf", "wbf-raw"):
        tau3 = repr(math.sqrt(5) - 2)
        b = repr(blitz(boards))
        exact = f"ROUND(MIN(20,10+10*(1-{tau3}^({a}/{b}))/(1-{tau3})),2)"
        look = f"IF({a}=INT({a}),{look},{exact})"
    started = f"AND({scored}>0,ISNUMBER({margin}))"
    return f'=IF({started},IF({margin}>=0,{look},ROUND({total}-{look},2)),"")'


def win_loss_formula(margin: str, three_quarter: bool, *, scored: str) -> str:
    """Win/loss points of the side whose net IMPs are ``margin``: ``vp.win_loss`` (1, ½, 0;
    with the ¾ rule a win by 1-2 IMPs scores ¾-¼, seed 002); blank while ``scored`` is 0
    (as :func:`vp_formula`)."""
    if three_quarter:
        win = f"IF({margin}<=2,0.75,1)"
        loss = f"IF({margin}>=-2,0.25,0)"
    else:
        win, loss = "1", "0"
    started = f"AND({scored}>0,ISNUMBER({margin}))"
    return f'=IF({started},IF({margin}=0,0.5,IF({margin}>0,{win},{loss})),"")'


def match_points_win(mine: str, theirs: str, *, scored: str) -> str:
    """A board-a-match match won, tied or lost on points: ``vp.win_loss(mine − theirs, False)``;
    blank while ``scored`` is 0 (as :func:`vp_formula`)."""
    started = f"AND({scored}>0,ISNUMBER({mine}))"
    return f'=IF({started},IF({mine}>{theirs},1,IF({mine}={theirs},0.5,0)),"")'


def only_done(done: str, value: str) -> str:
    """A match's result, shown only when the match is complete."""
    return f'=IF({done}=1,{value},"")'


def winner(done: str, home: str, away: str, h: str, a: str, override: str) -> str:
    """The match winner: the team with the larger margin (``movements.teams.knockout_next`` takes
    it), or the team number typed in the override cell (a tie decided by extra boards)."""
    return (
        f'=IF(TRIM({override})<>"",{override},IF(AND({done}=1,{home}<>"",{away}<>""),'
        f'IF({h}>{a},{home},IF({a}>{h},{away},"")),""))'
    )


def team_name(team: str, ids: str, names: str) -> str:
    """A team's name from the Names sheet (empty when not typed)."""
    return f'=IFERROR(INDEX({names},MATCH({team},{ids},0))&"","")'


def team_display_name(r: int) -> str:
    """A team's name for the other sheets: the name typed (column B), else the captain or
    second name (column C), else "Team n"."""
    return f'=IF(TRIM(B{r})<>"",B{r},IF(TRIM(C{r})<>"",C{r},"Team "&A{r}))'


def pair_display_name(r: int) -> str:
    """A Marvin pair's name for the other sheets: both players' names joined by " & ", one of
    them, or "Pair n"."""
    return (
        f'=IF(AND(TRIM(B{r})="",TRIM(C{r})=""),"Pair "&A{r},'
        f'IF(TRIM(C{r})="",B{r},IF(TRIM(B{r})="",C{r},B{r}&" & "&C{r})))'
    )


def pair_name_of(names: str, pair: int | str) -> str:
    """A Marvin pair's name, by its number, from the Names sheet's display column."""
    return f"=INDEX({names},{pair})"


def marvin_team_name(label: str, names: str, ns: int, ew: int) -> str:
    """A Marvin team's name: its label, then its North-South and East-West pairs' names
    (``marvin_label``)."""
    return f'="{label}: "&INDEX({names},{ns})&" / "&INDEX({names},{ew})'


def team_ref(sheet: str, cell: str) -> str:
    """A team number taken from another sheet (a knockout winner)."""
    return F.blank_or(sheet_ref(sheet, cell))


# --------------------------------------------------------------------------------------------
# Standings (mirrors team_match.score_match totals and team_match.rank_teams)


def team_group(
    team: str, group: int, grp: str, home: str, away: str, done: str, hv: str, av: str
) -> str:
    """A team's result in the matches of one standings column (one match, or one round)."""
    n = (
        f"COUNTIFS({grp},{group},{home},{team},{done},1)"
        f"+COUNTIFS({grp},{group},{away},{team},{done},1)"
    )
    s = f"SUMIFS({hv},{grp},{group},{home},{team})+SUMIFS({av},{grp},{group},{away},{team})"
    return f'=IF({n}=0,"",{s})'


def team_total(team: str, home: str, away: str, done: str, hv: str, av: str) -> str:
    """A team's total over its complete matches."""
    return f"=SUMIFS({hv},{home},{team},{done},1)+SUMIFS({av},{away},{team},{done},1)"


def rank_key(total: str) -> str:
    """A total rounded to 6 decimals, as ``team_match.rank_teams`` compares them."""
    return f"=ROUND({total},6)"


def team_rank(k1: str, keys1: str, k2: str | None, keys2: str | None) -> str:
    """Rank by the first key, ties broken by the second, equals shown "2=":
    ``team_match.rank_teams``."""
    if k2 is None or keys2 is None:
        better = f'COUNTIF({keys1},">"&{k1})'
        same = f"COUNTIF({keys1},{k1})"
    else:
        better = f'COUNTIF({keys1},">"&{k1})+COUNTIFS({keys1},{k1},{keys2},">"&{k2})'
        same = f"COUNTIFS({keys1},{k1},{keys2},{k2})"
    return "=" + R.tied_rank(better, same)


def team_place(
    k1: str, keys1: str, k1_to_here: str, k2: str | None, keys2: str | None, k2_to_here: str | None
) -> str:
    """A team's place in the sorted standings: ``team_match.standings_order`` (best first by
    the first key, then the second; teams equal on both in the order listed, by number).
    ``k1_to_here`` is the key column from the first team down to this one.

    >>> team_place("$AX5", "$AX$5:$AX$8", "$AX$5:$AX5", None, None, None)
    '=COUNTIF($AX$5:$AX$8,">"&$AX5)+COUNTIF($AX$5:$AX5,$AX5)'
    """
    if k2 is None or keys2 is None or k2_to_here is None:
        return f'=COUNTIF({keys1},">"&{k1})+COUNTIF({k1_to_here},{k1})'
    return (
        f'=COUNTIF({keys1},">"&{k1})+COUNTIFS({keys1},{k1},{keys2},">"&{k2})'
        f"+COUNTIFS({k1_to_here},{k1},{k2_to_here},{k2})"
    )


def complete_count(done: str) -> str:
    """How many matches are complete."""
    return f"=SUM({done})"


def sum_cells(cells: list[str]) -> str:
    """A sum of named cells (a Marvin pair's five teams)."""
    return "=" + "+".join(cells)


def first_prize(w: str, ws: str, p: str, ps: str) -> str:
    """1 for the pair(s) winning most matches, ties broken by points: ``marvin_prizes``."""
    return f'=IF(COUNTIF({ws},">"&{w})+COUNTIFS({ws},{w},{ps},">"&{p})=0,1,0)'


def second_prize(first: str, firsts: str, w: str, ws: str, p: str, ps: str) -> str:
    """1 for the pair(s) with most points among the others, ties broken by wins:
    ``marvin_prizes``."""
    return (
        f'=IF({first}=1,0,IF(COUNTIFS({firsts},0,{ps},">"&{p})'
        f'+COUNTIFS({firsts},0,{ps},{p},{ws},">"&{w})=0,1,0))'
    )


def prize_text(first: str, second: str) -> str:
    """ "First" or "Second" beside the prize winners."""
    return f'=IF({first}=1,"First",IF({second}=1,"Second",""))'
