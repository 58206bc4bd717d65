"""Social-game workbooks without recalculation: which sheets, which headers, formulas Excel and
LibreOffice both accept, user text kept as text, the seating from seed 002's rotations, the
Calcutta rule, and the command line (``xlbridge new rubber ...``) with its refusals."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.support.engines import excel_grammar_errors, iter_formulas
from xlbridge.cli import main
from xlbridge.errors import ScoreSheetError, WorkbookError
from xlbridge.families.social.back import BACK, BACK_FIRST
from xlbridge.families.social.build import build_social, score_sheet_layouts
from xlbridge.families.social.settings import SocialOptions
from xlbridge.families.social.sheet import HEADERS, BlockLayout
from xlbridge.movements.home import FIVE_PLAYER_CARD, six_player
from xlbridge.scoring.calcutta import SEED_SPLIT, calcutta_shares
from xlbridge.workbook.formulas import ALLOWED_FUNCTIONS, functions_in

KINDS = {
    "rubber": ["Session", "Players", "Rubbers", "Back Score"],
    "chicago": ["Session", "Players", "Chukkers", "Back Score"],
    "four-player": ["Session", "Players", "Seating", "Rubber 1", "Rubber 2", "Rubber 3",
                    "Back Score"],
}  # fmt: skip


@pytest.mark.parametrize("kind", list(KINDS))
def test_sheets_of_each_kind(kind: str) -> None:
    """Product spec, "Game families": score sheets, the seating and the Back Score."""
    wb = build_social(SocialOptions(kind=kind, rounds=None if kind != "rubber" else 2))
    assert wb.sheetnames == KINDS[kind]


@pytest.mark.parametrize("kind", ["five-player", "six-player"])
def test_five_and_six_players_play_chicago_by_default(kind: str) -> None:
    """Seed 002: "With five or six players Chicago bridge is preferable to rubber bridge"; one
    score sheet per chukker of the whole cycle (15 and 8)."""
    wb = build_social(SocialOptions(kind=kind))
    n = 15 if kind == "five-player" else 8
    assert [s for s in wb.sheetnames if s.startswith("Chukker")] == [
        f"Chukker {k}" for k in range(1, n + 1)
    ]


def test_header_row_has_the_product_labels() -> None:
    """Product spec: one row per deal with Deal, Contract, By, Tricks, Honours."""
    for label in ("Deal", "Contract", "By", "Tricks", "Honours"):
        assert label in HEADERS
    wb = build_social(SocialOptions(kind="chicago", rounds=2))
    ws = wb["Chukkers"]
    for _, lay in score_sheet_layouts(SocialOptions(kind="chicago", rounds=2), 2):
        got = [ws.cell(row=lay.header, column=i + 1).value for i in range(len(HEADERS))]
        assert got == list(HEADERS)
        assert [ws[f"A{r}"].value for r in range(lay.first, lay.last + 1)] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "opt",
    [
        SocialOptions(kind="rubber", rounds=2, calcutta=True),
        SocialOptions(kind="chicago", rounds=2, new_york=True, rounding="down"),
        SocialOptions(kind="six-player", rounds=3, calcutta=True),
    ],
)
def test_formulas_use_allowed_functions_and_excel_grammar(opt: SocialOptions) -> None:
    """Only functions Excel 2010+, LibreOffice and Google Sheets all compute; every formula
    parses with the strict Excel grammar (tests/support/engines.py)."""
    wb = build_social(opt)
    used: set[str] = set()
    for site in iter_formulas(wb):
        if site.kind == "cell":
            used |= functions_in(site.text)
    assert used <= ALLOWED_FUNCTIONS, used - ALLOWED_FUNCTIONS
    assert excel_grammar_errors(wb) == []


def test_names_and_event_are_written_as_text() -> None:
    """User text is never a formula: a name "=SUM(A1)" stays text."""
    opt = SocialOptions(kind="four-player", players=("=SUM(A1)", "Joseph", "", ""), event="=1+1")
    wb = build_social(opt)
    cell = wb["Players"]["C4"]
    assert (cell.value, cell.data_type) == ("=SUM(A1)", "s")
    assert (wb["Session"]["A1"].value, wb["Session"]["A1"].data_type) == ("=1+1", "s")


def test_back_score_signs_follow_the_five_player_guide_card() -> None:
    """Seed 002's guide card: per chukker, the first partnership (North-South) gains the
    result, the second loses it, the sit-out scores nothing."""
    opt = SocialOptions(kind="five-player")
    ws = build_social(opt)[BACK]
    sign_first = next(
        r for r in range(BACK_FIRST, ws.max_row + 1) if ws[f"A{r}"].value
        and str(ws[f"A{r}"].value).startswith("(hidden")
    ) + 1  # fmt: skip
    for k, ((a, b), (c, d), out) in enumerate(FIVE_PLAYER_CARD):
        col = openpyxl.utils.get_column_letter(3 + k)
        signs = {p: ws[f"{col}{sign_first + p - 1}"].value for p in range(1, 6)}
        assert signs == {a: 1, b: 1, c: -1, d: -1, out: 0}


def test_six_player_score_sheets_show_the_seating() -> None:
    """Each chukker's sheet names who sits where (six_player, seed 002)."""
    wb = build_social(SocialOptions(kind="six-player", rounds=3))
    m = six_player(3)
    for e in m.entries:
        text = wb[f"Chukker {e.round}"]["D1"].value
        assert text.startswith("=") and "North: " in text and "Out: " in text


def test_chicago_settings_cells() -> None:
    lay = BlockLayout.of(1, "chicago")
    wb = build_social(SocialOptions(kind="chicago", rounds=1, first_dealer="E"))
    assert wb["Chukkers"][lay.first_dealer.replace("$", "")].value == "E"


@pytest.mark.parametrize(
    ("kw", "fragment"),
    [
        ({"kind": "rubber", "new_york": True}, "--new-york is a Chicago variant"),
        ({"kind": "rubber", "game": "chicago"}, "rubber is scored as rubber"),
        ({"kind": "progressive"}, "no social workbook yet"),
        ({"kind": "four-player", "players": ("a",) * 5}, "5 player names for 4 players"),
        ({"kind": "four-player", "players": ("a",) * 3}, "3 player names for 4 players"),
        ({"kind": "chicago", "rounding": "half"}, "rounding 'half'"),
    ],
)
def test_options_refused(kw: dict[str, object], fragment: str) -> None:
    with pytest.raises(WorkbookError, match=fragment):
        SocialOptions(**kw)  # type: ignore[arg-type]


# --- Calcutta (seed 002, "Calcuttas") -----------------------------------------------------------


def test_calcutta_seed_split() -> None:
    """Seed 002: the pool divided "60% for first place, 30% for second, and 10% for third"."""
    assert SEED_SPLIT == (0.6, 0.3, 0.1)
    assert calcutta_shares([100, 60, 40, 0, 0], [2, 1, 3, 4, 5]) == (60.0, 120.0, 20.0, 0.0, 0.0)


def test_calcutta_ties_share_the_places_they_cover() -> None:
    shares = calcutta_shares([100, 100, 100, 100], [1, 2, 2, 4])
    assert shares == (240.0, 80.0, 80.0, 0.0)
    assert sum(calcutta_shares([10, 20, 30], [1, 1, 1])) == pytest.approx(60)


def test_calcutta_charity_and_errors() -> None:
    assert calcutta_shares([100], [1], split=(1.0,), charity=0.25) == (75.0,)
    with pytest.raises(ScoreSheetError, match="does not add up"):
        calcutta_shares([1], [1], split=(0.5, 0.4))
    with pytest.raises(ScoreSheetError, match="price -1"):
        calcutta_shares([-1], [1])


# --- command line ------------------------------------------------------------------------------


def test_cli_writes_each_kind(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for kind in ("rubber", "chicago", "four-player", "five-player", "six-player"):
        out = tmp_path / f"{kind}.xlsx"
        assert main(["new", kind, "--tables", "1", "--rounds", "2", "-o", str(out)]) == 0
        assert "Back Score" in openpyxl.load_workbook(out).sheetnames
    out = tmp_path / "party.xlsx"
    args = [
        "new",
        "five-player",
        "--tables",
        "1",
        "--rounds",
        "5",
        "--game",
        "rubber",
        "--players",
        "Jane,Joseph,Dorothy,Edward,Martha",
        "--calcutta",
        "-o",
        str(out),
    ]
    assert main(args) == 0  # fmt: skip
    wb = openpyxl.load_workbook(out)
    assert wb["Players"]["C8"].value == "Martha"
    assert "Calcutta" in wb.sheetnames and "Rubber 5" in wb.sheetnames


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rubber", "--tables", "2"], "played at one table; use --tables 1"),
        (["chicago", "--tables", "1", "--boards-per-round", "4"], "does not apply"),
        (["rubber", "--tables", "1", "--new-york"], "Chicago variant"),
        (["chicago", "--tables", "1", "--game", "rubber"], "contradicts the kind"),
    ],
)
def test_cli_refusals_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    code = main(["new", *args, "-o", str(tmp_path / "x.xlsx")])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert len(err.splitlines()) == 1 and fragment in err
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["rubber", "--tables", "1", "--vp"], "--vp does not apply"),
        (["chicago", "--tables", "1", "--pairs", "5"], "--pairs does not apply"),
        (["swiss-pairs", "--tables", "3", "--progression", "move"], "--progression does not"),
        (["progressive", "--tables", "3", "--chukkers", "2"], "--chukkers does not apply"),
        (["marathon", "--tables", "3", "--new-york"], "--new-york does not apply"),
    ],
)
def test_cli_options_of_other_games_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    """An option that belongs to another social game is refused in one line, not ignored."""
    assert main(["new", *args, "-o", str(tmp_path / "x.xlsx")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and fragment in err
