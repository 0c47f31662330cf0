"""The four-handed dealer's rights to whist (Code 3.8.8, 3.8.8.1, 3.8.8.2;
preferans.whist.dealer)."""

from dataclasses import replace

import pytest

from cardrules.engine import IllegalAction
from cardrules.games.preferans import LENINGRAD, SOCHI, State
from cardrules.games.preferans.auction import BID, PASS, index
from cardrules.games.preferans.deal import deal
from cardrules.games.preferans.play import HALF_WHIST, PASS_WHIST, WHIST
from cardrules.games.preferans.state import DECLARE

from .helpers import play_out

FOUR = replace(SOCHI, players=4)


def _to_whist(v, level: int) -> State:
    st = State(v, deal(v, seed=2, dealer=3))
    for a in (BID + index(level, 0), PASS, PASS):
        st.apply(a)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    st.apply(DECLARE + index(level, 0))
    return st


def test_three_players_have_no_dealer_to_ask() -> None:
    st = State(SOCHI, deal(SOCHI, seed=2, dealer=2))
    for a in (BID + index(8, 0), PASS, PASS):
        st.apply(a)
    st.apply(st.legal_actions()[0]); st.apply(st.legal_actions()[0]); st.apply(DECLARE + index(8, 0))
    st.apply(PASS_WHIST); st.apply(PASS_WHIST)
    assert st.is_terminal() and st.facts.whist == "none"


@pytest.mark.parametrize("level", [8, 9, 10])
def test_after_two_passes_on_eight_or_more_the_dealer_is_asked(level: int) -> None:
    st = _to_whist(FOUR, level)
    st.apply(PASS_WHIST); st.apply(PASS_WHIST)
    assert st.current_player() == 3 and st.legal_actions() == [WHIST, PASS_WHIST]
    st.apply(PASS_WHIST)
    assert st.is_terminal() and st.facts.whist == "none"


def test_on_a_six_two_passes_end_the_whist() -> None:
    st = _to_whist(FOUR, 6)
    st.apply(PASS_WHIST); st.apply(PASS_WHIST)
    assert st.is_terminal() and st.facts.whist == "none"


def test_the_option_off_gives_the_old_game() -> None:
    st = _to_whist(replace(FOUR, dealer_whist=False), 8)
    st.apply(PASS_WHIST); st.apply(PASS_WHIST)
    assert st.is_terminal()


def test_after_a_half_whist_the_dealer_speaks_last() -> None:
    st = _to_whist(FOUR, 6)
    st.apply(PASS_WHIST); st.apply(HALF_WHIST)
    assert st.current_player() == st.seats[st.wpending[0]]      # first the passer
    st.apply(PASS_WHIST)
    assert st.current_player() == 3                            # then the dealer
    with pytest.raises(IllegalAction):
        st.apply(HALF_WHIST)
    c = st.clone()
    c.apply(PASS_WHIST)                                         # the half-whist stands
    assert c.facts.whist == "half"
    st.apply(WHIST)                                             # the dealer takes the whist back
    half = st.seats[st.wpending[1]]
    play_out(st)
    f = st.facts
    assert f.whisters == (3,) and f.half_withdrawn == half and half not in f.passers
    assert all(e.seat != half for e in st.entries if e.kind == "whists")   # he writes nothing


def test_the_dealer_writes_all_whists_and_one_consolation_even_in_leningrad() -> None:
    v = replace(LENINGRAD, players=4)
    shorts = 0
    for seed in range(40):
        st = State(v, deal(v, seed=seed, dealer=3))
        for a in (BID + index(8, 0), PASS, PASS):
            st.apply(a)
        st.apply(st.legal_actions()[0]); st.apply(st.legal_actions()[0]); st.apply(DECLARE + index(8, 0))
        st.apply(PASS_WHIST); st.apply(PASS_WHIST); st.apply(WHIST)
        play_out(st)
        defence = sum(t for s, t in st.facts.tricks.items() if s != 0)
        mine = [e for e in st.entries if e.kind == "whists" and e.seat == 3]
        trick_whists = [e for e in mine if e.clause == "preferans.scoring.whist-value"]
        assert sum(e.amount for e in trick_whists) == defence * v.whist_value(8)
        # the consolation, once: the whist value of an 8 in Leningrad, 6 × 2 = 12, per trick short
        short = max(0, 8 - st.facts.tricks[0])
        shorts += bool(short)
        cons = [e.amount for e in mine if e.clause == "preferans.scoring.consolation"]
        assert cons == ([12 * short] if short else [])
    assert shorts, "some of the seeds must put the declarer down, or the consolation goes unchecked"
