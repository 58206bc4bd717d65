"""Several sections playing the same boards, scored across the field (seed 003, issue 22).

Each section has its own movement and table count; the boards are duplicated so that every
section plays the same deals ("floor duplication is considered feasible for up to three
sections", seed 003). The sections are joined into one movement for the workbook: the pair
ids run on from section to section and every label carries its section (``A-NS 3``,
``B-EW 2``); table numbers stay each section's own (table 3 of A and table 3 of B), so a
section's table and guide cards are those of its own movement.

>>> f = join_sections(parse_sections("A:mitchell:3,B:mitchell:4"), 2)
>>> [s.letter for s in f.sections], f.movement.tables, len(f.movement.pairs)
(['A', 'B'], 7, 14)
>>> f.movement.label(7), f.section_of("B-EW 1"), f.section_of("NS 1")
('B-NS 1', 'B', '')
>>> f.spec
'A:mitchell:3,B:mitchell:4'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from xlbridge.errors import MovementError
from xlbridge.limits import check_session_plays
from xlbridge.movements.model import Entry, Movement, Pair

__all__ = [
    "FIELD_KIND",
    "MAX_SECTIONS",
    "SECTION_SCORINGS",
    "Field",
    "Section",
    "SectionSpec",
    "comparison_group",
    "join_sections",
    "parse_board_sets",
    "parse_sections",
    "section_fields",
    "section_of",
]

#: The Movement line of a sectioned workbook's Session sheet (no kind of the registry).
FIELD_KIND = "sections"
MAX_SECTIONS = 26  # one letter each, A to Z
_SPEC = re.compile(r"([A-Z]):([a-z0-9-]+):([0-9]{1,3})", re.ASCII)
SEPARATOR = "-"  # between the section letter and the section's own label: A-NS 3
#: How a sectioned session's boards are matchpointed: ``field`` (every section's results on a
#: board together) or ``section`` (each section's results on their own, its own top).
SECTION_SCORINGS = ("field", "section")


@dataclass(frozen=True, slots=True)
class SectionSpec:
    """One section as ``--sections`` gives it: its letter, movement kind and tables."""

    letter: str
    kind: str
    tables: int

    def __str__(self) -> str:
        return f"{self.letter}:{self.kind}:{self.tables}"


def parse_sections(text: str) -> tuple[SectionSpec, ...]:
    """``A:mitchell:7,B:mitchell:6`` -> the sections, each letter once, at least two.

    >>> [str(s) for s in parse_sections(" a:mitchell:7, B:Howell:4 ")]
    ['A:mitchell:7', 'B:howell:4']
    >>> parse_sections("A:mitchell:7")
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: --sections: give two sections or more (A:mitchell:7,B:mitchell:6)
    >>> parse_sections("A:mitchell:7,A:howell:3")
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: --sections: section A is given twice
    """
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    out: list[SectionSpec] = []
    for part in parts[: MAX_SECTIONS + 1]:
        letter, _, rest = part.partition(":")
        m = _SPEC.fullmatch(f"{letter.strip().upper()}:{rest.strip().lower()}")
        if m is None:
            raise MovementError(
                f"--sections: {part[:30]!r} is not LETTER:KIND:TABLES (A:mitchell:7)"
            )
        if any(s.letter == m.group(1) for s in out):
            raise MovementError(f"--sections: section {m.group(1)} is given twice")
        out.append(SectionSpec(m.group(1), m.group(2), int(m.group(3))))
    if len(parts) > MAX_SECTIONS:
        raise MovementError(f"--sections: at most {MAX_SECTIONS} sections (A to Z)")
    if len(out) < 2:
        raise MovementError("--sections: give two sections or more (A:mitchell:7,B:mitchell:6)")
    return tuple(out)


def section_of(label: str, letters: Sequence[str]) -> str:
    """The section of a pair label (``B`` of ``B-EW 2``), ``""`` when it names none of
    ``letters``.

    >>> section_of("B-EW 2", "AB"), section_of("C-3", "AB"), section_of("NS 1", "AB")
    ('B', '', '')
    """
    head, sep, _ = label.partition(SEPARATOR)
    return head if sep and head in letters else ""


@dataclass(frozen=True, slots=True)
class Section:
    """One section: its letter and its movement, labels and ids as in the joined movement."""

    letter: str
    movement: Movement

    @property
    def pair_ids(self) -> tuple[int, ...]:
        return self.movement.pair_ids


@dataclass(frozen=True, slots=True)
class Field:
    """The sections and the one movement they make together (``kind`` :data:`FIELD_KIND`)."""

    sections: tuple[Section, ...]
    movement: Movement
    specs: tuple[SectionSpec, ...] = ()
    scoring: str = "field"  # one of SECTION_SCORINGS
    # Board sets (``--board-sets AB,CD``): the sections of each set play one set of boards (a
    # board 1 of set AB is another deal than CD's); () when every section plays the one set.
    sets: tuple[str, ...] = ()

    @property
    def grouped(self) -> bool:
        """Whether a board's rows are compared in groups (sections or board sets), not all."""
        return self.scoring == "section" or bool(self.sets)

    def group_of(self, section: str) -> str:
        """The comparison group of a section's rows on a board (:func:`comparison_group`)."""
        return comparison_group(section, self.scoring, self.sets)

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(s.letter for s in self.sections)

    @property
    def spec(self) -> str:
        """The sections as ``--sections`` takes them (written on the Session sheet)."""
        return ",".join(map(str, self.specs))

    def section_of(self, label: str) -> str:
        """The section letter of a pair label, ``""`` when none."""
        return section_of(label, self.letters)

    def section_of_pair(self) -> dict[int, int]:
        """Pair id -> the index of its section (0 for the first)."""
        return {p: i for i, s in enumerate(self.sections) for p in s.pair_ids}


def parse_board_sets(text: str, letters: Sequence[str]) -> tuple[str, ...]:
    """The board sets of ``--board-sets`` (``AB,CD``): each a run of section letters; every
    section in exactly one set, two sets or more.

    >>> parse_board_sets("AB,CD", "ABCD")
    ('AB', 'CD')
    >>> parse_board_sets("AB,C", "ABCD")
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: --board-sets: section D is in no set (AB,CD: each section in one)
    """
    sets = tuple(x.strip() for x in text[:200].split(","))
    if len(sets) < 2:
        raise MovementError("--board-sets: give two sets or more (AB,CD); one set is the default")
    seen: list[str] = []
    for x in sets:
        if not x or not all(c in letters for c in x):
            raise MovementError(
                f"--board-sets: {x[:20]!r} is not a run of this session's section letters "
                f"({''.join(letters)})"
            )
        seen += x
    for c in letters:
        if seen.count(c) != 1:
            where = "in no set" if c not in seen else "in more than one set"
            raise MovementError(
                f"--board-sets: section {c} is {where} (AB,CD: each section in one)"
            )
    return sets


def comparison_group(section: str, scoring: str, sets: Sequence[str]) -> str:
    """Which rows of a board a section's rows are compared with: its own section (section
    scoring), its board set (every section of the set plays those deals), or the whole field
    (``""``).

    >>> comparison_group("B", "field", ("AB", "CD")), comparison_group("B", "section", ("AB",))
    ('AB', 'B')
    >>> comparison_group("B", "field", ())
    ''
    """
    if scoring == "section":
        return section
    return next((x for x in sets if section in x), "")


def section_fields(plays: Iterable[tuple[int, str]]) -> dict[str, int]:
    """Each comparison group's full field (a section under section scoring, a board set): the
    most results any board has in that group (one ``(board, group)`` a play), as a session
    takes the most times any board is played. A board the group plays fewer times is
    Neuberg-factored to it.

    >>> section_fields([(1, "A"), (1, "A"), (2, "A"), (1, "B")])
    {'A': 2, 'B': 1}
    """
    count: dict[tuple[int, str], int] = {}
    for key in plays:
        count[key] = count.get(key, 0) + 1
    out: dict[str, int] = {}
    for (_board, section), n in count.items():
        out[section] = max(out.get(section, 0), n)
    return out


def _relabel(letter: str, m: Movement, offset: int) -> Movement:
    """``m`` with pair ids moved up by ``offset`` and every label prefixed with the letter."""

    def up(pid: int | None) -> int | None:
        return None if pid is None else pid + offset

    entries = tuple(replace(e, ns=up(e.ns), ew=up(e.ew)) for e in m.entries)
    return replace(
        m,
        pairs=tuple(Pair(p.id + offset, f"{letter}{SEPARATOR}{p.label}") for p in m.pairs),
        entries=entries,
        sit_outs=tuple((r, p + offset) for r, p in m.sit_outs),
        _labels={},
    )


def join_sections(specs: Sequence[SectionSpec], boards_per_round: int | None = None) -> Field:
    """Build each section's movement (registry kind, its tables, ``boards_per_round``) and join
    them into one. Every kind must be a pairs movement; individual and team movements have no
    sections here.

    >>> join_sections(parse_sections("A:mitchell:3,B:rainbow:3"))
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: section B: rainbow is an individual game; sections are for ...
    """
    from xlbridge.movements.registry import family_of, get_kind

    built: list[tuple[str, Movement]] = []
    for s in specs:
        family = family_of(s.kind)
        if family != "pairs":
            raise MovementError(
                f"section {s.letter}: {s.kind} is {'an' if family[0] in 'aeiou' else 'a'} "
                f"{family} game; sections are for pairs games only"
            )
        info = get_kind(s.kind)
        if not info.supports(s.tables):
            raise MovementError(
                f"section {s.letter}: {s.kind} for {s.tables} tables is not supported "
                f"(supported: {info.tables})"
            )
        kwargs = {} if boards_per_round is None else {"boards_per_round": boards_per_round}
        built.append((s.letter, info.build(tables=s.tables, **kwargs)))
    return join_movements(built, specs)


def join_movements(
    built: Sequence[tuple[str, Movement]], specs: Sequence[SectionSpec] = ()
) -> Field:
    """Join sections' movements (letter, movement) into one :class:`Field`."""
    per_round = {m.boards_per_round for _, m in built}
    if len(per_round) > 1:
        raise MovementError("sections: every section plays the same boards a round")
    plays = sum(len(e.boards) for _, m in built for e in m.entries)
    check_session_plays(plays, f"{len(built)} sections", MovementError)
    sections: list[Section] = []
    offset = 0
    for letter, m in built:
        if m.individual:
            raise MovementError(f"section {letter}: individual movements have no sections")
        sections.append(Section(letter, _relabel(letter, m, offset)))
        offset = max((p.id for p in sections[-1].movement.pairs), default=offset)
    entries: tuple[Entry, ...] = tuple(e for s in sections for e in s.movement.entries)
    joined = Movement(
        kind=FIELD_KIND,
        tables=sum(s.movement.tables for s in sections),
        rounds=max(s.movement.rounds for s in sections),
        boards_per_round=per_round.pop(),
        pairs=tuple(p for s in sections for p in s.movement.pairs),
        entries=entries,
        sit_outs=tuple(x for s in sections for x in s.movement.sit_outs),
        notes=tuple(f"Section {s.letter}: {n}" for s in sections for n in s.movement.notes),
    )
    return Field(tuple(sections), joined, tuple(specs))
