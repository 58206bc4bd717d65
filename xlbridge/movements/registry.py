"""Every movement kind the command line and the workbook engine can build, by name.

``KINDS`` maps a kind name to a :class:`KindInfo`: its generator, the table counts it supports
and a one-line description. A generator takes keyword arguments ``tables``,
``boards_per_round``, ``rounds`` (``None`` = the kind's default) plus kind-specific ones, and
returns a :class:`~xlbridge.movements.model.Movement`.

Generator modules written by other parts of the package (``howell``, ``individual``, ``home``,
``teams``) expose their own module-level ``KINDS: dict[str, KindInfo]``; they are merged here
when present.

>>> info = KINDS["mitchell"]
>>> info.tables
'3-30'
>>> info.build(tables=7).rounds
7
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import MovementError
from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES, check_count
from xlbridge.movements.model import Movement
from xlbridge.types import FAMILY_NAMES, FamilyName

__all__ = [
    "FAMILIES",
    "FAMILY_NAMES",
    "KINDS",
    "FamilyName",
    "KindInfo",
    "family_of",
    "family_of_file_movement",
    "get_kind",
    "parse_table_range",
]

# The game family of each kind decides the form of its workbook (product spec, "Game families").
# A kind not listed here is a pairs game.
FAMILIES: dict[str, FamilyName] = {
    **dict.fromkeys(("rainbow", "individual-2", "individual-3", "six-couples"), "individual"),
    **dict.fromkeys(
        ("head-to-head", "round-robin-3", "round-robin-4", "board-a-match", "knockout",
         "swiss-teams", "marvin-4", "marvin-6", "marvin-8"),
        "teams",
    ),
    **dict.fromkeys(
        ("rubber", "chicago", "four-player", "five-player", "six-player", "progressive",
         "swiss-pairs", "round-robin-pairs", "marathon"),
        "social",
    ),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class KindInfo:
    """One movement kind: name, what it is, the table counts it supports, its generator.

    ``tables`` is a range description such as ``"2-13"`` or ``"5,7,11,13"`` (see
    :func:`parse_table_range`).
    """

    name: str
    description: str
    tables: str
    build: Callable[..., Movement]

    def __post_init__(self) -> None:
        # Every generator reached through the registry checks its counts before any work
        # (xlbridge.limits): a huge --tables or --boards-per-round is one line, not a hang.
        if not getattr(self.build, "_xlbridge_checked", False):
            object.__setattr__(self, "build", _checked(self, self.build))

    def supports(self, tables: int) -> bool:
        """Whether ``tables`` is in this kind's supported range.

        >>> KindInfo("x", "example", "2-4,7", lambda **kw: None).supports(7)  # type: ignore
        True
        """
        return tables in parse_table_range(self.tables)


def _checked(info: KindInfo, build: Callable[..., Movement]) -> Callable[..., Movement]:
    """``build`` with its counts checked first: tables in the kind's range, boards per round
    and rounds in :mod:`xlbridge.limits`' ranges."""

    @functools.wraps(build)
    def checked(*args: Any, **kwargs: Any) -> Movement:
        tables = kwargs.get("tables", args[0] if args else None)
        if tables is not None:
            check_count(tables, f"{info.name}: tables", TABLES)
            if not info.supports(tables):
                raise MovementError(
                    f"{info.name}: {tables} tables is not supported (supported: {info.tables})"
                )
        if kwargs.get("boards_per_round") is not None:
            bpr = kwargs["boards_per_round"]
            check_count(bpr, f"{info.name}: boards per round", BOARDS_PER_ROUND)
        if kwargs.get("rounds") is not None:
            check_count(kwargs["rounds"], f"{info.name}: rounds", ROUNDS)
        return build(*args, **kwargs)

    checked._xlbridge_checked = True  # type: ignore[attr-defined]
    return checked


def parse_table_range(text: str) -> frozenset[int]:
    """The table counts a range description names.

    >>> sorted(parse_table_range("3-5,8"))
    [3, 4, 5, 8]
    """
    out: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if "-" in part:
            lo, hi = part.split("-", 1)
            out.update(range(int(lo), int(hi) + 1))
        else:
            out.add(int(part))
    return frozenset(out)


def _own_kinds() -> dict[str, KindInfo]:
    from xlbridge.movements import mitchell as mi
    from xlbridge.movements import sections, web

    def kind(name: str, description: str, tables: str, build: Callable[..., Movement]) -> None:
        kinds[name] = KindInfo(name, description, tables, build)

    kinds: dict[str, KindInfo] = {}
    kind(
        "mitchell",
        "Mitchell: NS stationary, EW up one, boards down one (even: relay+bye-stand or skip)",
        "3-30",
        mi.mitchell,
    )
    kind(
        "extended-mitchell",
        "Extended Mitchell: tables + 2 rounds (Manning Tables IV/IVa, V)",
        "3-30",
        mi.extended_mitchell,
    )
    kind(
        "rover",
        "Rover Mitchell: T-1 rounds, rover pair moves up two (Manning Table IIIa)",
        ",".join(str(t) for t in range(6, 31) if t % 6 in (0, 2)),
        mi.rover,
    )
    kind(
        "worger",
        "Worger: T+1 rounds with a roving set of boards (Manning Table IIIb)",
        ",".join(str(t) for t in range(5, 30) if t % 2 == 1 and t % 3 != 0),
        mi.worger,
    )
    kind(
        "bowman",
        "Bowman: tables - 2 rounds, dual of the extended Mitchell",
        "5-30",
        mi.bowman,
    )
    kind(
        "add-table",
        "Section after adding a table mid-session, 13 rounds (ACBL guide chart; --tables = "
        "original size)",
        "14-17",
        lambda tables, **kw: sections.add_table(tables).movement(**kw),
    )
    kind(
        "web",
        "Web Mitchell: 26 boards, every pair plays every board (ACBL guide)",
        "15,17,19,21,23,25",
        web.web,
    )
    kind(
        "twin",
        "Twinned sub-sections, boards circulating separately (ACBL guide, 18 tables)",
        "16,18,20,22",
        web.twinned,
    )
    return kinds


def _load() -> dict[str, KindInfo]:
    kinds = _own_kinds()
    for mod in ("howell", "individual", "home", "teams"):
        module = importlib.import_module(f"xlbridge.movements.{mod}")
        theirs: Any = getattr(module, "KINDS", {})
        for key, info in theirs.items():
            kinds.setdefault(key, info)
    from xlbridge.movements.barometer import BASES, barometer_kind

    for name, base in BASES.items():
        raw = inspect.unwrap(kinds[base].build)  # checked again, under the barometer's name
        kinds[name] = KindInfo(
            name,
            f"Barometer {base.title()}: every table plays the same boards in a round; pairs "
            f"move as in the {base.title()}",
            kinds[base].tables,
            barometer_kind(name, raw),
        )
    return kinds


class _Kinds(Mapping[str, KindInfo]):
    """Loaded on first use, so a generator module may import :class:`KindInfo` from here."""

    def __init__(self) -> None:
        self._kinds: dict[str, KindInfo] | None = None

    def _get(self) -> dict[str, KindInfo]:
        if self._kinds is None:
            self._kinds = _load()
        return self._kinds

    def __getitem__(self, key: str) -> KindInfo:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


KINDS: Mapping[str, KindInfo] = _Kinds()


def family_of_file_movement(movement: Movement) -> FamilyName:
    """The game family of a club's own movement (``new --movement-file``): players by seat
    make an individual game, pairs by table a pairs game.

    >>> from xlbridge.movements.howell import howell
    >>> family_of_file_movement(howell(3))
    'pairs'
    """
    return "individual" if movement.individual else "pairs"


def family_of(name: str) -> FamilyName:
    """The game family of a kind: ``pairs``, ``individual``, ``teams`` or ``social``.

    >>> family_of("mitchell"), family_of("rainbow"), family_of("head-to-head"), family_of("rubber")
    ('pairs', 'individual', 'teams', 'social')
    """
    return FAMILIES.get(name, "pairs")


def get_kind(name: str) -> KindInfo:
    """The kind called ``name`` (any case), or a clear error naming the close kinds.

    >>> get_kind("Mitchell").name
    'mitchell'
    >>> get_kind("mitchel")
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: unknown movement kind 'mitchel'; did you mean mitchell?
    """
    import difflib

    from xlbridge.errors import MovementError

    key = name.strip().lower()
    try:
        return KINDS[key]
    except KeyError:
        close = difflib.get_close_matches(key, sorted(KINDS), n=3, cutoff=0.6)
        hint = (
            f"did you mean {' or '.join(close)}?"
            if close
            else f"known kinds: {', '.join(sorted(KINDS))}"
        )
        raise MovementError(f"unknown movement kind {name!r}; {hint}") from None
