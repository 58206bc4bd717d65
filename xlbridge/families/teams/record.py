"""A team game as the club register keeps it (``xlbridge club record``, through
:mod:`xlbridge.families.registry`): each team with its players (the Names sheet's players cell,
split at commas or semicolons); no federation numbers.

>>> split_players("Ann Lee, Bo Chan; Cy Dee")
('Ann Lee', 'Bo Chan', 'Cy Dee')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlbridge.families.registry import Recorded

if TYPE_CHECKING:
    from xlbridge.families.teams.model import TeamsResults

__all__ = ["record", "split_players"]

_SEPARATORS = (";", ",")  # a team's players share one cell: "Ann Lee, Bo Chan, ..."


def split_players(names: str) -> tuple[str, ...]:
    """The players a team's players cell names, at commas, semicolons or line breaks."""
    for sep in _SEPARATORS:
        if sep in names:
            names = names.replace(sep, "\n")
    return tuple(n.strip() for n in names.split("\n") if n.strip())


def record(res: TeamsResults) -> Recorded:
    """The team game as the club register keeps it, and whether any result is entered."""
    from xlbridge.club.sessions import EntryLine, PlayerLine, SessionRecord, digest_of
    from xlbridge.numerals import shown

    entries = []
    for s in res.standings:
        players = split_players(s.players)
        entries.append(
            EntryLine(str(s.team), "", s.played, shown(s.total), None, s.rank,
                      tuple(PlayerLine(i, None, n) for i, n in enumerate(players, start=1)))
        )  # fmt: skip
    entered = res.to_json()
    entered.pop("disagreements", None)  # the workbook's stored values, not what was entered
    rec = SessionRecord(
        res.event, res.date, res.kind, "teams", res.scoring,
        "provisional" if res.open_problems else "final", tuple(entries), digest_of(entered),
    )  # fmt: skip
    boards = [b for m in res.matches for b in m.boards]
    typed = any(x.contract or x.typed is not None or b.adjusted
                for b in boards for x in (b.room1, b.room2))  # fmt: skip
    return Recorded(rec, typed)
