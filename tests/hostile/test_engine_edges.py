"""The engines' edges, for every game by construction: at every state of the first deal of every
example record, a value that is no action of the phase (of any type) is refused with
IllegalAction naming a clause of the edition, before anything changes; and ``undo()`` gives
back the whole state (every attribute, slots included), not only what is visible."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable

import pytest

from cardrules import records, site
from cardrules.edition import scan
from cardrules.engine import IllegalAction

from .mutants import EXAMPLES
from .snapshot import snapshot

#: Values that are no action in any phase of any game: other types, and whole numbers no
#: game uses (a game that gave -1 or 10**100 a meaning would say so here).
NOT_ACTIONS = [True, False, 65.0, 3.0, math.nan, -1, -10**100, 10**100, None, "x", "", b"\x00", (), (1,),
               ("no-such-irregularity",), [], {}, object()]


@lru_cache(maxsize=1)
def clause_ids() -> frozenset[str]:
    return frozenset(c.id for c in scan(site.DOCS))


def first_deals() -> list[tuple[str, Callable[[int], Any], int]]:
    """Per example record: a maker of its first deal's state after ``k`` actions, and the
    number of actions of that deal (every game, through its records' interface)."""
    out = []
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        record, lines = records.parse(text, path.name)
        result = records.replay_parsed(record, lines, path.name)
        game = records.game_records(record.game)
        variant = records.make_variant(game, record.variant, record.options)
        _, play = record.plays()[0]
        history = list(result.states[0].history)

        def fresh(k: int, game=game, variant=variant, record=record, play=play, history=history) -> Any:
            state = game.start_deal(game.new_partie(variant, record.dealer), play.deal, play.dealer)
            for action in history[:k]:
                state.apply(action)
            return state

        out.append((path.name, fresh, len(history)))
    return out


DEALS = first_deals()


@pytest.mark.parametrize(("name", "fresh", "length"), DEALS, ids=[d[0] for d in DEALS])
def test_no_value_outside_the_phase_is_taken(name: str, fresh: Callable[[int], Any], length: int) -> None:
    for k in sorted({*range(0, length + 1, max(1, length // 12)), length}):  # a dozen states of the deal
        state = fresh(k)
        before = snapshot(state)
        for value in NOT_ACTIONS:
            with pytest.raises(IllegalAction) as info:
                state.apply(value)
            err = info.value
            assert err.clause_id in clause_ids(), (name, k, value, str(err))
            assert "\n" not in str(err) and len(str(err)) < 400, (name, k, value)
            assert snapshot(state) == before, (name, k, value, "the state changed before the refusal")


@pytest.mark.parametrize(("name", "fresh", "length"), DEALS, ids=[d[0] for d in DEALS])
def test_undo_gives_back_the_whole_state(name: str, fresh: Callable[[int], Any], length: int) -> None:
    for k in range(1, length + 1):
        state = fresh(k)
        state.undo()
        assert snapshot(state) == snapshot(fresh(k - 1)), (name, k)


def test_the_snapshot_sees_a_hidden_field() -> None:
    """The comparison above would catch a field left behind (the check can fail)."""
    name, fresh, length = next(d for d in DEALS if d[2] > 3)
    state = fresh(2)
    other = fresh(2)
    assert snapshot(state) == snapshot(other)
    if hasattr(state, "__dict__"):
        state.__dict__["_left_behind"] = 1
    else:  # a state in slots: change one slot's value
        slot = next(s for c in type(state).__mro__ for s in getattr(c, "__slots__", ()) if hasattr(state, s))
        setattr(state, slot, ("changed",))
    assert snapshot(state) != snapshot(other)
