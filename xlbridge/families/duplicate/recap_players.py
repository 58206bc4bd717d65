"""The Recap's handicapped and stratified columns, pairs and individuals (``new --handicap``,
``new --strata``), by formulas beside the scratch ones: Hcp (the pair's handicap), Hcp % and
Hcp rank; Stratum and a Rank column for each stratum (the pair's rank in its own stratum and
each above it). Hidden helper columns hold the keys the ranks compare. The rules:
:mod:`xlbridge.scoring.handicap`, :mod:`xlbridge.scoring.strata`; the formula text:
:mod:`xlbridge.families.duplicate.formulas_players`.

>>> from xlbridge.movements.mitchell import mitchell
>>> from xlbridge.families.pairs.build import build_workbook
>>> from xlbridge.scoring.strata import Strata
>>> from xlbridge.families.duplicate.context import Options
>>> ws = build_workbook(mitchell(3, 2), Options(handicapped=True,
...     strata=Strata.parse("1000,0")))["Recap"]
>>> [ws.cell(row=4, column=c).value for c in range(18, 26)]
['Hcp', 'Hcp %', 'Hcp rank', 'Hcp key', 'Stratum', 'Rank A', 'Rank B', 'Stratum no']
>>> ws["R5"].value
'=(N(Names!$F$4)+N(Names!$G$4))/2'
"""

from __future__ import annotations

from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlbridge.families.duplicate import formulas_players as P
from xlbridge.families.duplicate.context import NAMES, Context
from xlbridge.workbook import formulas_recap as R

__all__ = ["write_players_columns"]


def write_players_columns(
    ctx: Context,
    ws: Worksheet,
    rows: dict[int, tuple[int, int]],
    first_col: int,
    cols: dict[str, str],
    two: bool,
    names: tuple[tuple[str, ...], tuple[str, ...]] = (("F", "G"), ("H", "I")),
) -> str | None:
    """Write the columns from ``first_col`` on: ``rows`` maps each pair id to (its Recap row,
    its Names row); ``cols`` names the Recap's ``pct``, ``key`` and ``dir`` (two-winner games)
    columns; ``names`` the Names sheet's handicap and masterpoints columns (pairs: F:G and
    H:I; individuals: D and E). Returns
    the last column printed (None when the session is neither handicapped nor stratified),
    and registers the Hcp %, Hcp rank and Stratum columns in ``ctx.recap`` for the Results
    sheet."""
    opt, st = ctx.options, ctx.style
    if not opt.handicapped and opt.strata is None:
        return None
    first = min(r for r, _n in rows.values())
    last = max(r for r, _n in rows.values())
    dirs = f"${cols.get('dir', 'C')}${first}:${cols.get('dir', 'C')}${last}"
    c = first_col
    hidden: list[str] = []
    shown_last = ""

    def head(text: str) -> str:
        nonlocal c, shown_last
        col = get_column_letter(c)
        ws[f"{col}4"] = text
        st(ws[f"{col}4"], "xlb Header")
        c += 1
        return col

    if opt.handicapped:
        h, hp, hr, hk = head("Hcp"), head("Hcp %"), head("Hcp rank"), head("Hcp key")
        hidden.append(hk)
        keys = f"${hk}${first}:${hk}${last}"
        for r, n in rows.values():
            ws[f"{h}{r}"] = P.pair_handicap([f"{NAMES}!${x}${n}" for x in names[0]])
            st(ws[f"{h}{r}"], "xlb Number")
            ws[f"{hp}{r}"] = P.handicapped_pct(f"${cols['pct']}{r}", f"${h}{r}")
            st(ws[f"{hp}{r}"], "xlb Percent")
            ws[f"{hk}{r}"] = P.handicapped_key(f"${hp}{r}")
            ws[f"{hr}{r}"] = R.rank(
                f"${hk}{r}", keys, f"$C{r}" if two else None, dirs if two else None
            )
            st(ws[f"{hr}{r}"], "xlb Value")
        shown_last = hr
        ctx.recap.update(hcp_pct=hp, hcp_rank=hr)
    if opt.strata is not None:
        letter = head("Stratum")
        ranks = [head(f"Rank {x}") for x in opt.strata.letters]
        number = head("Stratum no")
        hidden.append(number)
        numbers = f"${number}${first}:${number}${last}"
        keys = f"${cols['key']}${first}:${cols['key']}${last}"
        for r, n in rows.values():
            ws[f"{number}{r}"] = P.stratum_number(
                [f"{NAMES}!${x}${n}" for x in names[1]], opt.strata
            )
            ws[f"{letter}{r}"] = P.stratum_letter(f"${number}{r}")
            st(ws[f"{letter}{r}"], "xlb Value")
            for k, col in enumerate(ranks, start=1):
                ws[f"{col}{r}"] = P.stratum_rank(
                    k, f"${number}{r}", numbers, f"${cols['key']}{r}", keys,
                    f"$C{r}" if two else None, dirs if two else None,
                )  # fmt: skip
                st(ws[f"{col}{r}"], "xlb Value")
        shown_last = ranks[-1]
        ctx.recap.update(stratum=letter)
    for col in hidden:
        ws.column_dimensions[col].hidden = True
    return shown_last
