"""Play (follow suit, revokes, the talon) and whole parties on deals built by hand."""

import pytest

from cardrules.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_card
from cardrules.engine import IllegalAction
from cardrules.games.fortuna import FOUR, TWO_TALON, Partie, State
from cardrules.games.fortuna.auction import HOLD, NEVOLIA, PASS, PLAY
from cardrules.games.fortuna.play import revoke
from cardrules.games.fortuna.state import BUY

from .helpers import hands_deal, play_out, suit_deal

# Seat i holds the whole suit: 0 ♠, 1 ♣, 2 ♦, 3 ♥; dealer 3, so ♥ are trumps.
SUITS = [SPADES, CLUBS, DIAMONDS, HEARTS]


def test_grand_souverain_deal_and_partie():
    partie = Partie(FOUR, dealer=3)
    st = partie.new_deal(suit_deal(3, SUITS, sur="♣2"))       # dealer 3 stakes 24: pool 24
    for call in (PLAY, PLAY, PASS, PLAY, HOLD, HOLD):          # 2 passes; 0 and 1 keep their game
        st.apply(call)
    assert st.declarers == [0, 1, 3] and st.quota == 3 and st.playing == [0, 1, 3]
    play_out(st)
    # seat 3 must trump every trick (he holds only hearts) and takes all 13
    assert st.tricks == [0, 0, 0, 13]
    res = partie.finish(st)
    # seat 3: 10 leve + 5 honours = 15: grand souverain; rate 1 (♥ trumps, ♣ сюры)
    # seats 0, 1 each pay seat 3: 13 + 36 = 49; each failed by 3 (no honours): 3 to each
    # of two opponents; remises 3 × 24 = 72 each
    assert res.souverain == (3, "grand")
    assert res.chips == [-49 - 3 - 3 + 3 - 72, -49 - 3 - 3 + 3 - 72, 0, 49 + 49 + 3 + 3]
    assert partie.over and partie.winner == 3
    # seat 3: −24 stake + 104 + the whole pool 24 = 104; the remises 144 go to the next partie
    assert partie.balances == [-124, -124, 0, 104]
    assert partie.pool == 0 and partie.next_pool == 144 and partie.chips_total() == 0
    assert "fortuna.partie.grand-souverain" in st.explain().clauses


def test_partie_end_shares_and_onerschik():
    partie = Partie(FOUR, dealer=3)
    partie.scores = [5, 11, 12, 0]
    partie.leve_points = [5, 11, 0, 0]
    partie.held_by_honours[2] = True          # seat 2 reached 12 on honours
    st = partie.new_deal(suit_deal(3, SUITS, sur="♣2"))
    for call in (PLAY, PLAY, PLAY, PASS, HOLD, HOLD, HOLD):
        st.apply(call)
    play_out(st)
    # the hearts holder passed; seat 0 leads spades and nobody can follow or trump: 13 tricks
    assert st.tricks == [13, 0, 0, 0]
    res = partie.finish(st)
    # seat 0: 10 leve, no honours; 5 + 10 = 15, but only 8 points reach 13 and are paid
    # seats 1, 2 pay him 8 each, and each failed by 3: 3 to each of his two opponents;
    # remises 3 × 24 each. Seat 0: 8 + 8 + 3 + 3 = 22; seats 1, 2: −8 − 3 − 3 + 3 − 72 = −83
    assert res.chips == [22, -83, -83, 0]
    assert partie.winner == 0 and partie.scores == [15, 11, 12, 0]
    # pool 24: seat 1 (11) takes 24//8 = 3, seat 2 (12) 24//4 = 6, the winner 15;
    # the онерщик, seat 2: 15 exceeds a quarter (6) by 9 < 48, so half, 4
    assert partie.balances == [22 + 15 - 4, -83 + 3, -83 + 6 + 4, -24]
    assert partie.next_pool == 144 and partie.chips_total() == 0


def test_all_pass_redeal_by_the_same_dealer_without_new_stake():
    partie = Partie(FOUR, seed=1, dealer=0)
    st = partie.new_deal()
    for _ in range(4):
        st.apply(PASS)
    partie.finish(st)
    assert partie.balances == [-24, -6, -6, -6] and partie.pool == 42 and partie.dealer == 0
    st2 = partie.new_deal()
    assert st2.deal.dealer == 0 and partie.pool == 42      # no second stake


def test_misdeal_fine():
    partie = Partie(FOUR, seed=2, dealer=1)
    partie.misdeal()                 # stake 24 and fine 24
    st = partie.new_deal()
    assert partie.balances[1] == -48 and partie.pool == 48 and st.pool == 48


def test_follow_suit_and_revoke():
    deal = hands_deal(3, ["♠AK ♥2", "♠Q ♥3", "♣2", "♦2"], trump="♦2", sur="♣3")
    # a toy deal of 3, 2, 1, 1 cards is enough to exercise the play rules
    st = State(FOUR, deal)
    for call in (PLAY, PLAY, PASS, PASS, HOLD, HOLD):
        st.apply(call)
    st.apply(parse_card("♠A"))
    with pytest.raises(IllegalAction) as err:
        st.apply(parse_card("♥3"))
    assert err.value.clause_id == "fortuna.play.follow-suit"
    with pytest.raises(IllegalAction) as err:
        st.apply(revoke(parse_card("♠Q")))          # a legal card is no revoke
    assert err.value.clause_id == "fortuna.revoke.established"
    st.apply(revoke(parse_card("♥3")))               # recorded irregularity
    assert st.revokes == {1: 24}


def test_revoke_in_trumps_costs_48_and_only_the_largest_counts():
    deal = hands_deal(3, ["♦AK ♠2", "♦Q ♠3", "♣2", "♥2"], trump="♦A", sur="♣3")
    st = State(FOUR, deal)
    for call in (PLAY, PLAY, PASS, PASS, HOLD, HOLD):
        st.apply(call)
    st.apply(parse_card("♦A"))
    st.apply(revoke(parse_card("♠3")))               # ♦ trumps led: фальшренонс
    assert st.revokes == {1: 48}


def test_talon_purchase():
    deal = hands_deal(1, ["♠AKQJ1098 ♣AKQJ109", "♦AKQJ1098 ♥AKQJ10 ♣8", ""][:2], trump="♣8", sur="♠8",
                      talon="♥9 ♥8")
    st = State(TWO_TALON, deal)
    assert st.current_player() == 0 and list(st.legal_actions()) == [BUY, BUY + 1]   # at most one card
    with pytest.raises(IllegalAction) as err:
        st.apply(BUY + 2)
    assert err.value.clause_id == "fortuna.talon.elder"
    st.apply(BUY + 1)                                  # takes ♥9, must discard one
    st.apply(parse_card("♣9"))
    assert st.current_player() == 1 and list(st.legal_actions()) == [BUY, BUY + 1]   # the rest: one
    st.apply(BUY + 1)
    st.apply(parse_card("♣8"))
    assert st.bought == [1, 1] and st.phase == 3
    play_out(st)
    res = st.settlement()
    # each bought one card: 4 chips each into the pool
    assert res.pool_in == 8
    other = State(TWO_TALON.with_options(talon_elder_max=2), deal)
    assert list(other.legal_actions()) == [BUY, BUY + 1, BUY + 2]


def test_nevolia_everybody_plays():
    st = State(FOUR, suit_deal(3, SUITS))
    for call in (PLAY, PASS, PASS, PASS, NEVOLIA):
        st.apply(call)
    assert st.nevolia == 0 and st.playing == [0, 1, 2, 3] and st.quota == 5
    play_out(st)
    # seat 3's hearts trump every trick: seat 0 takes none, short 5, no honours:
    # 5 × 1 + 12 to each of three opponents = 51; remises 5 × 24 = 120
    res = st.settlement()
    assert st.tricks == [0, 0, 0, 13]
    assert res.chips == [-51 - 120, 17, 17, 17]


def test_undo_and_clone():
    from cardrules.games.fortuna.deal import deal as make_deal
    st = State(FOUR, make_deal(FOUR, seed=4))
    for _ in range(12):
        if st.is_terminal():
            break
        st.apply(st.legal_actions()[-1])
    snapshot = (list(st.hands), list(st.history), st.current_player())
    copy = st.clone()
    assert (copy.hands, copy.history, copy.current_player()) == snapshot
    last = st.history[-1]
    st.undo()
    st.apply(last)
    assert (st.hands, st.history, st.current_player()) == snapshot
