"""Random legal play, for the conformance tests and the benchmark.

>>> from cardrules.games.piquet import RUSSIAN, THREE
>>> random_deal(RUSSIAN, seed=3).is_terminal()
True
>>> p = random_partie(THREE, seed=3)
>>> p.over, sum(p.settlement)
(True, 0)
"""

from __future__ import annotations

import random

from cardrules.simulate import deals_per_second, play_out

from .deal import deal as make_deal
from .partie import Partie
from .state import State
from .variants import Variant


def random_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None) -> State:
    """A seeded deal played to its end with random legal actions."""
    rng = rng or random.Random(seed)
    st = State(variant, make_deal(variant, seed, dealer))
    rnd = rng.random
    play_out(st, rnd)
    st.settlement()
    return st


def random_partie(variant: Variant, seed: int, max_deals: int = 1000) -> Partie:
    """A seeded partie played to its end with random legal actions."""
    rng = random.Random(seed)
    partie = Partie(variant, dealer=seed % variant.players)
    rnd = rng.random
    for i in range(max_deals):
        draw = rng.randrange(variant.players) if partie.royalik_start and partie.deals else None
        st = partie.new_deal(seed=seed * 1000 + i, draw=draw)
        play_out(st, rnd)
        partie.finish(st)
        if partie.over:
            return partie
    raise RuntimeError(f"partie {seed} did not end in {max_deals} deals")


def benchmark(variant: Variant, seconds: float = 2.0) -> float:
    """Deals per second of CPU time of :func:`random_deal` on one core."""
    rng = random.Random(0)
    return deals_per_second(lambda n: random_deal(variant, n, dealer=n % variant.players, rng=rng), seconds)


__all__ = ["benchmark", "random_deal", "random_partie"]
