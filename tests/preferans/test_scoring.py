"""Scoring and settlement, checked against the worked examples of the 1996 Code of preferans
({cite}`kodeks1996`; rule numbers as in the Code) and against hand computation."""

from dataclasses import replace
from fractions import Fraction


from cardrules.games.preferans import CLASSIC, GUSARIK, LENINGRAD, ROSTOV, SOCHI
from cardrules.games.preferans.scoring import (DealFacts, Entry, Sheet, defender_remises, score_allpass,
                                               score_contract, score_misere, settle, settle_by_average)


def rows(entries):
    return [(e.kind, e.seat, e.amount, e.on) for e in entries]


def contract(level, whist, whisters=(), passers=(), tricks=None, declarer=0, **kw):
    return DealFacts("contract", 3, dealer=2, declarer=declarer, level=level, contract=f"{level}", whist=whist,
                     whisters=whisters, passers=passers, tricks=tricks or {}, **kw)


# --- Code 3.8.6: two defenders each answer for half ------------------------------------


def test_code_3_8_6_example_1_second_defender_one_short():
    # 6♦, both whist; first took 2, second 1: together 3 < 4; the second is 1 short of his 2
    f = contract(6, "two", (1, 2), tricks={0: 7, 1: 2, 2: 1})
    assert rows(defender_remises(SOCHI, f, {1: 2, 2: 1})) == [("mountain", 2, 2, None)]


def test_code_3_8_6_example_2_declarer_took_nine():
    # one defender took 1 (one short of 2), the other none (two short)
    f = contract(6, "two", (1, 2), tricks={0: 9, 1: 1, 2: 0})
    assert rows(defender_remises(SOCHI, f, {1: 1, 2: 0})) == [("mountain", 1, 2, None), ("mountain", 2, 4, None)]


def test_code_3_8_6_eight_the_second_whister_answers():
    # 8♦, both whist, the declarer took all ten: the one who whisted second pays for the trick (8 → 6)
    f = contract(8, "two", (2, 1), tricks={0: 10, 1: 0, 2: 0})
    assert rows(defender_remises(SOCHI, f, {1: 0, 2: 0})) == [("mountain", 1, 6, None)]


# A seven: the defenders together owe 2 tricks (obligation 6→4, 7→2), so each answers for
# half, one trick (Code 3.8.6 applied to an obligation of two; the «need >= 2» branch of
# defender_remises). Sochi: a whister's remise per missing trick is the contract's value, 4.


def test_code_3_8_6_seven_both_defenders_took_none():
    # declarer took all ten: each whister is one short of his one trick: 1 × 4 each
    f = contract(7, "two", (1, 2), tricks={0: 10, 1: 0, 2: 0})
    assert rows(defender_remises(SOCHI, f, {1: 0, 2: 0})) == [("mountain", 1, 4, None), ("mountain", 2, 4, None)]


def test_code_3_8_6_seven_the_first_whister_short():
    # together 1 < 2; the first whister took none and owes his one trick (1 × 4); the second,
    # who took his one, owes nothing, though he whisted second
    f = contract(7, "two", (1, 2), tricks={0: 9, 1: 0, 2: 1})
    assert rows(defender_remises(SOCHI, f, {1: 0, 2: 1})) == [("mountain", 1, 4, None)]


def test_code_3_8_6_seven_one_each_is_enough():
    f = contract(7, "two", (1, 2), tricks={0: 8, 1: 1, 2: 1})
    assert defender_remises(SOCHI, f, {1: 1, 2: 1}) == []


def test_code_3_8_6_seven_through_score_contract():
    # 7♠ made with nine: remise none; the whisters write 1 × 4 whists for the trick taken;
    # the first whister, with none, goes 1 × 4 up the mountain
    f = contract(7, "two", (1, 2), tricks={0: 9, 1: 0, 2: 1})
    assert rows(score_contract(SOCHI, f)) == [("pool", 0, 4, None), ("whists", 2, 4, 0), ("mountain", 1, 4, None)]


def test_enough_together_nobody_pays():
    f = contract(6, "two", (1, 2), tricks={0: 6, 1: 3, 2: 1})
    assert defender_remises(SOCHI, f, {1: 3, 2: 1}) == []


def test_classic_whist_responsible_only_after_the_pool_is_closed():
    f = contract(6, "one", (1,), (2,), tricks={0: 8, 1: 2, 2: 0})
    assert rows(defender_remises(CLASSIC, f, {1: 2, 2: 0})) == [("mountain", 1, 2, None)]    # half of 2 × 2
    f.pool_closed = {1: True}
    assert rows(defender_remises(CLASSIC, f, {1: 2, 2: 0})) == [("mountain", 1, 4, None)]


# --- consolation and the sharing of whists ----------------------------------------------


def test_sochi_six_without_one_each_writes_tricks_plus_one():
    # note 36 to the Code: each defender writes his tricks plus one, at the whist value 2
    f = contract(6, "two", (1, 2), tricks={0: 5, 1: 3, 2: 2})
    assert rows(score_contract(SOCHI, f)) == [("mountain", 0, 2, None), ("whists", 1, 6, 0), ("whists", 1, 2, 0),
                                              ("whists", 2, 4, 0), ("whists", 2, 2, 0)]


def test_rostov_fixed_consolation_of_ten():
    f = contract(9, "two", (1, 2), tricks={0: 7, 1: 2, 2: 1})
    # 9 without 2: 8 × 2 = 16 to the mountain; whists 8 a trick; consolation 10 × 2 to each
    assert rows(score_contract(ROSTOV, f)) == [("mountain", 0, 16, None), ("whists", 1, 16, 0), ("whists", 1, 20, 0),
                                               ("whists", 2, 8, 0), ("whists", 2, 20, 0)]


def test_greedy_whist_the_passer_gets_only_the_consolation():
    f = contract(7, "one", (1,), (2,), tricks={0: 6, 1: 3, 2: 1})
    # 7 without 1: 4 to the mountain; whister: 4 tricks × 4 + 4; passer: consolation 4 only
    assert rows(score_contract(SOCHI, f)) == [("mountain", 0, 4, None), ("whists", 1, 16, 0), ("whists", 1, 4, 0),
                                              ("whists", 2, 4, 0)]


def test_gentleman_whist_halves_the_tricks():
    f = contract(7, "one", (1,), (2,), tricks={0: 6, 1: 3, 2: 1})
    # Leningrad: whists 8 a trick and remise 8; 4 × 8 = 32 halved; consolation 8 each
    assert rows(score_contract(LENINGRAD, f)) == [("mountain", 0, 8, None), ("whists", 1, 16, 0), ("whists", 1, 8, 0),
                                                  ("whists", 2, 16, 0), ("whists", 2, 8, 0)]


def test_made_contract_one_whister_writes_all_defence_tricks():
    f = contract(6, "one", (2,), (1,), tricks={0: 7, 1: 1, 2: 2})
    assert rows(score_contract(SOCHI, f)) == [("pool", 0, 2, None), ("whists", 2, 6, 0),
                                              ("mountain", 2, 2, None)]   # 3 of 4: one short, responsible


def test_misere_values():
    made = DealFacts("misere", 3, 2, declarer=1, tricks={1: 0})
    failed = DealFacts("misere", 3, 2, declarer=1, tricks={1: 3})
    assert rows(score_misere(SOCHI, made)) == [("pool", 1, 10, None)]
    assert rows(score_misere(SOCHI, failed)) == [("mountain", 1, 30, None)]
    assert rows(score_misere(LENINGRAD, failed)) == [("mountain", 1, 60, None)]   # 20 a trick


# --- all-pass -------------------------------------------------------------------------------


def test_code_3_7_3_amnesty_example():
    # four, three, three tricks: the amnesty strikes three; only the first writes one trick
    f = DealFacts("allpass", 3, 2, tricks={0: 4, 1: 3, 2: 3})
    assert rows(score_allpass(SOCHI, f)) == [("mountain", 0, 1, None)]
    assert rows(score_allpass(LENINGRAD, f)) == [("mountain", 0, 2, None)]     # two a trick


def test_code_3_7_2_2_rostov_example():
    # six, two, two: the two low players each write 15 whists on the first (30 in all)
    f = DealFacts("allpass", 3, 2, tricks={0: 6, 1: 2, 2: 2})
    assert rows(score_allpass(ROSTOV, f)) == [("whists", 1, 15, 0), ("whists", 2, 15, 0)]


def test_code_3_9_14_3_rostov_example():
    # A two tricks, B one, C seven (the penalty): B writes 10 on A and 35 on C
    f = DealFacts("allpass", 3, 2, tricks={0: 2, 1: 1, 2: 7})
    assert rows(score_allpass(ROSTOV, f)) == [("whists", 1, 10, 0), ("whists", 1, 35, 2)]


def test_code_3_7_4_progressions():
    f = DealFacts("allpass", 3, 2, tricks={0: 5, 1: 3, 2: 2})
    # arithmetic 1-2-3 then 3 for ever: amnesty 2 → 3 and 1 tricks
    assert [rows(score_allpass(SOCHI, replace(f, streak=s)))[0] for s in (0, 1, 2, 5)] == [
        ("mountain", 0, 3, None), ("mountain", 0, 6, None), ("mountain", 0, 9, None), ("mountain", 0, 9, None)]
    geo = replace(SOCHI, allpass_progression=(1, 2, 4))
    assert rows(score_allpass(geo, replace(f, streak=2)))[0] == ("mountain", 0, 12, None)


def test_four_players_amnesty_counts_the_dealer():
    # the dealer took one trick from the talon: amnesty of one
    f = DealFacts("allpass", 4, 3, tricks={0: 4, 1: 3, 2: 2}, sitting_out=3, dealer_tricks=1)
    assert rows(score_allpass(SOCHI, f)) == [("mountain", 0, 3, None), ("mountain", 1, 2, None),
                                             ("mountain", 2, 1, None)]


# --- the sheet and the settlement ----------------------------------------------------------


def test_help_goes_to_the_biggest_pool_ten_whists_a_point():
    sh = Sheet(SOCHI)
    sh.pool = [18, 12, 15]
    sh.write([Entry("pool", 0, 6, None, "preferans.scoring.made", "8♠ made")])
    # 2 close seat 0; 4 help seat 2 (15 > 12), 40 whists on it
    assert sh.pool == [20, 12, 19] and sh.whists[0][2] == 40


def test_help_ties_go_to_the_left():
    sh = Sheet(SOCHI)
    sh.pool = [20, 10, 10]
    sh.write([Entry("pool", 2, 2, None, "preferans.scoring.made", "")])   # its own pool is open: no help
    assert sh.pool == [20, 10, 12]
    sh.pool = [20, 10, 10]
    sh.write([Entry("pool", 0, 2, None, "preferans.scoring.made", "")])
    assert sh.pool == [20, 12, 10] and sh.whists[0][1] == 20       # seat 1 sits on seat 0's left


def test_code_4_1_1_points_beyond_every_pool_come_off_the_mountain():
    # two points left to close; a nine (8 points) is made: 2 to the pool, 6 off the mountain
    sh = Sheet(SOCHI)
    sh.pool = [18, 20, 20]
    sh.write([Entry("pool", 0, 8, None, "preferans.scoring.made", "9 made")])
    assert sh.pool == [20, 20, 20] and sh.mountain[0] == -6
    # the two-handed game with an undivided mountain: only half, 3
    g = Sheet(GUSARIK)
    g.pool = [18, 20]
    g.write([Entry("pool", 0, 8, None, "preferans.scoring.made", "9 made")])
    assert g.mountain[0] == -3


def test_code_4_2_3_3_leningrad_example():
    # pool to 50; 48, 48 and 54 after an eight: 54 takes 8 off its mountain, the others put on 4 each
    v = replace(LENINGRAD, pool_target=50)
    sh = Sheet(v)
    sh.pool = [48, 48, 48]
    sh.write([Entry("pool", 2, 6, None, "preferans.scoring.made", "8 made")])
    assert sh.pool == [48, 48, 54] and sh.over()
    s = settle(sh)
    # mountains +4, +4, −8, then the amnesty of −8: 12, 12, 0
    assert s.mountains == [12, 12, 0]


def test_code_4_2_14_two_methods_agree_and_sum_to_zero():
    sh = Sheet(SOCHI)
    sh.mountain = [14, 5, 8]
    sh.whists[0][1], sh.whists[1][0], sh.whists[2][0], sh.whists[1][2] = 40, 12, 30, 7
    s = settle(sh)
    # amnesty 5 → 9, 0, 3; each point 10/3 whists to each other player
    assert s.mountains == [9, 0, 3]
    assert s.totals == settle_by_average(sh)
    assert sum(s.totals) == 0
    # seat 1 by hand: whists 12+7 written, 40 against: −21; mountains: 9×10/3 + 3×10/3 = 40 in
    assert s.totals[1] == Fraction(-21 + 40)


def test_settlement_four_players_quarters():
    sh = Sheet(replace(SOCHI, players=4))
    sh.mountain = [10, 0, 0, 0]
    s = settle(sh)
    # 10 × 10 / 4 = 25 to each of three
    assert s.totals == [-75, 25, 25, 25]


def test_pulka_end_conditions():
    sh = Sheet(SOCHI)
    sh.pool = [20, 20, 19]
    assert not sh.over()
    sh.pool = [20, 20, 20]
    assert sh.over()
    ln = Sheet(LENINGRAD)
    ln.pool = [25, 20, 15]
    assert ln.over()


# --- Code 3.9.18: the stricter reading of a wrong count in play ------------------------------


def test_code_3_9_18_declarer_with_a_wrong_count_is_put_down_two():
    v = replace(SOCHI, wrong_count_in_play="penalty")
    # 6♥: took six → booked as four (without two); took eight → still four; took four → two (without four)
    for taken, booked in ((6, 2), (8, 2), (4, 4)):
        f = contract(6, "two", (1, 2), tricks={0: taken, 1: (10 - taken) // 2, 2: (10 - taken + 1) // 2},
                     wrong_count=(0,))
        rows_ = rows(score_contract(v, f))
        assert rows_[0] == ("mountain", 0, 2 * booked, None)
        # the defenders' consolation counts only the tricks really missing: 2 whists (the whist
        # value of a six) per trick short of six, picked out by its clause, not by its amount
        cons = [(e.seat, e.amount) for e in score_contract(v, f) if e.clause == "preferans.scoring.consolation"]
        short = max(0, 6 - taken)
        assert cons == ([(1, 2 * short), (2, 2 * short)] if short else [])


def test_code_3_9_18_defender_with_a_wrong_count():
    f = contract(6, "two", (1, 2), tricks={0: 5, 1: 3, 2: 2}, wrong_count=(2,))
    # 6 without 1: 1 × 2 to the declarer's mountain; whists 3 × 2 and 2 × 2, each with the
    # consolation 1 × 2; then, though the defence took its four, the whister with the wrong
    # count is «without two» on his whist: 2 × 2 on his mountain
    assert rows(score_contract(SOCHI, f)) == [
        ("mountain", 0, 2, None), ("whists", 1, 6, 0), ("whists", 1, 2, 0), ("whists", 2, 4, 0),
        ("whists", 2, 2, 0), ("mountain", 2, 4, None)]


def test_code_3_9_18_a_passer_with_a_wrong_count_is_not_put_down():
    # The Code's examples to 3.9.18 put down the declarer («without two» on his game) and a
    # whister («without two» on his whist). A defender who passed undertook no tricks, so there
    # is nothing he could be «without two» on: the edition writes him nothing (see the clause).
    v = replace(SOCHI, wrong_count_in_play="penalty")
    f = contract(7, "one", (1,), passers=(2,), tricks={0: 8, 1: 1, 2: 1}, wrong_count=(2,))
    # (the whister writes the defence's two tricks × 4 as usual)
    assert rows(score_contract(v, f)) == [("pool", 0, 4, None), ("whists", 1, 8, 0)]
    # the whister with a wrong count is put down as before: «without two» on a seven, 4 × 2 = 8
    f = contract(7, "one", (1,), passers=(2,), tricks={0: 8, 1: 1, 2: 1}, wrong_count=(1,))
    assert rows(score_contract(v, f)) == [("pool", 0, 4, None), ("whists", 1, 8, 0), ("mountain", 1, 8, None)]
    # and when the declarer fails, the passer still writes his consolation, penalty or not
    f = contract(7, "one", (1,), passers=(2,), tricks={0: 6, 1: 2, 2: 2}, wrong_count=(2,))
    # (7 without 1: 4 to the mountain; the whister writes the defence's four tricks × 4 = 16;
    # the consolation 1 × 4 to each defender; nothing on the passer's mountain)
    assert rows(score_contract(v, f)) == [("mountain", 0, 4, None), ("whists", 1, 16, 0), ("whists", 1, 4, 0),
                                          ("whists", 2, 4, 0)]


def test_consolation_basis_reads_the_codes_two_notes():
    # note 36: the whist value of a trick (Leningrad 4 on a six); note 54: the contract's price (2)
    f = contract(6, "two", (1, 2), tricks={0: 5, 1: 3, 2: 2})
    cons = lambda v: [a for k, s, a, on in rows(score_contract(v, f)) if k == "whists" and s == 1][1]  # noqa: E731
    assert cons(LENINGRAD) == 4 and cons(replace(LENINGRAD, consolation_basis="contract")) == 2
    assert cons(SOCHI) == cons(replace(SOCHI, consolation_basis="contract")) == 2
    assert cons(ROSTOV) == cons(replace(ROSTOV, consolation_basis="contract")) == 10


def test_a_ten_is_worth_ten():
    # Sochi prices a 6, 7, 8, 9, 10 at 2, 4, 6, 8, 10 (Code 3.6.1). A ten made against one
    # whister who took nothing: 10 to the pool; the whister owed 1 trick (obligation on a ten)
    # and goes up the mountain 1 × 10 (responsible whist)
    f = contract(10, "one", (1,), passers=(2,), tricks={0: 10, 1: 0, 2: 0})
    assert rows(score_contract(SOCHI, f)) == [("pool", 0, 10, None), ("mountain", 1, 10, None)]
    # ten without one: 1 × 10 to the mountain; the whister writes his trick at 10 and the
    # consolation 1 × 10, the passer (greedy whist) the consolation only; the defence took its one
    f = contract(10, "one", (1,), passers=(2,), tricks={0: 9, 1: 1, 2: 0})
    assert rows(score_contract(SOCHI, f)) == [("mountain", 0, 10, None), ("whists", 1, 10, 0),
                                              ("whists", 1, 10, 0), ("whists", 2, 10, 0)]


def test_allpass_zero_trick_bonus():
    # tricks 6, 4, 0: the amnesty strikes off the smallest count, 0; seats 0 and 1 write 6 and
    # 4 (1 a trick, first all-pass); seat 2 took none and writes one trick's value, 1, to his pool
    f = DealFacts("allpass", 3, 2, tricks={0: 6, 1: 4, 2: 0})
    assert rows(score_allpass(SOCHI, f)) == [("mountain", 0, 6, None), ("mountain", 1, 4, None), ("pool", 2, 1, None)]
    assert rows(score_allpass(replace(SOCHI, allpass_zero_bonus=False), f)) == [
        ("mountain", 0, 6, None), ("mountain", 1, 4, None)]


def test_a_closed_pool_takes_nothing_more():
    # seat 0's pool is closed at 20: the 2 points of a made six all go to help; the biggest
    # open pool is seat 2's (15 > 12): 2 points there, and 2 × 10 = 20 whists on it
    sh = Sheet(SOCHI)
    sh.pool = [20, 12, 15]
    sh.write([Entry("pool", 0, 2, None, "preferans.scoring.made", "6♠ made")])
    assert sh.pool == [20, 12, 17] and sh.whists[0][2] == 20


def test_without_help_the_pulka_ends_when_the_pools_sum_to_the_target_times_the_players():
    # Leningrad writes no help: 20 × 3 = 60 in the pools ends it, one short does not
    ln = Sheet(LENINGRAD)
    ln.pool = [20, 20, 19]
    assert not ln.over()
    ln.pool = [30, 20, 10]
    assert ln.over()


def test_allpass_without_the_amnesty_writes_every_trick():
    # tricks 5, 4, 1 and no amnesty: 5, 4 and 1 points to the mountains (1 a trick)
    f = DealFacts("allpass", 3, 2, tricks={0: 5, 1: 4, 2: 1})
    assert rows(score_allpass(replace(SOCHI, allpass_amnesty=False), f)) == [
        ("mountain", 0, 5, None), ("mountain", 1, 4, None), ("mountain", 2, 1, None)]


def test_an_overtrick_cancels_a_penalty_trick():
    # 6♠; the declarer looked at old tricks once: one trick off his count (Code 3.9.11.2).
    # Taking 7 he is booked 6: made, 2 to the pool; taking 8, still made (not «without −1»)
    for taken in (7, 8):
        f = contract(6, "two", (1, 2), tricks={0: taken, 1: 10 - taken - 1, 2: 1}, penalty={0: 1})
        assert rows(score_contract(SOCHI, f))[0] == ("pool", 0, 2, None)
    # taking 6 he is booked 5: 6 without 1, 1 × 2 on his mountain
    f = contract(6, "two", (1, 2), tricks={0: 6, 1: 3, 2: 1}, penalty={0: 1})
    assert rows(score_contract(SOCHI, f))[0] == ("mountain", 0, 2, None)


def test_help_beyond_one_pool_goes_on_and_the_rest_comes_off_the_mountain():
    # pools 20 (closed), 18, 19; seat 0 writes 5. The biggest open pool, seat 2's, takes 1
    # (10 whists), then seat 1's takes 2 (20 whists); every pool is closed with 2 points left:
    # off seat 0's mountain, 2 × 3 shares / 3 players = 2
    sh = Sheet(SOCHI)
    sh.pool = [20, 18, 19]
    sh.write([Entry("pool", 0, 5, None, "preferans.scoring.made", "10 made")])
    assert sh.pool == [20, 20, 20] and sh.whists[0] == [0, 20, 10] and sh.mountain == [-2, 0, 0]


def test_gentleman_whist_two_down():
    # Leningrad, 7 without 2: 2 × 4 × 2 = 16 on the mountain; the defence's 5 tricks at 8 are
    # halved, 20 each; the consolation is 2 tricks × 8 = 16 for each defender
    f = contract(7, "one", (1,), passers=(2,), tricks={0: 5, 1: 3, 2: 2})
    assert rows(score_contract(LENINGRAD, f)) == [("mountain", 0, 16, None), ("whists", 1, 20, 0),
                                                  ("whists", 1, 16, 0), ("whists", 2, 20, 0), ("whists", 2, 16, 0)]


def test_greedy_whist_two_down():
    # Sochi, 7 without 2: 2 × 4 = 8 on the mountain; the whister writes the defence's 5 tricks
    # at 4, 20; the consolation is 2 tricks × 4 = 8, to the whister and to the passer
    f = contract(7, "one", (1,), passers=(2,), tricks={0: 5, 1: 3, 2: 2})
    assert rows(score_contract(SOCHI, f)) == [("mountain", 0, 8, None), ("whists", 1, 20, 0),
                                              ("whists", 1, 8, 0), ("whists", 2, 8, 0)]
