"""Stratified pairs (ACBL): up to four strata, A to D, by masterpoints; a pair's stratum from its
players' masterpoints; each stratum's ranking.

Sources:
- A pair's stratum: "Usually, the strata in which a pair plays depends on the points held by the
  more accomplished player, but some events permit point totals between partners to be
  averaged" (Las Candelas Bridge Club, an ACBL club, "Stratified & Handicap Games",
  https://www.bridgewebs.com/lascandelas/page10.html; the ABA's "How to stratify games",
  https://ababridge.org/how-to-stratify-games: a B entry "indicates that one person has 300 mps
  but not more than 1199"). So ``higher`` is the default and ``average`` the option.
- A player whose masterpoints are not known: ``unknown="lowest"`` (the default) counts them as
  0, so the pair goes in the lowest stratum, as in an ACBL club game: ACBLscore stratifies by
  the masterpoint holdings of its player database (Bridgewebs guide 6.12, "ACBL Master
  Points"), and a player not on it, a guest or a new player who is not an ACBL member, holds
  no ACBL masterpoints (ACBL Handbook, "Issuing the awards": masterpoint receipts are given to
  new players who are not members). ``unknown="highest"`` puts the pair in the top stratum,
  an online site's rule (BBO, "Stratification in ACBL games": players without an ACBL number
  on file "are automatically placed in Stratum A"; Kendal Bridge Club: a player who keeps
  masterpoints private is "assigned the highest level"). Workbooks written before the choice
  existed put such a pair at the top, and are read back so.
- The rankings: "All pairs in the event are ranked when computing the overalls in the top
  stratum. The pairs in the top stratum are then eliminated, and a second set of rankings is
  determined for the pairs remaining", and so on (Bridge Montréal, "Horizontal stratified
  pairs", http://www.bridgemontreal.ca/blogs/files/21/File/glossary(1).htm): a pair ranks in its
  own stratum and in every stratum above it (a B pair also competes in A).

The thresholds are each stratum's least masterpoints, highest first; the last is 0, so every
pair has a stratum (``1000,300,0``: A 1000 or more, B 300 to under 1000, C under 300).

>>> s = Strata.parse("1000,300,0")
>>> s.text(), s.stratum([1200.0, 80.0]), Strata.parse("A:1000,B:300,C:0", "average").stratum(
...     [1200.0, 80.0])
('A 1000, B 300, C 0; by the higher; unknown in the lowest', 'A', 'B')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal, get_args

from xlbridge.errors import SessionError
from xlbridge.scoring.session import ranks

__all__ = [
    "LETTERS",
    "STRATA_BY",
    "UNKNOWN_STRATA",
    "Strata",
    "StrataBy",
    "UnknownStratum",
    "stratum_ranks",
]

LETTERS = "ABCD"
StrataBy = Literal["higher", "average"]
STRATA_BY: tuple[StrataBy, ...] = get_args(StrataBy)
UnknownStratum = Literal["lowest", "highest"]  # where a pair with unknown masterpoints goes
UNKNOWN_STRATA: tuple[UnknownStratum, ...] = get_args(UnknownStratum)
_MOST = 1_000_000.0  # masterpoints: as the Names sheet allows


@dataclass(frozen=True, slots=True)
class Strata:
    """The strata: each letter's least masterpoints, highest first (the last 0), and whether a
    pair is placed by the ``higher`` or the ``average`` of its players' masterpoints, and the
    stratum of a pair whose masterpoints are not all known (``lowest``: ACBL club games)."""

    bounds: tuple[tuple[str, float], ...]
    by: StrataBy = "higher"
    unknown: UnknownStratum = "lowest"

    @classmethod
    def parse(cls, text: str, by: str = "higher", unknown: str = "lowest") -> Strata:
        """``1000,300,0`` or ``A:1000,B:300,C:0`` (two to four strata).

        >>> Strata.parse("A:1000,B:300,C:0").bounds
        (('A', 1000.0), ('B', 300.0), ('C', 0.0))
        >>> Strata.parse("300,1000,0")
        Traceback (most recent call last):
        ...
        xlbridge.errors.SessionError: strata '300,1000,0': the thresholds must go down \
(A highest) and end with 0, e.g. 1000,300,0
        """
        if by not in STRATA_BY:
            raise SessionError(f"strata by {by!r} is not one of {', '.join(STRATA_BY)}")
        if unknown not in UNKNOWN_STRATA:
            raise SessionError(
                f"unknown stratum {unknown[:20]!r} is not one of {', '.join(UNKNOWN_STRATA)}"
            )
        parts = [p.strip() for p in text.split(",")]
        bounds: list[tuple[str, float]] = []
        for i, part in enumerate(parts):
            letter, _, number = part.rpartition(":")
            want = LETTERS[i] if i < len(LETTERS) else "?"
            try:
                value = float(number) if number.strip().isascii() else math.nan
            except ValueError:
                value = math.nan
            if letter.strip().upper() not in ("", want) or not 0 <= value <= _MOST:
                raise SessionError(
                    f"strata {text[:40]!r}: {part[:20]!r} is not a threshold of stratum {want}"
                    " (masterpoints 0 to 1000000)"
                )
            bounds.append((want, value))
        if not 2 <= len(bounds) <= len(LETTERS):
            raise SessionError(f"strata {text[:40]!r}: two to four strata (A to D)")
        values = [v for _l, v in bounds]
        if values[-1] != 0 or any(a <= b for a, b in pairwise(values)):
            raise SessionError(
                f"strata {text[:40]!r}: the thresholds must go down (A highest) and end with 0,"
                " e.g. 1000,300,0"
            )
        return cls(tuple(bounds), by, unknown)

    def text(self) -> str:
        """As the Session sheet shows it: ``A 1000, B 300, C 0; by the higher; unknown in the
        lowest``."""
        each = ", ".join(f"{letter} {value:.10g}" for letter, value in self.bounds)
        return f"{each}; by the {self.by}; unknown in the {self.unknown}"

    @classmethod
    def from_text(cls, text: str) -> Strata:
        """:meth:`text` read back.

        >>> Strata.from_text("A 1000, B 300, C 0; by the average; unknown in the lowest").by
        'average'

        Without the ``unknown`` part (a workbook written before it), unknown is highest, as
        that workbook's formulas place the pair:

        >>> Strata.from_text("A 1000, B 300, C 0; by the average").unknown
        'highest'
        """
        rest, _, unknown = text.partition("; unknown in the ")
        each, _, by = rest.partition("; by the ")
        values = ",".join(part.strip().replace(" ", ":", 1) for part in each.split(","))
        return cls.parse(values, by.strip() or "higher", unknown.strip() or "highest")

    @property
    def letters(self) -> str:
        return "".join(letter for letter, _v in self.bounds)

    def value(self, masterpoints: Sequence[float | None]) -> float | None:
        """The pair's masterpoints for its stratum: the higher (or the average) of its players';
        None when a player's are not known (the pair goes in the ``unknown`` stratum).

        >>> Strata.parse("1000,0").value([500, 2000]), Strata.parse("1000,0", "average").value(
        ...     [500, 2000]), Strata.parse("1000,0").value([500, None])
        (2000, 1250.0, None)
        """
        if not masterpoints or any(m is None for m in masterpoints):
            return None
        known = [m for m in masterpoints if m is not None]
        return max(known) if self.by == "higher" else sum(known) / len(known)

    def stratum(self, masterpoints: Sequence[float | None]) -> str:
        """The pair's stratum letter: the first whose threshold its masterpoints reach.

        >>> s = Strata.parse("1000,300,0")
        >>> s.stratum([1000, 0]), s.stratum([999.5, 0]), s.stratum([299, 10]), s.stratum([None])
        ('A', 'B', 'C', 'C')
        >>> Strata.parse("1000,300,0", unknown="highest").stratum([2000, None])
        'A'
        """
        value = self.value(masterpoints)
        if value is None:
            return self.bounds[0 if self.unknown == "highest" else -1][0]
        return next(letter for letter, least in self.bounds if value >= least)


def stratum_ranks(
    strata: Strata, entries: Sequence[tuple[str, str, float | None]]
) -> list[tuple[tuple[str, str], ...]]:
    """Each entry's ranks in its own stratum and every stratum above it: ``entries`` are
    (stratum letter, group, score); a stratum's ranking holds the pairs of its group in it or
    below it (:func:`~xlbridge.scoring.session.ranks`, ties shown ``2=``). An entry without a
    score has no ranks.

    >>> s = Strata.parse("1000,300,0")
    >>> stratum_ranks(s, [("A", "", 60.0), ("B", "", 55.0), ("C", "", 58.0), ("C", "", None)])
    [(('A', '1'),), (('A', '3'), ('B', '2')), (('A', '2'), ('B', '1'), ('C', '1')), ()]
    """
    letters = strata.letters
    out: list[list[tuple[str, str]]] = [[] for _ in entries]
    for k, letter in enumerate(letters):
        for group in {g for _s, g, _v in entries}:
            members = [
                i for i, (st, g, v) in enumerate(entries)
                if g == group and v is not None and letters.index(st) >= k
            ]  # fmt: skip
            values = [entries[i][2] for i in members]
            for i, rk in zip(members, ranks([v for v in values if v is not None]), strict=True):
                out[i].append((letter, rk))
    return [tuple(x) for x in out]
