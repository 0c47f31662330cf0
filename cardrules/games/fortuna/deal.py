"""The packs, the deal, the turned trump card, the cut of the second pack, misdeals.

>>> from cardrules.games.fortuna.variants import FOUR
>>> d = deal(FOUR, seed=1, dealer=0)
>>> [bin(h).count("1") for h in d.hands]
[13, 13, 13, 13]
>>> d.trump_card in cards_of(d.hands[0])    # the dealer keeps the turned card
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cardrules.cards import (FORTUNA_28, FULL_52, Deck, draw, format_card, format_hand, fortuna_26, fortuna_39, shuffle,
                             suit_of)
from cardrules.cards import cards_of  # noqa: F401  (the doctests use it)
from cardrules.deal import first_dealer as draw_first_dealer, next_dealer as next_seat
from cardrules.engine import direct_init
from cardrules.rules import implements

from .variants import Variant


@implements("fortuna.cards.packs", "fortuna.three.deck", "fortuna.two.deck", "fortuna.talon.deck")
def pack(variant: Variant) -> Deck:
    """The pack a form is played with (two such packs are used in turn).

    >>> from cardrules.games.fortuna.variants import PRESETS
    >>> [(v, pack(PRESETS[v]).size) for v in PRESETS]
    [('four', 52), ('three', 39), ('two', 26), ('two-talon', 28)]
    >>> str(pack(PRESETS["three"]))
    'fortuna-39-short-clubs'
    """
    return _pack(variant.deck, variant.short_suit)


@lru_cache(maxsize=None)
def _pack(name: str, short_suit: int) -> Deck:
    if name == "full-52":
        return FULL_52
    if name == "fortuna-39":
        return fortuna_39(short_suit)
    if name == "fortuna-26":
        return fortuna_26(short_suit)
    if name == "fortuna-28":
        return FORTUNA_28
    raise ValueError(f"no Fortuna pack {name!r}")


@lru_cache(maxsize=None)
def _cards(name: str, short_suit: int) -> tuple[int, ...]:
    return tuple(_pack(name, short_suit).cards)


def _pack_cards(variant: Variant) -> tuple[int, ...]:
    return _cards(variant.deck, variant.short_suit)


@implements("fortuna.surs.preferences")
def partner_suit(suit: int) -> int:
    """The other suit of the same colour: ♠ and ♣ are black, ♦ and ♥ red.

    >>> from cardrules.cards import SPADES, CLUBS, DIAMONDS, HEARTS
    >>> partner_suit(SPADES) == CLUBS, partner_suit(HEARTS) == DIAMONDS
    (True, True)
    """
    return suit ^ 1


@direct_init
@dataclass(frozen=True)
class Deal:
    """One deal: who dealt, the hands (bitmasks by seat), the turned trump card,
    the card turned up by the cut of the second pack, and the talon (in order)."""

    dealer: int
    hands: tuple[int, ...]
    trump_card: int
    sur_card: int
    talon: tuple[int, ...] = ()
    seed: int | None = None

    @property
    def trump(self) -> int:
        return suit_of(self.trump_card)

    @property
    def surs(self) -> int:
        return suit_of(self.sur_card)

    @property
    def prefs(self) -> int:
        return partner_suit(self.surs)

    def __str__(self) -> str:
        rows = [f"dealer {self.dealer}, trumps {format_card(self.trump_card)}, сюры {format_card(self.sur_card)}"]
        rows += [f"{seat}: {format_hand(h)}" for seat, h in enumerate(self.hands)]
        if self.talon:
            rows.append("talon: " + " ".join(format_card(c) for c in self.talon))
        return "\n".join(rows)


@implements("fortuna.deal.deal", "fortuna.deal.trump")
def deal_order(variant: Variant, order: list[int] | tuple[int, ...], dealer: int,
               sur_card: int, seed: int | None = None) -> Deal:
    """Deal the cards of ``order`` one at a time, from the dealer's left, clockwise.

    All the cards go out evenly; the last falls to the dealer and is turned: its
    suit is trumps. With a talon (the two-handed game from 28 cards) the two cards
    before the last pair are laid aside as the talon, and the last pair goes one to
    the non-dealer, one to the dealer.

    >>> from cardrules.games.fortuna.variants import TWO_TALON
    >>> from cardrules.cards import FORTUNA_28, format_cards
    >>> d = deal_order(TWO_TALON, FORTUNA_28.cards, dealer=1, sur_card=0)
    >>> format_cards(d.talon), format_card(d.trump_card), d.trump_card in cards_of(d.hands[1])
    ('♥J ♥Q', '♥A', True)
    """
    n = variant.players
    hands = [0] * n
    talon: tuple[int, ...] = ()
    cards = list(order)
    if variant.talon:
        t = variant.talon
        talon = tuple(cards[-2 - t:-2])
        cards = cards[:-2 - t] + cards[-2:]
    for k in range(n):  # card k goes to the seat k + 1 places left of the dealer, and so on round
        m = 0
        for c in cards[k::n]:
            m |= 1 << c
        hands[(dealer + 1 + k) % n] = m
    return Deal(dealer, tuple(hands), cards[-1], sur_card, talon, seed)


@implements("fortuna.surs.cut")
def cut_second_pack(variant: Variant, seed: int) -> int:
    """The card the cut of the second pack turns up: its suit is сюры.

    The second pack is shuffled and cut by other players than the dealer; the card
    turned up is a uniformly random card of the pack, drawn here from ``seed`` with
    the same stable generator as the shuffle.
    """
    cards = _pack_cards(variant)
    return draw(cards, seed ^ 0x5EC0DBAC)


def deal(variant: Variant, seed: int, dealer: int = 0) -> Deal:
    """A random deal fixed by ``seed``: the pack shuffled and dealt, the second pack cut.

    >>> from cardrules.games.fortuna.variants import THREE
    >>> d = deal(THREE, seed=5, dealer=2)
    >>> sum(bin(h).count("1") for h in d.hands), d.seed
    (39, 5)
    """
    order = shuffle(_pack_cards(variant), seed)
    return deal_order(variant, order, dealer, cut_second_pack(variant, seed), seed)


@implements("fortuna.deal.first-dealer")
def first_dealer(draws: list[int]) -> int | None:
    """Who deals first: the seat that drew the lowest card; None when the lowest rank
    was drawn twice, and those players draw again (the shared rule,
    :func:`cardrules.deal.first_dealer`, with the ace high as in this game).

    >>> from cardrules.cards import parse_cards
    >>> first_dealer(parse_cards("♠K ♥3 ♣9 ♦4")), first_dealer(parse_cards("♠K ♥3 ♣9 ♦3"))
    (1, None)
    """
    return draw_first_dealer(draws)


@implements("fortuna.deal.rotation")
def next_dealer(variant: Variant, dealer: int) -> int:
    """The deal passes to the left (the next seat in the order of bidding).

    >>> from cardrules.games.fortuna.variants import FOUR
    >>> next_dealer(FOUR, 3)
    0
    """
    return next_seat(dealer, variant.players)


__all__ = ["Deal", "cut_second_pack", "deal", "deal_order", "first_dealer", "next_dealer", "pack", "partner_suit"]
