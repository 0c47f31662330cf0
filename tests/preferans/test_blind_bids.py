"""Classic's blind bid and blind misère (Code 3.3.19 б, в; preferans.classic.blind-bid,
preferans.classic.blind-misere)."""

from dataclasses import replace

import pytest

from cardrules.engine import IllegalAction
from cardrules.games.preferans import CLASSIC, SOCHI, State
from cardrules.games.preferans.auction import BID, BLIND_PASS, DARK, MISERE, PASS, dark_call, index
from cardrules.games.preferans.deal import deal
from cardrules.games.preferans.play import PASS_WHIST, WHIST
from cardrules.games.preferans.record import RECORDS, format_action
from cardrules.games.preferans.state import AUCTION, DECLARE

from .helpers import play_out


def _won(v, calls, level: int = 6, seed: int = 3) -> State:
    st = State(v, deal(v, seed=seed, dealer=2))
    for a in calls:
        st.apply(a)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    if st.phase_name == "declare":
        st.apply(DECLARE + index(level, 0))
    return st


def test_blind_calls_only_where_agreed() -> None:
    with pytest.raises(IllegalAction) as e:
        State(SOCHI, deal(SOCHI, seed=3)).apply(dark_call(BID))
    assert e.value.clause_id == "preferans.classic.blind-bid"


def test_random_play_is_never_offered_a_blind_call() -> None:
    st = State(CLASSIC, deal(CLASSIC, seed=3))
    assert all(a < DARK for a in st.legal_actions())


def test_a_blind_pass_is_still_blind_but_ends_the_players_bidding() -> None:
    st = State(CLASSIC, deal(CLASSIC, seed=3))
    st.apply(BLIND_PASS)                       # first hand (seat 1), before looking
    st.apply(dark_call(BID + index(7, 0)))     # the second hand, who has not looked either
    assert st._high_dark()
    st.apply(PASS)                             # third hand
    # the blind pass was his last word: the auction ends without asking him again, and the
    # blind seven of the second hand (position 1, seat 2) stands
    assert st.phase_name == "discard" and st.declarer == 1 and st.seats[1] == 2


def test_a_blind_six_must_be_whisted_by_both_and_counts_double() -> None:
    st = _won(CLASSIC, [dark_call(BID), PASS, PASS])
    assert st.legal_actions() == [WHIST]
    with pytest.raises(IllegalAction):
        st.apply(PASS_WHIST)
    st.apply(WHIST); st.apply(WHIST)
    assert st.phase_name == "play" and len(st.whisters) == 2
    play_out(st)
    open_ = _won(CLASSIC, [BID, PASS, PASS])
    open_.apply(WHIST); open_.apply(WHIST)
    play_out(open_)
    assert st.tricks == open_.tricks                 # the same play, the same tricks
    for a, b in zip(st.entries, open_.entries):
        doubled = a.seat == 0 if a.kind != "whists" else a.on == 0
        assert a.amount == (2 * b.amount if doubled else b.amount)
    assert "preferans.classic.blind-bid" in [s.clause_id for s in st.explain().steps]


def test_a_blind_seven_is_whisted_as_usual() -> None:
    st = _won(CLASSIC, [dark_call(BID + index(7, 0)), PASS, PASS], level=7)
    assert st.legal_actions() == [WHIST, PASS_WHIST]


def test_looking_ends_the_blindness() -> None:
    # the first hand bids blind, then (having looked) outbids openly: no doubling
    st = State(CLASSIC, deal(CLASSIC, seed=3, dealer=2))
    for a in (dark_call(BID), BID + 1, PASS, BID + 2):
        st.apply(a)
    st2 = State(CLASSIC, deal(CLASSIC, seed=3))
    for a in (BID, PASS, BID + 1):
        st2.apply(a)
    with pytest.raises(IllegalAction, match="looked"):
        st2.apply(dark_call(BID + 2))               # the first hand spoke openly before
    st.apply(PASS)
    assert st.phase_name == "discard" and st.dark_game == 1


def test_the_blind_game_on_a_bomb_multiplies() -> None:
    st = State(CLASSIC, deal(CLASSIC, seed=3, dealer=2), bombs=[2, 1, 1])
    for a in (dark_call(BID), PASS, PASS):
        st.apply(a)
    st.apply(st.legal_actions()[0]); st.apply(st.legal_actions()[0]); st.apply(DECLARE)
    st.apply(WHIST); st.apply(WHIST)
    play_out(st)
    mine = [e for e in st.entries if e.seat == 0 and e.kind != "whists"]
    assert all("bomb × 2" in e.text and "blind × 2" in e.text for e in mine)


def test_the_blind_misere() -> None:
    st = State(CLASSIC, deal(CLASSIC, seed=3))
    st.apply(dark_call(MISERE))
    with pytest.raises(IllegalAction) as e:
        st.apply(BID + index(9, 4))
    assert e.value.clause_id == "preferans.classic.blind-misere"
    c = st.clone()
    c.apply(BID + index(10, 0))                     # an open ten outbids it
    assert c.high == index(10, 0)
    st.apply(PASS); st.apply(PASS)
    assert st.dark_game == CLASSIC.blind_misere_factor == 2
    st.apply(st.legal_actions()[0]); st.apply(st.legal_actions()[0])
    play_out(st)
    # seed 3, everyone playing his lowest lawful card: the misère fails (the declarer, seat 1,
    # takes some tricks; the test needs that branch, not a particular count). A failed misère
    # writes its value, 10, per trick taken to the mountain, doubled for the blind call
    taken = st.tricks[0]
    assert taken > 0 and st.seats[0] == 1
    e0 = st.entries[0]
    assert (e0.kind, e0.seat, e0.amount) == ("mountain", 1, taken * 10 * 2) and "blind × 2" in e0.text
    plain = State(replace(CLASSIC, blind_misere_factor=1), deal(CLASSIC, seed=3))
    plain.apply(dark_call(MISERE)); plain.apply(PASS); plain.apply(PASS)
    assert plain.dark_game == 1


def test_record_notation() -> None:
    st = State(CLASSIC, deal(CLASSIC, seed=3))
    assert RECORDS.parse_actions(st, "раз втёмную") == [dark_call(BID)]
    assert RECORDS.parse_actions(st, "blind 7♠") == [dark_call(BID + index(7, 0))]
    assert RECORDS.parse_actions(st, "7NT втемную") == [dark_call(BID + index(7, 4))]
    assert RECORDS.parse_actions(st, "мизер втёмную") == RECORDS.parse_actions(st, "blind misere") == \
        [dark_call(MISERE)]
    assert RECORDS.parse_actions(st, "пас втёмную") == [BLIND_PASS]
    for a in (dark_call(BID), dark_call(MISERE)):
        assert RECORDS.parse_actions(st, format_action(a, AUCTION)) == [a]


def test_a_blind_winner_may_turn_to_misere_before_discarding() -> None:
    st = State(CLASSIC, deal(CLASSIC, seed=3, dealer=2))
    for a in (dark_call(BID), PASS, PASS):
        st.apply(a)
    assert st.legal_actions()[-1] == MISERE
    st.apply(st.legal_actions()[0])                  # once he discards, it is too late
    assert MISERE not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply(MISERE)
    open_ = State(CLASSIC, deal(CLASSIC, seed=3, dealer=2))
    for a in (BID, PASS, PASS):
        open_.apply(a)
    assert MISERE not in open_.legal_actions()       # only after blind bidding
    st = State(CLASSIC, deal(CLASSIC, seed=3, dealer=2))
    for a in (dark_call(BID), PASS, PASS, MISERE):
        st.apply(a)
    assert RECORDS.format_history(st)[-1] == "мизер"
    play_out(st)
    assert st.kind == "misere" and st.dark_game == 1 and "blind" not in st.entries[0].text
