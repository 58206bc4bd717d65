"""The pairs travellers' Excel formulas (contract, Law 77, matchpoints, IMPs, checks), each beside
the Python rule it mirrors.

This module and its siblings ``formulas_*.py`` (the Recap's in :mod:`~.formulas_recap`, the
teams', individual and social games') are the only ones that write formula text. Each function
returns the text of one cell's formula (without the sheet); the sheet modules only place them.
Formulas use only the functions in :data:`ALLOWED_FUNCTIONS`, which Excel 2010+, LibreOffice
7.4+ and Google Sheets all compute: no volatile function, no dynamic array, no whole-column
reference. Tests recalculate generated workbooks in LibreOffice and compare every value with
the rules layer (``xlbridge.scoring``).

Traveller rows use hidden helper columns (normalised contract, level, strain, doubling,
declarer's side, vulnerability, tricks) so that each formula stays short enough to read.

>>> cols = TravellerCols.build(result_entry="made-down", scoring="mp")
>>> vul_flag(cols, 6)
'=IF($AE6="","",IF(OR($H$1="All",$H$1=$AE6),1,0))'
>>> sorted(functions_in('=IF(SUM(A1:A3)>0,ROUND(A1,0),"")'))
['IF', 'ROUND', 'SUM']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from openpyxl.utils import (
    column_index_from_string,
    get_column_letter,
    quote_sheetname,
    range_boundaries,
)

from xlbridge.errors import WorkbookError
from xlbridge.scoring import contract as law77
from xlbridge.scoring.choices import DATUM_ROUNDINGS, DatumRounding, PairsScoring, ResultEntry
from xlbridge.types import PASS_WORDS, Doubling

__all__ = [
    "ALLOWED_FUNCTIONS",
    "TravellerCols",
    "functions_in",
    "sheet_ref",
    "text_literal",
]

# Functions that Excel 2010, LibreOffice 7.4 and Google Sheets all compute, non-volatile; each
# is in Google's documented function list (README, "Which spreadsheet programs").
ALLOWED_FUNCTIONS: frozenset[str] = frozenset(
    {
        "ABS", "AND", "COUNT", "COUNTA", "COUNTIF", "COUNTIFS", "FIND", "IF", "IFERROR",
        "INDEX", "INT",
        "ISNUMBER", "LEFT", "LEN", "MATCH", "MAX", "MID", "MIN", "NOT", "OR", "ROUND", "SIGN",
        "VALUE",
        "SUBSTITUTE", "SUM", "SUMIF", "SUMIFS", "SUMPRODUCT", "TRIM", "UPPER", "VLOOKUP",
    }
)  # fmt: skip

_FUNC_RE = re.compile(r"([A-Z][A-Z0-9.]*)\(")
_STRING_RE = re.compile(r'"(?:[^"]|"")*"')


def functions_in(formula: str) -> set[str]:
    """The function names a formula calls (text inside string literals ignored).

    >>> sorted(functions_in('=IF(A1="SUM(",COUNTIF(B1:B2,">"&A1),0)'))
    ['COUNTIF', 'IF']
    """
    return set(_FUNC_RE.findall(_STRING_RE.sub('""', formula.upper())))


def sheet_ref(sheet: str, ref: str) -> str:
    """A reference on another sheet, quoted as needed: ``'Board 1'!$A$1``."""
    return f"{quote_sheetname(sheet)}!{ref}"


def text_literal(text: str) -> str:
    """A string literal for a formula."""
    return '"' + text.replace('"', '""') + '"'


# --------------------------------------------------------------------------------------------
# Traveller layout: the visible and hidden columns of one board's traveller.

HEADER_ROW = 5
FIRST_ROW = 6
BOARD_CELL = "$B$1"
VUL_CELL = "$H$1"
EXPECTED_CELL = "$H$2"
# The hidden Lists sheet's column of every score size Law 77 can give (score entry's check).
SCORES_LIST = f"Lists!$L$1:$L${len(law77.score_sizes())}"


@dataclass(frozen=True, slots=True)
class TravellerCols:
    """Column letters of a traveller, for one result-entry style and scoring method.

    ``made``/``down`` are set for made-down entry, ``tricks`` for tricks entry. Score entry
    (``score``) keeps the made-down columns for information only: NS Score is typed.
    """

    result_entry: ResultEntry
    scoring: PairsScoring
    ns: str
    ew: str
    contract: str
    by: str
    made: str | None
    down: str | None
    tricks_in: str | None
    ns_score: str
    ew_score: str
    ns_mp: str
    ew_mp: str
    adjusted: str
    round: str
    table: str
    # hidden helpers
    key: str
    is_pass: str
    level: str
    strain: str
    dbl: str
    mult: str
    ok: str
    side: str
    vul: str
    tricks: str
    result_msg: str
    below: str
    decl: str
    calc: str
    real: str
    cmp: str
    adj_ns: str
    adj_ew: str
    mp_raw: str
    pos: str
    keep: str
    issues: str
    problem: str

    @property
    def score_entry(self) -> bool:
        """NS Score is typed (``--result-entry score``), no formula: the score is the entry."""
        return self.result_entry == "score"

    @property
    def first_hidden(self) -> str:
        return self.key

    @property
    def last_hidden(self) -> str:
        return self.problem

    @classmethod
    def build(cls, result_entry: ResultEntry, scoring: PairsScoring) -> TravellerCols:
        """The layout for ``result_entry`` ("made-down", "tricks" or "score") and ``scoring``."""
        visible = ["ns", "ew", "contract", "by"]
        visible += ["tricks_in"] if result_entry == "tricks" else ["made", "down"]
        visible += ["ns_score", "ew_score", "ns_mp", "ew_mp", "adjusted", "round", "table"]
        hidden = [
            "key", "is_pass", "level", "strain", "dbl", "mult", "ok", "side", "vul", "tricks",
            "result_msg", "below", "decl", "calc", "real", "cmp", "adj_ns", "adj_ew", "mp_raw",
            "pos", "keep", "issues", "problem",
        ]  # fmt: skip
        letters: dict[str, str | None] = {"made": None, "down": None, "tricks_in": None}
        for i, name in enumerate(visible, start=1):
            letters[name] = get_column_letter(i)
        # One blank column, then the hidden helpers from a fixed column so formulas stay stable.
        for i, name in enumerate(hidden, start=24):
            letters[name] = get_column_letter(i)
        return cls(result_entry=result_entry, scoring=scoring, **letters)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class BoardRange:
    """Where one traveller's rows are: sheet name and first/last data row."""

    sheet: str
    first: int
    last: int

    def col(self, letter: str) -> str:
        """Absolute range of a column over the rows, e.g. ``$G$6:$G$12``."""
        return f"${letter}${self.first}:${letter}${self.last}"

    def ext(self, letter: str) -> str:
        """The same range referenced from another sheet."""
        return sheet_ref(self.sheet, self.col(letter))


# --------------------------------------------------------------------------------------------
# Contract parsing (mirrors xlbridge.types.Contract.parse)


def contract_key(c: TravellerCols, r: int) -> str:
    """Normalised contract text: upper case, no spaces, suit symbols as letters.

    Mirrors the normalisation in ``xlbridge.types.Contract.parse``.
    """
    t = f"TRIM(${c.contract}{r})"
    for sym, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C"), (" ", "")):
        t = f"SUBSTITUTE({t},{text_literal(sym)},{text_literal(letter)})"
    return f"=UPPER({t})"


def is_pass(c: TravellerCols, r: int) -> str:
    """1 for a passed-out board. Mirrors ``Contract.parse`` (the words in ``PASS_WORDS``)."""
    words = ",".join(f"${c.key}{r}={text_literal(w)}" for w in sorted(PASS_WORDS))
    return f"=IF(OR({words}),1,0)"


def level(c: TravellerCols, r: int) -> str:
    """Contract level 1-7 (0 when the text does not start with one). Mirrors ``Contract.level``."""
    k = f"${c.key}{r}"
    return f'=IF(LEN({k})<2,0,IFERROR(FIND(LEFT({k},1),"1234567"),0))'


def _no_trump(rest: str) -> str:
    """Whether the text after the level starts with a two-letter no-trump strain: NT, or SA
    (sans atout), as ``Strain.parse`` reads them."""
    return f'OR(LEFT({rest},2)="NT",LEFT({rest},2)="SA")'


def strain(c: TravellerCols, r: int) -> str:
    """Strain code C=1, D=2, H=3, S=4, NT=5 (0 if not a strain). Mirrors ``Strain.parse``."""
    rest = f"MID(${c.key}{r},2,99)"
    return (
        f"=IF(${c.level}{r}=0,0,IF({_no_trump(rest)},5,"
        f'IFERROR(FIND(LEFT({rest},1),"CDHSN"),0)))'
    )


def doubling_text(c: TravellerCols, r: int) -> str:
    """What follows the strain: "", "X", "XX" (or ``*``, ``**``, ``DBL``, ``RDBL``)."""
    rest = f"MID(${c.key}{r},2,99)"
    return f'=IF(${c.strain}{r}=0,"",MID({rest},IF({_no_trump(rest)},3,2),99))'


def multiplier(c: TravellerCols, r: int) -> str:
    """1, 2 or 4 (0 if not a doubling). Mirrors ``Doubling.multiplier``."""
    d = f"${c.dbl}{r}"
    return (
        f'=IF({d}="",1,IF(OR({d}="X",{d}="*",{d}="DBL"),2,'
        f'IF(OR({d}="XX",{d}="**",{d}="RDBL"),4,0)))'
    )


def contract_ok(c: TravellerCols, r: int) -> str:
    """1 if the contract text parses (``Contract.parse`` would accept it)."""
    return f"=IF(${c.is_pass}{r}=1,1,IF(AND(${c.level}{r}>0,${c.strain}{r}>0,${c.mult}{r}>0),1,0))"


def declarer_side(c: TravellerCols, r: int) -> str:
    """ "NS" or "EW" from the declarer seat (``Seat.parse(...).side``); "" if not a seat."""
    b = f"TRIM(${c.by}{r})"
    return (
        f'=IF(OR({b}="N",{b}="S",{b}="North",{b}="South"),"NS",'
        f'IF(OR({b}="E",{b}="W",{b}="East",{b}="West"),"EW",""))'
    )


def vul_flag(c: TravellerCols, r: int, vul: str = VUL_CELL) -> str:
    """1 if declarer's side is vulnerable: ``Vulnerability.is_vulnerable(side)``; ``vul`` is the
    cell holding the board's vulnerability (the traveller's header cell by default)."""
    return f'=IF(${c.side}{r}="","",IF(OR({vul}="All",{vul}=${c.side}{r}),1,0))'


def tricks(c: TravellerCols, r: int) -> str:
    """Tricks declarer took: Made + 6, or level + 6 − Down, or the Tricks column.

    Mirrors ``xlbridge.types.tricks_taken`` (Made is the level made, as on the ACBL traveller).
    """
    if c.result_entry == "tricks":
        t = f"${c.tricks_in}{r}"
        return f'=IF(ISNUMBER({t}),{t},"")'
    m, d, lv = f"${c.made}{r}", f"${c.down}{r}", f"${c.level}{r}"
    return f'=IF(AND(ISNUMBER({m}),{d}=""),{m}+6,IF(AND(ISNUMBER({d}),{m}=""),{lv}+6-{d},""))'


def result_message(c: TravellerCols, r: int) -> str:
    """What is wrong with the result cells, or "" (the checks of ``tricks_taken``)."""
    ok, ps, lv = f"${c.ok}{r}", f"${c.is_pass}{r}", f"${c.level}{r}"
    if c.result_entry == "tricks":
        t = f"${c.tricks_in}{r}"
        return (
            f'=IF({ok}=0,"",IF({ps}=1,IF({t}<>"","tricks on a passed-out board",""),'
            f'IF({t}="","tricks missing",IF(NOT(ISNUMBER({t})),"tricks "&{t}&" not a number",'
            f'IF(OR({t}<>INT({t}),{t}<0,{t}>13),"tricks "&{t}&" cannot happen (0-13)","")))))'
        )
    m, d = f"${c.made}{r}", f"${c.down}{r}"
    return (
        f'=IF({ok}=0,"",IF({ps}=1,IF(OR({m}<>"",{d}<>""),"result on a passed-out board",""),'
        f'IF(AND({m}<>"",{d}<>""),"Made and Down both filled",'
        f'IF(AND({m}="",{d}=""),"Made or Down missing",'
        f'IF({m}<>"",IF(NOT(ISNUMBER({m})),"Made "&{m}&" not a number",'
        f"IF(OR({m}<>INT({m}),{m}<{lv},{m}>7),"
        f'"Made "&{m}&" cannot happen on a "&{lv}&"-level contract",'
        f'"")),'
        f'IF(NOT(ISNUMBER({d})),"Down "&{d}&" not a number",'
        f"IF(OR({d}<>INT({d}),{d}<1,{d}>{lv}+6),"
        f'"Down "&{d}&" cannot happen on a "&{lv}&"-level contract","")))))))'
    )


def contract_cells(c: TravellerCols, r: int) -> dict[str, str]:
    """A row's contract-parsing helpers by column: ``Contract.parse`` and ``Seat.parse``."""
    return {
        c.key: contract_key(c, r),
        c.is_pass: is_pass(c, r),
        c.level: level(c, r),
        c.strain: strain(c, r),
        c.dbl: doubling_text(c, r),
        c.mult: multiplier(c, r),
        c.ok: contract_ok(c, r),
        c.side: declarer_side(c, r),
    }


# --------------------------------------------------------------------------------------------
# Law 77 (mirrors xlbridge.scoring.contract)


def trick_score(c: TravellerCols, r: int) -> str:
    """Trick score of the contract bid, doubling included.

    Mirrors ``xlbridge.scoring.contract.trick_score``: minors 20, majors 30, NT 30 + 10.
    """
    st, lv, mu = f"${c.strain}{r}", f"${c.level}{r}", f"${c.mult}{r}"
    return f"=IF(${c.ok}{r}*(1-${c.is_pass}{r})=0,0,(IF({st}<=2,20,30)*{lv}+IF({st}=5,10,0))*{mu})"


def declarer_score(c: TravellerCols, r: int) -> str:
    """Declarer's score, negative when the contract fails.

    Mirrors ``xlbridge.scoring.contract.declarer_score`` (premiums from its constants) and
    ``undertrick_penalty`` (doubled NV 100, 200, 200, then 300; V 300u − 100; XX twice X).
    """
    lv, st, mu, v, t = (f"${x}{r}" for x in (c.level, c.strain, c.mult, c.vul, c.tricks))
    below = f"${c.below}{r}"
    g_nv, g_v = law77.GAME_PREMIUM
    s_nv, s_v = law77.SMALL_SLAM_PREMIUM
    gs_nv, gs_v = law77.GRAND_SLAM_PREMIUM
    ins = law77.INSULT
    ins_x, ins_xx = ins[Doubling.DOUBLED], ins[Doubling.REDOUBLED]
    made = (
        f"{below}+IF({below}>={law77.GAME_TRICK_SCORE},IF({v}=1,{g_v},{g_nv}),"
        f"{law77.PARTSCORE_PREMIUM})"
        f"+IF({lv}=6,IF({v}=1,{s_v},{s_nv}),0)+IF({lv}=7,IF({v}=1,{gs_v},{gs_nv}),0)"
        f"+IF({mu}=2,{ins_x},IF({mu}=4,{ins_xx},0))"
        f"+({t}-{lv}-6)*IF({mu}=1,IF({st}<=2,20,30),IF({v}=1,200,100)*{mu}/2)"
    )
    u = f"({lv}+6-{t})"
    down = (
        f"IF({mu}=1,{u}*IF({v}=1,100,50),"
        f"{mu}/2*IF({v}=1,300*{u}-100,100+200*MIN({u}-1,2)+300*MAX({u}-3,0)))"
    )
    return (
        f'=IF(OR(${c.ok}{r}=0,${c.is_pass}{r}=1,${c.side}{r}="",{t}="",${c.result_msg}{r}<>""),"",'
        f"IF({t}>={lv}+6,{made},-{down}))"
    )


def ns_calc(c: TravellerCols, r: int) -> str:
    """North-South's score: ``xlbridge.scoring.contract.score`` (0 for a passed-out board)."""
    return (
        f'=IF(${c.ok}{r}=0,"",IF(AND(${c.is_pass}{r}=1,${c.result_msg}{r}=""),0,'
        f'IF(${c.decl}{r}="","",IF(${c.side}{r}="NS",1,-1)*${c.decl}{r})))'
    )


def score_cells(c: TravellerCols, r: int, vul: str) -> dict[str, str]:
    """:func:`contract_cells`, ``vul``, then the Law 77 helpers up to the computed NS score
    (``xlbridge.scoring.contract.score``), by column."""
    return {
        **contract_cells(c, r),
        c.vul: vul,
        c.tricks: tricks(c, r),
        c.result_msg: result_message(c, r),
        c.below: trick_score(c, r),
        c.decl: declarer_score(c, r),
        c.calc: ns_calc(c, r),
    }


def ns_score(c: TravellerCols, r: int) -> str | None:
    """The visible NS Score: the computed score. A number typed over it wins (and is checked).
    None (an empty input cell) for score entry, where the typed score is the entry.

    >>> ns_score(TravellerCols.build("made-down", "mp"), 6), ns_score(TravellerCols.build(
    ...     "score", "mp"), 6)
    ('=$AK6', None)
    """
    return None if c.score_entry else f"=${c.calc}{r}"


def ew_score(c: TravellerCols, r: int) -> str:
    """EW Score: minus NS Score."""
    return f'=IF(ISNUMBER(${c.ns_score}{r}),-${c.ns_score}{r},"")'


# --------------------------------------------------------------------------------------------
# Matchpoints (mirrors xlbridge.scoring.matchpoints.score_board)


def adjusted_pct(c: TravellerCols, r: int, table: str, column: int) -> str:
    """Percentage of the full top for an adjusted score (``Adjusted.parse``), from a table the
    generator fills with ``Adjusted.parse`` itself."""
    a = f"${c.adjusted}{r}"
    return (
        f'=IF(TRIM({a})="","",IFERROR(VLOOKUP(UPPER(SUBSTITUTE({a}," ","")),{table},'
        f'{column},FALSE),""))'
    )


def is_real(c: TravellerCols, r: int) -> str:
    """1 if the row is a real result compared on the board (a number, no adjusted score)."""
    return f'=IF(AND(ISNUMBER(${c.ns_score}{r}),TRIM(${c.adjusted}{r})=""),1,0)'


def compared(c: TravellerCols, r: int) -> str:
    """The score compared on the board, or "" (COUNTIF skips text)."""
    return f'=IF(${c.real}{r}=1,${c.ns_score}{r},"")'


def results_count(c: TravellerCols, b: BoardRange) -> str:
    """n: real results on the board."""
    return f"=COUNT({b.col(c.cmp)})"


def adjusted_count(c: TravellerCols, b: BoardRange) -> str:
    """Adjusted scores on the board."""
    return f"=COUNT({b.col(c.adj_ns)})"


def full_field(n_cell: str, adj_cell: str) -> str:
    """The full field: the Expected cell if filled in, else results + adjusted scores.

    Mirrors ``score_board(expected=...)``.
    """
    return f"=IF(ISNUMBER({EXPECTED_CELL}),{EXPECTED_CELL},{n_cell}+{adj_cell})"


def top_formula(field_cell: str, per: int) -> str:
    """Top on the board: ``xlbridge.scoring.matchpoints.top`` (per comparison 1 or 2)."""
    return f"={per}*MAX({field_cell}-1,0)"


def mp_raw(c: TravellerCols, b: BoardRange, r: int, per: int) -> str:
    """NS matchpoints among the real results: ``matchpoints`` (beat = per, tie = per / 2)."""
    x = f"${c.ns_score}{r}"
    rng = b.col(c.cmp)
    return f'=IF(${c.real}{r}=0,"",{per}*(COUNTIF({rng},"<"&{x})+(COUNTIF({rng},{x})-1)/2))'


def ns_mp(c: TravellerCols, r: int, per: int, n: str, field: str, top: str) -> str:
    """NS MP: adjusted % of the full top, or Neuberg-factored matchpoints.

    Mirrors ``score_board`` and ``neuberg``: M′ = ((M + u)·N − u·n) / n, u = per / 2.
    """
    m = f"${c.mp_raw}{r}"
    u = per / 2
    return (
        f"=IF(ISNUMBER(${c.adj_ns}{r}),${c.adj_ns}{r}*{top}/100,"
        f'IF(${c.real}{r}=0,"",IF({n}<{field},(({m}+{u})*{field}-{u}*{n})/{n},{m})))'
    )


def ew_mp(c: TravellerCols, r: int, per: int, n: str, field: str, top: str) -> str:
    """EW MP: real top − NS matchpoints, Neuberg-factored; or the adjusted % (``score_board``)."""
    m = f"({per}*MAX({n}-1,0)-${c.mp_raw}{r})"
    u = per / 2
    return (
        f"=IF(ISNUMBER(${c.adj_ew}{r}),${c.adj_ew}{r}*{top}/100,"
        f'IF(${c.real}{r}=0,"",IF({n}<{field},(({m}+{u})*{field}-{u}*{n})/{n},{m})))'
    )


def sum_real(c: TravellerCols, b: BoardRange, col: str) -> str:
    """Sum of a matchpoint column over the real results."""
    return f"=SUMIF({b.col(c.real)},1,{b.col(col)})"


def check_total(n: str, top: str) -> str:
    """Check total of one direction: n · top / 2 (``matchpoints.check_total`` for n results)."""
    return f"={n}*{top}/2"


def balance(ns_sum: str, ew_sum: str, check: str, n: str) -> str:
    """ "in balance" when both directions add up to the check total."""
    return (
        f'=IF({n}=0,"",IF(AND(ABS({ns_sum}-{check})<0.000001,ABS({ew_sum}-{check})<0.000001),'
        f'"in balance","OUT OF BALANCE"))'
    )


# --------------------------------------------------------------------------------------------
# IMP pairs (mirrors xlbridge.scoring.imp_pairs)


def imps_of(diff: str, bounds0: str) -> str:
    """IMPs for a difference: ``xlbridge.scoring.imps.imps`` (count of bounds ≤ |diff|, signed).

    ``bounds0`` is the IMP_BOUNDS column with a 0 in front.
    """
    return f"SIGN({diff})*(MATCH(ABS({diff}),{bounds0},1)-1)"


def butler_pos(c: TravellerCols, b: BoardRange, r: int) -> str:
    """Position of a real score from the top, ties broken by row (for trimming)."""
    x = f"${c.ns_score}{r}"
    above = "" if r == b.first else f"+COUNTIF(${c.cmp}${b.first}:${c.cmp}{r - 1},{x})"
    return f'=IF(${c.real}{r}=0,"",COUNTIF({b.col(c.cmp)},">"&{x}){above}+1)'


def butler_trim(n: str) -> str:
    """Scores dropped from each end: ``imp_pairs.default_trim`` (0 up to 3, ⌈(n−10)/15⌉+1)."""
    return f"=IF({n}<=3,0,-INT((10-{n})/15)+1)"


def butler_keep(c: TravellerCols, r: int, n: str, trim: str) -> str:
    """1 if the score counts toward the datum (not among the dropped extremes)."""
    p = f"${c.pos}{r}"
    return f"=IF(${c.real}{r}=0,0,IF(AND({p}>{trim},{p}<={n}-{trim}),1,0))"


def butler_datum(
    c: TravellerCols, b: BoardRange, n: str, rounding: DatumRounding = "half-away"
) -> str:
    """The datum: ``imp_pairs.butler_datum`` (trimmed mean to the nearest 10, an exact 5 as
    ``rounding`` says). ROUND sends halves away from zero in every engine; for halves to even,
    a half (MOD(y,1)=0.5, MOD taking the divisor's sign everywhere) whose ROUND is odd steps
    back toward zero. The mean of whole scores is exact enough in binary that a half is a half.

    >>> f = butler_datum(TravellerCols.build("made-down", "butler"), BoardRange("B", 6, 8), "N")
    >>> f.startswith('=IF(N=0,"",10*ROUND(SUMIF('), f.endswith(',0))')
    (True, True)
    """
    k = b.col(c.keep)
    y = f"SUMIF({k},1,{b.col(c.ns_score)})/SUM({k})/10"
    if rounding == "half-away":
        tens = f"ROUND({y},0)"
    elif rounding == "half-up":
        tens = f"INT({y}+0.5)"
    elif rounding == "half-even":
        tens = f"(ROUND({y},0)-IF(MOD({y},1)=0.5,MOD(ROUND({y},0),2)*SIGN({y}),0))"
    else:
        raise WorkbookError(f"datum rounding {rounding!r} is not one of {DATUM_ROUNDINGS}")
    return f'=IF({n}=0,"",10*{tens})'


def butler_imps(c: TravellerCols, r: int, datum: str, bounds0: str) -> str:
    """NS IMPs against the datum: ``imp_pairs.butler``."""
    d = f"(${c.ns_score}{r}-{datum})"
    return f'=IF(${c.real}{r}=0,"",{imps_of(d, bounds0)})'


def cross_imp(c: TravellerCols, b: BoardRange, r: int, n: str, bounds: str) -> str:
    """NS cross-IMPs ÷ comparisons: ``imp_pairs.cross_imps(divisor="comparisons")``.

    Σ over the others of imps(x − y) = Σ over each bound of (#y ≤ x − bound) − (#y ≥ x + bound).
    ``bounds`` is the IMP_BOUNDS column (one cell per bound); the sum is written out bound by
    bound, plain COUNTIFs that every engine computes alike (``SUMPRODUCT(COUNTIF(rng, array))``
    needs array evaluation, which Gnumeric does not give it outside an array formula).

    >>> f = cross_imp(TravellerCols.build("tricks", "ximp"), BoardRange("B", 6, 8), 6, "$B$2",
    ...               "Lists!$B$2:$B$3")
    >>> f.count("COUNTIF"), f[f.index("(COUNTIF") : f.index("+COUNTIF")]
    (4, '(COUNTIF($AM$6:$AM$8,"<="&($F6-Lists!$B$2))-COUNTIF($AM$6:$AM$8,">="&($F6+Lists!$B$2))')
    """
    x = f"${c.ns_score}{r}"
    rng = b.col(c.cmp)
    terms = "+".join(
        f'COUNTIF({rng},"<="&({x}-{cell}))-COUNTIF({rng},">="&({x}+{cell}))'
        for cell in _cells(bounds)
    )
    return f'=IF(${c.real}{r}=0,"",IF({n}<2,0,({terms})/({n}-1)))'


def _cells(column: str) -> list[str]:
    """The cells of a one-column range.

    >>> _cells("Lists!$B$2:$B$4")
    ['Lists!$B$2', 'Lists!$B$3', 'Lists!$B$4']
    """
    sheet, _, ref = column.rpartition("!")
    min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
    assert min_col is not None and min_col == max_col and min_row and max_row
    letter = get_column_letter(min_col)
    prefix = f"{sheet}!" if sheet else ""
    return [f"{prefix}${letter}${row}" for row in range(min_row, max_row + 1)]


def ew_imp(c: TravellerCols, r: int) -> str:
    """EW IMPs: minus the NS IMPs."""
    return f'=IF(ISNUMBER(${c.ns_mp}{r}),-${c.ns_mp}{r},"")'


# --------------------------------------------------------------------------------------------
# Checks on a traveller row


# The checks themselves, each beside its Python twin: :mod:`~.formulas_checks`.


def running_count(msg: str, above: str | None) -> str:
    """Running count of problems down the Checks source column."""
    prev = "0" if above is None else above
    return f'=IF({msg}<>"",{prev}+1,{prev})'


def nth_problem(k: int, msgs: str, counts: str) -> str:
    """The k-th problem in the source column, or ""."""
    return f'=IFERROR(INDEX({msgs},MATCH({k},{counts},0)),"")'


def problem_count(counts_last: str) -> str:
    """How many problems: the last running count."""
    return f"={counts_last}"


def blank_or(ref: str) -> str:
    """Another sheet's cell, "" when it is blank (a Checks source; a knockout winner)."""
    return f'=IF({ref}="","",{ref})'


def copy_of(ref: str) -> str:
    """A cell showing another cell's value."""
    return f"={ref}"


def sum_of(cells: str) -> str:
    """The sum of a range (a board's matchpoints on every row, adjusted ones included)."""
    return f"=SUM({cells})"


def problem_row_rule(c: TravellerCols, first: int) -> str:
    """Format rule: the row has a problem (``formulas_checks.row_issues`` is not empty)."""
    return f'${c.issues}{first}<>""'


def typed_over_rule(c: TravellerCols, first: int) -> str:
    """Format rule: NS Score holds a typed number other than :func:`ns_calc`'s."""
    x, calc = f"${c.ns_score}{first}", f"${c.calc}{first}"
    return f'AND(ISNUMBER({x}),OR({calc}="",{x}<>{calc}))'


def placed_rule(rank_cell: str, places: int) -> str:
    """Format rule: the rank ("2=" too) is within ``session.places_to_rank``'s places."""
    return f'AND({rank_cell}<>"",IFERROR(VALUE(SUBSTITUTE({rank_cell},"=","")),99)<={places})'


def problems_summary(count: str) -> str:
    """A line saying whether everything entered is consistent."""
    return (
        f'=IF({count}=0,"No problems found in the entered results.",'
        f'{count}&" problem(s): fix each one on its traveller.")'
    )


def holds_value_rule(ref: str) -> str:
    """Format rule: the cell ``ref`` (relative to the range's first row) is not blank (a
    standing's line that a pair fills; an absent pair's line stays blank and unbordered).

    >>> holds_value_rule("$B6")
    '$B6<>""'
    """
    return f'{ref}<>""'


def provisional_line(count: str) -> str:
    """The printed Results page's banner while the Checks sheet lists problems (``count``: the
    Checks sheet's last running count): the first clause of ``xlbridge results``' banner
    (:func:`xlbridge.results.problems.banner`), "" when there are none.

    >>> provisional_line("Checks!$Z$9")  # doctest: +NORMALIZE_WHITESPACE
    '=IF(Checks!$Z$9>0,"PROVISIONAL: "&Checks!$Z$9&" open problem"&IF(Checks!$Z$9>1,"s","")&" on
    the Checks sheet","")'
    """
    return (
        f'=IF({count}>0,"PROVISIONAL: "&{count}&" open problem"&IF({count}>1,"s","")'
        f'&" on the Checks sheet","")'
    )


# --------------------------------------------------------------------------------------------
# Accepted typed-over scores and entry rules (issue 9 §3; added by the "pairs" helper)


def accepted_col(c: TravellerCols) -> str:
    """The traveller's ``OK`` column, just after the visible ones: the director types OK there
    to accept a score typed over the formula (Law 79C: the director may correct or confirm a
    score; Checks then no longer lists it).

    >>> accepted_col(TravellerCols.build("made-down", "mp"))
    'N'
    """
    return get_column_letter(column_index_from_string(c.table) + 1)


def contract_entry_rule(cell: str) -> str:
    """Data validation of a Contract cell: refuse what ``Contract.parse`` can never accept (text
    not starting with a level 1-7 that is not a pass word, or longer than any contract);
    Checks reports the rest (an unknown strain, a bad doubling).

    >>> contract_entry_rule("C6")[:60]
    '=OR(TRIM(C6)="",AND(LEN(TRIM(C6))<=8,ISNUMBER(FIND(LEFT(TRIM'
    """
    t = f"TRIM({cell})"
    bare = f"UPPER(SUBSTITUTE({t},{text_literal(' ')},{text_literal('')}))"
    words = ",".join(f"{bare}={text_literal(w)}" for w in sorted(PASS_WORDS))
    return f'=OR({t}="",AND(LEN({t})<=8,ISNUMBER(FIND(LEFT({t},1),"1234567"))),{words})'


def shown_text(ref: str) -> str:
    """What a typed cell (the Session sheet's date) holds, as text, "" when empty. Mirrors no
    scoring rule: it shows the director's entry on the Recap and Results sheets.

    >>> shown_text("Session!$B$3")
    '=IF(Session!$B$3="","",Session!$B$3&"")'
    """
    return f'=IF({ref}="","",{ref}&"")'
