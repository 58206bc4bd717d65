"""Structure of the generated session workbook (issue 4; product.md "The session workbook"):
sheet names, header labels, validation, locked and unlocked cells, the function allowlist,
names written as text, overwrite refusal and templates."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import PatternFill

from xlbridge.cli import main
from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.movements.mitchell import mitchell
from xlbridge.workbook.formulas import ALLOWED_FUNCTIONS, FIRST_ROW, HEADER_ROW, functions_in
from xlbridge.workbook.styles import default_styles

FORBIDDEN = {"LET", "LAMBDA", "XLOOKUP", "FILTER", "SORT", "UNIQUE", "SEQUENCE", "IFS", "MAXIFS",
             "TEXTJOIN", "CONCAT", "INDIRECT", "OFFSET", "NOW", "TODAY", "RAND"}  # fmt: skip
WHOLE_COLUMN = re.compile(r"(?<![A-Z0-9$])\$?[A-Z]{1,3}:\$?[A-Z]{1,3}(?![A-Z0-9(])")

VARIANTS = [
    Options(),
    Options(scale="ebu", result_entry="tricks"),
    Options(scoring="butler"),
    Options(scoring="ximp"),
]


@pytest.fixture(scope="module")
def wb7(tmp_path_factory: pytest.TempPathFactory) -> openpyxl.Workbook:
    path = tmp_path_factory.mktemp("s") / "s.xlsx"
    write_session(mitchell(7, 3), path, event="Seed 000 pairs")
    return openpyxl.load_workbook(path)


def test_sheet_names(wb7: openpyxl.Workbook) -> None:
    """product.md: Session, Names, Movement, Table Cards, Board 1..N, Recap, Checks; issue 9
    adds the printed Travellers (several a page) and the Results standings."""
    boards = [f"Board {b}" for b in range(1, 22)]
    assert wb7.sheetnames == [
        "Session", "Names", "Movement", "Table Cards", "Travellers", *boards, "Recap",
        "Results", "Checks", "Lists",
    ]  # fmt: skip
    assert wb7["Lists"].sheet_state == "hidden"


@pytest.mark.parametrize(
    ("options", "labels"),
    [
        (Options(), ["NS", "EW", "Contract", "By", "Made", "Down", "NS Score", "EW Score",
                     "NS MP", "EW MP", "Adjusted"]),
        (Options(result_entry="tricks"), ["NS", "EW", "Contract", "By", "Tricks", "NS Score",
                                          "EW Score", "NS MP", "EW MP"]),
        (Options(scoring="butler"), ["NS Score", "EW Score", "NS IMP", "EW IMP"]),
    ],
)  # fmt: skip
def test_traveller_headers(options: Options, labels: list[str]) -> None:
    ws = build_workbook(mitchell(5, 2), options)["Board 3"]
    header = [c.value for c in ws[HEADER_ROW]]
    pos = [header.index(x) for x in labels]
    assert pos == sorted(pos)
    assert (ws["B1"].value, ws["D1"].value, ws["H1"].value) == (3, "S", "EW")  # rules.md §7


def test_traveller_rows_in_playing_order(wb7: openpyxl.Workbook) -> None:
    """Seed 000 traveller, board 1: NS 1-7 meet EW 1, 3, 5, 7, 2, 4, 6 (here in playing order)."""
    ws = wb7["Board 1"]
    rows = {ws[f"A{r}"].value: ws[f"B{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 7)}
    assert rows == {"NS 1": "EW 1", "NS 2": "EW 3", "NS 3": "EW 5", "NS 4": "EW 7",
                    "NS 5": "EW 2", "NS 6": "EW 4", "NS 7": "EW 6"}  # fmt: skip
    rounds = [ws[f"L{r}"].value for r in range(FIRST_ROW, FIRST_ROW + 7)]
    assert rounds == sorted(rounds)


def test_validation(wb7: openpyxl.Workbook) -> None:
    ws = wb7["Board 1"]
    dvs = {str(dv.sqref): dv for dv in ws.data_validations.dataValidation}
    assert dvs["D6:D12"].type == "list" and dvs["D6:D12"].formula1 == '"N,E,S,W"'
    assert (dvs["E6:E12"].type, dvs["E6:E12"].formula1, dvs["E6:E12"].formula2) == (
        "whole",
        "1",
        "7",
    )
    assert (dvs["F6:F12"].formula1, dvs["F6:F12"].formula2) == ("1", "13")
    # issue 15: the contract and Expected validations stop what can never be right
    contract = dvs["C6:C12"]
    assert contract.type == "custom" and contract.showErrorMessage
    assert "1234567" in (contract.formula1 or "")
    expected = dvs["H2"]
    assert (expected.type, expected.formula1, expected.formula2) == ("whole", "1", "7")
    assert expected.showErrorMessage


def test_pair_numbers_locked_and_ok_column(wb7: openpyxl.Workbook) -> None:
    """issue 15: players cannot type over the pair numbers; issue 9: an OK column to accept a
    typed-over score, unlocked, headed "OK" after Table."""
    ws = wb7["Board 1"]
    assert ws["A6"].protection.locked is not False and ws["B6"].protection.locked is not False
    header = [c.value for c in ws[HEADER_ROW]]
    assert header[header.index("Table") + 1] == "OK"
    assert ws["N6"].protection.locked is False
    assert ws["G1"].value == "Vul" and ws.column_dimensions["G"].width >= 11


def test_locked_and_unlocked(wb7: openpyxl.Workbook) -> None:
    ws = wb7["Board 1"]
    assert ws.protection.sheet and not ws.protection.password
    for ref in ("C6", "D6", "E6", "F6", "G6", "K6", "H2"):
        assert ws[ref].protection.locked is False, ref
    for ref in ("H6", "I6", "J6", "B3", "D3"):
        assert ws[ref].protection.locked is not False, ref
    recap = wb7["Recap"]
    assert recap.protection.sheet
    assert all(c.protection.locked is not False for row in recap.iter_rows() for c in row)
    assert wb7["Names"]["B4"].protection.locked is False


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: f"{o.scoring}-{o.result_entry}")
def test_every_function_allowed(options: Options) -> None:
    """Only functions Excel 2010+, LibreOffice 7.4+ and Google Sheets compute; no whole columns."""
    wb = build_workbook(mitchell(6, 2, even="relay"), options)
    seen: set[str] = set()
    count = 0
    for ws in wb.worksheets:
        texts = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
        formulas = [t for t in texts if t.startswith("=")]
        for cf in ws.conditional_formatting:
            formulas += [f"={f}" for rule in cf.rules for f in rule.formula]
        for dv in ws.data_validations.dataValidation:
            formulas += [f"={dv.formula1}"] if dv.formula1 else []
        for f in formulas:
            count += 1
            used = functions_in(f)
            seen |= used
            assert used <= ALLOWED_FUNCTIONS, (ws.title, f)
            assert not WHOLE_COLUMN.search(re.sub(r'"(?:[^"]|"")*"', "", f)), (ws.title, f)
    assert count > 500
    assert not seen & FORBIDDEN
    assert {"COUNTIF", "SUMIF", "MID"} <= seen


def test_names_starting_with_equals_stay_text(tmp_path: Path) -> None:
    path = tmp_path / "n.xlsx"
    write_session(mitchell(3, 2), path, names={"NS 1": ("=SUM(A1)", "+Bob")}, event="=x")
    with zipfile.ZipFile(path) as z:
        names_xml = [n for n in z.namelist() if n.startswith("xl/worksheets/sheet2")]
        xml = z.read(names_xml[0]).decode()
    assert "<f>SUM(A1)" not in xml  # not a formula ...
    assert re.search(r'<c r="B4"[^>]*t="inlineStr"><is><t>=SUM\(A1\)</t>', xml)  # ... but text
    ws = openpyxl.load_workbook(path)["Names"]
    assert (ws["B4"].value, ws["B4"].data_type, ws["C4"].value) == ("=SUM(A1)", "s", "+Bob")


def test_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "s.xlsx"
    path.write_text("keep me")
    with pytest.raises(WorkbookError, match="already exists"):
        write_session(mitchell(3, 2), path)
    assert path.read_text() == "keep me"
    write_session(mitchell(3, 2), path, force=True)
    assert zipfile.is_zipfile(path)
    assert [p.name for p in tmp_path.iterdir()] == ["s.xlsx"]  # no temporary file left


def test_template_styles_win(tmp_path: Path) -> None:
    tpl = openpyxl.Workbook()
    header = default_styles()["xlb Header"]
    header.fill = PatternFill("solid", fgColor="FF0000")
    tpl.add_named_style(header)
    tpl.save(tmp_path / "club.xlsx")
    wb = build_workbook(mitchell(3, 2), Options(), template=tmp_path / "club.xlsx")
    assert wb["Board 1"]["C5"].fill.fgColor.rgb.endswith("FF0000")
    assert "xlb Input" in wb.named_styles  # the others from the defaults
    with pytest.raises(WorkbookError, match="does not exist"):
        build_workbook(mitchell(3, 2), Options(), template=tmp_path / "missing.xlsx")


def test_print_setup_and_chart(wb7: openpyxl.Workbook) -> None:
    for name in ("Board 1", "Recap", "Movement", "Names", "Checks"):
        ws = wb7[name]
        assert ws.print_area, name
    assert wb7["Board 1"].freeze_panes == "C6"
    assert wb7["Board 1"].print_title_rows == "$5:$5"
    assert len(wb7["Recap"]._charts) == 1


def test_recap_headers(wb7: openpyxl.Workbook) -> None:
    header = [c.value for c in wb7["Recap"][4]]
    assert header[:3] == ["Pair", "Names", "Dir"]
    assert header[3:24] == [str(b) for b in range(1, 22)]
    assert header[24:28] == ["Played", "Total", "%", "Rank"]
    dirs = [wb7["Recap"][f"C{r}"].value for r in range(5, 19)]
    assert dirs == ["NS"] * 7 + ["EW"] * 7


def test_cli_new(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli.xlsx"
    assert main(["new", "mitchell", "--tables", "5", "--event", "Club", "-o", str(out)]) == 0
    assert openpyxl.load_workbook(out)["Session"]["A1"].value == "Club"
    assert main(["new", "mitchell", "--tables", "5", "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    assert "Example: xlbridge new mitchell" in capsys.readouterr().out


def test_paper_travellers_hold_what_players_fill(wb7: openpyxl.Workbook) -> None:
    """issue 9: the printed travellers carry the pairs of each board in playing order (seed 000
    board 1: NS 1 v EW 1, NS 7 v EW 6, ...) and only the players' columns, never the
    director's (Expected, Adjusted, matchpoints)."""
    ws = wb7["Travellers"]
    rows = list(ws.iter_rows(values_only=True))
    headers = next(r for r in rows if r[0] == "NS")
    assert [h for h in headers if h] == [
        "NS", "EW", "Contract", "By", "Made", "Down", "NS score", "EW score",
    ]  # fmt: skip
    start = next(i for i, r in enumerate(rows) if r[0] == "Board 1")
    board1 = [(r[0], r[1]) for r in rows[start + 2 : start + 9]]
    ref = wb7["Board 1"]
    assert board1 == [(ref[f"A{r}"].value, ref[f"B{r}"].value) for r in range(6, 13)]
    assert sum(1 for r in rows if isinstance(r[0], str) and r[0].startswith("Board ")) == 21
    flat = {v for r in rows for v in r if isinstance(v, str)}
    assert not flat & {"Expected", "Adjusted", "NS MP", "Check total"}
    assert len(ws.row_breaks.brk) == 21 // 4 + (1 if 21 % 4 else 0) - 1  # four a page


def test_results_sheet_layout(wb7: openpyxl.Workbook) -> None:
    """Results: per direction in a two-winner Mitchell, seven lines each, every cell a formula
    reading the Recap (sorted by formulas, not by the writer)."""
    ws = wb7["Results"]
    col_a = [ws[f"A{r}"].value for r in range(1, ws.max_row + 1)]
    assert col_a.count("North-South") == 1 and col_a.count("East-West") == 1
    assert [c.value for c in ws[5]] == ["Rank", "Pair", "Names", "Total", "%"]
    body = [ws.cell(r, c).value for r in range(6, 13) for c in range(1, 6)]
    assert all(isinstance(v, str) and v.startswith("=IFERROR(INDEX(Recap!") for v in body)
    assert ws["A6"].font.size >= 14
