"""The Python solver, the reference, against plain minimax on its own.

With numba installed, :func:`cardrules.analysis.search.solve` hands the questions it can to
the compiled copy (:mod:`cardrules.fast.solver`), so ``test_against_brute`` then checks that
copy on most of its endings. This test keeps the Python search checked against minimax on
thousands of endings whatever is installed (``engine="python"``), talon leads and dummies
included.
"""

import random

from cardrules.analysis.brute import minimax
from cardrules.analysis.search import solve

from .test_against_brute import random_ending


def test_python_solver_against_minimax():
    rng = random.Random(151515)
    wrong = []
    kinds = set()
    for n, count in ((2, 1200), (3, 800), (4, 150)):
        for _ in range(count):
            q = random_ending(rng, n)
            expected = minimax(q)
            if solve(q, engine="python") != expected:
                wrong.append(q)
            kinds.add((q.kind, bool(q.talon_leads), q.dummy >= 0, expected))
    assert wrong == []
    assert {k[0] for k in kinds} == {"contract", "misere", "allpass"}
    assert any(k[1] for k in kinds) and any(k[2] for k in kinds) and len(kinds) >= 12
