"""The game families behind one registry: the one :class:`Family` protocol (write, read,
render, rebuild, import, record, the next round), and the jobs that start from a user's
workbook and must first ask which family it is. Every face asks here and names no family.

A family is declared once, in its folder's ``__init__.py`` (``FAMILY``, most of it from
:class:`PackageFamily`), with the pieces that know its workbook loaded only when a job needs
them, so that ``xlbridge --help`` stays light.

>>> [f.name for f in all_families()]
['pairs', 'individual', 'teams', 'social']
>>> family("chess")
Traceback (most recent call last):
...
xlbridge.errors.WorkbookError: no game family 'chess'; families: pairs, individual, teams, social
>>> family("social").rebuild_adapter() is not None, family("social").importer() is None
(True, True)
>>> all(f.rebuild_adapter() is not None for f in all_families())
True
>>> swiss_kinds()
('swiss-pairs', 'swiss-teams')
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, cast

from xlbridge.errors import WorkbookError
from xlbridge.movements.registry import FAMILY_NAMES, FamilyName

if TYPE_CHECKING:
    from openpyxl import Workbook

    from xlbridge.club.sessions import RecordOutcome, SessionRecord
    from xlbridge.families.duplicate.frames import SessionFrames
    from xlbridge.interchange.bws_write import BwsSession
    from xlbridge.interchange.deals import HandRecord
    from xlbridge.movements.field import Field
    from xlbridge.movements.model import Movement
    from xlbridge.rebuild.family import FamilyRebuilt
    from xlbridge.rebuild.importing import Filler, Imported
    from xlbridge.rebuild.slots import FamilyAdapter, NextRound, RebuildChange
    from xlbridge.results.read_family import ScoredWorkbook
    from xlbridge.results.session import SessionInput, SessionResults
    from xlbridge.results.usebio import UsebioOptions
    from xlbridge.scoring.choices import OutputFormat
    from xlbridge.workbook.cells import Book

    Scored: TypeAlias = SessionResults | ScoredWorkbook  # a workbook read and scored again

__all__ = [
    "FAMILY_NAMES",
    "Deals",
    "Family",
    "FamilyName",
    "PackageFamily",
    "Recorded",
    "RecordedWorkbook",
    "RenderRequest",
    "Rendered",
    "WriteRequest",
    "Written",
    "adapter_for",
    "all_families",
    "bridgemate_session",
    "family",
    "import_results",
    "read_session",
    "read_workbook",
    "reader_for",
    "rebuild_family",
    "rebuild_in_memory",
    "record_of",
    "record_workbook",
    "render_results",
    "rendered_by_reader",
    "score_workbook",
    "swiss_kinds",
    "swiss_next",
    "write_workbook",
]

_Options = TypeVar("_Options")


@dataclass(frozen=True, slots=True)
class Deals:
    """The hand records ``new`` puts on the travellers and a Hand Records sheet: each board's
    deal from a PBN file (``pbn``), or dealt by computer (``deal``, ``seed`` to repeat them);
    neither: none.

    >>> Deals().records([1, 2])
    []
    >>> Deals(seed=7).records([1])
    Traceback (most recent call last):
    ...
    xlbridge.errors.DealError: --seed goes with --deal (deal the boards by computer)
    """

    pbn: str | os.PathLike[str] | None = None
    deal: bool = False
    seed: int | None = None

    @property
    def given(self) -> bool:
        """Whether any hand record is asked for."""
        return self.pbn is not None or self.deal

    def records(self, boards: Iterable[int]) -> list[HandRecord]:
        """The analysed hand records of ``boards`` ([] when none is asked for); a board missing
        from the PBN file is one error naming it."""
        from xlbridge.errors import DealError

        if self.pbn and self.deal:
            raise DealError("give --deals FILE.pbn or --deal, not both")
        if self.seed is not None and not self.deal:
            raise DealError("--seed goes with --deal (deal the boards by computer)")
        if not self.pbn and not self.deal:
            return []
        from xlbridge.interchange.deals import analyse, deal_boards, for_boards, read_pbn
        from xlbridge.limits import check_session_boards

        numbers = list(boards)
        check_session_boards(len(numbers))  # before dealing and solving each board
        records = (for_boards(read_pbn(os.fspath(self.pbn)), numbers, os.fspath(self.pbn))
                   if self.pbn else deal_boards(numbers, self.seed))  # fmt: skip
        return analyse(records)


@dataclass(frozen=True, slots=True)
class WriteRequest:
    """What ``new`` asks a family to write: the kind, its size (tables, boards a round, rounds),
    the event (None: the family's own default, ``Club pairs``, ``Club teams``, ...), the date,
    and the family's own options by their ``new`` names without dashes (``scoring="butler"``,
    ``vp_scale="vp20"``, ``rounding="down"``), each other option at ``new``'s default.

    Besides, what ``new`` reads from the user's files: a movement built already (``movement``:
    a club's own, ``--movement-file``; its kind and size are then the movement's), sections on
    the same boards (``sections``: their joined field, ``--sections``), the names file
    (``names``: a row per pair, player or team), the club register that fills the players it
    gives by number only (``db``; None: ``club.sqlite`` here, if any) and the hand records
    (``deals``).

    >>> WriteRequest("mitchell", 5, 3, options={"scoring": "butler"}).options["scoring"]
    'butler'
    >>> WriteRequest("mitchell", 5, 3, names="names.csv").reads_files
    True
    """

    kind: str
    tables: int
    boards_per_round: int | None = None
    rounds: int | None = None
    event: str | None = None
    date: str = ""
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    movement: Movement | None = None
    sections: Field | None = None
    names: str | os.PathLike[str] | None = None
    db: str | os.PathLike[str] | None = None
    deals: Deals = Deals()

    @property
    def reads_files(self) -> bool:
        """Whether the request gives more than a kind, its size and options (a movement,
        sections, a names file, a register or hand records)."""
        return (self.movement is not None or self.sections is not None
                or self.names is not None or self.db is not None or self.deals.given)  # fmt: skip

    def refuse_inputs(self, game: str, keep: tuple[str, ...] = ()) -> None:
        """One line for what the request reads that ``game`` (the family's games in a
        sentence) has no use for: its fields ``movement``, ``sections``, ``names``, ``db`` and
        ``deals`` other than those it keeps.

        >>> WriteRequest("rubber", 1, deals=Deals(deal=True)).refuse_inputs("a social game")
        Traceback (most recent call last):
        ...
        xlbridge.errors.WorkbookError: rubber is a social game, which takes no hand records ...
        """
        given = {
            "movement": (self.movement is not None, "movement file (--movement-file)"),
            "sections": (self.sections is not None, "sections (--sections)"),
            "names": (self.names is not None, "names file (--names)"),
            "db": (self.db is not None, "club register (--db)"),
            "deals": (self.deals.given, "hand records (--deals, --deal)"),
        }
        for name, (there, what) in given.items():
            if there and name not in keep:
                raise WorkbookError(f"{self.kind} is {game}, which takes no {what}")

    def options_as(self, defaults: _Options) -> _Options:
        """``defaults`` (a frozen dataclass of a family's options) with this request's
        options; an option the family's games do not take is refused in one line.

        >>> from xlbridge.movements.options import MovementArgs
        >>> WriteRequest("howell", 4, options={"rounds": 3}).options_as(MovementArgs()).rounds
        3
        >>> WriteRequest("howell", 4, options={"vp_scale": "wbf"}).options_as(MovementArgs())
        Traceback (most recent call last):
        ...
        xlbridge.errors.WorkbookError: howell: option 'vp_scale' is not one of its games' ...
        """
        taken = {f.name for f in dataclasses.fields(defaults)}  # type: ignore[arg-type]
        for name in self.options:
            if name not in taken:
                raise WorkbookError(
                    f"{self.kind}: option {name[:40]!r} is not one of its games' options"
                    f" ({', '.join(sorted(taken))})"
                )
        return dataclasses.replace(defaults, **self.options)  # type: ignore[type-var]


@dataclass(frozen=True, slots=True)
class Written:
    """A workbook ``new`` wrote (``path``) and what it holds, in the words ``new`` prints after
    ``wrote PATH:`` (``summary``: ``26 boards, 14 pairs``)."""

    path: Path
    summary: str


@dataclass(frozen=True, slots=True)
class RenderRequest:
    """What ``results`` asks for: the format (``text``, ``csv``, ``json``, ``html``, ``usebio``,
    ``pbn``), the CSV table, the workbook read (``source``: its Hand Records sheet) or a PBN
    file of hand records (``deals``), and USEBIO's club name, club id and charge code.

    >>> RenderRequest("csv", "results").table
    'results'
    """

    fmt: OutputFormat
    table: str = "standings"
    source: str | os.PathLike[str] | None = None
    deals: str | os.PathLike[str] | None = None
    club: str = ""
    club_id: str = ""
    charge_code: str = ""
    masterpoints: str = ""  # the masterpoint scale (``ebu-club``); "" awards none
    program_version: str = ""  # USEBIO's PROGRAM_VERSION ("" the installed package's)

    def usebio_options(self) -> UsebioOptions:
        """What the USEBIO file carries besides the results."""
        from xlbridge.results.usebio import UsebioOptions

        return UsebioOptions(self.club, self.club_id, self.charge_code, self.program_version,
                             self.masterpoints)  # fmt: skip

    def deals_of(self) -> dict[int, str] | None:
        """The hand records of the HTML page and USEBIO's ``HANDSET``: the PBN file given, else
        the workbook's Hand Records sheet (None when neither has any)."""
        from xlbridge.results.render import deals_of

        if self.source is None and not self.deals:
            return None
        return deals_of(Path(self.source or ""), Path(self.deals) if self.deals else None)


@dataclass(frozen=True, slots=True)
class Rendered:
    """A rendered output, with the lines a face prints on standard error before writing it
    (``warnings``: what the format could not carry) and after it (``notes``)."""

    data: str | bytes
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Recorded:
    """A session as the club register keeps it, and whether any result is entered yet."""

    record: SessionRecord
    entered: bool


@dataclass(frozen=True, slots=True)
class RecordedWorkbook:
    """A filled workbook recorded in the club register: what was recorded, what the register
    did with it, and how many of the workbook's problems are open (then ``provisional``)."""

    record: SessionRecord
    outcome: RecordOutcome
    open_problems: int


class Family(Protocol):
    """What the engines and faces ask of a game family (each family's ``FAMILY`` in its
    ``__init__``): no face names a family, it asks this registry."""

    @property
    def name(self) -> FamilyName:
        """``pairs``, ``individual``, ``teams`` or ``social``."""

    def write(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Path:  # fmt: skip
        """Write the workbook ``request`` asks for to ``out`` (``.xlsx``, atomically; an
        existing file only with ``force``) and return its path."""

    def write_new(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Written:  # fmt: skip
        """What ``xlbridge new`` does: :meth:`write`, the files ``request`` names read first,
        and say what the workbook holds."""

    def read(self, formulas: Book, cached: Book) -> SessionInput | ScoredWorkbook:
        """Read a filled workbook (its formulas and its stored values) for ``results``."""

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        """``res`` (what :meth:`read` gave, scored) in the requested format; a format the
        family's games have no use for is refused in one line."""

    def record(self, res: Scored) -> Recorded:
        """``res`` as the club register keeps it (``club record``); a family the register
        does not keep is refused in one line."""

    def rebuild_adapter(self) -> FamilyAdapter | None:
        """The adapter the rebuild engine carries entries with (None: rebuilt on its own)."""

    def importer(self) -> tuple[Filler, bool] | None:
        """The filler ``import`` places a scorer's rows with, and whether rows of every section
        are read (a team match); None: the family's games are scored on paper."""

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        """What ``swiss next`` asks of a ``kind`` workbook of this family: given the workbook
        (opened with its formulas) and its name for messages, the next round and the rebuild
        change that pairs it; None: the kind has no Swiss next round."""


class PackageFamily:
    """What most of :class:`Family` is for a family in its own package (``package``): its
    ``new.write_new`` writes, its ``rebuild.ADAPTER`` rebuilds, its reader's results render
    themselves, and the club register, ``import`` and ``swiss next`` refuse it. A family's
    ``FAMILY`` subclasses this and gives its own ``read`` and whatever else it does.

    >>> PackageFamily("social", "xlbridge.families.social").importer() is None
    True
    """

    def __init__(self, name: FamilyName, package: str) -> None:
        self._name: FamilyName = name
        self._package = package

    @property
    def name(self) -> FamilyName:
        return self._name

    def own(self, module: str, attr: str) -> object:
        """``attr`` of the family's ``module`` (``build``, ``rebuild``, ...), loaded now."""
        return getattr(importlib.import_module(f"{self._package}.{module}"), attr)

    def write(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Path:  # fmt: skip
        return self.write_new(request, out, template=template, force=force).path

    def write_new(
        self, request: WriteRequest, out: str | os.PathLike[str], *,
        template: str | os.PathLike[str] | None = None, force: bool = False,
    ) -> Written:  # fmt: skip
        write = cast("Callable[..., Written]", self.own("new", "write_new"))
        return write(request, out, template=template, force=force)

    def read(self, formulas: Book, cached: Book) -> SessionInput | ScoredWorkbook:
        raise WorkbookError(f"{self._name} workbooks have no reader")  # each family gives one

    def render(self, res: Scored, request: RenderRequest) -> Rendered:
        if request.masterpoints and request.fmt != "usebio":
            raise WorkbookError(
                f"masterpoints are awarded for pairs, individual and teams workbooks;"
                f" this is a {self._name} workbook"
            )
        if request.fmt == "usebio":  # the family writes its own (teams; social refuses)
            return Rendered(self.usebio(res, request.usebio_options(), request.deals_of()))
        return rendered_by_reader(res, request)

    def record(self, res: Scored) -> Recorded:
        raise WorkbookError(
            f"this is a {self._name} game workbook; the club register records pairs,"
            " individuals and teams sessions"
        )

    def rebuild_adapter(self) -> FamilyAdapter | None:
        return cast("FamilyAdapter", self.own("rebuild", "ADAPTER"))

    def importer(self) -> tuple[Filler, bool] | None:
        return None

    def swiss_next(self, kind: str) -> Callable[[Workbook, str], NextRound] | None:
        return None

    def usebio(
        self, res: Scored, options: UsebioOptions, deals: Mapping[int, str] | None
    ) -> bytes:
        """The federation's file of the family's results (what :meth:`render` gives for
        ``usebio``); refused in one line unless the family writes one (teams)."""
        from xlbridge.results.read_family import refuse

        raise refuse("usebio", self._name, getattr(res, "kind", self._name))


def family(name: str) -> Family:
    """The family called ``name`` (one line naming the families otherwise)."""
    if name not in FAMILY_NAMES:
        raise WorkbookError(f"no game family {name!r}; families: {', '.join(FAMILY_NAMES)}")
    return cast("Family", importlib.import_module(f"xlbridge.families.{name}").FAMILY)


def all_families() -> tuple[Family, ...]:
    """Every family, in the order of :data:`FAMILY_NAMES`."""
    return tuple(family(n) for n in FAMILY_NAMES)


def reader_for(name: str) -> Family:
    """The family that reads ``name``'s workbooks (``results``)."""
    return family(name)


def read_workbook(path: str | os.PathLike[str]) -> SessionResults | ScoredWorkbook:
    """Read a filled workbook of any family through the gate and score it again in Python."""
    from xlbridge.families.duplicate.score import score_session
    from xlbridge.interchange.gate import load_workbook
    from xlbridge.results.session import SessionInput
    from xlbridge.workbook.cells import Book
    from xlbridge.workbook.session import family_of_workbook

    formulas, cached = Book.views(load_workbook(path, read_only=True, what="workbook"))
    _kind, name = family_of_workbook(formulas)
    got = family(name).read(formulas, cached)
    return score_session(got) if isinstance(got, SessionInput) else got


def score_workbook(
    path: str | os.PathLike[str], refusal: Callable[[str], str] | None = None
) -> SessionResults:
    """Read a filled pairs or individuals workbook through the gate and score it again in
    Python (teams and social workbooks: :func:`read_workbook`); ``refusal`` gives the line
    refusing another family's workbook, from the family's name."""
    from xlbridge.results.session import SessionResults

    got = read_workbook(path)
    if not isinstance(got, SessionResults):
        raise WorkbookError(
            refusal(got.family) if refusal is not None else
            f"this is a {got.family} workbook; session tables are for pairs and individuals"
            " (use xlbridge results FILE --format json)"
        )  # fmt: skip
    return got


def read_session(path: str | os.PathLike[str]) -> SessionFrames:
    """Read a filled session workbook (through the safe-reading gate), score it again in
    Python and return its tables as DataFrames (``xlbridge.read_session``)."""
    from xlbridge.families.duplicate.frames import frames_of

    return frames_of(score_workbook(path))


def write_workbook(
    request: WriteRequest, out: str | os.PathLike[str], *,
    template: str | os.PathLike[str] | None = None, force: bool = False,
) -> Path:  # fmt: skip
    """Write the workbook of ``request``'s kind by its family (``xlbridge new``)."""
    from xlbridge.movements.registry import family_of, get_kind

    kind = get_kind(request.kind).name  # an unknown kind: one line listing the kinds
    return family(family_of(kind)).write(request, out, template=template, force=force)


def render_results(res: Scored, request: RenderRequest) -> Rendered:
    """``res`` rendered by its family (``xlbridge results``)."""
    return family(res.family).render(res, request)


def rendered_by_reader(res: Scored, request: RenderRequest) -> Rendered:
    """``res`` rendered by itself, for the families whose readers' results render themselves
    (teams, social: :class:`~xlbridge.results.read_family.ScoredWorkbook`)."""
    from xlbridge.results.session import SessionResults

    if isinstance(res, SessionResults):
        raise WorkbookError(f"a {res.family} session's results are rendered by its family")
    return Rendered(res.render(request.fmt, request.table))


def record_of(res: Scored) -> Recorded:
    """``res`` as the club register keeps it, by its family (``xlbridge club record``)."""
    return family(res.family).record(res)


def record_workbook(
    path: str | os.PathLike[str], db: str | os.PathLike[str], *, page: str = "",
    label: str = "", replace: bool = False,
) -> RecordedWorkbook:  # fmt: skip
    """Read a filled workbook (never changing it), score it again in Python and record it in
    the club database ``db`` (created if absent) in one transaction (``xlbridge club record``).
    A workbook whose cells disagree with Python, or with no result entered, is refused in one
    line, as is a family the register does not keep; ``page``: its results page; ``label``
    tells sessions of one event on one day apart; ``replace``: the workbook is the recorded
    session corrected (a recorded session is never replaced otherwise)."""
    from xlbridge.club.sessions import check_label, check_page, check_record, record_session
    from xlbridge.club.store import check_club, open_club

    page = check_page(page)
    label = check_label(label)
    check_club(Path(db))  # said before the workbook is read (seconds of work), nothing changed
    res = read_workbook(path)
    got = record_of(res)  # one line for a family the register does not keep
    if res.disagreements:
        raise WorkbookError(
            f"{len(res.disagreements)} cell(s) of the workbook disagree with Python (xlbridge"
            " results FILE lists them); nothing recorded"
        )
    if not got.entered:
        raise WorkbookError("no result is entered in the workbook yet; nothing recorded")
    rec = dataclasses.replace(got.record, label=label)
    check_record(rec)  # before the database is created: a refused workbook creates nothing
    con = open_club(Path(db), create=True)
    try:
        done = record_session(con, rec, source=Path(path).name, page=page, replace=replace)
    finally:
        con.close()
    return RecordedWorkbook(rec, done, len(res.open_problems))


def adapter_for(name: str) -> FamilyAdapter:
    """The rebuild adapter of a family."""
    adapter = family(name).rebuild_adapter()
    if adapter is None:
        raise WorkbookError(f"{name} workbooks cannot be rebuilt")
    return adapter


def _refuse_others_options(book: Workbook, change: RebuildChange) -> None:
    """A family's own flag asked of another family's workbook: one line naming both."""
    from xlbridge.movements.registry import family_of
    from xlbridge.rebuild.family import read_kind
    from xlbridge.rebuild.notcarried import family_article

    given = [k for k, v in change.options.items() if v not in (None, False, (), [])]
    if not given:
        return
    try:
        kind = read_kind(book)
        name = family_of(kind)
    except WorkbookError:
        return  # the engine says what is wrong with the workbook
    taken = getattr(adapter_for(name), "options", ())
    for flag in given:
        if flag not in taken:
            takers = [n for n in FAMILY_NAMES if flag in getattr(adapter_for(n), "options", ())]
            whose = f"{takers[0]} movements" if takers else "no game family"
            raise WorkbookError(
                f"--{flag.replace('_', '-')} is for {whose}; {kind} is {family_article(name)} game"
            )


def rebuild_in_memory(
    book: Workbook, change: RebuildChange, *, name: str = "the workbook",
    template: str | Path | None = None,
) -> tuple[Workbook, FamilyRebuilt]:  # fmt: skip
    """:func:`xlbridge.rebuild.family.rebuild_in_memory` with the families' adapters."""
    from xlbridge.rebuild import family as engine

    _refuse_others_options(book, change)
    return engine.rebuild_in_memory(
        book, change, adapters=lambda f: adapter_for(f), name=name, template=template
    )


def rebuild_family(
    path: str | os.PathLike[str],
    change: RebuildChange,
    out: str | os.PathLike[str],
    *,
    force: bool = False,
    template: str | Path | None = None,
    book: Workbook | None = None,
) -> FamilyRebuilt:
    """Rebuild the workbook at ``path`` as ``change`` asks (another kind, size or a family's
    own option) into ``out`` (``xlbridge rebuild``): every entry carried by the workbook's
    family, what cannot be listed on its 'Not carried' sheet; ``path`` is only read
    (:func:`xlbridge.rebuild.family.rebuild_family` with the families' adapters)."""
    from xlbridge.interchange.files import xlsx_output
    from xlbridge.interchange.gate import load_workbook
    from xlbridge.rebuild import family as engine

    xlsx_output(out)
    if book is None:
        book = load_workbook(path)
    _refuse_others_options(book, change)
    return engine.rebuild_family(
        path, change, out, adapters=lambda f: adapter_for(f), force=force, template=template,
        book=book,
    )  # fmt: skip


def import_results(
    workbook: str | os.PathLike[str],
    source: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    force: bool = False,
) -> Imported:
    """Read ``source``'s results into a copy of ``workbook`` written to ``out``, placed by the
    workbook's family. Social games (rubber, Chicago, progressive, ...) are scored on paper
    score sheets, which no electronic scorer exports: refused in one line."""
    from xlbridge.rebuild.importing import import_results as engine
    from xlbridge.rebuild.notcarried import family_article

    def filler_for(kind: str, name: FamilyName) -> tuple[Filler, bool]:
        got = family(name).importer()
        if got is None:
            raise WorkbookError(
                f"{kind} is {family_article(name)} game, scored on score sheets that no"
                " electronic scorer exports; import fills pairs, individual and teams workbooks"
            )
        return got

    return engine(workbook, source, out, filler_for=filler_for, force=force)


def swiss_kinds() -> tuple[str, ...]:
    """The kinds whose next round ``swiss next`` pairs (asked of each family)."""
    from xlbridge.movements.registry import FAMILIES

    return tuple(sorted(k for k, f in FAMILIES.items() if family(f).swiss_next(k) is not None))


def _swiss_kind(book: Workbook, path: Path) -> str:
    """The kind on the Session sheet, or one line naming the file."""
    if "Session" not in book.sheetnames:
        raise WorkbookError(f"{str(path)!r} has no Session sheet; not an xlbridge workbook")
    from xlbridge.workbook.session import kind_of_workbook

    return kind_of_workbook(book)


def swiss_next(
    path: str | os.PathLike[str], out: str | os.PathLike[str], *, force: bool = False
) -> tuple[NextRound, FamilyRebuilt]:
    """``swiss next``: the workbook's family pairs the next round (from its reader's standings)
    and the one rebuild engine writes ``out``: the workbook with that round paired, every entry
    carried (what cannot be is listed on its 'Not carried' sheet). ``path`` is only read."""
    from xlbridge.interchange.files import check_output, same_file, xlsx_output
    from xlbridge.interchange.gate import load_workbook
    from xlbridge.movements.registry import family_of

    src, dst = Path(path), xlsx_output(out)

    if dst.exists() and same_file(dst, src):
        raise WorkbookError("the output must be a new file; the entered workbook is never changed")
    check_output(dst, force)  # before the work
    book = load_workbook(src, what="workbook")
    kind = _swiss_kind(book, src)
    pair = family(family_of(kind)).swiss_next(kind)
    if pair is None:
        raise WorkbookError(
            f"{str(src)!r} is a {kind} workbook; swiss next pairs {', '.join(swiss_kinds())}"
        )
    nxt = pair(book, str(src))
    return nxt, rebuild_family(src, nxt.change, dst, force=force, book=book)


def bridgemate_session(path: str | os.PathLike[str]) -> BwsSession:
    """The Bridgemate session (:mod:`xlbridge.interchange.bws_write`) of a workbook ``new``
    wrote, read by its family's ``bridgemate`` module (the movement and the Names sheet); a
    family without one (social games, scored on paper) is refused in one line."""
    from xlbridge.interchange.gate import load_workbook
    from xlbridge.rebuild.notcarried import family_article
    from xlbridge.workbook.cells import Book
    from xlbridge.workbook.session import family_of_workbook

    book = load_workbook(path, read_only=True, what="workbook")
    kind, name = family_of_workbook(Book(book))
    try:
        module = importlib.import_module(f"xlbridge.families.{name}.bridgemate")
    except ModuleNotFoundError as exc:
        if exc.name != f"xlbridge.families.{name}.bridgemate":
            raise
        raise WorkbookError(
            f"{kind} is {family_article(name)} game, which the Bridgemate devices do not run;"
            " bridgemate writes pairs, individual and teams sessions"
        ) from None
    got: BwsSession = module.session_of(book, os.fspath(path))
    return got
