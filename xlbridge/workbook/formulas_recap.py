"""The Recap and Results sheets' formulas: each pair's (or player's) totals, percentage and rank,
the standings order, and the grand balance check, each beside the Python rule it mirrors
(``xlbridge.scoring.session``; ``team_match.rank_teams`` for :func:`tied_rank`).

Split from :mod:`xlbridge.workbook.formulas` (the traveller formulas) to keep each module short;
the same rules hold: only :data:`~xlbridge.workbook.formulas.ALLOWED_FUNCTIONS`, text literals
through ``_s``.

>>> raw_total("D5:F5", "$J5")
'=IF($J5=0,"",SUM(D5:F5))'
>>> grand_balance("$C$9", "$C$10")
'=IF(ABS($C$9-$C$10)<0.000001,"in balance","OUT OF BALANCE")'
"""

from __future__ import annotations

from xlbridge.workbook.formulas import BoardRange, TravellerCols, text_literal

__all__ = [
    "average",
    "boards_sum",
    "direction_sum",
    "factored",
    "grand_balance",
    "join_names",
    "pair_board",
    "percent",
    "played",
    "rank",
    "rank_key",
    "raw_total",
    "section_order",
    "standing_order",
    "standing_value",
    "tied_rank",
]


# --------------------------------------------------------------------------------------------
# Recap (mirrors xlbridge.scoring.session)


def pair_board(label: str, b: BoardRange, c: TravellerCols) -> str:
    """A pair's matchpoints (or IMPs) on one board: from the NS or EW column of its row."""
    ns, ew, nm, em = b.ext(c.ns), b.ext(c.ew), b.ext(c.ns_mp), b.ext(c.ew_mp)
    num = '">=-1E+9"'
    return (
        f'=IF(COUNTIFS({ns},{label},{nm},{num})+COUNTIFS({ew},{label},{em},{num})=0,"",'
        f"SUMIF({ns},{label},{nm})+SUMIF({ew},{label},{em}))"
    )


def join_names(a: str, b: str) -> str:
    """The pair's names, "A & B"."""
    return f'=IF({a}="",{b}&"",IF({b}="",{a}&"",{a}&" & "&{b}))'


def played(cells: str) -> str:
    """Boards the pair has a score on."""
    return f"=COUNT({cells})"


def raw_total(cells: str, played_cell: str) -> str:
    """Sum of the pair's scores."""
    return f'=IF({played_cell}=0,"",SUM({cells}))'


def factored(raw: str, played_cell: str, boards_max: int) -> str:
    """Total factored up to the most boards: ``session.factored_total``."""
    return f'=IF({played_cell}=0,"",{raw}*{boards_max}/{played_cell})'


def percent(raw: str, cells: str, tops: str, played_cell: str) -> str:
    """Percentage of the tops of the boards scored: ``session.percentage`` (as a fraction).

    The tops are summed with SUMIF over the scored (numeric) cells, a form every engine
    computes alike (``SUMPRODUCT(ISNUMBER(cells)*tops)`` needs array evaluation, which
    Gnumeric does not give it outside an array formula).

    >>> percent("$O5", "D5:F5", "$D$3:$F$3", "$J5")
    '=IF($J5=0,"",IFERROR($O5/SUMIF(D5:F5,">=-1E+9",$D$3:$F$3),""))'
    """
    num = '">=-1E+9"'
    return f'=IF({played_cell}=0,"",IFERROR({raw}/SUMIF({cells},{num},{tops}),""))'


def average(raw: str, played_cell: str) -> str:
    """IMPs a board (IMP-pairs games)."""
    return f'=IF({played_cell}=0,"",{raw}/{played_cell})'


def rank_key(total: str) -> str:
    """The total rounded to 9 decimals, as ``session.ranks`` compares them."""
    return f'=IF(ISNUMBER({total}),ROUND({total},9),"")'


def rank(
    key: str,
    keys: str,
    dir_cell: str | None,
    dirs: str | None,
    section: tuple[str, str] | None = None,
) -> str:
    """Rank with ties shown "2=": ``session.ranks``; within the direction in two-winner games,
    and within the pair's section when ``section`` (its cell, the sections' range) is given.

    >>> rank("$K5", "$K$5:$K$9", None, None, ("$P5", "$P$5:$P$9"))
    '=IF(ISNUMBER($K5),(COUNTIFS($P$5:$P$9,$P5,$K$5:$K$9,">"&$K5)+1)&IF(COUNTIFS($P$5:$P$9,$P5,$K$5:$K$9,$K5)>1,"=",""),"")'
    """
    groups = [] if section is None else [(section[1], section[0])]
    if dir_cell is not None and dirs is not None:
        groups.append((dirs, dir_cell))
    if not groups:
        higher = f'COUNTIF({keys},">"&{key})'
        same = f"COUNTIF({keys},{key})"
    else:
        where = "".join(f"{rng},{cell}," for rng, cell in groups)
        higher = f'COUNTIFS({where}{keys},">"&{key})'
        same = f"COUNTIFS({where}{keys},{key})"
    return f'=IF(ISNUMBER({key}),{tied_rank(higher, same)},"")'


def tied_rank(higher: str, same: str) -> str:
    """1 + ``higher``, "=" added on a tie: ``session.ranks``, ``team_match.rank_teams``."""
    return f'({higher}+1)&IF({same}>1,"=","")'


def direction_sum(totals: str, dirs: str | None, direction: str | None) -> str:
    """Sum of the pairs' raw totals (one direction in two-winner games)."""
    if dirs is None or direction is None:
        return f"=SUM({totals})"
    return f"=SUMIF({dirs},{text_literal(direction)},{totals})"


def boards_sum(cells: list[str]) -> str:
    """Sum of per-board cells on the travellers (the grand check total)."""
    return "=" + ("+".join(cells) if cells else "0")


def grand_balance(got: str, want: str) -> str:
    """ "in balance" when the recap's total equals the travellers' total."""
    return f'=IF(ABS({got}-{want})<0.000001,"in balance","OUT OF BALANCE")'


# --------------------------------------------------------------------------------------------
# The standings order of the Recap and the Results sheet (issue 9 §3)


def standing_order(
    key: str,
    keys: str,
    keys_to_here: str,
    dir_cell: str | None = None,
    dirs: str | None = None,
    dirs_to_here: str | None = None,
) -> str:
    """A pair's place in the standings list: the order of ``session.ranks`` (higher total first),
    ties in the order the pairs are listed (Python's stable ``sorted``). In two-winner games the
    place is within the direction and written ``"NS-3"``. ``keys_to_here`` is the key column
    from the first pair down to this one (so ties count only the pairs above).

    >>> standing_order("$K5", "$K$5:$K$9", "$K$5:$K5")
    '=IF(ISNUMBER($K5),COUNTIF($K$5:$K$9,">"&$K5)+COUNTIF($K$5:$K5,$K5),"")'
    """
    if dir_cell is None or dirs is None or dirs_to_here is None:
        return f'=IF(ISNUMBER({key}),COUNTIF({keys},">"&{key})+COUNTIF({keys_to_here},{key}),"")'
    higher = f'COUNTIFS({dirs},{dir_cell},{keys},">"&{key})'
    above = f"COUNTIFS({dirs_to_here},{dir_cell},{keys_to_here},{key})"
    return f'=IF(ISNUMBER({key}),{dir_cell}&"-"&({higher}+{above}),"")'


def section_order(
    key: str,
    keys: str,
    keys_to_here: str,
    section: tuple[str, str, str],
    direction: tuple[str, str, str] | None = None,
) -> str:
    """A pair's place in its section's standings (sectioned workbooks), as
    :func:`standing_order` within the section (and direction): ``"A-3"``, ``"A-NS-3"``.
    ``section`` and ``direction``: (the pair's cell, the column, the column down to here).

    >>> section_order("$K5", "$K$5:$K$9", "$K$5:$K5", ("$P5", "$P$5:$P$9", "$P$5:$P5"))
    '=IF(ISNUMBER($K5),$P5&"-"&(COUNTIFS($P$5:$P$9,$P5,$K$5:$K$9,">"&$K5)+COUNTIFS($P$5:$P5,$P5,$K$5:$K5,$K5)),"")'
    """
    groups = [section] if direction is None else [section, direction]
    where = "".join(f"{rng},{cell}," for cell, rng, _ in groups)
    above = "".join(f"{to_here},{cell}," for cell, _, to_here in groups)
    label = "&".join(f'{cell}&"-"' for cell, _, _ in groups)
    higher = f'COUNTIFS({where}{keys},">"&{key})'
    same_above = f"COUNTIFS({above}{keys_to_here},{key})"
    return f'=IF(ISNUMBER({key}),{label}&({higher}+{same_above}),"")'


def standing_value(place: str, places: str, values: str) -> str:
    """The value (rank, pair, names, total, %) of the pair at ``place`` in the standings: the
    row of :func:`standing_order` equal to ``place`` (``session.ranks`` order); "" when no pair
    has that place yet (no results).

    >>> standing_value("1", "Recap!$M$5:$M$9", "Recap!$A$5:$A$9")
    '=IFERROR(INDEX(Recap!$A$5:$A$9,MATCH(1,Recap!$M$5:$M$9,0)),"")'
    """
    return f'=IFERROR(INDEX({values},MATCH({place},{places},0)),"")'
