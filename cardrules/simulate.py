"""Random legal play and its timing, shared by every game's ``simulate`` module.

Each game's simulator makes a deal and calls :func:`play_out`; its ``benchmark`` calls
:func:`deals_per_second`. The random choice is the same in every game (a uniform pick
of ``legal_actions()`` by ``int(rnd() * len)``), so seeded runs stay reproducible.

>>> import random
>>> from cardrules.games.fortuna import FOUR, State
>>> from cardrules.games.fortuna.deal import deal
>>> play_out(State(FOUR, deal(FOUR, seed=1, dealer=0)), random.Random(1).random).is_terminal()
True
"""

from __future__ import annotations

import time
from typing import Callable, TypeVar

S = TypeVar("S")


def play_out(state: S, rnd: Callable[[], float], steps: int | None = None) -> S:
    """Apply random legal actions to ``state`` until its deal is over (or, given
    ``steps``, at most that many); return it."""
    legal, apply, done = state.legal_actions, state.apply, state.is_terminal  # type: ignore[attr-defined]
    if steps is not None:
        for _ in range(steps):
            if done():
                break
            acts = legal()
            apply(acts[int(rnd() * len(acts))])
        return state
    while not done():
        acts = legal()
        apply(acts[int(rnd() * len(acts))])
    return state


def timed(play: Callable[[], object], seconds: float) -> tuple[int, float]:
    """Calls of ``play()`` made in about ``seconds`` of CPU time, and that time. CPU time
    (``time.process_time``), so that other processes on the machine do not count."""
    n = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play()
        n += 1
    return n, time.process_time() - start


def deals_per_second(play_deal: Callable[[int], object], seconds: float) -> float:
    """Deals per second of CPU time of ``play_deal(n)`` for n = 0, 1, 2 …"""
    count = iter(range(1 << 62))
    n, cpu = timed(lambda: play_deal(next(count)), seconds)
    return n / cpu if cpu else 0.0


__all__ = ["deals_per_second", "play_out", "timed"]
