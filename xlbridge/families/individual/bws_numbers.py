"""``import --from FILE.bws`` for individuals: the federation numbers the players typed at the
tables (Bridgemate's PlayerNumbers) onto the Names sheet, each seat's player found on the
travellers (the writing: :func:`xlbridge.families.duplicate.seated.put_numbers`).

>>> _seat("E", (8, 1, 7, 3))
('7', 0)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["numbers_from_bws"]

Seating = tuple[int | None, ...]


def _seat(direction: str, seated: Seating) -> tuple[str, int] | str:
    """The Names sheet key of the player in ``direction`` of ``seated`` (N, S, E, W)."""
    who = seated["NSEW".index(direction)]
    return (str(who), 0) if who is not None else f"no player in {direction}"


def numbers_from_bws(
    job: Any, at: dict[tuple[int, int], set[Seating]]
) -> tuple[int, list[str]]:
    """``import --from FILE.bws``: the numbers the players typed at the tables (PlayerNumbers)
    onto the Names sheet; ``at`` is (round, table) -> the players (North, South, East, West)
    on its boards, the travellers'. A movement whose players change seats within a round (a
    Rainbow: its Bridgemate rounds are its boards, so their numbers are not the workbook's
    rounds) has its numbers refused in one line rather than put on the wrong players."""
    from xlbridge.families.duplicate.seated import put_numbers
    from xlbridge.interchange.scorer_files import SeatedPlayer, read_bws_players

    if Path(job.source).suffix.lower() != ".bws":
        return 0, []
    players, bad = read_bws_players(job.source, Path(job.source).name)
    if players and any(len(seatings) > 1 for seatings in at.values()):
        why = (f"{players[0].where}: the players change seats within a round (a Rainbow);"
               " their numbers are not taken: type them on the Names sheet")  # fmt: skip
        return 0, [*bad, why]

    def seat_of(p: SeatedPlayer) -> tuple[str, int] | str:
        seatings = at.get((p.round, p.table))
        if not seatings:
            return f"no play at table {p.table} in round {p.round}"
        return _seat(p.direction, next(iter(seatings)))

    written, problems = put_numbers(job.wb, players, seat_of, 1, force=job.force)
    return written, [*bad, *problems]
