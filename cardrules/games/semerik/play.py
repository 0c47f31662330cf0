"""Trick play: the rank of the cards, hearts as trumps, the first lead, following suit,
the winner of a trick, and the revoke as a recorded irregularity.

>>> from cardrules.cards import parse_cards, parse_cardset, parse_card, SPADES
>>> from cardrules.games.semerik.variants import SEMERIK
>>> winner(SEMERIK, parse_cards("♠A ♠3 ♠K ♣3"))      # the three is the highest card
1
>>> winner(SEMERIK, parse_cards("♠A ♠3 ♥4 ♣3"))      # any heart beats the suit led
2
>>> check_card(SEMERIK, parse_cardset("♠K ♥4"), parse_card("♥4"), SPADES)
Traceback (most recent call last):
...
cardrules.engine.IllegalAction: must follow suit: ♠ was led and the hand holds ♠K (semerik.play.follow-suit)
"""

from __future__ import annotations

from typing import Sequence

from cardrules import tricks
from cardrules.cards import ACE, FIVE, FOUR, JACK, KING, QUEEN, SEVEN, SIX, THREE, TWO, rank_strength
from cardrules.rules import implements
from cardrules.tricks import PlayClauses, check_play

from .variants import Variant

#: The ranks from the highest down: 3 2 A K Q J 7 6 5 4.
RANK_ORDER = (THREE, TWO, ACE, KING, QUEEN, JACK, SEVEN, SIX, FIVE, FOUR)


@implements("semerik.cards.rank")
def strength() -> tuple[int, ...]:
    """The strength of each rank, ``strength()[rank]``, from the order 3 2 A K Q J 7 6 5 4.

    >>> s = strength()
    >>> s[THREE] > s[TWO] > s[ACE] > s[KING] > s[JACK] > s[SEVEN] > s[FOUR]
    True
    """
    return STRENGTH


STRENGTH = rank_strength(RANK_ORDER)


@implements("semerik.play.first-lead")
def first_leader(dealer: int) -> int:
    """The player on the dealer's left leads to the first trick (the shared rule).

    >>> first_leader(3)
    0
    """
    return tricks.first_leader(dealer, 4)


#: The clauses of this edition that an unlawful card breaks.
CLAUSES = PlayClauses(own_card="semerik.play.trick", follow_suit="semerik.play.follow-suit",
                      must_trump="semerik.play.no-must-trump")


@implements("semerik.play.follow-suit", "semerik.play.no-must-trump", "semerik.play.trick")
def check_card(variant: Variant, hand: int, c: int, led_suit: int | None) -> None:
    """Raise :class:`~cardrules.engine.IllegalAction` if ``c`` may not be played: a card
    of the suit led if the hand has one, else any card (no duty to trump)."""
    check_play(hand, c, led_suit, variant.trump, False, CLAUSES)


@implements("semerik.play.trick-winner", "semerik.cards.trumps")
def winner(variant: Variant, trick: Sequence[int]) -> int:
    """The index in ``trick`` of the card that takes it: the highest heart if any heart
    was played, else the highest card of the suit led, by the rank 3 2 A K … 4."""
    return tricks.trick_winner(trick, variant.trump, STRENGTH)


@implements("semerik.play.winner-leads")
def next_leader(seats: Sequence[int], variant: Variant, trick: Sequence[int]) -> int:
    """The seat that took the trick leads to the next.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> from cardrules.cards import parse_cards
    >>> next_leader([2, 3, 0, 1], SEMERIK, parse_cards("♣J ♣2 ♣7 ♠3"))
    3
    """
    return seats[winner(variant, trick)]


@implements("semerik.irregularities.revoke")
def is_revoke(variant: Variant, hand: int, c: int, led_suit: int | None) -> bool:
    """Whether playing ``c`` from ``hand`` to a trick led in ``led_suit`` is a revoke
    («ренонс»): a card of another suit while the hand holds the suit led.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> from cardrules.cards import parse_cardset, parse_card, SPADES
    >>> is_revoke(SEMERIK, parse_cardset("♠K ♥4"), parse_card("♥4"), SPADES)
    True
    >>> is_revoke(SEMERIK, parse_cardset("♣K ♥4"), parse_card("♥4"), SPADES)
    False
    """
    return bool(hand >> c & 1) and tricks.revoke(hand, c, led_suit, variant.trump, False) is not None


__all__ = ["CLAUSES", "RANK_ORDER", "STRENGTH", "check_card", "first_leader", "is_revoke", "next_leader", "strength",
           "winner"]
