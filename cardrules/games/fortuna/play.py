"""Trick play: who plays, who leads, following suit, and revokes as irregularities.

A revoke is a card played against the follow-suit rule. The engine refuses it as
a plain play; recorded on purpose as the action :func:`revoke` ``(card)`` it is
accepted as an irregularity, and the settlement penalises it as the entry says.

>>> from cardrules.cards import parse_cardset, parse_card, SPADES, HEARTS
>>> check_card(parse_cardset("♠K ♥8"), parse_card("♥8"), SPADES, HEARTS, False)
Traceback (most recent call last):
...
cardrules.engine.IllegalAction: must follow suit: ♠ was led and the hand holds ♠K (fortuna.play.follow-suit)
"""

from __future__ import annotations

from cardrules.rules import implements
from cardrules import tricks
from cardrules.tricks import PlayClauses, check_play

from .variants import Variant

#: A revoke is written as REVOKE + card (see :func:`revoke`).
REVOKE = 128

#: _SUIT_CARDS[suit][13-bit mask] is the tuple of the cards of that suit in the mask.
_SUIT_CARDS = [
    [tuple(13 * s + r for r in range(13) if bits >> r & 1) for bits in range(1 << 13)] for s in range(4)
]

#: TRICK_KEYS[trump][led][card]: how high a card stands in a trick, trumps above the suit
#: led, a card of neither suit nowhere (-1); the rule of :func:`cardrules.tricks.trick_winner`
#: as a table, so that a trick's winner is kept card by card (the tests hold the two equal).
TRICK_KEYS = tuple(
    tuple(tuple(c % 13 + 16 if c // 13 == trump else c % 13 if c // 13 == led else -1 for c in range(52))
          for led in range(4))
    for trump in range(4))


def revoke(card: int) -> int:
    """The action that plays ``card`` as a recorded revoke.

    >>> from cardrules.cards import parse_card
    >>> revoke(parse_card("♥8")) - REVOKE == parse_card("♥8")
    True
    """
    return REVOKE + card


def cards_list(mask: int) -> list[int]:
    """The cards of a bitmask, lowest first (fast: four table look-ups)."""
    return [*_SUIT_CARDS[0][mask & 8191], *_SUIT_CARDS[1][mask >> 13 & 8191],
            *_SUIT_CARDS[2][mask >> 26 & 8191], *_SUIT_CARDS[3][mask >> 39 & 8191]]


@implements("fortuna.play.players")
def players_in_play(variant: Variant, declarers: list[int], nevolia: int | None) -> list[int]:
    """Who plays cards: the declarers, or everybody in неволя (or if passers play).

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> players_in_play(FOUR, [0, 2], None), players_in_play(FOUR, [1], nevolia=1)
    ([0, 2], [0, 1, 2, 3])
    >>> players_in_play(FOUR.with_options(passers_play=True), [0, 2], None)
    [0, 1, 2, 3]
    """
    if nevolia is not None or variant.passers_play:
        return list(range(variant.players))
    return sorted(declarers)


@implements("fortuna.play.lead")
def first_leader(variant: Variant, dealer: int, playing: list[int]) -> int:
    """The first player in play from the dealer's left leads to the first trick.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> first_leader(FOUR, dealer=1, playing=[0, 1, 3])
    3
    """
    if not playing:
        raise ValueError("nobody plays")
    return tricks.first_leader(dealer, variant.players,
                               sitting_out=[seat for seat in range(variant.players) if seat not in playing])


#: The clauses of this edition that an illegal card breaks.
CLAUSES = PlayClauses(own_card="fortuna.play.trick", follow_suit="fortuna.play.follow-suit",
                      must_trump="fortuna.play.no-must-trump")


@implements("fortuna.play.trick", "fortuna.play.follow-suit", "fortuna.play.no-must-trump")
def check_card(hand: int, c: int, led_suit: int | None, trump: int, must_trump: bool) -> None:
    """Raise :class:`~cardrules.engine.IllegalAction` if ``c`` may not be played
    (the shared check, naming Fortuna's clauses)."""
    check_play(hand, c, led_suit, trump, must_trump, CLAUSES)


@implements("fortuna.revoke.established", "fortuna.revoke.several")
def revoke_remise(variant: Variant, led_suit: int, trump: int, earlier: int = 0) -> int:
    """The revoke remise a player owes: 24 in a plain suit, 48 in trumps; one per
    deal however many revokes, the largest.

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> from cardrules.cards import SPADES, HEARTS
    >>> revoke_remise(FOUR, SPADES, HEARTS), revoke_remise(FOUR, HEARTS, HEARTS)
    (24, 48)
    >>> revoke_remise(FOUR, SPADES, HEARTS, earlier=48)
    48
    """
    amount = variant.revoke_trump if led_suit == trump else variant.revoke_plain
    return amount if amount > earlier else earlier


__all__ = ["REVOKE", "TRICK_KEYS", "cards_list", "check_card", "first_leader", "players_in_play", "revoke", "revoke_remise"]
