"""The Croatian game: random play over thousands of seeded deals (every deal ends, cards
conserved), parties whose settlements sum to zero, refusals with their clause, options."""

import random
from fractions import Fraction

import pytest

from conftest import refusal

from cardrules.engine import IllegalAction
from cardrules.games.preference import CROATIAN, CroatianPartie, CroatianState
from cardrules.games.preference.auction import PASS, SPIEL, TWO
from cardrules.games.preference.deal import PACK, croatian_deal
from cardrules.games.preference.scoring import final_result
from cardrules.games.preference.simulate import random_deal, random_partie
from cardrules.games.preference.state import (DECLINE, DEFEND, KONTRA, NO_KONTRA, NUM_ACTIONS, TRUMP, Phase, Sheet,
                                              refe_allowed)

VARIANTS = {"croatian": CROATIAN, "croatian-4": CROATIAN.with_options(players=4),
            "croatian-clockwise": CROATIAN.with_options(direction="clockwise"),
            "croatian-short-kontra": CROATIAN.with_options(kontra_levels=2, pik_kontra="free")}


@pytest.mark.parametrize("name", VARIANTS)
def test_random_deals_end_and_conserve_cards(name):
    v = VARIANTS[name]
    seen = set()
    for seed in range(2000):
        st = random_deal(v, seed, dealer=seed % v.players)
        assert st.is_terminal()
        played = 0
        for _, c in st.played:
            played |= 1 << c
        held = 0
        for h in st.hands:
            held |= h
        talon = 0 if (st.declarer is not None and not st.hand_game) else st.deal.talon
        assert played | held | talon | sum(1 << c for c in st.discards) == PACK.mask
        assert sum(st.tricks) <= 10
        seen.add(st.unplayed or st.value)
        for e in st.entries():
            assert e.kind in ("bula", "soup", "refe")
    assert {"all-pass", "no-defence", 6, 7} <= seen


@pytest.mark.parametrize("name", VARIANTS)
def test_parties_settle_to_zero(name):
    v = VARIANTS[name].with_options(bula=10)
    ended = 0
    for seed in range(60):
        p = random_partie(v, seed, max_deals=300)
        s = p.settlement()
        assert sum(s) == 0
        if p.over:
            ended += 1
            if sum(p.sheet.bula) == 0:
                assert [-x for x in final_result(p.sheet.bula, p.sheet.soups)] == s
    assert ended


def test_illegal_actions_are_refused_and_change_nothing():
    import copy

    def snapshot(st):
        return copy.deepcopy({k: v for k, v in st.__dict__.items() if k not in ("auction", "sheet")})

    rng = random.Random(3)
    wrong, refusals = [], 0
    for seed in range(80):
        st = CroatianState(CROATIAN, croatian_deal(CROATIAN, seed, seed % 3))
        while not st.is_terminal() and not wrong:
            legal = set(st.legal_actions())
            for a in rng.sample(range(NUM_ACTIONS), 10):
                if a in legal:
                    continue
                refusals += 1
                _, problem = refusal(st, a, snapshot, "preference")
                if problem:
                    wrong.append(f"seed {seed}: {problem}")
                    break
            st.apply(rng.choice(sorted(legal)))
    assert not wrong, wrong[:5]
    assert refusals > 1000


def test_undo_and_clone():
    for seed in range(30):
        st = random_deal(CROATIAN, seed)
        hist = list(st.history)
        twin = st.clone()
        while st.history:
            st.undo()
        for a in hist:
            st.apply(a)
        assert st.tricks == twin.tricks and [str(e) for e in st.entries()] == [str(e) for e in twin.entries()]


def _to_defence(v, seed=0, game=6):
    st = CroatianState(v, croatian_deal(v, seed, 0))
    for c in (TWO, PASS, PASS):
        st.apply(c)
    while st.phase == Phase.EXCHANGE:
        st.apply(st.legal_actions()[0])
    st.apply(TRUMP + game)
    return st


def test_betl_everybody_follows():
    st = _to_defence(CROATIAN)
    with pytest.raises(IllegalAction, match="preference.croatian.betl-all"):
        st.apply(DECLINE)


def test_option_kontra_levels():
    st = _to_defence(CROATIAN, game=4)
    st.apply(DEFEND); st.apply(DEFEND)
    assert KONTRA in st.legal_actions()
    st = _to_defence(CROATIAN.with_options(kontra_levels=0), game=4)
    st.apply(DEFEND); st.apply(DEFEND)
    assert st.phase == Phase.PLAY


def test_option_pik_kontra():
    for v, unplayed in ((CROATIAN, "pik"), (CROATIAN.with_options(pik_kontra="free"), "")):
        st = _to_defence(v, game=2)
        st.apply(DEFEND); st.apply(DEFEND); st.apply(NO_KONTRA); st.apply(NO_KONTRA)
        assert st.unplayed == unplayed


def test_option_max_refes():
    sh = Sheet(3, 10)
    sh.refes_written = 1
    assert refe_allowed(CROATIAN, sh)
    assert not refe_allowed(CROATIAN.with_options(max_refes=1), sh)


def test_option_betl_soup_and_bula():
    from cardrules import records
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "examples" / "preference" / "croatian-betl-failed.yaml").read_text()
    st = records.replay(text).states[0]
    assert [e.amount for e in st.entries() if e.kind == "soup"] == [60, 60]
    text2 = text.replace("variant: croatian", "variant: croatian\noptions: {betl_soup: 50, bula: 30}")
    r = records.replay(text2)
    assert [e.amount for e in r.states[0].entries() if e.kind == "soup"] == [50, 50]
    assert r.outcomes[0]["bula"] == [30, 30, 42]


def test_option_direction_and_must_trump_and_pack_and_players():
    d_a = croatian_deal(CROATIAN, 1, 0)
    d_c = croatian_deal(CROATIAN.with_options(direction="clockwise"), 1, 0)
    assert d_a.hands[2] == d_c.hands[1]           # the first packet goes to the next player either way
    assert sum(1 for h in croatian_deal(CROATIAN.with_options(players=4), 1, 0).hands if h) == 3
    from cardrules.games.preference.variants import family_facts
    def discards_holding_trump(v) -> int:
        from cardrules.cards import SUIT_MASKS, suit_of
        count = 0
        for seed in range(150):
            st = CroatianState(v, croatian_deal(v, seed, 0))
            rng = random.Random(seed)
            while not st.is_terminal():
                if st.phase == Phase.PLAY and st.trick and st.trump is not None:
                    seat = st.current_player()
                    led = suit_of(st.trick[0])
                    hand = st.hands[seat]
                    if not hand & SUIT_MASKS[led] and hand & SUIT_MASKS[st.trump]:
                        count += any(suit_of(c) != st.trump for c in st.legal_actions())
                st.apply(rng.choice(st.legal_actions()))
        return count
    assert discards_holding_trump(CROATIAN) == 0
    assert discards_holding_trump(CROATIAN.with_options(must_trump=False)) > 0
    assert "leaves" in family_facts(CROATIAN)["ladder"][0]
    assert "leaves" not in family_facts(CROATIAN.with_options(pack="french"))["ladder"][0]


def test_igra_beats_numbers():
    st = CroatianState(CROATIAN, croatian_deal(CROATIAN, 0, 0))
    st.apply(TWO)
    st.apply(SPIEL)
    with pytest.raises(IllegalAction, match="preference.croatian.igra"):
        st.apply(TWO + 1)


def test_settlement_is_zero_sum():
    assert sum(CroatianPartie(CROATIAN).settlement()) == Fraction(0)
