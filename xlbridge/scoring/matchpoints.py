"""Matchpoints on one board: both scales, tops, Neuberg, artificial adjusted scores (rules.md §5).

Each result is compared with every other result on the board: beating it scores 1 (ACBL) or 2
(EBU / Law 78A), tying it ½ or 1, losing to it 0.

>>> matchpoints([420, 450, 420, -50])
[1.5, 3.0, 1.5, 0.0]
>>> matchpoints([420, 450, 420, -50], "ebu")
[3.0, 6.0, 3.0, 0.0]
>>> top(7), top(7, "2/1")
(6.0, 12.0)
>>> score_board([420, Adjusted.parse("A+/A-"), 450, None])
[(0.25, 1.75), (1.2, 0.8), (1.75, 0.25), (None, None)]
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xlbridge.errors import ScaleError, TravellerError

__all__ = [
    "Adjusted",
    "MPScale",
    "check_total",
    "matchpoints",
    "neuberg",
    "score_board",
    "top",
]


class MPScale(enum.Enum):
    """A matchpoint scale: ``ACBL`` (1 / ½ / 0 a comparison) or ``EBU`` (2 / 1 / 0, Law 78A).

    >>> MPScale.parse("2/1")
    MPScale.EBU
    >>> str(MPScale.ACBL), MPScale.ACBL.per_comparison
    ('acbl', 1)
    """

    ACBL = "acbl"
    EBU = "ebu"

    def __repr__(self) -> str:
        return f"MPScale.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | MPScale) -> MPScale:
        """Read ``acbl``, ``ebu``, ``1/0.5``, ``2/1`` (also ``law``, ``wbf``, any case)."""
        if isinstance(text, MPScale):
            return text
        key = str(text).strip().lower().replace(" ", "")
        value = _SCALE_ALIASES.get(key)
        if value is None:
            raise ScaleError(f"matchpoint scale {text!r} is not one of acbl (1/0.5) or ebu (2/1)")
        return cls(value)

    @property
    def per_comparison(self) -> int:
        """Matchpoints for beating one other result: 1 (ACBL) or 2 (EBU)."""
        return 1 if self is MPScale.ACBL else 2


_SCALE_ALIASES = {
    "acbl": "acbl", "1/0.5": "acbl", "1/.5": "acbl", "1/½": "acbl", "1/0.5/0": "acbl",
    "ebu": "ebu", "2/1": "ebu", "2/1/0": "ebu", "law": "ebu", "wbf": "ebu",
    "international": "ebu", "law78": "ebu", "law78a": "ebu",
}  # fmt: skip


def _count(results: int, what: str = "results") -> int:
    if isinstance(results, bool) or not isinstance(results, int) or results < 0:
        raise TravellerError(f"{what} {results!r} is not a whole number of results (0 or more)")
    return results


def top(results: int, scale: str | MPScale = "acbl") -> float:
    """The top on a board with ``results`` comparable results: n−1 (ACBL) or 2(n−1) (EBU).

    >>> top(13), top(13, "ebu"), top(1)
    (12.0, 24.0, 0.0)
    """
    n = _count(results)
    return float(MPScale.parse(scale).per_comparison * max(n - 1, 0))


def check_total(results: int, scale: str | MPScale = "acbl") -> float:
    """What one direction's matchpoints on a board add up to: n(n−1)/2 ACBL units.

    >>> check_total(7), check_total(7, "ebu")
    (21.0, 42.0)
    """
    n = _count(results)
    return top(n, scale) * n / 2


def matchpoints(scores: Sequence[float], scale: str | MPScale = "acbl") -> list[float]:
    """NS matchpoints of each NS score against all the others on the board.

    The EW matchpoints of a row are ``top(len(scores), scale)`` minus its NS matchpoints.

    >>> matchpoints([100, 100, 100])
    [1.0, 1.0, 1.0]
    >>> matchpoints([])
    []
    """
    per = MPScale.parse(scale).per_comparison
    # Sorted once, each run of equal scores valued once: O(n log n), and a traveller of 100,000
    # results with a few hundred distinct scores costs little more than reading it.
    ordered = sorted(scores)
    by_score: dict[float, float] = {}
    n = len(ordered)
    i = 0
    while i < n:
        j = i + 1
        while j < n and ordered[j] == ordered[i]:
            j += 1
        by_score[ordered[i]] = per * (i + (j - i - 1) / 2)  # i below, j - i - 1 others equal
        i = j
    return list(map(by_score.__getitem__, scores))


def neuberg(mp: float, results: int, expected: int, scale: str | MPScale = "acbl") -> float:
    """Factor matchpoints scored among ``results`` results up to a board of ``expected`` results.

    Neuberg's formula (rules.md §5): M′ = (M + u)·N/n − u, with u = ½ a comparison
    (½ on the ACBL scale, 1 on the EBU scale). Not rounded.

    >>> neuberg(18, 10, 11, "ebu"), neuberg(0, 10, 11, "ebu")
    (19.9, 0.1)
    >>> neuberg(3, 7, 7)
    3.0
    """
    n = _count(results)
    big_n = _count(expected, "expected results")
    if n < 1:
        raise TravellerError("Neuberg needs at least one result on the board")
    if big_n < n:
        raise TravellerError(f"expected results {big_n} is fewer than the {n} results on the board")
    half = MPScale.parse(scale).per_comparison / 2
    if big_n == n:
        return float(mp)
    return ((mp + half) * big_n - half * n) / n


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score (Law 12C2): each side's percentage of the full top.

    Text: ``A`` (50% to both), ``A+`` (60% to both: neither side at fault), ``A-`` (40% to
    both), a pair ``A+/A-`` (NS first), or explicit percentages ``60/40``; a ``%`` may follow a
    number. The two sides need not balance.

    >>> Adjusted.parse("A+/A-")
    Adjusted.parse('A+/A-')
    >>> Adjusted.parse("60/40") == Adjusted.parse("a+/a-")
    True
    >>> str(Adjusted.parse("55%/45%")), str(Adjusted.parse("A"))
    ('55/45', 'A')
    """

    ns_pct: float
    ew_pct: float

    NAMES: ClassVar[dict[str, float]] = {"A": 50.0, "A+": 60.0, "A-": 40.0}

    def __post_init__(self) -> None:
        for name, pct in (("NS", self.ns_pct), ("EW", self.ew_pct)):
            if (
                isinstance(pct, bool)
                or not isinstance(pct, int | float)
                or not math.isfinite(pct)
                or not 0 <= pct <= 100
            ):
                raise TravellerError(
                    f"adjusted score for {name} {pct!r} is not a percentage from 0 to 100"
                )

    @classmethod
    def parse(cls, text: str | Adjusted) -> Adjusted:
        """Read ``A``, ``A+``, ``A-``, ``A+/A-``, ``60/40``, ``60%/40%``, ``50``."""
        if isinstance(text, Adjusted):
            return text
        if not isinstance(text, str):
            raise TravellerError(f"adjusted score {text!r} is not text such as A, A+, A- or 60/40")
        key = text.strip().upper().replace(" ", "")
        parts = key.split("/")
        if len(parts) > 2 or not key:
            raise TravellerError(
                f"adjusted score {text!r} is not one of A, A+, A-, A+/A- or a pair like 60/40"
            )
        pcts = [cls._one(p, text) for p in parts]
        return cls(pcts[0], pcts[-1])

    @classmethod
    def _one(cls, part: str, text: str) -> float:
        if part in cls.NAMES:
            return cls.NAMES[part]
        m = re.fullmatch(r"(\d+(?:\.\d+)?)%?", part)
        if m is None:
            raise TravellerError(
                f"adjusted score {text!r} is not one of A, A+, A-, A+/A- or a pair like 60/40"
            )
        value = float(m.group(1))
        if value > 100:
            raise TravellerError(f"adjusted score {text!r}: {part} is over 100%")
        return value

    def __str__(self) -> str:
        names = {v: k for k, v in self.NAMES.items()}
        if self.ns_pct in names and self.ew_pct in names:
            ns, ew = names[self.ns_pct], names[self.ew_pct]
            return ns if ns == ew else f"{ns}/{ew}"
        return f"{_num(self.ns_pct)}/{_num(self.ew_pct)}"

    def __repr__(self) -> str:
        return f"Adjusted.parse({str(self)!r})"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


Row = float | Adjusted | None


def score_board(
    rows: Sequence[Row],
    scale: str | MPScale = "acbl",
    expected: int | None = None,
) -> list[tuple[float | None, float | None]]:
    """One board's (NS mp, EW mp) per row.

    ``rows``: an NS score, an :class:`Adjusted` score, or ``None`` (not played: ``(None,
    None)``). The full field is every row that is not ``None``, or ``expected`` results if
    given. Adjusted rows get their percentages of the full top. The real results are compared
    among themselves, then Neuberg-factored up to the full top when there are fewer of them than
    the full field (EBU practice, rules.md §5 "Interplay"). Values are not rounded.

    >>> score_board([420, 420, 170])
    [(1.5, 0.5), (1.5, 0.5), (0.0, 2.0)]
    >>> [(round(a, 2), round(b, 2)) for a, b in score_board([420, 170], expected=3)]
    [(1.75, 0.25), (0.25, 1.75)]
    """
    mp_scale = MPScale.parse(scale)
    real: list[int] = []
    played = 0
    for i, row in enumerate(rows):
        if row is None:
            continue
        played += 1
        if isinstance(row, Adjusted):
            continue
        if isinstance(row, bool) or not isinstance(row, int | float) or not math.isfinite(row):
            raise TravellerError(f"row {i + 1}: score {row!r} is not a number")
        real.append(i)
    full = played if expected is None else _count(expected, "expected results")
    if full < played:
        raise TravellerError(
            f"expected results {full} is fewer than the {played} results on the board"
        )
    full_top = top(full, mp_scale)
    n = len(real)
    real_top = top(n, mp_scale)
    mps = matchpoints([float(rows[i]) for i in real], mp_scale)  # type: ignore[arg-type]
    out: list[tuple[float | None, float | None]] = [(None, None)] * len(rows)
    for i, mp in zip(real, mps, strict=True):
        ew = real_top - mp
        if n < full:
            out[i] = (neuberg(mp, n, full, mp_scale), neuberg(ew, n, full, mp_scale))
        else:
            out[i] = (mp, ew)
    for i, row in enumerate(rows):
        if isinstance(row, Adjusted):
            out[i] = (row.ns_pct * full_top / 100, row.ew_pct * full_top / 100)
    return out
