"""``xlbridge swiss next``: the next Swiss teams round paired from the entered results (seed
002, "Swiss Teams": highest meets next highest not yet met, never a rematch), every entered
value carried over, the user's file untouched, and the new workbook still scoring right."""

from __future__ import annotations

import os
import random
from pathlib import Path

import openpyxl
import pytest
from openpyxl import Workbook

from tests.families.teams.test_teams_workbook import (
    Case,
    Room,
    Row,
    check_values,
    fill,
    random_rows,
)
from tests.support.hostile_corpus import CORPUS, make_corpus
from tests.support.shared import digest
from tests.support.values_view import recalculated_views
from xlbridge.cli import main
from xlbridge.families.registry import read_workbook
from xlbridge.families.teams.model import TeamsResults
from xlbridge.families.teams.plan import TeamsOptions, plan_swiss
from xlbridge.movements.teams import swiss_teams_pairing
from xlbridge.scoring.team_match import board_imps, score_match, standings_order

TEAMS, BOARDS, ROUNDS = 6, 3, 4


def _inputs(book: Path | Workbook) -> dict[tuple[str, str], object]:
    wb = book if isinstance(book, Workbook) else openpyxl.load_workbook(book)
    out = {}
    for ws in wb.worksheets:
        if not ws.title.startswith("Match "):
            continue
        for row in ws.iter_rows(min_row=6, max_row=6 + BOARDS - 1, max_col=14):
            for c in row:
                if c.value is not None and not (isinstance(c.value, str) and c.value[:1] == "="):
                    out[(ws.title, c.coordinate)] = c.value
    return out


def _run_rounds(tmp_path: Path, options_args: list[str], options: TeamsOptions) -> list[Path]:
    first = tmp_path / "r1.xlsx"
    assert (
        main(
            [
                "new",
                "swiss-teams",
                "--tables",
                str(TEAMS),
                "--boards-per-round",
                str(BOARDS),
                "--rounds",
                str(ROUNDS),
                *options_args,
                "-o",
                str(first),
            ]
        )
        == 0
    )
    rng = random.Random(20)
    pairings: list[list[tuple[int, int]]] = [[(1, 2), (3, 4), (5, 6)]]
    paths = [first]
    # The workbook last read from paths[-1] (one load per file: `fill` types into it, as it
    # would into the file loaded again, and saves it there).
    book = openpyxl.load_workbook(first)
    typed: dict[int, list[Row]] = {}  # every match's results as typed, round by round
    for rnd in range(1, ROUNDS + 1):
        plan = plan_swiss(TEAMS, BOARDS, pairings, ROUNDS)
        rows = random_rows(plan, rng, adjusted=True, incomplete=None)
        # Keep the earlier rounds' results: fill only this round's matches.
        keep = {m.number for m in plan.matches if m.round == rnd}
        typed |= {n: r for n, r in rows.items() if n in keep}
        fill(
            book,
            plan,
            {n: r for n, r in rows.items() if n in keep} | {n: [] for n in rows if n not in keep},
            {},
        )
        book.save(paths[-1])
        if rnd == ROUNDS:
            break
        # The expected pairing, from the rules layer, of the results the test typed (its own
        # second opinion: not read back by the reader swiss next uses).
        vps = dict.fromkeys(range(1, TEAMS + 1), 0.0)
        imps = dict.fromkeys(range(1, TEAMS + 1), 0.0)
        for m in plan.matches:
            credits = [
                board_imps(0.0, 0.0, row.adjusted) if row.adjusted is not None
                else board_imps(_scored(row.room1, b), _scored(row.room2, b), None)
                for b, row in enumerate(typed[m.number], start=1)
            ]  # fmt: skip
            s = score_match(
                credits,
                scale=options.scale,
                match_boards=BOARDS,
                three_quarter=options.three_quarter if options.win_loss else None,
            )
            assert m.home is not None and m.away is not None
            vps[m.home] += s.home_vp
            vps[m.away] += s.away_vp
            imps[m.home] += s.home
            imps[m.away] += s.away
        ids = list(range(1, TEAMS + 1))
        order = standings_order(ids, [vps[t] for t in ids], [imps[t] for t in ids])
        want = swiss_teams_pairing(order, [p for r in pairings for p in r], ROUNDS - rnd)
        before, sha = _inputs(book), digest(paths[-1])  # the file as saved, read in memory
        out = tmp_path / f"r{rnd + 1}.xlsx"
        assert main(["swiss", "next", str(paths[-1]), "-o", str(out)]) == 0
        assert digest(paths[-1]) == sha  # the user's file is untouched
        wb = book = openpyxl.load_workbook(out)
        after = _inputs(wb)
        assert {k: v for k, v in after.items() if k in before} == before
        assert set(before) <= set(after)
        got = [
            (wb[f"Match {n}"]["B2"].value, wb[f"Match {n}"]["H2"].value)
            for n in range(rnd * TEAMS // 2 + 1, (rnd + 1) * TEAMS // 2 + 1)
        ]
        assert got == list(want)
        pairings.append(list(want))
        paths.append(out)
    met = [frozenset(p) for r in pairings for p in r]
    assert len(met) == len(set(met)), "a rematch"
    return paths


def _scored(room: Room, board: int) -> float:
    """A room's NS score as typed (a number typed over NS Score stands), by the rules layer."""
    got = room.score(board)
    assert got is not None
    return float(got)


@pytest.fixture(scope="module")
def default_rounds(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every round paired by `swiss next` with the default options (built once a module; the
    tests only read these files)."""
    return _run_rounds(tmp_path_factory.mktemp("swiss_rounds"), [], TeamsOptions())


def test_swiss_next_pairs_every_round_without_rematches(
    default_rounds: list[Path], tmp_path: Path
) -> None:
    last = default_rounds[-1]
    # All planned rounds paired: one more is refused with one line.
    assert main(["swiss", "next", str(last), "-o", str(tmp_path / "r9.xlsx")]) == 2


def test_swiss_next_win_loss(tmp_path: Path) -> None:
    _run_rounds(tmp_path, ["--win-loss"], TeamsOptions(win_loss=True))


def test_swiss_next_refuses_an_unfinished_round_and_its_own_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "r1.xlsx"
    assert main(["new", "swiss-teams", "--tables", "4", "-o", str(first)]) == 0
    assert main(["swiss", "next", str(first), "-o", str(tmp_path / "r2.xlsx")]) == 2
    assert "Match 1, board 1: no result" in capsys.readouterr().err
    assert main(["swiss", "next", str(first), "-o", str(first), "--force"]) == 2
    assert not (tmp_path / "r2.xlsx").exists()
    pairs = tmp_path / "pairs.xlsx"
    assert main(["new", "mitchell", "--tables", "3", "-o", str(pairs)]) == 0
    assert main(["swiss", "next", str(pairs), "-o", str(tmp_path / "x.xlsx")]) == 2
    assert "is a mitchell workbook; swiss next pairs" in capsys.readouterr().err


def test_swiss_next_refuses_board_a_match_scoring(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its pairing ranks by VPs from IMPs; a board-a-match Swiss is refused, not scored as IMPs."""
    first = tmp_path / "bam.xlsx"
    assert main(["new", "swiss-teams", "--tables", "4", "--team-scoring", "bam",
                 "-o", str(first)]) == 0  # fmt: skip
    assert main(["swiss", "next", str(first), "-o", str(tmp_path / "r2.xlsx")]) == 2
    assert "scored board-a-match, which it cannot rank yet" in capsys.readouterr().err
    assert not (tmp_path / "r2.xlsx").exists()


@pytest.mark.libreoffice
def test_paired_workbook_scores_like_the_rules_layer(
    default_rounds: list[Path], tmp_path: Path
) -> None:
    last = default_rounds[-1]
    wb = openpyxl.load_workbook(last)
    pairings = []
    for n in range(1, ROUNDS * TEAMS // 2 + 1):
        ws = wb[f"Match {n}"]
        if (n - 1) % (TEAMS // 2) == 0:
            pairings.append([])
        pairings[-1].append((ws["B2"].value, ws["H2"].value))
    plan = plan_swiss(TEAMS, BOARDS, pairings, ROUNDS)
    # The typed results as the product's reader scores them: what is checked here is the
    # recalculated workbook against the rules layer, not the reading.
    read = read_workbook(last)
    assert isinstance(read, TeamsResults)
    rows = {
        m.number: [
            Row(adjusted=b.adjusted) if b.adjusted
            else Row(Room(typed=b.room1.score), Room(typed=b.room2.score))
            for b in m.boards
        ]
        for m in read.matches
    }  # fmt: skip
    got = recalculated_views([last], tmp_path / "lo")[last.stem]  # the values, no xlsx copy
    case = Case("swiss-next", plan, TeamsOptions(), 0)
    bad = check_values(lambda s, c: got[s][c].value, case, rows, {})
    assert bad == [], "\n".join(bad[:20])


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The gate's hostile corpus, a text file named .xlsx and a pipe nobody writes to."""
    folder = tmp_path_factory.mktemp("hostile_swiss")
    paths = {}
    for name, data in make_corpus().items():
        (folder / name).write_bytes(data)
        paths[name] = folder / name
    (folder / "text.xlsx").write_text("Match notes\nround 2\n")
    paths["text.xlsx"] = folder / "text.xlsx"
    os.mkfifo(folder / "pipe.xlsx")  # read without the gate, this would hang for ever
    paths["pipe.xlsx"] = folder / "pipe.xlsx"
    paths["folder.xlsx"] = folder
    paths["missing.xlsx"] = folder / "missing.xlsx"
    return paths


@pytest.mark.parametrize("name", [*CORPUS, "text.xlsx", "pipe.xlsx", "folder.xlsx", "missing.xlsx"])
def test_swiss_next_on_a_hostile_file_is_one_line(
    name: str, hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every user file passes the safe-reading gate: one line naming it, status 2."""
    out = tmp_path / "next.xlsx"
    assert main(["swiss", "next", str(hostile[name]), "-o", str(out)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    assert str(hostile[name]) in lines[0] and "internal error" not in lines[0], lines[0]
    assert captured.out == "" and not out.exists()


@pytest.fixture(scope="module")
def round_one(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four teams, round 1 of 3 entered: `swiss next` pairs round 2 from it."""
    path = tmp_path_factory.mktemp("swiss_edits") / "r1.xlsx"
    words = ["new", "swiss-teams", "--tables", "4", "--boards-per-round", "2", "--rounds", "3"]
    assert main([*words, "-o", str(path)]) == 0
    plan = plan_swiss(4, 2, [[(1, 2), (3, 4)]], 3)
    fill(path, plan, random_rows(plan, random.Random(7), adjusted=False, incomplete=None), {})
    return path


def _edited(src: Path, folder: Path, edit: dict[tuple[str, str], object]) -> Path:
    wb = openpyxl.load_workbook(src)
    for (sheet, cell), value in edit.items():
        ws = wb[sheet] if sheet in wb.sheetnames else wb.create_sheet(sheet)
        ws[cell] = value
    path = folder / "edited.xlsx"
    wb.save(path)
    return path


def test_a_sheet_of_ones_own_named_match_notes_is_left_alone(
    round_one: Path, tmp_path: Path
) -> None:
    path = _edited(round_one, tmp_path, {("Match notes", "A1"): "bring biscuits"})
    assert main(["swiss", "next", str(path), "-o", str(tmp_path / "r2.xlsx")]) == 0
    assert main(["swiss", "next", str(round_one), "-o", str(tmp_path / "same.xlsx")]) == 0
    assert _inputs(tmp_path / "r2.xlsx") == _inputs(tmp_path / "same.xlsx")


# Ordinary edits a user makes, each refused in one line naming the sheet and cell.
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({("Match 1", "I1"): "one"}, "Match 1, cell I1: the round is 'one'; it must be"),
        ({("Match 1", "I1"): "=1+0"}, "Match 1, cell I1: the round is '=1+0'"),
        ({("Match 2", "I1"): 2}, "Match 2, cell I1: the round is 2, but Match 2 is in round 1"),
        ({("Match 1", "B2"): 1e308}, "Match 1, cell B2: the home team is 1e+308"),
        ({("Match 1", "H2"): 0.5}, "Match 1, cell H2: the away team is 0.5"),
        ({("Match 1", "B2"): None}, "Match 1, cell B2: the home team is blank"),
        ({("Match 1", "B2"): 2}, "Match 1, cells B2 and H2: team 2 cannot play itself"),
        ({("Match 2", "B2"): 1}, "Match 2, cells B2 and H2: team 1 already plays in round 1"),
        ({("Match 1", "A6"): "one"}, "Match 1, cell A6: the board is 'one'"),
        ({("Session", "B5"): "four"}, "Session sheet, cell B5: 'Teams' is 'four'"),
        ({("Session", "B7"): 1e308}, "Session sheet, cell B7: 'Boards a match' is 1e+308"),
        ({("Session", "A14"): None}, "Session sheet: no 'Rounds planned' line"),
    ],
)  # fmt: skip
def test_swiss_next_ordinary_edits_cost_one_line(
    round_one: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: dict[tuple[str, str], object],
    message: str,
) -> None:
    path = _edited(round_one, tmp_path, edit)
    assert main(["swiss", "next", str(path), "-o", str(tmp_path / "r2.xlsx")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert not (tmp_path / "r2.xlsx").exists()


@pytest.mark.parametrize("kind", ["mitchell", "progressive", "knockout"])
def test_swiss_next_on_a_workbook_of_another_kind(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another kind's workbook is refused in one line, even with its Kind changed to
    swiss-teams (by hand, or by a workbook copied from another)."""
    path = tmp_path / "other.xlsx"
    assert main(["new", kind, "--tables", "4", "-o", str(path)]) == 0
    capsys.readouterr()
    out = tmp_path / "r2.xlsx"
    assert main(["swiss", "next", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "swiss next pairs" in err, err
    wb = openpyxl.load_workbook(path)
    ws = wb["Session"]
    for r in range(1, 40):
        if ws.cell(r, 1).value in ("Kind", "Movement"):
            ws.cell(r, 2).value = "swiss-teams"
    wb.save(path)
    assert main(["swiss", "next", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "error:" in err, err
    assert "internal error" not in err and not out.exists()


def test_swiss_pairs_tables_of_1e308_is_a_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Swiss pairs: a count of 1e308 is a lost setting, not a 300-digit message."""
    path = tmp_path / "sp.xlsx"
    assert main(["new", "swiss-pairs", "--tables", "3", "-o", str(path)]) == 0
    capsys.readouterr()
    wb = openpyxl.load_workbook(path)
    ws = wb["Session"]
    row = next(r for r in range(3, 20) if ws.cell(r, 1).value == "Tables")
    ws.cell(row, 2).value = 1e308
    wb.save(path)
    assert main(["swiss", "next", str(path), "-o", str(tmp_path / "r2.xlsx")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "lost the tables" in err and len(err) < 200
