"""The solver's timing rows for ``cardrules bench``: CPU milliseconds per full ten-card
deal and strain, median and 95th percentile.

Deals are ``preferans.deal(SOCHI, seed=n)`` for n = 0, 1, 2 … (the talon set aside;
first hand leads). The declarer is the hand the strain suits best, so that the
question is one a table would ask: in trumps, the hand with the longest suit, that
suit trumps; in no trumps, the hand with the most aces and kings; in a misère, the
hand with the lowest cards (sum of ranks). Each deal is solved from an empty table.
The times are per deal (percentiles need them one by one, which
:func:`cardrules.simulate.timed` does not give), by ``time.process_time``.

>>> rows = dd_rows(0.0, deals=2)
>>> sorted(rows)[:2], all(v > 0 for v in rows.values())
(['dd/preferans.misere_ms', 'dd/preferans.misere_p95_ms'], True)
"""

from __future__ import annotations

import statistics
import time

from cardrules.cards import SUIT_MASKS, rank_of
from cardrules.games.preferans.deal import deal
from cardrules.games.preferans.variants import SOCHI

from .position import Question
from .search import compiled, solve

STRAINS = ("trump", "notrump", "misere")


def bench_question(seed: int, strain: str) -> Question:
    """The question for deal ``seed`` and ``strain`` (see the module)."""
    hands = deal(SOCHI, seed=seed, dealer=2).hands
    if strain == "trump":
        length, suit, who = max(((hands[p] & SUIT_MASKS[s]).bit_count(), s, p) for p in range(3) for s in range(4))
        return Question(hands=hands, trump=suit, leader=0, counted=who)
    if strain == "notrump":
        honours = [sum(1 for c in range(52) if h >> c & 1 and rank_of(c) >= 11) for h in hands]
        return Question(hands=hands, trump=None, leader=0, counted=honours.index(max(honours)))
    low = [sum(rank_of(c) for c in range(52) if h >> c & 1) for h in hands]
    return Question(hands=hands, trump=None, leader=0, counted=low.index(min(low)), more=False, kind="misere")


def solve_times(strain: str, seconds: float, deals: int = 5, engine: str = "auto") -> list[float]:
    """Milliseconds of CPU per deal: at least ``deals`` deals, more until ``seconds`` are spent.
    ``engine`` as :func:`~cardrules.analysis.search.solve` takes it (the compiled copy loads, or
    compiles, before the clock starts)."""
    fast = compiled()
    if engine != "python" and fast is not None:  # load the compiled code and build its tables
        for trump in (None, *range(4)):
            fast.tables(trump)
        solve(bench_question(0, strain), engine=engine)
    times = []
    spent = 0.0
    seed = 0
    while len(times) < deals or spent < seconds:
        q = bench_question(seed, strain)
        start = time.process_time()
        solve(q, engine=engine)
        t = time.process_time() - start
        times.append(1000 * t)
        spent += t
        seed += 1
    return times


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)
    10
    """
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def dd_rows(seconds: float, deals: int = 5) -> dict[str, float]:
    """``{"dd/preferans.trump_ms": median, "dd/preferans.trump_p95_ms": p95, …}`` per strain, as
    :func:`~cardrules.analysis.search.solve` answers (compiled when numba is installed); then,
    when that was the compiled copy, the Python reference's as ``dd/preferans.python_trump_ms`` …"""
    rows = {}
    for strain in STRAINS:
        times = solve_times(strain, seconds, deals)
        rows[f"dd/preferans.{strain}_ms"] = statistics.median(times)
        rows[f"dd/preferans.{strain}_p95_ms"] = percentile(times, 95)
        if compiled() is not None:  # the rows above are the compiled copy's: the Python reference's too
            times = solve_times(strain, seconds, deals, engine="python")
            rows[f"dd/preferans.python_{strain}_ms"] = statistics.median(times)
            rows[f"dd/preferans.python_{strain}_p95_ms"] = percentile(times, 95)
    return dict(sorted(rows.items()))


__all__ = ["bench_question", "dd_rows", "percentile", "solve_times"]
