"""A pairs or individuals session's outputs and its record for the club register: what the
``results`` and ``club record`` faces ask of the families built on the duplicate form
(through :mod:`xlbridge.families.registry`).

>>> from xlbridge.families.registry import RenderRequest
>>> from xlbridge.families.duplicate.score import score_session
>>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
>>> row = ResultRow(board=1, row=6, round=1, table=1, ns="1", ew="2", contract="4S",
...                 declarer="N", tricks=10)
>>> res = score_session(SessionInput(event="Club", date="", kind="howell", scoring="mp",
...     scale="acbl", pairs=tuple(PairInfo(i, str(i), "", "") for i in (1, 2)), rows=(row,),
...     expected={1: 1}))
>>> got = render(res, RenderRequest("csv"))
>>> got.data.splitlines()[0].split(",")[:3], got.warnings, got.notes
(['rank', 'pair', 'names'], (), ())
>>> record(res).entered, record(res).record.family
(True, 'pairs')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlbridge.errors import ScaleError, WorkbookError
from xlbridge.families.registry import Recorded, Rendered, RenderRequest
from xlbridge.results.session import IGNORED, SessionResults

if TYPE_CHECKING:
    from xlbridge.families.registry import Scored

__all__ = ["record", "render", "session_of"]


def session_of(res: Scored) -> SessionResults:
    """``res`` as a pairs or individuals session's results (what the form's reader gives)."""
    if not isinstance(res, SessionResults):
        raise WorkbookError(f"a {res.family} workbook's results are not a traveller session's")
    return res


def render(res: SessionResults, request: RenderRequest) -> Rendered:
    """``res`` in the request's format; a USEBIO file's players without a member number, and
    the sheets not scored, as lines for standard error (never dropped silently: the federation
    credits players by number)."""
    from xlbridge.results.render import render_session
    from xlbridge.results.usebio_session import missing_numbers

    fmt = request.fmt
    scale = request.masterpoints or res.input.masterpoint_scale
    kept: tuple[str, ...] = ()
    if scale:
        from xlbridge.results.awards import with_awards

        try:
            res = with_awards(res, scale)
        except ScaleError as exc:
            if request.masterpoints:  # asked for on the command line: refused in one line
                raise
            # The workbook's own scale (its Session sheet): the results are published, and
            # the awards the rule does not give are said to be left out, as its Results sheet
            # says "by hand".
            kept = (f"masterpoints not awarded: {exc}",)
    deals = request.deals_of() if fmt in ("html", "usebio") else None
    data = render_session(res, fmt, request.table, deals=deals, club=request.club,
                          usebio=request.usebio_options())  # fmt: skip
    warnings = missing_numbers(res) if fmt == "usebio" else ()
    notes = kept + (() if fmt == "text" else tuple(
        f"sheet {name[:40]!r}: {IGNORED}" for name in res.input.ignored
    ))  # fmt: skip
    return Rendered(data, warnings, notes)


def record(res: SessionResults) -> Recorded:
    """The session as the club register keeps it, and whether any result is entered."""
    from xlbridge.club.sessions import record_of_results

    entered = any(r.contract or r.typed_score is not None or r.adjusted for r in res.input.rows)
    return Recorded(record_of_results(res), entered)
