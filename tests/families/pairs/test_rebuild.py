"""``xlbridge rebuild``: every entered cell carried into the new workbook or listed (issue 14).

Sources: seed 003 (ACBL Tech File PAIRS.033, "adding a table": the last tables shift back one
"taking their boards with them and assuming the new pair number"); rules.md §5 (Neuberg's
formula) for the fouled-board rule; the property that no entered value is ever lost.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from tests.support.shared import digest
from xlbridge.cli import main
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.families.pairs.entries import Entered, read_entered
from xlbridge.families.pairs.rebuild import NOT_CARRIED, slots_of
from xlbridge.families.registry import rebuild_in_memory
from xlbridge.interchange.gate import load_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import get_kind
from xlbridge.movements.sections import add_table
from xlbridge.rebuild.slots import RebuildChange
from xlbridge.scoring.fouled import parse_fouled, score_fouled_board
from xlbridge.scoring.matchpoints import neuberg, score_board
from xlbridge.workbook.formulas import TravellerCols, accepted_col

_CONTRACTS = ["4S", "3NT", "2H", "5DX", "PASS", "=SUM(1)", "1nt", "4HXX", "7C"]


def fill(path: Path, movement: Movement, seed: int, entry: str = "made-down",
         share: float = 0.6) -> int:  # fmt: skip
    """Type random entries into ``path`` (names, results, typed scores, adjusted, OK, a changed
    Expected) as a director would; returns how many cells were typed."""
    wb = openpyxl.load_workbook(path)
    typed = _type(wb, movement, seed, entry, share)
    save_workbook(wb, path)
    return typed


def _type(wb: Any, movement: Movement, seed: int, entry: str = "made-down",
          share: float = 0.6, was: dict[tuple[str, str], tuple[Any, str]] | None = None,
          ) -> int:  # fmt: skip
    """:func:`fill` on the workbook ``wb`` already open (in memory); returns how many cells
    were typed. ``was``, when given, gets each typed cell's value and type as they were
    before (by sheet and cell), to put them back (:func:`_put_back`)."""
    rng = random.Random(seed)

    def at(ws: Any, ref: str) -> Any:
        cell = ws[ref]
        if was is not None:
            was.setdefault((ws.title, ref), (cell._value, cell.data_type))
        return cell

    c = TravellerCols.build(entry, "mp")
    typed = 0
    for i, _p in enumerate(movement.pairs):
        if rng.random() < 0.5:
            cell = at(wb["Names"], f"B{4 + i}")
            cell.value, cell.data_type = rng.choice(["Ann Lee", "=Bo", "Zoë Ø", "  x  "]), "s"
            typed += 1
    for b in movement.boards:
        ws = wb[f"Board {b}"]
        n = sum(1 for _ in slots_of_board(movement, b))
        for r in range(6, 6 + n):
            if rng.random() > share:
                continue
            x = rng.random()
            cells: dict[str, Any] = {}
            if x < 0.6:
                cells[c.contract] = rng.choice(_CONTRACTS)
                cells[c.by] = rng.choice("NESWn")
                if entry == "made-down":
                    cells[c.made if rng.random() < 0.6 else c.down] = rng.randint(1, 7)
                else:
                    cells[c.tricks_in] = rng.randint(0, 13)
            elif x < 0.75:
                cells[c.adjusted] = rng.choice(["A", "A+", "60/40", "A+/A-", "junk"])
            elif x < 0.9:
                cells[c.ns_score] = rng.choice([400, -100, 110, 0])  # Law 77 scores at every vul
                if rng.random() < 0.5:
                    cells[accepted_col(c)] = "OK"
            else:
                cells[c.contract] = rng.choice(["4S", 3])
            for col, value in cells.items():
                cell = at(ws, f"{col}{r}")
                cell.value = value
                if isinstance(value, str):
                    cell.data_type = "s"  # "=SUM(1)" typed as text stays text
                typed += 1
        if rng.random() < 0.1:
            at(ws, "H2").value = rng.randint(1, 3)
            typed += 1
    return typed


def slots_of_board(movement: Movement, board: int) -> list[tuple[int, str, str]]:
    return [k for k in slots_of(movement) if k[0] == board]


def _entries(path: Path | Entered) -> dict[tuple[int, str, str], tuple[tuple[str, Any], ...]]:
    got = read_entered(path) if isinstance(path, Path) else path
    return {(r.board, r.ns, r.ew): r.cells for r in got.rows}


# The blank session ``write_session`` writes, by movement and result entry: written once and
# opened once (through the gate, as ``rebuild`` opens the user's file); the examples of a
# property that draw the same one type into it and put back what was there (``_put_back``;
# rebuilding only reads the old workbook).
_BLANK: dict[tuple[str, int, str], Any] = {}


def _blank_book(kind: str, tables: int, entry: str, movement: Movement, tmp: Path) -> Any:
    if (kind, tables, entry) not in _BLANK:
        path = tmp / f"blank-{kind}-{tables}-{entry}.xlsx"
        write_session(movement, path, force=True, result_entry=entry)
        _BLANK[kind, tables, entry] = load_workbook(path)
    return _BLANK[kind, tables, entry]


def _put_back(wb: Any, was: dict[tuple[str, str], tuple[Any, str]]) -> None:
    """The cells ``_type`` typed into ``wb``, as they were before (value and type as read)."""
    for (sheet, ref), (value, data_type) in was.items():
        cell = wb[sheet][ref]
        cell._value, cell.data_type = value, data_type


def _built(movement: Movement, **kw: Any) -> Workbook:
    """The workbook ``write_session(movement, path, **kw)`` writes, in memory, to type into
    before it is saved (one save, no reload)."""
    return build_workbook(movement, Options(**kw))


def _session(tmp: Path, movement: Movement, seed: int, **kw: Any) -> Path:
    path = tmp / f"old-{seed}.xlsx"
    wb = _built(movement, **kw)
    _type(wb, movement, seed, kw.get("result_entry", "made-down"))
    save_workbook(wb, path)
    return path


# -- round trips ---------------------------------------------------------------------------------


def test_identity_rebuild_keeps_every_cell(tmp_path: Path) -> None:
    m = mitchell(4, 2)
    old = _session(tmp_path, m, 1)
    before = digest(old)
    assert main([
        "rebuild", str(old), "-o", str(tmp_path / "new.xlsx")
    ]) == 0  # fmt: skip
    assert digest(old) == before  # the user's file is never changed
    a, b = read_entered(old), read_entered(tmp_path / "new.xlsx")
    assert _entries(a) == _entries(b)  # each file read once
    assert {k: v for k, v in a.names} == {k: v for k, v in b.names}
    assert a.expected == b.expected
    assert a.rows  # the fill typed something


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 10_000),
    kind=st.sampled_from(["mitchell", "howell"]),
    tables=st.integers(3, 5),
    change=st.sampled_from(["same", "more-tables", "fewer-rounds", "other-kind", "tricks"]),
)
def test_every_entry_carried_or_listed(
    tmp_path: Path, seed: int, kind: str, tables: int, change: str
) -> None:
    """Property: after any change, each entered row is in the new workbook at the play with the
    same board and pairs, or in the Not carried list; nothing else is in the new workbook."""
    entry = "tricks" if change == "tricks" else "made-down"

    def build(k: str, t: int, rounds: int | None = None) -> Movement:
        return get_kind(k).build(tables=t, boards_per_round=2, rounds=rounds)

    m = build(kind, tables)
    # In memory: the blank session opened through the gate, typed into, read and rebuilt; the
    # rebuilt workbook read as it comes back (the CLI's save is the other tests').
    old = _blank_book(kind, tables, entry, m, tmp_path)
    was: dict[tuple[str, str], tuple[Any, str]] = {}
    try:
        _type(old, m, seed, entry, share=0.4, was=was)
        _check_carried(old, m, kind, tables, change, seed)
    finally:
        _put_back(old, was)


def _check_carried(old: Any, m: Movement, kind: str, tables: int, change: str, seed: int) -> None:
    """The property's check on the typed workbook ``old``: rebuilt for ``change`` in memory."""
    entered = read_entered(f"o{seed}-{kind}-{tables}-{change}.xlsx", old)
    if change == "more-tables":
        asked = RebuildChange(tables=tables + 1)
    elif change == "fewer-rounds":
        asked = RebuildChange(rounds=m.rounds - 1)
    elif change == "other-kind":
        asked = RebuildChange(kind="howell" if kind == "mitchell" else "mitchell")
    else:
        asked = RebuildChange()
    wb, res = rebuild_in_memory(old, asked)
    rebuilt = read_entered(f"n{seed}-{kind}-{tables}-{change}.xlsx", wb)
    carried = _entries(rebuilt)
    slots = {(b, ns, ew) for b, _r, _t, ns, ew in rebuilt.layout}
    if change in ("same", "tricks"):
        assert slots == {(b, ns, ew) for b, _r, _t, ns, ew in entered.layout}
    listed = {n.where for n in res.not_carried if n.what == "result"}
    for row in entered.rows:
        key = (row.board, row.ns, row.ew)
        if key in slots:
            assert carried[key] == row.cells
        else:
            assert row.where in listed
    assert set(carried) <= {(r.board, r.ns, r.ew) for r in entered.rows}
    if change in ("same", "tricks"):
        assert res.carried + len(res.not_carried) == res.entered
        assert not [n for n in res.not_carried if n.what == "result"]
    sheet = wb[NOT_CARRIED]
    assert sum(1 for _ in sheet.iter_rows(min_row=4)) == len(res.not_carried)


def test_different_movement_lists_what_cannot_be_carried(tmp_path: Path, capsys: Any) -> None:
    m = mitchell(4, 2)
    old = _session(tmp_path, m, 7)
    rows = read_entered(old).rows
    assert main(["rebuild", str(old), "--kind", "howell", "-o", str(tmp_path / "h.xlsx")]) == 0
    out = capsys.readouterr().out
    assert f"not carried ({len(rows)}" in out or "not carried (" in out
    for r in rows:  # Mitchell labels (NS 1, EW 1) are not Howell pairs (1, 2): each is listed
        assert r.where in out
    wb = openpyxl.load_workbook(tmp_path / "h.xlsx", read_only=True)
    listed = [row[1] for row in wb[NOT_CARRIED].iter_rows(min_row=4, values_only=True)]
    assert all(r.where in listed for r in rows)


def test_more_tables_keeps_round_one(tmp_path: Path) -> None:
    """A late pair makes a seventh table: the round-1 results still have their place."""
    m = mitchell(6, 2, even="skip")
    old = tmp_path / "six.xlsx"
    wb = _built(m)
    for t in range(1, 7):
        board = next(b for e in m.round_entries(1) if e.table == t for b in e.boards)
        ws = wb[f"Board {board}"]
        r = next(v for k, v in slots_of(m).items() if k == (board, f"NS {t}", f"EW {t}"))
        ws[f"C{r}"], ws[f"D{r}"], ws[f"E{r}"] = "3NT", "S", 3
    save_workbook(wb, old)
    assert main(["rebuild", str(old), "--tables", "7", "-o", str(tmp_path / "seven.xlsx")]) == 0
    got = _entries(tmp_path / "seven.xlsx")
    assert len(got) == 6 and all(v == (("Contract", "3NT"), ("By", "S"), ("Made", 3))
                                 for v in got.values())  # fmt: skip


def test_phantom_pair_lists_its_results(tmp_path: Path, capsys: Any) -> None:
    """A pair leaves (a half table: NS 4 becomes the phantom): its results are listed, every
    other result keeps its place."""
    m = mitchell(4, 2)
    old = tmp_path / "four.xlsx"
    wb = _built(m)
    for (b, _ns, _ew), r in slots_of(m).items():
        wb[f"Board {b}"][f"C{r}"] = "PASS"
    save_workbook(wb, old)
    new = tmp_path / "half.xlsx"
    assert main(["rebuild", str(old), "--half-table", "-o", str(new)]) == 0
    out = capsys.readouterr().out
    gone = [k for k in slots_of(m) if k[1] == "NS 4"]
    assert f"not carried ({len(gone)};" in out
    assert out.count("pair NS 4 is not in the new movement") == len(gone)
    assert set(_entries(new)) == set(slots_of(m)) - set(gone)
    # Rebuilt again, the earlier list is listed again, not dropped with the old sheet; so is a
    # sheet the director added.
    wb = openpyxl.load_workbook(new)
    wb.create_sheet("Notes")["B2"] = "NS 4 went home ill"
    save_workbook(wb, new)  # as wb.save writes it, faster
    again = tmp_path / "again.xlsx"
    assert main(["rebuild", str(new), "-o", str(again)]) == 0
    out = capsys.readouterr().out
    assert out.count("(earlier rebuild: pair NS 4 is not in the new movement)") == len(gone)
    assert "'Notes'!B2: NS 4 went home ill (a sheet xlbridge does not write)" in out
    listed = openpyxl.load_workbook(again)["Not carried"]
    assert listed.max_row == 3 + len(gone) + 1


def test_settings_come_from_the_old_session(tmp_path: Path) -> None:
    m = mitchell(5, 3)
    old = tmp_path / "s.xlsx"
    write_session(m, old, event="Club =1+1", date="2026-11-23", scale="ebu",
                  result_entry="tricks")  # fmt: skip
    assert main(["rebuild", str(old), "-o", str(tmp_path / "t.xlsx")]) == 0
    a, b = read_entered(old), read_entered(tmp_path / "t.xlsx")
    for field in ("kind", "tables", "rounds", "boards_per_round", "event", "date", "scale",
                  "scoring", "result_entry"):  # fmt: skip
        assert getattr(a.settings, field) == getattr(b.settings, field), field


# -- seed 003: adding a table ------------------------------------------------------------------


def test_seed003_add_a_table_carries_round_one(tmp_path: Path, capsys: Any) -> None:
    """Seed 003 (PAGE 3): a 16-table section grows to 17; pairs 15 and 16 become 16 and 17 and
    keep their boards. Every round-1 result and every name follows its pair."""
    old_m = mitchell(16, 2, rounds=13, even="skip")
    old = tmp_path / "sixteen.xlsx"
    wb = _built(old_m, names={"NS 15": ("Fifteen N", "Fifteen S"), "EW 16": ("E16",)})
    slots = slots_of(old_m)
    typed: dict[tuple[int, int], str] = {}
    for e in old_m.round_entries(1):
        b = e.boards[0]
        r = slots[(b, f"NS {e.table}", f"EW {e.table}")]
        contract = f"{1 + e.table % 7}S"
        wb[f"Board {b}"][f"C{r}"], wb[f"Board {b}"][f"D{r}"] = contract, "N"
        wb[f"Board {b}"][f"E{r}"] = 1 + e.table % 7
        typed[(e.table, b)] = contract
    save_workbook(wb, old)
    before = digest(old)
    new = tmp_path / "seventeen.xlsx"
    assert main(["rebuild", str(old), "--kind", "add-table", "-o", str(new)]) == 0
    out = capsys.readouterr().out
    assert digest(old) == before
    assert "not carried" not in out
    chart = add_table(16)
    assert chart.renumber == {15: 16, 16: 17}
    new_m = chart.movement()
    got = read_entered(new)
    assert got.kind == "add-table" and got.settings.tables == 17
    names = dict(got.names)
    assert names["NS 16"] == ("Fifteen N", "Fifteen S") and names["EW 17"] == ("E16", "")
    round1 = {e.table: e for e in new_m.round_entries(1)}
    placed = {(r.ns, r.ew): (r.board, dict(r.cells)["Contract"]) for r in got.rows}
    assert len(placed) == 16
    for (table, _board), contract in typed.items():
        t = chart.renumber.get(table, table)  # the table the pair moved to
        board, c = placed[(f"NS {t}", f"EW {t}")]
        assert c == contract and board in round1[t].boards
    # The new table 15 (the new pair) has no result yet.
    assert ("NS 15", "EW 15") not in placed
    # Rebuilt again with no change, the enlarged section stays as it is.
    again = tmp_path / "again.xlsx"
    assert main(["rebuild", str(new), "-o", str(again)]) == 0
    rebuilt = read_entered(again)
    assert rebuilt.settings.tables == 17 and _entries(rebuilt) == _entries(got)


# -- refusals and the user's file ----------------------------------------------------------------


def test_refusals_are_one_line(tmp_path: Path, capsys: Any) -> None:
    old = tmp_path / "o.xlsx"
    write_session(mitchell(3, 2), old)
    before = digest(old)
    assert main(["rebuild", str(old), "--fouled", "1:1-9", "-o", str(tmp_path / "x.xlsx")]) == 2
    assert main(["rebuild", str(old), "--kind", "rubber", "-o", str(tmp_path / "x.xlsx")]) == 2
    assert main(["rebuild", str(old), "-o", str(old), "--force"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3
    assert (
        "board 1 is not played at table 4" in err[0]
        and "social game" in err[1]
        and "replace the workbook" in err[2]
    )
    assert digest(old) == before
    assert not (tmp_path / "x.xlsx").exists()


def test_the_game_family_is_kept(tmp_path: Path, capsys: Any) -> None:
    """A pairs workbook is rebuilt as a pairs workbook; an individual one refuses pairs options."""
    old = tmp_path / "old.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "-o", str(old)]) == 0
    ind = tmp_path / "ind.xlsx"
    assert main(["new", "individual-2", "--tables", "2", "-o", str(ind)]) == 0
    before = digest(old), digest(ind)
    assert main(["rebuild", str(old), "--kind", "rainbow", "-o", str(tmp_path / "x.xlsx")]) == 2
    assert main(["rebuild", str(ind), "--even", "skip", "-o", str(tmp_path / "x.xlsx")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert [e.split(": error: ")[1] for e in err] == [
        "mitchell is a pairs game and rainbow is an individual game; rebuild keeps the game family",
        "--even is for pairs movements; individual-2 is an individual game",
    ]
    assert (digest(old), digest(ind)) == before and not (tmp_path / "x.xlsx").exists()


# -- the fouled-board rule (rules layer) ---------------------------------------------------------


def test_fouled_mark_is_carried_by_the_next_rebuild(tmp_path: Path) -> None:
    m = mitchell(4, 2)
    old = _session(tmp_path, m, 3)
    first, second = tmp_path / "f1.xlsx", tmp_path / "f2.xlsx"
    assert main(["rebuild", str(old), "--fouled", "3:2-3", "-o", str(first)]) == 0
    assert read_entered(first).fouled == ((3, (2, 3)),)
    assert main(["rebuild", str(first), "--fouled", "5:1", "-o", str(second)]) == 0
    got = read_entered(second)  # read once
    assert got.fouled == ((3, (2, 3)), (5, (1,)))
    assert _entries(got) == _entries(old)
    ebu = tmp_path / "butler.xlsx"
    write_session(m, ebu, scoring="butler")
    assert main(["rebuild", str(ebu), "--fouled", "3:2", "-o", str(tmp_path / "b.xlsx")]) == 2


def test_fouled_groups_are_factored_to_the_full_top() -> None:
    """Rules.md §5: each group compared on its own, then Neuberg to the full field."""
    rows = [420, 450, 420, 170, -50, 200, 200]
    groups = [0, 0, 0, 0, 1, 1, 1]
    got = score_fouled_board(rows, groups)
    first = score_board(rows[:4] + [None] * 3, expected=7)
    assert got[:4] == first[:4]
    # Group 1 alone: -50 is beaten by both 200s: 0 of a top of 2, factored to a top of 6.
    assert got[4][0] == pytest.approx(neuberg(0, 3, 7))
    assert got[4][0] == pytest.approx((0 + 0.5) * 7 / 3 - 0.5)
    for ns, ew in got:  # every row's two sides share the full top of 6
        assert ns is not None and ew is not None and ns + ew == pytest.approx(6)


def test_fouled_ebu_example() -> None:
    """Rules.md §5: N = 11, n = 10, top 20 (EBU): sole top 18 -> 19.9, sole bottom 0 -> 0.1."""
    rows: list[float | None] = [float(100 * i) for i in range(10)] + [5000.0]
    groups = [0] * 10 + [1]
    got = score_fouled_board(rows, groups, "ebu")
    assert got[9][0] == pytest.approx(19.9) and got[0][0] == pytest.approx(0.1)
    assert got[10] == (pytest.approx(10.0), pytest.approx(10.0))  # a group of one: average


def test_parse_fouled() -> None:
    assert parse_fouled("5:1,4,6-7") == (5, frozenset({1, 4, 6, 7}))
    for bad in ("5", "x:1", "5:3-1", "5:", "5:0"):
        with pytest.raises(ValueError):
            parse_fouled(bad)


# -- LibreOffice: the rebuilt workbook still scores -------------------------------------------


@pytest.mark.libreoffice
def test_rebuilt_workbook_recalculates(tmp_path: Path) -> None:
    from xlbridge.families.registry import score_workbook
    from xlbridge.workbook.recalc import recalculate

    m = mitchell(5, 2)
    old = tmp_path / "five.xlsx"
    wb = _built(m)
    for (board, _ns, _ew), r in slots_of(m).items():
        ws = wb[f"Board {board}"]
        contract = ["4S", "3NT", "2H"][(board + r) % 3]
        ws[f"C{r}"], ws[f"D{r}"] = contract, "NESW"[r % 4]
        if (board * r) % 3 == 0:
            ws[f"F{r}"] = 1 + r % 2  # down one or two
        else:
            ws[f"E{r}"] = int(contract[0])
    save_workbook(wb, old)
    new = tmp_path / "rebuilt.xlsx"
    assert main(["rebuild", str(old), "--tables", "6", "-o", str(new)]) == 0
    # An import writes through openpyxl into the user's layout: that copy must score too.
    blank = tmp_path / "blank.xlsx"
    write_session(m, blank)
    csv = tmp_path / "r.csv"
    csv.write_text("board,ns,ew,contract,declarer,result\n" + "".join(
        f"{b},{ns.split()[-1]},{ew.split()[-1]},{['4S', '3NT', '2H'][(b + r) % 3]},N,{6 + r % 7}\n"
        for (b, ns, ew), r in slots_of(m).items()
    ))  # fmt: skip
    imported = tmp_path / "imported.xlsx"
    assert main(["import", str(blank), "--from", str(csv), "-o", str(imported)]) == 0
    fouled = tmp_path / "fouled.xlsx"
    assert main(["rebuild", str(old), "--fouled", "1:1-2", "-o", str(fouled)]) == 0
    done = recalculate([new, imported, fouled], tmp_path / "calc")
    _check_fouled_board(done[2], m)
    entered = {done[0]: len(read_entered(new).rows), done[1]: len(slots_of(m))}
    entered[done[2]] = len(slots_of(m))
    for path in done:  # the results engine scores each, the fouled board by groups too
        res = score_workbook(path)
        assert res.recalculated and not res.disagreements, path.name
        assert sum(1 for r in res.input.rows if r.contract) == entered[path] > 0


def _check_fouled_board(path: Path, m: Movement) -> None:
    """Board 1 fouled at tables 1-2: the recalculated MPs are the rules layer's
    ``score_fouled_board`` (each group on its own, Neuberg to the full field; rules.md §5)."""
    ws = openpyxl.load_workbook(path, data_only=True, read_only=True)["Board 1"]  # values
    c = TravellerCols.build("made-down", "mp")
    rows = sorted(v for k, v in slots_of(m).items() if k[0] == 1)
    scores = [float(ws[f"{c.ns_score}{r}"].value) for r in rows]
    groups = [int(ws[f"O{r}"].value) for r in rows]
    tables = [int(ws[f"{c.table}{r}"].value) for r in rows]
    assert ws["O5"].value == "Group" and "FOULED BOARD" in str(ws["A4"].value)
    assert groups == [2 if t in (1, 2) else 1 for t in tables] and 1 in groups and 2 in groups
    want = score_fouled_board(scores, groups)
    assert want != score_board(scores)  # the groups change the matchpoints
    for r, (ns, ew) in zip(rows, want, strict=True):
        assert ws[f"{c.ns_mp}{r}"].value == pytest.approx(ns)
        assert ws[f"{c.ew_mp}{r}"].value == pytest.approx(ew)
    assert ws["I3"].value == "in balance"
