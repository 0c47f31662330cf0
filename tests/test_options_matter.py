"""Every engine option has a test whose expected value changes with the option.

The table names, for every parameter of Fortuna's and preferans's Variant classes, one
test that depends on it, and a value of the option under which that test fails. This
file checks that the table is whole (every parameter, no stale name) and that each test
named exists; ``uv run tests/mutation/options`` (by hand, not in CI: one pytest run per
option) changes each option in every preset in turn and checks that its test fails.
``python tests/test_options_matter.py`` prints the table for that script.
"""

import ast
import dataclasses
from pathlib import Path

from cardrules.rules import VariantError

ROOT = Path(__file__).resolve().parent.parent

S = "tests/fortuna/test_settlement.py::"
A = "tests/fortuna/test_auction.py::"
PP = "tests/fortuna/test_play_and_partie.py::"
O = "tests/fortuna/test_options.py::"
R = "tests/fortuna/test_records.py::"

#: parameter -> (a value under which the test fails, the test)
FORTUNA = {
    "players": (3, S + "test_all_made_settle_differences"),
    "deck": ("fortuna-39", O + "test_the_pack_and_the_talon_give_thirteen_cards_a_hand"),
    "short_suit": (0, O + "test_three_handed_short_suit_trumps"),
    "talon": (2, O + "test_the_pack_and_the_talon_give_thirteen_cards_a_hand"),
    "bidding": (False, A + "test_all_pass_in_a_state"),
    "base_quota": (3, A + "test_quota_grows_by_one_per_passer"),
    "nevolia_quota": (6, A + "test_nevolia_quota_is_the_base_plus_every_other_player"),
    "dealer_may_repass_alone": (True, A + "test_lone_dealer_cannot_repass"),
    "passers_play": (True, R + "test_record_verifies"),
    "allpass_stake": (7, A + "test_all_pass_stakes"),
    "allpass_dealer_restakes": (True, PP + "test_all_pass_redeal_by_the_same_dealer_without_new_stake"),
    "dealer_stake": (25, R + "test_record_verifies"),
    "misdeal_fine": (12, PP + "test_misdeal_fine"),
    "must_trump": (True, R + "test_record_verifies"),
    "honours_from": ("tricks", R + "test_record_verifies"),
    "honour_scale": ((0, 0, 1, 2, 4, 6), S + "test_honour_scale"),
    "short_honour_scale": ((0, 1, 2, 3), O + "test_three_handed_short_suit_trumps"),
    "prefs_rate": (3, S + "test_rate_surs_prefs_plain"),
    "surs_rate": (5, S + "test_rate_surs_prefs_plain"),
    "failure_payment": ("none", S + "test_failure_only_the_failer_pays"),
    "remise_cap": (60, S + "test_remises_count_honours_and_are_capped"),
    "remise_honours": ("cards", S + "test_remises_count_honours_and_are_capped"),
    "punition_consolation": (10, S + "test_punition_juste"),
    "relief_tricks": (6, S + "test_two_handed_five_tricks_relief"),
    "partie_points": (12, S + "test_points_above_13_are_not_paid"),
    "shares": (((11, 4), (12, 2)), S + "test_pool_shares_and_onerschik"),
    "honours_only": ("partie", S + "test_honours_only_deal_or_partie"),
    "cap_paid_points": (False, S + "test_points_above_13_are_not_paid"),
    "souverain_leve": (12, S + "test_grand_souverain_collects_13_leve_and_36"),
    "grand_premium": (30, S + "test_grand_souverain_collects_13_leve_and_36"),
    "petit_premium": (20, S + "test_petit_souverain_needs_the_ace"),
    "petit_aces": ((2, 3), S + "test_petit_souverain_needs_the_ace"),
    "petit_top_trumps": (0, S + "test_petit_souverain_in_the_two_handed_game"),
    "onerschik_consolation": (20, S + "test_pool_shares_and_onerschik"),
    "onerschik_threshold": (40, S + "test_onerschik_threshold"),
    "revoke_plain": (20, PP + "test_follow_suit_and_revoke"),
    "revoke_trump": (40, PP + "test_revoke_in_trumps_costs_48_and_only_the_largest_counts"),
    "talon_elder_max": (2, PP + "test_talon_purchase"),
    "talon_fee": (5, O + "test_remise_measured_on_the_pool_with_talon_fees"),
    "talon_fail_factor": (1, S + "test_talon_buyer_pays_double_when_he_fails"),
}

PS = "tests/preferans/test_scoring.py::"
PA = "tests/preferans/test_auction.py::"
PL = "tests/preferans/test_play.py::"
PD = "tests/preferans/test_deal.py::"
PC = "tests/preferans/test_classic.py::"
PB = "tests/preferans/test_blind_bids.py::"

PREFERANS = {
    "players": (4, PL + "test_ten_sure_tricks_one_whister_fails_the_obligation"),
    "pool_target": (10, PS + "test_pulka_end_conditions"),
    "talon_round": (2, PD + "test_sochi_lays_the_talon_after_the_first_round"),
    "allow_jumps": (False, PA + "test_opening_calls"),
    "hold_any_earlier": (True, PA + "test_only_the_first_hand_holds_unless_the_table_agrees_otherwise"),
    "misere_outbid_level": (8, PA + "test_misere_only_as_first_call_and_outbid_only_by_nine"),
    "contract_values": ((2, 4, 6, 8, 12), PS + "test_a_ten_is_worth_ten"),
    "misere_value": (12, PS + "test_misere_values"),
    "whist_factor": (2, PS + "test_sochi_six_without_one_each_writes_tricks_plus_one"),
    "remise_factor": (2, PS + "test_sochi_six_without_one_each_writes_tricks_plus_one"),
    "whist_obligations": ((4, 1, 1, 1, 1), PS + "test_code_3_8_6_seven_both_defenders_took_none"),
    "whist_responsibility": ("half", PL + "test_ten_sure_tricks_one_whister_fails_the_obligation"),
    "consolation": (3, PS + "test_sochi_six_without_one_each_writes_tricks_plus_one"),
    "consolation_basis": ("contract", PS + "test_gentleman_whist_halves_the_tricks"),
    "consolation_to_dealer": (False, PL + "test_four_players_consolation_to_the_sitting_out_dealer"),
    "whist_sharing": ("gentleman", PS + "test_greedy_whist_the_passer_gets_only_the_consolation"),
    "half_whist": (False, PL + "test_half_whist_and_taking_the_whist_back"),
    "half_whist_after_whist": (False, PL + "test_gentleman_whister_may_still_go_for_half"),
    "dealer_whist": (False, "tests/preferans/test_dealer_whist.py::test_after_two_passes_on_eight_or_more_the_dealer_is_asked"),
    "allpass_scoring": ("whists", PL + "test_all_pass_talon_leads_and_amnesty"),
    "allpass_trick_value": (2, PS + "test_code_3_7_3_amnesty_example"),
    "allpass_progression": ((1, 1, 1), PL + "test_all_pass_progression_second_in_a_row"),
    "allpass_zero_bonus": (False, PS + "test_allpass_zero_trick_bonus"),
    "allpass_amnesty": (False, PS + "test_code_3_7_3_amnesty_example"),
    "allpass_talon": (False, PL + "test_all_pass_talon_leads_and_amnesty"),
    "allpass_exit": ((7,), PA + "test_exit_after_all_pass"),
    "allpass_sliding": (True, PC + "test_classic_dealer_deals_again_after_an_all_pass"),
    "help_others": (False, PS + "test_help_goes_to_the_biggest_pool_ten_whists_a_point"),
    "pool_overflow_factor": (1, PS + "test_code_4_2_3_3_leningrad_example"),
    "mountain_shares": (2, PS + "test_settlement_four_players_quarters"),
    "blind_pass": (False, PC + "test_blind_pass_raises_the_bidding_to_seven"),
    "blind_bids": (False, PB + "test_a_blind_six_must_be_whisted_by_both_and_counts_double"),
    "blind_factor": (3, PB + "test_a_blind_six_must_be_whisted_by_both_and_counts_double"),
    "blind_misere_factor": (3, PB + "test_the_blind_misere"),
    "bomb_limit": (1, PC + "test_second_blind_all_pass_in_a_row_quadruples"),
    "opening_allpass_rounds": (2, PC + "test_classic_starts_with_an_ordinary_deal_unless_agreed"),
    "wrong_count_in_play": ("penalty", "tests/preferans/test_records.py::test_golden_record_verifies"),
    "talon_look_penalty": (3, "tests/preferans/test_irregularities.py::test_the_talon_look_rules"),
    "exposed_card_penalty": (3, PD + "test_exposed_card_dealer_forgiven_once_then_penalised"),
}

#: Options with a single lawful value: no test can tell them apart from anything.
SINGLE_VALUED = {
    ("preferans", "dummy_allpass"): "choices=('lowest',): the only reading the edition knows",
}

TABLES = {"fortuna": FORTUNA, "preferans": PREFERANS}


def _params(game: str) -> set[str]:
    from cardrules.rules import parameters
    module = __import__(f"cardrules.games.{game}.variants", fromlist=["Variant"])
    return {name for name, _clause, _doc in parameters(module.Variant)}


def test_every_option_has_a_test_that_depends_on_it() -> None:
    for game, table in TABLES.items():
        single = {p for g, p in SINGLE_VALUED if g == game}
        assert set(table) | single == _params(game), game
        assert not set(table) & single


def test_the_tests_named_exist() -> None:
    defined: dict[str, set[str]] = {}
    for game, table in TABLES.items():
        for param, (value, nodeid) in table.items():
            path, name = nodeid.split("::")
            if path not in defined:
                tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
                defined[path] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
            assert name in defined[path], f"{game}.{param}: no {nodeid}"


def test_the_values_named_are_other_values_of_the_option() -> None:
    # the value must differ from some preset's, and be one the option accepts (the
    # declaration checks it on construction and raises VariantError otherwise)
    for game, table in TABLES.items():
        module = __import__(f"cardrules.games.{game}.variants", fromlist=["Variant"])
        for param, (value, _nodeid) in table.items():
            assert any(getattr(p, param) != value for p in module.PRESETS.values()), f"{game}.{param}"
            accepted = 0
            for preset in module.PRESETS.values():
                try:  # a value may clash with another field of some preset (check_combination)
                    dataclasses.replace(preset, **{param: value})
                    accepted += 1
                except VariantError as err:
                    assert err.clause_id, (game, param, str(err))
            assert accepted, f"{game}.{param}={value!r} is accepted by no preset"


if __name__ == "__main__":
    for game, table in TABLES.items():
        for param, (value, nodeid) in table.items():
            print(game, param, repr(value), nodeid, sep="\t")
