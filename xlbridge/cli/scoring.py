"""Scoring commands: ``score``, ``imps``, ``vp``, ``traveller``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from xlbridge.cli._args import float_arg, int_arg, path_arg, range_help
from xlbridge.errors import InputFileError, ScaleError
from xlbridge.limits import BOARD_NUMBER, DATUM, EXPECTED, IMP_POINTS, MATCH_BOARDS, TRIM, VP_MARGIN
from xlbridge.scoring.contract import score
from xlbridge.scoring.imp_pairs import BOARD_METHODS, CROSS_IMP_DIVISORS
from xlbridge.scoring.imp_pairs import DATUM_ROUNDING as DATUM_ROUNDINGS
from xlbridge.scoring.imps import imps
from xlbridge.scoring.vp import VP_SCALES, vp


def register(sub: Any) -> None:
    """Add the scoring commands to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "score",
        help="NS score of one board (Law 77)",
        description="Print North-South's score for a contract, declarer and result.",
        epilog="Example: xlbridge score 4S N 10 --vul None   -> 420\n"
        "         xlbridge score 3NTX E -2 --board 7  -> 500",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("contract", help="4S, 3NT, 4HX, 6CXX, PASS ...")
    p.add_argument("declarer", help="N, E, S or W")
    p.add_argument("result", help="tricks taken (0-13), or =, +1, -2")
    vul = p.add_mutually_exclusive_group(required=True)
    vul.add_argument("--vul", help="None, NS, EW or All")
    vul.add_argument(
        "--board",
        type=int_arg("board", BOARD_NUMBER),
        help=range_help("board number (gives the vulnerability)", BOARD_NUMBER),
    )
    p.set_defaults(handler=_score)

    p = sub.add_parser(
        "imps",
        help="IMPs for a points difference (WBF scale)",
        description="Print the IMPs for a difference in points, signed.",
        epilog="Example: xlbridge imps 420   -> 9",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "points",
        type=int_arg("points", IMP_POINTS),
        help=range_help("difference in points", IMP_POINTS),
    )
    p.set_defaults(handler=_imps)

    p = sub.add_parser(
        "vp",
        help="victory points for a match margin",
        description="Print the victory points of the side with the margin, then of its opponents."
        " A negative margin is a loss. Scales: wbf (WBF 2013 continuous, concavity rule),"
        " wbf-raw (formula rounded only), wbf-discrete, acbl20, acbl30 (6-11 boards),"
        " seed-imp (Party Bridge IMP table), chicago-swiss and chicago-marathon (Party Bridge"
        " tables of Chicago net points; the margin is in points).",
        epilog="Example: xlbridge vp 5 --boards 8                -> 12.05 7.95\n"
        "         xlbridge vp 12 --boards 7 --scale acbl20  -> 15 5\n"
        "         xlbridge vp 600 --scale chicago-swiss     -> 15 5",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "margin",
        type=float_arg("margin", VP_MARGIN),
        help=range_help("IMPs won by (negative: lost by)", VP_MARGIN),
    )
    p.add_argument(
        "--boards",
        type=int_arg("boards", MATCH_BOARDS),
        help=range_help("boards in the match (needed by the wbf and acbl scales)", MATCH_BOARDS),
    )
    p.add_argument("--scale", default="wbf", choices=VP_SCALES, help="VP scale (default wbf)")
    p.set_defaults(handler=_vp)

    p = sub.add_parser(
        "traveller",
        help="score one board's results across the field (matchpoints, Butler, cross-IMPs)",
        description="Read one board's results as CSV (a file, or standard input) and print the"
        " scored traveller. Header: ns,ew,contract,declarer,result or ns,ew,score; an optional"
        " adjusted column takes A, A+, A-, A+/A- or 60/40 (NS/EW percent of the top). Rows are"
        " counted from the first result after the header; a board column (a session's results,"
        " as import takes them) gives --board's rows only. Adjusted rows are left out of the"
        " comparison and the other results are factored up to the full top (Neuberg). The file"
        " may be UTF-8, UTF-16 or Windows-1252 (as Excel saves CSV), up to 4 MB and 10,000 rows."
        " CSV output puts an apostrophe before text fields a spreadsheet would run as a formula"
        " (=, +, -, @); numbers such as -50 stay numbers.",
        epilog="Example: printf 'ns,ew,score\\n1,1,420\\n2,2,450\\n3,3,-50\\n' |"
        " xlbridge traveller --board 1 --method mp\n"
        "         xlbridge traveller --board 7 --method butler --format json results.csv",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "file",
        nargs="?",
        type=path_arg("CSV file"),
        default="-",
        help="CSV file (default: standard input)",
    )
    p.add_argument(
        "--board",
        required=True,
        type=int_arg("board", BOARD_NUMBER),
        help=range_help("board number", BOARD_NUMBER),
    )
    p.add_argument("--method", required=True, choices=BOARD_METHODS, help="mp, butler or ximp")
    p.add_argument(
        "--scale", default="acbl", choices=("acbl", "ebu"), help="matchpoint scale (default acbl)"
    )
    p.add_argument(
        "--expected",
        type=int_arg("expected", EXPECTED),
        help=range_help("results expected on the board (Neuberg)", EXPECTED),
    )
    p.add_argument("--vul", help="vulnerability if not the board's: None, NS, EW or All")
    p.add_argument(
        "--trim",
        type=int_arg("trim", TRIM),
        help=range_help("Butler: scores dropped from each end", TRIM),
    )
    p.add_argument(
        "--datum", type=int_arg("datum", DATUM), help=range_help("Butler: a fixed datum", DATUM)
    )
    p.add_argument(
        "--datum-rounding",
        default="half-away",
        choices=DATUM_ROUNDINGS,
        help="Butler: where the datum's exact 5 goes (default half-away: 425 -> 430, -425 -> "
        "-430; half-even: ACBLscore, 425 -> 420; half-up: -425 -> -420)",
    )
    p.add_argument(
        "--divisor",
        default="comparisons",
        choices=CROSS_IMP_DIVISORS,
        help="cross-IMPs: divide by comparisons (default), results, or not at all (total)",
    )
    p.add_argument("--format", default="text", choices=("text", "csv", "json"))
    p.set_defaults(handler=_traveller)


def _score(args: argparse.Namespace) -> int:
    vul: str | int = args.board if args.board is not None else args.vul
    print(score(args.contract, args.declarer, args.result, vul))
    return 0


def _imps(args: argparse.Namespace) -> int:
    print(imps(args.points))
    return 0


def _vp(args: argparse.Namespace) -> int:
    boards = args.boards
    if boards is None:
        if args.scale.startswith(("wbf", "acbl")):
            raise ScaleError(f"the {args.scale} VP scale needs --boards N")
        boards = 1
    win, lose = vp(args.margin, boards, args.scale)
    places = 2 if args.scale in ("wbf", "wbf-raw") else 0
    print(f"{win:.{places}f} {lose:.{places}f}")
    return 0


def _traveller(args: argparse.Namespace) -> int:
    # The file gate and the traveller reader load only when a traveller is scored.
    from xlbridge.interchange.gate import decode_text, read_stream_bytes, read_text
    from xlbridge.results.traveller import (
        MAX_TRAVELLER_BYTES,
        format_traveller,
        implausible_results,
        read_traveller,
        score_traveller,
    )

    what = "traveller CSV"
    if args.file != "-":
        text = read_text(args.file, max_bytes=MAX_TRAVELLER_BYTES, what=what)
    elif hasattr(sys.stdin, "buffer"):
        data = read_stream_bytes(sys.stdin.buffer, max_bytes=MAX_TRAVELLER_BYTES, what=what)
        text = decode_text(data, what=what)
    else:  # standard input replaced by a text stream (tests, embedding)
        text = sys.stdin.read(MAX_TRAVELLER_BYTES + 1)
        if len(text) > MAX_TRAVELLER_BYTES:
            raise InputFileError(f"{what} <stdin> is longer than {MAX_TRAVELLER_BYTES:,} bytes")
    name = "<stdin>" if args.file == "-" else Path(args.file).name
    rows = read_traveller(text, args.board, args.vul, name=name)
    scored = score_traveller(
        rows,
        board=args.board,
        method=args.method,
        scale=args.scale,
        expected=args.expected,
        trim=args.trim,
        datum=args.datum,
        divisor=args.divisor,
        rounding=args.datum_rounding,
    )
    print(format_traveller(scored, rows, args.format))
    for line in implausible_results(rows, name):  # scored as typed; named, as `results` does
        print(f"xlbridge traveller: {line}", file=sys.stderr)
    return 0
