"""Conformance of the compiled path with the Python engine: preferans.

For every preset, 10,000 seeded deals played by the simulator
(:func:`~cardrules.games.preferans.simulate.random_deal`, one ``random.Random(0)`` for all
of them, seeds 0…9999, dealer ``seed % players``, as its benchmark plays them) and by
:class:`cardrules.fast.preferans.Batch` must agree deal by deal: every action (calls,
discards, contract, whist calls, cards), the kind and the contract, the declarer, the
tricks of each seat, every sheet entry with its amount and clause, and the blind passes.
"""

import random

import pytest

pytest.importorskip("numba")

from cardrules.fast.preferans import Batch, outcome  # noqa: E402
from cardrules.games.preferans.deal import deal  # noqa: E402
from cardrules.games.preferans.simulate import random_deal  # noqa: E402
from cardrules.games.preferans.state import State  # noqa: E402
from cardrules.simulate import play_out  # noqa: E402
from cardrules.games.preferans.variants import PRESETS, SOCHI  # noqa: E402

DEALS = 10_000


def python_outcomes(variant, count, rng):
    return [outcome(random_deal(variant, n, dealer=n % variant.players, rng=rng)) for n in range(count)]


def uniform_outcomes(variant, count, rng):
    """The deals as ``cardrules bench`` drives every engine: :func:`play_out`, uniform choices."""
    return [outcome(play_out(State(variant, deal(variant, n, n % variant.players)), rng.random))
            for n in range(count)]


@pytest.mark.parametrize("name", list(PRESETS))
def test_deal_by_deal_as_the_engine(name):
    v = PRESETS[name]
    fast = Batch(v).record(DEALS)
    py = python_outcomes(v, DEALS, random.Random(0))
    differ = [n for n in range(DEALS) if fast[n] != py[n]]
    assert not differ, f"{name}: {len(differ)} deals differ, first {differ[0]}:\n{py[differ[0]]}\n{fast[differ[0]]}"
    # every kind of deal occurred, so the comparison covered each kind's scoring
    assert {row[1] for row in py} == {"contract", "misere", "allpass"}


@pytest.mark.parametrize("name", list(PRESETS))
def test_uniform_driver_deal_by_deal(name):
    """The driver of the benchmark: every legal action equally likely (long auctions, high
    contracts), 10,000 deals."""
    v = PRESETS[name]
    fast = Batch(v, driver="uniform").record(DEALS)
    py = uniform_outcomes(v, DEALS, random.Random(0))
    differ = [n for n in range(DEALS) if fast[n] != py[n]]
    assert not differ, f"{name}: {len(differ)} deals differ, first {differ[0]}:\n{py[differ[0]]}\n{fast[differ[0]]}"


def test_batches_continue_one_generator():
    """Two batches of 150 are the 300 deals of one run, and the generator is handed back."""
    rng = random.Random(0)
    b = Batch(SOCHI, rng=rng)
    rows = b.record(150) + b.record(150)
    assert rows == python_outcomes(SOCHI, 300, random.Random(0))
    ref = random.Random(0)
    python_outcomes(SOCHI, 300, ref)
    assert rng.random() == ref.random()


def test_the_comparison_sees_a_different_stream():
    """The outcome compared is fine enough to tell deals apart: another generator, other deals."""
    fast = Batch(SOCHI, rng=random.Random(1)).record(50)
    py = python_outcomes(SOCHI, 50, random.Random(0))
    assert sum(a != b for a, b in zip(fast, py)) >= 45


def test_bench_rows_play_batches():
    from cardrules.fast import bench_rows
    rows = bench_rows(batch=20)
    from cardrules.games.fortuna.variants import PRESETS as FORTUNA
    assert set(rows) == {f"fast/preferans.{n}" for n in PRESETS} | {f"fast/fortuna.{n}" for n in FORTUNA}
    assert rows["fast/preferans.sochi"]() == 20
    assert rows["fast/fortuna.four"]() == 20

