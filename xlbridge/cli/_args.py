"""Argument types shared by the commands: numbers and text checked before any work starts.

Numbers are ASCII digits only (``²``, full-width ``３`` and Arabic-Indic ``٣`` are refused,
though Python's ``int`` would take the last two), at most ``NUMBER_DIGITS`` characters, and
inside the option's range from :mod:`xlbridge.limits`. A refusal names the option and the range
in one line; the value is shown shortened so a 5,000-digit number costs one short line.

>>> int_arg("tables", (1, 100))("7")
7
>>> int_arg("tables", (1, 100))("٣")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: tables '٣' is not a whole number (ASCII digits 0-9)
>>> int_arg("tables", (1, 100))("1000000000")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: tables 1000000000 is out of range: 1-100
>>> range_help("tables", (1, 100))
'tables (1-100)'
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from xlbridge.limits import NUMBER_DIGITS, Range
from xlbridge.numerals import whole_or_none

__all__ = [
    "GIVEN",
    "MESSAGE_CHARS",
    "date_arg",
    "float_arg",
    "int_arg",
    "one_line",
    "path_arg",
    "range_help",
    "shorten",
    "text_arg",
    "track_given",
]

MESSAGE_CHARS = 400  # an error line longer than this is cut

_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z", re.ASCII)


def shorten(text: str, limit: int = 24) -> str:
    """``repr(text)``, cut to about ``limit`` characters so a message stays one short line.

    >>> shorten("9" * 5000)
    "'999999999999999999999'... (5000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 3]!r}... ({len(text)} characters)"


def one_line(message: str, limit: int = MESSAGE_CHARS) -> str:
    """``message`` as one printable line: control characters, line breaks and undecodable bytes
    shown escaped (a hostile argument cannot add lines or fail to print), cut to ``limit``.

    >>> one_line("bad value 'a\\nb\\udcff'")
    "bad value 'a\\\\nb\\\\udcff'"
    >>> len(one_line("x" * 5000))
    400
    """
    out = []
    for ch in message:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF or ch in "\u2028\u2029":
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(ch)
    text = "".join(out)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def range_help(text: str, limits: Range) -> str:
    """A help text with the range appended, so ``--help`` documents every limit."""
    lo, hi = limits
    return f"{text} ({lo}-{hi})"


def int_arg(name: str, limits: Range | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number within ``limits`` (inclusive), naming ``name``."""

    def parse(text: str) -> int:
        t = text.strip()
        n = whole_or_none(t, digits=None, signs="+-") if len(t) <= NUMBER_DIGITS else None
        if n is None:
            raise argparse.ArgumentTypeError(
                f"{name} {shorten(text)} is not a whole number (ASCII digits 0-9)"
            )
        value = n
        if limits is not None and not limits[0] <= value <= limits[1]:
            raise argparse.ArgumentTypeError(
                f"{name} {value} is out of range: {limits[0]}-{limits[1]}"
            )
        return value

    setattr(parse, "limits", limits)  # noqa: B010 - tests check every number has a range
    return parse


def float_arg(name: str, limits: Range | None = None) -> Callable[[str], float]:
    """An argparse ``type`` for a plain decimal number (no exponent, inf or nan).

    >>> float_arg("margin", (-10, 10))("-2.5")
    -2.5
    """

    def parse(text: str) -> float:
        t = text.strip()
        if len(t) > 2 * NUMBER_DIGITS or not _FLOAT.match(t):
            raise argparse.ArgumentTypeError(f"{name} {shorten(text)} is not a number")
        value = float(t)
        if not math.isfinite(value) or (limits is not None and not limits[0] <= value <= limits[1]):
            raise argparse.ArgumentTypeError(
                f"{name} {shorten(t)} is out of range: {limits[0] if limits else ''}-"
                f"{limits[1] if limits else ''}"
            )
        return value

    setattr(parse, "limits", limits)  # noqa: B010 - tests check every number has a range
    return parse


def path_arg(what: str) -> Callable[[str], str]:
    """An argparse ``type`` for a file name: no NUL character (no system call takes one) and no
    byte that is not UTF-8 (it could not be printed back in messages).

    >>> path_arg("output")("a\\x00.xlsx")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: output 'a\\x00.xlsx' has a NUL character; choose another name
    """

    def parse(text: str) -> str:
        if "\x00" in text:
            raise argparse.ArgumentTypeError(
                f"{what} {shorten(text)} has a NUL character; choose another name"
            )
        bad = next((ch for ch in text if 0xD800 <= ord(ch) <= 0xDFFF), None)
        if bad is not None:
            raise argparse.ArgumentTypeError(
                f"{what} {shorten(text)} has a byte that is not UTF-8; use a UTF-8 file name"
            )
        return text

    return parse


def text_arg(what: str, max_chars: int) -> Callable[[str], str]:
    """An argparse ``type`` for text written into a workbook: checked and cleaned by
    :func:`xlbridge.text.clean_text` (control characters, bytes that are not UTF-8,
    length) before any work starts."""

    def parse(text: str) -> str:
        from xlbridge.errors import XlbridgeError
        from xlbridge.text import clean_text

        try:
            return clean_text(text, what, max_chars=max_chars)
        except XlbridgeError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def date_arg(what: str) -> Callable[[str], str]:
    """An argparse ``type`` for a session date: ISO ``yyyy-mm-dd`` (or empty, no date), the one
    rule of :func:`xlbridge.scoring.dates.session_date`; anything else is one line."""

    def parse(text: str) -> str:
        from xlbridge.errors import XlbridgeError
        from xlbridge.scoring.dates import session_date

        try:
            return session_date(text, what)
        except XlbridgeError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def add_size_options(
    p: argparse.ArgumentParser, *, tables_help: str, tables_required: bool, rounds_help: str
) -> None:
    """``--tables``, ``--boards-per-round`` and ``--rounds``, each with its checked range: the
    options ``movement`` and ``new`` share."""
    from xlbridge.limits import BOARDS_PER_ROUND, ROUNDS, TABLES

    p.add_argument(
        "--tables",
        type=int_arg("tables", TABLES),
        required=tables_required,
        help=range_help(tables_help, TABLES),
    )
    p.add_argument(
        "--boards-per-round",
        type=int_arg("boards per round", BOARDS_PER_ROUND),
        default=None,
        help=range_help("boards a round", BOARDS_PER_ROUND),
    )
    p.add_argument(
        "--rounds",
        type=int_arg("rounds", ROUNDS),
        default=None,
        help=range_help(rounds_help, ROUNDS),
    )


GIVEN = "given_options"  # the Namespace attribute :func:`track_given` fills


def track_given(parser: argparse.ArgumentParser) -> None:
    """Make ``parser`` record in ``args.given_options`` each option the command line sets.

    argparse keeps no record of what was typed, and comparing a value with its default misses an
    option typed with its default value (``--scale acbl`` on a team game): each option's action
    notes its longest name when it runs, which argparse does only for options on the line.

    >>> p = argparse.ArgumentParser()
    >>> _ = p.add_argument("-o", "--output")
    >>> _ = p.add_argument("--scale", default="acbl")
    >>> track_given(p)
    >>> sorted(getattr(p.parse_args(["--scale", "acbl", "-o", "x"]), GIVEN))
    ['--output', '--scale']
    """
    parser.set_defaults(**{GIVEN: frozenset()})
    for action in parser._actions:
        if action.option_strings and not isinstance(action, argparse._HelpAction):
            action.__class__ = _tracked(type(action))


_TRACKED: dict[type[argparse.Action], type[argparse.Action]] = {}


def _tracked(cls: type[argparse.Action]) -> type[argparse.Action]:
    if cls not in _TRACKED:

        def __call__(
            self: argparse.Action,
            parser: argparse.ArgumentParser,
            namespace: argparse.Namespace,
            values: str | Sequence[Any] | None,
            option_string: str | None = None,
        ) -> None:
            name = max(self.option_strings, key=len)
            setattr(namespace, GIVEN, getattr(namespace, GIVEN, frozenset()) | {name})
            cls.__call__(self, parser, namespace, values, option_string)

        _TRACKED[cls] = type(cls.__name__, (cls,), {"__call__": __call__})
    return _TRACKED[cls]
