"""Individuals workbooks without LibreOffice: their structure (product spec "Game families:
Individuals": ``N``, ``S``, ``E``, ``W`` columns pre-filled with the seats of every play, a
``Recap`` row per player, a guide card per player, names as text), every formula accepted by a
strict Excel grammar and built from ``ALLOWED_FUNCTIONS``, a filled workbook recalculated by the
second engine (``formulas``, Excel semantics) equal to the rules layer, and ``xlbridge new``
for every individual kind.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.families.individual.test_individual_workbook_rules import (
    ALL_KINDS,
    expected,
    fill_individual_book,
)
from tests.support.engines import excel_grammar_errors, iter_formulas, recalc_strict, same_value
from tests.support.workbook_fill import Filled, Result, random_contract
from xlbridge.cli import main
from xlbridge.families.duplicate.context import Options
from xlbridge.families.individual.build import build_individual_workbook, write_individuals
from xlbridge.families.individual.formulas import IndividualCols
from xlbridge.families.individual.sheets import play_order
from xlbridge.interchange.xlsx_write import save_workbook
from xlbridge.movements.individual import six_couples, two_table_individual
from xlbridge.movements.individual_seats import board_seats, guide
from xlbridge.workbook import formulas as F
from xlbridge.workbook.formulas import ALLOWED_FUNCTIONS, FIRST_ROW, HEADER_ROW, functions_in

HEADERS = ["N", "S", "E", "W", "Contract", "By", "Made", "Down", "NS Score", "EW Score"]
HEADERS += ["NS MP", "EW MP", "Adjusted", "Round", "Table"]


@pytest.fixture(scope="module")
def books() -> dict[str, Any]:
    return {name: build_individual_workbook(m, Options()) for name, m in ALL_KINDS.items()}


@pytest.mark.parametrize("name", list(ALL_KINDS))
def test_formulas_parse_and_use_allowed_functions(name: str, books: dict[str, Any]) -> None:
    wb = books[name]
    assert excel_grammar_errors(wb) == []
    used: set[str] = set()
    for site in iter_formulas(wb):
        if site.kind == "cell":
            used |= functions_in(site.text)
    assert used <= ALLOWED_FUNCTIONS, used - ALLOWED_FUNCTIONS


@pytest.mark.parametrize("name", list(ALL_KINDS))
def test_travellers_carry_the_four_players_of_every_play(name: str, books: dict[str, Any]) -> None:
    """Seed 002: "four player numbers must be recorded"; the Rainbow's seats change within
    the round, so each board's row holds the seats of that board."""
    m, wb = ALL_KINDS[name], books[name]
    c = IndividualCols.build("made-down", "mp")
    for b in m.boards:
        ws = wb[f"Board {b}"]
        assert [x.value for x in ws[HEADER_ROW]][: len(HEADERS)] == HEADERS
        rows = board_seats(m, b)
        for i, (e, seats) in enumerate(rows):
            r = FIRST_ROW + i
            assert tuple(ws[f"{col}{r}"].value for col in c.seats) == seats
            assert (ws[f"{c.base.round}{r}"].value, ws[f"{c.base.table}{r}"].value) == (
                e.round,
                e.table,
            )
        assert ws[f"{c.north}{FIRST_ROW + len(rows)}"].value is None


@pytest.mark.parametrize("name", list(ALL_KINDS))
def test_recap_has_a_row_per_player(name: str, books: dict[str, Any]) -> None:
    m, ws = ALL_KINDS[name], books[name]["Recap"]
    heads = [x.value for x in ws[4] if x.value is not None]
    boards = [str(b) for b in m.boards]
    assert heads[: 2 + len(boards) + 4] == ["Player", "Names", *boards, "Played", "Total", "%",
                                            "Rank"]  # fmt: skip
    players = [ws.cell(row=5 + i, column=1).value for i in range(len(m.pairs))]
    assert players == list(m.pair_ids)
    # The Rainbow ranks each compass direction apart too (seed 002: "four winners").
    after = heads[2 + len(boards) + 4 :][:2]
    assert after == (["Dir", "Dir rank"] if m.kind == "rainbow" else ["Raw", "Key"])


@pytest.mark.parametrize("name", list(ALL_KINDS))
def test_guide_card_for_every_player(name: str, books: dict[str, Any]) -> None:
    """Each player's card: round, table, seat, partner, opponents, boards."""
    m, ws = ALL_KINDS[name], books[name]["Table Cards"]
    rows = [r for r in ws.iter_rows(values_only=True)]
    for p in m.pair_ids:
        at = rows.index(next(r for r in rows if r[0] == f"Guide card: player {p}"))
        assert rows[at + 1][:6] == ("Round", "Table", "Seat", "Partner", "Opponents", "Boards")
        for k, g in enumerate(guide(m, p)):
            want = (g.round, g.table, g.seat, g.partner, f"{g.opponents[0]} & {g.opponents[1]}",
                    play_order(g.boards))  # fmt: skip
            assert rows[at + 2 + k][:6] == want


def test_names_are_text(tmp_path: Path) -> None:
    path = tmp_path / "n.xlsx"
    names = {1: "=SUM(A1)", 2: "Ann Lee"}
    write_individuals(six_couples(), path, names=names, event="=HYPERLINK(1)")
    wb = openpyxl.load_workbook(path, read_only=True)  # the cells read, as the full reader reads
    ws = wb["Names"]
    assert [(ws[f"A{r}"].value, ws[f"B{r}"].value) for r in (4, 5, 6)] == [
        (1, "=SUM(A1)"), (2, "Ann Lee"), (3, None),
    ]  # fmt: skip
    assert ws["B4"].data_type == "s"
    assert wb["Session"]["A1"].data_type == "s"
    with pytest.raises(Exception, match="player 13 is not in this game"):
        write_individuals(six_couples(), tmp_path / "x.xlsx", names={13: "X"})


def test_strict_engine_matches_rules(tmp_path: Path) -> None:
    """The second engine (``formulas``, Excel semantics) on a filled two-table individual
    with an adjusted score, a typed score and a missing result (Neuberg): every score, MP,
    player total, % and rank equals the rules layer. The engine computes the cells compared
    (and the Recap's headings) from the formulas they depend on."""
    m = two_table_individual(2, rounds=2)
    rng = random.Random(5)
    filled = Filled({b: [random_contract(rng), random_contract(rng)] for b in m.boards})
    filled.results[1][0] = Result(adjusted="A+/A-")
    filled.results[2][1] = Result(contract="3NT", by="S", tricks=9, typed=600.0)
    filled.results[3][1] = Result()  # not played: board 3 has one result of two
    path = tmp_path / "strict.xlsx"
    opt = Options(scale="ebu")
    # What write_individuals(m, path, scale="ebu") writes, filled in memory and saved once.
    book = build_individual_workbook(m, Options(event="Club individual", scale="ebu"))
    fill_individual_book(book, opt, filled)
    save_workbook(book, path)
    want = expected(m, opt, filled)
    c = IndividualCols.build("made-down", "mp").base
    compared = [(f"Board {b}", f"{col}{FIRST_ROW + i}") for b, rows in want.rows.items()
                for i in range(len(rows)) for col in (c.ns_score, c.ns_mp, c.ew_mp)]  # fmt: skip
    recap = book["Recap"]
    heads_read = ("Played", "Total", "%", "Rank")
    cols = ["A"] + [x.column_letter for x in recap[4] if x.value in heads_read]
    compared += [("Recap", f"{col}{r}") for col in cols for r in range(4, 5 + len(want.players))]
    compared += [("Results", f"B{5 + k}") for k in range(len(want.players))]
    got = recalc_strict(path, cells=compared)
    for b, rows in want.rows.items():
        for i, (sc, ns, ew) in enumerate(rows):
            r = FIRST_ROW + i
            s = f"Board {b}"
            assert (b == 1 and i == 0) or same_value(got[(s, f"{c.ns_score}{r}")], sc), (b, r)
            assert same_value(got[(s, f"{c.ns_mp}{r}")], ns), (b, r, got[(s, f"{c.ns_mp}{r}")])
            assert same_value(got[(s, f"{c.ew_mp}{r}")], ew), (b, r)
    heads = {v: k[1].rstrip("4") for k, v in got.items() if k[0] == "Recap" and k[1].endswith("4")
             and k[1][:-1].isalpha()}  # fmt: skip
    for i, s in enumerate(want.players):
        r = 5 + i
        assert got[("Recap", f"A{r}")] == s.player
        assert got[("Recap", f"{heads['Played']}{r}")] == s.played
        assert same_value(got[("Recap", f"{heads['Total']}{r}")], s.total)
        assert same_value(
            got[("Recap", f"{heads['%']}{r}")], None if s.pct is None else s.pct / 100
        )
        assert got[("Recap", f"{heads['Rank']}{r}")] == s.rank
    scored = sorted(
        (s for s in want.players if s.total is not None),
        key=lambda s: (-round(s.total or 0, 9), s.player),
    )
    listed = [got[("Results", f"B{5 + k}")] for k in range(len(scored))]
    assert listed == [s.player for s in scored]


@pytest.mark.parametrize(
    ("kind", "tables", "players"),
    [("rainbow", "5", 20), ("individual-2", "2", 8), ("individual-3", "3", 12),
     ("six-couples", "3", 12)],
)  # fmt: skip
def test_cli_new_writes_individuals(
    kind: str, tables: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = tmp_path / "names.csv"
    names.write_text("player,name\n1,Ann Lee\n2,Bo Chan\n", encoding="utf-8")
    out = tmp_path / f"{kind}.xlsx"
    code = main(["new", kind, "--tables", tables, "--names", str(names), "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    assert f"{players} players" in capsys.readouterr().out
    wb = openpyxl.load_workbook(out, read_only=True)  # three cells read from the file
    assert wb["Board 1"]["A5"].value == "N" and wb["Board 1"]["B5"].value == "S"
    assert wb["Names"]["B5"].value == "Bo Chan"
    assert wb["Session"]["A1"].value == "Club individual"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rainbow", "--tables", "6"], "6 tables is not supported"),
        (["rainbow", "--tables", "5", "--scoring", "butler"], "scored by matchpoints"),
        (["rainbow", "--tables", "5", "--boards-per-round", "4"], "multiple of 3"),
        (["individual-2", "--tables", "2", "--even", "skip"], "--even is an option of pairs games"),
    ],
)
def test_cli_new_refuses_with_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["new", *argv, "-o", str(tmp_path / "x.xlsx")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1, err
    assert not (tmp_path / "x.xlsx").exists()


def test_cli_names_file_must_name_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = tmp_path / "names.csv"
    names.write_text("NS 1,Ann,Bo\n", encoding="utf-8")
    code = main(["new", "rainbow", "--tables", "5", "--names", str(names), "-o",
                 str(tmp_path / "x.xlsx")])  # fmt: skip
    assert code == 2 and "is not a player number" in capsys.readouterr().err


def test_table_cards_show_every_seating() -> None:
    """The two-table individual's table 2 plays each round's set from its second board
    (seed 002: the tables exchange boards), N, S, E, W as seated."""
    m = two_table_individual()
    ws = build_individual_workbook(m, Options())["Table Cards"]
    rows = [r[:6] for r in ws.iter_rows(values_only=True)]
    at = rows.index(("Club pairs: Table 2", None, None, None, None, None))
    assert rows[at + 1] == ("Round", "N", "S", "E", "W", "Boards")
    assert rows[at + 2] == (1, 2, 4, 5, 6, "2, 3, 1")


@pytest.mark.parametrize("entry", ["made-down", "tricks"])
def test_layout_columns_are_distinct(entry: str) -> None:
    """Every visible and hidden column of the individual traveller has its own letter."""
    c = IndividualCols.build(entry, "mp")
    letters = [*c.seats] + [
        v for k, v in ((f, getattr(c.base, f)) for f in c.base.__dataclass_fields__)
        if k not in ("result_entry", "scoring", "ns", "ew") and v is not None
    ]  # fmt: skip
    assert len(letters) == len(set(letters))


def test_results_sheet_has_the_provisional_line(books: dict[str, Any]) -> None:
    """The Results sheet's A3 counts the Checks sheet's open problems by formula, the pairs
    sheet's line (recalculated in ``test_individual_workbook``)."""
    for wb in books.values():
        assert wb["Results"]["A3"].value == F.provisional_line("Checks!$Z$2")
        assert wb["Results"]["A3"].font.color.rgb.endswith("C00000")
