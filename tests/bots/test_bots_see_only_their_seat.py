"""A bot decides from its seat's view: permuting the cards it cannot see among the other
hands changes neither its view nor its choice."""

import random

import pytest

from cardrules.bots import choose, view
from cardrules.cards import cards_of
from cardrules.games import GAMES

from .helpers import fresh, variants


def _permuted(state, hidden: int, rnd: random.Random):
    """A copy of ``state`` whose hands (and stock, where the game has one) exchange their
    ``hidden`` cards at random, each keeping its number of them."""
    other = state.clone()
    hands = list(other.hands)
    stock = list(getattr(other, "stock", None) or [])
    counts = [(h & hidden).bit_count() for h in hands]
    pool = cards_of(sum(h & hidden for h in hands)) + [c for c in stock if hidden >> c & 1]
    rnd.shuffle(pool)
    for i, h in enumerate(hands):
        keep = h & ~hidden
        for c in pool[:counts[i]]:
            keep |= 1 << c
        del pool[:counts[i]]
        other.hands[i] = keep
    for i, c in enumerate(stock):
        if hidden >> c & 1:
            other.stock[i] = pool.pop(0)
    return other


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_do_not_change_the_choice(game):
    moved = 0
    for g, name, variant in variants():
        if g != game:
            continue
        for seed in range(4):
            st = fresh(game, variant, seed)
            rnd = random.Random(seed)
            while not st.is_terminal():
                v = view(game, st)
                hidden = ~(v.hand | v.shown | v.played) & ((1 << 52) - 1)
                mine = choose(game, st, random.Random(seed))
                for k in range(2):
                    other = _permuted(st, hidden, random.Random(seed * 100 + k))
                    if other.hands != st.hands or getattr(other, "stock", None) != getattr(st, "stock", None):
                        moved += 1
                    assert view(game, other) == v
                    theirs = choose(game, other, random.Random(seed))
                    assert (theirs.action, theirs.why_en) == (mine.action, mine.why_en)
                st.apply(choose(game, st, rnd).action)
    assert moved > 50  # the hidden cards really moved, at many decision points
