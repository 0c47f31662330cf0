"""Property tests of trick play (cardrules.tricks): legal plays, trick winner, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import (
    FULL_MASK, SUIT_MASKS, SUITS, cards_of, parse_card, parse_cardset, rank_of, rank_strength,
    suit_of, THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR, SPADES, HEARTS,
)
from cardrules.engine import IllegalAction
from cardrules.tricks import (
    check_play, first_leader, legal_plays, next_leader, play_order, revoke, trick_winner,
)

suits = st.sampled_from(SUITS)
trumps = st.one_of(st.none(), suits)
hands = st.integers(1, FULL_MASK)
tricks = st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True)
SEVENS = rank_strength([THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR])


# --- the trick winner --------------------------------------------------------------------


@given(tricks, trumps)
def test_winner_is_of_the_suit_led_or_a_trump(trick, trump):
    w = trick[trick_winner(trick, trump)]
    assert suit_of(w) in (suit_of(trick[0]), trump)


@given(tricks, trumps)
def test_winner_beats_every_card_that_could_win(trick, trump):
    i = trick_winner(trick, trump)
    w = trick[i]
    for c in trick:
        if suit_of(c) == suit_of(w):
            assert rank_of(c) <= rank_of(w)
    if trump is not None and any(suit_of(c) == trump for c in trick):
        assert suit_of(w) == trump


@given(tricks)
def test_without_trumps_or_trumps_played_the_highest_of_the_suit_led_wins(trick):
    led = suit_of(trick[0])
    followers = [c for c in trick if suit_of(c) == led]
    assert trick[trick_winner(trick, None)] == max(followers)


@given(tricks, trumps)
def test_winner_does_not_depend_on_discards(trick, trump):
    # Dropping a card that neither follows nor trumps never changes the winning card.
    led = suit_of(trick[0])
    kept = [c for i, c in enumerate(trick) if i == 0 or suit_of(c) in (led, trump)]
    assert trick[trick_winner(trick, trump)] == kept[trick_winner(kept, trump)]


def test_game_rank_order_is_used():
    trick = [parse_card("♠A"), parse_card("♠3"), parse_card("♠K")]
    assert trick_winner(trick, None) == 0
    assert trick_winner(trick, None, SEVENS) == 1


@given(tricks, trumps, st.data())
def test_next_leader_is_the_seat_that_played_the_winning_card(trick, trump, data):
    seats = data.draw(st.permutations(list(range(len(trick)))))
    assert next_leader(seats, trick, trump) == seats[trick_winner(trick, trump)]


# --- legal plays -----------------------------------------------------------------------------


@given(hands, st.one_of(st.none(), suits), trumps, st.booleans())
def test_legal_plays_is_a_non_empty_subset_of_the_hand(hand, led, trump, must_trump):
    allowed = legal_plays(hand, led, trump, must_trump)
    assert allowed and allowed & ~hand == 0


@given(hands, trumps, st.booleans())
def test_leading_any_card_is_legal(hand, trump, must_trump):
    assert legal_plays(hand, None, trump, must_trump) == hand


@given(hands, suits, trumps, st.booleans())
def test_must_follow_suit_when_able(hand, led, trump, must_trump):
    allowed = legal_plays(hand, led, trump, must_trump)
    if hand & SUIT_MASKS[led]:
        assert allowed == hand & SUIT_MASKS[led]


@given(hands, suits, suits)
def test_void_must_trump_when_the_variant_says_so(hand, led, trump):
    hand &= ~SUIT_MASKS[led]
    if not hand:
        return
    obliged = legal_plays(hand, led, trump, must_trump=True)
    free = legal_plays(hand, led, trump, must_trump=False)
    assert free == hand
    if hand & SUIT_MASKS[trump]:
        assert obliged == hand & SUIT_MASKS[trump]
    else:
        assert obliged == hand


# --- errors name their clause ---------------------------------------------------------------


@given(hands, st.one_of(st.none(), suits), trumps, st.booleans(), st.integers(0, 51))
def test_check_play_agrees_with_legal_plays_and_names_the_clause(hand, led, trump, must_trump, c):
    allowed = legal_plays(hand, led, trump, must_trump)
    if allowed >> c & 1:
        check_play(hand, c, led, trump, must_trump)
        assert revoke(hand, c, led, trump, must_trump) is None
        return
    with pytest.raises(IllegalAction) as err:
        check_play(hand, c, led, trump, must_trump)
    if not hand >> c & 1:
        assert err.value.clause_id == "common.play.own-card"
    else:
        assert err.value.clause_id == revoke(hand, c, led, trump, must_trump)
        assert err.value.clause_id in ("common.play.follow-suit", "common.play.must-trump")
    assert str(err.value).endswith(f"({err.value.clause_id})")


def test_error_messages():
    hand = parse_cardset("♠K ♥8 ♣9")
    with pytest.raises(IllegalAction, match=r"not in the hand \(common\.play\.own-card\)"):
        check_play(hand, parse_card("♦A"), SPADES)
    with pytest.raises(IllegalAction, match=r"must follow suit.*\(common\.play\.follow-suit\)"):
        check_play(hand, parse_card("♣9"), SPADES, HEARTS)
    with pytest.raises(IllegalAction, match=r"must trump.*♥8 \(common\.play\.must-trump\)"):
        check_play(parse_cardset("♥8 ♣9"), parse_card("♣9"), SPADES, HEARTS, must_trump=True)


# --- the order of play ------------------------------------------------------------------------


@given(st.integers(2, 4), st.data())
def test_play_order_starts_with_the_leader_and_goes_clockwise(players, data):
    leader = data.draw(st.integers(0, players - 1))
    order = play_order(leader, players)
    assert order[0] == leader and sorted(order) == list(range(players))
    assert all((b - a) % players == 1 for a, b in zip(order, order[1:]))


@given(st.integers(2, 4), st.data())
def test_first_lead_is_on_the_dealers_left(players, data):
    dealer = data.draw(st.integers(0, players - 1))
    assert first_leader(dealer, players) == (dealer + 1) % players


@given(st.integers(0, 3))
def test_first_lead_skips_a_seat_sitting_out(dealer):
    # Four-handed preferans: the dealer sits out; the player on the dealer's left still leads.
    assert first_leader(dealer, 4, sitting_out=(dealer,)) == (dealer + 1) % 4
    assert first_leader(dealer, 4, sitting_out=((dealer + 1) % 4,)) == (dealer + 2) % 4


def test_trump_led_the_higher_trump_wins():
    # Regression: a trump lead once lost to any lower trump played after it.
    from cardrules.cards import parse_cards
    assert trick_winner(parse_cards("♥3 ♥2 ♠A"), HEARTS) == 0
    assert trick_winner(parse_cards("♥9 ♥K ♥7"), HEARTS) == 1
