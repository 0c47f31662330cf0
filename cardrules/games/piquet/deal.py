"""The deal of piquet: the 32-card pack, twelve cards each and a stock of eight
(two-handed), or ten each and the dealer's talon of two (three-handed).

The stock is kept in order, top first: in the two-handed game its first five cards
are the elder hand's part («пять направо»), the last three the dealer's («три налево»).

>>> from cardrules.games.piquet.variants import RUSSIAN, THREE
>>> d = deal(RUSSIAN, seed=1, dealer=0)
>>> [size(h) for h in d.hands], len(d.stock)
([12, 12], 8)
>>> d3 = deal(THREE, seed=1, dealer=2)
>>> [size(h) for h in d3.hands], len(d3.stock)
([10, 10, 10], 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cardrules import deal as dealing
from cardrules.cards import JACK, KING, PIQUET_32, QUEEN, SUITS, card, cardset, format_cards, format_hand, shuffle, size
from cardrules.engine import direct_init
from cardrules.rules import implements

from .variants import Variant

#: The court cards, whose absence makes a carte blanche.
COURT_MASK = cardset(card(s, r) for s in SUITS for r in (JACK, QUEEN, KING))


@direct_init  # (made at every deal: its fields written straight, not through object.__setattr__)
@dataclass(frozen=True)
class Deal:
    """The cards of one deal: a hand per seat (0 for a seat that sits out), the stock
    (top first), the dealer, and the seed it came from if any."""

    dealer: int
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    seed: int | None = None

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_hand(h)) for h in self.hands)
        return f"Deal(dealer={self.dealer}, hands=({hands}), stock={format_cards(self.stock)!r})"

    @property
    def seats(self) -> list[int]:
        """The seats dealt to, in seat order."""
        return [s for s, h in enumerate(self.hands) if h]


@implements("piquet.cards.pack")
def pack() -> tuple[int, ...]:
    """The piquet pack: seven to ace in four suits, 32 cards.

    >>> len(pack()), format_cards(pack()[:8])
    (32, '♠7 ♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A')
    """
    return PIQUET_32.cards


@implements("piquet.deal.deal", "piquet.three.deal")
def deal_pattern(active: int, hand_size: int) -> tuple:
    """The dealing pattern: packets of two; with three players, the talon of two is
    laid aside after the last round.

    >>> deal_pattern(2, 12), deal_pattern(3, 10)[-1]
    ((2, 2, 2, 2, 2, 2), ToTalon(count=2))
    """
    rounds = (2,) * (hand_size // 2)
    if active == 3:
        return rounds + (dealing.ToTalon(2),)
    return rounds


@implements("piquet.three.players", "piquet.three.two-left")
def hand_size_for(variant: Variant, active: int) -> int:
    """Cards each: the variant's count with all its players; twelve when two are left
    of a three-handed table (see ``piquet.three.two-left``)."""
    return variant.hand_size if active == variant.players else 12


def deal_cards(variant: Variant, cards: Sequence[int], dealer: int, seats: Sequence[int] | None = None) -> Deal:
    """Deal ``cards`` (top first) to ``seats`` (all the variant's seats by default)."""
    seats = list(range(variant.players)) if seats is None else sorted(seats)
    out = [0] * variant.players
    n = len(seats)
    idx = seats.index(dealer)
    # deal clockwise among the seats in play, the dealer last
    order_dealer = n - 1
    rotated = seats[idx + 1:] + seats[:idx + 1]
    hs = hand_size_for(variant, n)
    d = dealing.deal(cards, n, order_dealer, deal_pattern(n, hs))
    for i, seat in enumerate(rotated):
        out[seat] = d.hands[i]
    stock = tuple(c for c in cards if d.talon >> c & 1) if d.talon else d.stock
    if d.talon:
        stock = tuple(sorted(stock, key=list(cards).index))
    return Deal(dealer, tuple(out), tuple(stock))


def deal(variant: Variant, seed: int, dealer: int, seats: Sequence[int] | None = None) -> Deal:
    """A seeded deal: :func:`cardrules.cards.shuffle` of the pack, dealt by :func:`deal_cards`."""
    d = deal_cards(variant, shuffle(pack(), seed), dealer, seats)
    return Deal(d.dealer, d.hands, d.stock, seed)


@implements("piquet.carte-blanche.score")
def carte_blanche(hand: int) -> bool:
    """A hand without king, queen or jack («карт-бланш»).

    >>> from cardrules.cards import parse_cardset
    >>> carte_blanche(parse_cardset("♠A1098 ♣A1097 ♦A109 ♥7")), carte_blanche(parse_cardset("♠AK ♥7"))
    (True, False)
    """
    return not hand & COURT_MASK


@implements("piquet.deal.first-dealer")
def draw_dealer(variant: Variant, drawn: Sequence[int]) -> int | None:
    """Who deals after a draw: the lower card (Rozaliev), or the higher card, whose
    holder has the choice and is taken to deal (Cavendish, law 4). ``None``: equal
    ranks, draw again.

    >>> from cardrules.cards import parse_cards
    >>> from cardrules.games.piquet.variants import RUSSIAN, RUBICON
    >>> draw_dealer(RUSSIAN, parse_cards("♥K ♠9")), draw_dealer(RUBICON, parse_cards("♥K ♠9"))
    (1, 0)
    """
    if variant.first_dealer_draw == "lower":
        return dealing.first_dealer(drawn)
    high = max(c % 13 for c in drawn)
    seats = [i for i, c in enumerate(drawn) if c % 13 == high]
    return seats[0] if len(seats) == 1 else None


__all__ = ["COURT_MASK", "Deal", "carte_blanche", "deal", "deal_cards", "draw_dealer", "pack"]
