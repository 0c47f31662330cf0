"""Undo and clone, illegal actions refused with their clause and the state unchanged,
and every engine option changing an expected value."""

import copy
import random

import pytest

from conftest import refusal

from cardrules.engine import IllegalAction
from cardrules.games.preference import AUSTRIAN, PRESETS, Partie, State
from cardrules.games.preference.auction import FOUR, HEARTS, HOLD, ONE, PASS, SPIEL, THREE, TWO
from cardrules.games.preference.deal import deal
from cardrules.games.preference.scoring import payoff
from cardrules.games.preference.simulate import random_deal
from cardrules.games.preference.state import ALONE, DECLINE, DEFEND, INVITE, NUM_ACTIONS, Phase
from cardrules.rules import VariantError


def _snapshot(st):
    d = {k: v for k, v in st.__dict__.items() if k != "auction"}
    return copy.deepcopy(d), copy.deepcopy(st.auction.__dict__)


def test_undo_replays_to_the_same_state():
    for seed in range(60):
        st = random_deal(AUSTRIAN, seed, dealer=seed % 3)
        hist = list(st.history)
        while st.history:
            st.undo()
        assert st.phase == Phase.AUCTION and st.hands == list(st.deal.hands)
        for a in hist:
            st.apply(a)
        assert st.tricks == random_deal(AUSTRIAN, seed, dealer=seed % 3).tricks
        assert st.result() == random_deal(AUSTRIAN, seed, dealer=seed % 3).result()


def test_clone_is_independent():
    rng = random.Random(1)
    for seed in range(40):
        st = State(AUSTRIAN, deal(AUSTRIAN, seed))
        for _ in range(rng.randrange(0, 20)):
            if st.is_terminal():
                break
            st.apply(rng.choice(st.legal_actions()))
        twin = st.clone()
        before = _snapshot(st)
        while not twin.is_terminal():
            twin.apply(rng.choice(twin.legal_actions()))
        assert _snapshot(st) == before


def test_every_illegal_action_is_refused_with_a_clause_and_changes_nothing():
    rng = random.Random(7)
    refused, wrong = set(), []
    for seed in range(150):
        v = PRESETS[["austrian", "rules-1829", "styrian"][seed % 3]]
        st = State(v, deal(v, seed, seed % 3))
        while not st.is_terminal() and not wrong:
            legal = set(st.legal_actions())
            for a in rng.sample(range(NUM_ACTIONS), 12):
                if a in legal:
                    continue
                clause, problem = refusal(st, a, _snapshot, "preference")
                if problem:
                    wrong.append(f"seed {seed}: {problem}")
                    break
                refused.add(clause)
            st.apply(rng.choice(sorted(legal)))
    assert not wrong, wrong[:5]
    for clause in ("preference.austrian.no-jumps", "preference.austrian.exchange", "preference.austrian.trumps",
                   "preference.austrian.defenders", "preference.austrian.play", "preference.austrian.follow-suit"):
        assert clause in refused


def _auction(calls, order=(1, 2, 0), dealer_plays=False):
    from cardrules.games.preference.auction import Auction

    a = Auction(order, dealer_plays)
    for c in calls:
        a.call(c)
    return a


def test_auction_examples():
    a = _auction([ONE, TWO, THREE, PASS, HOLD, FOUR, PASS])
    assert (a.declarer, a.kind, a.level) == (0, "talon", 4)
    a = _auction([ONE, PASS, PASS])
    assert (a.declarer, a.level) == (1, 1)
    a = _auction([SPIEL, HEARTS])
    assert (a.declarer, a.kind) == (2, "hearts")
    a = _auction([PASS, PASS, PASS])
    assert a.done and a.declarer is None
    with pytest.raises(IllegalAction, match="preference.austrian.hold"):
        _auction([ONE, HOLD])


def test_the_state_refuses_a_card_of_another_hand():
    st = State(AUSTRIAN, deal(AUSTRIAN, 8))
    for c in (ONE, PASS, PASS):
        st.apply(c)
    other = next(c for c in range(52) if st.deal.hands[2] >> c & 1)
    with pytest.raises(IllegalAction) as info:
        st.apply(other)
    assert info.value.clause_id == "preference.austrian.exchange"


# --- every option changes a value --------------------------------------------------------

KW = dict(pot=100, trump_number=1, declarer=0, playing=(1, 2), invited_by=None, defenders=(1, 2))


def test_option_pot_limit():
    assert payoff(AUSTRIAN, tricks=[6, 2, 2], **{**KW, "pot": 300}).stake == 300
    assert payoff(AUSTRIAN.with_options(pot_limit=100), tricks=[6, 2, 2], **{**KW, "pot": 300}).stake == 100


def test_option_suit_values():
    assert payoff(AUSTRIAN.with_options(suit_values=(20, 30, 40, 50)), tricks=[6, 2, 2], **KW).stake == 20


def test_option_failed_declarer():
    assert payoff(AUSTRIAN, tricks=[5, 3, 2], **KW).net[0] == -150
    assert payoff(AUSTRIAN.with_options(failed_declarer="trick-money"), tricks=[5, 3, 2], **KW).net[0] == -50


def test_option_invitation_liability():
    kw = {**KW, "invited_by": 1}
    assert payoff(AUSTRIAN, tricks=[7, 3, 0], **kw).net == [70, -70, 0]
    assert payoff(AUSTRIAN.with_options(invitation_liability="each"), tricks=[7, 3, 0], **kw).net == [70, 30, -100]


def test_option_defender_quota():
    assert payoff(AUSTRIAN, tricks=[7, 2, 1], **KW).net[2] == 10 - 100
    assert payoff(AUSTRIAN.with_options(defender_quota=1), tricks=[7, 2, 1], **KW).net[2] == 10


def test_option_ace_bonus():
    from cardrules.cards import parse_cardset

    hand = parse_cardset("♠A ♣A ♦A ♥A ♠K ♠Q ♠J ♣K ♣Q ♣J")
    kw = {**KW, "declarer_hand": hand}
    assert payoff(AUSTRIAN, tricks=[7, 2, 1], **kw).net[0] == 100 - 30
    assert payoff(AUSTRIAN.with_options(ace_bonus=5), tricks=[7, 2, 1], **kw).net[0] == 100 - 30 + 10


def test_option_buy_in_and_dealer_ante():
    p = Partie(AUSTRIAN.with_options(buy_in=30, dealer_ante=20))
    p.new_deal(seed=1)
    assert (p.pot, p.dishes) == (110, [-50, -30, -30])
    p = Partie(AUSTRIAN)
    p.new_deal(seed=1)
    assert p.pot == 160


def test_option_players():
    assert sum(1 for h in deal(AUSTRIAN.with_options(players=4), 1, dealer=0).hands if h) == 3


def test_option_all_pass():
    st = State(AUSTRIAN, deal(AUSTRIAN, 1))
    st.apply(PASS); st.apply(PASS)
    assert PASS in st.legal_actions()
    st = State(PRESETS["rules-1829"], deal(AUSTRIAN, 1))
    st.apply(PASS); st.apply(PASS)
    assert PASS not in st.legal_actions()


def test_option_first_lead():
    for v, leader in ((AUSTRIAN, 1), (AUSTRIAN.with_options(first_lead="eldest"), 1 + 0)):
        st = State(v, deal(v, 1, dealer=0))
        for c in (ONE, PASS, PASS):
            st.apply(c)
        st.apply(st.legal_actions()[0]); st.apply(st.legal_actions()[0])
        st.apply(st.legal_actions()[0])
        st.apply(DEFEND); st.apply(DEFEND)
        assert st.leader == leader
    st = State(AUSTRIAN, deal(AUSTRIAN, 1, dealer=0))
    for c in (PASS, ONE, PASS, PASS):
        st.apply(c) if st.phase == Phase.AUCTION and not st.auction.done else None
    assert st.declarer == 2
    while st.phase != Phase.DEFENCE:
        st.apply(st.legal_actions()[0])
    st.apply(DEFEND); st.apply(DEFEND)
    eldest = State(AUSTRIAN.with_options(first_lead="eldest"), deal(AUSTRIAN, 1, dealer=0))
    for a in st.history:
        eldest.apply(a)
    assert (st.leader, eldest.leader) == (2, 1)


def test_option_must_trump():
    from cardrules.games.preference.play import legal_plays
    from cardrules.cards import parse_cardset, SPADES, HEARTS

    hand = parse_cardset("♥8 ♣9")
    assert legal_plays(hand, SPADES, HEARTS, AUSTRIAN.must_trump) == hand
    assert legal_plays(hand, SPADES, HEARTS, AUSTRIAN.with_options(must_trump=True).must_trump) != hand


def test_bad_options_are_refused_with_their_clause():
    with pytest.raises(VariantError, match="preference.austrian.pot"):
        AUSTRIAN.with_options(buy_in=55)
    with pytest.raises(VariantError, match="preference.austrian.all-pass"):
        PRESETS["rules-1829"].with_options(players=4)


def test_lone_defender_and_invitation_actions():
    st = State(AUSTRIAN, deal(AUSTRIAN, 8))
    for c in (ONE, PASS, PASS):
        st.apply(c)
    while st.phase != Phase.DEFENCE:
        st.apply(st.legal_actions()[0])
    st.apply(DEFEND); st.apply(DECLINE)
    assert st.phase == Phase.INVITE and st.legal_actions() == [INVITE, ALONE]
    st.apply(INVITE)
    assert st.invited_by == st.defenders[0] and st.playing == list(st.defenders)


# --- the Austrian Betl, Sans and Kontra: editorial options, off in every preset -----------

def _to_naming(variant, seed=1):
    """Seat 1 wins «раз» (seats 2 and 0 pass) and lays away two cards: trumps to name."""
    from cardrules.games.preference.state import Phase as P
    st = State(variant, deal(variant, seed=seed, dealer=0))
    for a in (ONE, PASS, PASS):
        st.apply(a)
    for c in st.legal_actions()[:2]:
        st.apply(c)
    assert st.phase == P.TRUMP
    return st


def test_options_betl_and_sans_offered_only_when_on():
    from cardrules.games.preference.state import NAME_BETL, NAME_SANS, NAME_TRUMP
    suits = [NAME_TRUMP[n] for n in (1, 2, 3, 4)]
    assert _to_naming(AUSTRIAN).legal_actions() == suits
    assert _to_naming(AUSTRIAN.with_options(betl=True)).legal_actions() == suits + [NAME_BETL]
    assert _to_naming(AUSTRIAN.with_options(sans=True)).legal_actions() == suits + [NAME_SANS]
    with pytest.raises(IllegalAction) as err:
        _to_naming(AUSTRIAN).apply(NAME_BETL)
    assert err.value.clause_id == "preference.austrian.trumps"


def test_betl_both_defenders_play_without_deciding():
    from cardrules.games.preference.state import NAME_BETL
    st = _to_naming(AUSTRIAN.with_options(betl=True))
    st.apply(NAME_BETL)
    # declarer seat 1 leads (the Austrian first lead); both others play at once
    assert (st.phase, st.game, st.trump, st.playing, st.current_player()) == (Phase.PLAY, "betl", None, [2, 0], 1)


def test_betl_and_sans_values():
    from cardrules.games.preference import STYRIAN
    kw = dict(pot=160, trump_number=0, declarer=0, playing=(1, 2), invited_by=None, defenders=(1, 2))
    betl = AUSTRIAN.with_options(betl=True)
    # no trick: the whole pot (160) from the pot; as hearts in Styrian: 50
    assert payoff(betl, tricks=[0, 5, 5], game="betl", **kw).net == [160, 0, 0]
    assert payoff(STYRIAN.with_options(betl=True), tricks=[0, 5, 5], game="betl", **kw).net == [50, 0, 0]
    # betl_value 40: 40 from the pot; one trick: 40 into the pot, no trick money either way
    assert payoff(betl.with_options(betl_value=40), tricks=[0, 5, 5], game="betl", **kw).net == [40, 0, 0]
    failed = payoff(betl.with_options(betl_value=40), tricks=[1, 5, 4], game="betl", **kw)
    assert (failed.net, failed.pot_change) == ([-40, 0, 0], 40)
    # a failed Betl costs the stake even where a failed suit game costs only trick money
    assert payoff(betl.with_options(failed_declarer="trick-money"), tricks=[2, 4, 4], game="betl", **kw).net == [-160, 0, 0]
    # Sans at 60: made with 6, trick money 6 a trick: 60 - 12 - 12 = 36; seat 1 and 2 take 12 each
    sans = AUSTRIAN.with_options(sans=True, sans_value=60)
    assert payoff(sans, tricks=[6, 2, 2], game="sans", **kw).net == [36, 12, 12]


def test_option_kontra():
    from cardrules.games.preference.state import KONTRA, NAME_SANS, NO_KONTRA
    kw = dict(pot=160, trump_number=2, declarer=0, playing=(1, 2), invited_by=None, defenders=(1, 2))
    # made, 7-2-1: at stake 160, trick money 16; seat 2 short of two pays 160 into the pot
    assert payoff(AUSTRIAN, tricks=[7, 2, 1], **kw).net == [160 - 48, 32, 16 - 160]
    # with kontra all doubled: 320 at stake but the pot pays only its 160; trick money 32;
    # seat 2 pays 320 into the pot
    r = payoff(AUSTRIAN.with_options(kontra=True), tricks=[7, 2, 1], kontra_by=1, **kw)
    assert (r.net, r.pot_change) == ([160 - 96, 64, 32 - 320], -160 + 320)
    # the engine asks each defender who plays, from the declarer's left; one kontra ends the asking
    st = _to_naming(AUSTRIAN.with_options(kontra=True, sans=True))
    st.apply(NAME_SANS)
    st.apply(DEFEND)
    st.apply(DEFEND)
    assert (st.phase, st.current_player(), st.legal_actions()) == (Phase.KONTRA, 2, [KONTRA, NO_KONTRA])
    st.apply(NO_KONTRA)
    assert st.current_player() == 0
    st.apply(KONTRA)
    # the Sans lead: seat 0, before the declarer (seat 1) in the order 1, 2, 0
    assert (st.phase, st.kontra_by, st.current_player()) == (Phase.PLAY, 0, 0)


def test_betl_sans_kontra_values_are_multiples_of_ten():
    for field in ("betl_value", "sans_value"):
        with pytest.raises(VariantError):
            AUSTRIAN.with_options(**{field: 45})
