"""Plain tables of a scored session: rankings, results, barometer, as text or CSV rows.

Every output (text, CSV, pandas, HTML) takes its rows from here, so they cannot drift apart.

>>> from xlbridge.results.session import PairInfo, ResultRow, SessionInput
>>> from xlbridge.families.duplicate.score import score_session
>>> rows = (ResultRow(1, 6, 1, 1, "1", "2", "4S", "N", 10), ResultRow(1, 7, 1, 2, "3", "4", "PASS"))
>>> s = score_session(SessionInput("Club", "", "howell", "mp", "acbl",
...     tuple(PairInfo(i, str(i), "", "") for i in range(1, 5)), rows, {1: 2}))
>>> first = standings_rows(s)[0]
>>> first["rank"], first["pair"], first["total"], first["pct"]
('1', '1', 1.0, 100.0)
"""

from __future__ import annotations

from typing import Any

from xlbridge.interchange.csvio import write_csv
from xlbridge.numerals import shown
from xlbridge.results.figures import PERCENT_PLACES, decimals, fixed
from xlbridge.results.problems import banner, problem_lines, status_of
from xlbridge.results.read_family import disagreement_lines, unscored_lines
from xlbridge.results.session import SessionResults, Standing

__all__ = [
    "BAROMETER_COLUMNS",
    "RESULT_COLUMNS",
    "STANDING_COLUMNS",
    "barometer_rows",
    "barometer_sheet",
    "barometer_text",
    "players_cells",
    "players_heads",
    "ranking_groups",
    "result_rows",
    "section_groups",
    "standing_columns",
    "standings_rows",
    "to_csv",
    "to_text",
]

# ``status``: the session's, provisional while the Checks sheet lists a problem, else final;
# ``problem``: the open problems of the row or its board.
STANDING_COLUMNS = (
    "rank", "pair", "names", "dir", "played", "total", "pct", "average", "status",
)  # fmt: skip
RESULT_COLUMNS = (
    "board", "round", "table", "ns", "ew", "contract", "declarer", "tricks", "score_ns",
    "adjusted", "ns_points", "ew_points", "status", "problem",
)  # fmt: skip
BAROMETER_COLUMNS = ("round", "pair", "played", "score", "pct", "rank", "status")
# Sectioned sessions add each pair's section and its rank there, after ``rank``.
SECTION_COLUMNS = ("section", "section_rank")


def _rank_key(s: Standing) -> tuple[int, int, str]:
    return (0 if s.dir != "EW" else 1, _rank_number(s.rank), s.label)


def ranking_groups(res: SessionResults) -> list[tuple[str, list[Standing]]]:
    """The standings in rank order, NS then EW in two-winner games (one group otherwise)."""
    ordered = sorted(res.standings, key=_rank_key)
    if not res.two_winner:
        return [("", ordered)]
    return [(d, [s for s in ordered if s.dir == d]) for d in ("NS", "EW")]


def section_groups(res: SessionResults) -> list[tuple[str, str, list[Standing]]]:
    """Each section's standings in its own rank order: (section, direction, standings), the
    sections in order, NS then EW in two-winner games and in a Mitchell section of a field
    with Howell sections; none for a session of one section."""
    out = []
    for letter in res.input.sections:
        for direction, group in ranking_groups(res):
            mine = [s for s in group if s.section == letter]
            mine.sort(key=lambda s: (_rank_number(s.section_rank), s.label))
            kept = sorted({s.section_dir for s in mine} - {""}, key=("NS", "EW").index)
            for d in kept or [direction]:  # a Mitchell section of a mixed field: NS, EW apart
                part = [s for s in mine if s.section_dir == d] if kept else mine
                if part:
                    out.append((letter, d, part))
    return out


def _rank_number(rank: str) -> int:
    digits = rank.rstrip("=")
    return int(digits) if digits.isdigit() else 10**6


def _players_keys(res: SessionResults) -> list[str]:
    """The standings' handicapped and stratified fields, when the session has them."""
    keys = []
    if res.input.handicapped and res.input.scoring == "mp":
        keys += ["handicap", "handicapped_pct", "handicapped_rank"]
    if res.input.strata is not None:
        keys += ["stratum"] + [f"rank_{x}" for x in res.input.strata.letters]
    if res.masterpoint_scale:  # xlbridge.results.awards: points to each player
        keys += ["masterpoints"]
    return keys


def standing_columns(res: SessionResults) -> tuple[str, ...]:
    """The standings CSV's columns: :data:`STANDING_COLUMNS`, with :data:`SECTION_COLUMNS`
    after ``dir`` when the session has sections, and the handicapped and stratified ones
    (``handicap``, ``handicapped_pct``, ``handicapped_rank``, ``stratum``, ``rank_A``...) before
    ``status`` where the session has them."""
    at = STANDING_COLUMNS.index("dir") + 1
    sections = SECTION_COLUMNS if res.input.sections else ()
    return (*STANDING_COLUMNS[:at], *sections, *STANDING_COLUMNS[at:-1], *_players_keys(res),
            STANDING_COLUMNS[-1])  # fmt: skip


def _players_values(res: SessionResults, s: Standing) -> dict[str, Any]:
    ranked = dict(s.stratum_ranks)
    every = {"handicap": shown(s.handicap), "handicapped_pct": shown(s.handicapped_pct),
             "handicapped_rank": s.handicapped_rank, "stratum": s.stratum,
             **{f"rank_{x}": ranked.get(x, "") for x in "ABCD"},
             "masterpoints": dict(res.masterpoints).get(s.label, 0)}  # fmt: skip
    return {k: every[k] for k in _players_keys(res)}


def players_heads(res: SessionResults) -> list[str]:
    """The text and HTML tables' headings of the handicapped and stratified columns."""
    names = {"handicap": "Hcp", "handicapped_pct": "Hcp %", "handicapped_rank": "Hcp rank",
             "stratum": "Stratum", **{f"rank_{x}": f"Rank {x}" for x in "ABCD"},
             "masterpoints": "MPs"}  # fmt: skip
    return [names[k] for k in _players_keys(res)]


def players_cells(res: SessionResults, s: Standing) -> list[str]:
    """A pair's handicapped and stratified cells as the text and HTML tables show them."""
    out = []
    for k, v in _players_values(res, s).items():
        if k == "handicap":
            out.append("" if v is None else f"{v:+.2f}")
        elif k == "handicapped_pct":
            out.append(fixed(v, PERCENT_PLACES))
        else:
            out.append(str(v))
    return out


def standings_rows(res: SessionResults) -> list[dict[str, Any]]:
    """One dict a pair, in rank order (sectioned sessions: also its section and its rank
    there)."""
    return [
        {"rank": s.rank, "pair": s.label, "names": s.pair.names, "dir": s.dir,
         "played": s.played, "total": shown(s.total), "pct": shown(s.pct),
         "average": shown(s.average), **_players_values(res, s),
         "status": status_of(res.open_problems),
         **({"section": s.section, "section_rank": s.section_rank}
            if res.input.sections else {})}
        for _, group in ranking_groups(res) for s in group
    ]  # fmt: skip


def result_rows(res: SessionResults) -> list[dict[str, Any]]:
    """One dict a traveller row (every board, in playing order)."""
    out = []
    status = status_of(res.open_problems)
    for b in res.boards:
        for r in b.rows:
            x = r.result
            out.append(
                {"board": b.board, "round": x.round, "table": x.table, "ns": x.ns, "ew": x.ew,
                 "contract": x.contract, "declarer": x.declarer, "tricks": x.tricks,
                 "score_ns": shown(r.score_ns), "adjusted": x.adjusted,
                 "ns_points": shown(r.mp_ns), "ew_points": shown(r.mp_ew), "status": status,
                 "problem": res.row_problem(b.board, x.row)}
            )  # fmt: skip
    return out


def barometer_rows(res: SessionResults) -> list[dict[str, Any]]:
    """One dict a pair a round: the standings after each round."""
    return [
        {"round": b.round, "pair": label, "played": n, "score": shown(raw), "pct": shown(pct),
         "rank": rank, "status": res.round_status(b.round) if res.barometer_play
         else status_of(res.open_problems)}
        for b in res.barometer for label, n, raw, pct, rank in b.standings
    ]  # fmt: skip


def barometer_sheet(res: SessionResults) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """The standings after each round as a sheet: one row a pair, a percentage (or IMP total)
    and a rank column for each round (a barometer game: and the round's status, ``not final``
    before the last round). Returns (columns, rows)."""
    mp = res.input.scoring == "mp"
    cols = ["pair", "dir"]
    for b in res.barometer:
        cols += [f"round {b.round}", f"rank {b.round}"]
        cols += [f"status {b.round}"] if res.barometer_play else []
    dirs = {s.label: s.dir for s in res.standings}
    rows: dict[str, dict[str, Any]] = {s.label: {"pair": s.label, "dir": s.dir}
                                       for s in res.standings}  # fmt: skip
    for b in res.barometer:
        for label, n, raw, pct, rank in b.standings:
            row = rows.setdefault(label, {"pair": label, "dir": dirs.get(label, "")})
            row[f"round {b.round}"] = shown(pct if mp else raw) if n else None
            row[f"rank {b.round}"] = rank
            if res.barometer_play:
                row[f"status {b.round}"] = res.round_status(b.round)
    status = status_of(res.open_problems)
    for row in rows.values():
        row["status"] = status
    return (*cols, "status"), list(rows.values())


def barometer_text(res: SessionResults) -> list[str]:
    """A barometer game's standings after each round, in rank order (per direction in
    two-winner games), each headed with its status: ``not final`` before the last round; each
    pair with its names when the session has names."""
    mp = res.input.scoring == "mp"
    dirs = {s.label: s.dir for s in res.standings}
    names = {s.label: " ".join(s.pair.names.split()) for s in res.standings}
    named = any(names.values())
    raw_places = decimals(raw for b in res.barometer for _, _, raw, _, _ in b.standings)
    last = max((b.round for b in res.barometer), default=0)
    out: list[str] = []
    for b in res.barometer:
        out += ["", f"Standings after round {b.round} of {last} ({res.round_status(b.round)})"]
        for direction in ("NS", "EW") if res.two_winner else ("",):
            lines = [x for x in b.standings if x[1] and (dirs.get(x[0], "") == direction)]
            lines.sort(key=lambda x: int(x[4].rstrip("=")) if x[4].rstrip("=").isdigit()
                       else 10**6)  # fmt: skip
            table = [["Rank", "Pair", "Names", "Played", "%" if mp else "IMPs"]] + [
                [rank, label, names.get(label, ""), str(n),
                 fixed(pct, PERCENT_PLACES) if mp else fixed(raw, raw_places)]
                for label, n, raw, pct, rank in lines
            ]  # fmt: skip
            if not named:  # a session typed without names: no empty column
                table = [row[:2] + row[3:] for row in table]
            if direction:
                out.append(f"{direction} pairs")
            widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
            left = 2 if named else -1  # the names read from the left, as in the ranking
            out += ["  ".join(c.ljust(w) if i == left else c.rjust(w)
                              for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
                    for row in table]  # fmt: skip
    return out


def to_csv(rows: list[dict[str, Any]], columns: tuple[str, ...]) -> str:
    """CSV of ``rows`` (spreadsheet-safe fields, see :mod:`xlbridge.interchange.csvio`)."""
    return write_csv(columns, ([_cell(r[c]) for c in columns] for r in rows))


def _cell(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def to_text(res: SessionResults) -> str:
    """The ranking as a readable text table, then any disagreement or problem."""
    mp = res.input.scoring == "mp"
    method = {"mp": f"matchpoints ({res.input.scale.upper()})", "butler": "Butler IMPs",
              "ximp": "cross-IMPs"}[res.input.scoring]  # fmt: skip
    lines = [f"{res.event}  {res.input.date}".rstrip(), f"{res.input.kind}, {method}"]
    # The same decimals down each column of the page (figures.py): totals as the most precise
    # needs, percentages always two.
    total_places = decimals(s.total for s in res.standings)
    avg_places = PERCENT_PLACES if mp else decimals(s.average for s in res.standings)
    if res.open_problems:
        lines.insert(0, banner(res.open_problems))
    for direction, group in ranking_groups(res):
        who = "Player" if res.input.family == "individual" else "Pair"
        seats = any(s.seat for s in group)  # the Rainbow: Dir and Dir rank, as on Results
        head = ["Rank", who, "Names", "Played", "Total", "%" if mp else "Avg"]
        head += ["Dir", "Dir rank"] if seats else []
        head += players_heads(res)
        table = [head] + [
            [s.rank, s.label, s.pair.names, str(s.played), fixed(s.total, total_places),
             fixed(s.pct if mp else s.average, avg_places)]
            + ([s.seat, s.seat_rank] if seats else []) + players_cells(res, s)
            for s in group
        ]  # fmt: skip
        lines.append("")
        if direction:
            lines.append(f"{direction} pairs" + (" (all sections)" if res.input.sections else ""))
        lines += _aligned(table)
    for letter, direction, group in section_groups(res):
        lines += ["", f"Section {letter}" + (f", {direction} pairs" if direction else "")]
        table = [["Rank", "Pair", "Names", "Played", "Total", "%" if mp else "Avg"]] + [
            [s.section_rank, s.label, s.pair.names, str(s.played),
             fixed(s.total, total_places), fixed(s.pct if mp else s.average, avg_places)]
            for s in group
        ]  # fmt: skip
        lines += _aligned(table)
    if res.barometer_play:
        lines += barometer_text(res)
    if res.winners:
        won = (f"{s.seat} {s.label}" + (f" {s.pair.names}" if s.pair.names else "")
               for s in res.winners)  # fmt: skip
        lines += ["", "Winners in each direction: " + "; ".join(won)]
    lines += disagreement_lines(res.disagreements, res.recalculated)
    lines += unscored_lines(res.problems, "row(s) or sheet(s)")
    lines += problem_lines(res.open_problems)
    return "\n".join(lines)


def _aligned(table: list[list[str]]) -> list[str]:
    """A text table's lines: each column as wide as its widest cell, names (the third column)
    to the left, the other columns to the right."""
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return [
        "  ".join(c.ljust(w) if i == 2 else c.rjust(w)
                  for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
        for row in table
    ]  # fmt: skip
