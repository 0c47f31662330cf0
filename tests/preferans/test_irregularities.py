"""The faults of play the Code punishes on the sheet: the revoke found out later
(preferans.procedure.revoke), a look at an old trick or the discard (old-trick), a lead out
of turn in an all-pass (lead-out-of-turn), the talon seen before it is bought (talon-look),
and the last trick, where nothing is punished (last-trick)."""

from dataclasses import replace
from pathlib import Path

import pytest

from cardrules import records
from cardrules.cards import parse_card
from cardrules.engine import IllegalAction
from cardrules.games.preferans import PRESETS, ROSTOV, SOCHI, State
from cardrules.games.preferans.auction import BID, MISERE, PASS, index
from cardrules.games.preferans.deal import deal
from cardrules.games.preferans.play import CLOSED, PASS_WHIST, REVOKE, WHIST, revoke
from cardrules.games.preferans.record import RECORDS
from cardrules.games.preferans.simulate import random_deal
from cardrules.games.preferans.state import DECLARE, DISCARD

from .helpers import STRONG, dealt, entries, play_out

ROOT = Path(__file__).resolve().parents[2]
C = parse_card

# The deal of examples/preferans/sochi-revoke.yaml, by positions (dealer 2: Анна, Борис, Вера).
HANDS = ("♠AKQJ10 ♣A ♦A7 ♥87", "♠98 ♣KQJ ♦KQJ ♥KQ", "♠7 ♣109 ♦1098 ♥AJ109", "♣8 ♣7")


def _seven_spades(v=SOCHI) -> State:
    """Анна's 7♠, Борис whists alone and closed; the first five tricks played."""
    st = State(v, dealt(v, *HANDS))
    for a in (BID + index(7, 0), PASS, PASS, DISCARD + C("♣8"), DISCARD + C("♣7"), DECLARE + index(7, 0),
              WHIST, PASS_WHIST, CLOSED):
        st.apply(a)
    for t in ("♠A ♠8 ♠7", "♠K ♠9 ♥9", "♣A ♣J ♣9", "♦A ♦J ♦8", "♥7 ♥Q ♥A"):
        for c in t.split():
            st.apply(C(c))
    return st


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_random_play_never_offers_a_penalty(name: str) -> None:
    for seed in range(200):
        st = random_deal(PRESETS[name], seed)
        assert not any(isinstance(a, tuple) or (isinstance(a, int) and a >= REVOKE) for a in st.history)
        assert st.penalties is None


def test_a_lawful_card_is_no_revoke() -> None:
    st = _seven_spades()
    st.apply(C("♥J"))                                  # Вера leads a heart; Анна holds ♥8
    with pytest.raises(IllegalAction) as e:
        st.apply(revoke(C("♥8")))
    assert e.value.clause_id == "preferans.procedure.revoke"
    with pytest.raises(IllegalAction) as e:
        st.apply(revoke(C("♣K")))                      # not in Анна's hand
    assert e.value.clause_id == "preferans.play.own-card"


def test_a_revoke_cannot_be_the_lead() -> None:
    st = State(SOCHI, dealt(SOCHI, *STRONG))
    for _ in range(3):
        st.apply(PASS)
    for c in "♥A ♥Q ♥10 ♥K ♥J ♥9".split():
        st.apply(C(c))
    with pytest.raises(IllegalAction) as e:
        st.apply(revoke(C("♠A")))
    assert e.value.clause_id == "preferans.procedure.revoke"


def test_the_declarers_revoke_gives_a_trick_to_the_whister() -> None:
    st = _seven_spades()
    for a in (C("♥J"), revoke(C("♦7")), C("♥K")):
        st.apply(a)
    for t in ("♦K ♦9 ♠10", "♠Q ♣Q ♣10", "♠J ♣K ♦10", "♥8 ♦Q ♥10"):
        for c in t.split():
            st.apply(C(c))
    assert st.tricks == [7, 1, 2]                       # as played
    assert st.facts.tricks == {0: 6, 1: 2, 2: 2}        # after the penalty
    assert entries(st)[0] == ("mountain", 0, 4, None)
    assert "preferans.procedure.revoke" in [s.clause_id for s in st.explain().steps]
    c = st.clone()
    assert c.penalties == st.penalties and c.penalties is not st.penalties


def test_a_defenders_revoke_gives_the_declarer_a_trick() -> None:
    # Борис whists; after Анна's ♥7 lead Борис throws ♦J instead of a heart
    st = State(SOCHI, dealt(SOCHI, *HANDS))
    for a in (BID + index(6, 0), PASS, PASS, DISCARD + C("♣8"), DISCARD + C("♣7"), DECLARE + index(6, 0),
              WHIST, PASS_WHIST, CLOSED, C("♥7"), revoke(C("♦J"))):
        st.apply(a)
    play_out(st)
    played = dict(zip(st.seats, st.tricks))
    assert st.facts.tricks[0] == played[0] + 1
    assert st.facts.tricks[1] + st.facts.tricks[2] == played[1] + played[2] - 1


def test_revokes_on_a_misere_and_an_all_pass() -> None:
    v = SOCHI
    # the misère declarer revokes: a trick more for him. Seed 4 (dealer 2, so seat 0 is first
    # hand and declares): at the 16th action the declarer holds a card he may not play, and
    # plays it; with the first legal card otherwise he takes 6 tricks as played
    st = State(v, deal(v, seed=4, dealer=2))
    st.apply(MISERE); st.apply(PASS); st.apply(PASS)
    st.apply(DISCARD + st.legal_actions()[0] - DISCARD); st.apply(st.legal_actions()[0])
    found = None
    while not st.is_terminal():
        h, legal = st.hands[st.turn], st.legal_actions()
        bad = [c for c in range(52) if h >> c & 1 and c not in legal]
        if bad and found is None and st.turn == st.declarer:
            found = len(st.history)
            st.apply(revoke(bad[0]))
        else:
            st.apply(legal[0])
    assert found is not None, "the seed must give the misère declarer a revoke"
    assert st.tricks[st.declarer] == 6
    assert st.facts.tricks[st.seats[st.declarer]] == 6 + 1
    # a failed misère: the misère's value, 10, per trick taken, with the revoke's trick: 7 × 10
    assert entries(st)[0] == ("mountain", 0, 70, None)
    # all-pass: the offender writes a trick more
    st = State(v, deal(v, seed=11, dealer=0))
    for _ in range(3):
        st.apply(PASS)
    st.apply(revoke(C("♦A")))
    play_out(st)
    assert sum(st.facts.tricks.values()) == 11


def test_revoke_lines_round_trip_through_the_record() -> None:
    text = (ROOT / "examples" / "preferans" / "sochi-revoke.yaml").read_text(encoding="utf-8")
    v = records.verify(text, "sochi-revoke.yaml")
    st = v.states[0]
    lines = RECORDS.format_history(st)
    assert "ренонс ♦7" in lines and "♥J" in lines and "♥K" in lines
    assert RECORDS.parse_actions(_seven_spades(), "revoke ♦7") == [REVOKE + C("♦7")]
    s = RECORDS.summary(st)
    assert any(t.revokes == frozenset({C("♦7")}) for t in s.tricks)


def test_looking_at_the_discard_only_after_the_first_lead_and_only_the_declarer() -> None:
    st = State(SOCHI, dealt(SOCHI, *HANDS))
    for a in (BID + index(6, 0), PASS, PASS, DISCARD + C("♣8"), DISCARD + C("♣7"), DECLARE + index(6, 0),
              WHIST, PASS_WHIST, CLOSED):
        st.apply(a)
    with pytest.raises(IllegalAction, match="until the first lead"):
        st.apply(("looked", 0, "discard"))
    with pytest.raises(IllegalAction, match="no trick has been closed"):
        st.apply(("looked", 0, "trick"))
    st.apply(C("♠A"))
    with pytest.raises(IllegalAction, match="only the declarer"):
        st.apply(("looked", 1, "discard"))
    st.apply(("looked", 0, "discard"))
    play_out(st)
    assert st.facts.penalty == {0: 1}


def test_a_passer_who_looks_loses_nothing() -> None:
    st = _seven_spades()
    st.apply(("looked", 2, "trick"))                    # Вера passed
    play_out(st)
    assert st.facts.penalty is None


def test_looks_on_a_misere_and_an_all_pass_add_a_trick() -> None:
    st = State(SOCHI, dealt(SOCHI, *STRONG))
    for _ in range(3):
        st.apply(PASS)
    for c in "♥A ♥Q ♥10".split():
        st.apply(C(c))
    st.apply(("looked", 2, "trick"))
    play_out(st)
    assert sum(st.facts.tricks.values()) == 11


def test_a_lead_out_of_turn_on_a_contract_is_no_sheet_penalty() -> None:
    st = _seven_spades()
    with pytest.raises(IllegalAction) as e:
        st.apply(("out-of-turn", 1))
    assert e.value.clause_id == "preferans.procedure.lead-out-of-turn"


def test_a_lead_out_of_turn_with_four_players_takes_the_talon_tricks_too() -> None:
    v = replace(SOCHI, players=4)
    st = State(v, deal(v, seed=2, dealer=3))
    for _ in range(3):
        st.apply(PASS)
    seat = st.seats[2]
    st.apply(("out-of-turn", seat))
    assert st.is_terminal() and st.facts.tricks[seat] == 10 and st.dealer_tricks == 0
    with pytest.raises(IllegalAction):
        State(v, deal(v, seed=2, dealer=3)).apply(("out-of-turn", 3))   # the dealer plays no card


def test_the_talon_seen_in_an_all_pass_gives_the_peeker_the_talon_tricks() -> None:
    st = State(SOCHI, dealt(SOCHI, *STRONG))
    st.apply(("talon-look", 2))       # Вера, third hand (position 2)
    st.apply(PASS); st.apply(PASS)    # Анна and Борис pass: all-pass, Вера barred
    assert st.kind == "allpass"
    for c in "♥A ♥Q ♥10 ♥K ♥J ♥9".split():
        st.apply(C(c))
    assert st.tricks == [0, 0, 2]     # both talon tricks are hers, though Анна's aces were higher
    play_out(st)
    assert ("mountain", 2, 5, None) in entries(st)


def test_the_talon_look_rules() -> None:
    st = State(SOCHI, deal(SOCHI, seed=4, dealer=0))
    st.apply(BID + 0)                 # position 0 bids 6♠
    with pytest.raises(IllegalAction, match="highest bidder"):
        st.apply(("talon-look", st.seats[0]))
    st.apply(("talon-look", st.seats[1]))
    st.apply(PASS)                    # position 2 passes: only the bidder is left, he takes the talon
    assert st.phase_name == "discard"
    with pytest.raises(IllegalAction, match="once it is bought"):
        st.apply(("talon-look", st.seats[2]))
    v = replace(SOCHI, players=4)     # the dealer who sits out: five points, nothing more
    st = State(v, deal(v, seed=2, dealer=3))
    st.apply(("talon-look", 3))
    assert st.passed == [False, False, False]
    play_out(st)
    assert ("mountain", 3, 5, None) in entries(st)


def test_rostov_peeker_takes_all_ten_tricks() -> None:
    st = State(ROSTOV, dealt(ROSTOV, *STRONG))
    st.apply(PASS)
    st.apply(("talon-look", 1))       # Борис, second hand, after Анна passed
    st.apply(PASS)
    assert st.is_terminal() and st.tricks == [0, 10, 0]
