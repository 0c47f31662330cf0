"""Thousands of small random endings: the solver agrees with plain minimax on every one.

Each ending deals 2 to 4 cards to each of three hands from the 32-card pack, with a random
strain (a suit, no trumps), leader, counted position and kind: a contract (the counted
position wants tricks), a misère or an all-pass (it wants none); an all-pass gets, half
the time, talon cards to lead its first tricks, and sometimes the four-handed rule that
the talon card may take its trick, or a dummy that plays by itself (the two-handed game).
"""

import random

from cardrules.analysis.brute import minimax
from cardrules.analysis.position import Question
from cardrules.analysis.search import Solver, solve

PACK = [13 * s + r for s in range(4) for r in range(5, 13)]


def random_ending(rng: random.Random, n: int) -> Question:
    kind = rng.choice(["contract", "contract", "misere", "allpass"])
    cards = rng.sample(PACK, 3 * n + 2)
    hands = tuple(sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3))
    talon = tuple(cards[3 * n:3 * n + min(2, n)]) if kind == "allpass" and rng.random() < 0.5 else ()
    counted = rng.randrange(3)
    # the two-handed all-pass: a dummy that plays its lowest card by itself (no talon leads)
    dummy = (counted + rng.randrange(1, 3)) % 3 if kind == "allpass" and not talon and rng.random() < 0.4 else -1
    return Question(hands=hands, trump=rng.choice([0, 1, 2, 3, None]) if kind == "contract" else None,
                    leader=rng.randrange(3), counted=counted, more=kind == "contract", kind=kind,
                    talon_leads=talon, talon_may_win=bool(talon) and rng.random() < 0.3, dummy=dummy)


def test_random_endings_against_minimax():
    rng = random.Random(20261202)
    counts = {2: 1500, 3: 1000, 4: 150}
    values = set()
    for n, count in counts.items():
        for _ in range(count):
            q = random_ending(rng, n)
            expected = minimax(q)
            assert solve(q) == expected, q
            values.add((q.kind, expected))
    # the endings reach every kind with several values, so a solver stuck on one would fail
    assert {k for k, _ in values} == {"contract", "misere", "allpass"}
    assert len(values) >= 9


def test_speed_ups_on_random_endings():
    """Equivalent cards, move ordering and the quick-trick bounds never change a value."""
    rng = random.Random(7)
    for _ in range(300):
        q = random_ending(rng, rng.choice([3, 4]))
        plain = solve(q, Solver(q, reduce=False, ordering=False, quick=False))
        assert solve(q) == plain
        assert solve(q, Solver(q, order_high=not (q.kind == "contract"))) == plain
