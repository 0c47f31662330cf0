"""Random legal play of deals and pulkas, for the conformance tests and the benchmark.

``python -m cardrules.games.preferans.simulate`` prints random legal deals per second
for each variant (auction, talon, whist, play and scoring, every rule checked).

>>> from cardrules.games.preferans import SOCHI
>>> random_deal(SOCHI, seed=3).is_terminal()
True
>>> p = random_pulka(SOCHI, seed=3)
>>> p.over, sum(p.settlement().totals)
(True, Fraction(0, 1))
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from .auction import BLIND_PASS, MISERE, PASS
from .deal import deal as make_deal
from .state import AUCTION, DECLARE_PHASE, DONE, PLAY, Pulka, State
from .variants import PRESETS, Variant


def choose(st: State, acts: list, rnd) -> object:
    """A random legal action, shaped like a table's choices so that every phase
    occurs: in the auction a pass six times in ten, sometimes a blind pass or a
    misère, else one of the three lowest bids; the lowest or next contract; whist calls and cards uniformly."""
    ph = st.phase
    if ph == PLAY or len(acts) == 1:
        return acts[int(rnd() * len(acts))]
    if ph == AUCTION:
        if BLIND_PASS in acts and rnd() < 0.1:
            return BLIND_PASS
        if PASS in acts and rnd() < 0.6:
            return PASS
        if MISERE in acts and rnd() < 0.1:
            return MISERE
        bids = [a for a in acts if a < MISERE]
        if not bids:
            return PASS
        return bids[int(rnd() * min(3, len(bids)))]
    if ph == DECLARE_PHASE:
        return acts[int(rnd() * min(2, len(acts)))]
    return acts[int(rnd() * len(acts))]


def random_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None,
                streak: int = 0) -> State:
    """A seeded deal played to its end with random legal actions."""
    rng = rng or random.Random(seed)
    st = State(variant, make_deal(variant, seed, dealer), streak)
    rnd = rng.random
    legal = st.legal_actions
    apply = st.apply
    while st.phase != DONE:
        acts = legal()
        if st.phase == PLAY:
            apply(acts[int(rnd() * len(acts))])
        else:
            apply(choose(st, acts, rnd))
    return st


def random_pulka(variant: Variant, seed: int, max_deals: int = 10_000) -> Pulka:
    """A seeded pulka played to its end with random legal actions."""
    rng = random.Random(seed)
    pulka = Pulka(variant, dealer=seed % variant.players)
    rnd = rng.random
    for k in range(max_deals):
        st = pulka.new_deal(seed=seed * 100_003 + k)
        legal = st.legal_actions
        apply = st.apply
        while st.phase != DONE:
            apply(choose(st, legal(), rnd))
        pulka.finish(st)
        if pulka.over:
            return pulka
    raise RuntimeError(f"pulka {seed} did not end in {max_deals} deals")


def benchmark(variant: Variant, seconds: float = 2.0) -> float:
    """Random legal deals per second of CPU time (``time.process_time``, so that other
    processes on the machine do not count)."""
    rng = random.Random(0)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        random_deal(variant, n, dealer=n % variant.players, rng=rng)
        n += 1
    return n / (time.process_time() - start)


def _openspiel_rate(seconds: float) -> float | None:  # pragma: no cover - optional extra
    try:
        import pyspiel  # type: ignore
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 3, "num_suits": 4, "num_cards_per_suit": 8,
                                         "num_tricks_fixed": 10})
    rng = random.Random(0)
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                acts = st.legal_actions()
                st.apply_action(acts[int(rng.random() * len(acts))])
        n += 1
    return n / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    rates = {}
    for name, v in PRESETS.items():
        rates[name] = benchmark(v, args.seconds)
        print(f"preferans {name:10s} {rates[name]:9.0f} deals/s")
    four = replace(PRESETS["sochi"], players=4)
    print(f"preferans {'sochi-4':10s} {benchmark(four, args.seconds):9.0f} deals/s")
    osp = _openspiel_rate(args.seconds)
    if osp is None:
        print("open_spiel oh_hell: not installed (the optional open-spiel extra); no ratio")
    else:
        print(f"open_spiel oh_hell  {osp:9.0f} deals/s; ratio sochi/oh_hell = {rates['sochi'] / osp:.2f}")


if __name__ == "__main__":
    main()
