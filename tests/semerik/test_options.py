"""Every option of the engine changes what it computes: for each parameter a small
case whose expected value, worked out by hand, differs between the default and the
option. A guard test fails when a parameter is added without a case here."""

import pytest

from cardrules.cards import HEARTS, SEVEN, SPADES, THREE, parse_card, parse_cardset, parse_cards
from cardrules.games.semerik import SEMERIK, State
from cardrules.games.semerik.deal import Deal, deal_order, pack
from cardrules.games.semerik.play import winner
from cardrules.games.semerik.scoring import (DealFacts, Fine, baba_points, game_value, game_winner, held, score_deal,
                                             settle, trick_points, trio_points, value)
from cardrules.games.semerik.state import BABA, DONE, HINT, TRIO
from cardrules.rules import VariantError, parameters, with_options
from cardrules.games.semerik.variants import Variant

NO_DECL = [[], [], [], []]


def declared_points(variant, hand_text):
    return sum(d.points for d in value(variant, held(variant, parse_cardset(hand_text))))


def first_hand(variant):
    return deal_order(variant, pack(variant).cards, dealer=3).hands[0]


def fines(variant, fine_list):
    return score_deal(DealFacts(variant, NO_DECL, [], fine_list)).fines


#: option: (changes, what is computed, value under the default, value under the option)
CASES = {
    # the unshuffled pack from ♠2 up, Глеб dealing: in fives seat 0 gets ♠2 3 4 5 (and ♠6);
    # one at a time it gets ♠2 and then every fourth card, ♠6 next
    "packet": ({"packet": 1}, lambda v: first_hand(v) & 0xF, 0b1111, 0b0001),
    "trump": ({"trump": SPADES}, lambda v: winner(v, parse_cards("♠4 ♥3")), 1, 0),
    "seven_trio": ({"seven_trio": 3}, lambda v: trio_points(v, SEVEN, 3, False)[0], 4, 3),
    "top_trio": ({"top_trio": 2}, lambda v: declared_points(v, "♠3 ♣3 ♦3"), 3, 2),
    "other_trio": ({"other_trio": 2}, lambda v: declared_points(v, "♠K ♣K ♦K"), 1, 2),
    "baba_points": ({"baba_points": (3, 4, 5, 6)}, lambda v: declared_points(v, "♠32AKQJ"), 15, 6),
    "heart_baba_bonus": ({"heart_baba_bonus": 0}, lambda v: declared_points(v, "♥32A"), 5, 3),
    "heart_baba_extends": ({"heart_baba_extends": "plain"}, lambda v: declared_points(v, "♥32AK"), 8, 6),
    "baba_trio": ({"baba_trio": 1}, lambda v: declared_points(v, "♠32A ♣3 ♦3"), 3 + 4, 3 + 1),
    "overlap": ({"overlap": False}, lambda v: len(held(v, parse_cardset("♠32A ♣3 ♦3"), used=parse_cardset("♠32A") if not v.overlap else 0)), 2, 0),
    "four_of_a_kind": ({"four_of_a_kind": "as-three"}, lambda v: declared_points(v, "♠2 ♣2 ♦2 ♥2"), 4, 3),
    "four_top": ({"four_top": 5}, lambda v: declared_points(v, "♠A ♣A ♦A ♥A"), 4, 5),
    "trick_scale": ({"trick_scale": (0, 0, 1, 1, 1)}, lambda v: trick_points(v, parse_cardset("♠3 ♠2 ♠4 ♠5")), 0, 1),
    "capot": ({"capot": 0}, lambda v: score_deal(DealFacts(v, NO_DECL, [(1, parse_cardset("♠4 ♠5 ♠6 ♠7"))] * 10, [])).points, [0, 4], [0, 0]),
    "last_trick": ({"last_trick": 1}, lambda v: score_deal(DealFacts(v, NO_DECL, [(0, 0)] * 9 + [(1, 0)], [])).points, [0, 0], [0, 1]),
    "target": ({"target": 31}, lambda v: game_winner(v, [25, 12]), 0, None),
    "double_below": ({"double_below": 5}, lambda v: game_value(v, [21, 8], 0), 42, 21),
    "double_factor": ({"double_factor": 3}, lambda v: game_value(v, [21, 8], 0), 42, 63),
    "both_reach": ({"both_reach": "declarations-first"}, lambda v: game_winner(v, [22, 25], early=[21, 10]), 1, 0),
    "game_value": ({"game_value": "score"}, lambda v: game_value(v, [30, 15], 0), 21, 30),
    "check_target": ({"check_target": "declarations"},
                     lambda v: _declared_then_done(v).is_terminal(), False, True),
    "partners": ({"partners": "shared"}, lambda v: settle(v, 1, 21)[1], 21, 10.5),
    "hint_fine": ({"hint_fine": 3}, lambda v: fines(v, [Fine(0, "hint", v.hint_fine)]), [0, 1], [0, 3]),
    "revoke_fine": ({"revoke_fine": 5}, lambda v: _revoked(v).fines, [0, 3], [0, 5]),
    "fines_to": ({"fines_to": "deduct"}, lambda v: fines(v, [Fine(0, "hint", 1)]), [0, 1], [-1, 0]),
}

#: Seat 0 holds the heart баба with K Q J (17) and three sevens (4): 21 on declarations.
RICH = Deal.parse(["♠74 ♣7 ♦7 ♥32AKQJ", "♠32J ♣3AJ4 ♦2A ♥5", "♠KQ6 ♣K65 ♦Q5 ♥76", "♠A5 ♣2Q ♦3KJ64 ♥4"], dealer=3)


def _declared_then_done(variant) -> State:
    st = State(variant, RICH)
    for action in (BABA + HEARTS, TRIO + SEVEN, DONE, DONE, DONE, DONE):
        st.apply(action)
    return st


def _revoked(variant):
    from cardrules.games.semerik.state import REVOKE
    st = _declared_then_done(variant.with_options(check_target="deal-end"))
    for line in ("♥3 ♥5 ♥6 ♥4", "♥2 ♣4 ♥7 ♦4", "♥A ♠J ♠K ♦K", "♥K ♣J ♠Q ♦J", "♥Q ♦2 ♦5 ♦6", "♥J ♠2 ♣5 ♠5",
                 "♠7 ♠3 ♠6 ♠A", "♣3 ♣K ♣Q"):
        for c in parse_cards(line):
            st.apply(c)
    st.apply(REVOKE + parse_card("♠4"))
    for line in ("♣A ♣6 ♣2 ♣7", "♦3 ♦7 ♦A ♦Q"):
        for c in parse_cards(line):
            st.apply(c)
    return st.result()


@pytest.mark.parametrize("name", list(CASES))
def test_option_changes_the_result(name):
    changes, compute, default, changed = CASES[name]
    assert compute(SEMERIK) == default
    assert compute(with_options(SEMERIK, changes)) == changed
    assert default != changed


def test_every_option_has_a_case():
    assert {name for name, _, _ in parameters(Variant)} == set(CASES)


@pytest.mark.parametrize("options, clause", [
    ({"hint_fine": 4}, "semerik.irregularities.hints"),
    ({"packet": 3}, "semerik.deal.packets"),
    ({"double_below": 30}, "semerik.game.double"),
    ({"fines_to": "partner"}, "semerik.irregularities.fines"),
    ({"players": 2}, ""),                              # four players always: no option
    ({"seven_trio": 0, "top_trio": 0, "other_trio": 0, "baba_points": [0, 0, 0, 0], "heart_baba_bonus": 0,
      "four_top": 0, "trick_scale": [0, 0, 0, 0, 0], "capot": 0, "last_trick": 0}, "semerik.game.target"),  # nothing scores
])
def test_bad_options_are_refused(options, clause):
    with pytest.raises(VariantError) as info:
        with_options(SEMERIK, options)
    assert info.value.clause_id == clause


def test_hint_action_uses_the_agreed_fine():
    st = State(SEMERIK.with_options(hint_fine=2), RICH)
    st.apply(HINT + 1)
    assert st.fines[0].points == 2
