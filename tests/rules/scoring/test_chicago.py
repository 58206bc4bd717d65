"""Chicago (four-deal bridge): seed 002's typical chukker and the rules of rules.md §2."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.scoring.chicago import (
    ChicagoVariant,
    Chukker,
    chicago_dealer,
    chicago_vulnerability,
)
from xlbridge.scoring.contract import declarer_score
from xlbridge.scoring.rubber import Deal, Rounding, ScoreSheetError
from xlbridge.types import Contract, Doubling, Seat, Side, Strain, Vulnerability

NS, EW = Side.NS, Side.EW

# Seed 002, Figure 2-2 "Typical Chukker Score": the scorer is South, East dealt first.
# Deal 1 EW 3S +1 with 100 honours; deal 2 NS 6D +1 (vulnerable); deal 3 NS 3NT =; deal 4 EW 2S +1.
TYPICAL_CHUKKER = ("3S E 10 100", "6D S 13", "3NT N 9", "2S E 9")


def per_deal(c: Chukker, side: Side) -> dict[int, int]:
    out: dict[int, int] = {}
    for i in c.items:
        if i.side is side and i.deal is not None:
            out[i.deal] = out.get(i.deal, 0) + i.points
    return out


# --- seed 002 ---------------------------------------------------------------------------------


def test_seed_002_typical_chukker_totals() -> None:
    """Seed 002, typical chukker: 1790 to 410, net +1380 for North-South, rounded +14 / -14."""
    c = Chukker.of(*TYPICAL_CHUKKER, first_dealer="E")
    assert c.is_complete
    assert (c.total(NS), c.total(EW)) == (1790, 410)
    assert (c.net(NS), c.net(EW)) == (1380, -1380)
    assert (c.rounded_net(NS), c.rounded_net(EW)) == (14, -14)


def test_seed_002_typical_chukker_each_deal() -> None:
    """Seed 002, typical chukker: EW 90 + 130; NS 1390 (140 + 750 + 500); NS 400; EW 190."""
    c = Chukker.of(*TYPICAL_CHUKKER, first_dealer="E")
    assert per_deal(c, NS) == {2: 1390, 3: 400}
    assert per_deal(c, EW) == {1: 220, 4: 190}
    deal1 = [(i.what, i.points) for i in c.items if i.deal == 1]
    assert deal1 == [("trick score", 90), ("overtricks", 30), ("honours", 100)]
    deal2 = [(i.what, i.points) for i in c.items if i.deal == 2]
    assert deal2 == [("trick score", 120), ("overtricks", 20), ("slam", 750), ("game", 500)]
    deal3 = [(i.what, i.points) for i in c.items if i.deal == 3]
    assert deal3 == [("trick score", 100), ("game", 300)]
    deal4 = [(i.what, i.points) for i in c.items if i.deal == 4]
    assert deal4 == [("trick score", 60), ("overtricks", 30), ("fourth-deal partscore", 100)]


def test_seed_002_typical_chukker_vulnerability() -> None:
    """Seed 002: deal 2 dealt by South (NS vulnerable), deal 3 by West (EW), deal 4 by North."""
    dealers = [chicago_dealer("E", n) for n in (1, 2, 3, 4)]
    assert dealers == [Seat.E, Seat.S, Seat.W, Seat.N]
    vuls = [chicago_vulnerability(n, d) for n, d in zip((1, 2, 3, 4), dealers, strict=True)]
    assert vuls == [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL]


def test_seed_002_chukker_figures_are_in_the_seed(seeds_dir: Path) -> None:
    """The figures above are copied from seed 002's text."""
    text = next(seeds_dir.glob("002_*.txt")).read_text(encoding="utf-8")
    assert "hence the 1390 point entry" in text
    assert "a total of 400 points entered below the line" in text
    assert "for a total of 190 points" in text
    assert "1790 points for North-South, 410 for East-West" in text
    assert "+14 for North-South, -14 for East-West" in text


# --- vulnerability schedule (rules.md §2) --------------------------------------------------------

DEALER_SIDE = {Seat.N: "NS", Seat.S: "NS", Seat.E: "EW", Seat.W: "EW"}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}


@pytest.mark.parametrize("dealer", list(Seat))
@pytest.mark.parametrize("deal", [1, 2, 3, 4])
@pytest.mark.parametrize("variant", list(ChicagoVariant))
def test_vulnerability_schedule_rules_md_2(
    dealer: Seat, deal: int, variant: ChicagoVariant
) -> None:
    """rules.md §2: 1 none; 2 and 3 dealer's side (New York: non-dealer's side); 4 both."""
    mine = DEALER_SIDE[dealer]
    expected = {
        1: "None",
        2: mine if variant is ChicagoVariant.STANDARD else OTHER_SIDE[mine],
        3: mine if variant is ChicagoVariant.STANDARD else OTHER_SIDE[mine],
        4: "All",
    }[deal]
    assert str(chicago_vulnerability(deal, dealer, variant)) == expected


@pytest.mark.parametrize("bad", [0, 5, -1, True])
def test_deal_number_out_of_range(bad: int) -> None:
    with pytest.raises(ScoreSheetError, match="is not 1-4"):
        chicago_vulnerability(bad, "N")


@pytest.mark.parametrize(
    ("text", "variant"),
    [("standard", ChicagoVariant.STANDARD), ("New York", ChicagoVariant.NEW_YORK),
     ("ny", ChicagoVariant.NEW_YORK), ("new-york", ChicagoVariant.NEW_YORK)],
)  # fmt: skip
def test_variant_parse(text: str, variant: ChicagoVariant) -> None:
    assert ChicagoVariant.parse(text) is variant
    assert ChicagoVariant.parse(str(variant)) is variant


def test_variant_parse_error() -> None:
    with pytest.raises(ScoreSheetError, match="'London'"):
        ChicagoVariant.parse("London")


def test_new_york_variant_rescores_the_seed_chukker() -> None:
    """rules.md §2 New York variant: deal 2 (South deals) NS not vulnerable: 140 + 500 + 300;
    deal 3 (West deals) NS vulnerable: 100 + 500."""
    c = Chukker.of(*TYPICAL_CHUKKER, first_dealer="E", variant="new-york")
    assert per_deal(c, NS) == {2: 940, 3: 600}
    assert per_deal(c, EW) == {1: 220, 4: 190}


# --- passed-out deals -------------------------------------------------------------------------


def test_passed_out_deal_is_redealt_and_not_counted() -> None:
    """rules.md §2: a passed-out deal is redealt by the same dealer and does not count."""
    c = Chukker(first_dealer=Seat.W).play("PASS")
    assert (c.deals_counted, c.next_dealer, c.next_vulnerability) == (0, Seat.W, Vulnerability.NONE)
    c = c.play("1NT W 7").play("PASS").play("PASS")
    assert (c.deals_counted, c.next_dealer, c.next_vulnerability) == (1, Seat.N, Vulnerability.NS)
    # The same four results with passes in between score exactly as the seed's chukker.
    with_passes = Chukker.of(
        "PASS", TYPICAL_CHUKKER[0], "PASS", *TYPICAL_CHUKKER[1:], first_dealer="E"
    )
    assert (with_passes.total(NS), with_passes.total(EW)) == (1790, 410)


def test_fifth_deal_raises() -> None:
    c = Chukker.of(*TYPICAL_CHUKKER, first_dealer="E")
    assert c.next_dealer is None and c.next_vulnerability is None
    for extra in ("4S N 10", "PASS"):
        with pytest.raises(ScoreSheetError, match="fifth deal"):
            c.play(extra)


def test_incomplete_chukker_scores_as_it_stands() -> None:
    """Seed 002: with fewer than four deals the score stands as-is; no premium for the carry."""
    c = Chukker.of("2S N 8", "2D E 8")
    assert not c.is_complete
    assert (c.total(NS), c.total(EW), c.partscore(NS), c.partscore(EW)) == (60, 40, 60, 40)


# --- premiums (rules.md §2) --------------------------------------------------------------------


# First dealer North: deal 1 N (none), deal 2 E (EW vulnerable), deal 3 S (NS), deal 4 W (all).
@pytest.mark.parametrize(
    ("deals", "game"),
    [
        (("4S N 10",), ("NS", 300, 1)),
        (("PASS", "4S N 10"), ("NS", 300, 1)),  # still deal 1 after a pass-out
        (("1C N 7", "4S E 10"), ("EW", 500, 2)),
        (("1C N 7", "4S N 10"), ("NS", 300, 2)),
        (("1C N 7", "1C W 7", "4S N 10"), ("NS", 500, 3)),
        (("1C N 7", "1C W 7", "4S E 10"), ("EW", 300, 3)),
        (("1C N 7", "1C W 7", "1C N 7", "4S E 10"), ("EW", 500, 4)),
        (("1C N 7", "1C W 7", "1C N 7", "3NT S 9"), ("NS", 500, 4)),
        # A game completed from a carried partscore: vulnerability on the completing deal.
        (("2S N 8", "2D S 8"), ("NS", 300, 2)),
        (("2S N 8", "1C E 7", "2D S 8"), ("NS", 500, 3)),
        (("2HX N 8",), ("NS", 300, 1)),  # doubled into game
    ],
)
def test_game_premium_rules_md_2(deals: tuple[str, ...], game: tuple[str, int, int]) -> None:
    """rules.md §2: 300 / 500 at once, by the completing side's vulnerability on that deal."""
    c = Chukker.of(*deals, first_dealer="N")
    assert [(str(i.side), i.points, i.deal) for i in c.items if i.what == "game"] == [game]


def test_no_rubber_bonus_for_two_games() -> None:
    """Seed 002: no "700 rubber"; each game is scored on its own."""
    c = Chukker.of("3NT N 9", "3NT S 9", first_dealer="N")
    assert [(i.what, i.points) for i in c.items if i.side is NS] == [
        ("trick score", 100), ("game", 300), ("trick score", 100), ("game", 300)
    ]  # fmt: skip
    assert c.total(NS) == 800


def test_game_wipes_both_partscores() -> None:
    """rules.md §2: partscores carry forward until either side makes a game."""
    c = Chukker.of("2S E 8", "3NT N 9", "2D E 8", first_dealer="N")
    assert (c.partscore(EW), c.partscore(NS)) == (40, 0)
    assert [i for i in c.items if i.what == "game" and i.side is EW] == []


@pytest.mark.parametrize(
    ("deals", "premiums"),
    [
        # A partscore made on deal 4 that does not complete a game: +100.
        (("PASS", "4S N 9", "4S N 9", "4S N 9", "2S N 8"), [("NS", 100)]),
        # ... whether or not either side has another partscore (rules.md §2).
        (("4S N 9", "2D E 8", "4S N 9", "2S N 8"), [("NS", 100)]),
        (("4S N 9", "4S N 9", "1C N 7", "1D N 7"), [("NS", 100)]),  # 20 + 20 is not a game
        # A partscore carried into deal 4 earns nothing.
        (("4S N 9", "4S N 9", "2S N 8", "4S N 9"), []),
        # Completing a game on deal 4 earns the game premium, not the 100.
        (("4S N 9", "4S N 9", "2S N 8", "2H S 8"), []),
        # A defeated contract on deal 4 earns no premium.
        (("4S N 9", "4S N 9", "4S N 9", "2S N 7"), []),
        # A partscore on deal 3 earns nothing.
        (("4S N 9", "4S N 9", "2S N 8"), []),
    ],
)
def test_fourth_deal_partscore_premium_rules_md_2(
    deals: tuple[str, ...], premiums: list[tuple[str, int]]
) -> None:
    """rules.md §2 / seed 002: +100 only for a partscore made on deal 4 that is not a game."""
    c = Chukker.of(*deals)
    got = [(str(i.side), i.points) for i in c.items if i.what == "fourth-deal partscore"]
    assert got == premiums
    assert all(i.deal == 4 for i in c.items if i.what == "fourth-deal partscore")


def test_deal_four_game_premium_is_vulnerable() -> None:
    c = Chukker.of("4S N 9", "4S N 9", "2S N 8", "2H S 8")
    assert [(i.points, i.deal) for i in c.items if i.what == "game"] == [(500, 4)]


@pytest.mark.parametrize(
    ("deal", "vul_ns", "ns_points", "ew_points"),
    [
        ("6D S 12", False, 120 + 500 + 300, 0),  # deal 1: slam NV + game NV
        ("4SX N 8", False, 0, 300),  # 2 down doubled NV
        ("3NT N 9 4 aces EW", False, 400, 150),  # honours for the defenders (rules.md §2)
        ("2S N 8", False, 60, 0),  # no 50 partscore premium
    ],
)
def test_deal_one_values(deal: str, vul_ns: bool, ns_points: int, ew_points: int) -> None:
    """rules.md §1/§2 values on deal 1 (nobody vulnerable)."""
    c = Chukker.of(deal)
    assert (c.total(NS), c.total(EW)) == (ns_points, ew_points)
    assert chicago_vulnerability(1, "N").is_vulnerable(NS) is vul_ns


def test_undertricks_use_the_deal_vulnerability() -> None:
    """Deal 2 dealt by East: EW vulnerable, so EW's 1 down undoubled costs 100."""
    c = Chukker.of("PASS", "1C N 7", "4S E 9")
    assert [(str(i.side), i.points) for i in c.items if i.what == "undertricks"] == [("NS", 100)]


# --- types and errors --------------------------------------------------------------------------


def test_chukker_repr_evaluates_and_is_immutable() -> None:
    c = Chukker.of(*TYPICAL_CHUKKER[:2], first_dealer="E", variant="ny")
    ns = {"Chukker": Chukker, "Deal": Deal, "Seat": Seat, "ChicagoVariant": ChicagoVariant}
    assert eval(repr(c), ns) == c
    assert len(c.play(TYPICAL_CHUKKER[2]).deals) == 3 and len(c.deals) == 2


def test_chukker_rejects_bad_fields() -> None:
    with pytest.raises(ScoreSheetError, match="first dealer"):
        Chukker("N")  # type: ignore[arg-type]
    with pytest.raises(ScoreSheetError, match="variant"):
        Chukker(Seat.N, (), "ny")  # type: ignore[arg-type]
    with pytest.raises(ScoreSheetError, match="tuple of Deal"):
        Chukker(Seat.N, ("4S N 10",))  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    if draw(st.integers(0, 7)) == 0:
        return Deal(Contract.PASS)
    strain = draw(st.sampled_from(list(Strain)))
    contract = Contract(draw(st.integers(1, 7)), strain, draw(st.sampled_from(list(Doubling))))
    return Deal(contract, draw(st.sampled_from(list(Seat))), draw(st.integers(0, 13)))


def chukker_from(played: list[Deal], first: Seat, variant: ChicagoVariant) -> Chukker:
    c = Chukker(first, (), variant)
    for d in played:
        if c.is_complete:
            break
        c = c.play(d)
    return c


@given(
    st.lists(deals(), max_size=8),
    st.sampled_from(list(Seat)),
    st.sampled_from(list(ChicagoVariant)),
)
def test_totals_consistent(played: list[Deal], first: Seat, variant: ChicagoVariant) -> None:
    """net = our total - their total; rounded nets cancel and lie within 50 of the net."""
    c = chukker_from(played, first, variant)
    assert c.deals_counted <= 4
    for side in (NS, EW):
        assert c.net(side) == c.total(side) - c.total(side.other)
        assert c.total(side) == sum(i.points for i in c.items if i.side is side)
    for rounding in Rounding:
        assert c.rounded_net(NS, rounding) == -c.rounded_net(EW, rounding)
        assert abs(100 * c.rounded_net(NS, rounding) - c.net(NS)) <= 50
    fourth = [i for i in c.items if i.what == "fourth-deal partscore"]
    assert len(fourth) <= 1 and all(i.deal == 4 for i in fourth)


@given(deals())
def test_game_deal_one_matches_duplicate(deal: Deal) -> None:
    """Law 77 cross-check: deal 1 is unvulnerable with immediate game premiums, so it scores as
    duplicate on a None board, except that duplicate adds 50 for a partscore."""
    c = Chukker(Seat.N, (deal,))
    if deal.side is None:
        assert c.items == ()
        return
    duplicate = declarer_score(deal.contract, deal.tricks, vulnerable=False)
    made = deal.tricks >= deal.contract.tricks_needed
    partscore = made and not any(i.what == "game" for i in c.items)
    assert c.net(deal.side) == duplicate - (50 if partscore else 0)
