"""Préférence records: the golden records verify, exported deals load back, the published
limited-pot example is reproduced exactly, damaged records fail with a location."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cardrules import records
from cardrules.games.preference import PRESETS
from cardrules.games.preference.record import RECORDS
from cardrules.games.preference.simulate import random_deal
from conftest import assert_fails_with_a_location, mutate

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "preference").glob("*.yaml"))
VARIANTS = dict(PRESETS, four=PRESETS["austrian"].with_options(players=4))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_golden_record_verifies(path: Path) -> None:
    result = records.verify_file(path)
    # verify_file raised if an expected value differed; that it compared something at all:
    assert result.states and all(s.is_terminal() for s in result.states)
    assert all(play.expect for _, play in result.record.plays()) or result.record.expect, \
        "a golden record expects an outcome"
    out = result.partie_outcome
    if result.record.is_partie and "money_total" in out:
        assert out["money_total"] == 0
    if result.record.is_partie and "settlement" in out:           # Croatian: the settlement balances
        from fractions import Fraction

        assert out["over"] and sum(Fraction(x) for x in out["settlement"]) == 0


def test_the_limited_pot_example_is_lesnoys():
    result = records.verify_file(ROOT / "examples" / "preference" / "austrian-limited-pot-6-3-1.yaml")
    first, second, third = result.outcomes
    assert (first["pot_before"], first["stake"]) == (130, 100)
    assert sorted(first["tricks"]) == [1, 3, 6]
    assert sorted(first["net"]) == [-90, 30, 60]          # 100 - 30 - 10 for the declarer; 10 - 100 for the one-trick defender
    assert second["pot_before"] == 140                     # 130 + the next dealer's 10
    assert third["stake"] == 50                            # 140 - 100 + 10


def test_an_evening_crosses_a_refill():
    result = records.verify_file(ROOT / "examples" / "preference" / "austrian-evening.yaml")
    assert result.partie_outcome["refills"] == 2


@settings(max_examples=80, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_exported_records_load_back_to_the_same_state(name: str, seed: int, dealer: int) -> None:
    variant = VARIANTS[name]
    state = random_deal(variant, seed, dealer=dealer % variant.players)
    text = records.to_record(state, "editorial: a random deal")
    replayed = records.verify(text, "exported.yaml").states[0]
    assert replayed.variant == state.variant
    assert replayed.history == state.history
    assert replayed.tricks == state.tricks
    RECORDS.summary(replayed)


@settings(max_examples=150, deadline=None)
@given(which=st.integers(0, len(EXAMPLES) - 1), op=st.sampled_from(["delete", "duplicate", "swap", "replace-char", "insert"]),
       i=st.integers(0, 200), j=st.integers(0, 200), junk=st.text(max_size=6), pos=st.integers(0, 200))
def test_damaged_records_fail_with_a_location(which, op, i, j, junk, pos):
    lines = EXAMPLES[which].read_text(encoding="utf-8").splitlines(keepends=True)
    assert_fails_with_a_location(mutate(lines, op, i % len(lines), j % len(lines), junk, pos))
