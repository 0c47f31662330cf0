"""Random legal play over thousands of seeded deals per preset: every deal ends, the cards
are conserved, the money is conserved in every deal and across evenings."""

from collections import Counter

import pytest

from cardrules.games.preference import PRESETS, Partie
from cardrules.games.preference.deal import PACK, deal
from cardrules.games.preference.simulate import random_deal, random_evening
from cardrules.games.preference.state import MAX_DEAL_LENGTH, Phase

from cardrules.games.preference import Variant

VARIANTS = {name: v for name, v in PRESETS.items() if isinstance(v, Variant)}   # the Croatian game: test_croatian.py
VARIANTS["austrian-4"] = PRESETS["austrian"].with_options(players=4, name="austrian-4")
VARIANTS["austrian-must-trump"] = PRESETS["austrian"].with_options(must_trump=True, name="austrian-must-trump")
VARIANTS["austrian-betl-sans-kontra"] = PRESETS["austrian"].with_options(betl=True, sans=True, kontra=True,
                                                                     name="austrian-betl-sans-kontra")


def _cards_now(st) -> int:
    played = 0
    for _, c in st.played:
        played |= 1 << c
    talon = 0 if st.kind == "talon" else st.deal.talon
    discards = sum(1 << c for c in st.discards)
    held = 0
    for h in st.hands:
        assert not h & held
        held |= h
    assert not (played & held) and not (discards & (played | held))
    return played | held | discards | talon


@pytest.mark.parametrize("name", VARIANTS)
def test_random_deals_end_and_conserve_cards_and_money(name):
    v = VARIANTS[name]
    kinds = Counter()
    for seed in range(2000):
        st = random_deal(v, seed, dealer=seed % v.players)
        assert st.is_terminal() and st.phase == Phase.DONE and len(st.history) <= MAX_DEAL_LENGTH
        assert _cards_now(st) == PACK.mask
        r = st.settlement()
        assert sum(r.net) + r.pot_change == 0, "money is only moved"
        assert r.pot_change >= -st.pot, "the pot never pays out more than it holds"
        if st.declarer is None:
            kinds["all-pass"] += 1
            continue
        kinds[st.kind] += 1
        if st.playing:
            assert sum(st.tricks) == 10 and not any(st.hands)
        if st.kind == "talon":
            assert len(st.discards) == 2
    if v.all_pass == "redeal":
        assert kinds["all-pass"]
    else:
        assert not kinds["all-pass"]
    assert kinds["talon"] and kinds["spiel"] and kinds["hearts"]


@pytest.mark.parametrize("name", VARIANTS)
def test_random_evenings_conserve_money(name):
    v = VARIANTS[name]
    for seed in range(40):
        p = random_evening(v, seed, deals=40)
        assert p.money_total() == 0
        assert p.pot >= 0
        assert p.pot % 10 == 0, "every payment into the pot is a multiple of ten"


def test_cards_are_conserved_at_every_step():
    v = PRESETS["austrian"]
    import random

    for seed in range(200):
        p = Partie(v, dealer=seed % 3)
        st = p.new_deal(deal(v, seed, seed % 3))
        rng = random.Random(seed)
        while not st.is_terminal():
            assert _cards_now(st) == PACK.mask
            st.apply(rng.choice(st.legal_actions()))
        assert _cards_now(st) == PACK.mask
