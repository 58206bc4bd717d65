"""PBN 2.1 results: one game per board with its ``ScoreTable``, and the ranking as a
``TotalScoreTable`` on the first board.

PBN 2.1 tables: the tag value names the columns, ``Name\\wA`` (width, alignment L or R), ``;``
between columns; each following line is one row, values separated by spaces, a value holding a
space written in double quotes, ``-`` for no value. The ``Scoring`` tag says ``MatchPoints``
or ``IMP``. Without hand records the ``Deal`` tag is left out (the file carries results only);
``Event``, ``Date`` (``YYYY.MM.DD``), ``Board``, ``Dealer`` and ``Vulnerable`` are given.

>>> cell("NS 1"), cell(""), cell("4S")
('"NS 1"', '-', '4S')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from xlbridge.errors import InputFileError
from xlbridge.interchange.csvio import ascii_int
from xlbridge.interchange.pbn import cell, file_text, parse_games, plain, table_lines, tag_line
from xlbridge.numerals import shown_text
from xlbridge.results.figures import PERCENT_PLACES, decimals, fixed
from xlbridge.results.problems import banner
from xlbridge.results.session import SessionResults
from xlbridge.results.tables import ranking_groups
from xlbridge.types import Seat, Vulnerability

__all__ = ["PbnRow", "read_pbn_scores", "results_pbn"]


# Numbers as this format shows them (:func:`xlbridge.numerals.shown_text`).
_num = functools.partial(shown_text, fixed=True, blank="-")


def _tag(name: str, value: str) -> str:
    return tag_line(name, plain(value))


def _pbn_date(text: str) -> str:
    m = re.fullmatch(r"(\d{4})[-.](\d{2})[-.](\d{2})", text.strip())
    return f"{m.group(1)}.{m.group(2)}.{m.group(3)}" if m else "?"


def _comment(text: str) -> str:
    """Text safe inside a PBN comment (no braces, one line).

    >>> _comment("contract {4S} does not parse")
    'contract (4S) does not parse'
    """
    return " ".join(text.replace("{", "(").replace("}", ")").split())


def results_pbn(res: SessionResults) -> str:
    """The session as PBN 2.1 text with a score table on every board. While the Checks sheet
    lists open problems, the first game opens with a ``{PROVISIONAL: ...}`` commentary and each
    score-table row with a problem ends in a ``; provisional: ...`` comment."""
    mp = res.input.scoring == "mp"
    pts = ("MP_NS", "MP_EW") if mp else ("IMP_NS", "IMP_EW")
    # One number of decimals down each column of every table (0.50 beside 2.00, never 2).
    scored = [r for b in res.boards for r in b.rows]
    point_places = decimals([r.mp_ns for r in scored] + [r.mp_ew for r in scored])
    total_places = decimals(s.total for s in res.standings)
    games: list[list[str]] = []
    for i, b in enumerate(res.boards):
        vul = str(Vulnerability.from_board(b.board))
        lines = [
            _tag("Event", res.event), _tag("Site", ""), _tag("Date", _pbn_date(res.input.date)),
            _tag("Board", str(b.board)), _tag("Dealer", str(Seat.dealer_of(b.board))),
            _tag("Vulnerable", vul),
            _tag("Scoring", "MatchPoints" if mp else "IMP"),
        ]  # fmt: skip
        cols = [("Table", 2, "R"), ("Round", 2, "R"), ("PairId_NS", 5, "R"),
                ("PairId_EW", 5, "R"), ("Contract", 5, "L"), ("Declarer", 1, "R"),
                ("Result", 2, "R"), ("Score_NS", 6, "R"), ("Score_EW", 6, "R"),
                (pts[0], 6, "R"), (pts[1], 6, "R")]  # fmt: skip
        rows, marks = [], []
        for r in b.rows:
            x = r.result
            if r.score_ns is None and not x.adjusted:
                continue
            marks.append(res.row_problem(b.board, x.row))
            ns_score = _num(r.score_ns) if r.score_ns is not None and r.score_ns > 0 else "-"
            ew_score = _num(-r.score_ns) if r.score_ns is not None and r.score_ns < 0 else "-"
            if r.score_ns == 0:
                ns_score = "0"
            rows.append([
                cell(x.table), cell(x.round), cell(x.ns), cell(x.ew),
                cell(x.adjusted or x.contract),
                cell(x.declarer), cell(x.tricks), ns_score, ew_score,
                fixed(r.mp_ns, point_places, "-"), fixed(r.mp_ew, point_places, "-"),
            ])  # fmt: skip
        table = table_lines("ScoreTable", cols, rows)
        # A row with an open problem ends in a ``;`` comment naming it (readers skip it).
        lines += [table[0]] + [
            f"{line} ; provisional: {_comment(mark)}" if mark else line
            for line, mark in zip(table[1:], marks, strict=True)
        ]
        if i == 0 and res.open_problems:
            lines.insert(0, "{" + _comment(banner(res.open_problems)) + "}")
        if i == 0:
            total = "TotalScoreMP" if mp else "TotalIMP"
            tcols = [("Rank", 3, "R"), ("PairId", 5, "R"), ("Direction", 2, "L"),
                     (total, 7, "R"), ("TotalPercentage", 6, "R"), ("Names", 30, "L")]  # fmt: skip
            trows = [
                [cell(s.rank), cell(s.label), cell(s.dir), fixed(s.total, total_places, "-"),
                 fixed(s.pct, PERCENT_PLACES, "-"),
                 cell(s.pair.names)]
                for _, group in ranking_groups(res) for s in group
            ]  # fmt: skip
            lines += table_lines("TotalScoreTable", tcols, trows)
        games.append(lines)
    return file_text("Results", games)


@dataclass(frozen=True, slots=True)
class PbnRow:
    """One score-table row read back: board and the values by column name."""

    board: int
    values: dict[str, str]


def read_pbn_scores(text: str, name: str = "PBN") -> tuple[list[PbnRow], list[dict[str, str]]]:
    """The ``ScoreTable`` rows of every board and the ``TotalScoreTable`` rows of a PBN file,
    read by the one PBN tokenizer (:func:`xlbridge.interchange.pbn.parse_games`).

    ``-`` reads back as an empty string."""
    rows: list[PbnRow] = []
    totals: list[dict[str, str]] = []
    board = 0
    for game in parse_games(text, name=name):
        board_tag = game.tag("Board")
        if board_tag is not None and board_tag.value.strip():
            board = ascii_int(board_tag.value, what=f"{name} line {board_tag.line}: board")
        for tag_name in ("ScoreTable", "TotalScoreTable"):
            tag = game.tag(tag_name)
            if tag is None:
                continue
            columns, body = tag.table(name)
            for line, values in body:
                if len(values) != len(columns):
                    raise InputFileError(
                        f"{name} line {line}: {len(values)} values for {len(columns)}"
                    )
                row = dict(zip(columns, values, strict=True))
                if tag_name == "ScoreTable":
                    rows.append(PbnRow(board, row))
                else:
                    totals.append(row)
    return rows, totals
