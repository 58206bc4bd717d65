"""Deals and hand records: PBN in and out, computer dealing, double dummy and par.

A :class:`HandRecord` is one board: its number, dealer, vulnerability, the deal as a PBN deal
string (always given from North: ``"N:<north> <east> <south> <west>"``, suits S.H.D.C), and,
after :func:`analyse`, the double-dummy table and the par. PBN text is split into games and tags
by the one tokenizer (:mod:`xlbridge.interchange.pbn`, which also writes it); the deal itself,
the dealer, the double-dummy solver (Bo Haglund's DDS) and par come from endplay, which is
imported only when one of :func:`read_pbn`, :func:`deal_boards` or :func:`analyse` runs, so
importing this module is cheap.

>>> r = HandRecord(1, Seat.N, Vulnerability.NONE,
...     "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")
>>> r.hands()[Seat.E]
('T98', 'AKQJ', '432', '765')
>>> print(r.diagram_text())
Board 1   Dealer N   Vul None
            ♠ AKQJ
            ♥ 1098
            ♦ 765
            ♣ 432
♠ 432                   ♠ 1098
♥ 765                   ♥ AKQJ
♦ 1098                  ♦ 432
♣ AKQJ                  ♣ 765
            ♠ 765
            ♥ 432
            ♦ AKQJ
            ♣ 1098
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from xlbridge.errors import DealError, InputFileError, MissingExtraError, install_line
from xlbridge.interchange.gate import MAX_TEXT_BYTES, read_text
from xlbridge.interchange.pbn import file_text, parse_games, tag_line
from xlbridge.types import Seat, Vulnerability, check_board

__all__ = [
    "DD_SEATS",
    "DD_STRAINS",
    "MAX_BOARDS",
    "DDTable",
    "HandRecord",
    "Par",
    "analyse",
    "deal_boards",
    "for_boards",
    "hand_records_text",
    "loads_pbn",
    "parse_board_range",
    "read_pbn",
    "write_hand_records",
]

MAX_BOARDS = 1000  # boards dealt or read at once: far above any session, far below a slow run
DD_SEATS = ("N", "E", "S", "W")
DD_STRAINS = ("C", "D", "H", "S", "NT")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")  # the order of a PBN hand: spades, hearts, diamonds, clubs
_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_RANKS = "AKQJT98765432"
# DDS par contracts: denomination 0 is notrump, then spades..clubs; seats 4 and 5 are a side.
_PAR_STRAINS = ("NT", "S", "H", "D", "C")
_PAR_SEATS = ("N", "E", "S", "W", "NS", "EW")


@dataclass(frozen=True)
class DDTable:
    """Double-dummy tricks: ``tricks[seat][strain]`` with seats N E S W and strains C D H S NT
    (the order of :data:`DD_SEATS` and :data:`DD_STRAINS`).

    >>> t = DDTable(((7,) * 5, (6,) * 5, (7,) * 5, (6,) * 5))
    >>> t.get("S", "NT")
    7
    """

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        ok = len(self.tricks) == 4 and all(
            len(row) == 5 and all(isinstance(t, int) and 0 <= t <= 13 for t in row)
            for row in self.tricks
        )
        if not ok:
            raise DealError(f"a double-dummy table is 4 seats x 5 strains of 0-13: {self.tricks}")

    def get(self, seat: str, strain: str) -> int:
        """Tricks ``seat`` (N E S W) takes as declarer in ``strain`` (C D H S NT)."""
        return self.tricks[DD_SEATS.index(seat)][DD_STRAINS.index(strain)]

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 5, ..., "NT": 7}, ...}``: the JSON shape of ``xlbridge deals``."""
        return {
            s: dict(zip(DD_STRAINS, row, strict=True))
            for s, row in zip(DD_SEATS, self.tricks, strict=True)
        }


@dataclass(frozen=True)
class Par:
    """The par: North-South's score (negative when East-West score) and every par contract,
    as ``"4S N"``, ``"4S N +1"`` (an overtrick in par) or ``"5DX W -2"`` (a sacrifice)."""

    score: int
    contracts: tuple[str, ...]

    def text(self) -> str:
        """One line: ``"NS +420: 4S N, 4S S"``, ``"EW +100: 5DX E -1"`` or ``"0: passed out"``.

        >>> Par(-100, ("5DX E -1",)).text()
        'EW +100: 5DX E -1'
        """
        if not self.contracts:
            return f"{self.score}: passed out"
        side = "NS" if self.score >= 0 else "EW"
        return f"{side} +{abs(self.score)}: {', '.join(self.contracts)}"


@dataclass(frozen=True)
class HandRecord:
    """One board's hand record. ``deal`` is a complete PBN deal string from North."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: str
    dd: DDTable | None = None
    par: Par | None = None
    event: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        check_board(self.board)
        _check_deal_text(self.deal)

    def hands(self) -> dict[Seat, tuple[str, str, str, str]]:
        """Each seat's four suits (spades, hearts, diamonds, clubs) as PBN rank letters."""
        out: dict[Seat, tuple[str, str, str, str]] = {}
        for seat, hand in zip(_SEATS, self.deal[2:].split(" "), strict=True):
            s, h, d, c = hand.split(".")
            out[seat] = (s, h, d, c)
        return out

    def diagram_lines(self) -> dict[Seat, list[str]]:
        """Each seat's four lines as printed: ``"♠ AK1094"``, a void as ``"♥ —"``."""
        return {
            seat: [f"{sym} {_print_ranks(h)}" for sym, h in zip(SUIT_SYMBOLS, suits, strict=True)]
            for seat, suits in self.hands().items()
        }

    def diagram_text(self) -> str:
        """The board as a plain-text diagram (what ``xlbridge deals`` prints)."""
        d = self.diagram_lines()
        pad = " " * 12
        lines = [f"Board {self.board}   Dealer {self.dealer}   Vul {self.vulnerability}"]
        lines += [pad + x for x in d[Seat.N]]
        lines += [f"{w:<24}{e}" for w, e in zip(d[Seat.W], d[Seat.E], strict=True)]
        lines += [pad + x for x in d[Seat.S]]
        if self.dd is not None:
            lines.append("     " + "".join(f"{s:>4}" for s in DD_STRAINS))
            for seat in DD_SEATS:
                row = "".join(f"{self.dd.get(seat, s):>4}" for s in DD_STRAINS)
                lines.append(f"  {seat}  {row}")
        if self.par is not None:
            lines.append(f"Par {self.par.text()}")
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        """The JSON object of ``xlbridge deals --format json`` (``dd``/``par`` when analysed)."""
        out: dict[str, Any] = {
            "board": self.board,
            "dealer": str(self.dealer),
            "vulnerable": str(self.vulnerability),
            "deal": self.deal,
        }
        if self.dd is not None:
            out["dd"] = self.dd.as_dict()
        if self.par is not None:
            out["par"] = {"score": self.par.score, "contracts": list(self.par.contracts)}
        return out


def _print_ranks(ranks: str) -> str:
    return ranks.replace("T", "10") if ranks else "—"


def _check_deal_text(deal: str) -> None:
    """A complete deal from North: four hands of 13 cards, every card once."""
    bad = DealError(f"deal {deal[:70]!r} is not a complete PBN deal from North (N:S.H.D.C x4)")
    if not isinstance(deal, str) or not deal.startswith("N:"):
        raise bad
    hands = deal[2:].split(" ")
    if len(hands) != 4:
        raise bad
    seen: set[str] = set()
    for hand in hands:
        suits = hand.split(".")
        if len(suits) != 4 or sum(len(s) for s in suits) != 13:
            raise bad
        for sym, ranks in zip("SHDC", suits, strict=True):
            if any(r not in _RANKS for r in ranks):
                raise bad
            seen.update(sym + r for r in ranks)
    if len(seen) != 52:
        raise bad


# -- board ranges ------------------------------------------------------------------------------


def parse_board_range(text: str, limit: int = MAX_BOARDS) -> list[int]:
    """Board numbers from ``"1-36"``, ``"5"`` or ``"1-4,9,12-14"``; each 1..``limit``, no repeats.

    >>> parse_board_range("1-3,7")
    [1, 2, 3, 7]
    >>> parse_board_range("3-1")
    Traceback (most recent call last):
    ...
    xlbridge.errors.DealError: boards '3-1': 3-1 runs backwards; write 1-3
    """
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        lo_s, sep, hi_s = part.partition("-")
        lo_s, hi_s = lo_s.strip(), hi_s.strip() if sep else lo_s.strip()
        if not (lo_s.isascii() and lo_s.isdigit() and hi_s.isascii() and hi_s.isdigit()):
            raise DealError(
                f"boards {text[:40]!r}: {part[:20]!r} is not a board or a range like 1-36"
            )
        if len(lo_s) > 6 or len(hi_s) > 6:
            raise DealError(f"boards {text[:40]!r}: at most {limit} boards")
        lo, hi = int(lo_s), int(hi_s)
        if lo < 1:
            raise DealError(f"boards {text[:40]!r}: boards are numbered from 1")
        if hi < lo:
            raise DealError(f"boards {text[:40]!r}: {part} runs backwards; write {hi}-{lo}")
        if hi > limit or len(out) + hi - lo + 1 > limit:
            raise DealError(f"boards {text[:40]!r}: at most {limit} boards, numbered 1-{limit}")
        out.extend(range(lo, hi + 1))
    if len(set(out)) != len(out):
        raise DealError(f"boards {text[:40]!r}: a board is named twice")
    return out


# -- dealing -----------------------------------------------------------------------------------


def deal_boards(boards: Iterable[int], seed: int | None = None) -> list[HandRecord]:
    """Random deals for ``boards``, dealer and vulnerability by board number (rules.md §7).

    Uses endplay's dealer (a numpy ``RandomState(seed)``, stable across releases): the same
    seed and boards give the same deals; the n-th board listed gets the n-th deal generated.
    Without a seed the generator is seeded from the operating system.

    >>> a = deal_boards(range(1, 3), seed=7)
    >>> a == deal_boards([1, 2], seed=7), a[1].dealer, a[1].vulnerability
    (True, Seat.E, Vulnerability.NS)
    """
    numbers = [check_board(b) for b in boards]
    if not numbers:
        raise DealError("no boards to deal")
    if len(numbers) > MAX_BOARDS:
        raise DealError(f"{len(numbers)} boards; at most {MAX_BOARDS} at once")
    if seed is not None and (isinstance(seed, bool) or not 0 <= seed < 2**32):
        raise DealError(f"seed {seed!r} is not a whole number 0-{2**32 - 1}")
    generate = _endplay().generate_deals
    with warnings.catch_warnings():  # its constraint grammar is built on first use
        warnings.simplefilter("ignore")
        deals = list(generate(produce=len(numbers), seed=seed, show_progress=False))
    return [
        HandRecord(b, Seat.dealer_of(b), Vulnerability.from_board(b), _deal_text(d))
        for b, d in zip(numbers, deals, strict=True)
    ]


def _endplay() -> Any:
    try:
        with warnings.catch_warnings():  # endplay's dealer grammar uses deprecated pyparsing
            warnings.simplefilter("ignore")
            import endplay.dds
            import endplay.types
    except ImportError:  # endplay is the optional "deals" extra (it has no pure-Python wheel)
        need = f"deals (PBN, dealing, double dummy) need the deals extra: {install_line('deals')}"
        raise MissingExtraError(need) from None
    return endplay


def _deal_text(deal: Any) -> str:
    hands = [deal[p].to_pbn() for p in _endplay().types.Player]
    return "N:" + " ".join(hands)


# -- PBN ---------------------------------------------------------------------------------------


def read_pbn(path: str | Path) -> list[HandRecord]:
    """Every board with a deal in the PBN file ``path``, in file order (see :func:`loads_pbn`)."""
    p = Path(path)
    return loads_pbn(read_text(p, max_bytes=MAX_TEXT_BYTES, what="PBN file"), name=str(p))


def loads_pbn(text: str, name: str = "PBN") -> list[HandRecord]:
    """Hand records from PBN text: the games of the one PBN tokenizer
    (:func:`xlbridge.interchange.pbn.parse_games`) that have a ``Deal`` tag, each deal read by
    endplay.

    Comments (``;``, ``{ }``, ``%``), unknown tags, tables, and a deal given from any seat are
    read; a game without a ``Deal`` tag (an event header) is skipped. Missing tags are filled:
    ``Board`` as the previous board + 1, ``Dealer`` and ``Vulnerable`` from the board number. A
    deal with three hands and ``-`` gets the fourth. Anything else wrong is one
    :class:`~xlbridge.errors.DealError` naming the line.

    >>> loads_pbn('[Board "4"]\\n[Deal "E:AKQJT98765432... - - -"]\\n')
    Traceback (most recent call last):
    ...
    xlbridge.errors.DealError: PBN line 2: board 4: the deal has 13 cards; give four hands ...
    >>> w = "W:- AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98"
    >>> r = loads_pbn(f'% PBN 2.1\\n[Deal "{w}"]\\n')
    >>> r[0].board, r[0].dealer, r[0].deal
    (1, Seat.N, 'N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ')
    """
    raw = _decode_games(text, name)
    if len(raw) > MAX_BOARDS:
        raise DealError(f"{name}: {len(raw)} deals; at most {MAX_BOARDS} in one file")
    if not raw:
        raise DealError(f"{name}: no [Deal] tag: not a file of deals")
    ep = _endplay()
    out: list[HandRecord] = []
    previous = 0
    for game in raw:
        out.append(_record(ep, game, previous, name))
        previous = out[-1].board
    return out


_KEEP = ("board", "dealer", "vulnerable", "deal", "event")


def _decode_games(text: str, name: str) -> list[tuple[dict[str, str], dict[str, int]]]:
    """Each game with a deal: its tags (names in lower case) and the line of each, read by the
    one PBN tokenizer (:func:`xlbridge.interchange.pbn.parse_games`)."""
    try:
        games = parse_games(text, name=name)
    except InputFileError as exc:
        raise DealError(str(exc)) from None
    out = []
    for game in games:
        tags = {k: t for k in _KEEP if (t := game.tag(k)) is not None}
        if "deal" in tags:
            out.append(
                ({k: t.value for k, t in tags.items()}, {k: t.line for k, t in tags.items()})
            )
    return out


def _record(
    ep: Any, game: tuple[dict[str, str], dict[str, int]], previous: int, name: str
) -> HandRecord:
    tags, lines = game

    def fail(tag: str, why: str) -> DealError:
        return DealError(f"{name} line {lines.get(tag, '?')}: {why}")

    board_text = tags.get("board", "").strip()
    if board_text:
        if not (board_text.isascii() and board_text.isdigit() and len(board_text) <= 6):
            raise fail("board", f"board {board_text[:20]!r} is not a board number")
        board = int(board_text)
        if board < 1:
            raise fail("board", "boards are numbered from 1")
    else:
        board = previous + 1
    dealer_text = tags.get("dealer", "").strip()
    try:
        dealer = Seat.parse(dealer_text) if dealer_text else Seat.dealer_of(board)
    except ValueError:
        raise fail(
            "dealer", f"board {board}: dealer {dealer_text[:20]!r} is not N, E, S or W"
        ) from None
    vul_text = tags.get("vulnerable", "").strip()
    try:
        vul = Vulnerability.parse(vul_text) if vul_text else Vulnerability.from_board(board)
    except ValueError:
        raise fail(
            "vulnerable", f"board {board}: vulnerable {vul_text[:20]!r} is not None, NS, EW or All"
        ) from None
    deal_text = tags["deal"].strip()
    shown = f"board {board}: deal {deal_text[:60]!r} is not a PBN deal"
    problem = _shape_problem(deal_text.replace("10", "T"))
    if problem is not None:
        raise fail("deal", f"{shown}: {problem}")
    try:
        deal = ep.types.Deal(deal_text.replace("10", "T"))
    except (ValueError, RuntimeError, KeyError, IndexError):  # endplay's words are not the file's
        raise fail("deal", f"{shown} (N:AKQ.JT9.876.5432 and three more hands)") from None
    counts = [len(list(deal[p])) for p in ep.types.Player]
    given = sum(ch.upper() in _RANKS for ch in deal_text.replace("10", "T")[2:])
    if given != sum(counts):  # endplay keeps a card given twice once
        raise fail("deal", f"board {board}: a card is in two hands in {deal_text[:60]!r}")
    if sum(counts) == 39 and counts.count(0) == 1:
        deal.complete_deal()
        counts = [13] * 4
    if counts != [13] * 4:
        raise fail(
            "deal",
            f"board {board}: the deal has {sum(counts)} cards; give four hands (or three and -)",
        )
    text = _deal_text(deal)
    try:
        _check_deal_text(text)
    except DealError:
        raise fail("deal", f"board {board}: a card is in two hands in {deal_text[:60]!r}") from None
    return HandRecord(board, dealer, vul, text, event=tags.get("event", ""))


def _shape_problem(deal: str) -> str | None:
    """What keeps ``deal`` from PBN's shape (the first hand's seat and a colon, then up to four
    hands of four suits joined by dots, or ``-``), in the file's own words; ``None`` if nothing.

    >>> _shape_problem("X:AKQ... - - -")
    "it starts with 'X', not the first hand's seat (N:, E:, S: or W:)"
    >>> _shape_problem("N:AKQ.xyz.. - - -")
    "'x' in hand 'AKQ.xyz..' is not a card (A K Q J T 9 8 7 6 5 4 3 2)"
    """
    seat, colon, rest = deal.partition(":")
    if not colon or seat.strip().upper() not in ("N", "E", "S", "W"):
        return f"it starts with {seat[:10]!r}, not the first hand's seat (N:, E:, S: or W:)"
    hands = rest.split()
    if len(hands) > 4:
        return f"{len(hands)} hands; give four (or three and -)"
    for hand in hands:
        if hand == "-":
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            return f"hand {hand[:20]!r} has {len(suits)} suits; give four joined by dots"
        bad = next((c for c in hand.replace(".", "") if c.upper() not in _RANKS), None)
        if bad is not None:
            return f"{bad!r} in hand {hand[:20]!r} is not a card (A K Q J T 9 8 7 6 5 4 3 2)"
    return None


def for_boards(records: Sequence[HandRecord], boards: Iterable[int], name: str) -> list[HandRecord]:
    """The record of each of ``boards``, in that order, from ``records`` (a file of deals that
    may hold more boards). A board missing, or dealt twice, is one error naming it.

    >>> recs = deal_boards([1, 2, 3], seed=1)
    >>> [r.board for r in for_boards(recs, [2, 1], "f.pbn")]
    [2, 1]
    >>> for_boards(recs, [3, 4, 5], "f.pbn")
    Traceback (most recent call last):
    ...
    xlbridge.errors.DealError: f.pbn has no deal for board 4, 5 (it has boards 1-3)
    """
    by_board: dict[int, HandRecord] = {}
    for r in records:
        if r.board in by_board:
            raise DealError(
                f"{name} deals board {r.board} twice (several events?); give one session's deals"
            )
        by_board[r.board] = r
    wanted = list(boards)
    missing = [b for b in wanted if b not in by_board]
    if missing:
        have = sorted(by_board)
        span = (
            f"{have[0]}-{have[-1]}"
            if have == list(range(have[0], have[-1] + 1))
            else (", ".join(map(str, have[:8])) + (", ..." if len(have) > 8 else ""))
        )
        listed = ", ".join(map(str, missing[:8])) + (", ..." if len(missing) > 8 else "")
        raise DealError(f"{name} has no deal for board {listed} (it has boards {span})")
    return [by_board[b] for b in wanted]


def hand_records_text(records: Sequence[HandRecord], event: str = "") -> str:
    """PBN 2.1 text (export format) of ``records``: ``Event``, ``Board``, ``Dealer``,
    ``Vulnerable``, ``Deal``, and when analysed ``DoubleDummyTricks`` (the PBN 2.1 string of
    20 hex digits: declarers N, S, E, W, each NT S H D C), ``OptimumScore`` and ``ParContract``.
    Written by :mod:`xlbridge.interchange.pbn` (tags and escaping).

    >>> print(hand_records_text(deal_boards([1], seed=1)).splitlines()[8])
    [Deal "N:AQ84.QT98.J.KQ43 K.KJ632.AT962.75 T76.54.753.AJT82 J9532.A7.KQ84.96"]
    """
    games = []
    for r in records:
        lines = [
            tag_line("Event", r.event or event),
            tag_line("Board", str(r.board)),
            tag_line("Dealer", str(r.dealer)),
            tag_line("Vulnerable", str(r.vulnerability)),
            tag_line("Deal", r.deal),
        ]
        if r.dd is not None:
            digits = "".join(
                f"{r.dd.get(seat, s):x}" for seat in "NSEW" for s in ("NT", "S", "H", "D", "C")
            )
            lines.append(tag_line("DoubleDummyTricks", digits))
        if r.par is not None:
            lines.append(tag_line("OptimumScore", f"NS {r.par.score}"))
            lines.append(tag_line("ParContract", "; ".join(r.par.contracts) or "Pass"))
        games.append(lines)
    return file_text("Deals", games)


def write_hand_records(
    records: Sequence[HandRecord], path: str | Path, force: bool = False
) -> Path:
    """Write ``records`` as a PBN file (:func:`hand_records_text`, CRLF line ends),
    atomically (a temporary file renamed over ``path``)."""
    from xlbridge.interchange.files import write_atomically

    text = hand_records_text(records)

    def save(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\r\n") as f:
            f.write(text)

    return write_atomically(path, save, force=force)


# -- double dummy and par ----------------------------------------------------------------------

Progress = Callable[[int, int], None]


def analyse(
    records: Sequence[HandRecord], progress: Progress | bool | None = None, batch: int = 0
) -> list[HandRecord]:
    """``records`` with their double-dummy tables and par, solved by DDS through endplay's
    ``calc_all_tables`` (every core) in batches, then ``par`` for each board's vulnerability
    and dealer. ``progress``: a callback ``(done, total)``, or ``None`` for a bar on standard
    error when it is a terminal (``False``: none).

    >>> r = analyse(loads_pbn('[Deal "N:AKQJT98765432... .AKQJT98765432.. '
    ...     '..AKQJT98765432. ...AKQJT98765432"]'), progress=False)[0]
    >>> r.dd.get("N", "S"), r.dd.get("E", "S"), r.par.text()
    (13, 0, 'NS +1510: 7S N, 7S S')
    """
    if not records:
        return []
    ep = _endplay()
    Deal, Player, Denom, Vul = ep.types.Deal, ep.types.Player, ep.types.Denom, ep.types.Vul
    report = _bar if progress is None and sys.stderr.isatty() else progress
    size = batch or _batch_size(len(records), callable(report))
    strains = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    out: list[HandRecord] = []
    for start in range(0, len(records), size):
        chunk = records[start : start + size]
        tables = ep.dds.calc_all_tables([Deal(r.deal) for r in chunk])
        for r, t in zip(chunk, tables, strict=True):
            dd = DDTable(tuple(tuple(int(t[p, d]) for d in strains) for p in Player))
            par = ep.dds.par(t, vuls[str(r.vulnerability)], Player.find(str(r.dealer)))
            out.append(
                HandRecord(r.board, r.dealer, r.vulnerability, r.deal, dd, _par(par), r.event)
            )
        if callable(report):
            report(len(out), len(records))
    return out


def _batch_size(n: int, shown: bool) -> int:
    """Boards per ``calc_all_tables`` call: DDS takes at most 40 five-strain tables at once.
    One call is fastest; with a progress bar, a few equal batches of at least 8 boards a core
    let the bar move while every core still has several boards.

    >>> _batch_size(36, False), _batch_size(100, False), _batch_size(36, True) >= 12
    (36, 34, True)
    """
    target = 40 if not shown else min(40, max(8 * (os.cpu_count() or 1), 12))
    batches = -(-n // target)
    return -(-n // batches)


def _par(par: Any) -> Par:
    data = par._data  # endplay's ParList iterator reuses one struct: read the DDS records
    contracts: list[str] = []
    for i in range(data.number):
        c = data.contracts[i]
        strain, under, over = _PAR_STRAINS[c.denom], int(c.underTricks), int(c.overTricks)
        text = f"{c.level}{strain}{'X' if under else ''}"
        result = f" -{under}" if under else (f" +{over}" if over else "")
        for seat in _PAR_SEATS[c.seats]:
            contracts.append(f"{text} {seat}{result}")
    return Par(int(par.score), tuple(contracts))


def _bar(done: int, total: int, stream: TextIO | None = None) -> None:
    stream = stream or sys.stderr
    width = 30
    filled = width * done // total
    stream.write(f"\ranalysing [{'#' * filled}{'.' * (width - filled)}] {done}/{total} boards")
    if done == total:
        stream.write("\n")
    stream.flush()
