"""Rebuild adapter for pairs movements (Mitchell, Howell, web, twin, add-table, ...): their
settings, read back from the Session sheet, the meaning of every input cell and the planning of
a change, for the one rebuild engine :mod:`xlbridge.rebuild.family`.

A traveller cell means one play of one board by two pairs in their directions: its key is the
board, the NS and the EW pair labels and the column heading, so a result carried to another
movement lands where the same two pairs meet on that board, never by row position. Names follow
their pair label, a typed-over Expected follows its board. Whatever has no place in the new
session (the pairs no longer meet on that board, the pair is gone, a formula typed by hand) is
listed, one line for a traveller row or a pair's names, never dropped silently.

The planning: movement options (``--even``, ``--arrow-switch``, ``--half-table``,
``--sit-out``) are taken from the old Session sheet's "Movement options" line (same kind;
those given replace them), or, for a workbook written before that line, chosen among the
variants as the one most entries fit; ``--full-table`` drops a recorded half table;
``--fouled`` marks fouled boards (Law 87), added to those the old workbook marked.

Seed 003 (ACBL PAIRS.033, "adding a table"): the last one or two tables move back one, "taking
their boards with them and assuming the new pair number". :func:`add_table_maps` turns that into
a pair renumbering and a board renumbering; the new workbook's keys name each pair and board by
its old label and number, so every result of the first round is carried into the enlarged
section.

>>> from xlbridge.movements.mitchell import mitchell
>>> slots = slots_of(mitchell(3, 2))
>>> slots[(1, "NS 1", "EW 1")]
6
>>> s = Settings("mitchell", tables=3, rounds=3, boards_per_round=2)
>>> ADAPTER.describe(s)
'mitchell, 3 tables, 6 boards, 6 pairs'
>>> [x.key for x in ADAPTER.slots(ADAPTER.build(s, None), s)][:2]
[('session', 'Date'), ('pair', 'NS 1', 1)]
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from openpyxl import Workbook
from openpyxl.worksheet.formula import ArrayFormula

from xlbridge.errors import MovementError, TextError, WorkbookError, XlbridgeError
from xlbridge.families.duplicate.context import NAMES_FIRST, plays
from xlbridge.families.duplicate.names import PAIR_HEADERS
from xlbridge.families.pairs.build import build_settings
from xlbridge.families.pairs.fouled import check_fouled
from xlbridge.families.pairs.settings import Settings, movement_for, movement_of, of_sheet
from xlbridge.limits import NAME_TEXT
from xlbridge.movements.field import FIELD_KIND
from xlbridge.movements.model import Movement
from xlbridge.movements.options import MovementOptions, flag_of, option_specs
from xlbridge.movements.registry import KINDS, FamilyName, family_of, get_kind
from xlbridge.rebuild.notcarried import NOT_CARRIED, NotCarried, put_entry
from xlbridge.rebuild.slots import Carried, Entry, Key, RebuildChange, Slot
from xlbridge.scoring.choices import PairsScoring, ResultEntry
from xlbridge.text import clean_text
from xlbridge.workbook.cells import unlocked_cells
from xlbridge.workbook.formulas import (
    EXPECTED_CELL,
    FIRST_ROW,
    HEADER_ROW,
    TravellerCols,
    accepted_col,
)
from xlbridge.workbook.hand_records import read_hand_records

if TYPE_CHECKING:
    from xlbridge.families.pairs.entries import Entered

__all__ = [
    "ADAPTER",
    "NOT_CARRIED",
    "PairsAdapter",
    "Settings",
    "add_table_maps",
    "input_columns",
    "slots_of",
]

_FAMILY: FamilyName = "pairs"
_EXPECTED = EXPECTED_CELL.replace("$", "")
_DATE = "B3"  # the Session sheet's Date cell (write_session_sheet)
# The variants tried when the old workbook does not record its movement options.
_VARIANTS: tuple[dict[str, Any], ...] = (
    {}, {"even": "skip"}, {"even": "relay"}, {"half_table": True},
)  # fmt: skip
Layout = tuple[tuple[int, int | None, int | None, str, str], ...]
# The movement options rebuild takes (MovementOptions declares which), then its own flags.
_MOVEMENT = tuple(name for name, _spec in option_specs(rebuild=True))


def slots_of(movement: Movement) -> dict[tuple[int, str, str], int]:
    """(board, NS label, EW label) -> the traveller row of that play in a new workbook (the
    rows are written in :func:`xlbridge.families.duplicate.context.plays` order from
    ``FIRST_ROW``)."""
    out: dict[tuple[int, str, str], int] = {}
    for b in movement.boards:
        for i, (_e, ns, ew) in enumerate(plays(movement, b)):
            out[(b, movement.label(ns), movement.label(ew))] = FIRST_ROW + i
    return out


def input_columns(result_entry: ResultEntry, scoring: PairsScoring) -> dict[str, str]:
    """Traveller heading -> column letter of each input cell in a new workbook.

    >>> input_columns("made-down", "mp")["OK"], input_columns("tricks", "mp")["Tricks"]
    ('N', 'E')
    """
    c = TravellerCols.build(result_entry, scoring)
    cols = {"Contract": c.contract, "By": c.by, "Made": c.made, "Down": c.down,
            "Tricks": c.tricks_in, "NS Score": c.ns_score, "Adjusted": c.adjusted,
            "OK": accepted_col(c)}  # fmt: skip
    return {k: v for k, v in cols.items() if v is not None}


def layout_of(movement: Movement) -> Layout:
    """(board, round, table, NS label, EW label) of every traveller row, in sheet order."""
    return tuple(
        (b, e.round, e.table, movement.label(ns), movement.label(ew))
        for b in movement.boards
        for e, ns, ew in plays(movement, b)
    )


def add_table_maps(
    layout: Layout, new: Movement, renumber: Mapping[int, int]
) -> tuple[dict[str, str], dict[int, int], list[str]]:
    """Seed 003's pair and board renumbering for a table added to a section.

    ``layout``: the old workbook's traveller rows (:func:`layout_of`). ``renumber`` is the
    chart's (old pair -> new pair), e.g. ``{15: 16, 16: 17}``. The boards an old table held in
    round 1 move with its pairs to the table of their new number: they take the board numbers
    the new movement gives that table in round 1. Returns (pair map, board map, notes); the
    board map is left empty when the old layout does not say which boards a table held (no
    round-1 rows) or when the moves would not be one-to-one.
    """
    pairs: dict[str, str] = {}
    for old, new_n in renumber.items():
        for prefix in ("NS ", "EW ", ""):
            pairs[f"{prefix}{old}"] = f"{prefix}{new_n}"
    old_r1: dict[int, list[int]] = {}
    for board, rnd, table, _ns, _ew in layout:
        if rnd == 1 and table is not None and board not in old_r1.get(table, []):
            old_r1.setdefault(table, []).append(board)
    new_r1 = {e.table: list(e.boards) for e in new.entries if e.round == 1}
    boards: dict[int, int] = {}
    for table, olds in old_r1.items():
        target = new_r1.get(renumber.get(table, table), [])
        if len(target) != len(olds):
            return pairs, {}, ["the boards of round 1 could not be matched; board numbers kept"]
        for a, b in zip(sorted(olds), sorted(target), strict=True):
            if a != b:
                boards[a] = b
    olds_all = sorted({b for b, *_ in layout})
    images = [boards.get(b, b) for b in olds_all]
    if len(set(images)) != len(images):
        return pairs, {}, ["the boards' moves are not one-to-one; board numbers kept"]
    notes = [f"pair {a} is now {b} (ACBL guide chart)" for a, b in renumber.items()]
    notes += [f"board {a} is now board {b}: it moved with its table" for a, b in boards.items()]
    return pairs, boards, notes


def _renamed(pairs: Mapping[str, str]) -> dict[str, str]:
    """New label -> the label it has in keys: the old label of a renumbered pair; ``new L``
    for a new pair that took a renumbered pair's old label."""
    back = {new: old for old, new in pairs.items()}
    return {**{old: f"new {old}" for old in pairs if old not in back}, **back}


class PairsAdapter:
    """The :class:`~xlbridge.rebuild.slots.FamilyAdapter` of pairs movements (also
    :class:`~xlbridge.rebuild.slots.Planning` and :class:`~xlbridge.rebuild.slots.Placing`)."""

    family: FamilyName = _FAMILY
    options = (*_MOVEMENT, "full_table", "fouled")

    def settings(self, book: Workbook) -> Settings:
        """Kind, size, event, date, scoring, scale, result entry, movement options and fouled
        boards from the Session sheet and the travellers; a workbook without the "Movement
        options" line has them found from its travellers' rows."""
        from xlbridge.families.pairs.entries import read_entered

        return self.settings_of(read_entered("the workbook", book), book)

    def settings_of(self, e: Entered, book: Workbook) -> Settings:
        """:meth:`settings` of a workbook whose entries are read already (``e``)."""
        d = e.settings
        if d.kind.lower() == FIELD_KIND:
            raise WorkbookError(
                "a sectioned workbook (new --sections): rebuild cannot build its sections "
                "again yet; write a new one with new --sections"
            )
        if d.kind.lower() not in KINDS:  # its movement is in no generator: not rebuilt wrongly
            raise WorkbookError(
                f"Session sheet: movement {d.kind[:40]!r} is a club's own (new --movement-file); "
                "rebuild cannot build it again yet: write a new workbook from the file"
            )
        tables = d.tables
        if tables is None:
            raise WorkbookError("Session sheet: Tables is not a number; was the workbook"
                                " written by xlbridge new?")  # fmt: skip
        if d.kind == "add-table":  # its --tables is the size before the addition
            tables -= 1
        base = of_sheet(d, tables=tables, fouled=e.fouled,
                        deals=tuple(sorted(read_hand_records(book).items())))  # fmt: skip
        if d.options_recorded:
            return base
        best: tuple[int, Settings] | None = None
        for extra in _VARIANTS:
            s = dataclasses.replace(base, movement_options=MovementOptions(**extra))
            try:
                got = layout_of(movement_of(s))
            except MovementError:
                continue
            same = sum(1 for a, b in zip(got, e.layout, strict=False) if a == b)
            same -= abs(len(got) - len(e.layout))
            if best is None or same > best[0]:
                best = (same, s)
        return base if best is None else best[1]

    def change(self, old: Settings, args: RebuildChange) -> Settings:
        """:meth:`plan` without entries."""
        return self.plan(old, args, ())[0]

    def plan(
        self, old: Settings, args: RebuildChange, entries: Sequence[Entry]
    ) -> tuple[Settings, tuple[str, ...]]:
        """The new settings and the notes: the movement options kept, given or chosen to fit
        the most entered traveller rows, a table added (seed 003), fouled boards."""
        from xlbridge.families.duplicate.session_sheet import movement_options_text
        from xlbridge.scoring.fouled import parse_fouled

        opts = args.options
        fouled: dict[int, frozenset[int]] = {}
        for text in _texts(opts.get("fouled")):
            board, at = parse_fouled(text)
            fouled[board] = fouled.get(board, frozenset()) | at
        info = get_kind(args.kind or old.kind)
        if family_of(info.name) != _FAMILY:
            raise WorkbookError(f"{info.name} is not a pairs game; rebuild keeps the game family")
        tables = args.tables or old.tables
        same = info.name == old.kind and tables == old.tables
        bpr = args.boards_per_round or old.boards_per_round
        rounds = args.rounds or (old.rounds if same else None)
        given: dict[str, Any] = {k: opts.get(k) for k in _MOVEMENT
                                 if opts.get(k) not in (None, False)}  # fmt: skip
        # The old Session sheet's "Movement options" line (same kind): those not given are
        # kept; a workbook written before that line has them guessed from its entries.
        stored = (
            dict(old.movement_options.given())
            if old.options_recorded and info.name == old.kind
            else None
        )
        if opts.get("full_table"):
            if opts.get("half_table"):
                raise WorkbookError("--full-table and --half-table contradict each other")
            stored = {k: v for k, v in (stored or {}).items() if k != "half_table"}
        kept = {k: v for k, v in (stored or {}).items() if k not in given}
        if stored is not None:
            given = {**stored, **given}
        if str(given.get("sit_out", "")).strip().lower() == "none":  # --sit-out none: all play
            given = {k: v for k, v in given.items() if k != "sit_out"}
        variants = [given] if given or stored is not None else list(_VARIANTS)
        rows: set[tuple[Any, ...]] = {e.slot.key[1:4] for e in entries if e.slot.key[0] == "play"}
        layout = layout_of(movement_of(old))
        adding = info.name == "add-table" and old.kind != "add-table"
        best: tuple[int, Movement, dict[str, Any]] | None = None
        first_error: MovementError | None = None
        for extra in variants:
            try:
                m = movement_for(info.name, tables, bpr, rounds, MovementOptions(**extra))
            except MovementError as exc:
                first_error = first_error or exc
                continue
            p_map: dict[str, str] = {}
            b_map: dict[int, int] = {}
            if adding:
                p_map, b_map, _n = add_table_maps(layout, m, _renumber(tables))
            room = slots_of(m)
            fits = sum(
                (b_map.get(b, b), p_map.get(ns, ns), p_map.get(ew, ew)) in room
                for b, ns, ew in rows
            )
            if best is None or fits > best[0]:
                best = (fits, m, extra)
        if best is None:
            assert first_error is not None
            raise first_error
        _fits, movement, extra = best
        pairs: dict[str, str] = {}
        boards: dict[int, int] = {}
        notes: list[str] = []
        if adding:
            pairs, boards, notes = add_table_maps(layout, movement, _renumber(tables))
        if extra and not given:
            notes.append("movement option chosen to fit the old workbook: "
                         + " ".join(flag_of(k) + ("" if v is True else f" {v}")
                                    for k, v in extra.items()))  # fmt: skip
        if kept:
            notes.append("movement options kept from the old workbook's Session sheet: "
                         + movement_options_text(MovementOptions(**kept)))
        fouls = {boards.get(b, b): frozenset(t) for b, t in old.fouled}
        for b, t in fouled.items():
            fouls[b] = fouls.get(b, frozenset()) | t
        check_fouled(movement, fouls, old.scoring)
        new = dataclasses.replace(
            old, kind=info.name, tables=tables, rounds=rounds, boards_per_round=bpr,
            movement_options=MovementOptions(**extra), options_recorded=True,
            fouled=tuple((b, tuple(sorted(t))) for b, t in sorted(fouls.items())),
            pairs_from=tuple((n, o) for o, n in pairs.items()),
            boards_from=tuple((n, o) for o, n in boards.items()),
        )  # fmt: skip
        return new, tuple(notes)

    def build(self, settings: Settings, template: str | Path | None) -> Workbook:
        """The workbook ``xlbridge new`` writes for ``settings`` (without names), in memory."""
        return build_settings(settings, template)

    def slots(self, wb: Workbook, settings: Settings) -> Sequence[Slot]:
        """A slot for every unlocked cell: ``("session", "Date")``, ``("pair", label, 1 or
        2)``, ``("board", B, "Expected")`` and ``("play", B, NS label, EW label, heading)``;
        after a table is added, pairs and boards named as in the old workbook."""
        m = movement_of(settings)
        pair = _renamed(dict((o, n) for n, o in settings.pairs_from))
        back = {n: o for n, o in settings.boards_from}
        moved = {o for _n, o in settings.boards_from}

        def board_key(b: int) -> int | str:
            return back.get(b, f"new {b}" if b in moved else b)

        out: list[Slot] = []
        for ws in wb.worksheets:
            cells: list[Any] = unlocked_cells(ws)
            if not cells:
                continue
            if ws.title == "Session" and [c.coordinate for c in cells] == [_DATE]:
                out.append(Slot(("session", "Date"), ws.title, _DATE, "Session: Date"))
            elif ws.title == "Names":
                for c in cells:
                    label = ws.cell(row=c.row, column=1).value
                    head = ws.cell(row=NAMES_FIRST - 1, column=c.column).value
                    if c.row < NAMES_FIRST or not label or head not in PAIR_HEADERS[1:]:
                        raise _unknown(ws.title, c.coordinate)
                    who = pair.get(str(label), str(label))
                    # A player's number, handicap or masterpoints: keyed by its header.
                    key: Key = (
                        ("pair", who, c.column - 1) if c.column in (2, 3)
                        else ("player", who, str(head))
                    )  # fmt: skip
                    out.append(Slot(key, ws.title, c.coordinate, f"pair {label}"))
            elif ws.title.startswith("Board "):
                board = int(ws.title.split()[1])
                rows = plays(m, board)
                for c in cells:
                    if c.coordinate == _EXPECTED:
                        key = ("board", board_key(board), "Expected")
                        out.append(Slot(key, ws.title, c.coordinate, f"Board {board}"))
                        continue
                    heading = ws.cell(row=HEADER_ROW, column=c.column).value
                    i = c.row - FIRST_ROW
                    if not 0 <= i < len(rows) or not isinstance(heading, str):
                        raise _unknown(ws.title, c.coordinate)
                    e, ns, ew = rows[i]
                    a, b = m.label(ns), m.label(ew)
                    key = ("play", board_key(board), pair.get(a, a), pair.get(b, b), heading)
                    what = f"Board {board}, {a} v {b} (round {e.round}, table {e.table})"
                    out.append(Slot(key, ws.title, c.coordinate, what))
            else:
                raise _unknown(ws.title, cells[0].coordinate)
        return out

    def describe(self, settings: Settings) -> str:
        """``mitchell, 7 tables, 14 boards, 14 pairs``."""
        m = movement_of(settings)
        return f"{m.kind}, {m.tables} tables, {len(m.boards)} boards, {len(m.pairs)} pairs"

    def carry(
        self, wb: Workbook, settings: Settings, entries: Sequence[Entry],
        slots: Mapping[Key, Slot],
    ) -> Carried:  # fmt: skip
        """Put every entry into its new cell: a pair's names and a traveller row are listed on
        one line each when they have no place (the row with the reason it has none)."""
        m = movement_of(settings)
        lost: list[NotCarried] = []
        carried = entered = 0
        names: dict[str, list[Entry]] = {}
        rows: dict[tuple[Any, ...], list[Entry]] = {}
        expected: list[Entry] = []
        for e in entries:
            kind = e.slot.key[0]
            if kind == "pair":
                names.setdefault(str(e.slot.key[1]), []).append(e)
            elif kind == "play":
                rows.setdefault(e.slot.key[1:4], []).append(e)
            elif kind == "board":
                expected.append(e)
            elif kind == "player":  # a number, handicap or masterpoints follows its pair
                entered += 1
                if e.formula:
                    lost.append(NotCarried("player", f"pair {e.slot.key[1]} {e.slot.key[2]}",
                                           _text(e.value), "a formula: type the value again"))
                    continue
                carried += _put(wb, slots.get(e.slot.key), e.value, "player", lost, e)
            elif not _same_date(e.value, settings.date):  # a date typed as a date is kept
                entered += 1
                carried += _put(wb, slots.get(e.slot.key), e.value, "date", lost, e)
        # Names: one line for a pair with no place; a formula is not a name.
        formulas: list[NotCarried] = []
        for label, got in names.items():
            typed = [e for e in got if not e.formula]
            for e in got:
                if e.formula:
                    why = "a formula, not a name: type the name again"
                    formulas.append(NotCarried("name", f"pair {label}", _text(e.value), why))
            entered += len(got)
            if not typed:
                continue
            shown = " / ".join(_clean(e.value) for e in typed)
            targets = [slots.get(e.slot.key) for e in typed]
            if any(t is None for t in targets):
                lost.append(NotCarried("name", f"pair {label}", shown,
                                       "the pair is not in the new movement"))  # fmt: skip
                continue
            try:
                clean = [clean_text(_clean(e.value), f"name of pair {label}",
                                    max_chars=NAME_TEXT) for e in typed]  # fmt: skip
            except TextError as exc:
                lost.append(NotCarried("name", f"pair {label}", shown, str(exc)))
                continue
            for t, v in zip(targets, clean, strict=True):
                assert t is not None
                put_entry(wb[t.sheet][t.cell], v, t.what)
                carried += 1
        lost += formulas
        # Traveller rows: by board and pair labels (mapped after a table is added).
        pair_to = {o: n for n, o in settings.pairs_from}
        board_to = {o: n for n, o in settings.boards_from}
        plays_at = set(slots_of(m))
        labels = {m.label(p.id) for p in m.pairs}
        for (board, ns, ew), got in rows.items():
            where = got[0].slot.what
            entered += len(got)
            for e in got:
                if e.formula:
                    lost.append(NotCarried("result", where, f"{e.slot.key[4]}={_text(e.value)}",
                                           "a formula typed into an input cell: type the value"
                                           " again"))  # fmt: skip
            typed = [e for e in got if not e.formula]
            formula = [e for e in got if e.formula]
            if not typed:
                continue
            key = (board_to.get(board, board), pair_to.get(ns, ns), pair_to.get(ew, ew))
            if key not in plays_at:
                shown = " ".join(f"{e.slot.key[4]}={_text(e.value)}" for e in typed + formula)
                lost.append(NotCarried("result", where, shown, _why(key, plays_at, labels)))
                continue
            for e in typed:
                heading = e.slot.key[4]
                target = slots.get(e.slot.key)
                if target is None:
                    why = f"the new workbook has no {heading} column"
                    lost.append(NotCarried("result", where, f"{heading}={e.value}", why))
                    continue
                score_board = key[0] if heading == "NS Score" else None
                try:
                    put_entry(
                        wb[target.sheet][target.cell],
                        e.value,
                        f"{where} {heading}",
                        score_board=score_board if isinstance(score_board, int) else None,
                    )
                    carried += 1
                except TextError as exc:
                    lost.append(NotCarried("result", where, f"{heading}", str(exc)))
                except XlbridgeError as exc:  # inf, 1e308, an NS score no contract makes
                    why = str(exc).replace(f"{where} ", "", 1)
                    lost.append(NotCarried("result", where, f"{heading}={_text(e.value)[:40]}",
                                           why))  # fmt: skip
        for e in expected:
            entered += 1
            target = slots.get(e.slot.key)
            if target is None:
                lost.append(NotCarried("expected", e.slot.what, f"Expected={_text(e.value)}",
                                       "the board is not in the new movement"))  # fmt: skip
                continue
            carried += _put(wb, target, e.value, "expected", lost, e)
        return Carried(carried, entered, tuple(lost))


def _texts(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    raise WorkbookError(f"--fouled: {value!r} is not BOARD:TABLES")


def _renumber(tables: int) -> Mapping[int, int]:
    from xlbridge.movements.sections import add_table

    return add_table(tables).renumber


def _text(value: Any) -> str:
    if isinstance(value, ArrayFormula):
        return str(value.text)
    return str(value)


def _clean(value: Any) -> str:
    """A name as the Names sheet gives it (a whole number typed: its digits)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _same_date(value: Any, date: str) -> bool:
    if isinstance(value, datetime.datetime | datetime.date):
        value = value.strftime("%Y-%m-%d")
    return str(value).strip() == date


def _put(wb: Workbook, target: Slot | None, value: Any, what: str, lost: list[NotCarried],
         e: Entry) -> int:  # fmt: skip
    if target is None:
        lost.append(NotCarried(what, e.slot.where, _text(value), "no place for it in the new"
                               " workbook"))  # fmt: skip
        return 0
    try:
        put_entry(wb[target.sheet][target.cell], value, target.what)
    except XlbridgeError as exc:  # text that cannot be text; inf or 1e308
        lost.append(NotCarried(what, e.slot.where, _text(value)[:200], str(exc)))
        return 0
    return 1


def _why(key: tuple[Any, str, str], slots: set[tuple[int, str, str]], labels: set[str]) -> str:
    board, ns, ew = key
    for pair in (ns, ew):
        if pair not in labels:
            return f"pair {pair} is not in the new movement"
    if not any(k[0] == board for k in slots):
        return f"board {board} is not played in the new movement"
    if (board, ew, ns) in slots:
        return f"{ns} and {ew} meet on board {board} in the other directions"
    return f"{ns} and {ew} do not meet on board {board} in the new movement"


def _unknown(sheet: str, cell: str) -> WorkbookError:
    return WorkbookError(
        f"internal: input cell '{sheet}'!{cell} has no meaning known to the pairs rebuild"
    )


ADAPTER = PairsAdapter()
