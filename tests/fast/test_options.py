"""Conformance beyond the presets: variants with other options (each a reading or an agreement
the edition offers as a parameter), 2,000 seeded deals each, deal by deal as the engine."""

import random
from dataclasses import replace

import pytest

pytest.importorskip("numba")

from cardrules.fast import fortuna as fast_fortuna, preferans as fast_preferans  # noqa: E402
from cardrules.games.fortuna import simulate as fortuna_sim  # noqa: E402
from cardrules.games.fortuna.variants import FOUR, THREE, TWO_TALON  # noqa: E402
from cardrules.games.preferans import simulate as preferans_sim  # noqa: E402
from cardrules.games.preferans.deal import deal  # noqa: E402
from cardrules.games.preferans.state import State  # noqa: E402
from cardrules.games.preferans.variants import CLASSIC, GUSARIK, LENINGRAD, ROSTOV, SOCHI  # noqa: E402
from cardrules.simulate import play_out  # noqa: E402

DEALS = 2_000

PREFERANS = {
    "no-jumps": replace(SOCHI, allow_jumps=False),
    "hold-any-misere-6": replace(SOCHI, hold_any_earlier=True, misere_outbid_level=6),
    "misere-11-talon-3": replace(LENINGRAD, misere_outbid_level=11, talon_round=3),
    "classic-resp-contract-basis": replace(SOCHI, whist_responsibility="classic", consolation_basis="contract",
                                           whist_obligations=(4, 2, 2, 1, 0)),
    "gentleman-no-half": replace(SOCHI, whist_sharing="gentleman", half_whist=False),
    "allpass-plain": replace(SOCHI, allpass_amnesty=False, allpass_zero_bonus=False, allpass_trick_value=3,
                             allpass_progression=(2, 4)),
    "rostov-zero-off": replace(ROSTOV, allpass_zero_bonus=False, whist_factor=3, remise_factor=2),
    "blind-bomb-0": replace(SOCHI, blind_pass=True, bomb_limit=0, contract_values=(1, 3, 5, 7, 9)),
    "gusarik-no-jumps": replace(GUSARIK, allow_jumps=False, misere_value=15),
    # four at the table: the dealer sits out, may whist (Code 3.8.8), writes the consolation and
    # owns the talon cards' tricks in an all-pass
    "sochi-4": replace(SOCHI, players=4),
    "leningrad-4": replace(LENINGRAD, players=4),
    "rostov-4": replace(ROSTOV, players=4),
    "classic-4": replace(CLASSIC, players=4),
    "sochi-4-dealer-out": replace(SOCHI, players=4, dealer_whist=False, consolation_to_dealer=False),
}


@pytest.mark.parametrize("driver", fast_preferans.DRIVERS)
@pytest.mark.parametrize("name", list(PREFERANS))
def test_preferans_options(name, driver):
    v = PREFERANS[name]
    fast = fast_preferans.Batch(v, driver=driver).record(DEALS)
    rng = random.Random(0)
    if driver == "shaped":
        py = [fast_preferans.outcome(preferans_sim.random_deal(v, n, dealer=n % v.players, rng=rng))
              for n in range(DEALS)]
    else:
        py = [fast_preferans.outcome(play_out(State(v, deal(v, n, n % v.players)), rng.random))
              for n in range(DEALS)]
    differ = [n for n in range(DEALS) if fast[n] != py[n]]
    assert not differ, f"{name}/{driver}: {len(differ)} differ, first {differ[0]}:\n{py[differ[0]]}\n{fast[differ[0]]}"


FORTUNA = {
    "honours-in-tricks-must-trump": FOUR.with_options(honours_from="tricks", must_trump=True),
    "passers-play-dealer-repass": FOUR.with_options(passers_play=True, dealer_may_repass_alone=True),
    "no-shortfall-cards-uncapped": THREE.with_options(failure_payment="none", remise_honours="cards",
                                                      cap_paid_points=False, short_suit=3),
    "talon-both-factor-3": TWO_TALON.with_options(talon_elder_max=2, talon_fail_factor=3, relief_tricks=0,
                                                  petit_top_trumps=0),
    "rates-cap": FOUR.with_options(prefs_rate=3, surs_rate=5, remise_cap=20, punition_consolation=7),
}


@pytest.mark.parametrize("name", list(FORTUNA))
def test_fortuna_options(name):
    v = FORTUNA[name]
    fast = fast_fortuna.Batch(v).record(DEALS)
    rng = random.Random(0)
    py = [fast_fortuna.outcome(fortuna_sim.random_deal(v, n, dealer=n % v.players, rng=rng)) for n in range(DEALS)]
    differ = [n for n in range(DEALS) if fast[n] != py[n]]
    assert not differ, f"{name}: {len(differ)} differ, first {differ[0]}:\n{py[differ[0]]}\n{fast[differ[0]]}"
