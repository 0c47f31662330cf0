"""Illegal actions are refused with their clause, before anything changes."""

import pytest

from cardrules.cards import parse_card, parse_cardset
from cardrules.engine import IllegalAction
from cardrules.games.piquet import RUBICON, RUSSIAN, THREE, State
from cardrules.games.piquet.deal import Deal, deal
from cardrules.games.piquet.declarations import CALL, EQUAL, FALSE_CALL, GOOD, NO_CALL, NOT_GOOD
from cardrules.games.piquet.exchange import EXCHANGE, WRONG_DISCARD


def snapshot(obj):
    """Everything the state holds, the dialogue's fields included (its worked-out bests too)."""
    if isinstance(obj, (list, tuple)):
        return [snapshot(x) for x in obj]
    if isinstance(obj, dict):
        return sorted((repr(k), snapshot(v)) for k, v in obj.items())
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if hasattr(obj, "__dict__") and not isinstance(obj, type):
        return (type(obj).__name__, sorted((k, snapshot(v)) for k, v in vars(obj).items()))
    return obj


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


def test_values_that_are_no_action_are_refused_in_every_phase():
    """A float that equals a count or a card, a bool, a number out of range or another type
    is refused with the phase's clause, before anything changes (67.0 once set a count of
    3.0 to exchange; a float card made the discard fail with a TypeError)."""
    st = quiet()
    values = (EXCHANGE + 3.0, True, -1, 256, 10**100, None, "x", (), [], object())
    for value in values:
        refused(st, value, "piquet.exchange.elder")
    st.apply(EXCHANGE + 3)
    refused(st, float(parse_card("♠A")), "piquet.exchange.discard-first")
    for a in (parse_card("♣9"), parse_card("♣8"), parse_card("♣7")):
        st.apply(a)
    refused(st, EXCHANGE + 0.0, "piquet.exchange.younger")
    st.apply(EXCHANGE)
    for value in values + (float(CALL),):
        refused(st, value, "piquet.declarations.dialogue")
    for a in (CALL, GOOD, NO_CALL, NO_CALL, NO_CALL, NO_CALL):
        st.apply(a)
    assert st.phase.name == "PLAY"
    for value in values + (float(st.legal_actions()[0]),):
        refused(st, value, "piquet.play.trick")
    with pytest.raises(IllegalAction) as info:
        st.apply(10**100)
    assert str(info.value).count("\n") == 0 and "out of range" in str(info.value)


def test_a_refused_call_leaves_the_dialogue_as_it_was():
    """The dialogue checks a call against bests worked out as the category opens, so a
    refusal writes nothing, not even a cache."""
    st = quiet()
    for a in (EXCHANGE, EXCHANGE, CALL, NOT_GOOD, CALL + 1, NOT_GOOD):
        st.apply(a)
    refused(st, CALL + 2, "piquet.declarations.dialogue")               # the elder holds no set


@pytest.mark.parametrize("variant", [RUSSIAN, RUBICON, THREE], ids=lambda v: v.name)
def test_undo_gives_back_the_whole_state(variant):
    """Undoing each action of a random deal leaves exactly the state before it: no field
    set later (the play's leader, the hands as held for the declarations) stays behind."""
    from cardrules.games.piquet.simulate import random_deal
    played = random_deal(variant, 11, dealer=1)
    history = list(played.history)
    for k in range(len(history), 0, -1):
        st = State(variant, played.deal)
        for a in history[:k]:
            st.apply(a)
        st.undo()
        before = State(variant, played.deal)
        for a in history[:k - 1]:
            before.apply(a)
        assert snapshot(st) == snapshot(before), k


def test_both_players_silent_score_no_tricks_and_nobody_takes_the_cards():
    """Both left with a card too many («молчанка» on each side): by the clause, neither counts
    his tricks, and with nobody's tricks counted nobody is doubled and nobody takes the cards
    (our reading: the sources speak of one silent player). The facts are the clause's example
    (seat 1 leads six tricks and wins them, leads six more and loses them) with both silent;
    seat 0 alone silent, seat 1 scores 12 leads doubled (24) and the cards (10), as the page
    shows."""
    from cardrules.games.piquet.scoring import DealFacts, score_deal
    tricks = [(1, 1)] * 6 + [(1, 0)] * 6
    one = score_deal(DealFacts(RUSSIAN, [1, 0], [1, 1], [0, 0], [[1], [], []], [], tricks, {0}))
    assert (one.play, one.bonus) == ([0, 24], [0, 10])
    both = score_deal(DealFacts(RUSSIAN, [1, 0], [1, 1], [0, 0], [[1], [], []], [], tricks, {0, 1}))
    assert (both.play, both.bonus, both.capot) == ([0, 0], [0, 0], None)


def test_a_deal_where_both_players_discard_wrongly_plays_to_its_score():
    """Seed 1 with a wrong discard by each player (it used to end in a traceback at the score)."""
    import random
    st = State(RUSSIAN, deal(RUSSIAN, seed=1, dealer=0))
    rng = random.Random(1)
    wrong_by: set[int] = set()
    while not st.is_terminal():
        if st.to_discard and st.current_player() not in wrong_by:
            wrong_by.add(st.current_player())
            st.apply(WRONG_DISCARD)
            continue
        st.apply(rng.choice(st.legal_actions()))
    assert st.overdrawn == {0, 1}
    score = st.settlement()
    assert score.play == [0, 0] and score.bonus == [0, 0]


def test_trick_taker_kept_card_by_card():
    """The state keeps each trick's taker as the cards fall (the card led, then the highest of
    its suit): the same seat as play.trick_taker of the whole trick, on 600 random deals of
    the three presets (4,800 tricks of two cards and 2,000 of three)."""
    from cardrules.games.piquet.play import trick_taker
    from cardrules.games.piquet.simulate import random_deal

    for variant in (RUSSIAN, RUBICON, THREE):
        for seed in range(200):
            st = random_deal(variant, seed, dealer=seed % variant.players)
            ring = st.seats
            for (leader, winner), cards in zip(st.tricks, st.trick_cards, strict=True):
                i = ring.index(leader)
                assert winner == trick_taker(ring[i:] + ring[:i], cards)
