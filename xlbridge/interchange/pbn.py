"""PBN text in and out: the one tokenizer (games and tag pairs, PBN 2.1 chapter 3) and the one
place where PBN text is written (tag pairs, tables, escaping).

Reading: :func:`parse_games` splits PBN text into :class:`Game` objects, each a list of
:class:`Tag` objects with the line it starts on, its value unescaped, and the lines of its
section (a table's rows, an auction, a play) under it. Hand records
(:func:`xlbridge.interchange.deals.loads_pbn`), score tables read back
(:func:`xlbridge.results.pbn.read_pbn_scores`) and import results
(:func:`xlbridge.interchange.scorer_files.read_pbn_results`) are views over these games; only the
deals need endplay. The rules followed (PBN 2.1 §3, §3.2, §3.3, §3.8):

- a game ends at a semi-empty line (only spaces or tabs), except inside a ``{ }`` comment;
  a repeated ``Event``, ``Board`` or ``Deal`` tag also starts a new game (files that leave out
  the blank line exist); any other repeated tag but ``Note`` is ignored, as the import format
  says;
- a line starting with ``%`` is skipped; ``;`` comments to the end of the line; ``{`` ... ``}``
  comments, over several lines if need be;
- a tag pair is ``[Name "value"]``, with white space (even new lines) between its tokens, and
  several on one line; in a value, ``\\"`` is a quote and ``\\\\`` a backslash;
- the value ``#`` is the value the previous game gave the tag;
- lines after an ``Auction``, ``Play`` or ``...Table`` tag, up to the next tag, are that tag's
  section; anything else outside a tag pair is an error naming the line.

>>> games = parse_games('[Board "1"] [Event "A \\\\"B\\\\""]\\n\\n[Board "2"][Event "#"]\\n')
>>> [(g.line, g.value("board"), g.value("Event")) for g in games]
[(1, '1', 'A "B"'), (3, '2', 'A "B"')]
>>> tag_line("Event", 'A "B" \\\\ C')
'[Event "A \\\\"B\\\\" \\\\\\\\ C"]'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import InputFileError
from xlbridge.interchange.gate import MAX_TEXT_BYTES, read_text

__all__ = [
    "MAX_GAMES",
    "MAX_TAGS",
    "Game",
    "Tag",
    "cell",
    "escape",
    "file_text",
    "parse_games",
    "plain",
    "read_games",
    "split_row",
    "table_lines",
    "tag_line",
]

MAX_GAMES = 10_000  # games in one PBN file: a season of boards (range 1 .. 1,000,000)
MAX_TAGS = 2_000  # tag pairs and section lines in one game (range 1 .. 100,000)
_NAME = re.compile(r"[A-Za-z0-9_]+")
_NEW_GAME = ("event", "board", "deal")  # a repeat of these starts a game (no blank line)


@dataclass(frozen=True, slots=True)
class Tag:
    """One tag pair: its name, its value (unescaped; ``#`` already replaced by the previous
    game's value), the line its ``[`` is on, and its section's lines (line number, text)."""

    name: str
    value: str
    line: int
    section: tuple[tuple[int, str], ...] = ()

    def columns(self) -> list[str]:
        """A table tag's column names: ``Name\\\\6R`` gives ``Name``; an ordering ``+``/``-``
        is dropped."""
        return [c.split("\\")[0].strip().lstrip("+-") for c in self.value.split(";")]

    def table(self, what: str = "PBN") -> tuple[list[str], list[tuple[int, list[str]]]]:
        """A table tag's :meth:`columns` and its rows, each (line, values), ``-`` read as
        ``""``."""
        columns = self.columns()
        rows = []
        for line, text in self.section:
            values = split_row(text, where=f"{what} line {line}")
            rows.append((line, ["" if v == "-" else v for v in values]))
        return columns, rows


@dataclass(frozen=True, slots=True)
class Game:
    """One PBN game: the line it starts on and its tags in file order (a repeated tag once)."""

    line: int
    tags: tuple[Tag, ...]

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name`` (case ignored), or None."""
        key = name.lower()
        return next((t for t in self.tags if t.name.lower() == key), None)

    def value(self, name: str, default: str = "") -> str:
        """The value of the tag called ``name``, or ``default``."""
        t = self.tag(name)
        return default if t is None else t.value


def read_games(path: str | Path, what: str = "PBN file") -> tuple[str, list[Game]]:
    """A PBN file's name and games, read through the gate (size, encodings)."""
    p = Path(path)
    return p.name, parse_games(read_text(p, max_bytes=MAX_TEXT_BYTES, what=what), name=str(p))


class _Scanner:
    """The tokenizer's state as it walks the text line by line."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.games: list[Game] = []
        self.tags: list[Tag] = []
        self.start = 0
        self.previous: dict[str, Tag] = {}
        self.comment_from = 0  # the line a ``{`` comment began on, 0 outside one
        self.pending: list[str] | None = None  # an unfinished tag pair's tokens so far
        self.pending_line = 0

    def fail(self, line: int, why: str) -> InputFileError:
        return InputFileError(f"{self.name} line {line}: {why}")

    def end_game(self) -> None:
        if self.tags:
            if len(self.games) >= MAX_GAMES:
                raise InputFileError(f"{self.name}: more than {MAX_GAMES:,} games; the limit")
            game = Game(self.start, tuple(self.tags))
            self.games.append(game)
            self.previous = {t.name.lower(): t for t in game.tags}
        self.tags = []

    def add_tag(self, name: str, value: str, line: int) -> None:
        key = name.lower()
        have = {t.name.lower() for t in self.tags}
        if key in have and key != "note":  # a game has as many notes as it likes
            if key not in _NEW_GAME:
                return  # PBN 2.1 §3.4: a tag that already occurred is ignored
            self.end_game()
        if not self.tags:
            self.start = line
        if len(self.tags) >= MAX_TAGS:
            raise self.fail(line, f"more than {MAX_TAGS:,} tags in one game")
        if value == "#":  # the previous game's value
            before = self.previous.get(key)
            value, line = (before.value, before.line) if before is not None else ("", line)
        self.tags.append(Tag(name, value, line))

    def add_section_line(self, line: int, text: str) -> None:
        last = self.tags[-1] if self.tags else None
        name = last.name.lower() if last is not None else ""
        takes = name in ("auction", "play") or (name.endswith("table") and name != "table")
        if last is None or not takes:
            raise self.fail(line, f'expected a [Tag "value"] line, found {text[:40]!r}')
        if len(last.section) >= MAX_TAGS:
            raise self.fail(line, f"more than {MAX_TAGS:,} lines under one tag")
        self.tags[-1] = Tag(last.name, last.value, last.line, (*last.section, (line, text)))

    def line(self, number: int, text: str) -> None:
        if self.comment_from:
            end = text.find("}")
            if end < 0:
                return
            self.comment_from = 0
            text = text[end + 1 :]
        elif text.lstrip().startswith("%"):
            return
        elif not text.strip():
            if self.pending is not None:
                raise self.fail(self.pending_line, "a tag pair is not closed with ]")
            self.end_game()
            return
        self.scan(number, text)

    def scan(self, number: int, text: str) -> None:
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch in " \t":
                i += 1
            elif self.pending is not None:
                i = self.tag_token(number, text, i)
            elif ch == ";":
                return
            elif ch == "{":
                end = text.find("}", i + 1)
                if end < 0:
                    self.comment_from = number
                    return
                i = end + 1
            elif ch == "[":
                self.pending, self.pending_line = [], number
                i += 1
            else:  # a section line: a table row, calls, cards (up to a comment)
                rest = text[i:]
                k = _comment_at(rest)
                if rest[:k].strip():
                    self.add_section_line(number, rest[:k].rstrip())
                if k < len(rest) and rest[k] == "{" and rest.find("}", k) < 0:
                    self.comment_from = number
                return

    def tag_token(self, number: int, text: str, i: int) -> int:
        """Read the next token of an unfinished tag pair from ``text[i]`` on."""
        assert self.pending is not None
        got = self.pending
        if not got:
            m = _NAME.match(text, i)
            if m is None:
                raise self.fail(number, f"a tag name is letters and digits, not {text[i:][:20]!r}")
            got.append(m.group())
            return m.end()
        if len(got) == 1:
            if text[i] != '"':
                raise self.fail(number, f"tag {got[0]}: its value is a string in double quotes")
            value, end = _string(text, i + 1)
            if end < 0:
                raise self.fail(number, f"tag {got[0]}: the value's closing quote is missing")
            got.append(value)
            return end
        if text[i] != "]":
            raise self.fail(number, f"tag {got[0]}: expected ] after the value")
        self.pending = None
        self.add_tag(got[0], got[1], self.pending_line)
        return i + 1


def _string(text: str, i: int) -> tuple[str, int]:
    """The string token's value from ``text[i]`` (just after its opening quote) and the index
    after its closing quote; -1 if the line ends first."""
    out: list[str] = []
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n and text[i + 1] in '"\\':
            out.append(text[i + 1])
            i += 2
        elif ch == '"':
            return "".join(out), i + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out), -1


def _comment_at(text: str) -> int:
    """Where a ``;`` or ``{`` comment begins in a section line (outside double quotes), else
    the line's length."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in ";{":
            return i
    return len(text)


def parse_games(text: str, name: str = "PBN") -> list[Game]:
    """The games of PBN ``text`` (see the module's rules); errors name ``name`` and the line.

    >>> g = parse_games('% PBN 2.1\\n[Board "1"] ; a comment\\n{ two\\n\\n lines }\\n'
    ...     '[ScoreTable "PairId_NS\\\\2R;Contract\\\\5L"]\\n 1 "4S X"\\n')[0]
    >>> g.line, g.value("Board"), g.tag("ScoreTable").table()
    (2, '1', (['PairId_NS', 'Contract'], [(7, ['1', '4S X'])]))
    >>> parse_games('[Board "1"]\\n4S N 10\\n', name="f.pbn")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: f.pbn line 2: expected a [Tag "value"] line, found '4S N 10'
    """
    scan = _Scanner(name)
    number = 0
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        scan.line(number, line)
    if scan.pending is not None:
        raise scan.fail(scan.pending_line, "a tag pair is not closed with ]")
    if scan.comment_from:
        raise scan.fail(scan.comment_from, "a { comment is not closed with }")
    del number
    scan.end_game()
    return scan.games


def split_row(text: str, where: str = "PBN") -> list[str]:
    """A table row's values: separated by white space, a value holding a space in double quotes
    (``\\\\"`` a quote inside it).

    >>> split_row(' 1  "NS 1" 4S  -  "O\\'Brien \\\\"Jr\\\\""')
    ['1', 'NS 1', '4S', '-', 'O\\'Brien "Jr"']
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] in " \t":
            i += 1
        elif text[i] == '"':
            value, end = _string(text, i + 1)
            if end < 0:
                raise InputFileError(f"{where}: a value's closing quote is missing")
            out.append(value)
            i = end
        else:
            j = i
            while j < n and text[j] not in " \t":
                j += 1
            out.append(text[i:j])
            i = j
    return out


# -- writing -----------------------------------------------------------------------------------


def escape(value: str) -> str:
    """A tag value as a PBN string's inside: ``\\\\`` for a backslash, ``\\\\"`` for a quote."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def plain(value: str) -> str:
    """A value with no character that needs escaping: a backslash becomes ``/`` and a double
    quote ``'`` (what a results file has always written, which any PBN reader reads)."""
    return value.replace("\\", "/").replace('"', "'")


def tag_line(name: str, value: str) -> str:
    """``[Name "value"]``, the value escaped."""
    return f'[{name} "{escape(value)}"]'


def cell(x: object) -> str:
    """A table value: ``-`` for none, in double quotes (a quote inside as ``'``) if it holds
    white space or a quote.

    >>> cell("NS 1"), cell(""), cell("4S"), cell(None)
    ('"NS 1"', '-', '4S', '-')
    """
    text = "" if x is None else str(x)
    if not text:
        return "-"
    if re.search(r'[\s"]', text):
        return '"' + text.replace('"', "'") + '"'
    return text


def table_lines(
    name: str, columns: Sequence[tuple[str, int, str]], rows: Iterable[Sequence[str]]
) -> list[str]:
    """A table tag (``Name\\\\width`` and ``L``/``R`` for each column, ``;`` between) and its
    rows, each value padded to its column's width and aligned.

    >>> table_lines("ScoreTable", [("PairId_NS", 2, "R"), ("Contract", 5, "L")], [["1", "4S"]])
    ['[ScoreTable "PairId_NS\\\\2R;Contract\\\\5L"]', ' 1 4S']
    """
    head = ";".join(f"{c}\\{w}{a}" for c, w, a in columns)
    out = [f'[{name} "{head}"]']
    for row in rows:
        cells = [v.ljust(w) if a == "L" else v.rjust(w) for v, (_, w, a) in
                 zip(row, columns, strict=True)]  # fmt: skip
        out.append(" ".join(cells).rstrip())
    return out


def file_text(kind: str, games: Iterable[Sequence[str]]) -> str:
    """A PBN 2.1 export file: the ``% PBN 2.1``, ``% EXPORT`` and ``% <kind> by xlbridge``
    lines, then each game's lines followed by a blank line (lines end in ``\\n``)."""
    out = ["% PBN 2.1", "% EXPORT", f"% {kind} by xlbridge", ""]
    for game in games:
        out += [*game, ""]
    return "\n".join(out)
