"""The variant study (cardrules.analysis.study): par decisions on hand-worked deals, the committed
results re-computed on a sample, and the solving spread over a local Dask cluster."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cardrules.analysis import study as S
from cardrules.cards import format_cards, parse_card, parse_cardset
from cardrules.games.preferans import auction as A
from cardrules.games.preferans.deal import Dealt
from cardrules.games.preferans.scoring import Sheet, settle
from cardrules.games.preferans.state import State
from cardrules.games.preferans.variants import LENINGRAD, SOCHI


# --- a deal whose par is plain from the open hands -------------------------------------------
#
# First hand (position 0) holds ♠A K Q J 10 9 ♣7 ♣8 ♥7 ♥8, and the talon is ♠7 ♠8: with it
# he holds all eight spades.
# Second hand holds ♣9 10 J Q K A and ♦9 10 J Q: every club above ♣8, no heart, no spade.
# Third hand holds ♥9 10 J Q K A and ♦7 8 K A: every heart above ♥8, no club, no spade.
#
# The misère: the misère rule throws the two highest cards, ♠A and ♠K (the same rank as
# nothing else). First hand leads ♣7; the second hand must follow with a higher club and takes
# the trick. From then on the lead is never his again: nobody else has a spade, so a spade is
# never led; clubs come from the second hand and hearts from the third, each above his ♣8,
# ♥7 and ♥8; on diamonds, and on whatever he is void in, he throws a spade. A clean misère.
# The others cannot outbid it: the best of each is a suit contract of eight at most (six
# trumps, and the other side's top diamonds or clubs to lose), and a misère is outbid by nine
# only. So the par is first hand's misère: ten to his pool in Sochi, no whist, no trick taken.
#
# The contract discard rule, for the same twelve cards, keeps trumps and aces and throws the
# lowest cards of the shortest side suits: clubs and hearts are both two long, so ♣7 and ♥7
# go (♣ before ♥ on equal rank); he keeps eight spades, ♣8 and ♥8. In no trumps he leads and
# keeps the lead with the eight spades, then ♣8 loses to a club of the second hand and ♥8 to a
# heart of the third (each keeps one, whatever he throws on the spades): 8 tricks. In spades
# the same 8. His best contract is 8NT.
#
# The whist against 8NT, were it played (Sochi): the obligation for an eight is one trick; the
# defence takes two. Which defender takes them is not forced: after the spades, third hand wins
# a heart and may lead a diamond, on which the declarer, void, throws ♣8, so third hand can take
# both; or second hand keeps a club and takes one. The solver's line (its first best card at
# each turn) is the first kind: 8, 0 and 2 tricks. From that split, by backward induction
# (a whist is worth 6 whists a trick, the contract value of an eight; the greedy whist gives
# a passer nothing when the contract is made; the defenders' two tricks meet the obligation,
# so nobody pays a remise), second hand speaking first:
#   * if he whists, third hand gets 6 × 2 = 12 by whisting, 0 by passing: he whists, and
#     second hand, with no trick, writes nothing;
#   * if he passes, third hand whisting alone writes 6 × 2 = 12 for the defence's two tricks:
#     he whists, and second hand writes nothing.
# Second hand gets nothing either way: the tie goes to the pass. Third hand whists alone: he
# writes 12 whists on the declarer, who writes 6 to his pool. Settled alone: −12, 0, +12.
# Leningrad doubles the whist (12 a trick): 24 whists.

HANDS = (parse_cardset("♠A ♠K ♠Q ♠J ♠10 ♠9 ♣7 ♣8 ♥7 ♥8"),
         parse_cardset("♣9 ♣10 ♣J ♣Q ♣K ♣A ♦9 ♦10 ♦J ♦Q"),
         parse_cardset("♥9 ♥10 ♥J ♥Q ♥K ♥A ♦7 ♦8 ♦K ♦A"))
TALON = (parse_card("♠7"), parse_card("♠8"))
NT8 = A.index(8, A.NT)


@pytest.fixture(scope="module")
def table():
    return S.solve_deal(HANDS, TALON)


def test_the_discard_rules_on_the_worked_deal():
    twelve = HANDS[0] | parse_cardset("♠7 ♠8")
    assert format_cards(S.contract_discard(twelve, None)) == "♣7 ♥7"
    assert sorted(S.misere_discard(twelve)) == sorted(parse_cardset_list("♠A ♠K"))


def parse_cardset_list(text):
    return [parse_card(x) for x in text.split()]


def test_par_is_the_plain_misere(table):
    assert table.misere[0] is True
    assert table.tricks[0][A.NT] == 8 and table.tricks[0][0] == 8  # spades
    assert table.best[0] == S.MISERE_CALL and table.winner == 0
    assert max(table.tricks[1]) <= 8 and max(table.tricks[2]) <= 8
    assert table.misere[1] is False and table.misere[2] is False


def _play(variant, table):
    st = State(variant, Dealt(HANDS, TALON, dealer=2, seats=(0, 1, 2)))
    sheet = Sheet(variant)
    end = S.play_par(st, table, sheet)
    sheet.write(end.entries)
    return end, sheet


def test_the_misere_is_played_clean(table):
    end, sheet = _play(SOCHI, table)
    assert end.kind == "misere" and end.tricks[0] == 0
    assert sheet.pool == [10, 0, 0]


def _as_8nt(table):
    return replace(table, best=[NT8, S.NO_CALL, S.NO_CALL], winner=0, line=S.par_line(HANDS, TALON, 0, NT8))


def test_the_whist_against_8nt_by_backward_induction(table):
    end, sheet = _play(SOCHI, _as_8nt(table))
    assert end.kind == "contract" and A.bid_name(end.contract) == "8NT"
    assert end.tricks == [8, 0, 2]  # one of the best lines (see above): the split the decision starts from
    assert end.whisters == [2]
    assert sheet.pool == [6, 0, 0]
    assert sheet.whists[2][0] == 12 and sheet.whists[1][0] == 0
    assert [float(x) for x in settle(sheet).totals] == [-12, 0, 12]


def test_leningrad_doubles_the_whists_of_the_same_decision(table):
    end, sheet = _play(LENINGRAD, _as_8nt(table))
    assert end.whisters == [2]
    assert sheet.whists[2][0] == 24


def test_the_whist_is_declined_when_the_defence_cannot_reach_its_obligation():
    # First hand with all eight spades and ♣A ♣K takes all ten tricks in no trumps (eight
    # spades, then the two top clubs: he never loses the lead): 10NT, the top of the ladder.
    # (His misère is caught: the rule throws ♣A and ♠A, and he keeps ♣K with ♣7; the second
    # hand leads clubs twice and the king must win the second.) The defence takes nothing
    # against an obligation of one: a whister would only pay the remise, so both pass and the
    # declarer writes the ten's 10 to his pool without play.
    hands = (parse_cardset("♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♣A ♣K"),
             parse_cardset("♣Q ♣J ♣10 ♣9 ♦A ♦K ♦Q ♦J ♦10 ♦9"),
             parse_cardset("♣8 ♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥7 ♦8"))
    talon = (parse_card("♦7"), parse_card("♣7"))
    t = S.solve_deal(hands, talon)
    assert t.misere[0] is False
    assert t.winner == 0 and A.bid_name(t.best[0]) == "10NT"
    st = State(SOCHI, Dealt(hands, talon, dealer=2, seats=(0, 1, 2)))
    end = S.play_par(st, t, Sheet(SOCHI))
    assert end.whisters == []
    assert [(e.kind, e.seat, e.amount) for e in end.entries] == [("pool", 0, 10)]


def test_the_all_pass_rule():
    # ♥ led by the first hand (♥9); the second played ♥Q: the third, holding ♥J ♥K, ducks
    # with ♥J (his highest heart below the queen); holding only ♥K ♥A he must win: ♥A goes.
    # Leading, the lowest card (♠7); void in the suit led, the highest card (♥K); first to a
    # trick led by a talon card, the lowest card of its suit (♥J).
    hands = (parse_cardset("♥9 ♠8 ♠9"), parse_cardset("♥Q ♣7 ♣8"), parse_cardset("♥J ♥K ♠7"))
    st = State(SOCHI, Dealt(hands, (parse_card("♦7"), parse_card("♦8")), dealer=2, seats=(0, 1, 2)))
    c = parse_card
    st.led, st.trick = 3, [c("♥9"), c("♥Q")]
    assert S.allpass_card(st, [c("♥J"), c("♥K")]) == c("♥J")
    assert S.allpass_card(st, [c("♥K"), c("♥A")]) == c("♥A")
    st.led, st.trick = None, []
    assert S.allpass_card(st, [c("♥J"), c("♥K"), c("♠7")]) == c("♠7")
    st.led, st.trick = 2, [c("♦9")]
    assert S.allpass_card(st, [c("♥J"), c("♥K"), c("♠7")]) == c("♥K")
    st.led, st.trick = 3, []  # first after a talon card (♥) that leads: the lowest heart
    assert S.allpass_card(st, [c("♥J"), c("♥K")]) == c("♥J")


# --- the committed results, re-computed on a sample ------------------------------------------


@pytest.fixture(scope="module")
def results():
    return json.loads(S.RESULTS.read_text(encoding="utf-8"))


def test_results_say_how_they_were_made(results):
    assert results["command"].startswith("cardrules study")
    assert results["seed"] == 0 and results["code"]
    assert set(results["variants"]) == {v.name for v in S.VARIANTS}


def test_a_sample_of_deal_tables_is_solved_again_the_same(results):
    tables = results["tables"]
    sample = [tables[0], tables[len(tables) // 2], tables[-1]]
    diffs = [t["seed"] for t in sample if S.deal_table(t["seed"]).to_json() != t]
    assert diffs == []


def test_one_pulka_per_variant_is_played_again_the_same(results):
    tables = {t["seed"]: S.DealTable.from_json(t) for t in results["tables"]}
    first = results["seed"]
    for v in S.VARIANTS:
        again = S.play_pulka(v, first, tables.__getitem__)
        kept = next(p for p in results["pulkas"] if p["variant"] == v.name and p["pulka"] == first)
        assert {**again.__dict__} == kept


def test_the_figures_are_the_measures_of_the_pulkas(results):
    for v in S.VARIANTS:
        rs = [S.PulkaResult(**p) for p in results["pulkas"] if p["variant"] == v.name]
        m = S.measures(rs)
        assert json.loads(json.dumps(m)) == results["variants"][v.name]


# --- on a Dask cluster -----------------------------------------------------------------------


def test_a_local_dask_cluster_solves_the_same_tables(results):
    distributed = pytest.importorskip("distributed", reason="Dask's distributed (the study extra) is not installed")
    seeds = [t["seed"] for t in results["tables"][:2]]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        mapper = S.Mapper(scheduler=cl.scheduler_address)
        try:
            assert "Dask" in mapper.name
            got = mapper.map(seeds)
        finally:
            mapper.close()
    assert [t.to_json() for t in got] == results["tables"][:2]
