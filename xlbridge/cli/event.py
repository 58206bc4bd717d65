"""The ``event`` command: several session workbooks, one event: each session's ranking and the
overall one.

A command of its own rather than more files to ``results``: ``results`` is about one workbook
(its exit status says whether that workbook's cells agree, ``--table``, USEBIO, PBN and the
hand records are one session's), and an event's pairs have other numbers in each session; a
command that ranks an event says so in its name and keeps ``results`` meaning what it means.

>>> opt = EventOptions.of(build().parse_args(["s1.xlsx", "s2.xlsx", "--total", "carry"]))
>>> opt.files, opt.total, opt.carry
(('s1.xlsx', 's2.xlsx'), 'carry', 50.0)
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from xlbridge.cli._args import float_arg, path_arg
from xlbridge.cli._output import deliver, refuse_overwriting_inputs
from xlbridge.errors import WorkbookError
from xlbridge.scoring.event import CARRY_SHARE, EVENT_SESSIONS, EVENT_TOTALS, EventTotal

__all__ = ["EventOptions", "build", "register"]

EventFormat = Literal["text", "csv", "json", "html"]
FORMATS: tuple[EventFormat, ...] = ("text", "csv", "json", "html")


@dataclass(frozen=True, slots=True)
class EventOptions:
    """What ``xlbridge event`` was asked: the session workbooks in playing order, how the
    overall total is made, the carry-forward percent, the format, the output file."""

    files: tuple[str, ...]
    total: EventTotal
    carry: float
    format: EventFormat
    output: str | None
    force: bool

    @classmethod
    def of(cls, args: argparse.Namespace) -> EventOptions:
        return cls(tuple(args.files), args.total, args.carry, args.format, args.output,
                   args.force)  # fmt: skip


_DESCRIPTION = (
    "Rank an event of several sessions, one filled workbook each (pairs or individuals, never"
    " changed), given in playing order. Pairs are matched across sessions by their players:"
    " by federation number where both sessions have one (the Names sheet's Number columns),"
    " else by name (case and spacing aside); a pair missing from a session is listed as such."
    " --total sum adds the session percentages (IMP sessions: IMP totals), as the ACBL's Side"
    " Game Series does (ACBL Tech File EVENTS.033); --total average takes their mean over the"
    " sessions played; --total matchpoints adds the session matchpoints, every board counted"
    " alike so a session weighs as many boards as it has (one matchpoint top a board in every"
    " session), with the event percentage so weighted; --total carry ranks the last session"
    " (the final) with the qualifying"
    " sessions' matchpoints carried forward by the EBU White Book's formula (section 172:"
    " C = S x FT / (2 x QT), S the qualifying matchpoints, FT and QT the tops a board of the"
    " final and of the qualifying session); --carry sets the share (default 50 percent, the"
    " White Book's one half). Carry-forward is for matchpoint sessions each ranked as one"
    " field. Prints the overall ranking, then each session's. Exit status: 0, 1 when a"
    " session's cell disagrees, 3 when a session has open problems (provisional)."
)
_EPILOG = (
    "Example: xlbridge event day1.xlsx day2.xlsx\n"
    "         xlbridge event qualifier.xlsx final.xlsx --total carry --carry 50\n"
    "         xlbridge event s1.xlsx s2.xlsx s3.xlsx --total average --format html -o event.html"
)


def _add(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "files", nargs="+", type=path_arg("workbook"), metavar="FILE.xlsx",
        help="the session workbooks, in playing order (2 to 100)",
    )  # fmt: skip
    p.add_argument(
        "--total", default="sum", choices=EVENT_TOTALS,
        help="how the sessions make the overall total: sum (default) or average of the session"
        " percentages, matchpoints (their sum: a session weighted by its boards), or carry"
        " (qualifying sessions carried forward into the last)",
    )  # fmt: skip
    p.add_argument(
        "--carry", type=float_arg("carry", (0, 100)), default=CARRY_SHARE, metavar="PERCENT",
        help="--total carry: the share of the qualifying matchpoints carried forward, 0-100"
        " percent (default 50, EBU White Book section 172)",
    )  # fmt: skip
    p.add_argument("--format", default="text", choices=FORMATS, help="output (default text)")
    p.add_argument(
        "-o", "--output", type=path_arg("output"), help="write to this file, not standard output"
    )
    p.add_argument("--force", action="store_true", help="replace an existing output file")


def build() -> argparse.ArgumentParser:
    """The command's own parser (for the docstring example and tests)."""
    p = argparse.ArgumentParser(
        prog="xlbridge event", description=_DESCRIPTION, epilog=_EPILOG, allow_abbrev=False
    )
    _add(p)
    return p


def register(sub: Any) -> None:
    """Add the ``event`` command to the ``xlbridge`` parser."""
    p = sub.add_parser(
        "event",
        help="rank an event of several sessions (sum, average or carry-forward)",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add(p)
    p.set_defaults(handler=_event)


def _refuse_a_file_twice(files: tuple[str, ...]) -> None:
    """One line when a workbook is given twice (by any name: a link, ``./a.xlsx``).

    >>> _refuse_a_file_twice(("a.xlsx", "./a.xlsx"))
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: session 2 (./a.xlsx) is session 1 (a.xlsx) again: an event ...
    """
    seen: dict[Path, int] = {}
    for k, name in enumerate(files, start=1):
        same = seen.setdefault(Path(name).resolve(), k)
        if same != k:
            raise WorkbookError(
                f"session {k} ({name[:60]}) is session {same} ({files[same - 1][:60]}) again:"
                " an event counts each session once; give each session's workbook once"
            )


def _title(name: str, date: str, event: str) -> str:
    """A session as the event page heads it: its date and event; without a date, its event
    and its file's name (sessions of one event name stay apart).

    >>> _title("/x/s1.xlsx", "2026-11-24", "Autumn Pairs"), _title("/x/s2.xlsx", "", "Cup")
    ('2026-11-24 Autumn Pairs', 'Cup (s2.xlsx)')
    >>> _title("s3.xlsx", "", ""), _title("s3.xlsx", "2026-11-24", "")
    ('s3.xlsx', '2026-11-24')
    """
    date, event, file = date.strip(), event.strip(), Path(name).name
    if date:
        return f"{date} {event}".strip()
    return f"{event} ({file})" if event else file


def _event(args: argparse.Namespace) -> int:
    import json

    from xlbridge.club.sessions import digest_of
    from xlbridge.families.registry import score_workbook
    from xlbridge.results import event as ev_kit
    from xlbridge.results.problems import PROVISIONAL_EXIT

    opt = EventOptions.of(args)
    if not EVENT_SESSIONS[0] <= len(opt.files) <= EVENT_SESSIONS[1]:
        raise WorkbookError(
            f"an event has {EVENT_SESSIONS[0]} to {EVENT_SESSIONS[1]} session workbooks,"
            f" not {len(opt.files)}"
        )
    if opt.carry != CARRY_SHARE and opt.total != "carry":
        raise WorkbookError("--carry applies to --total carry only")
    refuse_overwriting_inputs(opt.output, opt.files, opt.force)
    _refuse_a_file_twice(opt.files)
    sessions = []
    seen: dict[str, int] = {}
    for k, name in enumerate(opt.files, start=1):
        where = f"session {k} ({Path(name).name[:60]})"

        def refusal(family: str, where: str = where) -> str:
            return f"{where} is a {family} workbook; an event ranks pairs or individuals sessions"

        res = score_workbook(name, refusal)
        entered = res.to_json()
        entered.pop("disagreements", None)
        same = seen.setdefault(digest_of(entered), k)
        if same != k:
            raise WorkbookError(
                f"{where} holds the same session as session"
                f" {same} ({Path(opt.files[same - 1]).name[:60]}): a copy would count it twice;"
                " give each session's workbook once"
            )
        sessions.append(res)
    titles = [_title(f, r.input.date, r.event) for f, r in zip(opt.files, sessions, strict=True)]
    ev = ev_kit.event_results(sessions, opt.total, opt.carry, titles)
    if opt.format == "text":
        data = ev_kit.event_text(ev)
    elif opt.format == "csv":
        data = ev_kit.event_csv(ev)
    elif opt.format == "json":
        data = json.dumps(ev_kit.event_json(ev), ensure_ascii=False, indent=1)
    else:
        data = ev_kit.event_html(ev)
    deliver(data, opt.output, opt.force, inputs=opt.files)
    status = 0
    for k, res in enumerate(sessions, start=1):
        for p in res.open_problems:
            print(f"xlbridge event: session {k}: {p.line()}", file=sys.stderr)
        if res.disagreements:
            print(f"xlbridge event: session {k}: {len(res.disagreements)} cell(s) disagree with"
                  " Python; see xlbridge results FILE", file=sys.stderr)  # fmt: skip
            status = 1
        elif res.open_problems and status == 0:
            status = PROVISIONAL_EXIT
    return status
