"""The declarations' tables, worked out once at import, give what counting gives; the
trick's taker is the shared rule's.

The references below are the declarations as they were counted before the tables: suit by
suit for the point and the sequences, rank by rank for the sets.
(Each test gathers the hands where the two differ and asserts once: an assertion costs the
conftest's hook a count.)
"""

import random
from itertools import permutations

from cardrules.cards import PIQUET_32, RANK_MASKS, RUNS_FROM_SEVEN, SUITS, TEN
from cardrules.games.piquet.play import trick_taker
from cardrules.tricks import next_leader
from cardrules.games.piquet.declarations import (_PIPS, SEQUENCE, SET, best_sequence, best_set, category_score, point_key,
                                                 sequence_score, set_score, sets)


def counted_point(hand):
    best = None
    for s in SUITS:
        cards = hand >> (13 * s) & 0x1FFF
        if not cards:
            continue
        key = (cards.bit_count(), _PIPS[cards >> 5])
        if best is None or key > best:
            best = key
    return best


def counted_sequences(hand):
    out = []
    for s in SUITS:
        out += RUNS_FROM_SEVEN[hand >> (13 * s + 5) & 0xFF]
    return sorted(out, reverse=True)


def counted_sets(hand):
    out = []
    for r in range(TEN, 13):
        n = (hand & RANK_MASKS[r]).bit_count()
        if n >= 3:
            out.append((n, r))
    return sorted(out, reverse=True)


def first(found):
    return found[0] if found else None


def test_every_suit_alone():
    """Each of the 8192 sets of one suit's ranks, in each suit."""
    wrong = []
    for s in SUITS:
        for cards in range(1 << 13):
            hand = cards << (13 * s)
            if (point_key(hand) != counted_point(hand) or best_sequence(hand) != first(counted_sequences(hand))
                    or category_score(hand, SEQUENCE) != sequence_score(counted_sequences(hand))):
                wrong.append(hand)
    assert wrong == []


def test_every_holding_of_tens_to_aces():
    """Sets depend on the tens to the aces alone, 20 cards: every 97th of their 2 ** 20 holdings
    (all of them were checked once, when the table was made; too slow for every run)."""
    wrong = []
    for bits in range(0, 1 << 20, 97):
        hand = 0
        for s in SUITS:
            hand |= (bits >> (5 * s) & 31) << (13 * s + TEN)
        if (sets(hand) != counted_sets(hand) or best_set(hand) != first(counted_sets(hand))
                or category_score(hand, SET) != set_score(counted_sets(hand))):
            wrong.append(hand)
    assert wrong == []


def test_random_hands():
    """Random hands of any size from the whole 52-card pack (100,000 were checked once, when the
    tables were made)."""
    rng = random.Random(14)
    wrong = []
    for _ in range(20_000):
        hand = rng.getrandbits(52) & rng.getrandbits(52) if rng.random() < 0.5 else rng.getrandbits(52)
        if (point_key(hand) != counted_point(hand) or best_sequence(hand) != first(counted_sequences(hand))
                or sets(hand) != counted_sets(hand) or best_set(hand) != first(counted_sets(hand))
                or category_score(hand, SEQUENCE) != sequence_score(counted_sequences(hand))
                or category_score(hand, SET) != set_score(counted_sets(hand))):
            wrong.append(hand)
    assert wrong == []


def test_trick_taker_is_next_leader_without_trumps():
    """Every trick of two and of three cards of the piquet pack, in every order (30,752)."""
    wrong = []
    for n, seats in ((2, [1, 0]), (3, [2, 0, 1])):
        for trick in permutations(PIQUET_32.cards, n):
            if trick_taker(seats, trick) != next_leader(seats, trick, None):
                wrong.append(trick)
    assert wrong == []
