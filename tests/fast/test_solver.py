"""Conformance of the compiled double-dummy search (:mod:`cardrules.fast.solver`) with the
Python solver (:class:`cardrules.analysis.search.Solver`, the reference) and plain minimax.

Thousands of positions: small random endings (two to four cards a hand) against minimax,
larger endings (five to eight cards) and full ten-card deals against the Python solver,
every strain (each suit trumps, no trumps, misère, all-pass), every leader and counted
position; and the tables the kernel reads against the game's own functions.
"""

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from cardrules.analysis.brute import minimax  # noqa: E402
from cardrules.analysis.position import Question  # noqa: E402
from cardrules.analysis.search import Solver, solve  # noqa: E402
from cardrules.fast import solver as fast  # noqa: E402
from cardrules.games.preferans.play import playable, winner  # noqa: E402

PACK = [13 * s + r for s in range(4) for r in range(5, 13)]
KINDS = ["contract", "contract", "misere", "allpass"]


def ending(rng: random.Random, n: int, kind: str | None = None) -> Question:
    """A random ending; an all-pass gets, half the time, one or two talon cards to lead its first
    tricks, and then sometimes the four-handed rule that the talon card may take its trick."""
    kind = kind or rng.choice(KINDS)
    cards = rng.sample(PACK, 3 * n + 2)
    hands = tuple(sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(3))
    talon = tuple(cards[3 * n:3 * n + rng.choice([1, 2])]) if kind == "allpass" and rng.random() < 0.5 else ()
    return Question(hands=hands, trump=rng.choice([0, 1, 2, 3, None]) if kind == "contract" else None,
                    leader=rng.randrange(3), counted=rng.randrange(3), more=kind == "contract", kind=kind,
                    talon_leads=talon, talon_may_win=bool(talon) and rng.random() < 0.3)


def python(q: Question) -> int:
    return solve(q, Solver(q))


def disagreements(questions, reference) -> list:
    """The questions on which the compiled search and ``reference`` differ (gathered, asserted once)."""
    out = []
    for q in questions:
        got, want = fast.solve(q), reference(q)
        if got != want:
            out.append((q, got, want))
    return out


def test_small_endings_against_minimax():
    rng = random.Random(15)
    questions = [ending(rng, n) for n, count in ((2, 1200), (3, 1200), (4, 300)) for _ in range(count)]
    assert disagreements(questions, minimax) == []
    # every kind and several values were reached, so a kernel stuck on one answer would fail
    values = {(q.kind, minimax(q)) for q in questions[:600]}
    assert {k for k, _ in values} == {"contract", "misere", "allpass"} and len(values) >= 8
    assert any(q.talon_leads and q.talon_may_win for q in questions)


def test_larger_endings_against_python():
    rng = random.Random(1515)
    questions = [ending(rng, n) for n in (5, 6, 7, 8) for _ in range(100)]
    assert disagreements(questions, python) == []


def test_small_endings_of_the_analysis_tests():
    """The endings of ``tests/analysis/test_against_brute`` (dummies too: those stay in Python)."""
    from tests.analysis.test_against_brute import random_ending

    rng = random.Random(77)
    questions = [q for q in (random_ending(rng, n) for n in (2, 3, 4) for _ in range(300)) if fast.supports(q)]
    assert disagreements(questions, minimax) == []
    assert sum(1 for q in questions if q.talon_leads) >= 100


@pytest.mark.parametrize("kind", ["contract", "misere", "allpass"])
def test_full_deals_against_python(kind):
    rng = random.Random({"contract": 1, "misere": 2, "allpass": 3}[kind])
    count = 40 if kind == "contract" else 6
    questions = [ending(rng, 10, kind) for _ in range(count)]
    if kind == "contract":  # each suit trumps and no trumps, at least a few times each
        assert {q.trump for q in questions} == {0, 1, 2, 3, None}
    assert disagreements(questions, python) == []


def test_quick_tricks_off_changes_nothing():
    rng = random.Random(5)
    questions = [ending(rng, rng.choice([4, 5, 6]), "contract") for _ in range(300)]
    assert [q for q in questions if fast.solve(q, quick=False) != fast.solve(q)] == []


def test_solve_chooses_the_compiled_copy_only_where_it_applies():
    rng = random.Random(9)
    q = ending(rng, 4, "contract")
    stats = np.zeros(4, dtype=np.int64)
    fast.solve(q, stats=stats)
    assert stats[2] >= 1  # the searches were counted
    assert solve(q) == solve(q, engine="compiled") == solve(q, engine="python")
    dummy = Question(hands=q.hands, trump=None, leader=0, counted=0, more=False, kind="allpass", dummy=1)
    assert not fast.supports(dummy)
    with pytest.raises(ValueError):
        solve(dummy, engine="compiled")
    assert solve(dummy) == minimax(dummy)  # the Python solver answers it


@pytest.mark.parametrize("trump", [None, 0, 1, 2, 3])
def test_tables_read_as_the_game_plays(trump):
    win, beats, rule = fast.tables(trump)
    rng = random.Random(trump)
    problems = []
    for _ in range(3000):
        c0, c1, c2 = rng.sample(PACK, 3)
        if win[c0, c1, c2] != winner((c0, c1, c2), c0 // 13, trump):
            problems.append(("win", c0, c1, c2))
        if beats[c0 // 13, c1, c2] != (winner([c1, c2], c0 // 13, trump) == 1):
            problems.append(("beats", c0, c1, c2))
        hand = sum(1 << c for c in rng.sample(PACK, rng.randrange(1, 11)))
        led = rng.randrange(4)
        if fast._allowed(hand, led, -1 if trump is None else trump, rule) != playable(hand, led, trump):
            problems.append(("playable", hand, led))
    assert problems == []
