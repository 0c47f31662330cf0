"""Preferans records: exported deals load back, the golden records verify, the notation
and the irregularities of the deal are read as the engine models them."""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import assert_fails_with_a_location, mutate
from hypothesis import given, settings, strategies as st

from cardrules import records
from cardrules.games.preferans import PRESETS
from cardrules.games.preferans.record import RECORDS, parse_bid
from cardrules.games.preferans.simulate import random_deal
from cardrules.records import RecordError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "preferans").glob("*.yaml"))
VARIANTS = dict(PRESETS, four=replace(PRESETS["sochi"], players=4))


def _rows(state):
    return [(e.kind, e.seat, e.amount, e.on) for e in state.entries]


@settings(max_examples=120, deadline=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_exported_records_load_back_to_the_same_state(name: str, seed: int, dealer: int) -> None:
    variant = VARIANTS[name]
    state = random_deal(variant, seed, dealer=dealer % variant.players)
    text = records.to_record(state, "editorial: a random deal")
    replayed = records.verify(text, "exported.yaml").states[0]
    assert replayed.variant == state.variant
    assert replayed.dealt == state.dealt
    assert replayed.history == state.history
    assert _rows(replayed) == _rows(state)
    RECORDS.summary(replayed)   # the diagram can be drawn


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_golden_record_verifies(path: Path) -> None:
    result = records.verify_file(path)
    # verify_file raised if an expected value differed; that it compared something at all:
    assert result.states and all(s.is_terminal() for s in result.states)
    assert all(play.expect for _, play in result.record.plays()), "every deal of a golden record expects an outcome"
    if "pulka" in path.name or "settlement" in path.name:
        out = result.partie_outcome
        assert out["over"], "a golden pulka is played to its end"
        assert sum(Fraction(x) for x in out["settlement"]) == 0


def test_there_is_a_golden_pulka_for_every_variant() -> None:
    pulkas = {p.name.split("-")[0] for p in EXAMPLES if p.name.endswith("-pulka.yaml")}
    assert pulkas >= set(PRESETS)


@pytest.mark.parametrize("text, bid", [("6♠", "6♠"), ("7БК", "7NT"), ("7NT", "7NT"), ("10 без козыря", "10NT"),
                                       ("8h", "8♥"), ("9 бубны", "9♦")])
def test_bid_notation(text: str, bid: str) -> None:
    from cardrules.games.preferans.auction import bid_name
    assert bid_name(parse_bid(text)) == bid


HEAD = """\
game: preferans
variant: sochi
source: "editorial: a test"
dealer: 2
deal:
  hands: ["♠AKQJ10987 ♥AK", "♣AKQJ10987 ♥QJ", "♦AKQJ10987 ♥109"]
  talon: ♥8 ♥7
"""


def _fails(text: str):
    with pytest.raises(RecordError) as info:
        records.verify(text, "t.yaml")
    return info.value


def test_a_card_twice_is_not_a_deal() -> None:
    err = _fails(HEAD.replace("♥109", "♥10 ♥A") + "actions: []\n")
    assert err.field == "deal" and err.clause == "preferans.deal.pairs"


def test_a_card_outside_the_pack_is_not_a_deal() -> None:
    err = _fails(HEAD.replace("♥109", "♥10 ♥6") + "actions: []\n")
    assert err.clause == "preferans.cards.pack"


def test_a_redeal_demanded_after_the_deal_is_refused() -> None:
    err = _fails(HEAD + "actions:\n  - пас\n  - \"пересдача: the talon was the last pair\"\n")
    assert err.clause == "preferans.procedure.redeal-before-end" and err.field == "actions[1]"


def test_a_wrong_count_the_deal_does_not_show_is_refused() -> None:
    err = _fails(HEAD + "actions:\n  - неверное число карт\n")
    assert err.clause == "preferans.procedure.wrong-count"


def test_talon_in_its_round_gives_nothing_to_demand() -> None:
    err = _fails(HEAD + "actions:\n  - прикуп после круга 1\n")
    assert err.clause == "preferans.procedure.talon-order"


def test_illegal_bid_names_the_clause() -> None:
    # the first hand calls 6♠; the second may not call 6♠ again (only the earlier hand holds)
    err = _fails(HEAD + "actions:\n  - 6♠\n  - 6♠\n")
    assert err.clause == "preferans.bidding.order" and err.field == "actions[1]"


def test_english_and_russian_words_give_the_same_deal() -> None:
    ru = HEAD + "actions:\n  - 6♠\n  - пас\n  - пас\n  - снос ♥8 ♥7\n  - заказ 6♠\n  - пас\n  - пас\n"
    en = HEAD + "actions:\n  - 6♠\n  - pass\n  - pass\n  - discard ♥8 ♥7\n  - contract 6♠\n  - pass\n  - pass\n"
    a, b = records.verify(ru, "ru.yaml"), records.verify(en, "en.yaml")
    assert a.states[0].history == b.states[0].history
    assert a.outcomes[0]["pool"] == [2, 0, 0]      # seat 0 (first hand): 6♠ unwhisted, 2 to the pool


# --- robustness: a damaged record is a RecordError with a location, never a crash ----------

from hypothesis import HealthCheck  # noqa: E402

BASE = (ROOT / "examples" / "preferans" / "sochi-whist-open.yaml").read_text(encoding="utf-8")
BASE_LINES = BASE.splitlines(keepends=True)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(op=st.sampled_from(["delete", "duplicate", "swap", "insert-text"]),
       i=st.integers(0, len(BASE_LINES) - 1), j=st.integers(0, len(BASE_LINES) - 1),
       junk=st.sampled_from(["♠7", "пас", "вист", "мизер", "10NT", "снос ♠A", "заказ 6♠", "казус",
                             "неверное число карт", "открытая карта: сдающий", "прикуп после круга 9",
                             "здесь", "полвиста", "открыто", "6♠", "x", ": [", "♥A ♥K ♥Q ♥J"]),
       pos=st.integers(0, 200))
def test_mutated_records_fail_with_a_location(op: str, i: int, j: int, junk: str, pos: int) -> None:
    assert_fails_with_a_location(mutate(BASE_LINES, op, i, j, junk, pos))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, len(BASE)))
def test_truncated_records_fail_with_a_location(cut: int) -> None:
    assert_fails_with_a_location(BASE[:cut])
