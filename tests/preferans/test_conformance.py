"""Random legal play over thousands of seeded deals per variant: every deal ends, the
cards are conserved, the sheet balances, and every pulka's settlement sums to zero."""

from collections import Counter
from dataclasses import replace

import pytest

from cardrules.cards import size
from cardrules.games.preferans import PRESETS
from cardrules.games.preferans.deal import deal, pack_cards
from cardrules.games.preferans.simulate import random_deal, random_pulka

VARIANTS = dict(PRESETS)
VARIANTS["sochi-4"] = replace(PRESETS["sochi"], players=4, name="sochi-4")
VARIANTS["rostov-4"] = replace(PRESETS["rostov"], players=4, name="rostov-4")
VARIANTS["leningrad-4"] = replace(PRESETS["leningrad"], players=4, name="leningrad-4")


@pytest.mark.parametrize("name", VARIANTS)
def test_random_deals_end_and_conserve_cards(name):
    v = VARIANTS[name]
    kinds = Counter()
    for seed in range(2000):
        d = deal(v, seed, dealer=seed % v.players)
        all_cards = d.hands[0] | d.hands[1] | d.hands[2] | d.talon
        assert size(all_cards) == 32 and all_cards == sum(1 << c for c in pack_cards())
        st = random_deal(v, seed, dealer=seed % v.players)
        assert st.is_terminal() and st.current_player() == -1
        kinds[st.kind] += 1
        played = st.kind in ("allpass", "misere") or st.facts.whist in ("one", "two")
        if played:
            assert st.trick_no == 10 and st.hands == [0, 0, 0]
            assert sum(st.tricks) + st.dealer_tricks <= 10
            if st.kind != "allpass" or not v.allpass_talon or v.players == 2:
                assert sum(st.tricks) + st.dealer_tricks == 10
        if st.kind in ("contract", "misere"):
            assert len(st.discarded) == 2
    assert kinds["contract"] and kinds["allpass"] and kinds["misere"]


@pytest.mark.parametrize("name", VARIANTS)
def test_random_pulkas_settle_to_zero(name):
    v = replace(VARIANTS[name], pool_target=10)
    for seed in range(40):
        p = random_pulka(v, seed)
        assert p.over
        s = p.settlement()
        assert sum(s.totals) == 0
        n = v.players
        for a in range(n):
            for b in range(n):
                assert s.net[a][b] == -s.net[b][a]
        assert s.totals == __import__("cardrules.games.preferans.scoring", fromlist=["x"]).settle_by_average(p.sheet)


def test_undo_replays_to_the_same_state():
    v = PRESETS["sochi"]
    for seed in range(30):
        st = random_deal(v, seed)
        hist = list(st.history)
        while st.history:
            st.undo()
        for a in hist:
            st.apply(a)
        assert st.entries == random_deal(v, seed).entries
