"""The play, completed from the Klaberjass family: card order, duties, card points.

Rozaliev's text breaks off before the play. The rules here come from the Russian
«Терц» of the card-game sites (shram.kiev.ua) and from Klaberjass; where they differ,
the variant chooses.

>>> from cardrules.cards import parse_cardset, parse_card, format_cards, HEARTS, SPADES
>>> from cardrules.games.terts.variants import ROZALIEV
>>> hand = parse_cardset("♠K ♠7 ♥9 ♣A")
>>> format_cards(legal_cards(ROZALIEV, hand, parse_card("♠Q"), HEARTS, stock_left=0))   # must head the queen
'♠K'
>>> format_cards(legal_cards(ROZALIEV, hand, parse_card("♠Q"), HEARTS, stock_left=8))   # follow suit only
'♠7 ♠K'
"""

from __future__ import annotations

from functools import cache

from cardrules.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SUIT_MASKS, TEN, card, format_card, format_cards, rank_strength
from cardrules.engine import IllegalAction
from cardrules.rules import implements

from .variants import Variant

#: A revoke found out: REVOKE + card (an irregularity the state accepts, never offers).
REVOKE = 1024

_ORDERS = {
    # the Jass order: trumps J 9 A 10 K Q 8 7, plain suits A 10 K Q J 9 8 7
    "jass": (rank_strength((JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN)),
             rank_strength((ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN))),
    "natural": (rank_strength((ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN)),) * 2,
}


@implements("terts.play.card-order")
def strengths(variant: Variant) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(trump strength, plain strength)`` by rank, as the variant orders the cards in play.

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> trump, plain = strengths(ROZALIEV)
    >>> trump[JACK] > trump[NINE] > trump[ACE], plain[ACE] > plain[TEN] > plain[KING] > plain[JACK] > plain[NINE]
    (True, True)
    """
    return _ORDERS[variant.card_order]


@implements("terts.play.trick", "terts.play.card-order")
def beats(variant: Variant, c: int, lead: int, trump: int) -> bool:
    """Whether ``c``, played to ``lead``, takes the trick: a higher card of the suit
    led (in the trump order if trumps were led), or any trump to a plain lead.

    (The shared :func:`cardrules.tricks.trick_winner` takes one order for every suit;
    Tertz ranks its trumps apart, so its two-card trick is decided here.)

    >>> from cardrules.cards import parse_card, HEARTS
    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> beats(ROZALIEV, parse_card("♥9"), parse_card("♥A"), HEARTS), beats(ROZALIEV, parse_card("♠10"), parse_card("♠K"), HEARTS)
    (True, True)
    >>> beats(ROZALIEV, parse_card("♥7"), parse_card("♠A"), HEARTS), beats(ROZALIEV, parse_card("♣A"), parse_card("♠7"), HEARTS)
    (True, False)
    """
    return bool(_TAKERS[variant.card_order][trump][lead] >> c & 1)


@implements("terts.play.duties", "terts.play.trump-jack")
def legal_cards(variant: Variant, hand: int, lead: int | None, trump: int, stock_left: int) -> int:
    """The cards of ``hand`` that may be played to ``lead`` (None: leading, any card).

    ``shram``: while the stock lasts, follow suit, else trump; once it is gone (and
    always when the undealt cards stay out of play), follow and take the trick if
    able, else trump. ``free``: no duty while the stock lasts, then as ``shram``.
    ``klaberjass``: follow suit, overtrumping a trump lead if able; else trump.
    With ``free_jack`` the trump jack may always be played.

    >>> from cardrules.cards import parse_cardset, parse_card, format_cards, HEARTS
    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> hand = parse_cardset("♠7 ♥J ♥7 ♣A")
    >>> format_cards(legal_cards(ROZALIEV, hand, parse_card("♦K"), HEARTS, stock_left=6))   # void: trump
    '♥7 ♥J'
    >>> format_cards(legal_cards(ROZALIEV, hand, parse_card("♠K"), HEARTS, stock_left=6))   # the jack is free
    '♠7 ♥J'
    >>> format_cards(legal_cards(ROZALIEV.with_options(duties="free"), hand, parse_card("♠K"), HEARTS, stock_left=6))
    '♠7 ♣A ♥7 ♥J'
    """
    if lead is None:
        return hand
    duties = variant.duties
    strict = stock_left == 0 or variant.stock == "dead"
    led = lead // 13
    if duties == "free" and not strict:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        allowed = follow
        if (duties != "klaberjass" and strict) or (duties == "klaberjass" and led == trump):
            higher = _higher(variant, follow, lead, trump)
            if higher:
                allowed = higher
    else:
        trumps = hand & SUIT_MASKS[trump]
        allowed = trumps or hand
    if variant.free_jack:
        allowed |= hand & _TRUMP_JACK[trump]
    return allowed


def _higher(variant: Variant, cards: int, lead: int, trump: int) -> int:
    """The cards of ``cards``, all of the suit led, that take ``lead``: as :func:`beats` has it,
    those above it in the order of that suit."""
    return cards & _TAKERS[variant.card_order][trump][lead]


def _ranks_above(table: tuple[int, ...]) -> tuple[int, ...]:
    """For each rank, the ranks that ``table`` (a strength by rank) puts above it, as a mask
    of one suit's 13 bits: made once for each order instead of comparing card by card."""
    return tuple(sum(1 << r for r in range(13) if table[r] > table[rank]) for rank in range(13))


#: :func:`_ranks_above` of each order's trump and plain strengths (as :func:`strengths` gives them).
_ABOVE = {name: tuple(_ranks_above(table) for table in tables) for name, tables in _ORDERS.items()}


def _takers(above: tuple[tuple[int, ...], tuple[int, ...]], trump: int, lead: int) -> int:
    """The cards that take ``lead`` (as :func:`beats` reads the rule): those above it in its
    suit, by ``above`` (:func:`_ranks_above` of the trump and plain orders), and every trump
    if it is not one."""
    led = lead // 13
    if led == trump:
        return above[0][lead % 13] << 13 * led
    return above[1][lead % 13] << 13 * led | SUIT_MASKS[trump]


#: The cards that take each card led, by order and trumps: ``_TAKERS[card_order][trump][lead]``
#: (made once: the play asks it at every trick).
_TAKERS = {name: tuple(tuple(_takers(above, trump, lead) for lead in range(52)) for trump in range(4))
           for name, above in _ABOVE.items()}
#: The bit of the trump jack, by the trump suit.
_TRUMP_JACK = tuple(1 << card(s, JACK) for s in range(4))


#: The clauses a refused card breaks.
@implements("terts.play.duties")
def check_card(variant: Variant, hand: int, c: int, lead: int | None, trump: int, stock_left: int) -> None:
    """Raise :class:`~cardrules.engine.IllegalAction` if ``c`` may not be played now.

    >>> from cardrules.cards import parse_cardset, parse_card, HEARTS
    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> check_card(ROZALIEV, parse_cardset("♠K ♠7"), parse_card("♠7"), parse_card("♠Q"), HEARTS, 0)
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: must take the trick: ♠Q was led and the hand holds ♠K (terts.play.duties)
    """
    if not 0 <= c < 52:
        raise IllegalAction("terts.play.trick", "the boasting is over: a card of the hand must be played now")
    if not hand >> c & 1:
        raise IllegalAction("terts.play.trick", f"{format_card(c)} is not a card of the hand")
    allowed = legal_cards(variant, hand, lead, trump, stock_left)
    if allowed >> c & 1:
        return
    led = lead // 13
    if hand & SUIT_MASKS[led] and c // 13 != led:
        raise IllegalAction("terts.play.duties", f"must follow suit: {format_card(lead)} was led and the hand holds "
                            f"{format_cards(hand & SUIT_MASKS[led])}")
    if hand & SUIT_MASKS[led]:
        raise IllegalAction("terts.play.duties", f"must take the trick: {format_card(lead)} was led and the hand holds "
                            f"{format_cards(allowed)}")
    raise IllegalAction("terts.play.duties", f"must trump: no {format_card(lead)[0]} in the hand, and it holds {format_cards(allowed)}")


def is_revoke(variant: Variant, hand: int, c: int, lead: int | None, trump: int, stock_left: int) -> bool:
    """Whether ``c`` is a card of the hand played against the duties (a revoke)."""
    return lead is not None and 0 <= c < 52 and bool(hand >> c & 1) and not legal_cards(
        variant, hand, lead, trump, stock_left) >> c & 1


@implements("terts.play.card-points")
def card_points(variant: Variant, cards: int, trump: int) -> int:
    """The card points in ``cards``: trump J 20, 9 14; A 11, 10 10, K 4, Q 3; a plain J 2.

    >>> from cardrules.cards import parse_cardset, HEARTS
    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> card_points(ROZALIEV, parse_cardset("♥J9 ♠J9"), HEARTS), card_points(ROZALIEV, parse_cardset("♠AKQJ1098 ♥AKQJ1098 ♣AKQJ1098 ♦AKQJ1098 ♦7 ♥7 ♠7 ♣7"), HEARTS)
    (36, 152)
    """
    trump_table, plain_table = _suit_points(variant.trump_points), _suit_points(variant.plain_points)
    total = 0
    for s in range(4):
        total += (trump_table if s == trump else plain_table)[cards >> (13 * s + SEVEN) & 0xFF]
    return total


@cache
def _suit_points(points: tuple[int, ...]) -> tuple[int, ...]:
    """The card points of each set of one suit's cards, by its ranks seven to ace as 8 bits
    (seven lowest), for ``points`` of the 7 8 9 10 J Q K A: made once for each table of points
    instead of counting the ranks one by one at every deal."""
    return tuple(sum(p for i, p in enumerate(points) if ranks >> i & 1) for ranks in range(256))


__all__ = ["REVOKE", "beats", "card_points", "check_card", "is_revoke", "legal_cards", "strengths"]
