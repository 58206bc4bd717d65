"""The ``results`` command: read a filled workbook, score it again, check it, publish it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from xlbridge.cli._args import path_arg, text_arg
from xlbridge.errors import ScaleError, WorkbookError
from xlbridge.limits import NAME_TEXT
from xlbridge.scoring.choices import OUTPUT_FORMATS, OutputFormat
from xlbridge.scoring.masterpoints import MASTERPOINT_SCALES

FORMATS: tuple[OutputFormat, ...] = OUTPUT_FORMATS
# The ABF's masterpoint credit file (issue 32): its layout is published, its award rule for club
# sessions not whole; asked for, it is refused in one line (_refuse_abf).
ABF = "abf"
TABLES = ("standings", "results", "barometer")


def register(sub: Any) -> None:
    """Add the ``results`` command to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "results",
        help="score a filled session workbook again, check its formulas, publish the results",
        description="Read the entries of a filled session workbook (never changing it), score"
        " every board again in Python, list every cell whose stored formula value disagrees"
        " (a formula typed over or damaged), and print or write the results: a text or CSV"
        " ranking, JSON, an HTML results page, USEBIO XML (EBU) or PBN with score tables."
        " Reads pairs, individuals, teams and social (rubber, Chicago, four to six players)"
        " workbooks; USEBIO is for pairs, individuals and teams (IMPs into VPs, point-a-board),"
        " PBN for pairs and individuals (USEBIO: each player's member number from the Names"
        " sheet; a player without one is named on standard error)."
        " Every problem the"
        " workbook's Checks sheet lists (a score typed over the computed one and not marked OK,"
        " a missing result or declarer, a row that cannot be scored) is listed once by sheet,"
        " board and row (in the text report, else on standard error), and every output marks"
        " the session and those rows as provisional; with none open the results are final."
        " Exit status: 0 final, 1 when a cell disagrees, 3 when the cells agree but problems"
        " are open (provisional).",
        epilog="Example: xlbridge results session.xlsx   (exit status 3: provisional, see Checks)\n"
        "         xlbridge results session.xlsx --format html --deals boards.pbn -o results.html\n"
        "         xlbridge results session.xlsx --format usebio --club-name 'Lakeside BC'"
        " --club-id 1234 -o results.xml\n"
        "         xlbridge results session.xlsx --format csv --table barometer",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=path_arg("workbook"), help="the filled session workbook (.xlsx)")
    p.add_argument(
        "--format", default="text", choices=(*FORMATS, ABF),
        help="output (default text); abf (the ABF's masterpoint credit file) is refused: the"
        " ABF's award rule for club sessions was not found published whole",
    )  # fmt: skip
    p.add_argument(
        "--table", default="standings", choices=TABLES,
        help="CSV only: the ranking (default), every result, or the standings after each round"
        " (one row a pair, a percentage and rank column a round)",
    )  # fmt: skip
    p.add_argument(
        "--club", "--club-name", dest="club", default="", type=text_arg("club", NAME_TEXT),
        help=f"USEBIO only: the club's name (text, at most {NAME_TEXT} characters)",
    )  # fmt: skip
    p.add_argument(
        "--club-id", default="", type=text_arg("club id", NAME_TEXT),
        help="USEBIO only: the club's id number with its federation (CLUB_ID_NUMBER)",
    )  # fmt: skip
    p.add_argument(
        "--charge-code", default="", type=text_arg("charge code", NAME_TEXT),
        help="USEBIO only: the event's charge code with the federation (USEBIO 1.2's"
        " P2P_CHARGE_RATE, the EBU's charge for the session)",
    )  # fmt: skip
    p.add_argument(
        "--masterpoints", metavar="SCALE", choices=MASTERPOINT_SCALES,
        help="award masterpoints by the federation's published rule: ebu-club (the EBU's club"
        " black points, sessions of 18-35 boards): a column of every table, each JSON entry's"
        " masterpoints, USEBIO's MASTER_POINTS; what the rule does not cover is refused."
        " Without it, a workbook written with new --masterpoints is awarded by the scale on"
        " its Session sheet; this option overrides that scale",
    )  # fmt: skip
    p.add_argument(
        "--deals",
        metavar="FILE.pbn",
        help="HTML and USEBIO: hand records (PBN Board and Deal tags); without it, those of"
        " the workbook's Hand Records sheet when it has one",
    )
    p.add_argument(
        "-o",
        "--output",
        type=path_arg("output"),
        help="write to this file instead of standard output",
    )
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.set_defaults(handler=_results)


def _refuse_abf() -> None:
    """``--format abf``: one line saying what of the ABF's rule was not found (issue 32).

    The layout of the file is published (ABF Masterpoint Manual, Appendix D "Masterpoint
    credit file format": a 7-digit ABF number and the award in hundredths, 6 digits, each
    zero-filled, 13 digits a line); the award rule is published in part only (clauses 3.1.1
    and 4.2: the winners' award 0.02WT, 0.04WT for one winner, the top half placed, 70% to
    the runners-up, the winners' award over (place - 1) below), its tie rule (clause 4.4.6),
    the rounding of an award to hundredths and a club session's grade weight W were not
    found, so no award is written that could be wrong."""
    raise ScaleError(
        "--format abf: the ABF's credit file layout is published (Masterpoint Manual,"
        " Appendix D), but not its whole award rule for a club session (the tie rule, clause"
        " 4.4.6, the rounding to hundredths and the grade weight were not found); award ABF"
        " masterpoints with the ABF's own program"
    )


def _results(args: argparse.Namespace) -> int:
    import xlbridge
    from xlbridge.families.registry import RenderRequest, read_workbook, render_results
    from xlbridge.results.problems import NO_RESULTS, PROVISIONAL_EXIT, banner

    for name in (args.file, args.output, args.deals):
        if name and "\x00" in name:
            raise WorkbookError(f"file name {name!r} holds a NUL character")
    if args.format == ABF:
        _refuse_abf()
    from xlbridge.interchange.files import check_output, same_file

    if args.output and same_file(args.output, args.file):
        raise WorkbookError("the output would replace the workbook; choose another -o file")
    if args.output:
        check_output(args.output, args.force)  # before the work
    res = read_workbook(args.file)
    fmt = args.format
    request = RenderRequest(fmt, args.table, args.file, args.deals, args.club, args.club_id,
                            args.charge_code, args.masterpoints or "",
                            xlbridge.__version__)  # fmt: skip
    rendered = render_results(res, request)
    data = rendered.data
    for line in rendered.warnings:  # never dropped silently: e.g. USEBIO's unnumbered players
        print(f"xlbridge results: {line}", file=sys.stderr)
    if args.output:
        from xlbridge.interchange.files import write_atomically

        payload = data if isinstance(data, bytes) else (data.rstrip("\n") + "\n").encode()
        out = write_atomically(args.output, lambda tmp: Path(tmp).write_bytes(payload), args.force)
        print(f"wrote {out}", file=sys.stderr)
    elif isinstance(data, bytes):
        sys.stdout.buffer.write(data) if hasattr(sys.stdout, "buffer") else print(
            data.decode("iso-8859-1")
        )
    else:
        print(data)
    for line in rendered.notes:
        print(f"xlbridge results: {line}", file=sys.stderr)
    problems = res.open_problems
    # The text report on standard output already lists each problem and opens with the banner:
    # standard error repeats them only when the report went elsewhere (issue 31: once).
    shown = fmt == "text" and not args.output
    for p in () if shown else problems:
        if p != NO_RESULTS:  # no line of the Checks sheet: the banner says it
            print(f"xlbridge results: {p.line()}", file=sys.stderr)
    if res.disagreements:
        print(
            f"xlbridge results: {len(res.disagreements)} cell(s) disagree with Python"
            + ("" if fmt == "text" else "; see --format text"),
            file=sys.stderr,
        )
        return 1
    if not res.recalculated:
        print("xlbridge results: the workbook was never calculated; its formulas were not"
              " checked", file=sys.stderr)  # fmt: skip
    if problems:
        if not shown:
            print(f"xlbridge results: {banner(problems)}", file=sys.stderr)
        return PROVISIONAL_EXIT
    return 0
