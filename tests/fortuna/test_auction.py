"""The bidding: quota, re-passing and the dealer's exception, неволя, all pass."""

import pytest

from cardrules.engine import IllegalAction
from cardrules.games.fortuna import FOUR, THREE, State
from cardrules.games.fortuna.auction import HOLD, NEVOLIA, PASS, PLAY, Auction, allpass_stakes, quota
from cardrules.games.fortuna.deal import deal


def test_quota_grows_by_one_per_passer():
    # two tricks, plus one for each opponent who passed (fortuna.bidding.quota)
    assert [quota(FOUR, p) for p in (0, 1, 2)] == [2, 3, 4]
    # three-handed: leve count above four (fortuna.three.quota)
    assert [quota(THREE, p) for p in (0, 1)] == [4, 5]


def test_nevolia_quota_is_the_base_plus_every_other_player():
    # 2 + 3 passers = 5 (four-handed), 4 + 2 = 6 (three-handed): the entry's 5 and 6
    assert FOUR.nevolia_quota == quota(FOUR, 3) == 5
    assert THREE.nevolia_quota == quota(THREE, 2) == 6


def test_first_round_goes_round_from_the_dealers_left():
    a = Auction(FOUR, dealer=1)
    seen = []
    for call in (PLAY, PLAY, PLAY, PLAY):
        seen.append(a.current)
        a.apply(call)
    assert seen == [2, 3, 0, 1]
    assert a.done and a.declarers == [2, 3, 0, 1] and a.quota == 2  # nobody passed: nobody may re-pass


def test_repass_chain_never_asks_the_dealer():
    # dealer 3. 0 plays, 1 passes, 2 plays, 3 plays. Seat 0 may re-pass (seat 1 passed
    # after him); seat 2 may not (the only pass came before his call). Seat 0 re-passes:
    # now a pass follows seat 2's call, so he is asked; the dealer never is.
    a = Auction(FOUR, dealer=3)
    for call in (PLAY, PASS, PLAY, PLAY):
        a.apply(call)
    assert a.current == 0 and a.legal() == [HOLD, PASS]
    a.apply(PASS)
    assert a.current == 2
    a.apply(HOLD)
    assert a.done and sorted(a.declarers) == [2, 3]
    assert a.quota == 4  # two passed: 2 + 2


def test_lone_declarer_chooses_repass_or_nevolia():
    a = Auction(FOUR, dealer=3)
    for call in (PLAY, PASS, PASS, PASS):
        a.apply(call)
    assert a.current == 0 and a.legal() == [PASS, NEVOLIA]
    b = Auction(FOUR, dealer=3)
    for call in (PLAY, PASS, PASS, PASS, PASS):
        b.apply(call)
    assert b.all_passed
    c = Auction(FOUR, dealer=3)
    for call in (PLAY, PASS, PASS, PASS, NEVOLIA):
        c.apply(call)
    assert c.nevolia == 0 and c.quota == 5


def test_lone_dealer_cannot_repass():
    a = Auction(FOUR, dealer=3)
    for call in (PASS, PASS, PASS, PLAY):
        a.apply(call)
    assert a.current == 3 and a.legal() == [NEVOLIA]
    with pytest.raises(IllegalAction) as err:
        a.apply(PASS)
    assert err.value.clause_id == "fortuna.bidding.dealer-alone"
    # the other reading of the open question
    b = Auction(FOUR.with_options(dealer_may_repass_alone=True), dealer=3)
    for call in (PASS, PASS, PASS, PLAY):
        b.apply(call)
    assert b.legal() == [PASS, NEVOLIA]


def test_dealer_left_alone_by_a_repass_must_force_nevolia():
    # fortuna.bidding.dealer-alone, second case: the dealer declared after two passes
    # (quota 4, one opponent); that opponent re-passes and leaves him alone. The
    # default keeps the dealer's exception here too: неволя, 5 tricks, all four play.
    a = Auction(FOUR, dealer=3)
    for call in (PLAY, PASS, PASS, PLAY):
        a.apply(call)
    assert a.quota == 4 and a.current == 0 and a.legal() == [HOLD, PASS]
    a.apply(PASS)                       # seat 0 re-passes
    assert not a.done and a.declarers == [3] and a.current == 3
    assert a.legal() == [NEVOLIA]
    with pytest.raises(IllegalAction) as err:
        a.apply(PASS)
    assert err.value.clause_id == "fortuna.bidding.dealer-alone"
    a.apply(NEVOLIA)
    assert a.done and a.nevolia == 3 and a.quota == 5
    # in a deal: the dealer forces неволя and every seat plays
    st = State(FOUR, deal(FOUR, seed=5, dealer=3))
    for call in (PLAY, PASS, PASS, PLAY, PASS, NEVOLIA):
        st.apply(call)
    assert st.nevolia == 3 and st.quota == 5 and sorted(st.playing) == [0, 1, 2, 3]
    # the other reading: the lone dealer may re-pass, and the deal is thrown in
    b = Auction(FOUR.with_options(dealer_may_repass_alone=True), dealer=3)
    for call in (PLAY, PASS, PASS, PLAY, PASS):
        b.apply(call)
    assert b.legal() == [PASS, NEVOLIA]
    b.apply(PASS)
    assert b.all_passed
    # three-handed: the same rule, quota 6 in неволя
    c = Auction(THREE, dealer=2)
    for call in (PLAY, PASS, PLAY, PASS):
        c.apply(call)
    assert c.legal() == [NEVOLIA]
    c.apply(NEVOLIA)
    assert c.nevolia == 2 and c.quota == 6


def test_calls_out_of_place_name_their_clause():
    a = Auction(FOUR, dealer=0)
    with pytest.raises(IllegalAction) as err:
        a.apply(HOLD)
    assert err.value.clause_id == "fortuna.bidding.order"
    for call in (PLAY, PASS, PLAY, PLAY):
        a.apply(call)
    with pytest.raises(IllegalAction) as err:
        a.apply(NEVOLIA)
    assert err.value.clause_id == "fortuna.bidding.nevolia"


def test_all_pass_stakes():
    # four-handed: 6 from each but the dealer; three-handed: 8
    assert allpass_stakes(FOUR, 2) == [6, 6, 0, 6]
    assert allpass_stakes(THREE, 1) == [8, 0, 8]


def test_all_pass_in_a_state():
    st = State(FOUR, deal(FOUR, seed=11, dealer=0))
    for _ in range(4):
        st.apply(PASS)
    assert st.is_terminal()
    res = st.settlement()
    # seats 1, 2, 3 stake 6 each: 18 into the pool; the dealer nothing
    assert res.all_passed and res.chips == [0, -6, -6, -6] and res.pool_in == 18
    assert "fortuna.bidding.all-pass" in st.explain().clauses


def test_a_card_in_the_bidding_is_named_as_a_card():
    """A record that starts its play before its calls is told which card came too early, as
    the notation writes it, not by its number; a number that is no card nor call is shown
    briefly, however large."""
    from cardrules.cards import ACE, SPADES, card

    a = Auction(FOUR, dealer=0)
    with pytest.raises(IllegalAction) as err:
        a.apply(card(SPADES, ACE))
    assert err.value.message.endswith("not the card ♠A")
    with pytest.raises(IllegalAction) as err:
        a.apply(10**5000)
    assert err.value.message.endswith("not a number out of range")
