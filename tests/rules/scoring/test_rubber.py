"""Rubber bridge scoring: seed 002's typical rubber and every rule of rules.md §2."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.errors import ContractError, ResultError, SeatError, XlbridgeError
from xlbridge.scoring.contract import declarer_score
from xlbridge.scoring.rubber import (
    Deal,
    Honours,
    Line,
    Rounding,
    Rubber,
    ScoreItem,
    ScoreSheetError,
    round_hundreds,
)
from xlbridge.types import Contract, Doubling, Seat, Side, Strain

NS, EW = Side.NS, Side.EW

# Seed 002, Figure 1-2 "Typical Rubber Bridge Score". WE = North-South, THEY = East-West:
# WE 2S +1; THEY 6D =; WE 2HXX = with 100 honours; THEY 3NT =.
TYPICAL_RUBBER = ("2S N 9", "6D E 12", "2HXX S 8 100", "3NT W 9")


def items_of(rubber: Rubber) -> list[tuple[str, int, str, str]]:
    return [(str(i.side), i.points, str(i.line), i.what) for i in rubber.items]


# --- seed 002 ---------------------------------------------------------------------------------


def test_seed_002_typical_rubber_totals() -> None:
    """Seed 002, typical rubber: 530 to 1220, THEY win by 690, recorded +7 / -7."""
    r = Rubber.of(*TYPICAL_RUBBER)
    assert r.is_complete and r.winner is EW
    assert (r.total(NS), r.total(EW)) == (530, 1220)
    assert (r.net(NS), r.net(EW)) == (-690, 690)
    assert (r.rounded_net(NS), r.rounded_net(EW)) == (-7, 7)


def test_seed_002_typical_rubber_sheet() -> None:
    """Seed 002, typical rubber: each entry as the text describes it, above and below the line."""
    r = Rubber.of(*TYPICAL_RUBBER)
    assert items_of(r) == [
        ("NS", 60, "below", "trick score"),
        ("NS", 30, "above", "overtricks"),
        ("EW", 120, "below", "trick score"),
        ("EW", 500, "above", "slam"),  # not vulnerable: THEY had no game yet
        ("NS", 240, "below", "trick score"),
        ("NS", 100, "above", "insult"),  # redoubled: 100 since the 1993 laws
        ("NS", 100, "above", "honours"),
        ("EW", 100, "below", "trick score"),
        ("EW", 500, "above", "rubber"),  # WE had won a game
    ]
    # Seed columns: WE premiums 200 + 30, tricks 60 + 240; THEY 500 + 500 and 120 + 100.
    assert (r.above(NS), r.below(NS), r.above(EW), r.below(EW)) == (230, 300, 1000, 220)


def test_seed_002_typical_rubber_game_wipes_partscore() -> None:
    """Seed 002, typical rubber: THEY's slam 'wiped out' WE's 60 partscore."""
    after_one = Rubber.of(*TYPICAL_RUBBER[:1])
    assert after_one.partscore(NS) == 60
    after_two = after_one.play(TYPICAL_RUBBER[1])
    assert after_two.partscore(NS) == 0
    assert (after_two.games_won(EW), after_two.vulnerable(EW), after_two.vulnerable(NS)) == (
        1,
        True,
        False,
    )


def test_seed_002_figures_are_in_the_seed(seeds_dir: Path) -> None:
    """The figures above are copied from seed 002's text (guards against a transcription slip)."""
    text = next(seeds_dir.glob("002_*.txt")).read_text(encoding="utf-8")
    assert 'resulting in 530 points for "WE" and 1220 for "THEY,"' in text
    assert "won the rubber by 690 points" in text
    assert 'a win of +7 for "THEY" and -7 for "WE."' in text


# --- rules.md §2 premiums and values ------------------------------------------------------------


@pytest.mark.parametrize(
    ("deals", "bonus"),
    [
        (("4S N 10", "3NT S 9"), 700),  # opponents won no game
        (("4S N 10", "5D E 11", "3NT S 9"), 500),  # opponents won one game
    ],
)
def test_rubber_bonus_rules_md_2(deals: tuple[str, ...], bonus: int) -> None:
    """rules.md §2 (Law 74): 700 if the opponents won no game, 500 if they won one."""
    r = Rubber.of(*deals)
    assert r.is_complete
    assert [i.points for i in r.items if i.what == "rubber"] == [bonus]
    assert [i.side for i in r.items if i.what == "rubber"] == [NS]


@pytest.mark.parametrize(
    ("before", "deal", "points", "what"),
    [
        ((), "6S N 12", 500, "slam"),  # small slam not vulnerable
        (("3NT N 9",), "6S N 12", 750, "slam"),  # vulnerable after a game
        ((), "7NT E 13", 1000, "grand slam"),
        (("4H E 10",), "7NT E 13", 1500, "grand slam"),
    ],
)
def test_slam_premiums_rules_md_1_2(
    before: tuple[str, ...], deal: str, points: int, what: str
) -> None:
    """rules.md §1/§2: slams 500/750, grand slams 1000/1500 by the side's vulnerability."""
    r = Rubber.of(*before, deal)
    last = [i for i in r.items if i.deal == len(before) + 1]
    assert (what, points) in [(i.what, i.points) for i in last]


@pytest.mark.parametrize(
    ("deal", "ns_total"),
    [
        ("2S N 8", 60),  # no 50 partscore premium in rubber
        ("1S N 10", 120),  # only tricks bid go below: 30 below, 90 above
        ("4S N 10", 120),  # no immediate game premium
        ("2HX N 8", 170),  # 120 below (doubled into game) + 50 insult
        ("1NTXX S 7", 260),  # 160 below + 100 insult
    ],
)
def test_no_partscore_or_game_premium_rules_md_2(deal: str, ns_total: int) -> None:
    """rules.md §2: no partscore premium, no game premium; insult 50 / 100 (rules.md §1)."""
    assert Rubber.of(deal).total(NS) == ns_total


@pytest.mark.parametrize(
    ("deal", "below", "above"),
    [
        ("1S N 10", 30, 90),
        ("1NT N 9", 40, 60),
        ("2C N 13", 40, 100),
    ],
)
def test_only_tricks_bid_count_below_rules_md_2(deal: str, below: int, above: int) -> None:
    """rules.md §2: only tricks bid count below the line; overtricks go above."""
    r = Rubber.of(deal)
    assert (r.below(NS), r.above(NS), r.games_won(NS)) == (below, above, 0)


@pytest.mark.parametrize(
    ("before", "deal", "overtricks"),
    [
        ((), "2HX N 10", 200),  # doubled NV: 100 each
        (("3NT N 9",), "2HX N 10", 400),  # doubled V: 200 each
        ((), "2HXX N 9", 200),  # redoubled NV: 200
        (("3NT N 9",), "2HXX N 9", 400),  # redoubled V: 400
        ((), "3D N 11", 40),  # undoubled: trick value
    ],
)
def test_overtricks_law_77_rules_md_1(before: tuple[str, ...], deal: str, overtricks: int) -> None:
    """rules.md §1 overtrick values, vulnerability from games won (rules.md §2)."""
    r = Rubber.of(*before, deal)
    assert [i.points for i in r.items if i.what == "overtricks"] == [overtricks]


@pytest.mark.parametrize(
    ("before", "deal", "penalty"),
    [
        ((), "4S N 9", 50),
        (("3NT N 9",), "4S N 9", 100),
        ((), "4HX N 6", 800),  # rules.md §1 example 14: 100+200+200+300
        (("3NT S 9",), "4DX N 7", 800),  # rules.md §1 example 8, vulnerable
        ((), "4DXX N 7", 1000),  # rules.md §1 example 9
        ((), "3DX N 8", 100),  # rules.md §1 example 5
    ],
)
def test_undertricks_law_77_rules_md_1(before: tuple[str, ...], deal: str, penalty: int) -> None:
    """rules.md §1 undertricks, scored above the line for the defenders."""
    r = Rubber.of(*before, deal)
    last = [i for i in r.items if i.what == "undertricks"]
    assert [(i.side, i.points, i.line) for i in last] == [(EW, penalty, Line.ABOVE)]


@pytest.mark.parametrize(
    ("deal", "side", "points"),
    [
        ("4S N 10 100", NS, 100),  # four trump honours in one hand
        ("4S N 10 150", NS, 150),  # all five
        ("3NT N 9 4 aces", NS, 150),  # four aces at no-trumps
        ("4S N 10 100 EW", EW, 100),  # held by a defender
        ("4S N 8 150", NS, 150),  # contract defeated: honours still count
        ("4SXX N 10 100", NS, 100),  # not affected by doubling
        ("3NT N 7 150 EW", EW, 150),
    ],
)
def test_honours_rules_md_2(deal: str, side: Side, points: int) -> None:
    """rules.md §2 (Law 72): 100 / 150 / 150 for four aces at NT, to whichever side holds them."""
    r = Rubber.of(deal)
    assert [(i.side, i.points, i.line) for i in r.items if i.what == "honours"] == [
        (side, points, Line.ABOVE)
    ]


# --- the unfinished rubber (rules.md §2 and §0) -----------------------------------------------


@pytest.mark.parametrize(
    ("deals", "expected"),
    [
        (("4S N 10",), [("NS", 300, "unfinished game")]),
        (("4S N 10", "5C E 11"), []),  # each side has a game: no 300
        (("2S N 8",), [("NS", 100, "unfinished partscore")]),
        (
            ("4S N 10", "2D E 8"),
            [("NS", 300, "unfinished game"), ("EW", 100, "unfinished partscore")],
        ),
        # rules.md §0: seed 002 says "100 points for any partscore"; 1993 Law 80 gives 100 only
        # if only one side has a partscore in the unfinished game.
        (("2S N 8", "2D E 8"), []),
        # A partscore wiped out by a game does not count.
        (("2S N 8", "4H E 10"), [("EW", 300, "unfinished game")]),
        ((), []),
    ],
)
def test_unfinished_rubber_rules_md_2(
    deals: tuple[str, ...], expected: list[tuple[str, int, str]]
) -> None:
    """rules.md §2 (1993 Law 80): 300 for the only completed game; 100 for the only partscore."""
    ended = Rubber.of(*deals).end()
    assert ended.ended and ended.is_over
    got = [(str(i.side), i.points, i.what) for i in ended.items if i.what.startswith("unfinished")]
    assert got == expected
    assert all(i.deal is None for i in ended.items if i.what.startswith("unfinished"))


def test_ending_a_won_rubber_changes_nothing() -> None:
    r = Rubber.of(*TYPICAL_RUBBER)
    assert r.end() is r


def test_unfinished_items_only_when_ended() -> None:
    """A rubber in progress shows its running totals without the end-of-play premiums."""
    r = Rubber.of("4S N 10")
    assert r.total(NS) == 120
    assert r.end().total(NS) == 420


# --- games, vulnerability, flow ----------------------------------------------------------------


def test_partscores_add_up_to_game() -> None:
    """rules.md §2: trick points below the line accumulate to 100 for a game."""
    r = Rubber.of("2S N 8", "2D S 8")
    assert (r.games_won(NS), r.partscore(NS), r.vulnerable(NS)) == (1, 0, True)


def test_opponents_game_wipes_partscore() -> None:
    """Seed 002: a game wipes out the other side's partscore toward the next game."""
    r = Rubber.of("2S N 8", "4H E 10", "2D S 8")
    assert (r.games_won(NS), r.partscore(NS)) == (0, 40)


def test_passed_out_deal_scores_nothing() -> None:
    r = Rubber.of("PASS", "4S N 10", "PASS")
    assert (r.total(NS), r.total(EW), len(r.deals)) == (120, 0, 3)


def test_play_after_rubber_won_raises() -> None:
    r = Rubber.of(*TYPICAL_RUBBER)
    with pytest.raises(ScoreSheetError, match=r"deal 5 \(4S N 10\).*after the rubber was won"):
        r.play("4S N 10")


def test_play_after_end_raises() -> None:
    with pytest.raises(ScoreSheetError, match="ended"):
        Rubber.of("2S N 8").end().play("4S N 10")


def test_rubber_is_immutable_and_repr_evaluates() -> None:
    r = Rubber.of(*TYPICAL_RUBBER[:2])
    r2 = r.play(TYPICAL_RUBBER[2])
    assert len(r.deals) == 2 and len(r2.deals) == 3
    assert eval(repr(r2), {"Rubber": Rubber, "Deal": Deal}) == r2
    with pytest.raises(AttributeError):
        r.ended = True  # type: ignore[misc]


def test_rubber_rejects_non_deals() -> None:
    with pytest.raises(ScoreSheetError, match="tuple of Deal"):
        Rubber(("4S N 10",))  # type: ignore[arg-type]


# --- rounding (seed 002, rules.md §2) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "up", "down"),
    [
        (690, 7, 7),  # seed 002 typical rubber
        (-690, -7, -7),
        (1380, 14, 14),  # seed 002 typical chukker
        (840, 8, 8),  # seed 002: "+840 is scored as +8"
        (-1650, -17, -16),  # seed 002: "-1650 as -17"; elsewhere the 50 is dropped
        (50, 1, 0),  # seed 002: "50 points counts as 100"
        (-50, -1, 0),  # "-50 as -100"
        (650, 7, 6),
        (640, 6, 6),
        (660, 7, 7),
        (0, 0, 0),
    ],
)
def test_round_hundreds_seed_002(points: int, up: int, down: int) -> None:
    """Seed 002 / rules.md §2: nearest 100, 50 up by default, down as an option."""
    assert round_hundreds(points) == up
    assert round_hundreds(points, Rounding.HALF_UP) == up
    assert round_hundreds(points, Rounding.HALF_DOWN) == down


def test_rubber_rounding_option() -> None:
    """NS 4S=, EW 2S= twice (game), NS 4H+1 (rubber 500): 770 - 120 = 650."""
    r = Rubber.of("4S N 10", "2S E 8", "2S E 8", "4H N 11")
    assert (r.total(NS), r.total(EW), r.net(NS)) == (770, 120, 650)
    assert r.rounded_net(NS) == 7
    assert r.rounded_net(NS, Rounding.HALF_DOWN) == 6
    assert r.rounded_net(EW, Rounding.HALF_DOWN) == -6


@pytest.mark.parametrize(
    ("text", "rounding"), [("up", Rounding.HALF_UP), ("DOWN", Rounding.HALF_DOWN)]
)
def test_rounding_parse(text: str, rounding: Rounding) -> None:
    assert Rounding.parse(text) is rounding
    assert Rounding.parse(str(rounding)) is rounding


def test_rounding_parse_error() -> None:
    with pytest.raises(ScoreSheetError, match="'sideways'"):
        Rounding.parse("sideways")


# --- Deal and Honours types ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4S N 10", "4S N 10"),
        ("4s n =", "4S N 10"),
        ("3NT E -1", "3NT E 8"),
        ("2HXX S = 100", "2HXX S 8 100 NS"),
        ("3S E +1 100", "3S E 10 100 EW"),
        ("3NT W 9 4 aces", "3NT W 9 150 EW"),
        ("6♦ S 13 five honours ns", "6D S 13 150 NS"),
        ("4H N 9 100 EW", "4H N 9 100 EW"),
        ("pass", "PASS"),
    ],
)
def test_deal_parse_and_str(text: str, canonical: str) -> None:
    d = Deal.parse(text)
    assert str(d) == canonical
    assert Deal.parse(str(d)) == d


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("", ScoreSheetError, "empty deal"),
        ("4S", ScoreSheetError, "needs a declarer"),
        ("4S N", ScoreSheetError, "needs a declarer"),
        ("8S N 10", ContractError, "level 8"),
        ("4S Q 10", SeatError, "'Q'"),
        ("4S N 14", ResultError, "14 tricks"),
        ("4S N 10 200", ScoreSheetError, "'200'"),
        ("3NT N 9 100", ScoreSheetError, "only all four aces"),
        ("4S N 10 4 aces", ScoreSheetError, "aces count only at no-trumps"),
        ("4S N 10 NS", ScoreSheetError, "no honours"),
    ],
)
def test_deal_errors_say_what(text: str, error: type[XlbridgeError], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        Deal.parse(text)


def test_deal_direct_construction_checks() -> None:
    c = Contract.parse("4S")
    with pytest.raises(ScoreSheetError, match="no declarer"):
        Deal(Contract.PASS, Seat.N)
    with pytest.raises(ScoreSheetError, match="no honours"):
        Deal(Contract.PASS, honours=Honours.FOUR)
    with pytest.raises(SeatError):
        Deal(c, None, 10)
    with pytest.raises(ResultError, match="whole number"):
        Deal(c, Seat.N, "10")  # type: ignore[arg-type]
    with pytest.raises(ScoreSheetError, match="without honours"):
        Deal(c, Seat.N, 10, honours_side=Side.EW)
    assert Deal(c, Seat.W, 10, Honours.FOUR).honours_side is EW
    with pytest.raises(ScoreSheetError, match="no honours"):
        Deal.make("PASS", honours="100")
    assert Deal.make("PASS", "N", "=") == Deal(Contract.PASS)


@pytest.mark.parametrize(
    ("text", "honours"),
    [("", Honours.NONE), ("0", Honours.NONE), ("100", Honours.FOUR), (150, Honours.FULL),
     ("4 honours", Honours.FOUR), ("Four Honors", Honours.FOUR), ("all aces", Honours.FULL)],
)  # fmt: skip
def test_honours_parse(text: str | int, honours: Honours) -> None:
    assert Honours.parse(text) is honours
    assert Honours.parse(str(honours)) is honours
    assert honours.points == int(str(honours) or 0)


# --- properties --------------------------------------------------------------------------------

STRAINS = list(Strain)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    if draw(st.integers(0, 15)) == 0:
        return Deal(Contract.PASS)
    strain = draw(st.sampled_from(STRAINS))
    contract = Contract(draw(st.integers(1, 7)), strain, draw(st.sampled_from(list(Doubling))))
    choices = [Honours.NONE, Honours.FULL] if strain is Strain.NT else list(Honours)
    honours = draw(st.sampled_from(choices))
    side = None if honours is Honours.NONE else draw(st.sampled_from([NS, EW]))
    return Deal(
        contract, draw(st.sampled_from(list(Seat))), draw(st.integers(0, 13)), honours, side
    )


def rubber_from(played: list[Deal], end: bool) -> Rubber:
    r = Rubber()
    for d in played:
        if r.is_complete:
            break
        r = r.play(d)
    return r.end() if end else r


@given(st.lists(deals(), max_size=14), st.booleans())
def test_totals_consistent(played: list[Deal], end: bool) -> None:
    """net = our total - their total; total = above + below = the sum of the sheet's entries."""
    r = rubber_from(played, end)
    for side in (NS, EW):
        assert r.net(side) == r.total(side) - r.total(side.other)
        assert r.total(side) == r.above(side) + r.below(side)
        assert r.total(side) == sum(i.points for i in r.items if i.side is side)
    assert r.net(NS) == -r.net(EW)
    assert all(i.points > 0 for i in r.items)


@given(st.lists(deals(), max_size=14), st.booleans())
def test_rounding_rule(played: list[Deal], end: bool) -> None:
    """Rounded nets cancel; within 50 of the net; up and down differ only on an exact 50."""
    r = rubber_from(played, end)
    for rounding in Rounding:
        assert r.rounded_net(NS, rounding) == -r.rounded_net(EW, rounding)
        assert abs(100 * r.rounded_net(NS, rounding) - r.net(NS)) <= 50
    differs = r.rounded_net(NS, Rounding.HALF_UP) != r.rounded_net(NS, Rounding.HALF_DOWN)
    assert differs == (abs(r.net(NS)) % 100 == 50)


@given(st.lists(deals(), max_size=20))
def test_rubber_bonus_once_for_two_games(played: list[Deal]) -> None:
    r = rubber_from(played, end=False)
    bonuses = [i for i in r.items if i.what == "rubber"]
    if r.is_complete:
        (bonus,) = bonuses
        assert r.games_won(bonus.side) == 2
        assert bonus.points == (700 if r.games_won(bonus.side.other) == 0 else 500)
    else:
        assert bonuses == []


@given(deals())
def test_first_deal_matches_duplicate_less_premiums(deal: Deal) -> None:
    """Law 77 cross-check: on a first deal (nobody vulnerable, no honours), duplicate scores the
    same points plus a 50 partscore or 300 game premium, which rubber does not give at once."""
    deal = Deal(deal.contract, deal.declarer, deal.tricks)
    r = Rubber((deal,))
    if deal.side is None:
        assert r.items == ()
        return
    duplicate = declarer_score(deal.contract, deal.tricks, vulnerable=False)
    made = deal.tricks >= deal.contract.tricks_needed
    premium = (300 if r.games_won(deal.side) else 50) if made else 0
    assert r.net(deal.side) == duplicate - premium


@given(deals())
def test_deal_str_round_trips(deal: Deal) -> None:
    assert Deal.parse(str(deal)) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal


def test_score_item_repr_evaluates() -> None:
    item = ScoreItem(EW, 500, Line.ABOVE, "rubber", 4)
    assert eval(repr(item), {"ScoreItem": ScoreItem, "Side": Side, "Line": Line}) == item
