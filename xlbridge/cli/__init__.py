"""The ``xlbridge`` command: a thin layer over the library.

Each command lives in a module of this package that exposes ``register(subparsers)``; the
handler it sets returns an exit status. Any ``XlbridgeError`` becomes one line on standard error
and exit status 2, never a traceback.

Standard output closed early (``xlbridge results FILE.xlsx | head -1``) is not an error: every
command stops quietly, following the recipe of Python's ``signal`` documentation ("Note on
SIGPIPE": flush inside the ``try``, then point standard output at ``os.devnull`` so the flush at
exit cannot fail again), with exit status 141 (:data:`PIPE_CLOSED`), 128 + SIGPIPE, the status a
shell reports for ``yes | head -1``'s ``yes``, and not 1, which this command keeps for a bug.

SIGTERM (what ``timeout``, ``kill`` and service managers send) is handled as Ctrl-C is: the file
being written is removed and the command ends with status 143 (128 + SIGTERM; Ctrl-C gives 130).

Example::

    $ xlbridge score 4S N 10 --vul None
    420
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from xlbridge.cli._args import one_line
from xlbridge.errors import XlbridgeError

__all__ = ["COMMANDS", "COMMAND_MODULES", "PIPE_CLOSED", "Terminated", "build_parser", "main"]

# Modules that add commands, in the order ``--help`` lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "xlbridge.cli.scoring",
    "xlbridge.cli.movement",
    "xlbridge.cli.workbook",
    "xlbridge.cli.results",
    "xlbridge.cli.check",
    "xlbridge.cli.cards",
    "xlbridge.cli.event",
    "xlbridge.cli.deals",
    "xlbridge.cli.swiss",
    "xlbridge.cli.addin",
    "xlbridge.cli.rebuild",
    "xlbridge.cli.bridgemate",
    "xlbridge.cli.club",
    "xlbridge.cli.season",
)

Handler = Callable[[argparse.Namespace], int]

# Exit status when standard output is closed before the command has written it all: 128 +
# SIGPIPE (13), what a program killed by SIGPIPE reports, as `set -o pipefail` expects.
PIPE_CLOSED = 141


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: a ``KeyboardInterrupt``, so that whatever cleans up after Ctrl-C (the
    temporary file of :func:`xlbridge.interchange.files.write_atomically`) runs for it too."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated


def _interrupted(exc: KeyboardInterrupt) -> int:
    """The exit status after Ctrl-C (130) or SIGTERM (143): 128 + the signal, as a shell says."""
    return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)


# The commands each module adds, so that running one command imports only its module (the
# add-in's module pulls in xlwings, ~0.8 s). ``--help`` and unknown words import them all.
COMMANDS: dict[str, str] = {
    "score": "xlbridge.cli.scoring",
    "imps": "xlbridge.cli.scoring",
    "vp": "xlbridge.cli.scoring",
    "traveller": "xlbridge.cli.scoring",
    "movement": "xlbridge.cli.movement",
    "new": "xlbridge.cli.workbook",
    "deal": "xlbridge.cli.deals",
    "deals": "xlbridge.cli.deals",
    "results": "xlbridge.cli.results",
    "check": "xlbridge.cli.check",
    "cards": "xlbridge.cli.cards",
    "event": "xlbridge.cli.event",
    "swiss": "xlbridge.cli.swiss",
    "addin": "xlbridge.cli.addin",
    "import": "xlbridge.cli.rebuild",
    "rebuild": "xlbridge.cli.rebuild",
    "bridgemate": "xlbridge.cli.bridgemate",
    "club": "xlbridge.cli.club",
    "season": "xlbridge.cli.season",
}


_LEFT_BY = "_xlbridge_left_by"  # the parser whose words were left over (a Namespace attribute)


class _Parser(argparse.ArgumentParser):
    """Never takes an abbreviation: ``--eve`` is an error, not ``--event`` (issue 9).

    ``lazy_epilog``: a function that returns the epilog, called when the help is first shown,
    for an epilog that would cost imports at every start (``new`` lists every movement kind).
    """

    def __init__(
        self, *args: Any, lazy_epilog: Callable[[], str] | None = None, **kwargs: Any
    ) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self._lazy_epilog = lazy_epilog

    def format_help(self) -> str:
        if self._lazy_epilog is not None:
            self.epilog, self._lazy_epilog = self._lazy_epilog(), None
        return super().format_help()

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        value = super()._get_values(action, arg_strings)
        if action.nargs is None and action.option_strings and isinstance(value, list):
            # Python 3.11's argparse drops the "--" of "-o=--" and hands the handler [].
            self.error(f"argument {'/'.join(action.option_strings)}: expected one argument")
        return value

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        ns, extras = super().parse_known_args(args, namespace)
        if extras and not hasattr(ns, _LEFT_BY):  # the innermost command that left them
            setattr(ns, _LEFT_BY, self)
        return ns, extras

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        # Words a command does not take are that command's error, not the top parser's, with
        # the option nearest a typo (issue 31: "xlbridge new: ... did you mean --tables?").
        ns, extras = self.parse_known_args(args, namespace)
        owner = vars(ns).pop(_LEFT_BY, self)
        if extras:
            from xlbridge.cli._typos import unknown_options

            options = [s for a in owner._actions for s in a.option_strings]
            owner.error(unknown_options(extras, options))
        return ns

    def error(self, message: str) -> None:  # type: ignore[override]
        # One line, whatever the argument held (issue 15); the usage is one --help away.
        from xlbridge.cli._typos import with_choice_hint

        message = with_choice_hint(message)
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser, every command registered (only ``command``'s module when given).

    >>> build_parser().parse_args(["score", "4S", "N", "10", "--vul", "None"]).command
    'score'
    """
    parser = _Parser(
        prog="xlbridge",
        description="Bridge scoring office: scores, movements, session workbooks, Excel add-in.",
        epilog="Example: xlbridge new mitchell --tables 7 -o session.xlsx",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        default=argparse.SUPPRESS,
        help="show program's version number and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    wanted = COMMANDS.get(command or "")
    for name in COMMAND_MODULES:
        if wanted is not None and name != wanted:
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # a command module not written yet
            raise
        module.register(sub)
    return parser


class _Version(argparse.Action):
    """``--version``: looked up only when asked (importlib.metadata costs ~20 ms a start)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(_version())
        parser.exit()


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from xlbridge.errors import DISTRIBUTION

    try:
        return f"xlbridge {version(DISTRIBUTION)}"
    except PackageNotFoundError:
        return "xlbridge (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (:data:`PIPE_CLOSED` when standard output
    was closed early, quietly; 130 after Ctrl-C, 143 after SIGTERM)."""
    try:
        previous: Any = signal.signal(signal.SIGTERM, _on_sigterm)
        installed = True
    except ValueError:  # not the main thread: signals stay as they are
        installed = False
    try:
        try:
            return _main(argv)
        finally:  # inside the try, so a reader gone away shows here, not at exit
            sys.stdout.flush()
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    except BrokenPipeError:
        try:
            fd = sys.stdout.fileno()
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
        except (OSError, ValueError):  # standard output with no file descriptor
            pass
        return PIPE_CLOSED
    finally:
        if installed:
            signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _main(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words else None)
    args = parser.parse_args(words)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except XlbridgeError as exc:
        print(f"xlbridge {args.command}: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # standard output closed early: main() ends quietly
    except OSError as exc:
        text = f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")
        print(f"xlbridge {args.command}: error: {one_line(text)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        return _interrupted(exc)
    except Exception as exc:  # a bug: still one line, never a traceback (issue 15)
        if os.environ.get("XLBRIDGE_DEBUG"):
            raise
        print(
            f"xlbridge {args.command}: internal error: {type(exc).__name__}: "
            f"{one_line(str(exc), 200)} (a bug; please report it; XLBRIDGE_DEBUG=1 shows more)",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
