"""``xlbridge import``: type an electronic scorer's results into a copy of a session workbook.

Each row of the results file (:mod:`xlbridge.interchange.scorer_files`) is placed on the traveller
row where its two pairs play its board (or, with no pairs, at its round and table). A row that does
not fit (a board not in the session, a pair not in it, pairs that do not meet on the board, a
contract, declarer or result that is not one) is reported by line and board, on standard error and
at the foot of the output's Checks sheet. A cell already typed is never replaced unless ``force``; a
row whose cells already hold the same result counts as already there.

The user's workbook is read through the gate and never written; the copy is written atomically.
Individual and teams workbooks are filled by :mod:`xlbridge.families.individual.importer` (the same
rules: reported by line and board, nothing typed replaced without ``force``); social games are
refused with one line (no electronic scorer scores them).

A sectioned workbook (``new --sections``, whose labels carry their section: ``A-NS 3``) takes
every section's rows: a row's section (a CSV ``section`` column, a PBN Section, a Bridgemate
section's letter) chooses the section's rows of the board, where its pair numbers (``3`` or
``NS 3``) and its table and round are that section's own. A row naming a section the workbook
lacks, or no section, is reported, never placed.

>>> cells_for(ImportRow("x line 2", 1, contract="4S", declarer="N", result="8"), "made-down")
{'Contract': '4S', 'By': 'N', 'Down': 2}
>>> cells_for(ImportRow("x line 3", 1, contract="3NT", declarer="s", result="+1"), "tricks")
{'Contract': '3NT', 'By': 'S', 'Tricks': 10}
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from xlbridge.errors import XlbridgeError
from xlbridge.families.duplicate.settings import read
from xlbridge.families.duplicate.travellers import read_travellers
from xlbridge.interchange.scorer_files import ImportRow
from xlbridge.movements.field import FIELD_KIND, SEPARATOR, section_of
from xlbridge.rebuild.importing import (
    Filled,
    ImportTarget,
    Plays,
    Traveller,
    cells_for,
    write_row,
)
from xlbridge.workbook import formulas as F

__all__ = ["fill_pairs"]


def _matches(given: str, label: str, side: str) -> bool:
    """A scorer's pair number ``3`` is the workbook's ``3``, or ``NS 3`` on the NS side."""
    given = given.strip()
    return given == label or label == f"{side} {given}" or given == f"{side} {label}"


def fill_pairs(job: ImportTarget) -> Filled:
    """Place the scorer's rows on a pairs workbook's travellers."""
    wb, rows, force, source = job.wb, job.rows, job.force, job.source
    settings = read(job.book)
    sectioned = settings.kind == FIELD_KIND
    entry = settings.result_entry
    tcols = F.TravellerCols.build(entry, settings.scoring)
    travellers: dict[int, Traveller] = {}
    labels: set[str] = set()
    for sheet in read_travellers(job.book):
        sheet.require("NS", "EW")
        rows_at = [(x.row, x.ns, x.ew, x.round, x.table) for x in sheet.rows]
        travellers[sheet.board] = Traveller(wb[sheet.title], dict(sheet.columns), rows_at)
        labels.update(x for _r, ns, ew, _rd, _tb in rows_at for x in (ns, ew))
    named = {section_of(x, string.ascii_uppercase) for x in labels} if sectioned else set()
    letters = "".join(sorted(named - {""}))
    views: dict[tuple[int, str], Traveller] = {}
    problems: list[str] = []
    plays = Plays()
    named_only = Path(source).suffix.lower() in (".csv", ".bws")
    bws = Path(source).suffix.lower() == ".bws"  # the devices' own table and round: checked
    for row in rows:
        where = f"{row.where}: board {row.board}"
        if named_only and row.players and not (row.ns or row.ew):
            problems.append(f"{where}: an individual's row (four players): not for pairs")
            continue
        found = travellers.get(row.board or 0)
        if found is None:
            problems.append(f"{where}: the board is not played in this session")
            continue
        t, known = found, labels
        if sectioned:
            got = _in_section(row, letters)
            if got != "-" and not (len(got) == 1 and got in letters):
                problems.append(f"{where}: {got}")
                continue
            if got != "-":
                key = (row.board or 0, got)
                if key not in views:
                    views[key] = _section_view(found, got)
                t = views[key]
                known = {x for _r, ns, ew, _rd, _tb in t.rows for x in (ns, ew)}
        try:
            cells = cells_for(row, entry)
        except XlbridgeError as exc:
            problems.append(f"{where}: {str(exc).splitlines()[0][:120]}")
            continue
        target = _place(row, t, known, where_too=bws)
        if isinstance(target, str):
            problems.append(f"{where}: {target}")
            continue

        def write(t: Traveller = t, r: int = target, c: dict[str, Any] = cells) -> str:
            return write_row(t, r, c, force, tcols)

        plays.add((row.board or 0, target), where, cells, write)
    filled, same = plays.write(problems)
    from xlbridge.families.pairs.bridgemate import numbers_from_bws

    at = {(section_of(ns, letters) if sectioned else "", rd, tb): (ns, ew)
          for t in travellers.values() for _r, ns, ew, rd, tb in t.rows
          if rd is not None and tb is not None}  # fmt: skip
    numbers, more = numbers_from_bws(job, at, sectioned=sectioned)
    return Filled(filled, same, (*problems, *more), numbers)


def _in_section(row: ImportRow, letters: str) -> str:
    """The section letter of ``row`` in a workbook of sections ``letters``; ``-`` when the row
    names its pairs by the workbook's own labels (``A-NS 3``); else why it cannot be placed."""
    if row.section:
        if row.section in letters:
            return row.section
        return (f"section {row.section[:10]!r} is not in this workbook (its sections:"
                f" {', '.join(letters)})")  # fmt: skip
    named = {section_of(x, letters) for x in (row.ns, row.ew) if x}
    if row.ns and row.ew and len(named) == 1 and "" not in named:
        return "-"
    return f"no section given (the workbook's sections: {', '.join(letters)}); add a section column"


def _section_view(t: Traveller, letter: str) -> Traveller:
    """The rows of section ``letter`` on traveller ``t``, labels without the section (``NS 3``
    of ``A-NS 3``), so that a scorer's pair numbers and tables are the section's own."""
    cut = len(letter) + len(SEPARATOR)
    rows = [(r, ns[cut:], ew[cut:], rd, tb) for r, ns, ew, rd, tb in t.rows
            if section_of(ns, letter) == letter and section_of(ew, letter) == letter]  # fmt: skip
    return Traveller(t.ws, t.cols, rows)


def _place(row: ImportRow, t: Traveller, labels: set[str], *, where_too: bool = False) -> int | str:
    """The traveller row of ``row``'s pairs; with ``where_too`` (a Bridgemate file, whose
    rows name the table and round the device sat at) also at that table and round."""
    if row.ns or row.ew:
        for pair, side in ((row.ns, "NS"), (row.ew, "EW")):
            if not any(_matches(pair, lab, side) for lab in labels):
                return f"pair {pair[:10]!r} ({side}) is not in this session"
        for r, ns, ew, rd, tb in t.rows:
            if _matches(row.ns, ns, "NS") and _matches(row.ew, ew, "EW"):
                there = (row.round, row.table)
                if where_too and None not in (rd, tb, *there) and (rd, tb) != there:
                    return (f"NS {row.ns} and EW {row.ew} play it at table {tb} in round {rd},"
                            f" not table {row.table} in round {row.round}")  # fmt: skip
                return r
        return f"NS {row.ns} and EW {row.ew} do not play this board"
    if row.round is not None and row.table is not None:
        for r, _ns, _ew, rd, tb in t.rows:
            if rd == row.round and tb == row.table:
                return r
        return f"the board is not played at table {row.table} in round {row.round}"
    return "no pairs (or round and table) to place the result"
