"""PBN 2.1 results: one game per board with its ``ScoreTable``, and the ranking as a
``TotalScoreTable`` on the first board.

PBN 2.1 tables: the tag value names the columns, ``Name\\wA`` (width, alignment L or R), ``;``
between columns; each following line is one row, values separated by spaces, a value holding a
space written in double quotes, ``-`` for no value. The ``Scoring`` tag says ``MatchPoints``
or ``IMP``. Without hand records the ``Deal`` tag is left out (the file carries results only);
``Event``, ``Date`` (``YYYY.MM.DD``), ``Board``, ``Dealer`` and ``Vulnerable`` are given.

>>> _value("NS 1"), _value(""), _value("4S")
('"NS 1"', '-', '4S')
"""

from __future__ import annotations

import functools
import re
import shlex
from dataclasses import dataclass

from xlbridge.errors import InputFileError
from xlbridge.numerals import shown_text
from xlbridge.results.session import SessionResults
from xlbridge.results.tables import ranking_groups
from xlbridge.types import Seat, Vulnerability

__all__ = ["PbnRow", "read_pbn_scores", "write_pbn"]


# Numbers as this format shows them (:func:`xlbridge.numerals.shown_text`).
_num = functools.partial(shown_text, fixed=True, blank="-")


def _value(x: object) -> str:
    text = "" if x is None else str(x)
    if not text:
        return "-"
    if re.search(r'[\s"]', text):
        return '"' + text.replace('"', "'") + '"'
    return text


def _tag(name: str, value: str) -> str:
    return f'[{name} "{value.replace(chr(92), "/").replace(chr(34), chr(39))}"]'


def _table(name: str, columns: list[tuple[str, int, str]], rows: list[list[str]]) -> list[str]:
    head = ";".join(f"{c}\\{w}{a}" for c, w, a in columns)
    out = [f'[{name} "{head}"]']
    for row in rows:
        cells = [v.ljust(w) if a == "L" else v.rjust(w) for v, (_, w, a) in
                 zip(row, columns, strict=True)]  # fmt: skip
        out.append(" ".join(cells).rstrip())
    return out


def _pbn_date(text: str) -> str:
    m = re.fullmatch(r"(\d{4})[-.](\d{2})[-.](\d{2})", text.strip())
    return f"{m.group(1)}.{m.group(2)}.{m.group(3)}" if m else "?"


def write_pbn(res: SessionResults) -> str:
    """The session as PBN 2.1 text with a score table on every board."""
    mp = res.input.scoring == "mp"
    pts = ("MP_NS", "MP_EW") if mp else ("IMP_NS", "IMP_EW")
    lines = ["% PBN 2.1", "% EXPORT", "% Results by xlbridge", ""]
    for i, b in enumerate(res.boards):
        vul = str(Vulnerability.from_board(b.board))
        lines += [
            _tag("Event", res.event), _tag("Site", ""), _tag("Date", _pbn_date(res.input.date)),
            _tag("Board", str(b.board)), _tag("Dealer", str(Seat.dealer_of(b.board))),
            _tag("Vulnerable", vul),
            _tag("Scoring", "MatchPoints" if mp else "IMP"),
        ]  # fmt: skip
        cols = [("Table", 2, "R"), ("Round", 2, "R"), ("PairId_NS", 5, "R"),
                ("PairId_EW", 5, "R"), ("Contract", 5, "L"), ("Declarer", 1, "R"),
                ("Result", 2, "R"), ("Score_NS", 6, "R"), ("Score_EW", 6, "R"),
                (pts[0], 6, "R"), (pts[1], 6, "R")]  # fmt: skip
        rows = []
        for r in b.rows:
            x = r.result
            if r.score_ns is None and not x.adjusted:
                continue
            ns_score = _num(r.score_ns) if r.score_ns is not None and r.score_ns > 0 else "-"
            ew_score = _num(-r.score_ns) if r.score_ns is not None and r.score_ns < 0 else "-"
            if r.score_ns == 0:
                ns_score = "0"
            rows.append([
                _value(x.table), _value(x.round), _value(x.ns), _value(x.ew),
                _value(x.adjusted or x.contract),
                _value(x.declarer), _value(x.tricks), ns_score, ew_score,
                _num(r.mp_ns), _num(r.mp_ew),
            ])  # fmt: skip
        lines += _table("ScoreTable", cols, rows)
        if i == 0:
            total = "TotalScoreMP" if mp else "TotalIMP"
            tcols = [("Rank", 3, "R"), ("PairId", 5, "R"), ("Direction", 2, "L"),
                     (total, 7, "R"), ("TotalPercentage", 6, "R"), ("Names", 30, "L")]  # fmt: skip
            trows = [
                [_value(s.rank), _value(s.label), _value(s.dir), _num(s.total), _num(s.pct),
                 _value(s.pair.names)]
                for _, group in ranking_groups(res) for s in group
            ]  # fmt: skip
            lines += _table("TotalScoreTable", tcols, trows)
        lines.append("")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class PbnRow:
    """One score-table row read back: board and the values by column name."""

    board: int
    values: dict[str, str]


def read_pbn_scores(text: str) -> tuple[list[PbnRow], list[dict[str, str]]]:
    """The ``ScoreTable`` rows of every board and the ``TotalScoreTable`` rows of a PBN file.

    ``-`` reads back as an empty string."""
    rows: list[PbnRow] = []
    totals: list[dict[str, str]] = []
    board = 0
    columns: list[str] = []
    target: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("%") or not line.strip():
            target = None if not line.strip() else target
            continue
        m = re.fullmatch(r'\[(\w+) "(.*)"\]', line.strip())
        if m:
            name, value = m.groups()
            target = None
            if name == "Board":
                board = int(value)
            elif name in ("ScoreTable", "TotalScoreTable"):
                columns = [c.split("\\")[0] for c in value.split(";")]
                target = name
            continue
        if target is None:
            continue
        try:
            values = shlex.split(line)
        except ValueError as exc:
            raise InputFileError(f"PBN line {number}: {exc}") from None
        if len(values) != len(columns):
            raise InputFileError(f"PBN line {number}: {len(values)} values for {len(columns)}")
        row = {c: ("" if v == "-" else v) for c, v in zip(columns, values, strict=True)}
        if target == "ScoreTable":
            rows.append(PbnRow(board, row))
        else:
            totals.append(row)
    return rows, totals
