"""A session's results and standings as pandas DataFrames (pandas imported only here).

>>> import xlbridge
>>> callable(xlbridge.read_session)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlbridge.results.session import SessionResults
from xlbridge.results.tables import (
    BAROMETER_COLUMNS,
    RESULT_COLUMNS,
    barometer_rows,
    result_rows,
    standing_columns,
    standings_rows,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["SessionFrames", "frames_of"]


@dataclass(frozen=True)
class SessionFrames:
    """``results``: one row per traveller result; ``standings``: one row per pair (rank
    order); ``barometer``: one row per pair per round; ``scored``: the typed results."""

    results: pd.DataFrame
    standings: pd.DataFrame
    barometer: pd.DataFrame
    scored: SessionResults


def frames_of(res: SessionResults) -> SessionFrames:
    """The DataFrames of a scored session."""
    import pandas as pd

    return SessionFrames(
        results=pd.DataFrame(result_rows(res), columns=list(RESULT_COLUMNS)),
        standings=pd.DataFrame(standings_rows(res), columns=list(standing_columns(res))),
        barometer=pd.DataFrame(barometer_rows(res), columns=list(BAROMETER_COLUMNS)),
        scored=res,
    )
