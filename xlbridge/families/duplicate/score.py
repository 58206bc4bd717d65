"""A pairs session's results scored in Python: boards, standings, barometer, disagreements.

The input is what was typed (:class:`SessionInput`, made by a reader in
:mod:`xlbridge.families.duplicate.reader`); the output is :class:`SessionResults`, every value
worked out again by the rules layer (:mod:`xlbridge.scoring`), never copied from a cached cell.
Cached cell values the reader saw are compared with the Python values and each difference
becomes a :class:`Disagreement`.

>>> rows = (
...     ResultRow(board=1, row=6, round=1, table=1, ns="1", ew="2", contract="4S", declarer="N",
...               tricks=10),
...     ResultRow(board=1, row=7, round=1, table=2, ns="3", ew="4", contract="4S", declarer="N",
...               tricks=9),
... )
>>> s = SessionInput(event="Club", date="", kind="howell", scoring="mp", scale="acbl",
...     pairs=tuple(PairInfo(i, str(i), "", "") for i in range(1, 5)), rows=rows,
...     expected={1: 2})
>>> res = score_session(s)
>>> [(r.score_ns, r.mp_ns) for r in res.boards[0].rows]
[(420, 1.0), (-50, 0.0)]
>>> [(e.label, e.dir, e.total, e.rank) for e in res.standings]  # NS 1, 3; EW 2, 4
[('1', 'NS', 1.0, '1'), ('2', 'EW', 0.0, '2'), ('3', 'NS', 0.0, '2'), ('4', 'EW', 1.0, '1')]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from xlbridge.errors import XlbridgeError
from xlbridge.movements.field import comparison_group, section_fields, section_of
from xlbridge.numerals import shown, whole_or_none
from xlbridge.results.board import BoardField, ResultRow, row_score, score_rows
from xlbridge.results.session import (
    IGNORED,
    BarometerRound,
    BoardScore,
    Disagreement,
    PairInfo,
    ScoredResult,
    SessionInput,
    SessionResults,
    Standing,
    agrees,
)
from xlbridge.scoring.choices import PAIRS_SCORINGS, PairsScoring
from xlbridge.scoring.handicap import handicapped_pct, pair_handicap
from xlbridge.scoring.matchpoints import MPScale
from xlbridge.scoring.session import factored_total, percentage, ranks
from xlbridge.scoring.strata import stratum_ranks

__all__ = ["SCORINGS", "score_session"]

SCORINGS: tuple[PairsScoring, ...] = PAIRS_SCORINGS


def score_session(s: SessionInput) -> SessionResults:
    """Score every board and rank every pair, as the workbook's formulas must."""
    if s.scoring not in SCORINGS:
        raise XlbridgeError(f"scoring {s.scoring!r} is not one of {', '.join(SCORINGS)}")
    MPScale.parse(s.scale)  # an unknown scale is refused before any board is scored
    by_board: dict[int, list[ResultRow]] = {}
    for r in s.rows:
        by_board.setdefault(r.board, []).append(r)
    dirs: dict[str, set[str]] = {p.label: set() for p in s.pairs}
    scheduled: dict[str, int] = {p.label: 0 for p in s.pairs}
    for r in s.rows:
        for members, d in zip(r.sides, ("NS", "EW"), strict=True):
            for label in members:
                if label in dirs:
                    dirs[label].add(d)
                    scheduled[label] += 1
    # Individuals are ranked in one field (product spec) even if a player keeps a direction.
    two_winner = s.family != "individual" and all(len(d) <= 1 for d in dirs.values())
    boards: list[BoardScore] = []
    problems = [f"sheet {name[:40]!r}: {IGNORED}" for name in s.ignored]
    problems += [
        f"Board {r.board}, sheet row {r.row}: {r.problem or r.bad_adjusted}"
        for r in s.rows
        if r.problem or r.bad_adjusted
    ]
    apart = s.scored_apart
    sec_of = {  # each row's comparison group: its section, its board set (movements.field)
        r.ns: comparison_group(section_of(r.ns, s.sections), s.section_scoring, s.board_sets)
        for r in s.rows
    } if apart else {}  # fmt: skip
    fields = section_fields((r.board, sec_of[r.ns]) for r in s.rows) if apart else {}
    for b in sorted(by_board):
        rows = by_board[b]
        scores = [row_score(r) for r in rows]
        if apart:  # each group's rows on their own, the group's field (Neuberg)
            board, tops = _score_groups(s, rows, [sec_of[r.ns] for r in rows], fields)
        else:
            board = score_rows(
                rows, s.scoring, s.scale, expected=s.expected.get(b), rounding=s.datum_rounding
            )
            tops = [None] * len(rows)
        for row, exc in board.problems:
            where = f"Board {b}" if row is None else f"Board {b}, sheet row {row.row}"
            problems.append(f"{where}: {exc}")
        mps = board.pairs
        if s.scoring != "mp":
            mps = tuple(
                (None, None) if ns is None or ew is None else (float(ns), float(ew) + 0.0)
                for ns, ew in mps
            )
        boards.append(
            BoardScore(
                b, board.top, board.datum,
                tuple(ScoredResult(r, x, m[0], m[1], t)
                      for r, x, m, t in zip(rows, scores, mps, tops, strict=True)),
            )
        )  # fmt: skip
    standings = _standings(s, boards, dirs, scheduled, two_winner, upto_round=None)
    barometer = _barometer(s, boards, dirs, two_winner)
    disagreements, recalculated = _compare(s, boards, standings, barometer)
    return SessionResults(
        s, two_winner, tuple(boards), tuple(standings), barometer, disagreements, recalculated,
        tuple(problems),
    )  # fmt: skip


def _score_groups(
    s: SessionInput, rows: list[ResultRow], group: list[str], fields: Mapping[str, int]
) -> tuple[BoardField, list[float | None]]:
    """A board's rows scored group by group (``group``: each row's), each against its group's
    full field; the rows stay in sheet order, each with its group's top."""
    pairs: list[tuple[float | None, float | None]] = [(None, None)] * len(rows)
    tops: list[float | None] = [None] * len(rows)
    problems: list[tuple[ResultRow | None, XlbridgeError]] = []
    for g in dict.fromkeys(group):
        at = [i for i, x in enumerate(group) if x == g]
        f = score_rows([rows[i] for i in at], s.scoring, s.scale, expected=fields[g])
        for i, m in zip(at, f.pairs, strict=True):
            pairs[i], tops[i] = m, f.top
        problems += f.problems
    return BoardField(tuple(pairs), None, None, tuple(problems)), tops


def _credits(
    boards: list[BoardScore], upto_round: int | None
) -> dict[str, list[tuple[float, float]]]:
    got: dict[str, list[tuple[float, float]]] = {}
    for b in boards:
        for r in b.rows:
            if r.mp_ns is None or r.mp_ew is None:
                continue
            if upto_round is not None and (r.result.round or 0) > upto_round:
                continue
            t = (r.top if r.top is not None else b.top) or 0.0
            ns_side, ew_side = r.result.sides
            for label in ns_side:
                got.setdefault(label, []).append((r.mp_ns, t))
            for label in ew_side:
                got.setdefault(label, []).append((r.mp_ew, t))
    return got


def _kept_directions(
    s: SessionInput, dirs: dict[str, set[str]], two_winner: bool
) -> dict[str, str]:
    """A field mixing sections whose pairs keep their direction (Mitchells) with sections whose
    pairs do not (Howells), ranked as one field: the direction of each pair of a Mitchell
    section, whose places are given NS and EW apart, as published scorers give a Mitchell's."""
    if two_winner or not s.sections:
        return {}
    out: dict[str, str] = {}
    for letter in s.sections:
        mine = [p.label for p in s.pairs if p.section == letter]
        if mine and all(len(dirs.get(x, set())) == 1 for x in mine):
            out.update({x: next(iter(dirs[x])) for x in mine})
    return out


def _standings(
    s: SessionInput,
    boards: list[BoardScore],
    dirs: dict[str, set[str]],
    scheduled: dict[str, int],
    two_winner: bool,
    upto_round: int | None,
) -> list[Standing]:
    got = _credits(boards, upto_round)
    boards_max = max(scheduled.values(), default=1) or 1
    mp = s.scoring == "mp"
    lines: list[tuple[PairInfo, str, int, float | None, float | None, float | None]] = []
    for p in s.pairs:
        d = dirs.get(p.label, set())
        direction = next(iter(d)) if two_winner and len(d) == 1 else ""
        mine = got.get(p.label, [])
        if not mine:
            lines.append((p, direction, 0, None, None, None))
            continue
        raw = sum(x for x, _ in mine)
        total = factored_total(raw, len(mine), max(boards_max, len(mine)))
        tops = sum(t for _, t in mine)
        pct = percentage(raw, tops) if mp and tops > 0 else None
        avg = None if mp else raw / len(mine)
        lines.append((p, direction, len(mine), total, pct, avg))
    # Section scoring: sections' tops differ, so the pairs are ranked by percentage (the
    # Recap's key: the fraction of the tops); otherwise by the (factored) total.
    by_pct = s.scored_apart and mp
    key = {ln[0].id: (ln[4] / 100 if ln[4] is not None else None) if by_pct else ln[3]
           for ln in lines}  # fmt: skip
    rank_of: dict[int, str] = {}
    for group in {line[1] for line in lines}:
        members = [line for line in lines if line[1] == group and key[line[0].id] is not None]
        for line, rk in zip(members, ranks([key[ln[0].id] for ln in members]), strict=True):  # type: ignore[misc]
            rank_of[line[0].id] = rk
    section_rank: dict[int, str] = {}
    kept = _kept_directions(s, dirs, two_winner)
    for where in {(ln[0].section, kept.get(ln[0].label, ln[1])) for ln in lines} if s.sections \
            else ():  # fmt: skip
        members = [ln for ln in lines if (ln[0].section, kept.get(ln[0].label, ln[1])) == where
                   and key[ln[0].id] is not None]  # fmt: skip
        for line, rk in zip(members, ranks([key[ln[0].id] for ln in members]), strict=True):  # type: ignore[misc]
            section_rank[line[0].id] = rk
    seat_of = _home_seats(s) if s.family == "individual" and s.rows else {}
    seat_rank: dict[int, str] = {}
    for seat in set(seat_of.values()):
        members = [ln for ln in lines if seat_of.get(ln[0].label) == seat and ln[3] is not None]
        for line, rk in zip(members, ranks([line[3] for line in members]), strict=True):  # type: ignore[misc]
            seat_rank[line[0].id] = rk
    out = [
        Standing(p, d, n, tot, pct, avg, rank_of.get(p.id, ""), seat_of.get(p.label, ""),
                 seat_rank.get(p.id, ""), section_rank.get(p.id, ""),
                 section_dir=kept.get(p.label, ""))
        for p, d, n, tot, pct, avg in lines
    ]  # fmt: skip
    return _stratified(s, _handicapped(s, out), key)


def _handicapped(s: SessionInput, standings: list[Standing]) -> list[Standing]:
    """The standings with each pair's handicap, handicapped percentage and rank on it
    (:mod:`xlbridge.scoring.handicap`), ranked within the direction in two-winner games."""
    if not s.handicapped or s.scoring != "mp":
        return standings
    out = []
    for st in standings:
        h = pair_handicap(st.pair.handicaps)
        out.append(replace(st, handicap=h, handicapped_pct=handicapped_pct(st.pct, h)))
    rank_of: dict[int, str] = {}
    for group in {st.dir for st in out}:
        members = [st for st in out if st.dir == group and st.handicapped_pct is not None]
        values = [st.handicapped_pct for st in members if st.handicapped_pct is not None]
        for st, rk in zip(members, ranks(values), strict=True):
            rank_of[st.pair.id] = rk
    return [replace(st, handicapped_rank=rank_of.get(st.pair.id, "")) for st in out]


def _stratified(
    s: SessionInput, standings: list[Standing], key: Mapping[int, float | None]
) -> list[Standing]:
    """The standings with each pair's stratum (:mod:`xlbridge.scoring.strata`) and its ranks
    in that stratum and those above, on ``key`` (pair id -> what the overall rank ranks: the
    total, or the percentage where sections' tops differ)."""
    if s.strata is None:
        return standings
    letters = [s.strata.stratum(st.pair.masterpoints) for st in standings]
    got = stratum_ranks(
        s.strata,
        [(x, st.dir, key[st.pair.id]) for x, st in zip(letters, standings, strict=True)],
    )
    return [
        replace(st, stratum=x, stratum_ranks=r)
        for st, x, r in zip(standings, letters, got, strict=True)
    ]


def _home_seats(s: SessionInput) -> dict[str, str]:
    """Each player's own compass direction (N, E, S, W) when the movement keeps every player
    in one (:func:`xlbridge.movements.individual_seats.home_directions`: the Rainbow), by
    player label; empty for other movements or when the movement cannot be built again."""
    from xlbridge.movements.individual_seats import home_directions
    from xlbridge.movements.registry import get_kind

    tables = max((r.table for r in s.rows if r.table), default=0)
    try:
        homes = home_directions(get_kind(s.kind).build(tables=tables))
    except XlbridgeError:
        return {}
    numbers = {p.label: whole_or_none(p.label) for p in s.pairs}
    return {label: homes[n] for label, n in numbers.items() if n is not None and n in homes}


def _barometer(
    s: SessionInput, boards: list[BoardScore], dirs: dict[str, set[str]], two_winner: bool
) -> tuple[BarometerRound, ...]:
    """Standings after each round: every result of rounds 1..r with its final score on the
    board, ranked by percentage (matchpoints) or IMP total (IMPs), within each direction in
    two-winner games. A pair's running score is not factored: after round r pairs with a
    sit-out have played fewer boards, which the percentage allows for."""
    rounds = sorted({r.round for r in s.rows if r.round is not None})
    out = []
    for rnd in rounds:
        got = _credits(boards, rnd)
        lines = []
        for p in s.pairs:
            mine = got.get(p.label, [])
            raw = sum(x for x, _ in mine)
            tops = sum(t for _, t in mine)
            pct = percentage(raw, tops) if s.scoring == "mp" and tops > 0 else None
            d = dirs.get(p.label, set())
            direction = next(iter(d)) if two_winner and len(d) == 1 else ""
            lines.append((p.label, len(mine), raw, pct, direction))
        rank_of: dict[str, str] = {}
        for group in {line[4] for line in lines}:
            members = [line for line in lines if line[4] == group and line[1] > 0]
            keys = [(line[3] if line[3] is not None else line[2]) for line in members]
            for line, rk in zip(members, ranks(keys), strict=True):
                rank_of[line[0]] = rk
        out.append(
            BarometerRound(
                rnd, tuple((lb, n, raw, pct, rank_of.get(lb, "")) for lb, n, raw, pct, _ in lines)
            )
        )
    return tuple(out)


def _compare(
    s: SessionInput,
    boards: list[BoardScore],
    standings: list[Standing],
    barometer: tuple[BarometerRound, ...] = (),
) -> tuple[tuple[Disagreement, ...], bool]:
    """Each cached cell against Python; a workbook never recalculated (no cached value in any
    formula cell, as openpyxl writes them) is reported as such, not cell by cell."""
    python: dict[tuple[Any, ...], Any] = {}
    for b in boards:
        for r in b.rows:
            key: tuple[Any, ...] = ("row", b.board, r.result.row)
            python[(*key, "score_ns")] = r.score_ns
            python[(*key, "score_ew")] = None if r.score_ns is None else -r.score_ns + 0.0
            python[(*key, "mp_ns")] = r.mp_ns
            python[(*key, "mp_ew")] = r.mp_ew
    mp = s.scoring == "mp"
    for st in standings:
        key = ("pair", st.label)
        python[(*key, "played")] = st.played
        python[(*key, "total")] = st.total
        python[(*key, "pct")] = (st.pct / 100 if st.pct is not None else None) if mp else st.average
        python[(*key, "rank")] = st.rank
        python[(*key, "seat_rank")] = st.seat_rank
        python[(*key, "section_rank")] = st.section_rank
        python[(*key, "handicap")] = st.handicap
        hp = st.handicapped_pct
        python[(*key, "handicapped_pct")] = None if hp is None else hp / 100
        python[(*key, "handicapped_rank")] = st.handicapped_rank
        python[(*key, "stratum")] = st.stratum
        ranked = dict(st.stratum_ranks)
        for letter in s.strata.letters if s.strata is not None else "":
            python[(*key, f"rank {letter}")] = ranked.get(letter, "")
    for after in barometer:  # a barometer game's Barometer sheet
        for label, n, raw, pct, rank in after.standings:
            python[("round", after.round, label, "played")] = n
            score = (None if pct is None else pct / 100) if mp else (raw if n else None)
            python[("round", after.round, label, "score")] = score
            python[("round", after.round, label, "rank")] = rank
    python.update(s.checked)
    cached = [c for c in s.cached if c.key in python]
    recalculated = any(c.value not in (None, "") for c in cached) or not any(
        python[c.key] not in (None, "") for c in cached
    )
    if not recalculated:
        return (), False
    out = [
        Disagreement(c.sheet, c.cell, c.value, shown(python[c.key], whole=True) if not isinstance(
            python[c.key], str) else python[c.key])
        for c in cached
        if not agrees(c.value, python[c.key])
    ]  # fmt: skip
    return tuple(out), True
