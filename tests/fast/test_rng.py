"""The compiled generators give the numbers of Python's (``random.Random``, ``cards.shuffle``)."""

import random

import pytest

pytest.importorskip("numba")

import numpy as np  # noqa: E402

from cardrules.cards import PIQUET_32, shuffle  # noqa: E402
from cardrules.fast import rng as R  # noqa: E402


def test_random_matches_cpython_across_refills():
    py = random.Random(12345)
    mt = R.mt_from_random(py)
    ref = random.Random(12345)
    # 1,500 calls draw 3,000 words: the 624-word table is refilled four times
    got = [R.random01(mt) for _ in range(1500)]
    assert got == [ref.random() for _ in range(1500)]
    R.mt_to_random(mt, py)
    assert py.random() == ref.random()


@pytest.mark.parametrize("n", [1, 2, 3, 7, 12, 32, 1000, 2**31 + 5])
def test_randbelow_and_getrandbits_match_cpython(n):
    ref = random.Random(n)
    mt = R.mt_from_random(random.Random(n))
    assert [R.randbelow(mt, n) for _ in range(200)] == [ref._randbelow(n) for _ in range(200)]
    assert [R.getrandbits(mt, k) for k in (1, 5, 31, 32)] == [ref.getrandbits(k) for k in (1, 5, 31, 32)]


def test_pick_is_play_outs_index():
    ref = random.Random(9).random
    mt = R.mt_from_random(random.Random(9))
    sizes = [1, 2, 3, 10, 12, 27] * 50
    assert [R.pick(mt, k) for k in sizes] == [int(ref() * k) for k in sizes]


def test_splitmix_shuffle_matches_cards_shuffle():
    for seed in list(range(300)) + [2**63 - 1, 2**40 + 17]:
        out = np.array(PIQUET_32.cards, dtype=np.int64)
        R.splitmix_shuffle(out, seed)
        assert list(out) == shuffle(PIQUET_32, seed), seed


def test_splitmix_draw_matches_cards_draw():
    from cardrules.cards import FULL_52, draw
    cards = np.array(FULL_52.cards, dtype=np.int64)
    for seed in list(range(200)) + [2**62 + 3]:
        assert R.splitmix_draw(cards, seed) == draw(FULL_52.cards, seed)


def test_count_and_kth_of_a_card_set():
    m = (1 << 5) | (1 << 18) | (1 << 51)
    assert R.count(m) == 3
    assert [R.kth(m, k) for k in range(3)] == [5, 18, 51]
