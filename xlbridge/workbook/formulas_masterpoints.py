"""The Results sheet's masterpoint award formula (issue 32), beside the rule it mirrors: the
rules layer's EBU club scale (:func:`xlbridge.scoring.masterpoints.club_awards` and
:func:`~xlbridge.scoring.masterpoints.share_ties`, rules.md §9a: the EBU *Licensing and Master
Points Handbook*, club scale). Pairs, individual and teams Results sheets all write it from
here, so the rule's formula lives once.

>>> f = award_formula("$A6", "$A$6:$A$9", 24, "pairs")
>>> f[:38], f.count('ROUNDUP(SUMPRODUCT(($A$6:$A$9<>"")*1)/3,0)')
('=IF($A6="","",IF(VALUE(SUBSTITUTE($A6,', 4)
>>> award_formula("$A6", "$A$6:$A$9", 12, "pairs")
'=IF($A6="","","by hand: 18-35 boards")'
"""

from __future__ import annotations

from xlbridge.errors import ScaleError
from xlbridge.scoring.masterpoints import (
    CLUB_BOARDS,
    CLUB_MINIMUM,
    CLUB_STEPS,
    Contestants,
    club_awards,
)

__all__ = ["SECTIONS_TEXT", "award_formula", "refusal_text"]

# The short text a Results sheet's award cell shows for a field of sections (whose rule the
# rules layer refuses: xlbridge.results.awards).
SECTIONS_TEXT = "by hand: sections"


def refusal_text(boards: int, contestants: Contestants) -> str | None:
    """The short text an award cell shows where the rule has no award for a session of
    ``boards`` boards ranking ``contestants`` (the rules layer's refusal, shortened); None
    where it has.

    >>> refusal_text(24, "pairs"), refusal_text(40, "teams"), refusal_text(24, "one-winner-pairs")
    (None, 'by hand: 18-35 boards', 'by hand: one winner')
    """
    try:
        club_awards(1, boards, contestants)
    except ScaleError:
        if not CLUB_BOARDS[0] <= boards <= CLUB_BOARDS[1]:
            return f"by hand: {CLUB_BOARDS[0]}-{CLUB_BOARDS[1]} boards"
        return "by hand: one winner"
    return None


def award_formula(
    rank: str, ranks: str, boards: int, contestants: Contestants, refused: str | None = None,
    *, blank: str | None = None,
) -> str:
    """The EBU club award to each player of the contestant whose place is ``rank`` (a cell
    showing ``3`` or ``3=``, ``""`` when not ranked), ``ranks`` the places of its whole field
    (one direction of a two-winner game), over ``boards`` boards: ``club_awards`` and
    ``share_ties`` of :mod:`xlbridge.scoring.masterpoints` as a formula. The top third of the
    ranked field (rounded up) is awarded, place p of P getting the step times (P - p + 1) and
    no less than the club minimum; a tie covering places f..f+c-1 shares their awards, rounded
    up, no share under the minimum. Where the rule gives no award (``refused``, else
    :func:`refusal_text`) the cell says so in a short text. ``blank``: the sheet's condition
    that no result is entered yet (every line then ranks 1=): the cell stays empty, as
    :mod:`xlbridge.results.awards` gives no award. Only functions Excel 2010, LibreOffice and
    Google Sheets all compute (no LET).

    >>> award_formula("A5", "A5:A7", 20, "teams", refused="by hand: sections")
    '=IF(A5="","","by hand: sections")'
    >>> award_formula("A5", "A5:A7", 40, "teams", blank="$C$3=0")
    '=IF(OR(A5="",$C$3=0),"","by hand: 18-35 boards")'
    """
    empty = f'OR({rank}="",{blank})' if blank else f'{rank}=""'
    why = refused or refusal_text(boards, contestants)
    if why is not None:
        return f'=IF({empty},"","{why}")'
    step, least = CLUB_STEPS[contestants], CLUB_MINIMUM
    first = f'VALUE(SUBSTITUTE({rank},"=",""))'
    tied = f"SUMPRODUCT(({ranks}={rank})*1)"
    places = f'ROUNDUP(SUMPRODUCT(({ranks}<>"")*1)/3,0)'
    last = f"MIN({first}+{tied}-1,{places})"
    # Place p's award is step * k, k = P - p + 1 (k from P - last + 1 to P - first + 1):
    # their sum, plus what the minimum adds to each k whose step * k falls below it.
    total = f"{step}*(2*{places}-{last}-{first}+2)*({last}-{first}+1)/2"
    for k in range(1, -(-least // step)):
        total += (
            f"+IF(AND({places}-{last}+1<={k},{k}<={places}-{first}+1),{least - step * k},0)"
        )
    share = f"MAX(ROUNDUP(({total})/{tied},0),{least})"
    return f'=IF({empty},"",IF({first}>{places},0,{share}))'
