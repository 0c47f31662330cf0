"""The bidding ladder, holding, the misère, the exit from all-pass (Code 2.2.2, 3.3, 3.6.4, 3.7.8)."""

from dataclasses import replace

import pytest

from cardrules.engine import IllegalAction
from cardrules.games.preferans import CLASSIC, SOCHI, State
from cardrules.games.preferans.auction import BID, MISERE, PASS, bid_name, index, legal_calls, legal_contracts
from cardrules.games.preferans.deal import deal
from cardrules.cards import parse_card
from cardrules.games.preferans.state import DECLARE, DISCARD

from .helpers import STRONG, dealt


def names(calls):
    return [("pass" if a == PASS else "misère" if a == MISERE else bid_name(a - BID)) for a in calls]


def test_ladder_runs_from_six_spades_to_ten_no_trumps():
    assert [bid_name(i) for i in range(0, 10)] == ["6♠", "6♣", "6♦", "6♥", "6NT", "7♠", "7♣", "7♦", "7♥", "7NT"]
    assert bid_name(24) == "10NT" and index(9, 3) == 18


def test_opening_calls():
    calls = names(legal_calls(SOCHI, 0, -1, -1, False, False, 0))
    assert calls[0] == "6♠" and calls[-3:] == ["10NT", "misère", "pass"] and len(calls) == 27


def test_an_earlier_hand_may_hold_a_later_hands_bid():
    # first hand (0) may say «здесь» to the second hand's 6♣; the third hand (2) may not
    assert names(legal_calls(SOCHI, 0, 1, 1, True, False, 0))[0] == "6♣"
    assert names(legal_calls(SOCHI, 2, 1, 1, False, False, 0))[0] == "6♦"


def test_misere_only_as_first_call_and_outbid_only_by_nine():
    assert MISERE not in legal_calls(SOCHI, 0, 3, 1, True, False, 0)       # has bid already
    assert MISERE in legal_calls(SOCHI, 1, index(8, 4), 0, False, False, 0)  # 8NT is below misère
    assert MISERE not in legal_calls(SOCHI, 1, index(9, 0), 0, False, False, 0)
    after = names(legal_calls(SOCHI, 2, MISERE, 0, False, False, 0))
    assert after[0] == "9♠" and "8NT" not in after


def test_no_jumps_option():
    v = replace(SOCHI, allow_jumps=False)
    assert names(legal_calls(v, 2, 2, 1, False, False, 0)) == ["6♥", "misère", "pass"]
    assert names(legal_calls(v, 0, 2, 1, True, False, 0)) == ["6♦", "6♥", "pass"]


def test_exit_after_all_pass():
    # Sochi: a 6 is enough; Classic: at least a 7 after an all-pass
    st = State(SOCHI, deal(SOCHI, 1), streak=1)
    assert names(st.legal_actions())[0] == "6♠"
    st = State(CLASSIC, deal(CLASSIC, 1), streak=1)
    assert names(st.legal_actions())[0] == "7♠"
    with pytest.raises(IllegalAction) as e:
        st.apply(BID + 0)
    assert e.value.clause_id == "preferans.allpass.exit"


def test_contract_not_lower_than_the_bid():
    assert legal_contracts(index(10, 3)) == [23, 24]
    st = State(SOCHI, dealt(SOCHI, *STRONG))
    st.apply(BID + index(7, 0))      # first hand: 7♠
    st.apply(PASS)
    st.apply(PASS)
    st.apply(DISCARD + parse_card("♥8"))      # discard the talon again
    st.apply(DISCARD + parse_card("♥7"))
    assert st.legal_actions()[0] == DECLARE + index(7, 0)
    with pytest.raises(IllegalAction) as e:
        st.apply(DECLARE + index(6, 4))
    assert e.value.clause_id == "preferans.bidding.contract-not-lower"


def test_misere_outbid_by_nine_passes_the_misere_caller():
    st = State(SOCHI, dealt(SOCHI, *STRONG))
    st.apply(MISERE)
    with pytest.raises(IllegalAction) as e:
        st.apply(BID + index(8, 4))
    assert e.value.clause_id == "preferans.bidding.misere-outbid"
    st.apply(BID + index(9, 0))
    st.apply(PASS)
    assert st.phase_name == "discard" and st.declarer == 1


def test_all_pass_starts_an_all_pass():
    st = State(SOCHI, deal(SOCHI, 2))
    for _ in range(3):
        st.apply(PASS)
    assert st.kind == "allpass" and st.phase_name == "play"


def test_undo_and_clone():
    st = State(SOCHI, deal(SOCHI, 2))
    st.apply(BID)
    c = st.clone()
    st.apply(BID + 1)
    st.undo()
    assert st.history == c.history == [BID] and st.legal_actions() == c.legal_actions()


def test_only_the_first_hand_holds_unless_the_table_agrees_otherwise():
    # Code 3.3.8 gives «здесь» to the first hand; the second hand holding the third's bid is
    # the editorial option hold_any_earlier (preferans.bidding.hold-earlier)
    assert names(legal_calls(SOCHI, 1, 1, 2, True, False, 0))[0] == "6♦"
    assert names(legal_calls(replace(SOCHI, hold_any_earlier=True), 1, 1, 2, True, False, 0))[0] == "6♣"
    # the first hand holds either later hand's bid
    assert names(legal_calls(SOCHI, 0, 1, 2, True, False, 0))[0] == "6♣"


def test_the_first_hand_holds_six_spades():
    # The second hand bid 6♠, the lowest step; the first hand (pos 0, who bid before) may
    # hold it with «здесь» (Code 3.3.8): 6♠ is his lowest call; the third hand must go higher
    from cardrules.games.preferans.auction import call_name, legal_calls
    assert call_name(legal_calls(SOCHI, 0, index(6, 0), 1, True, False, 0)[0]) == "6♠"
    assert call_name(legal_calls(SOCHI, 2, index(6, 0), 1, True, False, 0)[0]) == "6♣"
    # without jumps he may hold it or go one step up, nothing else
    no_jumps = replace(SOCHI, allow_jumps=False)
    assert [call_name(a) for a in legal_calls(no_jumps, 0, index(6, 0), 1, True, False, 0)] == ["6♠", "6♣", "pass"]
    # holding ten no trumps, the top of the ladder, there is no step up
    assert [call_name(a) for a in legal_calls(no_jumps, 0, index(10, 4), 1, True, False, 0)] == ["10NT", "pass"]
    # holding 10♥, one step is left: 10NT
    assert [call_name(a) for a in legal_calls(no_jumps, 0, index(10, 3), 1, True, False, 0)] == ["10♥", "10NT", "pass"]


def test_misere_over_eight_no_trumps_but_not_over_nine():
    # a misère ranks between 8NT and 9♠ (Sochi): a hand that has not bid may call it over 8NT,
    # not over 9♠; a misère caller's only call afterwards is pass
    from cardrules.games.preferans.auction import call_allowed, legal_calls
    over_8nt = (SOCHI, 1, index(8, 4), 0, False, False, 0)
    over_9 = (SOCHI, 1, index(9, 0), 0, False, False, 0)
    assert MISERE in legal_calls(*over_8nt) and call_allowed(*over_8nt, MISERE)
    assert MISERE not in legal_calls(*over_9) and not call_allowed(*over_9, MISERE)
    after_misere = (SOCHI, 1, index(8, 4), 0, False, True, 0)
    assert legal_calls(*after_misere) == [PASS]
    assert not call_allowed(*after_misere, BID + index(9, 0)) and call_allowed(*after_misere, PASS)


def test_call_allowed_agrees_without_jumps():
    from cardrules.games.preferans.auction import call_allowed
    no_jumps = replace(SOCHI, allow_jumps=False)
    # the first hand holds 6♠ or goes one step up (6♣), not two (6♦)
    args = (no_jumps, 0, index(6, 0), 1, True, False, 0)
    assert [call_allowed(*args, BID + index(6, s)) for s in (0, 1, 2)] == [True, True, False]
