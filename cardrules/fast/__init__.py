"""The compiled fast path (optional extra ``fast``: ``uv sync --extra fast``, numba).

Whole random deals played in compiled code, one batch per call, with the same seeded
shuffle and the same random choices as the Python engine's simulators, deal for deal
(``tests/fast`` checks every action, contract, trick and sheet entry against the engine).
The Python engine stays the reference and the edition's implementation; no rule of it
imports this package. The double-dummy solver (``cardrules.analysis``) hands its
questions to ``solver`` here when numba is installed, and its own Python search stays
the reference (``tests/fast/test_solver.py``). Compiled code is cached on disk (numba's ``cache=True``, in
``__pycache__``), so only the first run compiles.

``bench_rows()`` gives ``cardrules bench`` its rows: row name → a callable that plays one
batch of deals and returns how many it played.
"""

from __future__ import annotations

from typing import Callable

#: Deals per call of a bench row: long enough that the call's own cost does not count,
#: short enough for turns of a tenth of a second.
BATCH = 1000


def bench_rows(batch: int = BATCH) -> dict[str, Callable[[], int]]:
    """Row name → play one batch of random deals in compiled code, return how many.

    Raises ImportError without numba (the ``fast`` extra)."""
    from cardrules.games.fortuna.variants import PRESETS as FORTUNA
    from cardrules.games.preferans.variants import PRESETS as PREFERANS

    from . import fortuna, preferans

    rows: dict[str, Callable[[], int]] = {}
    # every row plays as cardrules.simulate.play_out does (a uniform pick of the legal
    # actions), the driver the benchmark gives every engine: for preferans that is the
    # "uniform" driver (its simulator's random_deal shapes the auction instead)
    for name, variant in PREFERANS.items():
        b = preferans.Batch(variant, driver="uniform")
        rows[f"fast/preferans.{name}"] = lambda b=b: b.play(batch)
    for name, variant in FORTUNA.items():
        b = fortuna.Batch(variant)
        rows[f"fast/fortuna.{name}"] = lambda b=b: b.play(batch)
    return rows


__all__ = ["BATCH", "bench_rows"]
