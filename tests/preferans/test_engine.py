"""The engine's fast paths against the rules written plainly: the deal against the deal
in pairs, the legal actions and the checks of ``apply`` against :mod:`.play` and
:mod:`.auction`, on states reached by random play in every variant."""

import copy
import random
from dataclasses import replace

import pytest

from cardrules.cards import cards_of
from cardrules.deal import cut
from cardrules.engine import IllegalAction
from cardrules.games.preferans import PRESETS, State
from cardrules.games.preferans.auction import BID, BLIND_PASS, legal_calls
from cardrules.games.preferans.deal import deal, deal_pack, pack_cards, shuffle
from cardrules.games.preferans.play import check_card, playable
from cardrules.games.preferans.simulate import choose
from cardrules.games.preferans.state import AUCTION, DISCARD, DISCARD_PHASE, DONE, PLAY

VARIANTS = dict(PRESETS)
VARIANTS["sochi-4"] = replace(PRESETS["sochi"], players=4, name="sochi-4")


@pytest.mark.parametrize("name", VARIANTS)
def test_deal_is_the_deal_in_pairs_of_the_cut_pack(name):
    v = VARIANTS[name]
    for seed in range(300):
        for dealer in range(v.players):
            assert deal(v, seed, dealer) == deal_pack(cut(shuffle(seed), 16), v, dealer)
    for k in (1, 2, 3, 4):
        w = replace(v, talon_round=k)
        for at in (1, 4, 16, 28, 31):
            for seed in (0, 7, 2**40 + 3):
                assert deal(w, seed, 0, cut_at=at) == deal_pack(cut(shuffle(seed), at), w, 0)


def _states(v, deals: int = 60):
    """States along seeded random deals, each phase included."""
    rng = random.Random(11)
    for seed in range(deals):
        st = State(v, deal(v, seed, seed % v.players))
        while st.phase != DONE:
            yield st
            st.apply(choose(st, st.legal_actions(), rng.random))


def _outcome(st: State, action):
    c = st.clone()
    try:
        c.apply(action)
    except IllegalAction as e:
        return e.clause_id
    return None


@pytest.mark.parametrize("name", VARIANTS)
def test_cards_legal_and_checked_as_the_rule_says(name):
    v = VARIANTS[name]
    seen = 0
    tried = [-1, 0, 4, 52, 60, *pack_cards()]
    for st in _states(v, 30):
        if st.phase != PLAY:
            continue
        seen += 1
        hand = st.hands[st.turn]
        allowed = playable(hand, st.led, st.trump)
        assert list(st.legal_actions()) == cards_of(allowed)
        for c in tried:
            got = _outcome(st, c)
            if 0 <= c < 52 and allowed >> c & 1:
                assert got is None
                continue
            try:
                check_card(hand, c, st.led, st.trump) if 0 <= c < 52 else None
            except IllegalAction as e:
                assert got == e.clause_id
            else:
                assert got == "preferans.play.own-card"
    assert seen > 250


@pytest.mark.parametrize("name", VARIANTS)
def test_calls_and_discards_legal_and_checked_as_the_rule_says(name):
    v = VARIANTS[name]
    for st in _states(v, 100):
        if st.phase == AUCTION:
            p = st.turn
            calls = legal_calls(v, p, st.high, st.high_pos, st.has_bid[p], p == st.misere_pos, st.min_index)
            if v.blind_pass and not st.spoken[p]:
                calls.append(BLIND_PASS)
            assert st.legal_actions() == calls
            for a in range(BID - 2, BLIND_PASS + 3):
                assert (_outcome(st, a) is None) == (a in calls)
        elif st.phase == DISCARD_PHASE:
            twelve = st.hands[st.declarer]
            assert st.legal_actions() == [DISCARD + c for c in cards_of(twelve)]
            for c in range(52):
                assert (_outcome(st, DISCARD + c) is None) == bool(twelve >> c & 1)


def test_a_clone_is_independent_and_undo_replays():
    v = PRESETS["sochi"]
    for st in _states(v, 20):
        c = st.clone()
        before = (list(st.hands), list(st.trick), list(st.history), st.phase, st.turn)
        c.apply(c.legal_actions()[0])
        assert (list(st.hands), list(st.trick), list(st.history), st.phase, st.turn) == before
        d = copy.copy(c)
        d.undo()
        assert d.history == st.history and d.hands == st.hands and d.phase == st.phase and d.turn == st.turn
