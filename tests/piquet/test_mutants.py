"""Tests written for the survivors of the mutation run over piquet's rules
(`tests/mutation/piquet-rules.toml`; the verdicts are in tests/mutation/RESULTS.md).

Every expected value is worked by hand in the comment beside it.
"""

import pytest

from cardrules.bots import piquet as bot
from cardrules.cards import parse_cardset
from cardrules.engine import IllegalAction
from cardrules.games.piquet import RUSSIAN, THREE
from cardrules.games.piquet.declarations import (CALL, EQUAL, FALSE_CALL, GOOD, NO_CALL, NOT_GOOD, POINT, SEQUENCE,
                                                 SET, Dialogue, describe, false_claim)
from cardrules.games.piquet.scoring import DealFacts, score_deal

# Elder (seat 1) and younger (seat 0), no card in common, neither a carte blanche.
# Elder: spades A K Q (11 + 10 + 10 = 31), hearts the same, clubs and diamonds 9 8 7 (24):
#   point (3, 31); sequences: two tierces to the ace, two to the nine; no set (two each of A, K, Q).
ELDER = parse_cardset("♠AKQ ♥AKQ ♣987 ♦987")
# Younger: clubs and diamonds A K Q (31 each), spades and hearts J 10 9 (29):
#   point (3, 31), the same as elder's; best sequence a tierce to the ace; no set (two each of A … 10).
YOUNGER = parse_cardset("♣AKQ ♦AKQ ♠J109 ♥J109")


def steps(r, clause):
    return [(s.text, s.amount) for s in r.trace.steps if s.clause_id == clause]


# --- the action numbers -------------------------------------------------------------------

def test_the_action_numbers_are_those_the_state_documents_and_the_bot_uses():
    # state.py's table: CALL + c is 80…82, NO_CALL 84, good / not good / equal 88, 89, 90,
    # FALSE_CALL + c is 192…194. The piquet bot keeps its own copy of the first five.
    assert (CALL, NO_CALL, GOOD, NOT_GOOD, EQUAL, FALSE_CALL) == (80, 84, 88, 89, 90, 192)
    assert (bot.CALL, bot.NO_CALL, bot.GOOD, bot.NOT_GOOD, bot.EQUAL) == (CALL, NO_CALL, GOOD, NOT_GOOD, EQUAL)


# --- a claim in words (the records' «said» lines) -----------------------------------------

def test_every_sequence_is_named_by_its_length():
    # piquet.declarations.sequence: 3 tierce, 4 quart, 5 quint, 6 sixième, 7 septième, 8 huitième.
    assert [describe(SEQUENCE, (n, 12)) for n in range(3, 9)] == [
        "tierce to the A", "quart to the A", "quint to the A", "sixième to the A", "septième to the A",
        "huitième to the A"]


def test_every_possible_top_card_of_a_sequence_is_named():
    # The lowest top is the nine (9 8 7); ranks 7 … 12 are 9, 10, J, Q, K, A.
    assert [describe(SEQUENCE, (3, r)) for r in range(7, 13)] == [
        "tierce to the 9", "tierce to the 10", "tierce to the J", "tierce to the Q", "tierce to the K",
        "tierce to the A"]


def test_every_set_is_named_by_its_rank():
    # piquet.declarations.sets: sets of tens (rank 8), jacks, queens, kings, aces.
    assert [describe(SET, (3, r)) for r in range(8, 13)] == [
        "trio of tens", "trio of jacks", "trio of queens", "trio of kings", "trio of aces"]
    assert describe(SET, (4, 11)) == "quatorze of kings"


# --- what a false call claims (piquet.irregular.false-call: one card more than held) -----------

def test_a_false_point_claims_one_card_more_worth_a_ten():
    # Elder's point is (3, 31); one card more, counted as a ten: (4, 41).
    assert false_claim(ELDER, POINT) == (4, 41)


def test_a_false_sequence_claims_one_card_longer():
    # Elder's best sequence is a tierce to the ace (3, 12): the claim is a quart to the ace.
    assert false_claim(ELDER, SEQUENCE) == (4, 12)
    # No three cards in a row (A Q 10 8 in three suits): the smallest claim, a tierce, to the ace.
    assert false_claim(parse_cardset("♠AQ108 ♥AQ108 ♣AQ108"), SEQUENCE) == (3, 12)


def test_a_false_set_claims_the_fourth_card():
    # Three kings held: the claim is the quatorze of kings (4, 11).
    assert false_claim(parse_cardset("♠KQ9 ♥KJ8 ♣K109 ♦987"), SET) == (4, 11)
    # A quatorze of tens already held: the claim is the highest, a quatorze of aces (4, 12).
    assert false_claim(parse_cardset("♠10 ♥10 ♣10 ♦10 ♠987 ♥987 ♣A ♦A"), SET) == (4, 12)
    # No set at all (two aces, two kings, one queen, one jack): a trio of aces (3, 12).
    assert false_claim(parse_cardset("♠987 ♥987 ♣AKQ ♦AKJ"), SET) == (3, 12)


def test_a_false_point_call_is_written_down_as_false():
    # Elder (seat 1) speaks first and calls a false point: the dialogue keeps it among the
    # false calls, with the claim of one card more, (4, 41).
    d = Dialogue([1, 0], [YOUNGER, ELDER])
    d.apply(FALSE_CALL + POINT)
    assert d.false_calls == [(1, POINT)]
    assert d.standing == (4, 41)


def test_not_good_needs_a_better_point_not_an_equal_one():
    # piquet.declarations.dialogue / .equal: both points are (3, 31); younger may say «equal»
    # or «good», never «not good».
    d = Dialogue([1, 0], [YOUNGER, ELDER])
    d.apply(CALL + POINT)
    assert d.legal() == [GOOD, EQUAL]
    with pytest.raises(IllegalAction) as info:
        d.check(NOT_GOOD)
    assert info.value.clause_id == "piquet.declarations.dialogue"
    d.apply(EQUAL)
    assert d.outcome == [[1, 0]]


# --- the trace of a deal -----------------------------------------------------------------

# Elder (1) leads and wins the first six tricks, younger (0) the last six: each trick scores
# one point to its leader, who wins it; the last trick one more (last_trick = 1).
SPLIT = [(1, 1)] * 6 + [(0, 0)] * 6


def test_equal_claims_and_divided_tricks_are_told_at_zero():
    # Point and sequence equal (piquet.declarations.equal), no set; six tricks each.
    r = score_deal(DealFacts(RUSSIAN, [1, 0], [YOUNGER, ELDER], [YOUNGER, ELDER], [[1, 0], [1, 0], []], [], SPLIT))
    assert steps(r, "piquet.declarations.equal") == [("point: equal, nobody scores", 0),
                                                     ("sequence: equal, nobody scores", 0)]
    assert steps(r, "piquet.play.cards") == [("the tricks are divided: nobody scores the cards", 0)]
    # In play: elder 6 × 1 = 6, younger 6 × 1 + 1 for the last = 7; nobody doubled.
    assert steps(r, "piquet.play.points") == [("seat 1: points in play", 6), ("seat 0: points in play", 7)]
    assert r.scores == [7, 6]


def test_a_false_caller_loses_what_he_had_counted():
    # Elder called a false point; the real points are equal, so nobody scores it
    # (piquet.irregular.false-call-opponent); sequences equal. Elder had 6 in play, struck off.
    r = score_deal(DealFacts(RUSSIAN, [1, 0], [YOUNGER, ELDER], [YOUNGER, ELDER], [[1], [1, 0], []], [(1, POINT)],
                             SPLIT))
    assert steps(r, "piquet.irregular.false-call") == [
        ("seat 1 called what he does not hold: he scores nothing this deal", -6)]
    assert r.scores == [7, 0]


def test_tricks_of_an_overdrawn_hand_are_not_counted_the_others_doubled():
    # molchanka = "tricks": elder (1) played with too many cards; his six tricks count nothing,
    # younger's are doubled: 6 × 2 + 1 × 2 for the last = 14, and he takes the cards: 10.
    r = score_deal(DealFacts(RUSSIAN, [1, 0], [YOUNGER, ELDER], [YOUNGER, ELDER], [[], [], []], [], SPLIT, {1}))
    assert steps(r, "piquet.irregular.molchanka") == [
        ("seat(s) [1] played with too many cards: no tricks counted, the other's doubled", 0)]
    assert steps(r, "piquet.play.points") == [
        ("seat 0: points in play (doubled: the other played with too many cards)", 14)]
    assert r.scores == [24, 0]


def test_with_molchanka_deal_the_overdrawn_hand_loses_his_point_too():
    # molchanka = "deal": elder scored his point (younger said «good»): 3, then nothing in play;
    # at the end his 3 are struck off.
    r = score_deal(DealFacts(RUSSIAN.with_options(molchanka="deal"), [1, 0], [YOUNGER, ELDER], [YOUNGER, ELDER],
                             [[1], [], []], [], SPLIT, {1}))
    assert steps(r, "piquet.irregular.molchanka") == [
        ("seat 1 played with too many cards: he scores nothing this deal", -3)]
    assert r.scores[1] == 0


def test_a_seat_out_of_play_at_three_is_written_as_zero():
    # Three-handed, seat 0 has dropped out: seats 1 and 2 play on. Seat 0's columns are 0.
    # Seat 1 leads and wins five tricks (5), seat 2 the last five (5 + 1); divided, no cards.
    r = score_deal(DealFacts(THREE, [1, 2], [0, ELDER, YOUNGER], [0, ELDER, YOUNGER], [[], [], []], [],
                             [(1, 1)] * 5 + [(2, 2)] * 5))
    assert (r.hand[0], r.play[0], r.bonus[0], r.tricks[0], r.scores[0]) == (0, 0, 0, 0, 0)
    assert r.play == [0, 5, 6]


def test_at_three_a_lone_winner_of_the_most_tricks_takes_the_cards_once():
    # THREE with lezu_ties="each": «лезу» to each is paid only when the most tricks are
    # shared. Seat 0 takes 5 of the 10 tricks, seat 1 three, seat 2 two: seat 0 alone has
    # the most, so he scores the cards once (cards_bonus 10) and nobody «лезу».
    third = parse_cardset("♠87 ♥87 ♣J10")
    hands = [YOUNGER, ELDER, third]
    r = score_deal(DealFacts(THREE.with_options(lezu_ties="each"), [0, 1, 2], hands, hands, [[], [], []], [],
                             [(0, 0)] * 5 + [(1, 1)] * 3 + [(2, 2)] * 2))
    assert steps(r, "piquet.three.lezu") == []
    assert steps(r, "piquet.play.cards") == [("seat 0 takes the most tricks (5): the cards", 10)]
    assert r.bonus == [10, 0, 0]
