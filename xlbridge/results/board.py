"""One traveller line (:class:`ResultRow`) and the one scorer of a board's lines
(:func:`score_rows`), shared by ``xlbridge traveller`` (:mod:`xlbridge.results.traveller`, one
board read from CSV) and ``xlbridge results`` (:mod:`xlbridge.results.session`, every board of a
workbook): matchpoints (Neuberg to the expected field, fouled-board groups, Law 87), Butler or
cross-IMPs (Law 86A for adjusted scores). The rules are :mod:`xlbridge.scoring`'s.

>>> rows = [ResultRow(1, 6, None, None, "1", "1", "4S", "N", 10),
...         ResultRow(1, 7, None, None, "2", "2", "4S", "N", 9),
...         ResultRow(1, 8, None, None, "3", "3", adjusted="A+")]
>>> f = score_rows(rows, "mp")
>>> f.top, f.pairs, f.problems
(2.0, ((1.75, 0.25), (0.25, 1.75), (1.2, 1.2)), ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlbridge.errors import TravellerError, XlbridgeError
from xlbridge.results.played import Played
from xlbridge.scoring.choices import DatumRounding, PairsScoring
from xlbridge.scoring.fouled import score_fouled_board
from xlbridge.scoring.imp_pairs import adjusted_imps, butler_datum, score_imp_board
from xlbridge.scoring.matchpoints import Adjusted, MPScale, score_board, top
from xlbridge.types import Vulnerability

__all__ = ["BoardField", "ResultRow", "row_score", "row_value", "score_rows"]


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One traveller line as typed: pairs, contract, declarer, tricks taken (``result``: the
    result as typed, when it was typed as ``=``, ``+1``, ...), a score typed over the computed
    one, an adjusted score. ``problem`` says why the row cannot be scored; a row whose Adjusted
    text is not an adjusted score (``bad_adjusted``) keeps its NS score but is left out of the
    comparison, as the workbook leaves it out. ``vulnerability``: the board's unless given."""

    board: int
    row: int
    round: int | None
    table: int | None
    ns: str
    ew: str
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    typed_score: float | None = None
    adjusted: str = ""
    problem: str = ""
    bad_adjusted: str = ""  # why the Adjusted text is not an adjusted score (row not scored)
    ns_members: tuple[str, ...] = ()  # individuals: the players credited (else the pair ``ns``)
    ew_members: tuple[str, ...] = ()
    group: int = 0  # a fouled board's group (Law 87; ``xlbridge rebuild --fouled``): 2 fouled
    result: str = ""  # the result as typed on a CSV traveller (``=``, ``+1``, ``10``)
    vulnerability: Vulnerability | None = None  # None: the board's (rules.md §7)

    @property
    def sides(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Who is credited with the NS and with the EW score."""
        return (self.ns_members or (self.ns,), self.ew_members or (self.ew,))

    @property
    def played(self) -> Played:
        """The result part of the line (:class:`~xlbridge.results.played.Played`)."""
        return Played(self.contract, self.declarer, self.tricks, self.typed_score,
                      self.adjusted, self.problem)  # fmt: skip

    @property
    def score_ns(self) -> float | None:
        """NS points: :func:`row_score`."""
        return row_score(self)


def row_score(r: ResultRow) -> float | None:
    """NS points of a typed row: the typed score, else Law 77 on the contract; None if the row
    has no complete result or a problem (:meth:`~xlbridge.results.played.Played.ns_score`, at
    the row's vulnerability, else its board's)."""
    return r.played.ns_score(r.board if r.vulnerability is None else r.vulnerability)


def row_value(r: ResultRow) -> float | Adjusted | None:
    """What a row brings to the comparison: its adjusted score, else its NS points; None for a
    row not scored (no result, a problem, Adjusted text that is no adjusted score)."""
    if r.adjusted:
        return None if r.bad_adjusted else Adjusted.parse(r.adjusted)
    return row_score(r)


@dataclass(frozen=True, slots=True)
class BoardField:
    """A board's rows scored: (NS, EW) matchpoints or IMPs per row (``(None, None)`` for a row
    not scored), the top (matchpoints) or datum (Butler), and the problems found, each with
    the row it is about (None: the board)."""

    pairs: tuple[tuple[float | None, float | None], ...]
    top: float | None
    datum: float | None
    problems: tuple[tuple[ResultRow | None, XlbridgeError], ...]


def score_rows(
    rows: Sequence[ResultRow],
    method: PairsScoring,
    scale: str | MPScale = "acbl",
    *,
    expected: int | None = None,
    trim: int | None = None,
    datum: float | None = None,
    divisor: str = "comparisons",
    rounding: DatumRounding = "half-away",
) -> BoardField:
    """Score one board's rows by ``method`` (``mp``, ``butler`` or ``ximp``).

    Matchpoints: ``expected`` results make the full field (Neuberg); fewer expected than
    results is a problem and the results count. Rows of more than one fouled-board group
    (``group`` 2) are compared within their group. IMPs: adjusted rows leave the datum and the
    comparisons and take Law 86A's IMPs; one without an IMP equivalent (``55/45``) is a problem
    and the row is not scored. A Butler datum is the trimmed mean of the real results unless
    ``datum`` is given (None when there is no real result), its exact 5 going to a ten as
    ``rounding`` says.
    """
    values = [row_value(r) for r in rows]
    problems: list[tuple[ResultRow | None, XlbridgeError]] = []
    if method == "mp":
        present = sum(1 for x in values if x is not None)
        field_n = present if expected is None else expected
        if field_n < present:
            problems.append(
                (None, TravellerError(f"{present} results, more than Expected ({field_n})"))
            )
            field_n = present
        groups = [r.group for r in rows]
        if any(g > 1 for g in groups):  # each group compared on its own (Law 87)
            mps = score_fouled_board(values, groups, scale, expected=field_n)
        else:
            mps = score_board(values, scale, expected=field_n)
        return BoardField(tuple(mps), top(field_n, scale), None, tuple(problems))
    for i, (r, x) in enumerate(zip(rows, values, strict=True)):
        if isinstance(x, Adjusted):
            try:
                adjusted_imps(x)
            except XlbridgeError as exc:  # a split such as 55/45: not scored, listed
                problems.append((r, exc))
                values[i] = None
    real = [float(x) for x in values if x is not None and not isinstance(x, Adjusted)]
    if method == "butler" and datum is None and real:
        datum = butler_datum(real, trim, rounding)
    imps = score_imp_board(values, method, datum=datum, divisor=divisor)
    return BoardField(tuple(imps), None, datum if method == "butler" else None, tuple(problems))
