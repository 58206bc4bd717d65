"""The ``addin`` command: install the Excel add-in, show its status, write a demo workbook, write
the functions for xlwings Lite.

Exit status: 0 done (``status``: ready); 1 ``status`` found it not installed; 2 an error, or
Excel cannot run here (Linux, Mac: the classic add-in needs Excel on Windows), said in one line.
The engine (:mod:`xlbridge.excel`) is imported by the handlers, so that registering this command
costs nothing: the demo needs openpyxl and the functions (xlwings, when installed).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from xlbridge.cli._args import path_arg

if TYPE_CHECKING:
    from xlbridge.excel.install import AddinStatus

_EXIT = (
    "exit status: 0 done (status: ready), 1 not installed (status), 2 error or no Excel here\n"
    "(the add-in needs Excel on Windows; on Linux and Mac install and status say so, exit 2)"
)


def register(sub: Any) -> None:
    """Add ``xlbridge addin install|status|demo|lite`` to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "addin",
        help="Excel add-in with the BRIDGE_* functions: install, status, demo, lite",
        description="The xlwings add-in that puts =BRIDGE_SCORE(), =BRIDGE_MP(), =BRIDGE_IMP(),"
        " =BRIDGE_VP() and more into any Excel workbook (Windows); 'lite' writes the same"
        " functions for xlwings Lite (Excel on Windows, Mac and the web).",
        epilog="Example: xlbridge addin install\n         xlbridge addin demo -o demo.xlsm\n"
        "         xlbridge addin lite -o bridge-lite\n\n" + _EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    p.set_defaults(handler=lambda args: _usage(p))

    a = actions.add_parser(
        "install",
        help="install the xlwings add-in and the BRIDGE_* functions (Windows)",
        description="Install the xlwings add-in, set UDF MODULES to xlbridge.udf in"
        " ~/.xlwings/xlwings.conf, and install xlbridge.xlam so the functions work in any"
        " workbook.",
        epilog='Example: xlbridge addin install   then in Excel: =BRIDGE_SCORE("4S","N",10,"None")'
        "\n\n" + _EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    a.set_defaults(handler=_install)

    a = actions.add_parser(
        "status",
        help="say what is installed and where (Windows)",
        description="Report xlwings, the add-ins in Excel's start-up folder and the settings.",
        epilog="Example: xlbridge addin status\n\n" + _EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    a.set_defaults(handler=_status)

    a = actions.add_parser(
        "demo",
        help="write a demo workbook that uses every function",
        description="Write a workbook that uses every BRIDGE_* function beside the values"
        " xlbridge computes. FILE.xlsm: xlwings' standalone layout (its code inside, settings"
        " on the xlwings.conf sheet; needs xlwings). FILE.xlsx: formulas only, for use with the"
        " installed add-in.",
        epilog="Example: xlbridge addin demo -o bridge-functions.xlsm\n\n" + _EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _output(a, "FILE", "FILE.xlsm or .xlsx", "replace FILE if it exists")
    a.set_defaults(handler=_demo)

    a = actions.add_parser(
        "lite",
        help="write the functions for xlwings Lite (Excel on Windows, Mac and the web)",
        description="Write FOLDER with what xlwings Lite needs, nothing to install from a package"
        " index: personal/xlbridge (the standard-library modules the functions use, to upload"
        " in Lite as personal modules), main.py (the BRIDGE_* functions under Lite's"
        " decorators) and README.txt (the steps). Lite needs Excel from Microsoft 365 or"
        " Office 2021 or later (Windows, Mac), or Excel on the web.",
        epilog="Example: xlbridge addin lite -o bridge-lite\n"
        "         then upload bridge-lite/personal in Lite (Files > Import/Export), Restart,"
        " and paste bridge-lite/main.py into Lite's main.py\n\n" + _EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _output(
        a, "FOLDER", "the folder to write (new, or empty)", "write into FOLDER if it is not empty"
    )
    a.set_defaults(handler=_lite)


def _output(parser: argparse.ArgumentParser, metavar: str, what: str, force: str) -> None:
    """``-o/--output`` (required) and ``--force``, as every writer of the command has them."""
    parser.add_argument(
        "-o", "--output", type=path_arg("output"), required=True, metavar=metavar, help=what
    )
    parser.add_argument("--force", action="store_true", help=force)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _install(args: argparse.Namespace) -> int:
    from xlbridge.excel.install import install

    for line in install():
        print(line)
    return 0


def status() -> AddinStatus:
    """What is installed (the engine's :func:`xlbridge.excel.install.status`, here)."""
    from xlbridge.excel.install import status as look

    return look()


def _status(args: argparse.Namespace) -> int:
    report = status()
    for line in report.lines():
        print(line)
    return 0 if report.ready else 1


def _demo(args: argparse.Namespace) -> int:
    from xlbridge.excel.demo import write_demo

    print(f"wrote {write_demo(args.output, force=args.force)}")
    return 0


def _lite(args: argparse.Namespace) -> int:
    from xlbridge.excel.lite import MAIN, PERSONAL, README, write_lite

    written = write_lite(args.output, force=args.force)
    print(
        f"wrote {args.output}: {MAIN}, {README} and {len(written) - 2} modules in"
        f" {PERSONAL}/xlbridge; follow {README} (no package to install)"
    )
    return 0
