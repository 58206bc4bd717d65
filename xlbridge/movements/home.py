"""Home and club games without duplicate boards (seed 002, "Games for individuals",
"Games for fixed partnerships", "Marathons").

Rotations for one table of four, five or six players, progressive bridge, Swiss pairs, round
robins and marathon schedules. Fixed schedules are :class:`Movement` objects so the workbook
engine can print them: each round is one rubber or Chicago chukker, and its "boards" are deal
numbers (4 a chukker, numbered on from table to table and round to round; deal 1-4 of a chukker
fixes its vulnerability). Individual rotations set ``players = (N, E, S, W)``.

Games that move by results are functions: :func:`progressive_next` gives the next round's
tables from this round's winners; :func:`swiss_pairing` pairs a Swiss round from the standings
and the matches already played.

>>> [e.players for e in four_player(3).entries]
[(1, 3, 2, 4), (1, 4, 3, 2), (1, 2, 4, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from xlbridge.errors import MovementError
from xlbridge.movements.model import Entry, Movement, Pair
from xlbridge.movements.registry import KindInfo

__all__ = [
    "DEALS_PER_CHUKKER",
    "FIVE_PLAYER_CARD",
    "FIVE_PLAYER_MOVES",
    "first_round_pairs",
    "five_player",
    "five_player_by_moves",
    "four_player",
    "marathon",
    "marathon_months",
    "progressive_next",
    "round_robin_pairs",
    "set_game",
    "six_player",
    "six_player_partners",
    "swiss_pairing",
]

DEALS_PER_CHUKKER = 4

Seats = tuple[int, int, int, int]

#: Seed 002, five players, the "guide card": per chukker ((partners), (partners), sitting out).
FIVE_PLAYER_CARD: tuple[tuple[tuple[int, int], tuple[int, int], int], ...] = (
    ((1, 2), (3, 4), 5),
    ((1, 3), (2, 5), 4),
    ((2, 4), (1, 5), 3),
    ((3, 5), (1, 4), 2),
    ((4, 5), (2, 3), 1),
    ((3, 1), (2, 4), 5),
    ((2, 1), (3, 5), 4),
    ((2, 5), (4, 1), 3),
    ((3, 4), (5, 1), 2),
    ((3, 5), (4, 2), 1),
    ((4, 1), (2, 3), 5),
    ((5, 1), (3, 2), 4),
    ((2, 1), (5, 4), 3),
    ((3, 1), (4, 5), 2),
    ((5, 2), (3, 4), 1),
)

#: Seed 002, five players, the spoken instructions: for chukkers 2-15, what the three players
#: already seated do when the newcomer takes the seat of the next player to sit out.
#: "left"/"right"/"opposite": that player (seen from the newcomer) stays, the other two switch;
#: "ccw"/"cw": all three rotate counterclockwise/clockwise (each to the next seat that way,
#: passing over the newcomer's seat).
#: Seed 002 says chukker 13 rotates clockwise, but only a counterclockwise rotation there gives
#: the matchups of its own guide card (:data:`FIVE_PLAYER_CARD`), which is taken as right.
FIVE_PLAYER_MOVES: tuple[str, ...] = (
    *("left",) * 4,  # chukkers 2-5
    *("right",) * 4,  # chukkers 6-9
    "left",  # 10
    "ccw",  # 11
    "opposite",  # 12
    "ccw",  # 13 (seed: "clockwise"; see above)
    "opposite",  # 14
    "cw",  # 15
)


def _deals(index: int, chukkers: int = 1) -> tuple[int, ...]:
    """Deal numbers of the ``index``-th (0-based) game of ``chukkers`` chukkers."""
    k = DEALS_PER_CHUKKER * chukkers
    return tuple(range(index * k + 1, index * k + k + 1))


def _one_table(kind: str, players: int, seats: Sequence[Seats], notes: tuple[str, ...]) -> Movement:
    entries = []
    sit_outs = []
    for r, s in enumerate(seats, start=1):
        entries.append(Entry(round=r, table=1, ns=s[0], ew=s[1], boards=_deals(r - 1), players=s))
        sit_outs += [(r, p) for p in range(1, players + 1) if p not in s]
    return Movement(
        kind=kind,
        tables=1,
        rounds=len(seats),
        boards_per_round=DEALS_PER_CHUKKER,
        pairs=tuple(Pair(i, str(i)) for i in range(1, players + 1)),
        entries=tuple(entries),
        sit_outs=tuple(sit_outs),
        notes=notes,
        individual=True,
    )


def _check_count(kind: str, what: str, n: int, lo: int, hi: int | None = None) -> None:
    if n < lo or (hi is not None and n > hi):
        top = "" if hi is None else f"-{hi}"
        raise MovementError(f"{kind}: {n} {what}; use {lo}{top if top else ' or more'}")


def four_player(chukkers: int = 3, switch: bool = False) -> Movement:
    """Four players at one table: the pivot rotation (seed 002).

    Player 1 (high card) stays North as the pivot, 2 starts as partner (South), 3 East, 4 West.
    After each rubber or chukker the other three rotate clockwise: the pivot's left-hand
    opponent becomes partner, partner becomes right-hand opponent, right-hand opponent becomes
    left-hand opponent. With ``switch`` players 3 and 4 exchange seats when a new cycle of three
    begins (so left- and right-hand opponents change too).

    >>> [e.players for e in four_player(4, switch=True).entries][3]
    (1, 4, 2, 3)
    """
    _check_count("four-player", "chukkers", chukkers, 1)
    seats: list[Seats] = []
    n, e, s, w = 1, 3, 2, 4
    for c in range(chukkers):
        if c and c % 3 == 0:
            n, e, s, w = 1, 3, 2, 4
            if switch and (c // 3) % 2 == 1:
                e, w = w, e
        seats.append((n, e, s, w))
        e, s, w = w, e, s
    return _one_table(
        "four-player",
        4,
        seats,
        ("Player 1 stays; the others rotate clockwise after each rubber or chukker.",),
    )


def five_player(chukkers: int = 15) -> Movement:
    """Five players at one table, the 15-chukker guide card of seed 002.

    The first partnership sits North-South (first named North), the second East-West (first
    named East).

    >>> five_player(2).entries[1].players, five_player(2).sit_outs
    ((1, 2, 3, 5), ((1, 5), (2, 4)))
    """
    _check_count("five-player", "chukkers", chukkers, 1, 15)
    seats = [(a, c, b, d) for (a, b), (c, d), _ in FIVE_PLAYER_CARD[:chukkers]]
    return _one_table(
        "five-player",
        5,
        seats,
        ("Every player partners every other three times and sits out three times.",),
    )


def five_player_by_moves(
    chukkers: int = 15, moves: Sequence[str] = FIVE_PLAYER_MOVES
) -> list[tuple[Seats, int]]:
    """The five-player game run by seed 002's spoken instructions: seats (N, E, S, W) and the
    player sitting out, chukker by chukker.

    The players sit out in the order 5, 4, 3, 2, 1, 5, ... (the guide card's order); the
    newcomer takes the seat of the next player to sit out and the others move as
    ``moves`` says (default :data:`FIVE_PLAYER_MOVES`).

    >>> five_player_by_moves(2)
    [((1, 3, 2, 4), 5), ((1, 2, 3, 5), 4)]
    """
    _check_count("five-player", "chukkers", chukkers, 1, 15)
    seats = [1, 3, 2, 4]  # N, E, S, W: 1-2 against 3-4, 5 out
    out = 5
    result: list[tuple[Seats, int]] = [((seats[0], seats[1], seats[2], seats[3]), out)]
    for c in range(1, chukkers):
        leaving = 5 - c % 5
        at = seats.index(leaving)
        seats[at] = out
        out = leaving
        left, opposite, right = (at + 1) % 4, (at + 2) % 4, (at + 3) % 4
        move = moves[c - 1]
        if move == "left":
            seats[opposite], seats[right] = seats[right], seats[opposite]
        elif move == "right":
            seats[left], seats[opposite] = seats[opposite], seats[left]
        elif move == "opposite":
            seats[left], seats[right] = seats[right], seats[left]
        elif move == "cw":  # each moves one seat clockwise, skipping the newcomer's seat
            seats[left], seats[opposite], seats[right] = (
                seats[right],
                seats[left],
                seats[opposite],
            )
        elif move == "ccw":
            seats[left], seats[opposite], seats[right] = (
                seats[opposite],
                seats[right],
                seats[left],
            )
        else:
            raise MovementError(
                f"five-player: move {move!r} for chukker {c + 1}; use left, right, opposite, "
                "cw or ccw"
            )
        result.append(((seats[0], seats[1], seats[2], seats[3]), out))
    return result


def six_player_partners(
    ranked: Sequence[int], partnered: Iterable[frozenset[int]] = ()
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Seed 002's six-player draw: partnerships for one chukker.

    ``ranked`` lists the four players in the order of the cards they drew, highest first.
    High card partners the highest-ranked player not yet a partner (and whose remaining two
    have not partnered either); no partnership is repeated.

    >>> six_player_partners([1, 2, 5, 6], [frozenset((1, 2))])
    ((1, 5), (2, 6))
    """
    if len(ranked) != 4 or len(set(ranked)) != 4:
        raise MovementError(f"six-player: the draw {list(ranked)} must name four players")
    done = set(partnered)
    high, *rest = ranked
    for p in rest:
        others = [q for q in rest if q != p]
        if frozenset((high, p)) not in done and frozenset(others) not in done:
            return (high, p), (others[0], others[1])
    raise MovementError(
        f"six-player: every partnership of {list(ranked)} repeats one already played"
    )


def six_player(chukkers: int = 8, draws: Sequence[Sequence[int]] | None = None) -> Movement:
    """Six players at one table (seed 002), one cycle: seven chukkers plus the eighth.

    Players 5 and 6 (lowest cards) sit out first; the two sitting out come back together and
    replace the next two in draw order (3 and 4, then 1 and 2, then 5 and 6 again). Each
    chukker the four players draw for partners with no repeat (:func:`six_player_partners`);
    ``draws`` gives each chukker's ranking (default: by player number). After seven chukkers 5
    and 6 are the only two who have not partnered, so in the eighth the two coming back play
    together against the two highest of the others; then a new cycle starts with a new draw.

    >>> [e.players for e in six_player(3).entries]
    [(1, 3, 2, 4), (1, 2, 5, 6), (3, 4, 5, 6)]
    """
    _check_count("six-player", "chukkers", chukkers, 1, 8)
    groups = ((1, 2, 3, 4), (1, 2, 5, 6), (3, 4, 5, 6))
    partnered: set[frozenset[int]] = set()
    seats: list[Seats] = []
    for c in range(chukkers):
        playing = groups[c % 3]
        ranked = list(playing) if draws is None or c >= len(draws) else list(draws[c])
        if sorted(ranked) != sorted(playing):
            raise MovementError(
                f"six-player: chukker {c + 1} draw {ranked} must rank players {list(playing)}"
            )
        if c == 7:
            back = (5, 6)
            others = [p for p in ranked if p not in back][:2]
            (a, b), (x, y) = back, (others[0], others[1])
        else:
            (a, b), (x, y) = six_player_partners(ranked, partnered)
        partnered |= {frozenset((a, b)), frozenset((x, y))}
        seats.append((a, x, b, y))
    return _one_table(
        "six-player",
        6,
        seats,
        ("Two sit out each chukker; partners are drawn each chukker, never repeated.",),
    )


def progressive_next(
    tables: Sequence[tuple[int, int]], winners: Sequence[int], variant: str = "stay"
) -> tuple[tuple[int, int], ...]:
    """Progressive bridge: the next round's tables from this round's winners (seed 002).

    ``tables`` lists the two pairs at each table (table 1 first); ``winners`` the winning pair
    at each table (a tie must be settled first, e.g. by a cut). Winners move to the next-lower
    table (table 1's winners stay). ``variant``:

    * ``"stay"``: losers stay (table 1's losers go to the highest table);
    * ``"move"``: losers move to the next-higher table (the highest table's losers stay).

    Each table of the result is given in ascending pair order.

    >>> progressive_next([(1, 2), (3, 4), (5, 6)], [1, 4, 6])
    ((1, 4), (3, 6), (2, 5))
    >>> progressive_next([(1, 2), (3, 4), (5, 6)], [1, 4, 6], variant="move")
    ((1, 4), (2, 6), (3, 5))
    """
    if variant not in ("stay", "move"):
        raise MovementError(f"progressive: variant {variant!r}; use 'stay' or 'move'")
    if len(winners) != len(tables) or not tables:
        raise MovementError(
            f"progressive: {len(winners)} winners for {len(tables)} tables; give one per table"
        )
    n = len(tables)
    win, lose = [], []
    for t, (pair_set, w) in enumerate(zip(tables, winners, strict=True), start=1):
        if w not in pair_set:
            raise MovementError(f"progressive: table {t}: winner {w} is not one of {pair_set}")
        win.append(w)
        lose.append(pair_set[1] if pair_set[0] == w else pair_set[0])
    nxt: list[list[int]] = [[] for _ in range(n)]
    for t in range(n):
        nxt[max(t - 1, 0)].append(win[t])
        if variant == "stay":
            nxt[n - 1 if t == 0 else t].append(lose[t])
        else:
            nxt[min(t + 1, n - 1)].append(lose[t])
    return tuple((min(p), max(p)) for p in nxt)


def _matching(order: list[int], unplayed: dict[int, set[int]]) -> Iterable[list[tuple[int, int]]]:
    """Every perfect matching of ``order`` within ``unplayed``: the top pair takes its
    opponents in ``order`` (standings) order first."""
    if not order:
        yield []
        return
    top, rest = order[0], order[1:]
    for i, opp in enumerate(rest):
        if opp in unplayed[top]:
            for more in _matching(rest[:i] + rest[i + 1 :], unplayed):
                yield [(top, opp), *more]


def _pairing(
    order: list[int], unplayed: dict[int, set[int]], rounds: int
) -> list[tuple[int, int]] | None:
    """The first matching (best pairs first) of this round after which ``rounds - 1`` more
    rounds can still be paired without a rematch; None if there is none."""
    if any(len(unplayed[p]) < rounds for p in order):
        return None
    for m in _matching(order, unplayed):
        for a, b in m:
            unplayed[a].discard(b)
            unplayed[b].discard(a)
        ok = rounds == 1 or _pairing(order, unplayed, rounds - 1) is not None
        for a, b in m:
            unplayed[a].add(b)
            unplayed[b].add(a)
        if ok:
            return list(m)
    return None


def swiss_pairing(
    standings: Sequence[int],
    played: Iterable[tuple[int, int]] = (),
    rounds_left: int = 1,
) -> tuple[tuple[int, int], ...]:
    """Swiss pairs (seed 002): pair the next round from the standings, best first.

    The highest pair meets the next highest it has not met, and so on down; no pair meets
    another twice. ``rounds_left`` counts this round and those still to come: a pairing is only
    accepted if the rounds after it can still be paired without a rematch, so no pair is left
    without an opponent in the last round. Tables are numbered in order: the top two at table 1.

    >>> swiss_pairing([1, 2, 3, 4, 5, 6])
    ((1, 2), (3, 4), (5, 6))
    >>> swiss_pairing([1, 2, 3, 4, 5, 6], played=[(1, 2), (3, 4)])
    ((1, 3), (2, 4), (5, 6))
    """
    order = list(standings)
    if len(set(order)) != len(order):
        raise MovementError(f"swiss: standings {order} name a pair twice")
    if len(order) < 2 or len(order) % 2:
        raise MovementError(
            f"swiss: {len(order)} pairs; Swiss pairing needs an even number (at least 2)"
        )
    unplayed = {p: {q for q in order if q != p} for p in order}
    for a, b in played:
        if a not in unplayed or b not in unplayed:
            raise MovementError(f"swiss: match {a}-{b} names a pair not in the standings")
        unplayed[a].discard(b)
        unplayed[b].discard(a)
    found = _pairing(order, unplayed, rounds_left) if rounds_left >= 1 else None
    if found is not None:
        return tuple(found)
    raise MovementError(f"swiss: {rounds_left} more rounds cannot be paired without a rematch")


def _circle(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds for 1..n (n even), n fixed; each match (x, y) with x hosting.

    Among 1..n-1 (residues mod n-1) x hosts y when y - x is 1..(n-2)/2 mod n-1; pair n hosts
    in odd rounds. Every pair hosts (n-2)/2 or n/2 matches.
    """
    m = n - 1
    rounds = []
    for r in range(m):
        row = [(n, r + 1) if r % 2 == 0 else (r + 1, n)]
        for i in range(1, n // 2):
            a, b = (r + i) % m + 1, (r - i) % m + 1
            host_a = (b - a) % m <= (n - 2) // 2
            row.append((a, b) if host_a else (b, a))
        rounds.append(row)
    return rounds


def round_robin_pairs(pairs: int, chukkers: int = 1) -> Movement:
    """Every pair meets every other pair for ``chukkers`` Chicago chukkers (seed 002).

    An odd number of pairs gets a sit-out each round. Seed 002: two tables and two chukkers a
    match is 24 deals; three tables of single chukkers 20; four tables 28.

    >>> m = round_robin_pairs(6)
    >>> m.rounds, m.tables, len(m.boards) // 3
    (5, 3, 20)
    """
    _check_count("round-robin-pairs", "pairs", pairs, 3)
    _check_count("round-robin-pairs", "chukkers", chukkers, 1)
    even = pairs + pairs % 2
    tables = even // 2 - pairs % 2
    entries = []
    sit_outs = []
    for r, row in enumerate(_circle(even), start=1):
        t = 0
        for a, b in sorted(row, key=lambda m: min(m)):
            if max(a, b) > pairs:
                sit_outs.append((r, min(a, b)))
                continue
            t += 1
            entries.append(
                Entry(
                    round=r,
                    table=t,
                    ns=min(a, b),
                    ew=max(a, b),
                    boards=_deals((r - 1) * tables + t - 1, chukkers),
                )
            )
    return Movement(
        kind="round-robin-pairs",
        tables=tables,
        rounds=even - 1,
        boards_per_round=DEALS_PER_CHUKKER * chukkers,
        pairs=tuple(Pair(i, str(i)) for i in range(1, pairs + 1)),
        entries=tuple(entries),
        sit_outs=tuple(sit_outs),
        notes=(
            "Each table deals its own cards: deals are numbered for the score sheet only.",
            "Pairs draw for their numbers; the order of play does not matter.",
        ),
    )


def marathon(pairs: int, deals: int = 20) -> Movement:
    """A marathon: every pair meets every other in one pair's home, a round a month (seed 002).

    Rounds are months; in each entry ``ns`` is the host pair and ``ew`` the visiting pair (the
    table number is just the match number). Hosting is shared out evenly: with an even number
    of pairs each hosts (n-2)/2 or n/2 of its n-1 matches. An odd number of pairs gets one pair
    idle each month. Ten pairs: nine months (seed 002).

    >>> m = marathon(10)
    >>> m.rounds, sum(1 for e in m.entries if e.ns == 10)
    (9, 5)
    """
    _check_count("marathon", "pairs", pairs, 3)
    if deals < 1:
        raise MovementError(f"marathon: {deals} deals a match; a match needs at least 1")
    even = pairs + pairs % 2
    entries = []
    sit_outs = []
    match = 0
    for r, row in enumerate(_circle(even), start=1):
        t = 0
        for host, visitor in row:
            if max(host, visitor) > pairs:
                sit_outs.append((r, min(host, visitor)))
                continue
            t += 1
            entries.append(
                Entry(
                    round=r,
                    table=t,
                    ns=host,
                    ew=visitor,
                    boards=tuple(range(match * deals + 1, match * deals + deals + 1)),
                )
            )
            match += 1
    return Movement(
        kind="marathon",
        tables=even // 2 - pairs % 2,
        rounds=even - 1,
        boards_per_round=deals,
        pairs=tuple(Pair(i, str(i)) for i in range(1, pairs + 1)),
        entries=tuple(entries),
        sit_outs=tuple(sit_outs),
        notes=(
            "One round a month; North-South (ns) is the host pair.",
            "Pair numbers are drawn by lot before the schedule is published.",
        ),
    )


MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def marathon_months(
    rounds: int, start: str = "September", skip: Sequence[str] = ("July", "August")
) -> list[str]:
    """Month names for ``rounds`` marathon rounds, skipping the summer months (seed 002).

    >>> marathon_months(9)[-1], marathon_months(10)[-1]
    ('May', 'June')
    """
    if start not in MONTHS:
        raise MovementError(f"marathon: unknown month {start!r}")
    bad = [s for s in skip if s not in MONTHS]
    if bad or len(set(skip)) >= 12:
        raise MovementError(f"marathon: cannot skip {list(skip)}")
    out: list[str] = []
    i = MONTHS.index(start)
    while len(out) < rounds:
        if MONTHS[i % 12] not in skip:
            out.append(MONTHS[i % 12])
        i += 1
    return out


def _single_table(kind: str, tables: int) -> None:
    if tables != 1:
        raise MovementError(f"{kind}: {tables} tables; this rotation is for one table")


def _four_kind(tables: int, rounds: int = 3) -> Movement:
    _single_table("four-player", tables)
    return four_player(rounds)


def _five_kind(tables: int, rounds: int = 15) -> Movement:
    _single_table("five-player", tables)
    return five_player(rounds)


def _six_kind(tables: int, rounds: int = 8) -> Movement:
    _single_table("six-player", tables)
    return six_player(rounds)


def _round_robin_kind(tables: int, boards_per_round: int = DEALS_PER_CHUKKER) -> Movement:
    if boards_per_round % DEALS_PER_CHUKKER:
        raise MovementError(
            f"round-robin-pairs: {boards_per_round} deals a round; use whole chukkers of 4"
        )
    return round_robin_pairs(2 * tables, boards_per_round // DEALS_PER_CHUKKER)


def _marathon_kind(tables: int, boards_per_round: int = 20) -> Movement:
    return marathon(2 * tables, boards_per_round)


def set_game(kind: str, rounds: int) -> Movement:
    """One table, two fixed partnerships (seed 002, "One-Table Set Game"): pair 1 sits
    North-South and pair 2 East-West for every rubber or chukker (``kind``: rubber, chicago).

    >>> m = set_game("chicago", 2)
    >>> [(e.round, e.ns, e.ew, e.boards) for e in m.entries]
    [(1, 1, 2, (1, 2, 3, 4)), (2, 1, 2, (5, 6, 7, 8))]
    """
    if kind not in ("rubber", "chicago"):
        raise MovementError(f"set game: {kind!r}; use rubber or chicago")
    what = "rubbers" if kind == "rubber" else "chukkers"
    _check_count(kind, what, rounds, 1, 60)
    entries = tuple(
        Entry(round=r, table=1, ns=1, ew=2, boards=_deals(r - 1)) for r in range(1, rounds + 1)
    )
    note = (
        "A rubber lasts until a side wins two games; deal numbers are for the score sheet only."
        if kind == "rubber"
        else "Four deals a chukker; a passed-out deal is redealt and not counted."
    )
    return Movement(
        kind=kind,
        tables=1,
        rounds=rounds,
        boards_per_round=DEALS_PER_CHUKKER,
        pairs=(Pair(1, "North-South"), Pair(2, "East-West")),
        entries=entries,
        notes=(note, "Same partners, seats and packs all session (Party Bridge, set game)."),
    )


def first_round_pairs(kind: str, tables: int, rounds: int) -> Movement:
    """Round 1 of a game whose later rounds follow from results (progressive bridge, Swiss
    pairs; seed 002): pairs 1 and 2 at table 1, 3 and 4 at table 2, and so on.

    >>> [(e.table, e.ns, e.ew) for e in first_round_pairs("swiss-pairs", 2, 5).entries]
    [(1, 1, 2), (2, 3, 4)]
    """
    _check_count(kind, "tables", tables, 1 if kind == "progressive" else 2, 30)
    _check_count(kind, "rounds", rounds, 1, 30)
    later = (
        "Later rounds: winners move down a table (see the Progress sheet)."
        if kind == "progressive"
        else "Later rounds: the top pairs meet, no pair twice (xlbridge swiss next)."
    )
    return Movement(
        kind=kind,
        tables=tables,
        rounds=rounds,
        boards_per_round=DEALS_PER_CHUKKER,
        pairs=tuple(Pair(i, str(i)) for i in range(1, 2 * tables + 1)),
        entries=tuple(
            Entry(round=1, table=t, ns=2 * t - 1, ew=2 * t, boards=_deals(t - 1))
            for t in range(1, tables + 1)
        ),
        notes=("One Chicago chukker a round; pairs draw for their numbers.", later),
    )


def _progressive_kind(tables: int, rounds: int = 6) -> Movement:
    return first_round_pairs("progressive", tables, rounds)


def _swiss_pairs_kind(tables: int, rounds: int = 5) -> Movement:
    return first_round_pairs("swiss-pairs", tables, rounds)


def _rubber_kind(tables: int, rounds: int = 4) -> Movement:
    _single_table("rubber", tables)
    return set_game("rubber", rounds)


def _chicago_kind(tables: int, rounds: int = 6) -> Movement:
    _single_table("chicago", tables)
    return set_game("chicago", rounds)


KINDS: dict[str, KindInfo] = {
    "rubber": KindInfo(
        "rubber",
        "Rubber bridge: one table, fixed partners, score sheets (Party Bridge)",
        "1",
        _rubber_kind,
    ),
    "chicago": KindInfo(
        "chicago",
        "Chicago: four-deal chukkers, one table, fixed partners (Party Bridge)",
        "1",
        _chicago_kind,
    ),
    "progressive": KindInfo(
        "progressive",
        "Progressive bridge: 2T pairs, winners move down a table (Party Bridge)",
        "1-30",
        _progressive_kind,
    ),
    "swiss-pairs": KindInfo(
        "swiss-pairs",
        "Swiss pairs: 2T pairs, Chicago chukkers scored in VPs (Party Bridge)",
        "2-30",
        _swiss_pairs_kind,
    ),
    "four-player": KindInfo(
        "four-player",
        "Four players: pivot stays, the others rotate (Party Bridge)",
        "1",
        _four_kind,
    ),
    "five-player": KindInfo(
        "five-player", "Five players: the 15-chukker guide card (Party Bridge)", "1", _five_kind
    ),
    "six-player": KindInfo(
        "six-player",
        "Six players: two sit out, partners drawn, no repeats (Party Bridge)",
        "1",
        _six_kind,
    ),
    "round-robin-pairs": KindInfo(
        "round-robin-pairs",
        "Round-robin pairs: 2T pairs, Chicago chukkers (Party Bridge)",
        "2-8",
        _round_robin_kind,
    ),
    "marathon": KindInfo(
        "marathon",
        "Marathon: 2T pairs, a round a month, host pair North-South (Party Bridge)",
        "2-13",
        _marathon_kind,
    ),
}
