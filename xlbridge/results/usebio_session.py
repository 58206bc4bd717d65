"""A scored pairs or individuals session as the federation's file: the session's results
mapped onto the family-neutral USEBIO document (:mod:`xlbridge.results.usebio`), laid out as
the EBU's example of its kind (matchpoints: PairsScorer's; cross-IMPs: Pianola's; Butler: the
PairsScorer layout with Butler's elements; individuals: the USEBIO 1.1 example's).

What the session holds goes in as the examples hold it: ``PAIRS`` the pairs of the field and
``EW_PAIRS`` those sitting East-West in a two-winner game, ``BOARDS_PLAYED`` the session's
boards, ``WINNER_TYPE`` 2 or 1, each pair's ``PERCENTAGE`` (matchpoints) or ``TOTAL_SCORE``
(IMPs) and ``PLACE``, each player's member number, each traveller line's contract, declarer,
tricks, score and the two sides' points, an individual's four players by number; with
masterpoints (:func:`xlbridge.results.awards.with_awards`) ``MASTER_POINT_SCALE`` ``Club``,
``MPS_AWARDED_FLAG`` ``Y`` and each awarded contestant's ``MASTER_POINTS``. Several sections
are a ``SECTION`` each (``SECTION_COUNT``), its pairs numbered within it (``A-NS 3`` is pair 3
NS of section A) and placed in the field (in the section when scored apart).

>>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
>>> from xlbridge.families.duplicate.score import score_session
>>> row = ResultRow(board=1, row=6, round=1, table=1, ns="1", ew="2", contract="PASS")
>>> res = score_session(SessionInput(event="Club", date="2026-11-24", kind="howell",
...     scoring="mp", scale="acbl", pairs=(PairInfo(1, "1", "Ann", "Bo"),
...     PairInfo(2, "2", "Cy", "Di")), rows=(row,), expected={1: 1}))
>>> line = session_document(res).boards[0].rows[0]
>>> (line.contract, line.played_by, line.tricks, line.score)
('PASS', 'N', '0', '0')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace

from xlbridge.errors import WorkbookError
from xlbridge.limits import NAME_TEXT
from xlbridge.movements.field import SEPARATOR, section_of
from xlbridge.numerals import shown_text
from xlbridge.results.awards import award_of
from xlbridge.results.problems import banner
from xlbridge.results.session import ScoredResult, SessionResults, Standing
from xlbridge.results.tables import ranking_groups
from xlbridge.results.usebio import (
    BUTLER_PAIRS,
    CROSS_IMP_PAIRS,
    INDIVIDUAL,
    MP_PAIRS,
    UsebioBoard,
    UsebioDocument,
    UsebioEntry,
    UsebioLayout,
    UsebioOptions,
    UsebioPlayer,
    UsebioRow,
    UsebioSection,
    pair_number,
    usebio_contract,
    usebio_date,
    write_document,
)
from xlbridge.text import clean_text

__all__ = ["missing_numbers", "session_document", "write_usebio"]

# Numbers as the examples show them: whole numbers bare, others to two decimals.
_num = functools.partial(shown_text, fixed=True)
_LAYOUT = {"mp": MP_PAIRS, "ximp": CROSS_IMP_PAIRS, "butler": BUTLER_PAIRS}
#: MASTER_POINT_SCALE of each masterpoint scale, as the examples write the club scale.
_SCALE_NAME = {"ebu-club": "Club"}


def _players(s: Standing, individual: bool) -> list[tuple[str, str]]:
    """The contestant's players as (name, member number), "" where the Names sheet has none:
    a pair's two, an individual's one."""
    numbers = s.pair.numbers
    names = (s.pair.name1,) if individual else (s.pair.name1, s.pair.name2)
    return [
        (name, clean_text(numbers[i] if i < len(numbers) else "", "member number",
                          max_chars=NAME_TEXT).strip())
        for i, name in enumerate(names)
    ]  # fmt: skip


def _no_number(s: Standing, i: int, name: str, individual: bool) -> str:
    shown = name or "no name"
    if individual:
        who = f"player {s.label} ({shown})"
    else:
        who = f"pair {s.label}: player {i + 1} ({shown})"
    return f"{who} has no member number; NATIONAL_ID_NUMBER left out"


def missing_numbers(res: SessionResults) -> tuple[str, ...]:
    """One line a player whose member number (``NATIONAL_ID_NUMBER``) the file cannot carry
    because the workbook's Names sheet has none, in ranking order.

    >>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
    >>> from xlbridge.families.duplicate.score import score_session
    >>> row = ResultRow(board=1, row=6, round=1, table=1, ns="1", ew="2", contract="4S",
    ...                 declarer="N", tricks=10)
    >>> res = score_session(SessionInput(event="Club", date="", kind="howell", scoring="mp",
    ...     scale="acbl", pairs=(PairInfo(1, "1", "Ann", "Bo", numbers=("123", "")),
    ...     PairInfo(2, "2", "Cy", "Di", numbers=("124", "125"))), rows=(row,), expected={1: 1}))
    >>> missing_numbers(res)
    ('pair 1: player 2 (Bo) has no member number; NATIONAL_ID_NUMBER left out',)
    """
    individual = res.input.family == "individual"
    return tuple(
        _no_number(s, i, name, individual)
        for _, group in ranking_groups(res)
        for s in group
        for i, (name, number) in enumerate(_players(s, individual))
        if not number
    )


def _in_section(res: SessionResults, label: str) -> str:
    """A label without its section (``A-NS 3`` -> ``NS 3``): the SECTION says which."""
    head = section_of(label, res.input.sections)
    return label[len(head) + len(SEPARATOR) :] if head else label


def _entry(res: SessionResults, s: Standing, individual: bool) -> UsebioEntry:
    imp = res.input.scoring != "mp"
    handicapped = any(h is not None for h in s.pair.handicaps) and s.handicap is not None
    return UsebioEntry(
        number=s.label if individual else pair_number(_in_section(res, s.label)),
        direction=s.dir,
        total=_num(s.total) if imp else "",
        percentage="" if imp or s.pct is None else _num(s.pct),
        # Scored section by section: the section's place (the field's otherwise).
        place=s.section_rank if res.input.scored_apart else s.rank,
        handicap=_num(s.handicap) if handicapped and not individual else "",
        masterpoints=award_of(res, s.label),
        players=tuple(
            UsebioPlayer(name, number, "" if number else _no_number(s, i, name, individual))
            for i, (name, number) in enumerate(_players(s, individual))
        ),
    )


def _row(res: SessionResults, board: int, r: ScoredResult, individual: bool) -> UsebioRow:
    x = r.result
    mark = res.row_problem(board, x.row)
    note = f"provisional: {mark}" if mark else ""
    if x.adjusted:
        note = "; ".join(n for n in (note, f"adjusted score {x.adjusted}") if n)
    passed = not x.adjusted and usebio_contract(x.contract) == "PASS"
    seats: tuple[str, str, str, str] | None = None
    if individual:
        n, s = (*x.ns_members, "", "")[:2]
        e, w = (*x.ew_members, "", "")[:2]
        seats = (n, s, e, w)
    return UsebioRow(
        ns="" if individual else pair_number(_in_section(res, x.ns)),
        ew="" if individual else pair_number(_in_section(res, x.ew)),
        seats=seats,
        contract="" if x.adjusted else usebio_contract(x.contract),
        # A passed board as Pianola writes it: North, no tricks.
        played_by="N" if passed else ("" if x.adjusted else x.declarer),
        tricks="0" if passed else ("" if x.adjusted or x.tricks is None else str(x.tricks)),
        score="" if x.adjusted else _num(r.score_ns),
        ns_points=_num(r.mp_ns),
        ew_points=_num(r.mp_ew),
        note=note,
    )


def _boards(
    res: SessionResults, layout: UsebioLayout, individual: bool, section: str
) -> tuple[UsebioBoard, ...]:
    """Each board with its lines (a section's only, when ``section`` is given; a board none
    of whose lines are the section's left out)."""
    out = []
    for b in res.boards:
        rows = tuple(
            _row(res, b.board, r, individual)
            for r in b.rows
            if (r.score_ns is not None or r.result.adjusted)
            and (not section or section_of(r.result.ns, res.input.sections) == section)
        )
        if rows or not section:
            average = _num(b.datum) if layout is BUTLER_PAIRS else ""
            out.append(UsebioBoard(b.board, rows, average=average))
    return tuple(out)


def session_document(
    res: SessionResults,
    options: UsebioOptions | None = None,
    deals: Mapping[int, str] | None = None,
) -> UsebioDocument:
    """The session as the federation's document (one line refused where it cannot be)."""
    family = res.input.family
    if family not in ("pairs", "individual"):
        raise WorkbookError(
            f"USEBIO output is written for pairs and individual events; this is a {family} event"
        )
    individual = family == "individual"
    opts = options or UsebioOptions()
    layout = INDIVIDUAL if individual else _LAYOUT[res.input.scoring]
    ordered = [s for _, group in ranking_groups(res) for s in group]
    entries = tuple(_entry(res, s, individual) for s in ordered)
    boards = _boards(res, layout, individual, "")
    ew = sum(1 for s in res.standings if s.dir == "EW")
    letters = res.input.sections
    sections = tuple(
        UsebioSection(
            x,
            tuple(e for e, s in zip(entries, ordered, strict=True) if s.section == x),
            _boards(res, layout, individual, x),
        )
        for x in letters
    )
    return UsebioDocument(
        layout=layout,
        description=res.event,
        date=usebio_date(res.input.date),
        club=opts.club,
        club_id=opts.club_id,
        charge_code=opts.charge_code,
        version=opts.program_version,
        pairs="" if individual else str(len(res.standings)),
        ew_pairs=str(ew) if res.two_winner and not individual else "",
        boards_played=str(len(res.boards)),
        winner_type="" if individual else ("2" if res.two_winner else "1"),
        scale=_SCALE_NAME.get(res.masterpoint_scale, ""),
        awarded=bool(res.masterpoint_scale),
        entries=entries,
        boards=boards,
        # USEBIO 1.2 has no element for a provisional session: a comment, valid under the DTD.
        notes=(banner(res.open_problems),) if res.open_problems else (),
        deals=deals,
        sections=sections,
    )


def write_usebio(
    res: SessionResults,
    club: str = "",
    *,
    options: UsebioOptions | None = None,
    deals: Mapping[int, str] | None = None,
) -> bytes:
    """The session as USEBIO 1.2 XML bytes (pairs and individual events); ``options`` the
    club's id and the charge code (``club`` its name, as ``options.club``), ``deals`` the hand
    records by board (PBN deal strings) for the ``HANDSET``. While the Checks sheet lists open
    problems the file opens with a ``PROVISIONAL`` comment and each traveller line with a
    problem holds a ``provisional:`` comment (USEBIO 1.2 has no element for either)."""
    opts = options or UsebioOptions()
    if club:
        opts = replace(opts, club=club)
    return write_document(session_document(res, opts, deals))
