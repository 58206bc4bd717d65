"""``xlbridge import``: type an electronic scorer's results into a copy of a session workbook.

Each row of the results file (:mod:`xlbridge.rebuild.sources`) is placed on the traveller row
where its two pairs play its board (or, with no pairs, at its round and table). A row that does
not fit (a board not in the session, a pair not in it, pairs that do not meet on the board, a
contract, declarer or result that is not one) is reported by line and board, on standard error
and at the foot of the output's Checks sheet. A cell already typed is never replaced unless
``force``; a row whose cells already hold the same result counts as already there.

The user's workbook is read through the gate and never written; the copy is written atomically.
Individual and teams workbooks are filled by :mod:`xlbridge.rebuild.imports_family` (the same
rules: reported by line and board, nothing typed replaced without ``force``); social games are
refused with one line (no electronic scorer scores them).

>>> cells_for(ImportRow("x line 2", 1, contract="4S", declarer="N", result="8"), "made-down")
{'Contract': '4S', 'By': 'N', 'Down': 2}
>>> cells_for(ImportRow("x line 3", 1, contract="3NT", declarer="s", result="+1"), "tricks")
{'Contract': '3NT', 'By': 'S', 'Tricks': 10}
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.fileio import write_atomically
from xlbridge.interchange.csvio import ascii_int
from xlbridge.interchange.gate import load_workbook
from xlbridge.rebuild.carry import put_entry
from xlbridge.rebuild.entries import family_article as _a
from xlbridge.rebuild.sources import ImportRow, read_results
from xlbridge.results import readers as R
from xlbridge.scoring.matchpoints import Adjusted
from xlbridge.types import Contract, Seat, tricks_taken
from xlbridge.workbook import formulas as F
from xlbridge.workbook.text import put_text

__all__ = ["Imported", "cells_for", "import_results"]

_RESULT_CELLS = ("Contract", "By", "Made", "Down", "Tricks", "NS Score", "Adjusted")


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import did: rows filled, rows whose result was already typed, problems."""

    filled: int
    same: int
    problems: tuple[str, ...]


def cells_for(row: ImportRow, result_entry: str) -> dict[str, Any]:
    """The traveller cells (by heading) that hold ``row``'s result; raises one line if the
    contract, declarer or result is not one."""
    if row.adjusted:
        return {"Adjusted": str(Adjusted.parse(row.adjusted))}
    text = row.contract.strip()
    if not text:
        if row.score:
            return {"NS Score": ascii_int(row.score, what="score")}
        raise WorkbookError("no contract, score or adjusted score")
    try:
        c = Contract.parse(text)
    except XlbridgeError as first:
        try:
            return {"Adjusted": str(Adjusted.parse(text))}
        except XlbridgeError:
            raise first from None
    if c.is_pass:
        return {"Contract": "PASS"}
    by = str(Seat.parse(row.declarer))
    result: int | str = row.result.strip()
    if isinstance(result, str) and result.isascii() and result.isdigit():
        result = int(result)
    tricks = tricks_taken(c, result)
    out: dict[str, Any] = {"Contract": str(c), "By": by}
    if result_entry == "tricks":
        out["Tricks"] = tricks
    elif tricks >= c.tricks_needed:
        out["Made"] = tricks - 6
    else:
        out["Down"] = c.tricks_needed - tricks
    return out


def _matches(given: str, label: str, side: str) -> bool:
    """A scorer's pair number ``3`` is the workbook's ``3``, or ``NS 3`` on the NS side."""
    given = given.strip()
    return given == label or label == f"{side} {given}" or given == f"{side} {label}"


@dataclass
class _Traveller:
    ws: Any
    cols: dict[str, int]
    rows: list[tuple[int, str, str, int | None, int | None]]  # sheet row, NS, EW, round, table


def _traveller(ws: Any) -> _Traveller:
    sheet = R.Sheet(ws)
    head, col = R._headers(sheet, "Contract")
    rows = []
    for r in range(head + 1, head + 1 + 1000):
        ns = R._text(sheet.cell(r, col["NS"]).value, f"{ws.title}!NS{r}")
        ew = R._text(sheet.cell(r, col["EW"]).value, f"{ws.title}!EW{r}")
        if not ns and not ew:
            break
        rnd = R._whole_or_none(sheet.cell(r, col["Round"]).value) if "Round" in col else None
        tab = R._whole_or_none(sheet.cell(r, col["Table"]).value) if "Table" in col else None
        rows.append((r, ns, ew, rnd, tab))
    return _Traveller(ws, col, rows)


def import_results(
    workbook: str | os.PathLike[str],
    source: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    force: bool = False,
) -> Imported:
    """Read ``source``'s results into a copy of ``workbook`` written to ``out``: a pairs
    workbook's travellers here, an individual's travellers or a teams workbook's match sheets
    by :mod:`xlbridge.rebuild.imports_family`. Social games (rubber, Chicago, progressive, ...)
    are scored on paper score sheets, which no electronic scorer exports: refused."""
    if Path(out).suffix.lower() != ".xlsx":
        raise WorkbookError(f"output {str(out)!r} must end in .xlsx")
    wb = load_workbook(workbook, what="workbook")
    book = R.Book(wb)
    kind, family = R.family_of_workbook(book)
    if family not in ("pairs", "individual", "teams"):
        raise WorkbookError(
            f"{kind} is {_a(family)} game, scored on score sheets that no electronic scorer"
            " exports; import fills pairs, individual and teams workbooks"
        )
    rows, problems = read_results(source, all_sections=family == "teams")
    if family == "pairs":
        filled, same, problems = _fill_pairs(wb, book, rows, problems, force, source)
    else:
        from xlbridge.rebuild import imports_family

        fill = imports_family.fill_teams if family == "teams" else imports_family.fill_individual
        got = fill(wb, book, rows, force, workbook)
        filled, same, problems = got.filled, got.same, [*problems, *got.problems]
    problems.sort(key=_line_of)  # in the order of the results file
    _report_on_checks(wb, Path(source).name, problems)
    write_atomically(Path(out), wb.save, force=force)
    return Imported(filled, same, tuple(problems))


def _fill_pairs(
    wb: Any,
    book: R.Book,
    rows: list[ImportRow],
    problems: list[str],
    force: bool,
    source: str | os.PathLike[str],
) -> tuple[int, int, list[str]]:
    """Place ``rows`` on a pairs workbook's travellers: (filled, already there, problems)."""
    settings = R._session_values(book)
    entry = str(settings.get("Result entry") or "made-down")
    scoring, _scale = R._scoring(settings)
    tcols = F.TravellerCols.build(entry, scoring)
    travellers: dict[int, _Traveller] = {}
    labels: set[str] = set()
    for name in wb.sheetnames:
        m = R._BOARD_SHEET.fullmatch(name)
        if m:
            t = _traveller(wb[name])
            travellers[int(m.group(1))] = t
            for _r, ns, ew, _rd, _tb in t.rows:
                labels.update((ns, ew))
    problems = list(problems)
    filled = same = 0
    done: dict[tuple[int, int], str] = {}
    named_only = Path(source).suffix.lower() in (".csv", ".bws")
    for row in rows:
        where = f"{row.where}: board {row.board}"
        if named_only and row.players and not (row.ns or row.ew):
            problems.append(f"{where}: an individual's row (four players): not for pairs")
            continue
        found = travellers.get(row.board or 0)
        if found is None:
            problems.append(f"{where}: the board is not played in this session")
            continue
        t = found
        try:
            cells = cells_for(row, entry)
        except XlbridgeError as exc:
            problems.append(f"{where}: {str(exc).splitlines()[0][:120]}")
            continue
        target = _place(row, t, labels)
        if isinstance(target, str):
            problems.append(f"{where}: {target}")
            continue
        if (row.board or 0, target) in done:
            problems.append(
                f"{where}: a second result for that play (first: {done[(row.board or 0, target)]})"
            )
            continue
        done[(row.board or 0, target)] = row.where
        status = _write(t, target, cells, force, tcols)
        if status == "same":
            same += 1
        elif status == "filled":
            filled += 1
        else:
            problems.append(f"{where}: {status}")
    return filled, same, problems


def _line_of(problem: str) -> int:
    m = re.search(r" line ([0-9]+)", problem)
    return int(m.group(1)) if m else 0


def _place(row: ImportRow, t: _Traveller, labels: set[str]) -> int | str:
    if row.ns or row.ew:
        for pair, side in ((row.ns, "NS"), (row.ew, "EW")):
            if not any(_matches(pair, lab, side) for lab in labels):
                return f"pair {pair[:10]!r} ({side}) is not in this session"
        for r, ns, ew, _rd, _tb in t.rows:
            if _matches(row.ns, ns, "NS") and _matches(row.ew, ew, "EW"):
                return r
        return f"NS {row.ns} and EW {row.ew} do not play this board"
    if row.round is not None and row.table is not None:
        for r, _ns, _ew, rd, tb in t.rows:
            if rd == row.round and tb == row.table:
                return r
        return f"the board is not played at table {row.table} in round {row.round}"
    return "no pairs (or round and table) to place the result"


def _same_value(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().upper() == b.strip().upper()
    return bool(a == b)


def _write(t: _Traveller, r: int, cells: dict[str, Any], force: bool, tc: F.TravellerCols) -> str:
    ws, col = t.ws, t.cols
    for label in cells:
        if label not in col:
            return f"the traveller has no {label} column"
    present: dict[str, Any] = {}
    for label in _RESULT_CELLS:
        if label in col:
            c = ws.cell(row=r, column=col[label])
            if c.value not in (None, "") and c.data_type != "f":
                present[label] = c.value
    if present:
        if set(present) == set(cells) and all(_same_value(present[k], v) for k, v in cells.items()):
            return "same"
        if not force:
            shown = " ".join(f"{k}={v}" for k, v in present.items())
            return f"row {r} already holds {shown}; not replaced (use --force)"
        for label in present:
            c = ws.cell(row=r, column=col[label])
            c.value = F.ns_score(tc, r) if label == "NS Score" else None
    for label, value in cells.items():
        c = ws.cell(row=r, column=col[label])
        put_entry(c, value, f"{ws.title} row {r} {label}")
    return "filled"


def _report_on_checks(wb: Any, source: str, problems: list[str]) -> None:
    if "Checks" not in wb.sheetnames or not problems:
        return
    ws = wb["Checks"]
    last = max((c.row for c in ws["A"] if c.value is not None), default=3)
    r = last + 2
    put_text(ws.cell(row=r, column=1), f"Import from {source}: rows not imported", "checks")
    for i, line in enumerate(problems, start=r + 1):
        put_text(ws.cell(row=i, column=1), line[:1000], "checks")
