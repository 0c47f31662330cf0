"""Each option of the engine changes what the rules give: one test per parameter, with
an expected value (worked by hand) for the default and for another reading."""

import pytest

from cardrules.cards import HEARTS, PIQUET_32, SPADES, format_hand, parse_card, parse_cardset
from cardrules.games.terts import ROZALIEV, State
from cardrules.games.terts.deal import deal, deal_order, next_dealer
from cardrules.games.terts.declarations import (ANNOUNCE, ANSWER, ASK, EQUAL, FOUR_J, GOOD, PASS, PYATERIK,
                                                SHESTERIK, Dialogue, beat, kind_rank, value)
from cardrules.games.terts.play import beats, card_points, legal_cards
from cardrules.games.terts.scoring import deal_score, game_winner
from cardrules.games.terts.simulate import random_deal
from cardrules.games.terts.state import EXCHANGE_SEVEN
from cardrules.games.terts.variants import Variant
from cardrules.engine import IllegalAction
from cardrules.rules import VariantError, parameters

from .test_illegal import dealt

TESTED: set[str] = set()


def covers(*names):
    def mark(fn):
        TESTED.update(names)
        return fn
    return mark


@covers("players", "deck")
def test_players_and_pack_are_fixed():
    assert ROZALIEV.players == 2 and ROZALIEV.deck == "piquet-32"
    with pytest.raises(VariantError):
        ROZALIEV.with_options(players=3)
    with pytest.raises(VariantError):
        ROZALIEV.with_options(deck="full-52")


@covers("hand_size", "packets")
def test_hand_size_and_packets():
    # the pack in its order ♠7 … ♠A ♣7 … : dealer 1, so seat 0 is served first
    three = deal_order(ROZALIEV, PIQUET_32.cards, dealer=1)
    assert format_hand(three.hands[0]) == "♠AK987 ♣KQJ7 ♦9"          # 3 3 3 then one
    four = deal_order(ROZALIEV.with_options(packets="3+3+4"), PIQUET_32.cards, dealer=1)
    assert format_hand(four.hands[0]) == "♠AK987 ♣AKQJ7"              # 3 3 then four
    nine = deal_order(ROZALIEV.with_options(hand_size=9, packets="3+3+3"), PIQUET_32.cards, dealer=1)
    assert format_hand(nine.hands[0]) == "♠AK987 ♣KQJ7" and len(nine.stock) == 13   # 3 3 3, no odd card
    with pytest.raises(VariantError):
        ROZALIEV.with_options(hand_size=9)  # 3+3+3+1 deals ten


@covers("sequence_values", "four_value", "four_jacks_value")
def test_values_of_groups():
    assert value(ROZALIEV, SHESTERIK) == 100
    assert value(ROZALIEV.with_options(sequence_values=(20, 50, 100, 150, 200, 250)), SHESTERIK) == 150
    assert value(ROZALIEV, 8) == 100 and value(ROZALIEV.with_options(four_value=80), 8) == 80
    assert value(ROZALIEV, FOUR_J) == 200 and value(ROZALIEV.with_options(four_jacks_value=150), FOUR_J) == 150


@covers("jacks_rank")
def test_jacks_rank():
    assert kind_rank(ROZALIEV, FOUR_J) > kind_rank(ROZALIEV, PYATERIK)
    quartet = ROZALIEV.with_options(jacks_rank="quartet")
    assert kind_rank(quartet, FOUR_J) < kind_rank(quartet, PYATERIK)


def boast(variant, h0, h1, actions, trump=HEARTS):
    d = Dialogue(variant, (parse_cardset(h0), parse_cardset(h1)), trump, dealer=1)
    for a in actions:
        d.apply(a)
    return d


@covers("marriage_value", "marriage")
def test_marriage():
    h0, h1 = "♠J109 ♣7", "♥KQ ♣8"
    d = boast(ROZALIEV, h0, h1, [ANNOUNCE, GOOD])
    assert d.step != 5 and d.legal()[0] == 78          # the holder may declare it
    d.apply(78)
    assert d.marriage == [0, 20]
    d = boast(ROZALIEV.with_options(marriage_value=40), h0, h1, [ANNOUNCE, GOOD, 78])
    assert d.marriage == [0, 40]
    d = boast(ROZALIEV.with_options(marriage="bela"), h0, h1, [ANNOUNCE, GOOD])
    assert d.done and d.marriage == [0, 0]               # scored in the play instead
    # bela: the player who plays both scores 20 as he plays the second
    st = dealt("♠J ♠10 ♠9 ♣A ♦A ♦8 ♥7 ♥9 ♣8 ♦10", "♥K ♥Q ♣J ♠A ♠7 ♦K ♦9 ♦7 ♣9 ♣7")
    bela = State(ROZALIEV.with_options(marriage="bela"), st.deal)
    for a in (ANNOUNCE, GOOD, parse_card("♥7"), parse_card("♥K")):
        bela.apply(a)
    assert bela.bela == [0, 0]
    bela.apply(parse_card("♥Q"))                        # Борис took the trick and leads the queen
    assert bela.bela == [0, 20]


@covers("tie")
def test_tie():
    h0, h1 = "♠KQJ ♥7", "♣KQJ ♥8"
    d = boast(ROZALIEV, h0, h1, [ANNOUNCE, ASK, ANSWER + parse_card("♠K"), EQUAL])
    assert d.declared == [0, 0]
    d = boast(ROZALIEV.with_options(tie="announcer"), h0, h1, [ANNOUNCE, ASK, ANSWER + parse_card("♠K")])
    assert EQUAL not in d.legal()
    d.apply(GOOD)
    assert d.declared == [20, 0]


@covers("winner_scores")
def test_winner_scores():
    h0, h1 = "♠J109 ♥7", "♣QJ109 ♦AKQ"
    assert boast(ROZALIEV, h0, h1, [ANNOUNCE, beat(1, parse_card("♣Q"))]).declared == [0, 50]
    all_ = ROZALIEV.with_options(winner_scores="all")
    assert boast(all_, h0, h1, [ANNOUNCE, beat(1, parse_card("♣Q"))]).declared == [0, 70]


@covers("card_order")
def test_card_order():
    nine, ace = parse_card("♥9"), parse_card("♥A")
    assert beats(ROZALIEV, nine, ace, HEARTS)
    assert not beats(ROZALIEV.with_options(card_order="natural"), nine, ace, HEARTS)
    ten, king = parse_card("♠10"), parse_card("♠K")
    assert beats(ROZALIEV, ten, king, HEARTS) and not beats(ROZALIEV.with_options(card_order="natural"), ten, king, HEARTS)


@covers("duties", "free_jack")
def test_duties():
    hand = parse_cardset("♠K ♠7 ♥9 ♣A")
    lead = parse_card("♠Q")
    assert legal_cards(ROZALIEV, hand, lead, HEARTS, stock_left=6) == parse_cardset("♠K ♠7")
    assert legal_cards(ROZALIEV, hand, lead, HEARTS, stock_left=0) == parse_cardset("♠K")
    assert legal_cards(ROZALIEV.with_options(duties="free"), hand, lead, HEARTS, stock_left=6) == hand
    klab = ROZALIEV.with_options(duties="klaberjass")
    assert legal_cards(klab, hand, lead, HEARTS, stock_left=0) == parse_cardset("♠K ♠7")   # no duty to head
    trumps = parse_cardset("♥A ♥8 ♠7")
    assert legal_cards(klab, trumps, parse_card("♥10"), HEARTS, stock_left=6) == parse_cardset("♥A")  # overtrump
    jack = parse_cardset("♠7 ♥J ♥7")
    assert legal_cards(ROZALIEV, jack, parse_card("♠K"), HEARTS, 6) == parse_cardset("♠7 ♥J")
    assert legal_cards(ROZALIEV.with_options(free_jack=False), jack, parse_card("♠K"), HEARTS, 6) == parse_cardset("♠7")


@covers("trump_points", "plain_points", "last_trick")
def test_points():
    cards = parse_cardset("♥J ♥9 ♠J ♠A")
    assert card_points(ROZALIEV, cards, HEARTS) == 20 + 14 + 2 + 11
    assert card_points(ROZALIEV.with_options(trump_points=(0,) * 8), cards, HEARTS) == 2 + 11
    assert card_points(ROZALIEV.with_options(plain_points=(0,) * 8), cards, HEARTS) == 20 + 14
    assert deal_score(ROZALIEV, [80, 72], 0, [0, 0], [0, 0], None).points == [90, 72]
    assert deal_score(ROZALIEV.with_options(last_trick=0), [80, 72], 0, [0, 0], [0, 0], None).points == [80, 72]


@covers("stock")
def test_stock():
    assert sum(random_deal(ROZALIEV, seed=9).tricks) == 16
    assert sum(random_deal(ROZALIEV.with_options(stock="dead"), seed=9).tricks) == 10


@covers("target")
def test_target():
    assert game_winner(ROZALIEV, [300, 120]) is None
    assert game_winner(ROZALIEV.with_options(target=300), [300, 120]) == 0


@covers("rotation")
def test_rotation():
    assert next_dealer(ROZALIEV, dealer=1, last_trick=1) == 1
    assert next_dealer(ROZALIEV.with_options(rotation="alternate"), dealer=1, last_trick=1) == 0


def _after_first_trick(variant):
    """The deal of examples/terts/trump-seven.yaml: Анна (seat 0) holds the ♥7, the turned
    card is the ♥J; she wins the boasting with her терц and takes the first trick."""
    from cardrules.cards import parse_cards
    from cardrules.games.terts.deal import Deal
    hands = tuple(parse_cardset(h) for h in ("♠J109 ♣AK8 ♦A8 ♥97", "♠A7 ♣Q97 ♦K97 ♥A8"))
    st = State(variant, Deal(1, hands, parse_card("♥J"), tuple(parse_cards("♠8 ♠Q ♠K ♣10 ♣J ♦10 ♦J ♦Q ♥10 ♥Q ♥K"))))
    assert EXCHANGE_SEVEN not in st.legal_actions()  # the boasting
    for a in (ANNOUNCE, GOOD, parse_card("♠9")):
        st.apply(a)
    assert EXCHANGE_SEVEN not in st.legal_actions()  # no trick taken yet: Борис to play
    st.apply(parse_card("♠7"))
    return st


@covers("trump_seven")
def test_trump_seven():
    off = _after_first_trick(ROZALIEV)
    assert EXCHANGE_SEVEN not in off.legal_actions()
    with pytest.raises(IllegalAction) as err:
        off.apply(EXCHANGE_SEVEN)
    assert err.value.clause_id == "terts.play.trump-seven" and off.history[-1] == parse_card("♠7")
    on = _after_first_trick(ROZALIEV.with_options(trump_seven="after-trick"))
    assert EXCHANGE_SEVEN in on.legal_actions()
    on.apply(EXCHANGE_SEVEN)
    assert on.hands[0] >> parse_card("♥J") & 1 and not on.hands[0] >> parse_card("♥7") & 1
    assert on.stock[-1] == parse_card("♥7") and len(on.stock) == 10
    assert EXCHANGE_SEVEN not in on.legal_actions()  # the seven has gone: nothing to exchange
    with pytest.raises(VariantError):
        ROZALIEV.with_options(trump_seven="after-trick", stock="dead")


def test_every_option_has_a_test():
    names = {name for name, _, _ in parameters(Variant)}
    assert names == TESTED, names ^ TESTED
