"""The scoring's words and edges that the golden records do not reach: each test kills a
mutant of the mutation run (tests/mutation/RESULTS.md, «Семерик»), with its value worked
by hand beside it."""

from cardrules.cards import HEARTS, SEVEN, SPADES, parse_card, parse_cardset
from cardrules.games.semerik import SEMERIK
from cardrules.games.semerik.play import is_revoke
from cardrules.games.semerik.scoring import (DealFacts, Declaration, Fine, baba_cards, game_winner, score_deal,
                                             trio_points, value)

NO_DECL = [[], [], [], []]


def _steps(score):
    return [(s.clause_id, s.text, s.amount) for s in score.trace.steps]


def test_a_fine_is_told_with_its_side_and_sign():
    # seat 1 (side B) revokes, fined 3: by default written to the other side, A, as +3;
    # with fines_to="deduct" taken off B's own points, -3
    to_them = score_deal(DealFacts(SEMERIK, NO_DECL, [], [Fine(1, "revoke", 3)]))
    assert ("semerik.irregularities.revoke", "seat 1: a revoke, to the opponents (A)", 3) in _steps(to_them)
    off = score_deal(DealFacts(SEMERIK.with_options(fines_to="deduct"), NO_DECL, [], [Fine(1, "hint", 1)]))
    assert ("semerik.irregularities.hints", "seat 1: a hint, off the side (B)", -1) in _steps(off)


def test_the_deal_line_names_each_side_with_its_own_points():
    # a revoke by seat 1 and nothing else: A 3, B 0
    score = score_deal(DealFacts(SEMERIK, NO_DECL, [], [Fine(1, "revoke", 3)]))
    assert score.points == [3, 0]
    assert _steps(score)[-1][:2] == ("semerik.scoring.deal", "the deal: side A 3, side B 0")


def test_a_heart_baba_cites_its_own_clause():
    # hearts are trumps in «Семерик»: a heart баба cites heart-baba, a spade one baba
    hearts = parse_cardset("♥3 ♥2 ♥A")
    spades = parse_cardset("♠3 ♠2 ♠A")
    told = value(SEMERIK, [Declaration("baba", HEARTS, baba_cards(hearts, HEARTS, -1)),
                           Declaration("baba", SPADES, baba_cards(spades, SPADES, -1))])
    assert [(d.clause, d.points) for d in told] == [("semerik.declarations.heart-baba", 5),
                                                    ("semerik.declarations.baba", 3)]


def test_four_sevens_cite_the_four():
    # four sevens count as three (4 points), under the clause on fours
    assert trio_points(SEMERIK, SEVEN, 4, False) == (4, "semerik.declarations.four")


def test_a_side_exactly_at_the_target_wins():
    # 21 is the target: B at exactly 21, A at 10 → B has won
    assert game_winner(SEMERIK, [10, 21]) == 1
    assert game_winner(SEMERIK, [21, 10]) == 0


def test_no_duty_to_trump():
    # hearts trumps, spades led, the hand holds no spade: a club is no revoke, though it holds a trump
    assert is_revoke(SEMERIK, parse_cardset("♣K ♥4"), parse_card("♣K"), SPADES) is False


def test_a_counting_trick_is_told_with_its_number_and_count():
    # the first trick, to seat 2 (side A): ♠3 ♠2 ♠A are counting cards, ♠7 is not: 3 of them, 1 point
    score = score_deal(DealFacts(SEMERIK, NO_DECL, [(2, parse_cardset("♠3 ♠2 ♠A ♠7"))], []))
    (step,) = [s for s in _steps(score) if s[0] == "semerik.tricks.counting-cards"]
    assert step[1].startswith("trick 1 to seat 2 (A): 3 counting cards in ") and step[2] == 1


def test_declarations_first_with_a_side_exactly_at_the_target():
    # both sides end at or past 21; B stood at exactly 21 after the declarations, A at 10:
    # with both_reach="declarations-first" B has won, though A ends higher (22 to 21)
    first = SEMERIK.with_options(both_reach="declarations-first")
    assert game_winner(first, [22, 21], early=[10, 21]) == 1
    # and the mirror: A at exactly 21 after the declarations, B at 10, B ends higher (22 to 21)
    assert game_winner(first, [21, 22], early=[21, 10]) == 0


def test_the_won_game_is_told_with_both_scores():
    # A wins 23 to 12: the game is worth the target, 21 (B passed 11, so not doubled)
    from cardrules.engine import Trace
    from cardrules.games.semerik.scoring import game_value

    trace = Trace()
    assert game_value(SEMERIK, [23, 12], 0, trace) == 21
    assert [(s.clause_id, s.text, s.amount) for s in trace.steps] == [
        ("semerik.game.value", "side A wins the game with 23 to 12", 21)]
