"""Random legal play of deals and pulkas, for the conformance tests and the benchmark.

``python -m cardrules.games.preferans.simulate`` prints random legal deals per second
for each variant (auction, talon, whist, play and scoring, every rule checked);
``cardrules bench`` sets them beside OpenSpiel's oh_hell.

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
from dataclasses import replace

from cardrules.simulate import play_out, timed

from .auction import BLIND_PASS, MISERE, PASS
from .deal import deal as make_deal
from .state import AUCTION, DECLARE_PHASE, DONE, PLAY, Pulka, State
from .variants import PRESETS, Variant


def choose(st: State, acts: list, rnd) -> object:
    """A random legal action, shaped like a table's choices so that every phase
    occurs: in the auction a pass six times in ten, sometimes a blind pass or a
    misère, else one of the three lowest bids; the lowest or next contract; whist calls and cards uniformly.

    ``acts`` are the legal actions as :meth:`State.legal_actions` gives them: in the
    auction, the bids from the lowest up, then misère, pass and blind pass where open.
    """
    ph = st.phase
    if ph == PLAY or len(acts) == 1:
        return acts[int(rnd() * len(acts))]
    if ph == AUCTION:
        tail = acts[-3:]  # misère, pass and blind pass, where open, are here, after the bids
        blind, passes, misere = BLIND_PASS in tail, PASS in tail, MISERE in tail
        if blind and rnd() < 0.1:
            return BLIND_PASS
        if passes and rnd() < 0.6:
            return PASS
        if misere and rnd() < 0.1:
            return MISERE
        bids = len(acts) - blind - passes - misere
        if not bids:
            return PASS
        return acts[int(rnd() * min(3, bids))]
    if ph == DECLARE_PHASE:
        return acts[int(rnd() * min(2, len(acts)))]
    return acts[int(rnd() * len(acts))]


def random_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None,
                streak: int = 0) -> State:
    """A seeded deal played to its end with random legal actions (every action through
    :meth:`State.legal_actions` and :meth:`State.apply`, so every rule is checked)."""
    rng = rng or random.Random(seed)
    st = State(variant, make_deal(variant, seed, dealer), streak)
    rnd = rng.random
    legal = st.legal_actions
    apply = st.apply
    play, done = PLAY, DONE
    while True:
        if st.phase == play:
            acts = legal()
            apply(acts[int(rnd() * len(acts))])
        elif st.phase == done:
            return st
        else:
            apply(choose(st, legal(), rnd))


def uniform_deal(variant: Variant, seed: int, dealer: int = 0, rng: random.Random | None = None) -> State:
    """A seeded deal played to its end by :func:`cardrules.simulate.play_out`: every legal
    action equally likely, in the auction as in the play. The driver every engine shares
    in ``cardrules bench`` (``random_deal`` shapes the auction instead, for the tests)."""
    rng = rng or random.Random(seed)
    return play_out(State(variant, make_deal(variant, seed, dealer)), rng.random)


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
    deals, cpu = timed(_preferans_deals(variant), seconds)
    return deals / cpu


def _preferans_deals(variant: Variant):
    """Play one random deal of ``variant`` a call: the same seeds and choices on every run."""
    rng = random.Random(0)
    n = 0

    def one() -> None:
        nonlocal n
        random_deal(variant, n, dealer=n % variant.players, rng=rng)
        n += 1
    return one


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    for name, v in PRESETS.items():
        print(f"preferans {name:10s} {benchmark(v, args.seconds):9.0f} deals/s")
    four = replace(PRESETS["sochi"], players=4)
    print(f"preferans {'sochi-4':10s} {benchmark(four, args.seconds):9.0f} deals/s")
    print("(OpenSpiel's oh_hell beside these, in turns, median of runs: cardrules bench)")


if __name__ == "__main__":
    main()
