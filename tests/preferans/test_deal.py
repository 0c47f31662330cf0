"""The pack, seating, the deal in pairs and the irregularities of the deal (001, Code 3.1–3.2)."""

import pytest

from cardrules.cards import format_cards, parse_cards, size
from cardrules.engine import IllegalAction
from cardrules.games.preferans import GUSARIK, SOCHI, State
from cardrules.games.preferans.deal import (DUMMY, Dealing, absent_player_returns, check_cut, cut_for_absent, deal, deal_pack,
                                            draw_order, first_dealer, misdeal, next_dealer, pack_cards, seats_of,
                                            shuffle, wrong_count)
from dataclasses import replace

from .helpers import play_out


def test_pack_is_32_cards_seven_to_ace():
    cards = pack_cards()
    assert len(cards) == 32 and len(set(cards)) == 32
    assert format_cards([c for c in cards if c // 13 == 3]) == "♥7 ♥8 ♥9 ♥10 ♥J ♥Q ♥K ♥A"


def test_draw_ace_is_lowest_and_suits_break_ties():
    # ♠A is the lowest card of the draw; of two nines ♠ is below ♥ (Code 3.1.1)
    assert draw_order(parse_cards("♥9 ♠A ♠9")) == [1, 2, 0]
    assert first_dealer(parse_cards("♦7 ♣7 ♥K")) == 1     # ♣ below ♦


def test_deal_passes_to_the_left():
    assert [next_dealer(d, 3) for d in range(3)] == [1, 2, 0]


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_talon_laid_after_round_k(k):
    cards = pack_cards()
    d = deal_pack(cards, replace(SOCHI, talon_round=k), dealer=0)
    # 3 hands × 2 cards per round: the talon is the pair at offset 6k of the pack
    assert d.talon_cards == (cards[6 * k], cards[6 * k + 1])
    assert [size(h) for h in d.hands] == [10, 10, 10]
    assert sum(size(h) for h in d.hands) + 2 == 32


@pytest.mark.parametrize("k", [0, 5])
def test_talon_never_first_or_last_pair(k):
    with pytest.raises(ValueError):
        deal_pack(pack_cards(), SOCHI, 0, talon_round=k)


def test_cut_leaves_four_cards():
    check_cut(4)
    with pytest.raises(IllegalAction) as e:
        check_cut(30)
    assert e.value.clause_id == "preferans.deal.cut"


def test_positions_and_the_dummy():
    assert seats_of(SOCHI, 0) == (1, 2, 0)
    assert seats_of(replace(SOCHI, players=4), 1) == (2, 3, 0)      # the dealer (1) sits out
    assert seats_of(GUSARIK, 1) == (0, DUMMY, 1)


def test_exposed_card_dealer_forgiven_once_then_penalised():
    dg = Dealing(SOCHI, shuffle(1), dealer=0)
    first = dg.expose("dealer")
    assert first.kind == "redeal" and first.penalty is None
    second = dg.expose("dealer")
    assert second.kind == "redeal-next" and second.penalty == (0, 2) and second.next_dealer == 1


def test_exposed_card_by_a_player_only_a_remark():
    dg = Dealing(SOCHI, shuffle(1), dealer=0)
    r = dg.expose("player")
    assert r.kind == "redeal" and r.penalty is None and dg.faults == 0


def test_talon_out_of_its_round_gives_a_redeal():
    dg = Dealing(SOCHI, shuffle(1), dealer=0)
    assert dg.lay_talon(2).kind == "redeal"
    assert Dealing(SOCHI, shuffle(1), dealer=0).lay_talon(1).kind == "counts"


def test_redeal_demands_only_before_the_deal_ends():
    dg = Dealing(SOCHI, shuffle(1), dealer=0)
    dg.step(10)
    assert dg.demand_redeal("dealt three at a time").kind == "redeal"
    dg.step(6)
    assert dg.finished
    assert dg.demand_redeal("dealt three at a time").kind == "refused"
    assert dg.result().dealer == 0


def test_absent_player():
    assert absent_player_returns(has_looked=False).redeal
    assert not absent_player_returns(has_looked=True).redeal


def test_cut_for_absent_needs_more_than_three_and_no_reservation():
    # Code 3.2.7: both conditions must hold for the right-hand neighbour to cut
    assert cut_for_absent(players=4).kind == "neighbour"
    assert cut_for_absent(players=4, reserved=True).kind == "wait"
    assert cut_for_absent(players=3).kind == "wait"
    assert cut_for_absent(players=2).kind == "wait"
    assert all(r.clause == "preferans.procedure.absent-cut" and not r.redeal
               for r in (cut_for_absent(4), cut_for_absent(3), cut_for_absent(4, True)))


def test_dealer_slips_and_the_codes_figure():
    dg = Dealing(SOCHI, shuffle(1), dealer=0)
    assert dg.expose("pack").clause == "preferans.procedure.exposed-card"
    first, second = dg.expose("dealer"), dg.expose("dealer")
    assert first.clause == second.clause == "preferans.procedure.dealer-slips"
    code = Dealing(replace(SOCHI, exposed_card_penalty=5), shuffle(1), dealer=2)
    code.expose("dealer")
    assert code.expose("dealer").penalty == (2, 5)


def test_wrong_count_in_bidding_is_a_redeal_in_play_the_deal_counts():
    assert wrong_count("bidding").kind == "redeal"
    assert wrong_count("play").kind == "counts"
    assert wrong_count("bidding", "under-table").kind == "casus"


def test_wrong_count_event_during_the_auction_annuls_the_deal():
    st = State(SOCHI, deal(SOCHI, seed=4))
    st.apply(("wrong-count", "in-hand"))
    assert st.is_terminal() and st.kind == "annulled" and st.entries == []
    assert [s.clause_id for s in st.explain().steps] == ["preferans.procedure.wrong-count"]
    st2 = State(SOCHI, deal(SOCHI, seed=4))
    st2.apply(("wrong-count", "under-table"))
    assert "casus" in st2.note
    # a casus cites its own clause, not the wrong count's
    assert [s.clause_id for s in st2.explain().steps] == ["preferans.procedure.casus"]
    st3 = State(SOCHI, deal(SOCHI, seed=4))
    st3.apply(("wrong-count",))                  # the missing card in another hand, by default
    assert st3.kind == "annulled" and "deal again" in st3.note


def test_wrong_count_event_names_where_the_card_is():
    # the event is ("wrong-count", missing): 'in-hand' or 'under-table', nothing else
    st = State(SOCHI, deal(SOCHI, seed=4))
    with pytest.raises(IllegalAction) as e:
        st.apply(("wrong-count", "bidding"))
    assert e.value.clause_id == "preferans.procedure.wrong-count" and not st.is_terminal()


def test_wrong_count_found_in_play_short_hand_plays_nothing_to_the_last_trick():
    d = misdeal(deal(SOCHI, seed=9, dealer=2), long_pos=0, short_pos=1)
    st = State(SOCHI, d)
    for _ in range(3):
        st.apply(90)                                   # all pass: an all-pass is played
    play_out(st)
    # 10 tricks; the short hand (9 cards) sat out the last one, the long one threw its 11th away
    assert st.trick_no == 10 and st.hands[1] == 0 and size(st.hands[0]) == 1
    assert st.kind == "allpass"


def test_sochi_lays_the_talon_after_the_first_round():
    # by default the dealer lays the talon after the first round of pairs: the 7th and 8th
    # cards of the pack (3 hands × 2 = 6 cards dealt before it)
    cards = pack_cards()
    assert deal_pack(cards, SOCHI, dealer=0).talon_cards == (cards[6], cards[7])
