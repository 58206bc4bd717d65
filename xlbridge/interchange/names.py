"""A club's names file: one row per pair, player or team (its label or number, then the names),
read through the gate. Names stay text: every workbook writes them as text, never as formulas.

>>> numbered({"pair": (), "3": ("Ann Lee",)}, "team", headers=("team", "pair"))
{3: ('Ann Lee',)}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import InputFileError, WorkbookError
from xlbridge.interchange.csvio import csv_lines
from xlbridge.interchange.gate import read_text
from xlbridge.limits import HANDICAP, MASTERPOINTS, MEMBER_NUMBER_TEXT, NAME_TEXT, PLAYERS_TEXT
from xlbridge.text import unsafe_char

__all__ = [
    "MAX_NAMES_BYTES",
    "MAX_NAME_CHARS",
    "NamedPlayer",
    "check_player",
    "numbered",
    "read_names",
    "read_player_names",
    "read_players",
]

MAX_NAMES_BYTES = 1_000_000  # a names file of a few hundred pairs is a few kB
MAX_NAME_CHARS = NAME_TEXT
NUMBER_CHARS = MEMBER_NUMBER_TEXT
HANDICAP_RANGE = (float(HANDICAP[0]), float(HANDICAP[1]))  # the register's range
MASTERPOINTS_MAX = float(MASTERPOINTS[1])
# The names file's columns after the key, by header text (lower case): which field of which
# player (0-based).
_PAIR_COLUMNS = {
    f"{what} {i + 1}": (field_, i)
    for i in range(2)
    for what, field_ in (("player", "name"), ("number", "number"), ("handicap", "handicap"),
                         ("masterpoints", "masterpoints"))
}  # fmt: skip
_PLAYER_COLUMNS = {w: (w, 0) for w in ("name", "number", "handicap", "masterpoints")}
_KEYS = ("pair", "pair number", "label", "player", "player number", "number", "no")


@dataclass(frozen=True, slots=True)
class NamedPlayer:
    """A player as a names file or the club register gives them: the name, the federation
    (national) number as text, the handicap (percentage points) and masterpoints (stratum data),
    each empty where not known.

    >>> NamedPlayer("Ann Lee", "12345")
    NamedPlayer(name='Ann Lee', number='12345', handicap=None, masterpoints=None)
    """

    name: str
    number: str = ""
    handicap: float | None = None
    masterpoints: float | None = None


def check_player(player: NamedPlayer, where: str) -> NamedPlayer:
    """``player`` with its number, handicap and masterpoints range-checked (one line naming
    ``where`` when not): the number is text of at most 20 characters (``"00123"`` keeps its
    zeros), the handicap within ±50 percentage points, the masterpoints 0 to 1,000,000.

    >>> check_player(NamedPlayer("Ann", "00123", -2.5, 310), "pair 1")
    NamedPlayer(name='Ann', number='00123', handicap=-2.5, masterpoints=310)
    >>> check_player(NamedPlayer("Ann", masterpoints=-1), "pair 1")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: pair 1: masterpoints -1 is not between 0 and 10000000
    """
    number = player.number
    why = unsafe_char(number) or (
        f"is over {NUMBER_CHARS} characters" if len(number) > NUMBER_CHARS else ""
    )
    if why:
        raise WorkbookError(f"{where}: number {number[:20]!r} {why}")
    for what, value, (low, high) in (
        ("handicap", player.handicap, HANDICAP_RANGE),
        ("masterpoints", player.masterpoints, (0.0, MASTERPOINTS_MAX)),
    ):
        if value is not None and not (math.isfinite(value) and low <= value <= high):
            raise WorkbookError(
                f"{where}: {what} {value:.10g} is not between {low:.10g} and {high:.10g}"
            )
    return player


def _number(text: str, what: str) -> float | None:
    if not text:
        return None
    try:
        value = float(text.replace(",", "")) if text.isascii() else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise WorkbookError(f"{what}: {text[:20]!r} is not a number")
    return value


def read_players(path: str | Path) -> dict[str, tuple[NamedPlayer, ...]]:
    """Pair label (or player number) -> its players with their federation numbers, handicaps
    and masterpoints, from a names file whose header row names the columns:
    ``pair,player 1,player 2,number 1,number 2,handicap 1,handicap 2,masterpoints 1,
    masterpoints 2`` (pairs; any subset after ``player 2``, any order) or ``player,name,number,
    handicap,masterpoints`` (individuals). A file without a header row gives the names only,
    as :func:`read_names` reads them. Numbers stay text (``00123`` keeps its zeros).

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "n.csv")
    >>> _ = open(f, "w").write("pair,player 1,player 2,number 2,handicap 1\\n1,Ann,Bo,00123,-2\\n")
    >>> read_players(f)["1"]  # doctest: +NORMALIZE_WHITESPACE
    (NamedPlayer(name='Ann', number='', handicap=-2.0, masterpoints=None),
     NamedPlayer(name='Bo', number='00123', handicap=None, masterpoints=None))
    """
    p = Path(path)
    rows = _rows(p)
    head = rows[0][1] if rows else []
    cells = [c.strip().lower() for c in head]
    columns = _PLAYER_COLUMNS if cells[1:2] == ["name"] else _PAIR_COLUMNS
    if not cells or cells[0] not in _KEYS or not any(c in columns for c in cells[1:]):
        return {k: tuple(NamedPlayer(n) for n in v) for k, v in read_names(p).items()}
    where = f"names file {str(p)!r}"
    for c in cells[1:]:
        if c and c not in columns:
            known = ", ".join(columns)
            raise WorkbookError(f"{where}: column {c[:30]!r} is not one of {known}")
    if len(set(cells)) < len(cells):
        raise WorkbookError(f"{where}: a column is named twice in the header row")
    names = read_names(p)
    out: dict[str, tuple[NamedPlayer, ...]] = {}
    for n, row in rows[1:]:
        row = [c.strip() for c in row]
        if not any(row) or row[0] not in names:
            continue
        fields: list[dict[str, str]] = [{}, {}]
        for head_text, value in zip(cells[1:], row[1:], strict=False):
            field_, i = columns[head_text]
            fields[i][field_] = value
        count = 1 if columns is _PLAYER_COLUMNS else 2
        players = tuple(
            check_player(
                NamedPlayer(
                    f.get("name", ""), f.get("number", ""),
                    _number(f.get("handicap", ""), f"{where} line {n}"),
                    _number(f.get("masterpoints", ""), f"{where} line {n}"),
                ),
                f"{where} line {n}",
            )
            for f in fields[:count]
        )  # fmt: skip
        out[row[0]] = players
    return out


def _rows(p: Path) -> list[tuple[int, list[str]]]:
    text = read_text(p, max_bytes=MAX_NAMES_BYTES, what="names file")
    try:
        return list(csv_lines(text, what=f"names file {str(p)!r}"))
    except InputFileError as exc:
        raise WorkbookError(str(exc)) from None


def read_names(path: str | Path) -> dict[str, tuple[str, ...]]:
    """Pair label (or number) -> player names, from a CSV file (UTF-8, or what Excel saves).

    A header row is skipped when its first field is ``pair``. Names stay text: the workbook
    writes them as text, never as formulas.

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "n.csv")
    >>> _ = open(f, "w").write("pair,player 1,player 2\\nNS 1,Ann Lee,Bo Chan\\n3,=SUM(1),\\n")
    >>> read_names(f)
    {'NS 1': ('Ann Lee', 'Bo Chan'), '3': ('=SUM(1)',)}
    """
    p = Path(path)
    out: dict[str, tuple[str, ...]] = {}
    rows = _rows(p)
    # A header naming the individual's columns (player,name,number,...): the name only.
    one = (
        bool(rows)
        and [c.strip().lower() for c in rows[0][1][1:2]] == ["name"]
        and any(c.strip().lower() in _PLAYER_COLUMNS for c in rows[0][1][2:])
    )
    for n, row in rows:
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if n == 1 and cells[0].lower() in ("pair", "pair number", "label"):
            continue
        key, names = cells[0], tuple(c for c in cells[1 : 2 if one else 3])
        if not key:
            raise WorkbookError(f"names file {str(p)!r} line {n}: the pair is missing")
        # A team's players share its second field: PLAYERS_TEXT, as new and rebuild allow.
        for c, most in zip((key, *names), (NAME_TEXT, NAME_TEXT, PLAYERS_TEXT), strict=False):
            why = unsafe_char(c) or (f"is over {most} characters" if len(c) > most else "")
            if why:
                raise WorkbookError(f"names file {str(p)!r} line {n}: {c[:20]!r} {why}")
        if key in out:
            raise WorkbookError(f"names file {str(p)!r} line {n}: pair {key} twice")
        out[key] = tuple(x for x in names if x) if any(names) else ()
    return out


def read_player_names(path: str | Path) -> dict[int, str]:
    """Player number -> name, from a CSV file with one row per player (``player,name``).

    A header row whose first field is ``player`` is skipped; a first and a last name in two
    fields are joined. Reading and decoding are :func:`read_names`'s.

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "n.csv")
    >>> _ = open(f, "w").write("player,name\\n1,Ann Lee\\n2,=SUM(1)\\n3,Bo,Chan\\n")
    >>> read_player_names(f)
    {1: 'Ann Lee', 2: '=SUM(1)', 3: 'Bo Chan'}
    """
    out: dict[int, str] = {}
    for key, names in read_names(path).items():
        if key.lower() in ("player", "player number", "number", "no"):
            continue
        if not key.isdigit() or not key.isascii():
            raise WorkbookError(
                f"names file {str(path)!r}: {key[:20]!r} is not a player number "
                "(one row per player: number, name)"
            )
        if int(key) in out:  # "1" and "01": one player, one row would be lost
            raise WorkbookError(f"names file {str(path)!r}: player {int(key)} twice")
        out[int(key)] = " ".join(names)
    return out


def numbered(
    names: Mapping[str, tuple[str, ...]], word: str, *, headers: tuple[str, ...]
) -> dict[int, tuple[str, ...]]:
    """The rows of a names file keyed by number (teams, Marvin pairs), a header row skipped."""
    out: dict[int, tuple[str, ...]] = {}
    for key, value in names.items():
        if key.lower() in headers:
            continue
        if not key.isdigit() or not key.isascii():
            raise WorkbookError(f"names file: {key[:20]!r} is not a {word} number")
        if int(key) in out:  # "3" and "03": one row would be lost
            raise WorkbookError(f"names file: {word} {int(key)} twice")
        out[int(key)] = value
    return out
