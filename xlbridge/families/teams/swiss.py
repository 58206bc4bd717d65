"""The next round of Swiss teams: read the entered workbook, score it with the rules layer,
pair the next round and write a new workbook with every entered value carried over.

Only input cells are read (through the safe-reading gate, read-only, formulas not evaluated):
the teams of each match, each room's Contract, By, Made, Down, a number typed over NS Score, the
adjusted score, and the names. The user's file is never written.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.teams import formulas as T
from xlbridge.families.teams.build import FIRST_ROW, build_teams_workbook
from xlbridge.families.teams.context import NAMES, NAMES_FIRST
from xlbridge.families.teams.plan import TeamsOptions, parse_team_scale, plan_swiss
from xlbridge.interchange.files import write_atomically
from xlbridge.interchange.gate import load_workbook
from xlbridge.limits import BOARD_NUMBER, MATCH_BOARDS, ROUNDS, TABLES
from xlbridge.movements.teams import swiss_teams_pairing
from xlbridge.scoring.contract import score
from xlbridge.scoring.team_match import board_imps, score_match, standings_order
from xlbridge.types import Contract, tricks_from_made_down

__all__ = ["SwissRound", "next_swiss_teams", "read_session"]

_INPUT_COLS = ("B", "C", "D", "E", "G", "H", "I", "J", T.ADJ_COL)


@dataclass(frozen=True, slots=True)
class SwissRound:
    """What ``swiss next`` did: the round paired and the standings it was paired from."""

    round: int
    pairing: tuple[tuple[int, int], ...]
    order: tuple[int, ...]
    path: Path


def read_session(wb: Any) -> dict[str, Any]:
    """The Session sheet's settings, label → value (column A → column B)."""
    if "Session" not in wb.sheetnames:
        raise WorkbookError("the workbook has no Session sheet; it was not written by xlbridge")
    out: dict[str, Any] = {}
    for row in wb["Session"].iter_rows(min_row=1, max_row=40, max_col=2, values_only=True):
        if row and isinstance(row[0], str):
            out[row[0]] = row[1] if len(row) > 1 else None
    out["Event"] = next(wb["Session"].iter_rows(max_row=1, max_col=1, values_only=True))[0]
    return out


def _session_cells(wb: Any) -> dict[str, tuple[Any, str]]:
    """The Session sheet's settings, label -> (value, the value's cell)."""
    out: dict[str, tuple[Any, str]] = {}
    for r, row in enumerate(
        wb["Session"].iter_rows(min_row=1, max_row=40, max_col=2, values_only=True), start=1
    ):
        if row and isinstance(row[0], str):
            out.setdefault(row[0], (row[1] if len(row) > 1 else None, f"B{r}"))
    return out


def _whole(value: Any, where: str, what: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` typed as a number, else one line naming the cell
    (``where``: "Sheet, cell B2"): text, a formula, a fraction, 1e308 or a blank are refused."""
    ok = (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and float(value).is_integer()
        and lo <= value <= hi
    )
    if not ok:
        shown = "blank" if value is None else repr(value)[:40]
        raise WorkbookError(f"{where}: {what} is {shown}; it must be a whole number {lo}-{hi}")
    return int(value)


def _setting(session: dict[str, tuple[Any, str]], label: str, lo: int, hi: int) -> int:
    if label not in session:
        raise WorkbookError(
            f"Session sheet: no {label!r} line; is this a Swiss teams workbook written by"
            " xlbridge new?"
        )
    value, cell = session[label]
    return _whole(value, f"Session sheet, cell {cell}", repr(label), lo, hi)


def _match_number(name: str) -> int | None:
    """The number of a match sheet ("Match 12"); None for any other sheet ("Match notes")."""
    m = re.fullmatch(r"Match ([1-9][0-9]{0,3})", name)
    return int(m.group(1)) if m else None


def _cells(ws: Any, last_row: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for row in ws.iter_rows(min_row=1, max_row=last_row, max_col=14):
        for c in row:
            if getattr(c, "value", None) is not None:
                out[c.coordinate] = c.value
    return out


def _room_score(cells: dict[str, Any], r: int, room: int, board: int, where: str) -> float | None:
    c = T.room_cols(room)
    typed = cells.get(f"{c.ns_score}{r}")
    if isinstance(typed, int | float) and not isinstance(typed, bool):
        return float(typed)
    text = cells.get(f"{c.contract}{r}")
    if text is None or not str(text).strip():
        return None
    try:
        con = Contract.parse(str(text))
        if con.is_pass:
            return 0.0
        made, down = (cells.get(f"{c.made}{r}"), cells.get(f"{c.down}{r}"))
        tricks = tricks_from_made_down(con, *(None if x is None else int(x) for x in (made, down)))
        if tricks is None:
            raise WorkbookError("Made or Down (one of them) is needed")
        return float(score(con, str(cells.get(f"{c.by}{r}") or ""), tricks, board))
    except (XlbridgeError, ValueError, TypeError, OverflowError) as exc:
        raise WorkbookError(f"{where}, room {room}: {exc}") from None


def next_swiss_teams(path: str | Path, out: str | Path, *, force: bool = False) -> SwissRound:
    """Pair the next round of the Swiss teams workbook ``path`` into ``out``."""
    src, dst = Path(path), Path(out)
    if dst.suffix.lower() != ".xlsx":
        raise WorkbookError(f"output {str(dst)!r} must end in .xlsx")
    if dst.exists() and dst.resolve() == src.resolve():
        raise WorkbookError("the output must be a new file; the entered workbook is never changed")
    wb = load_workbook(src, read_only=True, what="Swiss teams workbook")
    try:
        s = read_session(wb)
        if s.get("Team scoring") == "bam":  # the pairing below ranks by VPs from IMPs
            raise WorkbookError(
                "swiss next pairs Swiss teams scored by IMPs; this workbook is scored"
                " board-a-match, which it cannot rank yet"
            )
        session = _session_cells(wb)
        teams = _setting(session, "Teams", max(2, TABLES[0]), TABLES[1])
        boards = _setting(session, "Boards a match", *MATCH_BOARDS)
        planned = _setting(session, "Rounds planned", 1, min(ROUNDS[1], teams - 1))
        options = TeamsOptions(
            event=str(s.get("Event") or ""),
            date=str(s.get("Date") or ""),
            scale=parse_team_scale(str(s["VP scale"])),
            win_loss=s["Win/loss"] == "yes",
            three_quarter=s["Three-quarter rule"] == "yes",
        )
        numbered = {n: k for n in wb.sheetnames if (k := _match_number(n)) is not None}
        per_round = teams // 2
        have = sorted(numbered.values())
        if not have or have != list(range(1, len(have) + 1)) or len(have) % per_round:
            gap = next((n for n in range(1, len(have) + 2) if n not in numbered.values()), 1)
            raise WorkbookError(
                f"the workbook has no 'Match {gap}' sheet: each round of {teams} teams needs"
                f" {per_round} Match sheets, numbered from 1"
            )
        rounds: dict[int, list[tuple[int, int]]] = {}
        entered: dict[str, dict[str, Any]] = {}
        results: list[tuple[int, int, float, float, float, float]] = []
        last = FIRST_ROW + boards - 1
        for name in sorted(numbered, key=numbered.__getitem__):
            cells = _cells(wb[name], last)
            entered[name] = cells
            rnd = _whole(cells.get("I1"), f"{name}, cell I1", "the round", 1, planned)
            home = _whole(cells.get("B2"), f"{name}, cell B2", "the home team", 1, teams)
            away = _whole(cells.get("H2"), f"{name}, cell H2", "the away team", 1, teams)
            due = (numbered[name] - 1) // per_round + 1
            if rnd != due:
                raise WorkbookError(
                    f"{name}, cell I1: the round is {rnd}, but {name} is in round {due}"
                    f" ({per_round} matches a round)"
                )
            if home == away:
                raise WorkbookError(f"{name}, cells B2 and H2: team {home} cannot play itself")
            met = {t for pair in rounds.get(rnd, []) for t in pair} & {home, away}
            if met:
                raise WorkbookError(
                    f"{name}, cells B2 and H2: team {min(met)} already plays in round {rnd}"
                )
            rounds.setdefault(rnd, []).append((home, away))
            credits = []
            for i in range(boards):
                r = FIRST_ROW + i
                board = _whole(
                    cells.get(f"A{r}", i + 1), f"{name}, cell A{r}", "the board", *BOARD_NUMBER
                )
                where = f"{name}, board {board}"
                adj = cells.get(f"{T.ADJ_COL}{r}")
                if adj is not None and str(adj).strip():
                    try:
                        credits.append(board_imps(None, None, str(adj)))
                    except XlbridgeError as exc:
                        raise WorkbookError(f"{where}: {exc}") from None
                    continue
                s1 = _room_score(cells, r, 1, board, where)
                s2 = _room_score(cells, r, 2, board, where)
                if s1 is None or s2 is None:
                    raise WorkbookError(
                        f"{where}: no result in room {1 if s1 is None else 2}; "
                        "finish the round before pairing the next"
                    )
                credits.append(board_imps(s1, s2))
            m = score_match(
                credits,
                scale=options.scale,
                three_quarter=options.three_quarter if options.win_loss else None,
                match_boards=boards,
            )
            results.append((home, away, m.home, m.away, m.home_vp, m.away_vp))
        names: dict[int, tuple[str, ...]] = {}
        if NAMES in wb.sheetnames:
            for row in wb[NAMES].iter_rows(
                min_row=NAMES_FIRST, max_row=NAMES_FIRST + teams - 1, max_col=3, values_only=True
            ):
                if isinstance(row[0], int | float) and math.isfinite(row[0]):
                    names[int(row[0])] = tuple("" if v is None else str(v) for v in row[1:3])
    finally:
        wb.close()
    done = len(rounds)
    if done >= planned:
        raise WorkbookError(f"all {planned} planned rounds are already paired")
    vp_total = dict.fromkeys(range(1, teams + 1), 0.0)
    imp_total = dict.fromkeys(range(1, teams + 1), 0.0)
    for home, away, h, a, hv, av in results:
        vp_total[home] += hv
        vp_total[away] += av
        imp_total[home] += h
        imp_total[away] += a
    ids = list(range(1, teams + 1))
    order = standings_order(ids, [vp_total[t] for t in ids], [imp_total[t] for t in ids])
    played = [p for rnd in rounds.values() for p in rnd]
    pairing = swiss_teams_pairing(order, played, planned - done)
    plan = plan_swiss(teams, boards, [rounds[r] for r in sorted(rounds)] + [list(pairing)], planned)
    options = TeamsOptions(
        event=options.event,
        date=options.date,
        scale=options.scale,
        win_loss=options.win_loss,
        three_quarter=options.three_quarter,
        names=names,
    )
    new = build_teams_workbook(plan, options)
    for name, cells in entered.items():
        ws = new[name]
        for i in range(boards):
            r = FIRST_ROW + i
            for col in _INPUT_COLS:
                v = cells.get(f"{col}{r}")
                if v is not None:
                    ws[f"{col}{r}"] = v
                    if isinstance(v, str):
                        ws[f"{col}{r}"].data_type = "s"
            for room in (1, 2):
                col = T.room_cols(room).ns_score
                v = cells.get(f"{col}{r}")
                if isinstance(v, int | float) and not isinstance(v, bool):
                    ws[f"{col}{r}"] = v
    write_atomically(dst, new.save, force=force)
    return SwissRound(done + 1, tuple(pairing), tuple(order), dst)
