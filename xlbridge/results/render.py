"""A scored pairs or individuals session in each output format ``xlbridge results`` writes: text,
CSV (standings, results or the barometer), JSON, the HTML page, USEBIO XML and PBN. Teams and
social results render themselves (their ``render``); this is the same job for the traveller form.

>>> from xlbridge.results.session import SessionInput
>>> from xlbridge.families.duplicate.score import score_session
>>> res = score_session(SessionInput(event="Club", date="", kind="mitchell", scoring="mp",
...     scale="acbl", pairs=(), rows=(), expected={}, cached=()))
>>> render_session(res, "json").startswith("{")
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from xlbridge.results.session import SessionResults
from xlbridge.scoring.choices import OutputFormat

if TYPE_CHECKING:
    from xlbridge.results.usebio import UsebioOptions

__all__ = ["deals_of", "render_session"]


def deals_of(workbook: str | Path, pbn: str | Path | None = None) -> dict[int, str] | None:
    """The deals for the results page and the USEBIO file: from a PBN file when given, else
    the hand records ``new --deals``/``--deal`` put in the workbook (None when it has none)."""
    if pbn:
        from xlbridge.interchange.deals import read_pbn

        return {r.board: r.deal for r in read_pbn(pbn)}
    from xlbridge.workbook.hand_records import read_hand_records_file

    return read_hand_records_file(workbook) or None


def render_session(
    res: SessionResults,
    fmt: OutputFormat,
    table: str = "standings",
    *,
    deals: Mapping[int, str] | None = None,
    club: str = "",
    usebio: UsebioOptions | None = None,
) -> str | bytes:
    """``res`` as ``fmt``; ``table`` chooses the CSV table (``standings``, ``results`` or
    ``barometer``), ``deals`` the hand records of the HTML page and of USEBIO's ``HANDSET``,
    ``club`` USEBIO's club, ``usebio`` its club id and charge code."""
    if fmt == "text":
        from xlbridge.results.tables import to_text

        return to_text(res)
    if fmt == "csv":
        from xlbridge.results import tables as t

        if table == "standings":
            return t.to_csv(t.standings_rows(res), t.standing_columns(res))
        if table == "results":
            return t.to_csv(t.result_rows(res), t.RESULT_COLUMNS)
        cols, rows = t.barometer_sheet(res)
        return t.to_csv(rows, cols)
    if fmt == "json":
        return json.dumps(res.to_json(), ensure_ascii=False, indent=1)
    if fmt == "html":
        from xlbridge.results.html import render_html

        return render_html(res, dict(deals) if deals else None)
    if fmt == "usebio":
        from xlbridge.results.usebio_session import write_usebio

        return write_usebio(res, club=club, options=usebio, deals=deals)
    from xlbridge.results.pbn import results_pbn

    return results_pbn(res)
