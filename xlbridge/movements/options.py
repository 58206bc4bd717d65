"""The options of a pairs movement beyond its size, declared once (:class:`MovementOptions`:
``even``, ``arrow_switch``, ``half_table``, ``barometer`` (the kind's barometer form,
movements/barometer.py), ``sit_out`` (an absent pair, movements/absent.py)), and the movement
built from them with a size (``tables``, ``boards_per_round``, ``rounds``): attributes of any
object, such as an argparse namespace or a :class:`MovementArgs`, each checked against what the
kind's generator takes.

Each option is one field of :class:`MovementOptions` whose :class:`OptionSpec` says how the
command line takes it (its flag is the field's name with dashes, its help, choices and
metavar), whether ``rebuild`` may change it and whether the Session sheet's ``Movement
options`` line records it. ``movement``, ``new`` and ``rebuild`` add their flags from it, the
families read and write the line from it and the rebuild adapters take what may change from
it: a new option is a field here and a keyword of the kinds' generators that take it.

>>> from types import SimpleNamespace
>>> from xlbridge.movements.registry import get_kind
>>> build_movement(get_kind("mitchell"), SimpleNamespace(tables=3, boards_per_round=2)).tables
3
>>> [flag_of(name) for name, _spec in option_specs(rebuild=True)]
['--even', '--arrow-switch', '--half-table', '--sit-out']
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from xlbridge.errors import MovementError
from xlbridge.limits import ARROW_SWITCH_ITEMS

if TYPE_CHECKING:
    from xlbridge.movements.model import Movement
    from xlbridge.movements.registry import KindInfo

__all__ = [
    "MovementArgs",
    "MovementOptions",
    "OptionSpec",
    "build_movement",
    "flag_of",
    "option_specs",
    "parse_arrow_switch",
]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """How one movement option is given and kept: its command-line ``help``, ``choices`` and
    ``metavar``; ``switch``: it takes no value (its default is ``False``); ``rebuild``:
    whether ``rebuild`` takes it (a barometer is its kind there, ``--kind barometer-howell``);
    ``recorded``: whether the Session sheet's ``Movement options`` line holds it; ``words``:
    how its value is written there, ``one`` word (spaces dropped) or ``many`` (up to the next
    flag); ``generator``: whether it goes to the kind's generator as a keyword (barometer play
    and an absent pair are applied to the movement built), as ``parse`` makes it from the
    text given (None: as given)."""

    help: str
    switch: bool = False
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    rebuild: bool = True
    recorded: bool = True
    words: Literal["one", "many"] = "one"
    generator: bool = True
    parse: Callable[[str], Any] | None = None


def _option(default: Any, **how: Any) -> Any:
    """A field of :class:`MovementOptions`: its default and its :class:`OptionSpec` (a switch
    when the default is ``False``)."""
    spec = OptionSpec(switch=default is False, **how)
    return dataclasses.field(default=default, metadata={"spec": spec})


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


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementOptions:
    """The options that change a pairs movement beyond its size, each declared once, here;
    ``None`` or ``False``: not given. The one type of them for ``movement``, ``new``, the
    library (:class:`~xlbridge.families.registry.WriteRequest`'s options), the Session sheet
    and ``rebuild``.

    >>> MovementOptions(even="skip", half_table=True).given()
    (('even', 'skip'), ('half_table', True))
    """

    even: str | None = _option(None, choices=("skip", "relay"), help="even-table Mitchell")
    arrow_switch: str | None = _option(
        None, metavar="SPEC", parse=parse_arrow_switch,
        help="none, last, last2, staggered, optimal, or ROUND:TABLE[:BOARD+BOARD],... "
        f"(at most {ARROW_SWITCH_ITEMS[1]} items; optimal searches within a fixed work "
        "budget, so its answer is the same on every machine)",
    )  # fmt: skip
    half_table: bool = _option(False, help="odd number of pairs: NS at the last table sit out")
    barometer: bool = _option(
        False, rebuild=False, recorded=False, generator=False,
        help="barometer play (Howell, Mitchell): every table plays the same boards in a "
        "round, one copy of each board a table; the same as kind barometer-howell or "
        "barometer-mitchell",
    )  # fmt: skip
    sit_out: str | None = _option(
        None, metavar="LABEL", words="many", generator=False,
        help="an odd field: the pair labelled LABEL (as the movement prints it, e.g. 10 or "
        "'EW 3') is absent; the pairs due to meet it sit out those rounds",
    )  # fmt: skip

    @classmethod
    def of(cls, values: Any) -> MovementOptions:
        """The options of ``values``: a mapping by name or an object with them as attributes
        (an argparse namespace); an option missing or ``None`` there is not given.

        >>> MovementOptions.of({"even": "skip", "tables": 8}).even
        'skip'
        """
        mapping = isinstance(values, Mapping)
        got = {
            name: values.get(name) if mapping else getattr(values, name, None)
            for name, _spec in option_specs()
        }
        return cls(**{k: v for k, v in got.items() if v is not None})

    def given(self) -> tuple[tuple[str, Any], ...]:
        """(name, value) of each option given (not ``None`` or ``False``), in declared order."""
        values = ((name, getattr(self, name)) for name, _spec in option_specs())
        return tuple((k, v) for k, v in values if v is not None and v is not False)


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementArgs(MovementOptions):
    """A size and the movement options, as :func:`build_movement` reads them from the library
    (the command line gives its namespace); ``None`` or ``False``: not given.

    >>> from xlbridge.movements.registry import get_kind
    >>> build_movement(get_kind("mitchell"), MovementArgs(tables=3, boards_per_round=2)).tables
    3
    """

    tables: int | None = None
    boards_per_round: int | None = None
    rounds: int | None = None


def option_specs(*, rebuild: bool = False) -> tuple[tuple[str, OptionSpec], ...]:
    """(name, spec) of every movement option of :class:`MovementOptions`, in declared order
    (``rebuild``: only those ``rebuild`` takes).

    >>> [name for name, spec in option_specs() if not spec.recorded]
    ['barometer']
    """
    return tuple(
        (f.name, f.metadata["spec"])
        for f in dataclasses.fields(MovementOptions)
        if not rebuild or f.metadata["spec"].rebuild
    )


def flag_of(name: str) -> str:
    """The command-line flag of the option ``name``.

    >>> flag_of("arrow_switch")
    '--arrow-switch'
    """
    return "--" + name.replace("_", "-")


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
    given = MovementOptions.of(args)
    if given.barometer:
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
    for key in ("boards_per_round", "rounds"):
        value = getattr(args, key, None)
        if value is not None:
            kwargs[key] = value
    specs = dict(option_specs())
    for key, value in given.given():
        spec = specs[key]
        if spec.generator:
            kwargs[key] = value if spec.parse is None else spec.parse(value)
    params = inspect.signature(info.build).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for key in kwargs:
        if key not in params and not takes_any:
            raise _not_for(info, key)
    label = given.sit_out
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
    return MovementError(f"{info.name}: option {flag_of(key)} does not apply to this kind")
