"""Every action the rules forbid is refused with the clause it breaks, in a player's
words, and leaves the state exactly as it was."""

import random

import pytest

from cardrules.cards import HEARTS, parse_card, parse_cardset
from cardrules.engine import IllegalAction
from cardrules.games.terts import PRESETS, ROZALIEV, State
from cardrules.games.terts.deal import Deal, deal as make_deal
from cardrules.games.terts.declarations import ANNOUNCE, ANSWER, ASK, EQUAL, GOOD, MARRIAGE, PASS, beat
from cardrules.games.terts.play import REVOKE, is_revoke
from cardrules.games.terts.state import NUM_ACTIONS

from conftest import refusal

from .test_conformance import snapshot


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=list(PRESETS))
def test_every_illegal_action_is_refused_and_changes_nothing(variant):
    rng = random.Random(1)
    wrong, refusals = [], 0
    for seed in range(4):
        st = State(variant, make_deal(variant, seed, seed % 2))
        while not wrong:
            legal = set(st.legal_actions())
            for action in range(-3, NUM_ACTIONS + 3):
                if action in legal:
                    continue
                if action >= REVOKE and st.phase == 1 and is_revoke(
                        variant, st.hands[st.cur], action - REVOKE, st.lead, st.trump, len(st.stock)):
                    continue  # a revoke found out is an irregularity the state accepts
                refusals += 1
                _, problem = refusal(st, action, snapshot, "terts")
                if problem:
                    wrong.append(f"seed {seed}: {problem}")
                    break  # an accepted action has moved the state on
            if st.is_terminal():
                break
            st.apply(sorted(legal)[rng.randrange(len(legal))])
    assert not wrong, wrong[:5]
    assert refusals > 50_000  # every position's whole action range was tried


def dealt(h0: str, h1: str, turned: str = "♥J", dealer: int = 1) -> State:
    from cardrules.cards import PIQUET_32

    a, b, t = parse_cardset(h0), parse_cardset(h1), parse_card(turned)
    rest = tuple(c for c in PIQUET_32.cards if not (a | b) >> c & 1 and c != t)
    return State(ROZALIEV, Deal(dealer, (a, b), t, rest))


ELDER = "♠J ♠10 ♠9 ♣A ♦A ♦8 ♥7 ♥9 ♣8 ♦10"


def refused(st: State, action: int) -> str:
    before = snapshot(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(action)
    assert snapshot(st) == before
    return err.value.clause_id


def test_refusals_name_their_clauses():
    st = dealt(ELDER, "♣Q ♣J ♣10 ♠A ♠7 ♦K ♦9 ♦7 ♥8 ♥A")
    assert refused(st, parse_card("♠J")) == "terts.declarations.before-lead"
    assert refused(st, ANNOUNCE + 1) == "terts.dialogue.announce"          # no четверик in hand
    assert refused(st, GOOD) == "terts.dialogue.announce"
    st.apply(ANNOUNCE + 0)
    assert refused(st, beat(0, parse_card("♣Q"))) == "terts.dialogue.higher-class"  # ask first
    assert refused(st, beat(1, parse_card("♣Q"))) == "terts.dialogue.higher-class"  # no such group
    st.apply(ASK)
    assert refused(st, ANSWER + parse_card("♠Q")) == "terts.dialogue.answer"  # not his top card
    assert refused(st, ANSWER + parse_card("♣Q")) == "terts.dialogue.answer"  # not his card at all
    st.apply(ANSWER + parse_card("♠J"))
    assert refused(st, EQUAL) == "terts.dialogue.equal"
    assert refused(st, beat(0, parse_card("♣K"))) == "terts.dialogue.not-good"   # a терц he does not hold
    st.apply(beat(0, parse_card("♣Q")))
    assert st.dialogue.declared == [0, 20]
    assert refused(st, MARRIAGE) == "terts.play.trick"                     # the boasting is over
    assert refused(st, parse_card("♣Q")) == "terts.play.trick"                # not the elder's card
    st.apply(parse_card("♠9"))
    assert refused(st, parse_card("♦K")) == "terts.play.duties"              # must follow suit
    assert refused(st, REVOKE + parse_card("♠A")) == "terts.revoke.penalty"  # a legal card is no revoke


def test_asking_without_a_group_of_the_kind():
    st = dealt(ELDER, "♣Q ♣10 ♣9 ♠A ♠7 ♦K ♦9 ♦7 ♥8 ♥A")
    st.apply(ANNOUNCE + 0)
    assert refused(st, ASK) == "terts.dialogue.ask"


def test_the_elder_who_passed_can_only_concede():
    st = dealt("♠K ♠9 ♠7 ♣Q ♣10 ♣8 ♦K ♦9 ♦7 ♥8", "♠A ♣A ♦A ♥A ♠Q ♣J ♦10 ♠8 ♣7 ♦8")
    st.apply(PASS)
    st.apply(ANNOUNCE + 8)  # four aces
    assert refused(st, ASK) == "terts.dialogue.pass"
    st.apply(GOOD)
    assert st.dialogue.declared == [0, 100]


def test_marriage_only_from_its_holder_step():
    st = dealt("♠K ♠Q ♠J ♣A ♦A ♦8 ♥7 ♥9 ♣8 ♦10", "♥K ♥Q ♥J ♠A ♠7 ♦K ♦9 ♦7 ♣9 ♣7", turned="♥A")
    for a in (ANNOUNCE + 0, ASK, ANSWER + parse_card("♠K"), beat(0, parse_card("♥K"))):
        st.apply(a)
    assert st.current_player() == 1 and st.legal_actions() == [MARRIAGE, PASS]
    assert refused(st, GOOD) == "terts.declarations.marriage-when"
    st.apply(MARRIAGE)
    assert st.dialogue.marriage == [0, 20]


def test_after_the_end():
    from cardrules.games.terts.simulate import random_deal

    st = random_deal(ROZALIEV, seed=1)
    assert refused(st, parse_card("♠A")) == "terts.scoring.deal"


def test_stock_exhausted_duty_to_head():
    st = dealt(ELDER, "♣Q ♣J ♣10 ♠A ♠7 ♦K ♦9 ♦7 ♥8 ♥A")
    st.stock = []  # as when the stock has run out
    for a in (PASS, PASS):
        st.apply(a)
    st.apply(parse_card("♠9"))
    assert refused(st, parse_card("♠7")) == "terts.play.duties"  # holds ♠A, must beat the ♠9
    st.apply(parse_card("♠A"))


NO_ACTIONS = [True, False, 65.0, 3.0, float("nan"), -1, -10**100, 10**100, NUM_ACTIONS, None, "терц", b"\x00",
              (), (ANNOUNCE,), [], {}, object()]


def test_values_of_no_band_are_refused_in_every_phase():
    """Other types (a bool, a float equal to a call), negative and huge numbers: refused with
    the clause of the phase, one short line, the state untouched and the history clean."""
    rng = random.Random(3)
    st = State(ROZALIEV, make_deal(ROZALIEV, 2, 0))
    seen = {}
    while True:
        before = snapshot(st), dict(st.__dict__)
        for value in NO_ACTIONS:
            with pytest.raises(IllegalAction) as err:
                st.apply(value)
            text = str(err.value)
            assert "\n" not in text and len(text) < 200, text
            seen[st.phase.name] = err.value.clause_id
            assert (snapshot(st), dict(st.__dict__)) == before, value
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    assert seen == {"DECLARE": "terts.dialogue.announce", "PLAY": "terts.play.trick", "DONE": "terts.scoring.deal"}


def test_a_whole_number_of_another_class_is_taken_as_itself():
    from enum import IntEnum

    Word = IntEnum("Word", {"PASS": PASS})
    st = State(ROZALIEV, make_deal(ROZALIEV, 2, 0))
    assert PASS in st.legal_actions()
    st.apply(Word.PASS)
    assert st.history == [PASS] and type(st.history[0]) is int


def test_undo_leaves_no_field_behind():
    """A field set by an undone action (here one planted by hand) is gone after undo()."""
    st = State(ROZALIEV, make_deal(ROZALIEV, 2, 0))
    st.apply(st.legal_actions()[0])
    fresh = State(ROZALIEV, make_deal(ROZALIEV, 2, 0))
    st.__dict__["_left_behind"] = 1
    st.undo()
    assert st.__dict__.keys() == fresh.__dict__.keys()
