"""The add-in's demo workbook (``xlbridge addin demo``): every BRIDGE_* function at work.

Column C of the Demo sheet holds the live formula, column D what xlbridge computed in Python
for it when the file was written. ``.xlsm`` is xlwings' standalone layout (its VBA and an
``xlwings.conf`` sheet inside, so it needs xlwings installed); ``.xlsx`` holds formulas only,
for the installed add-in.

>>> [name for name, _, _ in examples("G20:G26", "G22")][:3]
['BRIDGE_SCORE', 'BRIDGE_SCORE', 'BRIDGE_IMP']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.errors import WorkbookError, install_line
from xlbridge.excel import udf
from xlbridge.excel.install import prepare_standalone
from xlbridge.interchange.files import write_atomically
from xlbridge.interchange.xlsx_write import saver

__all__ = ["CHUKKER_ROW", "RUBBER_ROW", "TRAVELLER_ROW", "build_demo", "examples", "write_demo"]

# Seed 000, board 1 (nobody vulnerable): NS pair, contract, declarer, tricks taken.
_TRAVELLER: list[tuple[int, str, str, int]] = [
    (1, "3D", "N", 10),
    (2, "4S", "S", 9),
    (3, "4S", "S", 11),
    (4, "3H", "E", 9),
    (5, "3S", "S", 10),
    (6, "4H", "E", 8),
    (7, "4D", "N", 10),
]

_HEAD = Font(bold=True)

_README = [
    "xlbridge add-in demo",
    "",
    "Every BRIDGE_* function of xlbridge's Excel add-in, on the Demo sheet. Column C holds the",
    "live formula; column D what xlbridge computed in Python when this file was written.",
    "Until the functions are registered, column C shows #NAME?.",
    "",
    "Windows (classic xlwings):",
    f"  1. In a command prompt: {install_line('addin')}   then   xlbridge addin install",
    "  2. Open this file and enable macros; press Ctrl+Alt+F9 to recalculate.",
    "  In the .xlsm demo the xlwings code is inside the file (xlwings' standalone layout):",
    "  without the add-in, run the macro ImportPythonUDFs once (Alt+F8), which needs",
    "  File > Options > Trust Center > Macro Settings > Trust access to the VBA project.",
    "  The sheet xlwings.conf holds its settings: UDF Modules = xlbridge.udf and",
    "  Interpreter_Win = the python.exe that has xlbridge installed.",
    "",
    "Windows, Mac and Excel on the web: xlwings Lite. In a command prompt:",
    "  xlbridge addin lite -o bridge-lite",
    "then follow bridge-lite/README.txt; nothing is installed from a package index.",
    "",
    "Blank inputs give blank cells; bad inputs give a short message in the cell.",
]


def examples(score_ref: str, one_ref: str) -> list[tuple[str, str, Any]]:
    """(function, formula, Python's value) for the one-cell examples."""
    scores = [[udf.BRIDGE_SCORE(c, d, float(t), 1.0)] for _, c, d, t in _TRAVELLER]
    first = scores[2][0]
    vps = udf.BRIDGE_VP(14.0, 16.0)
    score, imp, vul, dealer = udf.BRIDGE_SCORE, udf.BRIDGE_IMP, udf.BRIDGE_VUL, udf.BRIDGE_DEALER
    return [
        ("BRIDGE_SCORE", '=BRIDGE_SCORE("4S","N",10,"None")', score("4S", "N", 10.0, "None")),
        ("BRIDGE_SCORE", '=BRIDGE_SCORE("3NTX","E","-2",7)', score("3NTX", "E", "-2", 7.0)),
        ("BRIDGE_IMP", "=BRIDGE_IMP(420)", imp(420.0)),
        ("BRIDGE_IMP", "=BRIDGE_IMP(620,170)", imp(620.0, 170.0)),
        ("BRIDGE_VP", "=INDEX(BRIDGE_VP(14,16),1,1)", vps[0][0]),
        ("BRIDGE_VP", "=INDEX(BRIDGE_VP(14,16),1,2)", vps[0][1]),
        ("BRIDGE_VUL", "=BRIDGE_VUL(7)", vul(7.0)),
        ("BRIDGE_DEALER", "=BRIDGE_DEALER(7)", dealer(7.0)),
        ("BRIDGE_NEUBERG", '=BRIDGE_NEUBERG(18,10,11,"ebu")',
         udf.BRIDGE_NEUBERG(18.0, 10.0, 11.0, "ebu")),
        ("BRIDGE_MP", f"=BRIDGE_MP({one_ref},{score_ref})", udf.BRIDGE_MP(first, scores)),
        ("BRIDGE_PCT", f"=BRIDGE_PCT({one_ref},{score_ref})", udf.BRIDGE_PCT(first, scores)),
        ("BRIDGE_DATUM", f"=BRIDGE_DATUM({score_ref})", udf.BRIDGE_DATUM(scores)),
        ("BRIDGE_CHICAGO", '=BRIDGE_CHICAGO("2S","E",9,4)',
         udf.BRIDGE_CHICAGO("2S", "E", 9.0, 4.0)),
        ("BRIDGE_CHICAGO", '=BRIDGE_CHICAGO("3NT","N",9,3,"E")',
         udf.BRIDGE_CHICAGO("3NT", "N", 9.0, 3.0, "E")),
        ("BRIDGE_WL", "=INDEX(BRIDGE_WL(2),1,1)", udf.BRIDGE_WL(2.0)[0][0]),
        ("BRIDGE_WL", "=INDEX(BRIDGE_WL(2,FALSE),1,1)", udf.BRIDGE_WL(2.0, False)[0][0]),
        ("BRIDGE_BAM", "=BRIDGE_BAM(420,400)", udf.BRIDGE_BAM(420.0, 400.0)),
        ("BRIDGE_BAM", "=BRIDGE_BAM(420,420)", udf.BRIDGE_BAM(420.0, 420.0)),
        ("BRIDGE_SCORE", '=BRIDGE_SCORE("8S","N",10,"None")', score("8S", "N", 10.0, "None")),
        # EBU club masterpoints: the winners of 11 pairs a direction over 22 boards (the EBU's
        # PairsScorer example awards 40, 30, 20, 10)
        ("BRIDGE_MP_AWARD", "=INDEX(BRIDGE_MP_AWARD({1;2;3;4;5;6;7;8;9;10;11},22),1,1)",
         udf.BRIDGE_MP_AWARD([[float(i)] for i in range(1, 12)], 22.0)[0][0]),
    ]  # fmt: skip


# Seed 002, Figure 2-2 (a typical chukker; East dealt first) and Figure 1-2 (a typical rubber):
# contract, declarer, tricks, honours.
_CHUKKER: list[tuple[str, str, int, int | None]] = [
    ("3S", "E", 10, 100), ("6D", "S", 13, None), ("3NT", "N", 9, None), ("2S", "E", 9, None),
]  # fmt: skip
_RUBBER: list[tuple[str, str, int, int | None]] = [
    ("2S", "N", 9, None), ("6D", "E", 12, None), ("2HXX", "S", 8, 100), ("3NT", "W", 9, None),
]  # fmt: skip

TRAVELLER_ROW = 25
"""First row of the traveller block (seed 000, board 1)."""
CHUKKER_ROW = 38
"""First row of the chukker block (seed 002, Figure 2-2)."""
RUBBER_ROW = 48
"""First row of the rubber block (seed 002, Figure 1-2)."""


def _deals_block(sheet: Worksheet, first: int, title: str,
                 deals: list[tuple[str, str, int, int | None]]) -> list[list[Any]]:  # fmt: skip
    """Write a block of deals (B-E from row ``first``); return its columns for the functions."""
    sheet.cell(first - 2, 1, title).font = _HEAD
    for col, head in enumerate(["Deal", "Contract", "By", "Tricks", "Honours"], 1):
        sheet.cell(first - 1, col, head).font = _HEAD
    for i, deal in enumerate(deals):
        sheet.cell(first + i, 1, i + 1)
        for col, value in enumerate(deal, 2):
            sheet.cell(first + i, col, value)
    return [[[None if v is None else float(v) if isinstance(v, int) else v] for v in column]
            for column in zip(*deals, strict=True)]  # fmt: skip


def _social_blocks(sheet: Worksheet) -> None:
    first, last = CHUKKER_ROW, CHUKKER_ROW + len(_CHUKKER) - 1
    title = f"Seed 002, a typical chukker (East dealt first): F is one formula; F{last + 1} sums it"
    cols = _deals_block(sheet, first, title, _CHUKKER)
    sheet.cell(first - 1, 6, "NS points").font = _HEAD
    sheet.cell(first - 1, 13, "Python: NS points").font = _HEAD

    def rng(letter: str) -> str:
        return f"{letter}{first}:{letter}{last}"

    formula = f'=BRIDGE_CHICAGO({rng("B")},{rng("C")},{rng("D")},,"E",,{rng("E")})'
    sheet[f"F{first}"] = ArrayFormula(rng("F"), formula)
    points = udf.BRIDGE_CHICAGO(cols[0], cols[1], cols[2], None, "E", None, cols[3])
    for i, (v,) in enumerate(points):
        sheet.cell(first + i, 13, v)
    sheet.cell(last + 1, 5, "Net")
    sheet.cell(last + 1, 6, f"=SUM({rng('F')})")
    sheet.cell(last + 1, 13, sum(v for (v,) in points))

    first, last = RUBBER_ROW, RUBBER_ROW + len(_RUBBER) - 1
    cols = _deals_block(sheet, first, "Seed 002, a typical rubber (WE = North-South):"
                        " the net result in points and in hundreds", _RUBBER)  # fmt: skip
    refs = ",".join(f"{c}{first}:{c}{last}" for c in "BCDE")
    for row, (label, formula, value) in enumerate([
        ("Net", f"=BRIDGE_RUBBER({refs})", udf.BRIDGE_RUBBER(cols[0], cols[1], cols[2], cols[3])),
        ("Hundreds", f'=BRIDGE_RUBBER({refs},,"up")',
         udf.BRIDGE_RUBBER(cols[0], cols[1], cols[2], cols[3], None, "up")),
    ], last + 2):  # fmt: skip
        sheet.cell(row, 1, label)
        sheet.cell(row, 2, formula.lstrip("="))
        sheet.cell(row, 3, formula)
        sheet.cell(row, 4, value)


def _demo_sheet(sheet: Worksheet) -> None:
    sheet["A1"] = "xlbridge functions: every BRIDGE_* function (see the Read me sheet)"
    sheet["A1"].font = Font(bold=True, size=14)
    # The traveller block (seed 000, board 1) sits below the examples; its formulas spill down.
    first = TRAVELLER_ROW
    last = first + len(_TRAVELLER) - 1
    score_ref = f"G{first}:G{last}"
    for col, title in enumerate(["Function", "Formula", "Excel says", "xlbridge says"], 1):
        sheet.cell(2, col, title).font = _HEAD
    for row, (name, formula, value) in enumerate(examples(score_ref, f"G{first + 2}"), 3):
        sheet.cell(row, 1, name)
        sheet.cell(row, 2, formula.lstrip("="))
        sheet.cell(row, 3, formula)
        sheet.cell(row, 4, value)
    head = first - 1
    sheet.cell(head - 1, 1, "Seed 000, board 1 (columns G-K are one formula each, over the rows)")
    sheet.cell(head - 1, 1).font = _HEAD
    titles = ["NS", "Contract", "By", "Tricks", "Board", "Vul", "NS score", "NS MP",
              "Cross-IMPs", "Butler", "Dealer", "", "Python: score", "MP", "Cross-IMPs",
              "Butler"]  # fmt: skip
    for col, title in enumerate(titles, 1):
        sheet.cell(head, col, title).font = _HEAD
    cells = [[c, d, float(t)] for _, c, d, t in _TRAVELLER]
    for i, (pair, contract, by, tricks) in enumerate(_TRAVELLER):
        r = first + i
        sheet.cell(r, 1, pair)
        sheet.cell(r, 2, contract)
        sheet.cell(r, 3, by)
        sheet.cell(r, 4, tricks)
        sheet.cell(r, 5, 1)
    spills = {
        "F": f"=BRIDGE_VUL(E{first}:E{last})",
        "G": f"=BRIDGE_SCORE(B{first}:B{last},C{first}:C{last},D{first}:D{last},E{first})",
        "H": f"=BRIDGE_MPS({score_ref})",
        "I": f"=BRIDGE_XIMP({score_ref})",
        "J": f"=BRIDGE_BUTLER({score_ref})",
        "K": f"=BRIDGE_DEALER(E{first}:E{last})",
    }
    for letter, formula in spills.items():
        sheet[f"{letter}{first}"] = ArrayFormula(f"{letter}{first}:{letter}{last}", formula)
    scores = udf.BRIDGE_SCORE([[c] for c, _, _ in cells], [[d] for _, d, _ in cells],
                              [[t] for _, _, t in cells], 1.0)  # fmt: skip
    python_cols = [scores, udf.BRIDGE_MPS(scores), udf.BRIDGE_XIMP(scores),
                   udf.BRIDGE_BUTLER(scores)]  # fmt: skip
    for offset, values in enumerate(python_cols):
        for i, (v,) in enumerate(values):
            sheet.cell(first + i, 13 + offset, v)
    sheet.cell(last + 2, 1, "Column G's formula, as typed:")
    sheet.cell(last + 2, 2, spills["G"].lstrip("="))
    _social_blocks(sheet)
    for letter, width in {"A": 16, "B": 40, "C": 14, "D": 30}.items():
        sheet.column_dimensions[letter].width = width


def build_demo(standalone: bool) -> Workbook:
    """The demo workbook: a Demo sheet using every function and a Read me sheet."""
    book = prepare_standalone() if standalone else Workbook()
    if standalone:
        demo = book.create_sheet("Demo", 0)
        for name in list(book.sheetnames):
            if name not in ("Demo", "xlwings.conf"):
                del book[name]
    else:
        demo = book.active
        assert demo is not None  # a new Workbook always has one sheet
        demo.title = "Demo"
    _demo_sheet(demo)
    readme = book.create_sheet("Read me", 1)
    for row, line in enumerate(_README, 1):
        readme.cell(row, 1, line)
    readme["A1"].font = Font(bold=True, size=14)
    readme.column_dimensions["A"].width = 100
    book.active = 0
    return book


def write_demo(path: Path | str, force: bool = False) -> Path:
    """Write the demo workbook: ``.xlsm`` in xlwings' standalone layout, or a plain ``.xlsx``.

    Refuses to replace a file unless ``force``; writes a temporary file beside it and renames
    it, so a failure never leaves half a workbook.
    """
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in (".xlsm", ".xlsx"):
        raise WorkbookError(f"output {str(out)!r} must end in .xlsm (standalone) or .xlsx")
    if out.exists() and not force:
        raise WorkbookError(f"{str(out)!r} already exists; use --force to replace it")
    book = build_demo(standalone=suffix == ".xlsm")
    return write_atomically(out, saver(book), force=force)
