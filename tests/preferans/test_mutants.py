"""Tests written for the survivors of the mutation run over preferans's scoring and auction
(`tests/mutation/preferans-scoring-auction.toml`; the verdicts are in tests/mutation/RESULTS.md).

Every expected value is worked by hand in the comment beside it. The seats are chosen so
that seat 0 plays the part: a slip that reads "seat > 0" for "a seat was given" shows.
"""

from cardrules.games.preferans import SOCHI
from cardrules.games.preferans.scoring import DealFacts, score_allpass, score_contract


def texts(entries):
    return [str(e) for e in entries]


def test_the_tricks_of_a_withdrawn_half_whister_in_seat_0_count_for_the_defence():
    # Sochi, seat 1 plays a six and takes 5. Seat 0 went for half a whist and seat 2 took the
    # whist back (Code 3.8.14): seat 0's 2 tricks count for the defence, 2 + 3 = 5, and he
    # writes nothing. Seat 2 writes 5 × 2 = 10 and the consolation for one trick short, 2.
    f = DealFacts("contract", 3, 2, declarer=1, level=6, contract="6", whist="one", whisters=(2,), half_withdrawn=0,
                  tricks={1: 5, 0: 2, 2: 3})
    assert texts(score_contract(SOCHI, f)) == [
        "seat 1 mountain +2 (6 without 1)",
        "seat 2 whists on 1 +10 (5 defence tricks × 2)",
        "seat 2 whists on 1 +2 (consolation 1 × 2)",
    ]


def test_a_dealer_sitting_out_in_seat_0_writes_his_consolation():
    # Four players, seat 0 deals and sits out. Seat 1 plays a six and takes 5; seat 2 whists,
    # seat 3 passes. Sochi gives the consolation to every defender and to the dealer sitting
    # out: 1 trick short × 2 for seats 2, 3 and 0; seat 2 also 5 defence tricks × 2.
    f = DealFacts("contract", 4, 0, declarer=1, level=6, contract="6", whist="one", whisters=(2,), passers=(3,),
                  tricks={1: 5, 2: 3, 3: 2}, sitting_out=0)
    assert texts(score_contract(SOCHI, f)) == [
        "seat 1 mountain +2 (6 without 1)",
        "seat 2 whists on 1 +10 (5 defence tricks × 2)",
        "seat 2 whists on 1 +2 (consolation 1 × 2)",
        "seat 3 whists on 1 +2 (consolation 1 × 2)",
        "seat 0 whists on 1 +2 (consolation 1 × 2 (dealer))",
    ]


def test_the_amnesty_counts_the_trick_of_a_dealer_sitting_out_in_seat_0():
    # Four players, an all-pass; seat 0, the dealer, sits out and a talon card won him one
    # trick. The others took 4, 3 and 2. The amnesty strikes the smallest count, the
    # dealer's 1, off each: 3, 2 and 1 mountain points, and 0 for the dealer.
    f = DealFacts("allpass", 4, 0, tricks={1: 4, 2: 3, 3: 2}, sitting_out=0, dealer_tricks=1)
    assert texts(score_allpass(SOCHI, f)) == [
        "seat 1 mountain +3 (all-pass: 3 tricks × 1)",
        "seat 2 mountain +2 (all-pass: 2 tricks × 1)",
        "seat 3 mountain +1 (all-pass: 1 tricks × 1)",
    ]


def test_a_dealer_sitting_out_in_seat_0_writes_the_no_trick_bonus_in_a_rostov_all_pass():
    # Rostov, four players, seat 0 deals and sits out; an all-pass on whists. Seat 3 took no
    # trick: he writes whists on the others for their tricks at 5 each, 6 × 5 = 30 on seat 1
    # and 4 × 5 = 20 on seat 2, and a point to his pool for taking none; the dealer, who took
    # no trick either, writes his point too.
    from cardrules.games.preferans import ROSTOV

    f = DealFacts("allpass", 4, 0, tricks={1: 6, 2: 4, 3: 0}, sitting_out=0)
    assert texts(score_allpass(ROSTOV, f)) == [
        "seat 3 whists on 1 +30 (all-pass: 6 tricks × 5)",
        "seat 3 whists on 2 +20 (all-pass: 4 tricks × 5)",
        "seat 3 pool +1 (all-pass: no trick)",
        "seat 0 pool +1 (all-pass: the dealer, who took no trick)",
    ]
