"""Rebuilding individual workbooks (issue 14): the individual family's rebuild adapter
(:mod:`xlbridge.families.individual.rebuild`) names every input cell by what it means, reads back
every setting ``xlbridge new`` took from the Session sheet, and carries entries to the play of
the same board by the same four players in the same seats.

Sources: seed 002 "The Rainbow Movement" (a player's number is their starting table and
direction: North the table number, West plus the number of tables, South plus twice, East plus
three times; North partners South, then West, then East), rules.md and the issue text (every
entered cell carried or listed, never dropped).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from openpyxl.cell.read_only import EMPTY_CELL, EmptyCell
from openpyxl.utils.cell import coordinate_to_tuple

from tests.families.individual.test_individual_workbook_rules import fill_individual_book
from tests.support.engines import input_cells
from tests.support.shared import cli_new, rebuild_args
from xlbridge.cli import main
from xlbridge.errors import MovementError, WorkbookError
from xlbridge.families.individual.rebuild import ADAPTER, Settings
from xlbridge.interchange.gate import load_workbook
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.rebuild.slots import Slot
from xlbridge.scoring.contract import is_possible_score

# Every individual kind at two sizes, through the real CLI, with the options `new` takes.
CASES: dict[str, tuple[str, ...]] = {
    "rainbow5": ("rainbow", "--tables", "5"),
    "rainbow7": (
        "rainbow", "--tables", "7", "--boards-per-round", "6", "--rounds", "4",
        "--event", "=SUM(1) Rainbow", "--date", "2026-11-23", "--scale", "ebu",
    ),
    "individual-2": ("individual-2", "--tables", "2", "--scoring", "mp"),
    "individual-2x4": (
        "individual-2", "--tables", "2", "--boards-per-round", "4", "--result-entry", "tricks",
        "--rounds", "5",
    ),
    "individual-3": ("individual-3", "--tables", "3", "--date", "2026-11-23"),
    "individual-3x2": (
        "individual-3", "--tables", "3", "--boards-per-round", "2", "--scale", "ebu",
        "--result-entry", "tricks", "--event", "Winter individual",
    ),
    "six-couples": ("six-couples", "--tables", "3"),
    "six-couples3": (
        "six-couples", "--tables", "3", "--boards-per-round", "3", "--rounds", "4",
        "--event", "=TODAY() Couples night", "--date", "2026-11-23",
    ),
    # Hand records dealt by the tool (two boards: the solver takes seconds a board).
    "six-couples-deals": (
        "six-couples", "--tables", "3", "--rounds", "1", "--boards-per-round", "2",
        "--deal", "--seed", "3",
    ),
}  # fmt: skip


def unlocked(wb: Any) -> dict[str, set[str]]:
    """Each sheet's unlocked (input) cells."""
    out: dict[str, set[str]] = {ws.title: set() for ws in wb.worksheets}
    for sheet, cell in input_cells(wb):
        out[sheet].add(cell)
    return out


def cells(wb: Any) -> dict[tuple[str, str], Any]:
    return {
        (ws.title, c.coordinate): c.value
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for c in row
        if c.value is not None
    }


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("individual")
    return {name: cli_new(tmp, name, *argv) for name, argv in CASES.items()}


@pytest.fixture(scope="module")
def opened(written: dict[str, Path]) -> dict[str, Any]:
    """Each written workbook opened once through the gate, as rebuild opens it (read only:
    a test that changes a book opens its own)."""
    return {name: load_workbook(path) for name, path in written.items()}


@pytest.fixture(scope="module")
def built(opened: dict[str, Any]) -> dict[str, tuple[Settings, Any]]:
    """Each written workbook's settings, read back, and the workbook ``build`` makes for them
    (built once: the tests read it, none changes it)."""
    out = {}
    for name, book in opened.items():
        s = ADAPTER.settings(book)
        out[name] = (s, ADAPTER.build(s, None))
    return out


def copy_of(written: dict[str, Path], name: str, folder: Path) -> Path:
    """A copy of the workbook ``new`` wrote for ``CASES[name]``, in ``folder``, to change."""
    return Path(shutil.copy(written[name], folder / f"{name}.xlsx"))


# --- settings, layout and slots -----------------------------------------------------------


@pytest.mark.parametrize("name", list(CASES))
def test_settings_rebuild_the_file_new_wrote(
    name: str, opened: dict[str, Any], built: dict[str, tuple[Settings, Any]], tmp_path: Path
) -> None:
    """build(settings(book)) is the workbook `new` wrote: the same sheets, the same input
    cells, and the same value in every cell (defaults, formulas, event, date, Session). Both
    as saved: a blank text the build writes reads back as an empty cell."""
    want = opened[name]  # the file new wrote, opened once: read for its settings and cells
    again = tmp_path / "again.xlsx"
    save_workbook(built[name][1], again)  # settings(want), built once for the module
    got = openpyxl.load_workbook(again)
    assert got.sheetnames == want.sheetnames
    assert unlocked(got) == unlocked(want)
    assert cells(got) == cells(want)


def test_settings_read_every_option(opened: dict[str, Any]) -> None:
    s = ADAPTER.settings(opened["rainbow7"])
    assert s == Settings(
        "rainbow", 7, 4, 6, event="=SUM(1) Rainbow", date="2026-11-23", scale="ebu",
        result_entry="made-down",
    )  # fmt: skip
    s = ADAPTER.settings(opened["individual-2x4"])
    assert (s.kind, s.tables, s.rounds, s.boards_per_round) == ("individual-2", 2, 5, 4)
    assert (s.event, s.scale, s.result_entry) == ("Club individual", "acbl", "tricks")


@pytest.mark.parametrize("name", list(CASES))
def test_a_slot_for_every_input_cell(name: str, built: dict[str, tuple[Settings, Any]]) -> None:
    s, wb = built[name]
    slots = ADAPTER.slots(wb, s)
    where = {(x.sheet, x.cell) for x in slots}
    assert where == {(t, c) for t, cs in unlocked(wb).items() for c in cs}
    assert len(where) == len(slots)
    assert len({x.key for x in slots}) == len(slots), "keys unique"
    assert all(x.what and x.key for x in slots)


def test_slot_keys_name_board_players_and_heading(
    built: dict[str, tuple[Settings, Any]],
) -> None:
    """Seed 002: on the Rainbow's first board, table 1 seats North 1, West 1+5=6, South
    1+10=11 and East 1+15=16, North partnering South first."""
    s, wb = built["rainbow5"]
    by_cell = {(x.sheet, x.cell): x for x in ADAPTER.slots(wb, s)}
    assert [wb["Board 1"][f"{c}6"].value for c in "ABCD"] == [1, 11, 16, 6]
    assert by_cell[("Board 1", "E6")] == Slot(
        ("board", 1, "N 1 S 11 E 16 W 6", "Contract"), "Board 1", "E6",
        "Board 1, N 1 S 11 E 16 W 6: Contract",
    )  # fmt: skip
    assert by_cell[("Board 1", "A6")].key[-1] == "N"
    assert by_cell[("Board 1", "I6")].key[-1] == "NS Score"
    assert by_cell[("Board 1", "M6")].key[-1] == "Adjusted"
    assert by_cell[("Board 1", "H2")].key == ("board", 1, "Expected", 5)
    assert by_cell[("Names", "B9")].key == ("player", 6, "Name")
    assert by_cell[("Names", "C9")].key == ("player", 6, "Number")  # the player's data follow
    assert by_cell[("Names", "E9")].key == ("player", 6, "Masterpoints")
    tricks, tricks_book = built["individual-2x4"]
    heads = {x.what.rsplit(": ", 1)[1] for x in ADAPTER.slots(tricks_book, tricks)}
    assert heads == {"N", "S", "E", "W", "Contract", "By", "Tricks", "NS Score", "Adjusted",
                     "OK", "Expected", "Name", "Number", "Handicap", "Masterpoints"}  # fmt: skip


def test_describe_is_one_line() -> None:
    assert ADAPTER.describe(Settings("individual-3", 3, 11, 3)) == (
        "individual-3, 3 tables, 11 rounds, 33 boards, 12 players"
    )


def test_settings_refuse_a_workbook_of_another_game(new_workbook: Any) -> None:
    path = new_workbook("mitchell", "--tables", "5")
    with pytest.raises(WorkbookError, match="not an individual game"):
        ADAPTER.settings(load_workbook(path))
    book = openpyxl.Workbook()
    with pytest.raises(WorkbookError, match="no Session sheet"):
        ADAPTER.settings(book)


@pytest.mark.parametrize(
    ("label", "value", "message"),
    [
        # Read by the duplicate form's codec (families/duplicate/settings.py): each refusal
        # names the Session sheet's cell.
        ("Tables", 10**9, "Session sheet, cell B5: Tables 1000000000 is out of range: 1-100"),
        ("Boards per round", "lots", "cell B7: Boards per round 'lots' is not a whole number"),
        ("Rounds", None, "Session sheet: Rounds is blank, not a number"),
        # The code line is read; the sentence beside it ("Matchpoint scale") is for people.
        ("Scale code", "3 / 1", "Scale code '3 / 1' is not one of acbl, ebu"),
        ("Result entry", "points", "Session sheet: Result entry 'points' is not one"),
    ],
)
def test_settings_refuse_a_session_sheet_changed_by_hand(
    written: dict[str, Path], label: str, value: Any, message: str
) -> None:
    """A size outside the limits ``new`` takes costs one line, not a huge movement."""
    book = load_workbook(written["individual-2"])
    ws = book["Session"]
    (row,) = [r for r in range(1, 30) if ws[f"A{r}"].value == label]
    ws[f"B{row}"] = value
    with pytest.raises(WorkbookError, match=re.escape(message)) as exc:
        ADAPTER.settings(book)
    assert "\n" not in str(exc.value)


# --- change --------------------------------------------------------------------------------


def test_change_keeps_what_is_not_asked() -> None:
    old = Settings("rainbow", 7, 4, 6, event="E", date="D", scale="ebu", result_entry="tricks")
    assert ADAPTER.change(old, rebuild_args()) == old
    more = ADAPTER.change(old, rebuild_args(tables=11))
    # A new table count gives the movement's own rounds (seed 002: as many rounds as tables),
    # keeps boards per round and every option; players are then known by starting seat.
    assert (more.tables, more.rounds, more.boards_per_round) == (11, 11, 6)
    assert (more.event, more.date, more.scale, more.result_entry) == ("E", "D", "ebu", "tricks")
    assert more.renumbered_from == 7
    assert ADAPTER.change(old, rebuild_args(rounds=2)).rounds == 2


def test_change_of_kind_takes_its_only_size() -> None:
    old = Settings("individual-3", 3, 11, 3)
    two = ADAPTER.change(old, rebuild_args(kind="individual-2"))
    assert (two.kind, two.tables, two.rounds, two.renumbered_from) == ("individual-2", 2, 7, 0)
    six = ADAPTER.change(old, rebuild_args(kind="six-couples", boards_per_round=4))
    assert (six.tables, six.rounds, six.boards_per_round) == (3, 5, 4)


@pytest.mark.parametrize(
    ("old", "change", "message"),
    [
        (Settings("rainbow", 5, 5, 3), {"tables": 6}, "rainbow: 6 tables is not supported"),
        (Settings("rainbow", 5, 5, 3), {"boards_per_round": 4}, "use a multiple of 3"),
        (Settings("rainbow", 5, 5, 3), {"rounds": 6}, "6 rounds; this movement has 1-5"),
        (Settings("individual-2", 2, 7, 3), {"tables": 3}, "individual-2"),
        (Settings("rainbow", 5, 5, 3), {"even": "skip"}, "option --even does not apply"),
    ],
)
def test_change_the_movement_cannot_make_is_its_own_error(
    old: Settings, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(MovementError, match=message) as exc:
        ADAPTER.change(old, rebuild_args(**change))
    assert "\n" not in str(exc.value)


def test_rainbow_players_keep_their_starting_seat_when_tables_change() -> None:
    """Seed 002: player numbers come from the starting seat. With 5 tables West 1 is player 6,
    South 1 player 11, East 1 player 16; with 7 tables they are 8, 15 and 22. Keys name them
    by their old numbers, so round 1 of tables 1-5 means the same in both."""
    old = Settings("rainbow", 5, 5, 3)
    new_ = ADAPTER.change(old, rebuild_args(tables=7))
    wb = ADAPTER.build(new_, None)
    by_cell = {(x.sheet, x.cell): x for x in ADAPTER.slots(wb, new_)}
    assert [wb["Board 1"][f"{c}6"].value for c in "ABCD"] == [1, 15, 22, 8]
    assert by_cell[("Board 1", "E6")].key == ("board", 1, "N 1 S 11 E 16 W 6", "Contract")
    assert by_cell[("Board 1", "E6")].what == "Board 1, N 1 S 15 E 22 W 8: Contract"
    assert by_cell[("Names", "B11")].key == ("player", 6, "Name")  # player 8: West 1
    assert by_cell[("Names", "B9")].key == ("player", "new 6", "Name")  # North 6: a new seat
    assert by_cell[("Board 1", "D6")].key == ("board", 1, "N 1 S 11 E 16 W 6", "W", "renumbered")


# --- end to end: through the engine and the CLI ---------------------------------------------


def type_into(path: Path, values: dict[tuple[str, str], Any], book: Any = None) -> None:
    """Type ``values`` into the workbook at ``path``, as a director would (into ``book``, the
    file already opened, when given), and save it."""
    wb = openpyxl.load_workbook(path) if book is None else book
    for (sheet, cell), value in values.items():
        wb[sheet][cell] = value
    save_workbook(wb, path)  # as wb.save writes it, faster


def find_row(ws: Any, players: tuple[int, int, int, int]) -> int:
    """The traveller row whose N, S, E, W hold ``players``."""
    rows = [r for r in range(6, ws.max_row + 1)
            if tuple(ws[f"{c}{r}"].value for c in "ABCD") == players]  # fmt: skip
    assert len(rows) == 1, (ws.title, players, rows)
    return rows[0]


def test_rainbow_with_more_tables_carries_round_one(
    written: dict[str, Path], tmp_path: Path
) -> None:
    """A 5-table Rainbow, two results of round 1 and one of round 2 typed, rebuilt for 7
    tables. Seed 002's numbering, by hand: at table 1 round 1 North 1, South 1+2*5=11, East
    1+3*5=16, West 1+5=6 play board 1 (North partners South); with 7 tables the same seats are
    1, 15, 22, 8. At table 2: 2, 12, 17, 7 play board 4, then 2, 16, 23, 9. Round 2 sends
    boards 1-3 down to table 5, where North 5 meets South 4+10=14 (one table up from 4), East
    3+15=18 (two up from 3) and West 2+5=7 (two down from 2): a play the 7-table Rainbow does
    not have."""
    from xlbridge.families.registry import rebuild_family

    old = copy_of(written, "rainbow5", tmp_path)  # rainbow --tables 5
    src = openpyxl.load_workbook(old)
    assert [src["Board 1"][f"{c}6"].value for c in "ABCD"] == [1, 11, 16, 6]
    assert [src["Board 4"][f"{c}6"].value for c in "ABCD"] == [2, 12, 17, 7]
    r2 = find_row(src["Board 1"], (5, 14, 18, 7))
    type_into(old, book=src, values={
        ("Names", "B9"): "Ann Lee",  # player 6: West at table 1
        ("Board 1", "E6"): "4S", ("Board 1", "F6"): "N", ("Board 1", "G6"): 4,
        ("Board 4", "E6"): "3NT", ("Board 4", "F6"): "E", ("Board 4", "H6"): 2,
        ("Board 4", "D6"): 3,  # a seat corrected: player 3 sat West (3 is N 3 in both)
        ("Board 2", "H2"): 4,  # Expected: 4 of the 5-table game's 5 results
        ("Board 1", f"E{r2}"): "2H", ("Board 1", f"F{r2}"): "S", ("Board 1", f"G{r2}"): 2,
    })  # fmt: skip
    out = tmp_path / "r7.xlsx"
    res = rebuild_family(old, rebuild_args(tables=7), out)
    assert res.describe == "rainbow, 7 tables, 7 rounds, 21 boards, 28 players"
    assert (res.entered, res.carried) == (12, 7)
    # Round 2's play, the typed seat (a number of the old numbering: carried, it could name
    # someone else) and the Expected count (the new game expects 7 results) are listed.
    assert sorted(n.where for n in res.not_carried) == [
        f"Board 1, N 5 S 14 E 18 W 7: {h} ('Board 1'!{c}{r2})"
        for h, c in (("By", "F"), ("Contract", "E"), ("Made", "G"))
    ] + ["Board 2: Expected ('Board 2'!H2)", "Board 4, N 2 S 12 E 17 W 7: W ('Board 4'!D6)"]
    assert {n.entered for n in res.not_carried} == {"2H", "S", "2", "3", "4"}
    wb = openpyxl.load_workbook(out)
    b1 = wb["Board 1"]
    r = find_row(b1, (1, 15, 22, 8))
    assert [b1[f"{c}{r}"].value for c in "EFGH"] == ["4S", "N", 4, None]
    b4 = wb["Board 4"]
    r = find_row(b4, (2, 16, 23, 9))
    assert [b4[f"{c}{r}"].value for c in "EFGH"] == ["3NT", "E", None, 2]
    assert b4[f"D{r}"].value == 9
    assert wb["Names"]["B11"].value == "Ann Lee" and wb["Names"]["A11"].value == 8
    assert wb["Names"]["B9"].value is None  # player 6 is now North at the new table 6
    listed = wb["Not carried"]
    assert listed["A2"].value.startswith("5 entries listed")
    assert {listed[f"C{r}"].value for r in range(4, 9)} == {"2H", "S", "2", "3", "4"}
    assert wb["Board 2"]["H2"].value == 7


def test_rebuild_cli_names_and_fewer_rounds(tmp_path: Path, capsys: Any) -> None:
    """``xlbridge rebuild`` on an individual game: names from ``--names`` (entries, typed in
    input cells) and the results of the rounds kept are carried; those of a dropped round are
    listed on standard output and the Not carried sheet."""
    names = tmp_path / "names.csv"
    names.write_text("player,name\n3,Bo Chan\n12,Cy Dee\n", encoding="utf-8")
    old = cli_new(tmp_path, "i3", "individual-3", "--tables", "3", "--names", str(names),
              "--event", "Winter", "--date", "2026-12-01")  # fmt: skip
    # Board 33 is played in round 11 only.
    type_into(old, {("Board 1", "E6"): "PASS", ("Board 33", "E6"): "1NT",
                    ("Board 33", "F6"): "W", ("Board 33", "G6"): 1,
                    ("Board 2", "H2"): 2})  # fmt: skip
    out = tmp_path / "i3-10.xlsx"
    capsys.readouterr()
    assert main(["rebuild", str(old), "--rounds", "10", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    # Every board is played 3 times in either session: the typed Expected count carries.
    assert "carried 4 of 7 entered cells" in text
    assert "Board 33, N " in text and ": Contract ('Board 33'!E6): 1NT" in text
    wb = load_workbook(out)  # through the gate, as rebuild reads it: read once for both
    assert wb["Board 1"]["E6"].value == "PASS" and wb["Board 2"]["H2"].value == 2
    assert "Board 33" not in wb.sheetnames
    assert (wb["Names"]["B6"].value, wb["Names"]["B6"].data_type) == ("Bo Chan", "s")
    assert wb["Names"]["B15"].value == "Cy Dee"
    assert wb["Session"]["A1"].value == "Winter"
    assert ADAPTER.settings(wb).rounds == 10


def filled_inputs(path: Path | Any) -> dict[tuple[str, str], Any]:
    """Every input cell's value, of the workbook at ``path`` (or already opened); text of blanks
    only reads as None, as the rebuild engine reads it (an empty cell, no entry: the social and
    teams properties count it so too)."""
    wb = openpyxl.load_workbook(path) if isinstance(path, Path) else path
    return {(t, c): _blank_is_none(wb[t][c].value) for t, cs in unlocked(wb).items() for c in cs}


def _blank_is_none(v: Any) -> Any:
    return None if isinstance(v, str) and not v.strip() else v


def test_identity_rebuild_carries_everything(tmp_path: Path) -> None:
    """No change: every entry is carried and the input cells are those of the old file."""
    from xlbridge.families.registry import rebuild_family

    old = cli_new(tmp_path, "six", "six-couples", "--tables", "3", "--result-entry", "tricks")
    book = openpyxl.load_workbook(old)  # typed into and saved; read again below as saved
    type_into(old, book=book, values={
        ("Names", "B4"): "Host", ("Board 2", "H2"): 2, ("Board 2", "E7"): "4HX",
        ("Board 2", "F7"): "S", ("Board 2", "G7"): 9, ("Board 3", "H6"): -200,  # NS Score
        ("Board 3", "L6"): "A+/A-", ("Board 5", "A6"): 9,  # someone else sat North
    })  # fmt: skip
    out = tmp_path / "same.xlsx"
    res = rebuild_family(old, rebuild_args(), out)
    assert (res.entered, res.carried, res.not_carried) == (8, 8, ())
    assert filled_inputs(out) == filled_inputs(book)  # the old file's cells, as typed and saved


def test_a_name_starting_with_equals_is_text_and_carried(tmp_path: Path) -> None:
    """A name written as text (``new --names``) that starts with '=' is a name, not a formula
    typed by hand: carried, and still text."""
    from xlbridge.families.registry import rebuild_family

    names = tmp_path / "names.csv"
    names.write_text("player,name\n3,=Bo Chan\n", encoding="utf-8")
    old = cli_new(tmp_path, "i2", "individual-2", "--tables", "2", "--names", str(names))
    out = tmp_path / "same.xlsx"
    res = rebuild_family(old, rebuild_args(), out)
    assert (res.entered, res.carried, res.not_carried) == (1, 1, ())
    cell = saved_cells(out, {("Names", "B6")})[("Names", "B6")]
    assert (cell.value, cell.data_type) == ("=Bo Chan", "s")


# --- properties: random sessions, random changes ---------------------------------------------

BASES: dict[str, tuple[str, ...]] = {
    "rainbow5": ("rainbow", "--tables", "5", "--rounds", "3"),
    "rainbow7": ("rainbow", "--tables", "7", "--rounds", "2", "--scale", "ebu"),
    "individual-2": ("individual-2", "--tables", "2"),
    "individual-3": ("individual-3", "--tables", "3", "--result-entry", "tricks", "--rounds", "4"),
    "six-couples": ("six-couples", "--tables", "3", "--rounds", "3"),
}
TYPED = st.one_of(
    st.sampled_from(["4S", "3NT", "PASS", "7NTXX", "1C", "N", "E", "S", "W", "A+", "A-",
                     "A+/A-", "60/40", "Ann Lee", "O'Neil", "4S=", "=1+1", "=SUM(A1)"]),
    st.integers(-7600, 7600),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False),
    st.text(st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=12),
)  # fmt: skip
# Each example writes and rebuilds workbooks (seconds): shrinking would take many minutes, and
# the unshrunk example is printed in full.
_NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
_SLOW = [HealthCheck.too_slow]
CHANGES = st.fixed_dictionaries({
    "kind": st.sampled_from([None, None, "rainbow", "individual-2", "individual-3", "six-couples"]),
    "tables": st.sampled_from([None, None, None, 5, 7]),
    "rounds": st.sampled_from([None, None, 1, 2, 4]),
    "boards_per_round": st.sampled_from([None, None, 3, 6]),
})  # fmt: skip


Base = tuple[Path, Settings, list[Slot], dict[Slot, Any], Any]


class Bases(dict[str, Base]):
    """The base workbooks: the file, its settings, its slots, the value ``new`` wrote in
    each slot's cell and the file opened (read once; the examples type into the open book and
    put back what was there: see :func:`_fill`; a short repr: hypothesis prints its
    arguments)."""

    def __repr__(self) -> str:
        return f"Bases({sorted(self)})"


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> Bases:
    tmp = tmp_path_factory.mktemp("bases")
    out = Bases()
    for name, argv in BASES.items():
        path = cli_new(tmp, name, *argv)
        wrote = load_workbook(path)  # read once: its settings and what new wrote in each slot
        s = ADAPTER.settings(wrote)
        slots = list(ADAPTER.slots(ADAPTER.build(s, None), s))
        _NEW_SLOTS.setdefault(s, {x.key: x for x in slots})  # an unchanged game's new slots
        out[name] = (path, s, slots, {x: wrote[x.sheet][x.cell].value for x in slots}, wrote)
    return out


_NEW_SLOTS: dict[Settings, dict[Any, Slot]] = {}


def new_slots_of(s: Settings) -> dict[Any, Slot]:
    """The slots, by key, of the workbook built for ``s`` (built once per settings: the
    examples share it)."""
    if s not in _NEW_SLOTS:
        _NEW_SLOTS[s] = {x.key: x for x in ADAPTER.slots(ADAPTER.build(s, None), s)}
    return _NEW_SLOTS[s]


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def _fill(base: Base, picks: list[tuple[int, Any]], dest: Path) -> tuple[dict[Slot, Any], Any]:
    """Type each picked value into its slot's cell; return the entries (values that differ
    from what ``new`` wrote there) and ``dest`` opened through the gate, as rebuild opens it
    (the rebuild is given this book: the file is read once)."""
    _path, _s, slots, defaults, wb = base
    typed: dict[Slot, Any] = {}
    was: dict[Slot, tuple[Any, str]] = {}
    try:
        for i, value in picks:
            slot = slots[i % len(slots)]
            cell = wb[slot.sheet][slot.cell]
            was.setdefault(slot, (cell._value, cell.data_type))
            cell.value = value
            typed[slot] = value
        save_workbook(wb, dest)  # as wb.save writes it, faster
    finally:  # the base as new wrote it again, for the next example (value and type as read)
        for slot, (value, data_type) in was.items():
            cell = wb[slot.sheet][slot.cell]
            cell._value, cell.data_type = value, data_type
    assert all(wb[x.sheet][x.cell].value == defaults[x] for x in was)
    # As stored (a float keeps 17 significant digits at most), against what new wrote there.
    saved = load_workbook(dest)
    stored = {s: saved[s.sheet][s.cell].value for s in typed}
    entries = {s: v for s, v in stored.items() if not _empty(v) and v != defaults[s]}
    return entries, saved


def saved_cells(path: Path, where: set[tuple[str, str]]) -> dict[tuple[str, str], Any]:
    """The cells ``where`` (sheet, cell) of the workbook saved at ``path``, as openpyxl reads
    them (value and data type): only their sheets' rows up to the last one asked are parsed
    (openpyxl's read-only reader parses cells as the full reader does)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    try:
        out: dict[tuple[str, str], Any] = {}
        for sheet in {t for t, _c in where}:
            want = {c for t, c in where if t == sheet}
            last = max(coordinate_to_tuple(c)[0] for c in want)
            for row in wb[sheet].iter_rows(max_row=last):
                for c in row:
                    if not isinstance(c, EmptyCell) and c.coordinate in want:
                        out[(sheet, c.coordinate)] = c
            for c in want - {k for t, k in out if t == sheet}:
                out[(sheet, c)] = EMPTY_CELL  # never written: its value is None
        return out
    finally:
        wb.close()


def _check_carried_or_listed(
    entries: dict[Slot, Any], new_settings: Settings, out: Path, res: Any
) -> int:
    """Every entry is at the new slot of the same key, or listed; returns how many carried."""
    new_slots = new_slots_of(new_settings)
    listed = {n.where for n in res.not_carried}
    wanted = [t for t in (new_slots.get(x.key) for x in entries) if t is not None]
    saved = saved_cells(out, {(t.sheet, t.cell) for t in wanted})
    carried = 0
    for slot, value in entries.items():
        is_listed = any(w.endswith(f"({slot.where})") for w in listed)
        target = new_slots.get(slot.key)
        if isinstance(value, str) and value.startswith("="):  # typed as a formula: listed
            assert is_listed, (slot, value)
            continue
        if target is not None and not is_listed:
            cell = saved[(target.sheet, target.cell)]
            assert cell.value == value, (slot, target, value, cell.value)
            assert isinstance(value, str) == (cell.data_type == "s")
            carried += 1
        else:
            assert is_listed, (slot, value, "lost")
    return carried


@settings(max_examples=10, deadline=None, phases=_NO_SHRINK, suppress_health_check=_SLOW)
@given(
    name=st.sampled_from(list(BASES)),
    picks=st.lists(st.tuples(st.integers(0, 10_000), TYPED), min_size=1, max_size=25),
    change=CHANGES,
)
def test_every_entry_is_carried_or_listed(
    bases: Bases,
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    picks: list[tuple[int, Any]],
    change: dict[str, Any],
) -> None:
    """Random cells of a random individual session filled with contracts, numbers and text,
    then a random change of kind, tables, rounds or boards a round: nothing is lost."""
    from xlbridge.families.registry import rebuild_family

    tmp = tmp_path_factory.mktemp("prop")
    old, out = tmp / "old.xlsx", tmp / "new.xlsx"
    entries, book = _fill(bases[name], picks, old)
    args = rebuild_args(**change)
    try:
        new_settings = ADAPTER.change(bases[name][1], args)
    except MovementError as exc:  # a change the movement cannot make: refused, one line
        assert "\n" not in str(exc)
        with pytest.raises(MovementError):
            rebuild_family(old, args, out, book=book)
        assert not out.exists()
        return
    res = rebuild_family(old, args, out, book=book)
    assert res.entered == len(entries)
    carried = _check_carried_or_listed(entries, new_settings, out, res)
    assert res.carried == carried
    assert res.carried + len(res.not_carried) == res.entered


@settings(max_examples=6, deadline=None, phases=_NO_SHRINK, suppress_health_check=_SLOW)
@given(
    name=st.sampled_from(list(BASES)),
    picks=st.lists(
        st.tuples(st.integers(0, 10_000), TYPED.filter(lambda v: not str(v).startswith("="))),
        min_size=1, max_size=25,
    ),
)  # fmt: skip
def test_identity_rebuild_keeps_every_input_cell(
    bases: Bases,
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    picks: list[tuple[int, Any]],
) -> None:
    from xlbridge.families.registry import rebuild_family

    tmp = tmp_path_factory.mktemp("same")
    old, out = tmp / "old.xlsx", tmp / "new.xlsx"
    entries, book = _fill(bases[name], picks, old)
    res = rebuild_family(old, rebuild_args(), out, book=book)
    # An NS score no contract makes on the board (Law 77) is listed, never carried.
    refused = {(s.sheet, s.cell) for s, v in entries.items() if _impossible(s, v)}
    assert (res.entered, res.carried) == (len(entries), len(entries) - len(refused))
    assert sorted(n.where.split("(")[-1].rstrip(")") for n in res.not_carried) == sorted(
        f"'{sheet}'!{cell}" for sheet, cell in refused
    )
    got = {k: v for k, v in filled_inputs(out).items() if k not in refused}  # its formula
    assert got == {k: v for k, v in filled_inputs(book).items() if k not in refused}


def _impossible(slot: Slot, value: Any) -> bool:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return (
        slot.score_board is not None and number and not is_possible_score(value, slot.score_board)
    )


# --- LibreOffice: the rebuilt workbook scores what the old one held -------------------------


@pytest.mark.libreoffice
def test_rebuilt_rainbow_recap_equals_the_old_results(tmp_path: Path, capsys: Any) -> None:
    """A randomly filled 7-table Rainbow (typed-over and adjusted scores, missing results,
    names), rebuilt with unchanged settings and recalculated in LibreOffice: every player's
    Played, Total, % and Rank on the Recap equal the results engine's reading of the old
    workbook (``xlbridge results --format json``, scored in Python)."""
    from tests.support.values_view import recalculated_views
    from tests.support.workbook_fill import random_fill
    from xlbridge.families.duplicate.context import Options
    from xlbridge.movements.individual import rainbow

    old = cli_new(tmp_path, "r7", "rainbow", "--tables", "7", "--scale", "ebu", "--event", "Rb")
    opt = Options(scale="ebu")
    book = openpyxl.load_workbook(old)  # filled and named in memory, saved once
    fill_individual_book(book, opt, random_fill(rainbow(7), opt, 2026))
    type_into(old, {("Names", "B4"): "Ann Lee", ("Names", "B20"): "Bo Chan"}, book)
    capsys.readouterr()
    assert main(["results", str(old), "--format", "json"]) == 3  # random fill: provisional
    want = {e["id"]: e for e in json.loads(capsys.readouterr().out)["entries"]}
    out = tmp_path / "again.xlsx"
    assert main(["rebuild", str(old), "-o", str(out)]) == 0
    assert "not carried" not in capsys.readouterr().out
    ws = recalculated_views([out], tmp_path / "recalc")[out.stem]["Recap"]  # no xlsx copy
    header = [c.value for c in ws[4]]
    got = {}
    for row in ws.iter_rows(min_row=5, values_only=True):
        if not isinstance(row[0], int):
            break
        got[row[0]] = dict(zip(header, row, strict=False))
    assert sorted(got) == sorted(want) == list(range(1, 29))
    for p, e in want.items():
        r = got[p]
        assert (r["Names"] or "") == e["names"]
        assert r["Played"] == e["played"], p
        if e["total"] is None:
            assert r["Total"] in (None, "") and r["%"] in (None, ""), p
        else:
            # The JSON shows totals and percentages to two decimals.
            assert r["Total"] == pytest.approx(e["total"], abs=0.005 + 1e-9), p
            assert r["%"] * 100 == pytest.approx(e["pct"], abs=0.005 + 1e-9), p
        assert (r["Rank"] or "") == e["rank"], p
    assert sum(1 for e in want.values() if e["total"] is not None) >= 20


def test_hand_records_stay_with_their_boards(
    written: dict[str, Path], opened: dict[str, Any], tmp_path: Path
) -> None:
    """Deals are the boards' own: a round added keeps boards 1-2's hand records (diagram,
    double-dummy table and par on the traveller and the Hand Records sheet); the new boards
    have none."""
    from xlbridge.families.registry import rebuild_family
    from xlbridge.workbook.hand_records import read_hand_records

    # six-couples --tables 3 --rounds 1 --boards-per-round 2 --deal --seed 3
    old = copy_of(written, "six-couples-deals", tmp_path)
    out = tmp_path / "more.xlsx"
    res = rebuild_family(old, rebuild_args(rounds=2), out)
    assert res.describe == "six-couples, 3 tables, 2 rounds, 4 boards, 12 players"
    before = opened["six-couples-deals"]  # the file old is a copy of, opened once
    after = openpyxl.load_workbook(out)
    assert read_hand_records(after) == read_hand_records(before) != {}
    assert sorted(read_hand_records(after)) == [1, 2]

    def drawn(ws: Any) -> list[Any]:
        return [c.value for row in ws.iter_rows(min_row=10) for c in row if c.value is not None]

    assert drawn(after["Board 2"]) == drawn(before["Board 2"]) != []
    assert "Par" in drawn(after["Board 2"]) and "Par" not in drawn(after["Board 3"])


def test_rebuild_refusals_are_one_line(
    written: dict[str, Path], tmp_path: Path, capsys: Any
) -> None:
    old = copy_of(written, "rainbow5", tmp_path)  # rainbow --tables 5
    out = tmp_path / "x.xlsx"
    for argv, message in (
        (["--tables", "6"], "rainbow: 6 tables is not supported"),
        (["--boards-per-round", "4"], "rainbow: 4 boards a round; use a multiple of 3"),
        (["--kind", "individual-2", "--tables", "5"], "individual-2"),
        (["--kind", "mitchell"], "rebuild keeps the game family"),
    ):
        capsys.readouterr()
        assert main(["rebuild", str(old), *argv, "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("xlbridge rebuild: error: ") and message in err, err
        assert err.count("\n") == 1
        assert not out.exists()
