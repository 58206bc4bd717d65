"""``xlbridge new`` for pairs games (issue 9 §2): every option of ``xlbridge movement`` that
changes a pairs movement, no abbreviated options, names from a CSV, kind names."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from tests.support.shared import run_cli
from xlbridge.cli import COMMANDS, build_parser, main
from xlbridge.movements.registry import get_kind


def _movement_sheet(wb: openpyxl.Workbook) -> str:
    ws = wb["Movement"]
    return "\n".join(str(c) for row in ws.iter_rows(values_only=True) for c in row if c)


def _pairs_on_travellers(path: Path) -> set[tuple[int, str, str]]:
    """(board, NS, EW) of every traveller row (columns A and B from row 6 down), read in one
    streaming pass (read-only: about half the cost of building every cell and style)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    out = set()
    for ws in wb.worksheets:
        if ws.title.startswith("Board "):
            b = int(ws.title.split()[1])
            for ns, ew in ws.iter_rows(min_row=6, min_col=1, max_col=2, values_only=True):
                if ns is not None:
                    out.add((b, str(ns), str(ew)))
    wb.close()
    return out


def _expected(kind: str, **opts: object) -> set[tuple[int, str, str]]:
    m = get_kind(kind).build(**opts)  # the generator itself, not the CLI's path to it
    out = set()
    for e in m.entries:
        for b in e.boards:
            a, z = e.direction_on(b)
            if a is not None and z is not None:
                out.add((b, m.label(a), m.label(z)))
    return out


@pytest.fixture(scope="module")
def new_book(tmp_path_factory: pytest.TempPathFactory) -> Callable[[list[str]], Path]:
    """``xlbridge new ARGV -o FILE``'s workbook, made once a module for each ARGV (the tests
    that take it only read it)."""
    folder = tmp_path_factory.mktemp("new")
    made: dict[tuple[str, ...], Path] = {}

    def book(argv: list[str]) -> Path:
        if tuple(argv) not in made:
            out = folder / f"s{len(made)}.xlsx"
            code, _, err = run_cli("new", *argv, "-o", str(out))
            assert code == 0, err
            made[tuple(argv)] = out
        return made[tuple(argv)]

    return book


@pytest.mark.parametrize(
    ("argv", "opts"),
    [
        # seed 000 / rules.md §8: an even Mitchell by skip, not by relay
        (["mitchell", "--tables", "8", "--even", "skip"], {"tables": 8, "even": "skip"}),
        (["mitchell", "--tables", "7", "--half-table"], {"tables": 7, "half_table": True}),
        (
            ["mitchell", "--tables", "7", "--arrow-switch", "last"],
            {"tables": 7, "arrow_switch": "last"},
        ),
        (
            ["mitchell", "--tables", "7", "--arrow-switch", "7:1,7:2:1+2"],
            {"tables": 7, "arrow_switch": [(7, 1), (7, 2, [1, 2])]},
        ),
        (["mitchell", "--tables", "7", "--rounds", "5"], {"tables": 7, "rounds": 5}),
        (["web", "--tables", "15"], {"tables": 15}),  # seed 003 web
        (["twin", "--tables", "16"], {"tables": 16}),  # seed 003 twinned sections
        (["add-table", "--tables", "14"], {"tables": 14}),  # seed 003 add-a-table chart
        (
            ["rover", "--tables", "8", "--arrow-switch", "staggered"],
            {"tables": 8, "arrow_switch": "staggered"},
        ),
    ],
)
def test_new_makes_the_movement_that_movement_prints(
    new_book: Callable[[list[str]], Path], argv: list[str], opts: dict[str, object]
) -> None:
    out = new_book(argv)
    kind = argv[0]
    assert _pairs_on_travellers(out) == _expected(kind, **opts)


def test_even_skip_is_not_taken_as_event(new_book: Callable[[list[str]], Path]) -> None:
    """issue 9: `--even skip` used to be read as `--event skip` and give a relay Mitchell."""
    out = new_book(["mitchell", "--tables", "8", "--even", "skip"])  # exit status 0 checked
    wb = openpyxl.load_workbook(out)
    assert wb["Session"]["A1"].value == "Club pairs"
    sheet = _movement_sheet(wb)
    assert "skip" in sheet.lower() or "skip" in str(wb["Session"]["A30"].value or "")
    # 8-table skip Mitchell: 7 rounds, no bye-stand, no relay
    assert not any("bye-stand" in str(c) for c in sheet.split("\n"))


ALL_COMMANDS = [
    ["score", "4S", "N", "10", "--vul", "None"],
    ["imps", "420"],
    ["vp", "12", "--boards", "16"],
    ["traveller", "--board", "1", "--method", "mp", "x.csv"],
    ["movement", "mitchell", "--tables", "7"],
    ["new", "mitchell", "--tables", "7", "-o", "x.xlsx"],
    ["addin", "status"],
    ["results", "x.xlsx"],
    ["deal", "--boards", "1-2", "-o", "x.pbn"],
    ["deals", "x.pbn"],
    ["swiss", "next", "x.xlsx", "-o", "y.xlsx"],
]


@pytest.mark.parametrize("argv", ALL_COMMANDS, ids=lambda a: a[0])
@pytest.mark.parametrize("bad", ["--eve", "--no-such-option", "--t"])
def test_unknown_or_abbreviated_option_is_an_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], bad: str
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*argv, bad, "x"])
    assert exc.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err


def test_every_parser_refuses_abbreviations() -> None:
    def walk(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
        out = [p]
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    out += walk(sub)
        return out

    parsers = walk(build_parser())
    assert {p.prog.split()[1] for p in parsers[1:]} >= set(COMMANDS)
    assert all(p.allow_abbrev is False for p in parsers)
    # every command is in COMMANDS, so running it imports only its own module
    top = next(a for a in parsers[0]._actions if isinstance(a, argparse._SubParsersAction))
    assert set(top.choices) == set(COMMANDS)
    for name, module in COMMANDS.items():
        assert name in walk(build_parser(name))[0]._actions[-1].choices, (name, module)


def test_option_that_does_not_apply_is_named(tmp_path: Path) -> None:
    out = str(tmp_path / "x.xlsx")
    code, _, err = run_cli("new", "howell", "--tables", "5", "--even", "skip", "-o", out)
    assert code == 2 and err.strip() == (
        "xlbridge new: error: howell: option --even does not apply to this kind"
    )
    code, _, err = run_cli("new", "add-table", "--tables", "14", "--half-table", "-o", out)
    assert code == 2 and "option --half-table does not apply" in err
    assert not Path(out).exists()


def test_kind_names_case_insensitive_and_close_matches(tmp_path: Path) -> None:
    out = tmp_path / "x.xlsx"
    assert run_cli("new", "MITCHELL", "--tables", "3", "-o", str(out))[0] == 0
    code, _, err = run_cli("new", "mitchel", "--tables", "3", "-o", str(tmp_path / "y.xlsx"))
    assert code == 2
    assert err.strip() == (
        "xlbridge new: error: unknown movement kind 'mitchel'; did you mean mitchell?"
    )
    code, _, err = run_cli("movement", "Howel", "--tables", "3")
    assert code == 2 and "did you mean howell or howell-3/4?" in err


def test_names_csv_fills_names_sheet_as_text(tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_bytes(
        'pair,player 1,player 2\nNS 1,Zoë Brontë,Bob Lee\nEW 2,=HYPERLINK("x"),+1\n'.encode(
            "cp1252"
        )
    )
    out = tmp_path / "s.xlsx"
    code, _, err = run_cli(
        "new", "mitchell", "--tables", "3", "--names", str(names), "-o", str(out)
    )
    assert code == 0, err
    ws = openpyxl.load_workbook(out)["Names"]
    rows = {r[0]: r[1:3] for r in ws.iter_rows(min_row=4, values_only=True)}
    assert rows["NS 1"] == ("Zoë Brontë", "Bob Lee")
    assert rows["EW 2"] == ('=HYPERLINK("x")', "+1")
    cell = next(c for c in ws["B"] if c.value == '=HYPERLINK("x")')
    assert cell.data_type == "s"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"NS 9,Ann,Bob\n", "pair 'NS 9' is not in this movement"),
        (b"NS 1,Ann\nNS 1,Bob\n", "line 2: pair NS 1 twice"),
        (b"NS 1,An\x01n\n", "line 1"),
        (b",Ann\n", "the pair is missing"),
    ],
)
def test_bad_names_file_is_one_line(tmp_path: Path, content: bytes, message: str) -> None:
    names = tmp_path / "names.csv"
    names.write_bytes(content)
    out = tmp_path / "s.xlsx"
    code, _, err = run_cli(
        "new", "mitchell", "--tables", "3", "--names", str(names), "-o", str(out)
    )
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["head-to-head", "--tables", "2", "--arrow-switch", "last"],
         "head-to-head is a team game: --arrow-switch is an option of pairs games only"),
        (["rubber", "--tables", "1", "--half-table"],
         "rubber is a social game: --half-table is an option of pairs games only"),
        (["howell", "--tables", "4", "--half-table"], "option --half-table does not apply"),
        # issue 20: another family's option, named with the families that take it
        (["mitchell", "--tables", "5", "--vp-scale", "acbl20"],
         "mitchell is a pairs game: --vp-scale is an option of team games only"),
        (["mitchell", "--tables", "5", "--new-york"],
         "mitchell is a pairs game: --new-york is an option of social games only"),
        (["round-robin-4", "--tables", "4", "--scale", "ebu"],
         "round-robin-4 is a team game: --scale is an option of individual and pairs games"),
        # typed with its default value, still another family's option
        (["round-robin-4", "--tables", "4", "--scale", "acbl"], "--scale is an option of"),
        (["chicago", "--tables", "1", "--deal"], "--deal is an option of individual and pairs"),
        (["swiss-pairs", "--tables", "4", "--names", "n.csv"],
         "--names is an option of individual, pairs and team games only"),
        (["four-player", "--tables", "1", "--players", "Ann,Bo,Cy"],
         "3 player names for 4 players"),
        (["mitchell", "--tables", "5", "--datum-rounding", "half-up"],
         "--datum-rounding is for Butler scoring"),
        # a knockout is won on IMPs: the refusal names the option given, not another
        (["knockout", "--tables", "4", "--team-scoring", "bam"],
         "knockout: matches are won on IMPs; --team-scoring bam does not apply"),
        (["knockout", "--tables", "4", "--win-loss"],
         "knockout: matches are won on IMPs; --win-loss does not apply"),
    ],
)  # fmt: skip
def test_options_refused_where_they_do_not_apply(
    tmp_path: Path, argv: list[str], message: str
) -> None:
    """An option given to a game that has no use for it is one line naming it, never silently
    dropped, and nothing is written."""
    out = tmp_path / "x.xlsx"
    code, _, err = run_cli("new", *argv, "-o", str(out))
    assert code == 2 and message in err and err.count("\n") == 1, err
    assert not out.exists()
