"""The pack, the deal by packets, the turned trump card, the stock, who deals.

>>> from cardrules.games.terts.variants import ROZALIEV
>>> d = deal(ROZALIEV, seed=1, dealer=0)
>>> [bin(h).count("1") for h in d.hands], len(d.stock)
([10, 10], 11)
>>> d.trump == d.turned // 13
True
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from cardrules.cards import PIQUET_32, Deck, cards_of, cardset, format_card, format_cards, format_hand, shuffle, suit_of
from cardrules import deal as common
from cardrules.engine import direct_init
from cardrules.rules import implements

from .variants import Variant


@implements("terts.cards.pack", "terts.players.count")
def pack(variant: Variant) -> Deck:
    """The 32-card pack, seven to ace in each suit, for two players.

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> pack(ROZALIEV).size, ROZALIEV.players
    (32, 2)
    """
    return PIQUET_32


@direct_init
@dataclass(frozen=True)
class Deal:
    """One deal: the dealer, both hands (bitmasks), the turned trump card, and the
    face-down stock under it, top first."""

    dealer: int
    hands: tuple[int, int]
    turned: int
    stock: tuple[int, ...]
    seed: int | None = None

    @property
    def trump(self) -> int:
        return suit_of(self.turned)

    @property
    def elder(self) -> int:
        """The dealer's opponent, who leads and declares first."""
        return 1 - self.dealer

    def __str__(self) -> str:
        rows = [f"dealer {self.dealer}, trumps {format_card(self.turned)}"]
        rows += [f"{seat}: {format_hand(h)}" for seat, h in enumerate(self.hands)]
        rows.append("stock: " + format_cards(self.stock))
        return "\n".join(rows)


@implements("terts.deal.by-threes")
def packets(variant: Variant) -> tuple[int, ...]:
    """The packets each hand is dealt in, as the option reads "ten cards by threes".

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> packets(ROZALIEV), packets(ROZALIEV.with_options(packets="3+3+4"))
    ((3, 3, 3, 1), (3, 3, 4))
    """
    return tuple(int(n) for n in variant.packets.split("+"))


@implements("terts.deal.ten-cards", "terts.deal.trump")
def deal_order(variant: Variant, order: list[int] | tuple[int, ...], dealer: int, seed: int | None = None) -> Deal:
    """Deal ``order`` (the pack from the top) in packets, the non-dealer first; the
    next card is turned and laid face up on the rest: its suit is trumps.

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> d = deal_order(ROZALIEV, PIQUET_32.cards, dealer=1)
    >>> format_hand(d.hands[0]), format_hand(d.hands[1])    # three, three, three, one
    ('♠AK987 ♣KQJ7 ♦9', '♠QJ10 ♣A1098 ♦1087')
    >>> format_card(d.turned), format_cards(d.stock[:3]), len(d.stock)
    ('♦J', '♦Q ♦K ♦A', 11)
    """
    dealt = common.deal(order, variant.players, dealer, packets(variant))
    turned = common.turned_card(dealt, "stock-top")
    return Deal(dealer, dealt.hands, turned, dealt.stock[1:], seed)


def deal(variant: Variant, seed: int, dealer: int = 0) -> Deal:
    """A random deal fixed by ``seed`` (the shared version-stable shuffle).

    The same as ``deal_order(variant, shuffle(pack(variant).cards, seed), dealer, seed)``, with
    the places of the hands' cards, the turned card and the stock in the shuffled pack
    worked out once for each way of dealing and dealer (:func:`deal_order` dealing the
    places of the pack themselves).

    >>> from cardrules.games.terts.variants import ROZALIEV
    >>> deal(ROZALIEV, seed=7, dealer=1).seed
    7
    """
    key = (variant.players, variant.packets, dealer)  # (all that deal_order reads of the variant)
    places = _PLACES.get(key)
    if places is None:
        if len(_PLACES) >= 256:  # (a handful in any real use; a caller trying every dealer must not grow it forever)
            _PLACES.clear()
        d = deal_order(variant, range(pack(variant).size), dealer)
        places = _PLACES[key] = (itemgetter(*cards_of(d.hands[0])), itemgetter(*cards_of(d.hands[1])), d.turned,
                                 itemgetter(*d.stock))
    take0, take1, turned, take_stock = places
    cards = shuffle(pack(variant).cards, seed)
    return Deal(dealer, (cardset(take0(cards)), cardset(take1(cards))), cards[turned], take_stock(cards), seed)


#: Getters of each hand's cards, the turned card's place and a getter of the stock, by
#: (players, packets, dealer): see :func:`deal`.
_PLACES: dict[tuple[int, str, int], tuple] = {}


@implements("terts.deal.first-dealer")
def first_dealer(draws: list[int]) -> int | None:
    """Who deals first: lots are drawn and the lower card deals (None: a tie, draw again).

    >>> from cardrules.cards import parse_cards
    >>> first_dealer(parse_cards("♠K ♥8")), first_dealer(parse_cards("♠9 ♥9"))
    (1, None)
    """
    return common.first_dealer(draws)


@implements("terts.deal.rotation")
def next_dealer(variant: Variant, dealer: int, last_trick: int | None) -> int:
    """Who deals the next deal: the taker of the last trick, or the players in turn.

    >>> from cardrules.games.terts.variants import ROZALIEV, KLABERJASS
    >>> next_dealer(ROZALIEV, dealer=0, last_trick=0), next_dealer(KLABERJASS, dealer=0, last_trick=0)
    (0, 1)
    """
    if variant.rotation == "last-trick" and last_trick is not None:
        return last_trick
    return common.next_dealer(dealer, variant.players)


__all__ = ["Deal", "deal", "deal_order", "first_dealer", "next_dealer", "pack", "packets"]
