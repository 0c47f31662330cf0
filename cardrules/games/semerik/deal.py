"""The pack, the partnerships, the deal and its rotation.

>>> from cardrules.games.semerik.variants import SEMERIK
>>> d = deal(SEMERIK, seed=1, dealer=0)
>>> [bin(h).count("1") for h in d.hands], d.dealer
([10, 10, 10, 10], 0)
>>> side_of(0), side_of(1), side_of(2), partner(3)
(0, 1, 0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.cards import SEVENS_40, Deck, format_hand, parse_cardset, shuffle, size
from cardrules.deal import deal as deal_cards, next_dealer as next_seat
from cardrules.engine import IllegalAction, direct_init
from cardrules.rules import implements

from .variants import Variant

#: Four players, always.
PLAYERS = 4


@implements("semerik.cards.pack")
def pack(variant: Variant) -> Deck:
    """The 40-card pack: the 52 cards less the tens, nines and eights.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> from cardrules.cards import in_suit, format_cards, HEARTS
    >>> pack(SEMERIK).size, format_cards(in_suit(pack(SEMERIK).mask, HEARTS))
    (40, '♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥J ♥Q ♥K ♥A')
    """
    return SEVENS_40


@implements("semerik.players.partners")
def side_of(seat: int) -> int:
    """The partnership of a seat: partners sit opposite, seats 0 and 2 against 1 and 3."""
    return seat & 1


def partner(seat: int) -> int:
    """The partner of a seat: the player opposite."""
    return (seat + 2) % PLAYERS


@direct_init
@dataclass(frozen=True)
class Deal:
    """One deal: who dealt and the four hands (bitmasks by seat)."""

    dealer: int
    hands: tuple[int, ...]
    seed: int | None = None

    def __str__(self) -> str:
        return "\n".join([f"dealer {self.dealer}"] + [f"{s}: {format_hand(h)}" for s, h in enumerate(self.hands)])

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_hand(h)) for h in self.hands)
        return f"Deal.parse([{hands}], dealer={self.dealer})"

    @classmethod
    def parse(cls, hands: list[str], dealer: int = 0) -> "Deal":
        """A deal written out, one hand per seat.

        >>> d = Deal.parse(["♠32A", "♣32A", "♦32A", "♥32A"], dealer=1)
        >>> d == eval(repr(d)), size(d.hands[3])
        (True, 3)
        """
        return cls(dealer, tuple(map(parse_cardset, hands)))


@implements("semerik.deal.packets")
def deal_order(variant: Variant, order: list[int] | tuple[int, ...], dealer: int, seed: int | None = None) -> Deal:
    """Deal the cards of ``order`` from the top, clockwise from the dealer's left, in
    packets of ``variant.packet`` cards, until each player holds ten.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> d = deal_order(SEMERIK, SEVENS_40.cards, dealer=3)
    >>> format_hand(d.hands[0]), format_hand(d.hands[1])   # the dealer's left gets the first five cards
    ('♠65432 ♦65432', '♠AKQJ7 ♦AKQJ7')
    """
    rounds = 10 // variant.packet
    dealt = deal_cards(order, PLAYERS, dealer, pattern=(variant.packet,) * rounds)
    return Deal(dealer, dealt.hands, seed)


def deal(variant: Variant, seed: int, dealer: int = 0) -> Deal:
    """A random deal fixed by ``seed``: the pack shuffled (the shared shuffle) and dealt."""
    return deal_order(variant, shuffle(pack(variant), seed), dealer, seed)


@implements("semerik.deal.rotation")
def next_dealer(dealer: int) -> int:
    """Each player deals in turn: the deal passes to the left.

    >>> next_dealer(3)
    0
    """
    return next_seat(dealer, PLAYERS)


@implements("semerik.deal.ten-each")
def check_deal(variant: Variant, deal: Deal) -> None:
    """Raise :class:`IllegalAction` unless ``deal`` gives the whole pack, ten cards to each of four.

    >>> from cardrules.games.semerik.variants import SEMERIK
    >>> check_deal(SEMERIK, Deal.parse(["♠32A", "♣32A", "♦32A", "♥32A"]))
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: each player holds ten cards, not [3, 3, 3, 3] (semerik.deal.ten-each)
    """
    cards = pack(variant).mask
    if len(deal.hands) != PLAYERS:
        raise IllegalAction("semerik.players.partners", f"four players, not {len(deal.hands)}")
    if not 0 <= deal.dealer < PLAYERS:
        raise IllegalAction("semerik.deal.rotation", f"no seat {deal.dealer} among four players")
    seen = 0
    for seat, hand in enumerate(deal.hands):
        if hand & ~cards:
            raise IllegalAction("semerik.cards.pack", f"seat {seat} holds {format_hand(hand & ~cards)}: no tens, nines or eights in this pack")
        if hand & seen:
            raise IllegalAction("semerik.deal.ten-each", f"{format_hand(hand & seen)} dealt twice")
        seen |= hand
    sizes = list(map(size, deal.hands))
    if sizes != [10, 10, 10, 10]:
        raise IllegalAction("semerik.deal.ten-each", f"each player holds ten cards, not {sizes}")


__all__ = ["Deal", "PLAYERS", "check_deal", "deal", "deal_order", "next_dealer", "pack", "partner", "side_of"]
