"""A club's names file: one row per pair, player or team (its label or number, then the names),
read through the gate. Names stay text: every workbook writes them as text, never as formulas.

>>> numbered({"pair": (), "3": ("Ann Lee",)}, "team", headers=("team", "pair"))
{3: ('Ann Lee',)}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from xlbridge.errors import InputFileError, WorkbookError
from xlbridge.interchange.csvio import csv_lines
from xlbridge.interchange.gate import read_text
from xlbridge.limits import NAME_TEXT, PLAYERS_TEXT
from xlbridge.workbook.text import unsafe_char

__all__ = [
    "MAX_NAMES_BYTES",
    "MAX_NAME_CHARS",
    "NamedPlayer",
    "numbered",
    "read_names",
    "read_player_names",
]

MAX_NAMES_BYTES = 1_000_000  # a names file of a few hundred pairs is a few kB
MAX_NAME_CHARS = NAME_TEXT


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
    text = read_text(p, max_bytes=MAX_NAMES_BYTES, what="names file")
    out: dict[str, tuple[str, ...]] = {}
    try:
        rows = list(csv_lines(text, what=f"names file {str(p)!r}"))
    except InputFileError as exc:
        raise WorkbookError(str(exc)) from None
    for n, row in rows:
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if n == 1 and cells[0].lower() in ("pair", "pair number", "label"):
            continue
        key, names = cells[0], tuple(c for c in cells[1:3])
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
