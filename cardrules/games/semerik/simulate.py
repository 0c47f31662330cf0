"""Random legal play, for the conformance tests and the benchmark.

>>> from cardrules.games.semerik import SEMERIK
>>> st = random_deal(SEMERIK, seed=3)
>>> st.is_terminal(), len(st.tricks), sum(st.hands)
(True, 10, 0)
>>> game = random_partie(SEMERIK, seed=3)
>>> game.over, sum(game.settlement)
(True, 0)
"""

from __future__ import annotations

import random

from cardrules.simulate import deals_per_second, play_out

from .deal import deal as make_deal
from .state import Partie, State
from .variants import Variant


def random_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None) -> State:
    """A seeded deal played to its end with random legal actions."""
    rng = rng or random.Random(seed)
    st = State(variant, make_deal(variant, seed, dealer))
    rnd = rng.random
    play_out(st, rnd)
    st.result()
    return st


def random_partie(variant: Variant, seed: int, max_deals: int = 10_000) -> Partie:
    """A seeded game played to its end with random legal actions."""
    rng = random.Random(seed)
    partie = Partie(variant, seed=seed, dealer=seed % 4)
    rnd = rng.random
    for _ in range(max_deals):
        st = partie.new_deal()
        play_out(st, rnd)
        partie.finish(st)
        if partie.over:
            return partie
    raise RuntimeError(f"game {seed} did not end in {max_deals} deals")


def benchmark(variant: Variant, seconds: float = 2.0) -> float:
    """Deals per second of CPU time of :func:`random_deal` on one core."""
    rng = random.Random(0)
    return deals_per_second(lambda n: random_deal(variant, n, dealer=n % 4, rng=rng), seconds)


__all__ = ["benchmark", "random_deal", "random_partie"]
