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

from dataclasses import dataclass
from typing import Sequence

from cardrules.cards import NATURAL_STRENGTH, SUIT_MASKS, format_card, format_cards, suit_of
from cardrules.engine import IllegalAction
from cardrules.rules import implements




@implements("common.play.trick-winner", "common.play.trump")
def trick_winner(trick: Sequence[int], trump: int | None, strength: Sequence[int] = NATURAL_STRENGTH) -> int:
    """The index in ``trick`` of the card that wins it.

    The highest trump wins if any trump was played; otherwise the highest card of
    the suit led. Cards of other suits never win.

    >>> from cardrules.cards import parse_cards, HEARTS
    >>> trick_winner(parse_cards("♥3 ♥2"), trump=HEARTS)   # trumps led: the higher trump
    0
    """
    # A card's key is its strength, lifted by 32 if it is a trump (a strength is below 32), so
    # that any trump beats any card of the suit led. (suit_of and rank_of are written out:
    # a trick is decided at every trick of every deal.)
    led = trick[0] // 13
    best = 0
    best_key = strength[trick[0] % 13] + (32 if led == trump else 0)
    for i in range(1, len(trick)):
        c = trick[i]
        s = c // 13
        if s == trump:
            key = strength[c % 13] + 32
        elif s == led:
            key = strength[c % 13]
        else:
            continue
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


@dataclass(frozen=True)
class PlayClauses:
    """The clauses a game names when a card may not be played: each game states these
    rules in its own edition, so its errors cite its own clauses."""

    own_card: str = "common.play.own-card"
    follow_suit: str = "common.play.follow-suit"
    must_trump: str = "common.play.must-trump"


COMMON = PlayClauses()


@implements("common.play.own-card")
def check_play(hand: int, c: int, led_suit: int | None, trump: int | None = None, must_trump: bool = False,
               clauses: PlayClauses = COMMON) -> None:
    """Raise :class:`~cardrules.engine.IllegalAction` naming the clause if ``c`` may not be played.

    >>> from cardrules.cards import parse_cardset, parse_card, SPADES
    >>> check_play(parse_cardset("♠K ♥8"), parse_card("♥8"), SPADES)
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: must follow suit: ♠ was led and the hand holds ♠K (common.play.follow-suit)
    """
    if not hand >> c & 1:
        raise IllegalAction(clauses.own_card, f"{format_card(c)} is not in the hand")
    if led_suit is None or suit_of(c) == led_suit:  # a lead, or a card of the suit led: always lawful
        return
    allowed = legal_plays(hand, led_suit, trump, must_trump)
    if allowed >> c & 1:
        return
    if led_suit is not None and hand & SUIT_MASKS[led_suit]:
        raise IllegalAction(
            clauses.follow_suit,
            f"must follow suit: {format_card(led_suit * 13)[0]} was led and the hand holds {format_cards(hand & SUIT_MASKS[led_suit])}",
        )
    raise IllegalAction(
        clauses.must_trump,
        f"must trump: no card of the suit led, and the hand holds {format_cards(allowed)}",
    )


# --- who plays when -----------------------------------------------------------------
#
# Seats are numbered clockwise (see :mod:`cardrules.cards`, the deal): the player on
# a seat's left sits at ``seat + 1``.


@implements("common.play.first-lead")
def first_leader(dealer: int, players: int, sitting_out: Sequence[int] = ()) -> int:
    """Who leads to the first trick: the first player on the dealer's left who plays.

    In a two-handed game that is the dealer's opponent.

    >>> first_leader(dealer=2, players=3), first_leader(dealer=0, players=2)
    (0, 1)
    >>> first_leader(dealer=3, players=4, sitting_out=(0,))
    1
    """
    return first_in_play((dealer + 1) % players, players, sitting_out)


@implements("common.play.first-lead-sitting-out")
def first_in_play(seat: int, players: int, sitting_out: Sequence[int] = ()) -> int:
    """``seat``, or, if it sits the hand out, the next seat on its left that plays.

    >>> first_in_play(0, 4, sitting_out=(0, 1))
    2
    """
    while seat in sitting_out:
        seat = (seat + 1) % players
    return seat


@implements("common.play.clockwise")
def play_order(leader: int, players: int, sitting_out: Sequence[int] = ()) -> list[int]:
    """The seats in the order they play to a trick: the leader, then clockwise.

    >>> play_order(2, 3)
    [2, 0, 1]
    >>> play_order(1, 4, sitting_out=(3,))
    [1, 2, 0]
    """
    seats = [(leader + i) % players for i in range(players)]
    return [s for s in seats if s not in sitting_out] if sitting_out else seats


@implements("common.play.winner-leads")
def next_leader(seats: Sequence[int], trick: Sequence[int], trump: int | None,
                strength: Sequence[int] = NATURAL_STRENGTH) -> int:
    """The seat that won ``trick`` (``seats[i]`` played ``trick[i]``): it leads next.

    >>> from cardrules.cards import parse_cards, CLUBS
    >>> next_leader([2, 0, 1], parse_cards("♠10 ♠A ♣7"), trump=None)
    0
    >>> next_leader([2, 0, 1], parse_cards("♠10 ♠A ♣7"), trump=CLUBS)
    1
    """
    return seats[trick_winner(trick, trump, strength)]


@implements("common.play.revoke")
def revoke(hand: int, c: int, led_suit: int | None, trump: int | None = None, must_trump: bool = False) -> str | None:
    """If playing ``c`` from ``hand`` is a revoke («ренонс», «ревок»), the clause it breaks.

    ``None`` when the play is lawful. The engine refuses a revoke in play (see
    :func:`check_play`); this test serves the games that penalise one after the fact.

    >>> from cardrules.cards import parse_cardset, parse_card, SPADES, HEARTS
    >>> hand = parse_cardset("♠K ♥8 ♣9")
    >>> revoke(hand, parse_card("♥8"), SPADES, HEARTS)
    'common.play.follow-suit'
    >>> revoke(hand, parse_card("♠K"), SPADES, HEARTS) is None
    True
    >>> revoke(parse_cardset("♥8 ♣9"), parse_card("♣9"), SPADES, HEARTS, must_trump=True)
    'common.play.must-trump'
    """
    if legal_plays(hand, led_suit, trump, must_trump) >> c & 1:
        return None
    if led_suit is not None and hand & SUIT_MASKS[led_suit]:
        return "common.play.follow-suit"
    return "common.play.must-trump"
