"""Every Excel formula of the social-game workbooks (rubber, Chicago, the back score, Calcutta).

Each function returns the text of one cell's formula and names, in its docstring, the Python
rule it mirrors (``xlbridge.scoring.rubber``, ``chicago``, ``backscore``, ``calcutta``). The
contract-parsing formulas are reused from :mod:`xlbridge.workbook.formulas` with this sheet's
column letters (:meth:`DealCols.traveller`). Only the functions in
``formulas.ALLOWED_FUNCTIONS`` are used; tests recalculate the workbooks and compare every
total with the rules layer.

A score sheet is a block of deal rows; each row carries hidden helpers (contract parts, the
running partscores and games) that the next row reads, so the formulas stay short.

>>> c = DealCols.build()
>>> c.contract, c.ns_above, c.key
('D', 'I', 'Q')
>>> tricks_valid(c, 7)
'=IF(ISNUMBER($F7),IF(AND($F7>=0,$F7<=13,$F7=INT($F7)),$F7,""),"")'
>>> round_hundreds("X1", "up")
'SIGN(X1)*INT((ABS(X1)+50)/100)'
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from openpyxl.utils import get_column_letter

from xlbridge.scoring import contract as law77
from xlbridge.scoring.chicago import FOURTH_DEAL_PARTSCORE_PREMIUM
from xlbridge.scoring.rubber import (
    RUBBER_BONUS,
    UNFINISHED_GAME_BONUS,
    UNFINISHED_PARTSCORE_BONUS,
)
from xlbridge.types import Doubling
from xlbridge.workbook import formulas as base
from xlbridge.workbook.formulas import TravellerCols, text_literal

__all__ = ["DealCols"]

_VISIBLE = (
    "deal", "dealer", "vul", "contract", "by", "tricks_in", "honours", "hon_side_in",
    "ns_above", "ns_below", "ew_above", "ew_below", "ns_games", "ew_games", "check",
)  # fmt: skip
_HIDDEN = (
    "key", "is_pass", "level", "strain", "dbl", "mult", "ok", "side", "vul_flag", "tricks",
    "go", "made", "below", "decl_above", "def_above", "hon_value", "hon_pts", "hon_side",
    "ns_part", "ew_part", "game", "ns_g", "ew_g", "bonus", "over", "issues",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class DealCols:
    """Column letters of a score sheet's deal rows: the visible columns, then hidden helpers."""

    deal: str
    dealer: str
    vul: str
    contract: str
    by: str
    tricks_in: str
    honours: str
    hon_side_in: str
    ns_above: str
    ns_below: str
    ew_above: str
    ew_below: str
    ns_games: str
    ew_games: str
    check: str
    key: str
    is_pass: str
    level: str
    strain: str
    dbl: str
    mult: str
    ok: str
    side: str
    vul_flag: str
    tricks: str
    go: str
    made: str
    below: str
    decl_above: str
    def_above: str
    hon_value: str
    hon_pts: str
    hon_side: str
    ns_part: str
    ew_part: str
    game: str
    ns_g: str
    ew_g: str
    bonus: str
    over: str
    issues: str

    @classmethod
    def build(cls) -> DealCols:
        """The fixed layout: visible columns from A, hidden helpers from Q."""
        letters = {n: get_column_letter(i) for i, n in enumerate(_VISIBLE, start=1)}
        first_hidden = len(_VISIBLE) + 2
        letters |= {n: get_column_letter(i) for i, n in enumerate(_HIDDEN, start=first_hidden)}
        return cls(**letters)

    @property
    def first_hidden(self) -> str:
        return self.key

    @property
    def last_hidden(self) -> str:
        return self.issues

    def traveller(self) -> TravellerCols:
        """These letters as a :class:`TravellerCols`, to reuse its contract-parsing formulas."""
        names = {f.name for f in fields(TravellerCols)}
        mine = {"contract", "by", "key", "is_pass", "level", "strain", "dbl", "mult", "ok", "side"}
        kw: dict[str, str | None] = dict.fromkeys(names - {"result_entry", "scoring"}, "ZZ")
        kw |= {n: getattr(self, n) for n in mine}
        return TravellerCols(result_entry="tricks", scoring="mp", **kw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Contract parsing: xlbridge.types.Contract.parse, via the traveller formulas.


def contract_cells(c: DealCols, r: int) -> dict[str, str]:
    """The contract-parsing helpers of a deal row, by column: ``Contract.parse`` and
    ``Seat.parse`` (the traveller's, :func:`xlbridge.workbook.formulas.contract_cells`)."""
    return base.contract_cells(c.traveller(), r)


# --------------------------------------------------------------------------------------------
# Vulnerability and dealer


def rubber_vulnerability(c: DealCols, prev: int | None) -> str:
    """Who is vulnerable on a rubber deal: ``Rubber.vulnerable`` (a side that has won a game);
    "" once the rubber is won."""
    if prev is None:
        return '="None"'
    ns, ew = f"${c.ns_g}{prev}", f"${c.ew_g}{prev}"
    return f'=IF(MAX({ns},{ew})>=2,"",IF({ns}>0,IF({ew}>0,"All","NS"),IF({ew}>0,"EW","None")))'


def chicago_dealer(first_dealer: str, deal: int) -> str:
    """Dealer of Chicago deal 1-4 from the first dealer: ``chicago.chicago_dealer``."""
    f = f"UPPER(TRIM({first_dealer}))"
    return (
        f'=IFERROR(MID("NESWNESW",FIND({f},"NESW")+{deal - 1},1),"")'
        if deal > 1
        else f'=IF(OR({f}="N",{f}="E",{f}="S",{f}="W"),{f},"")'
    )


def chicago_vulnerability(c: DealCols, r: int, deal: int, new_york: bool) -> str:
    """Vulnerability of Chicago deal 1-4: ``chicago.chicago_vulnerability`` (1 none; 2-3 the
    dealer's side, or the other side in the New York variant; 4 both)."""
    if deal == 1:
        return '="None"'
    if deal == 4:
        return '="All"'
    d = f"${c.dealer}{r}"
    ns_dealer, ew_dealer = ('"EW"', '"NS"') if new_york else ('"NS"', '"EW"')
    return f'=IF({d}="","",IF(OR({d}="N",{d}="S"),{ns_dealer},{ew_dealer}))'


def vulnerable_flag(c: DealCols, r: int) -> str:
    """1 if declarer's side is vulnerable on this deal: ``Vulnerability.is_vulnerable``."""
    v, s = f"${c.vul}{r}", f"${c.side}{r}"
    return f'=IF({s}="","",IF(OR({v}="All",{v}={s}),1,0))'


# --------------------------------------------------------------------------------------------
# One deal: xlbridge.scoring.rubber.contract_items


def tricks_valid(c: DealCols, r: int) -> str:
    """Tricks taken, when a whole number 0-13: ``types.tricks_taken``; else ""."""
    t = f"${c.tricks_in}{r}"
    return f'=IF(ISNUMBER({t}),IF(AND({t}>=0,{t}<=13,{t}=INT({t})),{t},""),"")'


def scored(c: DealCols, r: int) -> str:
    """1 when the row is a deal that scores: a contract, a declarer and tricks, and (rubber) the
    rubber not yet won. Mirrors the deals ``rubber._replay`` / ``chicago._replay`` score."""
    return (
        f'=IF(AND(${c.ok}{r}=1,${c.is_pass}{r}=0,${c.side}{r}<>"",ISNUMBER(${c.tricks}{r}),'
        f"${c.over}{r}=0),1,0)"
    )


def made(c: DealCols, r: int) -> str:
    """1 when the contract made (tricks ≥ level + 6), as in ``contract_items``."""
    return f"=IF(${c.go}{r}=1,IF(${c.tricks}{r}>=${c.level}{r}+6,1,0),0)"


def trick_points(c: DealCols, r: int) -> str:
    """Trick score below the line, for tricks bid only: ``contract.trick_score`` (rules.md §2)."""
    st, lv, mu = f"${c.strain}{r}", f"${c.level}{r}", f"${c.mult}{r}"
    return f"=IF(${c.made}{r}=1,(IF({st}<=2,20,30)*{lv}+IF({st}=5,10,0))*{mu},0)"


def declarer_premiums(c: DealCols, r: int) -> str:
    """Overtricks, slam premium and insult above the line: ``contract.overtrick_value``,
    ``SMALL_SLAM_PREMIUM``, ``GRAND_SLAM_PREMIUM``, ``INSULT`` (``contract_items``)."""
    lv, st, mu, v, t = (f"${x}{r}" for x in (c.level, c.strain, c.mult, c.vul_flag, c.tricks))
    s_nv, s_v = law77.SMALL_SLAM_PREMIUM
    g_nv, g_v = law77.GRAND_SLAM_PREMIUM
    ins_x, ins_xx = law77.INSULT[Doubling.DOUBLED], law77.INSULT[Doubling.REDOUBLED]
    return (
        f"=IF(${c.made}{r}=0,0,"
        f"({t}-{lv}-6)*IF({mu}=1,IF({st}<=2,20,30),IF({v}=1,200,100)*{mu}/2)"
        f"+IF({lv}=6,IF({v}=1,{s_v},{s_nv}),0)+IF({lv}=7,IF({v}=1,{g_v},{g_nv}),0)"
        f"+IF({mu}=2,{ins_x},IF({mu}=4,{ins_xx},0)))"
    )


def undertricks(c: DealCols, r: int) -> str:
    """Penalty to the defenders: ``contract.undertrick_penalty`` (NV 50; V 100; doubled NV
    100, 200, 200, then 300; V 200, then 300; redoubled twice doubled)."""
    lv, mu, v, t = (f"${x}{r}" for x in (c.level, c.mult, c.vul_flag, c.tricks))
    u = f"({lv}+6-{t})"
    return (
        f"=IF(OR(${c.go}{r}=0,${c.made}{r}=1),0,IF({mu}=1,{u}*IF({v}=1,100,50),"
        f"{mu}/2*IF({v}=1,300*{u}-100,100+200*MIN({u}-1,2)+300*MAX({u}-3,0))))"
    )


def honours_value(c: DealCols, r: int) -> str:
    """The Honours cell as a number (0 when empty, -1 when not a number): ``Honours.parse``."""
    h = f'TRIM(${c.honours}{r}&"")'
    return f'=IF({h}="",0,IFERROR(VALUE({h}),-1))'


def honours_points(c: DealCols, r: int) -> str:
    """Honours scored: 100 (four trump honours, not at no-trumps) or 150 (five, or four aces at
    no-trumps), on a deal that scores. Mirrors ``Honours.parse(text, strain)``."""
    h, st = f"${c.hon_value}{r}", f"${c.strain}{r}"
    return f"=IF(${c.go}{r}=0,0,IF(OR({h}=150,AND({h}=100,{st}<>5)),{h},0))"


def honours_side(c: DealCols, r: int) -> str:
    """Who holds the honours: the Honours Side cell, else declarer's side (``Deal``)."""
    h = f"UPPER(TRIM(${c.hon_side_in}{r}))"
    return f'=IF({h}="",${c.side}{r},{h})'


def game_made(c: DealCols, r: int, prev: int | None) -> str:
    """1 when this deal's trick score completes a game (partscores ≥ 100): ``GAME_TRICK_SCORE``
    in ``rubber._replay`` and ``chicago._replay``."""
    b = f"${c.below}{r}"
    have = "0"
    if prev is not None:
        have = f'IF(${c.side}{r}="NS",${c.ns_part}{prev},${c.ew_part}{prev})'
    return f"=IF({b}=0,0,IF({have}+{b}>={law77.GAME_TRICK_SCORE},1,0))"


def partscore(c: DealCols, r: int, prev: int | None, side: str) -> str:
    """A side's partscore toward the game in progress after this deal; a game by either side
    wipes out both (``Rubber.partscore``, ``Chukker.partscore``)."""
    col = c.ns_part if side == "NS" else c.ew_part
    before = "0" if prev is None else f"${col}{prev}"
    return f'=IF(${c.game}{r}=1,0,{before}+IF(${c.side}{r}="{side}",${c.below}{r},0))'


def games_won(c: DealCols, r: int, prev: int | None, side: str) -> str:
    """Games a side has won after this deal: ``Rubber.games_won``."""
    col = c.ns_g if side == "NS" else c.ew_g
    before = "0" if prev is None else f"${col}{prev}"
    return f'={before}+IF(AND(${c.game}{r}=1,${c.side}{r}="{side}"),1,0)'


def rubber_bonus(c: DealCols, r: int) -> str:
    """The rubber bonus on the deal that wins a second game: 700 if the opponents have no game,
    else 500 (``rubber.RUBBER_BONUS``, Law 74)."""
    mine = f'IF(${c.side}{r}="NS",${c.ns_g}{r},${c.ew_g}{r})'
    theirs = f'IF(${c.side}{r}="NS",${c.ew_g}{r},${c.ns_g}{r})'
    win0, win1 = RUBBER_BONUS
    return f"=IF(${c.game}{r}=0,0,IF({mine}=2,IF({theirs}=0,{win0},{win1}),0))"


def chicago_premium(c: DealCols, r: int, deal: int) -> str:
    """Chicago premiums: a game at once 300, or 500 vulnerable on that deal; on deal 4 a
    partscore made there that does not complete a game 100 (``chicago._replay``, rules.md §2)."""
    g_nv, g_v = law77.GAME_PREMIUM
    fourth = f"IF(${c.below}{r}>0,{FOURTH_DEAL_PARTSCORE_PREMIUM},0)" if deal == 4 else "0"
    return f"=IF(${c.game}{r}=1,IF(${c.vul_flag}{r}=1,{g_v},{g_nv}),{fourth})"


def rubber_over(c: DealCols, prev: int | None) -> str:
    """1 when the rubber was already won before this deal (``Rubber.play`` refuses the deal)."""
    if prev is None:
        return "=0"
    return f"=IF(MAX(${c.ns_g}{prev},${c.ew_g}{prev})>=2,1,0)"


def side_above(c: DealCols, r: int, side: str) -> str:
    """A side's points above the line on this deal: its premiums as declarer (plus the rubber
    bonus or Chicago premium), its penalty as defender, and honours (``ScoreItem``s with
    ``Line.ABOVE`` from ``contract_items`` and ``_replay``)."""
    s = f"${c.side}{r}"
    return (
        f'=IF(${c.go}{r}=0,"",IF({s}="{side}",${c.decl_above}{r}+${c.bonus}{r},'
        f'${c.def_above}{r})+IF(${c.hon_side}{r}="{side}",${c.hon_pts}{r},0))'
    )


def side_below(c: DealCols, r: int, side: str) -> str:
    """A side's trick score below the line on this deal (``Line.BELOW`` items)."""
    return f'=IF(${c.go}{r}=0,"",IF(${c.side}{r}="{side}",${c.below}{r},0))'


def games_shown(c: DealCols, r: int, side: str) -> str:
    """Games won so far, shown on rows with an entry."""
    col = c.ns_g if side == "NS" else c.ew_g
    return f'=IF(${c.go}{r}=0,"",${col}{r})'


def row_issues(c: DealCols, r: int, *, chicago: bool) -> str:
    """Every problem of a deal row, each followed by "; " ("" when none): what ``Deal.make``,
    ``Honours.parse``, ``Rubber.play`` and ``Chukker.play`` would refuse."""
    con, by, t, h, hs = (
        f"${x}{r}" for x in (c.contract, c.by, c.tricks_in, c.honours, c.hon_side_in)
    )
    any_in = f'OR(TRIM({con}&"")<>"",TRIM({by}&"")<>"",{t}&""<>"",TRIM({h}&"")<>"")'
    parts = [
        f'IF(AND(TRIM({con}&"")<>"",${c.ok}{r}=0),"contract "&{con}&" does not parse; ","")',
        f'IF(AND(TRIM({con}&"")="",{any_in}),"contract missing; ","")',
        f'IF(AND(${c.ok}{r}=1,${c.is_pass}{r}=0,${c.side}{r}=""),'
        f'IF(TRIM({by}&"")="","declarer missing; ","declarer "&{by}&" is not N, E, S or W; "),"")',
        f'IF(AND(${c.ok}{r}=1,${c.is_pass}{r}=0,{t}&""<>"",NOT(ISNUMBER(${c.tricks}{r}))),'
        f'"tricks "&{t}&" cannot happen (0-13); ","")',
        f'IF(AND(${c.ok}{r}=1,${c.is_pass}{r}=0,{t}&""=""),"tricks missing; ","")',
        f'IF(${c.hon_value}{r}=0,"",IF(${c.is_pass}{r}=1,"honours on a passed-out deal; ",'
        f"IF(NOT(OR(${c.hon_value}{r}=150,AND(${c.hon_value}{r}=100,${c.strain}{r}<>5))),"
        f'"honours "&{h}&" are not 100 or 150 (at no-trumps only four aces, 150); ","")))',
        f'IF(OR(${c.hon_side}{r}="",${c.hon_side}{r}="NS",${c.hon_side}{r}="EW"),"",'
        f'"honours side "&{hs}&" is not NS or EW; ")',
    ]
    if chicago:
        parts.append(
            f'IF(${c.is_pass}{r}=1,"a passed-out deal is redealt and not counted: '
            f'leave this row for the redeal; ","")'
        )
    else:
        parts.append(
            f'IF(AND(${c.over}{r}=1,{any_in}),"deal played after the rubber was won; ","")'
        )
    return "=" + "&".join(parts)


def row_check(c: DealCols, r: int) -> str:
    """The row's problems without the last "; ", or "" (shown in the Check column)."""
    i = f"${c.issues}{r}"
    return f'=IF({i}="","",LEFT({i},LEN({i})-2))'


# --------------------------------------------------------------------------------------------
# Block totals: SheetTotals, Rubber.end, round_hundreds


def column_sum(col: str, first: int, last: int) -> str:
    """A column's points over the deals: ``SheetTotals.above`` / ``below``."""
    return f"=SUM(${col}${first}:${col}${last})"


def ended_flag(cell: str) -> str:
    """TRUE when the Ended cell says Y or YES (play stopped: ``Rubber.end``)."""
    e = f'UPPER(TRIM({cell}&""))'
    return f'OR({e}="Y",{e}="YES")'


def unfinished(c: DealCols, last: int, ended_cell: str, side: str) -> str:
    """Unfinished-rubber premiums (1993 Law 80, ``Rubber.end``): 300 for the only completed
    game, 100 for the only partscore in the unfinished game; nothing once the rubber is won."""
    me_g, op_g = (c.ns_g, c.ew_g) if side == "NS" else (c.ew_g, c.ns_g)
    me_p, op_p = (c.ns_part, c.ew_part) if side == "NS" else (c.ew_part, c.ns_part)
    return (
        f"=IF(AND({ended_flag(ended_cell)},MAX(${c.ns_g}${last},${c.ew_g}${last})<2),"
        f"IF(AND(${me_g}${last}=1,${op_g}${last}=0),{UNFINISHED_GAME_BONUS},0)"
        f"+IF(AND(${me_p}${last}>0,${op_p}${last}=0),{UNFINISHED_PARTSCORE_BONUS},0),0)"
    )


def total(*cells: str) -> str:
    """Above plus below (plus unfinished premiums): ``SheetTotals.total``."""
    return "=" + "+".join(cells)


def net(mine: str, theirs: str) -> str:
    """A side's total minus the opponents': ``SheetTotals.net``."""
    return f"={mine}-{theirs}"


def round_hundreds(points: str, rounding: str) -> str:
    """Expression: net points in hundreds, 50 up or down: ``rubber.round_hundreds``."""
    add = 50 if rounding == "up" else 49  # net points are whole: "more than 50" is 51 or more
    return f"SIGN({points})*INT((ABS({points})+{add})/100)"


def rubber_is_over(c: DealCols, last: int, ended_cell: str) -> str:
    """Expression: a side has won two games, or play was ended (``Rubber.is_over``)."""
    return f"OR(MAX(${c.ns_g}${last},${c.ew_g}${last})=2,{ended_flag(ended_cell)})"


def chukker_is_over(c: DealCols, first: int, last: int, ended_cell: str) -> str:
    """Expression: four deals counted, or an incomplete chukker stood as it is
    (``Chukker.is_complete``; seed 002: "the score stands as-is")."""
    return f"OR(SUM(${c.go}${first}:${c.go}${last})=4,{ended_flag(ended_cell)})"


def rounded_result(net_cell: str, over: str, rounding: str) -> str:
    """The net result in hundreds, once the rubber or chukker is over:
    ``SheetTotals.rounded_net``; "" while play goes on."""
    return f'=IF({over},{round_hundreds(net_cell, rounding)},"")'


def negate(cell: str) -> str:
    """The other side's figure: minus this one (net results cancel)."""
    return f'=IF(ISNUMBER({cell}),-{cell},"")'


def block_status(c: DealCols, last: int, over: str, net_cell: str, *, chicago: bool) -> str:
    """A line saying who won the rubber or chukker, or that play goes on."""
    what = "chukker" if chicago else "rubber"
    ended = "" if chicago else f'IF(MAX(${c.ns_g}${last},${c.ew_g}${last})<2," (unfinished)","")&'
    return (
        f'=IF(NOT({over}),"{what} in progress",'
        f'IF({net_cell}>0,"North-South win",IF({net_cell}<0,"East-West win","a tie"))&'
        f'{ended}" by "&ABS({net_cell})&" points")'
    )


def block_problems(c: DealCols, first: int, last: int) -> str:
    """How many deal rows have a problem."""
    return f'=COUNTIF(${c.check}${first}:${c.check}${last},"?*")'


# --------------------------------------------------------------------------------------------
# Back score: xlbridge.scoring.backscore.BackScore


def result_in_hundreds(ref: str) -> str:
    """The North-South result of one rubber or chukker, in hundreds, or "" if not over."""
    return f'=IF(ISNUMBER({ref}),{ref},"")'


def result_number(cell: str) -> str:
    """The same as a number (0 while not over), for the running totals."""
    return f"=IF(ISNUMBER({cell}),{cell},0)"


def running_total(signs: str, results: str, this_result: str) -> str:
    """A player's running total after this rubber or chukker: ``BackScore.columns``: each
    result added for North-South (+1), subtracted for East-West (-1), 0 sitting out."""
    return f'=IF(ISNUMBER({this_result}),SUMPRODUCT({signs},{results}),"")'


def check_total(col: str) -> str:
    """One column's check total: ``BackScore.check_totals`` (zero in a valid back score)."""
    return f'=IF(COUNT({col})=0,"",SUM({col}))'


def zero_sum_status(checks: str) -> str:
    """ "every column totals zero" or the alarm (``backscore._check_round``)."""
    return (
        f'=IF(COUNTIF({checks},">0")+COUNTIF({checks},"<0")>0,"CHECK TOTAL NOT ZERO",'
        f'"every column totals zero")'
    )


def display_name(number: str, name: str) -> str:
    """A player's (or pair's) name, or its number when no name is typed."""
    return f'=IF(TRIM({name}&"")="",{number}&"",{name}&"")'


def seat_line(label: str, names: list[tuple[str, str]]) -> str:
    """A seating line: the label then "Seat name" for each seat."""
    parts = [text_literal(label)]
    for seat, ref in names:
        parts.append(text_literal(f"  {seat}: ") + f"&{ref}")
    return "=" + "&".join(parts)


# --------------------------------------------------------------------------------------------
# Calcutta: xlbridge.scoring.calcutta


def pool(prices: str) -> str:
    """The pool: every price paid (``calcutta_shares``)."""
    return f"=SUM({prices})"


def prize_pool(pool_cell: str, charity_cell: str) -> str:
    """The pool less the charity's percentage (``calcutta_shares``)."""
    return f"={pool_cell}*(1-{charity_cell})"


def owner_share(place: str, places: str, split_places: str, split: str, prizes: str) -> str:
    """An owner's share: the split of the places the entry covers, divided among the tied
    entries, in cents (``calcutta_shares``)."""
    tied = f"COUNTIF({places},{place})"
    covered = (
        f'(SUMIF({split_places},"<="&({place}+{tied}-1),{split})'
        f'-SUMIF({split_places},"<"&{place},{split}))'
    )
    return f'=IF(ISNUMBER({place}),ROUND({prizes}*{covered}/{tied},2),"")'


def split_check(split: str) -> str:
    """ "split adds up to 100%" or the alarm."""
    return (
        f'=IF(ABS(SUM({split})-1)<0.000001,"split adds up to 100%","SPLIT DOES NOT ADD UP TO 100%")'
    )


# --------------------------------------------------------------------------------------------
# Pair games over several tables: progressive bridge, Swiss and round-robin pairs
# (xlbridge.movements.home.progressive_next, xlbridge.scoring.vp)


def pair_name(pair: str, names: str) -> str:
    """Expression: a pair's names from the Pairs sheet, or its number."""
    return f'IFERROR(IF(TRIM(INDEX({names},{pair})&"")="",{pair}&"",INDEX({names},{pair})&""),"")'


def pair_name_cell(pair: str, names: str) -> str:
    """A cell showing a pair's names from the Pairs sheet, or its number (:func:`pair_name`)."""
    return "=" + pair_name(pair, names)


def pair_net_total(firsts: str, seconds: str, nets: str, pair: str) -> str:
    """A pair's net total: ``BackScore.columns`` summed, the nets of the matches it played
    first (NS, or host) added and of those it played second subtracted (net results cancel)."""
    return f"=SUMIF({firsts},{pair},{nets})-SUMIF({seconds},{pair},{nets})"


def signed_sum(signs: str, numbers: str) -> str:
    """A player's total over every rubber or chukker: ``BackScore.columns`` (each result added
    for North-South, subtracted for East-West, 0 sitting out)."""
    return f"=SUMPRODUCT({signs},{numbers})"


def player_name_or_number(ref: str, number: int) -> str:
    """Expression: a player's name from the Players sheet as text, or the player's number."""
    return f'IF(TRIM({ref}&"")="","{number}",{ref}&"")'


def joined(parts: list[str], sep: str) -> str:
    """A cell joining text expressions (names) with ``sep`` between them."""
    return "=" + f"&{text_literal(sep)}&".join(parts)


def seating_line(seated: list[tuple[str, str]], out: list[str]) -> str:
    """The seating line of a deal with changing partners: each seat and its player's name
    (text expressions), then who sits out (``Movement.sit_outs_in``)."""
    text = '&"   "&'.join(f'"{seat}: "&{name}' for seat, name in seated)
    if out:
        text += '&"   Out: "&' + '&", "&'.join(out)
    return "=" + text


def fixed_seating(north: str, east: str, south: str, west: str) -> str:
    """The seating line of fixed partners: North & South v East & West (name expressions)."""
    return f'=" North-South: "&{north}&" & "&{south}&"   East-West: "&{east}&" & "&{west}'


def standing_if_played(played: str, total: str) -> str:
    """An entry's standing for the Calcutta once any result is in (``calcutta_shares``)."""
    return f'=IF(COUNT({played})=0,"",{total})'


def pair_seating(ns: str, ew: str, names: str) -> str:
    """The seating line of one table: North-South pair v East-West pair, with names."""
    return (
        f'="North-South: "&{ns}&" "&{pair_name(ns, names)}'
        f'&"   East-West: "&{ew}&" "&{pair_name(ew, names)}'
    )


def net_if_over(result: str, net_cell: str) -> str:
    """North-South's net points of a finished chukker, or "" (``SheetTotals.net``)."""
    return f'=IF(ISNUMBER({result}),{net_cell},"")'


def table_winner(net_cell: str, ns: str, ew: str, tie: str) -> str:
    """The pair that won the table (``progressive_next``'s ``winners``): more net points; a tie
    is settled by the cut, typed in the Tie Winner cell."""
    return (
        f'=IF(NOT(ISNUMBER({net_cell})),"",IF({net_cell}>0,{ns},IF({net_cell}<0,{ew},'
        f'IF(OR({tie}={ns},{tie}={ew}),{tie},""))))'
    )


def table_loser(winner: str, ns: str, ew: str) -> str:
    """The other pair at the table."""
    return f'=IF({winner}="","",{ns}+{ew}-{winner})'


def next_pair(a: str, b: str, low: bool) -> str:
    """One pair of a next-round table from the two arriving (``progressive_next``: each table
    in ascending pair order): the lower number sits North-South."""
    fn = "MIN" if low else "MAX"
    return f'=IF(OR({a}="",{b}=""),"",{fn}({a},{b}))'


def vp_of(net_cell: str, bounds: str, side: int) -> str:
    """Victory points of North-South (``side`` 1) or East-West (-1) for a chukker's net
    points: ``vp(net, 4, "chicago-swiss")`` (seed 002's table, corrected in rules.md §0):
    10 + the number of bounds above 0 that the winner's margin reaches; the loser 20 minus."""
    n = f"{side}*{net_cell}" if side == 1 else f"(-{net_cell})"
    return (
        f'=IF(NOT(ISNUMBER({net_cell})),"",IF({n}>=0,9+MATCH({n},{bounds},1),'
        f"11-MATCH(-{n},{bounds},1)))"
    )


def pair_running(ns: str, ew: str, values: str, pair: str, this_round: str) -> str:
    """A pair's accumulated result after a round: what it scored sitting North-South minus
    what North-South scored against it (net results cancel, so the column sums to zero)."""
    return f'=IF(COUNT({this_round})=0,"",SUMIF({ns},{pair},{values})-SUMIF({ew},{pair},{values}))'


def pair_vps(ns: str, ew: str, vp_ns: str, vp_ew: str, pair: str) -> str:
    """A pair's victory points over the rounds played."""
    return f"=SUMIF({ns},{pair},{vp_ns})+SUMIF({ew},{pair},{vp_ew})"


def rank_of(values: str, mine: str) -> str:
    """Rank, or a Calcutta entry's place from the final standings (``calcutta_shares``): 1 +
    the entries with more (ties share the rank)."""
    return f'=IF(ISNUMBER({mine}),COUNTIF({values},">"&{mine})+1,"")'


def match_net(host_points: str, visitor_points: str) -> str:
    """The host pair's net score of a marathon match: its points minus the visitors'
    (``SheetTotals.net``; seed 002: "a pair that scores 2,000 points to an opponents' 3,000
    points has a net of -1,000 points"); "" until both totals are typed."""
    return (
        f"=IF(AND(ISNUMBER({host_points}),ISNUMBER({visitor_points})),"
        f'{host_points}-{visitor_points},"")'
    )
