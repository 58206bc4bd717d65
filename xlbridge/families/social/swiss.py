"""``xlbridge swiss next`` for Swiss pairs (seed 002): read the rounds played, score every
chukker again in Python, rank the pairs by VPs and pair the next round (the top pairs meet, no
pair twice: :func:`~xlbridge.movements.home.swiss_pairing`); the one rebuild engine then writes
the workbook with the next round's pairs on ``Progress`` (the rebuild option ``next_round``),
every entry carried. The entered workbook is never changed.

Standings order: VPs, then net points, then the lower pair number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from xlbridge.errors import WorkbookError, XlbridgeError
from xlbridge.families.social.pairs import PROGRESS, PairsOptions, pairs_layouts, progress_row
from xlbridge.families.social.settings import from_session
from xlbridge.families.social.sheet import COLS, BlockLayout
from xlbridge.movements.home import swiss_pairing
from xlbridge.numerals import whole_or_none
from xlbridge.rebuild.slots import NextRound, RebuildChange
from xlbridge.scoring.chicago import Chukker
from xlbridge.scoring.rubber import Deal
from xlbridge.scoring.vp import vp
from xlbridge.types import Side
from xlbridge.workbook.session import read_settings

if TYPE_CHECKING:
    from openpyxl import Workbook

__all__ = ["next_round", "swiss_pairs_standings"]


def _int(v: object) -> int | None:
    """A whole number typed as a number, else None; a huge one (1e308) is no count or pair
    number either, and would make every message naming it thousands of digits long."""
    n = whole_or_none(v, text=False)
    return n if n is not None and abs(n) < 1_000_000 else None


def _chukker(ws: Any, lay: BlockLayout, where: str, variant: str) -> Chukker | None:
    """The chukker typed in one block, or None when nothing is typed."""
    deals = []
    for r in range(lay.first, lay.last + 1):
        con = ws[f"{COLS.contract}{r}"].value
        if con is None or str(con).strip() == "":
            continue
        hon = ws[f"{COLS.honours}{r}"].value
        side = ws[f"{COLS.hon_side_in}{r}"].value
        try:
            deals.append(
                Deal.make(
                    str(con),
                    None if ws[f"{COLS.by}{r}"].value is None else str(ws[f"{COLS.by}{r}"].value),
                    ws[f"{COLS.tricks_in}{r}"].value,
                    "" if hon is None else (int(hon) if isinstance(hon, float) else hon),
                    None if side in (None, "") else str(side),
                )
            )
        except XlbridgeError as exc:
            raise WorkbookError(f"{where}, row {r}: {exc}") from None
    if not deals:
        return None
    dealer = str(ws[lay.first_dealer.replace("$", "")].value or "N").strip().upper()
    ended = str(ws[lay.ended.replace("$", "")].value or "").strip().upper() in ("Y", "YES")
    try:
        c = Chukker.of(*deals, first_dealer=dealer, variant=variant)
    except XlbridgeError as exc:
        raise WorkbookError(f"{where}: {exc}") from None
    if not c.is_complete and not ended:
        raise WorkbookError(
            f"{where}: {c.deals_counted} of 4 deals entered; finish the chukker or type Y in "
            "'Ended early?'"
        )
    return c


def swiss_pairs_standings(
    wb: Workbook, name: str
) -> tuple[PairsOptions, list[list[tuple[int, int, int]]]]:
    """The event's options and, per round played, each table's (NS pair, EW pair, NS net)."""
    info = read_settings(wb)
    if info.kind != "swiss-pairs":
        raise WorkbookError(f"{name!r} is not a swiss-pairs workbook")
    tables = _int(info.get("Tables"))
    rounds = _int(info.get("Rounds (Chicago chukkers)"))
    if tables is None or rounds is None:
        raise WorkbookError(f"{name!r}: its Session sheet lost the tables or rounds")
    variant = "new-york" if from_session(info, wb).new_york else "standard"  # the one codec
    opt = PairsOptions(kind="swiss-pairs", tables=tables, rounds=rounds,
                       new_york=variant == "new-york")  # fmt: skip
    prog = wb[PROGRESS]
    layouts = pairs_layouts(opt)
    played: list[list[tuple[int, int, int]]] = []
    for k in range(rounds):
        row: list[tuple[int, int, int]] = []
        for t in range(tables):
            r = progress_row(opt, k + 1, t + 1)
            ns = _int(prog[f"C{r}"].value)
            ew = _int(prog[f"D{r}"].value)
            where = f"Round {k + 1}, table {t + 1}"
            c = _chukker(wb[f"Round {k + 1}"], layouts[k][t], where, variant)
            if ns is None or ew is None:
                if c is not None:
                    raise WorkbookError(f"{where}: deals entered but the pairs are not")
                break
            if c is None:
                break
            row.append((ns, ew, c.net(Side.NS)))
        if len(row) < tables:
            if row:
                raise WorkbookError(f"Round {k + 1} is not finished at every table")
            break
        played.append(row)
    return opt, played


def next_round(wb: Workbook, name: str) -> NextRound:
    """The next Swiss round of the workbook ``wb`` (opened with its formulas; ``name`` for
    messages) and the rebuild change that writes its tables on ``Progress``."""
    opt, played = swiss_pairs_standings(wb, name)
    done = len(played)
    if done == 0:
        raise WorkbookError(f"{name!r}: round 1 is not finished; nothing to pair from")
    if done >= opt.round_count:
        raise WorkbookError(f"{name!r}: all {opt.round_count} rounds are played")
    vps = {p: 0.0 for p in range(1, 2 * opt.tables + 1)}
    nets = dict.fromkeys(vps, 0)
    matches = []
    for row in played:
        for ns, ew, net in row:
            a, b = vp(net, 4, "chicago-swiss")
            vps[ns] += a
            vps[ew] += b
            nets[ns] += net
            nets[ew] -= net
            matches.append((ns, ew))
    order = sorted(vps, key=lambda p: (-vps[p], -nets[p], p))
    pairing = tuple(swiss_pairing(order, matches, rounds_left=opt.round_count - done))
    prog = wb[PROGRESS]
    first = progress_row(opt, done + 1, 1)
    if any(
        prog[f"{c}{first + t}"].value not in (None, "") for c in "CD" for t in range(opt.tables)
    ):
        raise WorkbookError(
            f"round {done + 1} is paired already; enter its results, then run swiss next"
        )
    change = RebuildChange(options={"next_round": (done + 1, pairing)})
    return NextRound(done + 1, pairing, change)
