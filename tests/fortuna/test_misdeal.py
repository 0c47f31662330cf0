"""The misdeal as an action of the deal (fortuna.deal.misdeal, fortuna.deal.misdeal-redeal)."""

import pytest

from cardrules import records
from cardrules.engine import IllegalAction
from cardrules.games.fortuna import FOUR, PRESETS, Partie, State
from cardrules.games.fortuna.auction import PASS, PLAY
from cardrules.games.fortuna.deal import deal
from cardrules.games.fortuna.record import RECORDS, format_action
from cardrules.games.fortuna.simulate import random_deal
from cardrules.games.fortuna.state import BUY, MISDEAL

from .helpers import play_out


@pytest.mark.parametrize("form", list(PRESETS))
def test_misdeal_ends_the_deal_and_the_dealer_pays(form: str) -> None:
    v = PRESETS[form]
    partie = Partie(v, seed=4, dealer=1)
    st = partie.new_deal()                       # the dealer stakes 24
    st.apply(MISDEAL)
    assert st.is_terminal() and st.misdealt and st.legal_actions() == []
    res = partie.finish(st)
    assert res.misdeal and not res.all_passed
    assert res.chips == [-24 if seat == 1 else 0 for seat in range(v.players)] and res.pool_in == 24
    assert partie.balances[1] == -48 and partie.pool == 48 and partie.chips_total() == 0
    assert partie.scores == [0] * v.players
    # the same dealer deals again, without a second stake
    again = partie.new_deal()
    assert again.deal.dealer == 1 and partie.pool == 48 and again.pool == 48
    assert "fortuna.deal.misdeal" in st.explain().clauses


def test_same_as_partie_misdeal() -> None:
    a = Partie(FOUR, seed=9, dealer=2)
    a.misdeal()
    b = Partie(FOUR, seed=9, dealer=2)
    st = b.new_deal()
    st.apply(MISDEAL)
    b.finish(st)
    assert (a.balances, a.pool, a.dealer) == (b.balances, b.pool, b.dealer)


@pytest.mark.parametrize("form", list(PRESETS))
def test_misdeal_only_as_the_first_action(form: str) -> None:
    v = PRESETS[form]
    st = State(v, deal(v, seed=3, dealer=0))
    st.apply(st.legal_actions()[0])              # a call, a purchase or a card
    with pytest.raises(IllegalAction) as err:
        st.apply(MISDEAL)
    assert err.value.clause_id == "fortuna.deal.misdeal"
    play_out(st)
    with pytest.raises(IllegalAction):
        st.apply(MISDEAL)


def test_misdeal_is_never_offered_and_random_play_has_none() -> None:
    for form, v in PRESETS.items():
        st = State(v, deal(v, seed=1, dealer=0))
        assert MISDEAL not in st.legal_actions()
        for seed in range(200):
            assert not random_deal(v, seed).misdealt


def test_undo_and_clone_keep_the_misdeal() -> None:
    st = State(FOUR, deal(FOUR, seed=2, dealer=0))
    st.apply(MISDEAL)
    assert st.clone().misdealt
    st.undo()
    assert not st.misdealt and st.legal_actions() == [PASS, PLAY]


def test_misdeal_in_records() -> None:
    st = State(FOUR, deal(FOUR, seed=2, dealer=0))
    assert RECORDS.parse_actions(st, "misdeal") == [MISDEAL]
    assert RECORDS.parse_actions(st, "засдача") == [MISDEAL]
    st.apply(MISDEAL)
    assert format_action(MISDEAL) == "misdeal" and RECORDS.format_history(st) == ["misdeal"]
    summary = RECORDS.summary(st)
    assert summary.calls == [(0, "misdeal")] and "Misdeal" in summary.result[0]
    text = records.to_record(st, "editorial: a test")
    assert "actions: [misdeal]" in text and "misdeal: true" in text
    records.verify(text)


def test_misdeal_record_after_an_action_names_the_clause() -> None:
    text = """\
game: fortuna
variant: two-talon
source: "editorial: a test"
deal: {seed: 3}
actions:
  - buy 0
  - misdeal
"""
    with pytest.raises(records.RecordError) as err:
        records.verify(text, "t.yaml")
    assert err.value.line == 7 and err.value.clause == "fortuna.deal.misdeal"


def test_misdeal_before_play_in_the_two_handed_game() -> None:
    v = PRESETS["two"]                            # no bidding: the deal starts in play
    st = State(v, deal(v, seed=5, dealer=1))
    st.apply(MISDEAL)
    assert st.is_terminal() and st.settlement().chips == [0, -24]
    assert RECORDS.format_history(st) == ["misdeal"]
    records.verify(records.to_record(st, "editorial: a test"))
    v = PRESETS["two-talon"]                      # starts with the talon
    st = State(v, deal(v, seed=5, dealer=1))
    assert MISDEAL not in st.legal_actions() and BUY in st.legal_actions()
    st.apply(MISDEAL)
    assert st.settlement().pool_in == 24
