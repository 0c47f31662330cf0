"""The state machine's contract: undo and clone, and every illegal action refused with
its clause and the state left as it was."""

import random

import pytest

from cardrules.cards import parse_card
from cardrules.engine import IllegalAction
from cardrules.games.semerik import SEMERIK, State
from cardrules.games.semerik.deal import Deal, deal as make_deal
from cardrules.games.semerik.state import BABA, DONE, HINT, NUM_ACTIONS, REVOKE, TRIO, Phase, action_to_string
from cardrules.cards import ACE, HEARTS, SEVEN, SPADES, THREE, KING, CLUBS

from .helpers import play_all, snapshot

#: Seat 0: heart баба with K, three 7s, three 4s; seat 1: spade баба with K Q J; seat 2:
#: club баба with K Q J; seat 3 nothing. Глеб (3) deals, seat 0 speaks first.
DEAL = Deal.parse(["♥32AK ♠7 ♣7 ♦7 ♠4 ♣4 ♦4", "♠32AKQJ ♣65 ♦65",
                   "♣32AKQJ ♦32 ♥7 ♥6", "♦AKQJ ♥QJ54 ♠65"], dealer=3)


def test_undo_restores_every_state():
    rng = random.Random(3)
    for seed in range(150):
        st = State(SEMERIK, make_deal(SEMERIK, seed, dealer=seed % 4))
        while not st.is_terminal():
            before = snapshot(st)
            acts = st.legal_actions()
            st.apply(acts[int(rng.random() * len(acts))])
            if rng.random() < 0.3:
                st.undo()
                assert snapshot(st) == before
                st.apply(acts[0])
    with pytest.raises(IndexError):
        State(SEMERIK, DEAL).undo()


def test_clone_is_equal_and_independent():
    rng = random.Random(4)
    for seed in range(100):
        st = State(SEMERIK, make_deal(SEMERIK, seed))
        steps = rng.randrange(1, 50)
        while not st.is_terminal() and steps:
            acts = st.legal_actions()
            st.apply(acts[int(rng.random() * len(acts))])
            steps -= 1
        other = st.clone()
        assert snapshot(other) == snapshot(st)
        if not other.is_terminal():
            other.apply(other.legal_actions()[0])
            assert snapshot(other) != snapshot(st)


def test_action_strings_are_unique():
    names = [action_to_string(a) for a in range(NUM_ACTIONS)]
    meaningful = [n for n in names if not n.startswith("action ")]
    assert len(meaningful) == len(set(meaningful)) == 52 + 13 + 4 + 1 + 4 + 52


def _refused(st: State, action: int, clause: str) -> None:
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    assert info.value.clause_id == clause, info.value
    assert snapshot(st) == before


def _in_play() -> State:
    return play_all(State(SEMERIK, DEAL), [DONE] * 4)


@pytest.mark.parametrize("action, clause", [
    (parse_card("♥3"), "semerik.declarations.before-lead"),          # a card before the declarations end
    (REVOKE + parse_card("♥3"), "semerik.declarations.before-lead"),
    (200, "semerik.declarations.before-lead"),                         # no action at all
    (HINT + 4, "semerik.declarations.before-lead"),                    # no fifth seat
    (TRIO + ACE, "semerik.declarations.three-top"),                    # seat 0 has one ace
    (TRIO + KING, "semerik.declarations.three-other"),
    (BABA + SPADES, "semerik.declarations.baba"),                      # the spade баба is seat 1's
])
def test_illegal_declarations(action, clause):
    _refused(State(SEMERIK, DEAL), action, clause)


def test_a_declaration_is_written_once():
    st = play_all(State(SEMERIK, DEAL), [TRIO + SEVEN])
    _refused(st, TRIO + SEVEN, "semerik.declarations.three-sevens")


def test_without_overlap_a_card_counts_once():
    strict = SEMERIK.with_options(overlap=False)
    hand = Deal.parse(["♠32A ♣3 ♦3 ♣4 ♣5 ♣6 ♦4 ♦5", "♠KQJ7654 ♣2A7", "♥32AKQJ7654", "♣KQJ ♦2AKQJ76"], dealer=3)
    st = play_all(State(strict, hand), [BABA + SPADES])
    _refused(st, TRIO + THREE, "semerik.declarations.three-top")
    assert TRIO + THREE in play_all(State(SEMERIK, hand), [BABA + SPADES]).legal_actions()


def test_illegal_plays():
    st = _in_play()                                        # seat 0 leads
    _refused(st, parse_card("♦3"), "semerik.play.trick")   # not in seat 0's hand
    _refused(st, DONE, "semerik.play.trick")
    _refused(st, TRIO + SEVEN, "semerik.play.trick")
    st.apply(parse_card("♠7"))                             # seat 1 holds spades
    _refused(st, parse_card("♣6"), "semerik.play.follow-suit")
    _refused(st, REVOKE + parse_card("♠3"), "semerik.irregularities.revoke")   # ♠3 follows suit: no revoke
    _refused(st, REVOKE + parse_card("♥5"), "semerik.irregularities.revoke")   # not his card
    st.apply(REVOKE + parse_card("♣6"))                    # a real revoke is accepted, and fined
    assert st.fines[-1].kind == "revoke"


def test_no_action_after_the_deal():
    rng = random.Random(1)
    st = State(SEMERIK, DEAL)
    while not st.is_terminal():
        acts = st.legal_actions()
        st.apply(acts[int(rng.random() * len(acts))])
    for action in (0, DONE, HINT + 1, REVOKE + 3):
        _refused(st, action, "semerik.play.all-tricks")


def test_values_that_are_no_action_are_refused():
    """Only whole numbers of the action bands are actions: a True is not card 1 (♠3), a
    65.0 not «trio 3», and nothing of another type is taken, in any phase."""
    values = (True, False, 65.0, -1, NUM_ACTIONS, 10**100, -10**100, None, "♠7", (), [DONE], object())
    for value in values:
        _refused(State(SEMERIK, DEAL), value, "semerik.declarations.before-lead")
        _refused(_in_play(), value, "semerik.play.trick")
    over = _in_play()
    while not over.is_terminal():
        over.apply(over.legal_actions()[0])
    for value in values:
        _refused(over, value, "semerik.play.all-tricks")
    with pytest.raises(IllegalAction) as info:
        State(SEMERIK, DEAL).apply(10**100)
    assert len(str(info.value)) < 200 and "out of range" in str(info.value)


def test_an_int_enum_is_taken_as_its_number():
    from enum import IntEnum

    Say = IntEnum("Say", {"DONE": DONE})
    st = State(SEMERIK, DEAL)
    st.apply(Say.DONE)
    assert st.history == [DONE] and type(st.history[0]) is int and st.current_player() == 1


def test_undo_leaves_no_field_behind():
    st = _in_play()
    st.apply(parse_card("♠7"))
    st.result_cache = "left by an action"   # a field an action might set and undo forget
    st.undo()
    assert not hasattr(st, "result_cache")
    assert snapshot(st) == snapshot(_in_play()) and st.__dict__.keys() == _in_play().__dict__.keys()


def test_hints_do_not_change_the_turn():
    st = State(SEMERIK, DEAL)
    st.apply(HINT + 3)
    assert st.current_player() == 0 and st.phase == Phase.DECLARE
    st = _in_play()
    st.apply(parse_card("♠7"))
    st.apply(HINT + 0)
    assert st.current_player() == 1 and [f.seat for f in st.fines] == [0]


def test_result_only_when_over():
    with pytest.raises(ValueError):
        State(SEMERIK, DEAL).result()


def test_declarations_go_round_from_the_dealers_left():
    st = State(SEMERIK, DEAL)
    seats = []
    while st.phase == Phase.DECLARE:
        seats.append(st.current_player())
        st.apply(DONE)
    assert seats == [0, 1, 2, 3] and st.current_player() == 0
    assert BABA + HEARTS in State(SEMERIK, DEAL).legal_actions()
    assert BABA + CLUBS not in State(SEMERIK, DEAL).legal_actions()
