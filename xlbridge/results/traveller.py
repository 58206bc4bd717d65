"""One board's traveller read from CSV and scored across the field.

The CSV has a header row: ``ns,ew,contract,declarer,result`` or ``ns,ew,score``, optionally
``adjusted`` (``A``, ``A+``, ``A-``, ``A+/A-``, ``60/40``); the headings are those of every
results CSV (:data:`xlbridge.interchange.csvio.RESULT_COLUMNS`: ``PairNS``, ``by``, ``tricks``,
``Score_NS`` read too), read by the one results-CSV reader,
:func:`xlbridge.interchange.csvio.result_rows`, which ``xlbridge import`` uses as well. Other
columns are ignored. Rows are counted from the first result after the header; an error names
the file, the line and the row (``t.csv line 4: row 3: ...``). A non-empty ``score``
overrides the score computed from the contract; for ``PASS`` the declarer and result may be
empty. Files are read through :mod:`xlbridge.interchange.gate` (size, encodings Excel writes)
and every field through :mod:`xlbridge.interchange.csvio` (length, control characters, ASCII
digits).

The rules come from :mod:`xlbridge.scoring`; this module only reads, assembles and formats.

>>> t = read_traveller("ns,ew,score\\n1,1,420\\n2,2,450\\n3,3,-50\\n", board=1)
>>> [r.score_ns for r in t]
[420, 450, -50]
>>> scored = score_traveller(t, board=1, method="mp")
>>> scored.top, [r.mp_ns for r in scored.rows]
(2.0, [1.0, 2.0, 0.0])
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import TravellerError, XlbridgeError
from xlbridge.interchange.csvio import ascii_int, result_rows, write_csv
from xlbridge.numerals import shown, whole_or_none
from xlbridge.results.board import ResultRow, score_rows
from xlbridge.scoring.choices import DatumRounding, PairsScoring, TravellerFormat
from xlbridge.scoring.contract import check_possible_score, score
from xlbridge.scoring.imp_pairs import BOARD_METHODS, CROSS_IMP_DIVISORS
from xlbridge.scoring.matchpoints import Adjusted, MPScale
from xlbridge.scoring.plausible import implausible_down, implausible_text
from xlbridge.types import Contract, Seat, Vulnerability, tricks_taken

__all__ = [
    "MAX_TRAVELLER_BYTES",
    "METHODS",
    "ScoredRow",
    "ScoredTraveller",
    "format_traveller",
    "implausible_results",
    "read_traveller",
    "score_traveller",
]

METHODS: tuple[PairsScoring, ...] = BOARD_METHODS  # mp, butler, ximp
MAX_TRAVELLER_BYTES = 4 * 1024 * 1024  # a traveller CSV file (range 1 byte .. 20 MB)
_EXAMPLE = "ns,ew,contract,declarer,result or ns,ew,score"
_RESULT = re.compile(r"=|[+-][0-9]{1,2}|[0-9]{1,2}")


@dataclass(frozen=True, slots=True)
class ScoredRow:
    """A traveller row with its score for each side; the fields of the other method are None."""

    ns: str
    ew: str
    score_ns: float | None
    adjusted: str | None = None
    mp_ns: float | None = None
    mp_ew: float | None = None
    pct_ns: float | None = None
    pct_ew: float | None = None
    imp_ns: float | None = None
    imp_ew: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The row as product.md's traveller JSON gives it."""
        out: dict[str, Any] = {"ns": self.ns, "ew": self.ew, "score_ns": self.score_ns}
        if self.adjusted is not None:
            out["adjusted"] = self.adjusted
        for key in ("mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True, slots=True)
class ScoredTraveller:
    """A scored traveller: ``top`` for matchpoints, ``datum`` for Butler (else None)."""

    board: int
    method: PairsScoring
    scale: str
    rows: tuple[ScoredRow, ...]
    top: float | None = None
    datum: float | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"board", "method", "scale", "top" | "datum", "rows"}`` as in product.md."""
        out: dict[str, Any] = {"board": self.board, "method": self.method, "scale": self.scale}
        if self.top is not None:
            out["top"] = self.top
        if self.datum is not None:
            out["datum"] = self.datum
        out["rows"] = [r.to_json() for r in self.rows]
        return out


def _row_error(row: int | str, exc: XlbridgeError) -> XlbridgeError:
    """``exc`` said of a row: its number, or where it is (``t.csv line 4: row 3``)."""
    return type(exc)(f"{f'row {row}' if isinstance(row, int) else row}: {exc}")


def read_traveller(
    source: str,
    board: int,
    vulnerability: str | Vulnerability | None = None,
    name: str = "traveller",
) -> list[ResultRow]:
    """Read a traveller's CSV text (one :class:`~xlbridge.results.board.ResultRow` a line)
    and score each contract.

    ``vulnerability`` defaults to the board's (rules.md §7). A file with a ``board`` column (a
    session's results, as ``import`` takes them) gives ``board``'s rows only; one that has none
    of that board is refused in one line.

    >>> rows = read_traveller("ns,ew,contract,declarer,result\\n1,2,4S,N,10\\n3,4,pass,,\\n", 1)
    >>> [(r.contract, r.score_ns) for r in rows]
    [('4S', 420), ('PASS', 0)]
    >>> text = "board,ns,ew,contract,declarer,result\\n1,1,2,4S,N,10\\n2,1,2,3NT,S,9\\n"
    >>> [(r.board, r.contract) for r in read_traveller(text, 2)]
    [(2, '3NT')]
    >>> read_traveller(text, 3, name="results.csv")
    Traceback (most recent call last):
    ...
    xlbridge.errors.TravellerError: results.csv has no row of board 3 (its board column names 1-2)
    """
    vul = Vulnerability.parse(board if vulnerability is None else vulnerability)
    columns: set[str] = set()

    def needs(cols: set[str]) -> str | None:
        columns.update(cols)
        for side in ("ns", "ew"):
            if side not in cols:
                return f"has no {side!r} column"
        if not {"contract", "declarer", "result"} <= cols and "score" not in cols:
            return "needs contract,declarer,result or score columns"
        return None

    rows: list[ResultRow] = []
    lines = result_rows(source, name, needs=needs, example=_EXAMPLE, same_width=True)
    named: set[int] = set()  # the boards a board column names
    for line, cell in lines:
        if "board" in cell:  # a session's results: this board's rows only
            got = whole_or_none(cell["board"].strip(), digits=4)
            if got is None:
                raise TravellerError(f"{name} line {line}: board {cell['board'][:10]!r} is no"
                                     " board number")  # fmt: skip
            named.add(got)
            if got != board:
                continue
        number = len(rows) + 1
        where = f"{name} line {line}: row {number}"
        has_contract = {"contract", "declarer", "result"} <= columns
        rows.append(_read_row(board, number, where, cell, vul, has_contract))
    if named and not rows:
        shown_boards = f"{min(named)}-{max(named)}" if len(named) > 1 else str(min(named))
        raise TravellerError(
            f"{name} has no row of board {board} (its board column names {shown_boards})"
        )
    return rows


def _read_row(
    board: int,
    number: int,
    where: str,
    cell: dict[str, str],
    vul: Vulnerability,
    has_contract: bool,
) -> ResultRow:
    ns, ew = cell["ns"], cell["ew"]
    for name, value in (("NS", ns), ("EW", ew)):
        if not value:
            raise TravellerError(f"{where}: no {name} pair")
    adjusted_text = cell.get("adjusted", "")
    contract_text = cell.get("contract", "")
    declarer = cell.get("declarer", "")
    result = cell.get("result", "")
    try:
        adjusted = Adjusted.parse(adjusted_text) if adjusted_text else None
        contract = Contract.parse(contract_text) if contract_text else None
        if contract is not None and not contract.is_pass:
            declarer = str(Seat.parse(declarer)) if declarer else declarer
    except XlbridgeError as exc:
        raise _row_error(where, exc) from None
    score_text = cell.get("score", "")
    points: int | None = None
    if score_text:
        points = ascii_int(score_text, what=f"{where}: score")
        check_possible_score(points, vul, f"{where}: score")
    elif contract is not None and adjusted is None:
        if result and not _RESULT.fullmatch(result):
            raise TravellerError(
                f"{where}: result {result[:20]!r} is not a number of tricks or =, +N, -N"
            )
        try:
            points = score(contract, declarer or None, result or None, vul)
        except XlbridgeError as exc:
            raise _row_error(where, exc) from None
    elif adjusted is None:
        what = "contract" if has_contract else "score"
        raise TravellerError(f"{where}: no {what} and no adjusted score")
    played = contract is not None and not contract.is_pass
    tricks = None
    if contract is not None and played and not score_text and adjusted is None:
        tricks = tricks_taken(contract, result)  # checked by score() above
    return ResultRow(
        board=board, row=number, round=None, table=None, ns=ns, ew=ew,
        contract=str(contract) if contract is not None else "",
        declarer=declarer.upper() if played else "",
        tricks=tricks,
        typed_score=points if score_text else None,
        adjusted=str(adjusted) if adjusted is not None else "",
        result=result if played else "",
        vulnerability=vul,
    )  # fmt: skip


def implausible_results(rows: Sequence[ResultRow], name: str = "traveller") -> tuple[str, ...]:
    """A line for each row whose result is 5 or more down (as ``results`` and the Checks sheet
    name it: most often the level typed as the tricks), still scored as typed.

    >>> rows = read_traveller("ns,ew,contract,declarer,result\\n1,2,4S,N,4\\n3,4,4S,N,9\\n", 1)
    >>> implausible_results(rows, "t.csv")
    ('t.csv row 1 (1 v 2): 4S down 6: 5 or more down, check the result',)
    """
    out = []
    for r in rows:
        if r.tricks is None or not r.contract:
            continue
        down = implausible_down(Contract.parse(r.contract).level, r.tricks)
        if down is not None:
            said = implausible_text(r.contract, down)
            out.append(f"{name} row {r.row} ({r.ns} v {r.ew}): {said}")
    return tuple(out)


def score_traveller(
    rows: Sequence[ResultRow],
    board: int,
    method: PairsScoring = "mp",
    scale: str | MPScale = "acbl",
    expected: int | None = None,
    trim: int | None = None,
    datum: float | None = None,
    divisor: str = "comparisons",
    rounding: DatumRounding = "half-away",
) -> ScoredTraveller:
    """Score a traveller. Values are rounded to 2 decimals.

    ``method``: ``mp`` (``scale``, ``expected`` for Neuberg), ``butler`` (``trim``, fixed
    ``datum``, the datum's exact 5 by ``rounding``) or ``ximp`` (``divisor``). Adjusted rows: a
    share of the full top at matchpoints; at IMPs, A+ = +3, A = 0, A- = −3 (Law 86A; times the
    comparisons for total cross-IMPs).
    """
    if method not in METHODS:
        raise TravellerError(f"method {method!r} is not one of {', '.join(METHODS)}")
    if not rows:
        raise TravellerError("the traveller has no results")
    if method == "mp":
        mp_scale = MPScale.parse(scale)
        if expected is not None and expected < len(rows):
            raise TravellerError(
                f"expected results {expected} is fewer than the {len(rows)} rows of the traveller"
            )
    elif expected is not None:
        raise TravellerError("--expected (Neuberg) applies to matchpoints, method mp")
    elif method == "butler" and datum is None and all(r.adjusted for r in rows):
        raise TravellerError("the traveller has no real results to make a datum from")
    elif method == "ximp" and divisor not in CROSS_IMP_DIVISORS:
        raise TravellerError(
            f"cross-IMP divisor {divisor!r} is not one of {', '.join(CROSS_IMP_DIVISORS)}"
        )
    field = score_rows(
        rows, method, scale, expected=expected, trim=trim, datum=datum, divisor=divisor,
        rounding=rounding,
    )
    for row, exc in field.problems:  # e.g. an adjusted score without an IMP equivalent
        raise exc if row is None else _row_error(row.row, exc)
    out = []
    for r, (ns_v, ew_v) in zip(rows, field.pairs, strict=True):
        adj = r.adjusted or None
        pts = r.typed_score if r.adjusted else r.score_ns  # an adjusted row: its typed score
        if method == "mp":
            assert ns_v is not None and ew_v is not None and field.top is not None
            full_top = field.top
            out.append(
                ScoredRow(
                    r.ns, r.ew, pts, adj, mp_ns=shown(ns_v), mp_ew=shown(ew_v),
                    pct_ns=shown(100 * ns_v / full_top) if full_top else 50.0,
                    pct_ew=shown(100 * ew_v / full_top) if full_top else 50.0,
                )
            )  # fmt: skip
            continue
        if ns_v is not None and ew_v is not None and adj is None and method == "butler":
            ns_v, ew_v = int(ns_v), int(ew_v)  # whole IMPs, printed as integers
        elif ns_v is not None and ew_v is not None:
            ns_v, ew_v = shown(ns_v), shown(ew_v)
        out.append(ScoredRow(r.ns, r.ew, pts, adj, imp_ns=ns_v, imp_ew=ew_v))
    if method == "mp":
        return ScoredTraveller(board, method, str(mp_scale), tuple(out), top=field.top)
    return ScoredTraveller(board, method, "wbf", tuple(out), datum=field.datum)


def _num(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, float) and x.is_integer():
        return str(int(x)) if abs(x) >= 1e-9 else "0"
    return str(x)


def format_traveller(
    scored: ScoredTraveller, rows: Sequence[ResultRow], fmt: TravellerFormat = "text"
) -> str:
    """Render a scored traveller as ``text`` (a readable traveller), ``csv`` or ``json``.

    CSV fields go through :func:`xlbridge.interchange.csvio.safe_cell` (no CSV injection).
    """
    if fmt == "json":
        return json.dumps(scored.to_json(), ensure_ascii=False)
    method = scored.method
    keys = ("mp_ns", "mp_ew", "pct_ns", "pct_ew") if method == "mp" else ("imp_ns", "imp_ew")
    if fmt == "csv":
        header = ["ns", "ew", "contract", "declarer", "result", "adjusted", "score_ns", *keys]
        return write_csv(
            header,
            (
                [r.ns, r.ew, r.contract, r.declarer, r.result, s.adjusted or "",
                 _num(s.score_ns), *(_num(getattr(s, k)) for k in keys)]
                for r, s in zip(rows, scored.rows, strict=True)
            ),
        )  # fmt: skip
    if fmt != "text":
        raise TravellerError(f"format {fmt!r} is not one of text, csv, json")
    board = scored.board
    vul = Vulnerability.from_board(board)
    title = {"mp": "matchpoints", "butler": "Butler IMPs", "ximp": "cross-IMPs"}[method]
    head = f"Board {board}   dealer {Seat.dealer_of(board)}, vul {vul}   {title}"
    if method == "mp":
        head += f", {scored.scale.upper()} scale, top {_num(scored.top)}"
    if scored.datum is not None:
        head += f", datum {_num(scored.datum)}"
    labels = ["NS", "EW", "Contract", "By", "Result", "NS score", "EW score"]
    labels += ["NS MP", "EW MP", "NS %", "EW %"] if method == "mp" else ["NS IMP", "EW IMP"]
    table: list[list[str]] = [labels]
    for r, s in zip(rows, scored.rows, strict=True):
        pts = s.score_ns
        ns_pts = str(pts) if pts is not None and pts > 0 else ""
        ew_pts = str(-pts) if pts is not None and pts < 0 else ""
        if pts == 0:
            ns_pts = "0"
        if r.adjusted:
            ns_pts, ew_pts = f"adj {r.adjusted}", ""
        table.append(
            [r.ns, r.ew, r.contract, r.declarer, r.result, ns_pts, ew_pts]
            + [_num(getattr(s, k)) for k in keys]
        )
    widths = [max(len(line[i]) for line in table) for i in range(len(labels))]
    text_cols = {2, 3, 4}
    out = [head]
    for line in table:
        cells = [c.ljust(w) if i in text_cols else c.rjust(w) for i, (c, w) in
                 enumerate(zip(line, widths, strict=True))]  # fmt: skip
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)
