"""Conformance of the compiled path with the Python engine: Fortuna.

For every form, 10,000 seeded deals played by the simulator
(:func:`~cardrules.games.fortuna.simulate.random_deal`, one ``random.Random(0)`` for all of
them, seeds 0…9999, dealer ``seed % players``, as its benchmark plays them) and by
:class:`cardrules.fast.fortuna.Batch` must agree deal by deal: every action (calls, talon
purchases, discards, cards), the declarers, неволя and the quota, the tricks, and the
settlement: chips per seat, the pool paid in, remises, leve and honours, who made and who
failed, the souverain.
"""

import random

import pytest

pytest.importorskip("numba")

from cardrules.fast.fortuna import Batch, outcome  # noqa: E402
from cardrules.games.fortuna.simulate import random_deal  # noqa: E402
from cardrules.games.fortuna.variants import FOUR, PRESETS  # noqa: E402

DEALS = 10_000


def python_outcomes(variant, count, rng):
    return [outcome(random_deal(variant, n, dealer=n % variant.players, rng=rng)) for n in range(count)]


@pytest.mark.parametrize("name", list(PRESETS))
def test_deal_by_deal_as_the_engine(name):
    v = PRESETS[name]
    fast = Batch(v).record(DEALS)
    py = python_outcomes(v, DEALS, random.Random(0))
    differ = [n for n in range(DEALS) if fast[n] != py[n]]
    assert not differ, f"{name}: {len(differ)} deals differ, first {differ[0]}:\n{py[differ[0]]}\n{fast[differ[0]]}"
    # chips are only moved, except into the pool (stakes, fees) and the remises
    assert all(sum(row[5]) == -(row[6] + row[7]) for row in fast)
    # the souverain's payments were compared too: every form had one in these deals
    assert any(row[12] for row in py)


def test_batches_continue_one_generator():
    rng = random.Random(0)
    b = Batch(FOUR, rng=rng)
    rows = b.record(100) + b.record(100)
    assert rows == python_outcomes(FOUR, 200, random.Random(0))
    ref = random.Random(0)
    python_outcomes(FOUR, 200, ref)
    assert rng.random() == ref.random()


def test_the_comparison_sees_a_different_stream():
    fast = Batch(FOUR, rng=random.Random(1)).record(50)
    py = python_outcomes(FOUR, 50, random.Random(0))
    assert sum(a != b for a, b in zip(fast, py)) >= 45
