"""Random legal play over thousands of seeded deals and hundreds of parties per form:
every deal and partie ends, cards are conserved, chips balance."""

import random

import pytest

from cardrules.games.fortuna import PRESETS, State
from cardrules.games.fortuna.deal import deal as make_deal, pack
from cardrules.games.fortuna.play import REVOKE, TRICK_KEYS
from cardrules.games.fortuna.simulate import random_deal, random_partie
from cardrules.tricks import trick_winner

FORMS = list(PRESETS.values())
IDS = list(PRESETS)


@pytest.mark.parametrize("variant", FORMS, ids=IDS)
def test_random_deals(variant):
    deck = pack(variant).mask
    for seed in range(2000):
        st = random_deal(variant, seed, dealer=seed % variant.players)
        d = st.deal
        assert st.is_terminal()
        # the deal: all the pack, evenly, trumps from the dealer's card
        allcards = 0
        for h in d.hands:
            assert h & allcards == 0
            allcards |= h
        for c in d.talon:
            allcards |= 1 << c
        assert allcards == deck and len(d.talon) == variant.talon
        assert {bin(h).count("1") for h in d.hands} == {13}
        res = st.settlement()
        assert sum(res.chips) + res.pool_in + res.remises == 0
        if res.all_passed:
            continue
        # cards conserved: what was played is what the players in play held
        held = 0
        for seat in st.playing:
            held |= st.held[seat]
            assert st.hands[seat] == 0
        won = 0
        for w in st.won:
            assert w & won == 0
            won |= w
        assert won == held
        assert sum(st.tricks) == 13


@pytest.mark.parametrize("variant", FORMS, ids=IDS)
def test_random_parties(variant):
    for seed in range(150):
        p = random_partie(variant, seed, pool=seed % 7)
        assert p.over and p.chips_total() == seed % 7
        assert max(p.scores) >= 13 or p.souverain


def test_trick_winner_matches_the_shared_rule():
    """The state's incremental winner is cardrules.tricks.trick_winner."""
    rng = random.Random(5)
    for variant in FORMS:
        for seed in range(200):
            st = State(variant, make_deal(variant, seed))
            while not st.is_terminal():
                acts = st.legal_actions()
                if st.phase == 3 and not st.trick:
                    leader = st.cur
                    cards = []
                if st.phase == 3:
                    c = acts[int(rng.random() * len(acts))]
                    cards.append(c)
                    st.apply(c)
                    if not st.trick:  # the trick closed
                        seat = leader
                        for _ in range(trick_winner(cards, st.trump)):
                            seat = st._next[seat]
                        assert st.cur == seat or st.is_terminal()
                else:
                    st.apply(acts[int(rng.random() * len(acts))])


def test_trick_keys_are_the_shared_rule():
    """TRICK_KEYS, the state's table of a card's standing in a trick, decides every pair of
    cards of every trump and suit led as cardrules.tricks.trick_winner does (all 4 x 52 x 52)."""
    for trump in range(4):
        for first in range(52):
            keys = TRICK_KEYS[trump][first // 13]
            for second in range(52):
                if second != first:
                    assert trick_winner([first, second], trump) == (1 if keys[second] > keys[first] else 0)


def test_random_revokes_are_penalised():
    rng = random.Random(9)
    variant = PRESETS["four"]
    seen = 0
    for seed in range(300):
        st = State(variant, make_deal(variant, seed))
        while not st.is_terminal():
            acts = list(st.legal_actions())
            if st.phase == 3 and st.trick:
                h = st.hands[st.cur]
                others = [c for c in range(52) if h >> c & 1 and c not in acts]
                if others and len(acts) < bin(h).count("1") and rng.random() < 0.1:
                    st.apply(REVOKE + rng.choice(others))
                    continue
            st.apply(acts[int(rng.random() * len(acts))])
        res = st.settlement()
        if st.revokes:
            seen += 1
            assert res.remises >= sum(st.revokes.values())
            for seat in st.revokes:
                assert res.leve[seat] == res.honours[seat] == 0
        assert sum(res.chips) + res.pool_in + res.remises == 0
    assert seen > 20
