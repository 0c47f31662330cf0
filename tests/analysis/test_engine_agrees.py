"""The solver's rules are the engine's: its best lines, played through the preferans
``State`` card by card, are lawful there and give the same tricks to the same players.

This holds the parts the solver reads from the game (who plays first to a talon trick,
who leads after one, who takes a trick nobody followed, the dealer's talon card with
four players, the dummy of the two-handed all-pass) to what the engine does.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from cardrules import records
from cardrules.analysis.line import best_line
from cardrules.analysis.verdict import play_start, question
from cardrules.games.preferans.auction import PASS
from cardrules.games.preferans.deal import DUMMY, deal
from cardrules.games.preferans.state import PLAY, State
from cardrules.games.preferans.variants import GUSARIK, ROSTOV, SOCHI

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "preferans"


def replay_line(start: State, line) -> list[int]:
    st = start.clone()
    dummy = st.seats.index(DUMMY) if st.kind == "allpass" and st.variant.players == 2 else -1
    for trick in line:
        for position, card in trick.plays:
            if position == dummy:
                assert not st.hands[dummy] >> card & 1  # the dummy has played it by itself
                continue
            assert st.turn == position
            st.apply(card)
    assert st.is_terminal()
    return st.tricks


@pytest.mark.parametrize("variant", [SOCHI, ROSTOV, replace(SOCHI, players=4), GUSARIK], ids=lambda v: f"{v.name}-{v.players}")
def test_allpass_lines_play_in_the_engine(variant):
    played = 0
    for seed in range(3):
        st = State(variant, deal(variant, seed=seed, dealer=2))
        while st.kind != "allpass":
            st.apply(PASS)
        start = play_start(st)
        for counted in range(3):
            if not start.hands[counted] or (variant.players == 2 and start.seats[counted] < 0):
                continue
            q = question(start, counted, False, "allpass")
            line = best_line(q)
            tricks = replay_line(start, line)
            assert [sum(t.taker == p for t in line) for p in range(3)] == tricks
            played += 1
    assert played >= 6


def regular_deals():
    for f in sorted(EXAMPLES.glob("*.yaml")):
        r = records.verify(records.read_record(f))
        for i, st in enumerate(r.states):
            if st.kind in ("contract", "misere") and not st.penalties and st.peeker < 0 \
                    and all(isinstance(a, int) and a < 52 for a in st.history[len(play_start(st).history):]) \
                    and len({h.bit_count() for h in play_start(st).hands}) == 1 and play_start(st).phase == PLAY:
                yield pytest.param(st, id=f"{f.stem}-{i + 1}")


@pytest.mark.parametrize("state", list(regular_deals()))
def test_contract_and_misere_lines_play_in_the_engine(state):
    start = play_start(state)
    q = question(start, start.declarer, state.kind == "contract", state.kind)
    line = best_line(q)
    tricks = replay_line(start, line)
    assert tricks[start.declarer] == sum(t.taker == start.declarer for t in line)
