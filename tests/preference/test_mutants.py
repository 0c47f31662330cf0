"""Tests written for the survivors of the mutation run over préférence's rules
(`tests/mutation/preference-rules.toml`; the verdicts are in tests/mutation/RESULTS.md).

Every expected value is worked by hand in the comment beside it.
"""

from cardrules.games.preference.auction import FOUR, HOLD, ONE, PASS, THREE, TWO, Auction


def _auction(calls, order=(1, 2, 0)):
    a = Auction(order)
    for c in calls:
        a.call(c)
    return a


def test_holding_four_in_the_austrian_auction_still_waits_for_the_last_pass():
    # Speaking order seats 1, 2, 0. Seat 1 bids 1, seat 2 bids 2, seat 0 bids 3; seat 1,
    # who bid already and speaks before the holder, may only hold or pass: he passes.
    # Seat 2 holds 3 («держу»), seat 0 bids 4, seat 2 holds 4. The Austrian auction does
    # not end on a hold of the top number (that is the Croatian «moje 7»): seat 0 still
    # speaks, and with nothing above 4 and his first call made, he can only pass.
    a = _auction([ONE, TWO, THREE, PASS, HOLD, FOUR, HOLD])
    assert not a.done and a.current() == 0 and a.legal() == [PASS]
    a.call(PASS)
    assert (a.done, a.declarer, a.kind, a.level) == (True, 2, "talon", 4)


def test_only_a_bidder_with_priority_over_the_holder_may_hold():
    # Seats 1, 2, 0 speak in that order. 1, 2, 3 are bid; seat 1 passes; seat 2, who bid
    # 2 and speaks before seat 0, holds 3. Seat 0 bid too, but speaks after the holder
    # (seat 2): he may bid 4 or pass, not hold.
    a = _auction([ONE, TWO, THREE, PASS, HOLD])
    assert a.current() == 0 and a.legal() == [PASS, FOUR]


def test_an_invited_pair_taking_exactly_four_tricks_costs_the_inviter_nothing():
    # An invitation (seat 1 invites seat 2): the two defenders must take four tricks
    # between them (twice the quota of two). 2 + 2 = 4 is enough; 2 + 1 = 3 is not, and
    # then the inviter, seat 1, pays the stake into the pot.
    from cardrules.games.preference import AUSTRIAN
    from cardrules.games.preference.scoring import POT, payoff

    def invitation_payments(tricks):
        r = payoff(AUSTRIAN, pot=100, trump_number=1, declarer=0, tricks=tricks, playing=(1, 2), invited_by=1,
                   defenders=(1, 2))
        return [(p.payer, p.payee) for p in r.payments if p.clause_id == "preference.austrian.invitation"]

    assert invitation_payments([6, 2, 2]) == []
    assert invitation_payments([7, 2, 1]) == [(1, POT)]
    r = payoff(AUSTRIAN, pot=100, trump_number=1, declarer=0, tricks=[7, 2, 1], playing=(1, 2), invited_by=1,
               defenders=(1, 2))
    assert [s.text for s in r.trace.steps if s.clause_id == "preference.austrian.invitation"][0].startswith(
        "the invited pair took 3 tricks, fewer than 4: the inviter pays the stake into the pot")


def test_hearts_is_a_game_at_the_number_of_hearts():
    # Seat 1 says «игра», seat 2 «червы»: hearts, the fourth suit of the ladder, are trumps,
    # and the auction ends at 4.
    from cardrules.games.preference.auction import HEARTS, SPIEL

    a = _auction([SPIEL, HEARTS])
    assert (a.done, a.declarer, a.kind, a.level) == (True, 2, "hearts", 4)


def test_a_payment_of_one_chip_is_paid():
    # Only payments of nothing are left out of the list.
    from cardrules.games.preference.scoring import Payoff

    r = Payoff(3)
    r.pay(1, 0, 1, "preference.austrian.trick-money", "1 trick at 1")
    r.pay(2, 0, 0, "preference.austrian.trick-money", "no trick")
    assert r.net == [1, -1, 0] and len(r.payments) == 1


def test_the_trace_says_when_no_defender_plays():
    # Both defenders decline: the declarer counts all ten tricks, and the trace says why.
    # When a defender plays, no such line.
    from cardrules.games.preference import AUSTRIAN
    from cardrules.games.preference.scoring import payoff

    def no_defence(playing, tricks):
        r = payoff(AUSTRIAN, pot=100, trump_number=1, declarer=0, tricks=tricks, playing=playing, invited_by=None,
                   defenders=(1, 2))
        return [s.amount for s in r.trace.steps if s.clause_id == "preference.austrian.no-defence"]

    assert no_defence((), [0, 0, 0]) == [10]
    assert no_defence((1,), [6, 4, 0]) == []


def test_moje_seven_ends_the_croatian_auction_at_once():
    # Croatian numbers run from 2 to 7. Seat 1 bids 2, seat 2 3; seat 0 passes. Seat 1,
    # who speaks first, holds («moje») each number seat 2 bids, up to 7: «moje 7» ends the
    # auction then and there, seat 1 playing at 7; nobody is asked again.
    from cardrules.games.preference.auction import CROATIAN_LADDER, FIVE, SEVEN, SIX

    a = Auction((1, 2, 0), ladder=CROATIAN_LADDER)
    for c in (TWO, THREE, PASS, HOLD, FOUR, HOLD, FIVE, HOLD, SIX, HOLD, SEVEN):
        a.call(c)
    assert not a.done and a.legal() == [PASS, HOLD]
    a.call(HOLD)
    assert (a.done, a.declarer, a.level) == (True, 1, 7)


def test_a_bidder_with_priority_is_told_to_hold_or_pass():
    # Austrian: seat 1 bids 1, seat 2 bids 2, seat 0 bids 3. Seat 1 bid already and speaks
    # before the holder: he may hold or pass, and a 4 is refused in those words.
    import pytest

    from cardrules.engine import IllegalAction

    a = _auction([ONE, TWO, THREE])
    with pytest.raises(IllegalAction) as err:
        a.call(FOUR)
    assert err.value.message == "having bid already and priority over the present bid, hold or pass, not 4"


def test_no_kontra_no_kontra_line_and_the_ace_bonus_counts_aces():
    # Without kontra the stake is not doubled and the trace says nothing of it. The ace
    # bonus (an option, here 5 from each opponent) is due to a declarer with four aces or
    # none, not to one with two.
    from cardrules.cards import parse_cardset
    from cardrules.games.preference import AUSTRIAN
    from cardrules.games.preference.scoring import payoff

    def bonus(hand):
        r = payoff(AUSTRIAN.with_options(ace_bonus=5), pot=100, trump_number=1, declarer=0, tricks=[6, 2, 2],
                   playing=(1, 2), invited_by=None, defenders=(1, 2), declarer_hand=parse_cardset(hand))
        assert not [s for s in r.trace.steps if s.clause_id == "preference.austrian.kontra"]
        return [(p.payer, p.payee, p.amount) for p in r.payments if p.clause_id == "preference.austrian.ace-bonus"]

    assert bonus("♠A ♣A ♦A ♥A ♠7") == [(1, 0, 5), (2, 0, 5)]
    assert bonus("♠K ♠7") == [(1, 0, 5), (2, 0, 5)]
    assert bonus("♠A ♣A ♠7") == []


def test_a_refe_is_written_with_its_sign():
    from cardrules.games.preference.scoring import Entry

    assert str(Entry("refe", 0, 1, "preference.croatian.refe")) == "seat 0: refe +1"
    assert str(Entry("refe", 0, -1, "preference.croatian.refe")) == "seat 0: refe -1"


def test_moje_seven_ends_a_croatian_duel_of_igra_too():
    # Seats 1 and 2 both say «igra», seat 0 passes: the two contest the hand game by
    # numbers from 2 (seat 1 first). Seat 1 holds every number seat 2 bids; «moje 7» ends it.
    from cardrules.games.preference.auction import CROATIAN_LADDER, FIVE, SEVEN, SIX, SPIEL

    a = Auction((1, 2, 0), ladder=CROATIAN_LADDER)
    for c in (SPIEL, SPIEL, PASS, TWO, THREE, HOLD, FOUR, HOLD, FIVE, HOLD, SIX, HOLD, SEVEN):
        a.call(c)
    assert not a.done and a.legal() == [PASS, HOLD]
    a.call(HOLD)
    assert (a.done, a.declarer, a.kind, a.level) == (True, 1, "spiel", 7)


def test_a_croatian_bidder_with_priority_holds_from_three():
    # Croatian: seat 1 bids 2, seat 2 bids 3, seat 0 passes. Seat 1 bid already and speaks
    # before the holder; at 3, the first number that may be held, he holds or passes.
    from cardrules.games.preference.auction import CROATIAN_LADDER

    a = Auction((1, 2, 0), ladder=CROATIAN_LADDER)
    for c in (TWO, THREE, PASS):
        a.call(c)
    assert a.current() == 1 and a.legal() == [PASS, HOLD]


def test_an_auction_everybody_passes_ends_at_no_level():
    a = _auction([PASS, PASS, PASS])
    assert (a.done, a.declarer, a.kind, a.level) == (True, None, "", 0)


def test_each_kind_of_sheet_entry_is_told_in_its_words():
    from cardrules.games.preference.scoring import Entry

    assert str(Entry("soup", 0, 5, "preference.croatian.soup", against=1)) == "seat 0 writes 5 soup against seat 1"
    assert str(Entry("bula", 2, 1, "preference.croatian.bula")) == "seat 2: bula +1"
    assert str(Entry("bula", 2, -4, "preference.croatian.bula")) == "seat 2: bula -4"


def test_a_payment_names_the_pot_and_the_seat():
    from cardrules.games.preference.scoring import POT, Payment

    assert str(Payment(POT, 0, 5, "preference.austrian.payoff")) == "the pot pays seat 0 5"
    assert str(Payment(2, POT, 3, "preference.austrian.defence")) == "seat 2 pays the pot 3"


def test_a_hand_game_without_a_number_is_played_at_one():
    # «игра» alone: the others pass, and the hand game stands at the lowest number, 1.
    # Two «игра» and the first passes at once in their duel: the other plays at 1 too.
    from cardrules.games.preference.auction import SPIEL

    a = _auction([SPIEL, PASS, PASS])
    assert (a.done, a.declarer, a.kind, a.level) == (True, 1, "spiel", 1)
    a = _auction([SPIEL, SPIEL, PASS])
    assert a.duel and a.current() == 1 and a.legal() == [PASS, ONE]
    a.call(PASS)
    assert (a.done, a.declarer, a.kind, a.level) == (True, 2, "spiel", 1)
