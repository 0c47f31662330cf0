"""Every reading of an open question plays to the end and keeps the chips whole."""

import pytest

from cardrules.cards import CLUBS, HEARTS, SPADES, parse_card, parse_cardset
from cardrules.engine import IllegalAction
from cardrules.games.fortuna import FOUR, THREE, TWO, TWO_TALON, State
from cardrules.games.fortuna.auction import HOLD, PASS, PLAY
from cardrules.games.fortuna.simulate import random_deal, random_partie
from cardrules.games.fortuna.state import BUY
from cardrules.games.fortuna.variants import GLYPH_READINGS

from .helpers import hands_deal, play_out, suit_deal

OPTIONS = [
    dict(passers_play=True),
    dict(must_trump=True),
    dict(honours_from="tricks"),
    dict(dealer_may_repass_alone=True),
    dict(remise_honours="cards"),
    dict(failure_payment="none"),
    dict(honours_only="partie"),
    dict(cap_paid_points=False),
    dict(allpass_dealer_restakes=True),
    dict(petit_aces=GLYPH_READINGS["dingbats"]),
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("base", [FOUR, THREE, TWO, TWO_TALON], ids=lambda v: v.name)
def test_options_play_out(base, options):
    variant = base.with_options(**options)
    for seed in range(40):
        p = random_partie(variant, seed)
        assert p.over and p.chips_total() == 0


def test_talon_elder_two_plays_out():
    variant = TWO_TALON.with_options(talon_elder_max=2)
    for seed in range(200):
        st = random_deal(variant, seed, dealer=seed % 2)
        assert sum(st.bought) <= 2


def test_passers_play_their_cards_when_asked():
    variant = FOUR.with_options(passers_play=True)
    st = State(variant, suit_deal(3, [SPADES, CLUBS, 2, HEARTS]))
    for call in (PLAY, PLAY, PASS, PASS, HOLD, HOLD):
        st.apply(call)
    assert st.declarers == [0, 1] and st.playing == [0, 1, 2, 3]
    play_out(st)
    # seat 3 (passed, but playing) trumps every trick with his hearts: the declarers take
    # nothing and both fail by 4; his tricks count for nobody
    assert st.tricks == [0, 0, 0, 13]
    res = st.settlement()
    assert res.failed == [0, 1] and res.chips[3] == 0


# Two-handed (fortuna-26, clubs cut down to 10-A), dealer seat 1, trumps ♠ (the dealer's ♠8),
# сюры ♥: ♠ is neither сюры nor преферансы, so the rate is 1. Quota 6 for both.
HONOURS_HANDS = ["♠AK9 ♥AKQJ1098 ♣QJ10", "♠QJ108 ♦AKQJ1098 ♣AK"]
HONOURS_PLAY = ("♠A ♠Q  ♠K ♠J  ♥A ♦8  ♥K ♦9  ♥Q ♦10  ♥J ♦J  ♥10 ♦Q"   # seat 0 takes 7
                " ♠9 ♠10  ♣A ♣10  ♣K ♣J  ♦A ♣Q  ♦K ♥8  ♠8 ♥9")         # seat 1 takes 6


@pytest.mark.parametrize("reading, honours, chips", [
    # held: seat 0 ♠A K = two with the ace = 1; seat 1 ♠Q J 10 = three = 2. Both made:
    # points 1 leve + 1 = 2 against 0 + 2 = 2, equal, so the leve decide (fortuna.settlement.ties):
    # seat 1 pays (1 − 0) × 1
    ("hand", [1, 2], [1, -1]),
    # won in tricks: seat 0 ♠A Q, ♠K J = four = 4; seat 1 ♠10 (with the ♠9) = one = 0.
    # Points 1 + 4 = 5 against 0: seat 1 pays 5 × 1 (fortuna.settlement.made-vs-made)
    ("tricks", [4, 0], [5, -5]),
])
def test_honours_from_tricks(reading, honours, chips):
    deal = hands_deal(1, HONOURS_HANDS, trump="♠8", sur="♥2")
    st = State(TWO.with_options(honours_from=reading), deal)
    for c in HONOURS_PLAY.split():
        st.apply(parse_card(c))
    assert st.is_terminal() and st.tricks == [7, 6]
    assert st.won[0] & parse_cardset("♠AKQJ10") == parse_cardset("♠AKQJ")
    res = st.settlement()
    assert res.made == [0, 1] and res.leve == [1, 0]
    assert res.honours == honours and res.chips == chips


def test_remise_measured_on_the_pool_with_talon_fees():
    # seat 0 (non-dealer): ♠AKQJ1098 ♥AKQJ109; seat 1 (dealer): ♣AKQJ1098 ♦AKQJ109; talon ♦8 ♥8;
    # trumps ♣ (the dealer's ♣8), сюры ♥ → rate 1. Seat 0 buys ♦8 and discards ♠8; seat 1 buys
    # ♥8 and discards ♦9. Each plays his lowest legal card: seat 1 trumps the first spade,
    # runs his clubs and diamonds (12 tricks), and seat 0 takes only the last, with ♥A.
    deal = hands_deal(1, ["♠AKQJ1098 ♥AKQJ109", "♣AKQJ1098 ♦AKQJ109"], trump="♣8", sur="♥8",
                      talon="♦8 ♥8")
    st = State(TWO_TALON, deal)
    st.apply(BUY + 1)
    st.apply(parse_card("♠8"))
    st.apply(BUY + 1)
    st.apply(parse_card("♦9"))
    play_out(st)
    assert st.tricks == [1, 12]
    res = st.settlement()
    # seat 1: 6 leve + 5 honours = 11 points. Seat 0, a buyer, failed by 5 with no honours:
    # pays 11 × 2 = 22 and 5 × 2 = 10; remises 5 × (24 + 8 in fees) = 160; fee 4
    assert res.chips == [-22 - 10 - 160 - 4, 22 + 10 - 4]
    assert res.remises == 160 and res.pool_in == 8


def test_discard_must_be_own_card():
    deal = hands_deal(1, ["♠AKQJ1098 ♣AKQJ109", "♦AKQJ1098 ♥AKQJ10 ♣8"], trump="♣8", sur="♥8",
                      talon="♥9 ♥8")
    st = State(TWO_TALON, deal)
    st.apply(BUY + 1)
    with pytest.raises(IllegalAction) as err:
        st.apply(parse_card("♦A"))
    assert err.value.clause_id == "fortuna.talon.discard"


def test_three_handed_short_suit_trumps():
    # three-handed, ♣ (Q K A only) trumps. Seat 0 holds ♣A K Q: 4 points of honours.
    from cardrules.games.fortuna.scoring import honour_points
    assert honour_points(THREE, parse_cardset("♣AKQ ♠A"), CLUBS) == 4


@pytest.mark.parametrize("variant, talon", [(FOUR, 0), (THREE, 0), (TWO, 0), (TWO_TALON, 2)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_the_pack_and_the_talon_give_thirteen_cards_a_hand(variant, talon):
    # the packs are 52, 39, 26 and 28 cards for 4, 3, 2 and 2 players: 13 each, and in the
    # talon game 28 − 2 × 13 = 2 cards laid aside (fortuna.cards.packs, fortuna.talon.deal)
    from cardrules.games.fortuna.deal import deal, pack
    d = deal(variant, seed=5, dealer=0)
    assert [h.bit_count() for h in d.hands] == [13] * variant.players
    assert len(d.talon) == talon
    everything = 0
    for h in d.hands:
        everything |= h
    for c in d.talon:
        everything |= 1 << c
    assert everything == pack(variant).mask
