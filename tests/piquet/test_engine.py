"""Illegal actions are refused with their clause, before anything changes."""

import pytest

from cardrules.cards import parse_card, parse_cardset
from cardrules.engine import IllegalAction
from cardrules.games.piquet import RUBICON, RUSSIAN, THREE, State
from cardrules.games.piquet.deal import Deal, deal
from cardrules.games.piquet.declarations import CALL, EQUAL, FALSE_CALL, GOOD, NO_CALL, NOT_GOOD
from cardrules.games.piquet.exchange import EXCHANGE, WRONG_DISCARD


def snapshot(st):
    return (st.phase, st.cur, list(st.hands), list(st.stock), list(st.history), list(st.discards),
            st.to_discard, list(st.trick))


def refused(st, action, clause):
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    assert info.value.clause_id == clause
    assert snapshot(st) == before


def quiet():
    """The cards of the false-call record: elder (seat 1) ♠AKQ ♥AKQ ♣987 ♦987."""
    return State(RUSSIAN, Deal(0, (parse_cardset("♠J1098 ♥J1098 ♣AK ♦AK"), parse_cardset("♠AKQ ♥AKQ ♣987 ♦987")),
                               tuple(parse_card(c) for c in "♠7 ♥7 ♣Q ♣J ♣10 ♦Q ♦J ♦10".split())))


def test_exchange_refusals():
    st = quiet()
    refused(st, EXCHANGE + 2, "piquet.exchange.elder")
    refused(st, EXCHANGE + 6, "piquet.exchange.elder")
    refused(st, CALL, "piquet.exchange.elder")
    st.apply(EXCHANGE + 3)
    refused(st, parse_card("♠J"), "piquet.exchange.discard-first")     # the opponent's card
    refused(st, EXCHANGE + 3, "piquet.exchange.discard-first")
    rub = State(RUBICON, st.deal)
    refused(rub, EXCHANGE, "piquet.exchange.elder")                      # Cavendish: at least one


def test_dialogue_refusals():
    st = quiet()
    st.apply(EXCHANGE); st.apply(EXCHANGE)
    refused(st, GOOD, "piquet.declarations.dialogue")                   # nothing called yet
    st.apply(CALL)
    refused(st, EQUAL, "piquet.declarations.equal")
    st.apply(NOT_GOOD)
    st.apply(CALL + 1)
    st.apply(NOT_GOOD)
    refused(st, CALL + 2, "piquet.declarations.dialogue")               # the elder holds no set
    st.apply(FALSE_CALL + 2)
    refused(st, NOT_GOOD, "piquet.declarations.dialogue")               # the younger has no set either
    refused(st, EQUAL, "piquet.declarations.sets")
    st.apply(GOOD)
    assert st.phase.name == "PLAY"


def test_play_refusals():
    st = quiet()
    for a in (EXCHANGE, EXCHANGE, CALL, NOT_GOOD, CALL + 1, NOT_GOOD, NO_CALL, NO_CALL):
        st.apply(a)
    refused(st, parse_card("♠J"), "piquet.play.follow-suit")            # not his card
    st.apply(parse_card("♠A"))
    refused(st, parse_card("♣A"), "piquet.play.follow-suit")            # holds spades
    refused(st, GOOD, "piquet.declarations.close")


def test_wrong_discard_only_while_discarding():
    st = quiet()
    refused(st, WRONG_DISCARD, "piquet.exchange.elder")
    st.apply(EXCHANGE + 3)
    st.apply(WRONG_DISCARD)
    assert st.to_discard == 2 and st.overdrawn == {1}


def test_three_dealer_takes_the_whole_talon_or_none():
    st = State(THREE, deal(THREE, seed=4, dealer=0))
    refused(st, EXCHANGE + 1, "piquet.three.talon")
    st.apply(EXCHANGE + 2)
    assert st.to_discard == 2


def test_finished_deal_accepts_nothing():
    from cardrules.games.piquet.simulate import random_deal
    st = random_deal(RUSSIAN, 3)
    refused(st, 0, "piquet.play.trick")
