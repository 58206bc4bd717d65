"""The ``xlbridge`` command: a thin layer over the library.

Each command lives in a module of this package that exposes ``register(subparsers)``; the
handler it sets returns an exit status. Any ``XlbridgeError`` becomes one line on standard error
and exit status 2, never a traceback.

Example::

    $ xlbridge score 4S N 10 --vul None
    420
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from xlbridge.errors import XlbridgeError

__all__ = ["COMMAND_MODULES", "build_parser", "main"]

# Modules that add commands, in the order ``--help`` lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "xlbridge.cli.scoring",
    "xlbridge.cli.movement",
    "xlbridge.cli.workbook",
    "xlbridge.cli.addin",
)

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, every command registered."""
    parser = _Parser(
        prog="xlbridge",
        description="Bridge scoring office: scores, movements, session workbooks, Excel add-in.",
        epilog="Example: xlbridge new mitchell --tables 7 -o session.xlsx",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # a command module not written yet
            raise
        module.register(sub)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"xlbridge {version('xlbridge')}"
    except PackageNotFoundError:
        return "xlbridge (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except XlbridgeError as exc:
        print(f"xlbridge {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(
            f"xlbridge {args.command}: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(
                ": "
            ),
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
