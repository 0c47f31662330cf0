"""Random legal play over thousands of seeded deals and hundreds of games per preset:
every deal ends, the forty cards are conserved, the points add up, games settle to zero."""

import random

import pytest

from cardrules.cards import SEVENS_40
from cardrules.games.semerik import PRESETS, State
from cardrules.games.semerik.deal import deal as make_deal
from cardrules.games.semerik.scoring import COUNTING, trick_points
from cardrules.games.semerik.state import DONE, HINT, MAX_DEAL_LENGTH, REVOKE, Phase
from cardrules.games.semerik.simulate import random_deal, random_partie
from cardrules.tricks import trick_winner
from cardrules.games.semerik.play import STRENGTH

FORMS = list(PRESETS.values())
IDS = list(PRESETS)


@pytest.mark.parametrize("variant", FORMS, ids=IDS)
def test_random_deals(variant):
    for seed in range(2000):
        st = random_deal(variant, seed, dealer=seed % 4)
        d = st.deal
        assert st.is_terminal() and st.legal_actions() == []
        assert len(st.history) <= MAX_DEAL_LENGTH
        # the deal: the whole pack, ten to each
        seen = 0
        for h in d.hands:
            assert h & seen == 0 and bin(h).count("1") == 10
            seen |= h
        assert seen == SEVENS_40.mask
        res = st.result()
        # declarations are the players' own cards
        for seat, declared in enumerate(st.declared):
            for dcl in declared:
                assert dcl.cards & ~d.hands[seat] == 0
        if not st.played:
            assert st.tricks == [] and res.tricks == [0, 0]
            continue
        # cards conserved: the ten tricks hold the forty cards, each once
        won = 0
        for _, cards in st.tricks:
            assert cards & won == 0 and bin(cards).count("1") == 4
            won |= cards
        assert won == SEVENS_40.mask and st.hands == [0, 0, 0, 0] and len(st.tricks) == 10
        # points add up: per side, declarations + tricks + fines; the trace carries every point
        assert res.points == [res.declarations[s] + res.tricks[s] + res.fines[s] for s in (0, 1)]
        assert sum(s.amount for s in st.explain().steps if s.amount) == sum(res.points)
        counted = [0, 0]
        for seat, cards in st.tricks:
            counted[seat & 1] += trick_points(variant, cards)
        for side in (0, 1):
            if sum(1 for seat, _ in st.tricks if seat & 1 == side) == 10:
                counted[side] += variant.capot
        counted[st.tricks[-1][0] & 1] += variant.last_trick
        assert counted == res.tricks
        # the most a deal's tricks can bring: six tricks of four counting cards, capot, last trick
        assert sum(res.tricks) <= 6 * variant.trick_scale[4] + variant.capot + variant.last_trick


@pytest.mark.parametrize("variant", FORMS, ids=IDS)
def test_random_games(variant):
    for seed in range(300):
        game = random_partie(variant, seed)
        assert game.over and max(game.scores) >= variant.target
        assert sum(game.settlement) == 0
        assert game.value in (variant.target, variant.target * variant.double_factor)
        loser = 1 - game.winner
        assert (game.value == variant.target * variant.double_factor) == (game.scores[loser] < variant.double_below)
        assert game.scores[game.winner] > game.scores[loser]


def test_trick_winner_matches_the_shared_rule():
    """The state's inline trick winner is cardrules.tricks.trick_winner with the game's ranks."""
    rng = random.Random(5)
    variant = PRESETS["semerik"]
    for seed in range(300):
        st = State(variant, make_deal(variant, seed))
        while not st.is_terminal():
            acts = st.legal_actions()
            if st.phase == Phase.PLAY and len(st.trick) == 3:
                seats = st.trick_seats  # (the trick's order of play, from its leader)
                assert seats[3] == st.cur
                c = acts[int(rng.random() * len(acts))]
                cards = st.trick + [c]
                st.apply(c)
                assert st.tricks[-1][0] == seats[trick_winner(cards, variant.trump, STRENGTH)]
            else:
                st.apply(acts[int(rng.random() * len(acts))])


def test_random_irregularities_are_fined():
    rng = random.Random(9)
    variant = PRESETS["semerik"]
    revokes = hints = 0
    for seed in range(400):
        st = State(variant, make_deal(variant, seed))
        while not st.is_terminal():
            acts = list(st.legal_actions())
            if rng.random() < 0.02:
                st.apply(HINT + rng.randrange(4))
                continue
            if st.phase == Phase.PLAY and st.trick:
                h = st.hands[st.cur]
                others = [c for c in range(52) if h >> c & 1 and c not in acts]
                if others and rng.random() < 0.1:
                    st.apply(REVOKE + rng.choice(others))
                    continue
            st.apply(acts[int(rng.random() * len(acts))])
        res = st.result()
        expected = [0, 0]
        for f in st.fines:
            expected[1 - (f.seat & 1)] += f.points
            revokes += f.kind == "revoke"
            hints += f.kind == "hint"
        assert res.fines == expected
        assert st.hands == [0, 0, 0, 0] and len(st.tricks) == 10
    assert revokes > 50 and hints > 50


def test_trick_keys_take_a_trick_as_the_shared_rule():
    """The state's table of trick keys, for every trumps, takes a trick as the shared
    trick_winner does. A key depends only on the trumps, the suit led and the card, so two
    families of tricks cover every comparison the play makes: each card led with each other
    card played to it (the lead against a follower), and, after the lowest card of each suit
    led, every two other cards (one follower against another; that lead takes nothing from
    either). The first highest key must be the card trick_winner names."""
    from cardrules.games.semerik.state import _TRICK_KEYS
    cards = SEVENS_40.cards
    lowest = {min((c for c in cards if c // 13 == s), key=lambda c: STRENGTH[c % 13]) for s in range(4)}
    tricks = [[lead, c] for lead in cards for c in cards if c != lead]
    tricks += [[lead, c, d] for lead in lowest for c in cards for d in cards if len({lead, c, d}) == 3]
    for trump in range(4):
        for trick in tricks:
            keys = _TRICK_KEYS[trump][trick[0] // 13]
            got = max(range(len(trick)), key=lambda i: (keys[trick[i]], -i))
            assert got == trick_winner(trick, trump, STRENGTH), (trump, trick)
