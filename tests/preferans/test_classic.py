"""Classic: the blind pass, the bombs it earns and how they are spent (Code 3.3.19 a, notes 29 and 30),
the compulsory opening all-passes (3.7.9), the dealer who deals again after an all-pass (3.7.7)."""

from dataclasses import replace

import pytest

from cardrules.cards import parse_card
from cardrules.engine import IllegalAction
from cardrules.games.preferans import CLASSIC, SOCHI, State
from cardrules.games.preferans.auction import BID, BLIND_PASS, MISERE, PASS, call_name, index
from cardrules.games.preferans.play import PASS_WHIST, WHIST
from cardrules.games.preferans.scoring import DealFacts, score_allpass
from cardrules.games.preferans.state import DECLARE, DISCARD, Pulka

from .helpers import STRONG, dealt, entries, play_out


def test_blind_pass_only_in_classic_and_only_as_a_first_call():
    assert BLIND_PASS not in State(SOCHI, dealt(SOCHI, *STRONG)).legal_actions()
    st = State(CLASSIC, dealt(CLASSIC, *STRONG))
    assert BLIND_PASS in st.legal_actions()
    st.apply(BID)                       # first hand 6♠
    st.apply(BID + 1)                   # second hand 6♣
    st.apply(PASS)                      # third hand
    assert BLIND_PASS not in st.legal_actions()      # the first hand has spoken already
    with pytest.raises(IllegalAction) as e:
        st.apply(BLIND_PASS)
    assert e.value.clause_id == "preferans.classic.blind-pass"


def test_blind_pass_raises_the_bidding_to_seven():
    st = State(CLASSIC, dealt(CLASSIC, *STRONG))
    st.apply(BLIND_PASS)               # first hand passes blind
    assert call_name(st.legal_actions()[0]) == "7♠"


def test_blind_all_pass_doubles_the_price_and_earns_bombs():
    st = State(CLASSIC, dealt(CLASSIC, *STRONG))
    st.apply(BLIND_PASS)
    st.apply(PASS)
    st.apply(PASS)
    play_out(st)
    # the first hand took all ten tricks: 10 × 1 × 2 = 20; the clean hands write 2 to the pool
    assert entries(st) == [("mountain", 0, 20, None), ("pool", 1, 2, None), ("pool", 2, 2, None)]
    assert st.bombs_earned == {0: 2}     # only the blind passer earns a bomb


def test_second_blind_all_pass_in_a_row_quadruples():
    f = DealFacts("allpass", 3, 2, tricks={0: 4, 1: 3, 2: 3}, dark=2)
    assert [(e.kind, e.seat, e.amount) for e in score_allpass(CLASSIC, f)] == [("mountain", 0, 4)]
    st = State(CLASSIC, dealt(CLASSIC, *STRONG), streak=1, dark=1)
    assert call_name(st.legal_actions()[0]) == "7♠"       # after one blind all-pass: a seven
    st.apply(BLIND_PASS)
    assert call_name(st.legal_actions()[0]) == "8♠"       # a second blind pass: an eight


def _six_diamonds(st: State) -> State:
    # the first hand (seat 0) has no diamond: with diamonds trumps he cannot make six
    st.apply(BID)
    st.apply(PASS)
    st.apply(PASS)
    st.apply(DISCARD + parse_card("♥8"))
    st.apply(DISCARD + parse_card("♥7"))
    st.apply(DECLARE + index(6, 2))
    st.apply(WHIST)
    st.apply(WHIST)
    return play_out(st)


def test_code_note_30_bombs_spent_in_order():
    # seat 0 holds bombs of 2, 4 and 8. He goes down on a six: written double, the bomb stays.
    p = Pulka(CLASSIC, dealer=2)
    p.bombs[0] = [2, 4, 8]
    st = _six_diamonds(p.new_deal(dealt=dealt(CLASSIC, *STRONG)))
    short = 6 - st.tricks[0]
    assert short > 0 and ("mountain", 0, 2 * short * 2, None) in entries(st)
    assert all(a % 2 == 0 for k, s, a, on in entries(st) if k == "whists")
    p.finish(st)
    assert p.bombs[0] == [2, 4, 8]
    # next he makes a seven (unwhisted, so counted made): 4 × 2 = 8; the first bomb is spent
    p.dealer = 2
    st = p.new_deal(dealt=dealt(CLASSIC, *STRONG))
    for a in (BID + index(7, 0), PASS, PASS, DISCARD + parse_card("♥8"), DISCARD + parse_card("♥7"),
              DECLARE + index(7, 0), PASS_WHIST, PASS_WHIST):
        st.apply(a)
    assert entries(st) == [("pool", 0, 8, None)]
    p.finish(st)
    assert p.bombs[0] == [4, 8]
    # then a misère on the second bomb: written four times over
    p.dealer = 2
    st = p.new_deal(dealt=dealt(CLASSIC, *STRONG))
    for a in (MISERE, PASS, PASS, DISCARD + parse_card("♥8"), DISCARD + parse_card("♥7")):
        st.apply(a)
    play_out(st)
    t = st.tricks[0]
    assert entries(st) == ([("mountain", 0, 10 * t * 4, None)] if t else [("pool", 0, 40, None)])


def test_opening_compulsory_blind_all_passes():
    v = replace(CLASSIC, opening_allpass_rounds=1)
    p = Pulka(v, dealer=0)
    dealers = []
    for k in range(3):
        st = p.new_deal(seed=k)
        assert st.kind == "allpass" and st.forced and st.phase_name == "play"
        dealers.append(p.dealer)
        play_out(st)
        p.finish(st)
    # one round: each player deals one compulsory all-pass; everybody earns bombs of growing size
    assert dealers == [0, 1, 2] and [len(b) for b in p.bombs] == [3, 3, 3]
    assert p.bombs[0] == [2, 4, 8]
    st = p.new_deal(seed=9)
    assert not st.forced and call_name(st.legal_actions()[0]) == "9♠"   # three blind all-passes: a nine


def test_classic_dealer_deals_again_after_an_all_pass():
    p = Pulka(CLASSIC, dealer=1)
    st = p.new_deal(seed=3)
    for _ in range(3):
        st.apply(PASS)
    play_out(st)
    p.finish(st)
    assert p.dealer == 1 and p.streak == 1 and p.dark == 0


def test_classic_starts_with_an_ordinary_deal_unless_agreed():
    # by default no compulsory blind all-passes open the pulka: its first deal is bid as usual,
    # from the lowest step of the ladder
    st = Pulka(CLASSIC, dealer=0).new_deal(seed=0)
    assert not st.forced and st.phase_name == "auction" and call_name(st.legal_actions()[0]) == "6♠"
