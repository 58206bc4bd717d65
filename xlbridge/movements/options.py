"""A movement built from the options ``movement``, ``new`` and ``rebuild`` take (``tables``,
``boards_per_round``, ``rounds``, ``even``, ``arrow_switch``, ``half_table``, ``barometer``
(the kind's barometer form, movements/barometer.py), ``sit_out`` (an absent pair,
movements/absent.py): attributes of any
object, such as an argparse namespace), each checked against what the kind's generator takes.

>>> from types import SimpleNamespace
>>> from xlbridge.movements.registry import get_kind
>>> build_movement(get_kind("mitchell"), SimpleNamespace(tables=3, boards_per_round=2)).tables
3
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from xlbridge.errors import MovementError
from xlbridge.limits import ARROW_SWITCH_ITEMS
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import KindInfo

__all__ = ["MovementArgs", "build_movement", "parse_arrow_switch"]


@dataclass(frozen=True, slots=True)
class MovementArgs:
    """The movement options :func:`build_movement` reads, as the library gives them (the
    command line gives its namespace); ``None`` or ``False``: not given.

    >>> from xlbridge.movements.registry import get_kind
    >>> build_movement(get_kind("mitchell"), MovementArgs(tables=3, boards_per_round=2)).tables
    3
    """

    tables: int | None = None
    boards_per_round: int | None = None
    rounds: int | None = None
    even: str | None = None
    arrow_switch: str | None = None
    half_table: bool = False
    barometer: bool = False
    sit_out: str | None = None


def parse_arrow_switch(text: str) -> str | list[tuple[int, int] | tuple[int, int, list[int]]]:
    """``last`` etc. unchanged, or ``"7:1,7:2:13+14"`` as (round, table[, boards]) items.

    >>> parse_arrow_switch("7:1,7:2:13+14")
    [(7, 1), (7, 2, [13, 14])]
    """
    text = text.strip()
    if ":" not in text:
        return text
    parts = text.split(",")
    if len(parts) > ARROW_SWITCH_ITEMS[1]:
        raise MovementError(f"arrow switch: {len(parts)} items; at most {ARROW_SWITCH_ITEMS[1]}")
    items: list[tuple[int, int] | tuple[int, int, list[int]]] = []
    for part in parts:
        bits = part.strip().split(":")
        nums = [*bits[:2], *(bits[2].split("+") if len(bits) == 3 else [])]
        # ASCII digits, at most 4 of them: int() would take "٣" and choke on 5000 digits.
        if len(bits) not in (2, 3) or not all(
            n.strip().isascii() and n.strip().isdigit() and len(n.strip()) <= 4 for n in nums
        ):
            shown = part if len(part) <= 30 else part[:27] + "..."
            raise MovementError(
                f"arrow switch item {shown!r}: write ROUND:TABLE or ROUND:TABLE:BOARD+BOARD"
            )
        if len(bits) == 2:
            items.append((int(bits[0]), int(bits[1])))
        else:
            items.append((int(bits[0]), int(bits[1]), [int(b) for b in bits[2].split("+")]))
    return items


def build_movement(info: KindInfo, args: Any) -> Movement:
    """Call the kind's generator with the options given on the command line (``movement`` and
    ``new`` both build through here). An option the kind does not take is an error naming it.

    >>> from types import SimpleNamespace
    >>> from xlbridge.movements.registry import get_kind
    >>> ns = SimpleNamespace(tables=7, boards_per_round=3, even="skip")
    >>> build_movement(get_kind("howell"), ns)
    Traceback (most recent call last):
    ...
    xlbridge.errors.MovementError: howell: option --even does not apply to this kind
    """
    if getattr(args, "barometer", False):
        from xlbridge.movements.barometer import barometer_name
        from xlbridge.movements.registry import get_kind

        info = get_kind(barometer_name(info.name))
    tables = getattr(args, "tables", None)
    if tables is None:
        raise MovementError(f"{info.name}: give the number of tables with --tables")
    if tables < 1 or not info.supports(tables):
        raise MovementError(
            f"{info.name}: {tables} tables is not supported (supported: {info.tables})"
        )
    kwargs: dict[str, Any] = {"tables": tables}
    for key in ("boards_per_round", "rounds", "even"):
        value = getattr(args, key, None)
        if value is not None:
            kwargs[key] = value
    spec = getattr(args, "arrow_switch", None)
    if spec is not None:
        kwargs["arrow_switch"] = parse_arrow_switch(spec)
    if getattr(args, "half_table", False):
        kwargs["half_table"] = True
    params = inspect.signature(info.build).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for key in kwargs:
        if key not in params and not takes_any:
            raise _not_for(info, key)
    label = getattr(args, "sit_out", None)
    try:
        built = info.build(**kwargs)
    except TypeError as exc:  # a generator taking **kw passed on an option it has no use for
        for key in kwargs:
            if f"'{key}'" in str(exc):
                raise _not_for(info, key) from None
        raise
    if label is None:
        return built
    from xlbridge.movements.absent import absent

    return absent(built, label)


def _not_for(info: KindInfo, key: str) -> MovementError:
    return MovementError(
        f"{info.name}: option --{key.replace('_', '-')} does not apply to this kind"
    )
