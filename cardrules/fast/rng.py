"""The two random generators of the engine, in compiled code.

* CPython's ``random.Random`` (MT19937), whose ``random()`` drives every random choice of
  :func:`cardrules.simulate.play_out` and of each game's ``simulate``. The state is carried as
  an int64 array of 625 entries: the 624 words of ``getstate()`` and the index, so a batch
  takes up where Python left off and gives the state back (:func:`mt_from_random`,
  :func:`mt_to_random`).
* SplitMix64 with Fisher–Yates, :func:`cardrules.cards.shuffle` (``common.deal.shuffle``):
  the same numbers, the same rejection of a biased number, the same swaps; and
  :func:`cardrules.cards.draw`, one card turned up.

And the two operations on card sets the kernels share (:func:`count`, :func:`kth`).

Checked against ``random.Random`` and ``cards.shuffle`` in ``tests/fast/test_rng.py``.
"""

from __future__ import annotations

import random

import numpy as np
from numba import njit

_N, _M = 624, 397
_MASK32 = 0xFFFFFFFF


def mt_from_random(rng: random.Random) -> np.ndarray:
    """The state of ``rng`` as the compiled code carries it."""
    version, words, _gauss = rng.getstate()
    if version != 3:
        raise ValueError(f"random.Random state version {version}: expected 3")
    return np.array(words, dtype=np.int64)


def mt_to_random(mt: np.ndarray, rng: random.Random) -> None:
    """Put the compiled code's state back into ``rng``."""
    rng.setstate((3, tuple(int(x) for x in mt), None))


@njit(cache=True)
def genrand_uint32(mt):
    """The next 32-bit word (CPython's genrand_uint32; ``mt[624]`` is the index)."""
    i = mt[624]
    if i >= 624:
        for kk in range(_N - _M):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
            mt[kk] = mt[kk + _M] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        for kk in range(_N - _M, _N - 1):
            y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
            mt[kk] = mt[kk + (_M - _N)] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        y = (mt[_N - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        i = 0
    y = mt[i]
    mt[624] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK32


@njit(cache=True)
def random01(mt):
    """``random.Random.random()``: 53 bits from two words, in [0, 1)."""
    a = genrand_uint32(mt) >> 5
    b = genrand_uint32(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def pick(mt, n):
    """``int(rnd() * n)``: the index :func:`cardrules.simulate.play_out` picks among ``n`` actions."""
    return int(random01(mt) * n)


@njit(cache=True)
def getrandbits(mt, k):
    """``random.Random.getrandbits(k)`` for 1 <= k <= 32: the top k bits of one word."""
    return genrand_uint32(mt) >> (32 - k)


@njit(cache=True)
def randbelow(mt, n):
    """``random.Random._randbelow(n)`` for 1 <= n < 2**32: k = n.bit_length() bits until below n."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = getrandbits(mt, k)
    while r >= n:
        r = getrandbits(mt, k)
    return r


_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_C1 = np.uint64(0xBF58476D1CE4E5B9)
_C2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)
_ZERO = np.uint64(0)


@njit(cache=True)
def splitmix_draw(cards, seed):
    """:func:`cardrules.cards.draw`: the first SplitMix64 number of ``seed`` below the limit picks a card."""
    n = np.uint64(len(cards))
    rest = (_ZERO - n) % n
    limit = _ZERO - rest
    state = np.uint64(seed)
    while True:
        state = state + _GAMMA
        z = (state ^ (state >> _S30)) * _C1
        z = (z ^ (z >> _S27)) * _C2
        z = z ^ (z >> _S31)
        if rest == _ZERO or z < limit:
            return cards[int(z % n)]


@njit(cache=True)
def splitmix_shuffle(out, seed):
    """Shuffle ``out`` in place as :func:`cardrules.cards.shuffle` does with ``seed`` (>= 0)."""
    state = np.uint64(seed)
    for i in range(len(out) - 1, 0, -1):
        n = np.uint64(i + 1)
        rest = (_ZERO - n) % n  # 2**64 mod n: numbers at or above 2**64 - rest are drawn again
        limit = _ZERO - rest
        while True:
            state = state + _GAMMA
            z = (state ^ (state >> _S30)) * _C1
            z = (z ^ (z >> _S27)) * _C2
            z = z ^ (z >> _S31)
            if rest == _ZERO or z < limit:
                break
        j = int(z % n)
        t = out[i]
        out[i] = out[j]
        out[j] = t


# --- card sets as bits (a hand is an int64 mask, card c its bit c) ------------------------


@njit(cache=True, inline="always")
def count(m):
    """The number of cards in the set ``m``."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def kth(m, k):
    """The k-th lowest card of the set ``m`` (the engines list legal cards lowest first)."""
    for _ in range(k):
        m &= m - 1
    low = m & -m
    c = 0
    while low > 1:
        low >>= 1
        c += 1
    return c
