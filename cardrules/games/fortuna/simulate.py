"""Random legal play, for the conformance tests and the benchmark.

``python -m cardrules.games.fortuna.simulate`` prints deals per second for each
form (random legal calls and plays, every rule checked, scored and settled).

>>> from cardrules.games.fortuna import FOUR
>>> st = random_deal(FOUR, seed=3)
>>> s = st.settlement()       # played to the end; no chip made or lost
>>> st.is_terminal(), sum(s.chips) + s.pool_in + s.remises
(True, 0)
>>> p = random_partie(FOUR, seed=3)
>>> p.over, p.chips_total()
(True, 0)
"""

from __future__ import annotations

import argparse
import random

from cardrules.simulate import deals_per_second, play_out

from .deal import deal as make_deal
from .state import Partie, State
from .variants import PRESETS, Variant


def random_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None) -> State:
    """A seeded deal played to its end with random legal actions."""
    rng = rng or random.Random(seed)
    st = State(variant, make_deal(variant, seed, dealer))
    play_out(st, rng.random)
    st.settlement()
    return st


def random_partie(variant: Variant, seed: int, max_deals: int = 100_000, pool: int = 0) -> Partie:
    """A seeded partie played to its end with random legal actions."""
    rng = random.Random(seed)
    partie = Partie(variant, seed=seed, dealer=seed % variant.players, pool=pool)
    rnd = rng.random
    for _ in range(max_deals):
        st = partie.new_deal()
        play_out(st, rnd)
        partie.finish(st)
        if partie.over:
            return partie
    raise RuntimeError(f"partie {seed} did not end in {max_deals} deals")


def benchmark(variant: Variant, seconds: float = 2.0) -> float:
    """Deals per second of CPU time of :func:`random_deal` on one core."""
    rng = random.Random(0)
    return deals_per_second(lambda n: random_deal(variant, n, dealer=n % variant.players, rng=rng), seconds)


def _worker(args: tuple[str, float]) -> float:
    return benchmark(PRESETS[args[0]], args[1])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Fortuna: random deals per second")
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per form; the best and the median are shown")
    ap.add_argument("--processes", type=int, default=1, help="run this many processes side by side and add them")
    ap.add_argument("forms", nargs="*", default=list(PRESETS))
    args = ap.parse_args(argv)
    for name in args.forms:
        rates = []
        for _ in range(args.repeat):
            if args.processes > 1:
                from multiprocessing import Pool

                with Pool(args.processes) as pool:
                    rates.append(sum(pool.map(_worker, [(name, args.seconds)] * args.processes)))
            else:
                rates.append(benchmark(PRESETS[name], args.seconds))
        rates.sort()
        procs = f"{args.processes} process{'es' if args.processes > 1 else ''}"
        print(f"fortuna.{name}: {rates[-1]:,.0f} deals/s best of {len(rates)}, median {rates[len(rates) // 2]:,.0f} ({procs})")


if __name__ == "__main__":
    main()
