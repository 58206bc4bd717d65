"""Every formula xlbridge writes parses under the strict Excel grammar (issue 9, section 1).

Excel's parser is strict: a workbook with a formula it cannot parse is reported as damaged and
repaired by dropping the formula, even when LibreOffice (which closes a missing parenthesis by
itself) computes it. ``tests/support/excel_grammar.py`` is an independent recursive-descent parser
of the Excel formula grammar ([MS-XLSX] 2.2.2; limits from Excel's "specifications and limits": 8192
characters, 64 nested functions, 255 arguments, 255-character strings and validation lists).

The first tests prove the parser strict (it rejects the malformed forms LibreOffice repairs and
accepts what Excel accepts); the rest generate a pairs workbook for every pairs kind the
registry has (Mitchell odd, even relay, even skip, half table, arrow-switched; Howell, 3/4
Howell, extended Mitchell, rover, Worger, Bowman, web, twin, add-table) with every scoring (MP
ACBL and EBU, Butler, cross-IMPs) and both result entries, and assert no formula is rejected.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.workbook import Workbook

from tests.support.engines import excel_grammar_errors, iter_formulas
from tests.support.excel_grammar import MAX_NESTING, check
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import build_workbook, write_session
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import KINDS, family_of, parse_table_range

# --------------------------------------------------------------------------------------------
# The parser is strict


REJECTED = [
    "=SUM(,",  # unclosed call
    "=SUM(A1:B2",  # a missing ")" that LibreOffice adds silently
    "=IF(A1,1,2))",  # one ")" too many
    "=(1",
    "=A1:",  # range without its end
    "=SUM(A1:B2:)",
    "='Board 1!A1",  # quoted sheet name never closed
    "='Board 1'A1",  # quoted sheet name without "!"
    "=Board 1!A1",  # a sheet name with a space must be quoted
    "=A1!B1",  # a sheet name that looks like a cell must be quoted
    "=Sheet-1!A1",
    "==A1",  # "=" is not a unary operator
    "=1+",  # trailing operator
    "=A1*",
    "=A1+*2",
    "=A1 1",  # two operands, no operator
    "=1 2",
    "=",
    "=()",
    '="abc',  # unterminated string
    '="a"b"',
    "=SUM(1;2)",  # ";" separates only array rows
    "={1,2;3}",  # ragged array constant
    "={A1,1}",  # array constants hold constants only
    "=1:B2",  # range operator on a value
    "=XFE1",  # beyond the last column
    "=A0",
    "=A1048577",
    "=R1C1",  # R1C1 is neither an A1 reference nor a name
    "=#FOO!",
    "=[1]Sheet1!A1",  # external workbook
    "=FOO(1)",  # not an Excel function
    "=IFNA(A1,0)",  # Excel 2013: stored as _xlfn.IFNA or #NAME?
    "=XLOOKUP(1,A1:A3,B1:B3)",
    "=_xlfn.FILTER(A1:A3,B1:B3)",  # FILTER is _xlfn._xlws.FILTER
    "=_xlfn.SUM(A1)",
    "=IF(A1)",  # too few arguments
    "=COUNTIF(A1:A3)",
    "=ROUND(A1,1,2)",  # too many
    "=COUNTIFS(A1:A3,1,B1:B3)",  # criteria pairs
    "=SUM(" + ",".join(["1"] * 256) + ")",  # more than 255 arguments
    "=" + "ABS(" * (MAX_NESTING + 1) + "1" + ")" * (MAX_NESTING + 1),  # nested too deep
    '="' + "x" * 256 + '"',  # string over 255 characters
    "=" + "+".join(["A1"] * 2800),  # over 8192 characters
]

ACCEPTED = [
    "=SUM(A1:B2)",
    "=IF(A1,,1)",  # an omitted argument
    "='Board 1'!$A$1",
    "='It''s'!A1",
    "='A1'!B1",
    "=Lists!$B$1:$B$25",
    "=-2^2",
    "=A1%",
    "= 1 + 2 ",
    '="say ""hi"""',
    "=1E+9",
    "=.5",
    "=TRUE",
    "=TRUE()",
    "=#N/A",
    '={1,-2;"a",TRUE}',
    "=INDEX(A1:B2,1,1):B3",
    "=SUM(A1:B2 B1:C3)",  # intersection
    "=SUM((A1,B2))",  # union
    "=_xlfn.IFNA(A1,0)",
    "=_xlfn._xlws.FILTER(A1:A3,B1:B3)",
    "=LOG10(100)",
    '=COUNTIF(A1:A3,">"&A1)',
    '=COUNTIFS(A1:A3,">=-1E+9",B1:B3,"x")',
    "=" + "ABS(" * MAX_NESTING + "1" + ")" * MAX_NESTING,
    '="' + "x" * 255 + '"',
]


@pytest.mark.parametrize("formula", REJECTED, ids=lambda f: f[:40])
def test_parser_rejects(formula: str) -> None:
    assert check(formula, sheets={"Sheet1", "Board 1", "Lists"}, names=set()) != []


@pytest.mark.parametrize("formula", ACCEPTED, ids=lambda f: f[:40])
def test_parser_accepts(formula: str) -> None:
    assert check(formula, sheets={"Board 1", "It's", "A1", "Lists"}, names=set()) == []


def test_parser_checks_sheets_and_names() -> None:
    """A reference to a missing sheet or an undefined name is #REF!/#NAME? in Excel."""
    assert check("='Board 9'!A1", sheets={"Board 1"}) != []
    assert check("=Pairs", names={"Other"}) != []
    assert check("=pairs+1", names={"Pairs"}) == []


def test_cached_check_answers_as_parse_does() -> None:
    """``check`` parses each distinct text once and checks only its sheet and name references
    on each call: its first problem is the one ``parse`` raises, in every context."""
    from tests.support.excel_grammar import FormulaSyntaxError, parse

    texts = [*REJECTED, *ACCEPTED, "='Board 9'!A1+Pairs", "=Pairs+'Board 9'!A1+(", "=Nm+1"]
    contexts = [(None, None), ({"Board 1", "Lists"}, {"Pairs"}), ({"Board 9"}, set())]
    for text in texts:
        for sheets, names in contexts:
            for eq in (True, False):
                try:
                    parse(text, sheets=sheets, names=names, leading_equals=eq)
                    want = []
                except FormulaSyntaxError as e:
                    want = [str(e)]
                for _ in range(2):  # the first call parses, the second answers from the cache
                    assert check(text, sheets=sheets, names=names, leading_equals=eq) == want


def test_other_sites_have_no_leading_equals() -> None:
    """Conditional formats, validations and names are stored without "=": with it, Excel
    reports the file as damaged."""
    assert check("=A1>0", leading_equals=False) != []
    assert check("A1>0", leading_equals=False) == []
    assert check("A1>0") != []  # a cell formula needs its "="


def test_grammar_errors_sees_every_site() -> None:
    """Bad formulas in a cell, a conditional format, a validation and a defined name are all
    reported, with where they are."""
    import openpyxl
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Board 1"
    ws["A1"] = "=SUM(B1:B3"
    ws["A2"] = "=SUM(B1:B3)"
    ws.conditional_formatting.add("B1:B3", FormulaRule(formula=["=B1>0"]))  # type: ignore[no-untyped-call]
    dv = DataValidation(type="list", formula1='"' + ",".join(["N", "E"] * 130) + '"')
    dv.add("C1")
    ws.add_data_validation(dv)
    wb.defined_names["Bad"] = DefinedName("Bad", attr_text="Board 1!$A$1")
    errs = excel_grammar_errors(wb)
    where = sorted(e.split(":")[0] for e in errs)
    assert where == [
        "!defined name Bad",
        "Board 1!A1",
        "Board 1!conditional format B1",
        "Board 1!data validation C1 formula1",
    ], errs


# --------------------------------------------------------------------------------------------
# Every pairs movement, every scoring, both result entries

SCORINGS = [
    Options(scale="acbl"),
    Options(scale="ebu"),
    Options(scoring="butler"),
    Options(scoring="ximp"),
]
ENTRIES = ["made-down", "tricks"]


def _smallest(kind: str) -> int:
    return min(parse_table_range(KINDS[kind].tables))


def _movements() -> dict[str, tuple[str, dict[str, object]]]:
    """Variants by id: (kind, generator arguments). Every pairs kind the registry has at its
    smallest table count, plus the Mitchell variants a director chooses between."""
    out: dict[str, tuple[str, dict[str, object]]] = {
        "mitchell-odd": ("mitchell", {"tables": 5, "boards_per_round": 3}),
        "mitchell-even-relay": ("mitchell", {"tables": 6, "even": "relay"}),
        "mitchell-even-skip": ("mitchell", {"tables": 6, "even": "skip"}),
        "mitchell-half-table": ("mitchell", {"tables": 5, "half_table": True}),
        "mitchell-arrow-last": ("mitchell", {"tables": 5, "arrow_switch": "last"}),
        "mitchell-arrow-staggered": ("mitchell", {"tables": 5, "arrow_switch": "staggered"}),
        "mitchell-arrow-optimal": ("mitchell", {"tables": 4, "arrow_switch": "optimal"}),
        "extended-mitchell-unmodified": ("extended-mitchell", {"tables": 4, "modified": False}),
        "howell-4": ("howell", {"tables": 4}),
    }
    for kind in KINDS:
        if family_of(kind) == "pairs":
            out.setdefault(kind, (kind, {"tables": _smallest(kind)}))
    return out


MOVEMENTS = _movements()
# Movements of 14 tables and more (web, twin, add-table) take a second each to build: they get
# every scoring once and each result entry twice instead of the whole cross product.
_PAIRED = [(0, "made-down"), (1, "tricks"), (2, "tricks"), (3, "made-down")]
CASES = [
    (mid, i, entry)
    for mid in MOVEMENTS
    for i, entry in (
        _PAIRED
        if int(str(MOVEMENTS[mid][1]["tables"])) >= 14
        else [(i, e) for i in range(len(SCORINGS)) for e in ENTRIES]
    )
]
_COUNTS: dict[tuple[str, int, str], int] = {}


def _movement(mid: str) -> Movement:
    kind, kw = MOVEMENTS[mid]
    return KINDS[kind].build(**kw)


def _case_workbook(mid: str, scoring: int, entry: str) -> Workbook:
    base = SCORINGS[scoring]
    options = Options(scoring=base.scoring, scale=base.scale, result_entry=entry)
    return build_workbook(_movement(mid), options)


def _label(o: Options) -> str:
    return o.scale if o.scoring == "mp" else o.scoring


@pytest.mark.parametrize(
    ("mid", "scoring", "entry"),
    CASES,
    ids=[f"{m}-{_label(SCORINGS[i])}-{e}" for m, i, e in CASES],
)
def test_every_formula_parses(mid: str, scoring: int, entry: str) -> None:
    wb = _case_workbook(mid, scoring, entry)
    sites = list(iter_formulas(wb))
    assert sum(s.kind == "cell" for s in sites) > 100  # a workbook with its formulas
    assert {s.kind for s in sites} >= {"cell", "cf", "dv", "name"}
    errs = excel_grammar_errors(wb, sites)  # the sites just listed: the workbook walked once
    assert errs == [], f"{len(errs)} formulas Excel rejects, e.g. {errs[:3]}"
    _COUNTS[(mid, scoring, entry)] = len(sites)


def test_saved_file_formulas_parse(tmp_path: Path) -> None:
    """The formulas as stored in the file (read back from the XML, not from openpyxl's
    objects) parse too, and iter_formulas finds every cell formula the file holds."""
    path = write_session(_movement("mitchell-half-table"), tmp_path / "s.xlsx", scoring="butler")
    book = openpyxl.load_workbook(path)  # the saved file, read once for both checks
    assert excel_grammar_errors(book) == []
    cells_in_xml = 0
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.startswith("xl/worksheets/sheet"):
                xml = z.read(name).decode("utf-8")
                cells_in_xml += len(re.findall(r"<f[ >]", xml))
    found = [s for s in iter_formulas(book) if s.kind in ("cell", "array")]
    assert cells_in_xml == len(found) > 0


def test_total_formulas_checked() -> None:
    """How many formulas the parametrised test above checks (run with -s to see it). Cases it
    did not run in this process (deselected, or run by another xdist worker) are counted here,
    so the total is always the whole matrix's."""
    for case in CASES:
        if case not in _COUNTS:
            _COUNTS[case] = sum(1 for _ in iter_formulas(_case_workbook(*case)))
    total = sum(_COUNTS.values())
    print(f"\nexcel grammar: {total} formulas in {len(_COUNTS)} workbooks, 0 rejected")
    assert total > 10_000


def test_helper_doctests() -> None:
    """The examples in the docstrings of the shared helpers hold."""
    import doctest

    from tests.support import engines, excel_grammar

    for module in (engines, excel_grammar):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
