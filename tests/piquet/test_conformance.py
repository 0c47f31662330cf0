"""Random legal play over thousands of seeded deals per preset: every deal ends, the
32 cards are all accounted for, and the parties' scores agree with themselves."""

import random

import pytest

from cardrules.cards import PIQUET_32
from cardrules.games.piquet import PRESETS
from cardrules.games.piquet.simulate import random_deal, random_partie
from cardrules.games.piquet.state import MAX_DEAL_LENGTH, Phase

DEALS = 2000


def cards_accounted(st) -> bool:
    seen = 0
    parts = list(st.hands) + list(st.discards) + [sum(1 << c for c in st.stock)]
    parts += [sum(1 << c for c in t) for t in st.trick_cards]
    for part in parts:
        if part & seen:
            return False
        seen |= part
    return seen == PIQUET_32.mask


@pytest.mark.parametrize("name", list(PRESETS))
def test_random_deals_end_and_conserve_the_cards(name):
    v = PRESETS[name]
    for seed in range(DEALS):
        st = random_deal(v, seed, dealer=seed % v.players)
        assert st.phase == Phase.DONE and st.is_terminal() and not st.legal_actions()
        assert len(st.history) <= MAX_DEAL_LENGTH
        assert cards_accounted(st), seed
        res = st.settlement()
        n_tricks = v.hand_size
        assert sum(res.tricks) == n_tricks
        for s in st.seats:
            assert res.scores[s] == res.hand[s] + res.play[s] + res.bonus[s] >= 0
        # the points in play: one per lead, one per trick won by a non-leader, one for the last
        assert sum(res.play) == n_tricks + sum(1 for l, w in st.tricks if l != w) + v.last_trick


@pytest.mark.parametrize("name", list(PRESETS))
def test_random_parties_are_consistent(name):
    v = PRESETS[name]
    for seed in range(150):
        p = random_partie(v, seed)
        assert p.over and sum(p.settlement) == 0
        if v.partie == "royalik":
            assert p.royaliks_done == v.royaliks
            total = [p.partie_figure[s] + sum(p.royalik_col[s]) + p.skvoznaya[s] for s in (0, 1)]
            assert p.settlement[0] == total[0] - total[1]
            assert all(x % 10 == 0 for col in p.royalik_col for x in col)
            # each game's entry is the difference of the deal's scores
            entries = sorted(e for col in p.game_col for e in col)
            diffs = sorted(abs(st.settlement().scores[0] - st.settlement().scores[1]) for st in p.deals)
            assert len(entries) <= len(diffs)
        elif v.partie == "rubicon":
            assert len(p.deals) in (v.rubicon_deals, v.rubicon_deals + 2)
            assert p.totals == [sum(st.settlement().scores[s] for st in p.deals) for s in (0, 1)]
        else:
            assert len(p.finished) == 2 and sorted(p.settlement) == [-2 * v.stake, v.stake, v.stake]
            assert all(p.totals[s] >= v.target for s in p.finished)


@pytest.mark.parametrize("name", list(PRESETS))
def test_undo_and_clone(name):
    v = PRESETS[name]
    rng = random.Random(7)
    for seed in range(30):
        st = random_deal(v, seed, dealer=seed % v.players)
        cut = rng.randrange(len(st.history) + 1)
        partial = type(st)(v, st.deal)
        for a in st.history[:cut]:
            partial.apply(a)
        twin = partial.clone()
        assert twin.history == partial.history and twin.legal_actions() == partial.legal_actions()
        if partial.history:
            before = partial.legal_actions()
            last = partial.history[-1]
            partial.undo()
            partial.apply(last)
            assert partial.legal_actions() == before and partial.hands == twin.hands


@pytest.mark.parametrize("name", list(PRESETS))
def test_irregular_deals_end_and_conserve_the_cards(name):
    """Random play with a wrong discard or a false call thrown in where they can
    happen: the deal still ends, every card is somewhere once, the offender is silent."""
    from cardrules.games.piquet.state import State
    from cardrules.games.piquet.deal import deal
    from cardrules.games.piquet.declarations import FALSE_CALL
    from cardrules.games.piquet.exchange import WRONG_DISCARD

    v = PRESETS[name]
    for seed in range(400):
        rng = random.Random(seed)
        st = State(v, deal(v, seed, dealer=seed % v.players))
        offender = None
        while not st.is_terminal():
            acts = st.legal_actions()
            if offender is None and st.phase == Phase.EXCHANGE and st.to_discard and rng.random() < 0.3:
                offender, action = st.cur, WRONG_DISCARD
            elif offender is None and st.phase == Phase.DECLARE and st.dialogue.calling and rng.random() < 0.2:
                offender, action = st.cur, FALSE_CALL + st.dialogue.category
            else:
                action = acts[rng.randrange(len(acts))]
            st.apply(action)
        assert cards_accounted(st), seed
        res = st.settlement()
        if offender is not None and offender in {s for s, _ in st.dialogue.false_calls}:
            assert res.scores[offender] == 0
        if offender in st.overdrawn:
            assert res.play[offender] == 0
