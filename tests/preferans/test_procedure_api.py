"""The irregularities of the deal itself through the engine's API (State and Pulka), as a
record makes them: the same rulings without the records adapter."""

import pytest

from cardrules.engine import IllegalAction
from cardrules.games.preferans import SOCHI
from cardrules.games.preferans.state import Pulka


def test_an_exposed_card_twice_costs_the_dealer_the_remise_and_the_deal() -> None:
    p = Pulka(SOCHI, dealer=0)
    st = p.new_deal(seed=1)
    st.apply(("exposed", "dealer"))  # the first is forgiven: deal again
    assert st.is_terminal() and st.kind == "annulled" and st.ruling.kind == "redeal"
    p.finish(st)
    assert (p.dealer, p.faults, p.sheet.mountain) == (0, 1, [0, 0, 0])
    st = p.new_deal(seed=2)
    st.apply(("exposed", "dealer"))  # the second: the agreed remise, and the deal passes on
    assert st.ruling.kind == "redeal-next"
    # the dealer's second slip is ruled by the note on his slips (the review's split of exposed-card)
    assert [s.clause_id for s in st.explain().steps] == ["preferans.procedure.dealer-slips"] * 2
    p.finish(st)
    assert (p.dealer, p.faults, p.sheet.mountain[0]) == (1, 0, SOCHI.exposed_card_penalty)


def test_a_deal_irregularity_after_the_first_call_is_refused_before_anything_changes() -> None:
    st = Pulka(SOCHI, dealer=0).new_deal(seed=1)
    st.apply(st.legal_actions()[0])
    before = (list(st.history), st.phase, st.kind)
    with pytest.raises(IllegalAction) as e:
        st.apply(("exposed", "dealer"))
    assert e.value.clause_id == "preferans.procedure.redeal-before-end"
    assert (list(st.history), st.phase, st.kind) == before


@pytest.mark.parametrize("event", [("exposed",), ("exposed", "nobody"), ("talon-order",), ("talon-order", "two")])
def test_a_malformed_deal_irregularity_is_an_illegal_action(event: tuple) -> None:
    st = Pulka(SOCHI, dealer=0).new_deal(seed=1)
    with pytest.raises(IllegalAction):
        st.apply(event)
    assert not st.is_terminal() and st.history == []
