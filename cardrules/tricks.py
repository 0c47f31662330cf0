"""Trick play, as most of the games share it: what may be played, and who wins.

Cards are ints and hands bitmasks (see :mod:`cardrules.cards`). A game passes its
own rank order when it is not the natural one (Three Sevens, Tertz), as a tuple
``strength[rank]``.

>>> from cardrules.cards import parse_cards, parse_cardset, format_cards, HEARTS
>>> trick = parse_cards("♠10 ♠A ♥7")
>>> trick_winner(trick, trump=None)      # the ace of the suit led
1
>>> trick_winner(trick, trump=HEARTS)    # any trump beats the suit led
2
>>> hand = parse_cardset("♠K ♥8 ♣9")
>>> format_cards(legal_plays(hand, led_suit=0, trump=HEARTS))
'♠K'
"""

from __future__ import annotations

from typing import Sequence

from cardrules.cards import SUIT_MASKS, format_card, format_cards, suit_of
from cardrules.engine import IllegalAction
from cardrules.rules import implements

NATURAL = tuple(range(13))


@implements("common.play.trick-winner", "common.play.trump")
def trick_winner(trick: Sequence[int], trump: int | None, strength: Sequence[int] = NATURAL) -> int:
    """The index in ``trick`` of the card that wins it.

    The highest trump wins if any trump was played; otherwise the highest card of
    the suit led. Cards of other suits never win.
    """
    led = suit_of(trick[0])
    best = 0
    best_key = (False, strength[trick[0] % 13])
    for i in range(1, len(trick)):
        c = trick[i]
        s = suit_of(c)
        if s != led and s != trump:
            continue
        key = (s == trump, strength[c % 13])
        if key > best_key:
            best, best_key = i, key
    return best


@implements("common.play.follow-suit", "common.play.must-trump")
def legal_plays(hand: int, led_suit: int | None, trump: int | None = None, must_trump: bool = False) -> int:
    """The cards of ``hand`` that may be played to a trick.

    Leading, any card. Otherwise a card of the suit led if the hand has one; if it
    has none and ``must_trump`` holds (preferans), a trump if it has one; otherwise
    any card.

    >>> from cardrules.cards import parse_cardset, format_cards, SPADES, HEARTS
    >>> hand = parse_cardset("♥8 ♣9")
    >>> format_cards(legal_plays(hand, SPADES, HEARTS, must_trump=False))
    '♣9 ♥8'
    >>> format_cards(legal_plays(hand, SPADES, HEARTS, must_trump=True))
    '♥8'
    """
    if led_suit is None:
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow
    if must_trump and trump is not None:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


@implements("common.play.own-card")
def check_play(hand: int, c: int, led_suit: int | None, trump: int | None = None, must_trump: bool = False) -> None:
    """Raise :class:`~cardrules.engine.IllegalAction` naming the clause if ``c`` may not be played.

    >>> from cardrules.cards import parse_cardset, parse_card, SPADES
    >>> check_play(parse_cardset("♠K ♥8"), parse_card("♥8"), SPADES)
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: must follow suit: ♠ was led and the hand holds ♠K (common.play.follow-suit)
    """
    if not hand >> c & 1:
        raise IllegalAction("common.play.own-card", f"{format_card(c)} is not in the hand")
    allowed = legal_plays(hand, led_suit, trump, must_trump)
    if allowed >> c & 1:
        return
    if led_suit is not None and hand & SUIT_MASKS[led_suit]:
        raise IllegalAction(
            "common.play.follow-suit",
            f"must follow suit: {format_card(led_suit * 13)[0]} was led and the hand holds {format_cards(hand & SUIT_MASKS[led_suit])}",
        )
    raise IllegalAction(
        "common.play.must-trump",
        f"must trump: no card of the suit led, and the hand holds {format_cards(allowed)}",
    )
