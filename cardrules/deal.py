"""Dealing, as the games share it: who deals first, the cut, the deal in packets,
the talon, the turned card, and the dealer's turn passing to the left.

Seats are numbered 0, 1, 2, … clockwise round the table, so the player on a
seat's left sits at ``seat + 1`` and the one on its right at ``seat - 1``
(modulo the number of players). A pack as a sequence is read from the top:
``cards[0]`` is the first card dealt. Shuffling is :func:`cardrules.cards.shuffle`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from cardrules.cards import (  # noqa: F401 (some are for the doctests)
    FULL_52, NATURAL_STRENGTH, PIQUET_32, cards_of, cardset, format_card, format_cards, format_hand, parse_cards,
    rank_of, size, suit_name, suit_of,
)
from cardrules.engine import direct_init
from cardrules.rules import implements


@implements("common.deal.first-dealer")
def lowest_drawers(drawn: Sequence[int], strength: Sequence[int] = NATURAL_STRENGTH) -> list[int]:
    """The seats that drew the lowest rank (suits aside); ``drawn[i]`` is seat ``i``'s card.

    >>> lowest_drawers(parse_cards("♥K ♠9 ♣Q")), lowest_drawers(parse_cards("♥9 ♠9 ♣Q"))
    ([1], [0, 1])
    """
    low = min(strength[rank_of(c)] for c in drawn)
    return [i for i, c in enumerate(drawn) if strength[rank_of(c)] == low]


@implements("common.deal.first-dealer-tie")
def first_dealer(drawn: Sequence[int], strength: Sequence[int] = NATURAL_STRENGTH) -> int | None:
    """Who deals first: the one seat that drew the lowest rank, or ``None`` when
    several did, and those players draw again.

    >>> first_dealer(parse_cards("♥K ♠9 ♣Q"))
    1
    >>> first_dealer(parse_cards("♥9 ♠9 ♣Q")) is None
    True
    """
    seats = lowest_drawers(drawn, strength)
    return seats[0] if len(seats) == 1 else None


@implements("common.deal.cut")
def cutter(dealer: int, players: int) -> int:
    """The seat that cuts: the dealer's right-hand neighbour.

    >>> cutter(0, 3), cutter(2, 3)
    (2, 1)
    """
    return (dealer - 1) % players


@implements("common.deal.cut-method")
def cut(cards: Sequence[int], at: int) -> list[int]:
    """Cut the pack: lift the top ``at`` cards and put the rest on top of them.

    A cut takes at least one card and leaves at least one.

    >>> format_cards(cut(parse_cards("♠7 ♠8 ♠9 ♠10 ♠J"), 2))
    '♠9 ♠10 ♠J ♠7 ♠8'
    >>> cut(parse_cards("♠7 ♠8"), 2)
    Traceback (most recent call last):
    ...
    ValueError: a cut must lift between 1 and 1 cards, not 2
    """
    if not 1 <= at < len(cards):
        raise ValueError(f"a cut must lift between 1 and {len(cards) - 1} cards, not {at}")
    return list(cards[at:]) + list(cards[:at])


@implements("common.deal.rotation")
def next_dealer(dealer: int, players: int) -> int:
    """Who deals the next hand: the player on the dealer's left.

    >>> [next_dealer(d, 3) for d in range(3)]
    [1, 2, 0]
    """
    return (dealer + 1) % players


@implements("common.deal.talon")
@dataclass(frozen=True)
class ToTalon:
    """In a dealing pattern: put ``count`` cards aside as the talon («прикуп»)."""

    count: int


@direct_init
@dataclass(frozen=True)
class Dealt:
    """The result of a deal: a hand per seat, the talon, what is left of the pack."""

    hands: tuple[int, ...]  #: bitmask per seat; a seat sitting out holds 0
    talon: int  #: bitmask of the talon (0 when the game has none)
    stock: tuple[int, ...]  #: undealt cards, top first
    last: int  #: the last card dealt to a player

    def __str__(self) -> str:
        rows = [f"{seat}: {format_hand(h)}" for seat, h in enumerate(self.hands)]
        if self.talon:
            rows.append(f"talon: {format_cards(self.talon)}")
        if self.stock:
            rows.append(f"stock: {format_cards(self.stock)}")
        return "\n".join(rows)


@implements("common.deal.order")
def deal(cards: Sequence[int], players: int, dealer: int,
         pattern: Sequence[int | ToTalon] | None = None, sitting_out: Iterable[int] = ()) -> Dealt:
    """Deal ``cards`` from the top, clockwise, beginning with the dealer's left.

    Each number in ``pattern`` is one round: that many cards to each player in
    turn; a :class:`ToTalon` puts cards aside for the talon at that point. With no
    pattern the cards go one at a time until the pack is used up. Seats in
    ``sitting_out`` (the dealer of a four-handed preferans) receive nothing.

    >>> d = deal(FULL_52.cards, players=4, dealer=0)
    >>> [size(h) for h in d.hands], d.last in cards_of(d.hands[0])
    ([13, 13, 13, 13], True)
    >>> d = deal(PIQUET_32.cards, 3, dealer=2, pattern=(3, ToTalon(2), 4, 3))
    >>> [size(h) for h in d.hands], format_cards(d.talon)
    ([10, 10, 10], '♣8 ♣9')
    >>> format_hand(d.hands[0])
    '♠987 ♣KQJ10 ♦A ♥87'
    """
    out = [0] * players
    receivers = [(dealer + 1 + i) % players for i in range(players)]
    skip = set(sitting_out)
    receivers = [seat for seat in receivers if seat not in skip]
    pack = list(cards)
    talon, pos, last = 0, 0, -1

    def take(n: int) -> list[int]:
        nonlocal pos
        if pos + n > len(pack):
            raise ValueError(f"the pack ran out: {len(pack)} cards are too few for this deal")
        got = pack[pos:pos + n]
        pos += n
        return got

    if pattern is None:
        if len(pack) % len(receivers):
            raise ValueError(f"{len(pack)} cards do not go equally to {len(receivers)} players")
        pattern = (1,) * (len(pack) // len(receivers))
    for step in pattern:
        if isinstance(step, ToTalon):
            talon |= cardset(take(step.count))
            continue
        for seat in receivers:
            got = take(step)
            out[seat] |= cardset(got)
            last = got[-1]
    return Dealt(tuple(out), talon, tuple(pack[pos:]), last)


@implements("common.deal.turned-trump")
def turned_card(dealt: Dealt, which: str) -> int:
    """The card turned up to show trumps; the trump suit is its suit.

    ``which`` is ``"last-dealt"`` (the dealer's last card, as in Fortuna) or
    ``"stock-top"`` (the top card of the undealt stock, as in Tertz).

    >>> d = deal(PIQUET_32.cards, 2, dealer=1, pattern=(3, 3, 4))
    >>> format_card(turned_card(d, "stock-top")), suit_name(suit_of(turned_card(d, "stock-top")))
    ('♦J', 'бубны')
    """
    if which == "last-dealt":
        return dealt.last
    if which == "stock-top":
        if not dealt.stock:
            raise ValueError("no stock left to turn a card from")
        return dealt.stock[0]
    raise ValueError(f"unknown turn-up {which!r}: use 'last-dealt' or 'stock-top'")
