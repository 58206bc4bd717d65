"""A strict, independent parser for the Excel formula grammar (A1 style, en-US separators).

Written from the formula grammar of [MS-XLSX] 2.2.2 and Excel's documented limits, not from
LibreOffice or openpyxl, so that a formula LibreOffice silently repairs is still rejected here.
It checks what makes Excel report a workbook as damaged or a formula as broken:

- tokens: numbers, strings (``""`` escape, at most 255 characters), TRUE/FALSE, error
  literals, array constants (rectangular, constants only), A1 references within XFD1048576,
  column and row ranges, sheet-qualified references (a sheet name that is not a plain word must
  be quoted, ``''`` escapes an apostrophe, the sheet must exist), defined names (must exist);
- operators with Excel's precedence (``:`` and intersection, unary minus, ``%``, ``^``,
  ``* /``, ``+ -``, ``&``, comparisons), the range operator only between references;
- function calls: the name must be an Excel function (functions added after Excel 2007 must be
  written with the ``_xlfn.`` prefix, as Excel itself stores them), the argument count must fit;
- limits: 8192 characters, 64 levels of nested functions, 255 arguments.

>>> check("=SUM('Board 1'!$A$1:$A$5)", sheets={"Board 1"})
[]
>>> check("=SUM(A1:)")
['expected a reference after ":" at 8']
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

__all__ = ["FUNCTIONS", "FUTURE_FUNCTIONS", "FormulaSyntaxError", "check", "parse"]

MAX_LEN = 8192
MAX_NESTING = 64
MAX_ARGS = 255
MAX_STRING = 255
MAX_COL = 16384
MAX_ROW = 1048576

_N = MAX_ARGS
# Excel 2007 functions (stored without a prefix) and their argument counts (min, max).
FUNCTIONS: dict[str, tuple[int, int]] = {
    "ABS": (1, 1), "ADDRESS": (2, 5), "AND": (1, _N), "AVERAGE": (1, _N), "AVERAGEA": (1, _N),
    "AVERAGEIF": (2, 3), "AVERAGEIFS": (3, _N), "CEILING": (2, 2), "CHAR": (1, 1),
    "CHOOSE": (2, _N), "CLEAN": (1, 1), "CODE": (1, 1), "COLUMN": (0, 1), "COLUMNS": (1, 1),
    "COMBIN": (2, 2), "CONCATENATE": (1, _N), "COUNT": (1, _N), "COUNTA": (1, _N),
    "COUNTBLANK": (1, 1), "COUNTIF": (2, 2), "COUNTIFS": (2, _N), "DATE": (3, 3),
    "DATEVALUE": (1, 1), "DAY": (1, 1), "DOLLAR": (1, 2), "EDATE": (2, 2), "EOMONTH": (2, 2),
    "ERROR.TYPE": (1, 1), "EVEN": (1, 1), "EXACT": (2, 2), "EXP": (1, 1), "FACT": (1, 1),
    "FALSE": (0, 0), "FIND": (2, 3), "FIXED": (1, 3), "FLOOR": (2, 2), "FREQUENCY": (2, 2),
    "GCD": (1, _N), "HLOOKUP": (3, 4), "HOUR": (1, 1), "HYPERLINK": (1, 2), "IF": (2, 3),
    "IFERROR": (2, 2), "INDEX": (2, 4), "INDIRECT": (1, 2), "INT": (1, 1), "ISBLANK": (1, 1),
    "ISERR": (1, 1), "ISERROR": (1, 1), "ISEVEN": (1, 1), "ISLOGICAL": (1, 1), "ISNA": (1, 1),
    "ISNONTEXT": (1, 1), "ISNUMBER": (1, 1), "ISODD": (1, 1), "ISREF": (1, 1),
    "ISTEXT": (1, 1), "LARGE": (2, 2), "LCM": (1, _N), "LEFT": (1, 2), "LEN": (1, 1),
    "LN": (1, 1), "LOG": (1, 2), "LOG10": (1, 1), "LOOKUP": (2, 3), "LOWER": (1, 1),
    "MATCH": (2, 3), "MAX": (1, _N), "MAXA": (1, _N), "MEDIAN": (1, _N), "MID": (3, 3),
    "MIN": (1, _N), "MINA": (1, _N), "MINUTE": (1, 1), "MOD": (2, 2), "MODE": (1, _N),
    "MONTH": (1, 1), "MROUND": (2, 2), "N": (1, 1), "NA": (0, 0), "NETWORKDAYS": (2, 3),
    "NOT": (1, 1), "NOW": (0, 0), "ODD": (1, 1), "OFFSET": (3, 5), "OR": (1, _N),
    "PERCENTILE": (2, 2), "PERMUT": (2, 2), "PI": (0, 0), "POWER": (2, 2), "PRODUCT": (1, _N),
    "PROPER": (1, 1), "QUARTILE": (2, 2), "QUOTIENT": (2, 2), "RAND": (0, 0),
    "RANDBETWEEN": (2, 2), "RANK": (2, 3), "REPLACE": (4, 4), "REPT": (2, 2),
    "RIGHT": (1, 2), "ROUND": (2, 2), "ROUNDDOWN": (2, 2), "ROUNDUP": (2, 2), "ROW": (0, 1),
    "ROWS": (1, 1), "SEARCH": (2, 3), "SECOND": (1, 1), "SIGN": (1, 1), "SMALL": (2, 2),
    "SQRT": (1, 1), "STDEV": (1, _N), "STDEVP": (1, _N), "SUBSTITUTE": (3, 4),
    "SUBTOTAL": (2, _N), "SUM": (1, _N), "SUMIF": (2, 3), "SUMIFS": (3, _N),
    "SUMPRODUCT": (1, _N), "SUMSQ": (1, _N), "T": (1, 1), "TEXT": (2, 2), "TIME": (3, 3),
    "TIMEVALUE": (1, 1), "TODAY": (0, 0), "TRANSPOSE": (1, 1), "TRIM": (1, 1), "TRUE": (0, 0),
    "TRUNC": (1, 2), "TYPE": (1, 1), "UPPER": (1, 1), "VALUE": (1, 1), "VAR": (1, _N),
    "VARP": (1, _N), "VLOOKUP": (3, 4), "WEEKDAY": (1, 2), "WEEKNUM": (1, 2),
    "WORKDAY": (2, 3), "YEAR": (1, 1),
}  # fmt: skip

# Functions added after Excel 2007: Excel stores them as ``_xlfn.NAME`` (FILTER and SORT as
# ``_xlfn._xlws.NAME``); written without the prefix they are #NAME? in Excel.
FUTURE_FUNCTIONS: frozenset[str] = frozenset(
    {
        "AGGREGATE", "ARRAYTOTEXT", "BYCOL", "BYROW", "CEILING.MATH", "CEILING.PRECISE",
        "CHOOSECOLS", "CHOOSEROWS", "CONCAT", "DAYS", "DROP", "EXPAND", "FILTER",
        "FLOOR.MATH", "FLOOR.PRECISE", "FORMULATEXT", "HSTACK", "IFNA", "IFS", "ISFORMULA",
        "ISOMITTED", "ISOWEEKNUM", "LAMBDA", "LET", "MAKEARRAY", "MAP", "MAXIFS", "MINIFS",
        "MODE.MULT", "MODE.SNGL", "NETWORKDAYS.INTL", "NUMBERVALUE", "PERCENTILE.EXC",
        "PERCENTILE.INC", "QUARTILE.EXC", "QUARTILE.INC", "RANDARRAY", "RANK.AVG", "RANK.EQ",
        "REDUCE", "SCAN", "SEQUENCE", "SHEET", "SHEETS", "SORT", "SORTBY", "STDEV.P",
        "STDEV.S", "SWITCH", "TAKE", "TEXTAFTER", "TEXTBEFORE", "TEXTJOIN", "TEXTSPLIT",
        "TOCOL", "TOROW", "UNICHAR", "UNICODE", "UNIQUE", "VALUETOTEXT", "VAR.P", "VAR.S",
        "VSTACK", "WORKDAY.INTL", "WRAPCOLS", "WRAPROWS", "XLOOKUP", "XMATCH", "XOR",
    }
)  # fmt: skip
_XLWS = frozenset({"FILTER", "SORT"})
# Functions whose result may be a reference (so ``:`` may follow them).
_REF_FUNCTIONS = frozenset({"INDEX", "OFFSET", "INDIRECT", "IF", "CHOOSE"})
_ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA")
_BAD_SHEET_CHARS = set("[]:*?/\\")


class FormulaSyntaxError(ValueError):
    """A formula Excel would not accept, with the position of the first problem."""


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # NUM STR BOOL ERR CELL COLS ROWS NAME FUNC OP COLON COMMA SEMI ( ) { }
    text: str
    pos: int
    space_before: bool
    sheet: str | None = None


_WS = " \n\r"
_NAME_START = re.compile(r"[A-Za-z_\\\u00C0-\uFFFF]")
_NAME = re.compile(r"[A-Za-z_\\\u00C0-\uFFFF][\w.\\?\u00C0-\uFFFF]*")
_NUM = re.compile(r"(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_ROWS = re.compile(r"(\$?)(\d+):(\$?)(\d+)(?![\w.(!$])")
_COLS = re.compile(r"(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})(?![\w.(!$])")
_CELL = re.compile(r"(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![\w.(!\\?])")
_R1C1 = re.compile(r"[Rr]\d*[Cc]\d*")
_PLAIN_SHEET = re.compile(r"[A-Za-z_\u00C0-\uFFFF][\w.\u00C0-\uFFFF]*")


def _col_number(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def _looks_like_cell(text: str) -> bool:
    m = re.fullmatch(r"([A-Za-z]{1,3})(\d+)", text)
    return bool(m and _col_number(m[1]) <= MAX_COL and 1 <= int(m[2]) <= MAX_ROW)


def _needs_quotes(sheet: str) -> bool:
    """Whether Excel requires ``'...'`` around a sheet name in a formula."""
    return (
        not _PLAIN_SHEET.fullmatch(sheet)
        or _looks_like_cell(sheet)
        or bool(_R1C1.fullmatch(sheet))
        or sheet.upper() in ("TRUE", "FALSE")
    )


class _Lexer:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.tokens: list[Token] = []

    def fail(self, msg: str, pos: int | None = None) -> FormulaSyntaxError:
        return FormulaSyntaxError(f"{msg} at {self.i if pos is None else pos}")

    def run(self) -> list[Token]:
        s = self.s
        in_array = 0
        while True:
            start = self.i
            while self.i < len(s) and s[self.i] in _WS:
                self.i += 1
            space = self.i > start
            if self.i >= len(s):
                return self.tokens
            ch, pos = s[self.i], self.i

            def add(kind: str, text: str, sheet: str | None = None) -> None:
                self.tokens.append(Token(kind, text, pos, space, sheet))  # noqa: B023

            if ch == '"':
                add("STR", self._string())
            elif ch == "#":
                for e in _ERRORS:
                    if s.startswith(e, self.i) or s[self.i :].upper().startswith(e):
                        self.i += len(e)
                        add("ERR", e)
                        break
                else:
                    raise self.fail("unknown error literal")
            elif ch == "{":
                in_array += 1
                self.i += 1
                add("{", ch)
            elif ch == "}":
                in_array -= 1
                self.i += 1
                add("}", ch)
            elif ch in "()":
                self.i += 1
                add(ch, ch)
            elif ch == ",":
                self.i += 1
                add("COMMA", ch)
            elif ch == ":":
                self.i += 1
                add("COLON", ch)
            elif ch == ";":
                if not in_array:
                    raise self.fail('";" outside an array constant')
                self.i += 1
                add("SEMI", ch)
            elif s.startswith(("<>", "<=", ">="), self.i):
                self.i += 2
                add("OP", s[pos : pos + 2])
            elif ch in "+-*/^&=<>%":
                self.i += 1
                add("OP", ch)
            elif ch == "[":
                raise self.fail("external workbook reference")
            elif ch == "'":
                sheet = self._quoted_sheet()
                self._reference(pos, space, sheet)
            elif ch == "$" or ch.isdigit() or ch == "." or _NAME_START.match(ch):
                self._word(pos, space)
            else:
                raise self.fail(f"unexpected character {ch!r}")

    def _string(self) -> str:
        s, i = self.s, self.i + 1
        out = []
        while True:
            j = s.find('"', i)
            if j < 0:
                raise self.fail("unterminated string")
            out.append(s[i:j])
            if s.startswith('""', j):
                out.append('"')
                i = j + 2
                continue
            self.i = j + 1
            text = "".join(out)
            if len(text) > MAX_STRING:
                raise self.fail(f"string of {len(text)} characters (Excel allows {MAX_STRING})")
            return text

    def _quoted_sheet(self) -> str:
        s, i = self.s, self.i + 1
        out = []
        while True:
            j = s.find("'", i)
            if j < 0:
                raise self.fail("unterminated quoted sheet name")
            out.append(s[i:j])
            if s.startswith("''", j):
                out.append("'")
                i = j + 2
                continue
            name = "".join(out)
            self.i = j + 1
            if not s.startswith("!", self.i):
                raise self.fail("quoted sheet name not followed by !")
            self.i += 1
            if not name or len(name) > 31 or name[0] == "'" or name[-1] == "'":
                raise self.fail(f"invalid sheet name {name!r}")
            if _BAD_SHEET_CHARS & set(name):
                raise self.fail(f"sheet name {name!r} has a character Excel forbids")
            return name

    def _word(self, pos: int, space: bool) -> None:
        s = self.s
        # A sheet prefix written without quotes: Word!
        m = _NAME.match(s, self.i)
        if m and s.startswith("!", m.end()):
            sheet = m[0]
            if _needs_quotes(sheet):
                raise self.fail(f"sheet name {sheet!r} must be quoted")
            self.i = m.end() + 1
            self._reference(pos, space, sheet)
            return
        if not self._ref_here(pos, space, None):
            if s[self.i] == "$":
                raise self.fail("invalid reference after $")
            if s[self.i].isdigit() or s[self.i] == ".":
                n = _NUM.match(s, self.i)
                assert n is not None
                if re.match(r"[\w.(]", s[n.end() : n.end() + 1]):
                    raise self.fail("invalid number")
                self.i = n.end()
                self.tokens.append(Token("NUM", n[0], pos, space))
                return
            assert m is not None
            self.i = m.end()
            word = m[0]
            if s.startswith("(", self.i):
                self.i += 1
                self.tokens.append(Token("FUNC", word, pos, space))
            elif word.upper() in ("TRUE", "FALSE"):
                self.tokens.append(Token("BOOL", word.upper(), pos, space))
            else:
                self._name(word, pos, space, None)

    def _name(self, word: str, pos: int, space: bool, sheet: str | None) -> None:
        if _R1C1.fullmatch(word) or re.fullmatch(r"[A-Za-z]{1,3}\d+", word):
            raise self.fail(f"{word!r} is neither a cell reference nor a valid name", pos)
        self.tokens.append(Token("NAME", word, pos, space, sheet))

    def _ref_here(self, pos: int, space: bool, sheet: str | None) -> bool:
        s = self.s
        for kind, rx in (("ROWS", _ROWS), ("COLS", _COLS), ("CELL", _CELL)):
            m = rx.match(s, self.i)
            if not m:
                continue
            if kind == "CELL":
                if _col_number(m[2]) > MAX_COL or not 1 <= int(m[4]) <= MAX_ROW:
                    raise self.fail(f"reference {m[0]} outside the sheet")
            elif kind == "COLS":
                if max(_col_number(m[2]), _col_number(m[4])) > MAX_COL:
                    raise self.fail(f"column range {m[0]} outside the sheet")
            elif not all(1 <= int(x) <= MAX_ROW for x in (m[2], m[4])):
                raise self.fail(f"row range {m[0]} outside the sheet")
            self.i = m.end()
            self.tokens.append(Token(kind, m[0], pos, space, sheet))
            return True
        return False

    def _reference(self, pos: int, space: bool, sheet: str) -> None:
        s = self.s
        if s.upper().startswith("#REF!", self.i):
            self.i += 5
            self.tokens.append(Token("ERR", "#REF!", pos, space, sheet))
            return
        if self._ref_here(pos, space, sheet):
            return
        m = _NAME.match(s, self.i)
        if m and not s.startswith("(", m.end()):
            self.i = m.end()
            self._name(m[0], pos, space, sheet)
            return
        raise self.fail(f"expected a reference after {sheet!r}!")


@dataclass
class _Ctx:
    """What a formula's references are checked against. ``refs``, when a list, records each
    sheet and name check in the order the parser makes it instead of making it (the cached,
    context-free parse of :func:`_parsed`): ``("sheet", NAME, POS)`` or ``("name", NAME, POS)``.
    """

    sheets: Collection[str] | None
    names: Collection[str] | None
    refs: list[tuple[str, str, int]] | None = None


class _Parser:
    """Recursive descent over the tokens; each method returns True if its result is a
    reference (so that ``:`` and intersection may apply to it)."""

    def __init__(self, tokens: list[Token], ctx: _Ctx, end: int) -> None:
        self.t = tokens
        self.k = 0
        self.ctx = ctx
        self.end = end
        self.depth = 0

    def peek(self) -> Token | None:
        return self.t[self.k] if self.k < len(self.t) else None

    def where(self) -> int:
        tok = self.peek()
        return tok.pos if tok else self.end

    def fail(self, msg: str) -> FormulaSyntaxError:
        return FormulaSyntaxError(f"{msg} at {self.where()}")

    def take(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise self.fail("unexpected end of formula")
        self.k += 1
        return tok

    def is_op(self, *ops: str) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind == "OP" and tok.text in ops

    def formula(self) -> None:
        if not self.t:
            raise self.fail("empty formula")
        self.expr()
        if self.peek() is not None:
            tok = self.take()
            raise FormulaSyntaxError(f"unexpected {tok.text!r} at {tok.pos}")

    def expr(self) -> bool:
        ref = self.concat()
        while self.is_op("=", "<>", "<", ">", "<=", ">="):
            self.take()
            self.concat()
            ref = False
        return ref

    def concat(self) -> bool:
        ref = self.additive()
        while self.is_op("&"):
            self.take()
            self.additive()
            ref = False
        return ref

    def additive(self) -> bool:
        ref = self.term()
        while self.is_op("+", "-"):
            self.take()
            self.term()
            ref = False
        return ref

    def term(self) -> bool:
        ref = self.power()
        while self.is_op("*", "/"):
            self.take()
            self.power()
            ref = False
        return ref

    def power(self) -> bool:
        ref = self.unary()
        while self.is_op("^"):
            self.take()
            self.unary()
            ref = False
        return ref

    def unary(self) -> bool:
        if self.is_op("+", "-"):
            self.take()
            self.unary()
            return False
        return self.percent()

    def percent(self) -> bool:
        ref = self.intersection()
        while self.is_op("%"):
            self.take()
            ref = False
        return ref

    def _starts_operand(self) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind in ("CELL", "COLS", "ROWS", "NAME", "FUNC", "(")

    def intersection(self) -> bool:
        ref = self.range_()
        while (tok := self.peek()) is not None and tok.space_before and self._starts_operand():
            if not ref:
                raise self.fail("two operands without an operator")
            if not self.range_():
                raise self.fail("intersection (space) of a value that is not a reference")
        return ref

    def range_(self) -> bool:
        ref = self.primary()
        while (tok := self.peek()) is not None and tok.kind == "COLON":
            if not ref:
                raise self.fail('":" after a value that is not a reference')
            colon = self.take()
            nxt = self.peek()
            if nxt is None or nxt.kind not in ("CELL", "COLS", "ROWS", "NAME", "FUNC", "("):
                raise FormulaSyntaxError(f'expected a reference after ":" at {colon.pos + 1}')
            if not self.primary():
                raise self.fail('":" before a value that is not a reference')
        return ref

    def primary(self) -> bool:
        tok = self.take()
        kind = tok.kind
        if kind in ("NUM", "STR", "BOOL"):
            return False
        if kind == "ERR":
            self._check_sheet(tok)
            return tok.text == "#REF!"
        if kind in ("CELL", "COLS", "ROWS"):
            self._check_sheet(tok)
            return True
        if kind == "NAME":
            self._check_sheet(tok)
            names = self.ctx.names
            if self.ctx.refs is not None:
                self.ctx.refs.append(("name", tok.text, tok.pos))
            elif names is not None and tok.text.upper() not in {n.upper() for n in names}:
                raise FormulaSyntaxError(f"unknown name {tok.text!r} at {tok.pos}")
            return True
        if kind == "FUNC":
            return self.call(tok)
        if kind == "(":
            ref = self.expr()
            parts = 1
            while self.peek() is not None and self.peek().kind == "COMMA":  # type: ignore[union-attr]
                self.take()
                if not self.expr() or not ref:
                    raise self.fail("union (comma) of a value that is not a reference")
                parts += 1
            self.expect(")")
            return ref
        if kind == "{":
            self.array()
            return False
        raise FormulaSyntaxError(f"unexpected {tok.text!r} at {tok.pos}")

    def expect(self, kind: str) -> Token:
        tok = self.peek()
        if tok is None or tok.kind != kind:
            got = "end of formula" if tok is None else repr(tok.text)
            raise self.fail(f"expected {kind!r}, got {got}")
        return self.take()

    def _check_sheet(self, tok: Token) -> None:
        sheets = self.ctx.sheets
        if tok.sheet is not None and self.ctx.refs is not None:
            self.ctx.refs.append(("sheet", tok.sheet, tok.pos))
            return
        if tok.sheet is None or sheets is None:
            return
        if tok.sheet.upper() not in {s.upper() for s in sheets}:
            raise FormulaSyntaxError(f"no sheet named {tok.sheet!r} at {tok.pos}")

    def call(self, tok: Token) -> bool:
        name = tok.text.upper()
        if name.startswith("_XLFN."):
            bare = name[6:]
            if bare.startswith("_XLWS."):
                bare = bare[6:]
                if bare not in _XLWS:
                    raise FormulaSyntaxError(f"{tok.text} is not an Excel function at {tok.pos}")
            elif bare in _XLWS:
                raise FormulaSyntaxError(f"{tok.text} must be _xlfn._xlws.{bare} at {tok.pos}")
            if bare not in FUTURE_FUNCTIONS:
                raise FormulaSyntaxError(f"{tok.text} is not an Excel function at {tok.pos}")
            arity = (0, MAX_ARGS)
        elif name in FUTURE_FUNCTIONS:
            raise FormulaSyntaxError(
                f"{tok.text} is newer than Excel 2007 and must be stored as _xlfn.{name} "
                f"at {tok.pos}"
            )
        elif name in FUNCTIONS:
            arity = FUNCTIONS[name]
        else:
            raise FormulaSyntaxError(f"unknown function {tok.text} at {tok.pos}")
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise FormulaSyntaxError(f"more than {MAX_NESTING} nested functions at {tok.pos}")
        args = 0
        nxt = self.peek()
        if nxt is not None and nxt.kind == ")":
            self.take()
        else:
            while True:
                nxt = self.peek()
                if nxt is None:
                    raise self.fail(f"unclosed {tok.text}(")
                if nxt.kind not in ("COMMA", ")"):
                    self.expr()
                args += 1
                if self.peek() is None:
                    raise self.fail(f"unclosed {tok.text}(")
                sep = self.take()
                if sep.kind == ")":
                    break
                if sep.kind != "COMMA":
                    raise FormulaSyntaxError(f"unexpected {sep.text!r} at {sep.pos}")
        self.depth -= 1
        if args > MAX_ARGS:
            raise FormulaSyntaxError(f"{tok.text} has {args} arguments (Excel allows 255)")
        lo, hi = arity
        if not lo <= args <= hi:
            raise FormulaSyntaxError(
                f"{tok.text} takes {lo}-{hi} arguments, got {args} at {tok.pos}"
            )
        if name == "COUNTIFS" and args % 2:
            raise FormulaSyntaxError(f"COUNTIFS needs range/criteria pairs at {tok.pos}")
        if name in ("SUMIFS", "AVERAGEIFS") and args % 2 == 0:
            raise FormulaSyntaxError(f"{name} needs a range then pairs at {tok.pos}")
        return name in _REF_FUNCTIONS

    def array(self) -> None:
        widths = []
        width = 0
        while True:
            neg = self.is_op("-", "+")
            if neg:
                self.take()
            tok = self.take()
            if tok.kind not in ("NUM", "STR", "BOOL", "ERR") or (neg and tok.kind != "NUM"):
                raise FormulaSyntaxError(f"array constants hold constants only, at {tok.pos}")
            if tok.kind == "ERR" and tok.sheet is not None:
                raise FormulaSyntaxError(f"array constants hold constants only, at {tok.pos}")
            width += 1
            sep = self.take()
            if sep.kind == "COMMA":
                continue
            widths.append(width)
            width = 0
            if sep.kind == "SEMI":
                continue
            if sep.kind == "}":
                break
            raise FormulaSyntaxError(f"unexpected {sep.text!r} in an array at {sep.pos}")
        if len(set(widths)) != 1:
            raise self.fail("rows of an array constant differ in length")


def parse(
    text: str,
    *,
    sheets: Collection[str] | None = None,
    names: Collection[str] | None = None,
    leading_equals: bool = True,
    _refs: list[tuple[str, str, int]] | None = None,
) -> None:
    """Parse ``text``; raise :class:`FormulaSyntaxError` if Excel would reject it.

    Cell formulas start with ``=`` (``leading_equals``); the formulas of conditional formats,
    data validations and defined names do not (in the file, a leading ``=`` is an error).
    ``sheets``/``names``: when given, referenced sheets and defined names must be among them.

    >>> parse("=IF(A1>=0,\\"x\\"\\"y\\",-B2%^2)")
    >>> parse("=Board 1!A1")
    Traceback (most recent call last):
    ...
    tests.support.excel_grammar.FormulaSyntaxError: unexpected character '!' at 8
    """
    body = text
    if leading_equals:
        if not text.startswith("="):
            raise FormulaSyntaxError("a cell formula starts with =")
        body = text[1:]
    if len(body) > MAX_LEN:
        raise FormulaSyntaxError(f"{len(body)} characters (Excel allows {MAX_LEN})")
    offset = len(text) - len(body)
    lexer = _Lexer(body)
    try:
        tokens = lexer.run()
    except FormulaSyntaxError as e:
        raise _shift(e, offset) from None
    try:
        _Parser(tokens, _Ctx(sheets, names, _refs), len(body)).formula()
    except FormulaSyntaxError as e:
        raise _shift(e, offset) from None


def _shift(e: FormulaSyntaxError, offset: int) -> FormulaSyntaxError:
    msg = str(e)
    m = re.search(r" at (\d+)$", msg)
    if m:
        msg = msg[: m.start()] + f" at {int(m[1]) + offset}"
    return FormulaSyntaxError(msg)


def check(
    text: str,
    *,
    sheets: Collection[str] | None = None,
    names: Collection[str] | None = None,
    leading_equals: bool = True,
) -> list[str]:
    """The problems Excel would find in ``text`` (empty when it parses): the same answer as
    :func:`parse`, but each distinct text is parsed once (:func:`_parsed`) and only its sheet and
    name references are checked against ``sheets`` and ``names`` on each call, in the order the
    parser meets them, so the first problem reported is the one :func:`parse` raises."""
    refs, error = _parsed(text, leading_equals)
    upper_sheets: set[str] | None = None
    upper_names: set[str] | None = None
    for what, name, pos in refs:
        if what == "sheet" and sheets is not None:
            if upper_sheets is None:
                upper_sheets = {s.upper() for s in sheets}
            if name.upper() not in upper_sheets:
                return [f"no sheet named {name!r} at {pos}"]
        elif what == "name" and names is not None:
            if upper_names is None:
                upper_names = {n.upper() for n in names}
            if name.upper() not in upper_names:
                return [f"unknown name {name!r} at {pos}"]
    return [] if error is None else [error]


_PARSED: dict[tuple[str, bool], tuple[tuple[tuple[str, str, int], ...], str | None]] = {}


def _parsed(text: str, leading_equals: bool) -> tuple[tuple[tuple[str, str, int], ...], str | None]:
    """``text`` parsed once without a context (cached): the sheet and name references the
    parser checks, in its order, with their positions in ``text``, up to its first syntax
    error; and that error (None when the text parses). Those checks raise and change nothing
    else, so checking the references in that order against a context and then reporting the
    syntax error gives exactly :func:`parse`'s first problem."""
    key = (text, leading_equals)
    hit = _PARSED.get(key)
    if hit is not None:
        return hit
    refs: list[tuple[str, str, int]] = []
    error = None
    try:
        parse(text, leading_equals=leading_equals, _refs=refs)
    except FormulaSyntaxError as e:
        error = str(e)
    offset = 1 if leading_equals and text.startswith("=") else 0
    _PARSED[key] = hit = (tuple((w, n, p + offset) for w, n, p in refs), error)
    return hit
