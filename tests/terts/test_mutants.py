"""Tests written for the survivors of the mutation run over «Терц»'s rules
(`tests/mutation/terts-rules.toml`; the verdicts are in tests/mutation/RESULTS.md).

Every expected value is worked by hand in the comment beside it.
"""

import pytest

from cardrules.cards import ACE, SPADES, card, parse_cardset
from cardrules.engine import IllegalAction
from cardrules.games.terts import ROZALIEV
from cardrules.games.terts.declarations import ANNOUNCE, FOUR_A, TERTS, VOSMERIK, groups, value
from cardrules.games.terts.scoring import deal_score

from .test_illegal import dealt


def lines(result):
    return [(s.clause_id.rsplit(".", 1)[1], s.text, s.amount) for s in result.trace.steps]


def test_a_revoke_by_the_first_seat_leaves_him_nothing():
    # Seat 0 revokes. Seat 1 takes every card point, 52 + 100 = 152, and the last trick,
    # 10: 162, plus his own groups, 20: 182. Seat 0 scores nothing, his 50 for groups
    # included.
    r = deal_score(ROZALIEV, [52, 100], last=1, declared=[50, 20], marriage=[0, 0], revoker=0)
    assert r.points == [0, 182]
    # with his trump marriage (20) declared too, seat 1 scores 182 + 20 = 202
    assert deal_score(ROZALIEV, [52, 100], last=1, declared=[50, 20], marriage=[0, 20], revoker=0).points == [0, 202]
    assert lines(r) == [
        ("good", "seat 0: groups declared", 50),
        ("good", "seat 1: groups declared", 20),
        ("penalty", "seat 0 revoked: scores nothing this deal", 0),
        ("penalty", "seat 1 takes every card point and the last trick", 162),
        ("deal", "seat 1 scores", 182),
        ("deal", "seat 0 scores", 0),
    ]


def test_each_part_of_a_deals_score_is_a_line_of_the_trace():
    # Seat 0: 90 card points + 10 for the last trick + 20 for the trump marriage = 120.
    # Seat 1: 62 card points + 50 for a четверик = 112.
    r = deal_score(ROZALIEV, [90, 62], last=0, declared=[0, 50], marriage=[20, 0], revoker=None)
    assert r.points == [120, 112]
    assert lines(r) == [
        ("marriage", "seat 0: the trump marriage", 20),
        ("good", "seat 1: groups declared", 50),
        ("card-points", "seat 0: card points in tricks", 90),
        ("last-trick", "seat 0: the last trick", 10),
        ("deal", "seat 0 scores", 120),
        ("card-points", "seat 1: card points in tricks", 62),
        ("deal", "seat 1 scores", 112),
    ]


@pytest.mark.parametrize("missing", range(4))
def test_three_aces_are_not_four(missing):
    # The aces of three suits, and seven cards making no run of three in any suit.
    aces = sum(1 << card(s, ACE) for s in range(4) if s != missing)
    rest = parse_cardset({0: "♣7 ♣9 ♦8 ♦10 ♥7 ♥9 ♥J", 1: "♠7 ♠9 ♦8 ♦10 ♥7 ♥9 ♥J",
                          2: "♠7 ♠9 ♣8 ♣10 ♥7 ♥9 ♥J", 3: "♠7 ♠9 ♣8 ♣10 ♦7 ♦9 ♦J"}[missing])
    assert groups(aces | rest) == []
    assert groups(aces | rest | 1 << card(missing, ACE)) == [(FOUR_A, card(SPADES, ACE))]


def test_an_eight_card_run_is_worth_its_own_value():
    # The option gives a восьмерик 150 while four aces keep 100.
    v = ROZALIEV.with_options(sequence_values=(20, 50, 100, 100, 100, 150))
    assert (value(v, VOSMERIK), value(v, FOUR_A)) == (150, 100)


def test_announcing_a_terts_one_does_not_hold_is_refused_by_name():
    # Elder (seat 0): no three cards in sequence in any suit, so no терц.
    st = dealt("♠A ♠9 ♣A ♦A ♦8 ♥7 ♥9 ♣8 ♦10 ♠7", "♣Q ♣J ♣10 ♠K ♠8 ♦K ♦9 ♦7 ♥8 ♥A")
    with pytest.raises(IllegalAction) as err:
        st.apply(ANNOUNCE + TERTS)
    assert err.value.clause_id == "terts.dialogue.announce"
    assert "you hold no терц" in err.value.message
    # the same for the last kind, four jacks (he holds none)
    from cardrules.games.terts.declarations import FOUR_J

    with pytest.raises(IllegalAction) as err:
        st.apply(ANNOUNCE + FOUR_J)
    assert "you hold no четыре валета" in err.value.message


def test_beating_at_once_with_a_higher_kind_scores_that_group():
    # Elder (seat 0) announces a терц (♠J 10 9); the dealer (seat 1) holds a четверик
    # (♣Q J 10 9), a higher kind, and beats at once with it: the dealer scores 50.
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.declarations import CHETVERIK, Dialogue, beat

    d = Dialogue(ROZALIEV, (parse_cardset("♠J ♠10 ♠9 ♦7"), parse_cardset("♣Q ♣J ♣10 ♣9 ♠7")), HEARTS, dealer=1)
    d.apply(ANNOUNCE + TERTS)
    d.apply(beat(CHETVERIK, parse_card("♣Q")))
    assert d.won == (1, (CHETVERIK, parse_card("♣Q")))
    assert d.declared == [0, 50]


def test_a_trump_eight_card_run_beats_a_plain_one_to_the_same_card():
    # Two восьмерики to the ace, one in hearts (trumps), one in spades: trumps win
    # between runs equal in kind and top card (terts.declarations.trump-sequence).
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.declarations import group_key

    trump_run = group_key(ROZALIEV, (VOSMERIK, parse_card("♥A")), HEARTS)
    plain_run = group_key(ROZALIEV, (VOSMERIK, parse_card("♠A")), HEARTS)
    assert trump_run > plain_run


def test_a_card_outside_the_pack_is_refused_as_not_in_the_hand():
    # Action 0 is ♠2, a card the 32-card pack does not have: no hand holds it.
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.play import check_card

    with pytest.raises(IllegalAction) as err:
        check_card(ROZALIEV, parse_cardset("♠K ♠7"), 0, parse_card("♠Q"), HEARTS, 0)
    assert err.value.message == "♠2 is not a card of the hand"


def test_after_the_boasting_the_elder_is_to_lead():
    # The dealer is seat 1, so the elder, seat 0, leads. Neither holds a group: both pass.
    from cardrules.cards import HEARTS
    from cardrules.games.terts.declarations import PASS, Dialogue

    d = Dialogue(ROZALIEV, (parse_cardset("♠A ♦9"), parse_cardset("♣A ♠8")), HEARTS, dealer=1)
    d.apply(PASS)
    d.apply(PASS)
    assert d.done and d.current == 0


def test_a_terts_is_not_beaten_at_once_by_a_terts():
    # Elder announces a терц; the dealer holds one too (♣Q J 10) and must first ask
    # «от чего?» before beating it: «не годится» at once is for a higher kind.
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.declarations import Dialogue, beat

    d = Dialogue(ROZALIEV, (parse_cardset("♠J ♠10 ♠9 ♦7"), parse_cardset("♣Q ♣J ♣10 ♠7")), HEARTS, dealer=1)
    d.apply(ANNOUNCE + TERTS)
    with pytest.raises(IllegalAction) as err:
        d.apply(beat(TERTS, parse_card("♣Q")))
    assert err.value.message == "to beat a терц with a терц, ask «от чего?» first"


def test_a_refused_card_says_which_duty_it_breaks():
    # Hearts trumps, the stock gone (strict duties). ♠Q led:
    # holding ♠K ♠7, playing ♦8 breaks the duty to follow (the spades are named);
    # holding no spade but ♥7, playing ♦8 breaks the duty to trump.
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.play import check_card

    def message(hand, c):
        with pytest.raises(IllegalAction) as err:
            check_card(ROZALIEV, parse_cardset(hand), parse_card(c), parse_card("♠Q"), HEARTS, 0)
        return err.value.message

    assert message("♠K ♠7 ♦8", "♦8") == "must follow suit: ♠Q was led and the hand holds ♠7 ♠K"
    assert message("♥7 ♦8", "♦8") == "must trump: no ♠ in the hand, and it holds ♥7"


def test_the_first_seat_may_declare_the_trump_marriage():
    # Hearts trumps; seat 0 (the elder, dealer seat 1) holds ♥K ♥Q. Neither holds a group:
    # both pass; then seat 0 declares the marriage and scores 20.
    from cardrules.cards import HEARTS
    from cardrules.games.terts.declarations import MARRIAGE, PASS, Dialogue

    d = Dialogue(ROZALIEV, (parse_cardset("♥K ♥Q ♠9"), parse_cardset("♣A ♠7")), HEARTS, dealer=1)
    d.apply(PASS)
    d.apply(PASS)
    assert (d.done, d.current, d.legal()) == (False, 0, [MARRIAGE, PASS])
    d.apply(MARRIAGE)
    assert d.done and d.marriage == [20, 0]


def test_a_group_conceded_at_once_is_scored_without_a_top_card():
    # Elder announces a терц and the dealer, holding none, says «годится»: the elder scores
    # his 20, and no top card was ever named.
    from cardrules.cards import HEARTS
    from cardrules.games.terts.declarations import GOOD, Dialogue

    d = Dialogue(ROZALIEV, (parse_cardset("♠J ♠10 ♠9 ♦7"), parse_cardset("♣A ♠7")), HEARTS, dealer=1)
    d.apply(ANNOUNCE + TERTS)
    d.apply(GOOD)
    assert d.done and d.won == (0, None) and d.declared == [20, 0]


def test_four_of_a_rank_is_told_without_a_card():
    from cardrules.cards import parse_card
    from cardrules.games.terts.declarations import FOUR_Q, describe

    assert describe((FOUR_Q, parse_card("♠Q"))) == "четыре дамы"


def test_check_card_answers_for_any_number():
    # check_card refuses, with a clause, any number that is no card of the hand, and lets
    # a lawful card pass. ♥A is card 51, the last of the pack; ♣K is card 24.
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.play import check_card, is_revoke

    hand, lead = parse_cardset("♠K ♠7 ♦8 ♣K"), parse_card("♠Q")
    assert check_card(ROZALIEV, hand, parse_card("♠K"), lead, HEARTS, 0) is None
    for c, said in ((parse_card("♥A"), "♥A is not a card of the hand"),
                    (-1, "the boasting is over: a card of the hand must be played now")):
        with pytest.raises(IllegalAction) as err:
            check_card(ROZALIEV, hand, c, lead, HEARTS, 0)
        assert err.value.message == said
    # ♦ led, the hand holds ♦8: ♣K breaks the duty to follow
    with pytest.raises(IllegalAction) as err:
        check_card(ROZALIEV, hand, parse_card("♣K"), parse_card("♦Q"), HEARTS, 0)
    assert err.value.message == "must follow suit: ♦Q was led and the hand holds ♦8"
    # a card not in the hand, or no card at all, is no revoke
    assert not is_revoke(ROZALIEV, hand, parse_card("♥A"), lead, HEARTS, 0)
    assert not is_revoke(ROZALIEV, hand, -1, lead, HEARTS, 0)
    assert is_revoke(ROZALIEV, hand, parse_card("♦8"), lead, HEARTS, 0)
    # ♥A, a trump and the last card of the pack, played to ♠Q by a hand that holds ♠K
    assert is_revoke(ROZALIEV, hand | 1 << parse_card("♥A"), parse_card("♥A"), lead, HEARTS, 0)


def test_a_chetverik_is_not_beaten_at_once_by_a_chetverik():
    # The same with a higher kind, whose action number holds the kind above the card:
    # elder's четверик (♠J 10 9 8) against the dealer's (♣Q J 10 9).
    from cardrules.cards import HEARTS, parse_card
    from cardrules.games.terts.declarations import CHETVERIK, Dialogue, beat

    d = Dialogue(ROZALIEV, (parse_cardset("♠J ♠10 ♠9 ♠8 ♦7"), parse_cardset("♣Q ♣J ♣10 ♣9 ♠7")), HEARTS, dealer=1)
    d.apply(ANNOUNCE + CHETVERIK)
    with pytest.raises(IllegalAction) as err:
        d.apply(beat(CHETVERIK, parse_card("♣Q")))
    assert err.value.message == "to beat a четверик with a четверик, ask «от чего?» first"
