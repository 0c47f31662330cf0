"""The record fuzzer in the suite: every example record (of every game, found on disk), damaged
in every way of issue 8 (aliases, tags, nesting, big numbers, options, other fields, markup,
junk, long values, truncation, lines moved), ends as a verified record or a one-line
RecordError with its location, within a time and memory bound per case.

A modest number of cases here (derandomized when CI is set, see conftest.py); the long run
is ``python -m tests.hostile.fuzz --minutes 10``.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardrules import records
from cardrules.games import GAMES

from .mutants import EXAMPLES, KINDS, Blowup, guard, mutant, outcome, run_case


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(EXAMPLES), kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_a_damaged_record_verifies_or_fails_in_one_line(path, kind, seed) -> None:
    run_case(path, kind, seed)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_damage_is_refused_somewhere(kind: str) -> None:
    """Each mutator does damage: on a fixed sample, most of its mutants are refused (a mutator
    that changed nothing would make the fuzz test pass for nothing)."""
    refused = sum(outcome(mutant(path, kind, seed))[0] == "record-error"
                  for path in EXAMPLES[::7] for seed in range(3))
    assert refused >= len(EXAMPLES[::7]) * 3 // 2, (kind, refused)


def test_the_examples_are_those_of_the_games() -> None:
    """Every example record is fuzzed, and each names a game of cardrules.games.GAMES, so a
    game folder added later has its examples fuzzed with no change here."""
    assert len(EXAMPLES) >= 40
    games = {records.parse(p.read_text(encoding="utf-8"), p.name)[0].game for p in EXAMPLES}
    assert games <= set(GAMES) and {"fortuna", "preferans"} <= games


def test_the_guard_stops_a_case_that_hangs_or_eats_memory() -> None:
    with pytest.raises(Blowup, match="longer"):
        with guard(seconds=0.2):
            end = time.monotonic() + 30
            while time.monotonic() < end:
                pass
    with pytest.raises(Blowup, match="MB"):
        with guard(memory=64 << 20):
            bytearray(512 << 20)
    with guard(seconds=5):  # and lets an ordinary case through
        records.verify_file(EXAMPLES[0])
