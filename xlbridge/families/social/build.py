"""Social-game workbooks (seed 002): rubber and Chicago score sheets, the seating of every
rubber or chukker, and the back score.

Kinds: ``rubber`` and ``chicago`` (one table of two fixed partnerships, several rubbers or
chukkers on one sheet) and ``four-player``, ``five-player``, ``six-player`` (players change
partners after every rubber or chukker by seed 002's rotations: one score sheet each, a
``Seating`` guide and a ``Back Score`` of each player's running net total).

>>> wb = build_social(SocialOptions(kind="five-player", rounds=2))
>>> wb.sheetnames
['Session', 'Players', 'Seating', 'Chukker 1', 'Chukker 2', 'Back Score']
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.social import formulas as F
from xlbridge.families.social.settings import (
    FIXED_KINDS,
    PLAYER_KINDS,
    PLAYERS,
    PLAYERS_FIRST,
    SEATS,
    SocialOptions,
    code_rows,
)
from xlbridge.families.social.sheet import (
    BlockLayout,
    Validations,
    format_sheet,
    page_breaks,
    write_block,
    write_session,
)
from xlbridge.families.social.texts import chicago_vulnerability_text, net_rounding_text
from xlbridge.interchange.files import workbook_output, write_atomically
from xlbridge.interchange.xlsx_write import saver
from xlbridge.limits import NAME_TEXT
from xlbridge.movements.model import Movement
from xlbridge.movements.registry import get_kind
from xlbridge.text import put_text
from xlbridge.workbook.formulas import sheet_ref
from xlbridge.workbook.styles import Styler, fit_landscape, open_template

__all__ = [
    "FIXED_KINDS",
    "PLAYERS_FIRST",
    "PLAYER_KINDS",
    "SocialOptions",
    "build_social",
    "score_sheet_layouts",
    "write_social",
]


def _movement(opt: SocialOptions) -> Movement:
    kw: dict[str, int] = {"tables": 1}
    if opt.rounds is not None:
        kw["rounds"] = opt.rounds
    return get_kind(opt.kind).build(**kw)


def score_sheet_layouts(opt: SocialOptions, rounds: int) -> list[tuple[str, BlockLayout]]:
    """(sheet name, block layout) of every rubber or chukker, in order."""
    out = []
    step = None
    for k in range(rounds):
        if opt.kind in FIXED_KINDS:
            sheet = f"{opt.what}s"
            first = BlockLayout.of(1, opt.scoring, opt.deal_rows)
            step = first.bottom + 2
            out.append((sheet, BlockLayout.of(1 + k * step, opt.scoring, opt.deal_rows)))
        else:
            out.append((f"{opt.what} {k + 1}", BlockLayout.of(1, opt.scoring, opt.deal_rows)))
    return out


def _player_ref(number: int) -> str:
    return sheet_ref(PLAYERS, f"$C${PLAYERS_FIRST + number - 1}")


def _write_session(wb: Workbook, st: Styler, opt: SocialOptions, movement: Movement) -> None:
    variant = chicago_vulnerability_text(opt.new_york)
    rows: list[tuple[str, str | int]] = [
        ("Date", opt.date),
        ("Kind", opt.kind),
        ("Scored as", opt.scoring),
        (f"{opt.what}s", movement.rounds),
        ("Players", opt.player_count),
        ("Net rounding", net_rounding_text(opt.rounding)),
    ]
    if opt.scoring == "chicago":
        rows.append(("Chicago vulnerability", variant))
        # What each chukker's First dealer cell starts at (xlbridge rebuild reads it back).
        rows.append(("First dealer", opt.first_dealer))
    rows += code_rows(opt.rounding, new_york=opt.new_york if opt.scoring == "chicago" else None)
    lines = [
        "1. Type the players' names on the Players sheet.",
        "2. After each deal type Contract (4S, 3NT, 2HXX), By (N, E, S, W), Tricks (taken by "
        "declarer, 0-13), and Honours (100 or 150) with Honours Side if the defenders held them.",
        "3. Above and below the line, games, premiums and the net result fill in by themselves.",
    ]
    if opt.scoring == "rubber":
        lines.append(
            "4. If play stops before a side wins two games, type Y in 'Ended early?': 300 for "
            "the only game and 100 for the only partscore are added (1993 Law 80)."
        )
    else:
        lines += [  # two lines: one would run off the printed page
            "4. Dealer and vulnerability of each deal follow from the first dealer. A passed-"
            "out deal is redealt by the same dealer and not written down.",
            "   If fewer than four deals are played, type Y in 'Ended early?' and the score"
            " stands.",
        ]
    lines += [
        "5. The Back Score adds each net result (in hundreds) to the players' running totals;"
        " every column must total zero.",
        "Yellow cells are for typing; the other cells are formulas and are locked.",
        *movement.notes,
    ]
    ws = wb.create_sheet("Session")
    write_session(ws, st, opt.event, rows, lines, (24, 44), heading=True)


def _write_players(wb: Workbook, st: Styler, opt: SocialOptions) -> None:
    ws: Worksheet = wb.create_sheet(PLAYERS)
    ws["A1"] = "Players"
    st(ws["A1"], "xlb Title")
    ws["A2"] = "Type each player's name; the score sheets and the back score use them."
    fixed = opt.kind in FIXED_KINDS
    for col, text in zip("ABC", ("Player", "Seat" if fixed else "", "Name"), strict=True):
        ws[f"{col}3"] = text
        st(ws[f"{col}3"], "xlb Header")
    for i in range(opt.player_count):
        r = PLAYERS_FIRST + i
        ws[f"A{r}"] = i + 1
        st(ws[f"A{r}"], "xlb Value")
        ws[f"B{r}"] = SEATS[i] if fixed else None
        st(ws[f"B{r}"], "xlb Value")
        cell = ws[f"C{r}"]
        st(cell, "xlb Names")
        if i < len(opt.players) and opt.players[i]:
            put_text(cell, opt.players[i], "player name", max_chars=NAME_TEXT)
    ws.column_dimensions["C"].width = 30
    ws.protection.sheet = True


def _name(number: int) -> str:
    """Expression: player ``number``'s name, or its number if none is typed."""
    ref = _player_ref(number)
    return F.player_name_or_number(ref, number)


def _seating_formula(players: Sequence[int], out: Sequence[int]) -> str:
    seated = [(s, _name(p)) for s, p in zip(SEATS, players, strict=True)]
    return F.seating_line(seated, [_name(p) for p in out])


def _write_seating(wb: Workbook, st: Styler, opt: SocialOptions, movement: Movement) -> None:
    ws: Worksheet = wb.create_sheet("Seating")
    ws["A1"] = f"Seating: {movement.kind}"
    st(ws["A1"], "xlb Title")
    put_text(ws["A2"], " ".join(movement.notes), "note")
    heads = (opt.what, *SEATS, "Sitting out")
    for i, text in enumerate(heads, start=1):
        st(ws.cell(row=3, column=i, value=text), "xlb Header")
    for k, e in enumerate(sorted(movement.entries, key=lambda e: e.round)):
        r = 4 + k
        assert e.players is not None
        st(ws.cell(row=r, column=1, value=e.round), "xlb Value")
        for j, p in enumerate(e.players):
            cell = ws.cell(row=r, column=2 + j, value=F.joined([_name(p)], ", "))
            st(cell, "xlb Value")
        out = movement.sit_outs_in(e.round)
        names = [_name(p) for p in out]
        cell = ws.cell(row=r, column=6, value=F.joined(names, ", ") if out else None)
        st(cell, "xlb Value")
    for col in "BCDEF":
        ws.column_dimensions[col].width = 16
    ws.print_title_rows = "3:3"
    fit_landscape(ws)
    ws.print_area = f"A1:F{3 + len(movement.entries)}"
    ws.protection.sheet = True


def build_social(opt: SocialOptions, template: str | Path | None = None) -> Workbook:
    """The social-game workbook in memory."""
    from xlbridge.families.social.back import (
        BACK,
        BACK_FIRST,
        BACK_RESULT,
        back_entries,
        write_back_score,
        write_calcutta,
    )

    movement = _movement(opt)
    wb = open_template(template)
    st = Styler(wb)
    _write_session(wb, st, opt, movement)
    _write_players(wb, st, opt)
    entries = sorted(movement.entries, key=lambda e: e.round)
    if opt.kind in PLAYER_KINDS:
        _write_seating(wb, st, opt, movement)
    layouts = score_sheet_layouts(opt, len(entries))
    sheets: dict[str, tuple[Worksheet, Validations]] = {}
    for (name, layout), e in zip(layouts, entries, strict=True):
        if name not in sheets:
            ws = wb.create_sheet(name)
            sheets[name] = (ws, Validations(ws))
        ws, dv = sheets[name]
        seating = None
        if e.players is not None:
            seating = _seating_formula(e.players, movement.sit_outs_in(e.round))
        else:
            n, ea, s, w = (_name(i) for i in (1, 2, 3, 4))
            seating = F.fixed_seating(n, ea, s, w)
        write_block(
            ws, st, dv, layout, f"{opt.what} {e.round}", seating=seating,
            rounding=opt.rounding, new_york=opt.new_york, first_dealer=opt.first_dealer,
        )  # fmt: skip
    for ws, _ in sheets.values():
        format_sheet(ws)
        page_breaks(ws, [lay for name, lay in layouts if name == ws.title])
    write_back_score(wb, st, opt, movement, layouts)
    if opt.calcutta:
        total_col = get_column_letter(3 + len(entries))
        write_calcutta(
            wb, st, back_entries(opt), back_first=BACK_FIRST, standing_col=total_col,
            played=sheet_ref(BACK, f"$C${BACK_RESULT}:${total_col}${BACK_RESULT}"),
        )  # fmt: skip
    wb.active = 0
    wb.calculation.fullCalcOnLoad = True
    return wb


def write_social(
    opt: SocialOptions,
    path: str | Path,
    *,
    template: str | Path | None = None,
    force: bool = False,
) -> Path:
    """Write the social workbook to ``path`` (``.xlsx``), atomically; refuse to overwrite
    unless ``force``."""
    out = workbook_output(path, force)
    wb = build_social(opt, template)
    return write_atomically(out, saver(wb), force=force)

