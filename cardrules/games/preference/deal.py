"""The pack, who plays, and the deal: 3 cards each, 2 to the talon, 4 each, 3 each.

>>> from cardrules.games.preference.variants import AUSTRIAN
>>> d = deal(AUSTRIAN, seed=1, dealer=0)
>>> [size(h) for h in d.hands], size(d.talon)
([10, 10, 10], 2)
>>> d4 = deal(AUSTRIAN.with_options(players=4), seed=1, dealer=2)
>>> [size(h) for h in d4.hands]
[10, 10, 0, 10]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from cardrules.cards import PIQUET_32, cards_of, cardset, format_card, format_hand, shuffle, size  # noqa: F401
from cardrules.deal import ToTalon, cut, deal as deal_cards, next_dealer
from cardrules.engine import IllegalAction, direct_init
from cardrules.rules import implements

from .variants import Variant

#: The 32-card pack: seven to ace in each suit (French or German suits).
PACK = PIQUET_32
#: The dealing pattern of the Austrian rules: 3 each, 2 to the talon, 4 each, 3 each.
PATTERN = (3, ToTalon(2), 4, 3)


@implements("preference.austrian.pack", "preference.austrian.rank", "preference.r1829.cards")
def pack() -> tuple[int, ...]:
    """The 32 cards of the game, lowest first; in each suit ace, king, queen, jack, ten … seven.

    >>> len(pack()), format_card(pack()[0]), format_card(pack()[-1])
    (32, '♠7', '♥A')
    """
    return PACK.cards


@implements("preference.austrian.players", "preference.r1829.players")
def sitting_out(variant: Variant, dealer: int) -> tuple[int, ...]:
    """The seats that hold no cards: the dealer when four play.

    >>> from cardrules.games.preference.variants import AUSTRIAN
    >>> sitting_out(AUSTRIAN, 1), sitting_out(AUSTRIAN.with_options(players=4), 1)
    ((), (1,))
    """
    return (dealer,) if variant.players == 4 else ()


@direct_init
@dataclass(frozen=True)
class Deal:
    """One deal: the dealer, a hand per seat (0 for the seat sitting out), the talon."""

    dealer: int
    hands: tuple[int, ...]
    talon: int
    seed: int | None = None

    def __repr__(self) -> str:
        hands = ", ".join(repr(format_hand(h)) for h in self.hands)
        return f"Deal(dealer={self.dealer}, hands=({hands}), talon={format_hand(self.talon)!r})"


@implements("preference.austrian.deal", "preference.r1829.deal")
def deal_pack(variant: Variant, cards, dealer: int, seed: int | None = None) -> Deal:
    """Deal a pack (top first) clockwise from the dealer's left in packets 3, talon 2, 4, 3
    (``seed``: the shuffle's, if the pack was shuffled with one).

    >>> from cardrules.games.preference.variants import AUSTRIAN
    >>> d = deal_pack(AUSTRIAN, pack(), dealer=2)
    >>> format_hand(d.hands[0]), format_hand(d.talon)
    ('♠987 ♣KQJ10 ♦A ♥87', '♣98')
    """
    dealt = deal_cards(cards, variant.players, dealer, PATTERN, sitting_out(variant, dealer))
    return Deal(dealer, dealt.hands, dealt.talon, seed)


@implements("preference.austrian.cut")
def deal(variant: Variant, seed: int, dealer: int = 0, cut_at: int = 16) -> Deal:
    """Shuffle with ``seed`` (the edition's version-stable shuffle), let the dealer's right-hand
    neighbour cut, and deal.

    The same as ``deal_pack(variant, cut(shuffle(PACK, seed), cut_at), dealer, seed)``, with
    the places of each hand's cards in the shuffled pack worked out once for each number of
    players, dealer and cut (see :func:`_places`).
    """
    return _deal_places(_places(deal_pack, variant, dealer, cut_at, (deal_pack, variant.players, dealer, cut_at)),
                        seed, dealer)


#: The pack as the bits of its cards: shuffled, it is the bits of the shuffled cards (the
#: shuffle moves places, whatever is in them), which a hand adds up to its bitmask.
_PACK_BITS = tuple(1 << c for c in PACK.cards)
#: The takers of :func:`_places`, by the dealing function and what the deal depends on.
_PLACES: dict[tuple, tuple] = {}


def _places(deal_pack, variant, dealer: int, cut_at: int, key: tuple) -> tuple:
    """For each seat, then for the talon, a function taking its cards from the shuffled pack
    (None for a seat sitting out): ``deal_pack`` deals the places of the pack, cut at
    ``cut_at``, once for each ``key``, which names all that the deal depends on."""
    takers = _PLACES.get(key)
    if takers is None:
        if len(_PLACES) >= 256:  # (a handful in any real use; a caller trying every cut must not grow it forever)
            _PLACES.clear()
        dealt = deal_pack(variant, cut(range(PACK.size), cut_at), dealer)  # the cut pack, as places in the shuffled one
        takers = _PLACES[key] = tuple(itemgetter(*cards_of(m)) if m else None for m in (*dealt.hands, dealt.talon))
    return takers


def _deal_places(takers: tuple, seed: int, dealer: int) -> Deal:
    """The deal that ``takers`` (see :func:`_places`) take from the pack shuffled with ``seed``."""
    bits = shuffle(_PACK_BITS, seed)
    masks = [sum(take(bits)) if take else 0 for take in takers]
    talon = masks.pop()
    return Deal(dealer, tuple(masks), talon, seed)


__all__ = ["CROATIAN_PATTERN", "croatian_deal", "croatian_deal_pack", "turn_order", "Deal", "PACK", "check_deal", "PATTERN", "deal", "deal_pack", "next_dealer", "pack", "sitting_out"]


@implements("preference.austrian.deal")
def check_deal(variant: Variant, d: Deal) -> None:
    """Refuse a deal written out that the rules could not have dealt: ten cards to each
    player who plays, none to a dealer sitting out, two to the talon, the 32 cards once each.

    >>> from cardrules.games.preference.variants import AUSTRIAN
    >>> check_deal(AUSTRIAN, Deal(0, (0, 0, 0), 0))
    Traceback (most recent call last):
    ...
    cardrules.engine.IllegalAction: seat 0 holds 0 cards, not 10 (preference.austrian.deal)
    """
    if len(d.hands) != variant.players:
        raise IllegalAction("preference.austrian.players", f"{variant.players} players, but {len(d.hands)} hands")
    if not 0 <= d.dealer < variant.players:
        raise IllegalAction("preference.austrian.players", f"no seat {d.dealer} among {variant.players}")
    out = sitting_out(variant, d.dealer)
    seen = 0
    for seat, hand in enumerate(d.hands):
        want = 0 if seat in out else 10
        if size(hand) != want:
            raise IllegalAction("preference.austrian.deal", f"seat {seat} holds {size(hand)} cards, not {want}")
        if hand & seen:
            raise IllegalAction("preference.austrian.deal", f"{format_hand(hand & seen)} dealt twice")
        seen |= hand
    if size(d.talon) != 2 or d.talon & seen:
        raise IllegalAction("preference.austrian.deal", "the talon is two cards that no hand holds")
    if (seen | d.talon) != PACK.mask:
        raise IllegalAction("preference.austrian.pack", f"not the 32-card pack: {format_hand((seen | d.talon) ^ PACK.mask)}")


# --- the Croatian deal --------------------------------------------------------------------

#: The Croatian dealing pattern: five each, two to the talon, five each.
CROATIAN_PATTERN = (5, ToTalon(2), 5)


@implements("preference.croatian.direction")
@lru_cache(maxsize=256)  # (a few orders in all, asked at every deal; bounded: a caller may ask any seat)
def turn_order(first: int, players: int, direction: str, sitting_out: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The seats from ``first`` round the table the way the game goes (seats are numbered
    clockwise: anticlockwise the next player is ``seat - 1``).

    >>> turn_order(0, 3, "anticlockwise"), turn_order(0, 3, "clockwise"), turn_order(1, 4, "anticlockwise", (0,))
    ((0, 2, 1), (0, 1, 2), (1, 3, 2))
    """
    step = -1 if direction == "anticlockwise" else 1
    seats = [(first + step * i) % players for i in range(players)]
    return tuple(s for s in seats if s not in sitting_out) if sitting_out else tuple(seats)


@implements("preference.croatian.deal")
def croatian_deal_pack(variant, cards, dealer: int, seed: int | None = None) -> Deal:
    """Deal five to each, two to the talon, five to each, beginning with the player after
    the dealer in the game's direction (with four, the dealer gets none); ``seed`` as in
    :func:`deal_pack`.

    >>> from cardrules.games.preference.variants import CROATIAN
    >>> d = croatian_deal_pack(CROATIAN, pack(), dealer=0)
    >>> format_hand(d.hands[2]), format_hand(d.talon)
    ('♠J10987 ♦QJ1098', '♣A ♦7')
    """
    n = variant.players
    out = (dealer,) if n == 4 else ()
    if variant.direction == "clockwise":
        dealt = deal_cards(cards, n, dealer, CROATIAN_PATTERN, out)
        return Deal(dealer, dealt.hands, dealt.talon, seed)
    mirror = [(-s) % n for s in range(n)]     # seat s sits where -s would, dealt clockwise
    dealt = deal_cards(cards, n, mirror[dealer], CROATIAN_PATTERN, tuple(mirror[s] for s in out))
    return Deal(dealer, tuple(dealt.hands[mirror[s]] for s in range(n)), dealt.talon, seed)


def croatian_deal(variant, seed: int, dealer: int = 0, cut_at: int = 16) -> Deal:
    """Shuffle with ``seed``, cut, and deal the Croatian way: the same as
    ``croatian_deal_pack(variant, cut(shuffle(PACK, seed), cut_at), dealer, seed)``, with the
    places of the cards worked out once for each number of players, direction, dealer and cut."""
    key = (croatian_deal_pack, variant.players, variant.direction, dealer, cut_at)
    return _deal_places(_places(croatian_deal_pack, variant, dealer, cut_at, key), seed, dealer)
