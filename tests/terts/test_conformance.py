"""Random legal play over thousands of seeded deals per preset, and over each reading
of the open questions: every deal ends, the 32 cards are conserved, the points add up;
games end; undo and clone give back the same state."""

import random

import pytest

from cardrules.cards import PIQUET_32, size
from cardrules.games.terts import PRESETS, ROZALIEV, State
from cardrules.games.terts.deal import deal as make_deal
from cardrules.games.terts.play import card_points
from cardrules.games.terts.simulate import random_deal, random_partie
from cardrules.games.terts.state import MAX_DEAL_LENGTH, NUM_ACTIONS, Phase

VARIANTS = list(PRESETS.values()) + [
    ROZALIEV.with_options(duties="free"),
    ROZALIEV.with_options(card_order="natural", free_jack=False),
    ROZALIEV.with_options(marriage="bela", tie="announcer", winner_scores="all"),
    ROZALIEV.with_options(hand_size=9, packets="3+3+3"),
    ROZALIEV.with_options(trump_seven="after-trick"),
]
IDS = list(PRESETS) + ["free", "natural", "bela-announcer-all", "nine-cards", "trump-seven"]


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_random_deals(variant):
    for seed in range(2000 if variant in PRESETS.values() else 500):
        st = random_deal(variant, seed, dealer=seed % 2)
        d = st.deal
        assert st.is_terminal() and len(st.history) <= MAX_DEAL_LENGTH
        assert all(0 <= a < NUM_ACTIONS for a in st.history)
        # the deal: the whole pack, once each
        cards = d.hands[0] | d.hands[1] | (1 << d.turned)
        assert d.hands[0] & d.hands[1] == 0 and all(size(h) == variant.hand_size for h in d.hands)
        for c in d.stock:
            assert not cards >> c & 1
            cards |= 1 << c
        assert cards == PIQUET_32.mask
        # cards conserved: every played card was held, each once; hands are empty
        won = st.won[0] | st.won[1]
        assert st.won[0] & st.won[1] == 0 and st.hands == [0, 0] and not st.stock
        played = PIQUET_32.mask if variant.stock == "draw" else d.hands[0] | d.hands[1]
        assert won == played and sum(st.tricks) == size(played) // 2
        # the points add up: card points of both sides are those of the cards played
        res = st.result()
        assert sum(res.cards) == card_points(variant, played, d.trump)
        if variant.stock == "draw":
            assert sum(res.cards) == 152
        bonus = variant.last_trick
        if res.revoker is None:
            assert sum(res.points) == sum(res.cards) + bonus + sum(res.declared) + sum(res.marriage)
        # the trace names clauses and explains every point
        assert all(step.clause_id.startswith("terts.") for step in st.explain().steps)


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=list(PRESETS))
def test_random_games(variant):
    for seed in range(60):
        game = random_partie(variant, seed)
        assert game.over and max(game.scores) >= variant.target
        assert game.scores[game.winner] == max(game.scores) and game.scores[0] != game.scores[1]
        assert game.scores == [sum(s.result().points[i] for s in game.deals) for i in (0, 1)]


def snapshot(st: State):
    return (st.phase, st.cur, list(st.hands), list(st.stock), st.lead, list(st.won), list(st.tricks),
            list(st.history), st.dialogue.step, list(st.dialogue.declared), list(st.dialogue.marriage),
            tuple(st.legal_actions()))


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=list(PRESETS))
def test_undo_and_clone(variant):
    rng = random.Random(5)
    for seed in range(60):
        st = State(variant, make_deal(variant, seed, seed % 2))
        while not st.is_terminal():
            before = snapshot(st)
            acts = st.legal_actions()
            st.apply(acts[rng.randrange(len(acts))])
            after = snapshot(st)
            st.undo()
            assert snapshot(st) == before
            redo = after[7][-1]  # the action taken back, made again
            st.apply(redo)
            assert snapshot(st) == after
            other = st.clone()
            assert snapshot(other) == after
        assert st.clone().result().points == st.result().points


def test_takers_table_is_the_rule_of_the_trick():
    """beats and _higher read one table of the cards that take each lead; on every order,
    trumps, lead and card it gives what the strengths compared card by card give: a higher
    card of the suit led in that suit's order, or a trump to a plain lead."""
    from cardrules.cards import SUIT_MASKS
    from cardrules.games.terts.play import _ORDERS, _higher, beats

    for order, (trump_strength, plain_strength) in _ORDERS.items():
        variant = ROZALIEV.with_options(card_order=order)
        for trump in range(4):
            for lead in range(52):
                led = lead // 13
                table = trump_strength if led == trump else plain_strength
                above = 0
                for c in range(52):
                    s = c // 13
                    want = table[c % 13] > table[lead % 13] if s == led else s == trump
                    assert beats(variant, c, lead, trump) is want
                    if s == led and want:
                        above |= 1 << c
                assert _higher(variant, SUIT_MASKS[led], lead, trump) == above
