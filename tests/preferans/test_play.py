"""Whist decisions, open and closed whist, trick play, misère, all-pass and the two-handed game,
played on hand-built deals whose outcome does not depend on the choice of cards."""

from dataclasses import replace

import pytest

from cardrules.cards import parse_card
from cardrules.engine import IllegalAction
from cardrules.games.preferans import GUSARIK, LENINGRAD, ROSTOV, SOCHI, State
from cardrules.games.preferans.auction import BID, MISERE, PASS, index
from cardrules.games.preferans.play import CLOSED, HALF_WHIST, OPEN, PASS_WHIST, WHIST
from cardrules.games.preferans.state import DECLARE, DISCARD

from .helpers import STRONG, dealt, entries, play_out


def declare(st: State, contract: int, bid: int = 0, discard: str = "♥8 ♥7") -> State:
    """First hand bids ``bid``, the others pass; ``discard`` (the talon) goes back; ``contract`` is named."""
    st.apply(BID + bid)
    st.apply(PASS)
    st.apply(PASS)
    for c in discard.split():
        st.apply(DISCARD + parse_card(c))
    st.apply(DECLARE + contract)
    return st


def test_ten_sure_tricks_one_whister_fails_the_obligation():
    # seat 0 holds eight spades and ♥AK: 8♠ takes all ten tricks whatever is played
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(8, 0))
    assert st.current_player() == 1 and st.legal_actions() == [WHIST, PASS_WHIST]   # no half-whist on 8
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    assert st.legal_actions() == [OPEN, CLOSED]
    st.apply(CLOSED)
    play_out(st)
    assert st.tricks == [10, 0, 0]
    # 8 made: 6 to the pool; the whister owed 1 trick of 1: responsible whist, 6 × 1 to the mountain
    assert entries(st) == [("pool", 0, 6, None), ("mountain", 1, 6, None)]


@pytest.mark.parametrize("variant, remise", [(ROSTOV, 3), (LENINGRAD, 6)])
def test_half_responsible_whist(variant, remise):
    # Rostov: half of 6; Leningrad: half of the doubled 12
    st = declare(State(variant, dealt(variant, *STRONG)), index(8, 0))
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    st.apply(OPEN)
    play_out(st)
    assert ("mountain", 1, remise, None) in entries(st)


def test_open_whist_the_whister_plays_the_passers_cards():
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(6, 0))
    st.apply(PASS_WHIST)
    st.apply(WHIST)        # seat 2 whists, seat 1 passed
    st.apply(OPEN)
    st.apply(parse_card("♠A"))              # the declarer leads
    assert st.current_player() == 2          # seat 2 plays seat 1's card
    assert st.turn == 1


def test_both_pass_counts_the_contract_made_without_play():
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(7, 4))
    st.apply(PASS_WHIST)
    st.apply(PASS_WHIST)
    assert st.is_terminal() and entries(st) == [("pool", 0, 4, None)]


def test_half_whist_and_taking_the_whist_back():
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(6, 0))
    st.apply(PASS_WHIST)
    assert HALF_WHIST in st.legal_actions()
    st.apply(HALF_WHIST)
    assert st.current_player() == 1 and st.legal_actions() == [WHIST, PASS_WHIST]
    st.apply(PASS_WHIST)
    # 6 counted made; the half-whister writes half the obligation: 2 tricks × 2
    assert entries(st) == [("pool", 0, 2, None), ("whists", 2, 4, 0)]
    st2 = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(7, 0))
    st2.apply(PASS_WHIST)
    st2.apply(HALF_WHIST)
    st2.apply(WHIST)                  # the first defender takes the whist back
    assert st2.legal_actions() == [OPEN, CLOSED] and st2.whisters == [1]


def test_must_follow_suit_and_must_trump():
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(6, 0))
    st.apply(WHIST)
    st.apply(WHIST)
    st.apply(parse_card("♥A"))
    with pytest.raises(IllegalAction) as e:
        st.apply(parse_card("♣A"))        # seat 1 holds ♥QJ
    assert e.value.clause_id == "preferans.play.follow-suit"
    st.apply(parse_card("♥Q"))
    st.apply(parse_card("♥9"))
    st.apply(parse_card("♥K"))
    st.apply(parse_card("♥J"))
    st.apply(parse_card("♥10"))
    st.apply(parse_card("♠7"))
    assert st.legal_actions() == sorted(st.legal_actions()) and len(st.legal_actions()) == 8   # void: any club


def test_misere_made_when_every_card_is_lowest():
    # the misère hand keeps the lowest cards of every suit: it can never win a trick
    d = dealt(SOCHI, "♠AKQJ10 ♣AKQJ10", "♠987 ♣987 ♦87 ♥87", "♦KQJ1098 ♥KQJ10", "♦A ♥A")
    st = State(SOCHI, d)
    st.apply(PASS)
    st.apply(MISERE)
    st.apply(PASS)
    st.apply(DISCARD + parse_card("♦A"))
    st.apply(DISCARD + parse_card("♥A"))
    assert st.phase_name == "play"          # no whist on a misère
    play_out(st, pick=max)
    assert st.tricks[1] == 0 and entries(st) == [("pool", 1, 10, None)]


def test_misere_failed_costs_ten_a_trick():
    d = dealt(SOCHI, "♥KQJ1098 ♠AKQ", "♥A ♠987 ♣987 ♦87 ♥7", "♣AKQJ10 ♦KQJ109", "♦A ♠J")
    st = State(SOCHI, d)
    st.apply(PASS)
    st.apply(MISERE)
    st.apply(PASS)
    st.apply(DISCARD + parse_card("♦A"))
    st.apply(DISCARD + parse_card("♠J"))
    st.apply(parse_card("♥K"))   # the first hand leads a heart
    st.apply(parse_card("♥A"))   # the misère hand could play ♥7, but plays the ace
    st.apply(parse_card("♣A"))   # the third hand has no heart: ♥A takes the trick
    play_out(st)
    t = st.tricks[1]
    assert t >= 1 and entries(st) == [("mountain", 1, 10 * t, None)]


def test_all_pass_talon_leads_and_amnesty():
    st = State(SOCHI, dealt(SOCHI, *STRONG))
    for _ in range(3):
        st.apply(PASS)
    assert st.talon_trick and st.led == 3                       # ♥8 turned: hearts led
    assert list(st.legal_actions()) == [parse_card("♥K"), parse_card("♥A")]
    play_out(st)
    # the first hand wins both talon tricks (♥A, ♥K beat ♥Q J 10 9), then all eight spades
    assert st.tricks == [10, 0, 0]
    # amnesty by 0; 10 tricks × 1 to the mountain; the two clean hands write 1 to the pool
    assert entries(st) == [("mountain", 0, 10, None), ("pool", 1, 1, None), ("pool", 2, 1, None)]


def test_all_pass_progression_second_in_a_row():
    st = State(SOCHI, dealt(SOCHI, *STRONG), streak=1)
    for _ in range(3):
        st.apply(PASS)
    play_out(st)
    assert entries(st) == [("mountain", 0, 20, None), ("pool", 1, 2, None), ("pool", 2, 2, None)]


def test_all_pass_rostov_on_whists_without_the_talon():
    st = State(ROSTOV, dealt(ROSTOV, *STRONG))
    for _ in range(3):
        st.apply(PASS)
    assert not st.talon_trick and st.current_player() == 0
    play_out(st)
    # seats 1 and 2 tie on 0 tricks: 10 × 5 = 50 whists on seat 0, shared: 25 each; 1 to the pool each
    assert entries(st) == [("whists", 1, 25, 0), ("whists", 2, 25, 0), ("pool", 1, 1, None), ("pool", 2, 1, None)]


def test_four_players_the_dealer_sits_out_and_turns_the_talon():
    v = replace(SOCHI, players=4)
    d = dealt(v, *STRONG, dealer=3)
    assert d.seats == (0, 1, 2)
    st = State(v, d)
    for _ in range(3):
        st.apply(PASS)
    play_out(st)
    assert st.dealer_tricks == 0 and st.tricks == [10, 0, 0]
    # the dealer took nothing from the talon: no amnesty; he too writes 1 to the pool
    assert entries(st) == [("mountain", 0, 10, None), ("pool", 1, 1, None), ("pool", 2, 1, None),
                           ("pool", 3, 1, None)]


def test_four_players_consolation_to_the_sitting_out_dealer():
    # Seat 0 names 6♣ holding no club: ♦AKQJ10987 ♥10 9. Seat 1 holds the eight clubs and ♥QJ,
    # seat 2 the eight spades and ♥AK; the dealer (seat 3) sits out. Whatever is played, seat 0
    # takes nothing: he leads once, and then never wins the lead back (a diamond lead is trumped
    # by seat 1, who must trump; his ♥10 9 are the lowest hearts; on a club or spade lead he has
    # neither the suit nor a trump).
    v = replace(SOCHI, players=4)
    d = dealt(v, "♦AKQJ10987 ♥10 ♥9", "♣AKQJ10987 ♥QJ", "♠AKQJ10987 ♥AK", "♥8 ♥7", dealer=3)
    st = declare(State(v, d), index(6, 1))
    st.apply(WHIST)
    st.apply(WHIST)
    play_out(st)
    assert st.tricks[0] == 0 and sum(st.tricks) == 10
    # 6 without 6: 6 × 2 to the mountain; the consolation is the whist value of a six, 2, per
    # missing trick: 6 × 2 = 12 to each whister and to the dealer who sat out (Code note 36)
    rows = entries(st)
    assert rows[0] == ("mountain", 0, 12, None)
    cons = [(e.seat, e.amount, e.on) for e in st.entries if e.clause == "preferans.scoring.consolation"]
    assert cons == [(1, 12, 0), (2, 12, 0), (3, 12, 0)]
    # and the whisters' ten tricks at 2 each, however they shared them
    assert sum(e.amount for e in st.entries if e.clause == "preferans.scoring.whist-value") == 10 * 2
    # without the option the dealer writes nothing
    st = declare(State(replace(v, consolation_to_dealer=False), d), index(6, 1))
    st.apply(WHIST)
    st.apply(WHIST)
    play_out(st)
    assert [e.seat for e in st.entries if e.clause == "preferans.scoring.consolation"] == [1, 2]


def test_gusarik_one_defender_plays_the_dummy():
    d = dealt(GUSARIK, *STRONG, dealer=1)
    assert d.seats == (0, -1, 1)
    st = State(GUSARIK, d)
    assert st.legal_actions()[-1] == PASS
    st.apply(BID)                       # seat 0: 6♠
    st.apply(PASS)                      # seat 1 (the dummy never bids)
    st.apply(DISCARD + parse_card("♥8"))
    st.apply(DISCARD + parse_card("♥7"))
    st.apply(DECLARE + index(6, 0))
    assert st.current_player() == 1 and st.legal_actions() == [WHIST, PASS_WHIST]
    st.apply(WHIST)
    st.apply(parse_card("♠A"))
    assert st.current_player() == 1 and st.turn == 1      # seat 1 plays the dummy's card
    play_out(st)
    # 6 made with ten tricks; the defender owed 4: 4 × 2 to the mountain
    assert entries(st) == [("pool", 0, 2, None), ("mountain", 1, 8, None)]


def test_gusarik_all_pass_dummy_plays_lowest_and_talon_stays_shut():
    st = State(GUSARIK, dealt(GUSARIK, *STRONG, dealer=1))
    st.apply(PASS)
    st.apply(PASS)
    assert st.kind == "allpass" and not st.talon_trick
    play_out(st)
    assert sum(st.tricks) == 10 and st.hands == [0, 0, 0]


def test_explain_names_the_clauses():
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(8, 0))
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    st.apply(CLOSED)
    play_out(st)
    clauses = st.explain().clauses
    assert "preferans.scoring.made" in clauses and "preferans.whist.responsibility" in clauses


def test_gentleman_whister_may_still_go_for_half():
    # Leningrad: the first defender says «вист», the second passes; the whister may go for half
    st = declare(State(LENINGRAD, dealt(LENINGRAD, *STRONG)), index(6, 0))
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    assert st.legal_actions() == [OPEN, CLOSED, HALF_WHIST]
    st.apply(HALF_WHIST)
    assert st.current_player() == 2 and st.legal_actions() == [WHIST, PASS_WHIST]
    st.apply(PASS_WHIST)
    # half of 4 tricks at the doubled whist value: 2 × 4 = 8
    assert entries(st) == [("pool", 0, 2, None), ("whists", 1, 8, 0)]
    # …or the passer takes the whist back and defends alone
    st = declare(State(LENINGRAD, dealt(LENINGRAD, *STRONG)), index(7, 0))
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    st.apply(HALF_WHIST)
    st.apply(WHIST)
    assert st.whisters == [2] and st.legal_actions() == [OPEN, CLOSED]
    # Sochi has no such option
    st = declare(State(SOCHI, dealt(SOCHI, *STRONG)), index(6, 0))
    st.apply(WHIST)
    st.apply(PASS_WHIST)
    assert st.legal_actions() == [OPEN, CLOSED]


#: Анна (first hand): five top spades and ♣A are six tricks; her red cards all lose.
DOWN_ONE = ("♠AKQJ10 ♣A ♥87 ♦87", "♠987 ♣KQJ ♦AKQJ", "♣1098 ♥AKQJ109 ♦10", "♣7 ♦9")
DOWN_ONE_PLAY = "♠A ♠7 ♣8 ♠K ♠8 ♣9 ♠Q ♠9 ♣10 ♠J ♣J ♦10 ♠10 ♣Q ♥9 ♣A ♣K ♥10 ♥8 ♦J ♥J ♥A ♥7 ♦Q ♥K ♦8 ♦K ♥Q ♦7 ♦A"


def test_a_half_whister_whose_whist_is_taken_back_writes_nothing():
    # Code 3.8.14: «уходивший за полвиста вистов при ремизе разыгрывающего не пишет».
    # Leningrad, 7♠ down one: Борис whists, Вера passes, Борис goes for half, Вера takes
    # the whist back and defends alone. Вера: 4 defence tricks × 8 + consolation 1 × 8 = 40;
    # Борис writes nothing (before the fix he shared: 16 + 8).
    st = declare(State(LENINGRAD, dealt(LENINGRAD, *DOWN_ONE)), index(7, 0), discard=DOWN_ONE[3])
    for a in (WHIST, PASS_WHIST, HALF_WHIST, WHIST, CLOSED):
        st.apply(a)
    for c in DOWN_ONE_PLAY.split():
        st.apply(parse_card(c))
    assert st.is_terminal() and st.tricks == [6, 0, 4]
    assert st.facts.passers == () and st.facts.half_withdrawn == 1 and st.facts.whisters == (2,)
    assert entries(st) == [("mountain", 0, 8, None), ("whists", 2, 32, 0), ("whists", 2, 8, 0)]
    assert not any(e.seat == 1 for e in st.entries)
    assert "preferans.whist.gentleman-half-whist" in st.explain().clauses


def test_a_half_whister_taken_back_by_the_first_defender_writes_nothing_either():
    # Sochi: Борис passes, Вера goes for half, Борис takes the whist back. Under the greedy
    # whist Вера, as a passer, would have written the consolation; having gone for half she does not.
    st = declare(State(SOCHI, dealt(SOCHI, *DOWN_ONE)), index(7, 0), discard=DOWN_ONE[3])
    for a in (PASS_WHIST, HALF_WHIST, WHIST, CLOSED):
        st.apply(a)
    play_out(st)
    f = st.facts
    assert f.whisters == (1,) and f.passers == () and f.half_withdrawn == 2
    assert not any(e.seat == 2 for e in st.entries)
    short = 7 - f.tricks[0]
    defence = f.tricks[1] + f.tricks[2]
    # Борис writes every defence trick (his own and Вера's) and, if Анна went down, the consolation
    assert sum(e.amount for e in st.entries if e.kind == "whists" and e.seat == 1) == 4 * defence + 4 * short
