"""Registration as Excel sees it: xlbridge.udf decorated by classic xlwings' real decorators.

``xlwings.udfs`` (``xlfunc`` / ``xlarg`` / ``xlret`` and ``generate_vba_wrapper``) imports the
Windows-only ``pythoncom``, ``pywintypes`` and ``win32com``; they are stubbed here so that the
module imports on Linux. The functions live in ``xlbridge.excel.udf``; xlwings.conf names
``xlbridge.udf``, which re-exports them, and that is the name registered here. Both are then
imported afresh with ``xlwings.func`` / ``arg`` / ``ret`` pointing at those decorators, as they
do on Windows.
"""

from __future__ import annotations

import importlib
import io
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

xlwings = pytest.importorskip("xlwings")

# name: (arguments, optional arguments with their defaults, arguments taking ranges (ndim=2))
SIGNATURES: dict[str, tuple[list[str], dict[str, Any], set[str]]] = {
    "BRIDGE_SCORE": (
        ["contract", "declarer", "result", "vulnerability"],
        {},
        {"contract", "declarer", "result", "vulnerability"},
    ),
    "BRIDGE_MP": (["score", "scores", "scale", "expected"], {"scale": "acbl", "expected": None},
                  {"scores"}),
    "BRIDGE_MPS": (["scores", "scale", "expected"], {"scale": "acbl", "expected": None},
                   {"scores"}),
    "BRIDGE_PCT": (["score", "scores", "expected"], {"expected": None}, {"scores"}),
    "BRIDGE_IMP": (["points", "other_score"], {"other_score": "<omitted>"},
                   {"points", "other_score"}),
    "BRIDGE_XIMP": (["scores", "divisor"], {"divisor": "comparisons"}, {"scores"}),
    "BRIDGE_BUTLER": (["scores", "trim", "rounding"], {"trim": None, "rounding": "half-away"},
                      {"scores"}),
    "BRIDGE_DATUM": (["scores", "trim", "rounding"], {"trim": None, "rounding": "half-away"},
                     {"scores"}),
    "BRIDGE_VP": (["imps", "boards", "scale"], {"scale": "wbf"}, set()),
    "BRIDGE_VUL": (["board"], {}, {"board"}),
    "BRIDGE_DEALER": (["board"], {}, {"board"}),
    "BRIDGE_NEUBERG": (["mp", "results", "expected", "scale"], {"scale": "acbl"}, set()),
    "BRIDGE_CHICAGO": (
        ["contract", "declarer", "result", "deal", "dealer", "variation", "honours"],
        {"deal": "<omitted>", "dealer": "N", "variation": "standard", "honours": None},
        {"contract", "declarer", "result", "deal", "honours"},
    ),
    "BRIDGE_RUBBER": (
        ["contract", "declarer", "result", "honours", "ended", "rounding"],
        {"honours": None, "ended": False, "rounding": None},
        {"contract", "declarer", "result", "honours"},
    ),
    "BRIDGE_WL": (["imps", "three_quarter"], {"three_quarter": True}, set()),
    "BRIDGE_BAM": (["points", "other_score"], {"other_score": "<omitted>"},
                   {"points", "other_score"}),
    "BRIDGE_MP_AWARD": (["ranks", "boards", "contestants"], {"contestants": "pairs"}, {"ranks"}),
}  # fmt: skip

# VBA's reserved words (VBA language reference, "Keywords"): the wrapper xlwings writes would not
# compile with one of them as an argument name, and every function in the module would fail.
VBA_RESERVED = {
    "and", "as", "boolean", "byref", "byte", "byval", "call", "case", "cbool", "cbyte", "ccur",
    "cdate", "cdbl", "cdec", "cint", "clng", "clnglng", "clngptr", "const", "csng", "cstr",
    "currency", "cvar", "date", "declare", "defbool", "dim", "do", "double", "each", "else",
    "elseif", "empty", "end", "endif", "enum", "eqv", "erase", "error", "event", "exit", "false",
    "for", "friend", "function", "get", "global", "gosub", "goto", "if", "imp", "implements",
    "in", "integer", "is", "let", "lib", "like", "long", "longlong", "longptr", "loop", "lset",
    "me", "mod", "new", "next", "not", "nothing", "null", "on", "option", "optional", "or",
    "paramarray", "preserve", "private", "property", "public", "raiseevent", "redim", "rem",
    "resume", "return", "rset", "select", "set", "single", "static", "step", "stop", "string",
    "sub", "then", "to", "true", "type", "typeof", "until", "variant", "wend", "while", "with",
    "withevents", "xor",
}  # fmt: skip

WINDOWS_ONLY = ("pythoncom", "pywintypes", "win32com", "win32com.client")


def _stub_windows_modules() -> list[str]:
    added = []
    for name in WINDOWS_ONLY:
        if name in sys.modules:
            continue
        module = types.ModuleType(name)
        sys.modules[name] = module
        added.append(name)
    if "pythoncom" in added:
        sys.modules["pythoncom"].CoInitialize = lambda: None  # type: ignore[attr-defined]
    if "pywintypes" in added:
        sys.modules["pywintypes"].com_error = type("com_error", (Exception,), {})  # type: ignore[attr-defined]
    if "win32com.client" in added:
        sys.modules["win32com.client"].Dispatch = lambda *a: None  # type: ignore[attr-defined]
        sys.modules["win32com"].client = sys.modules["win32com.client"]  # type: ignore[attr-defined]
    return added


@dataclass
class Registered:
    module: types.ModuleType
    udfs: types.ModuleType


# The module xlwings.conf names, and the module that defines the functions: both are imported
# afresh so that the functions are decorated by the Windows decorators, then put back.
MODULES = ("xlbridge.udf", "xlbridge.excel.udf")


@pytest.fixture(scope="module")
def registered() -> Iterator[Registered]:
    added = _stub_windows_modules()
    had_udfs = "xlwings.udfs" in sys.modules
    saved = {name: getattr(xlwings, name) for name in ("func", "arg", "ret")}
    originals = {name: sys.modules.pop(name, None) for name in MODULES}
    try:
        udfs = importlib.import_module("xlwings.udfs")
        xlwings.func, xlwings.arg, xlwings.ret = udfs.xlfunc, udfs.xlarg, udfs.xlret
        module = importlib.import_module("xlbridge.udf")
        yield Registered(module, udfs)
    finally:
        for name, value in saved.items():
            setattr(xlwings, name, value)
        for name, original in originals.items():
            sys.modules.pop(name, None)
            if original is not None:
                sys.modules[name] = original
                parent, _, attr = name.rpartition(".")
                setattr(importlib.import_module(parent), attr, original)
        if not had_udfs:
            sys.modules.pop("xlwings.udfs", None)
        for name in added:
            sys.modules.pop(name, None)


def _xlfuncs(module: types.ModuleType) -> dict[str, dict[str, Any]]:
    return {
        name: getattr(module, name).__xlfunc__
        for name in dir(module)
        if hasattr(getattr(module, name), "__xlfunc__")
    }


def test_every_function_is_registered_under_its_excel_name(registered: Registered) -> None:
    found = _xlfuncs(registered.module)
    assert set(found) == set(SIGNATURES)
    assert set(SIGNATURES) <= set(registered.module.__all__)
    for name, xlf in found.items():
        assert xlf["name"] == name
        assert xlf["sub"] is False
        assert xlf["category"] == "xlbridge"
        assert xlf["volatile"] is False
        assert xlf["call_in_wizard"] is True
        assert xlf["async_mode"] is None


@pytest.mark.parametrize("name", list(SIGNATURES))
def test_arguments_docs_and_array_options(registered: Registered, name: str) -> None:
    xlf = getattr(registered.module, name).__xlfunc__
    names, optional, ranges = SIGNATURES[name]
    assert [a["name"] for a in xlf["args"]] == names
    assert not {n.lower() for n in names} & VBA_RESERVED
    for a in xlf["args"]:
        # every argument has its own description (xlwings' default is "Positional argument N")
        assert not a["doc"].startswith("Positional argument")
        assert 10 < len(a["doc"]) <= 255  # Excel's limit for an argument description
        assert a["vba"] is None
        assert a["vararg"] is False
        if a["name"] in optional:
            want = optional[a["name"]]
            # BRIDGE_IMP's other_score: a marker that tells "left out" from an empty cell
            got = repr(a["optional"]) if want == "<omitted>" else a["optional"]
            assert got == want
        else:
            assert "optional" not in a
        # ranges come in as lists of lists; single-cell arguments as the cell's value
        assert a["options"].get("ndim") == (2 if a["name"] in ranges else None)
        assert a["options"]["convert"] is Any
    # the docstring is the tooltip: one line, with an example, within Excel's 255 characters
    doc = xlf["ret"]["doc"]
    assert "\n" not in doc
    assert f"={name}(" in doc
    assert len(doc) <= 255
    assert xlf["ret"]["options"] == {"convert": Any}


@dataclass
class FakeBook:
    """What generate_vba_wrapper reads from the COM workbook: its name."""

    Name: str


@pytest.mark.parametrize(("book", "workbook"), [("xlbridge.xlam", "ActiveWorkbook"),
                                                 ("demo.xlsm", "ThisWorkbook")])  # fmt: skip
def test_vba_wrapper_text(registered: Registered, book: str, workbook: str) -> None:
    out = io.StringIO()
    registered.udfs.generate_vba_wrapper("xlbridge.udf", registered.module, out, FakeBook(book))
    vba = out.getvalue()
    assert vba.count("End Function") == len(SIGNATURES)
    assert "Application.Volatile" not in vba
    assert "ParamArray" not in vba
    for name, (names, optional, _) in SIGNATURES.items():
        params = ", ".join(f"Optional {n}" if n in optional else n for n in names)
        assert f"Function {name}({params})\n" in vba
        call = (
            f'{name} = XLPy.CallUDF("xlbridge.udf", "{name}", Array({", ".join(names)}), '
            f"{workbook}, Application.Caller)"
        )
        assert call in vba
        assert f'{name} = XLPy.CallUDF("xlbridge.udf", "{name}", Array({", ".join(names)}))' in vba
        assert f"{name} = Err.Description" in vba


def test_vba_wrapper_exact_block(registered: Registered) -> None:
    # one whole function as xlwings writes it, for the record
    out = io.StringIO()
    registered.udfs.generate_vba_wrapper(
        "xlbridge.udf", registered.module, out, FakeBook("xlbridge.xlam")
    )
    start = out.getvalue().index("Function BRIDGE_VUL(")
    block = out.getvalue()[start:].split("End Function")[0] + "End Function"
    assert block == (
        "Function BRIDGE_VUL(board)\n"
        '    #If App = "Microsoft Excel" Then\n'
        "        If TypeOf Application.Caller Is Range Then On Error GoTo failed\n"
        '        BRIDGE_VUL = XLPy.CallUDF("xlbridge.udf", "BRIDGE_VUL", Array(board), '
        "ActiveWorkbook, Application.Caller)\n"
        "        Exit Function\n"
        "    #Else\n"
        '        BRIDGE_VUL = XLPy.CallUDF("xlbridge.udf", "BRIDGE_VUL", Array(board))\n'
        "        Exit Function\n"
        "    #End If\n"
        "failed:\n"
        "    BRIDGE_VUL = Err.Description\n"
        "End Function"
    )


def test_registered_functions_still_compute(registered: Registered) -> None:
    m = registered.module
    assert m.BRIDGE_SCORE("4S", "N", 10.0, "None") == 420  # Law 77
    assert m.BRIDGE_IMP(420.0) == 9  # WBF scale, rules.md §3
    assert m.BRIDGE_VUL([[7.0]]) == "All"  # rules.md §7, a 1x1 range as ndim=2 gives it
    # omitted optional arguments arrive as the registered default (xlwings' call_udf)
    xlf = m.BRIDGE_IMP.__xlfunc__
    assert m.BRIDGE_IMP([[420.0]], xlf["args"][1]["optional"]) == 9
