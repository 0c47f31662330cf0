"""The exchange («прикупка»): how many cards each player may change, and which
cards of the stock he takes.

A player first says how many cards he exchanges (``EXCHANGE + k``; ``k = 0``
refuses), then discards them one by one, then takes as many from the stock.

>>> from cardrules.games.piquet.variants import RUSSIAN, RUBICON
>>> exchange_counts(RUSSIAN, "elder", available=8), exchange_counts(RUBICON, "elder", available=8)
([0, 3, 4, 5], [1, 2, 3, 4, 5])
>>> exchange_counts(RUSSIAN, "younger", available=5), exchange_counts(RUBICON, "younger", available=7)
([0, 3, 4, 5], [1, 2, 3, 4, 5, 6, 7])
"""

from __future__ import annotations

from typing import Sequence

from cardrules.rules import implements

from .variants import Variant

#: Exchanging k cards is the action ``EXCHANGE + k``.
EXCHANGE = 64
#: The irregularity «неправильный снос»: the player discards one card fewer than he takes.
WRONG_DISCARD = 196


@implements("piquet.exchange.elder", "piquet.exchange.younger", "piquet.exchange.refuse")
def exchange_counts(variant: Variant, role: str, available: int) -> list[int]:
    """How many cards ``role`` ('elder', 'younger' or 'dealer' of three) may exchange
    when ``available`` cards are left in the stock."""
    if role == "dealer":
        return _dealer_of_three(available)
    if role == "elder":
        low, high = variant.elder_min, variant.elder_max
    else:
        low, high = variant.younger_min, variant.younger_max
    # (bounds by comparisons, not by min and max: this is asked at every exchange, and a
    # call of the builtin min or max costs more than the rest of the function)
    if high > available:
        high = available
    if low > high:
        low = high
    counts = list(range(low if low > 1 else 1, high + 1)) if high else []
    if variant.may_refuse or low == 0 or not counts:
        counts = [0] + counts
    return counts


@implements("piquet.three.talon", "piquet.three.talon-whole")
def _dealer_of_three(available: int) -> list[int]:
    """The three-handed dealer takes the whole talon of two, or refuses it."""
    return [0, available] if available else [0]


@implements("piquet.talon.split")
def take_order(variant: Variant, stock: Sequence[int], elder_took: int) -> list[int]:
    """The cards left for the younger hand, in the order he takes them.

    The stock is eight cards, the elder's five on top, the dealer's three below. Of
    what the elder leaves, the younger takes his own three first ('own-three',
    Rozaliev's split talon as the edition reads it), or the leftovers first, from the
    top of a single stock ('leftovers', Cavendish, law 23).

    >>> from cardrules.games.piquet.variants import RUSSIAN, RUBICON
    >>> take_order(RUSSIAN, [0, 1, 2, 3, 4, 5, 6, 7], 3), take_order(RUBICON, [0, 1, 2, 3, 4, 5, 6, 7], 3)
    ([5, 6, 7, 3, 4], [3, 4, 5, 6, 7])
    """
    rest = list(stock[elder_took:])
    if variant.younger_takes_first == "own-three":
        leftovers = list(stock[elder_took:5]) if elder_took < 5 else []
        own = [c for c in rest if c not in leftovers]
        return own + leftovers
    return rest


__all__ = ["EXCHANGE", "WRONG_DISCARD", "exchange_counts", "take_order"]
