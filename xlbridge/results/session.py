"""A scored pairs session's results: the pairs, the typed rows, each board's scores, the
standings, the barometer and the cells that disagree with Python (:class:`SessionResults`, which
:func:`xlbridge.families.duplicate.score.score_session` works out from a reader's
:class:`SessionInput`), for the output formats of :mod:`xlbridge.results`.

>>> PairInfo(1, "NS 1", "Ann", "Bo").names
'Ann & Bo'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from xlbridge.movements.registry import FamilyName
from xlbridge.numerals import shown
from xlbridge.results.board import ResultRow, row_score
from xlbridge.results.problems import Problem, problems_json
from xlbridge.scoring.choices import DatumRounding, MPScaleName, PairsScoring
from xlbridge.scoring.strata import Strata
from xlbridge.workbook.formulas import FIRST_ROW

__all__ = [
    "BarometerRound",
    "BoardScore",
    "CachedCell",
    "Disagreement",
    "PairInfo",
    "ResultRow",
    "ScoredResult",
    "SessionInput",
    "SessionResults",
    "Standing",
    "agrees",
    "row_score",
]

_TOLERANCE = 0.005  # cached values shown to 2 decimals may differ from Python by rounding


@dataclass(frozen=True, slots=True)
class PairInfo:
    """A pair of the session: ``id`` (1-based, Names order), printed label, player names; each
    player's federation number, handicap and masterpoints (stratum data) where the Names sheet
    has them (one entry a player, in player order; "" or None where not given)."""

    id: int
    label: str
    name1: str
    name2: str
    numbers: tuple[str, ...] = ()
    handicaps: tuple[float | None, ...] = ()
    masterpoints: tuple[float | None, ...] = ()
    # Sectioned workbooks (movements.field): the pair's section letter ("A"); "" otherwise.
    section: str = ""

    @property
    def names(self) -> str:
        """ "A & B" as the Recap joins them."""
        return " & ".join(n for n in (self.name1, self.name2) if n)


@dataclass(frozen=True, slots=True)
class CachedCell:
    """A formula cell's stored value, to compare with Python: ``key`` names what it holds."""

    sheet: str
    cell: str
    key: tuple[Any, ...]
    value: Any


@dataclass(frozen=True, slots=True)
class SessionInput:
    """Everything a reader takes from a workbook: settings, pairs, typed rows, cached values."""

    event: str
    date: str
    kind: str
    scoring: PairsScoring
    scale: MPScaleName
    pairs: tuple[PairInfo, ...]
    rows: tuple[ResultRow, ...]
    expected: Mapping[int, int]
    cached: tuple[CachedCell, ...] = ()
    family: FamilyName = "pairs"
    datum_rounding: DatumRounding = "half-away"
    problems: tuple[Problem, ...] = ()  # the Checks sheet's lines, worked out in Python
    checked: Mapping[tuple[Any, ...], str] = field(default_factory=dict)  # problem cells' lines
    # Board sheets that are no board of the movement (a "Board 9999" or "Board 0001" a user
    # added): not scored, and reported.
    ignored: tuple[str, ...] = ()
    # Sectioned workbooks: the section letters, in order (each pair's is PairInfo.section);
    # every board is matchpointed across the field and each section is also ranked alone.
    sections: tuple[str, ...] = ()
    # "section": each section's results on a board matchpointed on their own (its own top),
    # the field ranked by percentage; "field": across the field (movements.field).
    section_scoring: str = "field"
    # Board sets (AB,CD): each set's sections play their own deals, compared only together.
    board_sets: tuple[str, ...] = ()
    # Handicapped (the Session sheet's "Handicaps" line) and stratified ("Strata") sessions:
    # the standings carry each pair's handicapped percentage and rank, stratum and ranks in it.
    handicapped: bool = False
    strata: Strata | None = None
    # The Session sheet's "Masterpoints" line (new --masterpoints): the scale ``results``
    # awards by when not told another; "" none.
    masterpoint_scale: str = ""

    @property
    def scored_apart(self) -> bool:
        """Whether a board's results are compared in groups (each section on its own, or each
        set of sections), not across the whole field."""
        return bool(self.sections) and (self.section_scoring == "section" or bool(self.board_sets))


IGNORED = "no board of the movement (not on the Recap): not scored"


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A traveller row scored: NS points and each side's matchpoints (or IMPs)."""

    result: ResultRow
    score_ns: float | None
    mp_ns: float | None
    mp_ew: float | None
    top: float | None = None  # section scoring: the row's section top (else the board's)


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board: its top (matchpoints) or datum (Butler) and its scored rows."""

    board: int
    top: float | None
    datum: float | None
    rows: tuple[ScoredResult, ...]


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's line of the ranking. ``pct`` is a percentage (matchpoints) or None (IMPs);
    ``average`` the IMPs a board (IMPs) or None."""

    pair: PairInfo
    dir: str
    played: int
    total: float | None
    pct: float | None
    average: float | None
    rank: str
    # Individuals who keep one seat all session (the Rainbow): that seat (N, E, S or W) and the
    # rank among the players of that seat, as the workbook's Results sheet has them ("Dir",
    # "Dir rank"; seed 002's "four winners"); "" otherwise.
    seat: str = ""
    seat_rank: str = ""
    # Sectioned workbooks: the rank within the pair's section (and direction), "" otherwise.
    section_rank: str = ""
    # Handicapped sessions (scoring.handicap): the pair's handicap, its percentage plus the
    # handicap, and its rank on that (within the direction in two-winner games); None / "".
    handicap: float | None = None
    handicapped_pct: float | None = None
    handicapped_rank: str = ""
    # Stratified sessions (scoring.strata): the pair's stratum letter and its rank in that
    # stratum and each above it, as (letter, rank), top stratum first.
    stratum: str = ""
    stratum_ranks: tuple[tuple[str, str], ...] = ()
    # A field of Mitchell and Howell sections: the direction a Mitchell section's pair keeps,
    # its section ranked NS and EW apart (``section_rank``); "" otherwise.
    section_dir: str = ""

    @property
    def label(self) -> str:
        return self.pair.label

    @property
    def section(self) -> str:
        return self.pair.section


@dataclass(frozen=True, slots=True)
class BarometerRound:
    """Standings after a round: each pair's (played, running total, percentage, rank)."""

    round: int
    standings: tuple[tuple[str, int, float, float | None, str], ...]


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A cell whose stored value is not what Python computes."""

    sheet: str
    cell: str
    workbook: Any
    python: Any


@dataclass(frozen=True, slots=True)
class SessionResults:
    """A session scored again in Python."""

    input: SessionInput
    two_winner: bool
    boards: tuple[BoardScore, ...]
    standings: tuple[Standing, ...]
    barometer: tuple[BarometerRound, ...]
    disagreements: tuple[Disagreement, ...]
    recalculated: bool
    problems: tuple[str, ...] = field(default=())
    # Masterpoints (xlbridge.results.awards): (label, award to each player), and the scale.
    masterpoints: tuple[tuple[str, int], ...] = ()
    masterpoint_scale: str = ""

    @property
    def event(self) -> str:
        return self.input.event

    @property
    def family(self) -> FamilyName:
        """``pairs`` or ``individual``: the family whose workbook was read."""
        return self.input.family

    @property
    def winners(self) -> tuple[Standing, ...]:
        """The winners of each seat (N, E, S, W; ties share), when the players keep their
        seats (the Rainbow's four winners), else none."""
        order = "NESW"
        won = [s for s in self.standings if s.seat and s.seat_rank.rstrip("=") == "1"]
        return tuple(sorted(won, key=lambda s: (order.index(s.seat), s.pair.id)))

    @property
    def barometer_play(self) -> bool:
        """A barometer game (every table plays the round's boards): the standings after each
        round are shown, each marked with :meth:`round_status`."""
        from xlbridge.movements.barometer import BASES

        return self.input.kind in BASES

    def round_status(self, rnd: int) -> str:
        """``not final`` for the standings after a round before the last, else ``final`` or
        ``provisional`` (:func:`~xlbridge.results.problems.round_status`)."""
        from xlbridge.results.problems import round_status

        return round_status(rnd, max((b.round for b in self.barometer), default=rnd),
                            self.open_problems)  # fmt: skip

    @property
    def open_problems(self) -> tuple[Problem, ...]:
        """The problems the Checks sheet lists: the session is provisional while any is open
        (:data:`~xlbridge.results.problems.NO_RESULTS` when no result is entered)."""
        from xlbridge.results.problems import no_results

        return no_results(self.input.problems, any(s.played for s in self.standings))

    def row_problem(self, board: int, row: int) -> str:
        """The open problems of a traveller row (its sheet row) or of its board, "" when none.

        >>> SessionResults(SessionInput("", "", "", "mp", "acbl", (), (), {}, problems=(
        ...     Problem("Board 2", 2, 1, "Board 2, row 1 (1 v 2): no result"),)), False, (),
        ...     (), (), (), True).row_problem(2, 6)
        'Board 2, row 1 (1 v 2): no result'
        """
        k = row - FIRST_ROW + 1
        return "; ".join(
            p.problem for p in self.input.problems if p.board == board and p.row in (k, None)
        )

    def to_json(self) -> dict[str, Any]:
        """The ``xlbridge results`` JSON object of product.md."""
        imp = self.input.scoring != "mp"
        mp = not imp
        awarded = dict(self.masterpoints)
        return {
            "event": self.input.event,
            "date": self.input.date,
            "kind": self.input.kind,
            "scoring": self.input.scoring,
            **({"sections": list(self.input.sections)} if self.input.sections else {}),
            "entries": [
                {
                    "id": s.pair.id,
                    "label": s.label,
                    "names": s.pair.names,
                    "dir": s.dir,
                    "played": s.played,
                    "total": shown(s.total, whole=True),
                    "pct": shown(s.pct, whole=True),
                    "rank": s.rank,
                    **({"seat": s.seat, "seat_rank": s.seat_rank} if s.seat else {}),
                    **(
                        {"section": s.section, "section_rank": s.section_rank}
                        if self.input.sections
                        else {}
                    ),
                    **(
                        {
                            "handicap": shown(s.handicap, whole=True),
                            "handicapped_pct": shown(s.handicapped_pct, whole=True),
                            "handicapped_rank": s.handicapped_rank,
                        }
                        if self.input.handicapped and mp
                        else {}
                    ),
                    **(
                        {"stratum": s.stratum, "stratum_ranks": dict(s.stratum_ranks)}
                        if self.input.strata is not None
                        else {}
                    ),
                    **(
                        {"masterpoints": [awarded.get(s.label, 0)] * self._players}
                        if self.masterpoint_scale
                        else {}
                    ),
                }
                for s in self.standings
            ],
            **(
                {
                    "winners": [
                        {
                            "seat": s.seat,
                            "id": s.pair.id,
                            "label": s.label,
                            "names": s.pair.names,
                            "total": shown(s.total, whole=True),
                            "pct": shown(s.pct, whole=True),
                        }
                        for s in self.winners
                    ]
                }
                if self.winners
                else {}
            ),
            "boards": [
                {
                    "board": b.board,
                    "rows": [
                        {
                            "ns": r.result.ns,
                            "ew": r.result.ew,
                            "contract": r.result.contract,
                            "declarer": r.result.declarer,
                            "tricks": r.result.tricks,
                            "score_ns": shown(r.score_ns, whole=True),
                            ("imp_ns" if imp else "mp_ns"): shown(r.mp_ns, whole=True),
                            ("imp_ew" if imp else "mp_ew"): shown(r.mp_ew, whole=True),
                            "adjusted": r.result.adjusted,
                            "provisional": bool(self.row_problem(b.board, r.result.row)),
                        }
                        for r in b.rows
                    ],
                }
                for b in self.boards
            ],
            "disagreements": [
                {"sheet": d.sheet, "cell": d.cell, "workbook": d.workbook, "python": d.python}
                for d in self.disagreements
            ],
            **problems_json(self.open_problems),
            **({"barometer": self._barometer_json()} if self.barometer_play else {}),
        } | ({"ignored_sheets": list(self.input.ignored)} if self.input.ignored else {})

    @property
    def _players(self) -> int:
        """Players a contestant: one in an individual, two in a pair."""
        return 1 if self.input.family == "individual" else 2

    def _barometer_json(self) -> list[dict[str, Any]]:
        """The standings after each round of a barometer game, each with its status."""
        return [
            {"round": b.round, "status": self.round_status(b.round), "standings": [
                {"label": label, "played": n, "score": shown(raw, whole=True),
                 "pct": shown(pct, whole=True), "rank": rank}
                for label, n, raw, pct, rank in b.standings]}
            for b in self.barometer
        ]  # fmt: skip


def agrees(stored: Any, python: Any) -> bool:
    """Whether a value a workbook stored agrees with Python's: blanks alike, numbers within the
    rounding of two decimals, text with surrounding blanks ignored.

    >>> agrees(103.13, 103.125), agrees(7, 7.01), agrees("", None), agrees(" NS 1", "NS 1")
    (True, False, True, True)
    """
    a, b = stored, python
    if a in (None, "") and b in (None, ""):
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a == b)
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isfinite(a) and abs(a - b) <= _TOLERANCE
    return str(a).strip() == str(b).strip()
