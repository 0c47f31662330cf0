"""Variants the declarations allow, for every game by construction: any choice of options that
passes each parameter's declaration and the game's ``check_combination`` plays random legal
deals to their end without another exception. (This is how Fortuna's three hands from 52
cards and its share of 1/0 were found; see ``Variant.check_combination``.)"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardrules import rules
from cardrules.games import GAMES, module

from .mutants import guard


def _value(rng: random.Random, f: dataclasses.Field) -> Any:
    """A value the field's declaration allows, often at its edges."""
    meta, default = f.metadata, f.default
    low = meta["low"] if meta["low"] is not None else rules.INT_BOUNDS[0]
    high = meta["high"] if meta["high"] is not None else rules.INT_BOUNDS[1]

    def number() -> int:
        return rng.choice([low, high, rng.randint(low, high), 0 if low <= 0 <= high else low,
                           min(max(low, default + 1), high) if isinstance(default, int) else low])

    if isinstance(default, tuple):
        fewest, most = meta["length"]
        n = rng.randint(fewest, min(most, len(default) + 2))
        item = default[0] if default else 0
        if isinstance(item, tuple):
            return tuple(tuple(number() for _ in item) for _ in range(n))
        return tuple(rng.choice(meta["choices"]) if meta["choices"] is not None else number() for _ in range(n))
    if meta["choices"] is not None:
        return rng.choice(meta["choices"])
    if isinstance(default, bool):
        return rng.random() < 0.5
    if isinstance(default, int):
        return number()
    return default


PLAYABLE = [g for g in GAMES if hasattr(module(g, "simulate"), "random_deal")]


@pytest.mark.parametrize("game", PLAYABLE)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_allowed_variants_play_random_deals(game: str, seed: int) -> None:
    rng = random.Random(seed)
    presets = module(game, "variants").PRESETS
    base = rng.choice(list(presets.values()))
    fields = [f for f in dataclasses.fields(base) if "clause" in f.metadata]
    options = {f.name: _value(rng, f) for f in rng.sample(fields, rng.randint(1, 4))}
    try:
        variant = rules.with_options(base, options)
    except rules.VariantError:
        return  # refused by a declaration or by check_combination: the record would say where
    simulate = module(game, "simulate")
    with guard(seconds=60):
        for deal_seed in range(3):
            state = simulate.random_deal(variant, seed + deal_seed, dealer=deal_seed % variant.players)
            assert state.is_terminal()
            state.explain()
