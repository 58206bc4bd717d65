"""Masterpoints for a scored pairs or individuals session: the rules layer's awards
(:mod:`xlbridge.scoring.masterpoints`) given to each ranking group (each direction of a
two-winner game, the whole field otherwise), kept on the results for every output; one field's
awards by key (:func:`field_awards`) for any family (teams: :mod:`xlbridge.families.teams.awards`).
No award before any result is entered (every entry ranks 1= on nothing).

>>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
>>> from xlbridge.families.duplicate.score import score_session
>>> rows = tuple(ResultRow(board=b, row=6, round=1, table=1, ns="1", ew="2", contract="1NT",
...     declarer="N", tricks=7 + b % 2) for b in range(1, 19))
>>> res = score_session(SessionInput(event="Club", date="", kind="mitchell", scoring="mp",
...     scale="acbl", pairs=(PairInfo(1, "1", "A", "B"), PairInfo(2, "2", "C", "D")),
...     rows=rows, expected={b: 1 for b in range(1, 19)}))
>>> with_awards(res, "ebu-club").masterpoints
(('1', 10), ('2', 10))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from xlbridge.errors import ScaleError
from xlbridge.results.session import SessionResults
from xlbridge.results.tables import ranking_groups
from xlbridge.scoring.masterpoints import Contestants, awards

__all__ = ["award_of", "field_awards", "with_awards"]

K = TypeVar("K")


def field_awards(
    ranked: Sequence[tuple[K, str]], boards: int, who: Contestants, scale: str, *,
    entered: bool = True,
) -> list[tuple[K, int]]:  # fmt: skip
    """Each contestant's award to each of its players in one field: ``ranked`` each
    contestant's key and place (``"3="``; "" not ranked: no award), over ``boards`` boards.
    Before any result is ``entered`` every contestant ranks 1= on nothing: no award yet (the
    award formula's ``blank``, :mod:`xlbridge.workbook.formulas_masterpoints`).

    >>> field_awards([(1, "1"), (2, "2"), (3, "")], 24, "teams", "ebu-club")
    [(1, 10), (2, 0), (3, 0)]
    >>> field_awards([(1, "1="), (2, "1=")], 24, "teams", "ebu-club", entered=False)
    [(1, 0), (2, 0)]
    """
    placed = [(k, r) for k, r in ranked if r]
    got = awards([r for _, r in placed], boards, who, scale=scale)
    won = dict(zip((k for k, _ in placed), got, strict=True))
    return [(k, won.get(k, 0) if entered else 0) for k, _ in ranked]


def with_awards(res: SessionResults, scale: str) -> SessionResults:
    """``res`` with each contestant's award to each of its players under ``scale`` (one line
    refused where the scale's rule for this session is not published).

    Several sections are ranked across the field here; their awards are refused until the
    federation's rule for a sectioned field is sourced."""
    if res.input.sections:
        raise ScaleError(
            "masterpoints for several sections: the EBU club scale's rule for a field of"
            " sections was not found published; award them by hand"
        )
    individual = res.input.family == "individual"
    who: Contestants = (
        "individual" if individual else "pairs" if res.two_winner else "one-winner-pairs"
    )
    boards = len(res.boards)
    # No board played by anyone (the Results sheet's SUM of Played = 0): no award yet.
    entered = any(s.played for s in res.standings)
    out: list[tuple[str, int]] = []
    for _, group in ranking_groups(res):
        ranked = [(s.label, s.rank) for s in group if s.rank]
        out += field_awards(ranked, boards, who, scale, entered=entered)
    return replace(res, masterpoints=tuple(out), masterpoint_scale=scale)


def award_of(res: SessionResults, label: str) -> int | None:
    """The award to each player of contestant ``label``; None when none were worked out.

    >>> from xlbridge.results.session import SessionInput
    >>> from xlbridge.families.duplicate.score import score_session
    >>> award_of(score_session(SessionInput(event="", date="", kind="howell", scoring="mp",
    ...     scale="acbl", pairs=(), rows=(), expected={})), "1") is None
    True
    """
    if not res.masterpoint_scale:
        return None
    return dict(res.masterpoints).get(label, 0)
