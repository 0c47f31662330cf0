"""The play: who leads, following suit, trumping, and who takes a trick.

The shared trick code (:mod:`cardrules.tricks`) decides; this module names the
clauses of this game, so that a refused card cites them.

>>> from cardrules.cards import parse_cardset, parse_card, SPADES, HEARTS
>>> check(parse_cardset("♠K ♥8"), parse_card("♥8"), SPADES, HEARTS, must_trump=False)
Traceback (most recent call last):
...
cardrules.engine.IllegalAction: must follow suit: ♠ was led and the hand holds ♠K (preference.austrian.follow-suit)
"""

from __future__ import annotations

from functools import lru_cache

from cardrules.rules import implements
from cardrules.tricks import PlayClauses, check_play, first_leader, legal_plays, next_leader, play_order, trick_winner  # noqa: F401

from .variants import Variant

CLAUSES = PlayClauses(own_card="preference.austrian.play", follow_suit="preference.austrian.follow-suit",
                      must_trump="preference.austrian.trumping")


@implements("preference.austrian.follow-suit", "preference.austrian.trumping")
def check(hand: int, card: int, led_suit: int | None, trump: int | None, must_trump: bool) -> None:
    """Refuse a card that does not follow suit (or, where the variant asks it, does not trump)."""
    check_play(hand, card, led_suit, trump, must_trump, CLAUSES)


@implements("preference.austrian.lead", "preference.r1829.lead")
def opening_leader(variant: Variant, declarer: int, dealer: int, sitting_out: tuple[int, ...]) -> int:
    """Who leads to the first trick: the declarer, or (an option) the eldest hand.

    >>> from cardrules.games.preference.variants import AUSTRIAN, RULES_1829
    >>> opening_leader(AUSTRIAN, declarer=2, dealer=0, sitting_out=()), opening_leader(RULES_1829, 2, 0, ())
    (2, 1)
    """
    if variant.first_lead == "declarer":
        return declarer
    return first_leader(dealer, variant.players, sitting_out)


@implements("preference.austrian.sans-lead", "preference.croatian.lead")
def sans_leader(order: tuple[int, ...], declarer: int, playing: tuple[int, ...] | None = None) -> int:
    """Who leads to a Sans: the declarer's right-hand opponent (the seat before him in
    the order of play), so that the declarer plays second; if that player takes no part
    in the play, the other defender.

    >>> sans_leader((1, 2, 0), declarer=0), sans_leader((1, 2, 0), declarer=1)
    (2, 0)
    >>> sans_leader((1, 2, 0), declarer=0, playing=(1,))
    1
    """
    before = order[(order.index(declarer) - 1) % len(order)]
    if playing is None or before in playing:
        return before
    return playing[0]


@lru_cache(maxsize=256)  # (a few tables in all, asked at every deal; bounded: a caller may ask any order)
def trick_orders(seats: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """The order of a trick from each seat that may lead: ``seats``, the players at the
    table in the order of play, from that seat round. Made once for each table, not at
    every deal (the same table for every deal of that shape: nobody changes it).

    >>> trick_orders((1, 2, 0))
    {1: (1, 2, 0), 2: (2, 0, 1), 0: (0, 1, 2)}
    """
    return {s: seats[i:] + seats[:i] for i, s in enumerate(seats)}


__all__ = ["CLAUSES", "check", "legal_plays", "next_leader", "opening_leader", "play_order", "sans_leader", "trick_orders", "trick_winner"]
