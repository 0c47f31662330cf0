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
