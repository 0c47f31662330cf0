"""Settlement of a deal, rule by rule, with the arithmetic done by hand in comments."""

from cardrules.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from cardrules.games.fortuna import FOUR, THREE, TWO, TWO_TALON
from cardrules.games.fortuna.scoring import (advance, honour_points, onerschik_consolation, paid_points,
                                             pool_shares, rate, remise_size, settle, souverain)
from cardrules.cards import parse_cardset

from .helpers import facts


def test_rate_surs_prefs_plain():
    # сюры ♥ → преферансы ♦ (same colour)
    assert rate(FOUR, HEARTS, HEARTS) == 4
    assert rate(FOUR, DIAMONDS, HEARTS) == 2
    assert rate(FOUR, SPADES, HEARTS) == 1
    assert rate(FOUR, CLUBS, SPADES) == 2


def test_honour_scale():
    hp = lambda h, t=HEARTS, v=FOUR: honour_points(v, parse_cardset(h), t)
    assert hp("♥AKQJ10") == 5 and hp("♥AKQJ") == 4 and hp("♥KQJ10") == 4
    assert hp("♥KQJ") == 2 and hp("♥AK") == 1 and hp("♥KQ") == 0 and hp("♥A") == 0
    assert hp("♥9 ♥8 ♠A") == 0  # nines are no honours, nor are other suits' cards
    # three-handed, trumps the cut-down suit (♣ Q K A): 3 → 4, 2 → 2, ace alone → 1
    assert hp("♣AKQ", CLUBS, THREE) == 4 and hp("♣KQ", CLUBS, THREE) == 2
    assert hp("♣A", CLUBS, THREE) == 1 and hp("♣Q", CLUBS, THREE) == 0
    # two-handed, trumps the short suit (10 to A): five honours as in the four-handed game
    assert hp("♣AKQJ10", CLUBS, TWO) == 5


def test_all_made_settle_differences():
    # declarers 0, 1, 2 (seat 3 passed), quota 3; trumps ♥ are сюры: ×4
    # seat 0: 6 tricks → 3 leve + ♥AK (two with the ace) 1 = 4 points
    # seat 1: 4 tricks → 1 leve + ♥QJ10 (three) 2 = 3 points
    # seat 2: 3 tricks → 0 points
    # 1 pays 0: (4−3)×4 = 4;  2 pays 0: 4×4 = 16;  2 pays 1: 3×4 = 12
    r = settle(facts(FOUR, trump=HEARTS, surs=HEARTS, declarers=[0, 1, 2], quota=3, tricks=[6, 4, 3, 0],
                     held=["♥AK", "♥QJ10", "", ""]))
    assert r.made == [0, 1, 2] and r.failed == []
    assert r.chips == [4 + 16, -4 + 12, -16 - 12, 0]
    assert r.leve == [3, 1, 0, 0] and r.honours == [1, 2, 0, 0] and r.remises == 0


def test_equal_points_leve_prevail():
    # declarers 0, 1, quota 4; trumps ♦, сюры ♠ → rate 1
    # seat 0: 6 tricks → 2 leve + ♦AK 1 = 3;  seat 1: 7 tricks → 3 leve + 0 = 3: equal points,
    # so seat 0, with fewer leve, pays the difference of leve: (3 − 2) × 1 = 1
    r = settle(facts(FOUR, trump=DIAMONDS, surs=SPADES, declarers=[0, 1], quota=4, tricks=[6, 7, 0, 0],
                     held=["♦AK", "", "", ""]))
    assert r.chips == [-1, 1, 0, 0]


def test_failure_only_the_failer_pays():
    # declarers 0, 1, 2, quota 3; trumps ♣, сюры ♠ → ♣ преферансы, ×2; pool 60
    # seat 0: 8 tricks → 5 leve + 5 honours = 10 points; seat 1: 3 tricks, made, 0 points
    # seat 2: 2 tricks, short 1, no honours → 1 unit
    # seat 2 pays seat 0 his points 10×2 = 20, seat 1 his 0×2 = 0;
    # seat 2 pays each opponent his unit 1×2 = 2; and one remise of 60 into the pool
    r = settle(facts(FOUR, trump=CLUBS, surs=SPADES, declarers=[0, 1, 2], quota=3, tricks=[8, 3, 2, 0],
                     held=["♣AKQJ10", "", "", ""], pool=60))
    assert r.failed == [2]
    assert r.chips == [22, 2, -20 - 2 - 2 - 60, 0]
    assert r.remises == 60
    assert sum(r.chips) + r.remises == 0


def test_remises_count_honours_and_are_capped():
    # pool 100 → a remise is 72. Seat 1 short 2 with ♥KQJ: honour points 2 → 4 remises = 288;
    # counting honour cards (3) instead: 5 remises = 360
    assert remise_size(FOUR, 100) == 72
    args = dict(trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=4, tricks=[11, 2, 0, 0],
                held=["", "♥KQJ", "", ""], pool=100)
    assert settle(facts(FOUR, **args)).remises == 288
    assert settle(facts(FOUR.with_options(remise_honours="cards"), **args)).remises == 360


def test_nevolia_made_forced_players_pay_nothing():
    # seat 1 forced неволя, quota 5, took 7 tricks: 2 leve + ♠AK 1 = 3 points, no chips move
    r = settle(facts(FOUR, trump=SPADES, surs=HEARTS, declarers=[1], nevolia=1, quota=5, tricks=[2, 7, 2, 2],
                     held=["♠QJ10", "♠AK", "", ""]))
    assert r.chips == [0, 0, 0, 0] and r.leve == [0, 2, 0, 0] and r.honours == [0, 1, 0, 0]


def test_punition_juste():
    # seat 1 forced неволя and took 3: short 2, ♠AK 1 honour point → 3 units; rate 1; pool 30
    # to each of three opponents: 3×1 + consolation 12 = 15 → 45; remises 3×30 = 90
    r = settle(facts(FOUR, trump=SPADES, surs=HEARTS, declarers=[1], nevolia=1, quota=5, tricks=[4, 3, 3, 3],
                     held=["", "♠AK", "", ""], pool=30))
    assert r.chips == [15, -45 - 90, 15, 15] and r.remises == 90


def test_revoker_scores_nothing_and_pays_his_due():
    # declarers 0, 1, quota 4; seat 0 revoked in a plain suit and took 9: he scores nothing;
    # seat 1 made 4 with ♥AK 1 point: seat 0 (0 points) pays the difference 1×1; revoke remise 24
    r = settle(facts(FOUR, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=4, tricks=[9, 4, 0, 0],
                     held=["", "♥AK", "", ""], revokes={0: 24}))
    assert r.chips == [-1 - 24, 1, 0, 0] and r.leve[0] == 0 and r.remises == 24


def test_failer_pays_the_revoker_nothing():
    # seat 0 revoked (in trumps: 48) and took 10; seat 1 took 3 of 4: short 1, no honours.
    # Seat 1 pays seat 0 nothing (neither seat 0's points, which are none, nor his unit),
    # but still puts his remise, 1 × 24, in the pool
    r = settle(facts(FOUR, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=4, tricks=[10, 3, 0, 0],
                     revokes={0: 48}))
    assert r.chips == [-48, -24, 0, 0] and r.remises == 72


def test_two_handed_five_tricks_relief():
    # quota 6 each. Seat 0 took 8: 2 leve + ♥AKQ 2 = 4 points; seat 1 took 5: no remise,
    # pays only the game, 4×1
    r = settle(facts(TWO, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=6, tricks=[8, 5],
                     held=["♥AKQ", ""], dealer=1))
    assert r.chips == [4, -4] and r.remises == 0
    # with 4 tricks he fails in full: seat 0 has 3 leve + 2 = 5; seat 1 pays 5 + his short 2
    # = 7, and 2 remises of 24 = 48
    r = settle(facts(TWO, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=6, tricks=[9, 4],
                     held=["♥AKQ", ""], dealer=1))
    assert r.chips == [7, -7 - 48] and r.remises == 48


def test_talon_buyer_pays_double_when_he_fails():
    # as above, seat 1 bought a card: (5 + 2) × 2 = 14; the remises (2 × 24) are not
    # doubled; and he paid 4 into the pool for the card: −14 − 48 − 4 = −66
    r = settle(facts(TWO_TALON, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=6, tricks=[9, 4],
                     held=["♥AKQ", ""], bought=[0, 1], dealer=1))
    assert r.chips == [14, -14 - 48 - 4] and r.pool_in == 4


def test_trace_cites_talon_double_and_made_vs_made():
    # the failing buyer's doubled payments are explained by fortuna.talon.double
    r = settle(facts(TWO_TALON, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=6, tricks=[9, 4],
                     held=["♥AKQ", ""], bought=[0, 1], dealer=1))
    cited = [step.clause_id for step in r.trace.steps]
    assert "fortuna.talon.double" in cited
    # no purchase, no doubling cited
    r = settle(facts(TWO_TALON, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=6, tricks=[9, 4],
                     held=["♥AKQ", ""], dealer=1))
    assert "fortuna.talon.double" not in [step.clause_id for step in r.trace.steps]
    # unequal points between successful players: the editorial clause; equal points: the tie
    r = settle(facts(FOUR, trump=HEARTS, surs=HEARTS, declarers=[0, 1], quota=4, tricks=[7, 5, 0, 0],
                     held=["♥AK", "♥QJ10", "", ""]))
    # seat 0: 3 leve + 1 = 4, seat 1: 1 leve + 2 = 3; сюры ×4: seat 1 pays 4
    assert r.chips == [4, -4, 0, 0]
    assert [s.clause_id for s in r.trace.steps if "pays" in s.text] == ["fortuna.settlement.made-vs-made"]
    r = settle(facts(FOUR, trump=DIAMONDS, surs=SPADES, declarers=[0, 1], quota=4, tricks=[6, 7, 0, 0],
                     held=["♦AK", "", "", ""]))
    assert [s.clause_id for s in r.trace.steps if "pays" in s.text] == ["fortuna.settlement.ties"]


def test_souverain_in_nevolia_collects_nothing_from_the_forced():
    # seat 1 forced неволя (quota 5) and took all 13 with ♠AKQJ10: 8 leve + 5 = 13, grand;
    # the forced players are exempt from every payment (fortuna.bidding.nevolia-exempt)
    r = settle(facts(FOUR, trump=SPADES, surs=HEARTS, declarers=[1], nevolia=1, quota=5, tricks=[0, 13, 0, 0],
                     held=["", "♠AKQJ10", "", ""]))
    assert r.souverain == (1, "grand") and r.chips == [0, 0, 0, 0]


def test_grand_souverain_collects_13_leve_and_36():
    # all four declared (quota 2); seat 3 took 13 tricks: 11 leve + 5 honours = 16 ≥ 13
    # rate 1 (trumps ♥, сюры ♣). Each of seats 0, 1, 2 pays 13 + 36 = 49 and, having failed
    # by 2 with no honours, 2×1 to each of his three opponents and 2 remises of 24
    r = settle(facts(FOUR, trump=HEARTS, surs=CLUBS, declarers=[0, 1, 2, 3], quota=2, tricks=[0, 0, 0, 13],
                     held=["", "", "", "♥AKQJ10"]))
    assert r.souverain == (3, "grand")
    # a failer pays 49 + 3×2 and receives 2×2 from the two other failers, and 48 remises
    assert r.chips == [-49 - 6 + 4 - 48] * 3 + [3 * 49 + 3 * 2]
    assert sum(r.chips) + r.remises == 0


def test_petit_souverain_needs_the_ace():
    # four declarers, quota 2; seat 0 took 10: 8 leve + ♠AKQJ 4 = 12 points; trumps ♠,
    # so he needs ♥A (held): petit souverain. Rate: сюры ♣ → ♠ преферансы, ×2.
    # Seats 1, 2, 3 took one trick each: each failed by 1, with no honours.
    # Each failer pays seat 0: 13×2 + 18 = 44; and 1×2 to each of his 3 opponents.
    r = settle(facts(FOUR, trump=SPADES, surs=CLUBS, declarers=[0, 1, 2, 3], quota=2, tricks=[10, 1, 1, 1],
                     held=["♠AKQJ ♥A", "", "", ""]))
    assert r.souverain == (0, "petit")
    assert r.chips[0] == 3 * 44 + 3 * 2
    # without the ace of hearts it is no souverain
    assert souverain(FOUR, 12, parse_cardset("♠AKQJ"), SPADES) is None


def test_petit_souverain_in_the_two_handed_game():
    # 7 leve + 5 honours = 12 needs also the six top trumps (A K Q J 10 9) and ♥A
    held = parse_cardset("♠AKQJ109 ♥A")
    assert souverain(TWO_TALON, 12, held, SPADES) == "petit"
    assert souverain(TWO_TALON, 12, parse_cardset("♠AKQJ10 ♥A"), SPADES) is None
    # in the 26-card pack the short suit (♣ 10 to A) has five cards: six top trumps cannot be
    assert souverain(TWO, 12, parse_cardset("♣AKQJ10 ♥A"), CLUBS) is None


def test_glyph_reading_as_an_option():
    # Zapf Dingbats reading: ♦A, or ♥A when diamonds are trumps
    dingbats = FOUR.with_options(petit_aces=(DIAMONDS, HEARTS))
    assert souverain(dingbats, 12, parse_cardset("♦A"), SPADES) == "petit"
    assert souverain(dingbats, 12, parse_cardset("♥A"), DIAMONDS) == "petit"
    assert souverain(dingbats, 12, parse_cardset("♥A"), SPADES) is None


def test_points_above_13_are_not_paid():
    # seat 0 at 9 scores 10: only 4 reach 13 and are paid (rate 1) by the failer, seat 1,
    # who also pays his own short 1 + 0 honours: 4 + 1 = 5; one remise of 24
    r = settle(facts(FOUR, trump=HEARTS, surs=SPADES, declarers=[0, 1], quota=4, tricks=[10, 3, 0, 0],
                     held=["♥AKQJ", "", "", ""], scores=[9, 0, 0, 0]))
    # seat 0: 6 leve + 4 honours = 10 points
    assert r.chips == [5, -5 - 24, 0, 0]
    assert paid_points(FOUR, 9, 19, 10) == 4


def test_player_held_at_12_is_paid_up_to_13():
    # Found with the golden record four-onerschik.yaml: seat 2 stands at 10 and makes
    # his 4 tricks exactly with ♥A K Q J: 0 leve + 4 honours, nominally 14, held at 12
    # (fortuna.partie.honours-only). Only points beyond 13 go unpaid
    # (fortuna.partie.above-13): he is paid for 3 of his 4 points, not 2 (the engine used
    # to cap the payment at the score he was held to). Seat 3 made 9: 5 leve, 5 points;
    # nobody failed, so seat 2 pays the difference 5 − 3 = 2.
    r = settle(facts(FOUR, trump=HEARTS, surs=CLUBS, declarers=[2, 3], quota=4, tricks=[0, 0, 4, 9],
                     held=["", "", "♥AKQJ", ""], scores=[0, 0, 10, 0], leve_totals=[0, 0, 6, 0]), explain=True)
    assert r.honours == [0, 0, 4, 0] and r.leve == [0, 0, 0, 5]
    assert r.chips == [0, 0, -2, 2]
    assert ("fortuna.partie.above-13", "seat 2: points paid", 3) in [(s.clause_id, s.text, s.amount) for s in r.trace.steps]


def test_honours_alone_cannot_win():
    assert advance(FOUR, 11, 0, 2) == (12, True)     # 11 + 2 honours: held at 12
    assert advance(FOUR, 12, 0, 5) == (12, True)
    assert advance(FOUR, 12, 1, 0) == (13, False)    # one leve frees him
    partie = FOUR.with_options(honours_only="partie")
    assert advance(partie, 11, 0, 2, leve_before=1) == (13, False)
    assert advance(partie, 11, 0, 2, leve_before=0) == (12, True)


def test_pool_shares_and_onerschik():
    # pool 200: 11 points → 200//8 = 25; 12 → 200//4 = 50; the winner 200 − 75 = 125
    assert pool_shares(FOUR, 200, [14, 11, 12, 3], winner=0) == [125, 25, 50, 0]
    # a souverain takes it all
    assert pool_shares(FOUR, 200, [14, 11, 12, 3], winner=0, whole=True) == [200, 0, 0, 0]
    # pool 101: 101//8 = 12 → the winner 89
    assert pool_shares(FOUR, 101, [13, 11, 0, 0], winner=0) == [89, 12, 0, 0]
    # consolation: quarter of 400 is 100; the winner's 300 exceeds it by 200 ≥ 48 → 24
    assert onerschik_consolation(FOUR, 400, 300) == 24
    # quarter of 200 is 50; 90 exceeds it by 40 < 48 → half, 20
    assert onerschik_consolation(FOUR, 200, 90) == 20
    assert onerschik_consolation(FOUR, 200, 50) == 0


def test_several_at_13_equal_in_points_and_leve_the_first_in_bidding_order_wins():
    from cardrules.games.fortuna.scoring import partie_winner
    # seats 0 and 1 both reach 13 with one leve each; bidding starts at the dealer's left:
    # dealer 0 → seat 1 speaks first and wins; dealer 1 → order 2, 3, 0, 1: seat 0 wins
    assert partie_winner(FOUR, [13, 13, 0, 0], [1, 1, 0, 0], dealer=0) == 1
    assert partie_winner(FOUR, [13, 13, 0, 0], [1, 1, 0, 0], dealer=1) == 0


def test_the_trace_states_each_amount_once_and_as_computed():
    from cardrules.games.fortuna.scoring import settle
    # ♥ trumps, сюры ♣: rate 1; pool 24. Quota 3. Seat 0 makes exactly 3 with no honours:
    # 0 points; seat 1 takes 2 (one short) with ♥A K, two honours with the ace, 1 point;
    # seat 2 makes 4 but revoked in trumps (48).
    f = facts(FOUR, trump=HEARTS, surs=CLUBS, declarers=[0, 1, 2], quota=3, tricks=[3, 2, 4, 4],
              held=["", "♥AK", "", ""], revokes={2: 48}, pool=24)
    steps = [(s.clause_id, s.amount) for s in settle(f, explain=True).trace.steps]
    # the revoker scores nothing: a line of 0
    assert ("fortuna.revoke.plain", 0) in steps
    # seat 1 fails by 1 + 1 honour = 2 units; he pays seat 0 (the revoker gets nothing) 2 × 1;
    # seat 0's 0 points cost nobody anything, so no «collect» line is written at all
    assert [a for c, a in steps if c == "fortuna.settlement.failure"] == [2, 2]
    assert not [a for c, a in steps if c == "fortuna.settlement.collect"]
    # remises: 2 × 24 = 48; the revoke remise of 48 is cited as a trump revoke
    assert ("fortuna.settlement.remise", 48) in steps
    assert steps[-1] == ("fortuna.revoke.trump", 48)


def test_the_trace_names_the_rate():
    from cardrules.games.fortuna.scoring import settle
    for surs, word, mult in ((HEARTS, "сюры", 4), (DIAMONDS, "преферансы", 2)):
        f = facts(FOUR, trump=HEARTS, surs=surs, declarers=[0], quota=5, tricks=[6, 3, 2, 2])
        first = settle(f, explain=True).trace.steps[0]
        assert first.clause_id == "fortuna.settlement.rate" and word in first.text and first.amount == mult


def test_honours_only_deal_or_partie():
    # 10 before, 4 honours and no leve in this deal, 3 leve earlier in the partie: 14 points.
    # Read per deal (the default), no leve in the deal holds him at 12; read per partie, his
    # earlier leve count and he reaches 14
    assert advance(FOUR, 10, 0, 4, leve_before=3) == (12, True)
    assert advance(FOUR.with_options(honours_only="partie"), 10, 0, 4, leve_before=3) == (14, False)


def test_onerschik_threshold():
    # pool 200, a quarter is 50; the winner's share 94 exceeds it by 44 < 48: half of 44, 22;
    # a share of 98 exceeds it by 48: the full consolation, 24
    assert onerschik_consolation(FOUR, 200, 94) == 22
    assert onerschik_consolation(FOUR, 200, 98) == 24


def test_honours_only_partie_counts_leve_of_this_deal_too():
    # per partie: 5 before, 3 leve in this deal and 5 honours: 13, with leve (3 earlier, 3 now):
    # he reaches 13; and with no leve before but 3 now, still 13
    partie = FOUR.with_options(honours_only="partie")
    assert advance(partie, 5, 3, 5, leve_before=3) == (13, False)
    assert advance(partie, 5, 3, 5, leve_before=0) == (13, False)


def test_no_rate_line_at_the_plain_rate():
    # ♠ trumps, сюры ♥: neither сюры nor преферансы, rate 1: the trace opens with the quota
    f = facts(FOUR, trump=SPADES, surs=HEARTS, declarers=[0], quota=5, tricks=[6, 3, 2, 2])
    assert settle(f, explain=True).trace.steps[0].clause_id == "fortuna.bidding.quota"


def test_a_failed_buyer_pays_a_souverain_at_the_talon_factor():
    # Two-handed with the talon, quota 6; trumps ♠, сюры ♥: rate 1. Seat 0 takes all 13
    # tricks: 7 leve + 5 honours (♠AKQJ10) = 12, with the six top trumps and ♥A: a petit
    # souverain. Seat 1 bought from the talon and failed: he pays the souverain
    # (13 leve × 1 + 18) × 2 = 62; at a talon factor of 1 (an option) 31, and no factor line.
    def souverain_steps(variant):
        r = settle(facts(variant, trump=SPADES, surs=HEARTS, declarers=[0, 1], quota=6, tricks=[13, 0],
                         held=["♠AKQJ109 ♥A", ""], bought=[0, 1], dealer=1), explain=True)
        assert r.souverain == (0, "petit")
        return ([(s.text, s.amount) for s in r.trace.steps if s.clause_id == "fortuna.partie.petit-souverain"],
                [s.amount for s in r.trace.steps if s.clause_id == "fortuna.talon.double"])

    claimed = ("seat 0: petit souverain with", 7 + 5)
    assert souverain_steps(TWO_TALON) == ([claimed, ("seat 1 pays seat 0: (13 leve × 1 + 18) × 2", 62)], [2])
    assert souverain_steps(TWO_TALON.with_options(talon_fail_factor=1)) == (
        [claimed, ("seat 1 pays seat 0: 13 leve × 1 + 18", 31)], [])


def test_equal_points_are_settled_by_leve_at_the_rate():
    # Two declarers, quota 4; trumps ♥ are сюры: 4 chips a point. Seat 0 took 6 tricks
    # (2 leve) with ♥QJ10 (2): 4 points; seat 1 took 7 (3 leve) with ♥AK (1): 4 points.
    # Equal points: the difference of leve, 3 − 2, at the rate: seat 0 pays seat 1 4.
    r = settle(facts(FOUR, trump=HEARTS, surs=HEARTS, declarers=[0, 1], quota=4, tricks=[6, 7, 0, 0],
                     held=["♥QJ10", "♥AK", "", ""]))
    assert r.chips == [-4, 4, 0, 0]


def test_a_relieved_failer_does_not_excuse_the_next_one():
    # Four declarers, quota 2, trumps ♠ and сюры ♥: rate 1; the relief (an option of the
    # two-handed game) at 1 trick. Seat 0 took 7 (5 leve), seat 3 took 5 (3 leve). Seat 1
    # took 1, short 1 but relieved: he pays only the game, 5 + 3, and receives seat 2's
    # shortfall, 2: −6. Seat 2 took 0, short 2, not relieved: the game 5 + 3, his shortfall
    # 2 to each of the three others, and 2 remises of 24: −8 − 6 − 48 = −62.
    # Seat 0: 5 + 5 + 2 = 12; seat 3: 3 + 3 + 2 = 8.
    r = settle(facts(FOUR.with_options(relief_tricks=1), trump=SPADES, surs=HEARTS, declarers=[0, 1, 2, 3], quota=2,
                     tricks=[7, 1, 0, 5]), explain=True)
    assert r.chips == [12, -6, -62, 8] and r.remises == 48
    # the trace says seat 1 is relieved, with no amount of its own
    assert [(s.text, s.amount) for s in r.trace.steps if s.clause_id == "fortuna.two.five-tricks"] == [
        ("seat 1 took 1: no remise, pays only the game", 0)]


def test_the_onerschik_consolation_is_due_from_an_excess_equal_to_the_threshold():
    # Pool 200: a quarter is 50; a winner's share of 98 exceeds it by 48, exactly the
    # threshold: the fixed consolation is due. With the option at 30 (not half of 48, 24),
    # 30 is paid; one chip less of excess, 47, gives half of it, 23.
    v = FOUR.with_options(onerschik_consolation=30)
    assert onerschik_consolation(v, 200, 98) == 30
    assert onerschik_consolation(v, 200, 97) == 23


def test_a_made_player_beside_a_souverain_still_collects_from_the_failers():
    # All four declare, quota 2, trumps ♥ and сюры ♣: rate 1. Seat 0 takes 10 tricks
    # (8 leve) with ♥AKQJ10 (5): 13, a grand souverain: each of the three others pays him
    # 13 + 36 = 49. Seat 3 takes 3 (1 leve): made, 1 point, which each failer pays him.
    # Seats 1 and 2 take nothing: short 2, each pays 2 to each of the three others and
    # 2 remises of 24. Seat 0: 3 × 49 + 2 + 2 = 151; seat 3: −49 + 1 + 1 + 2 + 2 = −43;
    # seats 1 and 2: −49 − 1 − 6 + 2 − 48 = −102 each; the sum, −96, is the remises.
    r = settle(facts(FOUR, trump=HEARTS, surs=CLUBS, declarers=[0, 1, 2, 3], quota=2, tricks=[10, 0, 0, 3],
                     held=["♥AKQJ10", "", "", ""]))
    assert r.souverain == (0, "grand")
    assert r.chips == [151, -102, -102, -43] and r.remises == 96
