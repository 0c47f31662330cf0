"""Whist decisions and trick play: who defends and how, who plays which cards,
what may be played, who wins a trick, and the all-pass with its talon leads.

Calls of the whist phase are ints ``WHIST``, ``PASS_WHIST``, ``HALF_WHIST`` and
the whister's choice ``OPEN`` / ``CLOSED``; a card played is the card itself.

>>> from cardrules.cards import parse_cardset, parse_card, format_cards, SPADES, HEARTS
>>> format_cards(playable(parse_cardset("♥8 ♣9"), SPADES, HEARTS))   # no spade: must trump
'♥8'
"""

from __future__ import annotations

from typing import Sequence

from cardrules.cards import rank_of, suit_of
from cardrules.rules import implements
from cardrules.tricks import PlayClauses, check_play, legal_plays

from .variants import Variant

WHIST, PASS_WHIST, HALF_WHIST, OPEN, CLOSED = 300, 301, 302, 303, 304
WHIST_NAMES = {WHIST: "whist", PASS_WHIST: "pass", HALF_WHIST: "half-whist", OPEN: "open", CLOSED: "closed"}
#: A revoke found out late is written as REVOKE + card (see :func:`revoke`); never a lawful play.
REVOKE = 400


@implements("preferans.procedure.revoke")
def revoke(card: int) -> int:
    """The action that plays ``card`` as a revoke (фальшренонс) found out later in the play.

    It is never among the lawful actions: a record writes it (``ренонс ♥8``) for a card
    that really was played against the suit led or the obligation to trump.

    >>> from cardrules.cards import parse_card
    >>> revoke(parse_card("♥8")) - REVOKE == parse_card("♥8")
    True
    """
    return REVOKE + card


@implements("preferans.play.follow-suit")
def playable(hand: int, led: int | None, trump: int | None) -> int:
    """The cards of ``hand`` that may go to a trick: the suit led, else a trump, else any.

    In a misère and an all-pass there are no trumps, so a player void in the suit
    led may throw any card.
    """
    return legal_plays(hand, led, trump, must_trump=True)


#: The clauses of this edition that an illegal card breaks (trumping when void is part
#: of the follow-suit clause here).
CLAUSES = PlayClauses(own_card="preferans.play.own-card", follow_suit="preferans.play.follow-suit",
                      must_trump="preferans.play.follow-suit")


@implements("preferans.play.follow-suit", "preferans.play.own-card")
def check_card(hand: int, c: int, led: int | None, trump: int | None) -> None:
    """Raise :class:`IllegalAction` naming the clause if ``c`` may not be played.

    >>> from cardrules.cards import parse_cardset, parse_card, SPADES, HEARTS
    >>> check_card(parse_cardset("♠K ♥8"), parse_card("♥8"), SPADES, HEARTS)
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: must follow suit: ♠ was led and the hand holds ♠K (preferans.play.follow-suit)
    """
    check_play(hand, c, led, trump, True, CLAUSES)


@implements("preferans.play.trick-winner")
def winner(cards: Sequence[int], led: int, trump: int | None) -> int:
    """Index in ``cards`` of the card that wins: the highest trump, else the highest of the suit led.

    Returns -1 when no card is of the suit led or trumps (an all-pass trick led by a
    talon card that nobody could follow).

    >>> from cardrules.cards import parse_cards, SPADES, HEARTS, CLUBS
    >>> winner(parse_cards("♠9 ♠A ♥7"), SPADES, HEARTS), winner(parse_cards("♠9 ♠A ♥7"), SPADES, None)
    (2, 1)
    >>> winner(parse_cards("♥9 ♦7 ♥A"), CLUBS, None)
    -1
    """
    best, key = -1, (-1, -1)
    for i, c in enumerate(cards):
        s = c // 13
        if s == trump:
            k = (1, c % 13)
        elif s == led:
            k = (0, c % 13)
        else:
            continue
        if k > key:
            best, key = i, k
    return best


@implements("preferans.whist.order")
def whist_order(declarer: int, seats: Sequence[int]) -> list[int]:
    """The defenders' positions in the order they speak: from the declarer's left.

    >>> whist_order(1, (5, 6, 7)), whist_order(0, (1, -1, 0))
    ([2, 0], [2])
    """
    return [p for p in ((declarer + 1) % 3, (declarer + 2) % 3) if seats[p] >= 0]


@implements("preferans.whist.half-whist")
def may_half_whist(v: Variant, level: int, first_passed: bool) -> bool:
    """Whether the second defender may go «за полвиста»: only on 6 and 7, after the first passed.

    >>> from cardrules.games.preferans.variants import SOCHI
    >>> may_half_whist(SOCHI, 7, True), may_half_whist(SOCHI, 8, True), may_half_whist(SOCHI, 6, False)
    (True, False, False)
    """
    return v.half_whist and first_passed and level in (6, 7)


@implements("preferans.play.first-lead")
def first_leader() -> int:
    """The first hand (the dealer's left) leads to the first trick, whoever declared."""
    return 0


@implements("preferans.allpass.talon")
def talon_leads(v: Variant) -> bool:
    """Whether the two talon cards lead the first two tricks of an all-pass."""
    return v.allpass_talon and v.players != 2


@implements("preferans.gusarik.dummy")
def dummy_card(hand: int, led: int | None) -> int:
    """In a two-handed all-pass the dummy plays its lowest lawful card (lowest rank, then suit).

    >>> from cardrules.cards import parse_cardset, format_card, SPADES
    >>> format_card(dummy_card(parse_cardset("♠A ♠8 ♥7"), SPADES)), format_card(dummy_card(parse_cardset("♦9 ♥7"), SPADES))
    ('♠8', '♥7')
    """
    allowed = playable(hand, led, None)
    best, key = -1, (99, 99)
    m = allowed
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = (rank_of(c), suit_of(c))
        if k < key:
            best, key = c, k
    return best


__all__ = ["CLOSED", "HALF_WHIST", "OPEN", "PASS_WHIST", "REVOKE", "WHIST", "WHIST_NAMES", "check_card", "dummy_card",
           "first_leader", "may_half_whist", "playable", "revoke", "talon_leads", "whist_order", "winner"]
