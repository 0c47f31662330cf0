"""Random legal play, for the conformance tests and the benchmark.

>>> from cardrules.games.preference import AUSTRIAN
>>> st = random_deal(AUSTRIAN, seed=3)
>>> st.is_terminal()
True
>>> p = random_evening(AUSTRIAN, seed=3, deals=30)
>>> p.money_total(), len(p.deals)
(0, 30)
"""

from __future__ import annotations

import random

from cardrules.simulate import deals_per_second, play_out

from .deal import croatian_deal, deal as make_deal
from .state import CroatianPartie, CroatianState, Partie, State
from .variants import CroatianVariant, Variant


def random_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None) -> State:
    """A seeded deal played to its end with random legal actions, and paid out."""
    rng = rng or random.Random(seed)
    if isinstance(variant, CroatianVariant):
        st = CroatianState(variant, croatian_deal(variant, seed, dealer))
    else:
        st = State(variant, make_deal(variant, seed, dealer))
    play_out(st, rng.random)
    st.explain()
    return st


def random_evening(variant: Variant, seed: int, deals: int = 50) -> Partie:
    """An evening of ``deals`` seeded deals round one pot, random legal actions throughout."""
    rng = random.Random(seed)
    partie = Partie(variant, dealer=seed % variant.players, seed=seed)
    for _ in range(deals):
        st = partie.new_deal()
        play_out(st, rng.random)
        partie.finish(st)
    return partie


def random_partie(variant: CroatianVariant, seed: int, max_deals: int = 500) -> CroatianPartie:
    """A Croatian partie of seeded deals with random legal actions, until the bule add up
    to zero or ``max_deals`` have been played (random play fails often, and a failure
    raises a bula).

    >>> from cardrules.games.preference import CROATIAN
    >>> p = random_partie(CROATIAN.with_options(bula=10), seed=2)
    >>> sum(p.settlement())
    Fraction(0, 1)
    """
    rng = random.Random(seed)
    partie = CroatianPartie(variant, dealer=seed % variant.players, seed=seed)
    for _ in range(max_deals):
        st = partie.new_deal()
        play_out(st, rng.random)
        partie.finish(st)
        if partie.over:
            break
    return partie


def benchmark(variant: Variant, seconds: float = 2.0) -> float:
    """Deals per second of CPU time of :func:`random_deal` on one core."""
    rng = random.Random(0)
    return deals_per_second(lambda n: random_deal(variant, n, dealer=n % variant.players, rng=rng), seconds)


__all__ = ["benchmark", "random_deal", "random_evening", "random_partie"]
